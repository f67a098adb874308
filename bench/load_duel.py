"""A class playing classmate games at once: 30 students at 15 tables, every game to the end.

Run: .venv/bin/python bench/load_duel.py [--tables 15] [--think 1.0] [--spread 10]
            [--seed 1] [--serve-arg=--X=Y ...] [--out data/load_duel.json]

Serves the play page alone (``crib.tools.serve``, like bench/load_class.py) from a tmp
dir with a fresh classroom record there (``CRIB_DB``), its pool of preheated kernels
sized for the class (``--pool_size``, two per table: ``--class-size`` sizes the trainer's
pool only, so it does not help the play page), and waits until the server is quiet.
Then two students per table arrive at seeded times over ``--spread`` seconds; one
creates the table, the other joins it by its code, and both play the whole game
(bench/class_client.py's :class:`DuelPage`: the page GET, the kernel websocket, the
widget states, and clicks and values as comm messages, exactly as the page's widget
manager sends them).  Each seat throws its first two cards, plays the first card that
fits, and presses Continue after each show, after a seeded think time (uniform between
0.5 and 1.5 times ``--think`` seconds) before each move.  Counting is automatic (the
tables' default).

A move's latency: from the click's comm message being sent to the *other* player's
client receiving the prompt widget's update whose ``data-move`` (the last stored move
that page has drawn) reaches the move's row; also from the row's commit (its
``created`` time in the record) to the same moment, and the click to the player's own
page.  Gos, said by the kernel itself, have no click.  After the games: each page's
download link gives the log and the revealed secret, and every log must pass
``crib replay LOG --secret S`` ("verified against the revealed secret", exit 0), the two
seats' logs the same.  Memory is sampled every 2 s (RSS and PSS of the server and
every kernel, /proc/<pid>/smaps_rollup): before the class and the peak; CPU seconds of
the server and its kernels, and of this client, over the games; the load average,
because the machine may be shared.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from class_client import DuelPage  # noqa: E402
from load_class import (  # noqa: E402
    _cpu_seconds,
    _descendants,
    _free_port,
    _loadavg,
    _mem_kib,
    _memory,
    _wait_ready,
)

from crib.store.duels import DuelStore  # noqa: E402
from crib.tools.school import stop_process  # noqa: E402

GAME_TIMEOUT = 1800.0  # s: a table still playing then is a failure, not a hang


def _summary(xs: list[float]) -> dict:
    if not xs:
        return {"n": 0}
    s = sorted(xs)
    return {
        "n": len(s),
        "median": round(statistics.median(s), 3),
        "p95": round(s[min(len(s) - 1, round(0.95 * (len(s) - 1)))], 3),
        "max": round(s[-1], 3),
        "over_1s": sum(x > 1 for x in s),
        "over_2s": sum(x > 2 for x in s),
    }


class Meter:
    """Samples the server's and its kernels' memory every ``every`` s; keeps the peak."""

    def __init__(self, server: int, every: float = 2.0) -> None:
        self.server, self.every = server, every
        self.peak_rss = self.peak_pss = 0
        self.samples = 0
        self.cpu: list[
            tuple[float, float, float]
        ] = []  # (time.time(), server CPU s, kernels CPU s)

    def sample(self) -> None:
        kernels = _descendants(self.server)
        mem = [_mem_kib(p) for p in [self.server, *kernels]]
        self.peak_rss = max(self.peak_rss, sum(m[0] for m in mem))
        self.peak_pss = max(self.peak_pss, sum(m[1] for m in mem))
        self.samples += 1
        self.cpu.append((time.time(), _cpu_seconds([self.server]), _cpu_seconds(kernels)))

    async def run(self) -> None:
        while True:
            await asyncio.to_thread(self.sample)
            await asyncio.sleep(self.every)


async def _table(base: str, k: int, delay: float, args: argparse.Namespace, out: dict) -> None:
    """One table: two students arrive, sit, play the game to its end; their pages."""
    await asyncio.sleep(delay)
    pages = [DuelPage(base, f"Ann {k:02d}"), DuelPage(base, f"Bob {k:02d}")]
    t0 = time.perf_counter()
    try:
        await asyncio.gather(*(p.open() for p in pages))
        code = await pages[0].sit()
        await pages[1].sit(code)
        out["seated_s"].append(time.perf_counter() - t0)
        rngs = [random.Random(f"{args.seed}:{k}:{s}") for s in (0, 1)]
        await asyncio.wait_for(
            asyncio.gather(*(_play(p, rngs[s], args.think, out) for s, p in enumerate(pages))),
            GAME_TIMEOUT,
        )
        out["game_s"].append(time.perf_counter() - t0)
        out["over_at"].append(time.time())
        await asyncio.gather(*(p.until(lambda p=p: p.log() is not None, 600) for p in pages))
        out["tables"][code] = pages
    except Exception as e:  # noqa: BLE001 - a table that fails is a result, not a crash
        out["failures"].append(
            f"table {k}: {type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}"
        )
        for p in pages:
            await p.close()


async def _play(p: DuelPage, rng: random.Random, think: float, out: dict) -> None:
    while True:
        a = p.attrs()
        if a.get("phase") in ("over", "abandoned"):
            return
        if a.get("phase") in ("discard", "play", "hand_over"):
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            if await p.act() in ("discard", "play"):
                out["moves"] += 1
        else:
            await p.until(lambda a=a: p.attrs() != a, 600)


async def _progress(out: dict, n: int, t0: float) -> None:
    while True:
        await asyncio.sleep(15)
        print(
            f"  {time.perf_counter() - t0:6.0f} s: {out['moves']} moves, {len(out['game_s'])}/{n} "
            f"games over, {len(out['failures'])} failures, load {_loadavg()[0]:.2f}",
            flush=True,
        )


async def _run(base: str, server: int, args: argparse.Namespace) -> dict:
    rng = random.Random(f"{args.seed}:arrivals")
    delays = sorted(rng.random() * args.spread for _ in range(args.tables))
    out: dict = {
        "seated_s": [],
        "game_s": [],
        "over_at": [],
        "failures": [],
        "tables": {},
        "moves": 0,
        "t0": time.time(),
    }
    meter = Meter(server)
    meter.sample()
    tasks = [asyncio.create_task(meter.run())]
    tree = [server, *_descendants(server)]
    cpu0 = (_cpu_seconds(tree), _cpu_seconds([os.getpid()]))
    t0 = time.perf_counter()
    tasks.append(asyncio.create_task(_progress(out, args.tables, t0)))
    loads: list[tuple[float, float]] = []
    out["loads"] = loads

    async def loadavg() -> None:
        while True:
            loads.append((time.time(), _loadavg()[0]))
            await asyncio.sleep(10)

    tasks.append(asyncio.create_task(loadavg()))
    lags: list[float] = []
    out["client_lag"] = lags

    async def lag() -> None:  # how late this client's own loop wakes (its timestamps are that late)
        while True:
            t = time.perf_counter()
            await asyncio.sleep(0.1)
            lags.append(time.perf_counter() - t - 0.1)

    tasks.append(asyncio.create_task(lag()))
    await asyncio.gather(*(_table(base, k, d, args, out) for k, d in enumerate(delays)))
    out["class_done_s"] = time.perf_counter() - t0
    tree = [server, *_descendants(server)]
    out["cpu_s"] = {
        "server_and_kernels": round(_cpu_seconds(tree) - cpu0[0], 1),
        "client": round(_cpu_seconds([os.getpid()]) - cpu0[1], 1),
    }
    meter.sample()
    for t in tasks:
        t.cancel()
    out["memory_peak"] = {
        "total_rss_mib": round(meter.peak_rss / 1024, 1),
        "total_pss_mib": round(meter.peak_pss / 1024, 1),
        "samples": meter.samples,
    }
    out["memory_at_end"] = _memory(server)
    out["cpu_samples"] = meter.cpu
    la = [x[1] for x in loads]
    out["loadavg_1min_during"] = {
        "min": min(la),
        "max": max(la),
        "mean": round(statistics.mean(la), 2),
    }
    out["arrival_spread_s"] = round(delays[-1] - delays[0], 2)
    return out


def _timeline(rows: list, pages: list[DuelPage]) -> list[dict]:
    """Each stored move's times (time.time()): its click (none for a go, which the kernel
    says itself), its commit, and when the player's own page and the other page first
    drew it (a ``data-move`` at or past its row)."""
    out = []
    for row in rows:
        m = {"commit": row.created, "kind": row.kind}
        for key, page in (("own", pages[row.seat]), ("other", pages[1 - row.seat])):
            seen = [v / 1000 for k, v in page.seen.items() if int(k) >= row.id]
            if seen:
                m[key] = min(seen)
        click = max((t for t in pages[row.seat].clicks if t <= row.created), default=None)
        if click is not None and row.kind != "go":
            m["click"] = click
        if "own" in m and "other" in m:
            out.append(m)
    return out


def _windows(moves: list[dict], res: dict, width: float = 60.0) -> list[dict]:
    """Click to the other page, and the CPU used, minute by minute of the class (to see
    what the games' ends, where each page grades its player's decisions, cost)."""
    t0, cpu = res["t0"], res["cpu_samples"]
    out = []
    for k in range(int((max(m["commit"] for m in moves) - t0) // width) + 1):
        lo, hi = t0 + k * width, t0 + (k + 1) * width
        xs = [m["other"] - m["click"] for m in moves if "click" in m and lo <= m["click"] < hi]
        cs = [c for c in cpu if lo <= c[0] < hi]
        out.append(
            {
                "minute": k + 1,
                "games_over_by_end": sum(t < hi for t in res["over_at"]),
                "click_to_other_page_s": _summary(xs),
                "loadavg_1min": [x[1] for x in res["loads"] if lo <= x[0] < hi],
                "cpu_s_server": round(cs[-1][1] - cs[0][1], 1) if len(cs) > 1 else None,
                "cpu_s_kernels": round(cs[-1][2] - cs[0][2], 1) if len(cs) > 1 else None,
            }
        )
    return out


def _slowest(moves: list[dict], res: dict, n: int = 10) -> list[dict]:
    """The ``n`` moves slowest from click to the other page: which, when (s since the
    class began, and how many games were over by then), and where the time went."""
    clicked = sorted((m for m in moves if "click" in m), key=lambda m: m["click"] - m["other"])[:n]
    return [
        {
            "table": m["table"],
            "kind": m["kind"],
            "at_s": round(m["click"] - res["t0"], 1),
            "games_over_by_then": sum(t < m["click"] for t in res["over_at"]),
            "click_to_commit_s": round(m["commit"] - m["click"], 3),
            "commit_to_own_page_s": round(m["own"] - m["commit"], 3),
            "commit_to_other_page_s": round(m["other"] - m["commit"], 3),
        }
        for m in clicked
    ]


def _verify(code: str, pages: list[DuelPage], tmp: Path) -> str:
    """'' if both pages' logs are the same and ``crib replay`` verifies it; else why not."""
    logs = [p.log() for p in pages]
    if any(x is None for x in logs) or logs[0] != logs[1]:
        return f"{code}: the two pages' logs differ or are missing"
    text, secret = logs[0]  # type: ignore[misc]
    f = tmp / f"crib-table-{code}.json"
    f.write_text(text)
    r = subprocess.run(
        [sys.executable, "-m", "crib", "replay", str(f), "--secret", secret, "--quiet"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    if r.returncode != 0 or "verified against the revealed secret" not in r.stdout:
        return f"{code}: crib replay exit {r.returncode}: {(r.stdout + r.stderr).strip()[-200:]}"
    return ""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=15)
    ap.add_argument(
        "--think", type=float, default=1.0, help="mean s before each move (0.5-1.5 times this)"
    )
    ap.add_argument("--spread", type=float, default=10.0, help="tables arrive over this many s")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--nice-games",
        type=int,
        default=None,
        help="once the server is ready, set the nice of it, its kernels and this client to N "
        "(every thread; e.g. 0 as a class server runs when the bench was started with nice)",
    )
    ap.add_argument(
        "--pool",
        type=int,
        default=None,
        help="preheated play kernels (default: one per student; the launcher's own default is 2)",
    )
    ap.add_argument("--serve-arg", action="append", default=[], help="extra voila option")
    ap.add_argument("--out", default=str(ROOT / "data" / "load_duel.json"))
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="crib-duel-"))
    dash = tmp / "dash"
    dash.mkdir()
    shutil.copy(ROOT / "dashboards" / "play.ipynb", dash / "play.ipynb")
    db = tmp / "class.sqlite3"
    port = _free_port()
    log = tmp / "voila.log"
    students = 2 * args.tables
    cmd = [
        sys.executable,
        "-m",
        "crib.tools.serve",
        str(dash),
        f"--port={port}",
        f"--class-size={students}",
        f"--pool_size={args.pool or students}",
        "--VoilaKernelManager.fill_delay=3600",
        *args.serve_arg,
    ]
    load_before = _loadavg()
    env = {
        **os.environ,
        "CRIB_DB": str(db),
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    with log.open("w") as f:
        server = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=ROOT, env=env)
    try:
        t = time.monotonic()
        print(
            f"serving {args.pool or students} preheated play kernels on port {port} (log {log})",
            flush=True,
        )
        _wait_ready(server, log, port, 1, timeout=1200)
        startup = time.monotonic() - t
        if args.nice_games is not None:
            _renice([server.pid, *_descendants(server.pid), os.getpid()], args.nice_games)
        mem_idle = _memory(server.pid)
        load_at_start = _loadavg()
        print(
            f"ready after {startup:.0f} s, load {load_at_start}; {args.tables} tables sit down",
            flush=True,
        )
        res = asyncio.run(_run(f"http://127.0.0.1:{port}", server.pid, args))
    finally:
        stop_process(server, 60)
    store = DuelStore(db)
    moves: list[dict] = []
    bad: list[str] = []
    for code, pages in res.pop("tables").items():
        moves += [{**m, "table": code} for m in _timeline(store.moves(code), pages)]
        if store.duel(code).status != "over":
            bad.append(f"{code}: status {store.duel(code).status}")
        elif why := _verify(code, pages, tmp):
            bad.append(why)
    games_over = args.tables - len(res["failures"]) - sum("status" in b for b in bad)
    result = {
        "command": "python bench/load_duel.py " + " ".join(sys.argv[1:]),
        "seed": args.seed,
        "tables": args.tables,
        "students": students,
        "preheated_play_kernels": args.pool or students,
        "think_s_mean": args.think,
        "serve_command": " ".join(["python", "-m", "crib.tools.serve", "DIR", *cmd[4:]]),
        "poll_seconds": _poll_seconds(),
        "cores": os.cpu_count(),
        "nice_during_games": os.getpriority(os.PRIO_PROCESS, 0),
        "loadavg_before_server": load_before,
        "loadavg_when_class_starts": load_at_start,
        "loadavg_during_games": res["loadavg_1min_during"],
        "server_startup_until_quiet_s": round(startup, 1),
        "arrival_spread_s": res["arrival_spread_s"],
        "games_completed": games_over,
        "logs_verified": len(res["game_s"]) - len(bad),
        "failures": res["failures"] + bad,
        "moves_clicked": res["moves"],
        "click_to_other_page_s": _summary([m["other"] - m["click"] for m in moves if "click" in m]),
        "commit_to_other_page_s": _summary([m["other"] - m["commit"] for m in moves]),
        "click_to_own_page_s": _summary([m["own"] - m["click"] for m in moves if "click" in m]),
        "click_to_commit_s": _summary([m["commit"] - m["click"] for m in moves if "click" in m]),
        "by_minute": _windows(moves, res),
        "slowest_moves": _slowest(moves, res),
        "client_loop_lag_s": _summary(res["client_lag"]),
        "seated_s": _summary(res["seated_s"]),
        "game_s": _summary(res["game_s"]),
        "whole_class_done_s": round(res["class_done_s"], 1),
        "cpu_s_during_games": res["cpu_s"],
        "memory_before_class": mem_idle,
        "memory_peak": res["memory_peak"],
        "memory_at_end": res["memory_at_end"],
    }
    print(json.dumps(result, indent=1))
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    print(f"saved {args.out}; server log {log}")


def _renice(pids: list[int], nice: int) -> None:
    """Every thread of these processes to ``nice`` (Linux keeps a nice per thread)."""
    for pid in pids:
        for task in Path(f"/proc/{pid}/task").glob("*"):
            try:
                os.setpriority(os.PRIO_PROCESS, int(task.name), nice)
            except OSError as e:
                print(f"renice {pid}/{task.name}: {e}", flush=True)


def _poll_seconds() -> float:
    from crib.ui.play.duel import POLL_SECONDS

    return POLL_SECONDS


if __name__ == "__main__":
    main()
