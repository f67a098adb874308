"""The numba building blocks of the compiled pegging minimax (:mod:`crib.analysis.play.jit`):
the compile wrapper, constants, memory intrinsics, the pile and table helpers, and the
step rule's twin (:func:`_after_card`, :func:`_after_go`: :mod:`crib.rules.step` compiled,
tested equal on every input)."""

from __future__ import annotations

import os

import numpy as np

from crib.analysis.play.jit_cache import refresh_cache
from crib.rules.cards import RANK_VALUES
from crib.rules.step import END as _END
from crib.rules.step import MOVER as _MOVER
from crib.rules.step import OTHER as _OTHER
from crib.rules.step import RESET_MOVER as _RESET_MOVER
from crib.rules.step import RESET_OTHER as _RESET_OTHER

refresh_cache()  # before the first kernel: stale cached kernels are removed

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

_SIG = "int64(int64, int64, int64, int64, int64, int64, int64, int64, int64)"
# the packed hands (non-zero when they hold a card: all the step rule asks of them), the
# pile, gl = og | (last + 1) << 1 (who said go and who played last), the window, the table
_ARGS = "a, b, count, tail, streak, gl, alpha, beta, mp"
_GL_RESET = 2  # gl after a reset: no go, no last card
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


else:  # no numba: the kernels are never called (available() is False), but must import

    def _ld(mp, i):  # type: ignore[no-untyped-def]
        raise RuntimeError("numba is not available")

    _st = _ctlz = _ld


_NIBBLES = sum(1 << (4 * r) for r in range(1, 14))  # the lowest bit of every rank's nibble


def _fit_masks() -> np.ndarray:
    """Per room left under 31 (0..31): the nibbles of the ranks whose value fits.

    :func:`crib.rules.pegging.fits` as a table, written inline for the kernels' speed
    (they index it by ``31 - count``); tests/test_step_sites.py checks it equal.
    """
    out = np.zeros(32, np.int64)
    for room in range(32):
        for r in range(1, 14):
            if RANK_VALUES[r] <= room:
                out[room] |= 15 << (4 * r)
    return out


_FIT = _fit_masks()


def _score_masks() -> np.ndarray:
    """Per count (0..31): the nibbles of the ranks whose card makes the count 15 or 31."""
    out = np.zeros(32, np.int64)
    for count in range(32):
        for r in range(1, 14):
            if count + RANK_VALUES[r] in (15, 31):
                out[count] |= 1 << (4 * r)
    return out


_SCORES = _score_masks()  # move ordering only: the cards that score are searched first
_VALUE = np.array(RANK_VALUES, np.int64)  # card value by rank (index 0 unused)

# --- kernels ----------------------------------------------------------------------


@_jit("UniTuple(int64, 4)(int64, int64, int64, int64)")
def _step(count, tail, streak, r):  # type: ignore[no-untyped-def]
    """Play rank r on (count, tail, streak): (points, count, tail, streak)."""
    c = count + _VALUE[r]
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
    """The lowest bit of rank r's nibble (bit 4r) set when either hand holds rank r."""
    h = a | b
    return (h | (h >> 1) | (h >> 2)) & _NIBBLES


@_jit("UniTuple(int64, 2)(int64, int64, int64)")
def _cut(tail, streak, held):  # type: ignore[no-untyped-def]
    """Cut the tail to what a future pair or run can still use (crib.analysis.play's reach).

    The last m cards can be part of a future run only if every missing rank in
    their range is held or, with none missing, a rank next to the range is held;
    a pair needs the last rank held.  ``held`` has bit 4r set for each rank r held
    (:func:`_held_mask`).  Returns (tail, streak).
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
        mask |= 1 << (4 * q)
        if q < lo:
            lo = q
        if q > hi:
            hi = q
        # the ranks strictly between lo and hi that the tail lacks (as nibble bits)
        between = ((1 << (4 * hi)) - 1) ^ ((1 << (4 * lo + 4)) - 1)
        gaps = between & _NIBBLES & ~mask if hi > lo + 1 else 0
        if gaps:
            if held & gaps == gaps:
                best = m
        elif held & ((1 << (4 * lo - 4)) | (1 << (4 * hi + 4))):
            best = m
    if best == 0:
        if (held >> (4 * (tail & 15))) & 1:
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


@_jit("UniTuple(int64, 2)(int64, int64, int64, int64)")
def _after_card(count, mover_holds, other_holds, og):  # type: ignore[no-untyped-def]
    """:func:`crib.rules.step.after_card` on ints (non-zero is true): (points, outcome)."""
    if mover_holds == 0 and other_holds == 0:
        return (0 if count == 31 else 1), _END
    if count == 31:
        return 0, (_RESET_MOVER if other_holds == 0 else _RESET_OTHER)
    if og != 0 or other_holds == 0:
        return 0, _MOVER
    return 0, _OTHER


@_jit("UniTuple(int64, 2)(int64, int64, int64, int64, int64)")
def _after_go(other_can, og, last, mover_holds, other_holds):  # type: ignore[no-untyped-def]
    """:func:`crib.rules.step.after_go` on ints (non-zero is true): (points, outcome)."""
    if other_can != 0 and og == 0:
        return 0, _OTHER
    # crib.rules.step.mover_leads_next: whoever did not play the last card leads, if able
    lead = other_holds == 0 if last == 1 else (mover_holds != 0 or other_holds == 0)
    return last, (_RESET_MOVER if lead else _RESET_OTHER)
