"""Small timing helpers shared by the benchmarks (not part of the package)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def timeit(fn: Callable[[], object], repeat: int = 7, number: int = 1) -> list[float]:
    """Seconds per call for each of ``repeat`` rounds of ``number`` calls."""
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(number):
            fn()
        out.append((time.perf_counter() - t) / number)
    return out


def summary(xs: list[float]) -> tuple[float, float]:
    """(median, p95) of a list of timings."""
    s = sorted(xs)
    return statistics.median(s), s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))]


def yardstick(n: int = 2000) -> tuple[float, float]:
    """The yardstick of a run: (wall, CPU) seconds the reference scorer
    (``crib.rules.scoring.score_hand``, four cards and a starter) takes for one hand, over
    ``n`` seeded random hands."""
    import random

    from crib.rules.cards import DECK
    from crib.rules.scoring import score_hand

    rng = random.Random(1)
    hands = [rng.sample(DECK, 5) for _ in range(n)]
    t, c = time.perf_counter(), time.thread_time()
    for h in hands:
        score_hand(h[:4], h[4])
    return (time.perf_counter() - t) / n, (time.thread_time() - c) / n
