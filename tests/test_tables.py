from __future__ import annotations

import csv
import json
from fractions import Fraction
from pathlib import Path

from crib.analysis.crib_models import crib_table
from crib.tools.gen_tables import COMMAND, table_rows

DATA = Path(__file__).resolve().parents[1] / "data"


def test_shipped_csv_and_json_match_a_fresh_computation(tmp_path: Path) -> None:
    fresh = table_rows()
    with (DATA / "crib_table.csv").open() as f:
        lines = [ln for ln in f if not ln.startswith("#")]
    shipped = list(csv.DictReader(lines))
    assert len(shipped) == 169
    for a, b in zip(shipped, fresh, strict=True):
        assert (a["low"], a["high"], a["kind"]) == (b["low"], b["high"], b["kind"])
        assert Fraction(int(a["numerator"]), int(a["denominator"])) == Fraction(
            int(b["numerator"]),
            int(b["denominator"]),  # type: ignore[arg-type]
        )
    meta = json.loads((DATA / "crib_table.json").read_text())
    assert meta["command"] == COMMAND and len(meta["entries"]) == 169
    assert len(crib_table()) == 169


def test_the_rank_table_equals_the_reference_scorer_on_every_code() -> None:
    """The vectorized rank points against :func:`crib.rules.scoring.rank_points`, all 13**5
    codes (every multiset of five ranks, in every order)."""
    import numpy as np

    from crib.analysis.tables import rank5_reference, rank5_table

    fast, ref = rank5_table(), rank5_reference()
    assert fast.shape == ref.shape == (13**5,)
    assert np.array_equal(fast, ref), np.flatnonzero(fast != ref)[:5]
    assert int(ref.max()) == 28  # 5-5-5-J-5 (29 with nobs) is the top of the rank points
