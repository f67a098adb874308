"""The two setups of bench/load_school.py, started and stopped here, and what is measured
of them while a load runs (memory, PostgreSQL connections, load average).

* **A, a school**: a throwaway PostgreSQL (crib/tools/pg_local.py :class:`PgServer`,
  PostgreSQL's defaults kept: ``fsync`` on) with the record migrated, then
  ``python -m crib.tools.school --servers 2 --db URL DIR ...``: two crib servers and
  Debian's nginx in front; everyone comes in through the way in (``/go/<page>``).
* **B, one server**: ``python -m crib.tools.serve DIR ...`` with ``CRIB_DB`` a SQLite file.

:class:`Meter` samples every process of a setup (found under its process trees and
classed by command line: kernel, crib server, nginx, postgres) every 2 s: RSS and PSS
from ``/proc/<pid>/smaps_rollup``, the peak of the total; PostgreSQL's connections
(``pg_stat_activity``); the 1-minute load average.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from load_class import _cpu_seconds, _descendants, _free_port, _loadavg, _mem_kib  # noqa: E402

from crib.tools.school import stop_process  # noqa: E402

KINDS = ("kernel", "server", "nginx", "postgres", "other")
MIN_AVAILABLE_MIB = 1500  # a load stops when the machine's available memory falls below this


RENDERED_KIB = 100 * 1024


class NotReady(RuntimeError):
    """A setup whose preheated kernels did not all run their page."""


class LowMemory(RuntimeError):
    """The machine (shared) is running out of memory: the load stops before the OOM killer picks."""


def available_mib() -> int:
    """``MemAvailable`` from /proc/meminfo, MiB."""
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) // 1024
    return 0


def check_memory(what: str) -> int:
    """The available memory (MiB), or :class:`LowMemory` below :data:`MIN_AVAILABLE_MIB`."""
    free = available_mib()
    if free < MIN_AVAILABLE_MIB:
        raise LowMemory(
            f"{what}: the machine's available memory fell to {free} MiB "
            f"(< {MIN_AVAILABLE_MIB} MiB); stopped"
        )
    return free


PREFIX = re.compile(r"^/s(\d+)/")


def classify(cmdline: list[str]) -> str:
    """What a process of a setup is, from its command line (``/proc/<pid>/cmdline``).

    >>> classify(["/v/bin/python", "-m", "ipykernel_launcher", "-f", "k.json"])
    'kernel'
    >>> classify(["/v/bin/python", "-m", "crib.tools.serve", "d", "--port=1"])
    'server'
    >>> classify(["nginx: worker process"]), classify(["postgres: checkpointer"])
    ('nginx', 'postgres')
    >>> classify(["/v/bin/python", "-m", "crib.tools.school", "--servers", "2"])
    'other'
    """
    text = " ".join(cmdline)
    if "ipykernel_launcher" in text:
        return "kernel"
    if "crib.tools.serve" in text:
        return "server"
    if text.startswith(("nginx", "/usr/sbin/nginx")):
        return "nginx"
    if text.startswith("postgres") or "/bin/postgres" in text:
        return "postgres"
    return "other"


def server_of(location: str) -> int:
    """The server a way-in redirect sends to (``/s<k>/...``, absolute or not); 1 without a prefix.

    >>> server_of("/s2/voila/render/trainer.ipynb?code=ABC234"), server_of("http://h:8/s1/voila/render/x.ipynb")
    (2, 1)
    >>> server_of("/voila/render/trainer.ipynb")
    1
    """
    m = PREFIX.match(urlsplit(location).path)
    return int(m.group(1)) if m else 1


def _cmdline(pid: int) -> list[str]:
    try:
        return [
            a.decode(errors="replace")
            for a in Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            if a
        ]
    except OSError:
        return []


class Setup:
    """A running setup: its way in, its process trees, its record (``target``)."""

    name = ""
    pg = None  # the PgServer of A

    def __init__(self, tmp: Path, page_dir: Path, serve_args: list[str]) -> None:
        self.tmp, self.page_dir, self.serve_args = tmp, page_dir, serve_args
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.target = ""
        self.logs: list[Path] = []

    def roots(self) -> list[int]:
        out = [self.proc.pid] if self.proc is not None else []
        if self.pg is not None:
            pid = (self.pg.data / "postmaster.pid").read_text().split()[0]
            out.append(int(pid))
        return out

    def pids(self) -> dict[int, str]:
        """Every process of the setup: {pid: kind}."""
        out: dict[int, str] = {}
        for r in self.roots():
            for pid in [r, *_descendants(r)]:
                out[pid] = classify(_cmdline(pid))
        return out

    def cpu_s(self) -> float:
        return _cpu_seconds(
            [p for p, k in self.pids().items() if k in ("kernel", "server", "nginx", "postgres")]
        )

    def cpu_by_kind(self) -> dict[str, float]:
        """CPU seconds so far by kind of process (a process's children it has waited for
        included: a kernel that exited counts for its server, a connection's backend that
        ended for PostgreSQL's postmaster)."""
        pids = self.pids()
        return {k: _cpu_seconds([p for p, kind in pids.items() if kind == k]) for k in KINDS[:4]}

    def way_in(self, page: str, query: str = "") -> tuple[str, int, float]:
        """(the page's server base URL, its number, seconds the way in took)."""
        return self.base, 1, 0.0

    def rendered(self) -> int:
        """Kernels that have run their page: a bare kernel is about 53 MiB RSS, one that has
        run the trainer or the play page (numpy, pandas, matplotlib, crib) 170 to 250."""
        return sum(_mem_kib(p)[0] > RENDERED_KIB for p, k in self.pids().items() if k == "kernel")

    def wait_ready(
        self, n_pools: int, kernels: int, timeout: float = 1500, stuck: float = 240
    ) -> float:
        """Until every server's pools are filled, ``kernels`` kernels have run their page and
        the setup is quiet (< 0.3 CPU-s in 3 s); :class:`NotReady` if no more kernels run
        their page for ``stuck`` seconds (a kernel that could not start, say)."""
        t0 = last = time.monotonic()
        seen = -1
        while time.monotonic() - t0 < timeout:
            if self.proc is None or self.proc.poll() is not None:
                raise SystemExit(f"{self.name}: the server exited; see {self.logs}")
            check_memory(f"{self.name}, starting")
            filled = self.logs and all(
                p.exists() and p.read_text(errors="replace").count("is filled with") >= n_pools
                for p in self.logs
            )
            n = self.rendered()
            if filled and n >= kernels:
                break
            if n > seen:
                seen, last = n, time.monotonic()
            elif time.monotonic() - last > stuck:
                raise NotReady(
                    f"{self.name}: {n} of {kernels} preheated kernels had run the page after "
                    f"{time.monotonic() - t0:.0f} s, none more "
                    f"for {stuck:.0f} s; {self.log_errors()}"
                )
            time.sleep(2)
        while time.monotonic() - t0 < timeout:
            a = self.cpu_s()
            time.sleep(3)
            if self.cpu_s() - a < 0.3:
                return time.monotonic() - t0
        raise NotReady(f"{self.name}: not ready within {timeout} s; {self.log_errors()}")

    def log_errors(self) -> str:
        """The servers' logs' error lines (the last lines of each traceback), counted."""
        errs: Counter[str] = Counter()
        for p in self.logs:
            for line in p.read_text(errors="replace").splitlines() if p.exists() else []:
                if re.match(r"^[a-zA-Z_.]+(Error|Exception): ", line):
                    errs[re.sub(r"\d{4,}", "N", line.strip())[:160]] += 1
        return (
            "; ".join(f"{n} x {e}" for e, n in errs.most_common(3)) or "no error in the server logs"
        )

    def stop(self) -> None:
        """SIGTERM the setup (the school stops its servers and nginx; a server its kernels);
        after 90 s, SIGKILL, and any of its processes left (a server whose pool is stuck
        does not stop its kernels) too, each by its pid."""
        if self.proc is None:
            return
        mine = {p: k for p, k in self.pids().items() if k in ("kernel", "server", "nginx")}
        stop_process(self.proc, 90)
        self.proc = None
        for pid, kind in mine.items():
            if classify(_cmdline(pid)) == kind:  # still that process, not a new one with its pid
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)


class SchoolSetup(Setup):
    """A: two crib servers and nginx (``crib.tools.school``) on a PostgreSQL record."""

    name = "A"

    def __init__(
        self,
        tmp: Path,
        page_dir: Path,
        serve_args: list[str],
        pg: object,
        url: str,
        servers: int = 2,
    ) -> None:
        super().__init__(tmp, page_dir, serve_args)
        self.pg, self.target, self.servers = pg, url, servers
        self.run_dir = tmp / f"school-{self.port}"
        self.command = [
            "python",
            "-m",
            "crib.tools.school",
            f"--servers={servers}",
            "--port=PORT",
            "--db=postgresql://...",
            "DIR",
            *serve_args,
        ]

    def start(self) -> None:
        log = self.tmp / f"school-{self.port}.log"
        cmd = [
            sys.executable,
            "-m",
            "crib.tools.school",
            f"--servers={self.servers}",
            f"--port={self.port}",
            f"--run-dir={self.run_dir}",
            f"--db={self.target}",
            str(self.page_dir),
            *self.serve_args,
        ]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        with log.open("w") as f:
            self.proc = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=ROOT, env=env)
        self.logs = [self.run_dir / f"crib-{k}.log" for k in range(1, self.servers + 1)]

    def way_in(self, page: str, query: str = "") -> tuple[str, int, float]:
        """GET ``/go/<page>?<query>`` through nginx (round robin), as a student's link does:
        the redirect names the server (its prefix)."""
        t = time.perf_counter()
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        try:
            c.request("GET", f"/go/{page}" + (f"?{query}" if query else ""))
            r = c.getresponse()
            r.read()
            loc = r.getheader("Location") or ""
        finally:
            c.close()
        if r.status not in (301, 302, 303, 307) or not loc:
            raise RuntimeError(f"the way in answered {r.status} {loc!r}")
        k = server_of(loc)
        return f"{self.base}/s{k}", k, time.perf_counter() - t


class OneServer(Setup):
    """B: one ``crib.tools.serve`` on a SQLite record."""

    name = "B"

    def __init__(self, tmp: Path, page_dir: Path, serve_args: list[str], db: Path) -> None:
        super().__init__(tmp, page_dir, serve_args)
        self.target = str(db)
        self.command = ["python", "-m", "crib.tools.serve", "DIR", "--port=PORT", *serve_args]

    def start(self) -> None:
        log = self.tmp / f"serve-{self.port}.log"
        cmd = [
            sys.executable,
            "-m",
            "crib.tools.serve",
            str(self.page_dir),
            f"--port={self.port}",
            *self.serve_args,
        ]
        env = {**os.environ, "CRIB_DB": self.target, "PYTHONPATH": str(ROOT)}
        with log.open("w") as f:
            self.proc = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=ROOT, env=env)
        self.logs = [log]


def page_dir(tmp: Path, pages: list[str], all_pages: bool) -> Path:
    """A folder with just these dashboards (the whole folder with ``all_pages``)."""
    if all_pages:
        return ROOT / "dashboards"
    d = tmp / ("pages-" + "-".join(p.split(".")[0] for p in pages))
    d.mkdir(exist_ok=True)
    for p in pages:
        shutil.copy(ROOT / "dashboards" / p, d / p)
    return d


def pg_connections(url: str) -> dict[str, int]:
    """PostgreSQL's connections now: every row of ``pg_stat_activity`` (its own background
    processes too) and the client connections other than this one's."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as c:
        row = c.execute(
            "SELECT count(*), count(*) FILTER (WHERE backend_type='client "
            "backend' AND pid<>pg_backend_pid()) FROM pg_stat_activity"
        ).fetchone()
    return {"pg_stat_activity": int(row[0]), "client": int(row[1])}


def pg_transactions(url: str) -> int:
    """Transactions committed and rolled back in the record's database so far
    (``pg_stat_database``; each autocommit read is one)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as c:
        row = c.execute(
            "SELECT xact_commit + xact_rollback FROM pg_stat_database "
            "WHERE datname = current_database()"
        ).fetchone()
    return int(row[0])


def memory(pids: dict[int, str]) -> dict:
    """RSS and PSS (MiB) by kind of process, the kernels' mean, and the total."""
    mems: dict[str, list[tuple[int, int]]] = {k: [] for k in KINDS}
    for pid, kind in pids.items():
        m = _mem_kib(pid)
        if m != (0, 0):
            mems[kind].append(m)
    ker = mems["kernel"]
    out = {
        "kernels": len(ker),
        "kernel_rss_mib_mean": round(statistics.mean(m[0] for m in ker) / 1024, 1) if ker else 0,
        "kernel_pss_mib_mean": round(statistics.mean(m[1] for m in ker) / 1024, 1) if ker else 0,
    }
    for kind in KINDS:
        if mems[kind]:
            out[f"{kind}_pss_mib"] = round(sum(m[1] for m in mems[kind]) / 1024, 1)
    out["total_rss_mib"] = round(sum(m[0] for ms in mems.values() for m in ms) / 1024, 1)
    out["total_pss_mib"] = round(sum(m[1] for ms in mems.values() for m in ms) / 1024, 1)
    return out


class Meter:
    """Samples a setup every ``every`` s while a load runs: the memory at the peak of the
    total PSS, the most PostgreSQL connections, the 1-minute load average."""

    def __init__(self, setup: Setup, every: float = 2.0) -> None:
        self.setup, self.every = setup, every
        self.peak: dict = {}
        self.conns: dict[str, int] = {}
        self.loads: list[float] = []
        self.min_available = available_mib()
        self.on_low: Any = None  # called once with the LowMemory message
        self.low = ""

    def sample(self) -> None:
        try:
            self.min_available = min(self.min_available, check_memory(self.setup.name))
        except LowMemory as e:
            self.min_available = min(self.min_available, available_mib())
            if not self.low and self.on_low is not None:
                self.low = str(e)
                self.on_low(self.low)
        m = memory(self.setup.pids())
        if m["total_pss_mib"] >= self.peak.get("total_pss_mib", -1):
            self.peak = m
        if self.setup.pg is not None:
            now = pg_connections(self.setup.target)
            self.conns = {k: max(v, self.conns.get(k, 0)) for k, v in now.items()}
        self.loads.append(_loadavg()[0])

    async def run(self) -> None:
        while True:
            await asyncio.to_thread(self.sample)
            await asyncio.sleep(self.every)

    def result(self) -> dict:
        out = {
            "memory_peak": self.peak,
            "machine_available_mib_min": self.min_available,
            "loadavg_1min": {
                "min": min(self.loads),
                "max": max(self.loads),
                "mean": round(statistics.mean(self.loads), 2),
            }
            if self.loads
            else {},
        }
        if self.setup.pg is not None:
            out["pg_connections_peak"] = self.conns
        return out
