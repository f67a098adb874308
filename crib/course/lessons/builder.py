"""The builder of a lesson: :class:`LessonBuilder` collects, in one language, the slides,
worked examples, practice items and exit ticket that :mod:`crib.course.lessons.content`
describes; every number on them is computed here by crib."""

from __future__ import annotations

from collections.abc import Callable

from crib.analysis.discard import analyze_discard
from crib.analysis.models import UNIFORM
from crib.course.lessons.items import item_of, item_slide
from crib.course.lessons.parts import (
    KIND_WORDS,
    OBJECTIVE_TEXT,
    TITLES,
    Example,
    Item,
    Part,
    Slide,
    cards_of,
    decimal_comma,
)
from crib.course.questions.types import Question
from crib.course.rules_bank import RULES
from crib.errors import CribError
from crib.i18n import tr
from crib.rules.cards import Card, cards_pretty, parse_card, parse_cards
from crib.rules.pegging import PegState
from crib.rules.scoring import score_hand, score_pegging
from crib.rules.words import ENGLISH, FRENCH

__all__ = ["LessonBuilder"]


def _net(hand: float, crib: float, dealer: bool) -> float:
    """Hand + crib (dealer) or hand − crib (pone), each rounded to 2 decimals first, as
    the slide prints them."""
    h, c = round(hand, 2), round(crib, 2)
    return round(h + c if dealer else h - c, 2)


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _best_net(six: str, dealer: bool) -> float:
    best = analyze_discard(six, dealer=dealer, model=UNIFORM).throws[0]
    return _net(best.hand_ev, best.crib_ev, dealer)


class LessonBuilder:
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
        self.slides.append(
            Slide(
                "title",
                _(TITLES[self.n]),
                _(subtitle),
                parts=(Part(_("Today: {what}.").format(what=_(obj))),),
            )
        )

    def teach(
        self,
        title: str,
        text: str,
        cards: str = "",
        rules: tuple[str, ...] = (),
        parts: tuple[str, ...] = (),
        label: str = "",
    ) -> None:
        _ = self._
        for r in rules:
            if r not in RULES:
                raise CribError(f"unknown rule {r!r}")
        self.slides.append(
            Slide(
                "teach",
                _(title),
                _(text),
                cards_of(cards) if cards else (),
                parts=tuple(Part(_(p)) for p in parts),
                rules=rules,
                label=_(label) if label else "",
            )
        )

    def hand(
        self,
        hand: str,
        starter: str,
        *,
        crib: bool = False,
        note: str = "",
        rules: tuple[str, ...] = (),
    ) -> None:
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
        self.examples.append(
            Example(
                title,
                s.total,
                said,
                lambda h=hand, st=starter, c=crib: score_hand(h, st, is_crib=c).total,
            )
        )
        self.slides.append(
            Slide(
                "example",
                title,
                "",
                cards_of(hand),
                parse_card(starter),
                tuple(parts),
                rules,
                _("crib") if crib else _("hand"),
            )
        )

    def pile(self, pile: str, note: str = "", rules: tuple[str, ...] = ()) -> None:
        """A worked example of the play: each card laid, the count and what it pegs."""
        _ = self._
        cards = cards_of(pile)
        parts = []
        for i in range(1, len(cards) + 1):
            p = score_pegging(cards[:i])
            parts.append(Part(self._peg_line(cards[i - 1], p.count, p.components), cards[:i]))
        if note:
            parts.append(Part(_(note)))
        k = len(self.examples) + 1
        title = _("Example {k}: the play").format(k=k)
        final = score_pegging(cards)
        self.examples.append(
            Example(
                title,
                final.total,
                parts[len(cards) - 1].text,
                lambda c=pile: score_pegging(c).total,
            )
        )
        self.slides.append(
            Slide("example", title, "", cards, None, tuple(parts), rules, _("the pile"))
        )

    def _peg_line(self, card: Card, count: int, comps: tuple) -> str:
        _ = self._
        if comps:
            what = ", ".join(
                _("{kind} for {n}").format(kind=_(KIND_WORDS[c.kind]), n=c.points) for c in comps
            )
            return _("{card}: {count}, {what}").format(card=card.pretty, count=count, what=what)
        return _("{card}: {count}").format(card=card.pretty, count=count)

    def play(
        self, pone: str, dealer: str, order: str, note: str = "", rules: tuple[str, ...] = ()
    ) -> None:
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
                line = (
                    _("{who}: go").format(who=who[player])
                    + " · "
                    + _("{who} pegs 1 for the go; the count starts again at 0").format(
                        who=who[rec.pegger]
                    )
                )
            else:
                line = _("{who}: {what}").format(
                    who=who[player], what=self._peg_line(rec.card, rec.count, rec.components)
                )
                if rec.reset and rec.count == 31:
                    line += " · " + _("the count starts again at 0")
            parts.append(Part(line, (rec.card,) if rec.card else ()))
        parts.append(Part(_("Pone pegged {a}, dealer pegged {b}.").format(a=total[0], b=total[1])))
        if note:
            parts.append(Part(_(note)))
        k = len(self.examples) + 1
        title = _("Example {k}: a whole play").format(k=k)
        self.examples.append(
            Example(
                title,
                total[0] + total[1],
                parts[-2].text if note else parts[-1].text,
                lambda: sum(state.pegged),
            )
        )
        self.slides.append(
            Slide(
                "example",
                title,
                _("Pone: {a} · Dealer: {b}").format(
                    a=cards_pretty(parse_cards(pone)), b=cards_pretty(parse_cards(dealer))
                ),
                (),
                None,
                tuple(parts),
                rules,
            )
        )

    def discard(self, six: str, dealer: bool, rules: tuple[str, ...] = ()) -> None:
        """A worked discard: the best throw by the exact (uniform) model, and the worst."""
        _ = self._
        a = analyze_discard(six, dealer=dealer, model=UNIFORM)
        best, worst = a.throws[0], a.throws[-1]
        seat = (
            _("You deal: the crib is yours.")
            if dealer
            else _("Your opponent deals: the crib is theirs.")
        )
        parts = (
            Part(
                _("Best: throw {t}, keep {k}").format(
                    t=cards_pretty(best.throw), k=cards_pretty(best.keep)
                ),
                tuple(best.throw),
            ),
            Part(self._sum_line(best.hand_ev, best.crib_ev, dealer)),
            Part(
                _("Worst: throw {t}: {line}").format(
                    t=cards_pretty(worst.throw),
                    line=_lower_first(self._sum_line(worst.hand_ev, worst.crib_ev, dealer)),
                ),
                tuple(worst.throw),
            ),
        )
        if self.lang == "fr":  # a decimal comma: 8,0 points
            parts = tuple(Part(decimal_comma(p.text), p.cards) for p in parts)
        k = len(self.examples) + 1
        title = _("Example {k}: the discard").format(k=k)
        self.examples.append(
            Example(
                title,
                _net(best.hand_ev, best.crib_ev, dealer),
                parts[1].text,
                lambda s=six, d=dealer: _best_net(s, d),
            )
        )
        self.slides.append(
            Slide("example", title, seat, cards_of(six), None, parts, rules, _("six cards"))
        )

    def _sum_line(self, hand: float, crib: float, dealer: bool) -> str:
        """Hand + (or −) crib = net, to two decimals so the sum is exact as printed; a net
        below 0 says what it means."""
        _ = self._
        h, c, t = round(hand, 2), round(crib, 2), _net(hand, crib, dealer)
        if dealer:
            return _("Hand {h:.2f} + your crib {c:.2f} = {t:.2f} points on average").format(
                h=h, c=c, t=t
            )
        line = _("Hand {h:.2f} − their crib {c:.2f} = {t:.2f} points on average")
        line = line.format(h=h, c=c, t=t).replace("= -", "= −")  # a minus sign
        if t < 0:
            line += " " + _("(below 0: the crib you give scores more than the hand you keep)")
        return line

    def fact(
        self,
        title: str,
        text: str,
        value: int,
        line: str,
        cards: str = "",
        rules: tuple[str, ...] = (),
        check: Callable[[], int] | None = None,
        **fmt: object,
    ) -> None:
        """A worked example whose number crib computes by another function (his heels...);
        ``fmt`` fills the text's and the line's fields, ``check`` recomputes the value."""
        _ = self._
        k = len(self.examples) + 1
        full = _("Example {k}: {what}").format(k=k, what=_(title))
        said = _(line).format(n=value, **fmt)
        self.examples.append(Example(full, value, said, check or (lambda v=value: v)))
        self.slides.append(
            Slide(
                "example",
                full,
                _(text).format(**fmt),
                cards_of(cards) if cards else (),
                None,
                (Part(said),),
                rules,
            )
        )

    # practice
    def item(self, q: Question, into: list[Item]) -> None:
        into.append(item_of(q, self.lang))

    def practice_slides(self) -> None:
        _ = self._
        for i, it in enumerate(self.practice, 1):
            self.slides.append(
                item_slide(
                    it,
                    _("Practice {i} of {n}").format(i=i, n=len(self.practice)),
                    "practice",
                    self.lang,
                )
            )
        self.slides.append(
            Slide(
                "teach",
                _("Exit ticket"),
                _("On paper, alone: three questions. Hand it in as you leave."),
            )
        )
        for i, it in enumerate(self.exit, 1):
            self.slides.append(
                item_slide(
                    it, _("Exit ticket {i} of {n}").format(i=i, n=len(self.exit)), "exit", self.lang
                )
            )
