"""Players: the tiered brain, and Random and Greedy baselines."""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations

from crib.ai.policy import choose_discard, choose_play
from crib.analysis.models import TIERS, Tier
from crib.errors import CribError, ModelError
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
    "parse_player",
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


def make_player(spec: Tier | Player) -> Player:
    """The player for a :class:`~crib.analysis.models.Tier` (``TIERS["hard"]``); a
    :class:`Player` is returned as it is.  A name from the command line or a stored job
    is read once, at that edge, by :func:`parse_player`.

    >>> make_player(TIERS["hard"])
    BrainPlayer(skill=0.85, name='hard')
    >>> make_player(TIERS["master"]).name
    'master'
    >>> try:
    ...     make_player("hard")  # type: ignore[arg-type]
    ... except ModelError as e:
    ...     print(e)
    make_player takes a Tier or a Player, not the text 'hard': parse_player('hard') reads a name
    """
    if isinstance(spec, str):
        raise ModelError(
            f"make_player takes a Tier or a Player, not the text {spec!r}: "
            f"parse_player({spec!r}) reads a name"
        )
    if not isinstance(spec, Tier):
        return spec
    if spec.skill is not None:
        return BrainPlayer(spec.skill, spec.key)
    from crib.ai.master import MasterPlayer

    return MasterPlayer()


_BASELINES: dict[str, type[Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "human": HumanPlayer,
}


def parse_player(text: str) -> Player:
    """A player from its name, as the command line and the stored self-play jobs write it:
    a tier (``'master' 'expert' 'hard' 'normal' 'easy'``), a baseline (``'random'
    'greedy' 'human'``) or a skill like ``'0.5'``.  The one place such a name is read.

    >>> parse_player(" Hard ") == make_player(TIERS["hard"])
    True
    >>> parse_player("0.5")
    BrainPlayer(skill=0.5, name='skill 0.5')
    >>> try:
    ...     parse_player("champion")
    ... except CribError as e:
    ...     for part in str(e).split(": "):
    ...         print(part)
    unknown player 'champion'
    expected master, easy, normal, hard, expert, random, greedy, human or a skill 0..1
    """
    key = text.strip().lower()
    if key in TIERS:
        return make_player(TIERS[key])
    if key == "master_2026_12" or key.startswith("master:"):  # a ladder's Masters (issue #42)
        from crib.ai.master import MASTER_2026_12, master_variant

        return replace(MASTER_2026_12) if key == "master_2026_12" else master_variant(key)
    if key in _BASELINES:
        return _BASELINES[key]()
    try:
        skill = float(key)
    except ValueError:
        skill = -1.0
    if 0.0 <= skill <= 1.0:
        return BrainPlayer(skill, f"skill {skill:g}")
    tiers = ", ".join(k for k, t in TIERS.items() if t.policy)
    raise CribError(
        f"unknown player {text!r}: expected master, {tiers}, random, greedy, human or a skill 0..1"
    )
