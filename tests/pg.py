"""The store tests' second database: a real PostgreSQL server, never a mock.

:func:`pg_server` (once per test process) starts a throwaway server from Debian's
``postgresql`` binaries in a temporary directory (:class:`crib.tools.pg_local.PgServer`,
a unix socket only, ``fsync`` off) and migrates a template database once with Alembic.
:func:`pg_url` gives each test a database of its own copied from that template
(``CREATE DATABASE ... TEMPLATE``, ``DROP ... WITH (FORCE)`` after).  At the end the
server is stopped and its directory removed.

``fsync=off``: the tests kill crib's processes (``kill -9`` of a writer), never the
server or the machine; a commit is still in the server's WAL, handed to the kernel,
before the client hears of it, so what they check does not depend on the disk sync.

Without the binaries the PostgreSQL half of the store tests skips with a message
(``make test`` installs them as root, as it does chromium); under CI it fails.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from crib.tools.pg_local import PgServer, pg_bindir

__all__ = [
    "PgServer",
    "pg_bindir",
    "pg_server",
    "pg_url",
    "pg_empty_url",
    "db_target",
    "legacy_sqlite",
]


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """A PostgreSQL server for this test process, with ``crib_template`` migrated to head."""
    bindir = pg_bindir()
    if bindir is None or not (bindir / "initdb").exists():
        msg = (
            "no PostgreSQL binaries (/usr/lib/postgresql/*/bin): "
            "make test installs postgresql as root"
        )
        if os.environ.get("CI"):
            pytest.fail(msg + " (under CI a missing server is a failure)")
        pytest.skip(msg + "; skipping the PostgreSQL run of the store tests")
    server = PgServer(bindir)
    try:
        from crib.store import migrate as db_migrate

        server.admin("CREATE DATABASE crib_template")
        db_migrate.upgrade(server.url("crib_template"))
        import psycopg

        with psycopg.connect(server.url("crib_template"), autocommit=True) as c:
            c.execute("CREATE EXTENSION IF NOT EXISTS amcheck")
        yield server
    finally:
        server.stop()


@pytest.fixture()
def pg_url(pg_server: PgServer) -> Iterator[str]:
    """A fresh PostgreSQL database for one test, already at the schema's head."""
    name = pg_server.new_database("crib_template")
    yield pg_server.url(name)
    pg_server.admin(f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture()
def pg_empty_url(pg_server: PgServer) -> Iterator[str]:
    """An empty PostgreSQL database (no schema) for one test."""
    name = pg_server.new_database()
    yield pg_server.url(name)
    pg_server.admin(f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_target(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """Where a store test's record lives: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return tmp_path / "class.sqlite3"
    return str(request.getfixturevalue("pg_url"))


def legacy_sqlite(path: Path, version: int) -> None:
    """A SQLite file as crib made it before Alembic: the schema at ``version`` and
    ``PRAGMA user_version`` = ``version``, with no ``alembic_version`` table (the
    revisions write the same SQL the old migration list did)."""
    from crib.store import migrate as db_migrate

    db_migrate.upgrade(path, f"{version:04d}")
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("DROP TABLE alembic_version")
    conn.execute(f"PRAGMA user_version={version}")
    conn.close()
