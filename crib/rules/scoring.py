"""Hand, crib and pegging scoring with line-by-line breakdowns.

This is the plain reference scorer: it enumerates subsets and anyone can read
it.  The fast tables in :mod:`crib.analysis.tables` are generated from it and tested
equal to it on every rank multiset times every suit pattern.

>>> s = score_hand("5H 5D 5C JS", "5S")
>>> s.total
29
>>> print(s.say())  # doctest: +NORMALIZE_WHITESPACE
fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve,
fifteen fourteen, fifteen sixteen, and a double pair royal is twenty-eight, and nobs is
twenty-nine
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from crib.errors import HandSizeError, IllegalPlayError, ScoreError
from crib.rules.cards import Card, CardsLike, check_distinct, expect_size, parse_cards
from crib.rules.words import ENGLISH, CountWords, number_words

__all__ = [
    "CountStep",
    "peg_parts",
    "Component",
    "Score",
    "PegScore",
    "score_hand",
    "score_pegging",
    "his_heels",
    "is_perfect_29",
    "number_words",
    "rank_points",
]


@dataclass(frozen=True, slots=True)
class Component:
    """One scoring item: its kind, the cards that make it and its points."""

    kind: str  # fifteen, pair, run, flush, nobs, thirty-one, go, last card, heels
    cards: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        cs = " ".join(c.pretty for c in self.cards)
        return f"{self.kind:<10} {cs:<22} {self.points:>2}"


@dataclass(frozen=True, slots=True)
class CountStep:
    """One step of the spoken count: its kind, how many (pairs of a rank, runs), the size
    (cards in a run or flush), its points, the running total, and the cards it uses."""

    kind: str  # "fifteen", "pair", "run", "flush" or "nobs"
    n: int
    size: int
    points: int
    running: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Score:
    """A show score: the total and every component that makes it up."""

    hand: tuple[Card, ...]
    starter: Card | None
    is_crib: bool
    components: tuple[Component, ...]

    @property
    def total(self) -> int:
        return sum(c.points for c in self.components)

    def of_kind(self, kind: str) -> tuple[Component, ...]:
        return tuple(c for c in self.components if c.kind == kind)

    @property
    def fifteens(self) -> tuple[Component, ...]:
        return self.of_kind("fifteen")

    @property
    def pairs(self) -> tuple[Component, ...]:
        return self.of_kind("pair")

    @property
    def runs(self) -> tuple[Component, ...]:
        return self.of_kind("run")

    def points_by_kind(self) -> dict[str, int]:
        """Points added up by kind of component.

        >>> score_hand("4H 5D 5C 6S", "KD").points_by_kind()
        {'fifteen': 8, 'pair': 2, 'run': 6}
        """
        out: dict[str, int] = {}
        for c in self.components:
            out[c.kind] = out.get(c.kind, 0) + c.points
        return out

    def steps(self) -> tuple[CountStep, ...]:
        """The count in the order players say it, with the running total after each step.

        Fifteens one by one, then pairs grouped by rank (a pair, a pair royal, a
        double pair royal), then the runs together (a double run...), the flush,
        nobs.  Every language's spoken count renders these steps
        (:meth:`say`, in English or French).

        >>> [(s.kind, s.points, s.running) for s in score_hand("5H 5D 6C JS", "4S").steps()][-3:]
        [('pair', 2, 10), ('run', 6, 16), ('nobs', 1, 17)]
        """
        out: list[CountStep] = []
        running = 0

        def add(kind: str, n: int, size: int, points: int, cards: tuple[Card, ...]) -> None:
            nonlocal running
            running += points
            out.append(CountStep(kind, n, size, points, running, cards))

        for c in self.fifteens:
            add("fifteen", 1, len(c.cards), 2, c.cards)
        by_rank: dict[int, list[Component]] = {}
        for c in self.pairs:
            by_rank.setdefault(c.cards[0].rank, []).append(c)
        for _rank, comps in sorted(by_rank.items()):
            cards = tuple(dict.fromkeys(x for c in comps for x in c.cards))
            add("pair", len(comps), len(cards), 2 * len(comps), cards)
        runs = self.runs
        if runs:
            cards = tuple(dict.fromkeys(x for r in runs for x in r.cards))
            add("run", len(runs), len(runs[0].cards), sum(r.points for r in runs), cards)
        for c in self.of_kind("flush"):
            add("flush", 1, len(c.cards), c.points, c.cards)
        for c in self.of_kind("nobs"):
            add("nobs", 1, 1, c.points, c.cards)
        return tuple(out)

    def say(self, words: CountWords = ENGLISH) -> str:
        """The count said aloud, the way players do: :meth:`steps` in ``words``
        (:data:`crib.rules.words.ENGLISH` or :data:`~crib.rules.words.FRENCH`).

        >>> print(score_hand("4H 5D 5C 6S", "KD").say())  # doctest: +NORMALIZE_WHITESPACE
        fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten, and a
        double run of three is sixteen
        >>> print(score_hand("2H 4D 6C 8S", "QD").say())
        nineteen (no points)
        >>> from crib.rules.words import FRENCH
        >>> print(score_hand("5H 5D 6C JS", "4S").say(FRENCH))  # doctest: +NORMALIZE_WHITESPACE
        quinze deux, quinze quatre, quinze six, quinze huit, et une paire fait dix, et deux
        suites de trois font seize, et le valet fait dix-sept
        """
        parts = []
        for s in self.steps():
            total = words.number(s.running)
            if s.kind == "fifteen":
                parts.append(words.fifteen.format(total=total))
                continue
            phrase, many = words.phrase(s.kind, s.n, s.size)
            link = words.first if not parts else words.link_many if many else words.link
            parts.append(link.format(phrase=phrase, total=total))
        return ", ".join(parts) if parts else words.nothing

    def table(self) -> str:
        """A line per component and the total, for printing.

        >>> print(score_hand("2H 4D 6C 8S", "7D").table())  # doctest: +NORMALIZE_WHITESPACE
        fifteen    8♠ 7♦                   2
        fifteen    2♥ 6♣ 7♦                2
        run        6♣ 7♦ 8♠                3
        total                              7
        """
        lines = [str(c) for c in self.components]
        lines.append(f"{'total':<33} {self.total:>2}")
        return "\n".join(lines)

    def __int__(self) -> int:
        return self.total


def _fifteens(cards: Sequence[Card]) -> list[Component]:
    out = []
    for k in range(2, len(cards) + 1):
        for combo in combinations(cards, k):
            if sum(c.value for c in combo) == 15:
                out.append(Component("fifteen", combo, 2))
    return out


def _pairs(cards: Sequence[Card]) -> list[Component]:
    return [Component("pair", (a, b), 2) for a, b in combinations(cards, 2) if a.rank == b.rank]


def _is_run(cards: Sequence[Card]) -> bool:
    ranks = sorted(c.rank for c in cards)
    return all(b == a + 1 for a, b in zip(ranks, ranks[1:], strict=False))


def _runs(cards: Sequence[Card]) -> list[Component]:
    """Every run of the longest length found (so a double run lists two)."""
    for k in range(len(cards), 2, -1):
        found = [combo for combo in combinations(cards, k) if _is_run(combo)]
        if found:
            return [Component("run", tuple(sorted(c)), k) for c in found]
    return []


def score_hand(hand: CardsLike, starter: CardsLike, *, is_crib: bool = False) -> Score:
    """Score a 4-card hand (or crib) with its starter, with a full breakdown.

    A 4-card flush counts in the hand only; the crib needs all five.  Nobs is a
    jack of the starter's suit among the four cards, in a hand or in the crib.

    >>> s = score_hand("4H 5H 5C 6H", "4S")   # 4-4-5-5-6: a double-double run
    >>> s.points_by_kind(), s.total           # runs 12 + pairs 4 + fifteens 8
    ({'fifteen': 8, 'pair': 4, 'run': 12}, 24)
    >>> score_hand("2H 4H 6H 8H", "KS", is_crib=True).total  # no 4-card flush in the crib
    0
    >>> score_hand("5H 5D 5C", "5S")
    Traceback (most recent call last):
    ...
    crib.errors.HandSizeError: expected 4 hand cards, got 3 (5H 5D 5C)
    >>> score_hand("2H 4H 6H 8H", "KS", is_crib="no")
    Traceback (most recent call last):
    ...
    crib.errors.ScoreError: is_crib is True (the crib) or False (a hand), not 'no'
    """
    if is_crib not in (
        True,
        False,
    ):  # a bool (numpy's too), not a word that would count as the crib
        raise ScoreError(f"is_crib is True (the crib) or False (a hand), not {is_crib!r}")
    h = parse_cards(hand)
    st = parse_cards(starter)
    expect_size(h, 4, "hand cards")
    if len(st) != 1:
        raise HandSizeError(f"expected 1 starter card, got {len(st)}")
    s = st[0]
    check_distinct(h, st)
    five = (*h, s)
    comps: list[Component] = []
    comps += _fifteens(five)
    comps += _pairs(five)
    comps += _runs(five)
    if all(c.suit == h[0].suit for c in h):
        if s.suit == h[0].suit:
            comps.append(Component("flush", five, 5))
        elif not is_crib:
            comps.append(Component("flush", h, 4))
    for c in h:
        if c.rank == 11 and c.suit == s.suit:
            comps.append(Component("nobs", (c,), 1))
    return Score(h, s, is_crib, tuple(comps))


def rank_points(ranks: Sequence[int]) -> int:
    """Fifteens, pairs and runs of cards with these ranks (suits ignored).

    Used to build the fast tables; it calls the same component finders as
    :func:`score_hand`.

    >>> rank_points([5, 5, 5, 11, 5])
    28
    """
    # give equal ranks distinct suits so the Card values stay distinct
    seen: dict[int, int] = {}
    cards = []
    for r in ranks:
        k = seen.get(r, 0)
        seen[r] = k + 1
        cards.append(Card(r, "CDHS"[k]))
    return sum(c.points for c in (*_fifteens(cards), *_pairs(cards), *_runs(cards)))


@dataclass(frozen=True, slots=True)
class PegScore:
    """Points for the card just played during the play, with a breakdown."""

    pile: tuple[Card, ...]
    count: int
    components: tuple[Component, ...]

    @property
    def total(self) -> int:
        return sum(c.points for c in self.components)

    def __int__(self) -> int:
        return self.total


def score_pegging(pile: CardsLike) -> PegScore:
    """Points for the last card of ``pile``, the current sub-round in play order.

    Fifteen and thirty-one pay 2; a pair 2, pair royal 6, double pair royal 12
    (adjacent cards only); a run of n >= 3 among the last n cards, in any
    order, pays n (the longest counts).  Go and last card are not included.

    >>> score_pegging("5S 3D 4C").total   # 5-3-4 is a run of three
    3
    >>> score_pegging("TS 6C 5D 5H 5C").total   # 10+6+5+5+5 = 31 (2) and a pair royal (6)
    8
    >>> score_pegging("KS QD JC 8H")
    Traceback (most recent call last):
    ...
    crib.errors.IllegalPlayError: count would be 38, over 31: K Q J 8 cannot all be in one sub-round
    """
    p = parse_cards(pile)
    if not p:
        raise HandSizeError("expected at least 1 card in the pile, got 0")
    count = sum(c.value for c in p)
    if count > 31:
        shown = " ".join(c.rank_char for c in p)
        raise IllegalPlayError(
            f"count would be {count}, over 31: {shown} cannot all be in one sub-round"
        )
    return PegScore(p, count, tuple(_peg_components(p, count)))


_PEG_NAMES = {2: "pair", 3: "pair royal", 4: "double pair royal"}


def peg_parts(ranks: Sequence[int], count: int) -> list[tuple[str, int, int]]:
    """The reference pegging scorer on ranks: (kind, how many last cards, points).

    ``ranks`` is the sub-round in play order and ``count`` its count.  Every
    other pegging scorer (:func:`crib.rules.pegging.peg_points`, the solvers'
    :func:`crib.rules.pegging.points_for`) is this one or is tested equal to it.

    >>> peg_parts((5, 3, 4), 12)
    [('run', 3, 3)]
    >>> peg_parts((10, 5), 15), peg_parts((1, 1, 1, 1), 4)
    ([('fifteen', 2, 2)], [('double pair royal', 4, 12)])
    """
    parts: list[tuple[str, int, int]] = []
    n = len(ranks)
    if count == 15:
        parts.append(("fifteen", n, 2))
    elif count == 31:
        parts.append(("thirty-one", n, 2))
    streak = 1
    while streak < n and ranks[-1 - streak] == ranks[-1]:
        streak += 1
    if streak >= 2:
        parts.append((_PEG_NAMES[streak], streak, streak * (streak - 1)))
    for k in range(n, 2, -1):
        tail = sorted(ranks[-k:])
        if all(b == a + 1 for a, b in zip(tail, tail[1:], strict=False)):
            parts.append(("run", k, k))
            break
    return parts


def _peg_components(p: Sequence[Card], count: int) -> list[Component]:
    """:func:`peg_parts` with the cards of each combination."""
    return [
        Component(kind, tuple(p[-k:]), pts)
        for kind, k, pts in peg_parts(tuple(c.rank for c in p), count)
    ]


def his_heels(starter: CardsLike) -> int:
    """Points to the dealer for the starter: 2 for a jack ("his heels"), else 0.

    >>> his_heels("JD"), his_heels("5D")
    (2, 0)
    """
    st = parse_cards(starter)
    if len(st) != 1:
        raise HandSizeError(f"expected 1 starter card, got {len(st)}")
    return 2 if st[0].rank == 11 else 0


def is_perfect_29(hand: CardsLike, starter: CardsLike) -> bool:
    """True for the perfect 29: three fives and the jack, cut the jack's suit five.

    >>> is_perfect_29("5H 5D 5C JS", "5S"), is_perfect_29("5H 5D 5C JS", "KS")
    (True, False)
    """
    return score_hand(hand, starter).total == 29
