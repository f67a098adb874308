"""The teacher page's "Finished classmate games" panel (issue #39, point 7): every
finished classmate game of the open class session (a tournament's tables and the
tables students made themselves), and a game's review as the teacher sees it: both
seats' graph, stepper, key moments and accuracy, and both seats' hands, the round done
or not (:func:`crib.session.duel_review.review_access` with
:data:`~crib.session.duel_review.TEACHER`; the teacher page is closed to every other
device).  The grading takes seconds: it runs off the page's event loop.

The teacher page hooks the panel in with one line: ``GamesPanel(self)`` reads the
page's ``session`` and ``store``, and follows the session on its own poll.
"""

from __future__ import annotations

import asyncio
import html
import threading
from typing import Any

import ipywidgets as w

from crib.i18n import N_, tr
from crib.rules import events as ev
from crib.session.duel_review import (
    TEACHER,
    SeatReview,
    dealt_sixes,
    review_access,
    seat_review,
)
from crib.store.duels import DuelStore, FinishedDuel
from crib.ui.kit.common import error_html, in_background, info_html, keep_polling, on_clicks
from crib.ui.kit.controls import button, sized
from crib.ui.play.duel_review import DuelStepper, sixes_html
from crib.ui.play.html import review_html

__all__ = ["GamesPanel", "game_label"]

HEAD = N_("Finished classmate games")
NONE_YET = N_("No classmate game of this session has finished yet.")


def game_label(g: FinishedDuel, lang: str = "en") -> str:
    """'KQ7P · Ann v Bob · Ann won'."""
    _ = tr(lang)
    a, b = g.names
    won = _("{name} won").format(name=g.names[g.winner]) if g.winner in (0, 1) else ""
    return " · ".join(x for x in (g.code, f"{a} v {b}", won) if x)


class GamesPanel(w.VBox):
    """The session's finished classmate games and the review of the one opened (see the
    module docstring); ``host`` is the teacher page (its ``session`` and ``store``)."""

    def __init__(self, host: Any, *, lang: str = "en", refresh_seconds: float = 5.0) -> None:
        self.host, self.lang = host, lang
        _ = tr(lang)
        self.refresh_seconds = refresh_seconds
        self._duels: DuelStore | None = None
        self._listed: tuple[str | None, tuple[str, ...]] | None = None
        self._task: asyncio.Task | None = None
        self.review_thread: threading.Thread | None = None
        self.games: list[FinishedDuel] = []
        self.pick = sized(w.Dropdown, _("Game"), "crib-games-pick", "30em", options=[])
        self.open_button = button(_("Open its review"), "crib-games-open")
        self.status = w.HTML(_dom_classes=("crib-games-status",))
        self.sixes = w.HTML(_dom_classes=("crib-games-sixes",))
        self.heads = [w.HTML(_dom_classes=("crib-games-seat",)) for _s in (0, 1)]
        self.steppers = [DuelStepper(lang) for _s in (0, 1)]
        self.tables = [w.HTML(_dom_classes=("crib-review",)) for _s in (0, 1)]
        on_clicks((self.open_button, self.open_game))
        seats = [
            w.VBox(
                [self.heads[i], self.steppers[i], self.tables[i]], _dom_classes=("crib-games-one",)
            )
            for i in (0, 1)
        ]
        super().__init__(
            [
                w.HTML(f"<h4>{html.escape(_(HEAD))}</h4>"),
                w.HBox([self.pick, self.open_button], layout=w.Layout(flex_flow="row wrap")),
                self.status,
                self.sixes,
                *seats,
            ],
            layout=w.Layout(display="none"),
        )
        self.add_class("crib-games")
        projector = getattr(host, "projector", None)  # the class screen shows no game's hands
        if projector is not None:
            projector.observe(lambda _c: self._projecting(), "value")
        self.start_polling()

    @property
    def projecting(self) -> bool:
        return bool(getattr(getattr(self.host, "projector", None), "value", False))

    def _projecting(self) -> None:
        """Projector mode hides the panel and closes the review it showed."""
        self._listed = None  # drawn again at the next refresh
        if self.projecting:
            self.layout.display = "none"
            self.sixes.value = ""
            for i in (0, 1):
                self.steppers[i].hide()
                self.tables[i].value = self.heads[i].value = ""
        else:
            self.refresh()

    @property
    def duels(self) -> DuelStore:
        store = self.host.store
        if self._duels is None or self._duels.path != store.path:
            self._duels = DuelStore(store.path)
        return self._duels

    # -- the list --------------------------------------------------------------------

    def refresh(self) -> bool:
        """List the open session's finished games (redrawn only when they changed); True
        if they did."""
        s = getattr(self.host, "session", None)
        self.games = [] if s is None else self.duels.finished_duels(s.id)
        listed = (None if s is None else s.code, tuple(g.code for g in self.games))
        if listed == self._listed:
            return False
        self._listed = listed
        self.layout.display = "none" if s is None or self.projecting else None
        keep = self.pick.value
        self.pick.options = [(game_label(g, self.lang), g.code) for g in self.games]
        if self.games:  # new options pick nothing: the one picked before, or the latest
            self.pick.value = keep if keep in {g.code for g in self.games} else self.games[0].code
        self.open_button.disabled = not self.games
        self.status.value = "" if self.games else info_html(tr(self.lang)(NONE_YET))
        return True

    def start_polling(self) -> bool:
        """Follow the session on the kernel's event loop (False outside a running loop)."""
        self._task = keep_polling(self._task, self.refresh, lambda: self.refresh_seconds)
        return self._task is not None

    # -- a game's review -----------------------------------------------------------------

    def open_game(self, code: str | None = None) -> None:
        """The review of game ``code`` (the picked one by default): both seats'."""
        _ = tr(self.lang)
        code = code or self.pick.value
        game = next((g for g in self.games if g.code == code), None)
        if game is None:
            self.status.value = error_html(_("Pick a finished game first."))
            return
        rec = self.duels.duel(game.code)
        access = review_access(TEACHER, status=rec.status, round_pending=0)
        events = ev.log_from_json(self.duels.duel_log(game.code))
        names, lang = game.names, self.lang
        self.sixes.value = sixes_html(dealt_sixes(events), names, lang)
        for i in (0, 1):
            self.steppers[i].hide()
            self.tables[i].value = ""
            self.heads[i].value = ""
        self.status.value = info_html(_("The coach is grading both players' decisions…"))

        def work() -> list[SeatReview | None]:
            return [
                seat_review(events, s, access, names, viewer=TEACHER, lang=lang) for s in (0, 1)
            ]

        self.review_thread = in_background(work, lambda done: self._show(game, done), process=True)

    def _show(self, game: FinishedDuel, done: list[SeatReview | None] | Exception) -> None:
        _ = tr(self.lang)
        if isinstance(done, Exception):
            self.status.value = error_html(
                _("The review could not be made: {error}").format(error=done)
            )
            return
        self.status.value = ""
        for i, rev in enumerate(done):
            if rev is None:
                continue
            who = html.escape(_("{name}'s game").format(name=game.names[i]), quote=False)
            self.heads[i].value = f"<h4>{who}</h4>"
            self.steppers[i].show_review(rev)
            self.tables[i].value = review_html(
                sorted(rev.grades, key=lambda g: (-g.lost, g.number)),
                title=_("{name}'s costliest decisions first").format(name=game.names[i]),
                lang=self.lang,
            )
