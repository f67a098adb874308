"""The play looked ahead from the discard: a kept four's exact pegging value (issue #42).

The pegging table (``data/pegging_ev.csv``) values a kept four by its ranks alone, from
games where both sides pegged as the Expert.  :func:`peg_lookahead` instead solves the
play that would follow this discard, by the Master's own model: the weighted expectimax
(:func:`crib.analysis.play.analyze_play`, ``MASTER.play``) over every holding the
opponent could keep from the 46 cards you cannot see, knowing your two thrown cards.
The starter is left out: over the 46 starters, a uniform holding of the other 45 is a
uniform holding of all 46, so only the keep weights see the difference.

* **Pone** (you lead): the best lead's expected margin for the whole play.
* **Dealer** (the opponent leads): for each rank the opponent could lead, your best
  reply's expected margin once it is led, weighted by :func:`lead_distribution`, the
  chance that the opponent leads that rank: over its weighted holdings, the proxy
  policy of :mod:`crib.analysis.play.evidence` (the Expert's values, softmax at
  :data:`~crib.analysis.play.evidence.TEMPERATURE`).  After the lead, that lead is
  evidence about the other three cards (:func:`~crib.analysis.play.evidence.play_evidence`).

The margin counts both sides' pegging points (15s, 31s, pairs, runs, go and last
card) to the play's end, as the table's ``net`` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement
from math import comb

import numpy as np

from crib.analysis.models import MASTER
from crib.analysis.play.analysis import analyze_play
from crib.analysis.play.evidence import decisions_from, play_evidence
from crib.analysis.selfplay_tables import keep_ratios
from crib.rules.cards import Card
from crib.rules.position import PeggingPosition

__all__ = ["lead_distribution", "lead_distribution_reference", "peg_lookahead"]

_HOLDINGS = tuple(
    h for h in combinations_with_replacement(range(1, 14), 4) if max(map(h.count, h)) <= 4
)
_COUNTS = np.array([[h.count(r) for r in range(1, 14)] for h in _HOLDINGS], np.int64)
MIN_LEAD = 0.002  # leads less likely than this are left out (the rest renormalised)


def _unseen(six: Sequence[Card]) -> np.ndarray:
    u = np.full(13, 4, np.int64)
    for c in six:
        u[c.rank - 1] -= 1
    return u


def _lead_weights() -> np.ndarray:
    """The proxy's weight of leading each rank (count 0, four cards of yours unplayed)."""
    ace = Card.from_index(0)
    return np.array(decisions_from((ace,), (ace,), None, 4, 0)[0].weights)


def lead_distribution(six: Sequence[Card]) -> dict[int, float]:
    """P(the opponent, as the pone, leads each rank) given your six: over the pone's
    holdings of the unseen cards (card-set counts times the pone's keep ratio), the
    proxy's lead probabilities; vectorised over the 1,820 rank holdings."""
    u = _unseen(six)
    combos = np.ones(len(_HOLDINGS))
    for r in range(13):
        combos *= np.array([comb(int(u[r]), int(k)) for k in range(5)], float)[_COUNTS[:, r]]
    ratios = keep_ratios("pone")
    w = combos * np.array([ratios.get(h, 0.0) for h in _HOLDINGS])
    lw = _lead_weights()
    policy = _COUNTS * lw / (_COUNTS @ lw)[:, None]  # holdings x ranks
    p = w @ policy
    p /= p.sum()
    return {r + 1: float(p[r]) for r in range(13) if p[r] > 0}


def lead_distribution_reference(six: Sequence[Card]) -> dict[int, float]:
    """:func:`lead_distribution` holding by holding and card by card (the plain statement)."""
    u = _unseen(six)
    lw = _lead_weights()
    ratios = keep_ratios("pone")
    tot: dict[int, float] = {}
    for h in _HOLDINGS:
        n = 1
        for r in set(h):
            n *= comb(int(u[r - 1]), h.count(r))
        w = n * ratios.get(h, 0.0)
        if not w:
            continue
        den = sum(lw[r - 1] for r in h)
        for r in set(h):
            tot[r] = tot.get(r, 0.0) + w * h.count(r) * lw[r - 1] / den
    s = sum(tot.values())
    return {r: v / s for r, v in sorted(tot.items())}


def peg_lookahead(keep: Sequence[Card], throw: Sequence[Card], dealer: bool) -> float:
    """The expected pegging margin of the play after keeping ``keep`` and throwing
    ``throw`` (see the module docstring)."""
    if not dealer:
        pos = PeggingPosition(hand=tuple(keep), discards=tuple(throw), opp_count=4)
        return float(analyze_play(pos, MASTER, opp_dealer=True).best.margin)
    six = (*keep, *throw)
    dist = {r: p for r, p in lead_distribution(six).items() if p >= MIN_LEAD}
    total = sum(dist.values())
    value = 0.0
    for r, p in dist.items():
        lead = next(c for c in map(Card.from_index, range(4 * r - 4, 4 * r)) if c not in six)
        pos = PeggingPosition(hand=tuple(keep), pile=(lead,), discards=tuple(throw), opp_count=3)
        with play_evidence(decisions_from((lead,), (lead,), None, 4, 0)):
            a = analyze_play(pos, MASTER, opp_played=(lead,), opp_dealer=False)
        value += p / total * float(a.best.margin)
    return value
