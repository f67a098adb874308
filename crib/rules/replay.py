"""Replay a game log through the engine, and say whether its deals are verified.

``replay(log)`` feeds every recorded decision (discards, plays, gos, and the
counts of a seat that counts by hand) to a
fresh :class:`~crib.rules.game.Game` and checks that the engine emits exactly
the recorded events, so replay and play can never disagree.  Where the decks
come from decides the verdict:

* ``verified from the seed``: an ordinary game; its commitment must be the
  seed's, and the engine deals the seed's shuffles;
* ``verified against the revealed secret``: a committed match replayed with
  its secret (checked against the commitment, and every deck through
  :func:`~crib.rules.fairness.verify_match`);
* ``not verified``: stacked decks, or a match without its secret.  The decks
  are then taken from the log itself: the plays and counts are checked, the
  deals are not.

Any disagreement raises :class:`~crib.errors.CribError` naming the event.

>>> from crib.rules.players import HumanPlayer
>>> from crib.rules.game import Game
>>> g = Game(seed=3, players=(HumanPlayer(), HumanPlayer()))
>>> _ = g.advance()
>>> r = replay(g.events)
>>> r.verdict, r.complete
('verified from the seed', False)
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from crib.errors import CribError
from crib.i18n import N_, tr
from crib.rules.cards import DECK, Card
from crib.rules.events import (
    Counted,
    Cut,
    Dealt,
    Discarded,
    Event,
    GameStarted,
    Go,
    Played,
    edge_value,
    log_from_json,
)
from crib.rules.fairness import Match, verify_match
from crib.rules.game import Game, secret_from_seed
from crib.rules.players import HumanPlayer

__all__ = [
    "replay",
    "Replay",
    "Snapshot",
    "VERIFIED_SEED",
    "VERIFIED_SECRET",
    "NOT_VERIFIED",
    "parse_secret",
]

VERIFIED_SEED = "verified from the seed"
VERIFIED_SECRET = "verified against the revealed secret"
NOT_VERIFIED = "not verified"
#: why a log's deals are not verified (translated at display, :mod:`crib.i18n`)
STACKED, NO_SECRET = N_("stacked decks"), N_("a match without its secret")


@dataclass(frozen=True)
class Snapshot:
    """The state after one event."""

    event: Event
    scores: tuple[int, int]
    hand: int
    dealer: int
    starter: Card | None


@dataclass(frozen=True)
class Replay:
    """A checked log: its events, the state after each, and the verdict on its deals."""

    events: tuple[Event, ...]
    snapshots: tuple[Snapshot, ...]
    verdict: str  # VERIFIED_SEED, VERIFIED_SECRET or NOT_VERIFIED
    reason: str  # why the deals are not verified ("" when they are)
    complete: bool  # the log runs to the end of the game

    @property
    def verified(self) -> bool:
        return self.verdict != NOT_VERIFIED

    def summary(self) -> str:
        """One line for a reader: what was checked, and whether the deals were."""
        done = "a whole game" if self.complete else "a game in progress"
        if self.verified:
            return (
                f"replayed {len(self.events)} events ({done}): every play and count agrees "
                f"with the rules; deals {self.verdict}"
            )
        return (
            f"replayed {len(self.events)} events ({done}): every play and count agrees with "
            f"the rules, but the deals NOT verified ({self.reason}): the cards dealt "
            "could have been chosen"
        )


def parse_secret(text: str) -> bytes:
    """A match secret from its hex form.

    >>> parse_secret("00ff")
    b'\\x00\\xff'
    >>> parse_secret("xyz")
    Traceback (most recent call last):
    ...
    crib.errors.CribError: a match secret is hex digits (0-9, a-f), not 'xyz'
    """
    try:
        return bytes.fromhex(text.strip())
    except ValueError:
        raise CribError(f"a match secret is hex digits (0-9, a-f), not {text!r}") from None


_WHYS = {
    w: w
    for w in (
        N_("a deal is six cards to each of two players"),
        N_("the same card is dealt twice"),
        N_("the revealed secret does not match the commitment"),
        N_("stacked decks carry no commitment"),
        N_("a decision where the rules record an automatic step"),
        N_("a decision after the game was over"),
        N_("an event after the game was over"),
    )
}
_BAD = re.compile(r"log event (?P<i>\d+) \((?P<type>\w+)\): (?P<why>.*)", re.S)


def replay_error_words(message: str, lang: str = "en") -> str:
    """A replay's error (``log event 3 (played): ...``) in ``lang``: the event, and why
    when the reason is one of the fixed ones, else that it breaks the rules.

    >>> replay_error_words("log event 3 (played): the same card is dealt twice", "en")
    'log event 3 (played): the same card is dealt twice'
    """
    m = _BAD.fullmatch(message)
    if lang == "en" or m is None:
        return message if lang == "en" else tr(lang)(N_("the log breaks the rules"))
    _ = tr(lang)
    why = _(_WHYS[m["why"]]) if m["why"] in _WHYS else _("it does not agree with the rules")
    return _("log event {i} ({type}): {why}").format(i=m["i"], type=m["type"], why=why)


def _bad(i: int, e: Event, why: str) -> CribError:
    return CribError(f"log event {i} ({e.type}): {why}")


def _diff(i: int, got: Event, want: Event, source: str) -> CribError:
    """The error for a recorded event that differs from what the engine emitted."""
    if type(got) is not type(want):
        return _bad(i, got, f"recorded a '{got.type}' event, the rules give '{want.type}'")
    if isinstance(got, Dealt) and got.hands != want.hands:  # type: ignore[attr-defined]
        return _bad(i, got, f"the dealt cards differ from {source}")
    if isinstance(got, Cut) and got.starter != want.starter:  # type: ignore[attr-defined]
        return _bad(i, got, f"the starter differs from {source}")
    parts = [  # the values as the log writes them (cards as text)
        f"{f.name} recorded {edge_value(f.name, a)!r}, the rules give {edge_value(f.name, b)!r}"
        for f in fields(got)
        if (a := getattr(got, f.name)) != (b := getattr(want, f.name))
    ]
    return _bad(i, got, "; ".join(parts))


def _decks_from_log(evs: Sequence[Event]) -> list[tuple[Card, ...]]:
    """Each hand's deck as the engine deals it, rebuilt from the log (unverified)."""
    decks: list[tuple[Card, ...]] = []
    for i, e in enumerate(evs):
        if not isinstance(e, Dealt):
            continue
        six = e.hands
        cut = next((x for x in evs[i + 1 :] if isinstance(x, Cut | Dealt)), None)
        starter = cut.starter if isinstance(cut, Cut) else None
        if len(six) != 2 or e.dealer not in (0, 1) or any(len(s) != 6 for s in six):
            raise _bad(i, e, "a deal is six cards to each of two players")
        pone = 1 - e.dealer
        deck: list[Card] = [c for pair in zip(six[pone], six[e.dealer], strict=True) for c in pair]
        deck.append(starter if starter is not None else next(c for c in DECK if c not in deck))
        if len(set(deck)) != 13:
            raise _bad(i, e, "the same card is dealt twice")
        decks.append(tuple(deck))
    return decks


def game_kwargs(start: GameStarted) -> dict[str, Any]:
    """The :class:`~crib.rules.game.Game` options a log's start event records."""
    manual = start.manual
    if not isinstance(manual, tuple | list) or len(manual) != 2:
        raise CribError(f"manual counting is two flags, one per seat, not {manual!r}")
    return {
        "first_dealer": start.first_dealer,
        "scores": tuple(start.scores),
        "manual": (manual[0], manual[1]),
        "muggins": start.muggins,
    }


def decision_action(e: Event) -> Any:
    """The answer a decision event records: cards thrown, the card played, go
    (``None``) or the count claimed."""
    if isinstance(e, Discarded):
        return e.cards
    if isinstance(e, Played):
        return e.card
    if isinstance(e, Counted):
        return e.claimed
    return None


def replay(events: Sequence[Event] | str, *, secret: bytes | str | None = None) -> Replay:
    """Check a log by replaying it through the engine (see the module docstring).

    ``secret`` (bytes or hex) is a committed match's revealed secret.
    """
    evs = log_from_json(events) if isinstance(events, str) else list(events)
    if not evs or not isinstance(evs[0], GameStarted):
        raise CribError("a game log must start with a 'started' event")
    start = evs[0]
    if isinstance(secret, str):
        secret = parse_secret(secret)
    players = tuple(HumanPlayer(str(n)) for n in start.players)
    reason = ""
    try:
        kwargs = game_kwargs(start)
        if start.deals == "seed":
            if secret is not None:
                raise _bad(0, start, "a secret was given, but this game is not a committed match")
            if hashlib.sha256(secret_from_seed(start.seed)).hexdigest() != start.commit:
                raise _bad(
                    0,
                    start,
                    f"the commitment does not match seed {start.seed}: "
                    "the seed or the commitment was changed",
                )
            g = Game(start.seed, players, **kwargs)  # type: ignore[arg-type]
            verdict, source = VERIFIED_SEED, "the seed's shuffle"
        elif start.deals == "match" and secret is not None:
            if hashlib.sha256(secret).hexdigest() != start.commit:
                raise _bad(0, start, "the revealed secret does not match the commitment")
            g = Game(start.seed, players, match=Match(start.commit, secret), **kwargs)  # type: ignore[arg-type]
            verdict, source = VERIFIED_SECRET, "the committed shuffle"
        elif start.deals in ("match", "stacked"):
            if start.deals == "stacked" and start.commit != "stacked":
                raise _bad(0, start, "stacked decks carry no commitment")
            reason = STACKED if start.deals == "stacked" else NO_SECRET
            g = Game(start.seed, players, stacked=_decks_from_log(evs), **kwargs)  # type: ignore[arg-type]
            verdict, source = NOT_VERIFIED, "the log's own deals"
            if start.deals == "match":
                # the engine deals the log's decks; the commitment stays as recorded,
                # unchecked without its secret (the verdict says so)
                g.events[0] = replace(g.events[0], commit=start.commit, deals="match")
        else:
            raise _bad(0, start, f"unknown source of deals {start.deals!r}")
    except CribError as err:
        if str(err).startswith("log event"):
            raise
        raise _bad(0, start, str(err)) from None
    # the engine's own start event carries its deals and commit; compare the rest
    want0 = g.events[0]
    if start != want0:
        raise _diff(0, start, want0, source)

    def check_upto(n: int) -> None:
        for k in range(min(n, len(evs))):
            if g.events[k] != evs[k]:
                raise _diff(k, evs[k], g.events[k], source)

    thrown: dict[tuple[int, int], tuple[int, tuple[Card, ...]]] = {}
    hand_no = -1
    for i, e in enumerate(evs):
        if isinstance(e, Dealt):
            hand_no = e.hand
        if not isinstance(e, Discarded | Played | Go | Counted):
            continue
        d = g.advance()
        check_upto(len(g.events))
        if len(g.events) != i:
            raise _bad(i, e, "a decision where the rules record an automatic step")
        if d is None:
            raise _bad(i, e, "a decision after the game was over")
        if e.player != d.player:
            raise _bad(i, e, f"player {e.player} moved, but it was player {d.player}'s turn")
        action = decision_action(e)
        if d.kind == "discard" and not isinstance(e, Discarded):
            raise _bad(i, e, f"player {d.player} had to discard first")
        if d.kind == "play" and isinstance(e, Discarded | Counted):
            raise _bad(i, e, f"a {e.type} event during the play")
        if d.kind == "count" and not isinstance(e, Counted):
            raise _bad(i, e, f"player {d.player} had to count their {d.what} first")
        try:
            g.submit(e.player, action)
        except CribError as err:
            why = str(err)
            k, cards = thrown.get((hand_no, e.player), (-1, ()))
            hit = [c for c in cards if isinstance(e, Played) and c == e.card]
            if hit:
                why += f" (the log's discard at event {k} threw {hit[0].pretty})"
            raise _bad(i, e, why) from None
        if isinstance(e, Discarded):
            thrown[(hand_no, e.player)] = (i, e.cards)
    g.advance()
    check_upto(len(g.events))
    if len(evs) > len(g.events):
        k = len(g.events)
        raise _bad(k, evs[k], "an event after the game was over")
    if verdict == VERIFIED_SECRET:
        assert isinstance(secret, bytes)
        problems = verify_match(start.commit, secret, g.decks)
        if problems:
            raise _bad(0, start, "; ".join(problems))
    snaps: list[Snapshot] = []
    scores, hand, dealer, starter = tuple(start.scores), -1, 1 - start.first_dealer, None
    for e in evs:
        if isinstance(e, Dealt):
            hand, dealer, starter = e.hand, e.dealer, None
        elif isinstance(e, Cut):
            starter = e.starter
        if hasattr(e, "scores") and not isinstance(e, GameStarted):
            scores = tuple(e.scores)  # type: ignore[attr-defined]
        snaps.append(Snapshot(e, scores, hand, dealer, starter))  # type: ignore[arg-type]
    complete = g.over and len(evs) == len(g.events)
    return Replay(tuple(evs), tuple(snaps), verdict, reason, complete)
