"""The vectorised throw engine behind :mod:`crib.analysis.discard`.

The 15 splits of a six as numpy arrays (kept-hand scores over every unseen
starter, the thrown pair's own points), the ranking rule (:func:`order_indices`:
by ev, near-ties by safety) and :func:`rank_throws_fast`, the exact-model ranking
as floats for the computer opponent's inner loop.  ``crib.analysis.discard``
builds its exact :class:`~crib.analysis.discard.Throw` records on the same
arrays and re-exports every name here.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Any

import numpy as np

from crib.analysis.tables import JACK, bonus_table, hand_codes, hand_patterns, rank5_table
from crib.rules.cards import Card
from crib.rules.scoring import rank_points

__all__ = [
    "TIE_EPS",
    "own_points_table",
    "keep_scores",
    "throw_counts",
    "fraction",
    "order_indices",
    "ordered_by_win",
    "rank_throws_fast",
]

TIE_EPS = 0.001  # throws whose ev lies within this are ordered by safety


@cache
def own_points_table() -> np.ndarray:
    """Rank points (fifteens, pairs, a run) of three cards, by base-13 rank code.

    Filled from the reference scorer's component finders.
    """
    t = np.zeros(13**3, dtype=np.int64)
    for a in range(13):
        for b in range(13):
            for c in range(13):
                t[(a * 13 + b) * 13 + c] = rank_points([a + 1, b + 1, c + 1])
    t.setflags(write=False)
    return t


_PAIRS = list(combinations(range(6), 2))
_PAIRS_ARR = np.array(_PAIRS)
_KEEP_POS = np.array([[k for k in range(6) if k not in p] for p in _PAIRS])


def _own_sums(throws: np.ndarray, starters: np.ndarray) -> np.ndarray:
    """Per throw, the sum over the starters of the thrown pair + starter's points (incl. nobs)."""
    r = throws >> 2
    code = (r[:, 0:1] * 13 + r[:, 1:2]) * 13 + (starters[None, :] >> 2)
    pts = own_points_table()[code].sum(axis=1)
    for j in range(2):
        jack = (throws[:, j] >> 2) == JACK
        same = (throws[:, j : j + 1] & 3) == (starters[None, :] & 3)
        pts += (jack[:, None] & same).sum(axis=1)
    return pts


def keep_scores(keeps: np.ndarray, starters: np.ndarray) -> np.ndarray:
    """Show scores (a hand, not a crib) of each kept four ``keeps`` (K, 4) with each
    starter ``starters`` (S,), as a (K, S) array.

    :func:`crib.analysis.tables.score_indices` on every (four, starter) pair, with
    each four's rank code and suit pattern computed once rather than once per starter
    (tests/test_discard_fast.py checks it equal on every four and starter).
    """
    code = hand_codes(keeps) * 13
    ranks = rank5_table()[code[:, None] + (starters >> 2)[None, :]].astype(np.int64)
    return ranks + bonus_table(False)[hand_patterns(keeps)[:, None], starters[None, :]]


def _throw_arrays(six: Sequence[Card]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For the 15 splits of a six (in ``_PAIRS`` order): thrown card indices,
    unseen starters, kept-hand scores (15, starters) and own-point sums (15,)."""
    idx = np.array([c.index for c in six], dtype=np.int64)
    throw_idx = idx[_PAIRS_ARR]
    keep_idx = idx[_KEEP_POS]
    free = np.ones(52, dtype=bool)
    free[idx] = False
    unseen = np.flatnonzero(free)  # ascending, as np.setdiff1d(np.arange(52), idx)
    return throw_idx, unseen, keep_scores(keep_idx, unseen), _own_sums(throw_idx, unseen)


def throw_counts(scores: np.ndarray) -> tuple[list[int], list[tuple[int, ...]]]:
    """Per row of kept-hand scores (K, starters): the sum, and how many starters give
    each score 0..29 (``np.bincount(row, minlength=30)[:30]``), in one numpy call each."""
    k = scores.shape[0]
    counts = np.bincount((scores + 30 * np.arange(k)[:, None]).ravel(), minlength=30 * k)
    return scores.sum(axis=1).tolist(), [tuple(r) for r in counts.reshape(k, 30).tolist()]


@cache
def fraction(num: int, den: int) -> Fraction:
    """``Fraction(num, den)``, made once per pair (the same few hundred recur: the
    denominators are starter counts)."""
    return Fraction(num, den)


def order_indices(evs: Sequence[float], safeties: Sequence[float]) -> list[int]:
    """Ranking order: by ev, best first; runs within TIE_EPS of their top by safety.

    Works on Fractions or floats: keys are rounded to 9 decimals so that exact
    ties stay ties under float noise; remaining ties keep the input order.
    """
    ev = [round(float(x), 9) for x in evs]
    sf = [round(float(x), 9) for x in safeties]
    by_ev = sorted(range(len(ev)), key=lambda i: (-ev[i], -sf[i], i))
    out: list[int] = []
    i = 0
    while i < len(by_ev):
        j = i + 1
        while j < len(by_ev) and ev[by_ev[i]] - ev[by_ev[j]] <= TIE_EPS:
            j += 1
        out += sorted(by_ev[i:j], key=lambda k: (-sf[k], -ev[k], k))
        i = j
    return out


def ordered_by_win(throws: Sequence[Any]) -> tuple[Any, ...]:
    """Throws (records with ``p_win`` and ``total``) by P(win), near-ties by total value;
    throws whose ``p_win`` was not computed (None) follow, by total value."""
    have = [t for t in throws if t.p_win is not None]
    rest = [t for t in throws if t.p_win is None]
    first = order_indices([t.p_win for t in have], [t.total for t in have])
    by_total = sorted(range(len(rest)), key=lambda i: (-round(rest[i].total, 9), i))
    return tuple([have[i] for i in first] + [rest[i] for i in by_total])


def rank_throws_fast(
    six: Sequence[Card], dealer: bool
) -> list[tuple[tuple[Card, Card], tuple[Card, ...], float, float]]:
    """The exact-model ranking as floats, for the computer opponent's inner loop.

    Returns (throw, keep, ev, safety) best first.  Tested equal to
    :func:`analyze_discard` (same order, same values to 1e-12).
    """
    from crib.analysis.crib_models import crib_numerators

    throw_idx, unseen, scores, own_sums = _throw_arrays(six)
    n = len(unseen)
    hand_ev = scores.sum(axis=1) / n
    nums, denom = crib_numerators([c.index for c in six], throw_idx.tolist())
    crib_ev = nums / denom
    own = own_sums / n
    sign = 1.0 if dealer else -1.0
    ev = (hand_ev + sign * crib_ev).tolist()
    safety = (hand_ev + sign * own).tolist()
    out = []
    for i in order_indices(ev, safety):
        a, b = _PAIRS[i]
        out.append(((six[a], six[b]), tuple(six[k] for k in _KEEP_POS[i]), ev[i], safety[i]))
    return out
