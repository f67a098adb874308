"""Practice items and exit tickets as slides, and card names in the lesson's language.

A practice item is a :mod:`crib.course.questions` question with the answer a student would
type (it grades correct with :func:`crib.course.questions.grade`) and its explanation in the
lesson's language: the spoken count, what a card pegs, a rule's explanation, or the
next-best throw.
"""

from __future__ import annotations

import re

from crib.course import questions as quiz
from crib.course.lessons.parts import KIND_WORDS, Item, Part, Slide
from crib.errors import CribError
from crib.i18n import tr
from crib.rules.cards import cards_pretty, cards_str
from crib.rules.words import ENGLISH, FRENCH, local_cards

__all__ = ["local_cards", "french_spaces", "item_of", "item_slide", "shown_answer", "LETTERS"]

LETTERS = "ABCD"  # a multiple-choice question's choices, as slides and tickets print them


def item_of(q: quiz.Question, lang: str) -> Item:
    """A quiz question as a practice item: the answer a student types, and why."""
    _ = tr(lang)
    words = FRENCH if lang == "fr" else ENGLISH
    if isinstance(q, quiz.CountQuestion):
        s = quiz.question_score(q)
        return Item(q, str(s.total), s.say(words))
    if isinstance(q, quiz.PegPointsQuestion):
        parts = [
            _("{kind} for {n}").format(kind=_(KIND_WORDS[p.kind]), n=p.points) for p in q.parts
        ]
        why = ", ".join(parts) if parts else _("no points")
        return Item(q, str(q.points), _("count {c}: {why}").format(c=q.count, why=why))
    if isinstance(q, quiz.RulesQuestion):
        return Item(q, str(q.answer + 1), q.explain)
    if isinstance(q, quiz.DiscardQuestion):
        why = _("next best: throw {t}, {d:.1f} points less on average").format(
            t=cards_pretty(q.ranking[1].cards), d=q.gap
        )
        answer = cards_str(q.best)  # what a student types
        return Item(q, answer, re.sub(r"(\d)\.(\d)", r"\1,\2", why) if lang == "fr" else why)
    raise CribError(f"no practice item of kind {q.kind!r}")  # pragma: no cover


def shown_answer(it: Item, lang: str) -> str:
    """The answer as a slide or a key shows it: a choice's letter and words ("A. True"),
    a throw's cards in the language (Q♣ 2♦, in French D♣ 2♦), or the number.

    ``it.answer`` stays what a student types (a choice's number, card codes).
    """
    q = it.question
    if isinstance(q, quiz.RulesQuestion):
        return f"{LETTERS[q.answer]}. {q.best}"
    if isinstance(q, quiz.DiscardQuestion):
        return local_cards(cards_pretty(q.best), lang)
    return it.answer


def item_slide(it: Item, title: str, kind: str, lang: str) -> Slide:
    """The slide of a practice item: the question, then the answer and why, revealed."""
    _ = tr(lang)
    q = it.question
    if isinstance(q, quiz.CountQuestion):
        what = _("Count the crib") if q.crib else _("Count the hand")
        return Slide(
            kind,
            title,
            what,
            q.hand,
            q.starter,
            (Part(_("Answer: {a}").format(a=it.answer)), Part(it.explain)),
            label=_("crib") if q.crib else _("hand"),
        )
    if isinstance(q, quiz.PegPointsQuestion):
        text = _("The count is {c}. The next card is {card}. What does it peg?").format(
            c=q.count_before, card=q.card.pretty
        )
        return Slide(
            kind,
            title,
            text,
            (*q.pile, q.card),
            None,
            (Part(_("Answer: {a}").format(a=it.answer)), Part(it.explain)),
            label=_("the pile"),
        )
    if isinstance(q, quiz.RulesQuestion):
        text = q.text + "\n" + "\n".join(f"{LETTERS[i]}. {c}" for i, c in enumerate(q.choices))
        return Slide(
            kind,
            title,
            text,
            (),
            None,
            (Part(_("Answer: {a}").format(a=shown_answer(it, lang))), Part(it.explain)),
            rules=(q.rule,),
        )
    if not isinstance(q, quiz.DiscardQuestion):
        raise CribError(f"no practice slide of kind {q.kind!r}")  # pragma: no cover
    seat = _("You deal.") if q.dealer else _("Your opponent deals.")
    return Slide(
        kind,
        title,
        seat + " " + _("Which two cards do you throw?"),
        q.six,
        None,
        (
            Part(_("Answer: {a}").format(a=shown_answer(it, lang)), q.best),
            Part(it.explain),
        ),
        label=_("six cards"),
    )


def french_spaces(text: str, lang: str) -> str:
    """French typography on paper: no-break spaces inside « » and before : ; ? ! (a line
    never starts with a colon or leaves a guillemet alone).

    >>> french_spaces("« crib » : oui ?", "fr") == "«\u00a0crib\u00a0»\u00a0: oui\u00a0?"
    True
    """
    if lang != "fr":
        return text
    text = text.replace("« ", "«\u00a0").replace(" »", "\u00a0»")
    return re.sub(r" ([:;?!])", "\u00a0\\1", text)
