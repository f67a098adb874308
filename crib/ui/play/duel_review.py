"""A classmate game's review, the graph and the stepper of a game against the computer
(:class:`crib.ui.play.stepper.GameStepper`) for one seat's
:class:`~crib.session.duel_review.SeatReview`: the classmate page shows its own seat's,
the teacher page both (:mod:`crib.ui.teacher.games`).  What it is given is all it
shows: the seat's decisions and curve, and the other seat's six of each hand only when
:func:`crib.session.duel_review.review_access` opened them (the step then says what the
opponent held in that hand).

:class:`SeatMistakes` keeps a class seat's costliest decisions for "My mistakes" once its
review is open (issue #39, point 6), from the grades the review has just made.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable, Sequence
from typing import Any

from crib.errors import CribError
from crib.i18n import tr
from crib.rules.cards import Card
from crib.session.duel_review import SeatReview
from crib.session.learner import LearnerKey
from crib.session.retry import positions_of
from crib.store.db import database_errors
from crib.ui.kit.cardview import cards_html
from crib.ui.play.stepper import GameStepper

__all__ = ["DuelStepper", "sixes_html", "SeatMistakes"]

Hand = tuple[Card, ...]


class DuelStepper(GameStepper):
    """:class:`GameStepper` for a seat's review of a classmate game; each step also shows
    the opponent's six of that hand once the rule opened it."""

    def __init__(self, lang: str = "en") -> None:
        self.review: SeatReview | None = None
        super().__init__(lang)
        self.add_class("crib-duel-stepper")

    def show_review(self, rev: SeatReview) -> None:
        """``rev``'s curve, at its first decision."""
        self.review = rev
        self.show([], rev.grades, rev.seat, curve=rev.curve)

    def hide(self) -> None:
        self.review = None
        super().hide()

    def draw(self) -> None:
        super().draw()
        rev = self.review
        if not self.curve or rev is None:
            return
        p = self.curve[min(max(self.chart.selected, 0), len(self.curve) - 1)]
        six = rev.their_sixes.get(p.hand)
        if not six or not self.detail.value.endswith("</div>"):
            return
        _ = tr(self.lang)
        colon = "\u00a0:" if self.lang == "fr" else ":"
        said = html.escape(
            _("{name}'s six").format(name=rev.names[1] or _("your classmate")), quote=False
        )
        line = f'<div class="crib-their-six">{said}{colon} {cards_html(six, "mini")}</div>'
        self.detail.value = self.detail.value[: -len("</div>")] + line + "</div>"


def sixes_html(sixes: dict[int, tuple[Hand, ...]], names: tuple[str, str], lang: str = "en") -> str:
    """Both seats' sixes, hand by hand (the teacher's view of a finished game)."""
    _ = tr(lang)
    e = html.escape
    head = "".join(f'<th scope="col">{e(n)}</th>' for n in names)
    rows = "".join(
        f'<tr><th scope="row">{e(_("Hand {n}").format(n=h + 1))}</th>'
        + "".join(f"<td>{cards_html(s, 'mini') if s else '–'}</td>" for s in six)
        + "</tr>"
        for h, six in sorted(sixes.items())
    )
    caption = e(_("The hands as dealt"))
    return (
        f'<table class="crib-duel-sixes"><caption>{caption}</caption>'
        f"<thead><tr><td></td>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )


class SeatMistakes:
    """A class seat's costliest decisions kept for its student's "My mistakes"
    (:mod:`crib.store.mistakes`), once the seat's review is open.

    The learner is the class learner (:mod:`crib.session.learner`, ``CODE/name``) of the
    seat: the table's class session and the seat's name
    (:meth:`crib.store.mistakes.MistakeStore.seat_learner`); a table of no class session
    keeps nothing.  What is kept is the seat's own review (:class:`SeatReview`: its
    grades, made once for the page, not graded again) and its positions, read from the
    game's log for that seat alone (:func:`crib.session.retry.positions_of`).  The
    keeping runs in a thread (``thread``); a record that cannot be written costs the
    page nothing (``failed`` says why)."""

    def __init__(self, store: Callable[[], Any]) -> None:
        self._factory = store
        self._store: Any = None
        self.learner: LearnerKey | None = None
        self.kept = 0  # positions newly kept from the last game
        self.failed = ""
        self.thread: threading.Thread | None = None

    @property
    def store(self) -> Any:
        if self._store is None:
            self._store = self._factory()
        return self._store

    def keep(self, table: str, events: Sequence[Any], rev: SeatReview) -> threading.Thread:
        """Keep ``rev``'s seat's costliest decisions of table ``table`` (whose log is
        ``events``) for its class learner, in a thread (returned)."""
        self.kept, self.failed = 0, ""
        args = (table, list(events), rev.seat, list(rev.grades))
        self.thread = threading.Thread(target=self._keep, args=args, daemon=True)
        self.thread.start()
        return self.thread

    def _keep(self, table: str, events: list, seat: int, grades: list) -> None:
        try:
            if self.store is None:  # tables kept in memory: no record to keep them in
                return
            self.learner = self.store.seat_learner(table, seat)
            if self.learner is not None:
                self.kept = self.store.keep(self.learner, positions_of(events, grades, seat))
        except (CribError, OSError, *database_errors()) as e:
            self.failed = str(e)
