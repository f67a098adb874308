"""The Master tier: the strongest player crib can build from its exact analyses.

It decides from the same :class:`~crib.rules.observation.Observation` as every
other tier (no field for the opponent's cards), and it is deterministic.

* **Discard:** the 15 throws ranked by the full value: the exact hand EV, the
  seat-conditioned crib value from self-play (``crib_model="selfplay"``), and
  the kept four's pegging value net of the opponent's (``pegging=True``).
  When either side is within :data:`ENDGAME` points of 121 it ranks by the
  probability of winning the game instead (``objective="win"``, the win table).
  Near-ties go to safety, as in :func:`crib.analysis.discard.analyze_discard`.
* **Play:** every card by exact expectimax over every holding the opponent
  could have (``analyze_play(..., "minimax")``, the compiled solver), with go
  inference (after a go, holdings with a card that fits are excluded).  Near
  121 the board decides first: a card that pegs the points still needed wins
  at once and is played.  Ties in margin go to the Expert's net value.

What it does not do yet (issue 12): weight the holdings by how likely the
opponent was to keep them (it treats every consistent holding as equally
likely), or use the win table for the play.
"""

from __future__ import annotations

from dataclasses import dataclass

from crib.analysis.discard import analyze_discard
from crib.analysis.heuristics import play_values
from crib.analysis.play import analyze_play
from crib.rules.cards import Card
from crib.rules.observation import Observation
from crib.rules.pegging import peg_points
from crib.rules.players import Rng
from crib.rules.position import PeggingPosition

__all__ = ["MasterPlayer", "ENDGAME", "position_of"]

# within this many points of 121 (either side), the discard maximises P(win)
ENDGAME = 30


def position_of(obs: Observation) -> PeggingPosition:
    """The pegging position this observation describes, from public facts only.

    The opponent's holding is never part of it: only how many cards they hold.
    An opponent out of cards after this player's last card counts as having said
    go (they cannot play, and this player played last).
    """
    previous = tuple(c for c in obs.played if c not in obs.pile)
    opp_go = obs.opp_said_go or (obs.opp_cards_held == 0 and obs.pile_last_mine)
    return PeggingPosition(
        hand=obs.hand,
        pile=obs.pile,
        previous=previous,
        starter=obs.starter,
        discards=obs.my_discards,
        opp_count=obs.opp_cards_held,
        opp_go=opp_go and bool(obs.pile),
        scores=(obs.my_score, obs.opp_score),
    )


@dataclass(frozen=True)
class MasterPlayer:
    """The Master tier (see the module docstring)."""

    name: str = "master"

    def discard(self, obs: Observation, rng: Rng) -> tuple[Card, Card]:
        near_end = 121 - max(obs.my_score, obs.opp_score) <= ENDGAME
        a = analyze_discard(
            obs.hand,
            dealer=obs.dealer,
            crib_model="selfplay",
            pegging=True,
            scores=(obs.my_score, obs.opp_score) if near_end else None,
            objective="win" if near_end else "ev",
        )
        t = a.best.throw
        return t[0], t[1]

    def play(self, obs: Observation, rng: Rng) -> Card | None:
        if not obs.legal:
            return None
        if len({c.rank for c in obs.legal}) == 1:
            return obs.legal[0]
        need = 121 - obs.my_score
        pile = tuple(c.rank for c in obs.pile)
        last_card = len(obs.hand) == 1 and obs.opp_cards_held == 0
        winners = [
            c
            for c in obs.legal
            if peg_points((*pile, c.rank)) + (1 if last_card else 0) >= need
        ]
        if winners:
            return winners[0]
        a = analyze_play(position_of(obs), "minimax")
        net = dict(play_values(obs, 1.0))
        by_rank = {o.card.rank: o for o in a.options if o.card is not None}

        def key(c: Card) -> tuple[float, float]:
            return (round(by_rank[c.rank].margin, 9), net[c])

        return max(obs.legal, key=key)
