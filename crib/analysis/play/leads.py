"""The Master's lead from every four it could keep: a table for reading the opponent's lead
(issue #42).

The pone leads first, from four cards.  The proxy of :mod:`crib.analysis.play.evidence`
(the Expert's values) says little about which four lead a given rank; the Master's own
lead says more.  :func:`lead_margins` solves it as the Master does
(:func:`crib.analysis.play.analyze_play`, ``MASTER.play``, the dealer's holdings
weighted by the Expert's keeps), for a kept four and a starter, away from 121, without
the pone's two thrown cards (so that the table has one row per four and starter: the
real lead also knows the throw).  ``data/lead_margins_master.csv`` holds every four and
starter rank, 23,647 of them; :func:`build` made it, by the command in its first line
(exact, so no seed).

:func:`lead_probabilities` turns the margins into the chance of leading each rank,
a softmax at :data:`LEAD_TEMPERATURE` points mixed with :data:`LEAD_FLOOR` of a lead
chosen uniformly by card, so that a lead the table does not expect stays possible.

>>> p = lead_probabilities()
>>> key = lead_key((5, 5, 10, 13))
>>> round(float(p[key, 12 - 1].sum()), 9)  # starter a queen: the four leads sum to 1
1.0
>>> float(p[key, 12 - 1, 5 - 1]) < float(p[key, 12 - 1, 13 - 1])  # a 5 lead is rare
True
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np

from crib.rules.cards import RANK_CHARS, SUITS, Card

__all__ = [
    "LEAD_FLOOR",
    "LEAD_TEMPERATURE",
    "TABLE",
    "build",
    "fours",
    "lead_key",
    "lead_margins",
    "lead_row",
    "lead_probabilities",
    "packed_keys",
]

TABLE = Path(__file__).resolve().parents[3] / "data" / "lead_margins_master.csv"
LEAD_TEMPERATURE = 0.05  # points (bench/lead_fit.py)
LEAD_FLOOR = 0.05  # the share of a lead chosen uniformly by card (bench/lead_fit.py)
COMMAND = "python -m crib.analysis.play.leads --out data/lead_margins_master.csv --workers 2"


def fours() -> list[tuple[int, ...]]:
    """Every rank multiset of four cards (at most four of a rank), sorted: 1,820."""
    return [k for k in combinations_with_replacement(range(1, 14), 4) if max(map(k.count, k)) <= 4]


@cache
def packed_keys() -> np.ndarray:
    """Each of :func:`fours` packed as the compiled solver packs holdings (rank r adds
    ``1 << 4r``), in the order of :func:`fours` (not sorted)."""
    return np.array([sum(1 << (4 * r) for r in k) for k in fours()], dtype=np.int64)


@cache
def _index() -> dict[tuple[int, ...], int]:
    return {k: i for i, k in enumerate(fours())}


def lead_key(ranks: Sequence[int]) -> int:
    """The row of a four (ranks in any order) in :func:`lead_probabilities`."""
    return _index()[tuple(sorted(ranks))]


def lead_row(ranks: Sequence[int]) -> int | None:
    """:func:`lead_key`, or None for ranks that are not a four a deck holds."""
    return _index().get(tuple(sorted(ranks)))


def _cards(four: tuple[int, ...], starter: int) -> tuple[list[Card], Card]:
    used: dict[int, int] = {}
    hand = []
    for r in four:
        hand.append(Card(r, SUITS[used.get(r, 0)]))
        used[r] = used.get(r, 0) + 1
    return hand, Card(starter, SUITS[used.get(starter, 0)])


def lead_margins(four: tuple[int, ...], starter: int) -> dict[int, float]:
    """The Master's expected pegging margin of leading each rank of ``four`` (pone, the
    dealer's holdings weighted by the Expert's keeps), with ``starter``'s rank turned."""
    from crib.analysis.models import MASTER
    from crib.analysis.play.analysis import analyze_play
    from crib.rules.position import PeggingPosition

    hand, st = _cards(four, starter)
    a = analyze_play(PeggingPosition(hand, starter=[st]), MASTER.play, opp_dealer=True)
    return {o.card.rank: o.margin for o in a.options if o.card is not None}


def _row(job: tuple[tuple[int, ...], int]) -> tuple[tuple[int, ...], int, dict[int, float]]:
    four, starter = job
    return four, starter, lead_margins(four, starter)


def _jobs() -> list[tuple[tuple[int, ...], int]]:
    return [(k, s) for k in fours() for s in range(1, 14) if k.count(s) < 4]


def build(out: Path, workers: int = 1) -> int:
    """Solve every four and starter and write the table; the rows written."""
    from multiprocessing import Pool

    jobs = _jobs()
    with Pool(workers) as pool:
        rows = pool.map(_row, jobs, chunksize=64)
    with out.open("w", newline="") as f:
        f.write(f"# {COMMAND}\n")
        w = csv.writer(f)
        w.writerow(["four", "starter", "margins"])
        for four, starter, m in rows:
            ranks = " ".join(RANK_CHARS[r - 1] for r in four)
            w.writerow([ranks, RANK_CHARS[starter - 1], " ".join(f"{m[r]:.4f}" for r in sorted(m))])
    return len(rows)


@cache
def _margins() -> np.ndarray:
    """four x starter x rank margins from :data:`TABLE` (nan: not held, or no such row)."""
    m = np.full((len(fours()), 13, 13), np.nan)
    with TABLE.open() as f:
        rows = csv.reader(line for line in f if not line.startswith("#"))
        next(rows)
        for ranks, starter, margins in rows:
            four = tuple(sorted(RANK_CHARS.index(r) + 1 for r in ranks.split()))
            held = sorted(set(four))
            for r, v in zip(held, margins.split(), strict=True):
                m[lead_key(four), RANK_CHARS.index(starter), r - 1] = float(v)
    return m


@cache
def lead_probabilities(
    temperature: float = LEAD_TEMPERATURE, floor: float = LEAD_FLOOR
) -> np.ndarray:
    """four x starter x rank: the chance that a Master holding the four (row
    :func:`lead_key`) leads each rank (0 for ranks it does not hold), with each starter."""
    m = _margins()
    counts = np.zeros((len(fours()), 13))
    for i, k in enumerate(fours()):
        for r in k:
            counts[i, r - 1] += 1
    held = ~np.isnan(m)
    top = np.nanmax(np.where(held, m, -np.inf), axis=2, keepdims=True)
    soft = np.where(held, np.exp((np.where(held, m, 0.0) - top) / temperature), 0.0)
    total = soft.sum(axis=2, keepdims=True)
    soft = np.divide(soft, total, out=np.zeros_like(soft), where=total > 0)
    uniform = counts[:, None, :] / 4.0
    return np.where(total > 0, (1 - floor) * soft + floor * uniform, 0.0)


def main(argv: Sequence[str] | None = None) -> int:
    import argparse

    p = argparse.ArgumentParser(description="Solve the Master's lead for every four and starter")
    p.add_argument("--out", type=Path, default=TABLE)
    p.add_argument("--workers", type=int, default=1)
    args = p.parse_args(argv)
    n = build(args.out, args.workers)
    print(f"{n} rows -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
