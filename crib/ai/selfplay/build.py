"""The shipped tables, built from finished self-play runs.

Each builder takes the merged arrays of a run (:func:`crib.ai.selfplay.run`)
and returns a pandas DataFrame; :func:`write_tables` writes the CSVs and a
JSON note with the command, seed, n and time of every table.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pandas as pd

from crib.ai.selfplay.experiments import KEEPS, PAIR_CLASSES
from crib.analysis.win import WIN, WinTable, induce_win_table

__all__ = [
    "Z95",
    "RANK_CHARS",
    "pair_name",
    "keep_name",
    "crib_frame",
    "pegging_frame",
    "win_frames",
    "deal_summary",
    "deal_distributions_json",
    "crosscheck_frame",
]

Z95 = 1.959963984540054
RANK_CHARS = "A23456789TJQK"


def pair_name(lo: int, hi: int) -> str:
    """``'5-T'`` from 0-based ranks, low first.

    >>> pair_name(4, 9), pair_name(0, 12)
    ('5-T', 'A-K')
    """
    return f"{RANK_CHARS[lo]}-{RANK_CHARS[hi]}"


def keep_name(keep: tuple[int, ...]) -> str:
    """``'A-2-3-4'`` from ranks 1..13.

    >>> keep_name((1, 2, 3, 4))
    'A-2-3-4'
    """
    return "-".join(RANK_CHARS[r - 1] for r in sorted(keep))


def crib_frame(a: dict[str, np.ndarray]) -> pd.DataFrame:
    """``seat, pair, suited, mean, ci95_low, ci95_high, n`` (338 rows).

    The ratio estimator sum(s) / sum(m) over deals (``s``: crib points summed
    over the class's concrete pairs that avoid the six, ``m``: how many), with
    the delta-method interval.
    """
    rows = []
    n = a["n"].astype(float)
    for seat_i, seat in enumerate(("dealer", "pone")):
        for c, (lo, hi, suited) in enumerate(PAIR_CLASSES):
            s, s2, sm = a["s"][seat_i, c], a["s2"][seat_i, c], a["sm"][seat_i, c]
            m, m2, k = a["m"][c], a["m2"][c], n[c]
            r = s / m
            resid = max(s2 - 2 * r * sm + r * r * m2, 0.0)  # sum of (s_i - r m_i)^2
            se = math.sqrt(resid / (k * (k - 1))) / (m / k) if k > 1 else math.inf
            rows.append(
                {
                    "seat": seat,
                    "pair": pair_name(lo, hi),
                    "suited": "" if lo == hi else ("true" if suited else "false"),
                    "mean": round(r, 4),
                    "ci95_low": round(r - Z95 * se, 4),
                    "ci95_high": round(r + Z95 * se, 4),
                    "n": int(k),
                }
            )
    return pd.DataFrame(rows)


def _weighted(w: np.ndarray, w2: np.ndarray, wx: np.ndarray, w2x: np.ndarray, w2x2: np.ndarray):
    """Weighted mean and its standard error from the sums."""
    with np.errstate(divide="ignore", invalid="ignore"):
        r = wx / w
        resid = np.maximum(w2x2 - 2 * r * w2x + r * r * w2, 0.0)
        se = np.sqrt(resid) / w
    return r, se


def pegging_frame(a: dict[str, np.ndarray]) -> pd.DataFrame:
    """``keep, seat, keeper_pegs, opponent_pegs, net, n`` and 95% intervals (3,640 rows)."""
    kx, kse = _weighted(a["w"], a["w2"], a["wx"], a["w2x"], a["w2x2"])
    oy, ose = _weighted(a["w"], a["w2"], a["wy"], a["w2y"], a["w2y2"])
    # net = x - y: its w2-weighted square expands into the stored sums
    w2d = a["w2x"] - a["w2y"]
    w2d2 = a["w2x2"] - 2 * a["w2xy"] + a["w2y2"]
    net, nse = _weighted(a["w"], a["w2"], a["wx"] - a["wy"], w2d, w2d2)
    rows = []
    for j, keep in enumerate(KEEPS):
        for s, seat in enumerate(("dealer", "pone")):
            rows.append(
                {
                    "keep": keep_name(keep),
                    "seat": seat,
                    "keeper_pegs": round(float(kx[s, j]), 4),
                    "opponent_pegs": round(float(oy[s, j]), 4),
                    "net": round(float(net[s, j]), 4),
                    "n": int(a["n"][s, j]),
                    "keeper_ci95": round(float(Z95 * kse[s, j]), 4),
                    "opponent_ci95": round(float(Z95 * ose[s, j]), 4),
                    "net_ci95_low": round(float(net[s, j] - Z95 * nse[s, j]), 4),
                    "net_ci95_high": round(float(net[s, j] + Z95 * nse[s, j]), 4),
                }
            )
    return pd.DataFrame(rows)


def win_frames(
    events: np.ndarray, batches: int = 10
) -> tuple[pd.DataFrame, pd.DataFrame, WinTable]:
    """The 121 x 121 win table and the long table with skunks and 95% intervals.

    The interval comes from batch means: the deals are cut into ``batches``
    equal parts, the table is induced from each, and the spread of the parts
    gives the standard error of the whole (``sd / sqrt(batches)``).
    """
    full = induce_win_table(events)
    parts = np.array_split(np.arange(len(events)), batches)
    reps = np.stack([induce_win_table(events[idx]).p_win for idx in parts if len(idx)])
    se = reps.std(axis=0, ddof=1) / math.sqrt(len(reps))
    matrix = pd.DataFrame(
        np.round(full.p_win, 6),
        index=pd.Index(range(WIN), name="dealer_score"),
        columns=[str(p) for p in range(WIN)],
    )
    d, p = np.meshgrid(np.arange(WIN), np.arange(WIN), indexing="ij")
    long = pd.DataFrame(
        {
            "dealer_score": d.ravel(),
            "pone_score": p.ravel(),
            "p_win": np.round(full.p_win.ravel(), 6),
            "ci95_low": np.round(np.clip(full.p_win - Z95 * se, 0, 1).ravel(), 6),
            "ci95_high": np.round(np.clip(full.p_win + Z95 * se, 0, 1).ravel(), 6),
            "p_win_skunk": np.round(full.win_skunk.ravel(), 6),
            "p_win_double_skunk": np.round(full.win_double.ravel(), 6),
            "p_lose_skunked": np.round(full.lose_skunk.ravel(), 6),
            "p_lose_double_skunked": np.round(full.lose_double.ravel(), 6),
        }
    )
    return matrix, long, full


def deal_summary(parts: np.ndarray) -> dict:
    """Mean points per deal by seat, with 95% half-widths, beside published figures."""
    x = parts.astype(float)
    n = len(x)

    def m(col: np.ndarray) -> list[float]:
        return [round(float(col.mean()), 3), round(float(Z95 * col.std(ddof=1) / math.sqrt(n)), 3)]

    dealer_total = x[:, 0] + x[:, 2] + x[:, 4] + x[:, 5]
    pone_total = x[:, 1] + x[:, 3]
    return {
        "deals": n,
        "dealer": {
            "pegging": m(x[:, 0]),
            "hand": m(x[:, 2]),
            "crib": m(x[:, 4]),
            "heels": m(x[:, 5]),
            "total": m(dealer_total),
        },
        "pone": {"pegging": m(x[:, 1]), "hand": m(x[:, 3]), "total": m(pone_total)},
        "published": {
            "dealer_total": "about 16.2 (Colvert's '26 theory'; Chambers)",
            "pone_total": "about 10.1-10.2 (Colvert; Chambers)",
            "pegging": "dealer about 3.5, pone about 2.0-2.1 (Chambers, cribbage.org)",
            "hand": "about 8.0 dealer, 8.1 pone; crib about 4.7-4.75 (Hessel; Chambers)",
        },
        "note": (
            "[mean, 95% half-width]; Expert v Expert deals at 0-0, "
            "both discarding by the exact model"
        ),
    }


def deal_distributions_json(parts: np.ndarray) -> dict:
    """Normalised distributions for ``p_win``: pegging joint, each hand, the crib."""
    x = parts.astype(np.int64)
    n = len(x)
    peg = np.zeros((40, 40))
    np.add.at(peg, (np.minimum(x[:, 0], 39), np.minimum(x[:, 1], 39)), 1.0)

    def dist(col: np.ndarray) -> list[float]:
        return (np.bincount(col, minlength=30)[:30] / n).round(8).tolist()

    return {
        "deals": n,
        "peg": (peg / n).round(8).tolist(),
        "hand_dealer": dist(x[:, 2]),
        "hand_pone": dist(x[:, 3]),
        "crib": dist(x[:, 4]),
        "note": (
            "Expert v Expert deals at 0-0: peg[dealer points][pone points], "
            "then each hand and the crib"
        ),
    }


def crosscheck_frame(rows: list[dict]) -> pd.DataFrame:
    """Direct self-play from positions beside the table's value."""
    return pd.DataFrame(rows)


def write_json(path: Path, obj: dict) -> None:
    path.write_text(json.dumps(obj, indent=1, sort_keys=False) + "\n")
