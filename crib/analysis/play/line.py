"""Principal lines: how the rest of the play goes against one holding.

:func:`best_line` plays it out on the rules engine; :func:`springing_holding`
picks a likely holding against which a lead works (the trap explorer's example).
"""

from __future__ import annotations

from dataclasses import dataclass

from crib.analysis.play.minimax import minimax_by_holding
from crib.analysis.play.reference import peg_state
from crib.analysis.play.result import PlayAnalysis
from crib.errors import DuplicateCardError, HandSizeError
from crib.rules.cards import Card, parse_card, parse_cards
from crib.rules.pegging import PegState
from crib.rules.position import PeggingPosition

__all__ = ["LineStep", "best_line", "springing_holding"]


@dataclass(frozen=True)
class LineStep:
    """One action of a principal line: who, what, the count and the points."""

    player: int  # 0 you, 1 the opponent
    card: Card | None
    count: int
    points: int
    scorer: int
    detail: str

    def describe(self) -> str:
        who = "You" if self.player == 0 else "Opponent"
        if self.card is None:
            what = f"{who}: go"
        else:
            what = f"{who} play{'s' if self.player else ''} {self.card.pretty} ({self.count})"
        if self.points:
            whose = "you" if self.scorer == 0 else "them"
            what += f" — {self.detail}: +{self.points} to {whose}"
        return what


def best_line(
    position: PeggingPosition | str, opponent_cards: str | tuple, first: Card | str | None = None
) -> list[LineStep]:
    """The rest of the play with perfect play by both against one concrete holding.

    ``first`` forces your first card (to show how a given lead plays out).
    Searched on the rules engine (:class:`crib.rules.pegging.PegState`) with a memo.
    """
    pos = position if isinstance(position, PeggingPosition) else PeggingPosition.parse(position)
    theirs = parse_cards(opponent_cards)
    if len(theirs) != pos.opp_count:
        raise HandSizeError(f"the opponent holds {pos.opp_count} cards, got {len(theirs)}")
    bad = set(theirs) - set(pos.unseen())
    if bad:
        raise DuplicateCardError(
            f"{' '.join(str(c) for c in sorted(bad))} cannot be in the opponent's hand: "
            "you can see it"
        )
    s0 = peg_state(pos, theirs)
    memo: dict[PegState, int] = {}

    def val(s: PegState) -> int:
        if s.done:
            return s.pegged[0] - s.pegged[1]
        v = memo.get(s)
        if v is None:
            vals = [val(s.play(c)[0]) for c in (s.legal() or (None,))]
            v = memo[s] = max(vals) if s.turn == 0 else min(vals)
        return v

    line: list[LineStep] = []
    s = s0
    forced = parse_card(first) if isinstance(first, str) else first
    while not s.done:
        opts = s.legal() or (None,)
        if forced is not None and not line:
            choice = forced
        else:
            scored = [(val(s.play(c)[0]), c) for c in opts]
            target = max(v for v, _ in scored) if s.turn == 0 else min(v for v, _ in scored)
            choice = next(c for v, c in scored if v == target)
        mover = s.turn
        s, rec = s.play(choice)
        line.append(LineStep(mover, rec.card, rec.count, rec.points, rec.pegger, rec.describe()))
    return line


def springing_holding(a: PlayAnalysis, lead_rank: int) -> tuple[int, ...] | None:
    """A likely holding (rank multiset) against which the lead works under perfect play.

    The most likely holding among those where the lead nets at least +2 (ties:
    the larger margin); if none does, the one where it nets the most.
    """
    pos = a.position
    card = next(c for c in pos.hand if c.rank == lead_rank)
    best = None
    for h, wt, ((now, fut),) in minimax_by_holding(pos, [card]):
        key = (now + fut >= 2, wt if now + fut >= 2 else 0, now + fut)
        if best is None or key > best[0]:
            best = (key, h)
    return None if best is None else best[1]
