"""The Master and its ingredients against the Expert on duplicate deals, with decision times.

Run: .venv/bin/python bench/master.py [--variants master,seat_crib,peg_value,weighted_play]
         [--pairs 5000] [--seed 50000] [--results bench-results/master]
         [--out data/ai_benchmark.json]

Each seed is played twice with the seats swapped (the same cards for both
players); the first dealer alternates with the seed.  Variants (each against
the Expert; see ``crib.ai.master.MasterPlayer``):

* ``master``: every ingredient;
* ``seat_crib``: the Expert, discarding with the seat-conditioned self-play crib;
* ``peg_value``: the Expert, discarding with the kept four's net pegging value;
* ``weighted_play``: the Expert's discard, pegging by the weighted expectimax;
* ``uniform_play``: the same with uniform holdings (what the weights add).

Every finished pair is appended to ``<results>/<variant>.jsonl``, so the same
command resumes where it stopped; ``--report`` only summarises what is there.
It runs in this process (one core) unless ``--workers`` says more.  Prints, per
variant: the win rate with its Wilson 95% interval, the mean point margin per
game, where the points came from (pegging, hands, cribs, per deal, the
variant minus the Expert), games per second (wall and per CPU second) and the
decision times (median, p95, max; wall, and CPU since the machine is shared)
after the warm-up.  ``--out`` writes the
summary to the ``"master"`` section of ``data/ai_benchmark.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from crib.ai.master import MasterPlayer, warm  # noqa: E402
from crib.ai.players import parse_player  # noqa: E402
from crib.ai.sim import wilson  # noqa: E402
from crib.analysis.models import MASTER
from crib.rules.events import Go, Played, Shown  # noqa: E402
from crib.rules.game import Game  # noqa: E402

VARIANTS = {
    "master": {},
    "seat_crib": {"peg_value": False, "exact_play": False, "endgame": False},
    "peg_value": {"seat_crib": False, "exact_play": False, "endgame": False},
    "weighted_play": {"seat_crib": False, "peg_value": False, "endgame": False},
    "uniform_play": {"seat_crib": False, "peg_value": False, "endgame": False, "weighted": False},
}
SOURCES = ("pegging", "hand", "crib")


class TimedMaster(MasterPlayer):
    """The Master (or a variant), recording how long each decision takes."""

    times: list[float] = []  # one list per process: wall seconds
    cpu: list[float] = []  # the same decisions' CPU seconds (the machine is shared)

    def discard(self, obs, rng):  # type: ignore[no-untyped-def]
        t, c = time.perf_counter(), time.process_time()
        out = super().discard(obs, rng)
        TimedMaster.times.append(time.perf_counter() - t)
        TimedMaster.cpu.append(time.process_time() - c)
        return out

    def play(self, obs, rng):  # type: ignore[no-untyped-def]
        t, c = time.perf_counter(), time.process_time()
        out = super().play(obs, rng)
        if len({c.rank for c in obs.legal}) > 1:  # a real decision, not a forced card
            TimedMaster.times.append(time.perf_counter() - t)
            TimedMaster.cpu.append(time.process_time() - c)
        return out


def _sources(events, seat: int) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """Points by source for ``seat`` minus the other seat's, over a game."""
    out = dict.fromkeys(SOURCES, 0)
    for e in events:
        if isinstance(e, Played) and e.points:
            out["pegging"] += e.points if e.player == seat else -e.points
        elif isinstance(e, Go) and e.points and e.scorer is not None:
            out["pegging"] += e.points if e.scorer == seat else -e.points
        elif isinstance(e, Shown) and e.points:
            out[e.what] += e.points if e.player == seat else -e.points
    return out


def pair(args: tuple[str, int]) -> dict:
    """Both games of one seed for one variant."""
    variant, seed = args
    warm()
    TimedMaster.times, TimedMaster.cpu = [], []
    t, c = time.perf_counter(), time.process_time()
    games = []
    for seat in (0, 1):
        seats = [parse_player("expert"), parse_player("expert")]
        seats[seat] = TimedMaster(**VARIANTS[variant])
        r = Game(seed, players=tuple(seats), first_dealer=seed % 2).run()
        games.append(
            {
                "won": r.winner == seat,
                "margin": r.scores[seat] - r.scores[1 - seat],
                "deals": r.hands_played,
                **_sources(r.events, seat),
            }
        )
    return {
        "seed": seed,
        "games": games,
        "wall": time.perf_counter() - t,
        "cpu": time.process_time() - c,
        "times_ms": [round(x * 1e3, 2) for x in TimedMaster.times],
        "cpu_ms": [round(x * 1e3, 2) for x in TimedMaster.cpu],
    }


class Probe:
    """The Expert, asking the Master the same question at each of its decisions.

    Records (kind, agree, gain): gain is what the Master's choice is worth over
    the Expert's by the Master's own model (full value or P(win) points for a
    discard, weighted expectimax margin for a play): where the two differ, and
    by how much the Master thinks it matters.
    """

    name = "expert"

    def __init__(self, log: list) -> None:
        self.expert, self.master, self.log = parse_player("expert"), MasterPlayer(), log

    def discard(self, obs, rng):  # type: ignore[no-untyped-def]
        from crib.analysis.discard import analyze_discard

        e, m = self.expert.discard(obs, rng), self.master.discard(obs, rng)
        near = 121 - max(obs.my_score, obs.opp_score) <= 30
        sc = (obs.my_score, obs.opp_score) if near else None
        a = analyze_discard(obs.hand, dealer=obs.dealer, model=MASTER, scores=sc)
        te, tm = a.throws[a.find(e)], a.throws[a.find(m)]
        gain = 100 * (tm.p_win - te.p_win) if near else tm.total - te.total
        kind = "discard near 121" if near else f"discard as {'dealer' if obs.dealer else 'pone'}"
        self.log.append((kind, set(e) == set(m), gain))
        return e

    def play(self, obs, rng):  # type: ignore[no-untyped-def]
        from crib.ai.master import position_of
        from crib.analysis.play import analyze_play

        e = self.expert.play(obs, rng)
        if len({c.rank for c in obs.legal}) < 2:
            return e
        m = self.master.play(obs, rng)
        a = analyze_play(
            position_of(obs),
            MASTER,
            opp_played=obs.opp_played,
            opp_dealer=not obs.dealer,
        )
        gain = a.option(m).margin - a.option(e).margin
        if not obs.pile:
            kind = "lead" if len(obs.hand) == 4 else "lead after a 31 or go"
        else:
            kind = "after their go" if obs.opp_said_go else "reply"
        self.log.append((kind, m.rank == e.rank, gain))
        return e


def decisions(seed: int, n: int) -> None:
    """Expert v Expert games; at each of seat 0's decisions, where the Master differs."""
    warm()
    log: list = []
    for s in range(seed, seed + n):
        Game(s, players=(Probe(log), parse_player("expert")), first_dealer=s % 2).run()
    print(f"{n} Expert v Expert games (seeds {seed}..{seed + n - 1}), seat 0's decisions:")
    for kind in sorted({k for k, _a, _g in log}):
        rows = [(a, g) for k, a, g in log if k == kind]
        diff = [g for a, g in rows if not a]
        print(
            f"  {kind:24s} {len(rows):6d} decisions, Master differs {len(diff) / len(rows):6.1%}, "
            f"its model's gain {sum(diff) / n:+.3f} per game "
            f"({statistics.mean(diff) if diff else 0:+.3f} per differing decision)",
            flush=True,
        )


def load_pairs(path: Path) -> dict[int, dict]:
    if not path.exists():
        return {}
    out = {}
    for line in path.read_text().splitlines():
        try:
            d = json.loads(line)
        except json.JSONDecodeError:  # a line cut short by a killed run: played again
            continue
        out[d["seed"]] = d
    return out


def run_pairs(
    path: Path,
    done: dict[int, dict],
    todo: list,
    play,
    workers: int,  # type: ignore[no-untyped-def]
    every: int,
    progress,
) -> None:
    """Play ``todo`` with ``play`` (on ``workers`` processes), appending each finished pair
    to ``path`` (flushed: a killed run resumes from it, see :func:`load_pairs`) and to ``done``;
    ``progress(rows)`` with every pair done so far, after every ``every`` pairs."""
    mapper = map if workers <= 1 else ProcessPoolExecutor(workers).map
    cut = False  # a line cut short by a killed run: the next row starts a line of its own
    if path.exists() and path.stat().st_size:
        with path.open("rb") as f:
            f.seek(-1, os.SEEK_END)
            cut = f.read(1) != b"\n"
    with path.open("a") as f:
        if cut:
            f.write("\n")
        for k, row in enumerate(mapper(play, todo), 1):
            f.write(json.dumps(row) + "\n")
            f.flush()
            done[row["seed"]] = row
            if k % every == 0:
                progress(list(done.values()))


def spread(xs: list[float]) -> dict:
    """n, median, p95 and max of sorted times (None for each when there are none)."""
    return {
        "n": len(xs),
        "median": xs[len(xs) // 2] if xs else None,
        "p95": xs[int(0.95 * (len(xs) - 1))] if xs else None,
        "max": xs[-1] if xs else None,
    }


def summary(variant: str, rows: list[dict]) -> dict:
    games = [g for r in rows for g in r["games"]]
    wins = sum(g["won"] for g in games)
    lo, hi = wilson(wins, len(games))
    deals = sum(g["deals"] for g in games)
    times = sorted(x for r in rows for x in r["times_ms"])
    cpu_t = sorted(x for r in rows for x in r.get("cpu_ms", ()))
    wall, cpu = sum(r["wall"] for r in rows), sum(r["cpu"] for r in rows)
    seeds = sorted(r["seed"] for r in rows)
    return {
        "variant": variant,
        "opponent": "expert",
        "pairs": len(rows),
        "games": len(games),
        "seeds": (
            f"{seeds[0]}..{seeds[-1]} ({len(seeds)} seeds), "
            "each played twice with the seats swapped"
        ),
        "wins": wins,
        "win_rate": round(wins / len(games), 4),
        "wilson95": [round(lo, 4), round(hi, 4)],
        "mean_margin": round(statistics.mean(g["margin"] for g in games), 3),
        "per_deal_minus_expert": {s: round(sum(g[s] for g in games) / deals, 3) for s in SOURCES},
        "games_per_s_wall": round(len(games) / wall, 2),
        "games_per_cpu_s": round(len(games) / cpu, 2),
        "decision_ms": spread(times),
        "decision_cpu_ms": spread(cpu_t),  # pairs played before CPU times were recorded have none
    }


def _print(s: dict) -> None:
    lo, hi = s["wilson95"]
    src = ", ".join(f"{k} {v:+.3f}" for k, v in s["per_deal_minus_expert"].items())
    d, dc = s["decision_ms"], s["decision_cpu_ms"]
    cpu = (
        f" (CPU {dc['median']:.1f} / {dc['p95']:.1f} / {dc['max']:.0f} ms over {dc['n']})"
        if dc["n"]
        else ""
    )
    print(
        f"{s['variant']} v Expert, {s['pairs']} pairs ({s['games']} games): wins "
        f"{s['win_rate']:.1%} [Wilson 95% {lo:.1%}, {hi:.1%}], mean margin "
        f"{s['mean_margin']:+.2f}; per deal {src}; {s['games_per_s_wall']:.2f} games/s "
        f"wall, {s['games_per_cpu_s']:.2f} per CPU second; decisions {d['n']}: median "
        f"{d['median']:.1f} ms, p95 {d['p95']:.1f} ms, max {d['max']:.0f} ms{cpu}",
        flush=True,
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--variants", default="master")
    ap.add_argument("--pairs", type=int, default=200)
    ap.add_argument("--seed", type=int, default=50_000)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--results", default="bench-results/master")
    ap.add_argument("--out", default=None, help="e.g. data/ai_benchmark.json ('master' section)")
    ap.add_argument("--report", action="store_true", help="only summarise the results on disk")
    ap.add_argument("--every", type=int, default=50, help="progress line every this many pairs")
    ap.add_argument(
        "--decisions", type=int, default=0, help="instead: where the Master differs, over N games"
    )
    args = ap.parse_args()
    if args.decisions:
        return decisions(args.seed, args.decisions)
    folder = Path(args.results)
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    for variant in args.variants.split(","):
        if variant not in VARIANTS:
            raise SystemExit(f"unknown variant {variant!r}: expected one of {', '.join(VARIANTS)}")
        path = folder / f"{variant}.jsonl"
        done = load_pairs(path)
        todo = [(variant, s) for s in range(args.seed, args.seed + args.pairs) if s not in done]
        if not args.report and todo:
            print(f"{variant}: {len(done)} pairs on disk, {len(todo)} to play", flush=True)
            run_pairs(
                path,
                done,
                todo,
                pair,
                args.workers,
                args.every,
                lambda rows, v=variant: _print(summary(v, rows)),
            )
        rows = [done[s] for s in sorted(done) if args.seed <= s < args.seed + args.pairs]
        if rows:
            s = summary(variant, rows)
            s["command"] = (
                f"python bench/master.py --variants {variant} --pairs "
                f"{args.pairs} --seed {args.seed} --results {args.results} "
                " (resumable; add --out data/ai_benchmark.json)"
            )
            _print(s)
            out[variant] = s
    if args.out and out:
        p = Path(args.out)
        data = json.loads(p.read_text())
        sec = data.setdefault("master", {})
        sec["command"] = "python bench/master.py " + " ".join(sys.argv[1:])
        sec["note"] = (
            "per_deal_minus_expert: points per deal by source, the variant's minus the Expert's; "
            "decision_ms is wall time on a shared 2-core machine, decision_cpu_ms the CPU time"
        )
        sec["format"] = (
            "duplicate deals: each seed played twice with "
            "the seats swapped; first dealer = seed % 2"
        )
        sec["load_average"] = round(os.getloadavg()[0], 2)
        sec.setdefault("variants", {}).update(out)
        p.write_text(json.dumps(data, indent=1) + "\n")
        print(f"wrote the 'master' section of {p}")


if __name__ == "__main__":
    main()
