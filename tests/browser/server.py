"""The browser tests' Voila server (``crib.tools.serve`` on ``dashboards/``, the same
settings as ``make serve``): started, waited for, stopped.

Under ``make test`` (``pytest -n 2``) one server serves both workers: the controller
process starts it in ``pytest_configure`` (tests/conftest.py), before the workers exist,
so its kernel pools warm up while the workers collect and run their first tests, and the
workers read its address from :data:`ENV`.  Without xdist, the ``voila_url`` fixture
starts one for the session.  Either way its classroom record is a SQLite file in a temp
dir (the kernels inherit ``CRIB_DB``).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from crib.tools.school import stop_process

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
ENV = "CRIB_TEST_VOILA"  # the shared server: JSON {url, pid, log}
READY_SECONDS = 240  # the pools of every page filled and settled (20 kernels on 2 cores)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_request(
    port: int,
    path: str,
    *,
    src: str = "127.0.0.1",
    method: str = "GET",
    headers: dict[str, str] | None = None,
    body: str | None = None,
    timeout: float = 120,
) -> tuple[int, dict[str, str], str]:
    """One HTTP request to the server on ``port`` from the source address ``src`` (another
    loopback address is another device, as the server sees it): (status, headers, body)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(src, 0))
    try:
        conn.request(method, path, body=body, headers=headers or {})
        r = conn.getresponse()
        return (
            r.status,
            {k.lower(): v for k, v in r.getheaders()},
            r.read().decode("utf-8", "replace"),
        )
    finally:
        conn.close()


def kernel_parents(server_pid: int) -> set[int]:
    """The processes whose children are the server's kernels: the server, and the warm
    parent its kernels are forked from (crib.tools.fork_kernels)."""
    out = {server_pid}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            cmd = (stat.parent / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if ppid == server_pid and b"crib.tools.fork_server" in cmd:
            out.add(int(stat.parent.name))
    return out


def _kernels(server_pid: int) -> list[tuple[list[str], list[str]]]:
    """Each kernel process under the server: (its /proc stat fields after the name, its argv;
    a forked kernel shows a launched kernel's command line)."""
    out = []
    parents = kernel_parents(server_pid)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmd = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) in parents and b"ipykernel" in cmd:  # fields[1] is the ppid
            out.append((fields, cmd.decode().split("\0")))
    return out


def kernel_cpu(server_pid: int) -> tuple[int, int]:
    """(number of kernel processes under the server, their total CPU ticks), from /proc."""
    ks = _kernels(server_pid)
    return len(ks), sum(int(f[11]) + int(f[12]) for f, _argv in ks)  # utime + stime


def kernel_connections(server_pid: int) -> list[dict]:
    """The connection file of each kernel under the server (its ``-f`` argument)."""
    out = []
    for _fields, argv in _kernels(server_pid):
        if "-f" in argv:
            try:
                out.append(json.loads(Path(argv[argv.index("-f") + 1]).read_text()))
            except (OSError, ValueError):
                continue  # a kernel that has just shut down
    return out


def wait_for_idle_kernels(server_pid: int, n: int, deadline: float, slack: int = 0) -> bool:
    """Wait until ``n`` kernels exist and together they used at most ``slack`` CPU ticks in
    a whole second (0: none; a page that beats on its own needs some) (False: the deadline
    came first)."""
    last = None
    while time.monotonic() < deadline:
        now = kernel_cpu(server_pid)
        if now[0] >= n and last is not None and now[0] == last[0] and now[1] - last[1] <= slack:
            return True
        last = now
        time.sleep(1.0)
    return False


def start_class_server(
    pages: Path, db: Path, log: Path, *args: str, pools: int, kernels: int, timeout: float = 240
) -> tuple[subprocess.Popen, str, str]:
    """``crib serve PAGES --class`` on 127.0.0.1 (a free port, given in ``args`` as
    ``--port=N``) with the classroom record ``db`` and its output in ``log``: started, its
    ``pools`` pools filled and ``kernels`` kernels idle.  (The process, the teacher's key,
    the log's text); the test fails, saying why, if it exits or does not settle."""
    import pytest

    env = {**os.environ, "CRIB_DB": str(db), "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "crib.tools.serve", str(pages), "--no-browser", "--class"]
    with log.open("w") as f:
        proc = subprocess.Popen(
            [*cmd, "--Voila.ip=127.0.0.1", *args],
            stdout=f,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            env=env,
        )
    deadline = time.monotonic() + timeout
    while True:
        text = log.read_text()
        if proc.poll() is not None:
            pytest.fail(f"the class server exited early; see {log}")
        if "teacher opens:" in text and text.count("is filled with") >= pools:
            break
        if time.monotonic() > deadline:
            stop_process(proc, 20)
            pytest.fail(f"the class server did not start within {timeout:.0f} s; see {log}")
        time.sleep(0.5)
    if not wait_for_idle_kernels(proc.pid, kernels, deadline):
        stop_process(proc, 20)
        pytest.fail(f"the class server's kernels did not settle; see {log}")
    key = re.search(r"teacher opens: \S+key=(\S+)", text).group(1)  # type: ignore[union-attr]
    return proc, key, text


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] == "Z")


@dataclass
class Server:
    url: str
    pid: int
    log: Path
    proc: subprocess.Popen | None = None  # only in the process that started it
    home: Path | None = None  # its temp dir (the classroom record), removed at the end

    def to_env(self) -> str:
        return json.dumps({"url": self.url, "pid": self.pid, "log": str(self.log)})

    @classmethod
    def from_env(cls) -> Server | None:
        raw = os.environ.get(ENV)
        if not raw:
            return None
        d = json.loads(raw)
        return cls(d["url"], int(d["pid"]), Path(d["log"]))

    def wait_ready(self) -> str:
        """Wait for the port, then for every dashboard's preheated kernels to have run
        their page (the same settings as ``make serve``, so the tests meet what users
        get); the error, or "" once ready.  The first waiter marks it ready for the rest."""
        mark = self.log.with_suffix(".ready")
        if mark.exists():
            return ""
        n_dash = len(list((ROOT / "dashboards").glob("*.ipynb")))
        port = int(self.url.rsplit(":", 1)[1])
        deadline = time.monotonic() + READY_SECONDS
        while time.monotonic() < deadline:
            if mark.exists():
                return ""
            if not _alive(self.pid):
                return f"voila exited early; see {self.log}"
            filled = self.log.read_text().count("is filled with")
            with socket.socket() as s:
                up = s.connect_ex(("127.0.0.1", port)) == 0
            if up and filled >= n_dash:
                # "filled" is logged before each pooled kernel has run its notebook:
                # wait until the server's kernels have stopped using the CPU
                if not wait_for_idle_kernels(self.pid, n_dash, deadline):
                    break
                mark.touch()
                return ""
            time.sleep(0.3)
        return f"voila did not start with its kernel pools within {READY_SECONDS} s; see {self.log}"

    def stop(self) -> None:
        if self.proc is None:
            return
        stop_process(self.proc, 15)
        if self.home is not None:
            shutil.rmtree(self.home, ignore_errors=True)


def start(log_name: str = "voila.log") -> Server:
    """Start the server on a free port (not waiting for it)."""
    port = free_port()
    home = Path(tempfile.mkdtemp(prefix="crib-browser-db-"))
    env = {**os.environ, "CRIB_DB": str(home / "classroom.sqlite3")}
    env.pop(ENV, None)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / log_name
    log.with_suffix(".ready").unlink(missing_ok=True)
    with log.open("w") as f:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "crib.tools.serve",
                str(ROOT / "dashboards"),
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
                # two warm kernels for every page (crib serve's class pools), not the one
                # person's default: the tests open every page, two workers at once
                "--pool_size=2",
                # e.g. CRIB_SERVE_ARGS=--pool_size=1 to time voila's pools of 1, or
                # CRIB_SERVE_ARGS=--no-fork for kernels launched as Jupyter does (by
                # default, as with crib serve, they are forked: crib.tools.fork_kernels)
                *os.environ.get("CRIB_SERVE_ARGS", "").split(),
            ],
            stdout=f,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            env=env,
        )
    return Server(f"http://127.0.0.1:{port}", proc.pid, log, proc, home)


def wanted(args: list[str], testpaths: list[str]) -> bool:
    """Whether a run given these path arguments collects browser tests.

    >>> wanted([], ["tests", "crib"]), wanted(["tests/test_x.py"], []), wanted(["tests"], [])
    (True, False, True)
    >>> wanted(["tests/browser/test_play.py::test_a"], []), wanted(["."], [])
    (True, True)
    """
    browser = (ROOT / "tests" / "browser").resolve()
    for a in args or testpaths:
        p = Path(a.split("::", 1)[0])
        p = (p if p.is_absolute() else Path.cwd() / p).resolve()
        if p == browser or browser in p.parents or p in browser.parents:
            return True
    return False
