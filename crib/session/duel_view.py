"""One seat's view of a game between two people (:mod:`crib.session.duel`), built with no
engine and no store: :class:`SeatView` folds the seat's own events (the opponent's unseen
cards blanked, :func:`~crib.session.duel_record.seat_events`) into the table, and
:meth:`SeatView.build` makes the :class:`~crib.session.model.GameView` the page draws
from that fold, the seat's own pending :class:`~crib.rules.game.Decision` (its
:class:`~crib.rules.observation.Observation`) and a :class:`SeatState` (the phase, the
names, the page's picks: what :class:`~crib.session.duel.DuelSeat` reads off its record).
Seat-relative: index 0 is the seat itself.

>>> from crib.rules.cards import parse_cards
>>> from crib.rules.events import Dealt
>>> v = SeatView(0, ("Ann", "Bob"))
>>> hands = (parse_cards("5H 5D 6C 7S 8H 9D"), parse_cards("AS 2S 3S 4S 6S 7S"))
>>> f = v.take([Dealt(hand=0, dealer=1, hands=hands)])
>>> v.seen, f.names, len(f.six), f.dealer
(1, ('Ann', 'Bob'), 6, 1)
>>> state = SeatState(seat=0, code="KQ7P", phase="waiting", names=("Ann", None))
>>> seat_prompt(state, None)
'Table KQ7P: waiting for your classmate. Tell them the code KQ7P.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from crib.errors import CribError
from crib.i18n import N_, tr
from crib.rules import events as ev
from crib.rules.cards import Card
from crib.rules.fairness import verify_match
from crib.rules.game import Decision
from crib.rules.replay import replay
from crib.session.duel_record import seat_events
from crib.session.fold import SeatTable
from crib.session.model import GameView, Grade, fairness_words, replay_summary
from crib.session.review import counts_from_log, grade_log

__all__ = [
    "SeatFold",
    "SeatState",
    "SeatView",
    "build_view",
    "seat_prompt",
    "presence_words",
    "fairness_check",
    "review_of",
]


class SeatFold(SeatTable):
    """One seat's table, folded from its own events: the shared
    :class:`~crib.session.fold.SeatTable`, against the classmate's name."""


@dataclass(frozen=True)
class SeatState:
    """What a seat's page shows besides its events (read off the seat and its record).

    ``names`` are the record's, in seat order (``None`` for a seat nobody has taken);
    ``thrown`` says this seat's discard is made and waits for the classmate's.
    """

    seat: int
    code: str
    phase: str
    names: tuple[str | None, str | None]
    lang: str = "en"
    selected: tuple[int, ...] = ()
    count_entry: str = ""
    manual: bool = False
    muggins: bool = False
    commit: str = ""
    reason: str = ""
    fairness: str = ""
    thrown: bool = False

    @property
    def them(self) -> str:
        """The classmate's name, or "your classmate" before they sit down."""
        return self.names[1 - self.seat] or tr(self.lang)(N_("your classmate"))


class SeatView:
    """One seat's fold, grown as its events come: :meth:`take` applies only the events
    it has not seen, :meth:`build` draws the view.  A new engine starts a new view."""

    def __init__(
        self,
        seat: int,
        names: tuple[str, str],
        *,
        scores: tuple[int, int] = (0, 0),
        lang: str = "en",
    ) -> None:
        self.seat = seat
        self.fold = SeatFold(seat, names, scores=scores, lang=lang)
        self.seen = 0  # how many of the engine's events the fold has taken

    def take(self, events: Sequence[ev.Event]) -> SeatFold:
        """Fold the events beyond :attr:`seen` of ``events`` (the engine's log as far as
        this seat's page shows it), each blanked for this seat first."""
        for e in seat_events(list(events[self.seen :]), self.seat):
            self.fold.apply(e)
        self.seen = max(self.seen, len(events))
        return self.fold

    def build(self, state: SeatState, decision: Decision | None) -> GameView:
        """What the page shows, from the fold, this seat's own decision and ``state``."""
        return build_view(self.fold, state, decision)


def build_view(f: SeatFold, state: SeatState, decision: Decision | None) -> GameView:
    """The :class:`~crib.session.model.GameView` of the fold ``f`` (see :class:`SeatView`)."""
    phase = state.phase
    fields = f.view_fields(phase, decision)
    if phase not in ("hand_over", "over", "count"):
        fields.update(show=None, shows=())  # the show is drawn once the hand is over
    return GameView(
        **fields,
        names=f.names,
        selected=state.selected,
        hinted=(),
        prompt=seat_prompt(state, f),
        can_go=False,
        grade=None,
        hint="",
        coaching=False,
        manual=state.manual,
        muggins=state.muggins,
        count_entry=state.count_entry,
        cut_cards=None,
        commit=state.commit,
        fairness=state.fairness,
        mistakes=0,
    )


def seat_prompt(state: SeatState, f: SeatFold | None) -> str:
    """The line that says what to do in ``state.phase``."""
    _ = tr(state.lang)
    phase, them = state.phase, state.them
    if phase == "waiting":
        return _("Table {code}: waiting for your classmate. Tell them the code {code}.").format(
            code=state.code
        )
    if phase == "discard":
        if f is not None and f.dealer == 0:
            return _("Throw two cards to your crib: pick them, then Throw.")
        return _("Throw two cards to {name}’s crib: pick them, then Throw.").format(name=them)
    if phase == "play":
        count = f.count if f is not None else 0
        return _("Count {n}: your play. Click a card (or press its number).").format(n=count)
    if phase == "count":
        return _("Count your cards: type the number, then Count it.")
    if phase == "wait":
        if state.thrown:
            return _("Waiting for {name} to throw.").format(name=them)
        return _("Waiting for {name}…").format(name=them)
    if phase == "hand_over":
        return _("The show. Press Continue for the next deal.")
    if phase == "over":
        return _("Game over. The coach reviews your decisions below.")
    if phase == "abandoned":
        reason = state.reason
        if reason.endswith(" abandoned the game"):  # the record's own words (stored in English)
            reason = _("{name} abandoned the game").format(
                name=reason.removesuffix(" abandoned the game")
            )
        return _("This game was abandoned: {reason}.").format(reason=reason)
    return ""


def presence_words(
    presence: str, them: str | None, status: str, over: bool, lang: str = "en"
) -> str:
    """'Ann left the table…' (``presence`` is the classmate's: "here", "left" or "not
    yet"), or '' while both are here.

    >>> presence_words("left", "Bob", "playing", False)[:19]
    'Bob left the table.'
    >>> presence_words("left", "Bob", "playing", True)
    ''
    """
    _ = tr(lang)
    if presence == "left" and status in ("playing", "waiting") and not over:
        return _(
            "{name} left the table. Wait for them to come back (same link), or abandon the game."
        ).format(name=them)
    if presence == "not yet" and status == "playing":
        return _("{name} has not opened this table yet: you can make your first move.").format(
            name=them
        )
    return ""


def fairness_check(
    commit: str,
    secret_hex: str,
    decks: Sequence[Sequence[Card]],
    events: Sequence[ev.Event],
    lang: str = "en",
) -> str:
    """The end-of-game check: the commitment against the revealed secret, and the log replayed."""
    secret = bytes.fromhex(secret_hex)
    problems = verify_match(commit, secret, decks)
    try:
        verdict = replay_summary(replay(list(events), secret=secret), lang)
    except CribError as err:
        verdict = tr(lang)(N_("the log did not replay: {error}")).format(error=err)
    return fairness_words(commit, secret.hex(), not problems, verdict, lang)


def review_of(events: Sequence[ev.Event], seat: int, lang: str = "en") -> list[Grade]:
    """``seat``'s decisions of a finished game graded by the Master (as against the
    computer), in game order."""
    evs = list(events)
    return grade_log(evs, counts_from_log(evs, seat), seat=seat, lang=lang)
