"""The net-value model of a pegging card, and the computer's tiers.

The net value of playing rank ``r`` (the design we follow):

* points: 15 and 31 pay 2, plus pegging pairs and runs;
* minus ``threat_w * threat``: the threat is the maximum over unseen ranks of
  (the opponent's reply points with that rank) x P(opponent holds at least
  one), hypergeometric over the unseen cards with the opponent's hand size;
  ``threat_w = skill``, x 1.5 when skill >= 0.85 and the opponent has >= 115;
  no threat term when the new count is 31 (or the opponent has said go);
* -1 for leaving the count at 5 or 21; +0.02 x the new count; -1.2 for
  leading a 5; +skill x 0.10 x (count - 21) when 22 <= count < 31.

Tiers pick by softmax over these values at a temperature set by their skill
(:func:`temperature`); the softmax itself is the AI's (:mod:`crib.ai.policy`).
The exact solvers use the same values to model the computer as an opponent.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache, partial
from math import comb

from crib.analysis.models.kinds import SKILLS
from crib.rules.cards import Card
from crib.rules.constants import LATE
from crib.rules.observation import Observation
from crib.rules.pegging import compress, fits, points_for

__all__ = [
    "SKILLS",
    "temperature",
    "softmax_weights",
    "hold_probabilities",
    "threat_weight",
    "net_value",
    "rank_values",
    "rank_values_fast",
    "play_values",
]

# tier -> skill (its softmax temperature follows from :func:`temperature`): a view of
# crib.analysis.models.TIERS, the one table of tiers

# Retuned on duplicate deals against the Expert (issue 11) so that each tier's
# win rate lands in its design band: Easy 2-5%, Normal 15-25%, Hard 35-45%.
# Was (0, 2.0), (0.12, 1.2), (0.35, 0.5), (0.85, 0.15): Easy then won 25.6%,
# Normal 38%, Hard 49%.  Skill also sets the weight of the opponent's best
# reply in the net-value model, so Easy (0.12) barely looks at replies.
_T_POINTS = ((0.0, 6.0), (0.12, 5.0), (0.35, 1.6), (0.85, 0.5), (1.0, 0.0))


def temperature(skill: float) -> float:
    """Piecewise linear through (0, 6.0), (0.12, 5.0), (0.35, 1.6), (0.85, 0.5), (1, 0).

    >>> temperature(0.12), temperature(1.0), round(temperature(0.6), 3)
    (5.0, 0.0, 1.05)
    """
    s = min(max(skill, 0.0), 1.0)
    for x, y in _T_POINTS:
        if s == x:
            return y
    for (x0, y0), (x1, y1) in zip(_T_POINTS, _T_POINTS[1:], strict=False):
        if s <= x1:
            return y0 + (y1 - y0) * (s - x0) / (x1 - x0)
    return 0.0


def softmax_weights(values: list[float], temp: float) -> list[float]:
    """Unnormalised softmax weights exp(-(best - v) / T) of values ranked best first.

    >>> softmax_weights([2.0, 1.0], 1.0)   # exp(0), exp(-1)
    [1.0, 0.36787944117144233]
    """
    best = max(values)
    return [math.exp(-(best - v) / temp) for v in values]


def hold_probabilities(unseen: Sequence[int], k: int, opp_said_go: bool) -> list[float]:
    """P(the opponent holds at least one card of each rank), hypergeometric.

    ``unseen[r - 1]`` cards of rank r are unseen, the opponent holds ``k`` of
    them; after a go they hold nothing that fits, so no threat is counted.

    >>> [round(p, 4) for p in hold_probabilities([4] + [0] * 12, 1, False)][:2]
    [1.0, 0.0]
    """
    total = sum(unseen)
    if k <= 0 or opp_said_go or total < k:
        return [0.0] * 13
    denom = comb(total, k)
    return [1.0 - comb(total - u, k) / denom if u else 0.0 for u in unseen]


def threat_weight(skill: float, opp_score: int) -> float:
    """skill, x 1.5 when skill >= 0.85 and the opponent has >= 115 points.

    >>> threat_weight(1.0, 100), threat_weight(1.0, 115), threat_weight(0.5, 118)
    (1.0, 1.5, 0.5)
    """
    return skill * (1.5 if skill >= 0.85 and opp_score >= LATE else 1.0)


def net_value(
    points: int,
    count_before: int,
    new_count: int,
    rank: int,
    threat: float,
    threat_w: float,
    skill: float,
) -> float:
    """The net value of a play from its points and the threat it leaves (see the module doc).

    >>> net_value(2, 10, 15, 5, 2.0, 1.0, 1.0)   # 2 - 2 + 0.02 * 15
    0.3
    """
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


def _threat_plain(p_hold: Sequence[float], c: int, t: tuple[int, ...], s: int) -> float:
    """The threat as stated: the most any reply rank scores, times P(they hold it)."""
    threat = 0.0
    for q in range(1, 14):
        p = p_hold[q - 1]
        if p and fits(c, q):
            x = points_for(c, t, s, q)[0] * p
            if x > threat:
                threat = x
    return threat


def _threat_cached(p_hold: Sequence[float], c: int, t: tuple[int, ...], s: int) -> float:
    """:func:`_threat_plain` over the cached scoring replies: the same products and maxima."""
    threat = 0.0
    for i, x in _scoring_replies(c, t, s):
        p = p_hold[i]
        if p:
            y = x * p
            if y > threat:
                threat = y
    return threat


def rank_values(
    hand: Sequence[int],
    count: int,
    tail: tuple[int, ...],
    streak: int,
    unseen: Sequence[int],
    k: int,
    other_go: bool,
    skill: float,
    opp_score: int,
    *,
    cached: bool = False,
) -> list[tuple[int, float, int]]:
    """(rank, net value, cards of that rank held) for each playable rank, best first.

    The pile is compressed (``crib.rules.pegging.compress``); ``unseen`` and
    ``k`` describe the cards the player cannot see and how many the opponent
    holds.  Ties go to the lower rank.  ``cached`` (:func:`rank_values_fast`)
    takes the sub-results from caches: the same products, maxima and
    :func:`net_value` calls, so the same floats (tested equal on random piles).
    """
    if cached:
        p_hold: Sequence[float] = _holds(tuple(unseen), k, other_go)
        points, threat_of = _points, _threat_cached
    else:
        p_hold = hold_probabilities(unseen, k, other_go)
        points, threat_of = points_for, _threat_plain
    threat_w = threat_weight(skill, opp_score)
    out = []
    for r, mult in sorted(Counter(hand).items()):
        if not fits(count, r):
            continue
        pts, c, t, s = points(count, tail, streak, r)
        threat = threat_of(p_hold, c, t, s) if c != 31 and threat_w else 0.0
        out.append((r, net_value(pts, count, c, r, threat, threat_w, skill), mult))
    out.sort(key=lambda x: (-x[1], x[0]))
    return out


@lru_cache(maxsize=1 << 16)
def _holds(unseen: tuple[int, ...], k: int, other_go: bool) -> tuple[float, ...]:
    return tuple(hold_probabilities(unseen, k, other_go))


@lru_cache(maxsize=1 << 16)
def _points(count: int, tail: tuple[int, ...], streak: int, r: int) -> tuple:
    return points_for(count, tail, streak, r)


@lru_cache(maxsize=1 << 16)
def _scoring_replies(count: int, tail: tuple[int, ...], streak: int) -> tuple[tuple[int, int], ...]:
    """(rank - 1, points) of each reply that fits this pile and scores.

    A reply that scores nothing adds 0 * p to the threat, never above its start of 0.
    """
    out = []
    for q in range(1, 14):
        if fits(count, q) and (x := points_for(count, tail, streak, q)[0]) > 0:
            out.append((q - 1, x))
    return tuple(out)


rank_values_fast = partial(rank_values, cached=True)
"""The net-value ranking with cached sub-results (:func:`rank_values` with ``cached``)."""


def play_values(obs: Observation, skill: float) -> list[tuple[Card, float]]:
    """Net value of each legal card, best first (ties: lower rank, then suit)."""
    if not obs.legal:
        return []
    count, tail, streak = compress([c.rank for c in obs.pile])
    by_rank = {
        r: v
        for r, v, _m in rank_values_fast(
            [c.rank for c in obs.legal],
            count,
            tail,
            streak,
            obs.unseen_rank_counts(),
            obs.opp_cards_held,
            obs.opp_said_go,
            skill,
            obs.opp_score,
        )
    }
    out = [(c, by_rank[c.rank]) for c in obs.legal]
    out.sort(key=lambda cv: (-cv[1], cv[0].rank, cv[0].suit))
    return out
