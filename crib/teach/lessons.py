"""The five class lessons: slides for the projector, worked examples, practice and exit tickets.

A lesson is data (:class:`Lesson`): a list of :class:`Slide`, each tagged with the rules
it teaches (the names of :data:`crib.teach.rules_bank.RULES`), and each with the parts
the teacher reveals one at a time.  Every number on a slide is computed by crib: the
worked examples by :func:`crib.rules.scoring.score_hand` (its spoken count, step by
step), :func:`crib.rules.scoring.score_pegging` and :class:`crib.rules.pegging.PegState`;
the practice items and exit tickets are :mod:`crib.teach.quiz` questions drawn with fixed
seeds, so the answers are the trainer's.  The words go through the gettext catalog
(:func:`crib.i18n.tr`), so ``lesson(n, "fr")`` is the same lesson in French.

The widget that shows a lesson on a projector is :class:`crib.teach.slides.SlideDeck`;
the teacher's guide (objective, materials, timed plan, misconceptions, settings) is
:mod:`crib.teach.guide`.

>>> les = lesson(1)
>>> les.objective
'card values, fifteens and pairs'
>>> len(les.practice), len(les.examples) >= 3, len(les.exit_ticket)
(10, True, 3)
>>> lesson(1, "fr").slides[0].title
'Leçon 1 · Les quinze et les paires'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from crib.analysis.discard import analyze_discard
from crib.analysis.models import UNIFORM
from crib.errors import CribError
from crib.i18n import N_, check_lang, tr
from crib.rules.cards import Card, cards_pretty, parse_card, parse_cards
from crib.rules.pegging import PegState
from crib.rules.scoring import score_hand, score_pegging
from crib.rules.words import ENGLISH, FRENCH
from crib.teach.rules_bank import RULES

__all__ = ["Part", "Slide", "Item", "Lesson", "LESSONS", "lesson", "lessons", "OBJECTIVE_TEXT"]

# the objectives' words, marked for the catalog (the same text as rules_bank.OBJECTIVES)
OBJECTIVE_TEXT = {
    "L1": N_("card values, fifteens and pairs"),
    "L2": N_("runs, flush, nobs, the crib and counting aloud"),
    "L3": N_("the play: 15, 31, pairs, runs, go and last card"),
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
    rules (of :data:`~crib.teach.rules_bank.RULES`) the slide teaches.
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
    :func:`crib.teach.quiz.grade`); ``explain`` says why, in the lesson's language.
    """

    question: dict
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


# --- building blocks ---------------------------------------------------------------


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


class _Build:
    """Slides in one language, with the examples and items they show."""

    def __init__(self, n: int, lang: str) -> None:
        self.n, self.lang, self._ = n, lang, tr(lang)
        self.words = FRENCH if lang == "fr" else ENGLISH
        self.slides: list[Slide] = []
        self.examples: list[Example] = []
        self.practice: list[Item] = []
        self.exit: list[Item] = []

    # slides
    def title(self, subtitle: str) -> None:
        _ = self._
        obj = OBJECTIVE_TEXT[f"L{self.n}"]
        self.slides.append(Slide("title", _(TITLES[self.n]), _(subtitle),
                                 parts=(Part(_("Today: {what}.").format(what=_(obj))),)))

    def teach(self, title: str, text: str, cards: str = "", rules: tuple[str, ...] = (),
              parts: tuple[str, ...] = (), label: str = "") -> None:
        _ = self._
        for r in rules:
            if r not in RULES:
                raise CribError(f"unknown rule {r!r}")
        self.slides.append(Slide("teach", _(title), _(text), _cards(cards) if cards else (),
                                 parts=tuple(Part(_(p)) for p in parts), rules=rules,
                                 label=_(label) if label else ""))

    def hand(self, hand: str, starter: str, *, crib: bool = False, note: str = "",
             rules: tuple[str, ...] = ()) -> None:
        """A worked count: the cards, then each spoken step with its cards, then the total."""
        _ = self._
        s = score_hand(hand, starter, is_crib=crib)
        said = s.say(self.words)
        phrases = said.split(", ") if s.steps() else [said]
        parts = [Part(p, st.cards) for p, st in zip(phrases, s.steps(), strict=False)]
        if not s.steps():
            parts = [Part(said)]
        parts.append(Part(_("Total: {n}").format(n=s.total)))
        if note:
            parts.append(Part(_(note)))
        what = _("Count the crib") if crib else _("Count the hand")
        k = len(self.examples) + 1
        title = _("Example {k}: {what}").format(k=k, what=what)
        self.examples.append(Example(title, s.total, said,
                                     lambda h=hand, st=starter, c=crib: score_hand(h, st, is_crib=c).total))
        self.slides.append(Slide("example", title, "", _cards(hand), parse_card(starter),
                                 tuple(parts), rules, _("crib") if crib else _("hand")))

    def pile(self, pile: str, note: str = "", rules: tuple[str, ...] = ()) -> None:
        """A worked example of the play: each card laid, the count and what it pegs."""
        _ = self._
        cards = _cards(pile)
        parts = []
        for i in range(1, len(cards) + 1):
            p = score_pegging(cards[:i])
            parts.append(Part(self._peg_line(cards[i - 1], p.count, p.components), cards[:i]))
        if note:
            parts.append(Part(_(note)))
        k = len(self.examples) + 1
        title = _("Example {k}: the play").format(k=k)
        final = score_pegging(cards)
        self.examples.append(Example(title, final.total, parts[len(cards) - 1].text,
                                     lambda c=pile: score_pegging(c).total))
        self.slides.append(Slide("example", title, "", cards, None, tuple(parts), rules,
                                 _("the pile")))

    def _peg_line(self, card: Card, count: int, comps: tuple) -> str:
        _ = self._
        if comps:
            what = ", ".join(
                _("{kind} for {n}").format(kind=_(KIND_WORDS[c.kind]), n=c.points) for c in comps
            )
            return _("{card}: {count}, {what}").format(card=card.pretty, count=count, what=what)
        return _("{card}: {count}").format(card=card.pretty, count=count)

    def play(self, pone: str, dealer: str, order: str, note: str = "",
             rules: tuple[str, ...] = ()) -> None:
        """A whole play of two hands (pone leads), each action as :class:`PegState` rules it."""
        _ = self._
        state = PegState.start((parse_cards(pone), parse_cards(dealer)), pone=0)
        who = (_("Pone"), _("Dealer"))
        queue = list(parse_cards(order))
        parts, total = [], [0, 0]
        while not state.done:
            legal = state.legal()
            card = None
            if legal:
                card = next(c for c in queue if c in legal)
                queue.remove(card)
            player = state.turn
            state, rec = state.play(card)
            if rec.is_go and not rec.points:
                parts.append(Part(_("{who}: go").format(who=who[player])))
                continue
            total[rec.pegger] += rec.points
            if rec.is_go:
                line = _("{who}: go").format(who=who[player]) + " · " + _(
                    "{who} pegs 1 for the go; the count starts again at 0").format(who=who[rec.pegger])
            else:
                line = _("{who}: {what}").format(who=who[player],
                                                 what=self._peg_line(rec.card, rec.count, rec.components))
                if rec.reset and rec.count == 31:
                    line += " · " + _("the count starts again at 0")
            parts.append(Part(line, (rec.card,) if rec.card else ()))
        parts.append(Part(_("Pone pegged {a}, dealer pegged {b}.").format(a=total[0], b=total[1])))
        if note:
            parts.append(Part(_(note)))
        k = len(self.examples) + 1
        title = _("Example {k}: a whole play").format(k=k)
        self.examples.append(Example(title, total[0] + total[1], parts[-2].text if note else parts[-1].text,
                                     lambda: sum(state.pegged)))
        self.slides.append(Slide("example", title, _("Pone: {a} · Dealer: {b}").format(
            a=cards_pretty(parse_cards(pone)), b=cards_pretty(parse_cards(dealer))), (), None,
            tuple(parts), rules))

    def discard(self, six: str, dealer: bool, rules: tuple[str, ...] = ()) -> None:
        """A worked discard: the best throw by the exact (uniform) model, and the worst."""
        _ = self._
        a = analyze_discard(six, dealer=dealer, model=UNIFORM)
        best, worst = a.throws[0], a.throws[-1]
        seat = _("You deal: the crib is yours.") if dealer else _("Your opponent deals: the crib is theirs.")
        parts = (
            Part(_("Best: throw {t}, keep {k}").format(t=cards_pretty(best.throw), k=cards_pretty(best.keep)),
                 tuple(best.throw)),
            Part((_("Hand {h:.1f} + your crib {c:.1f} = {t:.1f} points on average") if dealer else
                  _("Hand {h:.1f} − their crib {c:.1f} = {t:.1f} points on average")).format(
                h=best.hand_ev, c=best.crib_ev, t=best.ev)),
            Part(_("Worst: throw {t}: {e:.1f} points").format(t=cards_pretty(worst.throw), e=worst.ev),
                 tuple(worst.throw)),
        )
        if self.lang == "fr":  # a decimal comma: 8,0 points
            parts = tuple(Part(decimal_comma(p.text), p.cards) for p in parts)
        k = len(self.examples) + 1
        title = _("Example {k}: the discard").format(k=k)
        self.examples.append(Example(title, round(best.ev, 1), parts[1].text,
                                     lambda s=six, d=dealer: round(analyze_discard(s, dealer=d, model=UNIFORM).throws[0].ev, 1)))
        self.slides.append(Slide("example", title, seat, _cards(six), None, parts, rules, _("six cards")))

    def fact(self, title: str, text: str, value: int, line: str, cards: str = "",
             rules: tuple[str, ...] = (), check: Callable[[], int] | None = None,
             **fmt: object) -> None:
        """A worked example whose number crib computes by another function (his heels...);
        ``fmt`` fills the text's and the line's fields, ``check`` recomputes the value."""
        _ = self._
        k = len(self.examples) + 1
        full = _("Example {k}: {what}").format(k=k, what=_(title))
        said = _(line).format(n=value, **fmt)
        self.examples.append(Example(full, value, said, check or (lambda v=value: v)))
        self.slides.append(Slide("example", full, _(text).format(**fmt),
                                 _cards(cards) if cards else (), None,
                                 (Part(said),), rules))

    # practice
    def item(self, q: dict, into: list[Item]) -> None:
        from crib.teach.lesson_items import item_of

        into.append(item_of(q, self.lang))

    def practice_slides(self) -> None:
        from crib.teach.lesson_items import item_slide as _item_slide

        _ = self._
        for i, it in enumerate(self.practice, 1):
            self.slides.append(_item_slide(it, _("Practice {i} of {n}").format(i=i, n=len(self.practice)), "practice", self.lang))
        self.slides.append(Slide("teach", _("Exit ticket"), _("On paper, alone: three questions. Hand it in as you leave.")))
        for i, it in enumerate(self.exit, 1):
            self.slides.append(_item_slide(it, _("Exit ticket {i} of {n}").format(i=i, n=len(self.exit)), "exit", self.lang))




@cache
def lesson(n: int, lang: str = "en") -> Lesson:
    """Lesson ``n`` (1 to 5) in ``lang``: its slides, worked examples, practice and exit ticket."""
    from crib.teach.lesson_content import BUILDERS

    if n not in BUILDERS:
        raise CribError(f"no lesson {n!r}: the lessons are 1 to 5")
    check_lang(lang)
    b = _Build(n, lang)
    BUILDERS[n](b)
    b.practice_slides()
    _ = b._
    oid = f"L{n}"
    return Lesson(n, _(TITLES[n]), oid, _(OBJECTIVE_TEXT[oid]), lang, tuple(b.slides),
                  tuple(b.examples), tuple(b.practice), tuple(b.exit))


def lessons(lang: str = "en") -> list[Lesson]:
    """The five lessons in ``lang``."""
    return [lesson(n, lang) for n in LESSONS]

