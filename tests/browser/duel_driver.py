"""Two real pages playing a classmate game: the server, the pages' moves, every websocket
frame each page receives, and the time a move takes to reach the other page.

Shared by ``tests/browser/test_duel.py`` (which checks the frames and the resume) and
``bench/duel_latency.py`` (which reports the latency); not part of the package.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crib.tools.school import stop_process
from tests.browser.server import kernel_parents

from .conftest import open_options

ROOT = Path(__file__).resolve().parents[2]
PHASE = ".crib-duel-phase"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _kernels(server_pid: int) -> list[int]:
    parents = kernel_parents(server_pid)  # the server, and its kernels' warm parent
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            cmd = (stat.parent / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue
        if ppid in parents and b"ipykernel" in cmd:
            out.append(int(stat.parent.name))
    return out


@contextmanager
def serve_play_page(workdir: Path, log: Path) -> Iterator[tuple[str, Path, int]]:
    """Serve only the play page (its pool of 2 preheated kernels) from ``workdir``, with
    the classroom record there; yields (base url, the record's path, the server's pid)."""
    dash = workdir / "dash"
    dash.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "dashboards" / "play.ipynb", dash / "play.ipynb")
    db = workdir / "class.sqlite3"
    port = _free_port()
    env = {**os.environ, "CRIB_DB": str(db)}
    with log.open("w") as f:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "crib.tools.serve",
                str(dash),
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
                "--pool_size=2",  # two warm play pages, one per player (not one person's 1)
            ],
            stdout=f,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            env=env,
        )
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"voila exited early; see {log}")
            with socket.socket() as s:
                up = s.connect_ex(("127.0.0.1", port)) == 0
            if up and "is filled with" in log.read_text() and len(_kernels(proc.pid)) >= 2:
                break
            time.sleep(0.5)
        else:
            raise RuntimeError(f"voila did not start within 240 s; see {log}")
        time.sleep(8)  # the pooled kernels run the page (the coach's tables warm up)
        yield f"http://127.0.0.1:{port}", db, proc.pid
    finally:
        stop_process(proc, 15)


@dataclass
class Player:
    """One page and what it received."""

    name: str
    page: Any
    frames: list[tuple[float, str]] = field(default_factory=list)  # (time.time(), text)
    kernel_ids: list[str] = field(default_factory=list)
    t_commit: float = 0.0  # time.time() of the last click that commits a move

    def watch(self) -> None:
        """Record every websocket frame this page receives (every comm message)."""

        def on_ws(ws: Any) -> None:
            m = re.search(r"/api/kernels/([0-9a-f-]{36})/", ws.url)
            if m:
                self.kernel_ids.append(m.group(1))

            def got(payload: str | bytes) -> None:
                text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
                self.frames.append((time.time(), text))

            ws.on("framereceived", got)

        self.page.on("websocket", on_ws)

    # -- reading the page ---------------------------------------------------------------

    def attr(self, name: str) -> str:
        return str(self.page.get_attribute(PHASE, f"data-{name}") or "")

    @property
    def phase(self) -> str:
        return self.attr("phase")

    @property
    def move(self) -> int:
        return int(self.attr("move") or 0)

    @property
    def step(self) -> int:
        return int(self.attr("step") or 0)

    def wait_js(self, cond: str, timeout: float = 30_000) -> None:
        self.page.wait_for_function(
            f"() => {{ const e = document.querySelector('{PHASE}'); return e && ({cond}); }}",
            timeout=timeout,
            polling="raf",
        )

    def wait_move_after(self, m: int, timeout: float = 30_000) -> None:
        self.wait_js(f"Number(e.dataset.move) > {m}", timeout)

    # -- moves ----------------------------------------------------------------------------

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_selector("#loading", state="detached", timeout=120_000)
        open_options(self.page)  # "Play a classmate" is in the game's options
        self.page.wait_for_selector("button.crib-classmate", state="visible", timeout=120_000)

    def click(self, selector: str) -> None:
        s0 = self.step
        self.page.click(selector)
        self.wait_js(f"Number(e.dataset.step) > {s0}")

    def sit(self, code: str | None = None) -> str:
        """Play a classmate: create a table (no code) or join one; returns the code."""
        self.page.click("button.crib-classmate")
        self.page.fill(".crib-duel-name input", self.name)
        if code is None:
            self.page.click("button.crib-duel-create")
        else:
            self.page.fill(".crib-duel-code-entry input", code)
            self.page.click("button.crib-duel-join")
        self.page.wait_for_selector(PHASE, timeout=30_000)
        return str(self.page.get_attribute(".crib-duel-code", "data-code"))

    def act(self) -> str | None:
        """This page's move if it has one (the first two cards thrown, the first card that
        fits played, Continue after the show); the kind of move, or None."""
        ph = self.phase
        mine = int(self.attr("mine") or 0)  # this seat's moves drawn so far
        done = f"Number(e.dataset.mine) > {mine}"
        if ph == "discard":
            self.click(".crib-duel-app button.crib-card-1")
            self.click(".crib-duel-app button.crib-card-2")
            self.t_commit = time.time()
            self.page.click("button.crib-duel-action")
            self.wait_js(done)
        elif ph == "play":
            self.t_commit = time.time()
            self.page.click(".crib-duel-app .crib-hand button.crib-legal:visible >> nth=0")
            self.wait_js(done)
        elif ph == "hand_over":
            self.page.click("button.crib-duel-action")
            self.wait_js("e.dataset.phase !== 'hand_over'")
        else:
            return None
        return ph


def kill_kernel(player: Player, server_pid: int) -> int:
    """``kill -9`` the kernel behind ``player``'s page (its latest websocket's kernel)."""
    kid = player.kernel_ids[-1]
    for pid in _kernels(server_pid):
        if kid.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
            os.kill(pid, signal.SIGKILL)
            return pid
    raise RuntimeError(f"no kernel process for kernel {kid}")


def move_latencies(
    rows: list, seen: list[dict], clicks: list[tuple[int, float]]
) -> tuple[list[float], list[float]]:
    """Each stored move's delay to the other page (seconds): from its click, and from its
    commit.  ``seen[seat]`` maps a move id to when that page first drew it (ms, as
    ``window.crib_moves`` records it); ``clicks`` holds (seat, time) of each commit."""
    from_click, from_commit = [], []
    for row in rows:
        times = [v / 1000 for k, v in seen[1 - row.seat].items() if int(k) >= row.id]
        if not times:
            continue
        shown = min(times)
        from_commit.append(shown - row.created)
        click = max((t for s, t in clicks if s == row.seat and t <= row.created), default=None)
        if click is not None and row.kind != "go":
            from_click.append(shown - click)
    return from_click, from_commit


def median_max(xs: list[float]) -> tuple[float, float]:
    s = sorted(xs)
    return (s[len(s) // 2] if len(s) % 2 else (s[len(s) // 2 - 1] + s[len(s) // 2]) / 2), s[-1]
