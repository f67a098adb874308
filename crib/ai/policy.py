"""The brain: discard by exact EV ranking, pegging by net value, softmax by tier.

Pegging net value of a card (the design we follow):

* points: 15 and 31 pay 2, plus pegging pairs and runs;
* minus ``threat_w * threat``: the threat is the maximum over unseen ranks of
  (the opponent's reply points with that rank) x P(opponent holds at least
  one), hypergeometric over the unseen cards with the opponent's hand size;
  ``threat_w = skill``, x 1.5 when skill >= 0.85 and the opponent has >= 115;
  no threat term when the new count is 31 (or the opponent has said go);
* -1 for leaving the count at 5 or 21; +0.02 x the new count; -1.2 for
  leading a 5; +skill x 0.10 x (count - 21) when 22 <= count < 31.

Lower tiers pick by softmax, weights exp(-(best - v) / T); T = 0 is argmax.
"""

from __future__ import annotations

import math
from math import comb
from typing import Protocol

from crib.ai.observation import Observation
from crib.cards import Card
from crib.discard import rank_throws_fast
from crib.pegging import peg_points

__all__ = [
    "temperature",
    "play_values",
    "choose_play",
    "choose_discard",
    "softmax_pick",
    "Rng",
    "hold_probabilities",
    "threat_weight",
    "net_value",
]

_T_POINTS = ((0.0, 2.0), (0.12, 1.2), (0.35, 0.5), (0.85, 0.15), (1.0, 0.0))


class Rng(Protocol):
    def random(self) -> float: ...


def temperature(skill: float) -> float:
    """Piecewise linear through (0, 2.0), (0.12, 1.2), (0.35, 0.5), (0.85, 0.15), (1, 0).

    >>> temperature(0.12), temperature(1.0), round(temperature(0.6), 3)
    (1.2, 0.0, 0.325)
    """
    s = min(max(skill, 0.0), 1.0)
    for x, y in _T_POINTS:
        if s == x:
            return y
    for (x0, y0), (x1, y1) in zip(_T_POINTS, _T_POINTS[1:], strict=False):
        if s <= x1:
            return y0 + (y1 - y0) * (s - x0) / (x1 - x0)
    return 0.0


def softmax_pick(values: list[float], temp: float, rng: Rng) -> int:
    """Index into ``values`` (ranked best first): argmax at T=0, else softmax."""
    if temp <= 0 or len(values) == 1:
        return 0
    best = max(values)
    weights = [math.exp(-(best - v) / temp) for v in values]
    x = rng.random() * sum(weights)
    for i, wgt in enumerate(weights):
        x -= wgt
        if x < 0:
            return i
    return len(values) - 1


def hold_probabilities(unseen: list[int], k: int, opp_said_go: bool) -> list[float]:
    """P(the opponent holds at least one card of each rank), hypergeometric.

    ``unseen[r - 1]`` cards of rank r are unseen, the opponent holds ``k`` of
    them; after a go they hold nothing that fits, so no threat is counted.
    """
    total = sum(unseen)
    if k <= 0 or opp_said_go or total < k:
        return [0.0] * 13
    denom = comb(total, k)
    return [1.0 - comb(total - u, k) / denom if u else 0.0 for u in unseen]


def threat_weight(skill: float, opp_score: int) -> float:
    """skill, x 1.5 when skill >= 0.85 and the opponent has >= 115 points."""
    return skill * (1.5 if skill >= 0.85 and opp_score >= 115 else 1.0)


def net_value(
    points: int,
    count_before: int,
    new_count: int,
    rank: int,
    threat: float,
    threat_w: float,
    skill: float,
) -> float:
    """The net value of a play from its points and the threat it leaves (see the module doc)."""
    v = float(points)
    if new_count != 31:
        v -= threat_w * threat
    if new_count in (5, 21):
        v -= 1.0
    v += 0.02 * new_count
    if count_before == 0 and rank == 5:
        v -= 1.2  # leading a five
    if 22 <= new_count < 31:
        v += skill * 0.10 * (new_count - 21)
    return v


def play_values(obs: Observation, skill: float) -> list[tuple[Card, float]]:
    """Net value of each legal card, best first (ties: lower rank, then suit)."""
    if not obs.legal:
        return []
    pile_ranks = tuple(c.rank for c in obs.pile)
    count = obs.count
    p_hold = hold_probabilities(obs.unseen_rank_counts(), obs.opp_cards_held, obs.opp_said_go)
    threat_w = threat_weight(skill, obs.opp_score)
    out = []
    for c in obs.legal:
        new_ranks = (*pile_ranks, c.rank)
        new_count = count + c.value
        threat = 0.0
        if new_count != 31 and threat_w:
            for r in range(1, 14):
                p = p_hold[r - 1]
                if p and new_count + min(r, 10) <= 31:
                    t = peg_points((*new_ranks, r)) * p
                    if t > threat:
                        threat = t
        out.append(
            (c, net_value(peg_points(new_ranks), count, new_count, c.rank, threat, threat_w, skill))
        )
    out.sort(key=lambda cv: (-cv[1], cv[0].rank, cv[0].suit))
    return out


def choose_play(obs: Observation, skill: float, rng: Rng) -> Card | None:
    """The card to play, or ``None`` for go when nothing is legal."""
    ranked = play_values(obs, skill)
    if not ranked:
        return None
    return ranked[softmax_pick([v for _c, v in ranked], temperature(skill), rng)][0]


def choose_discard(obs: Observation, skill: float, rng: Rng) -> tuple[Card, Card]:
    """Two cards to throw: the exact-model ranking by seat, softmax by tier."""
    ranked = rank_throws_fast(obs.hand, obs.dealer)
    i = softmax_pick([ev for _t, _k, ev, _s in ranked], temperature(skill), rng)
    return ranked[i][0]
