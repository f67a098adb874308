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
from crib.rules.scoring import his_heels, score_hand, score_pegging
from crib.rules.words import ENGLISH, FRENCH
from crib.teach import quiz
from crib.teach.rules_bank import RULES

__all__ = ["Part", "Slide", "Item", "Lesson", "LESSONS", "lesson", "lessons", "OBJECTIVE_TEXT", "local_cards"]

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
class Lesson:
    number: int
    lang: str
    title: str
    objective_id: str
    objective: str
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
        into.append(_item(q, self.lang))

    def practice_slides(self) -> None:
        _ = self._
        for i, it in enumerate(self.practice, 1):
            self.slides.append(_item_slide(it, _("Practice {i} of {n}").format(i=i, n=len(self.practice)), "practice", self.lang))
        self.slides.append(Slide("teach", _("Exit ticket"), _("On paper, alone: three questions. Hand it in as you leave.")))
        for i, it in enumerate(self.exit, 1):
            self.slides.append(_item_slide(it, _("Exit ticket {i} of {n}").format(i=i, n=len(self.exit)), "exit", self.lang))


_FR_RANKS = {"J": "V", "Q": "D", "K": "R"}  # valet, dame, roi


def local_cards(text: str, lang: str) -> str:
    """Card names as the language writes them: in French K♠ is R♠, Q♥ D♥, J♦ V♦.

    >>> local_cards("K♠ Q♥ J♦ 10♣", "fr"), local_cards("K♠", "en")
    ('R♠ D♥ V♦ 10♣', 'K♠')
    """
    if lang != "fr":
        return text
    return re.sub(r"\b([JQK])(?=[♠♥♦♣])", lambda m: _FR_RANKS[m.group(1)], text)


def _item(q: dict, lang: str) -> Item:
    _ = tr(lang)
    words = FRENCH if lang == "fr" else ENGLISH
    kind = q["kind"]
    if kind == "count":
        s = quiz.question_score(q)
        return Item(q, str(s.total), s.say(words))
    if kind == "pegpoints":
        parts = [
            _("{kind} for {n}").format(kind=_(KIND_WORDS[k]), n=p) for k, _c, p in q["parts"]
        ]
        why = ", ".join(parts) if parts else _("no points")
        return Item(q, q["best"], _("count {c}: {why}").format(c=q["count"], why=why))
    if kind == "rules":
        return Item(q, str(q["answer"] + 1), q["explain"])
    if kind == "discard":
        second = q["ranking"][1]
        return Item(q, q["best"], _("next best: throw {t}, {d:.1f} points less on average").format(
            t=cards_pretty(parse_cards(second[0])), d=q["gap"]))
    raise CribError(f"no practice item of kind {kind!r}")  # pragma: no cover


def _item_slide(it: Item, title: str, kind: str, lang: str) -> Slide:
    _ = tr(lang)
    q = it.question
    if q["kind"] == "count":
        what = _("Count the crib") if q["crib"] else _("Count the hand")
        return Slide(kind, title, what, _cards(q["hand"]), parse_card(q["starter"]),
                     (Part(_("Answer: {a}").format(a=it.answer)), Part(it.explain)),
                     label=_("crib") if q["crib"] else _("hand"))
    if q["kind"] == "pegpoints":
        text = _("The count is {c}. The next card is {card}. What does it peg?").format(
            c=q["count_before"], card=parse_card(q["card"]).pretty)
        return Slide(kind, title, text, _cards(q["pile"]) + (parse_card(q["card"]),), None,
                     (Part(_("Answer: {a}").format(a=it.answer)), Part(it.explain)),
                     label=_("the pile"))
    if q["kind"] == "rules":
        choices = q["choices"]
        letters = "ABCD"
        text = q["text"] + "\n" + "\n".join(f"{letters[i]}. {c}" for i, c in enumerate(choices))
        best = f"{letters[q['answer']]}. {q['best']}"
        return Slide(kind, title, text, (), None,
                     (Part(_("Answer: {a}").format(a=best)), Part(it.explain)), rules=(q["rule"],))
    seat = _("You deal.") if q["dealer"] else _("Your opponent deals.")
    return Slide(kind, title, seat + " " + _("Which two cards do you throw?"), _cards(q["six"]), None,
                 (Part(_("Answer: {a}").format(a=cards_pretty(parse_cards(q["best"]))),
                       tuple(parse_cards(q["best"]))), Part(it.explain)),
                 label=_("six cards"))


# --- the five lessons -----------------------------------------------------------------


def _lesson1(b: _Build) -> None:
    b.title(N_("Count to fifteen, find the pairs."))
    b.teach(N_("What each card is worth"), N_("Ace 1. Two to ten: their number. Jack, queen, king: 10."),
            "AS 2D 7H 10C JD QS KH", ("card values",))
    b.teach(N_("The ace is always 1"), N_("Ace + 4 + king = 15."), "AH 4C KS", ("card values",),
            (N_("1 + 4 + 10 = 15"),))
    b.teach(N_("Fifteen: 2 points"), N_("Any cards that add up to 15 score 2."), "7H 8S",
            ("card values",), (N_("7 + 8 = 15: say “fifteen two”."),))
    b.teach(N_("Every fifteen counts"), N_("A card can be in more than one fifteen."), "5H 10S KD",
            ("card values",), (N_("5 + 10 = 15: two. 5 + K = 15: four."),))
    b.teach(N_("A pair: 2 points"), N_("Two cards of the same rank."), "9H 9S", ("pairs by rank only",))
    b.teach(N_("Three and four of a kind"), N_("Three of a rank: 6 (three pairs). Four: 12."),
            "6H 6S 6D", ("pairs by rank only",), (N_("three of a kind: 6"), N_("four of a kind: 12")))
    b.teach(N_("King and queen: no pair"), N_("They both count 10, but a pair is the same rank."),
            "KH QH", ("pairs by rank only",), (N_("K + Q: not a pair, 0 points"),))
    b.teach(N_("Your hand and the starter"), N_("You hold 4 cards. One card is turned up for both players: the starter. Count all 5."),
            "4C 5D 6S JH 5S", ("card values",), label=N_("hand + starter"))
    b.hand("7H 8D 10C KS", "5S", note=N_("Count every way to make 15."))
    b.hand("5H 5D 10C 2S", "3C")
    b.hand("9C 9D 6H 6S", "AD", note=N_("Four fifteens (each 9 with each 6) and two pairs."))
    for i in range(4):
        b.item(quiz.counting_question(101, i, level="fifteens"), b.practice)
    for i in range(3):
        b.item(quiz.counting_question(101, i, level="pairs"), b.practice)
    for i in range(3):
        b.item(quiz.rules_question(101, i, objective="L1", lang=b.lang), b.practice)
    b.item(quiz.counting_question(911, 0, level="fifteens"), b.exit)
    b.item(quiz.counting_question(911, 1, level="pairs"), b.exit)
    b.item(quiz.rules_question(911, 3, objective="L1", lang=b.lang), b.exit)


def _lesson2(b: _Build) -> None:
    b.title(N_("Runs, flushes, nobs and the crib."))
    b.teach(N_("A run: 1 point a card"), N_("Three or more cards in sequence, in any order."),
            "9H 7S 8D", ("runs of three or more in any order",), (N_("7-8-9: a run of three, 3 points"),))
    b.teach(N_("Ace is low"), N_("A-2-3 is a run. Q-K-A is not."), "QC KD AH", ("ace is low",),
            (N_("Q-K-A: no run"),))
    b.teach(N_("Double run"), N_("A pair inside a run makes two runs."), "4H 4S 5D 6C",
            ("runs of three or more in any order",),
            (N_("4-5-6 twice: 6, and the pair: 2. Runs and pair: 8."),))
    b.teach(N_("Flush: four in the hand"), N_("Four hand cards of one suit: 4. With the starter too: 5."),
            "2H 6H 9H KH", ("flush",), label=N_("hand"))
    b.teach(N_("Flush in the crib: five"), N_("The crib scores a flush only if all five cards, starter too, share a suit."),
            "2C 6C 9C KC", ("flush",), label=N_("crib"))
    b.teach(N_("Nobs: 1 point"), N_("A jack of the starter's suit, in a hand or in the crib."),
            "JD 3D", ("nobs",), (N_("jack of diamonds, starter a diamond: nobs, 1"),))
    b.teach(N_("The crib"), N_("Each player lays away 2 cards. The 4 cards are the crib: the dealer's extra hand."),
            "", ("the crib",))
    b.teach(N_("Count aloud, in order"), N_("Fifteens, then pairs, then runs, then flush, then nobs."),
            "", (), (N_("“Fifteen two, fifteen four, and a pair is six.”"),))
    b.hand("4H 5S 6D 6C", "3H", note=N_("Three fifteens, a pair and two runs of four."))
    b.hand("2H 6H 9H KH", "JS", note=N_("A flush of four in the hand."))
    b.hand("2C 6C 9C KC", "JS", crib=True, note=N_("The same cards as a crib: no flush."))
    b.hand("JD 3D 5S 7C", "8D", crib=True, note=N_("Nobs counts in the crib too."))
    for i in range(3):
        b.item(quiz.counting_question(202, i, level="runs"), b.practice)
    for i in range(3):
        b.item(quiz.counting_question(202, i, level="flush"), b.practice)
    for i in range(4):
        b.item(quiz.rules_question(202, i, objective="L2", lang=b.lang), b.practice)
    b.item(quiz.counting_question(922, 0, level="runs"), b.exit)
    b.item(quiz.counting_question(922, 0, level="flush", crib=True), b.exit)
    b.item(quiz.rules_question(922, 4, objective="L2", lang=b.lang), b.exit)


def _lesson3(b: _Build) -> None:
    b.title(N_("Play the cards one by one and peg as you go."))
    b.teach(N_("The play"), N_("The pone (the dealer's opponent) lays a card and says the count. Then you take turns."),
            "", ())
    b.teach(N_("Never past 31"), N_("The count may not go over 31. You must play a card if you can."),
            "", ("must play if able",))
    b.teach(N_("Fifteen and 31: 2 points"), N_("Make the count 15: 2. Make it exactly 31: 2, and start again at 0."),
            "10H 5C", ("31",))
    b.teach(N_("Pairs in the play"), N_("Same rank as the card just played: 2. Three in a row: 6. Four: 12."),
            "8S 8D", ("pairs by rank only",))
    b.teach(N_("Runs in the play"), N_("The last three or more cards in sequence, in any order, with nothing between."),
            "4C 6D 5H", ("runs of three or more in any order",))
    b.teach(N_("Go"), N_("If every card you hold would pass 31, say “go”. Your opponent plays on if able; the last to play pegs 1."),
            "", ("go",))
    b.teach(N_("A new count breaks a run"), N_("After a go or 31 the count starts at 0: cards before it no longer make runs, pairs or fifteens."),
            "", ("a go or 31 breaks a run",))
    b.teach(N_("Last card"), N_("The last card of the play pegs 1 (2 if it makes 31)."), "", ("last card",))
    b.pile("4C 6D 5H", note=N_("4, 6, 5 is a run, though not in order."))
    b.pile("7S 8H 8D", note=N_("A fifteen, then a pair."))
    b.pile("KC QD 6H 5S", note=N_("31 for 2: the count starts again at 0."))
    b.play("7H 9C 4D 3S", "8S 10D 6C 5H", "7H 8S 9C 10D 4D 6C 3S 5H",
           note=N_("A go, a new count, and the last card."), rules=("go", "last card"))
    for i in range(7):
        b.item(quiz.pegpoints_question(303, i), b.practice)
    for i in range(3):
        b.item(quiz.rules_question(303, i, objective="L3", lang=b.lang), b.practice)
    b.item(quiz.pegpoints_question(933, 0), b.exit)
    b.item(quiz.pegpoints_question(933, 1), b.exit)
    b.item(quiz.rules_question(933, 3, objective="L3", lang=b.lang), b.exit)


def _lesson4(b: _Build) -> None:
    b.title(N_("A whole game on the board, to 121."))
    b.teach(N_("Cut for deal"), N_("Each player cuts the pack. The lower card deals (ace is lowest). A tie: cut again."),
            "3D 9S", ("cut for deal",), (N_("3 beats 9: the 3 deals first"),))
    b.teach(N_("The deal"), N_("Six cards each, one at a time, the pone first. The deal then takes turns."),
            "", ("the deal",))
    b.teach(N_("Lay away two"), N_("Each player puts 2 cards face down: the dealer's crib."), "", ("the crib",))
    b.teach(N_("The cut and his heels"), N_("The pone cuts; the dealer turns the top card of the lower packet: the starter."),
            "JC", ("the cut and his heels",), (N_("A jack turned up: his heels, 2 to the dealer, pegged before the play."),),
            label=N_("starter"))
    b.teach(N_("The show: in order"), N_("After the play: the pone's hand, then the dealer's hand, then the crib."),
            "", ("counting order",))
    b.teach(N_("121 ends the game"), N_("The first to reach 121 wins at once, even in the play or while counting."),
            "", ("game ends at 121",), (N_("The pone counts first: near the end, that can win."),))
    b.teach(N_("Muggins (if agreed)"), N_("Miss points in your count and your opponent may call “muggins” and peg them."),
            "", ("muggins",))
    b.teach(N_("Skunk lines"), N_("Lose with under 91: a skunk. Under 61: a double skunk. Many clubs count a skunk as two games."),
            "", ("skunk",))
    b.fact(N_("his heels"), N_("The dealer turns up the jack of clubs."), his_heels("JC"),
           N_("His heels: the dealer pegs {n}."), "JC", ("the cut and his heels",),
           check=lambda: his_heels("JC"))
    pone = score_hand("5H 5D 10C KS", "4H").total
    b.fact(N_("the counting order"),
           N_("Pone {p}, dealer 119. The pone holds 5♥ 5♦ 10♣ K♠, the starter is 4♥."),
           pone, N_("The pone counts first: {n}, and {p} + {n} = 121. The pone wins; the dealer never counts."),
           "5H 5D 10C KS 4H", ("counting order", "game ends at 121"),
           check=lambda: score_hand("5H 5D 10C KS", "4H").total, p=121 - pone)
    mug = score_hand("6H 7S 8D 8C", "2S").total
    b.fact(N_("muggins"), N_("A player counts this hand and says “{said}”."), mug,
           N_("It is worth {n}. With muggins, the opponent calls it and pegs the {m} missed points."),
           "6H 7S 8D 8C 2S", ("muggins",), check=lambda: score_hand("6H 7S 8D 8C", "2S").total,
           said=mug - 2, m=2)
    b.hand("6H 7S 8D 8C", "2S", note=N_("Three fifteens, a pair and two runs of three."))
    for i in range(6):
        b.item(quiz.rules_question(404, i, objective="L4", lang=b.lang), b.practice)
    b.item(quiz.counting_question(404, 0, level="typical", crib=False), b.practice)
    b.item(quiz.counting_question(404, 1, level="typical", crib=True), b.practice)
    for i in range(2):
        b.item(quiz.pegpoints_question(404, i), b.practice)
    b.item(quiz.rules_question(944, 6, objective="L4", lang=b.lang), b.exit)
    b.item(quiz.rules_question(944, 7, objective="L4", lang=b.lang), b.exit)
    b.item(quiz.counting_question(944, 0, level="typical"), b.exit)


def _lesson5(b: _Build) -> None:
    b.title(N_("A class tournament, and your first look at the discard."))
    b.teach(N_("The tournament"), N_("Short games to 61, once around the board. Winners move up a table. Count aloud; your opponent checks."),
            "", ("game ends at 121",), (N_("The game ends the moment a player reaches 61."),))
    b.teach(N_("The discard"), N_("From six cards, keep four. The two you throw go to the crib."), "", ("the crib",))
    b.teach(N_("Your crib or theirs?"), N_("Dealing: the crib is yours, so throw cards that score. Not dealing: throw cards that score little."),
            "", ("the crib",))
    b.teach(N_("Fives and pairs"), N_("A five makes 15 with any ten-card. Do not give your opponent fives or pairs."),
            "5S 5D", ("card values",))
    b.discard("5H 5D JC QS 2C 9D", dealer=True)
    b.discard("5H 5D JC QS 2C 9D", dealer=False)
    b.discard("2D 3S 4H 8C 9C KS", dealer=True)
    for i in range(4):
        b.item(quiz.discard_question(505, i), b.practice)
    for i in range(3):
        b.item(quiz.counting_question(505, i, level="tricky"), b.practice)
    for i in range(3):
        b.item(quiz.rules_question(505, i, lang=b.lang), b.practice)
    b.item(quiz.discard_question(955, 0), b.exit)
    b.item(quiz.counting_question(955, 0, level="tricky"), b.exit)
    b.item(quiz.rules_question(955, 0, objective="L5", lang=b.lang), b.exit)


_BUILDERS = {1: _lesson1, 2: _lesson2, 3: _lesson3, 4: _lesson4, 5: _lesson5}


@cache
def lesson(n: int, lang: str = "en") -> Lesson:
    """Lesson ``n`` (1 to 5) in ``lang``: its slides, worked examples, practice and exit ticket."""
    if n not in _BUILDERS:
        raise CribError(f"no lesson {n!r}: the lessons are 1 to 5")
    check_lang(lang)
    b = _Build(n, lang)
    _BUILDERS[n](b)
    b.practice_slides()
    _ = b._
    oid = f"L{n}"
    return Lesson(n, lang, _(TITLES[n]), oid, _(OBJECTIVE_TEXT[oid]), tuple(b.slides),
                  tuple(b.examples), tuple(b.practice), tuple(b.exit))


def lessons(lang: str = "en") -> list[Lesson]:
    """The five lessons in ``lang``."""
    return [lesson(n, lang) for n in LESSONS]

