"""A throwaway PostgreSQL server from Debian's binaries, in a temporary directory.

For the store tests (``tests/pg.py``), the school's load bench (``bench/load_school.py``)
and a one-machine demo (``crib school --local-postgres``): :class:`PgServer` runs
Debian's ``postgresql`` binaries (``/usr/lib/postgresql/<version>/bin``): ``initdb`` in
a fresh temporary directory (as the ``postgres`` user when run as root, since PostgreSQL
refuses to run as root), then ``pg_ctl start`` with the server listening on a unix
socket in that directory only (no TCP port, so parallel runs never collide).
:meth:`PgServer.stop` stops it (``pg_ctl stop -m fast``) and removes the directory.

``fast=True`` (the tests) turns ``fsync`` off: they kill crib's processes, never the
server or the machine, and a commit is still in the server's WAL, handed to the kernel,
before the client hears of it.  A demo or a measurement keeps PostgreSQL's defaults.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

__all__ = ["PG_PORT", "PgServer", "pg_bindir"]

PG_PORT = 5432  # only names the socket file inside the server's own directory


def pg_bindir() -> Path | None:
    """The newest Debian PostgreSQL's bin directory (``PG_BINDIR`` overrides)."""
    if os.environ.get("PG_BINDIR"):
        return Path(os.environ["PG_BINDIR"])
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4])
    )
    return Path(found[-1]).parent if found else None


class PgServer:
    """A running throwaway cluster: :meth:`url` of a database, :meth:`new_database`."""

    def __init__(self, bindir: Path, *, fast: bool = True, max_connections: int = 200) -> None:
        self.bindir = bindir
        self.dir = Path(tempfile.mkdtemp(prefix="crib-pg-"))
        self.data = self.dir / "data"
        self.as_user: list[str] = []
        # initdb and postgres refuse to run as root (POSIX; Windows has no geteuid)
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        opts = (
            f"-k {self.dir} -p {PG_PORT} -c listen_addresses='' "
            f"-c max_connections={max_connections}"
        )
        if fast:
            opts += " -c fsync=off -c full_page_writes=off"
        self.opts = opts
        self.start()
        self._n = itertools.count()

    def _run(self, tool: str, *args: str) -> None:
        out = subprocess.run(
            [*self.as_user, str(self.bindir / tool), *args],
            capture_output=True,
            text=True,
            timeout=180,
        )
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
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.dir / "log"),
            "-o",
            self.opts,
            "-w",
            "-t",
            "120",
            "start",
        )

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
