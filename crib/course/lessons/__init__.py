"""The five class lessons: slides for the projector, worked examples, practice and exit tickets.

A lesson is data (:class:`Lesson`): a list of :class:`Slide`, each tagged with the rules
it teaches (the names of :data:`crib.course.rules_bank.RULES`), and each with the parts
the teacher reveals one at a time.  Every number on a slide is computed by crib: the
worked examples by :func:`crib.rules.scoring.score_hand` (its spoken count, step by
step), :func:`crib.rules.scoring.score_pegging` and :class:`crib.rules.pegging.PegState`;
the practice items and exit tickets are :mod:`crib.course.questions` questions drawn with fixed
seeds, so the answers are the trainer's.  The words go through the gettext catalog
(:func:`crib.i18n.tr`), so ``lesson(n, "fr")`` is the same lesson in French.

The widget that shows a lesson on a projector is :class:`crib.ui.lessons.SlideDeck`;
the teacher's guide (objective, materials, timed plan, misconceptions, settings) is
:mod:`crib.course.guide`.

>>> les = lesson(1)
>>> les.objective
'card values, fifteens and pairs'
>>> len(les.practice), len(les.examples) >= 3, len(les.exit_ticket)
(10, True, 3)
>>> lesson(1, "fr").slides[0].title
'Leçon 1 · Les quinze et les paires'
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from crib.course.lessons.builder import LessonBuilder
from crib.course.lessons.content import BUILDERS
from crib.course.lessons.items import local_cards
from crib.course.lessons.parts import (
    KIND_WORDS,
    LESSONS,
    OBJECTIVE_TEXT,
    TITLES,
    Example,
    Item,
    Lesson,
    LessonHead,
    Part,
    Slide,
)
from crib.errors import CribError
from crib.i18n import check_lang

__all__ = [
    "Part",
    "Slide",
    "Item",
    "Example",
    "Lesson",
    "LessonHead",
    "LessonBuilder",
    "LESSONS",
    "TITLES",
    "KIND_WORDS",
    "OBJECTIVE_TEXT",
    "lesson",
    "lessons",
]


@cache
def lesson(n: int, lang: str = "en") -> Lesson:
    """Lesson ``n`` (1 to 5) in ``lang``: its slides, worked examples, practice and exit ticket."""
    if n not in BUILDERS:
        raise CribError(f"no lesson {n!r}: the lessons are 1 to 5")
    check_lang(lang)
    b = LessonBuilder(n, lang)
    BUILDERS[n](b)
    b.practice_slides()
    _ = b._
    oid = f"L{n}"
    return Lesson(
        n,
        _(TITLES[n]),
        oid,
        _(OBJECTIVE_TEXT[oid]),
        lang,
        tuple(_local_slide(s, lang) for s in b.slides),
        tuple(replace(e, said=local_cards(e.said, lang)) for e in b.examples),
        tuple(replace(it, explain=local_cards(it.explain, lang)) for it in b.practice),
        tuple(replace(it, explain=local_cards(it.explain, lang)) for it in b.exit),
    )


def _local_slide(s: Slide, lang: str) -> Slide:
    """A slide's words with its cards named in ``lang`` (French: R♠, D♥, V♦, not K♠ Q♥ J♦).

    The slides' card pictures are drawn in the language already; this is the text.
    """
    if lang == "en":
        return s
    parts = tuple(replace(p, text=local_cards(p.text, lang)) for p in s.parts)
    return replace(s, title=local_cards(s.title, lang), text=local_cards(s.text, lang), parts=parts)


def lessons(lang: str = "en") -> list[Lesson]:
    """The five lessons in ``lang``."""
    return [lesson(n, lang) for n in LESSONS]
