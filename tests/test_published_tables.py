"""The seat tables (``data/crib_selfplay.csv``) against the published discard tables.

Issue #11: "On at least 80% of rank pairs, the seat tables lie within 0.6 points of
the range spanned by the published Hessel, Colvert and Schell tables."

Sources (transcribed in ``data/published_crib_tables.csv``; how, and which cells were
checked against which page, is in ``data/published_crib_tables.json``):

* Craig Hessel's computed tables (all 18,395 rank-only six-card hands, optimal
  discards, iterated; flushes ignored), DeLynn Colvert's charts (*Play Winning
  Cribbage*) and George Rasmussen's tables from his own tournament games, all three
  as published by Michael Schell at Cribbage Forum:
  http://www.cribbageforum.com/YourCrib.htm (discarding to your own crib, seat
  ``dealer``) and http://www.cribbageforum.com/OppCrib.htm (discarding to the
  opponent's crib, seat ``pone``).  The "Schell" table of the issue is the
  Rasmussen table Schell publishes there.
* Cribbage Pro (Fuller Systems), dealer and pone discard tables from real online
  play, https://blog.cribbagepro.net/2012/ ("Discarding", 18 Oct 2012).  Not one
  of the three the issue names; it is transcribed too and reported, not asserted
  (its pone table, from human opponents, sits well below the others on 5s).

The published tables are by rank only; our suited and offsuit rows are merged by
their natural frequency: of the 16 concrete card pairs of two unequal ranks 4 are
suited and 12 offsuit, so the rank value is 0.25 * suited + 0.75 * offsuit.

Measured on the shipped tables (seed 11, about 6,000 deals a row): every one of the 91
pairs of each seat lies within 0.6 (indeed within 0.16) of the Hessel/Colvert/Rasmussen
range, 24 dealer and 61 pone pairs inside it; the farthest are dealer 3-3 (5.76 against
5.90-6.08) and pone 2-3 (7.15 against 7.30-7.52).  The mean absolute difference from
Hessel is 0.11 (dealer) and 0.08 (pone) points.
"""

from __future__ import annotations

import csv
import json
from collections import defaultdict
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "data"
RANKS = "A23456789TJQK"
NAMED = ("hessel", "colvert", "rasmussen")
ALL_SOURCES = (*NAMED, "cribbagepro")
PAIRS = [f"{RANKS[i]}-{RANKS[j]}" for i in range(13) for j in range(i, 13)]


def published() -> dict[tuple[str, str], dict[str, float]]:
    out: dict[tuple[str, str], dict[str, float]] = defaultdict(dict)
    with open(DATA / "published_crib_tables.csv", newline="") as f:
        for r in csv.DictReader(f):
            out[r["seat"], r["pair"]][r["source"]] = float(r["value"])
    return out


def ours_by_rank() -> dict[tuple[str, str], float]:
    """Our seat table merged to rank pairs: 4 suited : 12 offsuit."""
    rows: dict[tuple[str, str], dict[str, float]] = defaultdict(dict)
    with open(DATA / "crib_selfplay.csv", newline="") as f:
        for r in csv.DictReader(f):
            rows[r["seat"], r["pair"]][r["suited"]] = float(r["mean"])
    out = {}
    for key, d in rows.items():
        out[key] = d[""] if "" in d else 0.25 * d["true"] + 0.75 * d["false"]
    return out


def distances(seat: str, sources: tuple[str, ...]) -> list[tuple[float, str, float, float, float]]:
    """(distance outside [min, max], pair, ours, min, max) for the 91 pairs, worst first."""
    pub, ours = published(), ours_by_rank()
    res = []
    for pair in PAIRS:
        vals = [pub[seat, pair][s] for s in sources]
        lo, hi = min(vals), max(vals)
        m = ours[seat, pair]
        res.append((max(lo - m, m - hi, 0.0), pair, m, lo, hi))
    return sorted(res, reverse=True)


def test_transcription_is_complete_and_cited() -> None:
    pub = published()
    assert len(pub) == 2 * 91
    for (seat, pair), d in pub.items():
        assert seat in ("dealer", "pone") and pair in PAIRS
        assert set(d) == set(ALL_SOURCES)
        assert all(1.5 < v < 10.0 for v in d.values())
    meta = json.loads((DATA / "published_crib_tables.json").read_text())
    for s in ALL_SOURCES:
        assert set(meta["sources"][s]["published_at"]) == {"dealer", "pone"}
    # Spot checks against the pages' own text.
    assert pub["pone", "5-5"]["hessel"] == 9.39 and pub["dealer", "5-5"]["hessel"] == 8.95
    assert pub["pone", "A-9"]["rasmussen"] == 4.34  # quoted in OppCrib.htm's text
    assert pub["dealer", "2-3"]["cribbagepro"] == 6.9  # the blog's worked example
    # Every published source has the seat asymmetry the issue tests for our table.
    for s in ALL_SOURCES:
        dealer = sum(pub["dealer", p][s] for p in PAIRS)
        pone = sum(pub["pone", p][s] for p in PAIRS)
        assert dealer < pone


@pytest.mark.parametrize("seat", ["dealer", "pone"])
def test_seat_table_within_published_range(seat: str) -> None:
    res = distances(seat, NAMED)
    frac = sum(d <= 0.6 for d, *_ in res) / len(res)
    worst = [(p, round(m, 2), lo, hi) for d, p, m, lo, hi in res[:5]]
    print(
        f"{seat}: {frac:.3f} of 91 pairs within 0.6 of the Hessel/Colvert/Rasmussen range; "
        f"worst {worst}"
    )
    assert frac >= 0.8, (frac, worst)


def test_five_five_pone_above_dealer() -> None:
    # Not in Cribbage Pro's real-play table: there pone 5-5 averages 7.4 against 8.5 for
    # the dealer (human pones throw 5-5 mostly with hands that hold the other 5s' partners).
    pub, ours = published(), ours_by_rank()
    for s in NAMED:
        assert pub["pone", "5-5"][s] > pub["dealer", "5-5"][s]
    assert ours["pone", "5-5"] > ours["dealer", "5-5"]
