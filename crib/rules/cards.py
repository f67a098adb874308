"""Cards as values, and the one place where text becomes cards.

A :class:`Card` is a frozen, ordered value.  Its integer :attr:`Card.index`
(0..51) is rank-major, ``(rank - 1) * 4 + suit``, so that sorting by index
sorts by rank; inner loops work on these ints, never on strings.

>>> Card.parse("10h")
Card(10, 'H')
>>> str(Card.parse("T♥")), Card.parse("th").pretty
('TH', '10♥')
>>> parse_cards("5H, 5d 6C 7s")
(Card(5, 'H'), Card(5, 'D'), Card(6, 'C'), Card(7, 'S'))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from crib.errors import CardParseError, DuplicateCardError, HandSizeError

__all__ = [
    "Card",
    "CardsLike",
    "CardParseError",
    "DuplicateCardError",
    "HandSizeError",
    "SUITS",
    "RANKS",
    "DECK",
    "parse_card",
    "parse_cards",
    "cards_str",
    "cards_pretty",
    "expect_size",
    "check_distinct",
    "RANK_VALUES",
    "rank_value",
]

SUITS = "CDHS"
RANK_CHARS = "A23456789TJQK"
RANKS = tuple(range(1, 14))
_SUIT_SYMBOLS = "♣♦♥♠"
_SUIT_ALIASES = {
    **{s: i for i, s in enumerate(SUITS)},
    **{s: i for i, s in enumerate(_SUIT_SYMBOLS)},
    **{s: i for i, s in enumerate("♧♢♡♤")},
}
_RANK_ALIASES = {c: i + 1 for i, c in enumerate(RANK_CHARS)} | {"10": 10, "1": 1}
# counting value by rank (index 1..13; 0 unused): a 10 and the face cards (J, Q, K) count 10,
# an ace 1
RANK_VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def rank_value(rank: int) -> int:
    """The counting value of a rank: a 10 and the face cards (J, Q, K) count 10, an ace 1.

    >>> rank_value(1), rank_value(9), rank_value(12)
    (1, 9, 10)
    """
    return RANK_VALUES[rank]


_EXPECTED = "expected rank A,2-10,T,J,Q,K then suit C,D,H,S (or ♣♦♥♠)"


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card: ``rank`` 1 (ace) .. 13 (king) and ``suit`` one of ``'CDHS'``.

    Ordering is by rank, then suit in C, D, H, S order.

    >>> Card(11, "D") > Card(10, "S")
    True
    >>> Card(14, "H")
    Traceback (most recent call last):
    ...
    crib.errors.CardParseError: invalid card rank 14: expected 1 (ace) to 13 (king)
    """

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not isinstance(self.rank, int) or not 1 <= self.rank <= 13:
            raise CardParseError(f"invalid card rank {self.rank!r}: expected 1 (ace) to 13 (king)")
        if self.suit not in SUITS or len(self.suit) != 1:
            raise CardParseError(f"invalid card suit {self.suit!r}: expected one of C, D, H, S")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card: ``5H 5h 10H TH th 5♥ J♦`` all work.

        >>> Card.parse("J♦")
        Card(11, 'D')
        >>> Card.parse("X9")  # doctest: +NORMALIZE_WHITESPACE
        Traceback (most recent call last):
        ...
        crib.errors.CardParseError: invalid card 'X9': expected rank A,2-10,T,J,Q,K then suit
        C,D,H,S (or ♣♦♥♠)
        """
        return parse_card(text)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with rank-major index 0..51.

        >>> Card.from_index(0), Card.from_index(51)
        (Card(1, 'C'), Card(13, 'S'))
        """
        return DECK[index]

    @property
    def index(self) -> int:
        """Rank-major index 0..51: ``(rank - 1) * 4 + suit``."""
        return (self.rank - 1) * 4 + SUITS.index(self.suit)

    @property
    def suit_index(self) -> int:
        """0..3 for C, D, H, S."""
        return SUITS.index(self.suit)

    @property
    def value(self) -> int:
        """Counting value: a 10 and the face cards (J, Q, K) count 10, an ace 1.

        >>> Card.parse("QS").value, Card.parse("AH").value
        (10, 1)
        """
        return RANK_VALUES[self.rank]

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[self.rank - 1]

    @property
    def pretty(self) -> str:
        """Unicode form with a real suit symbol, e.g. ``10♥``."""
        r = "10" if self.rank == 10 else self.rank_char
        return f"{r}{_SUIT_SYMBOLS[self.suit_index]}"

    def __str__(self) -> str:
        return f"{self.rank_char}{self.suit}"

    def __repr__(self) -> str:
        return f"Card({self.rank}, {self.suit!r})"


DECK: tuple[Card, ...] = tuple(Card(r, s) for r in RANKS for s in SUITS)

CardsLike = str | Card | Iterable[Card | str]

_TOKEN = re.compile(r"[\s,;]+")


def parse_card(text: str | Card) -> Card:
    """Parse one card, accepting a :class:`Card` unchanged.

    >>> parse_card(" 10s ")
    Card(10, 'S')
    >>> parse_card("11H")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    crib.errors.CardParseError: invalid card '11H': expected rank A,2-10,T,J,Q,K then suit
    C,D,H,S (or ♣♦♥♠)
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardParseError(f"invalid card {text!r}: expected a string such as '5H' or a Card")
    t = text.strip()
    if len(t) < 2:
        raise CardParseError(f"invalid card {text!r}: {_EXPECTED}")
    rank_part, suit_part = t[:-1].upper(), t[-1].upper()
    rank = _RANK_ALIASES.get(rank_part)
    suit = _SUIT_ALIASES.get(suit_part)
    if rank is None or suit is None:
        raise CardParseError(f"invalid card {text!r}: {_EXPECTED}")
    return DECK[(rank - 1) * 4 + suit]


def parse_cards(cards: CardsLike, *, distinct: bool = True) -> tuple[Card, ...]:
    """Normalise a string or an iterable of cards/strings to a tuple of cards.

    Separators may be spaces, commas or semicolons; case does not matter.

    >>> parse_cards("ah 2h,3H")
    (Card(1, 'H'), Card(2, 'H'), Card(3, 'H'))
    >>> parse_cards("5H 5H")
    Traceback (most recent call last):
    ...
    crib.errors.DuplicateCardError: duplicate card 5H in '5H 5H': each card can appear only once
    """
    if isinstance(cards, Card):
        out: tuple[Card, ...] = (cards,)
        source = str(cards)
    elif isinstance(cards, str):
        tokens = [t for t in _TOKEN.split(cards.strip()) if t]
        out = tuple(parse_card(t) for t in tokens)
        source = cards
    else:
        try:
            items = list(cards)
        except TypeError:
            raise CardParseError(
                f"invalid cards {cards!r}: expected text like '5H 6D' or a list of cards"
            ) from None
        out = tuple(parse_card(c) for c in items)
        source = " ".join(str(c) for c in out)
    if distinct:
        seen: set[Card] = set()
        for c in out:
            if c in seen:
                raise DuplicateCardError(
                    f"duplicate card {c} in {source!r}: each card can appear only once"
                )
            seen.add(c)
    return out


def expect_size(cards: Sequence[Card], n: int, what: str) -> None:
    """Raise :class:`HandSizeError` unless there are exactly ``n`` cards.

    >>> expect_size(parse_cards("5H 6H 7H"), 4, "hand cards")
    Traceback (most recent call last):
    ...
    crib.errors.HandSizeError: expected 4 hand cards, got 3 (5H 6H 7H)
    """
    if len(cards) != n:
        shown = " ".join(str(c) for c in cards) or "none"
        raise HandSizeError(f"expected {n} {what}, got {len(cards)} ({shown})")


def check_distinct(*groups: Sequence[Card]) -> None:
    """Raise :class:`DuplicateCardError` if any card appears twice across the groups.

    >>> check_distinct(parse_cards("5H 6H"), parse_cards("5H"))
    Traceback (most recent call last):
    ...
    crib.errors.DuplicateCardError: duplicate card 5H: each card can appear only once
    """
    seen: set[Card] = set()
    for g in groups:
        for c in g:
            if c in seen:
                raise DuplicateCardError(f"duplicate card {c}: each card can appear only once")
            seen.add(c)


def cards_str(cards: Iterable[Card]) -> str:
    """Canonical ASCII text of cards, e.g. ``'5H 5D'``.

    >>> cards_str(parse_cards("5h 10d"))
    '5H TD'
    """
    return " ".join(str(c) for c in cards)


def cards_pretty(cards: Iterable[Card]) -> str:
    """Unicode text of cards, e.g. ``'5♥ 5♦'``.

    >>> cards_pretty(parse_cards("5h td"))
    '5♥ 10♦'
    """
    return " ".join(c.pretty for c in cards)
