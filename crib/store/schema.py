"""The classroom record's connection plumbing, on SQLite or PostgreSQL.

Split out of :mod:`crib.store.classroom`, which holds the public types and the queries and
re-exports what is here.  This module owns how a store opens its database
(:func:`crib.store.db.connect`: a SQLite file in WAL mode, or a ``postgresql://`` URL),
migrates it (Alembic, :mod:`crib.store.migrate`) and writes to it: :meth:`_write`,
one short transaction, and :meth:`_lock`, the row lock a read-then-write transaction
takes on PostgreSQL (SQLite's ``BEGIN IMMEDIATE`` already runs it alone; see
:mod:`crib.store.db`).  See the :mod:`crib.store.classroom` docstring for the sources on WAL
and transactions.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from crib.store import migrate as db_migrate
from crib.store.db import BUSY_TIMEOUT_MS, connect, default_target, retry_locked

__all__ = [
    "SCHEMA_VERSION",
    "BUSY_TIMEOUT_MS",
    "StoreConnection",
    "default_db_path",
]

# the newest revision in crib/store/migrations/versions (tests/test_store.py checks it)
SCHEMA_VERSION = 10
MAX_TIME_LIMIT = 4 * 3600.0  # s: the longest time limit a set may have


def default_db_path() -> Path | str:
    """``CRIB_DB`` if set (a file path or a ``postgresql://`` URL), else
    ``classroom.sqlite3`` in the platform's user data folder (see
    :func:`crib.store.db.default_target`)."""
    return default_target()


class StoreConnection:
    """The connection plumbing under :class:`crib.store.classroom.Store` (one per kernel or
    process).

    ``path`` is a SQLite file (the default, :func:`default_db_path`) or a PostgreSQL URL;
    :attr:`dialect` says which.  Opening it migrates the schema to
    :data:`SCHEMA_VERSION` (two kernels opening a new database at once migrate it once).
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        target = path if path is not None else default_db_path()
        self.dialect, self.conn = connect(target)
        # a Path for a SQLite file, the URL (text) for PostgreSQL: Store(x.path) reopens it
        self.path: Path | str = Path(target) if self.dialect == "sqlite" else str(target)
        self.migrate()

    # -- plumbing -------------------------------------------------------------

    @staticmethod
    def _retry(fn: Any, attempts: int = 8) -> Any:
        """Run ``fn``; on SQLite's 'database is locked' (after the busy timeout) retry."""
        return retry_locked(fn, attempts)

    @contextmanager
    def _write(self) -> Iterator[Any]:
        """A short write transaction: SQLite's ``BEGIN IMMEDIATE ... COMMIT``, PostgreSQL's
        ``BEGIN ... COMMIT`` at READ COMMITTED (``ROLLBACK`` on error)."""
        if self.dialect != "sqlite":
            with self.conn.transaction():
                yield self.conn
            return
        self._retry(lambda: self.conn.execute("BEGIN IMMEDIATE"))
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def _lock(self, c: Any, table: str, column: str, value: Any) -> None:
        """Inside :meth:`_write`: lock the row of ``table`` (a name from crib's code, never
        input) whose ``column`` is ``value`` until COMMIT, so that a transaction that reads
        and then writes sees no other writer in between.  SQLite: nothing to do (its
        ``BEGIN IMMEDIATE`` holds the database's one write lock); PostgreSQL: ``SELECT ...
        FOR UPDATE``."""
        if self.dialect != "sqlite":
            c.execute(f"SELECT 1 FROM {table} WHERE {column}=? FOR UPDATE", (value,))

    @property
    def schema_version(self) -> int:
        """The database's schema revision (Alembic's, numbered 1, 2, ...)."""
        return db_migrate.version(self.dialect, self.conn)

    def migrate(self) -> int:
        """Apply the missing migrations (Alembic); returns the schema version."""
        if self.schema_version < SCHEMA_VERSION:
            db_migrate.upgrade(self.path)
        return self.schema_version

    def close(self) -> None:
        self.conn.close()

    def integrity_check(self) -> str:
        """'ok' for a sound database: SQLite's ``PRAGMA integrity_check``; on PostgreSQL,
        every index of the record valid and, where the ``amcheck`` extension is installed,
        every B-tree index checked against its rules (``bt_index_check``)."""
        if self.dialect == "sqlite":
            return str(self.conn.execute("PRAGMA integrity_check").fetchone()[0])
        bad = self.conn.execute(
            "SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid=i.indexrelid "
            "JOIN pg_namespace n ON n.oid=c.relnamespace "
            "WHERE n.nspname=current_schema() AND NOT (i.indisvalid AND i.indisready)"
        ).fetchall()
        if bad:
            return "invalid index: " + ", ".join(r[0] for r in bad)
        if self.conn.execute("SELECT 1 FROM pg_extension WHERE extname='amcheck'").fetchone():
            self.conn.execute(
                "SELECT bt_index_check(i.indexrelid) FROM pg_index i "
                "JOIN pg_class c ON c.oid=i.indexrelid JOIN pg_am a ON a.oid=c.relam "
                "JOIN pg_namespace n ON n.oid=c.relnamespace "
                "WHERE n.nspname=current_schema() AND a.amname='btree'"
            ).fetchall()  # raises on a broken index
        return "ok"
