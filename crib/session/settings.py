"""The settings a page passes through to :class:`~crib.session.controller.GameController`,
with its defaults read from its signature (one place for them)."""

from __future__ import annotations

import inspect
from typing import TypedDict

__all__ = ["GameSettings", "game_defaults"]


class GameSettings(TypedDict, total=False):
    """Coaching on, manual counting, muggins, and the scores a game starts from."""

    coaching: bool
    manual: bool
    muggins: bool
    scores: tuple[int, int]


def game_defaults() -> GameSettings:
    """:class:`GameSettings` at :class:`GameController`'s defaults.

    >>> game_defaults()
    {'coaching': True, 'manual': False, 'muggins': False, 'scores': (0, 0)}
    """
    from crib.session.controller import GameController

    params = inspect.signature(GameController.__init__).parameters
    return GameSettings(**{k: params[k].default for k in GameSettings.__annotations__})  # type: ignore[typeddict-item]
