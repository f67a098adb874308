"""The store tests' second database: a real PostgreSQL server, never a mock.

:func:`pg_server` (once per test process) runs Debian's ``postgresql`` binaries
(``/usr/lib/postgresql/<version>/bin``): ``initdb`` in a fresh temporary directory
(as the ``postgres`` user when the tests run as root, since PostgreSQL refuses to run as
root), then ``pg_ctl start`` with the server listening on a unix socket in that
directory only (no TCP port, so parallel test processes never collide), and a template
database migrated once by Alembic.  :func:`pg_url` gives each test a database of its own
copied from that template (``CREATE DATABASE ... TEMPLATE``, ``DROP ... WITH (FORCE)``
after).  At the end the server is stopped (``pg_ctl stop -m fast``) and the directory
removed.

``fsync=off``: the tests kill crib's processes (``kill -9`` of a writer), never the
server or the machine; a commit is still in the server's WAL, handed to the kernel,
before the client hears of it, so what they check does not depend on the disk sync.

Without the binaries the PostgreSQL half of the store tests skips with a message
(``make test`` installs them as root, as it does chromium); under CI it fails.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

PG_PORT = 5432  # only names the socket file inside the server's own directory


def pg_bindir() -> Path | None:
    """The newest Debian PostgreSQL's bin directory (``PG_BINDIR`` overrides)."""
    if os.environ.get("PG_BINDIR"):
        return Path(os.environ["PG_BINDIR"])
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(found[-1]).parent if found else None


class PgServer:
    """A running throwaway cluster: :meth:`url` of a database, :meth:`new_database`."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.dir = Path(tempfile.mkdtemp(prefix="crib-pg-"))
        self.data = self.dir / "data"
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # initdb and postgres refuse to run as root
            shutil.chown(self.dir, "postgres", "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "-E", "UTF8", "--locale=C", "--no-sync")
        opts = (f"-k {self.dir} -p {PG_PORT} -c listen_addresses='' -c max_connections=200 "
                "-c fsync=off -c full_page_writes=off")
        self.opts = opts
        self.start()
        self._n = itertools.count()

    def _run(self, tool: str, *args: str) -> None:
        out = subprocess.run([*self.as_user, str(self.bindir / tool), *args],
                             capture_output=True, text=True, timeout=180)
        if out.returncode:
            log = (self.dir / "log").read_text() if (self.dir / "log").exists() else ""
            raise RuntimeError(f"{tool} failed: {out.stderr or out.stdout}\n{log}")

    def url(self, dbname: str) -> str:
        return f"postgresql://postgres@/{dbname}?host={self.dir}&port={PG_PORT}"

    def admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.url("postgres"), autocommit=True) as c:
            c.execute(sql)

    def new_database(self, template: str = "template1") -> str:
        name = f"crib_{os.getpid()}_{next(self._n)}"
        self.admin(f"CREATE DATABASE {name} TEMPLATE {template}")
        return name

    def start(self) -> None:
        # -l: the server's output to a log file, not to this process's pipes
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.dir / "log"), "-o", self.opts,
                  "-w", "-t", "120", "start")

    def halt(self) -> None:
        """Stop the server (every connection dropped), keeping its data: :meth:`start` again."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "120", "stop")

    def restart(self) -> None:
        self.halt()
        self.start()

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """A PostgreSQL server for this test process, with ``crib_template`` migrated to head."""
    bindir = pg_bindir()
    if bindir is None or not (bindir / "initdb").exists():
        msg = "no PostgreSQL binaries (/usr/lib/postgresql/*/bin): make test installs postgresql as root"
        if os.environ.get("CI"):
            pytest.fail(msg + " (under CI a missing server is a failure)")
        pytest.skip(msg + "; skipping the PostgreSQL run of the store tests")
    server = PgServer(bindir)
    try:
        from crib.teach import db_migrate

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
    from crib.teach import db_migrate

    db_migrate.upgrade(path, f"{version:04d}")
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("DROP TABLE alembic_version")
    conn.execute(f"PRAGMA user_version={version}")
    conn.close()
