"""The argument checks every layer shares: one score check and one seat check.

Pure Python.  Positions, games, the discard analysis and the win probability
all call :func:`check_scores`, so a score outside 0..120 is refused in one way
everywhere.

>>> check_scores((0, 120))
(0, 120)
>>> check_scores((125, 110))
Traceback (most recent call last):
...
crib.errors.ScoreError: scores must be 0..120 (nobody has won yet), got 125-110
>>> check_seat("pone")
Traceback (most recent call last):
...
crib.errors.SeatError: dealer must be True (you deal) or False (you are the pone), got 'pone'
"""

from __future__ import annotations

from numbers import Integral
from typing import Any

from crib.errors import CribError, ScoreError, SeatError
from crib.rules.constants import WIN  # a game in progress has 0..WIN-1

__all__ = ["WIN", "check_scores", "check_seat"]


def check_scores(
    scores: Any, *, got: str | None = None, error: type[CribError] = ScoreError
) -> tuple[int, int]:
    """Two whole scores in 0..120, as a tuple of ints, or ``error`` saying what was wrong.

    ``got`` words the scores in the message (e.g. ``"dealer 0, pone 121"``).
    """
    if isinstance(scores, str | bytes) or not hasattr(scores, "__len__") or len(scores) != 2:
        raise error(f"scores must be two numbers, yours then your opponent's, got {scores!r}")
    a, b = scores
    for x in (a, b):
        if isinstance(x, bool) or not isinstance(x, Integral):
            raise error(f"scores must be whole numbers 0..120, got {a!r} and {b!r}")
    if not (0 <= a < WIN and 0 <= b < WIN):
        raise error(f"scores must be 0..120 (nobody has won yet), got {got or f'{a}-{b}'}")
    return int(a), int(b)


def check_seat(dealer: Any, name: str = "dealer") -> bool:
    """``dealer`` itself when it is a bool (numpy's bool too), else a :class:`SeatError`."""
    if isinstance(dealer, bool) or type(dealer).__name__ == "bool_":
        return bool(dealer)
    raise SeatError(f"{name} must be True (you deal) or False (you are the pone), got {dealer!r}")
