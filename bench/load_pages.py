"""How many dashboard pages this machine holds: memory per kernel and responsiveness.

Run: .venv/bin/python bench/load_pages.py [--pages 12] [--page discard]

Starts Voila (the same launcher as ``make serve``) on a free loopback port,
opens N pages of one dashboard at once in headless chromium (one browser
context each, so each page gets its own kernel), then, with all N open, types a
new hand into every page and times how long each takes to show its new table.
Memory is read from /proc: the RSS of every kernel process Voila started.
Results go to data/load_pages.json with the command that made them.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
HANDS = ["AH 2H 3H 4H 9C KS", "5H 5D 6C 7S 8H 9D", "2C 3D 4S 5C 6H JD", "JH QH KH 5S 5C TD"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return 0
    return 0


def _children(pid: int) -> list[int]:
    out = []
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                fields = (p / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(p.name))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pages", type=int, default=12)
    ap.add_argument("--page", default="discard")
    args = ap.parse_args()
    port = _free_port()
    log = Path("/tmp") / f"crib-load-voila-{port}.log"
    with log.open("w") as f:
        server = subprocess.Popen(
            [sys.executable, "-m", "crib.tools.serve", str(ROOT / "dashboards"), f"--port={port}"],
            stdout=f,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
        )
    n_dash = len(list((ROOT / "dashboards").glob("*.ipynb")))
    try:
        # the same settings as `make serve`; wait until every preheated pool is filled
        for _ in range(1800):
            with socket.socket() as s:
                up = s.connect_ex(("127.0.0.1", port)) == 0
            if up and log.read_text().count("is filled with") >= n_dash:
                time.sleep(8)
                break
            time.sleep(0.1)
        url = f"http://127.0.0.1:{port}/voila/render/{args.page}.ipynb"
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium",
                args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
            )
            pages, open_times = [], []
            t0 = time.perf_counter()
            for _ in range(args.pages):  # start every navigation first, then wait for all
                ctx = browser.new_context()
                pg = ctx.new_page()
                pg.goto(url, wait_until="commit")
                pages.append((ctx, pg, time.perf_counter()))
            for _ctx, pg, t in pages:
                pg.wait_for_selector("#loading", state="detached", timeout=180_000)
                pg.wait_for_selector(".crib-analyze", timeout=120_000)
                open_times.append(time.perf_counter() - t)
            all_open = time.perf_counter() - t0
            kernels = _children(server.pid)
            kernel_rss = [_rss_kib(k) for k in kernels]
            server_rss = _rss_kib(server.pid)
            # with every page open, each one analyses a new hand
            resp = []
            for i, (_ctx, pg, _t) in enumerate(pages):
                box = pg.locator(".crib-picker-text input")
                hand = HANDS[i % len(HANDS)] if i % len(HANDS) != 1 else HANDS[0]
                t = time.perf_counter()
                box.fill(hand)
                box.press("Enter")
                expect(pg.locator(".crib-status")).to_contain_text("Best as dealer", timeout=30_000)
                expect(pg.locator(".crib-picker-text input")).to_have_value(
                    " ".join(hand.split()).upper()
                )
                resp.append(time.perf_counter() - t)
            for ctx, _pg, _t in pages:
                ctx.close()
            browser.close()
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(30)
    res = {
        "command": f"python bench/load_pages.py --pages {args.pages} --page {args.page}",
        "pages": args.pages,
        "cores": os.cpu_count(),
        "kernels_seen": len(kernel_rss),
        "kernel_rss_mib_mean": round(statistics.mean(kernel_rss) / 1024, 1) if kernel_rss else None,
        "kernel_rss_mib_max": round(max(kernel_rss) / 1024, 1) if kernel_rss else None,
        "server_rss_mib": round(server_rss / 1024, 1),
        "total_rss_mib": round((sum(kernel_rss) + server_rss) / 1024, 1),
        "open_to_interactive_s": {
            "median": round(statistics.median(open_times), 2),
            "max": round(max(open_times), 2),
        },
        "all_pages_open_s": round(all_open, 2),
        "response_with_all_open_s": {
            "median": round(statistics.median(resp), 3),
            "max": round(max(resp), 3),
        },
    }
    print(json.dumps(res, indent=1))
    out = ROOT / "data" / "load_pages.json"
    out.write_text(json.dumps(res, indent=1) + "\n")
    print(f"saved {out}")


if __name__ == "__main__":
    main()
