"""Trap formations: named patterns in a kept hand that set up pegging points.

(Split out of :mod:`crib.analysis.coach`, which re-exports every name here.)
"""

from __future__ import annotations

from dataclasses import dataclass

from crib.rules.cards import Card, CardsLike, cards_pretty, parse_cards

__all__ = ["FORMATIONS", "Formation", "find_formations"]


@dataclass(frozen=True)
class Formation:
    name: str
    cards: tuple[Card, ...]
    explanation: str

    def __str__(self) -> str:
        return f"{self.name}: {cards_pretty(self.cards)}"


FORMATIONS = {
    "five-card trap": (
        "Holding 4, 6 and 6, the folk advice is to lead the 4. It cannot be fifteened by one card, so a 5 is a "
        "natural reply (count 9); your 6 then makes fifteen and a run of three, 5 points. "
        "If they answer with a 6 instead (count 10), your own 6 pairs it for 2, and you "
        "still hold the last 6."
    ),
    "pair-royal bait": (
        "A low pair (aces to fours): lead one of them. If your opponent pairs it for 2, "
        "you answer with the third card of the rank for a pair royal, 6 points, and the "
        "count stays low enough that the play goes on. Low cards also cannot be "
        "fifteened by a single reply."
    ),
    "magic eleven": (
        "Two cards that add to eleven (A-10, 2-9, 3-8, 4-7, 5-6). When the count reaches "
        "20, playing one of them leaves the exact gap the other fills for 31 (2 points): "
        "20 + x + (11 - x) = 31. Keep the pair back until the count is in the twenties."
    ),
    "run bait": (
        "Three consecutive ranks: lead the low or high end. If your opponent plays next "
        "to it to start a run, you can extend the run with the card that fits, and any "
        "card they add after that you may be able to extend again."
    ),
}


def find_formations(hand: CardsLike) -> list[Formation]:
    """The named formations present in a kept hand (or any set of cards).

    >>> [f.name for f in find_formations("4H 6D 6S 9C")]
    ['five-card trap']
    >>> [f.name for f in find_formations("3H 3D 8S 7C")]
    ['pair-royal bait', 'magic eleven']
    """
    cards = parse_cards(hand)
    out: list[Formation] = []
    by_rank: dict[int, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
    fours, sixes = by_rank.get(4, []), by_rank.get(6, [])
    if fours and len(sixes) >= 2:
        out.append(
            Formation(
                "five-card trap", (fours[0], sixes[0], sixes[1]), FORMATIONS["five-card trap"]
            )
        )
    for r in range(1, 5):
        if len(by_rank.get(r, [])) >= 2:
            pair = tuple(by_rank[r][:2])
            out.append(Formation("pair-royal bait", pair, FORMATIONS["pair-royal bait"]))
            break
    for i, a in enumerate(cards):
        hit = next((b for b in cards[i + 1 :] if a.value + b.value == 11), None)
        if hit is not None:
            out.append(Formation("magic eleven", (a, hit), FORMATIONS["magic eleven"]))
            break
    ranks = sorted(by_rank)
    for r in ranks:
        if r + 1 in by_rank and r + 2 in by_rank:
            out.append(
                Formation(
                    "run bait",
                    (by_rank[r][0], by_rank[r + 1][0], by_rank[r + 2][0]),
                    FORMATIONS["run bait"],
                )
            )
            break
    return out


