"""A Master against another on duplicate deals: the ladder of issue #42.

Run: .venv/bin/python bench/master_ladder.py --a master_2026_12 --b "master:endgame_at=121"
         [--pairs 2000] [--seed 42000] [--chunk 25] [--dask | --workers N]
         [--results bench-results/ladders] [--out data/master_ladders.json]

Each seed is played twice with the seats swapped (the same cards for both players), the
first dealer alternating with the seed (``crib.ai.selfplay.experiments.ladder_chunk``).
Players are named as ``crib.ai.players.parse_player`` reads them: ``master_2026_12`` is
today's Master frozen, ``master:<field>=<value>,...`` a Master with ingredients changed
(``crib.ai.master.master_variant``).  Finished chunks are kept under ``--results``, so
the same command resumes; ``--report`` only summarises what is there.  Prints b's games,
win rate with its Wilson 95% interval, points per game (b minus a), skunks, and the CPU
seconds per game; ``--out`` keeps the summary under the pair's name in a JSON file,
with the command and the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path

import numpy as np

from crib.ai.selfplay.engine import RunSpec, merge_chunks, run
from crib.ai.sim import wilson


def summary(arrays: dict[str, np.ndarray], a: str, b: str, seed: int) -> dict:
    """b's record against a from a ladder's merged arrays."""
    lad = arrays["ladder"].astype(int)
    pairs = len(lad)
    games = 2 * pairs
    wins = int(lad[:, 0].sum() + lad[:, 1].sum())
    lo, hi = wilson(wins, games)
    out = {
        "a": a,
        "b": b,
        "pairs": pairs,
        "games": games,
        "seeds": f"{seed}..{seed + pairs - 1}, each played twice with the seats swapped",
        "b_wins": wins,
        "b_win_rate": round(wins / games, 4),
        "wilson95": [round(lo, 4), round(hi, 4)],
        # a seed won once by each (its two games mirror each other when both players
        # decide alike there); every seed split means the two may be the same player
        "seeds_split": int(((lad[:, 0] + lad[:, 1]) == 1).sum()),
        "b_skunks": int(lad[:, 2].sum()),
        "a_skunks": int(lad[:, 3].sum()),
    }
    if "margin" in arrays:
        m = arrays["margin"].astype(float).ravel()
        out["b_points_per_game"] = round(float(m.mean()), 3)
        out["b_points_per_game_se"] = round(float(m.std(ddof=1) / np.sqrt(len(m))), 3)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--a", default="master_2026_12")
    p.add_argument("--b", required=True)
    p.add_argument("--pairs", type=int, default=2000)
    p.add_argument("--seed", type=int, default=42_000)
    p.add_argument("--chunk", type=int, default=25)
    p.add_argument("--dask", action="store_true", help="a dask LocalCluster on the cores")
    p.add_argument("--workers", type=int, default=None)
    p.add_argument("--results", default="bench-results/ladders")
    p.add_argument("--out", default=None)
    p.add_argument("--report", action="store_true", help="only summarise the chunks kept")
    args = p.parse_args(argv)
    from crib.ai.players import parse_player

    parse_player(args.a), parse_player(args.b)  # a bad name fails here, not in a worker
    spec = RunSpec("ladder", args.pairs, args.seed, args.chunk, {"a": args.a, "b": args.b})
    name = re.sub(r"[^a-z0-9_.=-]+", "_", f"{args.a}-vs-{args.b}-{args.seed}")
    folder = Path(args.results) / name
    load0 = os.getloadavg()
    t0, c0 = time.perf_counter(), time.process_time()
    if args.report:
        arrays = merge_chunks(folder, spec)
    else:
        res = run(
            spec,
            folder,
            executor="dask" if args.dask else "process",
            workers=args.workers,
        )
        arrays = res.arrays
    if not arrays:
        print(f"{folder}: not every chunk is done yet")
        return 1
    out = summary(arrays, args.a, args.b, args.seed)
    if out["seeds_split"] == out["pairs"]:
        print("warning: every seed split one game each: do the two players ever differ?")
    out["wall_s"] = round(time.perf_counter() - t0, 1)
    out["loadavg_before"] = [round(x, 2) for x in load0]
    out["loadavg_after"] = [round(x, 2) for x in os.getloadavg()]
    out["command"] = "python bench/master_ladder.py " + " ".join(
        a if " " not in a else repr(a) for a in (argv if argv is not None else sys.argv[1:])
    )
    out["driver_cpu_s"] = round(time.process_time() - c0, 1)
    print(json.dumps(out, indent=1))
    if args.out:
        path = Path(args.out)
        book = json.loads(path.read_text()) if path.exists() else {}
        book[f"{args.b} vs {args.a}"] = out
        path.write_text(json.dumps(book, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
