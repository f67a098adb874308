"""The rules of cribbage, in pure Python (no numpy, pandas or widgets).

Cards and scoring, the play as a frozen state, pegging positions, what a
player may observe, the player protocol, the game with its event log,
replay through the engine, and verifiable deals.  Nothing here imports any
other part of crib; a test walks the import graph to keep it so.
"""

from crib.rules.cards import DECK, Card, CardsLike, cards_pretty, cards_str, parse_card, parse_cards
from crib.rules.events import Event, describe_event, log_from_json, log_to_json
from crib.rules.game import Decision, Game, GameResult
from crib.rules.observation import Observation
from crib.rules.pegging import PegState, PlayRecord
from crib.rules.players import HumanPlayer, Player
from crib.rules.position import PeggingPosition
from crib.rules.replay import Replay, replay
from crib.rules.scoring import Score, score_hand, score_pegging

__all__ = [
    "DECK",
    "Card",
    "CardsLike",
    "cards_pretty",
    "cards_str",
    "parse_card",
    "parse_cards",
    "Event",
    "describe_event",
    "log_from_json",
    "log_to_json",
    "Decision",
    "Game",
    "GameResult",
    "Observation",
    "PegState",
    "PlayRecord",
    "HumanPlayer",
    "Player",
    "PeggingPosition",
    "Replay",
    "replay",
    "Score",
    "score_hand",
    "score_pegging",
]
