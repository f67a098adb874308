"""Who may see what of a classmate game's review (issue #39, point 7), with no widgets.

A finished classmate game gets the review of a game against the computer: the chance
to win decision by decision (:func:`crib.session.chance.chance_curve`), the stepper,
the key moments and the accuracy, each seat from its own point of view.  What a viewer
may see of it is :func:`review_access`'s rule, the only one the pages follow:

* **During the game** a seat sees its own cards and nothing of the review but the
  hand's, which the table already shows.  The opponent's cards stay hidden until
  played or shown.
* **A finished game of a tournament round** whose other tables are still in play (they
  are dealt the same cards, :meth:`crib.store.duels.DuelStore.round_pending`): nothing
  of the review, the log or the deals.  The review opens to the seats only once every
  table of the round is done or abandoned, and the opponent's hidden cards with it.
  While any table plays, a review would give its players the round's deals and the
  Master's best moves for them.
* **A finished game, its round done (or no round):** each seat's own review, and both
  seats' hands (the opponent's six of every deal, thrown cards included).
* **An abandoned game:** no review (it did not finish); the hands open once the round
  is done, as the log does.
* **The teacher** (the teacher page, closed to other devices) opens any finished game
  of the session: both seats' reviews and hands, the round done or not.

:func:`review_events` is the log a viewer's review is made from (the seat's own view of
it, :func:`~crib.session.duel_record.seat_events`, while the opponent's cards are
closed), and :func:`seat_review` makes one seat's review from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from crib.rules import events as ev
from crib.rules.cards import Card
from crib.session.chance import Point, chance_curve
from crib.session.duel_record import seat_events
from crib.session.duel_view import review_of
from crib.session.model import Grade

__all__ = [
    "TEACHER",
    "ReviewAccess",
    "review_access",
    "review_events",
    "dealt_sixes",
    "SeatReview",
    "seat_review",
]

#: the viewer that is the teacher (a seat is 0 or 1)
TEACHER = -1


@dataclass(frozen=True)
class ReviewAccess:
    """What a viewer may see of a classmate game: ``review``, the seats whose review
    (graph, stepper, key moments, accuracy) is shown; ``hands``, the seats whose hidden
    cards may be shown; ``why``, why the review is closed ('' when it is open):
    'game' (not over), 'round' (the round's other tables still play), 'abandoned'."""

    review: tuple[int, ...]
    hands: tuple[int, ...]
    why: str = ""

    @property
    def open(self) -> bool:
        return bool(self.review)


def review_access(viewer: int, *, status: str, round_pending: int) -> ReviewAccess:
    """The rule (see the module docstring): what ``viewer`` (a seat, 0 or 1, or
    :data:`TEACHER`) may see of a table whose record's ``status`` is 'waiting',
    'playing', 'over' or 'abandoned', while ``round_pending`` other tables dealt the same
    cards are still in play.

    >>> review_access(0, status="playing", round_pending=0)
    ReviewAccess(review=(), hands=(0,), why='game')
    >>> review_access(1, status="over", round_pending=2)
    ReviewAccess(review=(), hands=(1,), why='round')
    >>> review_access(1, status="over", round_pending=0)
    ReviewAccess(review=(1,), hands=(0, 1), why='')
    >>> review_access(TEACHER, status="over", round_pending=2)
    ReviewAccess(review=(0, 1), hands=(0, 1), why='')
    """
    over, abandoned = status == "over", status == "abandoned"
    if viewer == TEACHER:
        if over:
            return ReviewAccess((0, 1), (0, 1))
        return ReviewAccess((), (), "abandoned" if abandoned else "game")
    if viewer not in (0, 1):
        raise ValueError(f"no seat {viewer!r}")
    own = (viewer,)
    if not (over or abandoned):
        return ReviewAccess((), own, "game")
    if round_pending > 0:
        return ReviewAccess((), own, "round")
    if abandoned:
        return ReviewAccess((), (0, 1), "abandoned")
    return ReviewAccess(own, (0, 1))


def review_events(events: Sequence[ev.Event], viewer: int, access: ReviewAccess) -> list[ev.Event]:
    """The log as ``viewer`` may see it under ``access``: the whole log when both seats'
    hands are open, a seat's own view of it when only its own are (nothing for a teacher
    with nothing open)."""
    if set(access.hands) >= {0, 1}:
        return list(events)
    if viewer in access.hands:
        return seat_events(events, viewer)
    return []


def dealt_sixes(events: Sequence[ev.Event]) -> dict[int, tuple[tuple[Card, ...], ...]]:
    """Each hand's (0-based) two sixes as dealt, as far as ``events`` show them (a blanked
    six is ``()``)."""
    return {e.hand: tuple(tuple(h) for h in e.hands) for e in events if isinstance(e, ev.Dealt)}


@dataclass(frozen=True)
class SeatReview:
    """One seat's review of a finished classmate game: its grades (game order), its curve,
    and the other seat's six of each hand (``their_sixes``, empty when closed)."""

    seat: int
    names: tuple[str, str]  # this seat's first
    grades: list[Grade]
    curve: list[Point]
    their_sixes: dict[int, tuple[Card, ...]]


def seat_review(
    events: Sequence[ev.Event],
    seat: int,
    access: ReviewAccess,
    names: tuple[str, str] = ("", ""),
    *,
    viewer: int | None = None,
    lang: str = "en",
) -> SeatReview | None:
    """``seat``'s review as ``viewer`` (``seat`` by default) may see it under ``access``:
    None when closed.  ``names``: the table's, seat 0's first.  The grading takes seconds
    (a page runs it off its event loop)."""
    if seat not in access.review:
        return None
    viewer = seat if viewer is None else viewer
    log = review_events(events, viewer, access)
    grades = review_of(log, seat, lang)
    other = 1 - seat
    theirs: dict[int, tuple[Card, ...]] = {}
    if other in access.hands:
        theirs = {h: sixes[other] for h, sixes in dealt_sixes(log).items() if sixes[other]}
    return SeatReview(
        seat,
        (names[seat], names[other]),
        grades,
        chance_curve(log, grades, seat),
        theirs,
    )
