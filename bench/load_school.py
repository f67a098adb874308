"""A school against one server, side by side in one run: 2 classes of 30 at once, then 20
classmate games at once (issue #26, point 5).

Run: nice .venv/bin/python bench/load_school.py [--quick] [--classes 2] [--students 30]
            [--answers 3] [--tables 20] [--moves 40] [--seed 1] [--all-pages] [--out F]

Two setups, one after the other, the same load on each (bench/school_setup.py starts them):

* **A**: ``crib school --servers 2`` (two crib servers behind Debian's nginx) on a
  throwaway PostgreSQL (crib/tools/pg_local.py, PostgreSQL's defaults);
* **B**: one ``crib.tools.serve`` on a SQLite file.

**The classes.**  The servers serve the student page (``trainer.ipynb``; every dashboard
with ``--all-pages``) with its pool preheated for the class, as a school would
(``--class-size``: 30 per server in A, 60 in B).  Two class sessions are created in the
record; the 60 students arrive at seeded times over ``--spread`` seconds, each through
the way in (A: ``GET /go/trainer.ipynb?code=...`` through nginx, round robin, whose
redirect names the server, recorded per student; B: the page itself), open the page,
join their class and answer ``--answers`` counting questions (bench/class_client.py's
:class:`Page`: the page GET, the kernel websocket, the widget states, clicks and values
as comm messages).  Time to interactive is from the way in to the first input the kernel
answers (Join with empty fields).  Every answer stored exactly once: the record's rows
per student and question and their tokens against what each client sent and had
acknowledged (:func:`exactly_once`).

**The games.**  The servers are started again serving the play page alone, with one
preheated kernel per player (``--pool_size``, 2 spares; no refill while playing).  20
tables arrive over ``--spread`` seconds; in A each player comes in through the way in,
the second again (at most 4 times) until on the other server than the first, so every
table is split across the servers; one creates the table, the other joins by its code,
and both play (bench/class_client.py's :class:`DuelPage`, a seeded think time before
each move) until the table has made ``--moves`` moves.  A move's latency: from the
click to the other player's page drawing it (bench/load_duel.py's timeline).

While each load runs, every process of the setup (kernels, servers, nginx, PostgreSQL)
is sampled every 2 s (bench/school_setup.py :class:`Meter`): the memory at the peak
(RSS and PSS from /proc), PostgreSQL's connections at the peak (``pg_stat_activity``),
the load average.  The machine may be shared: its load is in the results.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import platform
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from class_client import DuelPage, Page  # noqa: E402
from load_duel import _summary, _timeline  # noqa: E402
from school_report import exactly_once, pick_widgets, side_by_side  # noqa: E402
from school_setup import (  # noqa: E402
    LowMemory,
    Meter,
    NotReady,
    OneServer,
    SchoolSetup,
    Setup,
    _loadavg,
    memory,
    page_dir,
    pg_connections,
    pg_transactions,
)

from crib.course.questions import make_questions  # noqa: E402
from crib.rules.fairness import HashRng  # noqa: E402

GAME_TIMEOUT = 1200.0


async def _progress(what: str, out: dict, t0: float) -> None:
    while True:
        await asyncio.sleep(15)
        print(
            f"    {time.perf_counter() - t0:5.0f} s {what}: {out['progress']()}, "
            f"{len(out['failures'])} failures, load {_loadavg()[0]:.2f}",
            flush=True,
        )


async def _measured(setup: Setup, what: str, out: dict, jobs: list) -> dict:
    """Run ``jobs`` with the meter and progress lines; the meter's result and CPU seconds."""
    meter = Meter(setup)
    main = asyncio.ensure_future(asyncio.gather(*jobs))
    meter.on_low = lambda why: (print(f"    {why}", flush=True), main.cancel())
    await asyncio.to_thread(meter.sample)
    cpu0 = setup.cpu_by_kind()
    xact0 = pg_transactions(setup.target) if setup.pg is not None else 0
    t0 = time.perf_counter()
    side = [asyncio.create_task(meter.run()), asyncio.create_task(_progress(what, out, t0))]
    try:
        await main
    except asyncio.CancelledError:
        out["failures"].append(meter.low or "cancelled")
    done = time.perf_counter() - t0
    await asyncio.to_thread(meter.sample)
    for t in side:
        t.cancel()
    cpu = {k: round(v - cpu0.get(k, 0.0), 1) for k, v in setup.cpu_by_kind().items()}
    out_ = {
        **meter.result(),
        "done_s": round(done, 1),
        "cpu_s_by_kind": cpu,
        "cpu_s_setup": round(sum(cpu.values()), 1),
    }
    if setup.pg is not None:
        await asyncio.sleep(
            1.5
        )  # PostgreSQL's backends flush their counts to pg_stat_database within about 1 s
        out_["pg_transactions_per_s"] = round((pg_transactions(setup.target) - xact0) / done, 1)
    return out_


# -- the classes ---------------------------------------------------------------------------


async def _student(
    setup: Setup, code: str, name: str, n: int, guess: int, delay: float, out: dict
) -> None:
    await asyncio.sleep(delay)
    key = (code, name)
    out["sent"][key] = out["acked"][key] = 0
    try:
        t = time.perf_counter()
        base, k, way = await asyncio.to_thread(setup.way_in, "trainer.ipynb", f"code={code}")
        out["server"][name] = k
        out["way_in"].append(way)
        p = Page(base)
        try:
            await p.open()
            p.by_class.update(pick_widgets(p.states))
            await p.click_until("crib-join", "crib-join-status", "")  # the first accepted input
            out["interactive"].append(time.perf_counter() - t)
            await p.set_value("crib-join-code", code)
            await p.set_value("crib-join-name", name)
            t = time.perf_counter()
            await p.click_until("crib-join", "crib-join-status", "Joined")
            out["join"].append(time.perf_counter() - t)
            for q in range(n):
                await p.set_value("crib-count-input", str((guess + q) % 20))
                out["sent"][key] += 1
                t = time.perf_counter()
                await p.click_until("crib-check", "crib-stats", f"answered {q + 1} of")
                out["answer"].append(time.perf_counter() - t)
                out["acked"][key] += 1
                if q + 1 < n:
                    await p.click_until("crib-next", "crib-header", f"Question {q + 2} of")
        finally:
            await p.close()
    except Exception as e:  # noqa: BLE001 - one student's failure is a result, not a crash
        out["failures"].append(
            f"{name}: {type(e).__name__}: {str(e).splitlines()[0][:160] if str(e) else ''}"
        )


def class_phase(setup: Setup, args: argparse.Namespace) -> dict:
    from crib.store.classroom import Store

    store = Store(setup.target)
    codes = [
        store.create_session(
            f"class {c + 1}",
            seed=args.seed + c,
            questions=make_questions(args.seed + c, {"count": args.answers}),
        ).code
        for c in range(args.classes)
    ]
    rows_before = sum(store.count_answers(c) for c in codes)
    store.close()
    idle = {"memory": memory(setup.pids()), "loadavg": _loadavg()}
    if setup.pg is not None:
        idle["pg_connections"] = pg_connections(setup.target)
    rng = HashRng(args.seed, "school arrivals")
    n = args.classes * args.students
    delays = [rng.random() * args.spread for _ in range(n)]
    out: dict = {
        "sent": {},
        "acked": {},
        "server": {},
        "way_in": [],
        "interactive": [],
        "join": [],
        "answer": [],
        "failures": [],
    }
    out["progress"] = lambda: (
        f"{len(out['interactive'])}/{n} interactive, "
        f"{sum(out['acked'].values())}/{n * args.answers} answers"
    )
    jobs = [
        _student(
            setup, codes[i % args.classes], f"student {i:02d}", args.answers, i, delays[i], out
        )
        for i in range(n)
    ]
    print(
        f"  {setup.name}: {n} students in {args.classes} classes arrive over {args.spread:g} s",
        flush=True,
    )
    measured = asyncio.run(_measured(setup, "class", out, jobs))
    store = Store(setup.target)
    rows = [(c, a.student, a.question, a.token) for c in codes for a in store.answers(c)]
    integrity = store.integrity_check()
    store.close()
    return {
        "students": n,
        "students_interactive": len(out["interactive"]),
        "students_per_server": dict(
            sorted(Counter(str(k) for k in out["server"].values()).items())
        ),
        "failures": out["failures"],
        "arrival_spread_s": round(max(delays) - min(delays), 2),
        "way_in_s": _summary(out["way_in"]),
        "time_to_interactive_s": _summary(out["interactive"]),
        "join_s": _summary(out["join"]),
        "answer_latency_s": _summary(out["answer"]),
        "stored": {
            **exactly_once(out["acked"], out["sent"], rows),
            "rows_before": rows_before,
            "integrity_check": integrity,
        },
        "before_load": idle,
        **measured,
    }


# -- the games -----------------------------------------------------------------------------


async def _play(p: DuelPage, rng: random.Random, think: float, made: dict, limit: int) -> None:
    while made["n"] < limit:
        a = p.attrs()
        if a.get("phase") in ("over", "abandoned"):
            return
        if a.get("phase") in ("discard", "play", "hand_over"):
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            if made["n"] < limit and await p.act() in ("discard", "play"):
                made["n"] += 1
        else:
            await p.until(lambda a=a: p.attrs() != a or made["n"] >= limit, 600)


async def _table(setup: Setup, k: int, delay: float, args: argparse.Namespace, out: dict) -> None:
    await asyncio.sleep(delay)
    pages: list[DuelPage] = []
    try:
        t0 = time.perf_counter()
        base_a, sa, _w = await asyncio.to_thread(setup.way_in, "play.ipynb")
        base_b, sb, _w = await asyncio.to_thread(setup.way_in, "play.ipynb")
        for _ in range(3):  # A: the second player on the other server, as far as round robin allows
            if sb != sa or not isinstance(setup, SchoolSetup):
                break
            base_b, sb, _w = await asyncio.to_thread(setup.way_in, "play.ipynb")
        out["servers"].append((sa, sb))
        pages = [DuelPage(base_a, f"Ann {k:02d}"), DuelPage(base_b, f"Bob {k:02d}")]
        await asyncio.gather(*(p.open() for p in pages))
        code = await pages[0].sit()
        await pages[1].sit(code)
        out["seated_s"].append(time.perf_counter() - t0)
        made = {"n": 0}
        out["made"][code] = made
        rngs = [random.Random(f"{args.seed}:{k}:{s}") for s in (0, 1)]
        await asyncio.wait_for(
            asyncio.gather(
                *(_play(p, rngs[s], args.think, made, args.moves) for s, p in enumerate(pages))
            ),
            GAME_TIMEOUT,
        )
        out["tables"][code] = pages
    except Exception as e:  # noqa: BLE001 - a table that fails is a result, not a crash
        out["failures"].append(
            f"table {k}: {type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}"
        )
    finally:
        for p in pages:
            await p.close()


def games_phase(setup: Setup, args: argparse.Namespace) -> dict:
    from crib.store.duels import DuelStore

    idle = {"memory": memory(setup.pids()), "loadavg": _loadavg()}
    if setup.pg is not None:
        idle["pg_connections"] = pg_connections(setup.target)
    rng = random.Random(f"{args.seed}:tables")
    delays = [rng.random() * args.spread for _ in range(args.tables)]
    out: dict = {"servers": [], "seated_s": [], "made": {}, "tables": {}, "failures": []}
    out["progress"] = lambda: (
        f"{len(out['seated_s'])}/{args.tables} tables seated, "
        f"{sum(m['n'] for m in out['made'].values())} moves"
    )
    print(
        f"  {setup.name}: {args.tables} tables arrive "
        f"over {args.spread:g} s, {args.moves} moves each",
        flush=True,
    )
    measured = asyncio.run(
        _measured(
            setup, "games", out, [_table(setup, k, d, args, out) for k, d in enumerate(delays)]
        )
    )
    store = DuelStore(setup.target)
    moves = [
        m for code, pages in out["tables"].items() for m in _timeline(store.moves(code), pages)
    ]
    store.close()
    clicked = [m for m in moves if "click" in m]
    return {
        "tables": args.tables,
        "tables_played": len(out["tables"]),
        "tables_split_across_servers": sum(a != b for a, b in out["servers"]),
        "players_per_server": dict(
            sorted(Counter(str(s) for ab in out["servers"] for s in ab).items())
        ),
        "failures": out["failures"],
        "moves_clicked": sum(m["n"] for m in out["made"].values()),
        "seated_s": _summary(out["seated_s"]),
        "move_latency_s": _summary([m["other"] - m["click"] for m in clicked]),
        "click_to_own_page_s": _summary([m["own"] - m["click"] for m in clicked]),
        "click_to_commit_s": _summary([m["commit"] - m["click"] for m in clicked]),
        "before_load": idle,
        **measured,
    }


# -- the run -------------------------------------------------------------------------------


def _run_setup(make: object, args: argparse.Namespace, tmp: Path, save: object) -> dict:
    """Both loads on one setup: started for the classes, started again for the games (a
    start whose preheating stalls is tried once more, and said so)."""
    res: dict = {}
    for phase, pages, per, run in (
        ("classes", ["trainer.ipynb"], args.classes * args.students, class_phase),
        ("games", ["play.ipynb"], 2 * args.tables, games_phase),
    ):
        d = page_dir(tmp, pages, args.all_pages and phase == "classes")
        stalled: list[str] = []
        for _attempt in range(2):
            setup: Setup = make(d, per)  # type: ignore[operator]
            t = time.monotonic()
            setup.start()
            LIVE.append(setup)
            print(
                f"  {setup.name}: starting for the {phase} ({' '.join(setup.command)})", flush=True
            )
            try:
                ready = setup.wait_ready(len(list(d.glob("*.ipynb"))), _kernels(setup, per))
                print(f"  {setup.name}: ready after {ready:.0f} s, load {_loadavg()}", flush=True)
                res[phase] = {
                    "command": " ".join(setup.command),
                    "startup_until_quiet_s": round(ready, 1),
                    "start_stalled_before": stalled,
                    **run(setup, args),
                }
            except NotReady as e:
                print(f"  {e}", flush=True)
                stalled.append(str(e))
                res[phase] = {"command": " ".join(setup.command), "not_run": stalled}
            except LowMemory as e:
                print(f"  {e}", flush=True)
                res[phase] = {"command": " ".join(setup.command), "not_run": [str(e)]}
            finally:
                setup.stop()
                LIVE.remove(setup)
            print(f"  {setup.name}: {phase} done in {time.monotonic() - t:.0f} s", flush=True)
            save(setup.name, res)  # type: ignore[operator]
            if "not_run" not in res[phase] or len(stalled) != 1:
                break
    return res


def _kernels(setup: Setup, per: int) -> int:
    """How many preheated kernels the setup starts for ``per`` students or players."""
    servers = getattr(setup, "servers", 1)
    n = math.ceil(per / servers)
    return servers * int(_serve_args(setup.page_dir, n)[0].split("=")[1])


def _machine() -> dict:
    info = dict(line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines())
    cpu = [
        x.split(":", 1)[1].strip()
        for x in Path("/proc/cpuinfo").read_text().splitlines()
        if x.startswith("model name")
    ]
    return {
        "cores": os.cpu_count(),
        "cpu": cpu[0] if cpu else platform.machine(),
        "ram_mib": int(info["MemTotal"].split()[0]) // 1024,
        "ram_available_mib_at_start": int(info["MemAvailable"].split()[0]) // 1024,
        "nice": os.getpriority(os.PRIO_PROCESS, 0),
        "loadavg_at_start": _loadavg(),
        "python": platform.python_version(),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--classes", type=int, default=2)
    ap.add_argument("--students", type=int, default=30, help="per class")
    ap.add_argument("--answers", type=int, default=3, help="counting questions per student")
    ap.add_argument("--tables", type=int, default=20, help="classmate games at once")
    ap.add_argument(
        "--moves", type=int, default=40, help="moves per table (both players), then it stops"
    )
    ap.add_argument(
        "--think", type=float, default=1.0, help="mean s before each move (0.5-1.5 times this)"
    )
    ap.add_argument("--spread", type=float, default=10.0, help="arrivals spread over this many s")
    ap.add_argument("--servers", type=int, default=2, help="crib servers in A")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--setups", default="AB", help="which setups to run (AB, A or B)")
    ap.add_argument(
        "--all-pages",
        action="store_true",
        help="the classes: serve every dashboard, not the trainer alone",
    )
    ap.add_argument(
        "--quick", action="store_true", help="a smoke run: 2 x 3 students, 2 tables of 10 moves"
    )
    ap.add_argument(
        "--out", default=None, help="default data/load_school.json (--quick: a tmp file)"
    )
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, _stop_all)
    if args.quick:
        args.students, args.tables, args.moves, args.spread = 3, 2, 10, 3.0
    tmp = Path(tempfile.mkdtemp(prefix="crib-school-bench-"))
    out = Path(
        args.out or (tmp / "load_school.json" if args.quick else ROOT / "data" / "load_school.json")
    )
    result: dict = {
        "command": "python bench/load_school.py " + " ".join(sys.argv[1:]),
        "seed": args.seed,
        "machine": _machine(),
        "load": {
            k: getattr(args, k)
            for k in (
                "classes",
                "students",
                "answers",
                "tables",
                "moves",
                "think",
                "spread",
                "servers",
                "all_pages",
            )
        },
    }
    print(f"load_school: {result['machine']}", flush=True)

    def save(
        name: str, res: dict
    ) -> None:  # after every load: a run stopped half-way keeps its figures
        result[name] = {**result.get(name, {}), **res}
        out.write_text(json.dumps(result, indent=1) + "\n")

    if "A" in args.setups:
        from crib.store import migrate as db_migrate
        from crib.tools.pg_local import PgServer, pg_bindir

        bindir = pg_bindir()
        if bindir is None:
            raise SystemExit(
                "load_school: setup A needs Debian's postgresql (apt-get install postgresql)"
            )
        pg = PgServer(bindir, fast=False)
        LIVE.append(pg)
        try:
            pg.admin("CREATE DATABASE crib")
            db_migrate.upgrade(pg.url("crib"))
            sv = args.servers
            result["A"] = {
                "what": f"crib school --servers {sv}, nginx, PostgreSQL {bindir.parts[-2]} "
                "(throwaway, defaults, max_connections=200)"
            }
            _run_setup(
                lambda d, n: SchoolSetup(
                    tmp, d, _serve_args(d, math.ceil(n / sv)), pg, pg.url("crib"), sv
                ),
                args,
                tmp,
                save,
            )
        finally:
            pg.stop()
            LIVE.remove(pg)
    if "B" in args.setups:
        result["B"] = {"what": "one crib.tools.serve, SQLite (WAL)"}
        _run_setup(
            lambda d, n: OneServer(tmp, d, _serve_args(d, n), tmp / "class.sqlite3"),
            args,
            tmp,
            save,
        )
    print("\n" + side_by_side(result))
    print(f"saved {out}")


LIVE: list = []  # what is running (setups, PostgreSQL): stopped on SIGTERM


def _stop_all(*_: object) -> None:
    """SIGTERM: stop every setup and PostgreSQL, then exit at once (a load's threads may be
    blocked in a page request for minutes)."""
    for x in reversed(LIVE):
        with contextlib.suppress(Exception):
            x.stop()
    os._exit(143)


def _serve_args(d: Path, n: int) -> list[str]:
    """A server's options for ``n`` students of this load: the class's pool (``--class-size``)
    for the trainer; one kernel per player (2 spares, no refill while playing) for the games."""
    if (d / "trainer.ipynb").exists():
        return [f"--class-size={n}"]
    return [f"--pool_size={n + 2}", "--VoilaKernelManager.fill_delay=3600"]


if __name__ == "__main__":
    main()
