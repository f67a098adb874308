"""Games per second: expert v expert against a random v random yardstick, one core and all cores.

Run: .venv/bin/python bench/games.py [--games 200] [--rounds 3]

Game i uses seed i; the tallies are printed so you can see that the results
are the same for every worker count.  The machine is shared, so wall-clock
rates move with the load: each round times the Expert and the yardstick
(random v random, three times as many games, the same game engine) back to
back at each worker count, and the report gives the medians, the ratio
expert / random of each round, and the load average.  A first section times
both in this process on CPU time (``time.process_time``), which the load
disturbs less.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from crib.ai.players import parse_player
from crib.ai.sim import play_games
from crib.rules.game import Game


def _load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def _cpu_rate(kind: str, n: int) -> float:
    t = time.process_time()
    for s in range(n):
        Game(seed=s, players=(parse_player(kind), parse_player(kind)), first_dealer=s % 2).run()
    return n / (time.process_time() - t)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    Game(
        seed=0, players=(parse_player("expert"), parse_player("expert"))
    ).run()  # build the tables in the parent
    cores = os.cpu_count() or 1
    print(f"start: {_load()}")
    e, r = _cpu_rate("expert", args.games), _cpu_rate("random", args.games)
    print(
        f"in-process CPU time: expert v expert {e:.1f} games/s, random v random {r:.1f} games/s, "
        f"ratio {e / r:.3f}"
    )
    rates: dict[tuple[str, int], list[float]] = {}
    tallies: dict[tuple[str, int], set] = {}
    for rnd in range(args.rounds):
        for workers in sorted({1, cores}):
            for kind, n in (("expert", args.games), ("random", args.games * 3)):
                t = time.perf_counter()
                st = play_games(kind, kind, n, seed0=1, workers=workers)
                rate = n / (time.perf_counter() - t)
                rates.setdefault((kind, workers), []).append(rate)
                tallies.setdefault((kind, workers), set()).add((st.a_wins, st.b_wins))
                print(
                    f"round {rnd + 1}: {kind} v {kind}: {n} games, {workers} worker(s): "
                    f"{rate:7.1f} games/s  (first player's seat "
                    f"wins {st.a_wins}, other {st.b_wins})",
                    flush=True,
                )
    for workers in sorted({1, cores}):
        ex, ra = rates["expert", workers], rates["random", workers]
        ratios = [a / b for a, b in zip(ex, ra, strict=True)]
        print(
            f"{workers} worker(s): expert v expert median {statistics.median(ex):.1f} games/s, "
            f"random v random median {statistics.median(ra):.1f} games/s, "
            f"ratio per round {', '.join(f'{x:.3f}' for x in ratios)} "
            f"(median {statistics.median(ratios):.3f})"
        )
    same = all(
        len({t for (k, _w), s in tallies.items() if k == kind for t in s}) == 1
        for kind in ("expert", "random")
    )
    print(f"results identical across worker counts and rounds: {same}")
    print(f"end: {_load()}")
    print("target: >= 100 expert v expert games/s on this 2-core machine (issue 11)")


if __name__ == "__main__":
    main()
