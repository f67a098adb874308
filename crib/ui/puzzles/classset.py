"""The puzzles page's "Class set" (issue 40, point 4): the set the teacher gave the class
session, the same puzzles in the same order for everyone.

The student types the class code and a name (checked, and joined, as the trainer joins a
class: :func:`crib.ui.trainer.parts.join_session`, with its messages).  The name is bound to
this browser's profile (:meth:`crib.store.puzzle_sets.PuzzleSetStore.bind_name`): a
classmate's device typing the same name is refused, so nobody makes attempts in
another's name.  Then the set's puzzles come in order (:class:`ClassSetFlow`), each
judged as on the rest of the page (the answer never reaches the page before the move),
with "Puzzle 3 of 12"; a reload resumes at the first puzzle not attempted, and the end
says the score.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from crib.classroom.names import clean_name
from crib.errors import CribError
from crib.i18n import N_, tr
from crib.store.classroom import Store
from crib.store.puzzle_sets import (
    DeviceNamedError,
    NoPuzzleSetError,
    PuzzleSetStore,
    SetNameTakenError,
)
from crib.ui.kit.common import info_html, on_clicks
from crib.ui.kit.controls import button, entry
from crib.ui.kit.say import SaidError, friendly_in, record_error
from crib.ui.puzzles.class_flow import ClassSetFlow
from crib.ui.trainer.parts import join_session

__all__ = ["ClassSetPanel", "TAKEN", "NO_SET"]

TAKEN = N_(
    "{name} is already taken by another device in the puzzle set of class {code}: "
    "go on there, type your own name, or ask your teacher to free the name."
)
NO_SET = N_("Class {code} has no puzzle set yet: ask your teacher to give one.")
NAMED = N_(
    "This device already opened the puzzle set of class {code} as {name}: one name per "
    "device. Type {name}, or ask your teacher to free it."
)


class ClassSetPanel(w.VBox):
    """The class code, the name and "Open the class set", for the puzzles page ``app``
    (a :class:`~crib.ui.puzzles.app.PuzzlesApp`: its ``lang``, ``puzzles``, record and
    device learner)."""

    def __init__(self, app: Any) -> None:
        self.app, self.lang = app, app.lang
        _ = tr(self.lang)
        self.flow: ClassSetFlow | None = None
        self._sets: PuzzleSetStore | None = None
        self._classroom: Store | None = None
        self.code = entry(_("Class code"), "crib-set-code", "18em", _("e.g. K7QW2M"), wide=True)
        self.name = entry(_("Your name"), "crib-set-name", "20em", _("a nickname"), wide=True)
        self.open_button = button(_("Open the class set"), "crib-set-open", button_style="primary")
        self.status = w.HTML(_dom_classes=("crib-set-status",))
        on_clicks((self.open_button, self.open_set))
        said = _(
            "Your teacher's puzzle set: the same puzzles, in the same order, for the whole "
            "class. Your name stays with this device."
        )
        super().__init__(
            [
                w.HTML(f'<p class="crib-muted">{html.escape(said)}</p>'),
                w.HBox(
                    [self.code, self.name, self.open_button],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                self.status,
            ],
            layout=w.Layout(display="none"),
        )
        self.add_class("crib-class-set")

    @property
    def sets(self) -> PuzzleSetStore:
        if self._sets is None:
            self._sets = PuzzleSetStore(self.app.puzzle_store.path)
        return self._sets

    @property
    def classroom(self) -> Store:
        if self._classroom is None:
            self._classroom = Store(self.app.puzzle_store.path)
        return self._classroom

    @friendly_in()
    def open_set(self) -> None:
        """Open the set for the code and the name typed (on this device's profile)."""
        _ = tr(self.lang)
        me = self.app.learner
        if me is None or me.kind != "device":
            self.status.value = info_html(_("Reading this device's profile…"))
            return
        try:  # the code and the name checked as a join checks them, with its messages
            code = self.classroom.session(self.code.value).code
            name = clean_name(self.name.value)
        except CribError as e:
            raise SaidError(record_error(str(e), self.lang)) from None
        try:
            ps = self.sets.puzzle_set(code)
            learner = self.sets.bind_name(code, name, me.key)
        except NoPuzzleSetError:
            raise SaidError(_(NO_SET).format(code=code)) from None
        except SetNameTakenError as e:
            raise SaidError(_(TAKEN).format(name=e.name, code=e.code)) from None
        except DeviceNamedError as e:
            raise SaidError(_(NAMED).format(name=e.name, code=e.code)) from None
        # joined under the name as first typed (any case): one student, not "Ann" and "ann"
        session, _student = join_session(self.classroom, code, learner.name, self.lang)
        token = me.key

        def still_mine() -> None:  # the teacher may have freed the name since
            if not self.sets.holds(code, learner.name, token):
                raise SaidError(_(TAKEN).format(name=learner.name, code=code))

        self.flow = ClassSetFlow(
            self.app.puzzles, self.sets.learner_id(learner), self.sets, ps, self.lang, still_mine
        )
        said = _("{name} in class {code}: {n} puzzles, your attempts count for the class.")
        said = said.format(name=learner.name, code=session.code, n=self.flow.total)
        if self.flow.withdrawn:
            said += " " + _(
                "{k} of the set's puzzles were withdrawn by an update of crib: the set goes on "
                "without them."
            ).format(k=len(self.flow.withdrawn))
        self.status.value = info_html(said)
        self.app.flow = self.flow
        self.app.next_puzzle()

    def start(self) -> None:
        """The page switched to the class set: the set opened before, or the join row."""
        _ = tr(self.lang)
        self.app.flow = self.flow
        if self.flow is not None:
            self.app.next_puzzle()
            return
        self.app.shown, self.app.done, self.app.picked = None, False, []
        self.app.head.value = info_html(_("Type the class code and your name, then open the set."))
        self.app.position_box.value = self.app.result.value = ""
        self.app._draw_cards()
        self.app.rating_box.value = ""

    # --- what the page says ---------------------------------------------------------
    def head(self) -> str:
        """ "Puzzle 3 of 12 · class K7QW2M's set"."""
        assert self.flow is not None
        _ = tr(self.lang)
        return _("Puzzle {i} of {n} · the puzzle set of class {code}").format(
            i=self.flow.number(), n=self.flow.total, code=self.flow.puzzle_set.code
        )

    def score_line(self) -> str:
        """The finish line once every puzzle is attempted, else the score so far."""
        _ = tr(self.lang)
        assert self.flow is not None
        solved, tried = self.flow.score()
        if tried >= self.flow.total:
            said = _("Set done: {solved} of {n} solved at the first try.")
        else:
            said = _("So far: {solved} of {tried} solved at the first try.")
        return info_html(said.format(solved=solved, tried=tried, n=self.flow.total)).replace(
            'class="crib-info"', 'class="crib-info crib-set-score"', 1
        )
