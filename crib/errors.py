"""The errors crib raises for bad input.

All are :class:`ValueError` subclasses whose messages quote the input and say
what was expected, so a dashboard or the command line can show them as they are.
"""

from __future__ import annotations

__all__ = [
    "CribError",
    "CardParseError",
    "DuplicateCardError",
    "HandSizeError",
    "IllegalPlayError",
    "InvalidPositionError",
    "ModelError",
    "ScoreError",
    "SeatError",
    "StoreError",
    "BadNameError",
    "SaidError",
]


class CribError(ValueError):
    """Base class of every input error in crib."""


class CardParseError(CribError):
    """Text that is not a card, e.g. ``'X9'``."""


class DuplicateCardError(CribError):
    """The same card given twice where cards must be distinct."""


class HandSizeError(CribError):
    """The wrong number of cards, e.g. 3 where a hand needs 4."""


class IllegalPlayError(CribError):
    """A pegging play that the rules do not allow."""


class InvalidPositionError(CribError):
    """A pegging position that cannot arise in a real game."""


class ScoreError(CribError):
    """A score outside 0..120 (121 wins, so no game in progress has it), or not a number."""


class SeatError(CribError):
    """A seat that is not ``True`` (you deal) or ``False`` (you are the pone), or an unknown
    seat name."""


class ModelError(CribError):
    """An unknown model, view or objective, or arguments that contradict the model named."""


class StoreError(CribError):
    """Bad input to the classroom record."""


class BadNameError(StoreError):
    """A student, player, session or tournament name that is empty, too long, not printable
    or in mixed alphabets (:func:`crib.classroom.names.clean_name`)."""


class SaidError(CribError):
    """An input error whose message is already in the page's language (a page's own
    message, made with the catalog): shown as it is."""
