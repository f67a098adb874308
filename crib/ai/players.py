"""Players: the tiered brain, and Random and Greedy baselines."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from crib.ai.policy import choose_discard, choose_play
from crib.analysis.models import TIERS, Tier
from crib.errors import CribError
from crib.rules.cards import Card
from crib.rules.observation import Observation
from crib.rules.pegging import peg_points
from crib.rules.players import HumanPlayer, Player, Rng
from crib.rules.scoring import rank_points

__all__ = [
    "Player",
    "BrainPlayer",
    "RandomPlayer",
    "GreedyPlayer",
    "HumanPlayer",
    "TIERS",
    "make_player",
]


@dataclass(frozen=True)
class BrainPlayer:
    """The computer opponent at a skill level (see :data:`TIERS`)."""

    skill: float
    name: str = "brain"

    def discard(self, obs: Observation, rng: Rng) -> tuple[Card, Card]:
        return choose_discard(obs, self.skill, rng)

    def play(self, obs: Observation, rng: Rng) -> Card | None:
        return choose_play(obs, self.skill, rng)


@dataclass(frozen=True)
class RandomPlayer:
    """Uniformly random throw and legal card."""

    name: str = "random"

    def discard(self, obs: Observation, rng: Rng) -> tuple[Card, Card]:
        pairs = list(combinations(obs.hand, 2))
        return pairs[min(int(rng.random() * len(pairs)), len(pairs) - 1)]

    def play(self, obs: Observation, rng: Rng) -> Card | None:
        if not obs.legal:
            return None
        return obs.legal[min(int(rng.random() * len(obs.legal)), len(obs.legal) - 1)]


@dataclass(frozen=True)
class GreedyPlayer:
    """Best immediate points: keeps the four that score most now; pegs the most now."""

    name: str = "greedy"

    def discard(self, obs: Observation, rng: Rng) -> tuple[Card, Card]:
        best = None
        for throw in combinations(obs.hand, 2):
            keep = [c for c in obs.hand if c not in throw]
            pts = rank_points([c.rank for c in keep]) + (
                4 if len({c.suit for c in keep}) == 1 else 0
            )
            if best is None or pts > best[0]:
                best = (pts, throw)
        assert best is not None
        return best[1]

    def play(self, obs: Observation, rng: Rng) -> Card | None:
        if not obs.legal:
            return None
        ranks = tuple(c.rank for c in obs.pile)
        return max(obs.legal, key=lambda c: (peg_points((*ranks, c.rank)), -obs.legal.index(c)))


def make_player(spec: Tier | str | Player) -> Player:
    """A :class:`~crib.analysis.models.Tier` (``TIERS["hard"]``), or a player's name
    from the command line: ``'master' 'expert' 'hard' 'normal' 'easy' 'random' 'greedy'
    'human'`` or a skill like ``'0.5'``.

    >>> make_player(TIERS["hard"])
    BrainPlayer(skill=0.85, name='hard')
    >>> make_player("master") == make_player(TIERS["master"])
    True
    >>> try:
    ...     make_player("champion")
    ... except CribError as e:
    ...     for part in str(e).split(": "):
    ...         print(part)
    unknown player 'champion'
    expected master, easy, normal, hard, expert, random, greedy, human or a skill 0..1
    """
    if isinstance(spec, Tier):
        spec = spec.key
    if not isinstance(spec, str):
        return spec
    key = spec.strip().lower()
    tier = TIERS.get(key)
    if tier is not None and tier.skill is not None:
        return BrainPlayer(tier.skill, key)
    if key == "master":
        from crib.ai.master import MasterPlayer

        return MasterPlayer()
    if key == "random":
        return RandomPlayer()
    if key == "greedy":
        return GreedyPlayer()
    if key == "human":
        return HumanPlayer()
    try:
        skill = float(key)
    except ValueError:
        skill = -1.0
    if 0.0 <= skill <= 1.0:
        return BrainPlayer(skill, f"skill {skill:g}")
    tiers = ", ".join(k for k, t in TIERS.items() if t.policy)
    raise CribError(
        f"unknown player {spec!r}: expected master, {tiers}, random, greedy, human or a skill 0..1"
    )
