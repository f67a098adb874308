"""Class tournaments in the classroom record (SQLite or PostgreSQL): created, paired and
scored in place.

Every write is one short write transaction of the classroom store
(:mod:`crib.store.schema`), so a crash (``kill -9``) between two writes loses
nothing already committed, and a write that was interrupted leaves no half of itself:
a round's tables go in together, a result is one row.  Results are append-only (a
trigger refuses UPDATE and DELETE); a correction is a later row for the same table,
and the latest one counts.  Pairings are fixed once made.

A tournament is found by its six-character code (like a class session's join code).
One made from a class session keeps that session's id, and
:meth:`TournamentStore.list_for_session` lists only that session's tournaments.

>>> import tempfile, os
>>> ts = TournamentStore(os.path.join(tempfile.mkdtemp(), "c.sqlite3"))
>>> code = ts.create(Tournament("Friday", ["Ann", "Bob", "Cy", "Di"], seed=3), code="TRN234")
>>> r = ts.pair_next_round(code)
>>> ts.record_result(code, 1, 1, (121, 100)).points
(2, 0)
>>> ts.load(code).standings()[0].name
'Ann'
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Sequence
from typing import Any

from crib.classroom.tournament import Tournament
from crib.classroom.tournament.rules import Result, Round, Table, TournamentError
from crib.rules.events import Event
from crib.rules.game import GameResult
from crib.store.classroom import Store, clean_code, unused_code
from crib.store.db import insert_id

__all__ = ["TournamentStore", "UnknownTournamentError"]


class UnknownTournamentError(TournamentError):
    """A tournament code that names no tournament."""


class TournamentStore:
    """Tournaments in a classroom database: give a :class:`~crib.store.classroom.Store` or a
    path."""

    def __init__(self, store: Store | str | os.PathLike[str] | None = None) -> None:
        self.store = store if isinstance(store, Store) else Store(store)

    @property
    def conn(self) -> Any:
        return self.store.conn

    def close(self) -> None:
        self.store.close()

    # -- create and load --------------------------------------------------------------

    def create(
        self,
        t: Tournament,
        *,
        session_code: str | None = None,
        code: str | None = None,
        rng: Any = None,
    ) -> str:
        """Store a new (unpaired) tournament; returns its code.

        ``session_code`` ties it to a class session (whose students it may list);
        the code is drawn from ``rng`` (a HashRng on the seed and the time by default).
        """
        if t.played_rounds:
            raise TournamentError("store a tournament before pairing it")
        sid = self.store.session(session_code).id if session_code is not None else None
        if rng is None:
            from crib.rules.fairness import HashRng

            rng = HashRng(t.seed, f"tournament-code|{time.time_ns()}")
        with self.store._write() as c:
            if code is None:
                code = unused_code(c, "tournaments", rng)
            else:
                code = clean_code(code)
                if c.execute("SELECT 1 FROM tournaments WHERE code=?", (code,)).fetchone():
                    raise TournamentError(f"the code {code} is taken: choose another")
            tid = insert_id(
                c,
                "INSERT INTO tournaments(code, session_id, name, format, length, rounds, seed, "
                "created) VALUES (?,?,?,?,?,?,?,?)",
                (code, sid, t.name, t.format, t.length, t.rounds, t.seed, time.time()),
            )
            c.executemany(
                "INSERT INTO tournament_players(tournament_id, no, name) VALUES (?,?,?)",
                [(tid, i, p) for i, p in enumerate(t.players)],
            )
        return code

    def create_from_session(
        self,
        session_code: str,
        name: str,
        *,
        fmt: str = "round-robin",
        length: int = 121,
        rounds: int | None = None,
        seed: int | None = None,
        code: str | None = None,
    ) -> str:
        """A tournament of every student who joined the class session, in joining order."""
        players = [s.name for s in self.store.students(session_code)]
        t = Tournament(name, players, fmt=fmt, length=length, rounds=rounds, seed=seed)
        return self.create(t, session_code=session_code, code=code)

    def _row(self, code: str) -> Any:
        c = clean_code(code)
        row = self.conn.execute("SELECT * FROM tournaments WHERE code=?", (c,)).fetchone()
        if row is None:
            raise UnknownTournamentError(f"unknown tournament code {c[:12]!r}: check the code")
        return row

    def version(self, code: str) -> tuple[int, int, int]:
        """(rows of tables, rows of results, the newest result's id) of a tournament: a
        cheap read that changes whenever any page (a student's, another teacher's, on
        any server) pairs a round or records a result."""
        r = self.conn.execute(
            "SELECT (SELECT COUNT(*) FROM tournament_tables WHERE tournament_id=t.id),"
            " (SELECT COUNT(*) FROM tournament_results WHERE tournament_id=t.id),"
            " (SELECT COALESCE(MAX(id), 0) FROM tournament_results WHERE tournament_id=t.id)"
            " FROM tournaments t WHERE t.code=?",
            (clean_code(code),),
        ).fetchone()
        if r is None:
            self._row(code)  # raises the unknown-code error, said in one place
            return self.version(code)  # (made between the two reads)
        return int(r[0]), int(r[1]), int(r[2])

    def load(self, code: str) -> Tournament:
        """The tournament with every stored round and the latest result of each table."""
        row = self._row(code)
        tid = row["id"]
        players = [
            r[0]
            for r in self.conn.execute(
                "SELECT name FROM tournament_players WHERE tournament_id=? ORDER BY no", (tid,)
            )
        ]
        t = Tournament(
            row["name"],
            players,
            fmt=row["format"],
            length=row["length"],
            rounds=row["rounds"],
            seed=row["seed"],
        )
        t.code = row["code"]
        rounds: dict[int, list[Any]] = {}
        for r in self.conn.execute(
            "SELECT round, table_no, seat1, seat2 FROM tournament_tables WHERE tournament_id=?"
            " ORDER BY round, table_no",
            (tid,),
        ):
            rounds.setdefault(r[0], []).append(r)
        for no in sorted(rounds):
            rows = rounds[no]
            bye = next((r[2] for r in rows if r[1] == 0), None)
            tables = tuple(Table(r[1], (r[2], r[3])) for r in rows if r[1] > 0)
            t.add_round(Round(no, tables, bye))
        for r in self.conn.execute(
            "SELECT round, table_no, score1, score2, source, log FROM tournament_results"
            " WHERE tournament_id=? ORDER BY id",
            (tid,),
        ):  # later rows replace earlier ones: the latest result counts
            t.results[(r[0], r[1])] = t.check_result(
                r[0], r[1], (r[2], r[3]), source=r[4], log=r[5]
            )
        return t

    def list_for_session(self, session_code: str) -> list[tuple[str, str]]:
        """(code, name) of this session's tournaments, oldest first."""
        s = self.store.session(session_code)
        return [
            (r[0], r[1])
            for r in self.conn.execute(
                "SELECT code, name FROM tournaments WHERE session_id=? ORDER BY id", (s.id,)
            )
        ]

    def list_all(self) -> list[tuple[str, str]]:
        """(code, name) of every tournament in this database (the command line's list)."""
        return [
            (r[0], r[1])
            for r in self.conn.execute("SELECT code, name FROM tournaments ORDER BY id")
        ]

    # -- rounds -----------------------------------------------------------------------

    def pair_next_round(self, code: str) -> Round:
        """Pair the next round from the stored state and store it, in one transaction
        (two teacher pages pressing at once pair it once)."""
        with self.store._write() as c:
            self.store._lock(c, "tournaments", "code", clean_code(code))
            t = self.load(code)
            r = t.next_round()
            tid = self._row(code)["id"]
            rows = [(tid, r.number, tb.number, tb.seats[0], tb.seats[1]) for tb in r.tables]
            if r.bye is not None:
                rows.append((tid, r.number, 0, r.bye, None))
            c.executemany(
                "INSERT INTO tournament_tables(tournament_id, round, table_no, seat1, seat2)"
                " VALUES (?,?,?,?,?)",
                rows,
            )
        return r

    # -- results ----------------------------------------------------------------------

    def _append(self, code: str, res: Result, token: str | None) -> Result:
        tid = self._row(code)["id"]
        with self.store._write() as c:
            c.execute(
                "INSERT INTO tournament_results(tournament_id, round, table_no, score1, score2,"
                " source, log, created, token) VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT DO NOTHING",
                (
                    tid,
                    res.round,
                    res.table,
                    res.scores[0],
                    res.scores[1],
                    res.source,
                    res.log,
                    time.time(),
                    token or uuid.uuid4().hex,
                ),
            )
        return res

    def record_result(
        self,
        code: str,
        round_no: int,
        table: int,
        scores: Sequence[int],
        *,
        token: str | None = None,
    ) -> Result:
        """Record (or correct) a paper table's final scores, seat 1 first; returns the result
        once it is committed.  ``token`` makes a retry idempotent."""
        t = self.load(code)
        return self._append(code, t.check_result(round_no, table, scores), token)

    def record_game(
        self,
        code: str,
        round_no: int,
        table: int,
        game: GameResult | Sequence[Event] | str,
        *,
        token: str | None = None,
    ) -> Result:
        """Record a table's result from its finished crib game (checked against the
        round's deals and replayed; see :meth:`Tournament.result_from_game`)."""
        t = self.load(code)
        return self._append(code, t.result_from_game(round_no, table, game), token)
