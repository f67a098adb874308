"""The record of a game between two people (:mod:`crib.session.duel`): table codes, the
stored table and moves, the storage protocol the game needs, what one seat may see of
the log, and an in-memory storage for tests and doctests.

The session layer may not import the classroom store (``crib/store`` sits above it), so
:class:`DuelStorage` states what a shared game needs and the teach layer implements it
on SQLite (:class:`crib.store.duels.DuelStore`).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from crib.errors import CribError, IllegalPlayError
from crib.rules import events as ev
from crib.rules.cards import Card

__all__ = [
    "CODE_ALPHABET",
    "CODE_LEN",
    "HEARTBEAT_SECONDS",
    "GONE_AFTER_SECONDS",
    "DuelRecord",
    "DuelSpec",
    "MoveRequest",
    "Heartbeat",
    "MoveRow",
    "MoveCheck",
    "SeatBusyError",
    "SeatMovedError",
    "DuelStorage",
    "MemoryDuelStorage",
    "seat_events",
    "presence",
    "seat_busy",
    "hidden_cards",
    "new_table_code",
    "clean_table_code",
]

# no 0/O, 1/I/L: a code is read aloud across a classroom
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LEN = 4
HEARTBEAT_SECONDS = 2.0
GONE_AFTER_SECONDS = 10.0


class SeatBusyError(CribError):
    """The seat is open on another page right now (a page may take it over only with
    the seat's secret, and only when asked to)."""


class SeatMovedError(CribError):
    """This page no longer holds its seat: another page took it over (or the teacher
    handed it to another device)."""


def holder_tab(holder: str) -> str:
    """The browser tab part of a page's holder id (``tab:nonce``): a reload of the same
    tab keeps its tab and gets a new nonce.

    >>> holder_tab("t1:ab12"), holder_tab("")
    ('t1', '')
    """
    return holder.split(":", 1)[0]


def seat_busy(holder: str, seen: float, left: bool, tab: str, now: float) -> bool:
    """Whether a seat held by ``holder`` (last heard of at ``seen``) is open on another
    page than one from browser tab ``tab``: a live holder of another tab.  A page not
    heard of for :data:`GONE_AFTER_SECONDS`, or that pressed Leave, holds nothing.

    >>> seat_busy("t1:a", 100.0, False, "t2", 105.0), seat_busy("t1:a", 100.0, False, "t1", 105.0)
    (True, False)
    >>> seat_busy("t1:a", 100.0, False, "t2", 111.0), seat_busy("", 100.0, False, "t2", 105.0)
    (False, False)
    """
    if not holder or left or now - seen > GONE_AFTER_SECONDS:
        return False
    return not tab or holder_tab(holder) != tab


def presence(r: DuelRecord, seat: int, now: float) -> str:
    """Whether ``seat`` of table ``r`` is 'here', has 'left' (pressed Leave, or its page
    not heard from for :data:`GONE_AFTER_SECONDS`), is 'waiting' (no one sat there yet)
    or 'not yet' (seated by the teacher, and their page has not opened the table)."""
    if r.names[seat] is None:
        return "waiting"
    if not r.seen[seat] and not r.left[seat]:
        return "not yet"
    if r.left[seat] or (r.seen[seat] and now - r.seen[seat] > GONE_AFTER_SECONDS):
        return "left"
    return "here"


ROUND_HELD = (
    "every table of this round plays the same cards: the log, the review and the secret open "
    "once every table of the round is done"
)
BUSY_MESSAGE = "this seat is open on another page right now: go on there, or take it over here"
MOVED_MESSAGE = "this seat is now open on another page: take it over here to play on this page"
TAKEN_MESSAGE = "that decision was already taken with another move"


def new_table_code() -> str:
    """A fresh 4-character table code from :data:`CODE_ALPHABET`.

    >>> c = new_table_code(); len(c), set(c) <= set(CODE_ALPHABET)
    (4, True)
    """
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LEN))


def clean_table_code(code: object) -> str:
    """A table code upper-cased, spaces and dashes removed; a bad one raises.

    >>> clean_table_code(" kq-7p ")
    'KQ7P'
    >>> clean_table_code("K0")
    Traceback (most recent call last):
    ...
    crib.errors.CribError: a table code is 4 letters and digits (no 0, O, 1, I or L), not 'K0'
    """
    if not isinstance(code, str):
        raise CribError("type the table code your classmate gave you")
    c = "".join(code.split()).replace("-", "").upper()
    if len(c) != CODE_LEN or any(ch not in CODE_ALPHABET for ch in c):
        raise CribError(
            f"a table code is {CODE_LEN} letters and digits (no 0, O, 1, I or L), not {c[:12]!r}"
        )
    return c


# --- the record ---------------------------------------------------------------------


@dataclass(frozen=True)
class DuelRecord:
    """One table as stored: who sits where, the deal's commitment, how it ended."""

    code: str
    seed: int  # the cut for deal (the decks come from the secret)
    names: tuple[str, str | None]  # host (seat 0), guest (seat 1; None while waiting)
    master_seed: int  # the host kernel's half of the secret
    client_seed: int | None  # the guest kernel's half (None while waiting)
    commit: str  # "" while waiting
    status: str  # "waiting", "playing", "over", "abandoned"
    reason: str = ""  # why it ended early ("Ann abandoned the game")
    manual: tuple[bool, bool] = (False, False)
    muggins: bool = False
    scores: tuple[int, int] = (0, 0)  # the starting scores
    seen: tuple[float, float] = (0.0, 0.0)  # last heartbeat per seat
    left: tuple[bool, bool] = (False, False)  # pressed Leave
    winner: int | None = None
    last_move: int = 0  # the id of the last move row (0: none): the cheap poll


@dataclass(frozen=True)
class MoveRow:
    """One decision as stored."""

    id: int  # increasing within the store
    seat: int
    n: int  # the seat's n-th decision (0-based)
    kind: str  # "discard", "play", "go" or "count"
    action: Any  # "5H 6D", "5H", None (go) or a count
    move_id: str
    events: str = "[]"  # the engine's events this move let it emit (JSON)
    created: float = 0.0  # when it was committed (time.time())


@dataclass(frozen=True)
class DuelSpec:
    """A new table as its host asks for it (:meth:`DuelStorage.create_duel`)."""

    code: str
    name: str  # the host's (seat 0)
    seed: int  # the cut for deal
    master_seed: int  # the host kernel's half of the secret
    token: str  # the host seat's secret
    manual: tuple[bool, bool] = (False, False)
    muggins: bool = False
    scores: tuple[int, int] = (0, 0)  # the starting scores


@dataclass(frozen=True)
class MoveRequest:
    """One decision a seat asks the store to append (:meth:`DuelStorage.append_move`)."""

    code: str
    seat: int
    n: int  # the seat's n-th decision (0-based)
    kind: str  # "discard", "play", "go" or "count"
    action: Any  # as stored in :attr:`MoveRow.action`
    move_id: str  # ``code:seat:n``: a retry stores nothing twice
    after: int  # the id of the last row the caller has read
    check: Callable[[list[MoveRow]], MoveCheck]  # the engine's, on the rows since ``after``
    holder: str = ""  # only while this page holds the seat ("": any page)

    def row(self, id: int, events: str, created: float) -> MoveRow:
        """The row this move is stored as."""
        return MoveRow(id, self.seat, self.n, self.kind, self.action, self.move_id, events, created)


@dataclass(frozen=True)
class Heartbeat:
    """A seat's page was heard from (:meth:`DuelStorage.heartbeat`)."""

    code: str
    seat: int
    leave: bool = False  # the page pressed Leave
    holder: str = ""  # only while this page holds the seat ("": any page)
    at: float | None = None  # when it was heard from (None: now)

    def seen(self) -> float:
        """When the page was heard from: :attr:`at`, or now."""
        return time.time() if self.at is None else float(self.at)


@dataclass(frozen=True)
class MoveCheck:
    """What the engine says of a move about to be stored."""

    events: str  # JSON of the events it emits
    winner: int | None  # the game ended with it
    log: str = ""  # the whole log, when it ended


class DuelStorage(Protocol):
    """What a shared game needs of a store (see :class:`crib.store.duels.DuelStore`).

    Every write is one transaction; :meth:`append_move` runs ``check`` inside it, on
    the rows stored since ``after``, so two kernels can never store conflicting moves.
    """

    def create_duel(self, spec: DuelSpec) -> DuelRecord: ...

    def join_duel(
        self, code: str, name: str, *, client_seed: int, commit: str, token: str
    ) -> DuelRecord: ...

    def duel(self, code: str) -> DuelRecord: ...

    def seat_of(self, code: str, token: str) -> int: ...

    def moves(self, code: str, after: int = 0) -> list[MoveRow]: ...

    def last_move(self, code: str) -> int: ...

    def append_move(self, move: MoveRequest) -> MoveRow: ...

    def open_seat(self, code: str, token: str, holder: str, *, take_over: bool = False) -> int: ...

    def heartbeat(self, beat: Heartbeat) -> bool: ...

    def abandon(self, code: str, seat: int, reason: str) -> DuelRecord: ...

    def round_pending(self, code: str) -> int: ...


# --- what one seat may see ----------------------------------------------------------


def seat_events(events: Sequence[ev.Event], seat: int) -> list[ev.Event]:
    """The log as ``seat`` may see it: the opponent's deal and throw blanked.

    Everything else in the log is public when it happens (a card played, the starter,
    a hand or the crib shown, the scores).

    >>> from crib.rules.game import Game
    >>> from crib.rules.players import HumanPlayer
    >>> g = Game(3, (HumanPlayer("a"), HumanPlayer("b")), first_dealer=0)
    >>> _ = g.advance()
    >>> [e.hands for e in seat_events(g.events, 0) if isinstance(e, ev.Dealt)][0][1]
    ()
    """
    out: list[ev.Event] = []
    for e in events:
        if isinstance(e, ev.Dealt):
            hands = tuple(h if p == seat else () for p, h in enumerate(e.hands))
            e = replace(e, hands=hands)
        elif isinstance(e, ev.Discarded) and e.player != seat:
            e = replace(e, cards=())
        out.append(e)
    return out


def hidden_cards(events: Sequence[ev.Event], seat: int) -> set[Card]:
    """The opponent's cards ``seat`` may not have seen after ``events``: the opponent's
    hand not yet played or shown, and the crib until it is shown (for the no-peek tests)."""
    hidden: set[Card] = set()
    for e in events:
        if isinstance(e, ev.Dealt):
            hidden = set(e.hands[1 - seat])
        elif isinstance(e, ev.Played):
            hidden.discard(e.card)
        elif isinstance(e, ev.Shown):
            hidden -= set(e.cards)
    return hidden


# --- an in-memory storage (tests, doctests) -------------------------------------------


class MemoryDuelStorage:
    """A :class:`DuelStorage` in one process's memory (the doctest's; the SQLite one is
    :class:`crib.store.duels.DuelStore`)."""

    def __init__(self) -> None:
        self.duels: dict[str, dict[str, Any]] = {}
        self.rows: dict[str, list[MoveRow]] = {}
        self._id = 0

    def create_duel(self, spec: DuelSpec) -> DuelRecord:
        code = spec.code
        if code in self.duels:
            raise CribError(f"table {code} is taken")
        self.duels[code] = dict(
            code=code,
            seed=spec.seed,
            names=(spec.name, None),
            master_seed=spec.master_seed,
            client_seed=None,
            commit="",
            status="waiting",
            manual=tuple(spec.manual),
            muggins=spec.muggins,
            scores=tuple(spec.scores),
            seen=(time.time(), 0.0),
            left=(False, False),
            _tokens=[spec.token, ""],
            _holders=["", ""],
        )
        self.rows[code] = []
        return self.duel(code)

    def duel(self, code: str) -> DuelRecord:
        d = {k: v for k, v in self.duels.get(code, {}).items() if not k.startswith("_")}
        if not d:
            raise CribError(f"no table {code!r}: check the code")
        return DuelRecord(**{**d, "last_move": self.last_move(code)})

    def join_duel(
        self, code: str, name: str, *, client_seed: int, commit: str, token: str
    ) -> DuelRecord:
        d = self.duels[code]
        if d["names"][1] is not None:
            raise CribError(f"table {code} is full")
        d.update(
            names=(d["names"][0], name),
            client_seed=client_seed,
            commit=commit,
            status="playing",
            seen=(d["seen"][0], time.time()),
        )
        d["_tokens"][1] = token
        return self.duel(code)

    def seat_of(self, code: str, token: str) -> int:
        d = self.duels.get(code)
        if d is None or token not in d["_tokens"] or not token:
            raise CribError("this link is not a seat at that table")
        return int(d["_tokens"].index(token))

    def moves(self, code: str, after: int = 0) -> list[MoveRow]:
        return [r for r in self.rows.get(code, []) if r.id > after]

    def last_move(self, code: str) -> int:
        rows = self.rows.get(code, [])
        return rows[-1].id if rows else 0

    def append_move(self, move: MoveRequest) -> MoveRow:
        rows = self.rows[move.code]
        for r in rows:
            if r.move_id == move.move_id:
                if (r.kind, r.action) != (move.kind, move.action):
                    raise IllegalPlayError(TAKEN_MESSAGE)
                return r
        d = self.duels[move.code]
        if move.holder and d["_holders"][move.seat] != move.holder:
            raise SeatMovedError(MOVED_MESSAGE)
        c = move.check(self.moves(move.code, move.after))
        self._id += 1
        row = move.row(self._id, c.events, time.time())
        rows.append(row)
        if c.winner is not None:
            d.update(status="over", winner=c.winner)
        return row

    def open_seat(self, code: str, token: str, holder: str, *, take_over: bool = False) -> int:
        seat = self.seat_of(code, token)
        d = self.duels[code]
        now = time.time()
        if not take_over and seat_busy(
            d["_holders"][seat], d["seen"][seat], d["left"][seat], holder_tab(holder), now
        ):
            raise SeatBusyError(BUSY_MESSAGE)
        d["_holders"][seat] = holder
        self.heartbeat(Heartbeat(code, seat, holder=holder, at=now))
        return seat

    def heartbeat(self, beat: Heartbeat) -> bool:
        d = self.duels[beat.code]
        if beat.holder and d["_holders"][beat.seat] != beat.holder:
            return False
        seen, left = list(d["seen"]), list(d["left"])
        seen[beat.seat], left[beat.seat] = beat.seen(), beat.leave
        d.update(seen=tuple(seen), left=tuple(left))
        return True

    def round_pending(self, code: str) -> int:
        """Other tables dealt the same cards that are still in play (none here: the
        memory storage has no tournaments)."""
        return 0

    def abandon(self, code: str, seat: int, reason: str) -> DuelRecord:
        d = self.duels[code]
        if d["status"] in ("waiting", "playing"):
            d.update(status="abandoned", reason=reason)
        return self.duel(code)
