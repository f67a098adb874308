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
* a node's cards come from a leading-zero count over the packed hand (high
  cards first: they cut off more), and each level's move loop is inlined.

Compiled code is cached on disk (``cache=True``); :func:`warm` compiles (or
loads) everything up front.  Without a working numba, :func:`available` says
so once with a warning and callers use the pure-Python solver.

>>> from crib.rules.position import PeggingPosition
>>> pos = PeggingPosition.parse("hand 5H 6D | pile KS 4C | previous 2C 3C AS | starter 7S | opp 1")
>>> rows = minimax_rows(pos)
>>> len(rows) == len(list(holding_weights(pos))), rows[0][0]
(True, (1,))
"""

from __future__ import annotations

import os
import warnings
from collections import Counter
from collections.abc import Iterator
from math import comb

import numpy as np

from crib.rules.cards import Card
from crib.rules.position import PeggingPosition

__all__ = [
    "available",
    "warm",
    "minimax_rows",
    "minimax_summary",
    "holding_weights",
]

try:  # numba is a dependency, but a broken install must not break the package
    if os.environ.get("CRIB_NO_NUMBA"):
        raise ImportError("disabled by CRIB_NO_NUMBA")
    from numba import njit

    _IMPORT_ERROR: BaseException | None = None
except Exception as e:  # ImportError, or a numba/llvmlite that fails to load
    njit = None
    _IMPORT_ERROR = e


def _jit(sig: str):  # type: ignore[no-untyped-def]
    """``numba.njit(sig, cache=True)`` when numba works; the plain function otherwise.

    Explicit signatures: one compiled version per kernel (no specialisation on
    literal arguments), compiled or loaded from the cache when this module is imported.
    """
    if njit is None:
        return lambda f: f

    def wrap(f):  # type: ignore[no-untyped-def]
        global _broken
        if _broken is not None:
            return f
        try:
            return njit(sig, cache=True)(f)
        except Exception as e:  # a numba that imports but cannot compile here
            _broken = e
            return f

    return wrap


_broken: BaseException | None = None  # set when compiling fails


_INF = 1 << 20
_MEMO_CARDS = 3  # transposition table for states with this many cards left or fewer
_MEMO_FROM = 3  # ... and at least this many (one card is cheaper to play out than to look up)
_MEMO_BITS = 17  # 2**17 slots, 4 words each (4 MB), reused across calls via a stamp

_SIG = (
    "int64(int64, int64, int64, int64, int64, int64, int64, int64, int64, int64, int64, "
    "int64, int64)"
)
_ARGS = "a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp"
_LEVELS = 7  # at most 7 cards are left in both hands after the first card of the play


if njit is not None:
    from llvmlite import ir
    from numba.core import types
    from numba.extending import intrinsic

    @intrinsic
    def _ld(typingctx, mp, i):  # type: ignore[no-untyped-def]
        """Load word ``i`` of the int64 table at address ``mp``."""

        def codegen(context, builder, sig, args):  # type: ignore[no-untyped-def]
            p = builder.inttoptr(args[0], ir.IntType(64).as_pointer())
            return builder.load(builder.gep(p, [args[1]]))

        return types.int64(types.int64, types.int64), codegen

    @intrinsic
    def _st(typingctx, mp, i, v):  # type: ignore[no-untyped-def]
        """Store ``v`` in word ``i`` of the int64 table at address ``mp``."""

        def codegen(context, builder, sig, args):  # type: ignore[no-untyped-def]
            p = builder.inttoptr(args[0], ir.IntType(64).as_pointer())
            builder.store(args[2], builder.gep(p, [args[1]]))
            return context.get_dummy_value()

        return types.none(types.int64, types.int64, types.int64), codegen

    @intrinsic
    def _ctlz(typingctx, x):  # type: ignore[no-untyped-def]
        """Leading zero bits of a non-zero int64 (LLVM's ctlz)."""

        def codegen(context, builder, sig, args):  # type: ignore[no-untyped-def]
            return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 1))

        return types.int64(types.int64), codegen


_NIBBLES = sum(1 << (4 * r) for r in range(1, 14))  # the lowest bit of every rank's nibble


def _fit_masks() -> np.ndarray:
    """Per room left under 31 (0..31): the nibbles of the ranks whose value fits."""
    out = np.zeros(32, np.int64)
    for room in range(32):
        for r in range(1, 14):
            if min(r, 10) <= room:
                out[room] |= 15 << (4 * r)
    return out


_FIT = _fit_masks()

# --- kernels ----------------------------------------------------------------------


@_jit("UniTuple(int64, 4)(int64, int64, int64, int64)")
def _step(count, tail, streak, r):  # type: ignore[no-untyped-def]
    """Play rank r on (count, tail, streak): (points, count, tail, streak)."""
    c = count + (10 if r > 10 else r)
    pts = 2 if (c == 15 or c == 31) else 0
    if tail != 0 and (tail & 15) == r:
        s = streak + 1
        return pts + s * (s - 1), c, r, s
    nt = r
    shift = 4
    t = tail
    lo = r
    hi = r
    k = 1
    run = 0
    while t != 0:
        q = t & 15
        if q == r:
            break
        nt |= q << shift
        shift += 4
        t >>= 4
        k += 1
        if q < lo:
            lo = q
        if q > hi:
            hi = q
        if k >= 3 and hi - lo == k - 1:
            run = k
    return pts + run, c, nt, 1


@_jit("int64(int64, int64)")
def _held_mask(a, b):  # type: ignore[no-untyped-def]
    """Bit r set when either hand holds rank r."""
    h = a | b
    nz = (h | (h >> 1) | (h >> 2)) & _NIBBLES
    m = 0
    while nz:
        hb = 63 - _ctlz(nz)
        nz ^= 1 << hb
        m |= 1 << (hb >> 2)
    return m


@_jit("UniTuple(int64, 2)(int64, int64, int64)")
def _cut(tail, streak, held):  # type: ignore[no-untyped-def]
    """Cut the tail to what a future pair or run can still use (crib.analysis.play's reach).

    The last m cards can be part of a future run only if every missing rank in
    their range is held or, with none missing, a rank next to the range is held;
    a pair needs the last rank held.  Returns (tail, streak).
    """
    if tail == 0:
        return 0, 0
    t = tail
    lo = 99
    hi = 0
    mask = 0
    m = 0
    best = 0
    while t != 0:
        q = t & 15
        t >>= 4
        m += 1
        mask |= 1 << q
        if q < lo:
            lo = q
        if q > hi:
            hi = q
        gaps = (((1 << hi) - 1) ^ ((1 << (lo + 1)) - 1)) & ~mask if hi > lo + 1 else 0
        if gaps:
            if held & gaps == gaps:
                best = m
        elif held & ((1 << (lo - 1)) | (1 << (hi + 1))):
            best = m
    if best == 0:
        if (held >> (tail & 15)) & 1:
            return tail & 15, streak
        return 0, 0
    if best == 1:
        return tail & 15, streak
    if best == m:
        return tail, streak
    return tail & ((1 << (4 * best)) - 1), 1


@_jit("int64(int64, int64, int64)")
def _slot(k1, k2, k3):  # type: ignore[no-untyped-def]
    """The transposition-table slot (index of its first word) of a key."""
    h = (k1 * 0x1E3779B97F4A7C15) ^ (k2 * 0x42B2AE3D27D4EB4F) ^ (k3 * 0x165667B19E3779F9)
    h ^= h >> 29
    return (h & ((1 << _MEMO_BITS) - 1)) * 4


# <generated levels: crib.analysis.play.jit._level_source()>
@_jit(_SIG)
def _m1(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp):  # type: ignore[no-untyped-def]
    """The mover, who has a card that fits, plays the best card (1 cards left)."""
    m = a & _FIT[31 - count]
    best = -_INF
    nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
    while nz:  # high cards first: better cut-offs than low first
        hb = 63 - _ctlz(nz)
        nz ^= 1 << hb
        r = hb >> 2
        pts, c, nt, ns = _step(count, tail, streak, r)
        x = pts + (1 if c != 31 else 0)  # the last card
        if x > best:
            best = x
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    break
    return best


@_jit(_SIG)
def _n1(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp):  # type: ignore[no-untyped-def]
    """Net margin for the mover with 1 cards left in both hands (fail-soft alpha-beta)."""
    fit = _FIT[31 - count]
    m = a & fit
    if m:
        best = -_INF
        nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
        while nz:  # high cards first: better cut-offs than low first
            hb = 63 - _ctlz(nz)
            nz ^= 1 << hb
            r = hb >> 2
            pts, c, nt, ns = _step(count, tail, streak, r)
            x = pts + (1 if c != 31 else 0)  # the last card
            if x > best:
                best = x
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        v = best
    elif og == 0 and b & fit:  # go: the other plays on
        v = -_m1(b, a, nb, na, count, tail, streak, 1, -last, -beta, -alpha, mp, stamp)
    else:  # nobody can play: the go point, a reset, and whoever did not play last leads
        lead = last != 1
        if lead and na == 0:
            lead = False
        if not lead and nb == 0:
            lead = True
        if lead:
            v = last + _m1(a, b, na, nb, 0, 0, 0, 0, 0, alpha - last, beta - last, mp, stamp)
        else:
            v = last - _m1(b, a, nb, na, 0, 0, 0, 0, 0, last - beta, last - alpha, mp, stamp)
    return v


@_jit(_SIG)
def _m2(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp):  # type: ignore[no-untyped-def]
    """The mover, who has a card that fits, plays the best card (2 cards left)."""
    m = a & _FIT[31 - count]
    best = -_INF
    nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
    while nz:  # high cards first: better cut-offs than low first
        hb = 63 - _ctlz(nz)
        nz ^= 1 << hb
        r = hb >> 2
        pts, c, nt, ns = _step(count, tail, streak, r)
        a2 = a - (1 << (4 * r))
        if c == 31:  # reset; the other leads unless they hold nothing
            if nb:
                x = pts - _n1(b, a2, nb, na - 1, 0, 0, 0, 0, 0, pts - beta, pts - alpha, mp, stamp)
            else:
                x = pts + _n1(a2, b, na - 1, nb, 0, 0, 0, 0, 0, alpha - pts, beta - pts, mp, stamp)
        elif og or nb == 0:  # the other said go or is out: the mover goes on
            x = pts + _n1(a2, b, na - 1, nb, c, nt, ns, og, 1, alpha - pts, beta - pts, mp, stamp)
        else:
            x = pts - _n1(b, a2, nb, na - 1, c, nt, ns, 0, -1, pts - beta, pts - alpha, mp, stamp)
        if x > best:
            best = x
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    break
    return best


@_jit(_SIG)
def _n2(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp):  # type: ignore[no-untyped-def]
    """Net margin for the mover with 2 cards left in both hands (fail-soft alpha-beta)."""
    fit = _FIT[31 - count]
    m = a & fit
    if m:
        best = -_INF
        nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
        while nz:  # high cards first: better cut-offs than low first
            hb = 63 - _ctlz(nz)
            nz ^= 1 << hb
            r = hb >> 2
            pts, c, nt, ns = _step(count, tail, streak, r)
            a2 = a - (1 << (4 * r))
            if c == 31:  # reset; the other leads unless they hold nothing
                if nb:
                    x = pts - _n1(
                        b, a2, nb, na - 1, 0, 0, 0, 0, 0, pts - beta, pts - alpha, mp, stamp
                    )
                else:
                    x = pts + _n1(
                        a2, b, na - 1, nb, 0, 0, 0, 0, 0, alpha - pts, beta - pts, mp, stamp
                    )
            elif og or nb == 0:  # the other said go or is out: the mover goes on
                x = pts + _n1(
                    a2, b, na - 1, nb, c, nt, ns, og, 1, alpha - pts, beta - pts, mp, stamp
                )
            else:
                x = pts - _n1(
                    b, a2, nb, na - 1, c, nt, ns, 0, -1, pts - beta, pts - alpha, mp, stamp
                )
            if x > best:
                best = x
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        v = best
    elif og == 0 and b & fit:  # go: the other plays on
        v = -_m2(b, a, nb, na, count, tail, streak, 1, -last, -beta, -alpha, mp, stamp)
    else:  # nobody can play: the go point, a reset, and whoever did not play last leads
        lead = last != 1
        if lead and na == 0:
            lead = False
        if not lead and nb == 0:
            lead = True
        if lead:
            v = last + _m2(a, b, na, nb, 0, 0, 0, 0, 0, alpha - last, beta - last, mp, stamp)
        else:
            v = last - _m2(b, a, nb, na, 0, 0, 0, 0, 0, last - beta, last - alpha, mp, stamp)
    return v


@_jit(_SIG)
def _m3(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp):  # type: ignore[no-untyped-def]
    """The mover, who has a card that fits, plays the best card (3 cards left)."""
    m = a & _FIT[31 - count]
    best = -_INF
    nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
    while nz:  # high cards first: better cut-offs than low first
        hb = 63 - _ctlz(nz)
        nz ^= 1 << hb
        r = hb >> 2
        pts, c, nt, ns = _step(count, tail, streak, r)
        a2 = a - (1 << (4 * r))
        if c == 31:  # reset; the other leads unless they hold nothing
            if nb:
                x = pts - _n2(b, a2, nb, na - 1, 0, 0, 0, 0, 0, pts - beta, pts - alpha, mp, stamp)
            else:
                x = pts + _n2(a2, b, na - 1, nb, 0, 0, 0, 0, 0, alpha - pts, beta - pts, mp, stamp)
        elif og or nb == 0:  # the other said go or is out: the mover goes on
            x = pts + _n2(a2, b, na - 1, nb, c, nt, ns, og, 1, alpha - pts, beta - pts, mp, stamp)
        else:
            x = pts - _n2(b, a2, nb, na - 1, c, nt, ns, 0, -1, pts - beta, pts - alpha, mp, stamp)
        if x > best:
            best = x
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    break
    return best


@_jit(_SIG)
def _n3(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp):  # type: ignore[no-untyped-def]
    """Net margin for the mover with 3 cards left in both hands (fail-soft alpha-beta)."""
    tail, streak = _cut(tail, streak, _held_mask(a, b))
    k1 = a | (og << 58) | ((last + 1) << 59)
    k2 = b | (count << 56)
    k3 = tail | (streak << 56)
    slot = _slot(k1, k2, k3)
    e = _ld(mp, slot + 3)
    if (
        e >> 16 == stamp
        and _ld(mp, slot) == k1
        and _ld(mp, slot + 1) == k2
        and _ld(mp, slot + 2) == k3
    ):
        return (e & 0xFFFF) - 0x8000
    alpha = -_INF  # exact values only in the table
    beta = _INF
    fit = _FIT[31 - count]
    m = a & fit
    if m:
        best = -_INF
        nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
        while nz:  # high cards first: better cut-offs than low first
            hb = 63 - _ctlz(nz)
            nz ^= 1 << hb
            r = hb >> 2
            pts, c, nt, ns = _step(count, tail, streak, r)
            a2 = a - (1 << (4 * r))
            if c == 31:  # reset; the other leads unless they hold nothing
                if nb:
                    x = pts - _n2(
                        b, a2, nb, na - 1, 0, 0, 0, 0, 0, pts - beta, pts - alpha, mp, stamp
                    )
                else:
                    x = pts + _n2(
                        a2, b, na - 1, nb, 0, 0, 0, 0, 0, alpha - pts, beta - pts, mp, stamp
                    )
            elif og or nb == 0:  # the other said go or is out: the mover goes on
                x = pts + _n2(
                    a2, b, na - 1, nb, c, nt, ns, og, 1, alpha - pts, beta - pts, mp, stamp
                )
            else:
                x = pts - _n2(
                    b, a2, nb, na - 1, c, nt, ns, 0, -1, pts - beta, pts - alpha, mp, stamp
                )
            if x > best:
                best = x
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        v = best
    elif og == 0 and b & fit:  # go: the other plays on
        v = -_m3(b, a, nb, na, count, tail, streak, 1, -last, -beta, -alpha, mp, stamp)
    else:  # nobody can play: the go point, a reset, and whoever did not play last leads
        lead = last != 1
        if lead and na == 0:
            lead = False
        if not lead and nb == 0:
            lead = True
        if lead:
            v = last + _m3(a, b, na, nb, 0, 0, 0, 0, 0, alpha - last, beta - last, mp, stamp)
        else:
            v = last - _m3(b, a, nb, na, 0, 0, 0, 0, 0, last - beta, last - alpha, mp, stamp)
    _st(mp, slot, k1)
    _st(mp, slot + 1, k2)
    _st(mp, slot + 2, k3)
    _st(mp, slot + 3, (stamp << 16) | (v + 0x8000))
    return v


@_jit(_SIG)
def _m4(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp):  # type: ignore[no-untyped-def]
    """The mover, who has a card that fits, plays the best card (4 cards left)."""
    m = a & _FIT[31 - count]
    best = -_INF
    nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
    while nz:  # high cards first: better cut-offs than low first
        hb = 63 - _ctlz(nz)
        nz ^= 1 << hb
        r = hb >> 2
        pts, c, nt, ns = _step(count, tail, streak, r)
        a2 = a - (1 << (4 * r))
        if c == 31:  # reset; the other leads unless they hold nothing
            if nb:
                x = pts - _n3(b, a2, nb, na - 1, 0, 0, 0, 0, 0, pts - beta, pts - alpha, mp, stamp)
            else:
                x = pts + _n3(a2, b, na - 1, nb, 0, 0, 0, 0, 0, alpha - pts, beta - pts, mp, stamp)
        elif og or nb == 0:  # the other said go or is out: the mover goes on
            x = pts + _n3(a2, b, na - 1, nb, c, nt, ns, og, 1, alpha - pts, beta - pts, mp, stamp)
        else:
            x = pts - _n3(b, a2, nb, na - 1, c, nt, ns, 0, -1, pts - beta, pts - alpha, mp, stamp)
        if x > best:
            best = x
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    break
    return best


@_jit(_SIG)
def _n4(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp):  # type: ignore[no-untyped-def]
    """Net margin for the mover with 4 cards left in both hands (fail-soft alpha-beta)."""
    fit = _FIT[31 - count]
    m = a & fit
    if m:
        best = -_INF
        nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
        while nz:  # high cards first: better cut-offs than low first
            hb = 63 - _ctlz(nz)
            nz ^= 1 << hb
            r = hb >> 2
            pts, c, nt, ns = _step(count, tail, streak, r)
            a2 = a - (1 << (4 * r))
            if c == 31:  # reset; the other leads unless they hold nothing
                if nb:
                    x = pts - _n3(
                        b, a2, nb, na - 1, 0, 0, 0, 0, 0, pts - beta, pts - alpha, mp, stamp
                    )
                else:
                    x = pts + _n3(
                        a2, b, na - 1, nb, 0, 0, 0, 0, 0, alpha - pts, beta - pts, mp, stamp
                    )
            elif og or nb == 0:  # the other said go or is out: the mover goes on
                x = pts + _n3(
                    a2, b, na - 1, nb, c, nt, ns, og, 1, alpha - pts, beta - pts, mp, stamp
                )
            else:
                x = pts - _n3(
                    b, a2, nb, na - 1, c, nt, ns, 0, -1, pts - beta, pts - alpha, mp, stamp
                )
            if x > best:
                best = x
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        v = best
    elif og == 0 and b & fit:  # go: the other plays on
        v = -_m4(b, a, nb, na, count, tail, streak, 1, -last, -beta, -alpha, mp, stamp)
    else:  # nobody can play: the go point, a reset, and whoever did not play last leads
        lead = last != 1
        if lead and na == 0:
            lead = False
        if not lead and nb == 0:
            lead = True
        if lead:
            v = last + _m4(a, b, na, nb, 0, 0, 0, 0, 0, alpha - last, beta - last, mp, stamp)
        else:
            v = last - _m4(b, a, nb, na, 0, 0, 0, 0, 0, last - beta, last - alpha, mp, stamp)
    return v


@_jit(_SIG)
def _m5(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp):  # type: ignore[no-untyped-def]
    """The mover, who has a card that fits, plays the best card (5 cards left)."""
    m = a & _FIT[31 - count]
    best = -_INF
    nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
    while nz:  # high cards first: better cut-offs than low first
        hb = 63 - _ctlz(nz)
        nz ^= 1 << hb
        r = hb >> 2
        pts, c, nt, ns = _step(count, tail, streak, r)
        a2 = a - (1 << (4 * r))
        if c == 31:  # reset; the other leads unless they hold nothing
            if nb:
                x = pts - _n4(b, a2, nb, na - 1, 0, 0, 0, 0, 0, pts - beta, pts - alpha, mp, stamp)
            else:
                x = pts + _n4(a2, b, na - 1, nb, 0, 0, 0, 0, 0, alpha - pts, beta - pts, mp, stamp)
        elif og or nb == 0:  # the other said go or is out: the mover goes on
            x = pts + _n4(a2, b, na - 1, nb, c, nt, ns, og, 1, alpha - pts, beta - pts, mp, stamp)
        else:
            x = pts - _n4(b, a2, nb, na - 1, c, nt, ns, 0, -1, pts - beta, pts - alpha, mp, stamp)
        if x > best:
            best = x
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    break
    return best


@_jit(_SIG)
def _n5(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp):  # type: ignore[no-untyped-def]
    """Net margin for the mover with 5 cards left in both hands (fail-soft alpha-beta)."""
    fit = _FIT[31 - count]
    m = a & fit
    if m:
        best = -_INF
        nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
        while nz:  # high cards first: better cut-offs than low first
            hb = 63 - _ctlz(nz)
            nz ^= 1 << hb
            r = hb >> 2
            pts, c, nt, ns = _step(count, tail, streak, r)
            a2 = a - (1 << (4 * r))
            if c == 31:  # reset; the other leads unless they hold nothing
                if nb:
                    x = pts - _n4(
                        b, a2, nb, na - 1, 0, 0, 0, 0, 0, pts - beta, pts - alpha, mp, stamp
                    )
                else:
                    x = pts + _n4(
                        a2, b, na - 1, nb, 0, 0, 0, 0, 0, alpha - pts, beta - pts, mp, stamp
                    )
            elif og or nb == 0:  # the other said go or is out: the mover goes on
                x = pts + _n4(
                    a2, b, na - 1, nb, c, nt, ns, og, 1, alpha - pts, beta - pts, mp, stamp
                )
            else:
                x = pts - _n4(
                    b, a2, nb, na - 1, c, nt, ns, 0, -1, pts - beta, pts - alpha, mp, stamp
                )
            if x > best:
                best = x
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        v = best
    elif og == 0 and b & fit:  # go: the other plays on
        v = -_m5(b, a, nb, na, count, tail, streak, 1, -last, -beta, -alpha, mp, stamp)
    else:  # nobody can play: the go point, a reset, and whoever did not play last leads
        lead = last != 1
        if lead and na == 0:
            lead = False
        if not lead and nb == 0:
            lead = True
        if lead:
            v = last + _m5(a, b, na, nb, 0, 0, 0, 0, 0, alpha - last, beta - last, mp, stamp)
        else:
            v = last - _m5(b, a, nb, na, 0, 0, 0, 0, 0, last - beta, last - alpha, mp, stamp)
    return v


@_jit(_SIG)
def _m6(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp):  # type: ignore[no-untyped-def]
    """The mover, who has a card that fits, plays the best card (6 cards left)."""
    m = a & _FIT[31 - count]
    best = -_INF
    nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
    while nz:  # high cards first: better cut-offs than low first
        hb = 63 - _ctlz(nz)
        nz ^= 1 << hb
        r = hb >> 2
        pts, c, nt, ns = _step(count, tail, streak, r)
        a2 = a - (1 << (4 * r))
        if c == 31:  # reset; the other leads unless they hold nothing
            if nb:
                x = pts - _n5(b, a2, nb, na - 1, 0, 0, 0, 0, 0, pts - beta, pts - alpha, mp, stamp)
            else:
                x = pts + _n5(a2, b, na - 1, nb, 0, 0, 0, 0, 0, alpha - pts, beta - pts, mp, stamp)
        elif og or nb == 0:  # the other said go or is out: the mover goes on
            x = pts + _n5(a2, b, na - 1, nb, c, nt, ns, og, 1, alpha - pts, beta - pts, mp, stamp)
        else:
            x = pts - _n5(b, a2, nb, na - 1, c, nt, ns, 0, -1, pts - beta, pts - alpha, mp, stamp)
        if x > best:
            best = x
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    break
    return best


@_jit(_SIG)
def _n6(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp):  # type: ignore[no-untyped-def]
    """Net margin for the mover with 6 cards left in both hands (fail-soft alpha-beta)."""
    fit = _FIT[31 - count]
    m = a & fit
    if m:
        best = -_INF
        nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
        while nz:  # high cards first: better cut-offs than low first
            hb = 63 - _ctlz(nz)
            nz ^= 1 << hb
            r = hb >> 2
            pts, c, nt, ns = _step(count, tail, streak, r)
            a2 = a - (1 << (4 * r))
            if c == 31:  # reset; the other leads unless they hold nothing
                if nb:
                    x = pts - _n5(
                        b, a2, nb, na - 1, 0, 0, 0, 0, 0, pts - beta, pts - alpha, mp, stamp
                    )
                else:
                    x = pts + _n5(
                        a2, b, na - 1, nb, 0, 0, 0, 0, 0, alpha - pts, beta - pts, mp, stamp
                    )
            elif og or nb == 0:  # the other said go or is out: the mover goes on
                x = pts + _n5(
                    a2, b, na - 1, nb, c, nt, ns, og, 1, alpha - pts, beta - pts, mp, stamp
                )
            else:
                x = pts - _n5(
                    b, a2, nb, na - 1, c, nt, ns, 0, -1, pts - beta, pts - alpha, mp, stamp
                )
            if x > best:
                best = x
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        v = best
    elif og == 0 and b & fit:  # go: the other plays on
        v = -_m6(b, a, nb, na, count, tail, streak, 1, -last, -beta, -alpha, mp, stamp)
    else:  # nobody can play: the go point, a reset, and whoever did not play last leads
        lead = last != 1
        if lead and na == 0:
            lead = False
        if not lead and nb == 0:
            lead = True
        if lead:
            v = last + _m6(a, b, na, nb, 0, 0, 0, 0, 0, alpha - last, beta - last, mp, stamp)
        else:
            v = last - _m6(b, a, nb, na, 0, 0, 0, 0, 0, last - beta, last - alpha, mp, stamp)
    return v


@_jit(_SIG)
def _m7(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp):  # type: ignore[no-untyped-def]
    """The mover, who has a card that fits, plays the best card (7 cards left)."""
    m = a & _FIT[31 - count]
    best = -_INF
    nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
    while nz:  # high cards first: better cut-offs than low first
        hb = 63 - _ctlz(nz)
        nz ^= 1 << hb
        r = hb >> 2
        pts, c, nt, ns = _step(count, tail, streak, r)
        a2 = a - (1 << (4 * r))
        if c == 31:  # reset; the other leads unless they hold nothing
            if nb:
                x = pts - _n6(b, a2, nb, na - 1, 0, 0, 0, 0, 0, pts - beta, pts - alpha, mp, stamp)
            else:
                x = pts + _n6(a2, b, na - 1, nb, 0, 0, 0, 0, 0, alpha - pts, beta - pts, mp, stamp)
        elif og or nb == 0:  # the other said go or is out: the mover goes on
            x = pts + _n6(a2, b, na - 1, nb, c, nt, ns, og, 1, alpha - pts, beta - pts, mp, stamp)
        else:
            x = pts - _n6(b, a2, nb, na - 1, c, nt, ns, 0, -1, pts - beta, pts - alpha, mp, stamp)
        if x > best:
            best = x
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    break
    return best


@_jit(_SIG)
def _n7(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp):  # type: ignore[no-untyped-def]
    """Net margin for the mover with 7 cards left in both hands (fail-soft alpha-beta)."""
    fit = _FIT[31 - count]
    m = a & fit
    if m:
        best = -_INF
        nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
        while nz:  # high cards first: better cut-offs than low first
            hb = 63 - _ctlz(nz)
            nz ^= 1 << hb
            r = hb >> 2
            pts, c, nt, ns = _step(count, tail, streak, r)
            a2 = a - (1 << (4 * r))
            if c == 31:  # reset; the other leads unless they hold nothing
                if nb:
                    x = pts - _n6(
                        b, a2, nb, na - 1, 0, 0, 0, 0, 0, pts - beta, pts - alpha, mp, stamp
                    )
                else:
                    x = pts + _n6(
                        a2, b, na - 1, nb, 0, 0, 0, 0, 0, alpha - pts, beta - pts, mp, stamp
                    )
            elif og or nb == 0:  # the other said go or is out: the mover goes on
                x = pts + _n6(
                    a2, b, na - 1, nb, c, nt, ns, og, 1, alpha - pts, beta - pts, mp, stamp
                )
            else:
                x = pts - _n6(
                    b, a2, nb, na - 1, c, nt, ns, 0, -1, pts - beta, pts - alpha, mp, stamp
                )
            if x > best:
                best = x
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        v = best
    elif og == 0 and b & fit:  # go: the other plays on
        v = -_m7(b, a, nb, na, count, tail, streak, 1, -last, -beta, -alpha, mp, stamp)
    else:  # nobody can play: the go point, a reset, and whoever did not play last leads
        lead = last != 1
        if lead and na == 0:
            lead = False
        if not lead and nb == 0:
            lead = True
        if lead:
            v = last + _m7(a, b, na, nb, 0, 0, 0, 0, 0, alpha - last, beta - last, mp, stamp)
        else:
            v = last - _m7(b, a, nb, na, 0, 0, 0, 0, 0, last - beta, last - alpha, mp, stamp)
    return v


# </generated levels>


@_jit(_SIG.replace("int64(int64, ", "int64(int64, int64, ", 1))
def _node(n, a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp):  # type: ignore[no-untyped-def]
    """``_n{n}``: the search from a node with n (1 to 7) cards left in both hands."""
    if n == 1:
        return _n1(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp)
    if n == 2:
        return _n2(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp)
    if n == 3:
        return _n3(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp)
    if n == 4:
        return _n4(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp)
    if n == 5:
        return _n5(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp)
    if n == 6:
        return _n6(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp)
    return _n7(a, b, na, nb, count, tail, streak, og, last, alpha, beta, mp, stamp)


@_jit(
    "void(int64, int64, int64[::1], int64[::1], int64, int64, int64, int64, int64, int64[::1], "
    "int64[:, :, ::1], int64[::1], int64)"
)
def _solve(mine, na, hands, nbs, count, tail, streak, og, last, opts, out, memo, stamp):  # type: ignore[no-untyped-def]
    """(now, future) of every root option (rank, 0 for go) against every holding.

    Every root option is searched with a full window: its value is exact.
    """
    mp = memo.ctypes.data  # the kernels take the table as a plain address
    for i in range(hands.shape[0]):
        b = hands[i]
        nb = nbs[i]
        for j in range(opts.shape[0]):
            r = opts[j]
            if r == 0:
                # go: the node itself says go (the mover has no card that fits)
                total = _node(
                    na + nb,
                    mine,
                    b,
                    na,
                    nb,
                    count,
                    tail,
                    streak,
                    og,
                    last,
                    -_INF,
                    _INF,
                    mp,
                    stamp,
                )
                other_can = og == 0 and (b & _FIT[31 - count]) != 0
                now = 0 if other_can else last
            else:
                pts, c, nt, ns = _step(count, tail, streak, r)
                a2 = mine - (1 << (4 * r))
                n = na - 1 + nb
                if n == 0:
                    pts += 1 if c != 31 else 0  # the last card
                    total = pts
                elif c == 31:
                    if nb:
                        total = pts - _node(
                            n, b, a2, nb, na - 1, 0, 0, 0, 0, 0, -_INF, _INF, mp, stamp
                        )
                    else:
                        total = pts + _node(
                            n, a2, b, na - 1, nb, 0, 0, 0, 0, 0, -_INF, _INF, mp, stamp
                        )
                elif og or nb == 0:
                    total = pts + _node(
                        n, a2, b, na - 1, nb, c, nt, ns, og, 1, -_INF, _INF, mp, stamp
                    )
                else:
                    total = pts - _node(
                        n, b, a2, nb, na - 1, c, nt, ns, 0, -1, -_INF, _INF, mp, stamp
                    )
                now = pts
            out[i, j, 0] = now
            out[i, j, 1] = total - now


@_jit("int64(int64[::1], int64, int64, int64, int64[:, ::1], int64[::1], int64[::1])")
def _holdings(unseen, n, og, room, ranks, hands, weights):  # type: ignore[no-untyped-def]
    """Every n-rank multiset in lexicographic order with its weight (see holding_weights).

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
            if og and (10 if r > 10 else r) <= room:
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


@_jit("int64[::1](int64[:, :, ::1], int64[::1], int64[:, ::1])")
def _summary(out, weights, margins_w):  # type: ignore[no-untyped-def]
    """Per option: sum of future x weight, and weight per margin (offset by 128)."""
    nopt = out.shape[1]
    fut = np.zeros(nopt, np.int64)
    for i in range(out.shape[0]):
        w = weights[i]
        for j in range(nopt):
            fut[j] += out[i, j, 1] * w
            margins_w[j, out[i, j, 0] + out[i, j, 1] + 128] += w
    return fut


# --- Python side ------------------------------------------------------------------

_warned = False
_memo: np.ndarray | None = None
_stamp = 0


def available() -> bool:
    """True when the compiled solver can run; warns once (and returns False) otherwise."""
    global _warned
    err = _IMPORT_ERROR or _broken
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


def _level_source(
    levels: int = _LEVELS, memo_cards: int = _MEMO_CARDS, memo_from: int = _MEMO_FROM
) -> str:
    """The source of the per-level kernels ``_n1 .. _nK`` and ``_m1 .. _mK``.

    ``_nK`` is any node with K cards left in both hands (it plays its best card,
    or says go when the mover has no card that fits); ``_mK`` the same moves
    for the go branches.  One function per level and no recursion: numba
    cannot cache recursive functions, and the fixed call graph compiles to
    faster code.  The text is kept in this file (between the ``generated``
    markers) so that numba can cache it; a test checks it is what this
    function generates.
    """

    def moves(n: int, indent: str) -> str:
        """The move loop over ``m`` (the mover's cards that fit): sets ``best``."""
        child = f"_n{n - 1}"
        if n == 1:
            body = "    x = pts + (1 if c != 31 else 0)  # the last card\n"
        else:
            body = f"""\
    a2 = a - (1 << (4 * r))
    if c == 31:  # reset; the other leads unless they hold nothing
        if nb:
            x = pts - {child}(b, a2, nb, na - 1, 0, 0, 0, 0, 0, pts - beta, pts - alpha, mp, stamp)
        else:
            x = pts + {child}(a2, b, na - 1, nb, 0, 0, 0, 0, 0, alpha - pts, beta - pts, mp, stamp)
    elif og or nb == 0:  # the other said go or is out: the mover goes on
        x = pts + {child}(a2, b, na - 1, nb, c, nt, ns, og, 1, alpha - pts, beta - pts, mp, stamp)
    else:
        x = pts - {child}(b, a2, nb, na - 1, c, nt, ns, 0, -1, pts - beta, pts - alpha, mp, stamp)
"""
        text = f"""\
best = -_INF
nz = (m | (m >> 1) | (m >> 2)) & _NIBBLES  # one bit per rank held that fits
while nz:  # high cards first: better cut-offs than low first
    hb = 63 - _ctlz(nz)
    nz ^= 1 << hb
    r = hb >> 2
    pts, c, nt, ns = _step(count, tail, streak, r)
{body}    if x > best:
        best = x
        if best > alpha:
            alpha = best
            if alpha >= beta:
                break
"""
        return "".join(indent + line if line.strip() else line for line in text.splitlines(True))

    out = []
    for n in range(1, levels + 1):
        out.append(f'''

@_jit(_SIG)
def _m{n}({_ARGS}):  # type: ignore[no-untyped-def]
    """The mover, who has a card that fits, plays the best card ({n} cards left)."""
    m = a & _FIT[31 - count]
{moves(n, "    ")}    return best
''')
        if memo_from <= n <= memo_cards:
            look = """\
    tail, streak = _cut(tail, streak, _held_mask(a, b))
    k1 = a | (og << 58) | ((last + 1) << 59)
    k2 = b | (count << 56)
    k3 = tail | (streak << 56)
    slot = _slot(k1, k2, k3)
    e = _ld(mp, slot + 3)
    if e >> 16 == stamp and _ld(mp, slot) == k1 and _ld(mp, slot + 1) == k2 and _ld(mp, slot + 2) == k3:
        return (e & 0xFFFF) - 0x8000
    alpha = -_INF  # exact values only in the table
    beta = _INF
"""
            store = """\
    _st(mp, slot, k1)
    _st(mp, slot + 1, k2)
    _st(mp, slot + 2, k3)
    _st(mp, slot + 3, (stamp << 16) | (v + 0x8000))
"""
        else:
            look = store = ""
        out.append(f'''

@_jit(_SIG)
def _n{n}({_ARGS}):  # type: ignore[no-untyped-def]
    """Net margin for the mover with {n} cards left in both hands (fail-soft alpha-beta)."""
{look}    fit = _FIT[31 - count]
    m = a & fit
    if m:
{moves(n, "        ")}        v = best
    elif og == 0 and b & fit:  # go: the other plays on
        v = -_m{n}(b, a, nb, na, count, tail, streak, 1, -last, -beta, -alpha, mp, stamp)
    else:  # nobody can play: the go point, a reset, and whoever did not play last leads
        lead = last != 1
        if lead and na == 0:
            lead = False
        if not lead and nb == 0:
            lead = True
        if lead:
            v = last + _m{n}(a, b, na, nb, 0, 0, 0, 0, 0, alpha - last, beta - last, mp, stamp)
        else:
            v = last - _m{n}(b, a, nb, na, 0, 0, 0, 0, 0, last - beta, last - alpha, mp, stamp)
{store}    return v
''')
    return "".join(out)


def _compress(ranks: tuple[int, ...]) -> tuple[int, int, int]:
    count = tail = streak = 0
    for r in ranks:
        _p, count, tail, streak = _step(count, tail, streak, r)
    return count, tail, streak


def _pack(ranks: tuple[int, ...]) -> int:
    return sum(1 << (4 * r) for r in ranks)


def _unseen_counts(pos: PeggingPosition) -> np.ndarray:
    u = np.zeros(14, np.int64)
    for c in pos.unseen():
        u[c.rank] += 1
    return u


def holding_weights(pos: PeggingPosition) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every opponent holding as (sorted ranks, number of card sets), as ``expectimax.holdings``.

    Pure Python (the reference order): rank multisets in lexicographic order;
    with ``opp_go`` only holdings with no card that fits under 31.
    """
    from itertools import combinations_with_replacement

    unseen = Counter(c.rank for c in pos.unseen())
    room = 31 - pos.count
    for ms in combinations_with_replacement(sorted(unseen), pos.opp_count):
        if pos.opp_go and any(min(r, 10) <= room for r in ms):
            continue
        w = 1
        for r, k in Counter(ms).items():
            w *= comb(unseen[r], k)
        if w:
            yield ms, w


def _root_options(pos: PeggingPosition) -> list[Card | None]:
    """The first card (in hand order) of each legal rank, ascending; [None] (go) when none fits.

    The same options, in the same order, as ``crib.analysis.play``'s root options.
    """
    seen: dict[int, Card] = {}
    for c in pos.legal():
        seen.setdefault(c.rank, c)
    return [seen[r] for r in sorted(seen)] or [None]


def _run(pos: PeggingPosition, cards: list[Card | None] | None):  # type: ignore[no-untyped-def]
    """Solve every holding: (ranks, weights, out[holding, option, (now, future)])."""
    global _memo, _stamp
    if cards is None:
        cards = _root_options(pos)
    count, tail, streak = _compress(tuple(c.rank for c in pos.pile))
    mine = tuple(c.rank for c in pos.hand)
    last = 1 if pos.last_mine else (-1 if pos.pile else 0)
    n = pos.opp_count
    cap = 1820  # C(13 + 4 - 1, 4): the most rank multisets of 4
    ranks = np.zeros((cap, max(n, 1)), np.int64)
    hands = np.zeros(cap, np.int64)
    weights = np.zeros(cap, np.int64)
    k = _holdings(_unseen_counts(pos), n, 1 if pos.opp_go else 0, 31 - count, ranks, hands, weights)
    ranks, hands, weights = ranks[:k], hands[:k], weights[:k]
    opts = np.array([0 if c is None else c.rank for c in cards], np.int64)
    out = np.zeros((k, len(opts), 2), np.int64)
    if _memo is None:
        _memo = np.zeros(4 << _MEMO_BITS, np.int64)
    # A state's value does not depend on the position, so entries of earlier
    # analyses would still be right; the stamp retires them anyway, so that every
    # analysis costs the same whatever ran before it (and the table never fills up).
    _stamp += 1
    if _stamp >= 1 << 40:  # never in practice: start over with a clean table
        _memo[:] = 0
        _stamp = 1
    nbs = np.full(k, n, np.int64)
    _solve(
        _pack(mine), len(mine), hands, nbs, count, tail, streak,
        1 if pos.opp_go else 0, last, opts, out, _memo, _stamp,
    )  # fmt: skip
    return ranks, weights, out


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
) -> tuple[int, int, list[tuple[Card | None, int, int, dict[int, int]]]]:
    """Aggregates of :func:`minimax_rows` over the holdings, for ``analyze_play``.

    Returns (holdings, total weight, per root option: (card, now, sum of
    future x weight, {margin: weight})).
    """
    cards = _root_options(pos)
    _ranks, weights, out = _run(pos, cards)
    margins_w = np.zeros((len(cards), 256), np.int64)
    fut = _summary(out, weights, margins_w)
    res = []
    for j, card in enumerate(cards):
        row = margins_w[j]
        nz = np.nonzero(row)[0]
        dist = {int(m) - 128: int(row[m]) for m in nz}
        now = int(out[0, j, 0]) if len(out) else 0
        res.append((card, now, int(fut[j]), dist))
    return len(weights), int(weights.sum()), res


_WARM = "hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4"


def warm() -> float:
    """Compile (or load from the on-disk cache) every kernel; returns the seconds taken.

    Call it while a server starts (``make serve``) or in a test session's
    setup, so the first analysis a user asks for is not the one that compiles.
    Does nothing without a working numba.
    """
    import time

    global _broken
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
        _broken = e
        available()
        return 0.0
    return time.perf_counter() - t
