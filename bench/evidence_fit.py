"""The proxy policy's temperature for reading the opponent's plays (issue #42).

Run: .venv/bin/python bench/evidence_fit.py [--games 60] [--seed 81000] [--opponent master]

Plays ``--games`` seeded games of today's Master against itself (or ``--opponent``
against itself) and records every play decision with at least two ranks to choose
from: the rank played, the whole hand then, and the proxy's weights
(:func:`crib.analysis.play.evidence.decisions_from`, as the other player would read
that play).  Prints, for each temperature, the mean log-likelihood per decision of
the plays made, and how often the proxy's favourite was the rank played.  The
temperature with the highest likelihood is what :data:`TEMPERATURE` should be.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field

from crib.ai.players import parse_player
from crib.analysis.play.evidence import decisions_from
from crib.rules.cards import Card
from crib.rules.game import Game
from crib.rules.observation import Observation

TEMPS = (0.05, 0.1, 0.15, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0, 1e9)


@dataclass
class Recorder:
    """A player that records its play decisions (hand ranks, proxy weights at T = 1);
    :meth:`record` says what is kept of each play."""

    inner: object
    rows: list = field(default_factory=list)

    @property
    def name(self) -> str:
        return getattr(self.inner, "name", "player")

    def discard(self, obs: Observation, rng):  # type: ignore[no-untyped-def]
        return self.inner.discard(obs, rng)

    def play(self, obs: Observation, rng) -> Card | None:  # type: ignore[no-untyped-def]
        card = self.inner.play(obs, rng)
        if card is not None:
            self.record(obs, card)
        return card

    def record(self, obs: Observation, card: Card) -> None:
        if len({c.rank for c in obs.legal}) > 1:
            mine = tuple(c for c in obs.played if c not in set(obs.opp_played))
            d = decisions_from((*obs.played, card), (*mine, card), obs.starter, 4, obs.opp_score)
            self.rows.append((d[-1], tuple(c.rank for c in obs.hand)))


def self_play(recorder: type[Recorder], player: str, games: int, seed: int) -> list[Recorder]:
    """``games`` seeded games of ``player`` against itself, each side wrapped in
    ``recorder``; the recorders (two per game)."""
    out: list[Recorder] = []
    for i in range(games):
        players = (recorder(parse_player(player)), recorder(parse_player(player)))
        Game(seed=seed + i, players=players, first_dealer=i % 2).run()  # type: ignore[arg-type]
        out += players
    return out


def loglik(rows: list, temp: float) -> tuple[float, float]:
    """(mean log-likelihood, share where the proxy's favourite was played) at ``temp``."""
    ll, hits = 0.0, 0
    for d, hand in rows:
        ws = [w ** (1.0 / temp) if w > 0 else 0.0 for w in d.weights]
        den = sum(ws[r - 1] for r in hand)
        ll += math.log(hand.count(d.rank) * ws[d.rank - 1] / den)
        best = max((d.weights[r - 1], -r) for r in hand)
        hits += -best[1] == d.rank
    return ll / len(rows), hits / len(rows)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=81000)
    ap.add_argument("--opponent", default="master_2026_12")
    args = ap.parse_args()
    t = time.process_time()
    rows = [
        row for r in self_play(Recorder, args.opponent, args.games, args.seed) for row in r.rows
    ]
    print(
        f"{len(rows)} play decisions with a choice, {args.games} games of {args.opponent} "
        f"v itself ({time.process_time() - t:.0f} CPU-s)"
    )
    for temp in TEMPS:
        ll, hit = loglik(rows, temp)
        print(f"T = {temp:>6g} points: log-likelihood per decision {ll:+.4f}, favourite {hit:.3f}")
    uniform = sum(-math.log(len(h)) for _d, h in rows) / len(rows)
    print(f"uniform over the hand's cards: {uniform:+.4f}")


if __name__ == "__main__":
    main()
