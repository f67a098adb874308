"""A puzzle's first rating from how often each tier solves it, and the next puzzle to set.

**Initial rating.** Each policy tier has a nominal rating (:data:`TIER_RATINGS`,
250 Glicko points apart, Easy 1000 to the Expert 1750) and an exact chance of
solving the puzzle (its policy, :mod:`crib.analysis.puzzles.judge`).  The puzzle's
rating is its *performance rating* against the four tiers: the one rating R at
which the tiers' expected solve rates under the Glicko model,
1 / (1 + 10^((R - R_tier) / 400)), add up to their actual solve rates (one root:
the sum falls as R grows), clipped to [:data:`LOW`, :data:`HIGH`].  A puzzle every
tier solves sits at LOW, one no tier solves at HIGH.  It starts with deviation
:data:`PUZZLE_RD` (four games' worth of evidence, not a settled rating).

**The next puzzle** (:func:`next_puzzle`): among the puzzles of the chosen theme
not yet seen, those within :data:`WINDOW` points of the learner's rating, widened
by doubling until some qualify; one of them at random.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from crib.analysis.puzzles.model import Puzzle

__all__ = [
    "TIER_RATINGS",
    "LOW",
    "HIGH",
    "PUZZLE_RD",
    "WINDOW",
    "initial_rating",
    "next_puzzle",
]

TIER_RATINGS = {"easy": 1000.0, "normal": 1250.0, "hard": 1500.0, "expert": 1750.0}
LOW, HIGH = 600.0, 2400.0
PUZZLE_RD = 250.0
WINDOW = 100.0


def _expected(r: float, r_tier: float) -> float:
    """The tier's expected solve rate against a puzzle rated ``r``."""
    return 1.0 / (1.0 + 10.0 ** ((r - r_tier) / 400.0))


def initial_rating(solve: Mapping[str, float]) -> float:
    """The performance rating of a puzzle against the tiers (see the module doc).

    >>> initial_rating({"easy": 0.5, "normal": 0.5, "hard": 0.5, "expert": 0.5})
    1375.0
    >>> initial_rating({"easy": 1, "normal": 1, "hard": 1, "expert": 1}) == LOW
    True
    >>> a = initial_rating({"easy": 0.1, "normal": 0.3, "hard": 0.9, "expert": 1.0})
    >>> b = initial_rating({"easy": 0.05, "normal": 0.1, "hard": 0.4, "expert": 0.0})
    >>> LOW < a < b < HIGH
    True
    """
    tiers = [(TIER_RATINGS[k], float(s)) for k, s in solve.items() if k in TIER_RATINGS]
    actual = sum(s for _r, s in tiers)

    def excess(r: float) -> float:  # expected minus actual: falls as r grows
        return sum(_expected(r, rt) for rt, _s in tiers) - actual

    if excess(LOW) <= 0:
        return LOW
    if excess(HIGH) >= 0:
        return HIGH
    lo, hi = LOW, HIGH
    for _ in range(60):
        mid = (lo + hi) / 2
        if excess(mid) > 0:
            lo = mid
        else:
            hi = mid
    return round((lo + hi) / 2, 1)


def next_puzzle(
    puzzles: Sequence[Puzzle],
    rating: float,
    *,
    theme: str | None = None,
    seen: Iterable[str] = (),
    ratings: Mapping[str, float] | None = None,
    rng: random.Random | None = None,
) -> Puzzle | None:
    """A puzzle near ``rating`` in ``theme`` (any theme when None) not in ``seen`` (ids).

    ``ratings`` overrides a puzzle's shipped rating by id (the ratings the record has
    updated since).  None when every puzzle of the theme has been seen.
    """
    done = set(seen)
    rated = ratings or {}
    pool = [p for p in puzzles if p.id not in done and (theme is None or theme in p.themes)]
    if not pool:
        return None
    window = WINDOW
    while True:
        near = [p for p in pool if abs(rated.get(p.id, p.rating) - rating) <= window]
        if near:
            return (rng or random.Random()).choice(near)
        window *= 2
