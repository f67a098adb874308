from __future__ import annotations

import csv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Keep together what must run in one process when ``make test`` runs the suite on both
    cores (pytest-xdist, ``--dist loadgroup``): a notebook's cells share one kernel and run in
    order, and the browser tests share one Voila server and one chromium.  Everything else is
    handed out test by test."""
    for item in items:
        path = Path(str(item.path))
        if path.suffix == ".ipynb":
            item.add_marker(pytest.mark.xdist_group(path.name))
        elif "browser" in path.parts:
            item.add_marker(pytest.mark.xdist_group("browser"))


@pytest.fixture(scope="session", autouse=True)
def _warm_pegging_kernels() -> None:
    """Compile (or load from the disk cache) the numba pegging kernels once, up front."""
    from crib.analysis.play import jit

    jit.warm()


@pytest.fixture(scope="session")
def published_hand_distribution() -> dict[int, int]:
    """Lumetta, "Amusing Cribbage Facts" (also Wikipedia, "Cribbage statistics")."""
    path = ROOT / "data" / "hand_score_distribution_published.csv"
    with path.open() as f:
        lines = [ln for ln in f if not ln.startswith("#")]
    return {int(r["score"]): int(r["hands"]) for r in csv.DictReader(lines)}
