from __future__ import annotations

import csv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "reference"


@pytest.fixture(scope="session")
def published_hand_distribution() -> dict[int, int]:
    """Lumetta, "Amusing Cribbage Facts" (also Wikipedia, "Cribbage statistics")."""
    path = SHARED / "hand_score_distribution.csv"
    if not path.exists():
        pytest.fail(f"published reference missing: {path}")
    with path.open() as f:
        return {int(r["score"]): int(r["hands"]) for r in csv.DictReader(f)}
