"""The game's events: one frozen record per step, a JSON log, readable lines.

Every field is a JSON value (cards as canonical strings), so a log
round-trips through :func:`log_to_json` and :func:`log_from_json`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import MISSING, asdict, dataclass, field, fields
from typing import Any, TypeVar, dataclass_transform

from crib.errors import CribError
from crib.rules.cards import cards_pretty, parse_cards
from crib.rules.constants import WIN as _WIN

__all__ = [
    "WIN",
    "Event",
    "GameStarted",
    "Dealt",
    "Discarded",
    "Cut",
    "Heels",
    "Played",
    "Go",
    "Counted",
    "Shown",
    "Muggins",
    "GameOver",
    "EVENT_TYPES",
    "log_to_json",
    "log_from_json",
    "skunk_of",
    "describe_event",
]

_E = TypeVar("_E", bound="Event")

WIN = _WIN  # re-exported: the one definition is crib.rules.constants.WIN


# --- events -----------------------------------------------------------------
# Every field is a JSON value (cards as canonical strings) so a log round-trips.


@dataclass(frozen=True)
class Event:
    type: str = field(init=False, default="event")  # the log's tag: first in every JSON record


@dataclass_transform(frozen_default=True)
def _event(tag: str) -> Callable[[type[_E]], type[_E]]:
    """An event class: a frozen dataclass whose ``type`` (the log's tag) is ``tag``."""

    def make(cls: type[_E]) -> type[_E]:
        cls.__annotations__["type"] = "str"  # redefined: it keeps the base's first place
        cls.type = field(init=False, default=tag)  # type: ignore[assignment]
        return dataclass(frozen=True)(cls)

    return make


@_event("started")
class GameStarted(Event):
    seed: int
    players: tuple[str, str]
    first_dealer: int
    commit: str  # SHA-256 (hex) of the secret every deck derives from, or "stacked"
    scores: tuple[int, int] = (0, 0)  # starting scores
    deals: str = "seed"  # where the decks come from: "seed", "match" (a committed secret) or "stacked"
    manual: tuple[bool, bool] = (False, False)  # which seats count their own hands
    muggins: bool = False  # the opponent takes the points a manual count missed


@_event("dealt")
class Dealt(Event):
    hand: int
    dealer: int
    hands: tuple[str, str]


@_event("discarded")
class Discarded(Event):
    player: int
    cards: str


@_event("cut")
class Cut(Event):
    starter: str


@_event("heels")
class Heels(Event):
    player: int
    points: int
    scores: tuple[int, int]


@_event("played")
class Played(Event):
    player: int
    card: str
    count: int
    points: int  # points recorded (never past 121)
    detail: str
    scores: tuple[int, int]


@_event("go")
class Go(Event):
    player: int  # who said go (or could not continue)
    scorer: int | None  # who pegged the go point, if the sub-round ended
    points: int
    scores: tuple[int, int]


@_event("counted")
class Counted(Event):
    """A player's own count of their hand or crib (manual counting): a decision."""

    player: int
    what: str  # "hand" or "crib"
    claimed: int


@_event("shown")
class Shown(Event):
    player: int
    what: str  # "hand" or "crib"
    cards: str
    starter: str
    points: int  # points recorded (never past 121)
    total: int  # the count of the hand
    detail: str
    scores: tuple[int, int]


@_event("muggins")
class Muggins(Event):
    """The points a manual count missed, taken by the opponent (right after that show)."""

    player: int  # who takes them
    points: int  # points recorded (never past 121)
    missed: int  # the points the count missed
    scores: tuple[int, int]


@_event("over")
class GameOver(Event):
    winner: int
    scores: tuple[int, int]
    skunk: str  # "", "skunk" (loser < 91) or "double skunk" (loser < 61)


EVENT_TYPES: dict[str, type[Event]] = {
    cls.__dataclass_fields__["type"].default: cls  # type: ignore[misc]
    for cls in (
        GameStarted, Dealt, Discarded, Cut, Heels, Played, Go, Counted, Shown, Muggins, GameOver
    )
}


def skunk_of(loser_score: int) -> str:
    """'double skunk' below 61, 'skunk' below 91, else ''.

    >>> skunk_of(60), skunk_of(90), skunk_of(91)
    ('double skunk', 'skunk', '')
    """
    if loser_score < 61:
        return "double skunk"
    if loser_score < 91:
        return "skunk"
    return ""


def log_to_json(events: Sequence[Event]) -> str:
    return json.dumps([asdict(e) for e in events], indent=None)


def _event_from_dict(i: int, d: Any) -> Event:
    if not isinstance(d, dict):
        raise CribError(f"not a crib game log: event {i} is not an object")
    d = dict(d)
    kind = d.pop("type", None)
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise CribError(f"not a crib game log: event {i} has unknown type {kind!r}")
    names = {f.name for f in fields(cls) if f.init}
    required = {
        f.name
        for f in fields(cls)
        if f.init and f.default is MISSING and f.default_factory is MISSING
    }
    missing, extra = sorted(required - d.keys()), sorted(d.keys() - names)
    if missing or extra:
        what = "; ".join(
            [f"missing {', '.join(missing)}"] * bool(missing)
            + [f"unexpected {', '.join(extra)}"] * bool(extra)
        )
        raise CribError(f"not a crib game log: event {i} ({kind}): {what}")
    for k, v in d.items():
        if isinstance(v, list):
            d[k] = tuple(v)
    return cls(**d)


def log_from_json(text: str) -> list[Event]:
    """Events from a JSON log; anything else raises :class:`~crib.errors.CribError`.

    >>> log_from_json('[{"type": "cut"}]')
    Traceback (most recent call last):
    ...
    crib.errors.CribError: not a crib game log: event 0 (cut): missing starter
    >>> log_from_json("{oops")
    Traceback (most recent call last):
    ...
    crib.errors.CribError: not a crib game log: invalid JSON at line 1 column 2
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise CribError(
            f"not a crib game log: invalid JSON at line {e.lineno} column {e.colno}"
        ) from None
    if not isinstance(data, list):
        raise CribError("not a crib game log: expected a list of events")
    return [_event_from_dict(i, d) for i, d in enumerate(data)]


def describe_event(e: Event, names: Sequence[str] = ("P1", "P2")) -> str:
    """One readable line for an event."""
    def n(p: int | None) -> str:
        return names[p] if p is not None else "?"

    def pretty(text: str) -> str:
        return cards_pretty(parse_cards(text)) if text else ""

    board = f"   [{e.scores[0]}-{e.scores[1]}]" if hasattr(e, "scores") else ""
    match e:
        case GameStarted():
            return (
                f"Game seed {e.seed}: {n(0)} ({e.players[0]}) v {n(1)} ({e.players[1]}); "
                f"{n(e.first_dealer)} deals first. Deck commitment {e.commit[:16]}..."
                + "".join(f" {n(p)} counts by hand." for p in (0, 1) if e.manual[p])
                + (" Muggins." if e.muggins else "")
            )
        case Dealt():
            hands = f"{n(0)}: {pretty(e.hands[0])}   {n(1)}: {pretty(e.hands[1])}"
            return f"\n— Hand {e.hand + 1}, {n(e.dealer)} deals. {hands}"
        case Discarded():
            return f"{n(e.player)} throws {pretty(e.cards)}"
        case Cut():
            return f"Starter: {pretty(e.starter)}"
        case Heels():
            return f"His heels: {n(e.player)} +{e.points}{board}"
        case Played():
            pts = f"  {e.detail} (+{e.points}){board}" if e.points else ""
            return f"  {n(e.player)} plays {pretty(e.card)}, {e.count}{pts}"
        case Go():
            return f"  {n(e.player)}: go — {n(e.scorer)} +{e.points}{board}" if e.points else f"  {n(e.player)}: go"
        case Shown():
            extra = f" (counts {e.total}, {e.points} recorded)" if e.points != e.total else ""
            return f"{n(e.player)}'s {e.what}: {pretty(e.cards)} + {pretty(e.starter)} = {e.total}{extra}{board}"
        case Counted():
            return f"{n(e.player)} counts their {e.what}: {e.claimed}"
        case Muggins():
            return f"Muggins: {n(e.player)} takes the {e.missed} missed, +{e.points}{board}"
        case GameOver():
            sk = f" — a {e.skunk}!" if e.skunk else ""
            return f"\n{n(e.winner)} wins {e.scores[e.winner]}-{e.scores[1 - e.winner]}{sk}"
    return repr(e)
