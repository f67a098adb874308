"""A game between two people at two pages ("play a classmate"), with no widgets.

Two kernels share one game through a store (:class:`DuelStorage`; the SQLite one is
:class:`crib.store.duels.DuelStore`).  The session layer may not import the
classroom store (``crib/store`` sits above it), so this module states the small
storage protocol it needs and the teach layer implements it: the game logic stays
here, next to the controller of the game against the computer, and is tested
headless with any storage.

* **The record.** A table (``duels``) has a short code, the two names, the seed of
  the cut for deal, and the two halves of the FairDeal secret (the host's kernel draws
  one, the guest's the other, :func:`crib.rules.fairness.begin_match`): the
  commitment is fixed when the guest sits down, before the first deal, and the
  secret is revealed on the page at the end.  Every decision (a discard, a card, a go,
  a count) is one appended row (``duel_moves``), written in one ``BEGIN IMMEDIATE``
  transaction that first checks it against the engine; a page draws a move only once
  its row is committed.
* **Idempotent moves.** A move's id is ``code:seat:n`` (the seat's n-th decision): a
  retry (a double click, a kernel that died after the commit) stores nothing twice,
  and a second, different move for the same decision is refused.
* **One engine per kernel.** :class:`DuelSeat` rebuilds the engine from the secret
  and the rows (after a reload or a ``kill -9``, the game resumes at the same
  decision) and applies new rows as the poll finds them.  The two discards of a deal
  may come in either order; the engine takes them pone first.
* **No peeking.** The engine runs in the kernel, as against the computer, but the
  page's view is built only from :func:`seat_events` (the log with the opponent's
  unseen cards blanked) and the seat's own :class:`~crib.rules.observation.Observation`
  (:meth:`DuelSeat.view`).  Nothing else reaches the widgets.
* **Presence comes from the page.** Every :data:`HEARTBEAT_SECONDS` the kernel writes
  when its page was last heard from (``heard``: :mod:`crib.ui.play.seat_link`'s pulse),
  so a page gone quiet for :data:`GONE_AFTER_SECONDS` is away whatever its kernel does.
  Either player may abandon the game; the record says so.
* **One page per seat.** A second page (another browser tab) is told the seat is open
  elsewhere and takes it over only when asked, with the seat's secret; the first then
  moves and beats no more (:attr:`DuelSeat.displaced`).  A reloaded tab takes it back.
* **A round's secret.** A round's tables share their deals: a table's log, review and
  secret stay closed while another table of the round is in play (:meth:`DuelSeat.held`).

>>> from crib.session.duel_record import MemoryDuelStorage
>>> st = MemoryDuelStorage()
>>> ann = DuelSeat.create(st, "Ann", seed=7, master_seed=1, code="KQ7P")
>>> ann.phase
'waiting'
>>> bob = DuelSeat.join(st, "kq7p", "Bob", client_seed=2)
>>> bob.seat, bob.poll() or ann.poll(), ann.phase
(1, True, 'discard')
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

from crib.errors import CribError
from crib.i18n import N_, tr
from crib.rules import events as ev
from crib.rules.cards import Card, parse_card
from crib.rules.fairness import begin_match
from crib.session.duel_end import SeatReveal
from crib.session.duel_engine import SeatEngine, _action_json
from crib.session.duel_record import (
    GONE_AFTER_SECONDS,  # noqa: F401 - the module docstring and the tests name it here
    HEARTBEAT_SECONDS,
    DuelRecord,
    DuelSpec,
    DuelStorage,
    Heartbeat,
    MoveRequest,
    MoveRow,
    SeatMovedError,
    clean_table_code,
    new_table_code,
    presence,
    seat_events,
)
from crib.session.duel_view import (
    SeatFold,
    SeatState,
    SeatView,
    build_view,
    presence_words,
)
from crib.session.model import GameView, toggle_pick

# the record's names (codes, rows, the storage protocol) are crib.session.duel_record's
__all__ = ["DuelSeat"]


class DuelSeat(SeatReveal, SeatEngine):
    """One seat of a shared game: the engine rebuilt from the store, this seat's moves,
    and the view of this seat alone (see the module docstring).

    Make one with :meth:`create` (a new table, seat 0), :meth:`join` (seat 1, by code)
    or :meth:`resume` (by code and token), each with the page's ``tab``, ``heard`` (when
    it was last heard from; default now) and ``take_over`` (from another page).
    """

    lang = "en"  # the language of its prompts, captions and errors (the page sets it)

    def __init__(
        self,
        storage: DuelStorage,
        code: str,
        seat: int,
        token: str,
        *,
        tab: str = "",
        heard: Callable[[], float] | None = None,
        take_over: bool = False,
    ) -> None:
        self.holder = f"{tab or 'page'}:{secrets.token_hex(6)}"
        if storage.open_seat(code, token, self.holder, take_over=take_over) != seat:
            raise CribError("this link is not that seat")
        self._heard = heard
        self.displaced = False  # another page took this seat over
        super().__init__(storage, code, seat, token)
        self.acked_hand = -1  # the last hand whose show this page has closed (Continue)
        self.message = ""
        self.selected: list[int] = []
        self.count_entry = ""
        self._folded: SeatView | None = None  # the page's view, reset with the engine
        self._start_game()
        self._read_moves()
        if self.game is not None:  # a resumed page shows the deal in progress
            self.acked_hand = (
                sum(isinstance(e, ev.Shown) and e.what == "crib" for e in self.game.events) - 1
            )
        self._beat = time.time()  # open_seat was the first beat (a reload clears Leave)
        self._presence_shown = self.opponent_presence()

    # -- making a seat -------------------------------------------------------------

    @classmethod
    def create(
        cls,
        storage: DuelStorage,
        name: str,
        *,
        seed: int | None = None,
        master_seed: int | None = None,
        code: str | None = None,
        manual: tuple[bool, bool] = (False, False),
        muggins: bool = False,
        scores: tuple[int, int] = (0, 0),
        **page: Any,
    ) -> DuelSeat:
        """A new table with ``name`` in seat 0; its code is :attr:`code`."""
        token = secrets.token_hex(8)
        seed = 1 + secrets.randbelow(99_999) if seed is None else int(seed)
        master = secrets.randbits(63) if master_seed is None else int(master_seed)
        for _ in range(20):
            c = clean_table_code(code) if code else new_table_code()
            try:
                storage.create_duel(DuelSpec(c, name, seed, master, token, manual, muggins, scores))
                break
            except CribError as err:
                if code or "taken" not in str(err):
                    raise
        else:  # pragma: no cover - 20 codes in a row taken
            raise CribError("no free table code: try again")
        return cls(storage, c, 0, token, **page)

    @classmethod
    def join(
        cls,
        storage: DuelStorage,
        code: str,
        name: str,
        *,
        client_seed: int | None = None,
        **page: Any,
    ) -> DuelSeat:
        """Sit down at a waiting table (seat 1): the deal's commitment is fixed now."""
        c = clean_table_code(code)
        rec = storage.duel(c)
        client = secrets.randbits(63) if client_seed is None else int(client_seed)
        commit = begin_match(rec.master_seed, client).commit
        token = secrets.token_hex(8)
        storage.join_duel(c, name, client_seed=client, commit=commit, token=token)
        return cls(storage, c, 1, token, **page)

    @classmethod
    def resume(cls, storage: DuelStorage, code: str, token: str, **page: Any) -> DuelSeat:
        """The same seat again (a reloaded page, a new kernel): the game from the store."""
        c = clean_table_code(code)
        return cls(storage, c, storage.seat_of(c, token), token, **page)

    # -- the table ------------------------------------------------------------------

    def poll(self) -> bool:
        """Read the store (a cheap query unless something changed); True if anything did.
        Also writes when the page was last heard from (every :data:`HEARTBEAT_SECONDS`), says
        go when no card fits, and notes a seat another page took over (:attr:`displaced`)."""
        if self.displaced:
            return False
        now = time.time()
        if now - self._beat >= HEARTBEAT_SECONDS:
            self._beat, heard = now, now if self._heard is None else min(now, self._heard())
            self.displaced = not self.storage.heartbeat(
                Heartbeat(self.code, self.seat, holder=self.holder, at=heard)
            )
            if self.displaced:
                return True
        rec = self.storage.duel(self.code)
        changed = (rec.status, rec.names, rec.winner) != (
            self.record.status,
            self.record.names,
            self.record.winner,
        )
        self.record = rec
        self._start_game()
        if rec.last_move != self._last:
            changed = self._read_moves() or changed
        here = self.opponent_presence()
        if here != self._presence_shown:
            self._presence_shown, changed = here, True
        if self._auto_go():
            changed = True
        return changed

    def opponent_presence(self, rec: DuelRecord | None = None, now: float | None = None) -> str:
        """The other seat's :func:`~crib.session.duel_record.presence`."""
        return presence(rec or self.record, 1 - self.seat, time.time() if now is None else now)

    @property
    def phase(self) -> str:
        """What this page shows: 'waiting' (for the classmate), 'discard', 'play', 'count',
        'wait' (the opponent's move), 'hand_over' (the show, until Continue), 'over',
        'abandoned'."""
        if self.record.status == "abandoned":
            return "abandoned"
        if self.game is None:
            return "waiting"
        if self._show_open():
            return "hand_over"
        if self.game.over:
            return "over"
        if self._discard_due():
            return "discard"
        d = self.decision()
        if d is not None and d.kind in ("play", "count"):
            return d.kind
        return "wait"

    def _show_open(self) -> bool:
        """The crib of a hand this page has not closed yet has been shown."""
        assert self.game is not None
        crib = [e for e in self.game.events if isinstance(e, ev.Shown) and e.what == "crib"]
        return len(crib) - 1 > self.acked_hand and not self.game.over

    def _visible_upto(self) -> int:
        """How many of the engine's events this page shows: up to the next deal while
        the last hand's show is open."""
        assert self.game is not None
        evs = self.game.events
        if not self._show_open():
            return len(evs)
        deals = [k for k, e in enumerate(evs) if isinstance(e, ev.Dealt)]
        return deals[self.acked_hand + 2] if len(deals) > self.acked_hand + 2 else len(evs)

    # -- moves -----------------------------------------------------------------------

    def _move(self, kind: str, action: Any) -> MoveRow:
        if self.game is None:
            raise CribError(tr(self.lang)(N_("wait for your classmate to sit down")))
        a = _action_json(kind, action)
        n = self._n()
        move_id = f"{self.code}:{self.seat}:{n}"
        applied: list[MoveRow] = []
        try:
            row = self.storage.append_move(
                MoveRequest(
                    self.code,
                    self.seat,
                    n,
                    kind,
                    a,
                    move_id,
                    self._last,
                    self._check(kind, a, n, move_id, applied),
                    holder=self.holder,
                )
            )
        except BaseException as e:
            self.displaced = self.displaced or isinstance(e, SeatMovedError)
            if applied:  # the engine took the move, the store did not: back to the store's state
                self._rebuild()
            raise
        if applied:  # the engine has it already: note the row as read
            self._rows.append(row)
            self._last = row.id
        self.record = self.storage.duel(self.code)
        self._read_moves()  # any other row, now committed (or ours, for a retried move id)
        self.selected = []
        self.message = ""
        self._auto_go()  # no card fits now: go at once, never a turn shown that can't be taken
        return row

    def discard(self, cards: Sequence[Card | str]) -> MoveRow:
        """Throw two cards to the crib (stored before the page shows it)."""
        cs = [parse_card(c) if isinstance(c, str) else c for c in cards]
        if len(cs) != 2:
            raise CribError(tr(self.lang)(N_("pick two cards to throw, then Throw")))
        return self._move("discard", cs)

    def play(self, card: Card | str) -> MoveRow:
        """Play a card."""
        return self._move("play", parse_card(card) if isinstance(card, str) else card)

    def go(self) -> MoveRow:
        """Say go (only when no card fits)."""
        return self._move("go", None)

    def claim(self, n: int | str) -> MoveRow:
        """Manual counting: your count of the hand or crib being shown."""
        raw = str(n).strip()
        if not raw.isdigit() or int(raw) > 29:
            raise CribError(tr(self.lang)(N_("type your count as a number from 0 to 29")))
        return self._move("count", int(raw))

    def _auto_go(self) -> bool:
        d = self.decision()
        if d is not None and d.kind == "play" and not d.observation.legal and not self._show_open():
            self.go()
            return True
        return False

    def next(self) -> None:
        """Continue: close the show of the last hand."""
        if self.phase != "hand_over":
            raise CribError(tr(self.lang)(N_("nothing to continue now")))
        self.acked_hand += 1
        self._auto_go()

    def toggle(self, i: int) -> None:
        """Select or unselect card ``i`` of your hand (the discard)."""
        v = self._fold()
        if self.phase != "discard":
            raise CribError(tr(self.lang)(N_("you pick two cards only when throwing to the crib")))
        toggle_pick(self.selected, i, len(v.six), self.lang)

    def throw_selected(self) -> MoveRow:
        v = self._fold()
        if len(self.selected) != 2:
            raise CribError(tr(self.lang)(N_("pick two cards to throw, then Throw")))
        return self.discard([v.six[i] for i in self.selected])

    def play_index(self, i: int) -> MoveRow:
        """Play your card ``i`` (as shown)."""
        v = self._fold()
        if self.phase != "play":
            raise CribError(
                tr(self.lang)(N_("wait for {name} to play")).format(
                    name=self.record.names[1 - self.seat]
                )
            )
        if not 0 <= i < len(v.my_cards):
            raise CribError(tr(self.lang)(N_("there is no card {i}")).format(i=i + 1))
        return self.play(v.my_cards[i])

    def leave(self) -> None:
        """Leave the table (the other page says so at once)."""
        self.storage.heartbeat(Heartbeat(self.code, self.seat, leave=True, holder=self.holder))

    def abandon(self) -> None:
        """Abandon the game: the record says who did, and when."""
        name = self.record.names[self.seat]
        self.record = self.storage.abandon(self.code, self.seat, f"{name} abandoned the game")

    # -- what this seat sees -----------------------------------------------------------

    def my_events(self) -> list[ev.Event]:
        """The log so far as this seat may see it (the view is built from this alone)."""
        if self.game is None:
            return []
        return seat_events(self.game.events[: self._visible_upto()], self.seat)

    def _fold(self) -> SeatFold:
        """This seat's table, folded incrementally from the events its page shows (they
        only grow; a new engine starts a new :class:`~crib.session.duel_view.SeatView`)."""
        r = self.record
        if self.game is None:
            return SeatFold(
                self.seat,
                (r.names[self.seat] or "", tr(self.lang)(N_("your classmate"))),
                scores=r.scores,
                lang=self.lang,
            )
        if self._folded is None:
            names = (r.names[self.seat] or "", r.names[1 - self.seat] or "")
            self._folded = SeatView(self.seat, names, scores=r.scores, lang=self.lang)
        return self._folded.take(self.game.events[: self._visible_upto()])

    def speak(self, lang: str) -> None:
        """Prompts, captions and errors in ``lang`` from now on (the table folded again)."""
        self.lang, self._folded = lang, None

    def state(self) -> SeatState:
        """What the page shows besides the events: the phase, the names, the picks."""
        r, g = self.record, self.game
        pending = g.pending() if g is not None and not g.over else None
        # your throw is stored and waits for theirs, or the engine waits for their throw
        thrown = (g is not None and self._my_waiting_discard()) or (
            pending is not None and pending.kind == "discard" and pending.player != self.seat
        )
        return SeatState(
            seat=self.seat,
            code=self.code,
            phase=self.phase,
            names=r.names,
            lang=self.lang,
            selected=tuple(self.selected),
            count_entry=self.count_entry,
            manual=r.manual[self.seat],
            muggins=r.muggins,
            commit=r.commit,
            reason=r.reason or "",
            # the check replays the whole log (a third of a second of CPU): the page asks
            # for it off its event loop (crib.ui.play.duel), and the view shows it once made
            fairness=self.fairness_text if g is not None and g.over else "",
            thrown=thrown,
        )

    def view(self) -> GameView:
        """What this page shows, from this seat's events, its own decision (observation)
        and :meth:`state` only (:meth:`crib.session.duel_view.SeatView.build`)."""
        f = self._fold()
        return build_view(f, self.state(), self.decision())

    def presence_text(self) -> str:
        """'Ann left the table…', or '' while both are here."""
        r = self.record
        over = self.game is not None and self.game.over
        return presence_words(
            self.opponent_presence(), r.names[1 - self.seat], r.status, over, self.lang
        )
