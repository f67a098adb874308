"""The player protocol: what the game asks of a seat.

A player decides from an :class:`~crib.rules.observation.Observation`, which has
no field for the opponent's cards, and draws any randomness from the ``rng``
the game hands it.  The computer players live in :mod:`crib.ai`; a tier
becomes a player there (``make_player``), and a name such as ``"expert"`` is read there
(``parse_player``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from crib.errors import CribError
from crib.rules.cards import Card
from crib.rules.observation import Observation

__all__ = ["Rng", "Player", "HumanPlayer"]


class Rng(Protocol):
    """A source of uniform floats in [0, 1) (``crib.rules.fairness.HashRng``)."""

    def random(self) -> float: ...


@runtime_checkable
class Player(Protocol):
    """A seat: two cards to throw, then a card to play (``None`` for go)."""

    name: str

    def discard(self, obs: Observation, rng: Rng) -> tuple[Card, Card]: ...

    def play(self, obs: Observation, rng: Rng) -> Card | None: ...


@dataclass(frozen=True)
class HumanPlayer:
    """A seat whose decisions come from outside (a user interface).

    :meth:`crib.rules.game.Game.advance` stops at its decisions, which the
    interface answers with :meth:`~crib.rules.game.Game.submit`.
    """

    name: str = "human"

    def discard(self, obs: Observation, rng: Rng) -> tuple[Card, Card]:
        raise CribError("a human player's discard must be submitted through the game's step API")

    def play(self, obs: Observation, rng: Rng) -> Card | None:
        raise CribError("a human player's play must be submitted through the game's step API")
