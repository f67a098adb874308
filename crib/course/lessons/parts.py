"""What a lesson is made of: slides and their parts, worked examples, practice items,
and the lessons' titles and objectives (data only; :mod:`crib.course.lessons.builder`
fills them)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from crib.course.questions.types import Question
from crib.i18n import N_
from crib.rules.cards import Card, parse_cards

__all__ = [
    "OBJECTIVE_TEXT",
    "LESSONS",
    "TITLES",
    "KIND_WORDS",
    "Part",
    "Slide",
    "Item",
    "Example",
    "LessonHead",
    "Lesson",
    "decimal_comma",
    "cards_of",
]

# the objectives' words, marked for the catalog (the same text as rules_bank.OBJECTIVES)
OBJECTIVE_TEXT = {
    "L1": N_("card values, fifteens and pairs"),
    "L2": N_("runs, flush, nobs, the crib and counting aloud"),
    "L3": N_("the play: 15, 31, pairs, runs, go, last card and the board"),
    "L4": N_("a full game: the deal, the cut, counting order, muggins and skunks"),
    "L5": N_("the discard and a tournament game"),
}

LESSONS = (1, 2, 3, 4, 5)

TITLES = {
    1: N_("Lesson 1 · Fifteens and pairs"),
    2: N_("Lesson 2 · Runs, flush, nobs and the crib"),
    3: N_("Lesson 3 · The play"),
    4: N_("Lesson 4 · A whole game"),
    5: N_("Lesson 5 · Tournament and the discard"),
}

# words for the kinds of points (hand and play)
KIND_WORDS = {
    "fifteen": N_("fifteen"),
    "thirty-one": N_("thirty-one"),
    "pair": N_("pair"),
    "pair royal": N_("pair royal (three of a kind)"),
    "double pair royal": N_("double pair royal (four of a kind)"),
    "run": N_("run"),
    "flush": N_("flush"),
    "nobs": N_("nobs"),
    "go": N_("go"),
    "last card": N_("last card"),
}


@dataclass(frozen=True)
class Part:
    """One revealed piece of a slide: a line of text, with cards to show beside it."""

    text: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Slide:
    """One screen: a title, large cards, a few words, and the parts revealed one by one.

    ``kind`` is "title", "teach", "example", "practice" or "exit"; ``rules`` names the
    rules (of :data:`~crib.course.rules_bank.RULES`) the slide teaches.
    """

    kind: str
    title: str
    text: str = ""
    cards: tuple[Card, ...] = ()
    starter: Card | None = None
    parts: tuple[Part, ...] = ()
    rules: tuple[str, ...] = ()
    label: str = ""  # a small caption over the cards ("hand", "the pile")


@dataclass(frozen=True)
class Item:
    """A practice or exit-ticket item: a quiz question and its answer.

    ``answer`` is what a student would type (it grades correct with
    :func:`crib.course.questions.grade`); ``explain`` says why, in the lesson's language.
    """

    question: Question
    answer: str
    explain: str


@dataclass(frozen=True)
class Example:
    """A worked example: what crib computed (a total), said in words."""

    title: str
    total: int
    said: str
    check: Callable[[], int] = field(repr=False, compare=False, default=lambda: 0)


@dataclass(frozen=True)
class LessonHead:
    """What a lesson and its page of the teacher's guide share: number, title, objective."""

    number: int
    title: str
    objective_id: str
    objective: str


@dataclass(frozen=True)
class Lesson(LessonHead):
    lang: str
    slides: tuple[Slide, ...]
    examples: tuple[Example, ...]
    practice: tuple[Item, ...]
    exit_ticket: tuple[Item, ...]

    @property
    def rules(self) -> set[str]:
        """Every rule some slide of this lesson teaches."""
        return {r for s in self.slides for r in s.rules}

    def words(self) -> int:
        """How many words the slides show (titles, text and revealed parts)."""
        n = 0
        for s in self.slides:
            n += len(s.title.split()) + len(s.text.split())
            n += sum(len(p.text.split()) for p in s.parts)
        return n


def decimal_comma(text: str) -> str:
    """French numbers: 13.3 is written 13,3.

    >>> decimal_comma("Main 8.0 + votre crib 5.3 = 13.3 points")
    'Main 8,0 + votre crib 5,3 = 13,3 points'
    """
    return re.sub(r"(\d)\.(\d)", r"\1,\2", text)


def cards_of(text: str) -> tuple[Card, ...]:
    """The cards a lesson's text names, as a tuple.

    >>> cards_of("5H 5D")
    (Card(5, 'H'), Card(5, 'D'))
    """
    return tuple(parse_cards(text))
