"""A game against the computer, kept move by move, and played again to resume it.

A :class:`GameRecord` is what it takes to rebuild a game exactly: the settings that make
its deal (seed, tier, starting scores, the counting rules) and every action the player's
controller *accepted*, in order (a refused action changes nothing, so it is not kept).
The play page sends a fresh record to the browser after every move; the browser keeps it
in its own storage (``localStorage``, keyed by the game's id), so a reload, Back, another
visit or a kernel that died resumes the same decision, and a game opens only on the
device that played it (:mod:`crib.ui.play.keep`).

:func:`play_again` rebuilds the game by replaying the actions through the controller's
own methods: every rule is checked again, the computer (seeded by the game) makes the
same moves, and the coach grades the same decisions.  A record that does not lead back
to the decision it was saved at (a changed engine, a tampered record) is refused with
:data:`CANNOT_RESUME`, never half-played.

>>> r = GameRecord(id="7-1", seed=7, tier="easy", actions=(("press", "n"), ("press", "n")))
>>> GameRecord.from_json(r.to_json()) == r
True
>>> GameRecord.from_json('{"seed": "x"}')
Traceback (most recent call last):
...
crib.errors.CribError: this saved game cannot be read (it was made by another version, or changed)
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from crib.errors import CribError
from crib.i18n import N_, tr
from crib.session.model import TIERS

__all__ = [
    "GameRecord",
    "Kept",
    "recorded",
    "play_again",
    "CANNOT_READ",
    "CANNOT_RESUME",
    "ACTIONS",
    "MAX_ACTIONS",
]

VERSION = 1
CANNOT_READ = N_("this saved game cannot be read (it was made by another version, or changed)")
CANNOT_RESUME = N_(
    "this saved game cannot be resumed here (it was made by another version, or changed)"
)
# the controller's actions a record may hold, and how many arguments each takes
ACTIONS = {
    "press": 1,
    "toggle": 1,
    "confirm": 0,
    "discard": 1,
    "play": 1,
    "go": 0,
    "next": 0,
    "claim": 1,
    "hint": 0,
    "lesson_done": 0,  # a first game's lesson done (crib.session.first_game): no-op played again
}
MAX_ACTIONS = 3000  # a long manual game is under 600; more is not a game of crib


@dataclass(frozen=True)
class GameRecord:
    """A game's settings and accepted actions (JSON-safe: card arguments as text)."""

    id: str
    seed: int
    tier: str
    manual: bool = False
    muggins: bool = False
    coaching: bool = True
    scores: tuple[int, int] = (0, 0)
    actions: tuple[tuple[Any, ...], ...] = ()
    cursor: int = 0  # the engine's events revealed when it was kept
    hand: int = -1  # the hand then (-1 before the first deal)
    scores_now: tuple[int, int] = (0, 0)
    over: bool = False
    version: int = field(default=VERSION)

    @classmethod
    def of(cls, c: Any) -> GameRecord:
        """The record of a :class:`~crib.session.controller.GameController` ``c`` now."""
        return cls(
            id=c.game_id,
            seed=c.seed,
            tier=c.tier.key,
            manual=c.manual,
            muggins=c.muggins,
            coaching=bool(c.coaching),
            scores=(int(c.scores0[0]), int(c.scores0[1])),
            actions=tuple(c.actions),
            cursor=c.cursor,
            hand=c.hand_index,
            scores_now=(int(c.scores[0]), int(c.scores[1])),
            over=c.phase == "over",
        )

    def to_json(self) -> str:
        d = self.__dict__.copy()
        d["actions"] = [list(a) for a in self.actions]
        return json.dumps(d, separators=(",", ":"))

    @property
    def started(self) -> bool:
        """A game in progress worth keeping: dealt, and not over."""
        return self.hand >= 0 and not self.over

    @classmethod
    def from_json(cls, text: str | dict, lang: str = "en") -> GameRecord:
        """The record in ``text`` (the browser's copy: anything may be in it), checked;
        a :class:`CribError` (:data:`CANNOT_READ`, in ``lang``) for anything else."""
        try:
            d = json.loads(text) if isinstance(text, str) else dict(text)
            if d.get("version") != VERSION:
                raise ValueError("version")
            actions = tuple(_action(a) for a in d["actions"])
            if len(actions) > MAX_ACTIONS:
                raise ValueError("too long")
            r = cls(
                id=_text(d["id"]),
                seed=_int(d["seed"]),
                tier=_text(d["tier"]),
                manual=_bool(d["manual"]),
                muggins=_bool(d["muggins"]),
                coaching=_bool(d["coaching"]),
                scores=_pair(d["scores"]),
                actions=actions,
                cursor=_int(d["cursor"]),
                hand=_int(d["hand"]),
                scores_now=_pair(d["scores_now"]),
                over=_bool(d["over"]),
            )
        except (ValueError, TypeError, KeyError, AttributeError):
            raise CribError(tr(lang)(CANNOT_READ)) from None
        return r


def _text(x: object) -> str:
    if not isinstance(x, str) or len(x) > 40:
        raise ValueError("text")
    return x


def _int(x: object) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or abs(x) > 2**63:
        raise ValueError("int")
    return x


def _bool(x: object) -> bool:
    if not isinstance(x, bool):
        raise ValueError("bool")
    return x


def _pair(x: object) -> tuple[int, int]:
    if not isinstance(x, list | tuple) or len(x) != 2 or not all(0 <= _int(v) <= 200 for v in x):
        raise ValueError("scores")
    return (int(x[0]), int(x[1]))


def _action(a: object) -> tuple[Any, ...]:
    if not isinstance(a, list | tuple) or not a or a[0] not in ACTIONS:
        raise ValueError("action")
    name, args = a[0], tuple(a[1:])
    if len(args) != ACTIONS[name]:
        raise ValueError("arguments")
    for x in args:
        ok = isinstance(x, str) and len(x) <= 8
        ok = ok or (isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 64)
        ok = ok or (isinstance(x, list) and len(x) == 2 and all(isinstance(c, str) for c in x))
        if not ok:
            raise ValueError("argument")
    return (name, *[tuple(x) if isinstance(x, list) else x for x in args])


class _Recording(Protocol):
    actions: list[tuple[Any, ...]]
    _acting: int


F = TypeVar("F", bound=Callable[..., None])


def _plain(x: object) -> object:
    """An action's argument as JSON keeps it: a card (or cards) as text."""
    if isinstance(x, list | tuple):
        return tuple(str(c) for c in x)
    if isinstance(x, str | int):
        return x
    return str(x)


def recorded(method: F) -> F:
    """Keep a controller action in ``self.actions`` once it is accepted: only the outermost
    call (``press`` calls ``toggle`` and ``confirm``), and not when it raises."""

    @functools.wraps(method)
    def wrapper(self: _Recording, *args: Any) -> None:
        self._acting += 1
        try:
            method(self, *args)
        finally:
            self._acting -= 1
        if self._acting == 0:
            self.actions.append((method.__name__, *(_plain(a) for a in args)))

    return wrapper  # type: ignore[return-value]


def play_again(make: Callable[[GameRecord], Any], record: GameRecord, lang: str = "en") -> Any:
    """The controller ``make(record)`` builds, with the record's actions played again; a
    :class:`CribError` (:data:`CANNOT_RESUME`) when one is refused or the game does not
    come back to the decision it was kept at."""
    c = make(record)
    try:
        for name, *args in record.actions:
            getattr(c, name)(*[list(a) if isinstance(a, tuple) else a for a in args])
    except CribError:
        raise CribError(tr(lang)(CANNOT_RESUME)) from None
    if (c.cursor, c.hand_index, tuple(c.scores)) != (
        record.cursor,
        record.hand,
        record.scores_now,
    ):
        raise CribError(tr(lang)(CANNOT_RESUME))
    c.coaching = record.coaching
    return c


class Kept:
    """A controller's record and resume (the :class:`~crib.session.controller.GameController`
    takes them from here)."""

    def record(self) -> GameRecord:
        """The game as kept: its settings and every accepted action."""
        return GameRecord.of(self)

    @classmethod
    def resume(cls, record: GameRecord, lang: str = "en") -> Any:
        """The game ``record`` keeps, played again to the decision it was kept at
        (a :class:`CribError` if it cannot be: :func:`play_again`)."""

        def make(r: GameRecord) -> Any:
            if r.tier not in TIERS:
                raise CribError(tr(lang)(CANNOT_RESUME))
            c = cls(  # type: ignore[call-arg]
                r.seed,
                TIERS[r.tier],
                coaching=True,  # graded as it was played; the box's value comes back after
                manual=r.manual,
                muggins=r.muggins,
                scores=r.scores,
                lang=lang,
            )
            c.game_id = r.id
            return c

        c = play_again(make, record, lang)
        c.refine_grades()
        return c
