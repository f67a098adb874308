"""Trap formations: named patterns in a kept hand that set up pegging points.

(Split out of :mod:`crib.analysis.coach`, which re-exports every name here.)
"""

from __future__ import annotations

from dataclasses import dataclass

from crib.i18n import N_, tr
from crib.rules.cards import Card, CardsLike, cards_pretty, parse_cards

__all__ = ["FORMATIONS", "Formation", "find_formations", "formation_text"]


@dataclass(frozen=True)
class Formation:
    name: str
    cards: tuple[Card, ...]
    explanation: str

    def __str__(self) -> str:
        return f"{self.name}: {cards_pretty(self.cards)}"


FORMATIONS = {
    "five-card trap": N_(
        "Holding 4, 6 and 6, the folk advice is to lead the 4: no single card makes "
        "fifteen with it. If your opponent answers with a 5 (count 9), your 6 makes "
        "fifteen and a run of three, 2 + 3 = 5 points. If they answer with a 6 instead "
        "(count 10), your 6 pairs it for 2 (count 16), and you keep your other 6: should "
        "they make a pair royal with the fourth 6 (count 22), yours makes a double pair "
        "royal (count 28) for 12. Whether the lead pays depends on the hand: the exact "
        "lead table can rank another lead first."
    ),
    "pair-royal bait": N_(
        "A low pair (aces to fours): lead one of them. If your opponent pairs it for 2, "
        "you answer with the third card of the rank for a pair royal, 6 points, and the "
        "count stays low enough that the play goes on. Low cards also cannot be "
        "fifteened by a single reply."
    ),
    "magic eleven": N_(
        "Two cards that add to eleven (A-10, 2-9, 3-8, 4-7, 5-6). At a count of 20 the "
        "two make 31 together, 20 + x + (11 - x) = 31, for 2 points instead of the 1 for "
        "a go or the last card, but only when you play them one after the other: after "
        "your opponent has said go, or when they have no cards left. While they can still "
        "play, their card comes between your two and the gap is gone."
    ),
    "run bait": N_(
        "Three consecutive ranks: lead the low or high end. If your opponent plays next "
        "to it to start a run, you can extend the run with the card that fits, and any "
        "card they add after that you may be able to extend again."
    ),
}


def formation_text(name: str, lang: str = "en") -> str:
    """The explanation of the formation ``name`` (a key of :data:`FORMATIONS`) in ``lang``."""
    return tr(lang)(FORMATIONS[name])


def find_formations(hand: CardsLike, lang: str = "en") -> list[Formation]:
    """The named formations present in a kept hand (or any set of cards), each
    explained in ``lang`` (the names stay the English keys of :data:`FORMATIONS`).

    >>> [f.name for f in find_formations("4H 6D 6S 9C")]
    ['five-card trap']
    >>> [f.name for f in find_formations("3H 3D 8S 7C")]
    ['pair-royal bait', 'magic eleven']
    >>> find_formations("3H 3D", "fr")[0].explanation.startswith("Une paire basse")
    True
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
    if lang != "en":
        _ = tr(lang)
        out = [Formation(f.name, f.cards, _(f.explanation)) for f in out]
    return out
