"""Compiled board-aware pegging search: P(win) instead of the margin (the fast path).

:func:`board_values` gives exactly what
:func:`crib.analysis.play.board.board_values_reference` gives: for every holding
and every root option, the chance that I win the game when both sides play the
rest of the play perfectly for the game (not for the margin), each knowing the
holding, as in the margin minimax.  A state carries both sides' pegging points
since the root; whoever reaches 121 first wins at once, and when the play ends
the leaf table (:mod:`crib.analysis.play.board_leaf`) gives P(I win).

A plain recursive negamax over values in [0, 1] (my chance for the mover,
``1 - x`` across a change of mover), fail-soft alpha-beta, every root option
searched with a full window so its value is exact.  No transposition table:
near 121 most lines end early.
"""

from __future__ import annotations

import numpy as np

# the step rule's compiled twin and its outcome codes, read through the module (numba
# resolves a module's attributes at compile time, as constants and compiled callees)
from crib.analysis.play import jit_core as jc

__all__ = ["board_values"]

_NODE_SIG = (
    "float64(int64, int64, int64, int64, int64, int64, int64, int64, int64, int64, int64, int64, "
    "float64[:, ::1], float64, float64, int64)"
)


@jc._jit(_NODE_SIG)
def _bnode(a, b, count, tail, streak, og, last, pm, po, me, nm, no, leaf, alpha, beta, only):  # type: ignore[no-untyped-def]
    """The mover's chance of winning (``me``: 1 when the mover is the root player).

    a, b: the mover's and the other's hands (4 bits per rank); og: the other
    said go; last: 1 the mover played last, -1 the other, 0 nobody; pm, po:
    points since the root, nm, no: points needed to reach 121; ``only``: a
    rank the mover must play (the root option), 0 for any.
    """
    z = a & 0  # a typed zero: literal arguments would ask numba for another signature
    room = 31 - count
    fit = a & jc._FIT[room]
    if fit != 0:
        best = -1.0
        al = alpha
        for r in range(13, 0, -1):
            if (fit >> (4 * r)) & 15 == 0 or (only != 0 and r != only):
                continue
            pts, c, nt, ns = jc._step(count, tail, streak, r)
            a2 = a - (1 << (4 * r))
            extra, oc = jc._after_card(c, a2, b, og)
            p2 = pm + pts + extra
            if oc == jc._END:
                if p2 >= nm:
                    x = 1.0
                elif me == 1:
                    x = leaf[p2, po]
                else:
                    x = 1.0 - leaf[po, p2]
            elif p2 >= nm:
                x = 1.0  # reached 121 first
            elif oc == jc._RESET_OTHER:
                x = 1.0 - _bnode(
                    b, a2, z, z, z, z, z, po, p2, 1 - me, no, nm, leaf, 1.0 - beta, 1.0 - al, z
                )
            elif oc == jc._RESET_MOVER:
                x = _bnode(a2, b, z, z, z, z, z, p2, po, me, nm, no, leaf, al, beta, z)
            elif oc == jc._MOVER:
                x = _bnode(a2, b, c, nt, ns, og, z + 1, p2, po, me, nm, no, leaf, al, beta, z)
            else:
                x = 1.0 - _bnode(
                    b,
                    a2,
                    c,
                    nt,
                    ns,
                    z,
                    z - 1,
                    po,
                    p2,
                    1 - me,
                    no,
                    nm,
                    leaf,
                    1.0 - beta,
                    1.0 - al,
                    z,
                )
            if x > best:
                best = x
                if best > al:
                    al = best
                if best >= beta:
                    return best
        return best
    # no card fits: the step rule after a go
    gp, oc = jc._after_go(b & jc._FIT[room], og, last, a, b)
    if oc == jc._OTHER:
        return 1.0 - _bnode(
            b,
            a,
            count,
            tail,
            streak,
            z + 1,
            -last,
            po,
            pm,
            1 - me,
            no,
            nm,
            leaf,
            1.0 - beta,
            1.0 - alpha,
            z,
        )
    if gp > 0:
        pm += 1
        if pm >= nm:
            return 1.0
    elif gp < 0:
        po += 1
        if po >= no:
            return 0.0
    if oc == jc._RESET_MOVER:
        return _bnode(a, b, z, z, z, z, z, pm, po, me, nm, no, leaf, alpha, beta, z)
    return 1.0 - _bnode(
        b, a, z, z, z, z, z, po, pm, 1 - me, no, nm, leaf, 1.0 - beta, 1.0 - alpha, z
    )


@jc._jit(
    "void(int64, int64[::1], int64, int64, int64, int64, int64, int64[::1], "
    "float64[:, :, ::1], int64[::1], int64, int64, float64[:, ::1])"
)
def _bsolve(mine, hands, count, tail, streak, og, last, opts, leaves, cls, nm, no, out):  # type: ignore[no-untyped-def]
    """P(I win) of every root option (rank, 0 for go) against every holding."""
    for i in range(hands.shape[0]):
        leaf = leaves[cls[i]]
        for j in range(opts.shape[0]):
            out[i, j] = _bnode(
                mine,
                hands[i],
                count,
                tail,
                streak,
                og,
                last,
                0,
                0,
                1,
                nm,
                no,
                leaf,
                -1.0,
                2.0,
                opts[j],
            )


def board_values(
    mine: int,
    hands: np.ndarray,
    pile: tuple[int, int, int],
    og: bool,
    last: int,
    opts: np.ndarray,
    leaves: np.ndarray,
    cls: np.ndarray,
    need: tuple[int, int],
) -> np.ndarray:
    """[holding, option] P(I win): see the module docstring (packed hands, as :mod:`jit`)."""
    out = np.zeros((len(hands), len(opts)))
    count, tail, streak = pile
    _bsolve(
        mine, np.ascontiguousarray(hands, np.int64), count, tail, streak, 1 if og else 0, last,
        np.ascontiguousarray(opts, np.int64), leaves, np.ascontiguousarray(cls, np.int64),
        need[0], need[1], out,
    )  # fmt: skip
    return out
