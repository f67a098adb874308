"""Re-execute the dashboards and teaching notebooks in place, storing their outputs.

Run: ``python -m crib.tools.regen [paths...]`` (``make notebooks`` does this for
``dashboards/`` and ``notebooks/``).  Saved widget state is dropped: Voila and
nbval rebuild widgets from the code, and the state only bloats the files.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def regen(path: Path, timeout: int = 600) -> float:
    nb = nbformat.read(path, as_version=4)
    t = time.perf_counter()
    NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    elapsed = time.perf_counter() - t
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(nb, path)
    return elapsed


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    roots = [Path(a) for a in args] or [Path("dashboards"), Path("notebooks")]
    files = sorted(p for r in roots for p in ([r] if r.suffix == ".ipynb" else r.glob("*.ipynb")))
    for f in files:
        print(f"{f}: {regen(f):.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
