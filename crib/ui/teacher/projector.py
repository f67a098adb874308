"""The class on the projector: the projector's controls, a lesson's practice started with
the class, and the teacher's page opened on a session by a link.

* :class:`ProjectorBar` is the teacher page's bar in projector mode: "Previous question",
  "Next question" (or the keys a presentation clicker sends: Page Down / Page Up, the
  arrows) and an optional countdown (off by default: 30 s, 60 s or 2 min), drawn
  large.  The countdown runs on the kernel's event loop and reads ``clock`` (a test
  passes its own clock and calls :meth:`ProjectorBar.tick`).  In projector mode the
  page shows only the question, the join code and, once revealed, the answers: the nav
  bar, the page's title, its intro and the language switch step aside (crib.css,
  ``.crib-projecting``), and so does the question list, which the two buttons replace.
* :class:`PracticeStart` is the button under a lesson's practice slides ("Start this
  practice with the class"): it creates a class session with the lesson's practice
  questions and shows its join code and a link to the teacher's page opened on it.
* :func:`open_from_query` opens the session a link names (``teacher.ipynb?code=K7QW2M``,
  with ``&projector=1`` in projector mode).

>>> clock_text(125), clock_text(9)
('2:05', '0:09')
"""

from __future__ import annotations

import asyncio
import html
import math
import time
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import parse_qs, urlencode

import ipywidgets as w

from crib.course.questions import Question
from crib.i18n import N_, check_lang, tr
from crib.store.classroom import Session, Store
from crib.ui.kit.common import info_html, keep_polling, on_clicks
from crib.ui.kit.say import friendly_in
from crib.ui.teacher.join import join_html

__all__ = ["ProjectorBar", "PracticeStart", "open_from_query", "clock_text", "TIMERS"]

#: the countdown's choices, in seconds (0: no timer, the default)
TIMERS = (0, 30, 60, 120)
_TIMER_NAMES = {0: N_("No timer"), 30: N_("30 s"), 60: N_("60 s"), 120: N_("2 min")}


def clock_text(seconds: float) -> str:
    """Seconds left as the countdown shows them: minutes and seconds."""
    s = max(0, math.ceil(seconds))
    return f"{s // 60}:{s % 60:02d}"


class ProjectorBar(w.HBox):
    """Previous, Next, the timer's choice, Start the timer, and the countdown; shown with
    the teacher page's projector mode (``app``: a :class:`crib.ui.teacher.app.TeacherApp`)."""

    KEYS = ("pagedown", "pageup", "arrowright", "arrowleft")

    def __init__(
        self,
        app: Any,
        *,
        clock: Callable[[], float] = time.monotonic,
        tick_seconds: float = 0.25,
        keys: bool = True,
    ) -> None:
        self.app, self.lang, self.clock, self.tick_seconds = app, app.lang, clock, tick_seconds
        _ = tr(self.lang)

        def wide() -> w.Layout:  # the whole words, in either language
            return w.Layout(width="auto")

        self.prev_button = w.Button(description=_("◀ Previous question"), layout=wide())
        self.prev_button.add_class("crib-proj-prev")
        self.next_button = w.Button(
            _dom_classes=("crib-proj-next",),
            description=_("Next question ▶"),
            button_style="primary",
            layout=wide(),
        )
        self.timer = w.Dropdown(
            _dom_classes=("crib-proj-timer",),
            options=[(_(_TIMER_NAMES[s]), s) for s in TIMERS],
            value=0,
            description=_("Timer"),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        self.start_button = w.Button(
            description=_("Start the timer"), icon="clock-o", layout=w.Layout(width="auto")
        )
        self.start_button.add_class("crib-proj-timer-start")
        self.clock_view = w.HTML(_dom_classes=("crib-proj-clock",))
        self.status = w.HTML()
        self.end: float | None = None  # the countdown's end on ``clock``; None: not running
        self._task: asyncio.Task | None = None
        on_clicks(
            (self.prev_button, self.previous),
            (self.next_button, self.next),
            (self.start_button, self.start_timer),
        )
        self.timer.observe(lambda _c: self._timer_chosen(), "value")
        app.projector.observe(lambda _c: self.show(bool(app.projector.value)), "value")
        app.question_pick.observe(lambda _c: self._buttons(), "value")
        app.question_pick.observe(lambda _c: self._buttons(), "options")
        kids: list[w.Widget] = [
            self.prev_button,
            self.next_button,
            self.timer,
            self.start_button,
            self.clock_view,
            self.status,
        ]
        self.listener = None
        if keys:  # what a presentation clicker sends, as on the lessons' slides
            from crib.ui.kit.keys import KeyListener

            self.listener = KeyListener(list(self.KEYS), label="", send_query=False)
            self.listener.on_key(self._key)
            kids.append(self.listener)
        super().__init__(kids)
        self.add_class("crib-proj-bar")
        self.layout.flex_flow = "row wrap"
        self._timer_chosen()
        self.show(bool(app.projector.value))

    # -- the mode and the questions ----------------------------------------------

    def show(self, on: bool) -> None:
        """Show the bar (projector mode) or hide it; the question list is the bar's twin."""
        self.layout.display = "" if on else "none"
        self.app.question_pick.layout.display = "none" if on else ""
        if not on:
            self.stop_timer()
        self._buttons()

    def _count(self) -> int:
        return len(self.app.question_pick.options)

    def _buttons(self) -> None:
        i, n = self.app.question_pick.value, self._count()
        self.prev_button.disabled = i is None or i <= 0
        self.next_button.disabled = i is None or i >= n - 1

    def _go(self, step: int) -> None:
        i, n = self.app.question_pick.value, self._count()
        if i is None or not 0 <= i + step < n:
            return
        self.app.question_pick.value = i + step  # the app draws the question
        if self.timer.value:  # each question has its own time
            self.start_timer()

    def _key(self, key: str) -> None:
        if self.app.projector.value:  # the keys step only the projected questions
            (self.next if key in ("pagedown", "arrowright") else self.previous)()

    def next(self) -> None:
        """The next question (and the timer again, if one is chosen)."""
        self._go(1)

    def previous(self) -> None:
        """The question before."""
        self._go(-1)

    # -- the countdown --------------------------------------------------------------

    def _timer_chosen(self) -> None:
        on = bool(self.timer.value)
        self.start_button.layout.display = "" if on else "none"
        self.stop_timer()
        self.clock_view.value = (
            f'<span class="crib-proj-time">{clock_text(self.timer.value)}</span>' if on else ""
        )

    @friendly_in()
    def start_timer(self) -> None:
        """Count down the chosen time from now (again from the top if it was running)."""
        if not self.timer.value:
            return
        self.end = self.clock() + self.timer.value
        self.tick()
        self._task = keep_polling(
            self._task, self.tick, lambda: self.tick_seconds, until=lambda: self.end is None
        )

    def stop_timer(self) -> None:
        self.end = None

    def left(self) -> float | None:
        """Seconds left on the countdown (None when it is not running)."""
        return None if self.end is None else max(0.0, self.end - self.clock())

    def tick(self) -> None:
        """Draw the time left; at zero, say the time is up and stop."""
        left = self.left()
        if left is None:
            return
        if left <= 0:
            self.end = None
            up = html.escape(tr(self.lang)("Time's up!"), quote=False)
            self.clock_view.value = f'<span class="crib-proj-time crib-proj-up">{up}</span>'
            return
        self.clock_view.value = f'<span class="crib-proj-time">{clock_text(left)}</span>'


# -- a lesson's practice, started with the class ------------------------------------


class PracticeStart(w.VBox):
    """ "Start this practice with the class": a class session of ``questions()`` named
    ``name``, its join code, and a link to the teacher's page opened on it.  A store that
    cannot be opened (``store``: a :class:`Store` or a function making one) is a message
    next to the button."""

    def __init__(
        self,
        questions: Callable[[], Sequence[Question]],
        name: str,
        lang: str = "en",
        *,
        seed: int = 0,
        store: Store | Callable[[], Store] | None = None,
    ) -> None:
        self.lang, self.name, self.seed = check_lang(lang), name, seed
        self._questions, self._store = questions, store
        _ = tr(self.lang)
        self.session: Session | None = None
        self.button = w.Button(
            _dom_classes=("crib-practice-start",),
            description=_("Start this practice with the class"),
            icon="users",
            button_style="primary",
            layout=w.Layout(width="auto"),
        )
        self.status = w.HTML(_dom_classes=("crib-practice-status",))
        self.join = w.HTML(_dom_classes=("crib-practice-join",))
        self.button.on_click(lambda _b: self.start())
        row = w.HBox([self.button, self.status], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([row, self.join])
        self.add_class("crib-practice").add_class("crib-teacher")  # the join box's look

    @property
    def store(self) -> Store:
        if not isinstance(self._store, Store):
            self._store = (self._store or Store)()
        return self._store

    @friendly_in()
    def start(self) -> Session | None:
        """Create the session (once: the button then says where to follow it)."""
        _ = tr(self.lang)
        qs = list(self._questions())
        s = self.store.create_session(self.name, seed=self.seed, questions=qs)
        self.session = s
        details = _("{name} · {n} questions").format(name=html.escape(s.name), n=len(qs))
        query = urlencode({"code": s.code, **({"lang": self.lang} if self.lang != "en" else {})})
        follow = html.escape(_("Follow the answers on the teacher's page"))
        self.join.value = (
            join_html(s.code, details, lang=self.lang)
            + f'<p><a class="crib-practice-teacher" href="teacher.ipynb?{query}">{follow}</a></p>'
        )
        self.status.value = info_html(_("Session “{name}” created.").format(name=s.name))
        self.button.disabled = True
        return s


def open_from_query(app: Any, query: str) -> Any:
    """Open on ``app`` (a :class:`crib.ui.teacher.app.TeacherApp`) the session a link
    names: ``code=`` reopens it, ``projector=1`` turns projector mode on; ``app`` back."""
    args = parse_qs(query or "")
    code = (args.get("code") or [""])[0].strip()
    if code:
        app.open_code.value = code
        app.open_session()  # an unknown code: a message on the page
        if app.session is not None and (args.get("projector") or [""])[0] in ("1", "on"):
            app.projector.value = True
    return app
