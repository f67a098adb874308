"""The classroom record's migrations: Alembic, one revision chain for SQLite and PostgreSQL.

Why Alembic and not ``PRAGMA user_version`` any more: ``user_version`` is a SQLite
header field, and PostgreSQL has nothing like it, so keeping it would mean writing our
own version table, lock and runner for PostgreSQL, which is what Alembic is
(https://alembic.sqlalchemy.org).  One tool now migrates both, from the revisions in
``crib/store/migrations/versions``.  A revision writes its DDL once, in SQLite's words,
through :func:`ddl` (PostgreSQL gets ``BIGINT`` for ``INTEGER``, an identity column for
``INTEGER PRIMARY KEY`` and ``DOUBLE PRECISION`` for ``REAL``, whose PostgreSQL meaning
is a 4-byte float), and its append-only triggers through :func:`append_only`.

The revision ids are ``0001`` to ``0005``: the numbers ``PRAGMA user_version`` had, so a
SQLite file made before Alembic (``user_version`` N, no ``alembic_version`` table) is
stamped at revision N and carried on from there; the migration also keeps
``user_version`` equal to the revision, for an older crib that opens the file.

A store opens with no Alembic import when its schema is current: :func:`version` reads
``alembic_version`` on the store's own connection, and only an older (or empty)
database runs ``alembic.command.upgrade(cfg, "head")`` (:func:`upgrade`), so a fresh
``CRIB_DB`` works with no step.  Two kernels that open a new database at once migrate it
once: on SQLite the whole upgrade is one ``BEGIN IMMEDIATE`` transaction (Alembic's
``transactional_ddl``, with the ``BEGIN`` that SQLAlchemy's pysqlite documentation,
"Serializable isolation / Savepoints / Transactional DDL", says to emit from the
"begin" event); on PostgreSQL, whose DDL is transactional too, the upgrade first takes
a transaction-scoped advisory lock (``pg_advisory_xact_lock``).
"""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from crib.store.db import BUSY_TIMEOUT_MS, is_postgres, libpq_url

__all__ = [
    "MIGRATIONS_DIR",
    "append_only",
    "ddl",
    "head",
    "newest",
    "start_upgrade",
    "upgrade",
    "version",
]

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
_LOCK_KEY = 0x637269622D6462  # 'crib-db': the advisory lock of a PostgreSQL upgrade


def version(dialect: str, conn: Any) -> int:
    """The schema revision of an open database (0: empty)."""
    if dialect == "sqlite":
        if not conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name='alembic_version'"
        ).fetchone():
            return int(conn.execute("PRAGMA user_version").fetchone()[0])  # before Alembic
    elif conn.execute("SELECT to_regclass('alembic_version')").fetchone()[0] is None:
        return 0
    row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    return int(row[0]) if row else 0


def head() -> int:
    """The newest revision in ``migrations/versions`` (read by Alembic)."""
    from alembic.script import ScriptDirectory

    return int(ScriptDirectory(str(MIGRATIONS_DIR)).get_current_head() or 0)


def _engine(target: Path | str) -> Any:
    """A SQLAlchemy engine on the store's own kind of connection (for Alembic only)."""
    import sqlalchemy as sa
    from sqlalchemy.pool import NullPool

    if is_postgres(target):
        import psycopg

        url = libpq_url(str(target))
        return sa.create_engine(
            "postgresql+psycopg://", creator=lambda: psycopg.connect(url), poolclass=NullPool
        )
    engine = sa.create_engine(
        "sqlite://",
        creator=lambda: sqlite3.connect(
            target, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
        ),
        poolclass=NullPool,
    )
    sa.event.listen(engine, "begin", lambda c: c.exec_driver_sql("BEGIN IMMEDIATE"))
    return engine


def upgrade(target: Path | str, revision: str = "head") -> None:
    """Migrate the database at ``target`` to ``revision`` (Alembic's ``upgrade``)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    engine = _engine(target)
    try:
        with engine.connect() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, revision)
    finally:
        engine.dispose()


def run_migrations(context: Any, conn: Any) -> None:
    """The body of ``migrations/env.py``: one locked transaction (see the module docstring)."""
    sqlite = conn.dialect.name == "sqlite"
    context.configure(connection=conn, transactional_ddl=True)
    with context.begin_transaction():
        if sqlite:
            _stamp_legacy(conn)
        else:
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_LOCK_KEY})")
        context.run_migrations()
        if sqlite:
            v = conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
            conn.exec_driver_sql(f"PRAGMA user_version={int(v or 0)}")


def _stamp_legacy(conn: Any) -> None:
    """A SQLite file migrated by ``PRAGMA user_version`` (crib before Alembic): record its
    version as the revision of the same number, inside the upgrade's transaction."""
    has = conn.exec_driver_sql(
        "SELECT 1 FROM sqlite_master WHERE type='table' AND name='alembic_version'"
    ).scalar()
    legacy = int(conn.exec_driver_sql("PRAGMA user_version").scalar() or 0)
    if has or not legacy:
        return
    conn.exec_driver_sql(
        "CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL, "
        "CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num))"
    )
    conn.exec_driver_sql(f"INSERT INTO alembic_version VALUES ('{legacy:04d}')")


# --- what the revisions call ----------------------------------------------------------------


def _pg_types(sql: str) -> str:
    sql = re.sub(
        r"\bINTEGER PRIMARY KEY\b", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", sql
    )
    sql = re.sub(r"\bINTEGER\b", "BIGINT", sql)
    return re.sub(r"\bREAL\b", "DOUBLE PRECISION", sql)


def ddl(script: str) -> None:
    """Run a revision's tables and indexes (``;``-separated, no triggers), written in
    SQLite's words, on the database Alembic migrates."""
    from alembic import op

    bind = op.get_bind()
    pg = bind.dialect.name == "postgresql"
    for stmt in (s.strip() for s in script.split(";")):
        if stmt:
            bind.exec_driver_sql(_pg_types(stmt) if pg else stmt)


def append_only(table: str, message: str, ops: tuple[str, ...] = ("UPDATE", "DELETE")) -> None:
    """Triggers that refuse ``ops`` on ``table`` with ``message``: an integrity error on
    both databases (SQLite's ``RAISE(ABORT)``; on PostgreSQL SQLSTATE 23000, and a
    statement trigger refuses TRUNCATE too when DELETE is refused)."""
    from alembic import op

    bind = op.get_bind()
    for what in ops:
        name = f"{table}_no_{what.lower()}"
        if bind.dialect.name == "sqlite":
            bind.exec_driver_sql(
                f"CREATE TRIGGER {name} BEFORE {what} ON {table}\n"
                f"    BEGIN SELECT RAISE(ABORT, '{message}'); END"
            )
            continue
        bind.exec_driver_sql(
            f"CREATE TRIGGER {name} BEFORE {what} ON {table} FOR EACH ROW "
            f"EXECUTE FUNCTION crib_refuse('{message}')"
        )
        if what == "DELETE":
            bind.exec_driver_sql(
                f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
                f"FOR EACH STATEMENT EXECUTE FUNCTION crib_refuse('{message}')"
            )


def refuse_function() -> None:
    """PostgreSQL's trigger function behind :func:`append_only` (revision 0001 makes it)."""
    from alembic import op

    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        bind.exec_driver_sql(
            "CREATE FUNCTION crib_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            "RAISE EXCEPTION USING MESSAGE = TG_ARGV[0], "
            "ERRCODE = 'integrity_constraint_violation'; "
            "END $$"
        )


def start_upgrade(target: Path | str | None = None) -> subprocess.Popen[bytes]:
    """Migrate the record in a process of its own (``python -m crib.store.migrate``), as a
    server starts: its page kernels then find the schema current and never import Alembic
    and SQLAlchemy (about 40 MB and 0.7 CPU-s in each kernel that would migrate).  A kernel
    that opens the record first still migrates it (once, under the lock above)."""
    env = dict(os.environ)
    if target is not None:
        env["CRIB_DB"] = str(target)
    return subprocess.Popen(
        [sys.executable, "-m", "crib.store.migrate"], env=env, stdout=subprocess.DEVNULL
    )


def newest() -> int:
    """The newest revision, read from the revision files' ``revision = "NNNN"`` lines (no
    Alembic import: :func:`head` asks Alembic, and a test checks that both agree)."""
    found = re.findall(
        r'^revision = "(\d+)"',
        "\n".join(p.read_text() for p in (MIGRATIONS_DIR / "versions").glob("v*.py")),
        flags=re.M,
    )
    return max(map(int, found), default=0)


def main() -> int:
    """Migrate the record at ``CRIB_DB`` (or the default) if it is behind; 1 and a message on
    stderr if it cannot be opened or migrated."""
    from crib.store.db import connect, default_target

    target = default_target()
    try:
        dialect, conn = connect(target)
        try:
            behind = version(dialect, conn) < newest()
        finally:
            conn.close()
        if behind:
            upgrade(target)
    except Exception as e:  # noqa: BLE001 - said, not raised: the pages say it again
        print(f"crib: the classroom record could not be migrated: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
