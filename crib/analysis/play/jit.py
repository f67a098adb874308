"""Compiled (numba) minimax for exact pegging analysis: the fast path of issue 17.

:func:`minimax_rows` gives exactly what ``crib.analysis.play.minimax_by_holding``
gives (same holdings, same order, same integers) from a negamax compiled with
numba.  The pure-Python solver stays the reference; the tests compare both on
every holding of random positions of every size.

How the kernel works:

* a state is plain integers only: both hands as 4-bit counts per rank
  (rank ``r`` at bits ``4r .. 4r+3``), the pile as (count, tail, streak) with
  the tail (its longest suffix of distinct ranks) packed 4 bits per rank, the
  last card in the lowest nibble;
* fail-soft alpha-beta; every root option and every holding is searched with a
  full window, so the values the caller sees are exact, and pruning happens
  only below them;
* states with 3 cards left in both hands (``_MEMO_FROM`` to ``_MEMO_CARDS``)
  go through an exact transposition table shared by every holding of one
  analysis (their pile tail cut to what a future pair or run can still use,
  as in the Python solver); it searches them with a full window, so the table
  holds exact values only;
* a node's cards come from a leading-zero count over the packed hand: the
  cards that make 15, 31 or a pair first, then high cards first (they cut off
  more; the order changes no value), and each level's move loop is inlined.

Compiled code is cached on disk (``cache=True``); :func:`warm` compiles (or
loads) everything up front.  Without a working numba, :func:`available` says
so once with a warning and callers use the pure-Python solver.

>>> from crib.rules.position import PeggingPosition
>>> pos = PeggingPosition.parse("hand 5H 6D | pile KS 4C | previous 2C 3C AS | starter 7S | opp 1")
>>> rows = minimax_rows(pos)
>>> from crib.analysis.play.holdings import holdings
>>> [(h, w) for h, w, _row in rows] == list(holdings(pos)), rows[0][0]
(True, (1,))
"""

from __future__ import annotations

import warnings
from collections.abc import Callable

import numpy as np

from crib.analysis.play import jit_core
from crib.analysis.play.jit_core import (
    _END,
    _FIT,
    _GL_RESET,
    _IMPORT_ERROR,
    _INF,
    _MEMO_BITS,
    _MOVER,
    _RESET_MOVER,
    _RESET_OTHER,
    _after_card,
    _after_go,
    _jit,
    _step,
)
from crib.analysis.play.jit_holdings import holding_arrays
from crib.analysis.play.jit_levels import _node
from crib.rules.cards import Card
from crib.rules.position import PeggingPosition

__all__ = [
    "available",
    "holding_arrays",
    "warm",
    "minimax_rows",
    "minimax_summary",
    "expected_margins",
    "solve_hands",
    "weighted_rows",
]


@_jit(
    "void(int64, int64, int64[::1], int64[::1], int64, int64, int64, int64, int64, int64[::1], "
    "int64[:, :, ::1], int64[::1], int64)"
)
def _solve(mine, na, hands, nbs, count, tail, streak, og, last, opts, out, memo, stamp):  # type: ignore[no-untyped-def]
    """(now, future) of every root option (rank, 0 for go) against every holding.

    Every root option is searched with a full window: its value is exact.
    """
    memo[0] = stamp  # the table's first word; the kernels see the table after it
    mp = memo.ctypes.data + 8
    gl = og | ((last + 1) << 1)
    for i in range(hands.shape[0]):
        b = hands[i]
        nb = nbs[i]
        for j in range(opts.shape[0]):
            r = opts[j]
            if r == 0:
                # go: the node itself says go (the mover has no card that fits)
                total = _node(na + nb, mine, b, count, tail, streak, gl, -_INF, _INF, mp)
                now, _oc = _after_go(b & _FIT[31 - count], og, last, na, nb)
            else:
                pts, c, nt, ns = _step(count, tail, streak, r)
                a2 = mine - (1 << (4 * r))
                n = na - 1 + nb
                extra, oc = _after_card(c, na - 1, nb, og)
                pts += extra
                if oc == _END:
                    total = pts
                elif oc == _RESET_OTHER:
                    total = pts - _node(n, b, a2, 0, 0, 0, _GL_RESET, -_INF, _INF, mp)
                elif oc == _RESET_MOVER:
                    total = pts + _node(n, a2, b, 0, 0, 0, _GL_RESET, -_INF, _INF, mp)
                elif oc == _MOVER:
                    total = pts + _node(n, a2, b, c, nt, ns, og | 4, -_INF, _INF, mp)
                else:
                    total = pts - _node(n, b, a2, c, nt, ns, 0, -_INF, _INF, mp)
                now = pts
            out[i, j, 0] = now
            out[i, j, 1] = total - now


_NOW0 = 8  # points now (-1, the other's go, up to about 20) as bit now + 8 of an int64


@_jit("int64[::1](int64[:, :, ::1], int64[::1], int64[:, ::1], int64[::1], int64[::1])")
def _summary(out, weights, margins_w, now_sum, now_bits):  # type: ignore[no-untyped-def]
    """Per option: sum of future x weight (returned), weight per margin (offset by 128),
    sum of now x weight, and the points-now values seen (bit ``now + _NOW0``)."""
    nopt = out.shape[1]
    fut = np.zeros(nopt, np.int64)
    for i in range(out.shape[0]):
        w = weights[i]
        for j in range(nopt):
            now = out[i, j, 0]
            fut[j] += out[i, j, 1] * w
            now_sum[j] += now * w
            now_bits[j] |= 1 << (now + _NOW0)
            margins_w[j, now + out[i, j, 1] + 128] += w
    return fut


# --- Python side ------------------------------------------------------------------

_warned = False
_memo: np.ndarray | None = None
_stamp = 0


def available() -> bool:
    """True when the compiled solver can run; warns once (and returns False) otherwise."""
    global _warned
    err = _IMPORT_ERROR or jit_core._broken
    if err is None:
        return True
    if not _warned:
        _warned = True
        warnings.warn(
            f"numba is not usable ({type(err).__name__}: {err}); exact pegging analysis falls "
            "back to the pure-Python solver (about 30x slower)",
            RuntimeWarning,
            stacklevel=2,
        )
    return False


def _compress(ranks: tuple[int, ...]) -> tuple[int, int, int]:
    count = tail = streak = 0
    for r in ranks:
        _p, count, tail, streak = _step(count, tail, streak, r)
    return count, tail, streak


def _pack(ranks: tuple[int, ...]) -> int:
    return sum(1 << (4 * r) for r in ranks)


def _root_options(pos: PeggingPosition) -> list[Card | None]:
    """The first card (in hand order) of each legal rank, ascending; [None] (go) when none fits.

    The same options, in the same order, as ``crib.analysis.play``'s root options.
    """
    seen: dict[int, Card] = {}
    for c in pos.legal():
        seen.setdefault(c.rank, c)
    return [seen[r] for r in sorted(seen)] or [None]


def _run(  # type: ignore[no-untyped-def]
    pos: PeggingPosition,
    cards: list[Card | None] | None,
    factor: Callable[[tuple[int, ...]], float] | None = None,
    sample: int | None = None,
    counts: dict | None = None,
):
    """Solve every holding: (ranks, weights, out[holding, option, (now, future)]).

    ``factor``, ``sample``: see :func:`crib.analysis.play.weights.reweigh`.
    ``counts``, if given, receives the consistent holdings' number
    (``"holdings"``) and card sets (``"combos"``) before any weighting.
    """
    if cards is None:
        cards = _root_options(pos)
    count, tail, streak = _compress(tuple(c.rank for c in pos.pile))
    mine = tuple(c.rank for c in pos.hand)
    n = pos.opp_count
    ranks, hands, weights = holding_arrays(pos, factor, sample, counts)
    k = len(weights)
    opts = np.array([0 if c is None else c.rank for c in cards], np.int64)
    out = np.zeros((k, len(opts), 2), np.int64)
    memo, stamp = _table()
    nbs = np.full(k, n, np.int64)
    _solve(
        _pack(mine), len(mine), hands, nbs, count, tail, streak,
        1 if pos.opp_go else 0, pos.last, opts, out, memo, stamp,
    )  # fmt: skip
    return ranks, weights, out


def _table() -> tuple[np.ndarray, int]:
    """The transposition table and a fresh stamp for one analysis.

    A state's value does not depend on the position, so entries of earlier analyses
    would still be right; the stamp retires them anyway, so that every analysis costs
    the same whatever ran before it (and the table never fills up)."""
    global _memo, _stamp
    if _memo is None:
        _memo = np.zeros((4 << _MEMO_BITS) + 1, np.int64)  # the stamp, then the table
    _stamp += 1
    if _stamp >= 1 << 40:  # never in practice: start over with a clean table
        _memo[:] = 0
        _stamp = 1
    return _memo, _stamp


def solve_hands(
    pile: tuple[int, ...],
    go: bool,
    last: int,
    n: int,
    holdings: np.ndarray,
    hands: list[tuple[tuple[int, ...], tuple[int, ...], np.ndarray]],
) -> list[np.ndarray]:
    """One pile, several hands of the mover: for each (hand ranks, option ranks, rows),
    ``out[holding, option, (now, future)]`` against the other player's packed
    ``holdings[rows]`` (``n`` cards each), as :func:`minimax_rows` gives them for the
    position with that hand.  ``go``: the other player said go; ``last``: who played
    the pile's last card, as :attr:`PeggingPosition.last` says.  Every hand shares one
    transposition table (its values are exact whatever filled it), so hands that
    reach the same states solve them once."""
    count, tail, streak = _compress(pile)
    memo, stamp = _table()
    out = []
    for mine, options, rows in hands:
        opts = np.array(options, np.int64)
        sub = np.ascontiguousarray(holdings[rows])
        o = np.zeros((len(sub), len(opts), 2), np.int64)
        nbs = np.full(len(sub), n, np.int64)
        _solve(
            _pack(mine), len(mine), sub, nbs, count, tail, streak,
            1 if go else 0, last, opts, o, memo, stamp,
        )  # fmt: skip
        out.append(o)
    return out


def weighted_rows(
    pos: PeggingPosition,
    factor: Callable[[tuple[int, ...]], float] | None = None,
    sample: int | None = None,
    counts: dict | None = None,
) -> tuple[list[Card | None], np.ndarray, np.ndarray, np.ndarray]:
    """The root options (one card per legal rank, ascending, or ``[None]`` for go) and,
    for every holding weighted by ``factor`` (see :func:`_run`), its ranks, its weight
    and ``out[holding, option, (now, future)]``: the rows :func:`minimax_summary` sums."""
    cards = _root_options(pos)
    ranks, weights, out = _run(pos, cards, factor, sample, counts)
    return cards, ranks, weights, out


def minimax_rows(
    pos: PeggingPosition, cards: list[Card | None] | None = None
) -> list[tuple[tuple[int, ...], int, list[tuple[int, int]]]]:
    """(holding ranks, weight, [(now, future) per card]) for every holding, perfect play.

    The same meaning and order as ``crib.analysis.play.minimax_by_holding``:
    ``cards`` defaults to every root option (one card per legal rank,
    ascending, or ``[None]`` for go).
    """
    ranks, weights, out = _run(pos, cards)
    n = pos.opp_count
    rl = ranks.tolist()
    wl = weights.tolist()
    ol = out.tolist()
    return [(tuple(rl[i][:n]), wl[i], [(o[0], o[1]) for o in ol[i]]) for i in range(len(wl))]


def minimax_summary(
    pos: PeggingPosition,
    factor: Callable[[tuple[int, ...]], float] | None = None,
    sample: int | None = None,
    counts: dict | None = None,
) -> tuple[
    int, int | float, list[tuple[Card | None, frozenset[int], int | float, dict[int, int | float]]]
]:
    """Aggregates of :func:`minimax_rows` over the holdings, for ``analyze_play``.

    Returns (holdings, total weight, per root option: (card, the points-now values
    seen over the holdings, sum of (now + future) x weight, {margin: weight})).
    With ``factor`` (weighted holdings) the weights are floats; with ``sample``
    they are draw counts (see :func:`_run`).
    """
    cards = _root_options(pos)
    _ranks, weights, out = _run(pos, cards, factor, sample, counts)
    if weights.dtype != np.int64:
        return _float_summary(cards, weights, out)
    nopt = len(cards)
    margins_w = np.zeros((nopt, 256), np.int64)
    now_sum = np.zeros(nopt, np.int64)
    now_bits = np.zeros(nopt, np.int64)
    fut = _summary(out, weights, margins_w, now_sum, now_bits)
    rows = margins_w.tolist()
    res = []
    for j, card in enumerate(cards):
        row = rows[j]
        dist = {m - 128: w for m, w in enumerate(row) if w}
        bits = int(now_bits[j])
        nows = frozenset(b - _NOW0 for b in range(64) if bits >> b & 1) if bits else frozenset({0})
        res.append((card, nows, int(fut[j]) + int(now_sum[j]), dist))
    return len(weights), int(weights.sum()), res


def expected_margins(
    pos: PeggingPosition, factor: Callable[[tuple[int, ...]], float] | None = None
) -> dict[Card | None, float]:
    """Each root option's expected margin over the holdings by weight, the ``margin`` of
    ``analyze_play`` (tested equal) without its summaries: for callers that solve many
    small positions (``crib.analysis.play.reads``).  {} when no holding is consistent."""
    cards = _root_options(pos)
    _ranks, weights, out = _run(pos, cards, factor)
    total = weights.sum()
    if not len(weights) or total <= 0:
        return {}
    m = (out[:, :, 0] + out[:, :, 1]).T @ weights.astype(float) / float(total)
    return dict(zip(cards, m.tolist(), strict=True))


def _float_summary(cards: list[Card | None], weights: np.ndarray, out: np.ndarray):  # type: ignore[no-untyped-def]
    """:func:`minimax_summary`'s sums with float weights (numpy, outside the kernels)."""
    res = []
    for j, card in enumerate(cards):
        m = out[:, j, 0] + out[:, j, 1]
        row = np.bincount(m + 128, weights=weights, minlength=256)
        dist = {int(v) - 128: float(row[v]) for v in np.nonzero(row)[0]}
        nows = frozenset(int(x) for x in np.unique(out[:, j, 0])) if len(out) else frozenset({0})
        res.append((card, nows, float((m * weights).sum()), dist))
    return len(weights), float(weights.sum()), res


_WARM = "hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4"


def warm() -> float:
    """Compile (or load from the on-disk cache) every kernel; returns the seconds taken.

    Call it while a server starts (``make serve``) or in a test session's
    setup, so the first analysis a user asks for is not the one that compiles.
    Does nothing without a working numba.
    """
    import time

    t = time.perf_counter()
    if not available():
        return 0.0
    try:
        pos = PeggingPosition.parse(_WARM)
        minimax_summary(pos)
        minimax_rows(
            PeggingPosition.parse("hand 5H | pile KS QS | previous 2C 3C 4C 5C AS | opp 0")
        )
    except Exception as e:  # a numba that imports but cannot compile here
        jit_core._broken = e
        available()
        return 0.0
    return time.perf_counter() - t
