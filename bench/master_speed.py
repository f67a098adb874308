"""Speed of the Master and of the analyses it leans on, as multiples of a yardstick from
the same run (issue #42, point 3: "so the coach stays instant").

    .venv/bin/python bench/master_speed.py [--games 200] [--seed 60000] [--leads 30]
        [--sixes 100] [--out data/master_speed.json] [--master master:opp_solve=1]

The machine is shared, so absolute times say little; every time is also given as a
multiple of the **yardstick**: the reference scorer's time for one hand
(``crib.rules.scoring.score_hand``, four cards and a starter, as ``bench/review_time.py``
and ``bench/score_all.py`` time it). The yardstick is measured several times through the
run, between the parts (the load drifts), and its median is used. Both wall-clock time
and this thread's CPU time are measured, each against the yardstick measured the same
way; CPU time is the steadier one on a loaded machine.

In one process:

* the Master's decision time over ``--games`` games against the Expert (seat and first
  dealer alternate with the seed): every discard and every play (forced ones included,
  counted apart too), after the warm-up; median, p95, max; and the Master games per CPU
  second (one core);
* the exact 4-v-4 lead: ``analyze_play(pos, UNIFORM)`` (minimax over every holding, the
  compiled solver) on the random leads of ``bench/pegging.py`` (seed 2026); target
  <= 180 yardsticks at the median;
* a six-card analysis with the table model:
  ``analyze_discard(six, dealer, model=parse_model("table", "discard"))`` on the random
  sixes of ``bench/discard.py`` (seed 11), both seats; target <= 10 yardsticks.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from dataclasses import fields
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _util import yardstick  # noqa: E402
from pegging import random_lead  # noqa: E402

from crib.ai.master import MasterPlayer, master_variant, warm, warm_reads  # noqa: E402
from crib.ai.players import parse_player  # noqa: E402
from crib.analysis.discard import analyze_discard  # noqa: E402
from crib.analysis.models import UNIFORM, parse_model  # noqa: E402
from crib.analysis.play import analyze_play  # noqa: E402
from crib.rules.cards import DECK  # noqa: E402
from crib.rules.game import Game  # noqa: E402

TARGETS = {
    "decision_median_ms": 5.0,
    "decision_p95_ms": 100.0,
    "decision_max_ms": 1500.0,
    "lead_x": 180.0,
    "six_table_x": 10.0,
    "games_per_cpu_s": 4.0,
}


class Clock:
    """Wall and thread-CPU seconds of a call."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def time(self, fn, *args, **kw):  # type: ignore[no-untyped-def]
        t, c = time.perf_counter(), time.thread_time()
        out = fn(*args, **kw)
        self.wall.append(time.perf_counter() - t)
        self.cpu.append(time.thread_time() - c)
        return out


class TimedMaster(MasterPlayer):
    """The Master, timing each of its decisions (forced plays marked)."""

    log: list[tuple[str, bool, float, float]] = []  # (kind, forced, wall s, cpu s)

    def discard(self, obs, rng):  # type: ignore[no-untyped-def]
        t, c = time.perf_counter(), time.thread_time()
        out = super().discard(obs, rng)
        TimedMaster.log.append(("discard", False, time.perf_counter() - t, time.thread_time() - c))
        return out

    def play(self, obs, rng):  # type: ignore[no-untyped-def]
        t, c = time.perf_counter(), time.thread_time()
        out = super().play(obs, rng)
        forced = len({x.rank for x in obs.legal}) < 2
        TimedMaster.log.append(("play", forced, time.perf_counter() - t, time.thread_time() - c))
        return out


def spread(xs: list[float], unit: float) -> dict:
    """median, p95, max of ``xs`` in ms, and the same as multiples of ``unit`` seconds."""
    s = sorted(xs)
    med, p95, mx = statistics.median(s), s[int(0.95 * (len(s) - 1))], s[-1]
    return {
        "n": len(s),
        "median_ms": round(med * 1e3, 3),
        "p95_ms": round(p95 * 1e3, 3),
        "max_ms": round(mx * 1e3, 3),
        "median_x": round(med / unit, 1),
        "p95_x": round(p95 / unit, 1),
        "max_x": round(mx / unit, 1),
    }


def games(n: int, seed: int, yards: list, spec: str = "master") -> dict:
    """The Master (or the variant ``spec``) against the Expert, ``n`` games; decisions timed."""
    TimedMaster.log = []
    variant = master_variant(spec) if spec != "master" else MasterPlayer()
    warm_reads(variant)
    kw = {f.name: getattr(variant, f.name) for f in fields(MasterPlayer) if f.init}
    t, c = time.perf_counter(), time.thread_time()
    wins = 0
    for k, s in enumerate(range(seed, seed + n)):
        seat = s % 2
        seats = [parse_player("expert"), parse_player("expert")]
        seats[seat] = TimedMaster(**kw)
        r = Game(s, players=tuple(seats), first_dealer=(s // 2) % 2).run()
        wins += r.winner == seat
        if (k + 1) % 20 == 0:
            yards.append(yardstick())
            print(f"  {k + 1} games, load {os.getloadavg()[0]:.1f}", flush=True)
    wall, cpu = time.perf_counter() - t, time.thread_time() - c
    return {"games": n, "master_wins": wins, "wall_s": wall, "cpu_s": cpu, "log": TimedMaster.log}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=60_000)
    ap.add_argument("--leads", type=int, default=30)
    ap.add_argument("--sixes", type=int, default=100)
    ap.add_argument("--out", default=None, help="e.g. data/master_speed.json")
    ap.add_argument("--label", default="", help="the run's key in --out (e.g. before, after)")
    ap.add_argument("--master", default="master", help="a variant, e.g. master:opp_solve=1")
    args = ap.parse_args()
    load0 = os.getloadavg()
    warm()
    yards = [yardstick(4000)]

    rng = random.Random(2026)  # the leads of bench/pegging.py
    leads = [random_lead(rng) for _ in range(args.leads)]
    rng = random.Random(11)  # the sixes of bench/discard.py
    sixes = [rng.sample(DECK, 6) for _ in range(args.sixes)]
    table = parse_model("table", "discard")
    analyze_play(leads[0], UNIFORM)
    analyze_discard(sixes[0], dealer=True, model=table)

    lead_c, six_c = Clock(), Clock()
    for rep in range(2):  # the two short parts twice, the yardstick between them
        for pos in leads:
            lead_c.time(analyze_play, pos, UNIFORM)
        yards.append(yardstick())
        for six in sixes:
            for dealer in (True, False):
                six_c.time(analyze_discard, six, dealer=dealer, model=table)
        yards.append(yardstick())
        print(f"  analyses, round {rep + 1}, load {os.getloadavg()[0]:.1f}", flush=True)

    g = games(args.games, args.seed, yards, args.master) if args.games else None
    yards.append(yardstick(4000))
    y_wall = statistics.median(w for w, _c in yards)
    y_cpu = statistics.median(c for _w, c in yards)

    out: dict = {
        "command": "python bench/master_speed.py " + " ".join(sys.argv[1:]),
        "label": args.label,
        "seeds": {"games": args.seed, "leads": 2026, "sixes": 11},
        "load_average_start": [round(x, 2) for x in load0],
        "load_average_end": [round(x, 2) for x in os.getloadavg()],
        "cores": os.cpu_count(),
        "yardstick": {
            "what": "crib.rules.scoring.score_hand, one hand (4 cards + starter), reference",
            "wall_us": round(y_wall * 1e6, 2),
            "cpu_us": round(y_cpu * 1e6, 2),
            "samples_wall_us": [round(w * 1e6, 1) for w, _c in yards],
        },
        "targets": TARGETS,
        "lead_4v4": {
            "what": f"analyze_play(lead, UNIFORM), {len(leads)} leads x 2",
            "wall": spread(lead_c.wall, y_wall),
            "cpu": spread(lead_c.cpu, y_cpu),
        },
        "six_table": {
            "what": f"analyze_discard(six, dealer, table model), {len(sixes)} sixes x 2 seats x 2",
            "wall": spread(six_c.wall, y_wall),
            "cpu": spread(six_c.cpu, y_cpu),
        },
    }
    if g:
        log = g.pop("log")
        out["master"] = {
            "player": args.master,
            "games": g["games"],
            "opponent": "expert",
            "master_wins": g["master_wins"],
            "games_per_s_wall": round(g["games"] / g["wall_s"], 2),
            "games_per_cpu_s": round(g["games"] / g["cpu_s"], 2),
            "decisions_wall": spread([w for _k, _f, w, _c in log], y_wall),
            "decisions_cpu": spread([c for _k, _f, _w, c in log], y_cpu),
            "unforced_wall": spread([w for _k, f, w, _c in log if not f], y_wall),
            "discards_wall": spread([w for k, _f, w, _c in log if k == "discard"], y_wall),
            "plays_wall": spread([w for k, _f, w, _c in log if k == "play"], y_wall),
        }
    report(out)
    if args.out:  # one entry per --label: a before and an after run sit side by side
        p = Path(args.out)
        data = json.loads(p.read_text()) if p.exists() else {}
        data.setdefault("runs", {})[args.label or "latest"] = out
        p.write_text(json.dumps(data, indent=1) + "\n")
        print(f"wrote {args.out} (run {args.label or 'latest'!r})")


def _line(name: str, d: dict, target: float | None = None) -> str:
    t = f" (target <= {target:g}x)" if target else ""
    return (
        f"{name}: median {d['median_ms']:.2f} ms = {d['median_x']:.1f}x{t}, "
        f"p95 {d['p95_ms']:.2f} ms = {d['p95_x']:.1f}x, max {d['max_ms']:.1f} ms "
        f"= {d['max_x']:.0f}x  (n={d['n']})"
    )


def report(out: dict) -> None:
    y = out["yardstick"]
    print(f"{out['command']}  load {out['load_average_start']} -> {out['load_average_end']}")
    print(
        f"yardstick: reference scorer {y['wall_us']:.1f} us wall, {y['cpu_us']:.1f} us CPU per hand"
    )
    for key, target in (("lead_4v4", TARGETS["lead_x"]), ("six_table", TARGETS["six_table_x"])):
        print(_line(f"{key} wall", out[key]["wall"], target))
        print(_line(f"{key} CPU ", out[key]["cpu"], target))
    m = out.get("master")
    if m:
        print(
            f"master v expert: {m['games']} games, Master wins {m['master_wins']}; "
            f"{m['games_per_s_wall']:.2f} games/s wall, {m['games_per_cpu_s']:.2f} per CPU s "
            f"(target >= {TARGETS['games_per_cpu_s']:g} per core)"
        )
        for k in ("decisions_wall", "decisions_cpu", "unforced_wall"):
            print(_line(f"  {k}", m[k]))
        for k in ("discards_wall", "plays_wall"):
            print(_line(f"  {k}", m[k]))


if __name__ == "__main__":
    main()
