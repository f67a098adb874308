"""What ``crib serve`` costs before anyone opens a page: memory and the time until quiet.

Run: .venv/bin/python bench/serve_footprint.py [--class-size 30] [--out F]

Starts the server three ways, one after the other, in this one run, each from a temporary
folder with a fresh classroom record (``CRIB_DB``):

* ``one person``: ``crib serve`` as it starts today without ``--class``: a warm kernel for
  the home page and one for the game; the other pages warm once opened;
* ``pools of 2``: ``--pool_size=2``, two warm kernels for every page, what ``crib serve``
  warmed without a class before (issue #36);
* ``class``: ``--class-size N`` (default 30), what ``make serve`` started before (0 skips it).

For each: the seconds until every pool is filled and the server and its kernels use under
10% of a core (bench/load_class.py's ``_wait_ready``), the kernels and their PSS in all
(``/proc/<pid>/smaps_rollup``), and how often the log says "is not trusted" (once per
page is expected).  Then one page outside the warm set (``traps.ipynb``) is requested, to
check that it gets a warm kernel of its own afterwards.  The yardstick from the same run:
the seconds a bare ``python -c "import crib.ui.kit"`` takes, one kernel's import work.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from load_class import _descendants, _free_port, _loadavg, _memory, _wait_ready  # noqa: E402

from crib.tools.school import stop_process  # noqa: E402


def _yardstick() -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import crib.ui.kit.nav, pandas, matplotlib"], check=True)
    return round(time.perf_counter() - t, 2)


def _one(name: str, args: list[str], pools: int) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="crib-footprint-"))
    port = _free_port()
    log = tmp / "voila.log"
    env = {**os.environ, "CRIB_DB": str(tmp / "classroom.sqlite3")}
    cmd = [sys.executable, "-m", "crib.tools.serve", f"--port={port}", *args]
    with log.open("w") as f:
        server = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=tmp, env=env)
    try:
        quiet = _wait_ready(server, log, port, pools, timeout=900)
        out = {
            "command": "crib serve " + " ".join(args),
            "seconds_until_quiet": round(quiet, 1),
            **_memory(server.pid),
            "not_trusted_warnings": log.read_text().count("is not trusted"),
            "load_average": _loadavg(),
        }
        before = len(_descendants(server.pid))
        with urllib.request.urlopen(
            f"http://127.0.0.1:{port}/voila/render/traps.ipynb", timeout=300
        ) as r:
            r.read()
        time.sleep(15)  # the page's own kernel, then a warm one for the next visit
        out["kernels_after_opening_traps"] = len(_descendants(server.pid))
        out["kernels_before_opening_traps"] = before
        print(f"{name}: {json.dumps(out)}", flush=True)
        return out
    finally:
        stop_process(server)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--class-size", type=int, default=30, help="0: no class run")
    ap.add_argument(
        "--out", default=None, help="a JSON file for the figures (data/serve_footprint.json)"
    )
    a = ap.parse_args()
    pages = len(list((ROOT / "dashboards").glob("*.ipynb")))
    res = {
        "yardstick_import_seconds": _yardstick(),
        "one person": _one("one person", [], 2),
        "pools of 2": _one("pools of 2", ["--pool_size=2"], pages),
    }
    if a.class_size:
        res["class"] = _one("class", [f"--class-size={a.class_size}"], pages)
    solo, old = res["one person"], res["pools of 2"]
    res["ratio_pss_pools_of_2_to_one_person"] = round(
        old["total_pss_mib"] / solo["total_pss_mib"], 2
    )
    print(json.dumps(res, indent=1))
    if a.out:
        Path(a.out).write_text(json.dumps(res, indent=1) + "\n")


if __name__ == "__main__":
    main()
