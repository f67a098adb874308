"""The game's events: one frozen record per step, a JSON log, readable lines.

Cards are :class:`~crib.rules.cards.Card` values inside the program; the log's JSON
is the edge.  :func:`log_to_json` writes each card field as canonical text (a card
``"5H"``, cards ``"5H 6D"``, a deal's two hands ``["...", "..."]``, the same bytes as
ever) and :func:`log_from_json` parses it back, once, so every saved log still loads
and a log written now reads in earlier versions.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, TypeVar, dataclass_transform

from crib.errors import CribError
from crib.i18n import N_, tr
from crib.rules.cards import Card, cards_pretty, cards_str, parse_card, parse_cards
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
    "json_or_error",
    "edge_value",
    "skunk_of",
    "describe_event",
    "PEG_WORDS",
]

_E = TypeVar("_E", bound="Event")

WIN = _WIN  # re-exported: the one definition is crib.rules.constants.WIN


# --- events -----------------------------------------------------------------
# Every field is a JSON value but the cards: a Card, a tuple of Cards, or a deal's two
# tuples of Cards, written as text at the edge (_CARD_FIELDS) so a log round-trips.

Hand = tuple[Card, ...]  # cards dealt, thrown or shown


def _is_cards(v: Any) -> bool:
    return isinstance(v, tuple) and all(isinstance(c, Card) for c in v)


def _cards_from_json(v: Any) -> Hand:
    if not isinstance(v, str):
        raise CribError(f"cards are a text such as '5H 6D', not {v!r}")
    return parse_cards(v, distinct=False)  # a repeated card is the replay's to name, at its event


def _hands_from_json(v: Any) -> tuple[Hand, ...]:
    if not isinstance(v, list):
        raise CribError(f"the hands are a list of card texts, not {v!r}")
    return tuple(_cards_from_json(h) for h in v)


# the card fields, by name (one meaning in every event): (check, text in the log, parse)
_CARD_FIELDS: dict[
    str, tuple[Callable[[Any], bool], Callable[[Any], Any], Callable[[Any], Any]]
] = {
    "card": (lambda v: isinstance(v, Card), str, parse_card),
    "starter": (lambda v: isinstance(v, Card), str, parse_card),
    "cards": (_is_cards, cards_str, _cards_from_json),
    "hands": (
        lambda v: isinstance(v, tuple) and all(_is_cards(h) for h in v),
        lambda hs: tuple(cards_str(h) for h in hs),
        _hands_from_json,
    ),
}


def edge_value(name: str, value: Any) -> Any:
    """A field's value as the log writes it: cards as canonical text, the rest as is.

    >>> edge_value("cards", parse_cards("5h 10d")), edge_value("points", 2)
    ('5H TD', 2)
    """
    return _CARD_FIELDS[name][1](value) if name in _CARD_FIELDS else value


@dataclass(frozen=True)
class Event:
    type: str = field(init=False, default="event")  # the log's tag: first in every JSON record
    # the class's card fields (_CARD_FIELDS), found once when the class is made (_event)
    _card_names: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        for name in self._card_names:  # cards are Cards inside the program (text only in the log)
            if not _CARD_FIELDS[name][0](getattr(self, name)):
                raise TypeError(
                    f"{type(self).__name__}.{name} holds Cards, not {getattr(self, name)!r} "
                    "(text is parsed at the edge: crib.rules.cards.parse_cards)"
                )


@dataclass_transform(frozen_default=True)
def _event(tag: str) -> Callable[[type[_E]], type[_E]]:
    """An event class: a frozen dataclass whose ``type`` (the log's tag) is ``tag``."""

    def make(cls: type[_E]) -> type[_E]:
        cls.__annotations__["type"] = "str"  # redefined: it keeps the base's first place
        cls.type = field(init=False, default=tag)  # type: ignore[assignment]
        made = dataclass(frozen=True)(cls)
        made._card_names = tuple(f.name for f in fields(made) if f.name in _CARD_FIELDS)
        return made

    return make


@_event("started")
class GameStarted(Event):
    seed: int
    players: tuple[str, str]
    first_dealer: int
    commit: str  # SHA-256 (hex) of the secret every deck derives from, or "stacked"
    scores: tuple[int, int] = (0, 0)  # starting scores
    deals: str = (
        "seed"  # where the decks come from: "seed", "match" (a committed secret) or "stacked"
    )
    manual: tuple[bool, bool] = (False, False)  # which seats count their own hands
    muggins: bool = False  # the opponent takes the points a manual count missed


@_event("dealt")
class Dealt(Event):
    hand: int
    dealer: int
    hands: tuple[Hand, Hand]  # each seat's six (a seat's view blanks the other's: ())


@_event("discarded")
class Discarded(Event):
    player: int
    cards: Hand  # the two thrown (a seat's view blanks the other's: ())


@_event("cut")
class Cut(Event):
    starter: Card


@_event("heels")
class Heels(Event):
    player: int
    points: int
    scores: tuple[int, int]


@_event("played")
class Played(Event):
    player: int
    card: Card
    count: int
    points: int  # points recorded (never past 121)
    detail: str
    scores: tuple[int, int]
    # the count starts again after this card: it made 31 (also as the play's last card), as
    # the game's step rule said.  Logs saved before the field load with it set
    # (_event_from_dict).  It follows from ``count``, so the repr (which the golden game
    # fingerprints hash) leaves it out.
    reset: bool = field(default=False, repr=False)


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
    cards: Hand
    starter: Card
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
        GameStarted,
        Dealt,
        Discarded,
        Cut,
        Heels,
        Played,
        Go,
        Counted,
        Shown,
        Muggins,
        GameOver,
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


def _to_json(e: Event) -> dict[str, Any]:
    return {f.name: edge_value(f.name, getattr(e, f.name)) for f in fields(e)}


def log_to_json(events: Sequence[Event]) -> str:
    """The log as JSON: one object per event, its ``type`` first, cards as canonical text.

    >>> log_to_json([Cut(parse_card("10h"))])
    '[{"type": "cut", "starter": "TH"}]'
    """
    return json.dumps([_to_json(e) for e in events], indent=None)


def _event_from_dict(i: int, d: Any, lang: str = "en") -> Event:
    _ = tr(lang)
    if not isinstance(d, dict):
        raise CribError(_("not a crib game log: event {i} is not an object").format(i=i))
    d = dict(d)
    kind = d.pop("type", None)
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise CribError(
            _("not a crib game log: event {i} has unknown type {kind}").format(i=i, kind=repr(kind))
        )
    names = {f.name for f in fields(cls) if f.init}
    required = {
        f.name
        for f in fields(cls)
        if f.init and f.default is MISSING and f.default_factory is MISSING
    }
    missing, extra = sorted(required - d.keys()), sorted(d.keys() - names)
    if missing or extra:
        what = "; ".join(
            [_("missing {names}").format(names=", ".join(missing))] * bool(missing)
            + [_("unexpected {names}").format(names=", ".join(extra))] * bool(extra)
        )
        raise CribError(
            _("not a crib game log: event {i} ({kind}): {what}").format(i=i, kind=kind, what=what)
        )
    for k, v in d.items():
        if k in _CARD_FIELDS:  # the edge: the log's card text parsed, once
            try:
                d[k] = _CARD_FIELDS[k][2](v)
            except CribError as err:
                raise CribError(
                    _("not a crib game log: event {i} ({kind}): {what}").format(
                        i=i, kind=kind, what=str(err)
                    )
                ) from None
        elif isinstance(v, list):
            d[k] = tuple(v)
    if cls is Played and "reset" not in d:  # a log saved before Played had its reset
        d["reset"] = d["count"] == 31  # a card resets the count only by making 31
    return cls(**d)


def log_from_json(text: str, lang: str = "en") -> list[Event]:
    """Events from a JSON log; anything else raises :class:`~crib.errors.CribError`
    (its message in ``lang``).

    >>> log_from_json('[{"type": "cut"}]')
    Traceback (most recent call last):
    ...
    crib.errors.CribError: not a crib game log: event 0 (cut): missing starter
    >>> log_from_json("{oops")
    Traceback (most recent call last):
    ...
    crib.errors.CribError: not a crib game log: invalid JSON at line 1 column 2
    """
    _ = tr(lang)
    data = json_or_error(
        text, N_("not a crib game log: invalid JSON at line {line} column {col}"), lang
    )
    if not isinstance(data, list):
        raise CribError(_("not a crib game log: expected a list of events"))
    return [_event_from_dict(i, d, lang) for i, d in enumerate(data)]


def json_or_error(text: str, message: str, lang: str = "en") -> Any:
    """``text`` read as JSON; text that is not JSON raises :class:`~crib.errors.CribError`
    with ``message`` (a catalog message with the fields ``line`` and ``col``) in ``lang``.

    >>> json_or_error("{oops", N_("not a list: invalid JSON at line {line} column {col}"))
    Traceback (most recent call last):
    ...
    crib.errors.CribError: not a list: invalid JSON at line 1 column 2
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise CribError(tr(lang)(message).format(line=e.lineno, col=e.colno)) from None


#: the pegging scores' names (a Played event's detail, "fifteen for 2, run for 3"; the
#: heels and muggins a caption says too), translated when said
PEG_WORDS = {
    "fifteen": N_("fifteen"),
    "thirty-one": N_("thirty-one"),
    "pair": N_("pair"),
    "pair royal": N_("pair royal"),
    "double pair royal": N_("double pair royal"),
    "run": N_("run"),
    "last card": N_("last card"),
    "go": N_("go"),
    "his heels": N_("his heels"),
    "muggins": N_("muggins"),
}
_WHAT = {"hand": N_("hand"), "crib": N_("crib")}
_SKUNK = {"skunk": N_("a skunk"), "double skunk": N_("a double skunk")}


def _peg_detail(detail: str, lang: str) -> str:
    """A play's scoring ("fifteen for 2, pair for 2") in ``lang``."""
    if lang == "en":
        return detail
    _ = tr(lang)
    parts = []
    for part in detail.split(", "):
        kind, sep, n = part.rpartition(" for ")
        parts.append(
            _("{kind} for {n}").format(kind=_(PEG_WORDS[kind]), n=n)
            if sep and kind in PEG_WORDS
            else part
        )
    return ", ".join(parts)


def describe_event(e: Event, names: Sequence[str] = ("P1", "P2"), lang: str = "en") -> str:
    """One readable line for an event (in ``lang``; the log itself stays English).

    >>> describe_event(Cut(parse_card("5H"))), describe_event(Cut(parse_card("5H")), lang="fr")
    ('Starter: 5♥', 'Carte de départ\\xa0: 5♥')
    """
    _ = tr(lang)

    def n(p: int | None) -> str:
        return names[p] if p is not None else "?"

    def pretty(cards: Card | Hand) -> str:
        return cards.pretty if isinstance(cards, Card) else cards_pretty(cards)

    board = f"   [{e.scores[0]}-{e.scores[1]}]" if hasattr(e, "scores") else ""
    match e:
        case GameStarted():
            return (
                _(
                    "Game seed {seed}: {a} ({pa}) v {b} ({pb}); {dealer} deals first. "
                    "Deck commitment {commit}..."
                ).format(
                    seed=e.seed,
                    a=n(0),
                    pa=e.players[0],
                    b=n(1),
                    pb=e.players[1],
                    dealer=n(e.first_dealer),
                    commit=e.commit[:16],
                )
                + "".join(
                    " " + _("{name} counts by hand.").format(name=n(p))
                    for p in (0, 1)
                    if e.manual[p]
                )
                + (" " + _("Muggins.") if e.muggins else "")
            )
        case Dealt():
            hands = f"{n(0)}: {pretty(e.hands[0])}   {n(1)}: {pretty(e.hands[1])}"
            return "\n— " + _("Hand {k}, {dealer} deals. {hands}").format(
                k=e.hand + 1, dealer=n(e.dealer), hands=hands
            )
        case Discarded():
            return _("{name} throws {cards}").format(name=n(e.player), cards=pretty(e.cards))
        case Cut():
            return _("Starter: {card}").format(card=pretty(e.starter))
        case Heels():
            return (
                _("His heels: {name} +{points}").format(name=n(e.player), points=e.points) + board
            )
        case Played():
            pts = f"  {_peg_detail(e.detail, lang)} (+{e.points}){board}" if e.points else ""
            return (
                "  "
                + _("{name} plays {card}, {count}").format(
                    name=n(e.player), card=pretty(e.card), count=e.count
                )
                + pts
            )
        case Go():
            if e.points:
                return (
                    "  "
                    + _("{name}: go — {scorer} +{points}").format(
                        name=n(e.player), scorer=n(e.scorer), points=e.points
                    )
                    + board
                )
            return "  " + _("{name}: go").format(name=n(e.player))
        case Shown():
            extra = (
                " "
                + _("(counts {total}, {points} recorded)").format(total=e.total, points=e.points)
                if e.points != e.total
                else ""
            )
            return (
                _("{name}'s {what}: {cards} + {starter} = {total}").format(
                    name=n(e.player),
                    what=_(_WHAT.get(e.what, e.what)),
                    cards=pretty(e.cards),
                    starter=pretty(e.starter),
                    total=e.total,
                )
                + extra
                + board
            )
        case Counted():
            return _("{name} counts their {what}: {claimed}").format(
                name=n(e.player), what=_(_WHAT.get(e.what, e.what)), claimed=e.claimed
            )
        case Muggins():
            return (
                _("Muggins: {name} takes the {missed} missed, +{points}").format(
                    name=n(e.player), missed=e.missed, points=e.points
                )
                + board
            )
        case GameOver():
            sk = " — " + _("{skunk}!").format(skunk=_(_SKUNK[e.skunk])) if e.skunk in _SKUNK else ""
            return (
                "\n"
                + _("{name} wins {a}-{b}").format(
                    name=n(e.winner), a=e.scores[e.winner], b=e.scores[1 - e.winner]
                )
                + sk
            )
    return repr(e)
