"""The exact discard ranking in integers, for the computer's inner loop.

:func:`rank_throws_exact` returns what :func:`crib.analysis.discard.rank_throws_fast`
returns (same throws, same order, the same floats bit for bit); the reference
stays there and ``tests/test_ai.py`` checks the two equal on thousands of sixes.
It is faster because it works on whole numbers and caches what depends on ranks
only:

* the kept hand's points summed over the 46 unseen starters are
  ``sum_r u[r] * R5(keep + r)`` (``u[r]`` unseen cards of rank r, ``R5`` the
  rank points of five ranks) plus the flush and nobs terms, which depend on
  the suit counts only;
* the crib total over every (opponent pair, starter) completion is
  ``3 * sum_m W(m, u) * R5(throw + m)`` over the 455 multisets m of three
  ranks (``W`` the ways to draw m from the unseen cards) plus the same flush
  and nobs count as :func:`crib.analysis.crib_models.crib_numerators`;
* the thrown pair's own points with each starter likewise.

The means are the same integer quotients (``total / 46``, ``total /
completions``), and Python's and numpy's divisions of integers below 2**53 are
both correctly rounded, so every float equals the reference's.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations
from math import comb

import numpy as np

from crib.analysis.crib_models import MS3_CODE, multiset_weights
from crib.analysis.discard_fast import TIE_EPS, order_indices, own_points_table
from crib.analysis.tables import rank5_table
from crib.rules.cards import Card
from crib.rules.constants import JACK

__all__ = ["rank_throws_exact", "best_throw_exact"]

_PAIRS = tuple(combinations(range(6), 2))
_KEEPS = tuple(tuple(k for k in range(6) if k not in p) for p in _PAIRS)
_N = 46  # unseen starters after a six
_COMPLETIONS = comb(_N, 2) * (_N - 2)


@cache
def _r5() -> list[int]:
    return rank5_table().tolist()


@cache
def _own3() -> list[int]:
    return own_points_table().tolist()


@lru_cache(maxsize=1 << 12)
def _hand_vec(keep: tuple[int, int, int, int]) -> tuple[int, tuple[int, ...]]:
    """(4 * sum_r v[r], v) with v[r] = R5(keep + r), ``keep`` four 0-based ranks.

    With u[r] = 4 - (rank-r cards in the six), sum_r u[r] * v[r] is the first
    minus v[r] for each card of the six.
    """
    r5 = _r5()
    base = (((keep[0] * 13 + keep[1]) * 13 + keep[2]) * 13 + keep[3]) * 13
    v = tuple(r5[base + r] for r in range(13))
    return 4 * sum(v), v


@lru_cache(maxsize=1 << 8)
def _own_vec(a: int, b: int) -> tuple[int, tuple[int, ...]]:
    """The same for the thrown pair's own points: three-rank points of (a, b, r)."""
    t = _own3()
    base = (a * 13 + b) * 13
    v = tuple(t[base + r] for r in range(13))
    return 4 * sum(v), v


@lru_cache(maxsize=1 << 14)
def _crib_rank_sums(u: tuple[int, ...], pairs: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """sum_m W(m, u) * R5(a, b, m) for each rank pair (a, b), u unseen per rank.

    ``pairs`` follow from ``u`` (the six's ranks), so the cache is by rank multiset.
    """
    w = multiset_weights(np.array(u, dtype=np.int64))
    p = np.array(pairs, dtype=np.int64).reshape(-1, 2)
    codes = (p[:, 0:1] * 13 + p[:, 1:2]) * 2197 + MS3_CODE[None, :]
    return tuple((rank5_table()[codes].astype(np.int64) @ w).tolist())


def _ev_safety(six: Sequence[Card], dealer: bool) -> tuple[list[float], list[float]]:
    """ev and safety of the 15 splits, in ``_PAIRS`` order (see the module doc)."""
    idx = [c.index for c in six]
    rk = [i >> 2 for i in idx]
    st = [i & 3 for i in idx]
    u = [4] * 13
    us = [13] * 4
    for r, s in zip(rk, st, strict=True):
        u[r] -= 1
        us[s] -= 1
    ut = tuple(u)
    # unseen jacks the opponent may throw, each with a starter of its suit
    held_jack_suits = {s for r, s in zip(rk, st, strict=True) if r == JACK}
    unseen_jacks = sum((us[s] - 1) * (_N - 2) for s in range(4) if s not in held_jack_suits)
    pair_ranks = [tuple(sorted((rk[a], rk[b]))) for a, b in _PAIRS]
    distinct = tuple(sorted(set(pair_ranks)))
    crib_rank = dict(zip(distinct, _crib_rank_sums(ut, distinct), strict=True))
    ev: list[float] = []
    safety: list[float] = []
    sign = 1.0 if dealer else -1.0
    for (a, b), keep, pr in zip(_PAIRS, _KEEPS, pair_ranks, strict=True):
        kr = sorted(rk[k] for k in keep)
        hand, hv = _hand_vec((kr[0], kr[1], kr[2], kr[3]))
        for r in rk:
            hand -= hv[r]
        ks = st[keep[0]]
        if st[keep[1]] == ks and st[keep[2]] == ks and st[keep[3]] == ks:
            hand += 4 * _N + us[ks]
        for k in keep:
            if rk[k] == JACK:
                hand += us[st[k]]
        own, ov = _own_vec(pr[0], pr[1])
        for r in rk:
            own -= ov[r]
        crib = 3 * crib_rank[pr] + unseen_jacks
        if st[a] == st[b]:
            crib += 15 * comb(us[st[a]], 3)
        for t in (a, b):
            if rk[t] == JACK:
                own += us[st[t]]
                crib += us[st[t]] * comb(_N - 1, 2)
        hand_ev = hand / _N
        ev.append(hand_ev + sign * (crib / _COMPLETIONS))
        safety.append(hand_ev + sign * (own / _N))
    return ev, safety


def rank_throws_exact(
    six: Sequence[Card], dealer: bool
) -> list[tuple[tuple[Card, Card], tuple[Card, ...], float, float]]:
    """(throw, keep, ev, safety) best first: :func:`rank_throws_fast`'s ranking, in integers."""
    ev, safety = _ev_safety(six, dealer)
    out = []
    for i in order_indices(ev, safety):
        a, b = _PAIRS[i]
        out.append(((six[a], six[b]), tuple(six[k] for k in _KEEPS[i]), ev[i], safety[i]))
    return out


def best_throw_exact(six: Sequence[Card], dealer: bool) -> tuple[Card, Card]:
    """The first throw of :func:`rank_throws_exact` without ordering the other 14.

    ``order_indices`` sorts by ev, takes the run of throws within ``TIE_EPS``
    of the top and orders it by safety; its first element is the minimum of
    that run by (-safety, -ev, index), on the same 9-decimal roundings.
    """
    ev, safety = _ev_safety(six, dealer)
    evr = [round(x, 9) for x in ev]
    sfr = [round(x, 9) for x in safety]
    top = min(range(15), key=lambda i: (-evr[i], -sfr[i], i))
    run = [i for i in range(15) if evr[top] - evr[i] <= TIE_EPS]
    a, b = _PAIRS[min(run, key=lambda i: (-sfr[i], -evr[i], i))]
    return six[a], six[b]
