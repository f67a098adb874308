"""A game between two people at two pages ("play a classmate"), with no widgets.

Two kernels share one game through a store (:class:`DuelStorage`; the SQLite one is
:class:`crib.teach.duel_store.DuelStore`).  The session layer may not import the
classroom store (``crib/teach`` sits above it), so this module states the small
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
* **Presence.** Each kernel writes a heartbeat every :data:`HEARTBEAT_SECONDS`; a seat
  not seen for :data:`GONE_AFTER_SECONDS` (or that pressed Leave) has left the table.
  Either player may abandon the game; the record says so.

>>> from crib.session.duel import MemoryDuelStorage
>>> st = MemoryDuelStorage()
>>> ann = DuelSeat.create(st, "Ann", seed=7, master_seed=1, code="KQ7P")
>>> ann.phase
'waiting'
>>> bob = DuelSeat.join(st, "kq7p", "Bob", client_seed=2)
>>> bob.seat, bob.poll() or ann.poll(), ann.phase
(1, True, 'discard')
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from crib.errors import CribError, IllegalPlayError
from crib.rules import events as ev
from crib.rules.cards import Card, cards_pretty, parse_card, parse_cards
from crib.rules.fairness import begin_match, verify_match
from crib.rules.game import Decision, Game
from crib.rules.players import HumanPlayer
from crib.rules.replay import replay
from crib.session.model import GameView, Grade, ShowItem, cut_for_deal, show_item
from crib.session.review import counts_from_log, grade_log

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
    "DuelSeat",
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


# --- one seat's game ------------------------------------------------------------------


def _action_json(kind: str, action: Any) -> Any:
    if kind == "discard":
        return " ".join(str(c) for c in action)
    if kind == "play":
        return str(action)
    if kind == "count":
        return int(action)
    return None


def _engine_action(row: MoveRow) -> Any:
    if row.kind == "discard":
        return parse_cards(row.action)
    if row.kind == "play":
        return parse_card(row.action)
    if row.kind == "count":
        return int(row.action)
    return None


@dataclass
class _Fold:
    """One seat's table, folded from its own events (see :meth:`DuelSeat.view`)."""

    seat: int
    names: tuple[str, str]  # (me, them)
    scores: tuple[int, int] = (0, 0)  # (me, them)
    back: list[int] = field(default_factory=lambda: [0, 0])
    hand_index: int = -1
    dealer: int | None = None  # 0 me, 1 them
    six: tuple[Card, ...] = ()
    my_cards: tuple[Card, ...] = ()
    my_throw: tuple[Card, ...] = ()
    opp_held: int = 0
    opp_shown: tuple[Card, ...] = ()
    crib_count: int = 0
    crib_shown: tuple[Card, ...] = ()
    starter: Card | None = None
    pile: list[tuple[int, Card]] = field(default_factory=list)
    previous: list[tuple[int, Card]] = field(default_factory=list)
    new_pile: bool = False
    shows: list[ShowItem] = field(default_factory=list)
    captions: list[str] = field(default_factory=list)
    history: list[tuple[int, int, int]] = field(default_factory=list)
    last_score: tuple[int, int, str] | None = None
    winner: int | None = None
    skunk: str = ""

    def me(self, p: int | None) -> int | None:
        return None if p is None else (0 if p == self.seat else 1)

    def _scores(self, s: Sequence[int], why: str) -> None:
        new = (s[self.seat], s[1 - self.seat])
        for i in (0, 1):
            if new[i] != self.scores[i]:
                self.back[i] = self.scores[i]
                self.last_score = (i, new[i] - self.scores[i], why)
        self.scores = new

    def caption(self, text: str) -> None:
        self.captions.append(text)
        del self.captions[:-6]

    def who(self, p: int | None, you: str = "you") -> str:
        return you if self.me(p) == 0 else self.names[1]

    def apply(self, e: ev.Event) -> None:
        them = self.names[1]
        if isinstance(e, ev.GameStarted):
            self.scores = (e.scores[self.seat], e.scores[1 - self.seat])
            self.back = list(self.scores)
            self.history = [(0, *self.scores)]
        elif isinstance(e, ev.Dealt):
            self.hand_index, self.dealer = e.hand, self.me(e.dealer)
            self.six = tuple(sorted(parse_cards(e.hands[self.seat]), key=lambda c: (c.rank, c.suit)))
            self.my_cards, self.my_throw, self.opp_held, self.opp_shown = self.six, (), 6, ()
            self.crib_count, self.crib_shown, self.starter = 0, (), None
            self.pile, self.previous, self.new_pile, self.shows = [], [], False, []
            self.captions.clear()
            self.caption(f"Hand {e.hand + 1}: {'you deal' if self.dealer == 0 else them + ' deals'}.")
        elif isinstance(e, ev.Discarded):
            self.crib_count += 2
            if e.player == self.seat:
                self.my_throw = parse_cards(e.cards)
                self.my_cards = tuple(c for c in self.six if c not in self.my_throw)
                self.caption(f"You throw {cards_pretty(self.my_throw)} to the crib.")
            else:
                self.opp_held = 4
                self.caption(f"{them} throws two cards to the crib.")
        elif isinstance(e, ev.Cut):
            self.starter = parse_card(e.starter)
            self.caption(f"The starter is {self.starter.pretty}.")
        elif isinstance(e, ev.Heels):
            self._scores(e.scores, "his heels")
            self.caption(f"His heels: {self.who(e.player)} +{e.points}.")
        elif isinstance(e, ev.Played):
            if self.new_pile:
                self.previous.extend(self.pile)
                self.pile, self.new_pile = [], False
            card = parse_card(e.card)
            p = self.me(e.player)
            assert p is not None
            self.pile.append((p, card))
            if p == 0:
                self.my_cards = tuple(c for c in self.my_cards if c != card)
            else:
                self.opp_held -= 1
            pts = f": {e.detail} (+{e.points})" if e.points else ""
            self.caption(f"{'You play' if p == 0 else them + ' plays'} {card.pretty}, {e.count}{pts}.")
            self._scores(e.scores, re.sub(r" for \d+", "", e.detail))
            if e.count == 31:
                self.new_pile = True
        elif isinstance(e, ev.Go):
            who = "Go for you" if self.me(e.player) == 0 else f"{them} says go"
            if e.scorer is not None:
                self.new_pile = True
                extra = f": {self.who(e.scorer)} +{e.points} for the last card" if e.points else ""
                self.caption(f"{who}{extra}; the count starts again.")
            else:
                self.caption(f"{who}.")
            self._scores(e.scores, "go")
        elif isinstance(e, ev.Shown):
            cards = parse_cards(e.cards)
            p = self.me(e.player)
            assert p is not None
            self.shows.append(show_item(p, e.what, cards, parse_card(e.starter)))
            if e.what == "crib":
                self.crib_shown, self.crib_count = cards, 0
            elif p == 1:
                self.opp_shown = cards
            self.caption(f"{'Your' if p == 0 else them + '’s'} {e.what}: {e.total}.")
            self._scores(e.scores, e.what)
            if e.what == "crib":
                self.history.append((self.hand_index + 1, *self.scores))
        elif isinstance(e, ev.Counted):
            self.caption(f"{'You count' if self.me(e.player) == 0 else them + ' counts'} {e.claimed}.")
        elif isinstance(e, ev.Muggins):
            self.caption(f"Muggins! {self.who(e.player, 'You').capitalize()} take{'s' if self.me(e.player) else ''} {e.missed}.")
            self._scores(e.scores, "muggins")
        elif isinstance(e, ev.GameOver):
            self.winner = self.me(e.winner)
            self.skunk = e.skunk
            if not self.history or self.history[-1][1:] != self.scores:
                self.history.append((self.hand_index + 1, *self.scores))
            w = "You win" if self.winner == 0 else f"{them} wins"
            self.caption(f"{w} {max(self.scores)}–{min(self.scores)}{', a ' + e.skunk if e.skunk else ''}.")

    @property
    def count(self) -> int:
        return 0 if self.new_pile else sum(c.value for _p, c in self.pile)


class DuelSeat:
    """One seat of a shared game: the engine rebuilt from the store, this seat's moves,
    and the view of this seat alone (see the module docstring).

    Make one with :meth:`create` (a new table, seat 0), :meth:`join` (seat 1, by code)
    or :meth:`resume` (by code and the seat's token, after a reload).
    """

    def __init__(self, storage: DuelStorage, code: str, seat: int, token: str) -> None:
        self.storage = storage
        self.code = code
        self.seat = seat
        self.token = token
        self.record = storage.duel(code)
        self.game: Game | None = None
        self._rows: list[MoveRow] = []  # applied or waiting for their turn in the engine
        self._waiting: list[MoveRow] = []  # stored, not yet taken by the engine (a discard)
        self._last = 0  # the last row id read
        self.acked_hand = -1  # the last hand whose show this page has closed (Continue)
        self.message = ""
        self.selected: list[int] = []
        self.count_entry = ""
        self._grades: list[Grade] | None = None
        self._start_game()
        self._read_moves()
        if self.game is not None:  # a resumed page shows the deal in progress
            self.acked_hand = sum(isinstance(e, ev.Shown) and e.what == "crib" for e in self.game.events) - 1
        storage.heartbeat(code, seat)  # here (again): a reload clears Leave
        self._beat = time.time()
        self._presence_shown = self.opponent_presence()

    # -- making a seat -------------------------------------------------------------

    @classmethod
    def create(
        cls, storage: DuelStorage, name: str, *, seed: int | None = None, master_seed: int | None = None,
        code: str | None = None, manual: tuple[bool, bool] = (False, False), muggins: bool = False,
        scores: tuple[int, int] = (0, 0),
    ) -> DuelSeat:
        """A new table with ``name`` in seat 0; its code is :attr:`code`."""
        token = secrets.token_hex(8)
        seed = 1 + secrets.randbelow(99_999) if seed is None else int(seed)
        master = secrets.randbits(63) if master_seed is None else int(master_seed)
        for _ in range(20):
            c = clean_table_code(code) if code else new_table_code()
            try:
                storage.create_duel(
                    c, name, seed=seed, master_seed=master, token=token, manual=manual,
                    muggins=muggins, scores=scores,
                )
                break
            except CribError as err:
                if code or "taken" not in str(err):
                    raise
        else:  # pragma: no cover - 20 codes in a row taken
            raise CribError("no free table code: try again")
        return cls(storage, c, 0, token)

    @classmethod
    def join(cls, storage: DuelStorage, code: str, name: str, *, client_seed: int | None = None) -> DuelSeat:
        """Sit down at a waiting table (seat 1): the deal's commitment is fixed now."""
        c = clean_table_code(code)
        rec = storage.duel(c)
        client = secrets.randbits(63) if client_seed is None else int(client_seed)
        commit = begin_match(rec.master_seed, client).commit
        token = secrets.token_hex(8)
        storage.join_duel(c, name, client_seed=client, commit=commit, token=token)
        return cls(storage, c, 1, token)

    @classmethod
    def resume(cls, storage: DuelStorage, code: str, token: str) -> DuelSeat:
        """The same seat again (a reloaded page, a new kernel): the game from the store."""
        c = clean_table_code(code)
        return cls(storage, c, storage.seat_of(c, token), token)

    # -- the engine ------------------------------------------------------------------

    def _start_game(self) -> None:
        r = self.record
        if self.game is not None or r.client_seed is None or r.names[1] is None:
            return
        mine, theirs = cut_for_deal(r.seed)
        self.game = Game(
            r.seed,
            (HumanPlayer(r.names[0]), HumanPlayer(r.names[1])),
            first_dealer=0 if mine.rank < theirs.rank else 1,
            match=begin_match(r.master_seed, r.client_seed),
            scores=r.scores,
            manual=r.manual,
            muggins=r.muggins,
        )
        if self.game.commit != r.commit:
            raise CribError("the table's commitment does not match its secret: the record was changed")
        self.game.advance()  # the first deal

    @staticmethod
    def _take(rows: Sequence[MoveRow], g: Game, waiting: list[MoveRow]) -> list[ev.Event]:
        """Give stored rows to the engine ``g``, each when its seat's decision comes up
        (the two discards of a deal may be stored in either order; a row not yet due
        stays in ``waiting``); returns the new events."""
        before = len(g.events)
        waiting.extend(rows)
        while waiting:
            d = g.advance()
            if d is None:
                break
            row = next((r for r in waiting if r.seat == d.player), None)
            if row is None:
                break
            g.submit(d.player, _engine_action(row))
            waiting.remove(row)
        g.advance()
        return g.events[before:]

    def _read_moves(self) -> bool:
        if self.game is None:
            return False
        rows = self.storage.moves(self.code, after=self._last)
        if not rows:
            return False
        self._last = rows[-1].id
        self._rows.extend(rows)
        self._take(rows, self.game, self._waiting)
        return True

    def poll(self) -> bool:
        """Read the store (a cheap query unless something changed); True if anything did.

        Also writes this seat's heartbeat every :data:`HEARTBEAT_SECONDS`, and says go
        for this seat when it holds no card that fits (a stored move, like any other)."""
        now = time.time()
        if now - self._beat >= HEARTBEAT_SECONDS:
            self._beat = now
            self.storage.heartbeat(self.code, self.seat)
        rec = self.storage.duel(self.code)
        changed = (rec.status, rec.names, rec.winner) != (self.record.status, self.record.names, self.record.winner)
        self.record = rec
        self._start_game()
        if rec.last_move != self._last:
            changed = self._read_moves() or changed
        presence = self.opponent_presence()
        if presence != self._presence_shown:
            self._presence_shown, changed = presence, True
        if self._auto_go():
            changed = True
        return changed

    def opponent_presence(self, rec: DuelRecord | None = None, now: float | None = None) -> str:
        """'here', 'left' (pressed Leave, or not seen for :data:`GONE_AFTER_SECONDS`) or
        'waiting' (no one in the other seat yet)."""
        r = rec or self.record
        o = 1 - self.seat
        if r.names[o] is None:
            return "waiting"
        t = time.time() if now is None else now
        if r.left[o] or (r.seen[o] and t - r.seen[o] > GONE_AFTER_SECONDS):
            return "left"
        return "here"

    def decision(self) -> Decision | None:
        """The engine's pending decision, if it is this seat's."""
        if self.game is None or self.record.status in ("abandoned",):
            return None
        d = self.game.pending()
        if d is not None and d.player == self.seat:
            return d
        return None

    def _my_waiting_discard(self) -> bool:
        return any(r.seat == self.seat for r in self._waiting)

    def _discard_due(self) -> bool:
        """This seat still has to throw in this deal (its turn in the engine or not)."""
        g = self.game
        if g is None or g.over or self.record.status == "abandoned" or self._my_waiting_discard():
            return False
        d = g.pending()
        if d is None or d.kind != "discard":
            return False
        return not any(isinstance(e, ev.Discarded) and e.player == self.seat for e in self._this_hand())

    def _this_hand(self) -> list[ev.Event]:
        assert self.game is not None
        evs = self.game.events
        i = max((k for k, e in enumerate(evs) if isinstance(e, ev.Dealt)), default=0)
        return evs[i:]

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

    def _n(self) -> int:
        return sum(r.seat == self.seat for r in self._rows)

    def _check(self, kind: str, action: Any) -> Callable[[list[MoveRow]], MoveCheck]:
        """The check run inside the store's transaction: the rows stored meanwhile, then
        this move, through a copy of the engine."""

        def check(new_rows: list[MoveRow]) -> MoveCheck:
            g = self.game
            assert g is not None
            if new_rows:  # the other page moved meanwhile: take its moves first
                self._last = new_rows[-1].id
                self._rows.extend(new_rows)
                self._take(new_rows, g, self._waiting)
            if self.record.status == "abandoned":
                raise CribError("the game was abandoned")
            if kind == "discard":
                if not self._discard_due():
                    raise IllegalPlayError("you have thrown your two cards for this deal")
                six = next(e for e in reversed(g.events) if isinstance(e, ev.Dealt)).hands[self.seat]
                cards = parse_cards(action)
                if len(set(cards)) != 2 or not set(cards) <= set(parse_cards(six)):
                    raise IllegalPlayError(f"throw two of your own cards ({cards_pretty(parse_cards(six))})")
            else:
                d = self.decision()
                if d is None:
                    raise IllegalPlayError(f"it is {self.record.names[1 - self.seat]}'s turn")
                g.verify_submit(self.seat, None if kind == "go" else (parse_card(action) if kind == "play" else action))
            # apply on a fresh copy of the engine, to read the events this move emits
            probe, waiting = self._rebuilt()
            new = self._take([MoveRow(0, self.seat, self._n(), kind, action, "")], probe, waiting)
            log = ev.log_to_json(probe.events) if probe.over else ""
            return MoveCheck(ev.log_to_json(new), probe.winner if probe.over else None, log)

        return check

    def _rebuilt(self) -> tuple[Game, list[MoveRow]]:
        """A copy of the engine at the same point (rebuilt from the rows), and its rows
        not yet due."""
        assert self.game is not None
        g0 = self.game
        g = Game(
            g0.seed, g0.players, first_dealer=g0.first_dealer,
            match=begin_match(self.record.master_seed, self.record.client_seed or 0),
            scores=self.record.scores, manual=self.record.manual, muggins=self.record.muggins,
        )
        waiting: list[MoveRow] = []
        self._take(self._rows, g, waiting)
        return g, waiting

    def _move(self, kind: str, action: Any) -> MoveRow:
        if self.game is None:
            raise CribError("wait for your classmate to sit down")
        a = _action_json(kind, action)
        n = self._n()
        move_id = f"{self.code}:{self.seat}:{n}"
        row = self.storage.append_move(
            self.code, self.seat, n, kind, a, move_id, self._last, self._check(kind, a)
        )
        self.record = self.storage.duel(self.code)
        self._read_moves()  # our own row (and any other), now committed
        self.selected = []
        self.message = ""
        return row

    def discard(self, cards: Sequence[Card | str]) -> MoveRow:
        """Throw two cards to the crib (stored before the page shows it)."""
        cs = [parse_card(c) if isinstance(c, str) else c for c in cards]
        if len(cs) != 2:
            raise CribError("pick two cards to throw, then Throw")
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
            raise CribError("type your count as a number from 0 to 29")
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
            raise CribError("nothing to continue now")
        self.acked_hand += 1
        self._auto_go()

    def toggle(self, i: int) -> None:
        """Select or unselect card ``i`` of your hand (the discard)."""
        v = self._fold()
        if self.phase != "discard":
            raise CribError("you pick two cards only when throwing to the crib")
        if not 0 <= i < len(v.six):
            raise CribError(f"there is no card {i + 1}")
        if i in self.selected:
            self.selected.remove(i)
        elif len(self.selected) == 2:
            raise CribError("you throw exactly two: unselect one first")
        else:
            self.selected.append(i)

    def throw_selected(self) -> MoveRow:
        v = self._fold()
        if len(self.selected) != 2:
            raise CribError("pick two cards to throw, then Throw")
        return self.discard([v.six[i] for i in self.selected])

    def play_index(self, i: int) -> MoveRow:
        """Play your card ``i`` (as shown)."""
        v = self._fold()
        if self.phase != "play":
            raise CribError(f"wait for {self.record.names[1 - self.seat]} to play")
        if not 0 <= i < len(v.my_cards):
            raise CribError(f"there is no card {i + 1}")
        return self.play(v.my_cards[i])

    def leave(self) -> None:
        """Leave the table (the other page says so at once)."""
        self.storage.heartbeat(self.code, self.seat, leave=True)

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

    def _fold(self) -> _Fold:
        r = self.record
        me, them = r.names[self.seat] or "", r.names[1 - self.seat] or "your classmate"
        f = _Fold(self.seat, (me, them), scores=r.scores)
        for e in self.my_events():
            f.apply(e)
        return f

    def view(self) -> GameView:
        """What this page shows, from this seat's events and its own observation only;
        seat-relative: index 0 is you, 1 your classmate."""
        f = self._fold()
        phase = self.phase
        d = self.decision()
        legal: tuple[int, ...] = ()
        cards = f.six if phase == "discard" else f.my_cards
        if phase in ("hand_over", "over") and f.my_throw:
            cards = tuple(c for c in f.six if c not in f.my_throw)
        crib_shown = f.crib_shown
        if phase == "play" and d is not None:
            legal = tuple(i for i, c in enumerate(f.my_cards) if c in d.observation.legal)
        if phase == "count" and d is not None:
            cards = d.observation.hand  # your hand, or your crib turned up, to count
            if d.what == "crib":
                crib_shown = cards
        fair = ""
        if self.game is not None and self.game.over:
            fair = self.fairness()
        return GameView(
            phase=phase,
            names=f.names,
            scores=f.scores,
            back=(f.back[0], f.back[1]),
            dealer=f.dealer,
            hand_number=f.hand_index + 1,
            my_cards=cards,
            selected=tuple(self.selected),
            legal=legal,
            hinted=(),
            opp_held=0 if f.opp_shown else f.opp_held,
            opp_shown=f.opp_shown,
            starter=f.starter,
            pile=tuple(f.pile),
            previous=tuple(f.previous),
            count=f.count,
            crib_count=0 if crib_shown else f.crib_count,
            crib_owner=f.dealer,
            crib_shown=crib_shown,
            show=f.shows[-1] if f.shows and phase in ("hand_over", "over", "count") else None,
            shows=tuple(f.shows) if phase in ("hand_over", "over", "count") else (),
            captions=tuple(f.captions),
            prompt=self.prompt(phase, f),
            can_go=False,
            grade=None,
            hint="",
            coaching=False,
            manual=self.record.manual[self.seat],
            muggins=self.record.muggins,
            count_entry=self.count_entry,
            cut_cards=None,
            commit=self.record.commit,
            fairness=fair,
            winner=f.winner,
            skunk=f.skunk,
            history=tuple(f.history),
            mistakes=0,
            last_score=f.last_score,
        )

    def prompt(self, phase: str, f: _Fold | None = None) -> str:
        them = self.record.names[1 - self.seat] or "your classmate"
        if phase == "waiting":
            return f"Table {self.code}: waiting for your classmate. Tell them the code {self.code}."
        if phase == "discard":
            whose = "your" if f is not None and f.dealer == 0 else f"{them}’s"
            return f"Throw two cards to {whose} crib: pick them, then Throw."
        if phase == "play":
            count = f.count if f is not None else 0
            return f"Count {count}: your play. Click a card (or press its number)."
        if phase == "count":
            return "Count your cards: type the number, then Count it."
        if phase == "wait":
            if self.game is not None and self._my_waiting_discard() or self._discard_thrown():
                return f"Waiting for {them} to throw."
            return f"Waiting for {them}…"
        if phase == "hand_over":
            return "The show. Press Continue for the next deal."
        if phase == "over":
            return "Game over. The coach reviews your decisions below."
        if phase == "abandoned":
            return f"This game was abandoned: {self.record.reason}."
        return ""

    def _discard_thrown(self) -> bool:
        if self.game is None or self.game.over:
            return False
        d = self.game.pending()
        return d is not None and d.kind == "discard" and d.player != self.seat

    def presence_text(self) -> str:
        """'Ann left the table', or '' while both are here."""
        p = self.opponent_presence()
        them = self.record.names[1 - self.seat]
        if p == "left" and self.record.status in ("playing", "waiting") and not (self.game and self.game.over):
            return f"{them} left the table. Wait for them to come back (same link), or abandon the game."
        return ""

    # -- after the game -----------------------------------------------------------------

    def log(self) -> str:
        """The whole log as JSON (for ``crib replay --secret``), once the game is over or
        abandoned; during the game, only this seat's view of it."""
        if self.game is None:
            return "[]"
        if self.game.over or self.record.status == "abandoned":
            return ev.log_to_json(self.game.events)
        return ev.log_to_json(self.my_events())

    def secret(self) -> str:
        """The revealed secret (hex), once the game is over or abandoned."""
        r = self.record
        if self.game is None or not (self.game.over or r.status == "abandoned"):
            raise CribError("the secret is revealed at the end of the game")
        return begin_match(r.master_seed, r.client_seed or 0).secret.hex()

    def fairness(self) -> str:
        """The end-of-game check: the commitment against the secret, and the log replayed."""
        assert self.game is not None
        secret = bytes.fromhex(self.secret())
        problems = verify_match(self.record.commit, secret, self.game.decks)
        try:
            verdict = replay(self.game.events, secret=secret).summary()
        except CribError as err:
            verdict = f"the log did not replay: {err}"
        ok = "matches" if not problems else "does NOT match"
        return f"Commitment {self.record.commit[:16]}… {ok} the revealed secret {secret.hex()[:16]}…; {verdict}."

    def review(self) -> list[Grade]:
        """This seat's decisions graded by the Master (as against the computer), in game
        order; :func:`crib.session.review.Coach.review` sorts them worst first."""
        if self.game is None or not self.game.over:
            raise CribError("the review comes at the end of the game")
        if self._grades is None:
            evs = self.game.events
            self._grades = grade_log(evs, counts_from_log(evs, self.seat), seat=self.seat)
        return sorted(self._grades, key=lambda g: (-g.lost, g.number))


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
        row = MoveRow(self._id, seat, n, kind, action, move_id, c.events)
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


