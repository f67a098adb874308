"""How long the review of a finished game takes at its end (issue #39: ready within 3 s
of the game's end for a 9-hand game), with the reference scorer's µs per hand as the
yardstick from the same run.

    .venv/bin/python bench/review_time.py [--games 5]

Each game is played to its end by a scripted player against Easy (the coach grades as
it goes, as on the page); then the page's end-of-game work is timed: the chance curve
(crib.session.chance: a P(win) discard analysis per hand, the plays through the win
table), the key moments and accuracy, and the review's HTML.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crib.rules.cards import DECK  # noqa: E402
from crib.rules.scoring import score_hand  # noqa: E402
from crib.session.chance import chance_curve  # noqa: E402
from crib.session.controller import TIERS, GameController  # noqa: E402
from crib.ui.play.html import review_html  # noqa: E402
from crib.ui.play.stepper import moments_html  # noqa: E402
from tests.test_keep import step  # noqa: E402


def yardstick(n: int = 4000) -> float:
    rng = random.Random(1)
    hands = [rng.sample(DECK, 5) for _ in range(n)]
    t = time.perf_counter()
    for h in hands:
        score_hand(h[:4], h[4])
    return (time.perf_counter() - t) / n * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=5)
    args = ap.parse_args()
    us = yardstick()
    rows = []
    for seed in range(1, args.games + 1):
        c = GameController(seed=seed, tier=TIERS["easy"])
        rng = random.Random(seed)
        while c.phase != "over":
            step(c, rng)
        c.refine_grades()
        hands = c.hand_index + 1
        t = time.perf_counter()
        curve = chance_curve(c.game.events, c.grades, 0)
        moments_html(curve)
        review_html(c.grades, title="review")
        took = time.perf_counter() - t
        rows.append((hands, took))
        print(
            f"game {seed}: {hands} hands, {len(c.grades)} graded, review {took:.2f} s", flush=True
        )
    per_hand = statistics.median(t / h for h, t in rows)
    print(
        f"median review {statistics.median(t for _h, t in rows):.2f} s; "
        f"{per_hand:.3f} s per hand -> {9 * per_hand:.2f} s for 9 hands; "
        f"yardstick: reference scorer {us:.1f} µs per hand; load {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
