"""Retry this position: a graded decision played again, the answer hidden (#39, point 5).

:class:`RetryView` shows a :class:`~crib.session.retry.RetryPosition` (the scores, who
deals, the pile and its count and the starter for a play) with its cards as buttons, as
the play page draws them: a discard's six are toggles (pick two, then "Throw these two"),
a play's legal cards are buttons (a card that would pass 31 is disabled and says so).
Tab and Enter or Space work them; a tap too.  Nothing of the answer is on the page until
the move is made: then the grade, the best move and the coach's words
(:func:`crib.ui.play.html.grade_html`) appear in a polite live region.  "Show answer"
gives the answer without a move; "Try again" hides it again.

It is used by the review's stepper (:class:`crib.ui.play.stepper.GameStepper`: "Try
again" on the selected decision, and on the costliest ones) and by the trainer's "My
mistakes" set (:mod:`crib.ui.trainer.mistakes`), which hears each move through
:meth:`RetryView.on_move`.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable, Collection, Sequence
from typing import Any

import ipywidgets as w

from crib.errors import CribError
from crib.i18n import N_, tr
from crib.rules.cards import Card
from crib.rules.position import PeggingPosition
from crib.session.learner import PROFILE_KEY, LearnerKey, device_learner
from crib.session.model import Grade
from crib.session.retry import Retry, RetryPosition, positions_of
from crib.store.db import database_errors
from crib.ui.kit.cardview import card_text, cards_html, local_html
from crib.ui.kit.controls import button
from crib.ui.play.html import grade_chip, grade_html
from crib.ui.trainer.render import card_look

__all__ = [
    "RetryView",
    "StepperRetry",
    "MistakeKeeper",
    "card_buttons",
    "pile_rows",
    "position_html",
    "verdict_html",
]

_IN_FSTRINGS = (N_("Right: this is the best move or as good."), N_("Not the best move."))


def _colon(lang: str) -> str:
    return "\u00a0:" if lang == "fr" else ":"  # French: a no-break space before the colon


def pile_rows(peg: PeggingPosition, lang: str = "en") -> list[str]:
    """A play's table as the learner sees it: the pile and its count, the cards played
    before it this hand, the starter (HTML rows; the review's retry and the puzzles)."""
    _ = tr(lang)
    e, colon = html.escape, _colon(lang)
    pile = cards_html(peg.pile, "mini") if peg.pile else e(_("empty"))
    count = _("count {n}").format(n=peg.count)
    rows = [f"<div>{e(_('The pile'))}{colon} {pile} · {e(count)}</div>"]
    if peg.previous:
        rows.append(f"<div>{e(_('Played before'))}{colon} {cards_html(peg.previous, 'mini')}</div>")
    if peg.starter is not None:
        rows.append(f"<div>{e(_('Starter'))}{colon} {cards_html([peg.starter], 'mini')}</div>")
    return rows


def position_html(p: RetryPosition, lang: str = "en") -> str:
    """The position as the learner sees it, nothing of its answer."""
    _ = tr(lang)
    e = html.escape
    you_them = _("You {mine}, opponent {theirs}").format(mine=p.scores[0], theirs=p.scores[1])
    deal = _("You deal: the crib is yours.") if p.dealer else _("Your opponent deals.")
    rows = [
        f"<div><b>{e(_('Hand {n}').format(n=p.hand + 1))}</b> · {e(you_them)} · {e(deal)}</div>"
    ]
    if p.kind == "discard":
        rows.append(f"<div>{e(_('Pick the two cards to throw to the crib.'))}</div>")
    else:
        assert p.pegging is not None
        rows += pile_rows(p.pegging, lang)
        rows.append(f"<div>{e(_('Pick the card to play.'))}</div>")
    return local_html(f'<div class="crib-retry-position">{"".join(rows)}</div>', lang)


def verdict_html(g: Grade, *, right: bool | None, lang: str = "en") -> str:
    """The grade of the move made (``right`` None: the answer shown without a move)."""
    _ = tr(lang)
    e, colon = html.escape, _colon(lang)
    rows = []
    if right is not None:
        said = _("Right: this is the best move or as good.") if right else _("Not the best move.")
        mark = "✔" if right else "✘"
        rows.append(
            f"<div><b>{mark} {e(said)}</b> {e(_('You chose'))}{colon} <b>{e(g.chosen_text)}</b> "
            f"{grade_chip(g.verdict, g.lost, g.unit, plain=True, lang=lang)}</div>"
        )
    rows.append(f"<div>{e(_('best'))}{colon} <b>{e(g.best_text)}</b></div>")
    if right is not None:
        rows.append(grade_html(g, plain=True, lang=lang))
    return local_html("".join(rows), lang)


def card_buttons(
    cards: Sequence[Card],
    legal: Collection[Card],
    picked: Collection[Card] | None,
    lang: str,
    *,
    toggle: Callable[[Card, bool], None],
    play: Callable[[Card], None],
    css: str,
    done: bool = False,
) -> list[w.Widget]:
    """A position's cards as buttons, the trainer's card look: toggles for a discard
    (``picked`` given: the cards picked so far; ``toggle(card, on)``), else buttons that
    ``play(card)``; a card not in ``legal`` is disabled and says why, and every card once
    ``done``.  Each carries ``css`` and ``css-N`` (N from 1).  Shared by the review's
    retry and the puzzles page."""
    _ = tr(lang)
    buttons: list[w.Widget] = []
    for i, c in enumerate(cards):
        size = w.Layout(width="4.2em", height="2.6em")
        look = card_look(c, lang, css, f"{css}-{i + 1}")  # made with its look: no update
        if c not in legal:
            look["tooltip"] = _("{card}: would pass 31").format(card=look["tooltip"])
        kw = {"description": card_text(c, lang), "layout": size, **look}
        if picked is not None:
            b: Any = w.ToggleButton(value=c in picked, disabled=c not in legal or done, **kw)
            b.observe(lambda ch, c=c: toggle(c, ch["new"]), "value")
        else:
            b = w.Button(disabled=c not in legal or done, **kw)
            b.on_click(lambda _b, c=c: play(c))
        buttons.append(b)
    return buttons


class RetryView(w.VBox):
    """One position to retry: its cards, the move, then the grade (see the module)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        _ = tr(lang)
        self.retry: Retry | None = None
        self._moved: list[Callable[[Retry, Grade], Any]] = []
        self.title = w.HTML(_dom_classes=("crib-retry-title",))
        self.position_box = w.HTML(_dom_classes=("crib-retry-where",))
        # room above the cards: a picked card is drawn raised
        self.card_row = w.HBox(
            _dom_classes=("crib-retry-cards",),
            layout=w.Layout(flex_flow="row wrap", padding="12px 0 0 0"),
        )
        self.throw_button = button(_("Throw these two"), "crib-retry-throw", button_style="primary")
        self.throw_button.on_click(lambda _b: self.submit())
        self.show_button = button(_("Show answer"), "crib-retry-show")
        self.show_button.on_click(lambda _b: self.reveal())
        self.again_button = button(_("Try again"), "crib-retry-again")
        self.again_button.on_click(lambda _b: self.again())
        # the verdict: a polite live region, empty until the move is made
        self.result = w.HTML(_dom_classes=("crib-retry-result",))
        self.status = w.HTML(_dom_classes=("crib-retry-status",))
        super().__init__(
            [
                self.title,
                self.position_box,
                self.card_row,
                w.HBox(
                    [self.throw_button, self.show_button, self.again_button],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                self.result,
                self.status,
            ],
            layout=w.Layout(display="none"),
        )
        self.add_class("crib-retry")

    def on_move(self, fn: Callable[[Retry, Grade], Any]) -> None:
        """``fn(retry, grade)`` after each move made (not after "Show answer")."""
        self._moved.append(fn)

    @property
    def shown(self) -> bool:
        return self.layout.display != "none" and self.retry is not None

    def start(self, position: RetryPosition, title: str = "") -> None:
        """Show ``position``, nothing picked, the answer hidden."""
        self.retry = Retry(position, self.lang)
        self.title.value = f"<b>{html.escape(title)}</b>" if title else ""
        self.layout.display = None
        self.draw()

    def hide(self) -> None:
        self.layout.display = "none"
        self.retry = None

    def again(self) -> None:
        if self.retry is not None:
            self.retry.again()
            self.draw()

    def draw(self) -> None:
        r = self.retry
        if r is None:
            return
        _ = tr(self.lang)
        p = r.position
        self.position_box.value = position_html(p, self.lang)
        buttons = card_buttons(
            p.cards,
            p.legal,
            r.picked if p.kind == "discard" else None,
            self.lang,
            toggle=self._toggle,
            play=self.play,
            css="crib-retry-card",
            done=r.done,
        )
        self.card_row.children = buttons
        self.throw_button.layout.display = None if p.kind == "discard" else "none"
        self.throw_button.disabled = r.done or len(r.picked) != 2
        self.show_button.disabled = r.done
        self.again_button.layout.display = None if r.done else "none"
        self.status.value = ""
        g = r.result
        inner = "" if g is None else verdict_html(g, right=r.right, lang=self.lang)
        self.result.value = f'<div class="crib-retry-verdict" role="status">{inner}</div>'

    def _toggle(self, card: Card, on: bool) -> None:
        r = self.retry
        if r is None or r.done or (card in r.picked) == on:
            return
        if on and len(r.picked) >= 2:  # a third card: not picked
            for b in self.card_row.children:
                if f"crib-cardbtn-{card}" in b._dom_classes:
                    b.value = False
            return
        r.pick(card)
        self.throw_button.disabled = len(r.picked) != 2

    def play(self, card: Card) -> None:
        """A play retried: ``card`` played, and graded."""
        r = self.retry
        if r is None or r.done or r.position.kind != "play":
            return
        r.pick(card)
        self.submit()

    def pick(self, card: Card) -> None:
        """A discard retried: ``card`` picked or put back (as a tap on its toggle does)."""
        for b in self.card_row.children:
            if f"crib-cardbtn-{card}" in b._dom_classes:
                b.value = not b.value

    def submit(self) -> None:
        r = self.retry
        if r is None or r.done or len(r.picked) != r.position.picks:
            return
        g = r.submit()
        self.draw()
        for fn in self._moved:
            fn(r, g)

    def reveal(self) -> None:
        if self.retry is not None and not self.retry.done:
            self.retry.reveal()
            self.draw()


class StepperRetry:
    """The review's "Try again" (on :class:`crib.ui.play.stepper.GameStepper`): a button
    for the selected decision, one for each of the costliest decisions (the review's
    rows, costliest first), and the :class:`RetryView` they open under the stepper."""

    MOST = 5  # the costliest decisions offered a "Try again" of their own

    def __init__(self, stepper: Any, lang: str = "en") -> None:
        self.stepper, self.lang = stepper, lang
        _ = tr(lang)
        self.events: list[Any] = []
        self.seat = 0
        self.button = button(_("Try again"), "crib-step-retry")
        self.button.tooltip = _("This position again, the answer hidden until you move")
        self.button.on_click(lambda _b: self.try_selected())
        self.rows = w.HBox(_dom_classes=("crib-retry-rows",), layout=w.Layout(flex_flow="row wrap"))
        self.view = RetryView(lang)
        stepper.children = (*stepper.children, w.HBox([self.button]), self.rows, self.view)

    def shown_for(self, events: Any, grades: Any, seat: int = 0) -> None:
        """A game's review shown: its log, and a button for each costliest decision."""
        _ = tr(self.lang)
        self.events, self.seat = list(events), seat
        self.view.hide()
        worst = sorted(
            (g for g in grades if g.kind in ("discard", "play") and g.verdict != "best"),
            key=lambda g: -g.lost,
        )[: self.MOST]
        row: list[w.Widget] = []
        if worst:
            row.append(w.HTML(f"<b>{html.escape(_('Try again:'))}</b>"))
        for g in worst:
            b = button(
                _("decision {n}").format(n=g.number), f"crib-retry-row-{g.number}"
            ).add_class("crib-retry-row")
            b.on_click(lambda _b, g=g: self.try_grade(g))
            row.append(b)
        self.rows.children = row

    def selected(self, point: Any) -> None:
        """The stepper's point changed: "Try again" for a discard or a play."""
        g = getattr(point, "grade", None)
        ok = g is not None and g.kind in ("discard", "play")
        self.button.layout.display = None if ok else "none"

    def try_selected(self) -> None:
        s = self.stepper
        if not s.curve:
            return
        p = s.curve[min(max(s.chart.selected, 0), len(s.curve) - 1)]
        if p.grade is not None:
            self.try_grade(p.grade, p.scores, p.dealer)

    def try_grade(self, g: Grade, scores: Any = None, dealer: Any = None) -> None:
        """Open graded decision ``g`` again, the answer hidden."""
        _ = tr(self.lang)
        found = positions_of(self.events, [g], self.seat) if self.events else []
        pos = found[0][0] if found else RetryPosition.from_grade(g, scores or (0, 0), dealer)
        self.view.start(pos, _("Try again: decision {n}").format(n=g.number))


class MistakeKeeper:
    """At a game's end, the player's costliest decisions kept for "My mistakes"
    (:mod:`crib.store.mistakes`), for the learner this device's profile names
    (:func:`crib.session.learner.device_learner`: the token the browser keeps under
    ``crib-profile``, made on the first visit).  ``review`` is the page's
    :class:`crib.ui.play.rail.Review`, which calls :meth:`game_over` once per finished game.
    Nothing is kept before the browser has said what it keeps (a headless page), and a
    record that cannot be written costs the page nothing (``failed`` says why)."""

    def __init__(self, keys: Any, review: Any = None, store: Any = None) -> None:
        self.keys = keys
        self.learner: LearnerKey | None = None
        self.kept = 0  # positions newly kept at the last game's end
        self.failed = ""
        self._store = store
        self.thread: threading.Thread | None = None  # the last game's keeping
        self._need_key()
        keys.observe(lambda _c: self._need_key(), "device_keys")
        keys.on_device(self._on_device)
        if review is not None:
            review.on_over.append(self.game_over)

    def _need_key(self) -> None:
        if PROFILE_KEY not in self.keys.device_keys:
            self.keys.device_keys = [*self.keys.device_keys, PROFILE_KEY]

    def _on_device(self, values: dict[str, str]) -> None:
        self.learner, new = device_learner(values)
        if new is not None:
            self.keys.store(PROFILE_KEY, new)  # kept in this browser from now on

    @property
    def store(self) -> Any:
        if self._store is None:
            from crib.store.mistakes import MistakeStore

            self._store = MistakeStore()  # CRIB_DB, or the default SQLite file
        return self._store

    def game_over(self, events: Any, grades: Any, seat: int = 0) -> None:
        """Keep the finished game's costliest decisions, in a thread: the review shows at
        once (the record's first opening imports and migrates it, about a second)."""
        self.kept = 0
        if self.learner is None:
            return
        learner, events, grades = self.learner, list(events), list(grades)
        self.thread = threading.Thread(
            target=self._keep, args=(learner, events, grades, seat), daemon=True
        )
        self.thread.start()

    def _keep(self, learner: LearnerKey, events: list, grades: list, seat: int) -> None:
        try:
            self.kept = self.store.keep(learner, positions_of(events, grades, seat))
        except (CribError, OSError, *database_errors()) as e:
            self.failed = str(e)
