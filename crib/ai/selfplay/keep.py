"""The keep-frequency experiment: which four ranks an Expert keeps, by seat.

Item ``i`` of a run with master seed ``s`` deals a six from
``numpy.random.default_rng([s, 6, i])`` and records the rank multiset the
Expert keeps from it as the dealer (seat 0) and as the pone (seat 1).  Summed
over items, ``kept[seat, j]`` counts how often keep ``KEEP_LIST[j]`` (the 1,820
rank multisets, in ``combinations_with_replacement`` order) was kept.

:func:`keep_frame` turns the counts into ``data/keep_frequencies.csv``: per
seat and keep, the frequency, its prior (the share of all 4-card sets of a full
deck with those ranks, what a uniformly random four would give) and the
likelihood ratio, shrunk toward 1 with a pseudo-count of :data:`SHRINK` prior
draws, that the pegging solver weights the opponent's holdings by.

Made by ``crib selfplay keep`` (see ``crib/tools/cli.py``).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import comb

import numpy as np

from crib.ai.selfplay.fastplay import opp_throw

__all__ = ["KEEP_LIST", "SHRINK", "keep_chunk", "keep_frame", "prior"]

TAG = 6  # this experiment's stream, next to the tags in experiments.py
SHRINK = 5.0  # pseudo-count (in prior draws) pulling each ratio toward 1
RANKS = "A23456789TJQK"

KEEP_LIST: tuple[tuple[int, ...], ...] = tuple(
    k for k in combinations_with_replacement(range(1, 14), 4) if max(map(k.count, k)) <= 4
)
_INDEX = {k: j for j, k in enumerate(KEEP_LIST)}


def prior(keep: tuple[int, ...]) -> float:
    """The share of the C(52, 4) four-card sets whose ranks are ``keep``."""
    w = 1
    for r in set(keep):
        w *= comb(4, keep.count(r))
    return w / comb(52, 4)


def keep_chunk(seed: int, start: int, stop: int, params: dict) -> dict[str, np.ndarray]:
    """Counts of the Expert's keeps over items ``start..stop-1`` (see the module docstring);
    with ``params["opponent"] == "master"``, the Master's keeps away from 121
    (:func:`crib.ai.selfplay.fastplay.opp_throw`, issue #42)."""
    kept = np.zeros((2, len(KEEP_LIST)), dtype=np.int64)
    for i in range(start, stop):
        rng = np.random.default_rng([seed & ((1 << 63) - 1), TAG, i])
        six = rng.choice(52, 6, replace=False).tolist()
        for seat, dealer in ((0, True), (1, False)):
            t = opp_throw(six, dealer, params)
            keep = tuple(sorted((c >> 2) + 1 for c in six if c not in t))
            kept[seat, _INDEX[keep]] += 1
    return {"kept": kept}


def keep_frame(kept: np.ndarray, n: int):  # -> pd.DataFrame
    """The table for ``data/keep_frequencies.csv`` from summed counts over ``n`` items."""
    import pandas as pd

    rows = []
    for seat, name in ((0, "dealer"), (1, "pone")):
        for j, k in enumerate(KEEP_LIST):
            p = prior(k)
            c = int(kept[seat, j])
            rows.append(
                {
                    "seat": name,
                    "keep": "-".join(RANKS[r - 1] for r in k),
                    "kept": c,
                    "freq": round(c / n, 8),
                    "prior": round(p, 8),
                    "ratio": round((c + SHRINK) / (n * p + SHRINK), 6),
                }
            )
    return pd.DataFrame(rows)
