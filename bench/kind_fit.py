"""How soon the Master tells the Expert from itself by their plays (issue #42).

Run: .venv/bin/python bench/kind_fit.py [--games 40] [--seed 83000] [--prior 0.5]

Plays ``--games`` seeded games of today's Master against each opponent (the Expert, and
today's Master itself) and reads, after each finished play of the game, the chance that
the opponent is the Expert (:func:`crib.analysis.play.kind.chance_expert`, from
``--prior``), as the Master with ``opp_learn`` would see it at its next discard.  Prints,
for each number of earlier plays, how often that chance points the right way (above 0.5
against the Expert, below it against the Master), and its mean.
"""

from __future__ import annotations

import argparse
import time

from crib.ai.players import parse_player
from crib.analysis.play.kind import chance_expert
from crib.rules.game import Game
from crib.rules.observation import EarlierHand, Observation


class _Watcher:
    """Today's Master, keeping the earlier plays of its last observation."""

    def __init__(self) -> None:
        self.inner, self.name = parse_player("master_2026_12"), "watcher"
        self.earlier: tuple[EarlierHand, ...] = ()

    def discard(self, obs: Observation, rng):  # noqa: ANN001, ANN201
        self.earlier = obs.earlier
        return self.inner.discard(obs, rng)

    def play(self, obs: Observation, rng):  # noqa: ANN001, ANN201
        self.earlier = obs.earlier
        return self.inner.play(obs, rng)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=83_000)
    ap.add_argument("--prior", type=float, default=0.5)
    args = ap.parse_args()
    t = time.process_time()
    for opponent, expert in (("expert", True), ("master_2026_12", False)):
        by_hands: dict[int, list[float]] = {}
        for seed in range(args.seed, args.seed + args.games):
            w = _Watcher()
            Game(seed=seed, players=(w, parse_player(opponent))).run()
            for k in range(1, len(w.earlier) + 1):
                by_hands.setdefault(k, []).append(chance_expert(w.earlier[:k], args.prior))
        print(f"against {opponent} ({args.games} games, from {args.prior:.2f}):")
        for k, ps in sorted(by_hands.items()):
            right = sum((p > 0.5) == expert for p in ps) / len(ps)
            print(
                f"  after {k:2d} plays: right {right:6.1%} of {len(ps):3d}, "
                f"mean P(Expert) {sum(ps) / len(ps):.3f}"
            )
    print(f"{time.process_time() - t:.0f} CPU-s")


if __name__ == "__main__":
    main()
