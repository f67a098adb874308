"""How long a class game takes at a child's pace (issue #38, point 5): the lesson plans'
play times come from here.

Run: .venv/bin/python bench/lesson_timing.py [--games 200] [--out data/lesson_timing.json]

Two computer tiers (Easy against Normal: two beginners, one a little stronger) play
``--games`` games with crib's engine (:class:`crib.rules.game.Game`), seeds 0, 1, ...:

* Lesson 4: a whole game to 121 from 0-0;
* Lesson 5: one tournament round, a game to 61, played as the tournament tool plays it
  (the last 61 holes: both scores start at 60, :meth:`Tournament.game_kwargs`).

Each game's actions are counted from its events (hands dealt, throws, cuts, cards laid,
goes, hands and cribs counted, scores pegged) and timed with the seconds a pair of
children takes for each, stated in :data:`SECONDS` (our assumption, not a measurement: a
careful beginner shuffles and deals 12 cards one at a time, thinks about the throw, says
every count aloud, counts each hand aloud while the opponent checks, and moves a peg).
The report gives, for each game length, the median and the 80th and 90th percentiles of
the minutes; the plan gives the play phase the 80th percentile, so four pairs in five
finish.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from pathlib import Path

from crib.ai.players import parse_player
from crib.rules.events import Cut, Dealt, Discarded, Go, Heels, Played, Shown
from crib.rules.game import Game

# seconds per action at a child's pace (the assumption the times rest on)
SECONDS = {
    "deal": 60,  # gather, shuffle, deal six each one at a time (a hand)
    "throw": 40,  # choose the two cards for the crib (both players at once: per hand)
    "cut": 10,  # the pone cuts, the dealer turns the starter
    "card": 8,  # lay a card and say the new count
    "go": 5,  # say go, the other checks and plays on
    "show": 30,  # count a hand or the crib aloud; the opponent checks
    "peg": 6,  # move the back peg ahead (each score pegged, in the play or the show)
}
TIERS = ("easy", "normal")


def actions(g: Game) -> Counter[str]:
    """The actions of a finished game, counted from its events."""
    n: Counter[str] = Counter()
    for e in g.events:
        if isinstance(e, Dealt):
            n["deal"] += 1
        elif isinstance(e, Discarded) and e.player == 0:
            n["throw"] += 1  # both throw at once: one throwing time a hand
        elif isinstance(e, Cut):
            n["cut"] += 1
        elif isinstance(e, Played):
            n["card"] += 1
            n["peg"] += e.points > 0
        elif isinstance(e, Go):
            n["go"] += 1
            n["peg"] += e.points > 0
        elif isinstance(e, Heels):
            n["peg"] += 1
        elif isinstance(e, Shown):
            n["show"] += 1
            n["peg"] += e.points > 0
    return n


def minutes(n: Counter[str]) -> float:
    return sum(SECONDS[k] * v for k, v in n.items()) / 60


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p * (len(xs) - 1)))]


def run(games: int, target: int) -> dict[str, object]:
    start = 121 - target
    mins: list[float] = []
    total: Counter[str] = Counter()
    for seed in range(games):
        players = (parse_player(TIERS[seed % 2]), parse_player(TIERS[1 - seed % 2]))
        g = Game(seed=seed, players=players, first_dealer=seed % 2, scores=(start, start))
        g.run()
        n = actions(g)
        total += n
        mins.append(minutes(n))
    return {
        "game_to": target,
        "games": games,
        "actions_per_game": {k: round(v / games, 1) for k, v in sorted(total.items())},
        "minutes_median": round(statistics.median(mins), 1),
        "minutes_p80": round(_pct(mins, 0.8), 1),
        "minutes_p90": round(_pct(mins, 0.9), 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--out", default="data/lesson_timing.json")
    a = ap.parse_args()
    report = {
        "what": "minutes of a class game at a child's pace, from actions counted in "
        "simulated games (bench/lesson_timing.py)",
        "tiers": list(TIERS),
        "seconds_per_action": SECONDS,
        "lesson_4_game_to_121": run(a.games, 121),
        "lesson_5_round_game_to_61": run(a.games, 61),
    }
    text = json.dumps(report, indent=2) + "\n"
    Path(a.out).write_text(text)
    print(text, end="")


if __name__ == "__main__":
    main()
