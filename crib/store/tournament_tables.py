"""A class tournament played at the classmate tables (issue #25): the teacher pairs the
class, each pairing becomes a classmate table (:class:`crib.store.duels.DuelStore`)
dealt from its round's duplicate deals, and the results come in from the games.

* **Pairing.**  :meth:`ClassTournaments.create` makes a tournament of the class
  session's players (round-robin or Swiss, 61 or 121), or ``"friendly"`` games: one
  round, the players shuffled from the tournament's seed, no one meeting anyone in
  particular.  :meth:`ClassTournaments.start_round` pairs the next round and seats
  both players of every table at once (:meth:`DuelStore.create_seated`).
* **Duplicate deals.**  Every table of a round gets the round's
  :class:`~crib.classroom.tournament.rules.RoundDeal`: the game seed (the cut for deal),
  and the committed match ``begin_match(tournament seed, round's client seed)`` whose
  secret deals every hand, so seat 1 at every table holds the same cards hand by hand.
  A table is found again from those seeds and its two names
  (:meth:`DuelStore.dealt_tables`): the record needs no new column.
* **Results.**  A finished table's whole log is in the record; :meth:`sync` (the
  teacher page's poll) and :meth:`record_duel` (the play page, at the game's end)
  record it with :meth:`TournamentStore.record_game`, which replays it against the
  round's secret.  Both write with the token ``duel:CODE``, so the result is stored
  once however many pages see the end.  An abandoned game has no result: the teacher
  records one by hand (:meth:`record_by_hand`).
* **A student's table.**  :meth:`find_table` finds a student's seat (class code and
  name) at the session's newest table; :meth:`claim` gives its secret to the first
  device that asks, once.  After that, a name opens the seat no more: its link does
  (the device keeps it), or the teacher hands the seat over (:meth:`hand_over`).
* **The secret.**  Every table of a round shares its deals; a table that finishes
  first would reveal the deals still to come at the others, so its log, its review and
  its secret stay closed to its players until every table of the round is done or
  abandoned (:meth:`crib.session.duel.DuelSeat.held`).

>>> import tempfile, os
>>> from crib.store.classroom import Store
>>> ct = ClassTournaments(Store(os.path.join(tempfile.mkdtemp(), "c.sqlite3")))
>>> s = ct.store.create_session("Class", seed=1, questions=[{"kind": "count"}])
>>> code = ct.create(s.code, "Tuesday", ["Ann", "Bob", "Cy"], mode="round-robin", seed=7)
>>> r = ct.start_round(code)
>>> [(x.seats, x.status) for x in ct.tables(code, 1)], r.bye
([(('Cy', 'Bob'), 'not opened')], 'Ann')
>>> mine = ct.find_table(s.code, "bob")
>>> mine.opponent, mine.token
('Cy', '')
>>> ct.claim(mine).token != ""
True
>>> ct.find_table(s.code, "Bob")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crib.store.duels.SeatClaimedError: Bob's seat at table ... is already taken by another device: ...
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from crib.classroom.tournament import Tournament
from crib.classroom.tournament.rules import Result, Round, TournamentError
from crib.errors import CribError
from crib.session.duel_record import new_table_code
from crib.store.classroom import Store, clean_name
from crib.store.duels import DuelStore, SeatClaimedError
from crib.store.tournaments import TournamentStore

__all__ = ["MODES", "TableState", "MyTable", "ClassTournaments"]

MODES = ("friendly", "round-robin", "swiss")


@dataclass(frozen=True)
class TableState:
    """One table of a round as the teacher sees it."""

    round: int
    table: int
    seats: tuple[str, str]
    code: str  # the classmate table's code ('' if it has none)
    status: str  # 'not opened', 'playing', 'over', 'abandoned' or 'no table'
    opened: tuple[bool, bool]  # each seat's page has opened the table
    result: Result | None
    reason: str = ""  # why it ended early


@dataclass(frozen=True)
class MyTable:
    """A student's own seat (the token is theirs alone)."""

    code: str
    seat: int
    token: str
    opponent: str
    status: str  # the table's: 'playing', 'over', 'abandoned', 'waiting'
    handed: bool = False  # the teacher handed the seat over: Play needs the seat code they gave


class ClassTournaments:
    """The class session's tournaments and their classmate tables, on one classroom record."""

    def __init__(
        self,
        store: Store,
        duels: DuelStore | None = None,
        *,
        table_code: Callable[[], str] = new_table_code,
        token: Callable[[], str] = lambda: secrets.token_hex(8),
    ) -> None:
        self.store = store
        self.ts = TournamentStore(store)
        self.duels = duels if duels is not None else DuelStore(store.path)
        self._table_code = table_code
        self._token = token

    # -- making and pairing -------------------------------------------------------------

    def create(
        self,
        session_code: str,
        name: str,
        players: Sequence[str],
        mode: str = "round-robin",
        **options: int | None,
    ) -> str:
        """A new tournament of ``players`` tied to the class session; returns its code.

        ``mode`` is 'round-robin', 'swiss' or 'friendly' (one round, partners drawn at
        random from the seed); ``options`` are the :class:`Tournament`'s ``length``,
        ``rounds`` and ``seed``.  The seed (all the cards) is drawn with ``secrets`` when
        omitted: keep it from the students."""
        if mode not in MODES:
            raise TournamentError(f"pair once (friendly), round-robin or swiss, not {mode!r}")
        seed = options.pop("seed", None)
        seed = secrets.randbits(63) if seed is None else seed
        players = list(players)
        if mode == "friendly":
            random.Random(seed).shuffle(players)
            options["rounds"] = 1
        fmt = "round-robin" if mode == "friendly" else mode
        t = Tournament(name, players, fmt=fmt, seed=seed, **options)  # type: ignore[arg-type]
        return self.ts.create(t, session_code=session_code)

    def load(self, code: str) -> Tournament:
        return self.ts.load(code)

    def start_round(self, code: str) -> Round:
        """Pair the next round and seat every table on the round's duplicate deals."""
        r = self.ts.pair_next_round(code)
        self.deal_tables(code, r.number)
        return r

    def deal_tables(self, code: str, round_no: int) -> dict[int, str]:
        """Make the classmate table of every table of the round that has none yet (after
        a crash between the pairing and the tables, this finishes the job); returns
        {table number: table code}."""
        t = self.ts.load(code)
        r = t.round(round_no)
        d = t.deal(round_no)
        start = 121 - t.length
        row = self.ts.conn.execute(
            "SELECT session_id FROM tournaments WHERE code=?", (t.code,)
        ).fetchone()
        have = self.duels.dealt_tables(t.seed, d.game_seed)
        out: dict[int, str] = {}
        for tb in r.tables:
            dcode = have.get(tb.seats)
            for _ in range(20):
                if dcode is not None:
                    break
                try:
                    dcode = self._table_code()
                    self.duels.create_seated(
                        dcode,
                        tb.seats,
                        seed=d.game_seed,
                        master_seed=t.seed,
                        client_seed=d.client_seed,
                        commit=d.commit,
                        tokens=(self._token(), self._token()),
                        scores=(start, start),
                        session_id=row[0],
                    )
                except CribError as e:
                    if "taken" not in str(e):
                        raise
                    dcode = None
            if dcode is None:  # pragma: no cover - 20 codes in a row taken
                raise CribError("no free table code: try again")
            out[tb.number] = dcode
        return out

    # -- the tables and their results ----------------------------------------------------

    def tables(self, code: str, round_no: int, t: Tournament | None = None) -> list[TableState]:
        """Every table of the round: its code, how far it is, its result."""
        t = t or self.ts.load(code)
        r = t.round(round_no)
        have = self.duels.dealt_tables(t.seed, t.deal(round_no).game_seed)
        out = []
        for tb in r.tables:
            res = t.results.get((round_no, tb.number))
            dcode = have.get(tb.seats, "")
            if not dcode:
                out.append(
                    TableState(round_no, tb.number, tb.seats, "", "no table", (False, False), res)
                )
                continue
            rec = self.duels.duel(dcode)
            opened = (bool(rec.seen[0]), bool(rec.seen[1]))
            status = rec.status
            if status == "playing" and not any(opened):
                status = "not opened"
            out.append(
                TableState(round_no, tb.number, tb.seats, dcode, status, opened, res, rec.reason)
            )
        return out

    def sync(self, code: str) -> list[Result]:
        """Record every finished game that has no result yet (the teacher page's poll)."""
        t = self.ts.load(code)
        new = []
        for r in t.played_rounds:
            pending = [tb for tb in r.tables if (r.number, tb.number) not in t.results]
            if not pending:
                continue
            have = self.duels.dealt_tables(t.seed, t.deal(r.number).game_seed)
            for tb in pending:
                dcode = have.get(tb.seats)
                if dcode is not None and self.duels.duel(dcode).status == "over":
                    new.append(self._record(t.code, r.number, tb.number, dcode))
        return new

    def _record(self, code: str, round_no: int, table: int, dcode: str) -> Result:
        return self.ts.record_game(
            code, round_no, table, self.duels.duel_log(dcode), token=f"duel:{dcode}"
        )

    def record_by_hand(
        self, code: str, round_no: int, table: int, scores: Sequence[int | str]
    ) -> Result:
        """The teacher's result for a table (an abandoned game, a game on paper)."""
        return self.ts.record_result(code, round_no, table, scores)  # type: ignore[arg-type]

    def _table_of(self, dcode: str) -> tuple[Tournament, int, int] | None:
        """(tournament, round, table) of a classmate table dealt for a tournament."""
        rec = self.duels.duel(dcode)
        if rec.names[1] is None:
            return None
        for (tcode,) in self.ts.conn.execute(
            "SELECT code FROM tournaments WHERE seed=? ORDER BY id", (rec.master_seed,)
        ):
            t = self.ts.load(tcode)
            for r in t.played_rounds:
                d = t.deal(r.number)
                if d.game_seed != rec.seed or d.commit != rec.commit:
                    continue
                for tb in r.tables:
                    if tb.seats == rec.names:
                        return t, r.number, tb.number
        return None

    def record_duel(self, dcode: str) -> Result | None:
        """At a game's end (the play page): its result, if it is a tournament table's."""
        found = self._table_of(dcode)
        if found is None or self.duels.duel(dcode).status != "over":
            return None
        t, round_no, table = found
        if (round_no, table) in t.results:
            return t.results[(round_no, table)]
        return self._record(t.code, round_no, table, dcode)

    # -- a student's table ---------------------------------------------------------------

    def find_table(
        self, session_code: str, name: str, *, known: Mapping[str, str] | None = None
    ) -> MyTable | None:
        """The student's seat at the class session's newest table still in play (else the
        newest one); None if the teacher has seated them nowhere.

        A seat belongs to the first device that claims it (:meth:`claim`).  Names are all
        a class page knows of a student, so typing a name finds only a seat no device has
        claimed yet (its secret is given at :meth:`claim`, not here), or one this device
        holds already (``known``: table code -> the seat secrets the device keeps).  A
        seat claimed by another device raises
        :class:`~crib.store.duels.SeatClaimedError`: it opens only with its link, or
        once the teacher hands it over (:meth:`hand_over`)."""
        s = self.store.session(session_code)
        rows = self.duels.seats_named(s.id, name)
        if not rows:
            return None
        live = [x for x in rows if x.status in ("playing", "waiting")]
        x = (live or rows)[0]
        if not x.claimed:
            return MyTable(x.code, x.seat, "", x.opponent, x.status, x.handed)
        if (known or {}).get(x.code) == x.token:
            return MyTable(x.code, x.seat, x.token, x.opponent, x.status)
        raise SeatClaimedError(
            f"{clean_name(name)}'s seat at table {x.code} is already taken by another device: "
            "open it there (with its link), or ask your teacher to hand the seat over to this "
            "device"
        )

    def claim(self, mine: MyTable, handover: str = "") -> MyTable:
        """``mine`` with its seat's secret: claimed for this device now if it has none yet
        (once: a second device gets :class:`~crib.store.duels.SeatClaimedError`; a
        seat the teacher handed over needs the seat code they gave, ``handover``)."""
        if mine.token:
            return mine
        return replace(
            mine, token=self.duels.claim_seat(mine.code, mine.seat, handover), handed=False
        )

    def hand_over(self, dcode: str, name: str) -> str:
        """The teacher hands ``name``'s seat at table ``dcode`` over: its old link no longer
        opens it, and the device where the student types their name and the seat code
        returned here (4 characters, told to that student alone) claims it."""
        rec = self.duels.duel(dcode)
        n = clean_name(name).casefold()
        seats = [i for i, x in enumerate(rec.names) if x is not None and x.casefold() == n]
        if not seats:
            raise CribError(f"{clean_name(name)} has no seat at table {dcode}")
        code = new_table_code()
        self.duels.hand_over(dcode, seats[0], self._token(), code)
        return code
