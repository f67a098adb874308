"""What board-aware play near 121 is worth: the Master against itself without it, from
endgame scores.

Run: .venv/bin/python bench/board.py [--pairs 3000] [--seed 70000] [--workers 2]
         [--results bench-results/board] [--out data/ai_benchmark.json]

Only the play near 121 differs: ``MasterPlayer(board=True)`` ranks its cards by
P(win) (:func:`crib.analysis.play.board.analyze_board`) where the other
Master ranks them by the pegging margin.  Both take a card that reaches 121
at once, and both discard alike.  A game of the full ladder spends only its
last deal or two near 121, so the games here start there: each seed draws
both starting scores uniformly from ``--low``..120 (seeded), and is played
twice with the seats swapped (the same cards and the same scores per seat; the
first dealer alternates with the seed).  Prints the win rate with its Wilson
95% interval and the decision times of the board-aware player when it used
the board search.  Resumable: finished pairs are appended to
``<results>/board.jsonl``.  ``--out`` writes the summary to the ``"master"``
section of ``data/ai_benchmark.json`` under ``"board"``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

from master import load_pairs, run_pairs, spread  # bench/master.py, beside this script

from crib.ai.master import MasterPlayer, position_of, warm
from crib.ai.sim import wilson
from crib.analysis.play.board import board_applies
from crib.rules.game import Game


class TimedBoard(MasterPlayer):
    """The board-aware Master, timing its play decisions near 121."""

    times: list[float] = []

    def play(self, obs, rng):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        out = super().play(obs, rng)
        if len({c.rank for c in obs.legal}) > 1 and board_applies(position_of(obs), not obs.dealer):
            TimedBoard.times.append(time.perf_counter() - t)
        return out


def start_scores(seed: int, low: int) -> tuple[int, int]:
    r = random.Random(seed)
    return r.randint(low, 120), r.randint(low, 120)


def pair(args: tuple[int, int]) -> dict:
    seed, low = args
    warm()
    TimedBoard.times = []
    scores = start_scores(seed, low)
    t = time.perf_counter()
    games = []
    for seat in (0, 1):
        seats: list[MasterPlayer] = [MasterPlayer(board=False), MasterPlayer(board=False)]
        seats[seat] = TimedBoard()
        r = Game(seed, players=tuple(seats), first_dealer=seed % 2, scores=scores).run()
        games.append({"won": r.winner == seat, "margin": r.scores[seat] - r.scores[1 - seat]})
    return {
        "seed": seed,
        "scores": scores,
        "games": games,
        "wall": time.perf_counter() - t,
        "times_ms": [round(x * 1e3, 2) for x in TimedBoard.times],
    }


def summary(rows: list[dict], low: int) -> dict:
    games = [g for r in rows for g in r["games"]]
    wins = sum(g["won"] for g in games)
    lo, hi = wilson(wins, len(games))
    times = sorted(x for r in rows for x in r["times_ms"])
    # a pair where one player won both games: the players decided it, not the cards
    decided = [r for r in rows if r["games"][0]["won"] == r["games"][1]["won"]]
    return {
        "variant": "board-aware play near 121 v the Master without it",
        "start": f"both scores uniform in {low}..120 per seed",
        "pairs": len(rows),
        "games": len(games),
        "wins": wins,
        "win_rate": round(wins / len(games), 4),
        "wilson95": [round(lo, 4), round(hi, 4)],
        "pairs_decided_by_the_players": len(decided),
        # the sign test on those pairs: the cards cannot have decided them
        "decided_won_by_board": sum(r["games"][0]["won"] for r in decided),
        "decided_wilson95": [
            round(x, 4) for x in wilson(sum(r["games"][0]["won"] for r in decided), len(decided))
        ]
        if decided
        else None,
        "mean_margin": round(statistics.mean(g["margin"] for g in games), 3),
        "games_per_s_wall": round(len(games) / sum(r["wall"] for r in rows), 2),
        "board_decision_ms": spread(times),
    }


def _print(s: dict) -> None:
    lo, hi = s["wilson95"]
    d = s["board_decision_ms"]
    print(
        f"board v no board, {s['pairs']} pairs ({s['games']} games, {s['start']}): wins "
        f"{s['win_rate']:.1%} [Wilson 95% {lo:.1%}, {hi:.1%}]; "
        f"{s['pairs_decided_by_the_players']} pairs won twice by one player, "
        f"{s['decided_won_by_board']} of them by the board player {s['decided_wilson95']}; "
        f"mean margin {s['mean_margin']:+.2f}; {s['games_per_s_wall']:.2f} games/s; board "
        f"decisions {d['n']}: median {d['median']} ms, p95 {d['p95']} ms, max {d['max']} ms",
        flush=True,
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=70_000)
    ap.add_argument("--low", type=int, default=100, help="lowest starting score")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--results", default="bench-results/board")
    ap.add_argument("--out", default=None)
    ap.add_argument("--every", type=int, default=100)
    args = ap.parse_args()
    folder = Path(args.results)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "board.jsonl"
    done = load_pairs(path)  # a line cut short by a killed run is played again
    todo = [(s, args.low) for s in range(args.seed, args.seed + args.pairs) if s not in done]
    print(f"{len(done)} pairs on disk, {len(todo)} to play", flush=True)
    run_pairs(
        path,
        done,
        todo,
        pair,
        args.workers,
        args.every,
        lambda rows: _print(summary(rows, args.low)),
    )
    rows = [done[s] for s in sorted(done) if args.seed <= s < args.seed + args.pairs]
    s = summary(rows, args.low)
    s["command"] = (
        f"python bench/board.py --pairs {args.pairs} --seed {args.seed} --low {args.low} "
        f"--results {args.results}"
    )
    s["load_average"] = round(os.getloadavg()[0], 2)
    _print(s)
    if args.out:
        p = Path(args.out)
        data = json.loads(p.read_text())
        data.setdefault("master", {})["board"] = s
        p.write_text(json.dumps(data, indent=1) + "\n")
        print(f"wrote master.board in {p}")


if __name__ == "__main__":
    sys.exit(main())
