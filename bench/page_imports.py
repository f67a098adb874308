"""Each page's open without a pegging analysis: CPU-seconds, modules and memory, with the
compiled kernels imported lazily (today) and eagerly (as every page did before: the
``eager`` run imports ``crib.analysis.play.jit`` first), side by side in one run.

    .venv/bin/python bench/page_imports.py [--repeat 3]

Each open is a fresh interpreter running the page's code cells, as a kernel does; the
figures are medians.  The yardstick: a bare ``import crib`` in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OPEN = r"""
import json, resource, sys, time
t = time.process_time()
if sys.argv[2] == "eager":
    from crib.analysis.play import jit
if sys.argv[1] == "-":
    import crib
else:
    g = {}
    for c in json.load(open(sys.argv[1]))["cells"]:
        if c["cell_type"] == "code":
            exec("".join(c["source"]), g)
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps([time.process_time() - t, len(sys.modules), "numba" in sys.modules, rss]))
"""


def open_once(page: str, how: str) -> list:
    path = "-" if page == "-" else str(ROOT / "dashboards" / f"{page}.ipynb")
    out = subprocess.run(
        [sys.executable, "-c", OPEN, path, how], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rows = {}
    for page in ("-", "index", "learn", "guide", "teacher", "trainer"):
        for how in ("lazy", "eager"):
            runs = [open_once(page, how) for _ in range(args.repeat)]
            cpu = statistics.median(r[0] for r in runs)
            rss = statistics.median(r[3] for r in runs)
            rows[f"{page if page != '-' else 'import crib'} ({how})"] = {
                "cpu_s": round(cpu, 2),
                "modules": runs[0][1],
                "numba": runs[0][2],
                "max_rss_mb": round(rss),
            }
            print(
                f"{page:8} {how:5}  {cpu:5.2f} CPU-s  {runs[0][1]:4} modules  "
                f"numba={runs[0][2]!s:5}  {rss:4.0f} MB max RSS",
                flush=True,
            )
    made = "bench/page_imports.py --repeat " + str(args.repeat)
    print(json.dumps({"command": made, "load_1min": os.getloadavg()[0], "pages": rows}, indent=1))


if __name__ == "__main__":
    main()
