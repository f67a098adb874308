"""Heatmap helpers for the crib models: 13x13 grids of crib values by rank pair.

These only lay values out for display, from the uniform
:func:`~crib.analysis.crib_models.crib_table` (the exact uniform model: the
heatmaps are teaching tables, whatever model the analyzers use) and the
self-play seat table.  This module imports ``crib_models``; never the reverse.

>>> heatmap_values("zz")
Traceback (most recent call last):
...
crib.errors.ModelError: unknown view 'zz': expected one of combined, sign, suited, offsuit
>>> heatmap_values("sign", "north")
Traceback (most recent call last):
...
crib.errors.SeatError: unknown seat 'north': expected dealer or pone
"""

from __future__ import annotations

from crib.analysis.crib_models import crib_table
from crib.errors import ModelError, SeatError

__all__ = ["VIEWS", "SEATS", "heatmap_values", "seat_heatmap_values"]

VIEWS = ("combined", "sign", "suited", "offsuit")
SEATS = ("dealer", "pone")


def _check(view: str | None, seat: str) -> None:
    if view is not None and view not in VIEWS:
        raise ModelError(f"unknown view {view!r}: expected one of {', '.join(VIEWS)}")
    if seat not in SEATS:
        raise SeatError(f"unknown seat {seat!r}: expected dealer or pone")


_NAN = float("nan")


def heatmap_values(view: str, seat: str = "dealer") -> list[list[float]]:
    """13x13 values: row = first card rank, column = second card rank.

    combined: suited above the diagonal, offsuit below, pairs on it.
    sign: value minus the table's average, + for the dealer (your crib),
    - for the pone (theirs): how much a throw helps or hurts you.
    suited, offsuit: one kind only (offsuit holds the pairs too), the rest NaN.
    """
    _check(view, seat)
    t = crib_table()
    mean = sum(float(v) for v in t.values()) / len(t)
    out = [[_NAN] * 13 for _ in range(13)]
    for r in range(13):
        for c in range(13):
            lo, hi = sorted((r + 1, c + 1))
            pair = lo == hi
            if view == "combined" or view == "sign":
                suited = c > r
                v = float(t[(lo, hi, suited and not pair)])
                if view == "sign":
                    v = (v - mean) * (1 if seat == "dealer" else -1)
            elif view == "suited":
                if pair:
                    continue
                v = float(t[(lo, hi, True)])
            else:  # offsuit and pairs
                v = float(t[(lo, hi, False)])
            out[r][c] = v
    return out


def seat_heatmap_values(seat: str = "dealer", diff: bool = False) -> list[list[float]]:
    """13x13 seat-table values (``data/crib_selfplay.csv``), laid out like
    :func:`heatmap_values` ``"combined"``: suited above the diagonal, offsuit below.

    ``diff``: the seat value minus the uniform table's exact value.
    """
    from crib.analysis.selfplay_tables import seat_crib_value

    _check(None, seat)
    t = crib_table()
    out = [[_NAN] * 13 for _ in range(13)]
    for r in range(13):
        for c in range(13):
            lo, hi = sorted((r + 1, c + 1))
            suited = c > r and lo != hi
            v = seat_crib_value(lo, hi, suited, seat)
            out[r][c] = v - float(t[(lo, hi, suited)]) if diff else v
    return out
