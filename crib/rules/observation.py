"""What a player may see.  There is deliberately no field for the opponent's cards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from crib.rules.cards import Card
from crib.rules.pegging import PegState

__all__ = ["EarlierHand", "Observation", "for_discard", "for_play"]


@dataclass(frozen=True, slots=True)
class EarlierHand:
    """A finished play of this game, as the observing player saw it: every card played
    in order, which of them the other player played (all four of the cards they kept,
    shown again at the show), the starter, who dealt, and the scores before the play
    (the observer's, the other player's).  All of it is public."""

    played: tuple[Card, ...]
    theirs: tuple[bool, ...]
    starter: Card
    dealt: bool  # did the observer deal that hand
    scores: tuple[int, int]

    @property
    def their_cards(self) -> tuple[Card, ...]:
        return tuple(c for c, t in zip(self.played, self.theirs, strict=True) if t)


@dataclass(frozen=True, slots=True)
class Observation:
    """One player's view of the game at a decision.

    ``hand`` is the player's own cards (six at the discard, those still held
    during the play).  ``played`` is every card played so far this hand, by
    either side (public).  ``opp_cards_held`` is how many cards the opponent
    still holds (public).  ``my_discards`` are the player's own crib cards.
    ``earlier`` is this game's finished plays (:class:`EarlierHand`): cards that were
    played face up, so public too, though they show what the opponent held then.
    """

    phase: str  # "discard" or "play"
    hand: tuple[Card, ...]
    dealer: bool  # is this player the dealer (so the crib is theirs)?
    my_score: int
    opp_score: int
    starter: Card | None = None
    pile: tuple[Card, ...] = ()
    played: tuple[Card, ...] = ()
    opp_cards_held: int = 0
    opp_said_go: bool = False
    my_discards: tuple[Card, ...] = ()
    legal: tuple[Card, ...] = ()
    opp_played: tuple[Card, ...] = ()  # the opponent's cards played this hand (public)
    pile_last_mine: bool = False  # this player played the pile's last card (public)
    # this game's earlier plays, oldest first, each finished to its last card (public;
    # empty where a caller does not give them, as in the coach's positions)
    earlier: tuple[EarlierHand, ...] = ()

    @property
    def crib_is_mine(self) -> bool:
        return self.dealer

    @property
    def count(self) -> int:
        return sum(c.value for c in self.pile)

    def unseen_rank_counts(self) -> list[int]:
        """Per rank 1..13 (index 0..12): cards this player cannot see.

        52 minus own hand, own discards, every played card and the starter.
        """
        u = [4] * 13
        for c in (*self.hand, *self.my_discards, *self.played):
            u[c.rank - 1] -= 1
        if self.starter is not None:
            u[self.starter.rank - 1] -= 1
        return u


def for_discard(
    six: Sequence[Card],
    *,
    dealer: bool,
    my_score: int = 0,
    opp_score: int = 0,
    earlier: Sequence[EarlierHand] = (),
) -> Observation:
    """The observation for choosing two cards to throw."""
    return Observation("discard", tuple(six), dealer, my_score, opp_score, earlier=tuple(earlier))


def for_play(
    state: PegState,
    player: int,
    *,
    starter: Card,
    dealer: bool,
    my_score: int = 0,
    opp_score: int = 0,
    my_discards: Sequence[Card] = (),
    earlier: Sequence[EarlierHand] = (),
) -> Observation:
    """The observation for ``player``'s turn in the play, built from public state only."""
    o = 1 - player
    return Observation(
        phase="play",
        hand=state.hands[player],
        dealer=dealer,
        my_score=my_score,
        opp_score=opp_score,
        starter=starter,
        pile=state.pile,
        played=tuple(c for _p, c in state.played),
        opp_cards_held=len(state.hands[o]),
        opp_said_go=state.said_go[o],
        my_discards=tuple(my_discards),
        legal=state.legal() if state.turn == player else (),
        opp_played=tuple(c for p, c in state.played if p == o),
        pile_last_mine=bool(state.pile) and state.last == player,
        earlier=tuple(earlier),
    )
