"""The page server's own costs, each with and without its cut, side by side in one run
(issue #41; crib.tools.server_costs).

Run: .venv/bin/python bench/server_costs.py [--rounds 5] [--out data/server_costs.json]

Per round, alternating the two ways so that the machine's load falls on both alike:

* **import**: CPU-s of ``import voila.app`` in a fresh Python, as jsonschema leaves it
  (it builds rfc3987_syntax's Lark grammars) and with that module kept out;
* **templates**: CPU-ms to render a one-cell notebook with a new exporter (Voila makes
  one per kernel's page), each compiling the "lab" templates, or loading them from the
  shared bytecode cache;
* **dates**: µs to extract the dates of one message's header and parent header with
  dateutil's parser and with :func:`crib.tools.server_costs.parse_iso`;
* **debug**: µs per ``log.debug`` dropped at an INFO handler, with the logger at DEBUG
  (traitlets' way) and set to its handler's level.

The yardstick: the reference scorer's µs per hand, in the same run.  Writes the medians,
the ratios and the machine's load to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _util import timeit  # noqa: E402

IMPORT = (
    "import time; t = time.process_time(); {block}import voila.app; print(time.process_time() - t)"
)


def _import_cpu(block: bool) -> float:
    code = IMPORT.format(
        block="import sys; sys.modules['rfc3987_syntax'] = None; " if block else ""
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def _render_ms(cached: bool) -> float:
    import nbformat
    from nbconvert.exporters import HTMLExporter

    from crib.tools.server_costs import MemoryBytecodeCache

    cache = MemoryBytecodeCache()
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    times = []
    for _ in range(6):
        ex = HTMLExporter(template_name="lab")
        if cached:
            ex.environment.bytecode_cache = cache
        t = time.process_time()
        ex.from_notebook_node(nb)
        times.append(time.process_time() - t)
    return 1000 * statistics.median(times[1:])  # the first fills the cache


def _dates_us(fast: bool) -> float:
    from dateutil.parser import isoparse
    from jupyter_client import jsonutil

    from crib.tools.server_costs import parse_iso

    msg = {
        "header": {"msg_id": "a1", "date": "2026-12-05T02:41:45.123456Z", "msg_type": "status"},
        "parent_header": {"msg_id": "b2", "date": "2026-12-05T02:41:44.001Z", "session": "s"},
    }
    old = jsonutil._dateutil_parse
    jsonutil._dateutil_parse = parse_iso if fast else isoparse
    try:
        ts = timeit(lambda: jsonutil.extract_dates(msg), repeat=5, number=2000)
    finally:
        jsonutil._dateutil_parse = old
    return 1e6 * min(ts)


def _debug_us(quiet: bool) -> float:
    from crib.tools.server_costs import quiet_debug

    log = logging.getLogger(f"bench-debug-{quiet}")
    log.propagate = False
    log.setLevel(logging.DEBUG)
    h = logging.NullHandler()
    h.setLevel(logging.INFO)
    log.handlers = [h]
    if quiet:
        quiet_debug(log)
    ts = timeit(lambda: log.debug("activity on %s: %s", "kernel", "status"), repeat=5, number=5000)
    return 1e6 * min(ts)


def _yardstick_us() -> float:
    from crib.rules.cards import parse_cards
    from crib.rules.scoring import score_hand

    hand, starter = parse_cards("5H 5D JC QS"), parse_cards("5S")[0]
    return 1e6 * min(timeit(lambda: score_hand(hand, starter), repeat=5, number=2000))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--out", default=None)
    args = p.parse_args(argv)
    load0 = os.getloadavg()
    rows: dict[str, list[list[float]]] = {
        k: [[], []] for k in ("import", "templates", "dates", "debug")
    }
    for r in range(args.rounds):
        for cut in (False, True) if r % 2 == 0 else (True, False):
            rows["import"][cut].append(_import_cpu(cut))
            rows["templates"][cut].append(_render_ms(cut))
            rows["dates"][cut].append(_dates_us(cut))
            rows["debug"][cut].append(_debug_us(cut))
    units = {
        "import": "CPU-s",
        "templates": "CPU-ms per page",
        "dates": "µs per message",
        "debug": "µs per call",
    }
    out: dict = {
        "command": "python bench/server_costs.py " + " ".join(argv or sys.argv[1:]),
        "rounds": args.rounds,
        "yardstick_reference_scorer_us_per_hand": round(_yardstick_us(), 2),
        "loadavg_before": [round(x, 2) for x in load0],
    }
    for k, (before, after) in rows.items():
        b, a = statistics.median(before), statistics.median(after)
        out[k] = {
            "unit": units[k],
            "before": round(b, 3),
            "after": round(a, 3),
            "ratio": round(b / a, 2),
        }
        print(f"{k:10s} {b:10.3f} -> {a:10.3f} {units[k]:16s} ({b / a:.1f}x)")
    out["loadavg_after"] = [round(x, 2) for x in os.getloadavg()]
    print(
        f"yardstick: reference scorer {out['yardstick_reference_scorer_us_per_hand']} µs per hand"
    )
    if args.out:
        Path(args.out).write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
