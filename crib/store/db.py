"""The classroom record's one dialect layer: SQLite (the embedded default) or PostgreSQL.

``CRIB_DB`` (or the path given to a store) is either a file path, opened with the
stdlib's :mod:`sqlite3`, or a ``postgresql://`` URL, opened with psycopg 3
(https://www.psycopg.org/psycopg3/docs/).  The stores (:mod:`crib.store.classroom`,
:mod:`crib.store.duels`, :mod:`crib.store.tournaments`) write one SQL text for
both, and this module hides what differs:

* **Parameters.**  The stores write ``?`` (sqlite3's ``qmark`` style); on PostgreSQL
  :class:`PgConnection` rewrites them to psycopg's ``%s`` once per statement text
  (cached).  The stores' SQL has no ``?`` inside a string literal.
* **Upsert, ids.**  ``INSERT ... ON CONFLICT DO NOTHING`` (SQLite >= 3.24) and
  ``RETURNING id`` (SQLite >= 3.35, see "RETURNING", https://sqlite.org/lang_returning.html)
  are the same on both, so the stores use them instead of ``INSERT OR IGNORE`` and
  ``lastrowid``.
* **Rows.**  Both give rows that index by position and by column name: SQLite's
  :class:`sqlite3.Row`, and :class:`Row` here for psycopg.
* **Write transactions** (:class:`crib.store.schema.StoreConnection._write`):
  SQLite takes the database's write lock up front (``BEGIN IMMEDIATE``), so every
  write transaction runs alone.  PostgreSQL runs them at READ COMMITTED, at once; the
  few that read and then write what they read (the next move of a classmate game, a
  seat at a table, a tournament's next round) first lock the one row they depend on
  with ``SELECT ... FOR UPDATE`` (:meth:`StoreConnection._lock`; PostgreSQL manual,
  "Explicit Locking", 13.3.2 Row-Level Locks).  Appends need no lock: a unique token
  makes a retry store nothing twice on both databases.
* **Connections.**  The stores hold their own connection per kernel (no pool): psycopg
  directly, in autocommit mode for the reads (one statement, like SQLite's autocommit),
  and an explicit transaction for each write.  psycopg prepares a statement on the
  server after it has run five times, so the classmate poll is a prepared query.

SQLAlchemy is used only under Alembic, for the migrations (:mod:`crib.store.migrate`):
the stores' queries are plain SQL on the driver, which keeps SQLite's poll as fast as
it was (about 30 us).
"""

from __future__ import annotations

import os
import sqlite3
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from platformdirs import user_data_path

from crib.errors import CribError

__all__ = [
    "BUSY_TIMEOUT_MS",
    "PG_SCHEMES",
    "PgConnection",
    "RecordUnavailable",
    "Row",
    "connect",
    "database_errors",
    "default_target",
    "insert_id",
    "integrity_errors",
    "is_postgres",
    "retry_locked",
]

PG_SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")
BUSY_TIMEOUT_MS = 30_000


def is_postgres(target: object) -> bool:
    """Whether a ``CRIB_DB`` value is a PostgreSQL URL (anything else is a SQLite file)."""
    return isinstance(target, str) and target.startswith(PG_SCHEMES)


def default_target() -> Path | str:
    """``CRIB_DB`` if set (a file path, or a ``postgresql://`` URL kept as text), else
    ``classroom.sqlite3`` in the platform's folder for a user's application data
    (platformdirs: ``$XDG_DATA_HOME/crib``, by default ``~/.local/share/crib``, on Linux;
    ``~/Library/Application Support/crib`` on macOS; ``%LOCALAPPDATA%\\crib`` on Windows),
    outside the repository and the installed package."""
    env = os.environ.get("CRIB_DB")
    if env:
        return env if is_postgres(env) else Path(env).expanduser()
    return user_data_path("crib", appauthor=False) / "classroom.sqlite3"


if is_postgres(os.environ.get("CRIB_DB")):
    # a page's kernel imports this module while voila preheats it: psycopg's import
    # (about 0.23 CPU-s, bench/load_school.py) is then paid before the student's first
    # click, not at it
    import psycopg  # noqa: F401


def libpq_url(url: str) -> str:
    """The URL as libpq reads it (SQLAlchemy's ``postgresql+psycopg://`` spelling too)."""
    return "postgresql://" + url.split("://", 1)[1]


# --- rows and the PostgreSQL connection ------------------------------------------------


class Row(tuple):  # type: ignore[type-arg]
    """A result row that indexes by position or by column name, like :class:`sqlite3.Row`."""

    _index: dict[str, int]

    def __new__(cls, values: Sequence[Any], index: dict[str, int]) -> Row:
        row = super().__new__(cls, values)
        row._index = index
        return row

    def __getitem__(self, key: Any) -> Any:  # type: ignore[override]
        if isinstance(key, str):
            return tuple.__getitem__(self, self._index[key])
        return tuple.__getitem__(self, key)

    def keys(self) -> list[str]:
        return list(self._index)


def _row_factory(cursor: Any) -> Any:
    """psycopg's row factory: :class:`Row` s named by the cursor's columns."""
    desc = cursor.description
    if desc is None:
        return tuple
    index: dict[str, int] = {}
    for i, col in enumerate(desc):
        index.setdefault(col.name, i)  # the first column of a name wins, as in sqlite3.Row
    return lambda values: Row(values, index)


@lru_cache(maxsize=512)
def _pg_sql(sql: str) -> str:
    """``?`` parameters to psycopg's ``%s`` (and a literal ``%`` to ``%%``)."""
    return sql.replace("%", "%%").replace("?", "%s")


class RecordUnavailable(CribError):
    """The PostgreSQL server does not answer (restarting, the network down): the page says
    so, and the next poll or click reconnects.  A write that raised this was not
    acknowledged; a retry stores it once (unique tokens)."""


UNAVAILABLE = (
    "the class record is not answering (its database is restarting or out of reach): "
    "reconnecting; try again in a moment"
)


class PgConnection:
    """A psycopg connection with sqlite3's calling convention (``?`` parameters, rows by
    name), so the stores' queries run unchanged.  Autocommit; writes open a transaction.

    **Reconnecting.**  A connection the server dropped (a restart) is opened again on the
    next call; a read (``SELECT``) that failed on the dropped connection runs again at
    once on the new one.  A write is never run again here, since whether it committed is
    unknown: it raises :class:`RecordUnavailable`, and the page offers the retry."""

    dialect = "postgresql"

    def __init__(self, url: str) -> None:
        self.url = libpq_url(url)
        self.raw = self._open()

    def _open(self) -> Any:
        import psycopg

        try:
            return psycopg.connect(
                self.url, autocommit=True, row_factory=_row_factory, connect_timeout=5
            )
        except psycopg.OperationalError as e:
            raise RecordUnavailable(UNAVAILABLE) from e

    def _live(self) -> Any:
        if self.raw.closed or self.raw.broken:
            self.raw = self._open()
        return self.raw

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        import psycopg

        query = _pg_sql(sql) if params else sql
        for again in (False, True):
            raw = self._live()
            inside = raw.info.transaction_status != psycopg.pq.TransactionStatus.IDLE
            try:
                return raw.execute(query, tuple(params)) if params else raw.execute(query)
            except psycopg.OperationalError as e:
                if again or inside or sql.lstrip()[:6].upper() != "SELECT" or not raw.broken:
                    raise RecordUnavailable(UNAVAILABLE) from e
        return None  # pragma: no cover

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> Any:
        cur = self._live().cursor()
        cur.executemany(_pg_sql(sql), [tuple(r) for r in rows])
        return cur

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """``BEGIN ... COMMIT`` (``ROLLBACK`` if the block raises); a dropped connection
        is :class:`RecordUnavailable`."""
        import psycopg

        try:
            with self._live().transaction():
                yield
        except psycopg.OperationalError as e:
            raise RecordUnavailable(UNAVAILABLE) from e

    def close(self) -> None:
        self.raw.close()


def connect(target: str | os.PathLike[str]) -> tuple[str, Any]:
    """Open ``target``: ``("sqlite", sqlite3.Connection)`` or ``("postgresql", PgConnection)``.

    SQLite: WAL mode, a 30 s busy timeout, ``synchronous=NORMAL`` (in WAL mode a committed
    row survives a crash of the process, ``kill -9``; FULL would also survive a power
    loss at a sync per commit) and foreign keys on.
    """
    if is_postgres(target):
        return "postgresql", PgConnection(str(target))
    path = Path(target)
    path.parent.mkdir(parents=True, exist_ok=True)
    # isolation_level=None: the stores issue BEGIN IMMEDIATE / COMMIT themselves
    conn = sqlite3.connect(
        path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
    )
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    retry_locked(lambda: conn.execute("PRAGMA journal_mode=WAL").fetchone())
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    return "sqlite", conn


def retry_locked(fn: Any, attempts: int = 8) -> Any:
    """Run ``fn``; on SQLite's 'database is locked' (after the busy timeout) back off and retry."""
    for i in range(attempts):
        try:
            return fn()
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) and "busy" not in str(e) or i == attempts - 1:
                raise
            time.sleep(0.05 * 2**i)
    return None  # pragma: no cover


def insert_id(c: Any, sql: str, params: Sequence[Any]) -> int:
    """Run one ``INSERT`` and return the new row's ``id`` (``RETURNING id`` on both)."""
    return int(c.execute(f"{sql} RETURNING id", params).fetchall()[0][0])


def integrity_errors() -> tuple[type[BaseException], ...]:
    """The drivers' integrity errors (a unique key taken, a NOT NULL column left empty):
    for ``except integrity_errors():`` (evaluated only when something is raised)."""
    out: tuple[type[BaseException], ...] = (sqlite3.IntegrityError,)
    if "psycopg" in sys.modules:
        out += (sys.modules["psycopg"].IntegrityError,)
    return out


def database_errors() -> tuple[type[BaseException], ...]:
    """The drivers' database errors (what an append-only table's trigger raises)."""
    out: tuple[type[BaseException], ...] = (sqlite3.DatabaseError,)
    if "psycopg" in sys.modules:
        out += (sys.modules["psycopg"].DatabaseError,)
    return out
