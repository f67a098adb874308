"""The cold open of N pages of one dashboard at once (bench/load_class.py's last step).

``crib serve`` as one person starts it (no class: the discard page has no warm kernel
until it is first opened), then N headless chromium contexts open the page at once, each
with its own kernel: the time from each navigation to the page's analysis shown, as
bench/load_pages.py measures it (data/load_pages.json: a median of 30 s for 12 pages).
"""

from __future__ import annotations

import asyncio
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

from playwright.async_api import async_playwright

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _open_all(url: str, n: int) -> tuple[list[float], float]:
    async with async_playwright() as p:
        browser = await p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        )

        async def one() -> float:
            ctx = await browser.new_context()
            page = await ctx.new_page()
            t = time.perf_counter()
            await page.goto(url, wait_until="commit", timeout=600_000)
            await page.wait_for_selector("#loading", state="detached", timeout=600_000)
            await page.wait_for_selector(".crib-analyze", timeout=600_000)
            return time.perf_counter() - t

        t0 = time.perf_counter()
        times = await asyncio.gather(*(one() for _ in range(n)))
        all_open = time.perf_counter() - t0
        await browser.close()
    return list(times), all_open


def cold_open(n: int, page: str, serve_args: list[str], tmp: Path) -> dict:
    """Start a one-person server, wait for its two warm kernels, open ``n`` pages at once."""
    from crib.tools.school import stop_process  # bench/load_class.py put the repo on sys.path

    port = _free_port()
    log = tmp / f"voila-cold-{port}.log"
    env = {**os.environ, "CRIB_DB": str(tmp / f"cold-{port}.sqlite3")}
    cmd = [sys.executable, "-m", "crib.tools.serve", str(ROOT / "dashboards"), f"--port={port}"]
    with log.open("w") as f:
        server = subprocess.Popen(
            [*cmd, *serve_args], stdout=f, stderr=subprocess.STDOUT, cwd=ROOT, env=env
        )
    try:
        t0 = time.monotonic()
        while log.read_text().count("is filled with") < 2:  # the home page's and the game's
            if server.poll() is not None or time.monotonic() - t0 > 600:
                raise SystemExit(f"the one-person server did not start; see {log}")
            time.sleep(0.3)
        time.sleep(8)  # their pages run
        url = f"http://127.0.0.1:{port}/voila/render/{page}.ipynb"
        times, all_open = asyncio.run(_open_all(url, n))
    finally:
        stop_process(server, 60)
    return {
        "pages": n,
        "page": page,
        "open_to_interactive_s": {
            "median": round(statistics.median(times), 2),
            "max": round(max(times), 2),
            "min": round(min(times), 2),
        },
        "all_pages_open_s": round(all_open, 2),
    }
