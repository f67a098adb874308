"""Pegging positions: always *your* turn, with what you can see.

Text form (sections in any order, separated by ``|``)::

    hand 4H 6D 6S 9C | pile 7S 8C | previous 2C | starter KD | discards JD KC | opp 3 | go

>>> p = PeggingPosition.parse("hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4")
>>> p.count, len(p.unseen())
(0, 45)
>>> print(p.to_text())
hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4
>>> bad = "hand 4H 6D | pile KS QS TD | starter 2S | opp 1"
>>> PeggingPosition.parse(bad)  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
crib.errors.InvalidPositionError: 3 cards have been played (the pile and previous), but there
should be 5: each player starts the play with 4 cards, and you still hold 2 and your opponent 1
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from crib.errors import CribError, InvalidPositionError
from crib.rules.cards import DECK, Card, CardsLike, cards_str, parse_cards
from crib.rules.checks import check_scores
from crib.rules.pegging import fits

if TYPE_CHECKING:
    from crib.rules.observation import Observation

__all__ = ["PeggingPosition"]


def _cards(n: int) -> str:
    """'1 card', '3 cards'."""
    return f"{n} card" if n == 1 else f"{n} cards"


_KEYS = {
    "hand": "hand",
    "pile": "pile",
    "previous": "previous",
    "prev": "previous",
    "starter": "starter",
    "cut": "starter",
    "discards": "discards",
    "discard": "discards",
    "crib": "discards",
    "opp": "opp_count",
    "opponent": "opp_count",
    "go": "opp_go",
    "scores": "scores",
}


@dataclass(frozen=True)
class PeggingPosition:
    """A position in the play where it is your turn.

    ``hand``: your cards still held; ``pile``: this sub-round's cards in
    order; ``previous``: cards from this hand's earlier sub-rounds;
    ``starter``; ``discards``: your two crib cards (optional);
    ``opp_count``: how many cards the opponent still holds; ``opp_go``:
    the opponent has said go in this sub-round.  ``last_mine`` (set from the
    others) says who played the pile's last card: you, when the opponent has said
    go since (an opponent out of cards after your card counts as having said go,
    :meth:`from_observation`); else the opponent, if there is a pile.  :attr:`last`
    says it as the step rule (:mod:`crib.rules.step`) takes it.
    """

    hand: tuple[Card, ...]
    pile: tuple[Card, ...] = ()
    previous: tuple[Card, ...] = ()
    starter: Card | None = None
    discards: tuple[Card, ...] = ()
    opp_count: int = 4
    opp_go: bool = False
    scores: tuple[int, int] | None = None
    last_mine: bool = field(default=False, init=False)

    def __init__(
        self,
        hand: CardsLike,
        pile: CardsLike = (),
        previous: CardsLike = (),
        starter: CardsLike | None = None,
        discards: CardsLike = (),
        opp_count: int = 4,
        opp_go: bool = False,
        scores: tuple[int, int] | None = None,
    ) -> None:
        set_ = object.__setattr__
        set_(self, "hand", parse_cards(hand, distinct=False))
        set_(self, "pile", parse_cards(pile, distinct=False) if pile else ())
        set_(self, "previous", parse_cards(previous, distinct=False) if previous else ())
        st = parse_cards(starter, distinct=False) if starter else ()
        if len(st) > 1:
            raise InvalidPositionError(
                f"expected one starter card, got {len(st)} ({cards_str(st)})"
            )
        set_(self, "starter", st[0] if st else None)
        set_(self, "discards", parse_cards(discards, distinct=False) if discards else ())
        set_(self, "opp_count", opp_count)
        set_(self, "opp_go", bool(opp_go))
        set_(self, "scores", scores)
        # the opponent moves after each of your cards unless they have said go (or are out)
        set_(self, "last_mine", self.opp_go)
        self._validate()

    # -- validation ------------------------------------------------------------

    def _validate(self) -> None:
        if not isinstance(self.opp_count, int) or not 0 <= self.opp_count <= 4:
            raise InvalidPositionError(
                f"the opponent holds {self.opp_count!r} cards: expected 0 to 4"
            )
        groups = [
            ("your hand", self.hand),
            ("the pile", self.pile),
            ("previous", self.previous),
            ("the starter", (self.starter,) if self.starter else ()),
            ("your discards", self.discards),
        ]
        where: dict[Card, str] = {}
        for name, cs in groups:
            for c in cs:
                if c in where:
                    same = where[c] == name
                    raise InvalidPositionError(
                        f"duplicate card {c}: it appears "
                        + ("twice in " + name if same else f"in {where[c]} and in {name}")
                    )
                where[c] = name
        if len(self.hand) > 4:
            raise InvalidPositionError(
                f"your hand holds {len(self.hand)} cards: at most 4 in the play"
            )
        if not self.hand:
            raise InvalidPositionError("you hold no cards, so it cannot be your turn")
        if len(self.discards) > 2:
            raise InvalidPositionError(f"expected at most 2 discards, got {len(self.discards)}")
        count = self.count
        if count > 31:
            raise InvalidPositionError(
                f"the pile {cards_str(self.pile)} counts {count}: a count cannot exceed 31"
            )
        if count == 31:
            raise InvalidPositionError(
                "the pile counts exactly 31: the count resets, so put those cards in previous"
            )
        played = 8 - len(self.hand) - self.opp_count
        have = len(self.pile) + len(self.previous)
        if have != played:
            raise InvalidPositionError(
                f"{_cards(have)} {'has' if have == 1 else 'have'} been played (the pile and "
                f"previous), but there should be {played}: each player starts the play with 4 "
                f"cards, and you still hold {len(self.hand)} and your opponent {self.opp_count}"
            )
        if self.opp_go:
            if not self.pile:
                raise InvalidPositionError(
                    "the opponent cannot have said go on an empty pile: any card fits at 0"
                )
            if self.opp_count:
                room = 31 - count
                misfits = [c for c in self.unseen() if not fits(count, c)]
                if len(misfits) < self.opp_count:
                    raise InvalidPositionError(
                        f"the opponent said go at {count}, so the {_cards(self.opp_count)} "
                        f"they hold cannot be played without passing 31, but only "
                        f"{len(misfits)} of the cards you cannot see "
                        f"{'is' if len(misfits) == 1 else 'are'} worth more than {room}"
                    )
        if self.scores is not None:
            check_scores(self.scores, error=InvalidPositionError)

    # -- views -----------------------------------------------------------------

    @property
    def count(self) -> int:
        return sum(c.value for c in self.pile)

    def known(self) -> set[Card]:
        k = set(self.hand) | set(self.pile) | set(self.previous) | set(self.discards)
        if self.starter is not None:
            k.add(self.starter)
        return k

    def unseen(self) -> tuple[Card, ...]:
        """Cards you cannot see: the opponent's holding comes from these."""
        k = self.known()
        return tuple(c for c in DECK if c not in k)

    def legal(self) -> tuple[Card, ...]:
        count = self.count
        return tuple(c for c in self.hand if fits(count, c))

    @property
    def last(self) -> int:
        """Who played the pile's last card, as the step rule takes it: 1 you, -1 the
        opponent, 0 nobody (an empty pile).

        >>> PeggingPosition.parse("hand 5H | pile 9D | previous 2C 3C 4C 6C AH | opp 1").last
        -1
        >>> PeggingPosition.parse("hand 5H | pile KD QD 5C | previous 2C 3C 4C | opp 1 | go").last
        1
        """
        return 1 if self.last_mine else (-1 if self.pile else 0)

    def seen(self) -> Iterator[tuple[str, tuple[Card, ...]]]:
        """The cards you have seen outside the pile and your hand, as (section, cards),
        the sections that have any, in the text form's order: both the text form and
        the analyzer's HTML list them from here.

        >>> pos = PeggingPosition.parse(
        ...     "hand 5H | pile 9D | previous 2C 3C 4C 6C AH | starter 7S | opp 1"
        ... )
        >>> [(k, cards_str(cs)) for k, cs in pos.seen()]
        [('previous', '2C 3C 4C 6C AH'), ('starter', '7S')]
        """
        if self.previous:
            yield "previous", self.previous
        if self.starter is not None:
            yield "starter", (self.starter,)
        if self.discards:
            yield "discards", self.discards

    def to_text(self) -> str:
        parts = [f"hand {cards_str(self.hand)}"]
        if self.pile:
            parts.append(f"pile {cards_str(self.pile)}")
        parts += [f"{section} {cards_str(cards)}" for section, cards in self.seen()]
        parts.append(f"opp {self.opp_count}")
        if self.opp_go:
            parts.append("go")
        if self.scores is not None:
            parts.append(f"scores {self.scores[0]} {self.scores[1]}")
        return " | ".join(parts)

    @classmethod
    def parse(cls, text: str) -> PeggingPosition:
        """Read the text form; unknown sections and bad values raise with the reason."""
        if not isinstance(text, str) or not text.strip():
            raise InvalidPositionError(
                "empty position: expected e.g. 'hand 4H 6D 6S 9C | starter 2S | opp 4'"
            )
        fields: dict[str, object] = {}
        for raw in text.split("|"):
            sec = raw.strip()
            if not sec:
                continue
            key, _, rest = sec.partition(" ")
            name = _KEYS.get(key.lower())
            if name is None:
                raise InvalidPositionError(
                    f"unknown section {key!r} in {text!r}: expected hand, pile, previous, "
                    "starter, discards, opp, go or scores"
                )
            if name in fields:
                raise InvalidPositionError(f"section {key!r} appears twice")
            rest = rest.strip()
            if name == "opp_count":
                try:
                    fields[name] = int(rest)
                except ValueError:
                    raise InvalidPositionError(
                        f"opp {rest!r}: expected the number of cards the opponent holds, 0 to 4"
                    ) from None
            elif name == "opp_go":
                if rest and rest.lower() not in ("yes", "true", "1"):
                    raise InvalidPositionError(
                        f"go {rest!r}: write just 'go' when the opponent said go"
                    )
                fields[name] = True
            elif name == "scores":
                try:
                    a, b = (int(x) for x in rest.replace(",", " ").split())
                except ValueError:
                    raise InvalidPositionError(
                        f"scores {rest!r}: expected two numbers, yours then theirs"
                    ) from None
                fields[name] = (a, b)
            else:
                try:
                    fields[name] = parse_cards(rest, distinct=False) if rest else ()
                except CribError as e:
                    raise InvalidPositionError(f"in {key}: {e}") from None
        if "hand" not in fields:
            raise InvalidPositionError("the position needs your hand, e.g. 'hand 4H 6D 6S 9C'")
        return cls(**fields)  # type: ignore[arg-type]

    @classmethod
    def from_observation(cls, obs: Observation) -> PeggingPosition:
        """The position a player's play observation describes, from public facts only.

        This is the one conversion: the Master searches it and the coach grades it.
        The opponent's cards are never part of it, only how many they hold.  An
        opponent who holds nothing after *your* last card counts as having said go:
        they cannot play, so you move again, and if you cannot play either the go
        point is yours, because you played last (:attr:`last_mine` is set from this flag;
        without it the solvers would give the point to the opponent).

        >>> from crib.rules.observation import for_play
        >>> from crib.rules.pegging import PegState
        >>> s = PegState.start(["5H 5D 9C 9D", "KS QS 2C 3C"], pone=1)
        >>> for card in ["KS", "9C", "QS", None, "2C", "5H", "3C", "5D"]:
        ...     s, _ = s.play(card)
        >>> obs = for_play(s, 0, starter=parse_cards("4C")[0], dealer=True)
        >>> obs.opp_said_go, obs.opp_cards_held, obs.pile_last_mine
        (False, 0, True)
        >>> print(PeggingPosition.from_observation(obs).to_text())
        hand 9D | pile 5H 3C 5D | previous KS 9C QS 2C | starter 4C | opp 0 | go | scores 0 0
        """
        if obs.phase != "play":
            raise InvalidPositionError(
                f"a pegging position comes from a play observation, not a {obs.phase!r} one"
            )
        pile = tuple(obs.pile)
        played = tuple(obs.played)
        said_go = obs.opp_said_go or (obs.opp_cards_held == 0 and obs.pile_last_mine)
        return cls(
            hand=obs.hand,
            pile=pile,
            previous=played[: len(played) - len(pile)],
            starter=obs.starter,
            discards=obs.my_discards,
            opp_count=obs.opp_cards_held,
            opp_go=said_go and bool(pile),
            scores=(obs.my_score, obs.opp_score),
        )

    @classmethod
    def lead(cls, hand: CardsLike, starter: CardsLike, discards: CardsLike = ()) -> PeggingPosition:
        """The start of the play with you (the pone) to lead against 4 unseen cards."""
        return cls(hand=hand, starter=starter, discards=discards, opp_count=4)
