"""Which player the opponent plays like, learnt from this game's earlier plays (issue #42).

The Master reads the opponent's plays as a mixture of two players
(:class:`~crib.analysis.play.weights.KeepWeights`, ``expert``): the Master itself (its
first card by the lead and reply tables, its later cards by the Master's play solved,
:mod:`crib.analysis.play.reads`) and the Expert (every card by the proxy,
:func:`~crib.analysis.play.evidence.as_proxy`).  Each finished play of the game
(:class:`~crib.rules.observation.EarlierHand`) shows every card the opponent held, so
the chance of its plays under each player is exact for that hand, and Bayes' rule moves
the prior chance that the opponent is the Expert:

    log-odds(Expert) = log-odds(prior) + sum over earlier hands of
                       log P(its plays | the Expert) - log P(its plays | the Master)

Each hand's term is clipped to +-:data:`CLIP` nats, so that one play that neither player
explains (a person's, say) cannot settle the question alone.

>>> from crib.rules.cards import parse_cards
>>> from crib.rules.observation import EarlierHand
>>> cards = parse_cards("5H 10S 5D JC 9S 3H 2C KD")
>>> hand = EarlierHand(cards, (True, False) * 4, parse_cards("4C")[0], True, (0, 0))
>>> -CLIP <= expert_log_odds(hand) <= CLIP
True
>>> chance_expert((), 0.5)
0.5
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache

from crib.analysis.play.evidence import as_proxy, decisions_from, likelihood, play_evidence
from crib.analysis.play.reads import read_probability
from crib.rules.observation import EarlierHand

__all__ = ["CLIP", "chance_expert", "expert_log_odds"]

CLIP = 3.0  # nats: the most one earlier hand may move the log-odds
_TINY = 1e-12  # a chance read as zero (a play the model cannot make) counts as this


@lru_cache(maxsize=4096)
def expert_log_odds(hand: EarlierHand) -> float:
    """log P(the opponent's plays in ``hand`` | the Expert's proxy) minus log P(the same
    | the Master's reads), for the four it held (all of which it played), clipped."""
    theirs = hand.their_cards
    if len(theirs) != 4:
        return 0.0  # a play cut short: its holding is not known
    decisions = decisions_from(
        hand.played,
        theirs,
        hand.starter,
        4,
        hand.scores[0],
        leads=True,
        replies=True,
        solve=True,
    )
    with play_evidence(decisions, read_probability):
        master = likelihood(decisions, ())
    expert = likelihood(as_proxy(decisions), ())
    odds = math.log(max(expert, _TINY)) - math.log(max(master, _TINY))
    return max(-CLIP, min(CLIP, odds))


def chance_expert(earlier: Iterable[EarlierHand], prior: float) -> float:
    """The chance that the opponent is the Expert rather than the Master, from ``prior``
    and the game's earlier plays."""
    if prior <= 0.0 or prior >= 1.0:
        return prior
    moved = sum(expert_log_odds(h) for h in earlier)
    if not moved:
        return prior
    return 1 / (1 + math.exp(-(math.log(prior / (1 - prior)) + moved)))
