"""The game's numbers, each defined once (card values are ``crib.rules.cards.RANK_VALUES``).

>>> WIN, LATE, JACK
(121, 115, 10)
"""

from __future__ import annotations

__all__ = ["WIN", "LATE", "JACK"]

WIN = 121  # the game's length: the first to 121 wins, even during the play
# the late game: the computer's pegging model weighs threats more once the opponent has this many
LATE = 115
JACK = 10  # the jack's 0-based rank index (a card index >> 2), as the numpy tables use it
