"""The trainer's "My mistakes" set: your costliest decisions from your games, asked again.

A mixin of :class:`crib.ui.trainer.app.TrainerApp` (like ``NewKinds``).  Choosing "My
mistakes" in the practice kinds replaces the quiz with a
:class:`~crib.ui.play.retry.RetryView` on each position the learner still has in the
set (:meth:`crib.store.mistakes.MistakeStore.mistakes`, costliest first): the position,
the move, then the grade.  Each move is counted by the record's rule (two right answers
at least 2 days apart retire a position, :mod:`crib.store.mistakes`), and the page says
where the position stands.

The learner (:mod:`crib.session.learner`) is, outside a class, the device's profile:
the token this browser keeps under ``crib-profile`` (made on its first visit, by the play
page or this one).  In a class (the student joined with the class code and a name), it
is the class learner ``CODE/name``: the "My mistakes" toggle beside the class's
questions shows that learner's set, the costliest decisions of the student's classmate
games in that class (:class:`crib.ui.play.duel_review.SeatMistakes` keeps them once
each game's review opens).  The classroom's identity is the code and the name: a student
who joins the class with the same code and name on another device is the same learner
and sees the same set; no other name's set is ever shown.  The page says which learner
it is and how it is kept.
"""

from __future__ import annotations

import html
from functools import cached_property

import ipywidgets as w

from crib.errors import StoreError
from crib.i18n import N_, tr
from crib.session.learner import PROFILE_KEY, LearnerKey, device_learner
from crib.session.model import Grade
from crib.session.retry import Retry
from crib.store.mistakes import Mistake, MistakeStore
from crib.ui.kit.common import info_html
from crib.ui.kit.controls import button
from crib.ui.play.retry import RetryView

__all__ = ["MistakesMode", "MISTAKES"]

MISTAKES = "mistakes"  # the practice kind's value
_IN_FSTRINGS = (N_("My mistakes"), N_("class {code}, {name}"))


class MistakesMode:
    """The "My mistakes" set of the trainer page (see the module docstring)."""

    learner: LearnerKey | None = None
    _counted = False

    def _build_mistakes(self) -> None:
        _ = tr(self.lang)
        self.learner = None
        self.mistake_list: list[Mistake] = []
        self.mistake_at = 0
        self.mistake_view = RetryView(self.lang)
        self.mistake_view.on_move(self._mistake_moved)
        self.mistake_note = w.HTML(_dom_classes=("crib-mistakes-note",))
        self.mistake_next = button(_("Next position"), "crib-mistakes-next", icon="arrow-right")
        self.mistake_next.on_click(lambda _b: self.next_mistake())
        self.mistakes_box = w.VBox(
            [self.mistake_note, self.mistake_view, w.HBox([self.mistake_next])],
            _dom_classes=("crib-mistakes",),
            layout=w.Layout(display="none"),
        )
        # in a class: the class learner's set, beside the class's questions
        self.class_mistakes = w.ToggleButton(
            _dom_classes=("crib-class-mistakes",),
            description=_("My mistakes"),
            tooltip=_("Your costliest decisions from your class games, asked again"),
            icon="repeat",
        )
        self.class_mistakes.observe(lambda _c: self.show_mistakes(), "value")
        self.class_mistakes_row = w.HBox(
            [self.class_mistakes],
            _dom_classes=("crib-class-mistakes-row",),
            layout=w.Layout(display="none"),
        )
        self._class_header = ""
        keys = self.key_listener
        keys.device_keys = [*keys.device_keys, PROFILE_KEY]
        keys.on_device(self._mistakes_device)

    @property
    def mistakes_learner(self) -> LearnerKey | None:
        """Whose set is shown: in a class, the class learner (the join's code and name);
        outside, the device's profile (None until the browser has said what it keeps)."""
        student = getattr(self, "student", None)
        code = getattr(self, "session_code", None)
        if student is not None and code:
            return self.mistake_store.class_learner(code, student.name)
        return self.learner

    @cached_property
    def mistake_store(self) -> MistakeStore:
        """The record's mistakes, in the classroom record's database."""
        return MistakeStore(self.store.path)

    def _mistakes_device(self, values: dict[str, str]) -> None:
        self.learner, new = device_learner(values)
        if new is not None:
            self.key_listener.store(PROFILE_KEY, new)
        if self.kind.value == MISTAKES and self.student is None:
            self.show_mistakes()

    def _quiz_widgets(self) -> tuple[w.Widget, ...]:
        return (
            self.prompt,
            self.teach_toggle,
            self.answer_box,
            self.status,
            self.feedback,
            self.reveal_box,
            self.summary,
            self.next_button,
        )

    def show_mistakes(self) -> bool:
        """The practice kind (or, in a class, the "My mistakes" toggle) changed: "My
        mistakes" shown (True), or the quiz back."""
        in_class = self.student is not None
        self.class_mistakes_row.layout.display = None if in_class else "none"
        if not in_class and self.class_mistakes.value:
            self.class_mistakes.value = False  # (a new page's join starts with the questions)
        on = self.class_mistakes.value if in_class else self.kind.value == MISTAKES
        was = self.mistakes_box.layout.display != "none"
        self.mistakes_box.layout.display = None if on else "none"
        for x in self._quiz_widgets():
            x.layout.display = "none" if on else None
        if not on:
            self.mistake_view.hide()
            if in_class and was:  # the class's question as it was
                self.header.value = self._class_header
            current = getattr(self, "current", None)
            if in_class or self.kind.value != "count":
                count = in_class and current is not None and current.kind == "count"
                self.teach_toggle.layout.display = None if count else "none"
            return False
        self.teach_toggle.layout.display = "none"
        if in_class and not was:
            self._class_header = self.header.value
        self.level.layout.display = self.seat.layout.display = "none"
        learner = self.mistakes_learner
        self.mistake_list = self.mistake_store.mistakes(learner) if learner else []
        self.mistake_at = 0
        _ = tr(self.lang)
        head = _("My mistakes")
        if in_class:
            head += " · " + _("class {code}, {name}").format(
                code=self.session_code,
                name=self.student.name,  # type: ignore[union-attr]
            )
        self.header.value = info_html(head)
        self._draw_mistake()
        return True

    def _kept_where(self) -> str:
        """Which learner this is, and how it is kept (the issue asks the page to say so)."""
        _ = tr(self.lang)
        k = self.mistakes_learner
        if k is not None and k.kind == "class" and k.code.startswith("CLASS"):
            try:
                cls = self.store.school_class(int(k.code[5:])).name
            except (StoreError, ValueError):
                cls = k.code
            said = _(
                "Kept for {name} in the class {cls}: the class and the name you joined with "
                "are the learner, and every lesson of this class adds to the set. Whoever "
                "joins a session of this class with the same name, on any device, is the same "
                "learner and sees this set; no other name sees it."
            ).format(name=k.name, cls=cls)
        elif k is not None and k.kind == "class":
            said = _(
                "Kept for {name} in class {code}: the class code and the name you joined "
                "with are the learner. Whoever joins this class with the same code and name, "
                "on any device, is the same learner and sees this set; no other name sees it."
            ).format(name=k.name, code=k.code)
        else:
            said = _(
                "Kept for this browser: a random profile token it keeps (localStorage). "
                "Another device or browser has its own set."
            )
        return f'<div class="crib-muted" style="font-size:12px">{html.escape(said)}</div>'

    def _draw_mistake(self) -> None:
        _ = tr(self.lang)
        self.mistake_next.disabled = True
        learner = self.mistakes_learner
        if learner is None:
            self.mistake_note.value = info_html(
                _("This device's profile is not read yet: reload the page to see your mistakes.")
            )
            self.mistake_view.hide()
            return
        if not self.mistake_list:
            done = self.mistake_store.mistakes(learner, retired=True)
            none_yet = (
                _(
                    "No mistakes kept yet: play your class's games against your classmates, "
                    "and once a game's review opens its costliest decisions come here."
                )
                if learner.kind == "class"
                else _(
                    "No mistakes kept yet: play a game against the computer, and its costliest "
                    "decisions come here to be tried again."
                )
            )
            self.mistake_note.value = (
                info_html(
                    _("Your set is empty: every position in it has been answered right twice.")
                    if done
                    else none_yet
                )
                + self._kept_where()
            )
            self.mistake_view.hide()
            return
        m = self.mistake_list[self.mistake_at % len(self.mistake_list)]
        n, total = self.mistake_at % len(self.mistake_list) + 1, len(self.mistake_list)
        what = _("a throw") if m.kind == "discard" else _("a play")
        self.mistake_note.value = (
            html.escape(
                _("Position {n} of {total} in your set: {what} you got wrong in a game.").format(
                    n=n, total=total, what=what
                )
            )
            + self._kept_where()
        )
        self.mistake_view.start(m.position, _("My mistakes"))
        self._counted = False  # only the first move on a position shown counts

    def _mistake_moved(self, r: Retry, g: Grade) -> None:
        """A move in the set: counted by the record's rule, and said."""
        _ = tr(self.lang)
        if self._counted or not self.mistake_list:
            return
        self._counted = True
        i = self.mistake_at % len(self.mistake_list)
        m = self.mistake_list[i]
        now = self.mistake_store.answer_grade(m.id, g)
        if now is None:
            return
        self.mistake_list[i] = now
        if now.retired:
            said = _("Right again, at least 2 days later: this position leaves your set.")
        elif r.right and now.right_count == 1 and now.last_right != m.last_right:
            said = _("Right. Answer it right again in 2 days or more and it leaves your set.")
        elif r.right:
            said = _("Right, but too soon after the last: it counts after 2 days.")
        else:
            said = _("Not yet: it stays in your set.")
        self.mistake_view.status.value = info_html(said)
        self.mistake_next.disabled = False
        self.key_listener.focus_on(".crib-mistakes-next")

    def next_mistake(self) -> None:
        """The next position of the set (read again from the record at the set's end)."""
        self.mistake_at += 1
        if self.mistake_at >= len(self.mistake_list):
            learner = self.mistakes_learner
            self.mistake_list = self.mistake_store.mistakes(learner) if learner else []
            self.mistake_at = 0
        self._draw_mistake()
