"""The opponent's holdings for the compiled solvers (:mod:`crib.analysis.play.jit`,
:mod:`crib.analysis.play.jit_board`): every rank multiset with its weight, packed."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from crib.analysis.play.jit_core import _VALUE, _jit
from crib.analysis.play.weights import reweigh
from crib.rules.position import PeggingPosition

__all__ = ["every_holding", "holding_arrays"]


@_jit("int64(int64[::1], int64, int64, int64, int64[:, ::1], int64[::1], int64[::1])")
def _holdings(unseen, n, og, room, ranks, hands, weights):  # type: ignore[no-untyped-def]
    """Every n-rank multiset in lexicographic order with its weight (the order of
    crib.analysis.play.holdings).

    ``unseen[r]`` cards of rank r are unseen.  Fills ``ranks`` (rows of n ranks),
    ``hands`` (packed) and ``weights``; returns how many rows.
    """
    idx = np.ones(max(n, 1), np.int64)
    k = 0
    while True:
        w = 1
        ok = True
        i = 0
        while i < n:
            r = idx[i]
            j = i
            while j < n and idx[j] == r:
                j += 1
            m = j - i
            u = unseen[r]
            if u < m:
                ok = False
                break
            c = 1
            for t in range(m):
                c = c * (u - t) // (t + 1)
            w *= c
            if og and _VALUE[r] <= room:  # crib.rules.pegging.fits, inline for speed
                ok = False
                break
            i = j
        if ok:
            h = 0
            for i in range(n):
                ranks[k, i] = idx[i]
                h += 1 << (4 * idx[i])
            hands[k] = h
            weights[k] = w
            k += 1
        # next nondecreasing tuple
        p = n - 1
        while p >= 0 and idx[p] == 13:
            p -= 1
        if p < 0:
            return k
        v = idx[p] + 1
        for i in range(p, n):
            idx[i] = v


def _unseen_counts(pos: PeggingPosition) -> np.ndarray:
    u = np.zeros(14, np.int64)
    for c in pos.unseen():
        u[c.rank] += 1
    return u


def every_holding(
    unseen: np.ndarray, n: int, og: bool, room: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every ``n``-rank multiset of the ``unseen`` cards (``unseen[r]`` of rank r, 1..13)
    in the order of ``crib.analysis.play.holdings``: (rows of ranks, packed hands, how many
    card sets each is).  ``og``: the holder said go with ``room`` left, so no card of a
    holding fits in it."""
    cap = 1820  # C(13 + 4 - 1, 4): the most rank multisets of 4
    ranks = np.zeros((cap, max(n, 1)), np.int64)
    hands = np.zeros(cap, np.int64)
    weights = np.zeros(cap, np.int64)
    k = _holdings(unseen, n, 1 if og else 0, room, ranks, hands, weights)
    return ranks[:k], hands[:k], weights[:k]


def holding_arrays(
    pos: PeggingPosition,
    factor: Callable[[tuple[int, ...]], float] | None = None,
    sample: int | None = None,
    counts: dict | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every consistent holding: (rows of ranks, packed hands, weights), in the order of
    ``crib.analysis.play.holdings``, weighted by ``factor`` and drawn down to ``sample``
    (:func:`crib.analysis.play.weights.reweigh`).  ``counts``, if given, receives the
    holdings' number (``"holdings"``) and card sets (``"combos"``) before any weighting."""
    count = sum(c.value for c in pos.pile)
    ranks, hands, weights = every_holding(
        _unseen_counts(pos), pos.opp_count, pos.opp_go, 31 - count
    )
    if counts is not None:
        counts["holdings"], counts["combos"] = len(weights), int(weights.sum())
    return reweigh(pos, ranks, hands, weights, factor, sample)
