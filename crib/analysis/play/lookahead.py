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

import numpy as np

from crib.analysis.models import MASTER
from crib.analysis.play.analysis import analyze_play
from crib.analysis.play.evidence import Decision, lead_weights, packed_counts, play_evidence
from crib.analysis.play.holdings import holdings
from crib.analysis.play.weights import KeepWeights
from crib.analysis.selfplay_tables import keep_table
from crib.rules.cards import Card
from crib.rules.position import PeggingPosition

__all__ = ["lead_distribution", "lead_distribution_reference", "peg_lookahead"]

MIN_LEAD = 0.002  # leads less likely than this are left out (the rest renormalised)


def _before_the_play(
    keep: Sequence[Card], throw: Sequence[Card]
) -> tuple[PeggingPosition, KeepWeights]:
    """The position before the play (no starter), and the pone's keep weights."""
    pos = PeggingPosition(hand=tuple(keep), discards=tuple(throw), opp_count=4)
    return pos, KeepWeights("pone", (), keep_table())


def lead_distribution(keep: Sequence[Card], throw: Sequence[Card]) -> dict[int, float]:
    """P(the opponent, as the pone, leads each rank) given your keep and throw: over the
    pone's holdings of the unseen cards (card-set counts times the pone's keep ratio),
    the proxy's lead probabilities; vectorised over the compiled solver's holdings."""
    from crib.analysis.play.jit import holding_arrays

    pos, factor = _before_the_play(keep, throw)
    _ranks, hands, w = holding_arrays(pos, factor)
    counts = packed_counts(hands)
    lw = np.array(lead_weights())
    p = w @ (counts * lw / (counts @ lw)[:, None])  # holdings x ranks: each lead's chance
    p /= p.sum()
    return {r + 1: float(p[r]) for r in range(13) if p[r] > 0}


def lead_distribution_reference(keep: Sequence[Card], throw: Sequence[Card]) -> dict[int, float]:
    """:func:`lead_distribution` holding by holding and card by card (the plain statement,
    on :func:`crib.analysis.play.holdings.holdings`)."""
    pos, factor = _before_the_play(keep, throw)
    lw = lead_weights()
    tot: dict[int, float] = {}
    for h, n in holdings(pos):
        w = n * factor(h)
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
        pos, _factor = _before_the_play(keep, throw)
        return float(analyze_play(pos, MASTER, opp_dealer=True).best.margin)
    six = (*keep, *throw)
    dist = {r: p for r, p in lead_distribution(keep, throw).items() if p >= MIN_LEAD}
    total = sum(dist.values())
    value = 0.0
    for r, p in dist.items():
        lead = next(c for c in map(Card.from_index, range(4 * r - 4, 4 * r)) if c not in six)
        pos = PeggingPosition(hand=tuple(keep), pile=(lead,), discards=tuple(throw), opp_count=3)
        with play_evidence((Decision(r, (r,), lead_weights()),)):  # the lead, as evidence
            a = analyze_play(pos, MASTER, opp_played=(lead,), opp_dealer=False)
        value += p / total * float(a.best.margin)
    return value
