"""Board-aware pegging near 121: each card ranked by the chance of winning the game.

Far from the end, a point pegged is worth about the same wherever it comes, and
the margin (:func:`crib.analysis.play.analyze_play`) is the right objective.
Near 121 it is not: the first to 121 wins, even during the play, and after the
play the pone counts first.  A pone whose hand will take them out needs only
to stop the dealer pegging out; a dealer who cannot count out must peg.

:func:`analyze_board` ranks every legal card by P(I win): over every holding
the opponent could have (weighted by keep frequency, as the Master weights
them), both sides play the rest of the play perfectly for the game, each
knowing the holding (the margin minimax's model with the game as the
objective); whoever reaches 121 first wins at once; when the play ends, the
show and the next deals follow (:mod:`crib.analysis.play.board_leaf`).

The search is compiled (:mod:`crib.analysis.play.jit_board`);
:func:`board_values_reference` is the plain recursive search over the rules'
own pegging scorer that it is tested equal to, on every holding.

>>> from crib.rules.cards import parse_cards
>>> pos = PeggingPosition.parse(
...     "hand JH 3D 4S | pile 4D 5S 6C | starter AH | discards 2H 6H | opp 2 | scores 111 103")
>>> b = analyze_board(pos, dealer=True, opp_played=parse_cards("4D 6C"))
>>> [(str(o.card), round(o.p_win, 3)) for o in b.options]   # 3D's run of four lets the pone back in
[('JH', 0.999), ('4S', 0.939), ('3D', 0.935)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from crib.analysis.discard import MASTER_ENDGAME
from crib.analysis.play.board_leaf import Show, holding_classes, leaf_tables, show_of
from crib.analysis.play.holdings import remove_rank, root_state
from crib.analysis.play.weights import keep_weights
from crib.errors import CribError
from crib.rules.cards import Card
from crib.rules.constants import WIN
from crib.rules.pegging import fits, points_for
from crib.rules.position import PeggingPosition
from crib.rules.step import END, MOVER, OTHER, RESET_MOVER, RESET_OTHER, after_card, after_go

__all__ = [
    "BoardOption",
    "BoardAnalysis",
    "analyze_board",
    "board_applies",
    "board_values_reference",
]


def board_applies(pos: PeggingPosition, opp_dealer: bool | None) -> bool:
    """Near 121 (either side within ``MASTER_ENDGAME`` points), with the scores, the
    starter and the seats known, the Master plays (and the coach grades) by P(win)."""
    return (
        pos.scores is not None
        and pos.starter is not None
        and opp_dealer is not None
        and WIN - max(pos.scores) <= MASTER_ENDGAME
    )


@dataclass(frozen=True)
class BoardOption:
    card: Card | None  # None: go
    p_win: float  # P(I win the game), over the holdings by weight


@dataclass(frozen=True)
class BoardAnalysis:
    options: tuple[BoardOption, ...]  # best first
    holdings: int
    show: Show
    note: str

    @property
    def best(self) -> BoardOption:
        return self.options[0]

    def option(self, card: Card | None) -> BoardOption:
        for o in self.options:
            if (o.card is None) == (card is None) and (card is None or o.card.rank == card.rank):  # type: ignore[union-attr]
                return o
        raise CribError(f"{card} is not a legal play here")


def analyze_board(
    position: PeggingPosition | str,
    *,
    dealer: bool,
    opp_played: Sequence[Card] = (),
    weighted: bool = True,
    reference: bool = False,
) -> BoardAnalysis:
    """Every legal card by P(I win the game) (see the module docstring).

    ``position`` needs its ``scores`` (mine first) and starter; ``dealer``: I
    deal; ``opp_played``: the opponent's cards played this hand (for their
    hand's points and, with ``weighted``, their keep weights).  ``reference``:
    use the plain search instead of the compiled one (slow; for tests).
    """
    pos = position if isinstance(position, PeggingPosition) else PeggingPosition.parse(position)
    if pos.scores is None or pos.starter is None:
        raise CribError("board-aware play needs the scores and the starter")
    from crib.analysis.play import jit  # numba: loaded by the first analysis, not the import

    show = show_of(pos, dealer, opp_played)
    factor = keep_weights(tuple(opp_played), not dealer) if weighted else None
    ranks, hands, w = jit.holding_arrays(pos, factor)
    if not len(w):
        raise CribError("no opponent holding is consistent with this position")
    rows = [tuple(r[: pos.opp_count]) for r in ranks.tolist()]
    classes, cls = holding_classes(show, rows)
    leaves, nm, no = leaf_tables(show, classes)
    cards = jit._root_options(pos)
    if reference or not jit.available():
        vals = np.array(board_values_reference(pos, rows, leaves, cls, cards))
    else:
        vals = compiled_values(pos, hands, cards, leaves, cls, nm, no)
    wf = np.asarray(w, float)
    p = np.clip((wf @ vals) / wf.sum(), 0.0, 1.0)  # a weighted mean of values in [0, 1]
    opts_out = sorted(
        (BoardOption(c, float(x)) for c, x in zip(cards, p, strict=True)),
        key=lambda o: (-round(o.p_win, 12), o.card.rank if o.card else 0),
    )
    weights_note = factor.note if factor is not None else "every holding equally likely"
    note = (
        f"P(you win the game): over {len(rows)} holdings ({weights_note}), both sides play "
        "the rest of the play for the game, knowing the holding; first to 121 wins; then the "
        f"show in counting order (the crib: {show.crib_note}) and the win table for later deals"
    )
    return BoardAnalysis(tuple(opts_out), len(rows), show, note)


def compiled_values(
    pos: PeggingPosition,
    hands: np.ndarray,
    cards: Sequence[Card | None],
    leaves: np.ndarray,
    cls: np.ndarray,
    nm: int,
    no: int,
) -> np.ndarray:
    """The compiled search's values (holdings x ``cards``) for packed ``hands``; what
    :func:`board_values_reference` states plainly."""
    from crib.analysis.play import jit  # numba: loaded by the first analysis, not the import
    from crib.analysis.play.jit_board import board_values

    mine, *_pile, last = root_state(pos)
    pile = jit._compress(tuple(c.rank for c in pos.pile))
    opts = np.array([0 if c is None else c.rank for c in cards], np.int64)
    return board_values(jit._pack(mine), hands, pile, pos.opp_go, last, opts, leaves, cls, (nm, no))


def board_values_reference(
    pos: PeggingPosition,
    rows: Sequence[tuple[int, ...]],
    leaves: np.ndarray,
    cls: np.ndarray,
    cards: Sequence[Card | None],
) -> list[list[float]]:
    """[holding][option] P(I win): the plain search (no pruning, the rules' scorer)."""
    mine, count, tail, streak, last = root_state(pos)
    nm, no = leaves.shape[1], leaves.shape[2]

    def value(a, b, count, tail, streak, og, last, pm, po, me, leaf, only=0):  # type: ignore[no-untyped-def]
        need_m, need_o = (nm, no) if me else (no, nm)
        best = None
        for r in sorted(set(a), reverse=True):
            if not fits(count, r) or (only and r != only):
                continue
            pts, c, t, s = points_for(count, tail, streak, r)
            a2 = remove_rank(a, r)
            extra, oc = after_card(c, bool(a2), bool(b), og)
            p2 = pm + pts + extra
            if oc == END:
                x = 1.0 if p2 >= need_m else (leaf[p2][po] if me else 1.0 - leaf[po][p2])
            elif p2 >= need_m:
                x = 1.0
            elif oc == RESET_OTHER:
                x = 1.0 - value(b, a2, 0, (), 0, False, 0, po, p2, not me, leaf)
            elif oc == RESET_MOVER:
                x = value(a2, b, 0, (), 0, False, 0, p2, po, me, leaf)
            elif oc == MOVER:
                x = value(a2, b, c, t, s, og, 1, p2, po, me, leaf)
            else:
                x = 1.0 - value(b, a2, c, t, s, False, -1, po, p2, not me, leaf)
            best = x if best is None else max(best, x)
        if best is not None:
            return best
        # go
        pts, oc = after_go(any(fits(count, r) for r in b), og, last, bool(a), bool(b))
        if oc == OTHER:
            return 1.0 - value(b, a, count, tail, streak, True, -last, po, pm, not me, leaf)
        # the go point (pts: 1 the mover, -1 the other, 0 none) may reach 121
        pm, po = pm + max(pts, 0), po + max(-pts, 0)
        if pm >= need_m or po >= need_o:
            return 1.0 if pm >= need_m else 0.0
        if oc == RESET_MOVER:
            return value(a, b, 0, (), 0, False, 0, pm, po, me, leaf)
        return 1.0 - value(b, a, 0, (), 0, False, 0, po, pm, not me, leaf)

    out = []
    for h, k in zip(rows, cls.tolist(), strict=True):
        leaf = leaves[k].tolist()
        out.append(
            [
                value(mine, tuple(sorted(h)), count, tail, streak, pos.opp_go, last, 0, 0, True,
                      leaf, 0 if c is None else c.rank)
                for c in cards
            ]
        )  # fmt: skip
    return out
