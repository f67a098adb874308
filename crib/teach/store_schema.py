"""The classroom record's schema, migrations and connection plumbing (SQLite).

Split out of :mod:`crib.teach.store`, which holds the public types and the
queries and re-exports everything here.  This module owns how a connection is
opened (WAL mode, ``busy_timeout``, ``synchronous=NORMAL``, foreign keys), the
short ``BEGIN IMMEDIATE`` write transaction with its retry on a locked database,
and the schema: :data:`MIGRATIONS` up to :data:`SCHEMA_VERSION`.  See the
:mod:`crib.teach.store` docstring for the sources on WAL and transactions.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from crib.teach.duel_schema import DUEL_MIGRATION

__all__ = [
    "SCHEMA_VERSION",
    "BUSY_TIMEOUT_MS",
    "MIGRATIONS",
    "StoreConnection",
    "default_db_path",
]

SCHEMA_VERSION = 5
MAX_TIME_LIMIT = 4 * 3600.0  # s: the longest time limit a set may have
BUSY_TIMEOUT_MS = 30_000


def default_db_path() -> Path:
    """``CRIB_DB`` if set, else ``$XDG_DATA_HOME/crib/classroom.sqlite3`` (outside the repo)."""
    env = os.environ.get("CRIB_DB")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "crib" / "classroom.sqlite3"


# --- schema and migrations -----------------------------------------------------

# Each migration takes the schema from version i to i + 1.  Never edit one that
# has shipped: add the next.
MIGRATIONS: tuple[str, ...] = (
    # 0 -> 1: sessions, students, the append-only answers
    """
    CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        seed INTEGER NOT NULL,
        questions TEXT NOT NULL,
        created REAL NOT NULL
    );
    CREATE TABLE students (
        id INTEGER PRIMARY KEY,
        session_id INTEGER NOT NULL REFERENCES sessions(id),
        name TEXT NOT NULL,
        joined REAL NOT NULL,
        UNIQUE (session_id, name)
    );
    CREATE TABLE answers (
        id INTEGER PRIMARY KEY,
        session_id INTEGER NOT NULL REFERENCES sessions(id),
        student_id INTEGER NOT NULL REFERENCES students(id),
        question INTEGER NOT NULL,
        kind TEXT NOT NULL,
        answer TEXT NOT NULL,
        correct INTEGER NOT NULL,
        lost REAL NOT NULL,
        miss TEXT NOT NULL,
        seconds REAL NOT NULL,
        created REAL NOT NULL,
        token TEXT NOT NULL UNIQUE
    );
    CREATE INDEX answers_by_session ON answers(session_id, question);
    CREATE TRIGGER answers_no_update BEFORE UPDATE ON answers
        BEGIN SELECT RAISE(ABORT, 'answers are append-only'); END;
    CREATE TRIGGER answers_no_delete BEFORE DELETE ON answers
        BEGIN SELECT RAISE(ABORT, 'answers are append-only'); END;
    """,
    # 1 -> 2: the teacher's reveals
    """
    CREATE TABLE reveals (
        session_id INTEGER NOT NULL REFERENCES sessions(id),
        question INTEGER NOT NULL,
        revealed REAL NOT NULL,
        PRIMARY KEY (session_id, question)
    );
    """,
    # 2 -> 3: a time limit per set, in seconds from each student's join (0: none)
    """
    ALTER TABLE sessions ADD COLUMN time_limit REAL NOT NULL DEFAULT 0;
    """,
    # 3 -> 4: class tournaments (crib.teach.tournament_store): the tournament, its
    # players in entry order, each round's tables and bye, and the append-only results
    # (a correction is a later row for the same table; the latest counts)
    """
    CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL UNIQUE,
        session_id INTEGER REFERENCES sessions(id),
        name TEXT NOT NULL,
        format TEXT NOT NULL CHECK (format IN ('round-robin', 'swiss')),
        length INTEGER NOT NULL CHECK (length IN (61, 121)),
        rounds INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        created REAL NOT NULL
    );
    CREATE TABLE tournament_players (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        no INTEGER NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (tournament_id, no),
        UNIQUE (tournament_id, name)
    );
    CREATE TABLE tournament_tables (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        table_no INTEGER NOT NULL,
        seat1 TEXT NOT NULL,
        seat2 TEXT,
        PRIMARY KEY (tournament_id, round, table_no)
    );
    CREATE TABLE tournament_results (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        table_no INTEGER NOT NULL,
        score1 INTEGER NOT NULL,
        score2 INTEGER NOT NULL,
        source TEXT NOT NULL,
        log TEXT NOT NULL,
        created REAL NOT NULL,
        token TEXT NOT NULL UNIQUE,
        FOREIGN KEY (tournament_id, round, table_no)
            REFERENCES tournament_tables(tournament_id, round, table_no)
    );
    CREATE INDEX tournament_results_by_table
        ON tournament_results(tournament_id, round, table_no, id);
    CREATE TRIGGER tournament_results_no_update BEFORE UPDATE ON tournament_results
        BEGIN SELECT RAISE(ABORT, 'results are append-only'); END;
    CREATE TRIGGER tournament_results_no_delete BEFORE DELETE ON tournament_results
        BEGIN SELECT RAISE(ABORT, 'results are append-only'); END;
    CREATE TRIGGER tournament_tables_no_update BEFORE UPDATE ON tournament_tables
        BEGIN SELECT RAISE(ABORT, 'pairings are fixed once made'); END;
    """,
    # 4 -> 5: classmate games (one self-contained string: renumber it at a merge)
    DUEL_MIGRATION,
)
assert len(MIGRATIONS) == SCHEMA_VERSION


class StoreConnection:
    """The connection plumbing under :class:`crib.teach.store.Store` (one per kernel or process).

    Opening it sets WAL mode and the busy timeout, and migrates the schema to
    :data:`SCHEMA_VERSION` (under ``BEGIN IMMEDIATE``, so two kernels opening a
    new file at once migrate it once).
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we issue BEGIN IMMEDIATE / COMMIT ourselves
        self.conn = sqlite3.connect(
            self.path,
            timeout=BUSY_TIMEOUT_MS / 1000,
            isolation_level=None,
            check_same_thread=False,
        )
        self.conn.row_factory = sqlite3.Row
        self.conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        self._retry(lambda: self.conn.execute("PRAGMA journal_mode=WAL").fetchone())
        # NORMAL in WAL mode: a committed row survives a crash of the process
        # (kill -9); FULL would also survive power loss, at a sync per commit.
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.execute("PRAGMA foreign_keys=ON")
        self.migrate()

    # -- plumbing -------------------------------------------------------------

    @staticmethod
    def _retry(fn: Any, attempts: int = 8) -> Any:
        """Run ``fn``; on 'database is locked' (after the busy timeout) back off and retry."""
        for i in range(attempts):
            try:
                return fn()
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) and "busy" not in str(e) or i == attempts - 1:
                    raise
                time.sleep(0.05 * 2**i)
        return None  # pragma: no cover

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """A short write transaction: BEGIN IMMEDIATE ... COMMIT (ROLLBACK on error)."""
        self._retry(lambda: self.conn.execute("BEGIN IMMEDIATE"))
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    @property
    def schema_version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def migrate(self) -> int:
        """Apply the missing migrations; returns the schema version."""
        if self.schema_version >= SCHEMA_VERSION:
            return self.schema_version
        with self._write() as c:
            v = int(c.execute("PRAGMA user_version").fetchone()[0])
            for i in range(v, SCHEMA_VERSION):
                for stmt in _statements(MIGRATIONS[i]):
                    c.execute(stmt)
            c.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        return SCHEMA_VERSION

    def close(self) -> None:
        self.conn.close()

    def integrity_check(self) -> str:
        """``PRAGMA integrity_check``: 'ok' for a sound database."""
        return str(self.conn.execute("PRAGMA integrity_check").fetchone()[0])


def _statements(script: str) -> list[str]:
    """Split a migration into statements (triggers hold ';' inside BEGIN ... END)."""
    out, buf = [], []
    for line in script.strip().splitlines():
        buf.append(line)
        text = "\n".join(buf).strip()
        if text.endswith(";") and sqlite3.complete_statement(text):
            out.append(text)
            buf = []
    if "\n".join(buf).strip():
        out.append("\n".join(buf).strip())
    return out
