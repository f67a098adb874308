from __future__ import annotations

import csv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


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
