"""Self-play engine: a process pool against a Dask LocalCluster, at 1 and 2 workers, on the
same work.

Run: .venv/bin/python bench/selfplay.py [--deals 3000] [--games 200]

The work is the ``deal`` experiment (whole Expert deals, the win table's
input) in chunks of 250, and Expert v Expert games through the full game
engine.  Each configuration runs in memory (no results folder) from a cold
start, so pool and cluster start-up are counted; the merged arrays are
compared byte for byte.  Also prints the Expert's decision profile.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import time

from crib.ai.selfplay.engine import RunSpec, run


def _bench(spec: RunSpec, label: str) -> None:
    rows = []
    ref = None
    for executor in ("process", "dask"):
        for workers in (1, 2):
            t = time.perf_counter()
            res = run(spec, None, executor=executor, workers=workers, quiet=True)
            wall = time.perf_counter() - t
            blob = b"".join(res.arrays[k].tobytes() for k in sorted(res.arrays))
            same = ref is None or blob == ref
            ref = ref or blob
            rows.append((executor, workers, wall, spec.n / wall, same))
            print(
                f"{label}: {executor:7} x{workers}: {wall:6.1f} s wall, "
                f"{spec.n / wall:7.1f} {label}/s, identical result: {same}",
                flush=True,
            )
    for w in (1, 2):
        p = next(r for r in rows if r[0] == "process" and r[1] == w)
        d = next(r for r in rows if r[0] == "dask" and r[1] == w)
        print(
            f"  {label}, {w} worker(s): dask / process wall time = {d[2] / p[2]:.2f}x "
            f"(dask overhead {d[2] - p[2]:+.1f} s)"
        )


def _profile_expert(games: int) -> None:
    from crib.ai.players import parse_player
    from crib.rules.game import Game

    Game(seed=0, players=(parse_player("expert"), parse_player("expert"))).run()
    pr = cProfile.Profile()
    t = time.perf_counter()
    pr.enable()
    for s in range(games):
        Game(seed=s, players=(parse_player("expert"), parse_player("expert"))).run()
    pr.disable()
    dt = time.perf_counter() - t
    print(f"Expert v Expert through Game, 1 process, profiled: {games / dt:.1f} games/s")
    buf = io.StringIO()
    pstats.Stats(pr, stream=buf).sort_stats("cumulative").print_stats(12)
    print("\n".join(line for line in buf.getvalue().splitlines() if "crib" in line)[:3000])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    _bench(RunSpec("deal", args.deals, seed=1, chunk=250), "deals")
    _bench(RunSpec("games", args.games, seed=1, chunk=25, params={"scores": [0, 0]}), "games")
    _profile_expert(max(20, args.games // 5))


if __name__ == "__main__":
    main()
