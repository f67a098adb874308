"""The widget messages each page sends as it opens: what the server decodes for every kernel
it warms (issue #41).

Run: .venv/bin/python bench/page_messages.py [--label L] [--out data/page_messages.json]
         [PAGE ...]

For each dashboard (default: all), a fresh kernel runs the page's code cells as Voila does,
and every message the kernel publishes until it is idle is counted by kind: ``comm_open``
(one per widget model: a widget, its layout, its style), ``update`` (a model's state changed
after it was opened) and the bytes of their JSON.  The classroom record is a fresh SQLite
file.  Run it with ``PYTHONPATH`` on another checkout to count that checkout's pages; the
results are kept under ``--label`` in ``--out``, next to the other labels' counts.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def count(notebook: Path) -> dict[str, int]:
    """The messages of one page's open, in a fresh kernel."""
    from jupyter_client.manager import start_new_kernel

    cells = json.loads(notebook.read_text())["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    km, kc = start_new_kernel()
    try:
        msg_id = kc.execute(code)
        kinds: Counter[str] = Counter()
        size = 0
        while True:
            m = kc.get_iopub_msg(timeout=120)
            kind = m["msg_type"]
            if kind == "comm_msg":
                kind = m["content"]["data"].get("method") or kind
            kinds[kind] += 1
            size += len(json.dumps(m["content"]))
            idle = m["msg_type"] == "status" and m["content"]["execution_state"] == "idle"
            if idle and m["parent_header"].get("msg_id") == msg_id:
                break
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    return {
        "comm_open": kinds["comm_open"],
        "update": kinds["update"],
        "all": sum(kinds.values()),
        "kib": round(size / 1024, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("pages", nargs="*", help="dashboards/NAME.ipynb (default: all)")
    ap.add_argument("--label", default="now")
    ap.add_argument("--out", default=str(ROOT / "data" / "page_messages.json"))
    args = ap.parse_args()
    pages_dir = Path(os.environ.get("PYTHONPATH", str(ROOT)).split(os.pathsep)[0]) / "dashboards"
    pages = [pages_dir / p for p in args.pages] or sorted(pages_dir.glob("*.ipynb"))
    commit = subprocess.run(
        ["git", "-C", str(pages_dir.parent), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["CRIB_DB"] = str(Path(tmp) / "record.sqlite3")
        counts = {p.stem: count(p) for p in pages}
    for name, c in counts.items():
        print(f"{name:10} {c['comm_open']:4} opened {c['update']:4} updates {c['kib']:7} KiB")
    out = Path(args.out)
    result = json.loads(out.read_text()) if out.exists() else {}
    result[args.label] = {
        "command": "python bench/page_messages.py " + " ".join(sys.argv[1:]),
        "commit": commit,
        "pages": counts,
    }
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"saved {out}")


if __name__ == "__main__":
    main()
