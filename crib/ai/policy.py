"""The computer's choices: the exact discard ranking and the net-value pegging
model (:mod:`crib.analysis.heuristics`), picked by softmax at the tier's temperature.

The discard ranking is :func:`crib.ai.fastplay_throw.rank_throws_exact`, the
integer form of :func:`crib.analysis.discard.rank_throws_fast` (tested equal,
float for float); the pegging values come from ``play_values``, whose cached
fast path is tested equal to the plain :func:`rank_values`.

Lower tiers pick by softmax, weights exp(-(best - v) / T); T = 0 is argmax.
"""

from __future__ import annotations

from crib.ai.fastplay_throw import best_throw_exact, rank_throws_exact
from crib.analysis.heuristics import play_values, softmax_weights, temperature
from crib.rules.cards import Card
from crib.rules.observation import Observation
from crib.rules.players import Rng

__all__ = ["choose_play", "choose_discard", "softmax_pick"]


def softmax_pick(values: list[float], temp: float, rng: Rng) -> int:
    """Index into ``values`` (ranked best first): argmax at T=0, else softmax."""
    if temp <= 0 or len(values) == 1:
        return 0
    weights = softmax_weights(values, temp)
    x = rng.random() * sum(weights)
    for i, wgt in enumerate(weights):
        x -= wgt
        if x < 0:
            return i
    return len(values) - 1


def choose_play(obs: Observation, skill: float, rng: Rng) -> Card | None:
    """The card to play, or ``None`` for go when nothing is legal."""
    ranked = play_values(obs, skill)
    if not ranked:
        return None
    return ranked[softmax_pick([v for _c, v in ranked], temperature(skill), rng)][0]


def choose_discard(obs: Observation, skill: float, rng: Rng) -> tuple[Card, Card]:
    """Two cards to throw: the exact-model ranking by seat, softmax by tier."""
    temp = temperature(skill)
    if temp <= 0:  # the Expert: argmax, without ordering the other throws
        return best_throw_exact(obs.hand, obs.dealer)
    ranked = rank_throws_exact(obs.hand, obs.dealer)
    i = softmax_pick([ev for _t, _k, ev, _s in ranked], temp, rng)
    return ranked[i][0]
