"""Play a classmate, on the play page: create a table and get a short code, or join one
with a code; then the game, drawn from this seat's view alone.

:class:`DuelApp` draws a :class:`crib.session.duel.DuelSeat` (the game logic, tested
headless) on the classroom record (:class:`crib.store.duels.DuelStore`).  Every
widget is drawn from :meth:`DuelSeat.view`, which is built from this seat's events and
observation only: the opponent's cards reach this page's widgets (and so its browser)
only once they are played or shown.

The kernel polls the record every :data:`POLL_SECONDS` (an asyncio task, one indexed
query) and redraws when the other page moved, joined, left or abandoned.  The page's
address becomes ``play.ipynb?table=CODE&seat=TOKEN`` (:class:`UrlSetter`), so a reload
resumes the seat from the record (:mod:`crib.ui.play.duel_hook` is the page's hook).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cached_property
from urllib.parse import urlencode

import ipywidgets as w

from crib.errors import CribError
from crib.i18n import N_, check_lang, tr
from crib.session.duel import DuelSeat
from crib.session.duel_record import DuelStorage, SeatBusyError
from crib.session.duel_review import SeatReview
from crib.session.model import GameView
from crib.ui.kit.cardview import local_html
from crib.ui.kit.common import (
    error_html,
    friendly,
    in_background,
    info_html,
    keep_polling,
    on_clicks,
)
from crib.ui.kit.controls import button, entry
from crib.ui.kit.keys import PAGE
from crib.ui.kit.say import record_error as duel_error
from crib.ui.play.board import board_svg
from crib.ui.play.duel_html import header_html, held_html, log_link_html, opponent_html
from crib.ui.play.duel_review import DuelStepper, SeatMistakes
from crib.ui.play.html import (
    _table_html,
    commit_html,
    review_html,
    score_rows_html,
    show_html,
)
from crib.ui.play.parts import add_entry_widgets, add_table_widgets
from crib.ui.play.seat_link import UrlSetter

__all__ = ["POLL_SECONDS", "DuelApp", "UrlSetter"]

POLL_SECONDS = 0.15  # the other page's move shows within about this (plus a redraw)
HELD_RECHECK_SECONDS = 3.0  # a finished round table asks this often whether the round is done
MOVED_TEXT = N_(
    "Your seat at table {code} is now open on another page. Take it over here to play on this page."
)
COMMIT_SOURCE = N_(
    "(SHA-256 of the secret every deck comes from; fixed when your classmate sat down)"
)


def _default_storage() -> DuelStorage:
    from crib.store.duels import DuelStore

    return DuelStore()


def _mistake_store(duels: DuelStorage) -> object:
    """The class learners' mistakes, in the tables' record (None for tables in memory)."""
    from crib.store.mistakes import MistakeStore

    path = getattr(duels, "path", None)
    return MistakeStore(path) if path is not None else None


class DuelApp(w.VBox):
    """A game against a classmate at another page (see the module docstring)."""

    def __init__(
        self,
        storage: Callable[[], DuelStorage] = _default_storage,
        *,
        on_back: Callable[[], None] | None = None,
        lang: str = "en",
    ) -> None:
        self.lang = check_lang(lang)
        _ = tr(lang)
        self._storage_factory = storage  # opened on first use (the storage property)
        self.seat: DuelSeat | None = None
        self._task: asyncio.Task | None = None
        self._on_back = on_back
        self._step = 0
        self._log_held = False  # the log and review wait for the rest of the round
        self.review_thread: threading.Thread | None = None  # the coach grading the game's end
        # set by crib.ui.play.duel_hook for a class's tables: the result goes in at the
        # game's end (a tournament round's log, review and secret wait for the whole
        # round: DuelSeat.held, from the record itself)
        self.on_over: Callable[[str], object] | None = None
        self.url = UrlSetter()
        # the way in: a name, then create a table or join one with its code
        add_entry_widgets(self, lang)  # the way in: a name, create or join, take over
        self.status = w.HTML(_dom_classes=("crib-live",)).add_class("crib-duel-status")
        self._pending: tuple[str, str] | None = None  # the seat a Take over opens (code, secret)
        # the game
        self.header_html = w.HTML(_dom_classes=("crib-live",)).add_class("crib-duel-header")
        self.opp_html = w.HTML(_dom_classes=("crib-opp",))
        add_table_widgets(self, self.click_card)  # board, table, show, captions, prompt, hand
        self.action_button = button(_("Continue"), "crib-duel-action", button_style="primary")
        self.count_text = entry(_("Your count"), "crib-count-entry", "14em", _("your count"))
        self.count_button = w.Button(_dom_classes=("crib-count-button",), description=_("Count it"))
        self.count_box = w.HBox(
            [self.count_text, self.count_button], _dom_classes=("crib-count-box",)
        )
        self.leave_button = button(_("Leave the table"), "crib-duel-leave")
        self.abandon_button = button(
            _("Abandon the game"), "crib-duel-abandon", button_style="danger"
        )
        self.rail_html = w.HTML(_dom_classes=("crib-live",)).add_class("crib-scores")
        self.commit_html = w.HTML(_dom_classes=("crib-commit",))
        self.review_html = w.HTML(_dom_classes=("crib-review",))
        self.stepper = DuelStepper(lang)  # the finished game, decision by decision (← →)
        # a class seat's costliest decisions, kept for its student's "My mistakes" (#39, 6)
        self.mistakes = SeatMistakes(lambda: _mistake_store(self.storage))
        self.log_html = w.HTML(_dom_classes=("crib-duel-log",))
        on_clicks(
            (self.action_button, self.act),
            (self.count_button, self.count_it),
            (self.leave_button, self.leave),
            (self.abandon_button, self.abandon),
        )
        table = w.VBox(
            [
                self.opp_html,
                self.board_html,
                self.table_html,
                self.prompt_html,
                self.status,
                self.show_html,
                self.count_box,
                self.hand.box,
                w.HBox([self.action_button]),
                self.captions_html,
            ],
            _dom_classes=("crib-table-col",),
        )
        rail = w.VBox(
            [
                self.header_html,
                self.rail_html,
                w.HBox(
                    [self.leave_button, self.abandon_button],
                    layout=w.Layout(flex_flow="row wrap", grid_gap="4px"),
                ),
                self.commit_html,
                self.log_html,
            ],
            _dom_classes=("crib-rail",),
            layout=w.Layout(width="320px", flex="0 0 320px", padding="0 0 0 12px"),
        )
        self.game_box = w.VBox(
            [
                w.HBox(
                    [table, rail],
                    _dom_classes=("crib-main-row",),
                    layout=w.Layout(align_items="flex-start"),
                ),
                self.stepper,
                self.review_html,
            ],
            _dom_classes=("crib-duel-game",),
            layout=w.Layout(display="none"),
        )
        super().__init__([self.url, self.entry_box, self.game_box])
        self.add_class("crib-play-app").add_class("crib-duel-app")

    # -- the way in --------------------------------------------------------------------

    @cached_property
    def storage(self) -> DuelStorage:
        """The table record, opened on first use."""
        return self._storage_factory()

    def _sit(self, seat: DuelSeat) -> None:
        seat.lang = self.lang  # its prompts, captions and errors in the page's language
        seat._folded = None  # folded again, in that language
        self.seat = seat
        self._log_held, self.log_html.value, self.review_thread = False, "", None
        self.url.query = urlencode(
            {
                "table": seat.code,
                "seat": seat.token,
                **({"lang": self.lang} if self.lang != "en" else {}),
            }
        )
        self.entry_box.layout.display = "none"
        self.game_box.layout.display = None
        self.status.value = self.entry_status.value = ""
        self.takeover_button.layout.display, self._pending = "none", None
        self.render()
        self.start_polling()

    def _page(self) -> dict[str, object]:  # the page's browser tab (a reload keeps it) and pulse
        return {"tab": PAGE["tab"], "heard": self.url.heard_at}

    @friendly("entry_status")
    def create(self) -> None:
        """A new table: this page takes seat 0 and shows the code to pass on."""
        manual = bool(self.manual_box.value)
        with self._words():
            seat = DuelSeat.create(
                self.storage,
                self.name_text.value,
                manual=(manual, manual),
                muggins=manual and bool(self.muggins_box.value),
                **self._page(),
            )
        self._sit(seat)

    @friendly("entry_status")
    def join(self) -> None:
        """Sit down at a classmate's table by its code."""
        with self._words():
            seat = DuelSeat.join(
                self.storage, self.code_text.value, self.name_text.value, **self._page()
            )
        self._sit(seat)

    @friendly("entry_status")
    def resume(self, code: str, token: str, *, take_over: bool = False) -> None:
        """The same seat again (a reload): the game from the record.  While another page
        has the seat open, this page says so and offers Take over here (it has the seat's
        secret, its link)."""
        self._pending, self.takeover_button.layout.display = (code, token), "none"
        try:
            seat = DuelSeat.resume(self.storage, code, token, take_over=take_over, **self._page())
        except CribError as e:
            self._show_entry(take_over=isinstance(e, SeatBusyError))
            raise CribError(duel_error(str(e), self.lang)) from None
        self._sit(seat)

    def _show_entry(self, take_over: bool = False) -> None:
        """Back to the way in (with Take over here, for a seat open on another page)."""
        self.seat = None
        self.game_box.layout.display = "none"
        self.entry_box.layout.display = None
        self.takeover_button.layout.display = None if take_over else "none"

    @friendly("entry_status")
    def take_over(self) -> None:
        """Open the seat here, taking it from the page that has it (this page has its secret)."""
        if self._pending is None:
            raise CribError(tr(self.lang)(N_("find your table first")))
        self.resume(*self._pending, take_over=True)

    @contextlib.contextmanager
    def _words(self) -> Iterator[None]:  # the record's English errors in the page's language
        try:
            yield
        except CribError as e:
            raise CribError(duel_error(str(e), self.lang)) from None

    @friendly()
    def back(self) -> None:
        if self._on_back is not None:
            self._on_back()

    # -- polling -----------------------------------------------------------------------

    def start_polling(self) -> bool:
        """Poll the record on the kernel's event loop (no loop in headless tests)."""
        self._task = keep_polling(
            self._task, self.poll_once, lambda: POLL_SECONDS, until=lambda: self.seat is None
        )
        return self._task is not None

    def poll_once(self) -> bool:
        """One poll: redraw if anything changed; True if it did.  A seat another page
        took over goes back to the way in, with Take over here."""
        if self.seat is None:
            return False
        changed = self.seat.displaced or self.seat.poll()  # (a refused move may have found it)
        if self.seat.displaced:
            self._displaced()
            return True
        if self._log_held and self.seat.held(every=HELD_RECHECK_SECONDS) == 0:
            self.log_html.value = ""  # the round is done: the log, review and secret now
            changed = True
        if changed:
            self.render()
        return changed

    def _displaced(self) -> None:
        s = self._seat()
        self._show_entry(take_over=True)
        self._pending = (s.code, s.token)
        self.entry_status.value = error_html(tr(self.lang)(MOVED_TEXT).format(code=s.code))

    # -- actions -----------------------------------------------------------------------

    @friendly()
    def click_card(self, i: int) -> None:
        s = self._seat()
        self.status.value = ""
        with self._words():
            s.play_index(i) if s.phase == "play" else s.toggle(i)
        self.render()

    @friendly()
    def act(self) -> None:
        """The action button: Throw (the two picked), or Continue (after the show)."""
        s = self._seat()
        self.status.value = ""
        if s.phase == "discard":
            s.throw_selected()
        elif s.phase == "hand_over":
            s.next()
        else:
            raise CribError(s.view().prompt)
        self.render()

    @friendly()
    def key(self, key: str) -> None:
        """A key from the page: 1-6 a card, Enter or n the action button, ← → the review."""
        if self.seat is None:
            return
        if key in ("arrowleft", "arrowright"):
            if self.stepper.shown:  # the finished game's review
                self.stepper.step(-1 if key == "arrowleft" else 1)
            return
        if key in {"1", "2", "3", "4", "5", "6"}:
            self.click_card(int(key) - 1)
        elif key in ("enter", "n", "space"):
            if self.seat.phase == "count":
                self.count_it()
            else:
                self.act()

    @friendly()
    def count_it(self) -> None:
        self._seat().claim(self.count_text.value)
        self.count_text.value = ""
        self.render()

    @friendly()
    def leave(self) -> None:
        """Leave the table: the other page says so at once; this page goes back."""
        s = self._seat()
        s.leave()
        self.seat = None
        self.url.query = "left=1" + (f"&lang={self.lang}" if self.lang != "en" else "")
        self.game_box.layout.display = "none"
        self.entry_box.layout.display = None
        self.entry_status.value = info_html(
            tr(self.lang)(N_("You left table {code}. Its link brings you back to it.")).format(
                code=s.code
            )
        )

    @friendly()
    def abandon(self) -> None:
        self._seat().abandon()
        self.render()

    def _seat(self) -> DuelSeat:
        if self.seat is None:
            raise CribError(tr(self.lang)(N_("create a table or join one first")))
        return self.seat

    # -- drawing -------------------------------------------------------------------------

    def render(self) -> None:
        """Redraw from this seat's view (nothing else of the game is read here)."""
        s = self._seat()
        v = s.view()
        me, them = v.names
        lang, _ = self.lang, tr(self.lang)
        self.header_html.value = header_html(s.code, v, s.presence_text(), lang)
        self.opp_html.value = opponent_html(v, lang)
        self.board_html.value = board_svg(
            v.scores, v.back, (me, them or "…"), v.dealer, v.last_score, lang=lang
        )
        self.table_html.value = local_html(_table_html(v, lang), lang) if v.hand_number else ""
        self.table_html.layout.display = (
            "none" if v.phase in ("hand_over", "over") and v.shows else None
        )
        self.show_html.value = local_html(
            "".join(show_html(x, v.names, lang) for x in v.shows) if v.shows else "", lang
        )
        self.hand.update(v)
        self._render_buttons(v)
        self.captions_html.value = local_html(
            '<div aria-live="polite">'
            + "".join(f'<div class="crib-caption">{html.escape(t)}</div>' for t in v.captions[-4:])
            + "</div>",
            lang,
        )
        self._render_rail(v)
        self.commit_html.value = commit_html(v, _(COMMIT_SOURCE), lang) if v.commit else ""
        self._step += 1
        self.prompt_html.value = (
            f'<span class="crib-phase crib-duel-phase" data-phase="{v.phase}" '
            f'data-step="{self._step}" '
            f'data-move="{s._last}" data-mine="{s._n()}" data-hand="{v.hand_number}" '
            f'data-seat="{s.seat}">{html.escape(local_html(v.prompt, lang))}</span>'
        )
        self._render_end(s, v)  # after the move is on the page: the review takes seconds

    def _render_buttons(self, v: GameView) -> None:
        p, _ = v.phase, tr(self.lang)
        throw = _("Throw 2 to your crib") if v.dealer == 0 else _("Throw 2 to their crib")
        label = {"discard": throw, "hand_over": _("Continue")}.get(p)
        self.action_button.description = label or _("Continue")
        self.action_button.layout.display = None if label else "none"
        self.count_box.layout.display = None if p == "count" else "none"
        playing = p not in ("over", "abandoned")
        self.abandon_button.layout.display = None if playing else "none"
        # after the game: back to the way in (a class's next table is found there)
        self.leave_button.description = _("Leave the table") if playing else _("Back to the tables")

    def _render_rail(self, v: GameView) -> None:
        _ = tr(self.lang)
        hand = (
            _("Hand {n}").format(n=v.hand_number) if v.hand_number else _("Before the first deal")
        )
        self.rail_html.value = (
            f'{score_rows_html(v, self.lang)}<div class="crib-muted">{hand}</div>'
        )

    def _render_end(self, s: DuelSeat, v: GameView) -> None:
        if v.phase not in ("over", "abandoned"):
            self.review_html.value = self.log_html.value = ""
            self.review_thread = None
            self.stepper.hide()
            return
        if not self.log_html.value:
            if v.phase == "over":  # a class table's result, before its secret is asked about
                self._hook(self.on_over, s.code)
            self._log_held = bool(s.held())
            if self._log_held:  # a round's table: nothing of its deals until the round is done
                self.review_html.value = ""
                self.stepper.hide()
                self.log_html.value = held_html(self.lang)
                return
            self.log_html.value = log_link_html(s.code, s.log(), s.secret(), self.lang)
        if self._log_held:
            return
        if v.phase == "over" and self.review_thread is None:
            self.review_html.value = (
                '<div class="crib-review-wait" role="status">'
                + tr(self.lang)(N_("The coach is grading your decisions…"))
                + "</div>"
            )
            game = s.game
            self.review_thread = in_background(
                s.review_work(), lambda done: self._show_end(game, v, done), process=True
            )

    def _show_end(
        self, game: object, v: GameView, done: tuple[str, SeatReview | None] | Exception
    ) -> None:
        """The fair-deal check and the review of ``game`` once the thread has made them (seconds
        of CPU at the lowest priority: a class's other tables come first), if still shown."""
        if self.seat is None or self.seat.game is not game:
            return
        _ = tr(self.lang)
        if isinstance(done, Exception):
            error = html.escape(_("The review could not be made: {error}").format(error=done))
            self.review_html.value = f'<div class="crib-error">{error}</div>'
            return
        fair, rev = done
        self.seat.keep_end_check(fair, rev.grades if rev is not None else [])
        self.commit_html.value = commit_html(replace(v, fairness=fair), _(COMMIT_SOURCE), self.lang)
        self.review_html.value = review_html(
            sorted(rev.grades, key=lambda g: (-g.lost, g.number)) if rev is not None else [],
            title=_("Game review: your costliest decisions first"),
            lang=self.lang,
        )
        if rev is not None:  # the graph, the stepper and the key moments (issue #39)
            self.stepper.show_review(rev)
            self.mistakes.keep(self.seat.code, self.seat.game.events, rev)  # type: ignore[union-attr]

    @staticmethod
    def _hook(fn: Callable[[str], object] | None, code: str) -> object:
        """A class hook's answer (None without one, or if it failed: the game goes on)."""
        with contextlib.suppress(Exception):
            return fn(code) if fn is not None else None
        return None
