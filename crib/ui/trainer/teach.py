"""The counting trainer's teach mode: count a hand line by line.

A mixin of :class:`crib.ui.trainer.app.TrainerApp` (like ``TrainerProgress``).  With
"Count line by line" on, a counting question is answered by picking cards, choosing
the kind, and adding the line; the running total is the sum of the lines.  On
"Check my lines", the lines are checked against the hand's breakdown
(:func:`crib.course.questions.lines.check_lines`): right lines ticked, wrong ones struck,
missed ones added in amber; the total is then graded (and stored in a class) like a
typed count.  Reads ``current``, ``result``, ``status``, ``answer_box``,
``count_row``; calls ``_answer``.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from crib.course.questions import CountQuestion, question_score
from crib.course.questions import lines as L
from crib.i18n import N_, tr
from crib.ui.kit.common import cards_html, info_html, on_clicks
from crib.ui.kit.quiz_html import KIND_LABELS
from crib.ui.kit.say import friendly_in
from crib.ui.kit.style import var
from crib.ui.trainer.render import _card_toggle

_ADDED = N_("Added a line: {kind} for {points}.")
_MARK = {"right": "✔", "wrong": "✘", "missed": "+"}
_STYLE = {
    "right": f"color:{var('green')}",
    "wrong": f"color:{var('red')};text-decoration:line-through",
    "missed": f"background:{var('amber-pale')}",
}


def lines_html(rows: list[Any], total: int | None = None, lang: str = "en") -> str:
    """The lines as a table (claimed, or checked when each has a status)."""
    _ = tr(lang)
    body = "".join(
        f'<tr class="crib-line-{getattr(r, "status", "claimed")}" '
        f'style="{_STYLE.get(getattr(r, "status", ""), "")}">'
        f"<td>{_MARK.get(getattr(r, 'status', ''), '')}</td>"
        f"<td>{html.escape(_(KIND_LABELS.get(r.kind, r.kind)))}</td>"
        f"<td>{cards_html(r.cards)}</td><td>{r.points}</td></tr>"
        for r in rows
    )
    foot = (
        f"<tr><td></td><td><b>{html.escape(_('total'))}</b></td><td></td><td><b>{total}</b></td></tr>"
        if total is not None
        else ""
    )
    return f'<table class="crib-lines">{body}{foot}</table>'


class TeachMode:
    """Count line by line: pick cards, choose the kind, add the line, check."""

    def _build_teach(self) -> None:
        _ = tr(self.lang)
        self.teach_toggle = w.ToggleButton(
            _dom_classes=("crib-teach-toggle",),
            description=_("Count line by line"),
            icon="list",
            value=False,
            layout=w.Layout(width="fit-content"),
            tooltip=_("pick the cards of each fifteen, pair, run, flush or nobs"),
        )
        self.teach_toggle.observe(lambda _c: self._teach_layout(), "value")
        self.teach_cards = w.HBox(_dom_classes=("crib-teach-cards",))
        self.teach_kind = w.ToggleButtons(
            _dom_classes=("crib-teach-kind",),
            options=[(_(KIND_LABELS[k]), k) for k in L.KINDS],
            value="fifteen",
        )
        self.teach_add = w.Button(
            _dom_classes=("crib-teach-add",), description=_("Add line"), icon="plus"
        )
        self.teach_check = w.Button(description=_("Check my lines"), button_style="primary")
        self.teach_check.add_class("crib-teach-check")
        self.teach_lines = w.HTML(_dom_classes=("crib-teach-lines",))
        on_clicks((self.teach_add, self.add_line), (self.teach_check, self.check_lines))
        self.teach_box = w.VBox(
            [
                self.teach_cards,
                w.HBox([self.teach_kind, self.teach_add]),
                self.teach_lines,
                self.teach_check,
            ],
            _dom_classes=("crib-teach-box",),
        )
        self.claims: list[tuple[str, tuple]] = []

    def _teach_reset(self) -> None:
        """A new question: new card toggles, no lines."""
        self.claims = []
        self.teach_lines.value = ""
        q = self.current
        if not isinstance(q, CountQuestion):
            self.teach_cards.children = ()
            return
        cards = [*q.hand, q.starter]
        self.teach_cards.children = [_card_toggle(c) for c in cards]
        self._teach_cards = cards
        self.teach_check.disabled = self.teach_add.disabled = False

    def _teach_layout(self) -> None:
        q = self.current
        if not isinstance(q, CountQuestion) or self.result is not None:
            return
        on = bool(self.teach_toggle.value)
        self.answer_box.children = (self.teach_box,) if on else (self.count_row,)

    @friendly_in()
    def add_line(self) -> None:
        """Add the picked cards as a line of the chosen kind; show the running total."""
        picked = tuple(
            c for c, t in zip(self._teach_cards, self.teach_cards.children, strict=True) if t.value
        )
        pts = L.line_points(self.teach_kind.value, picked)  # a LineError is shown as a message
        self.claims.append((self.teach_kind.value, picked))
        for t in self.teach_cards.children:
            t.value = False
        rows = [L.Line(k, c, L.line_points(k, c), "") for k, c in self.claims]
        _ = tr(self.lang)
        self.teach_lines.value = lines_html(rows, L.claimed_total(self.claims), self.lang)
        kind = _(KIND_LABELS[self.teach_kind.value])
        self.status.value = info_html(_(_ADDED).format(kind=kind, points=pts))

    @friendly_in()
    def check_lines(self) -> None:
        """Check the lines against the breakdown, then grade the total as the count."""
        q = self.current
        if not isinstance(q, CountQuestion) or self.result is not None:
            return
        rows = L.check_lines(question_score(q), self.claims)
        total = L.claimed_total(self.claims)
        self._answer(str(total))
        self.teach_lines.value = lines_html(rows, total, self.lang)
        self.teach_check.disabled = self.teach_add.disabled = True
