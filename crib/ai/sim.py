"""Batch simulation: many seeded games, in one or more processes.

Game ``i`` of a batch uses seed ``seed0 + i``.  Seats alternate every game and
the first dealer every two, so each player sits in each seat and deals first
equally often.  Results do not depend on the number of workers.
"""

from __future__ import annotations

import math
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from crib.ai.players import parse_player
from crib.rules.game import Game
from crib.version import __version__

__all__ = [
    "MatchStats",
    "play_games",
    "wilson",
    "game_setup",
    "strength_benchmark",
    "duplicate_match",
    "TARGETS",
    "format_strength",
]


def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% by default).

    >>> tuple(round(x, 4) for x in wilson(50, 100))
    (0.4038, 0.5962)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def game_setup(i: int, a: str, b: str) -> tuple[tuple[str, str], int, int]:
    """(players, first_dealer, seat of ``a``) for game ``i`` of a batch."""
    seat_a = i % 2
    players = (a, b) if seat_a == 0 else (b, a)
    return players, (i // 2) % 2, seat_a


def _one(args: tuple[int, int, str, str]) -> tuple[int, int, int, int, str]:
    i, seed0, a, b = args
    players, first, seat_a = game_setup(i, a, b)
    seats = (parse_player(players[0]), parse_player(players[1]))
    r = Game(seed=seed0 + i, players=seats, first_dealer=first).run()
    a_won = int(r.winner == seat_a)
    return i, a_won, r.scores[seat_a], r.scores[1 - seat_a], r.skunk


@dataclass(frozen=True)
class MatchStats:
    a: str
    b: str
    games: int
    a_wins: int
    seed0: int
    skunks_by_a: int
    skunks_by_b: int

    @property
    def b_wins(self) -> int:
        return self.games - self.a_wins

    @property
    def b_rate(self) -> float:
        return self.b_wins / self.games

    def b_interval(self) -> tuple[float, float]:
        return wilson(self.b_wins, self.games)

    def a_interval(self) -> tuple[float, float]:
        return wilson(self.a_wins, self.games)


def play_games(a: str, b: str, n: int, *, seed0: int = 0, workers: int | None = None) -> MatchStats:
    """Play ``n`` games of ``a`` against ``b``; returns the tally."""
    workers = workers or 1
    jobs = [(i, seed0, a, b) for i in range(n)]
    if workers <= 1:
        results = [_one(j) for j in jobs]
    else:
        with ProcessPoolExecutor(workers) as ex:
            results = list(ex.map(_one, jobs, chunksize=max(1, n // (workers * 8))))
    results.sort()
    a_wins = sum(r[1] for r in results)
    sk_a = sum(1 for r in results if r[1] and r[4])
    sk_b = sum(1 for r in results if not r[1] and r[4])
    return MatchStats(a, b, n, a_wins, seed0, sk_a, sk_b)


def default_workers() -> int:
    return max(1, min(os.cpu_count() or 1, 8))


def _version() -> str:
    return __version__


TARGETS = {"easy": (0.02, 0.05), "normal": (0.15, 0.25), "hard": (0.35, 0.45), "random": None}


def duplicate_match(
    a: str,
    b: str,
    games: int,
    *,
    seed0: int,
    workers: int | None = None,
    executor: str = "process",
    results: str | None = None,
    quiet: bool = True,
) -> dict:
    """``games`` games of ``a`` against ``b`` on duplicate deals: each seed twice, seats swapped.

    Seed ``seed0 + i`` is played with ``a`` in seat 0, then with ``b`` in seat 0,
    the first dealer ``i % 2`` both times, so both players get the same cards.
    Runs on the self-play engine (:mod:`crib.ai.selfplay`).
    """
    from pathlib import Path

    from crib.ai.selfplay.engine import RunSpec, run

    seeds = max(1, games // 2)
    spec = RunSpec("ladder", seeds, seed0, chunk=25, params={"a": a, "b": b})
    folder = Path(results) / f"ladder-{a}-{b}-{seed0}" if results else None
    res = run(spec, folder, executor=executor, workers=workers or default_workers(), quiet=quiet)
    lad = res.arrays["ladder"].astype(int)
    b_wins = int(lad[:, 0].sum() + lad[:, 1].sum())
    n = 2 * seeds
    lo, hi = wilson(b_wins, n)
    return {
        "expert_vs": b,
        "games": n,
        "seeds": f"{seed0}..{seed0 + seeds - 1}, each played twice with the seats swapped",
        "expert_wins": n - b_wins,
        "opponent_wins": b_wins,
        "opponent_win_rate": round(b_wins / n, 4),
        "wilson95": [round(lo, 4), round(hi, 4)],
        "design_target": TARGETS.get(b),
        "skunks_by_expert": int(lad[:, 3].sum()),
        "skunks_by_opponent": int(lad[:, 2].sum()),
        "seeds_won_both_ways_by_opponent": int((lad[:, 0] & lad[:, 1]).sum()),
        "seconds": round(res.seconds, 1),
    }


def strength_benchmark(
    n_random: int = 10_000,
    n_tiers: int = 3_000,
    *,
    seed0: int = 10_000,
    workers: int | None = None,
    executor: str = "process",
    results: str | None = None,
    quiet: bool = True,
) -> dict:
    """The ladder: Expert against Random, Hard, Normal and Easy on duplicate deals.

    The weaker side's win rate with its Wilson 95% interval and the design band.
    """
    from crib.analysis.heuristics import SKILLS, temperature

    out = {
        "version": _version(),
        "seed0": seed0,
        "format": "duplicate deals: each seed played twice with the seats swapped",
        "tiers": {k: {"skill": v, "temperature": temperature(v)} for k, v in SKILLS.items()},
        "matches": [],
    }
    for k, (opp, n) in enumerate(
        [("random", n_random), ("hard", n_tiers), ("normal", n_tiers), ("easy", n_tiers)]
    ):
        s0 = seed0 + 100_000 * k
        m = duplicate_match(
            "expert",
            opp,
            n,
            seed0=s0,
            workers=workers,
            executor=executor,
            results=results,
            quiet=quiet,
        )
        tgt = m["design_target"]
        m["inside_band"] = bool(tgt and tgt[0] <= m["wilson95"][0] and m["wilson95"][1] <= tgt[1])
        out["matches"].append(m)
    return out


def format_strength(result: dict) -> str:
    lines = [f"crib {result['version']}  ({result.get('format', 'seats alternate')})"]
    for m in result["matches"]:
        lo, hi = m["wilson95"]
        tgt = m["design_target"]
        tgt_s = f"design target {tgt[0]:.0%}-{tgt[1]:.0%}" if tgt else "baseline"
        lines.append(
            f"{m['expert_vs']:>7} vs expert: {m['opponent_win_rate']:6.1%} "
            f"[{lo:.1%}, {hi:.1%}] over {m['games']} games (seeds {m['seeds']}); {tgt_s}"
            + ("" if not tgt else (" - inside" if m.get("inside_band") else " - OUTSIDE"))
        )
    return "\n".join(lines)
