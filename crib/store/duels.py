"""The classmate games in the classroom record: :class:`DuelStore` implements the session
layer's :class:`crib.session.duel.DuelStorage` protocol on SQLite or PostgreSQL.

The session layer may not import the store (``crib/store`` sits above it), so the game
logic (:mod:`crib.session.duel`) states what it needs and this module provides it, on
the same database, connection plumbing and write transactions as the classroom's
answers (:mod:`crib.store.schema`; the tables are
:data:`crib.store.duel_schema.DUEL_TABLES`).

* :meth:`DuelStore.append_move` is one write transaction (on PostgreSQL it first locks
  the table's ``duels`` row, so the two seats' moves are appended one at a time, as
  SQLite's ``BEGIN IMMEDIATE`` does for the whole file): an already stored
  ``move_id`` returns its row (a retry stores nothing twice); otherwise it reads the
  rows stored since the caller's last one, runs the caller's engine check on them and
  the move, appends the row, and, when the move ends the game, marks the table over and
  stores the whole log, all before COMMIT.  A page shows a move only after that.
* :meth:`DuelStore.duel` is the poll: one query for the table, its two seats and the
  id of its last move (an index on ``(duel_id, id)``), cheap enough for every 0.15 s.

>>> import tempfile, os
>>> st = DuelStore(os.path.join(tempfile.mkdtemp(), "c.sqlite3"))
>>> st.create_duel(DuelSpec("KQ7P", "Ann", seed=7, master_seed=1, token="t0")).status
'waiting'
>>> st.join_duel("KQ7P", "Bob", client_seed=2, commit="c", token="t1").names
('Ann', 'Bob')
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from crib.errors import CribError, IllegalPlayError
from crib.session.duel_record import (
    BUSY_MESSAGE,
    MOVED_MESSAGE,
    TAKEN_MESSAGE,
    DuelRecord,
    DuelSpec,
    Heartbeat,
    MoveRequest,
    MoveRow,
    SeatBusyError,
    SeatMovedError,
    holder_tab,
    seat_busy,
)
from crib.store.classroom import clean_name
from crib.store.db import insert_id, integrity_errors
from crib.store.schema import StoreConnection

__all__ = ["DuelStore", "NamedSeat", "SeatClaimedError", "FinishedDuel"]


class SeatClaimedError(CribError):
    """A class-table seat already claimed by another device: typing a name opens it no
    more (its secret does, or the teacher hands the seat over)."""


@dataclass(frozen=True)
class NamedSeat:
    """A seat of a class session's table, found by its player's name."""

    code: str
    seat: int
    token: str  # the seat's secret: given to a page only by a claim, or to the device holding it
    opponent: str
    status: str  # the table's
    claimed: bool  # a device has claimed it
    handed: bool = False  # the teacher handed it over: its claim needs the seat code they gave


@dataclass(frozen=True)
class FinishedDuel:
    """A finished classmate game of a class session (the teacher page's list)."""

    code: str
    names: tuple[str, str]
    winner: int | None
    ended: float


def _flags(text: str) -> tuple[bool, bool]:
    return (text[:1] == "1", text[1:2] == "1")


def _token_seat(c: Any, code: str, token: str) -> Any:
    """The seat row (its number, holder, last heartbeat and Leave) that ``token`` opens at
    table ``code``; a token that opens none raises."""
    row = c.execute(
        "SELECT s.seat, s.holder, s.seen, s.left_table FROM duel_seats s "
        "JOIN duels d ON d.id=s.duel_id WHERE d.code=? AND s.token=?",
        (code, token),
    ).fetchone()
    if row is None:
        raise CribError("this link is not a seat at that table: join with the code instead")
    return row


def _move_row(r: Any) -> MoveRow:
    """A ``duel_moves`` row as read."""
    return MoveRow(
        r["id"],
        r["seat"],
        r["n"],
        r["kind"],
        json.loads(r["action"]),
        r["move_id"],
        r["events"],
        r["created"],
    )


class DuelStore(StoreConnection):
    """One connection (one per kernel) to the classmate games of the classroom record."""

    def _id(self, code: str) -> int:
        row = self.conn.execute("SELECT id FROM duels WHERE code=?", (code,)).fetchone()
        if row is None:
            raise CribError(f"no table {code!r}: check the code your classmate gave you")
        return int(row[0])

    def create_duel(self, spec: DuelSpec, session_id: int | None = None) -> DuelRecord:
        """A new table with ``spec.name`` in seat 0 (``table ... is taken`` if the code is)."""
        code = spec.code
        n = clean_name(spec.name)
        now = time.time()
        flags = "".join("1" if m else "0" for m in spec.manual)
        try:
            with self._write() as c:
                did = insert_id(
                    c,
                    "INSERT INTO duels(code, seed, master_seed, manual, muggins, start_scores, "
                    "session_id, created) VALUES (?,?,?,?,?,?,?,?)",
                    (
                        code,
                        int(spec.seed),
                        int(spec.master_seed),
                        flags,
                        int(bool(spec.muggins)),
                        f"{spec.scores[0]}-{spec.scores[1]}",
                        session_id,
                        now,
                    ),
                )
                c.execute(
                    "INSERT INTO duel_seats(duel_id, seat, name, token, joined, seen) "
                    "VALUES (?,?,?,?,?,?)",
                    (did, 0, n, spec.token, now, now),
                )
        except integrity_errors():
            raise CribError(f"table {code} is taken") from None
        return self.duel(code)

    def join_duel(
        self, code: str, name: str, *, client_seed: int, commit: str, token: str
    ) -> DuelRecord:
        """Sit down in seat 1 of a waiting table; the commitment is stored now."""
        n = clean_name(name)
        now = time.time()
        with self._write() as c:
            self._lock(c, "duels", "code", code)
            row = c.execute("SELECT id, status FROM duels WHERE code=?", (code,)).fetchone()
            if row is None:
                raise CribError(f"no table {code!r}: check the code your classmate gave you")
            if row["status"] != "waiting":
                raise CribError(f"table {code} already has two players: ask for a new code")
            host = c.execute(
                "SELECT name FROM duel_seats WHERE duel_id=? AND seat=0", (row["id"],)
            ).fetchone()
            if host is not None and host[0] == n:
                raise CribError(f"{n} is already at table {code}: type your own name")
            c.execute(
                "INSERT INTO duel_seats(duel_id, seat, name, token, joined, seen) "
                "VALUES (?,?,?,?,?,?)",
                (row["id"], 1, n, token, now, now),
            )
            c.execute(
                "UPDATE duels SET client_seed=?, commit_hash=?, status='playing' WHERE id=?",
                (int(client_seed), commit, row["id"]),
            )
        return self.duel(code)

    def create_seated(
        self,
        code: str,
        names: tuple[str, str],
        *,
        seed: int,
        master_seed: int,
        client_seed: int,
        commit: str,
        tokens: tuple[str, str],
        scores: tuple[int, int],
        session_id: int | None = None,
    ) -> DuelRecord:
        """A table made by the teacher with both players seated (a class pairing), in one
        transaction: the deal's two halves and commitment are fixed now, and neither
        seat has opened its page yet (``seen`` 0)."""
        n = (clean_name(names[0]), clean_name(names[1]))
        now = time.time()
        try:
            with self._write() as c:
                did = insert_id(
                    c,
                    "INSERT INTO duels(code, seed, master_seed, client_seed, commit_hash, status, "
                    "start_scores, session_id, created) VALUES (?,?,?,?,?,'playing',?,?,?)",
                    (
                        code,
                        int(seed),
                        int(master_seed),
                        int(client_seed),
                        commit,
                        f"{scores[0]}-{scores[1]}",
                        session_id,
                        now,
                    ),
                )
                c.executemany(
                    "INSERT INTO duel_seats(duel_id, seat, name, token, joined, seen, claimed) "
                    "VALUES (?,?,?,?,?,0,0)",
                    [(did, i, n[i], tokens[i], now) for i in (0, 1)],
                )
        except integrity_errors():
            raise CribError(f"table {code} is taken") from None
        return self.duel(code)

    def dealt_tables(self, master_seed: int, seed: int) -> dict[tuple[str, str], str]:
        """The tables dealt from these seeds (a tournament round's), by their two names
        (seat 0, seat 1): the code of the first such table of each pair."""
        out: dict[tuple[str, str], str] = {}
        for r in self.conn.execute(
            "SELECT d.code, a.name, b.name FROM duels d "
            "JOIN duel_seats a ON a.duel_id=d.id AND a.seat=0 "
            "JOIN duel_seats b ON b.duel_id=d.id AND b.seat=1 "
            "WHERE d.master_seed=? AND d.seed=? ORDER BY d.id",
            (int(master_seed), int(seed)),
        ):
            out.setdefault((r[1], r[2]), r[0])
        return out

    def seats_named(self, session_id: int, name: str) -> list[NamedSeat]:
        """The class session's tables where ``name`` (any case) sits, newest first: (code,
        seat, the seat's secret, the opponent's name, the table's status, whether a device
        claimed it and whether the teacher handed it over).
        The secret is for the caller to give out only as :meth:`claim_seat` allows."""
        n = clean_name(name).casefold()
        rows = self.conn.execute(
            "SELECT d.code, s.seat, s.name, s.token, o.name AS other, d.status, s.claimed, "
            "s.handover FROM duels d JOIN duel_seats s ON s.duel_id=d.id "
            "LEFT JOIN duel_seats o ON o.duel_id=d.id AND o.seat=1-s.seat "
            "WHERE d.session_id=? ORDER BY d.id DESC",
            (int(session_id),),
        ).fetchall()
        return [
            NamedSeat(
                r["code"],
                int(r["seat"]),
                r["token"],
                r["other"] or "",
                r["status"],
                bool(r["claimed"]),
                bool(r["handover"]),
            )
            for r in rows
            if str(r["name"]).casefold() == n
        ]

    def claim_seat(self, code: str, seat: int, handover: str = "") -> str:
        """Claim a seat the teacher made, for the device that asks first: its secret, once.
        A seat already claimed raises :class:`SeatClaimedError`; a seat the teacher
        handed over is claimed only with the seat code they gave (``handover``)."""
        with self._write() as c:
            self._lock(c, "duels", "code", code)
            cur = c.execute(
                "UPDATE duel_seats SET claimed=1, handover='' "
                "WHERE seat=? AND claimed=0 AND handover=? "
                "AND duel_id=(SELECT id FROM duels WHERE code=?)",
                (int(seat), "".join(str(handover).split()).upper(), code),
            )
            if cur.rowcount != 1:
                row = c.execute(
                    "SELECT s.claimed FROM duel_seats s JOIN duels d ON d.id=s.duel_id "
                    "WHERE d.code=? AND s.seat=?",
                    (code, int(seat)),
                ).fetchone()
                if row is not None and not row[0]:
                    raise CribError(
                        f"that is not the seat code for table {code}: "
                        "type the one your teacher gave you"
                    )
                raise SeatClaimedError(
                    f"seat {seat} at table {code} is already claimed by another device"
                )
            row = c.execute(
                "SELECT s.token FROM duel_seats s JOIN duels d ON d.id=s.duel_id "
                "WHERE d.code=? AND s.seat=?",
                (code, int(seat)),
            ).fetchone()
        return str(row[0])

    def hand_over(self, code: str, seat: int, token: str, handover: str) -> None:
        """The teacher hands a seat over: a new secret, to be claimed by the device that
        types the seat code ``handover``; the device and page that had it can no longer
        open it, move or beat for it."""
        with self._write() as c:
            self._lock(c, "duels", "code", code)
            cur = c.execute(
                "UPDATE duel_seats SET token=?, claimed=0, holder='', handover=? "
                "WHERE seat=? AND duel_id=(SELECT id FROM duels WHERE code=?)",
                (token, handover, int(seat), code),
            )
            if cur.rowcount != 1:
                raise CribError(f"no seat {seat} at table {code!r}")

    def open_seat(self, code: str, token: str, holder: str, *, take_over: bool = False) -> int:
        """A page opens the seat whose secret is ``token``, as ``holder`` (``tab:nonce``):
        refused with :class:`~crib.session.duel_record.SeatBusyError` while another tab's
        page holds it (heard from in the last ``GONE_AFTER_SECONDS``), unless
        ``take_over``; the seat is this page's from now on (the other page's moves and
        heartbeats are refused)."""
        with self._write() as c:
            self._lock(c, "duels", "code", code)
            row = _token_seat(c, code, token)
            now = time.time()
            if not take_over and seat_busy(
                row["holder"], float(row["seen"]), bool(row["left_table"]), holder_tab(holder), now
            ):
                raise SeatBusyError(BUSY_MESSAGE)
            c.execute(
                "UPDATE duel_seats SET holder=?, seen=?, left_table=0, claimed=1 "
                "WHERE seat=? AND duel_id=(SELECT id FROM duels WHERE code=?)",
                (holder, now, row["seat"], code),
            )
        return int(row["seat"])

    def round_pending(self, code: str) -> int:
        """How many other tables dealt the same cards as this one (a tournament round's:
        the same seeds and commitment) are still in play: while any is, this table's
        log, review and secret stay closed to its players."""
        row = self.conn.execute(
            "SELECT COUNT(*) FROM duels o JOIN duels d "
            "ON o.master_seed=d.master_seed AND o.seed=d.seed "
            "AND o.commit_hash=d.commit_hash AND o.id<>d.id "
            "WHERE d.code=? AND d.session_id IS NOT NULL AND o.status IN ('waiting', 'playing')",
            (code,),
        ).fetchone()
        return int(row[0] or 0)

    def duel(self, code: str) -> DuelRecord:
        """The table (one query, the poll's)."""
        rows = self.conn.execute(
            "SELECT d.*, s.seat, s.name, s.seen, s.left_table, "
            "(SELECT MAX(m.id) FROM duel_moves m WHERE m.duel_id=d.id) AS last_move "
            "FROM duels d LEFT JOIN duel_seats s ON s.duel_id=d.id WHERE d.code=? ORDER BY s.seat",
            (code,),
        ).fetchall()
        if not rows:
            raise CribError(f"no table {code!r}: check the code your classmate gave you")
        r = rows[0]
        names: list[str | None] = [None, None]
        seen, left = [0.0, 0.0], [False, False]
        for s in rows:
            if s["seat"] is not None:
                names[s["seat"]] = s["name"]
                seen[s["seat"]] = float(s["seen"])
                left[s["seat"]] = bool(s["left_table"])
        a, b = r["start_scores"].split("-")
        return DuelRecord(
            code=r["code"],
            seed=r["seed"],
            names=(names[0] or "", names[1]),
            master_seed=r["master_seed"],
            client_seed=r["client_seed"],
            commit=r["commit_hash"],
            status=r["status"],
            reason=r["reason"],
            manual=_flags(r["manual"]),
            muggins=bool(r["muggins"]),
            scores=(int(a), int(b)),
            seen=(seen[0], seen[1]),
            left=(left[0], left[1]),
            winner=r["winner"],
            last_move=int(r["last_move"] or 0),
        )

    def seat_of(self, code: str, token: str) -> int:
        """The seat a page's token holds at this table."""
        return int(_token_seat(self.conn, code, token)["seat"])

    def _rows(self, c: Any, duel_id: int, after: int) -> list[MoveRow]:
        return [
            _move_row(r)
            for r in c.execute(
                "SELECT * FROM duel_moves WHERE duel_id=? AND id>? ORDER BY id", (duel_id, after)
            )
        ]

    def moves(self, code: str, after: int = 0) -> list[MoveRow]:
        """The moves stored after row ``after``, oldest first."""
        return self._rows(self.conn, self._id(code), after)

    def last_move(self, code: str) -> int:
        row = self.conn.execute(
            "SELECT MAX(m.id) FROM duel_moves m JOIN duels d ON d.id=m.duel_id WHERE d.code=?",
            (code,),
        ).fetchone()
        return int(row[0] or 0)

    def append_move(self, move: MoveRequest) -> MoveRow:
        """Append one checked move in one transaction (see the module docstring); with
        ``move.holder``, only while that page holds the seat."""
        text = json.dumps(move.action)
        with self._write() as c:
            self._lock(c, "duels", "code", move.code)
            old = c.execute("SELECT * FROM duel_moves WHERE move_id=?", (move.move_id,)).fetchone()
            if old is not None:
                if (old["kind"], old["action"]) != (move.kind, text):
                    raise IllegalPlayError(TAKEN_MESSAGE)
                return _move_row(old)
            duel_id = self._id(move.code)
            if move.holder:
                h = c.execute(
                    "SELECT holder FROM duel_seats WHERE duel_id=? AND seat=?",
                    (duel_id, move.seat),
                ).fetchone()
                if h is None or h[0] != move.holder:
                    raise SeatMovedError(MOVED_MESSAGE)
            result = move.check(self._rows(c, duel_id, move.after))
            now = time.time()
            mid = insert_id(
                c,
                "INSERT INTO duel_moves(duel_id, seat, n, kind, action, events, move_id, created) "
                "VALUES (?,?,?,?,?,?,?,?)",
                (duel_id, move.seat, move.n, move.kind, text, result.events, move.move_id, now),
            )
            if result.winner is not None:
                c.execute(
                    "UPDATE duels SET status='over', winner=?, log=?, ended=? WHERE id=?",
                    (result.winner, result.log, now, duel_id),
                )
            return move.row(mid, result.events, now)

    def heartbeat(self, beat: Heartbeat) -> bool:
        """This seat's page was heard from at ``beat.at`` (default now), or, with
        ``beat.leave``, has left the table.  With ``beat.holder``, only while that page
        holds the seat: False if it no longer does."""
        sql = (
            "UPDATE duel_seats SET seen=?, left_table=? "
            "WHERE seat=? AND duel_id=(SELECT id FROM duels WHERE code=?)"
        )
        args: tuple[Any, ...] = (beat.seen(), int(beat.leave), beat.seat, beat.code)
        if beat.holder:
            sql, args = sql + " AND holder=?", (*args, beat.holder)
        with self._write() as c:
            cur = c.execute(sql, args)
            return bool(cur.rowcount)

    def abandon(self, code: str, seat: int, reason: str) -> DuelRecord:
        """End a game early; the record keeps who did and when."""
        with self._write() as c:
            c.execute(
                "UPDATE duels SET status='abandoned', reason=?, ended=? "
                "WHERE code=? AND status IN ('waiting', 'playing')",
                (reason, time.time(), code),
            )
        return self.duel(code)

    def duel_log(self, code: str) -> str:
        """The whole log of a finished game (JSON; '' while it goes on)."""
        row = self.conn.execute("SELECT log FROM duels WHERE code=?", (code,)).fetchone()
        if row is None:
            raise CribError(f"no table {code!r}")
        return str(row[0])

    def finished_duels(self, session_id: int) -> list[FinishedDuel]:
        """The session's finished games (its tables whose game is over), the latest first."""
        rows = self.conn.execute(
            "SELECT d.code, d.winner, d.ended, s.seat, s.name FROM duels d "
            "LEFT JOIN duel_seats s ON s.duel_id=d.id "
            "WHERE d.session_id=? AND d.status='over' ORDER BY d.ended DESC, d.id DESC, s.seat",
            (session_id,),
        ).fetchall()
        out: dict[str, FinishedDuel] = {}
        for r in rows:
            f = out.setdefault(
                r["code"], FinishedDuel(r["code"], ("", ""), r["winner"], float(r["ended"] or 0))
            )
            if r["seat"] in (0, 1):
                names = list(f.names)
                names[r["seat"]] = r["name"] or ""
                out[r["code"]] = FinishedDuel(f.code, (names[0], names[1]), f.winner, f.ended)
        return list(out.values())
