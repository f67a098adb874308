"""Two kinds for beginners: what does this card peg (a count and its points, with the
breakdown), and rules questions from the bank (:mod:`crib.course.rules_bank`)."""

from __future__ import annotations

from dataclasses import asdict

from crib.course.questions.base import AnswerError, Result, _draw, _perm
from crib.course.questions.types import PegPart, PegPointsQuestion, RulesQuestion
from crib.course.rules_bank import BANK, OBJECTIVES, by_id
from crib.errors import CribError
from crib.rules.cards import Card
from crib.rules.fairness import HashRng
from crib.rules.pegging import fits
from crib.rules.scoring import score_pegging

__all__ = ["pegpoints_question", "grade_pegpoints_answer", "rules_question", "grade_rules_answer"]


# --- what does this card peg? -------------------------------------------------


def pegpoints_question(seed: int, index: int) -> PegPointsQuestion:
    """A series in the play and the card just laid on it: what does it peg?

    The learner says the new count and the points (or the points alone); the answer
    shows the breakdown.  Three deals in four score something (a fifteen, 31, a pair
    or better, a run), so the question is worth thinking about.

    >>> q = pegpoints_question(4, 0)
    >>> score_pegging([*q.pile, q.card]).total == q.points
    True
    """
    rng = HashRng(seed, f"pegpoints|{index}")
    want_points = rng.random() < 0.75
    while True:
        cards = _draw(rng, 10)
        pile: list[Card] = []
        for c in cards:
            if not fits(sum(x.value for x in pile), c):
                break
            pile.append(c)
            if len(pile) >= 2 + rng.randrange(6):
                break
        if len(pile) < 2:
            continue
        score = score_pegging(pile)
        if (score.total > 0) == want_points:
            break
    *before, card = pile
    return PegPointsQuestion(
        pile=tuple(before),
        card=card,
        count_before=sum(c.value for c in before),
        count=score.count,
        points=score.total,
        parts=tuple(PegPart(c.kind, tuple(c.cards), c.points) for c in score.components),
        objective="L3",
    )


def _pegpoints_answer(text: str) -> tuple[int | None, int]:
    """``"21 for 2"``, ``"21 2"`` or ``"2"`` as (count or None, points)."""
    words = text.replace(",", " ").replace("for", " ").split()
    if not words or len(words) > 2 or not all(w.isdigit() for w in words):
        raise AnswerError(
            f"{text[:20]!r} is not an answer: type the points (2), or the count and the "
            "points (21 for 2)"
        )
    if len(words) == 1:
        return None, int(words[0])
    return int(words[0]), int(words[1])


def grade_pegpoints_answer(q: PegPointsQuestion, answer: str | int) -> Result:
    """Grade what a card pegs: the points, and the count when one is given."""
    count, points = _pegpoints_answer(str(answer).strip())
    if count is not None and not 1 <= count <= 31:
        raise AnswerError(f"{count} is not a count in the play: the count runs from 1 to 31")
    if not 0 <= points <= 14:
        # 14 = a double pair royal (12) that makes 15 or 31 (2); the go and the last card,
        # which this question leaves out, can add 1 more in a game
        raise AnswerError(
            f"{points} is not possible: for fifteens, 31, pairs and runs one card pegs "
            "0 to 14 points (the go and the last card are not asked here)"
        )
    want = q.points
    misses = []
    if count is not None and count != q.count:
        misses.append(f"the count is {q.count}")
    if points != want:
        kinds = [p.kind for p in q.parts]
        misses.append(
            f"missed the {', '.join(kinds)}"
            if points < want and kinds
            else "counted points that are not there"
        )
    return Result(
        "pegpoints",
        str(points),
        not misses,
        float(abs(points - want)),
        tuple(misses),
        {"total": want, "count": q.count},
    )


# --- rules --------------------------------------------------------------------


def rules_question(
    seed: int, index: int, *, objective: str | None = None, lang: str = "en"
) -> RulesQuestion:
    """A question from the rules bank (:mod:`crib.course.rules_bank`), without repeats
    within a set of the bank's size; ``objective`` ("L1".."L5") keeps that lesson's.

    >>> q = rules_question(1, 0)
    >>> q.choices[q.answer] == q.best
    True
    """
    if objective is not None and objective not in OBJECTIVES:
        raise CribError(f"unknown objective {objective!r}: expected one of {', '.join(OBJECTIVES)}")
    pool = [q for q in BANK if objective is None or q.objective == objective]
    rng = HashRng(seed, f"rules|{objective or ''}|{index // len(pool)}")
    order = _perm(rng, len(pool))
    rq = by_id(pool[order[index % len(pool)]].id, lang)
    # the bank's question (its every field) with its right choice, in its language
    return RulesQuestion(**asdict(rq), best=rq.choices[rq.answer], lang=lang)


def grade_rules_answer(q: RulesQuestion, answer: str | int) -> Result:
    """Grade a rules answer, given as the choice's number (from 1), letter or text."""
    choices = list(q.choices)
    text = str(answer).strip()
    if isinstance(answer, int) or text.isdigit():
        k = int(text) - 1
    elif len(text) == 1 and text.isalpha():
        k = ord(text.lower()) - ord("a")
    else:
        k = next((i for i, c in enumerate(choices) if c.lower() == text.lower()), -1)
    if not 0 <= k < len(choices):
        raise AnswerError(f"{text[:20]!r} is not one of the choices: pick 1 to {len(choices)}")
    correct = k == q.answer
    misses = () if correct else (f"rule: {q.rule}",)
    return Result(
        "rules",
        choices[k],
        correct,
        0.0 if correct else 1.0,
        misses,
        {"best": q.best, "explain": q.explain},
    )
