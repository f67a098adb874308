"""Heatmap helpers for the crib models: 13x13 grids of crib values by rank pair.

Split out of :mod:`crib.analysis.crib_models` (which re-exports both public
functions): these only lay values out for display, from the uniform
:func:`~crib.analysis.crib_models.crib_table` and the self-play seat table.
``crib_table`` is imported inside the functions, because ``crib_models`` imports
this module while it is being set up.
"""

from __future__ import annotations

__all__ = ["heatmap_values", "seat_heatmap_values"]

_NAN = float("nan")


def heatmap_values(view: str, seat: str = "dealer") -> list[list[float]]:
    """13x13 values: row = first card rank, column = second card rank.

    combined: suited above the diagonal, offsuit below, pairs on it.
    sign: value minus the table's average, + for the dealer (your crib),
    - for the pone (theirs): how much a throw helps or hurts you.
    """
    from crib.analysis.crib_models import crib_table

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
    from crib.analysis.crib_models import crib_table
    from crib.analysis.selfplay_tables import seat_crib_value

    t = crib_table()
    out = [[_NAN] * 13 for _ in range(13)]
    for r in range(13):
        for c in range(13):
            lo, hi = sorted((r + 1, c + 1))
            suited = c > r and lo != hi
            v = seat_crib_value(lo, hi, suited, seat)
            out[r][c] = v - float(t[(lo, hi, suited)]) if diff else v
    return out
