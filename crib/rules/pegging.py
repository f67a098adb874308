"""The play (pegging): rules as a frozen state and verify / can / play.

Players are 0 and 1.  The pone leads first.  A player with a card that keeps
the count at or under 31 must play; one without says *go*.  The other keeps
playing while they can.  When neither can, the last player to play pegs 1
for the go (31 pays 2 on its own and resets at once), the count resets, and
the player who did **not** play the last card leads.  The last card of the
play pegs 1 (not when it makes 31).

>>> s = PegState.start(hands=(parse_cards("5H 5D"), parse_cards("TC KS")), pone=0)
>>> s, rec = s.play(parse_card("5H"))
>>> s, rec = s.play(parse_card("TC"))
>>> rec.points, rec.describe()
(2, 'fifteen for 2')
>>> s.verify_play(parse_card("KS"))
Traceback (most recent call last):
...
crib.errors.IllegalPlayError: it is player 0's turn, not player 1's: K♠ cannot be played now
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from crib.errors import HandSizeError, IllegalPlayError
from crib.rules.cards import RANK_VALUES, Card, CardsLike, check_distinct, parse_card, parse_cards
from crib.rules.scoring import Component, _peg_components, peg_parts
from crib.rules.step import END, MOVER, OTHER, RESET_MOVER, after_card, after_go, mover_leads_next

__all__ = [
    "PegState",
    "PlayRecord",
    "GO",
    "peg_points",
    "legal_cards",
    "fits",
    "points_for",
    "compress",
    "mover_leads_next",
    "Pile",
]

GO = None  # the action of saying go


@lru_cache(maxsize=1 << 16)
def peg_points(pile_ranks: tuple[int, ...]) -> int:
    """Points for the last card of a pile given only its ranks (cached).

    The reference scorer :func:`crib.rules.scoring.peg_parts`, summed.

    >>> peg_points((5, 3, 4)), peg_points((10, 5)), peg_points((1, 1, 1, 1))
    (3, 2, 12)
    """
    count = sum(RANK_VALUES[r] for r in pile_ranks)
    return sum(pts for _kind, _k, pts in peg_parts(pile_ranks, count))


Pile = tuple[int, tuple[int, ...], int]  # (count, tail, streak): a compressed pile


def points_for(
    count: int, tail: tuple[int, ...], streak: int, r: int
) -> tuple[int, int, tuple[int, ...], int]:
    """The fast pegging scorer: play rank ``r`` on a compressed pile.

    Returns (points, new count, new tail, new streak).  ``tail`` is the longest
    suffix of the pile with distinct ranks (in order) and ``streak`` how many
    cards of the last rank end the pile: all that the pile's future scoring
    depends on.  Tested equal to :func:`peg_points` on every pile that can occur.

    >>> points_for(10, (10,), 1, 5)[0]   # 15
    2
    >>> points_for(8, (3, 5), 1, 4)[0]   # 3-5-4: a run of three
    3
    """
    c = count + RANK_VALUES[r]
    pts = 2 if c == 15 or c == 31 else 0
    if tail and tail[-1] == r:
        s = streak + 1
        pts += s * (s - 1)
        return pts, c, (r,), s
    new_tail = (*tail[tail.index(r) + 1 :], r) if r in tail else (*tail, r)
    n = len(new_tail)
    if n >= 3:
        for k in range(n, 2, -1):
            w = new_tail[-k:]
            if max(w) - min(w) == k - 1:
                pts += k
                break
    return pts, c, new_tail, 1


def compress(ranks: Sequence[int]) -> Pile:
    """The compressed form (count, tail, streak) of a pile of ranks.

    >>> compress((5, 5, 3, 4))
    (17, (5, 3, 4), 1)
    """
    count, tail, streak = 0, (), 0
    for r in ranks:
        _p, count, tail, streak = points_for(count, tail, streak, r)
    return count, tail, streak


def fits(count: int, card: Card | int) -> bool:
    """Whether ``card`` (a card, or a rank 1..13) can be played at ``count``: it keeps
    the count at or under 31.  The one statement of the rule; the compiled kernels read
    it as a table (``crib.analysis.play.jit_core._FIT``), tested equal.

    >>> fits(21, parse_card("KS")), fits(22, parse_card("KS")), fits(30, 1), fits(30, 2)
    (True, False, True, False)
    """
    return count + (card.value if isinstance(card, Card) else RANK_VALUES[card]) <= 31


def legal_cards(hand: Sequence[Card], count: int) -> tuple[Card, ...]:
    """Cards from ``hand`` that keep the count at or under 31."""
    return tuple(c for c in hand if fits(count, c))


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """What one action did: the card (or go), the points and their breakdown."""

    player: int  # who acted
    card: Card | None  # None for go
    count: int  # the count after the action (before any reset)
    points: int
    components: tuple[Component, ...]
    reset: bool = False  # the sub-round ended after this action
    ended: bool = False  # the play (all eight cards) ended after this action
    scorer: int | None = None  # who pegged the points (the last player, for a go)

    @property
    def pegger(self) -> int:
        return self.player if self.scorer is None else self.scorer

    @property
    def is_go(self) -> bool:
        return self.card is None

    def describe(self) -> str:
        """Short text of the points, e.g. 'fifteen for 2', 'go for 1'."""
        if not self.components:
            return "go" if self.is_go else "no points"
        return ", ".join(f"{c.kind} for {c.points}" for c in self.components)


@dataclass(frozen=True, slots=True)
class PegState:
    """A position in the play.

    ``hands`` are the cards each player still holds; ``pile`` is the current
    sub-round in play order; ``played`` is every (player, card) so far;
    ``said_go`` marks who said go in this sub-round; ``last`` is the last
    player to play a card in this sub-round.
    """

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    turn: int
    pile: tuple[Card, ...] = ()
    played: tuple[tuple[int, Card], ...] = ()
    said_go: tuple[bool, bool] = (False, False)
    last: int | None = None
    pegged: tuple[int, int] = (0, 0)
    done: bool = False
    pile_history: tuple[tuple[Card, ...], ...] = field(default=())

    @classmethod
    def start(cls, hands: Sequence[CardsLike], pone: int) -> PegState:
        """The start of the play; the pone leads."""
        hs = tuple(parse_cards(h) for h in hands)
        if len(hs) != 2:
            raise HandSizeError(f"expected 2 hands, got {len(hs)}")
        for i, h in enumerate(hs):
            if len(h) > 4:
                raise HandSizeError(f"player {i} holds {len(h)} cards: at most 4 go into the play")
        check_distinct(hs[0], hs[1])
        both = hs[0] + hs[1]
        if pone not in (0, 1):
            raise IllegalPlayError(f"pone must be player 0 or 1, got {pone!r}")
        return cls(hands=(hs[0], hs[1]), turn=pone, done=not both)

    @property
    def count(self) -> int:
        return sum(c.value for c in self.pile)

    def legal(self) -> tuple[Card, ...]:
        """Cards the player to move may play (empty: they must say go)."""
        if self.done:
            return ()
        return legal_cards(self.hands[self.turn], self.count)

    def can_play(self, card: CardsLike | None) -> bool:
        try:
            self.verify_play(card)
        except IllegalPlayError:
            return False
        return True

    def verify_play(self, card: CardsLike | None) -> None:
        """Raise :class:`IllegalPlayError` with the reason if the action is illegal.

        ``card=None`` means saying go.
        """
        if self.done:
            raise IllegalPlayError("the play is over: every card has been played")
        legal = self.legal()
        if card is None:
            if legal:
                shown = " ".join(c.pretty for c in legal)
                raise IllegalPlayError(
                    f"player {self.turn} cannot say go at {self.count}: {shown} still fits"
                )
            return
        c = parse_card(card) if isinstance(card, str | Card) else parse_cards(card)[0]
        if c not in self.hands[self.turn]:
            other = 1 - self.turn
            if c in self.hands[other]:
                raise IllegalPlayError(
                    f"it is player {self.turn}'s turn, not player {other}'s: "
                    f"{c.pretty} cannot be played now"
                )
            raise IllegalPlayError(f"player {self.turn} does not hold {c.pretty}")
        if not fits(self.count, c):
            raise IllegalPlayError(
                f"{c.pretty} would make the count {self.count + c.value}, over 31"
            )

    def play(self, card: CardsLike | None) -> tuple[PegState, PlayRecord]:
        """Apply a card (or go, ``None``) and return the new state and its record."""
        self.verify_play(card)
        p = self.turn
        o = 1 - p
        if card is None:
            return self._go(p, o)
        c = parse_card(card) if isinstance(card, str | Card) else parse_cards(card)[0]
        pile = (*self.pile, c)
        count = self.count + c.value
        comps = list(_peg_components(pile, count))
        hands = list(self.hands)
        hands[p] = tuple(x for x in hands[p] if x != c)
        played = (*self.played, (p, c))
        extra, outcome = after_card(count, bool(hands[p]), bool(hands[o]), self.said_go[o])
        ended = outcome == END
        if extra:
            comps.append(Component("last card", (c,), extra))
        pts = sum(x.points for x in comps)
        pegged = list(self.pegged)
        pegged[p] += pts
        new = replace(
            self,
            hands=(hands[0], hands[1]),
            pile=pile,
            played=played,
            last=p,
            pegged=(pegged[0], pegged[1]),
            done=ended,
        )
        reset = not ended and outcome not in (OTHER, MOVER)
        if ended:
            new = replace(new, pile_history=(*self.pile_history, pile))
        elif reset:
            new = _reset(new, leader=p if outcome == RESET_MOVER else o)
        else:
            new = replace(new, turn=p if outcome == MOVER else o)
        return new, PlayRecord(p, c, count, pts, tuple(comps), reset, ended)

    def _go(self, p: int, o: int) -> tuple[PegState, PlayRecord]:
        count = self.count
        last = 0 if self.last is None else (1 if self.last == p else -1)
        opp_can = bool(legal_cards(self.hands[o], count))
        pts, outcome = after_go(
            opp_can, self.said_go[o], last, bool(self.hands[p]), bool(self.hands[o])
        )
        if outcome == OTHER:
            go = (True, self.said_go[1]) if p == 0 else (self.said_go[0], True)
            new = replace(self, said_go=go, turn=o)
            return new, PlayRecord(p, None, count, 0, ())
        # nobody can play: the last player to play pegs 1 and the count resets
        scorer = p if pts > 0 else o
        comps = (Component("go", (self.pile[-1],), 1),) if pts else ()
        pegged = list(self.pegged)
        pegged[scorer] += abs(pts)
        new = replace(self, pegged=(pegged[0], pegged[1]))
        new = _reset(new, leader=p if outcome == RESET_MOVER else o)
        return new, PlayRecord(p, None, count, abs(pts), comps, reset=True, scorer=scorer)

    def public_count(self, player: int) -> int:
        """How many cards ``player`` still holds (public information)."""
        return len(self.hands[player])


def _reset(s: PegState, leader: int) -> PegState:
    """End the sub-round: clear the pile and go flags; ``leader`` leads (chosen by the step
    rule)."""
    return replace(
        s,
        pile=(),
        said_go=(False, False),
        last=None,
        pile_history=(*s.pile_history, s.pile),
        turn=leader,
    )
