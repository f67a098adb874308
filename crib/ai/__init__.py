"""The computer opponent: policies, players, and games between them.

A brain decides from an :class:`~crib.rules.observation.Observation`, which has
no field for the opponent's cards, only how many they hold.  Decisions are a
pure function of (observation, skill, rng).  ``make_player`` turns a tier
(``TIERS["expert"]``) into a player for :class:`~crib.rules.game.Game`; ``parse_player``
reads a name such as ``"expert"`` from the command line.
"""

from crib.ai.players import (
    BrainPlayer,
    GreedyPlayer,
    RandomPlayer,
    make_player,
    parse_player,
)
from crib.ai.policy import choose_discard, choose_play, softmax_pick
from crib.analysis.heuristics import play_values, temperature
from crib.analysis.models import TIERS
from crib.rules.observation import Observation, for_discard, for_play
from crib.rules.players import HumanPlayer, Player

__all__ = [
    "Observation",
    "for_discard",
    "for_play",
    "TIERS",
    "BrainPlayer",
    "GreedyPlayer",
    "HumanPlayer",
    "Player",
    "RandomPlayer",
    "make_player",
    "parse_player",
    "choose_discard",
    "choose_play",
    "softmax_pick",
    "play_values",
    "temperature",
]
