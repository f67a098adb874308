"""The Master's reply to every lead from every four it could keep (issue #42).

The dealer's first card answers the pone's lead.  As with the lead
(:mod:`crib.analysis.play.leads`), the Master's own reply says more about the dealer's
four than the Expert's values do.  :func:`crib.analysis.play.first_cards.reply_margins`
solves it as the Master does (``MASTER.play``: the pone's other three weighted by the
Expert's keeps with the lead played), for a kept four, a starter and a led rank, away
from 121 and without the dealer's two thrown cards.  ``data/reply_margins_master.npz``
holds every four, starter and lead a deck allows, 307,099 of them, in thousandths of a
point, with the command that made it (exact, so no seed).

:func:`reply_probabilities` gives the chance of each reply, as
:func:`~crib.analysis.play.leads.lead_probabilities` does for the lead.

>>> from crib.analysis.play.leads import lead_key
>>> p = reply_probabilities()
>>> row = p[lead_key((5, 9, 10, 13)), 12 - 1, 10 - 1]  # a queen turned, a 10 led
>>> round(float(row.sum()), 6), int(row.argmax()) + 1  # the 5 makes 15 for two
(1.0, 5)
"""

from __future__ import annotations

from functools import cache

import numpy as np

from crib.analysis.play.leads import LEAD_FLOOR, LEAD_TEMPERATURE, four_counts, softmax_rows
from crib.datafiles import DATA_DIR, data_path

__all__ = ["MISSING", "SCALE", "TABLE", "possible", "reply_probabilities"]

TABLE = DATA_DIR / "reply_margins_master.npz"  # read through data_path, which says if missing
SCALE = 1000  # margins are stored in thousandths of a point, as int16
MISSING = np.iinfo(np.int16).min  # a rank not held, or no such deal


def possible(four: tuple[int, ...], starter: int, led: int) -> bool:
    """Whether a deck holds this four, starter and led card (at most four of a rank)."""
    ranks = [*four, starter, led]
    return max(ranks.count(r) for r in ranks) <= 4


def _margins() -> np.ndarray:
    """four x starter x led x rank margins in points (nan: not held, or no such deal),
    float32; read anew each call (only the probabilities are kept)."""
    with np.load(data_path(TABLE.name)) as z:
        m = z["margins"]
    return np.where(m == MISSING, np.float32(np.nan), m.astype(np.float32) / np.float32(SCALE))


@cache
def reply_probabilities(
    temperature: float = LEAD_TEMPERATURE, floor: float = LEAD_FLOOR
) -> np.ndarray:
    """four x starter x led x rank: the chance that a Master holding the four replies
    with each rank (0 for ranks it does not hold), float32 (16 MB)."""
    counts = four_counts()[:, None, None, :].astype(np.float32)
    return softmax_rows(_margins(), counts, temperature, floor).astype(np.float32)
