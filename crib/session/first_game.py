"""A first game that teaches as it happens (issue #37, point 2): the lessons and the
gentle grades, without widgets (tested headless).

:class:`FirstGame` watches the events a :class:`~crib.session.controller.GameController`
reveals (``table.pause``) and stops the reveal at the first time each thing happens: the
first discard (whose crib it is), the starter (his heels, if it happens), the first points
in the play, the first go, the last card, and each part of the show (the pone's hand, the
dealer's hand, the crib).  The controller is then in its ``lesson`` phase: nothing more is
revealed (no computer move) and no card can be played until the lesson is finished
(:meth:`GameController.lesson_done`, Continue) or skipped; each lesson names the actual cards.

What the device remembers (the lessons done or skipped, all lessons ended) is
:meth:`FirstGame.state` as JSON: the page keeps it in the browser's localStorage
(:mod:`crib.ui.play.lessons`), never on the server.

:func:`gentle_text` is a grade as a first game says it: no grade word ("blunder",
"costly", "mistake"), the better choice and one concrete reason from the coach's analysis.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from crib.analysis.coach import grade_discard
from crib.i18n import N_, check_lang, tr
from crib.rules import events as ev
from crib.rules.cards import cards_pretty
from crib.rules.position import PeggingPosition
from crib.session.fold import peg_detail
from crib.session.keep import recorded
from crib.session.model import GameView, Grade
from crib.session.plain import NOTHING, _why_discard, card_effect, keep_throw

__all__ = ["LESSONS", "STORE_KEY", "Lesson", "FirstGame", "LessonActions", "gentle_text"]

#: the lessons, in the order a first game meets them
LESSONS = ("discard", "starter", "points", "go", "last", "pone", "dealer", "crib")
#: the localStorage key the page keeps :meth:`FirstGame.state` under
STORE_KEY = "crib-lessons"

_TITLES = {
    "discard": N_("Your six cards and the crib"),
    "starter": N_("The starter"),
    "heels": N_("His heels"),
    "points": N_("The first points"),
    "go": N_("Go"),
    "last": N_("The last card"),
    "pone": N_("The show: the pone’s hand first"),
    "dealer": N_("The show: the dealer’s hand"),
    "crib": N_("The show: the crib, last"),
}
# what the page outlines for each lesson (crib.ui.play.lessons)
_TARGET = {
    "discard": "hand",
    "starter": "starter",
    "pone": "show",
    "dealer": "show",
    "crib": "show",
}


@dataclass(frozen=True)
class Lesson:
    """One pause: its key (one of :data:`LESSONS`), its title and text (in the game's
    language, with the actual cards), and what the page outlines (``hand``, ``starter``,
    ``play`` or ``show``)."""

    key: str
    title: str
    text: str
    target: str = "play"


class FirstGame:
    """The lessons of a first game: which are done (``done``, from the device), whether
    they are all ended (``off``), the one showing (``pending``)."""

    def __init__(self, lang: str = "en", state: str | dict[str, Any] | None = None) -> None:
        self.lang = check_lang(lang)
        self.done: set[str] = set()
        self.off = False
        self.played = False  # this device has played a hand to its end
        self.pending: Lesson | None = None
        self.game: Any = None  # the controller watched (attach)
        self.load(state)

    # -- the device's memory ---------------------------------------------------------

    def load(self, state: str | dict[str, Any] | None) -> None:
        """Take what the device remembers (bad shapes are ignored: they come from the
        browser); a lesson showing that the device had already done is dropped."""
        if isinstance(state, str):
            try:
                state = json.loads(state)
            except ValueError:
                state = None
        if not isinstance(state, dict):
            return
        done = state.get("done")
        if isinstance(done, list):
            self.done |= {k for k in done if k in LESSONS}
        if state.get("off") is True:
            self.off = True
        if state.get("played") is True:
            self.played = True
        if self.pending is not None and (self.off or self.pending.key in self.done):
            self.pending = None

    def state(self) -> str:
        """What the device keeps: the lessons done or skipped, whether all are ended, and
        whether it has played a hand (its first game is then behind it)."""
        done = [k for k in LESSONS if k in self.done]
        return json.dumps({"done": done, "off": self.off, "played": self.played})

    @property
    def over(self) -> bool:
        """No lesson left to show: all done, or ended."""
        return self.off or self.done >= set(LESSONS)

    # -- watching a game -------------------------------------------------------------

    def attach(self, game: Any) -> None:
        """Watch ``game`` (a :class:`~crib.session.controller.GameController` before its
        first deal): its table asks :meth:`watch` after each event it reveals."""
        self.game, self.pending = game, None
        game.first = self
        game.table.pause = self.watch

    def watch(self, e: ev.Event) -> bool:
        """After ``e`` is revealed: True (and ``pending`` set) to stop the reveal there."""
        if self.off or self.game is None:
            return False
        lesson = self._lesson(e)
        if lesson is None or lesson.key in self.done:
            return False
        self.pending = lesson
        return True

    def finish(self) -> None:
        """The lesson showing is done (Continue) or skipped (Skip): never shown again."""
        if self.pending is not None:
            self.done.add(self.pending.key)
            self.pending = None

    def end_all(self) -> None:
        """No more lessons on this device."""
        self.off, self.pending = True, None

    def shown_as(self, phase: str) -> str:
        """The phase the table is drawn in during a lesson: the show's, or ``lesson``."""
        if phase != "lesson":
            return phase
        return "show" if self.pending is not None and self.pending.target == "show" else "lesson"

    def dress(self, v: GameView) -> GameView:
        """The view during a lesson: nothing to pick or play, the prompt says to read it."""
        _ = tr(self.lang)
        prompt = _("A first game: read the note, then Continue.")
        return replace(v, prompt=prompt, legal=(), can_go=False, selected=(), hinted=())

    # -- the lessons -----------------------------------------------------------------

    def _lesson(self, e: ev.Event) -> Lesson | None:
        t, _ = self.game.table, tr(self.lang)
        name = self.game.names[1]
        if isinstance(e, ev.Dealt):
            six = cards_pretty(t.six)
            text = (
                _(
                    "You deal, so the crib is yours: the two cards you throw and two of "
                    "{name}’s make a third hand that scores for you after the play. Keep the "
                    "four of {six} that score best together; throw two that help your crib."
                )
                if t.dealer == 0
                else _(
                    "{name} deals, so the crib is {name}’s: the two cards you throw will "
                    "score for {name}. Keep the four of {six} that score best together; throw "
                    "two that help {name} least."
                )
            )
            text += " " + _("Not sure? The Hint button shows the coach’s choice.")
            return self._make("discard", text.format(name=name, six=six))
        if isinstance(e, ev.Cut) and e.starter.rank != 11:
            first = _("You play first.") if t.dealer == 1 else _("{name} plays first.")
            text = _(
                "The starter is {card}: at the show it counts as a fifth card in both hands "
                "and in the crib. Now the play: the pone, who did not deal, leads. {first}"
            ).format(card=e.starter.pretty, first=first.format(name=name))
            return self._make("starter", text)
        if isinstance(e, ev.Heels):
            who = _("you") if t.me(e.player) == 0 else name
            text = _(
                "The starter is {card}, a jack: his heels, {n} points for the dealer ({who}). "
                "At the show it counts as a fifth card in both hands and in the crib."
            ).format(card=t.starter.pretty if t.starter else "", n=e.points, who=who)
            return self._make("starter", text, title="heels")
        if isinstance(e, ev.Played):
            return self._played(e, name)
        if isinstance(e, ev.Go):
            return self._go(e, name)
        if isinstance(e, ev.Shown) and t.shows:
            return self._shown(e, name)
        return None

    def _make(self, key: str, text: str, *, title: str = "") -> Lesson:
        _ = tr(self.lang)
        return Lesson(key, _(_TITLES[title or key]), text, _TARGET.get(key, "play"))

    def _played(self, e: ev.Played, name: str) -> Lesson | None:
        t, _ = self.game.table, tr(self.lang)
        mine = t.me(e.player) == 0
        what = peg_detail(e.detail, self.lang)
        if not t.my_cards and t.opp_held == 0:
            text = (
                _("You played the last card, {card}: {what}.")
                if mine
                else _("{name} played the last card, {card}: {what}.")
            ) + " "
            text += _(
                "The last card of the play scores 1 (a 31 scores 2). Now the show: each hand "
                "is counted with the starter."
            )
            return self._make("last", text.format(name=name, card=e.card.pretty, what=what))
        if e.points and "points" not in self.done:
            text = (
                _("You played {card} and the count is {count}: {what}.")
                if mine
                else _("{name} played {card} and the count is {count}: {what}.")
            ) + " "
            text += _("In the play, making 15 or 31 scores 2, a pair 2, and a run 1 a card.")
            return self._make(
                "points", text.format(name=name, card=e.card.pretty, count=e.count, what=what)
            )
        return None

    def _go(self, e: ev.Go, name: str) -> Lesson:
        t, _ = self.game.table, tr(self.lang)
        count = sum(c.value for _p, c in t.pile)
        mine = t.me(e.player) == 0
        said = (
            _("No card of yours fits under 31 at {count}: the game says go for you.")
            if mine
            else _("{name} has no card that fits under 31 at {count}: {name} says go.")
        )
        if e.scorer is None:
            then = (
                _("{name} plays on while a card fits; the last card pegs 1.")
                if mine
                else _("You play on while a card fits; the last card pegs 1.")
            )
        elif t.me(e.scorer) == 0:
            then = _("You played the last card and peg {n}; the count starts again at 0.")
        else:
            then = _("{name} played the last card and pegs {n}; the count starts again at 0.")
        return self._make("go", f"{said} {then}".format(name=name, count=count, n=e.points))

    def _shown(self, e: ev.Shown, name: str) -> Lesson:
        t, _ = self.game.table, tr(self.lang)
        item = t.shows[-1]
        mine = t.me(e.player) == 0
        cards, starter = cards_pretty(e.cards), e.starter.pretty
        if e.what == "crib":
            key = "crib"
            text = _(
                "Last, the crib, for the dealer ({who}): {cards} and the starter {starter} "
                "make {total}: {said}."
            )
        else:
            key = "dealer" if t.me(e.player) == t.dealer else "pone"
            text = (
                _(
                    "The pone’s hand is counted first ({who}): {cards} and the starter "
                    "{starter} make {total}: {said}."
                )
                if key == "pone"
                else _(
                    "Then the dealer’s hand ({who}): {cards} and the starter {starter} make "
                    "{total}: {said}."
                )
            )
        if key == "crib":  # the hand is over: what the board and the coach say
            text += " " + _(
                "The board shows the scores: the first to 121 wins. Next, the coach reviews "
                "your hand under the table."
            )
        who = _("you") if mine else name
        return self._make(
            key,
            text.format(who=who, cards=cards, starter=starter, total=e.total, said=item.said),
        )


class LessonActions:
    """The controller's side of the lessons, mixed into
    :class:`~crib.session.controller.GameController`: the lessons it is watched by
    (``first``, set by :meth:`FirstGame.attach`) and the action that ends one."""

    first: FirstGame | None = None
    phase: str

    @recorded
    def lesson_done(self) -> None:
        """After a lesson, done or skipped: the game goes on where its reveal stopped.  An
        action of the game, kept with the others (:mod:`crib.session.keep`), that does
        nothing when no lesson shows (a kept game played again has no lessons: its reveal
        never stops)."""
        if self.phase == "lesson" and self.first is not None:
            self.first.finish()
            self._reveal()  # type: ignore[attr-defined]


# --- gentle grades ------------------------------------------------------------------


def gentle_text(grade: Grade, lang: str = "en") -> str:
    """A grade as a first game says it: never a grade word, the better choice with one
    concrete reason (what the better card scores, what the better throw keeps).

    >>> from crib.rules.cards import parse_card
    >>> pos = PeggingPosition("7C 9D 2H", pile="8S", starter="KD")
    >>> g = Grade(1, 0, "play", (parse_card("2H"),), (parse_card("7C"),), 1.2, "blunder",
    ...           position=pos)
    >>> gentle_text(g)
    'There was a better card: 7♣, which pegs 2 for fifteen.'
    """
    _ = tr(check_lang(lang))
    if grade.verdict == "best" or not grade.best or grade.kind == "count":
        return grade.plain_text
    if grade.kind == "play" and isinstance(grade.position, PeggingPosition):
        best = grade.best[0] if isinstance(grade.best, tuple) else None
        if best is None:
            return grade.plain_text
        does = card_effect(grade.position, best, leaves=False, lang=lang)
        if does == _(NOTHING):
            return _(
                "There was a better card: {card}, which does better in the rest of the play."
            ).format(card=best.pretty)
        return _("There was a better card: {card}, which {does}.").format(
            card=best.pretty, does=does
        )
    if grade.kind == "discard" and isinstance(grade.position, tuple):
        six, chosen = grade.position, grade.chosen
        g = grade_discard(six, chosen if isinstance(chosen, tuple) else (), dealer=grade.dealer)
        if g.top is None or g.mine is None:
            return grade.plain_text
        top = g.top
        split = keep_throw(top.keep, top.throw, top.hand_ev, dealer=grade.dealer, lang=lang)
        why = _why_discard(g.mine, top, grade.dealer, lang)
        return _("There was a better throw: {split}.").format(split=split) + (
            f" {why}" if why else ""
        )
    return grade.plain_text
