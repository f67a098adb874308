"""The Master against the Expert on duplicate deals, with its decision times.

Run: .venv/bin/python bench/master.py [--pairs 200] [--seed 50000] [--workers 2]

Each seed is played twice with the seats swapped (the same cards for both
players); the first dealer alternates with the seed.  Prints the Master's
win rate with its Wilson 95% interval, the mean point margin per game
(winner's 121 minus the loser's score, signed for the Master), games per
second, and the Master's decision times (median, p95, max).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from crib.ai.master import MasterPlayer  # noqa: E402
from crib.ai.players import make_player  # noqa: E402
from crib.ai.sim import wilson  # noqa: E402
from crib.rules.game import Game  # noqa: E402


class TimedMaster(MasterPlayer):
    """The Master, recording how long each decision takes."""

    times: list[float] = []  # one list per worker process

    def discard(self, obs, rng):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        out = super().discard(obs, rng)
        TimedMaster.times.append(time.perf_counter() - t)
        return out

    def play(self, obs, rng):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        out = super().play(obs, rng)
        TimedMaster.times.append(time.perf_counter() - t)
        return out


def pair(seed: int) -> tuple[list[tuple[bool, int]], list[float]]:
    """Both games of one seed: (Master won, Master's point margin) each, and decision times."""
    TimedMaster.times = []
    out = []
    for master_seat in (0, 1):
        seats = [make_player("expert"), make_player("expert")]
        seats[master_seat] = TimedMaster()
        r = Game(seed, players=tuple(seats), first_dealer=seed % 2).run()
        margin = r.scores[master_seat] - r.scores[1 - master_seat]
        out.append((r.winner == master_seat, margin))
    return out, list(TimedMaster.times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=200)
    ap.add_argument("--seed", type=int, default=50_000)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    seeds = range(args.seed, args.seed + args.pairs)
    t = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as ex:
        results = list(ex.map(pair, seeds, chunksize=4))
    wall = time.perf_counter() - t
    games = [g for gs, _t in results for g in gs]
    times = sorted(x for _g, ts in results for x in ts)
    wins = sum(w for w, _m in games)
    lo, hi = wilson(wins, len(games))
    print(
        f"Master v Expert, {args.pairs} duplicate pairs ({len(games)} games, seeds {args.seed}.."
        f"{args.seed + args.pairs - 1}): Master wins {wins / len(games):.1%} "
        f"[Wilson 95% {lo:.1%}, {hi:.1%}]"
    )
    print(f"  mean point margin per game (Master - Expert): {statistics.mean(m for _w, m in games):+.2f}")
    print(
        f"  {len(games) / wall:.2f} games/s on {args.workers} workers "
        f"({len(games) / wall / args.workers:.2f} per worker); load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"  Master decisions: {len(times)}, median {statistics.median(times) * 1e3:.1f} ms, "
        f"p95 {times[int(0.95 * (len(times) - 1))] * 1e3:.1f} ms, max {times[-1] * 1e3:.0f} ms"
    )


if __name__ == "__main__":
    main()
