"""The record of a game between two people (:mod:`crib.session.duel`): table codes, the
stored table and moves, the storage protocol the game needs, what one seat may see of
the log, and an in-memory storage for tests and doctests.

The session layer may not import the classroom store (``crib/teach`` sits above it), so
:class:`DuelStorage` states what a shared game needs and the teach layer implements it
on SQLite (:class:`crib.teach.duel_store.DuelStore`).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from crib.errors import CribError, IllegalPlayError
from crib.rules import events as ev
from crib.rules.cards import Card, parse_card, parse_cards

__all__ = [
    "CODE_ALPHABET",
    "CODE_LEN",
    "HEARTBEAT_SECONDS",
    "GONE_AFTER_SECONDS",
    "DuelRecord",
    "MoveRow",
    "MoveCheck",
    "DuelStorage",
    "MemoryDuelStorage",
    "seat_events",
    "hidden_cards",
    "new_table_code",
    "clean_table_code",
]

# no 0/O, 1/I/L: a code is read aloud across a classroom
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LEN = 4
HEARTBEAT_SECONDS = 2.0
GONE_AFTER_SECONDS = 10.0


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
class MoveCheck:
    """What the engine says of a move about to be stored."""

    events: str  # JSON of the events it emits
    winner: int | None  # the game ended with it
    log: str = ""  # the whole log, when it ended


class DuelStorage(Protocol):
    """What a shared game needs of a store (see :class:`crib.teach.duel_store.DuelStore`).

    Every write is one transaction; :meth:`append_move` runs ``check`` inside it, on
    the rows stored since ``after``, so two kernels can never store conflicting moves.
    """

    def create_duel(
        self, code: str, name: str, *, seed: int, master_seed: int, token: str,
        manual: tuple[bool, bool], muggins: bool, scores: tuple[int, int],
    ) -> DuelRecord: ...

    def join_duel(self, code: str, name: str, *, client_seed: int, commit: str, token: str) -> DuelRecord: ...

    def duel(self, code: str) -> DuelRecord: ...

    def seat_of(self, code: str, token: str) -> int: ...

    def moves(self, code: str, after: int = 0) -> list[MoveRow]: ...

    def last_move(self, code: str) -> int: ...

    def append_move(
        self, code: str, seat: int, n: int, kind: str, action: Any, move_id: str,
        after: int, check: Callable[[list[MoveRow]], MoveCheck],
    ) -> MoveRow: ...

    def heartbeat(self, code: str, seat: int, *, leave: bool = False) -> None: ...

    def abandon(self, code: str, seat: int, reason: str) -> DuelRecord: ...


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
    ''
    """
    out: list[ev.Event] = []
    for e in events:
        if isinstance(e, ev.Dealt):
            hands = tuple(h if p == seat else "" for p, h in enumerate(e.hands))
            e = replace(e, hands=hands)
        elif isinstance(e, ev.Discarded) and e.player != seat:
            e = replace(e, cards="")
        out.append(e)
    return out


def hidden_cards(events: Sequence[ev.Event], seat: int) -> set[Card]:
    """The opponent's cards ``seat`` may not have seen after ``events``: the opponent's
    hand not yet played or shown, and the crib until it is shown (for the no-peek tests)."""
    hidden: set[Card] = set()
    for e in events:
        if isinstance(e, ev.Dealt):
            hidden = set(parse_cards(e.hands[1 - seat]))
        elif isinstance(e, ev.Played):
            hidden.discard(parse_card(e.card))
        elif isinstance(e, ev.Shown):
            hidden -= set(parse_cards(e.cards))
    return hidden



# --- an in-memory storage (tests, doctests) -------------------------------------------


class MemoryDuelStorage:
    """A :class:`DuelStorage` in one process's memory (the doctest's; the SQLite one is
    :class:`crib.teach.duel_store.DuelStore`)."""

    def __init__(self) -> None:
        self.duels: dict[str, dict[str, Any]] = {}
        self.rows: dict[str, list[MoveRow]] = {}
        self._id = 0

    def create_duel(self, code: str, name: str, *, seed: int, master_seed: int, token: str,
                    manual: tuple[bool, bool], muggins: bool, scores: tuple[int, int]) -> DuelRecord:
        if code in self.duels:
            raise CribError(f"table {code} is taken")
        self.duels[code] = dict(
            code=code, seed=seed, names=(name, None), master_seed=master_seed, client_seed=None,
            commit="", status="waiting", manual=tuple(manual), muggins=muggins, scores=tuple(scores),
            seen=(time.time(), 0.0), left=(False, False), _tokens=[token, ""],
        )
        self.rows[code] = []
        return self.duel(code)

    def duel(self, code: str) -> DuelRecord:
        d = {k: v for k, v in self.duels.get(code, {}).items() if not k.startswith("_")}
        if not d:
            raise CribError(f"no table {code!r}: check the code")
        return DuelRecord(**{**d, "last_move": self.last_move(code)})

    def join_duel(self, code: str, name: str, *, client_seed: int, commit: str, token: str) -> DuelRecord:
        d = self.duels[code]
        if d["names"][1] is not None:
            raise CribError(f"table {code} is full")
        d.update(names=(d["names"][0], name), client_seed=client_seed, commit=commit, status="playing",
                 seen=(d["seen"][0], time.time()))
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

    def append_move(self, code: str, seat: int, n: int, kind: str, action: Any, move_id: str,
                    after: int, check: Callable[[list[MoveRow]], MoveCheck]) -> MoveRow:
        for r in self.rows[code]:
            if r.move_id == move_id:
                if (r.kind, r.action) != (kind, action):
                    raise IllegalPlayError("that decision was already taken with another move")
                return r
        c = check(self.moves(code, after))
        self._id += 1
        row = MoveRow(self._id, seat, n, kind, action, move_id, c.events, time.time())
        self.rows[code].append(row)
        if c.winner is not None:
            self.duels[code].update(status="over", winner=c.winner)
        return row

    def heartbeat(self, code: str, seat: int, *, leave: bool = False) -> None:
        d = self.duels[code]
        seen, left = list(d["seen"]), list(d["left"])
        seen[seat], left[seat] = time.time(), leave
        d.update(seen=tuple(seen), left=tuple(left))

    def abandon(self, code: str, seat: int, reason: str) -> DuelRecord:
        d = self.duels[code]
        if d["status"] in ("waiting", "playing"):
            d.update(status="abandoned", reason=reason)
        return self.duel(code)


