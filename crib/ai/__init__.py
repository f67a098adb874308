"""The computer opponent.

A brain decides from an :class:`~crib.ai.observation.Observation`, which has
no field for the opponent's cards, only how many they hold.  Decisions are a
pure function of (observation, skill, rng).
"""

from crib.ai.observation import Observation, for_discard, for_play
from crib.ai.players import (
    TIERS,
    BrainPlayer,
    GreedyPlayer,
    HumanPlayer,
    Player,
    RandomPlayer,
    make_player,
)
from crib.ai.policy import choose_discard, choose_play, play_values, temperature

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
    "choose_discard",
    "choose_play",
    "play_values",
    "temperature",
]
