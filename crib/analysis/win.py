"""The win table: P(the player about to deal wins) from every score, by backward induction.

A position is (dealer's score, pone's score) before the cards are dealt.  A
deal adds points in counting order: his heels (dealer), each pegging score
in play order, the pone's hand, the dealer's hand, the crib.  Whoever reaches
121 first wins at once.  From measured deals (each a list of scoring actions)
the table follows exactly, position by position in decreasing total score:

    W(d, p) = P(dealer reaches 121 first in this deal)
              + sum over deals that end nobody's game of (1 - W(p + P, d + D))

(the pone deals next, so the old dealer's chance is 1 - W of the new
position).  A deal always adds at least one point (the last card pegs), so
every W on the right is at a larger total.  Skunks (loser < 91) and double
skunks (< 61) follow the same recursion.

>>> ev = np.array([[1, -1], [2, 0]], dtype=np.int8)   # two toy deals
>>> t = induce_win_table(ev)
>>> float(t.p_win[120, 120])   # the dealer pegs first in both
1.0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from crib.errors import CribError
from crib.rules.checks import check_scores
from crib.rules.constants import WIN

__all__ = [
    "WIN",
    "WinTable",
    "induce_win_table",
    "win_probability",
    "win_table",
    "deal_distributions",
    "p_win_after_throw",
]

_BIG = 10_000
_H = 128  # histogram size for a deal's totals


@dataclass(frozen=True)
class WinTable:
    """121 x 121 arrays indexed [dealer score, pone score] (before the deal)."""

    p_win: np.ndarray  # the dealer-to-be wins
    win_skunk: np.ndarray  # ... and the loser ends below 91
    win_double: np.ndarray  # ... below 61
    lose_skunk: np.ndarray  # the dealer-to-be loses with < 91
    lose_double: np.ndarray
    deals: int


def _first_reach(cum: np.ndarray) -> np.ndarray:
    """(N, 122): the first event index where ``cum`` reaches need (1..121), _BIG if never."""
    n = cum.shape[0]
    out = np.full((n, WIN + 1), _BIG, dtype=np.int64)
    top = cum[:, -1]
    for need in range(1, WIN + 1):
        hit = top >= need
        if not hit.any():
            break
        out[hit, need] = np.argmax(cum[hit] >= need, axis=1)
    return out


def _mid_hand(events: np.ndarray) -> tuple[np.ndarray, ...]:
    """Sums over deals of: dealer wins / pone wins during the deal, with skunk kinds."""
    ev = events.astype(np.int64)
    n, w = ev.shape
    z = np.zeros((n, 1), dtype=np.int64)
    cum_d = np.concatenate([z, np.cumsum(np.where(ev > 0, ev, 0), axis=1)], axis=1)
    cum_p = np.concatenate([z, np.cumsum(np.where(ev < 0, -ev, 0), axis=1)], axis=1)
    t_d, t_p = _first_reach(cum_d), _first_reach(cum_p)
    scores = np.arange(WIN)
    mats = [np.zeros((WIN, WIN)) for _ in range(6)]  # dwin, dsk, ddbl, pwin, psk, pdbl
    for d in range(WIN):
        need = WIN - d
        rows = np.flatnonzero(t_d[:, need] < _BIG)
        if len(rows):
            td = t_d[rows, need][:, None]
            tp = t_p[rows][:, WIN - scores]  # (r, 121) over pone scores p
            won = td < tp
            other = cum_p[rows, t_d[rows, need]][:, None] + scores[None, :]
            mats[0][d] = won.sum(axis=0)
            mats[1][d] = (won & (other < 91)).sum(axis=0)
            mats[2][d] = (won & (other < 61)).sum(axis=0)
    for p in range(WIN):
        need = WIN - p
        rows = np.flatnonzero(t_p[:, need] < _BIG)
        if len(rows):
            tp = t_p[rows, need][:, None]
            td = t_d[rows][:, WIN - scores]  # over dealer scores d
            won = tp < td
            other = cum_d[rows, t_p[rows, need]][:, None] + scores[None, :]
            mats[3][:, p] = won.sum(axis=0)
            mats[4][:, p] = (won & (other < 91)).sum(axis=0)
            mats[5][:, p] = (won & (other < 61)).sum(axis=0)
    return tuple(mats)


def induce_win_table(events: np.ndarray) -> WinTable:
    """Backward induction over 121 x 121 positions from measured deals.

    ``events`` is (deals, width) int8: each scoring action of a deal in
    counting order, +points for the dealer, -points for the pone, 0 padding.
    """
    events = np.asarray(events)
    n = len(events)
    if n == 0:
        raise CribError("no deals to build a win table from")
    ev = events.astype(np.int64)
    tot_d = np.where(ev > 0, ev, 0).sum(axis=1)
    tot_p = np.where(ev < 0, -ev, 0).sum(axis=1)
    if (tot_d + tot_p < 1).any():
        raise CribError("every deal scores at least one point (the last card)")
    h = np.zeros((_H, _H))
    np.add.at(h, (np.minimum(tot_d, _H - 1), np.minimum(tot_p, _H - 1)), 1.0)
    h /= n
    dwin, dsk, ddbl, pwin, psk, pdbl = (m / n for m in _mid_hand(events))
    # stack: 0 p_win, 1 win_skunk, 2 lose_skunk, 3 win_double, 4 lose_double
    t = np.zeros((5, WIN, WIN))
    mid = np.stack([dwin, dsk, psk, ddbl, pdbl])
    swap = [0, 2, 1, 4, 3]  # after the deal the roles swap: my win-skunk is their lose-skunk
    hmax_d = int(np.max(np.flatnonzero(h.any(axis=1)))) + 1
    hmax_p = int(np.max(np.flatnonzero(h.any(axis=0)))) + 1
    for total in range(2 * (WIN - 1), -1, -1):
        for d in range(max(0, total - (WIN - 1)), min(WIN - 1, total) + 1):
            p = total - d
            nd, np_ = min(WIN - d, hmax_d), min(WIN - p, hmax_p)
            hs = h[:nd, :np_]  # [D, P]
            nxt = t[:, p : p + np_, d : d + nd]  # [k, P, D] = value at (p + P, d + D)
            cont = np.einsum("dp,kpd->k", hs, nxt)
            cont_mass = hs.sum()
            v = mid[:, d, p] + cont[swap]
            v[0] = dwin[d, p] + cont_mass - cont[0]
            t[:, d, p] = v
    return WinTable(t[0], t[1], t[3], t[2], t[4], n)


@cache
def win_table() -> np.ndarray:
    """The shipped 121 x 121 table (``data/win_table.csv``), [dealer score, pone score]."""
    from crib.datafiles import data_path

    # numpy, not pandas: a page's first graded move reads it (pandas: 0.3 s more a kernel)
    raw = np.loadtxt(data_path("win_table.csv"), delimiter=",", skiprows=1, ndmin=2)
    a = raw[:, 1:]
    if a.shape != (WIN, WIN) or not np.array_equal(raw[:, 0], np.arange(WIN)):
        raise CribError(f"win_table.csv must be 121 x 121 by dealer score 0-120, got {a.shape}")
    a.setflags(write=False)
    return a


def win_probability(dealer_score: int, pone_score: int) -> float:
    """P(the player about to deal wins), both sides playing the Expert, before the deal.

    From the shipped table (``crib selfplay win`` regenerates it).

    >>> 0.5 < win_probability(0, 0) < 0.6
    True
    >>> win_probability(0, 121)
    Traceback (most recent call last):
    ...
    crib.errors.ScoreError: scores must be 0..120 (nobody has won yet), got dealer 0, pone 121
    """
    d, p = check_scores((dealer_score, pone_score), got=f"dealer {dealer_score}, pone {pone_score}")
    return float(win_table()[d, p])


@cache
def deal_distributions() -> dict[str, np.ndarray]:
    """Measured per-deal distributions (``data/deal_distributions.json``).

    ``peg`` [dealer points, pone points] joint; ``hand_dealer``, ``hand_pone``
    and ``crib`` by points; all normalised.
    """
    import json

    from crib.datafiles import data_path

    raw = json.loads(data_path("deal_distributions.json").read_text())
    return {k: np.asarray(raw[k], dtype=float) for k in ("peg", "hand_dealer", "hand_pone", "crib")}


def p_win_after_throw(
    hand_counts: np.ndarray, crib_counts: np.ndarray, dealer: bool, me: int, opp: int
) -> float:
    """P(I win the game) after my throw, at scores ``me``-``opp`` before this deal.

    Counting order: the pegging (the measured joint distribution of both
    sides' pegging; when both would pass 121 in it, the order is unknown and
    counts one half), then the pone's hand, the dealer's hand, the crib; then
    the win table for the next deal.  My hand follows ``hand_counts`` (over the
    46 starters), the crib ``crib_counts``; the opponent's hand and the
    pegging come from Expert self-play.  The parts are taken as independent.
    """
    dist = deal_distributions()
    w = win_table()
    h = np.asarray(hand_counts, dtype=float)
    h = h / h.sum()
    c = np.asarray(crib_counts, dtype=float)
    c = c / c.sum()
    if dealer:
        peg = dist["peg"]  # [my (dealer) points, their points]
        mine = np.convolve(h, c)  # my hand and my crib count one after the other
        theirs = dist["hand_pone"]
    else:
        peg = dist["peg"].T  # [my (pone) points, their (dealer) points]
        mine = h
        theirs = np.convolve(dist["hand_dealer"], c)  # their hand, then their crib
    mv = np.flatnonzero(mine)
    tv = np.flatnonzero(theirs)
    pm, pt = mine[mv], theirs[tv]
    total = 0.0
    for m, o in zip(*np.nonzero(peg), strict=True):
        q = float(peg[m, o])
        a, b = me + m, opp + o
        if a >= WIN and b >= WIN:
            total += 0.5 * q
            continue
        if a >= WIN:
            total += q
            continue
        if b >= WIN:
            continue
        if dealer:
            # the pone (them) counts first: their hand alone can win
            ob = b + tv  # their score after their hand
            alive = ob < WIN
            ma = a + mv  # my score after hand + crib
            win_now = ma >= WIN
            nxt = 1.0 - w[np.minimum(ob[alive], WIN - 1)[:, None], np.minimum(ma, WIN - 1)[None, :]]
            val = np.where(win_now[None, :], 1.0, nxt)
            total += q * float(pt[alive] @ val @ pm)
        else:
            ma = a + mv  # my hand counts first
            win_now = ma >= WIN
            ob = b + tv
            lose = ob >= WIN
            nxt = w[np.minimum(ma, WIN - 1)[:, None], np.minimum(ob, WIN - 1)[None, :]]
            val = np.where(lose[None, :], 0.0, nxt)  # [my, their]
            val = np.where(win_now[:, None], 1.0, val)
            total += q * float(pm @ val @ pt)
    return float(total)
