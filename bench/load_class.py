"""Does one server hold a class?  30 students open the trainer within 10 s and answer.

Run: .venv/bin/python bench/load_class.py [--students 30] [--spread 10] [--answers 3]
            [--class-size 30] [--client ws|browser] [--launch both|forked|normal]
            [--pools default|old|lean|both] [--visit-pages play,discard] [--visit-gaps 0.5,2]
            [--cold-pages 12] [--serve-arg=--X=Y ...] [--out F]

``--launch``: page kernels forked from a warm parent (``crib serve``'s default,
crib.tools.fork_kernels), launched as Jupyter does (``crib serve --no-fork``), or ``both``
(the default), one server after the other in this one run, so both see the same machine.
For each: the time until the class's kernels are warm (the server and its kernels quiet),
their memory (RSS and PSS, per kernel, the warm parent's, in all) and CPU per kernel (a
forked kernel's from its fork), then the class, then the cold open of ``--cold-pages``
discard pages at once on a one-person server (bench/cold_pages.py).

``--pools``: the warm kernels of every page but the student's: ``crib serve``'s default
(1 forked, 2 launched), ``old`` (2, ``--page-pool=2``), ``lean`` (1), or ``both`` (old,
then lean, each with every ``--launch`` mode).  Before the class, each page of
``--visit-pages`` gets two visitors, the second ``--visit-gaps`` s after the first (each
gap in turn): the time each waits until the page's widgets are loaded (its kernel has run
the page and answers), which is what a pool's second kernel was for.

Starts Voila the way ``make serve`` does (``crib.tools.serve --class-size N``) with
the classroom record in a fresh tmp dir (``CRIB_DB``), waits until every preheated
kernel has run its page and the machine is quiet, and creates a session of
``--answers`` counting questions.  Then N students open the trainer at seeded
times spread over ``--spread`` seconds, join with the code and a name, and answer
every question.

Students (``--client``):
* ``ws`` (default): bench/class_client.py, which speaks to the server exactly as
  the page's widget manager does (page GET, kernel websocket, widget states,
  clicks and value updates as comm messages).  It costs the shared 2 cores almost
  nothing, so the figures are the server's.
* ``browser``: one headless chromium context per student.  Each page costs about
  3 CPU-seconds of JavaScript here (measured: 32 CPU-s of browser against 2.6 of
  server and kernels for 10 students), so with 30 pages on the same 2 cores it
  measures the browser; a real class runs its browsers on its own devices.

Time to interactive = from opening the page to the **first accepted input**: Join
clicked with empty fields, and the kernel's message shown in the join status.
Also reported: first byte, widgets loaded (ws), join and answer latency (click to
the kernel's update), whether every answer was stored (counted in the database
afterwards), memory (RSS and PSS of the server and every kernel, before the class
and with the class in), CPU used by server and kernels against the client, and
the load average, because the machine may be shared.  Results go to ``--out``
(default data/load_class.json).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.async_api import async_playwright, expect

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT_MS = 600_000  # per step: a slow page is a figure to report, not a crash
sys.path.insert(0, str(ROOT))

from crib.course.questions import make_questions  # noqa: E402
from crib.rules.fairness import HashRng  # noqa: E402
from crib.store.classroom import Store  # noqa: E402
from crib.tools.school import stop_process  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from _util import yardstick  # noqa: E402
from class_client import student  # noqa: E402
from page_visitors import visitors  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _descendants(pid: int) -> list[int]:
    kids: dict[int, list[int]] = {}
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                ppid = int((p / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError):
                continue
            kids.setdefault(ppid, []).append(int(p.name))
    out, todo = [], [pid]
    while todo:
        for k in kids.get(todo.pop(), []):
            out.append(k)
            todo.append(k)
    return out


def _mem_kib(pid: int) -> tuple[int, int]:
    """(RSS, PSS) in KiB from /proc/<pid>/smaps_rollup."""
    rss = pss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1])
            elif line.startswith("Pss:"):
                pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def _cpu_seconds(pids: list[int]) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            # utime + stime, and cutime + cstime: the children it has waited for (a classmate
            # page's end-of-game review runs in a forked child, crib.ui.kit.common.in_background)
            total += int(f[11]) + int(f[12]) + int(f[13]) + int(f[14])
        except (OSError, IndexError):
            continue
    return total / tick


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _memory(server: int) -> dict:
    """Memory of the server, its page kernels (launched or forked: their command line names
    ipykernel) and the warm parent of forked kernels (crib.tools.fork_server); and the CPU
    the kernels used (a forked one counts from its fork)."""
    tree = _descendants(server)
    kernels = [k for k in tree if b"ipykernel" in _cmdline(k)]
    parents = [k for k in tree if b"crib.tools.fork_server" in _cmdline(k)]
    mems = [_mem_kib(k) for k in kernels]
    warm = [_mem_kib(k) for k in parents]
    srv = _mem_kib(server)
    k_pss = sum(m[1] for m in mems) + sum(m[1] for m in warm)
    return {
        "kernels": len(kernels),
        "kernel_rss_mib_mean": round(statistics.mean(m[0] for m in mems) / 1024, 1) if mems else 0,
        "kernel_pss_mib_mean": round(statistics.mean(m[1] for m in mems) / 1024, 1) if mems else 0,
        "kernel_cpu_s_mean": round(_cpu_seconds(kernels) / len(kernels), 2) if kernels else 0,
        "warm_parent_rss_mib": round(sum(m[0] for m in warm) / 1024, 1),
        "warm_parent_pss_mib": round(sum(m[1] for m in warm) / 1024, 1),
        "kernels_and_parent_pss_mib": round(k_pss / 1024, 1),
        "server_rss_mib": round(srv[0] / 1024, 1),
        "server_pss_mib": round(srv[1] / 1024, 1),
        "total_rss_mib": round((srv[0] + sum(m[0] for m in mems + warm)) / 1024, 1),
        "total_pss_mib": round((srv[1] + k_pss) / 1024, 1),
    }


def _why(e: BaseException) -> str:
    """An exception in one line (a timeout's message is empty)."""
    return f"{type(e).__name__}: {(str(e).splitlines() or [''])[0][:120]}"


def _summary(xs: list[float], nd: int) -> dict:
    if not xs:
        return {}
    xs = sorted(xs)
    return {
        "median": round(statistics.median(xs), nd),
        "p90": round(xs[int(0.9 * (len(xs) - 1))], nd),
        "max": round(xs[-1], nd),
        "min": round(xs[0], nd),
    }


def _loadavg() -> list[float]:
    return [float(x) for x in Path("/proc/loadavg").read_text().split()[:3]]


def _wait_ready(
    proc: subprocess.Popen, log: Path, port: int, n_pools: int, timeout: float
) -> tuple[float, float]:
    """Until every pool is filled and the server and its kernels are quiet (less than 0.3
    CPU-s in 3 s): (the time the quiet 3 s began, the time they ended).  The CPU is sampled
    every 0.25 s and the 3 s window slides over the samples; a window stepped 3 s at a time
    put the start of the quiet up to 3 s after it began."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if proc.poll() is not None:
            raise SystemExit(f"voila exited; see {log}")
        with socket.socket() as s:
            up = s.connect_ex(("127.0.0.1", port)) == 0
        if up and log.read_text().count("is filled with") >= n_pools:
            break
        time.sleep(0.25)
    samples: list[tuple[float, float]] = []  # (s since the start, CPU-s of the server's tree)
    while time.monotonic() - t0 < timeout:
        now = time.monotonic() - t0
        samples.append((now, _cpu_seconds([proc.pid, *_descendants(proc.pid)])))
        before = [x for x in samples if now - x[0] >= 3.0]
        if before and samples[-1][1] - before[-1][1] < 0.3:
            return before[-1][0], now
        time.sleep(0.25)
    raise SystemExit(f"the server did not settle within {timeout} s; see {log}")


async def _student(
    browser, url: str, code: str, i: int, delay: float, n_answers: int, out: dict
) -> None:  # type: ignore[no-untyped-def]
    try:
        await _student_steps(browser, url, code, i, delay, n_answers, out)
    except Exception as e:  # noqa: BLE001 - one student's timeout is a result, not a crash
        out["failures"].append(f"student {i}: {_why(e)}")


async def _student_steps(
    browser, url: str, code: str, i: int, delay: float, n_answers: int, out: dict
) -> None:  # type: ignore[no-untyped-def]
    await asyncio.sleep(delay)
    ctx = await browser.new_context(viewport={"width": 1280, "height": 900})
    out["pages"].append((ctx, None))
    page = await ctx.new_page()
    t = time.perf_counter()
    await page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    out["first_byte"].append(time.perf_counter() - t)  # the server's pre-rendered page arrives
    await page.wait_for_selector("#loading", state="detached", timeout=TIMEOUT_MS)
    await page.wait_for_selector(".crib-join", state="visible", timeout=TIMEOUT_MS)
    # interactive = the first input the kernel answers: Join with empty fields gets a message
    await page.locator(".crib-join").click()
    await expect(page.locator(".crib-join-status")).not_to_be_empty(timeout=TIMEOUT_MS)
    out["interactive"][i] = time.perf_counter() - t
    await page.locator(".crib-join-code input").fill(code)
    await page.locator(".crib-join-code input").press("Enter")
    await page.locator(".crib-join-name input").fill(f"student {i:02d}")
    await page.locator(".crib-join-name input").press("Enter")
    await expect(page.locator(".crib-join-name input")).to_have_value(f"student {i:02d}")
    t = time.perf_counter()
    await page.locator(".crib-join").click()
    await expect(page.locator(".crib-join-status")).to_contain_text("Joined", timeout=60_000)
    out["join"].append(time.perf_counter() - t)
    for k in range(n_answers):
        await expect(page.locator(".crib-header")).to_contain_text(
            f"Question {k + 1} of", timeout=60_000
        )
        box = page.locator(".crib-count-input input")
        await box.fill(str((i + k) % 20))
        await box.press("Enter")
        await expect(box).to_have_value(str((i + k) % 20))
        t = time.perf_counter()
        await page.locator(".crib-check").click()
        await expect(page.locator(".crib-stats")).to_contain_text(
            f"answered {k + 1} of", timeout=60_000
        )
        out["answer"].append(time.perf_counter() - t)
        if k + 1 < n_answers:
            await page.locator(".crib-next").click()


async def _ws_student(base: str, code: str, i: int, delay: float, n: int, out: dict) -> None:
    await asyncio.sleep(delay)
    try:
        r = await student(base, code, f"student {i:02d}", n, i)
    except Exception as e:  # noqa: BLE001 - one student's timeout is a result, not a crash
        out["failures"].append(f"student {i}: {_why(e)}")
        return
    out["interactive"][i] = r["interactive"]
    out["first_byte"].append(r["page_received"])
    out["widgets_loaded"].append(r["widgets_loaded"])
    out["join"].append(r["join"])
    out["answer"].extend(r["answers"])


async def _run_class(url: str, code: str, args: argparse.Namespace, server_pid: int) -> dict:
    rng = HashRng(args.seed, "arrivals")
    delays = sorted(rng.random() * args.spread for _ in range(args.students))
    if args.client == "ws":
        return await _run_class_ws(url, code, args, server_pid, delays)
    out: dict = {
        "interactive": {},
        "join": [],
        "answer": [],
        "pages": [],
        "failures": [],
        "first_byte": [],
    }
    async with async_playwright() as p:
        browser = await p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        )
        t0 = time.perf_counter()
        server_tree = [server_pid, *_descendants(server_pid)]
        mine = [p for p in _descendants(os.getpid()) if p not in server_tree]
        cpu0 = (_cpu_seconds(server_tree), _cpu_seconds(mine))
        await asyncio.gather(
            *(_student(browser, url, code, i, d, args.answers, out) for i, d in enumerate(delays))
        )
        out["class_done_s"] = time.perf_counter() - t0
        server_tree = [server_pid, *_descendants(server_pid)]
        mine = [p for p in _descendants(os.getpid()) if p not in server_tree]
        # CPU used during the class: the server and its kernels, against the browser
        # (chromium and its driver), which a real class runs on its own devices
        out["cpu_s_server_and_kernels"] = round(_cpu_seconds(server_tree) - cpu0[0], 1)
        out["cpu_s_browser"] = round(_cpu_seconds(mine) - cpu0[1], 1)
        out["memory_in_class"] = _memory(server_pid)
        out["loadavg_in_class"] = _loadavg()
        for ctx, _page in out.pop("pages"):
            await ctx.close()
        await browser.close()
    out["arrival_spread_s"] = round(delays[-1] - delays[0], 2)
    return out


async def _run_class_ws(
    url: str, code: str, args: argparse.Namespace, server_pid: int, delays: list[float]
) -> dict:
    out: dict = {"interactive": {}, "join": [], "answer": [], "failures": [], "first_byte": []}
    out["widgets_loaded"] = []
    base = url.split("/voila/")[0]
    t0 = time.perf_counter()
    server_tree = [server_pid, *_descendants(server_pid)]
    cpu0 = (_cpu_seconds(server_tree), _cpu_seconds([os.getpid()]))
    await asyncio.gather(
        *(_ws_student(base, code, i, d, args.answers, out) for i, d in enumerate(delays))
    )
    out["class_done_s"] = time.perf_counter() - t0
    server_tree = [server_pid, *_descendants(server_pid)]
    out["cpu_s_server_and_kernels"] = round(_cpu_seconds(server_tree) - cpu0[0], 1)
    out["cpu_s_browser"] = round(_cpu_seconds([os.getpid()]) - cpu0[1], 1)  # this client
    out["memory_in_class"] = _memory(server_pid)
    out["loadavg_in_class"] = _loadavg()
    out["arrival_spread_s"] = round(delays[-1] - delays[0], 2)
    return out


def _one(args: argparse.Namespace, fork: bool, pools: str = "default") -> dict:
    """The whole class on a new server: forked kernels, or launched ones (--no-fork), with
    ``pools`` of warm kernels for the other pages (default, old: 2, lean: 1)."""
    tmp = Path(tempfile.mkdtemp(prefix="crib-class-"))
    db = tmp / "classroom.sqlite3"
    port = _free_port()
    log = tmp / "voila.log"
    env = {**os.environ, "CRIB_DB": str(db)}
    serve_args = [*args.serve_arg, "--fork" if fork else "--no-fork"]
    serve_args += {"default": [], "old": ["--page-pool=2"], "lean": ["--page-pool=1"]}[pools]
    cmd = [
        sys.executable,
        "-m",
        "crib.tools.serve",
        str(ROOT / "dashboards"),
        f"--port={port}",
        f"--class-size={args.class_size}",
        *serve_args,
    ]
    load_before = _loadavg()
    with log.open("w") as f:
        server = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=ROOT, env=env)
    try:
        n_pools = len(list((ROOT / "dashboards").glob("*.ipynb")))
        warm, startup = _wait_ready(server, log, port, n_pools, timeout=900)
        mem_idle = _memory(server.pid)
        load_at_visits = _loadavg()
        pages = [f"{p}.ipynb" for p in args.visit_pages.split(",") if p]
        base = f"http://127.0.0.1:{port}"
        gaps = [float(g) for g in args.visit_gaps.split(",") if g]
        visits = {g: asyncio.run(visitors(base, pages, g)) for g in gaps if pages}
        load_at_start = _loadavg()
        store = Store(db)
        session = store.create_session(
            "load test",
            seed=args.seed,
            questions=make_questions(args.seed, {"count": args.answers}),
        )
        url = f"http://127.0.0.1:{port}/voila/render/trainer.ipynb"
        res = asyncio.run(_run_class(url, session.code, args, server.pid))
        stored = store.count_answers(session.code)
        students = len(store.students(session.code))
        integrity = store.integrity_check()
    finally:
        stop_process(server, 60)
    ti = list(res["interactive"].values())
    out = {
        "launch": "forked" if fork else "normal",
        "pools": pools,
        "loadavg_before_server": load_before,
        "loadavg_when_class_starts": load_at_start,
        "loadavg_in_class": res["loadavg_in_class"],
        "server_start_until_warm_s": round(warm, 1),
        "server_startup_until_quiet_s": round(startup, 1),
        "visitors": {
            "pages": pages,
            "loadavg": load_at_visits,
            "by_gap": [
                {
                    "gap_s": g,
                    "first_visitor_widgets_loaded_s": _summary(v["first"], 2),
                    "second_visitor_widgets_loaded_s": _summary(v["second"], 2),
                    "first_byte_s": _summary(v["first_byte"], 2),
                    "failures": v["failures"],
                }
                for g, v in visits.items()
            ],
        },
        "students_interactive": len(ti),
        "failures": res["failures"],
        "arrival_spread_s": res["arrival_spread_s"],
        "time_to_first_byte_s": _summary(res["first_byte"], 2),
        "time_to_interactive_s": _summary(ti, 2),
        "time_to_widgets_loaded_s": _summary(res.get("widgets_loaded", []), 2),
        "join_s": _summary(res["join"], 3),
        "answer_latency_s": _summary(res["answer"], 3),
        "answers_expected": args.students * args.answers,
        "answers_stored": stored,
        "students_joined": students,
        "integrity_check": integrity,
        "whole_class_done_s": round(res["class_done_s"], 1),
        "cpu_s_during_class": {
            "server_and_kernels": res["cpu_s_server_and_kernels"],
            "browser": res["cpu_s_browser"],
        },
        "memory_before_class": mem_idle,
        "memory_in_class": res["memory_in_class"],
        "serve_args": serve_args,
    }
    print(json.dumps(out, indent=1), flush=True)
    return out


def _cold(args: argparse.Namespace, run: dict) -> None:
    """The cold open of ``--cold-pages`` discard pages, added to ``run``'s figures."""
    from cold_pages import cold_open

    tmp = Path(tempfile.mkdtemp(prefix="crib-cold-"))
    run["loadavg_before_cold_pages"] = _loadavg()
    run["cold_pages"] = cold_open(args.cold_pages, "discard", run["serve_args"], tmp)
    run["loadavg_after_cold_pages"] = _loadavg()
    print(json.dumps(run["cold_pages"], indent=1), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--spread", type=float, default=10.0, help="arrivals spread over this many s")
    ap.add_argument("--answers", type=int, default=3)
    ap.add_argument("--class-size", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--client",
        choices=["ws", "browser"],
        default="ws",
        help="ws: a message-level student (bench/class_client.py); browser: headless chromium",
    )
    ap.add_argument(
        "--launch",
        choices=["both", "forked", "normal"],
        default="both",
        help="page kernels forked from a warm parent (crib serve's default), launched as "
        "Jupyter does (--no-fork), or both, one after the other in this run",
    )
    ap.add_argument(
        "--pools",
        choices=["default", "old", "lean", "both"],
        default="default",
        help="warm kernels of the other pages: crib serve's default, old (2), lean (1), both",
    )
    ap.add_argument("--visit-pages", default="play,discard,pegging,learn")
    ap.add_argument(
        "--visit-gaps", default="0.5,2", help="s between a page's two visitors, one run each"
    )
    ap.add_argument(
        "--cold-pages", type=int, default=12, help="then open N discard pages at once (0: no)"
    )
    ap.add_argument("--serve-arg", action="append", default=[], help="extra voila option")
    ap.add_argument("--out", default=str(ROOT / "data" / "load_class.json"))
    args = ap.parse_args()
    modes = {"both": [True, False], "forked": [True], "normal": [False]}[args.launch]
    pools = ["old", "lean"] if args.pools == "both" else [args.pools]
    yard = [round(yardstick(4000)[1] * 1e6, 1)]  # CPU us per hand
    runs = [_one(args, fork, pool) for pool in pools for fork in modes]
    yard.append(round(yardstick(4000)[1] * 1e6, 1))
    for run in runs if args.cold_pages else []:  # after every class: the classes see one load
        _cold(args, run)
    result = {
        "command": "python bench/load_class.py " + " ".join(sys.argv[1:]),
        "yardstick": {
            "what": "CPU us per hand of the reference scorer (score_hand), before and after "
            "the classes (bench/_util.py)",
            "us": yard,
        },
        "students": args.students,
        "class_size_pool": args.class_size,
        "cores": os.cpu_count(),
        "client": args.client,
        "runs": runs,
    }
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    print(f"saved {args.out}")


if __name__ == "__main__":
    main()
