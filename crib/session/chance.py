"""The chance to win over a game: at every hand start and every graded decision, the key
moments, the luck line and an accuracy figure (issue #39, points 1, 3 and 4).

How each chance is obtained, and how exact it is:

* **Before the cut for deal:** 50%.
* **At a hand start** (scores known, nobody's cards yet): the win table
  (:func:`crib.analysis.win.win_probability`: both players playing the Expert's game
  from there, measured in seat-conditioned self-play and solved exactly by backward
  induction).  Exact for that model.
* **At the discard:** P(win) after each of the 15 throws
  (:func:`crib.analysis.discard.analyze_discard` with the scores): this hand's value
  exact over the 46 starters, the crib's and the pegging's from self-play
  distributions, then the win table.  *Before* the throw is the best throw's chance
  (the position's value), *after* is the throw made; the step from the hand start to
  *before* is the deal's luck.
* **In the play:** a graded play gives the points of pegging margin it gave up (the
  coach's exact pegging analysis); they become chance through the win table's slope at
  the scores (the chance one point is worth there), a first-order estimate.  Within
  ``MASTER_ENDGAME`` of 121 the coach grades a play by its exact chance of winning
  (the board search), and that chance is used as it is.
* **A count** missed under muggins gives the points taken, through the same slope.
* **At the end:** 100% for the winner, 0% for the loser.

Between a hand's last decision and the next hand start, the chance moves by what no
one chose: the cut, the opponent's cards and the counts (luck).  Decisions and luck add
up exactly to the result minus 50% (:func:`luck_line`).

The discard analyses are the costly part (about a tenth of a second each on a quiet
machine): a :class:`ChanceCache` keeps them, filled as the game goes
(:meth:`crib.session.review.Coach.prepare_review`, after each move), so the game's end
only computes its last hand; :func:`discard_chances` is the plain path the cache
stores, and a test checks both give the same curve over a whole game.  The curve works
for either seat: the other player's decisions are graded from the log
(:func:`crib.session.grading.grade_log` with ``seat=1``, or a hand at a time by
:class:`crib.session.grading.LogGrader`).

Accuracy follows lichess (https://lichess.org/page/accuracy): a move's accuracy is
``103.1668 * exp(-0.04354 * (win% before - win% after)) - 3.1669`` (win% from 0 to
100, clipped to 0..100); a game's accuracy is the mean over the graded decisions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from crib.analysis.discard import analyze_discard
from crib.analysis.grades import WIN_UNIT
from crib.analysis.models import MASTER
from crib.analysis.win import win_table
from crib.rules.cards import Card
from crib.rules.constants import WIN
from crib.rules.events import Dealt, Event, GameOver, GameStarted
from crib.rules.position import PeggingPosition
from crib.session.model import Grade

__all__ = [
    "Point",
    "ChanceCache",
    "discard_chances",
    "chance_at_start",
    "point_value",
    "chance_curve",
    "Swing",
    "key_moments",
    "luck_line",
    "move_accuracy",
    "accuracy",
]


@dataclass(frozen=True)
class Point:
    """One point of the curve, for ``seat``: a hand start or a decision.

    ``before`` is the chance before it; ``played`` after the move made (the same as
    ``before`` at a hand start); ``best`` after the best move."""

    kind: str  # "cut for deal", "hand", "discard", "play", "count", "end"
    hand: int  # 0-based (-1: before the first deal)
    before: float
    played: float
    best: float
    scores: tuple[int, int]  # the seat's first, before it
    dealer: bool
    grade: Grade | None = None


def chance_at_start(mine: int, theirs: int, i_deal: bool) -> float:
    """My chance before a deal at scores ``mine``-``theirs``: the win table.

    >>> a, b = chance_at_start(0, 0, True), chance_at_start(0, 0, False)
    >>> 0.5 < a < 0.6 and abs(a + b - 1) < 1e-12
    True
    """
    t = win_table()
    if mine >= WIN or theirs >= WIN:
        return 1.0 if mine >= WIN else 0.0
    return float(t[mine, theirs]) if i_deal else 1.0 - float(t[theirs, mine])


@cache
def point_value(mine: int, theirs: int, i_deal: bool) -> float:
    """The chance one more point is worth to me at these scores, before the next deal
    (where the dealer has passed to the other player): the win table's slope, a centred
    difference (one-sided at the edges)."""
    nxt = not i_deal
    lo, hi = max(0, mine - 1), min(WIN, mine + 1)
    return (chance_at_start(hi, theirs, nxt) - chance_at_start(lo, theirs, nxt)) / (hi - lo)


def _starts(events: Sequence[Event], seat: int) -> dict[int, tuple[tuple[int, int], bool]]:
    """Each hand's (my score, theirs) and whether I deal, at its start."""
    out: dict[int, tuple[tuple[int, int], bool]] = {}
    scores = (0, 0)
    for e in events:
        if isinstance(e, GameStarted):
            scores = tuple(e.scores)  # type: ignore[assignment]
        elif isinstance(e, Dealt):
            out[e.hand] = ((scores[seat], scores[1 - seat]), e.dealer == seat)
        s = getattr(e, "scores", None)
        if s is not None and not isinstance(e, GameStarted):
            scores = tuple(s)  # type: ignore[assignment]
    return out


def discard_chances(
    six: Sequence[Card], throw: Sequence[Card], dealer: bool, scores: tuple[int, int]
) -> tuple[float, float]:
    """(the best throw's chance, the throw made's chance), computed afresh: the plain
    reference path (a P(win) discard analysis, the costliest part of the curve)."""
    a = analyze_discard(tuple(six), dealer=dealer, model=MASTER, scores=scores)
    made = a.throws[a.find(tuple(throw))]
    best = max(t.p_win or 0.0 for t in a.throws)
    return best, made.p_win or 0.0


class ChanceCache:
    """The discard chances of one game, computed as the game goes (issue #39: the review
    is ready within 3 s of the game's end): :func:`chance_curve` fills it, and a later
    curve over the same decisions only looks them up.  The values are
    :func:`discard_chances`' own."""

    def __init__(self) -> None:
        self._done: dict[tuple[object, ...], tuple[float, float]] = {}

    def __len__(self) -> int:
        return len(self._done)

    def discard(
        self, six: Sequence[Card], throw: Sequence[Card], dealer: bool, scores: tuple[int, int]
    ) -> tuple[float, float]:
        key = (tuple(six), frozenset(throw), dealer, tuple(scores))
        if key not in self._done:
            self._done[key] = discard_chances(six, throw, dealer, scores)
        return self._done[key]


def _discard_chances(
    g: Grade, scores: tuple[int, int], cache: ChanceCache | None
) -> tuple[float, float]:
    """(the best throw's chance, the throw made's chance)."""
    six, throw = g.position, g.chosen
    assert isinstance(six, tuple) and isinstance(throw, tuple)
    if cache is None:
        return discard_chances(six, throw, g.dealer, scores)
    return cache.discard(six, throw, g.dealer, scores)


def chance_curve(
    events: Sequence[Event],
    grades: Sequence[Grade],
    seat: int = 0,
    cache: ChanceCache | None = None,
) -> list[Point]:
    """The curve of ``seat``'s chance to win over a finished (or unfinished) game, from
    its log and ``seat``'s grades (:func:`crib.session.grading.grade_log`, or the
    controller's ``grades``); see the module docstring.  With a ``cache``, the discard
    chances already computed (during the game) are looked up, and the new ones kept."""
    starts = _starts(events, seat)
    by_hand: dict[int, list[Grade]] = {}
    for g in sorted(grades, key=lambda g: g.number):
        by_hand.setdefault(g.hand, []).append(g)
    out = [Point("cut for deal", -1, 0.5, 0.5, 0.5, (0, 0), False)]
    for hand in sorted(starts):
        scores, deal = starts[hand]
        now = chance_at_start(*scores, deal)
        out.append(Point("hand", hand, now, now, now, scores, deal))
        for g in by_hand.get(hand, ()):
            if g.kind == "discard":
                best, made = _discard_chances(g, scores, cache)
                out.append(Point("discard", hand, best, made, best, scores, deal, g))
                now = made
                continue
            at = scores
            if isinstance(g.position, PeggingPosition) and g.position.scores is not None:
                at = g.position.scores
            # near 121: the exact chance the board search gave up; else points, by the slope
            exact = g.unit == WIN_UNIT
            lost = g.lost / 100 if exact else g.lost * point_value(at[0], at[1], deal)
            lost = min(max(lost, 0.0), now)
            out.append(Point(g.kind, hand, now, now - lost, now, at, deal, g))
            now -= lost
    over = next((e for e in events if isinstance(e, GameOver)), None)
    if over is not None:
        won = 1.0 if over.winner == seat else 0.0
        final = (over.scores[seat], over.scores[1 - seat])
        out.append(Point("end", out[-1].hand, won, won, won, final, out[-1].dealer))
    return out


@dataclass(frozen=True)
class Swing:
    """A move of the chance between two points: by a decision, or by luck."""

    by: str  # "decision" or "luck"
    hand: int
    start: float
    end: float
    point: Point  # the point it ends at (a decision's own point)

    @property
    def size(self) -> float:
        return self.end - self.start


def swings(curve: Sequence[Point]) -> list[Swing]:
    """Every move of the chance, in game order: each decision's (before to played), and
    the luck between (the previous point's played to this point's before)."""
    out = []
    prev = curve[0].played
    for p in curve[1:]:
        if p.before != prev:
            out.append(Swing("luck", p.hand, prev, p.before, p))
        if p.played != p.before:
            out.append(Swing("decision", p.hand, p.before, p.played, p))
        prev = p.played
    return out


def key_moments(curve: Sequence[Point], n: int = 3) -> list[Swing]:
    """The ``n`` largest swings, by size, in game order."""
    top = sorted(swings(curve), key=lambda s: -abs(s.size))[:n]
    return sorted(top, key=lambda s: curve.index(s.point))


def luck_line(curve: Sequence[Point]) -> tuple[float, float]:
    """(the chance moved by decisions, by luck): they add up to the last point's chance
    minus 50% (the result minus 50% once the game is over)."""
    ss = swings(curve)
    return (
        sum(s.size for s in ss if s.by == "decision"),
        sum(s.size for s in ss if s.by == "luck"),
    )


def move_accuracy(before: float, after: float) -> float:
    """lichess's accuracy of one move from the chance before and after it (0..1 each).

    >>> round(move_accuracy(0.6, 0.6), 3), round(move_accuracy(0.6, 0.5), 1)
    (100.0, 63.6)
    """
    drop = max(0.0, 100 * (before - after))
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * drop) - 3.1669))


def accuracy(curve: Sequence[Point], kind: str | None = None) -> float | None:
    """The mean accuracy of the curve's decisions (``kind``: only "discard" or "play");
    None when there are none."""
    xs = [
        move_accuracy(p.before, p.played)
        for p in curve
        if p.grade is not None and (kind is None or p.kind == kind)
    ]
    return sum(xs) / len(xs) if xs else None
