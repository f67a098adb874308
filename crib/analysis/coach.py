"""The coach: grades discards and plays, names trap formations, gives hints.

>>> g = grade_discard("5H 5D 6C 7S 8H 9D", "8H 9D", dealer=True)
>>> g.verdict, round(g.lost, 2)
('blunder', 3.0)
>>> grade_play("hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4", "5C")
Traceback (most recent call last):
...
crib.errors.IllegalPlayError: 5♣ is not in your hand (4H 6D 6S 9C)
"""

from __future__ import annotations

from dataclasses import dataclass

from crib.analysis.discard import analyze_discard
from crib.analysis.heuristics import play_values
from crib.analysis.play import PlayAnalysis, analyze_play
from crib.errors import IllegalPlayError
from crib.rules.cards import RANK_VALUES, Card, CardsLike, cards_pretty, parse_card, parse_cards
from crib.rules.observation import Observation
from crib.rules.position import PeggingPosition

__all__ = [
    "DISCARD_THRESHOLDS",
    "PLAY_THRESHOLDS",
    "DANGER_COUNTS",
    "Formation",
    "FORMATIONS",
    "find_formations",
    "DiscardGrade",
    "PlayGrade",
    "grade_discard",
    "grade_play",
    "hint_discard",
    "hint_play",
    "trap_flag",
]

# EV lost against the best throw: best <= 0.05 < ok < 0.5 <= mistake < 1.5 <= blunder
DISCARD_THRESHOLDS = {"best": 0.05, "ok": 0.5, "mistake": 1.5}
# Net value lost against the Expert's choice: best <= 0.05, ok < 0.35, else mistake (>= 1.0 blunder)
PLAY_THRESHOLDS = {"best": 0.05, "ok": 0.35, "mistake": 1.0}
DANGER_COUNTS = (5, 10, 11, 21, 22)
EXPERT_SKILL = 1.0


# --- formations ----------------------------------------------------------------


@dataclass(frozen=True)
class Formation:
    name: str
    cards: tuple[Card, ...]
    explanation: str

    def __str__(self) -> str:
        return f"{self.name}: {cards_pretty(self.cards)}"


FORMATIONS = {
    "five-card trap": (
        "Holding 4, 6 and 6, lead the 4. It cannot be fifteened by one card, so a 5 is a "
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


# --- discards ------------------------------------------------------------------


@dataclass(frozen=True)
class DiscardGrade:
    throw: tuple[Card, ...]
    best_throw: tuple[Card, ...]
    lost: float
    verdict: str
    sentence: str
    model_note: str


def _verdict(lost: float, th: dict[str, float]) -> str:
    if lost <= th["best"]:
        return "best"
    if lost < th["ok"]:
        return "ok"
    if lost < th["mistake"]:
        return "mistake"
    return "blunder"


def grade_discard(
    six: CardsLike, throw: CardsLike, dealer: bool, crib_model: str = "exact"
) -> DiscardGrade:
    """EV lost against the best throw, a verdict and a sentence.

    Verdicts: best (<= 0.05 lost), ok (< 0.5), mistake (< 1.5), blunder (>= 1.5).
    """
    a = analyze_discard(six, dealer=dealer, crib_model=crib_model)
    i = a.find(throw)
    t, b = a.throws[i], a.best
    lost = b.ev - t.ev
    verdict = _verdict(lost, DISCARD_THRESHOLDS)
    seat = "your crib" if dealer else "your opponent's crib"
    if verdict == "best":
        sentence = f"{cards_pretty(t.throw)} to {seat} is the best throw: {a.explain(i)}"
    else:
        sentence = (
            f"Throwing {cards_pretty(t.throw)} to {seat} gives up {lost:.2f} points on average "
            f"({verdict}). Best was {cards_pretty(b.throw)}: {a.explain(0)}"
        )
    return DiscardGrade(t.throw, b.throw, lost, verdict, sentence, a.model_note)


def hint_discard(six: CardsLike, dealer: bool) -> str:
    """What to throw, and why, in one or two sentences."""
    a = analyze_discard(six, dealer=dealer)
    b = a.best
    s = a.explain(0)
    runner = a.throws[1]
    gap = b.ev - runner.ev
    forms = find_formations(b.keep)
    extra = f" The kept hand holds a {forms[0].name}." if forms else ""
    return f"Throw {cards_pretty(b.throw)}. {s} The next best, {cards_pretty(runner.throw)}, is {gap:.2f} behind.{extra}"


# --- plays ---------------------------------------------------------------------


def _observation(pos: PeggingPosition) -> Observation:
    scores = pos.scores or (0, 0)
    return Observation(
        phase="play",
        hand=pos.hand,
        dealer=False,
        my_score=scores[0],
        opp_score=scores[1],
        starter=pos.starter,
        pile=pos.pile,
        played=pos.previous + pos.pile,
        opp_cards_held=pos.opp_count,
        opp_said_go=pos.opp_go,
        my_discards=pos.discards,
        legal=pos.legal(),
    )


def _handed_over(pos: PeggingPosition, card: Card) -> list[str]:
    """What the opponent could answer with after ``card``, given the unseen ranks."""
    if pos.opp_go or pos.opp_count == 0:
        return []
    ranks = (*(c.rank for c in pos.pile), card.rank)
    count = sum(RANK_VALUES[r] for r in ranks)
    if count == 31:
        return []
    unseen_ranks = {c.rank for c in pos.unseen()}
    out = []
    for r in sorted(unseen_ranks):
        if count + RANK_VALUES[r] > 31:
            continue
        new = count + RANK_VALUES[r]
        if new == 15 and "a 15" not in out:
            out.append("a 15")
        if new == 31 and "a 31" not in out:
            out.append("a 31")
        if r == card.rank and "a pair" not in out:
            out.append("a pair")
    return out


def trap_flag(analysis: PlayAnalysis, chosen: Card | None) -> bool:
    """The design's trap flag: the best card scores nothing now yet nets >= 1.5 over
    the holdings, and the card chosen did >= 1 point worse."""
    best = analysis.best
    if best.now != 0 or best.margin < 1.5:
        return False
    mine = analysis.option(chosen)
    return best.margin - mine.margin >= 1.0


@dataclass(frozen=True)
class PlayGrade:
    card: Card | None
    best_card: Card | None
    lost: float
    verdict: str
    tags: tuple[str, ...]
    trap: bool | None  # None when the exact analysis was not run
    sentence: str
    values: tuple[tuple[Card, float], ...]  # the Expert's net value of each legal card


def grade_play(
    position: PeggingPosition | str, card: CardsLike | None, *, exact: bool = True
) -> PlayGrade:
    """Grade a play with the model the Expert uses for itself (net value at skill 1.0).

    Verdicts: best (<= 0.05 lost), ok (< 0.35), mistake (< 1.0), blunder (>= 1.0).
    Tags: led a five; left a danger count (5, 10, 11, 21, 22); handed over a 15,
    a 31 or a pair.  With ``exact``, the trap flag comes from the exact minimax
    analysis over every holding.
    """
    pos = position if isinstance(position, PeggingPosition) else PeggingPosition.parse(position)
    chosen = (
        None
        if card is None
        else parse_card(card)
        if isinstance(card, str | Card)
        else parse_cards(card)[0]
    )
    if chosen is not None and chosen not in pos.hand:
        raise IllegalPlayError(
            f"{chosen.pretty} is not in your hand ({' '.join(str(c) for c in pos.hand)})"
        )
    legal = pos.legal()
    if chosen is not None and chosen not in legal:
        raise IllegalPlayError(
            f"{chosen.pretty} would take the count to {pos.count + chosen.value}, over 31"
        )
    if chosen is None and legal:
        raise IllegalPlayError(
            f"you cannot say go at {pos.count}: {cards_pretty(legal)} still fits"
        )
    values = tuple(play_values(_observation(pos), EXPERT_SKILL))
    if not values:
        return PlayGrade(
            None, None, 0.0, "best", (), None, "No card fits: go is the only play.", ()
        )
    best_card, best_v = values[0]
    mine_v = next(v for c, v in values if c.rank == chosen.rank)  # type: ignore[union-attr]
    lost = best_v - mine_v
    verdict = _verdict(lost, PLAY_THRESHOLDS)
    tags: list[str] = []
    assert chosen is not None
    new_count = pos.count + chosen.value
    if not pos.pile and chosen.rank == 5:
        tags.append("led a five")
    if new_count in DANGER_COUNTS:
        tags.append(f"left a danger count ({new_count})")
    handed = _handed_over(pos, chosen)
    if handed:
        tags.append("handed over " + " or ".join(handed))
    trap = None
    if exact:
        trap = trap_flag(analyze_play(pos), chosen)
    if verdict == "best":
        sentence = f"{chosen.pretty} is the Expert's choice too."
    else:
        sentence = f"{chosen.pretty} gives up {lost:.2f} against {best_card.pretty}, the Expert's choice ({verdict})."
    if tags:
        sentence += " You " + "; you ".join(tags) + "."
    if trap:
        sentence += (
            " There was a trap to set: the best card scores nothing now but nets more later."
        )
    return PlayGrade(chosen, best_card, lost, verdict, tuple(tags), trap, sentence, values)


def hint_play(position: PeggingPosition | str) -> str:
    """What to play, and why: the exact minimax best and the Expert's choice."""
    pos = position if isinstance(position, PeggingPosition) else PeggingPosition.parse(position)
    a = analyze_play(pos)
    b = a.best
    if b.card is None:
        return "No card fits: say go."
    parts = [
        f"Play {b.card.pretty}: {b.now} now and {b.future:+.2f} expected for the rest of the play "
        f"(margin {b.margin:+.2f}, P(margin >= 0) = {b.p_nonneg:.0%}), {a.model_note}."
    ]
    if len(a.options) > 1:
        nxt = a.options[1]
        parts.append(f"Next best is {nxt.label} ({nxt.margin:+.2f}).")
    if b.now == 0 and b.margin >= 1.5:
        parts.append("It scores nothing now: it is a trap card.")
    return " ".join(parts)
