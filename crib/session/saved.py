"""Saved games: loading one (this app's JSON or a plain event log), replaying it under the
rules, and reading a seat's decisions and counts back out of its log.

Split out of :mod:`crib.session.review`, which re-exports every public name here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from crib.errors import CribError
from crib.i18n import N_, tr
from crib.rules.events import (
    Counted,
    Dealt,
    Discarded,
    Event,
    GameStarted,
    Go,
    Muggins,
    Played,
    Shown,
    json_or_error,
    log_from_json,
)
from crib.rules.game import Decision, Game
from crib.rules.players import HumanPlayer
from crib.rules.replay import Replay, replay, replay_error_words
from crib.session.model import HUMAN, CountRecord

__all__ = ["load_saved", "replay_saved", "counts_from_log", "decisions_from_log"]


def load_saved(text: str, lang: str = "en") -> tuple[list[Event], list[CountRecord]]:
    """A saved game (this app's JSON, or a plain event log) as events and counts; a
    :class:`~crib.errors.CribError` in ``lang`` for anything else."""
    _ = tr(lang)
    data = json_or_error(
        text, N_("not a saved game: invalid JSON at line {line} column {col}"), lang
    )
    if isinstance(data, dict):
        if "events" not in data:
            raise CribError(_("not a saved game: no 'events' in the file"))
        events = log_from_json(json.dumps(data["events"]), lang)
        if any(isinstance(e, Counted) for e in events):
            return events, counts_from_log(events)
        try:  # a game saved before the counts were engine events
            counts = [CountRecord(**c) for c in data.get("counts", [])]
        except TypeError as e:
            raise CribError(
                _("not a saved game: a count record is malformed ({error})").format(error=e)
            ) from None
        return events, counts
    events = log_from_json(text, lang)
    return events, counts_from_log(events)


def replay_saved(events: Sequence[Event], lang: str = "en") -> Replay:
    """:func:`crib.rules.replay.replay` of a loaded game, its error (a log that breaks the
    rules) said in ``lang``."""
    try:
        return replay(events)
    except CribError as e:
        if lang == "en":
            raise
        raise CribError(
            tr(lang)(N_("This log does not replay under the rules: {error}")).format(
                error=replay_error_words(str(e), lang)
            )
        ) from None


def counts_from_log(events: Sequence[Event], seat: int = HUMAN) -> list[CountRecord]:
    """``seat``'s own counts in a log (manual counting): each claim, the true count
    and the muggins points the opponent took."""
    out: list[CountRecord] = []
    hand = -1
    for i, e in enumerate(events):
        if isinstance(e, Dealt):
            hand = e.hand
        if not isinstance(e, Counted) or e.player != seat:
            continue
        shown = next((x for x in events[i + 1 : i + 2] if isinstance(x, Shown)), None)
        mug = next((x for x in events[i + 2 : i + 3] if isinstance(x, Muggins)), None)
        total = shown.total if shown is not None else e.claimed
        out.append(CountRecord(hand, e.what, e.claimed, total, mug.points if mug else 0))
    return out


def decisions_from_log(
    events: Sequence[Event], seat: int = HUMAN
) -> list[tuple[int, Decision, Any]]:
    """Each decision of ``seat`` in a log, as (hand, decision, action), by replaying it
    through the engine (call :func:`crib.replay` first to check the log).  A discard's
    action is a tuple of Cards, a play's a Card (None for go), a count's the number
    claimed: the events' own values (the log's text was parsed once, on loading)."""
    start = events[0]
    assert isinstance(start, GameStarted)
    from crib.rules.replay import _decks_from_log, decision_action, game_kwargs

    kwargs: dict[str, Any] = game_kwargs(start)
    players = (HumanPlayer("a"), HumanPlayer("b"))
    if start.deals == "seed":
        g = Game(start.seed, players, **kwargs)
    else:
        g = Game(start.seed, players, stacked=_decks_from_log(events), **kwargs)
    out = []
    hand = -1
    for e in events:
        if isinstance(e, Dealt):
            hand = e.hand
        if not isinstance(e, Discarded | Played | Go | Counted):
            continue
        d = g.advance()
        if d is None:
            break
        action = decision_action(e)
        if e.player == seat:
            out.append((hand, d, action))
        g.submit(e.player, action)
    return out
