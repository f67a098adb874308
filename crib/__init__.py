"""crib, the cribbage coach.

The rules core (cards, scoring, pegging rules, game state) is pure Python.
Analysis modules (discard EV, crib tables, expectimax, simulation) use numpy
and pandas and load on first use, so ``import crib`` stays light.

>>> import crib
>>> crib.score_hand("5H 5D 5C JS", "5S").total
29
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from crib.cards import DECK, Card, cards_pretty, cards_str, parse_card, parse_cards
from crib.errors import (
    CardParseError,
    CribError,
    DuplicateCardError,
    HandSizeError,
    IllegalPlayError,
    InvalidPositionError,
)
from crib.scoring import Score, his_heels, is_perfect_29, score_hand, score_pegging

__version__ = "0.1.0"

__all__ = [
    "DECK",
    "Card",
    "CardParseError",
    "CribError",
    "DuplicateCardError",
    "HandSizeError",
    "IllegalPlayError",
    "InvalidPositionError",
    "Score",
    "cards_pretty",
    "cards_str",
    "his_heels",
    "is_perfect_29",
    "parse_card",
    "parse_cards",
    "score_hand",
    "score_pegging",
    "analyze_discard",
    "DiscardAnalysis",
]

# name -> module, imported on first attribute access (PEP 562)
_LAZY = {
    "analyze_discard": "crib.discard",
    "DiscardAnalysis": "crib.discard",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'crib' has no attribute {name!r}")
