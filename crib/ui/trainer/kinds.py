"""The student's page for the beginners' kinds: "what does this card peg?" and rules.

A mixin of :class:`crib.ui.trainer.app.TrainerApp` (like ``TeachMode``).  A
"what does it peg" question is answered with two boxes, the count now and the
points (Enter in the points box checks, as in the count box); a rules question
with one button per choice.  A box that does not hold a whole number gets its
message beside the boxes, and nothing is graded.  Reads ``current``, ``result``,
``answer_box``, ``key_listener``; calls ``_answer``; the verdict is drawn by
:mod:`crib.ui.trainer.kinds_render`.
"""

from __future__ import annotations

import ipywidgets as w

from crib.course.questions import PegPointsQuestion, Question, RulesQuestion
from crib.i18n import tr
from crib.ui.kit.cardview import local_html
from crib.ui.kit.controls import entry
from crib.ui.kit.say import SaidError, friendly_in
from crib.ui.trainer.kinds_render import pegpoints_result_html

__all__ = ["NewKinds", "NEW_KINDS", "read_whole"]

NEW_KINDS = ("pegpoints", "rules")


class _BadBox(SaidError):
    """A box of the answer that does not hold what it should."""


def read_whole(text: str, *, what: str, low: int, high: int, lang: str = "en") -> int:
    """The whole number in a box, or a :class:`~crib.errors.CribError` saying what to type.

    >>> read_whole(" 21 ", what="count", low=1, high=31)
    21
    >>> try:
    ...     read_whole("lots", what="count", low=1, high=31)
    ... except _BadBox as e:
    ...     print(e)
    “lots” is not a number: type the count now, a whole number from 1 to 31.
    >>> try:
    ...     read_whole("", what="points", low=0, high=14)
    ... except _BadBox as e:
    ...     print(e)
    Type the points this card pegs, a whole number from 0 to 14 (0 if it pegs nothing).
    """
    _ = tr(lang)
    if what == "count":
        need = _("the count now, a whole number from {low} to {high}").format(low=low, high=high)
    elif what == "total":
        need = _("the hand's total, a whole number from {low} to {high}").format(low=low, high=high)
    else:
        need = _(
            "the points this card pegs, a whole number from {low} to {high} (0 if it pegs nothing)"
        ).format(low=low, high=high)
    t = text.strip()
    if not t:
        raise _BadBox(_("Type {need}.").format(need=need))
    if not t.isdigit():
        raise _BadBox(_("“{text}” is not a number: type {need}.").format(text=t[:20], need=need))
    if not low <= int(t) <= high:
        raise _BadBox(_("{n} is not possible here: type {need}.").format(n=int(t), need=need))
    return int(t)


class NewKinds:
    """The answer boxes and buttons of the "what it pegs" and rules questions."""

    def _build_kinds(self) -> None:
        _ = tr(self.lang)
        self.pegcount_box = entry(
            _("Count now"), "crib-pegcount-input", "13em", _("e.g. 21"), wide=True
        )
        self.pegpoints_box = entry(_("Points"), "crib-pegpoints-input", "11em", _("e.g. 2"))
        self.pegpoints_box.add_class("crib-submit-on-enter")  # Enter in the points box checks
        self.pegpoints_check = w.Button(description=_("Check"), button_style="primary")
        self.pegpoints_check.add_class("crib-check").add_class("crib-pegpoints-check")
        self.pegpoints_check.on_click(lambda _b: self.answer_pegpoints())
        # the message beside the boxes (a polite live region: a screen reader hears it)
        self.pegpoints_msg = w.HTML(_dom_classes=("crib-field-error",)).add_class(
            "crib-pegpoints-msg"
        )
        self.pegpoints_row = w.HBox(
            [self.pegcount_box, self.pegpoints_box, self.pegpoints_check, self.pegpoints_msg],
            _dom_classes=("crib-peg-inputs",),
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.rules_row = w.VBox(_dom_classes=("crib-rules-choices",))
        self._said_count: int | None = None

    def _show_kind(self, q: PegPointsQuestion | RulesQuestion) -> None:
        """A new "what it pegs" or rules question: empty boxes, or a button per choice."""
        self.pegpoints_msg.value = ""
        self._said_count = None
        if isinstance(q, PegPointsQuestion):
            self.pegcount_box.value = self.pegpoints_box.value = ""
            self.pegcount_box.disabled = self.pegpoints_box.disabled = False
            self.pegpoints_check.disabled = False
            self.answer_box.children = (self.pegpoints_row,)
            return
        buttons = []
        for k, text in enumerate(q.choices):
            b = w.Button(
                description=text, tooltip=text, layout=w.Layout(width="auto", height="auto")
            )
            b.add_class("crib-rules-choice").add_class(f"crib-rules-choice-{k + 1}")
            b.on_click(lambda _b, k=k: self.answer_rule(k))
            buttons.append(b)
        self.rules_row.children = buttons
        self.answer_box.children = (self.rules_row,)

    def _focus_kind(self, q: Question) -> None:
        if isinstance(q, PegPointsQuestion):
            self.key_listener.focus_on(".crib-pegcount-input input")
        else:
            self.key_listener.focus_on(".crib-rules-choice")

    def _lock_kind(self, q: PegPointsQuestion | RulesQuestion) -> None:
        """Answered: the boxes and buttons are disabled, the choice marked right or wrong."""
        if isinstance(q, PegPointsQuestion):
            self.pegcount_box.disabled = self.pegpoints_box.disabled = True
            self.pegpoints_check.disabled = True
            self.pegpoints_msg.value = ""
            self.feedback.value = local_html(
                pegpoints_result_html(q, self.result, self._said_count, self.lang), self.lang
            )
            return
        for k, b in enumerate(self.rules_row.children):  # marked by sign too, not by colour alone
            b.disabled = True
            if b.description == self.result.answer:
                b.add_class("crib-chosen-right" if self.result.correct else "crib-chosen-wrong")
                b.description = ("✔ " if self.result.correct else "✘ ") + b.description
            elif k == q.answer:
                b.add_class("crib-the-answer")
                b.description = "✔ " + b.description

    def _submit_pegpoints(self) -> None:
        """Enter in the points box: the points as the box held them when Enter was pressed."""
        if self.key_listener.submitted is not None and not self.pegpoints_box.disabled:
            self.pegpoints_box.value = self.key_listener.submitted
        self.answer_pegpoints()

    @friendly_in("pegpoints_msg")
    def answer_pegpoints(self) -> None:
        """Check the two boxes (each a whole number, else a message beside them), then grade."""
        q = self.current
        if not isinstance(q, PegPointsQuestion):
            return
        if self.result is not None:
            self._answer("")  # "already answered"
            return
        lang = self.lang
        count = read_whole(self.pegcount_box.value, what="count", low=1, high=31, lang=lang)
        points = read_whole(self.pegpoints_box.value, what="points", low=0, high=14, lang=lang)
        self.pegpoints_msg.value = ""
        self._said_count = count
        self._answer(f"{count} {points}")

    @friendly_in()
    def answer_rule(self, k: int) -> None:
        """The ``k``-th choice (from 0) of a rules question."""
        q = self.current
        if not isinstance(q, RulesQuestion):
            return
        self._answer(str(k + 1))
