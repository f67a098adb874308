"""The Master's lead from every four it could keep: a table for reading the opponent's lead
(issue #42).

The pone leads first, from four cards.  The proxy of :mod:`crib.analysis.play.evidence`
(the Expert's values) says little about which four lead a given rank; the Master's own
lead says more.  :func:`crib.analysis.play.first_cards.lead_margins` solves it as the
Master does (``MASTER.play``, the dealer's holdings weighted by the Expert's keeps), for
a kept four and a starter, away from 121, without the pone's two thrown cards (so that
the table has one row per four and starter: the real lead also knows the throw).
``data/lead_margins_master.csv`` holds every four and starter rank, 23,647 of them, made
by the command in its first line (exact, so no seed).

:func:`lead_probabilities` turns the margins into the chance of leading each rank,
a softmax at :data:`LEAD_TEMPERATURE` points mixed with :data:`LEAD_FLOOR` of a lead
chosen uniformly by card, so that a lead the table does not expect stays possible
(both fitted by ``bench/lead_fit.py``).

>>> p = lead_probabilities()
>>> key = lead_key((5, 5, 10, 13))
>>> round(float(p[key, 12 - 1].sum()), 9)  # starter a queen: the four leads sum to 1
1.0
>>> float(p[key, 12 - 1, 5 - 1]) < float(p[key, 12 - 1, 13 - 1])  # a 5 lead is rare
True
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement

import numpy as np

from crib.datafiles import DATA_DIR, data_path
from crib.rules.cards import RANK_CHARS

__all__ = [
    "LEAD_FLOOR",
    "LEAD_TEMPERATURE",
    "TABLE",
    "four_counts",
    "fours",
    "lead_key",
    "lead_probabilities",
    "lead_row",
    "packed_rows",
    "softmax_rows",
]

TABLE = DATA_DIR / "lead_margins_master.csv"  # read through data_path, which says if missing
LEAD_TEMPERATURE = 0.05  # points (bench/lead_fit.py)
LEAD_FLOOR = 0.05  # the share of a lead chosen uniformly by card (bench/lead_fit.py)


def fours() -> list[tuple[int, ...]]:
    """Every rank multiset of four cards (at most four of a rank), sorted: 1,820."""
    return [k for k in combinations_with_replacement(range(1, 14), 4) if max(map(k.count, k)) <= 4]


@cache
def _packed_sorted() -> tuple[np.ndarray, np.ndarray]:
    """Each of :func:`fours` packed as the compiled solver packs holdings (rank r adds
    ``1 << 4r``), sorted; and the row of :func:`fours` of each."""
    keys = np.array([sum(1 << (4 * r) for r in k) for k in fours()], dtype=np.int64)
    order = np.argsort(keys)
    return keys[order], order


def packed_rows(packed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rows of :func:`lead_probabilities` (and of the reply table) of fours packed as
    the compiled solver packs them, and which were found (a four with five of a rank is
    not): :func:`lead_row`, vectorised."""
    keys, order = _packed_sorted()
    at = np.minimum(np.searchsorted(keys, packed), len(keys) - 1)
    return order[at], keys[at] == packed


@cache
def _index() -> dict[tuple[int, ...], int]:
    return {k: i for i, k in enumerate(fours())}


def lead_key(ranks: Sequence[int]) -> int:
    """The row of a four (ranks in any order) in :func:`lead_probabilities`."""
    return _index()[tuple(sorted(ranks))]


def lead_row(ranks: Sequence[int]) -> int | None:
    """:func:`lead_key`, or None for ranks that are not a four a deck holds."""
    return _index().get(tuple(sorted(ranks)))


@cache
def four_counts() -> np.ndarray:
    """four x rank: the cards of each rank in each of :func:`fours`."""
    counts = np.zeros((len(fours()), 13))
    for i, k in enumerate(fours()):
        for r in k:
            counts[i, r - 1] += 1
    return counts


def softmax_rows(m: np.ndarray, counts: np.ndarray, temperature: float, floor: float) -> np.ndarray:
    """Margins (nan: a rank not held) along the last axis as the chance of playing each
    rank: the softmax at ``temperature`` points, mixed with ``floor`` of a card chosen
    uniformly (``counts``: cards held of each rank, broadcast to ``m``); all 0 where no
    rank is held."""
    held = ~np.isnan(m)
    top = np.max(np.where(held, m, -np.inf), axis=-1, keepdims=True)
    gap = np.where(held, m, 0.0) - np.where(held, top, 0.0)
    soft = np.where(held, np.exp(gap / temperature), 0.0)
    total = soft.sum(axis=-1, keepdims=True)
    soft = np.divide(soft, total, out=np.zeros_like(soft), where=total > 0)
    uniform = counts / counts.sum(axis=-1, keepdims=True)
    return np.where(total > 0, (1 - floor) * soft + floor * uniform, 0.0)


@cache
def _margins() -> np.ndarray:
    """four x starter x rank margins from :data:`TABLE` (nan: not held, or no such row)."""
    m = np.full((len(fours()), 13, 13), np.nan)
    with data_path(TABLE.name).open() as f:
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
    return softmax_rows(_margins(), four_counts()[:, None, :], temperature, floor)
