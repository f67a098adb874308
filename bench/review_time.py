"""How long the review of a finished game takes at its end (issue #39: ready within 3 s
of the game's end for a 9-hand game), with the reference scorer's µs per hand as the
yardstick from the same run.

    nice .venv/bin/python bench/review_time.py [--games 5]

Each game is played to its end by a scripted player against Easy (the coach grades your
decisions as it goes, as on the page), and after each move the page's
``prepare_review`` (the computer's finished hands graded, the discard chances of both
players' throws computed and kept).  Then the page's end-of-game work is timed, in the
same process, two ways:

* **incremental** (the page's path): the rest of ``prepare_review`` (the last hand), then
  the stepper (both players' chance curves from the kept chances, the key moments, both
  accuracies) and the review's HTML;
* **from scratch** (the plain reference path): the same stepper given nothing but the
  log and your grades (it grades the computer's decisions and computes every discard
  chance afresh), and the review's HTML.

It prints, per game, both times and the work spread over the game (the total and the
longest single ``prepare_review``), and the load.
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
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _util import yardstick  # noqa: E402

from crib.session.controller import TIERS, GameController  # noqa: E402
from crib.ui.play.html import review_html  # noqa: E402
from crib.ui.play.stepper import GameStepper  # noqa: E402
from tests.test_keep import step  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=5)
    args = ap.parse_args()
    us = yardstick(4000)[0] * 1e6  # wall us per hand
    rows = []
    for seed in range(1, args.games + 1):
        c = GameController(seed=seed, tier=TIERS["easy"])
        rng = random.Random(seed)
        spread: list[float] = []
        while c.phase != "over":
            step(c, rng)
            if c.phase != "over":
                t = time.perf_counter()
                c.prepare_review()  # as the page does once each move is on the screen
                spread.append(time.perf_counter() - t)
        c.refine_grades()
        hands = c.hand_index + 1
        t = time.perf_counter()
        c.prepare_review()  # the rest: the last hand
        co = c.coach
        GameStepper().show(
            c.game.events, c.grades, other=co.other.grades, cache=co.chances, names=c.names
        )
        review_html(c.grades, title="review")
        fast = time.perf_counter() - t
        t = time.perf_counter()
        GameStepper().show(c.game.events, c.grades)  # grades the computer, every chance afresh
        review_html(c.grades, title="review")
        slow = time.perf_counter() - t
        rows.append((hands, fast, slow))
        here = yardstick(1000)[0] * 1e6  # the load changes: the yardstick beside each game's times
        print(
            f"game {seed}: {hands} hands, {len(c.grades)} + {len(co.other.grades)} graded; "
            f"end of game: incremental {fast:.2f} s, from scratch {slow:.2f} s; during the "
            f"game {sum(spread):.2f} s in {len(spread)} steps (longest {max(spread):.2f} s); "
            f"load {os.getloadavg()[0]:.1f}; reference scorer {here:.0f} µs per hand",
            flush=True,
        )
    fast = [r[1] for r in rows]
    per_hand = statistics.median(r[2] / r[0] for r in rows)
    print(
        f"incremental: end of game median {statistics.median(fast):.2f} s, longest "
        f"{max(fast):.2f} s (the last hand's work, whatever the game's length)"
    )
    print(
        f"from scratch: end of game median {statistics.median(r[2] for r in rows):.2f} s; "
        f"{per_hand:.3f} s per hand ({9 * per_hand:.2f} s for 9 hands)"
    )
    print(
        f"yardstick: reference scorer {us:.1f} µs per hand; load {os.getloadavg()[0]:.1f} (2 cores)"
    )


if __name__ == "__main__":
    main()
