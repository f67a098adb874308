"""Grading one decision (a throw, a card played) by the Master, and grading a whole saved
game's log (:func:`grade_log`).

:class:`~crib.session.review.Coach` grades your decisions as you take them with
:func:`discard_grade` and :func:`play_grade`; :func:`grade_log` grades a seat's
decisions read back out of a log.  Split out of :mod:`crib.session.review`, which
re-exports :func:`grade_log`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from crib.analysis.coach import grade_discard, grade_play
from crib.analysis.grades import WIN_UNIT, grade
from crib.analysis.models import MASTER
from crib.i18n import tr
from crib.rules.cards import Card
from crib.rules.events import Dealt, Event, GameOver
from crib.rules.observation import Observation
from crib.rules.position import PeggingPosition
from crib.session import plain
from crib.session.model import HUMAN, CountRecord, Grade
from crib.session.saved import decisions_from_log

if TYPE_CHECKING:
    from crib.ai.master import MasterPlayer

__all__ = ["coach", "discard_grade", "play_grade", "grade_log", "LogGrader"]


@cache
def coach() -> MasterPlayer:
    """The Master the grades are by, the Master tier, made at the first play graded
    (importing :mod:`crib.ai.master` loads the compiled solver's numba, which the pages
    that never analyze do without)."""
    from crib.ai.master import MasterPlayer

    return MasterPlayer()


def _verdict(g: Any) -> dict[str, Any]:
    """The Master's verdict on a decision as the plain words say it: the grade, what it
    cost and in what unit (points, or the chance of winning near 121)."""
    return {"verdict": g.verdict, "lost": g.lost, "unit": g.unit}


def discard_grade(
    n: int,
    hand: int,
    six: Sequence[Card],
    throw: Sequence[Card],
    dealer: bool,
    hinted: bool,
    scores: tuple[int, int] | None = None,
    lang: str = "en",
) -> Grade:
    """Graded by the Master; with the ``scores`` (yours first) near 121, by P(win)."""
    g = grade_discard(tuple(six), tuple(throw), dealer=dealer, scores=scores, lang=lang)
    words = ""
    if g.mine is not None and g.top is not None:
        words = plain.discard_text(g.mine, g.top, dealer=dealer, **_verdict(g), lang=lang)
    return Grade(
        n,
        hand,
        "discard",
        tuple(g.throw),
        tuple(g.best_throw),
        round(g.lost, 3),
        g.verdict,
        (),
        None,
        g.sentence,
        tuple(six),
        dealer,
        hinted,
        g.unit,
        words,
        ((g.discard_model or MASTER.discard).describe(lang), g.model_note),
    )


def play_grade(
    n: int,
    hand: int,
    pos: PeggingPosition,
    card: Card,
    dealer: bool,
    hinted: bool,
    exact: bool,
    opp_played: tuple[Card, ...] = (),
    lang: str = "en",
    obs: Observation | None = None,
) -> Grade:
    """Graded by the Master: the computer's holdings weighted by how likely it was to keep
    them from its seat (``dealer`` is yours), given the cards it has played this hand.
    With the decision's observation ``obs`` (the game's, where every earlier hand is
    known), graded as the Master plays in your seat: inside its reading of the other
    player (:meth:`crib.ai.master.MasterPlayer.reading`: its plays this hand, whether it
    plays as the Expert or the Master, learnt from the earlier hands, and its next card
    as it would play it)."""
    kw: dict[str, Any] = {"exact": exact, "opp_played": opp_played, "opp_dealer": not dealer}
    if obs is None:
        g = grade_play(pos, card, lang=lang, **kw)
    else:
        reading = coach().reading(obs)
        with reading.weighing():
            g = grade_play(pos, card, lang=lang, ranked=lambda a: reading.ranked(obs, a), **kw)
    words = plain.play_text(
        pos,
        card,
        g.best_card,
        **_verdict(g),
        reasons=g.tags,
        board=g.unit == WIN_UNIT,
        trap=g.trap,
        lang=lang,
    )
    return Grade(
        n,
        hand,
        "play",
        (card,),
        (g.best_card,) if g.best_card else (),
        round(g.lost, 3),
        g.verdict,
        g.tags,
        g.trap,
        g.sentence,
        pos,
        dealer,
        hinted,
        g.unit,
        words,
        ((g.play_model or MASTER.play).describe(lang), g.model_note),
    )


def _grade_decisions(
    decisions: Sequence[tuple[int, Any, Any]], start: int, exact: bool, lang: str
) -> list[Grade]:
    """The graded ones of ``decisions`` (hand, decision, action: a throw, or a play with a
    choice), numbered from ``start + 1``."""
    grades: list[Grade] = []
    for hand, d, action in decisions:
        obs = d.observation
        n = start + len(grades) + 1
        if d.kind == "discard":
            scores = (obs.my_score, obs.opp_score)
            grades.append(discard_grade(n, hand, obs.hand, action, obs.dealer, False, scores, lang))
        elif d.kind == "play" and action is not None and len(obs.legal) > 1:
            grades.append(
                play_grade(
                    n,
                    hand,
                    PeggingPosition.from_observation(obs),
                    action,
                    obs.dealer,
                    False,
                    exact,
                    opp_played=obs.opp_played,
                    lang=lang,
                    obs=obs,
                )
            )
    return grades


def grade_log(
    events: Sequence[Event],
    counts: Sequence[CountRecord] = (),
    seat: int = HUMAN,
    *,
    exact: bool = False,
    lang: str = "en",
) -> list[Grade]:
    """The review of a saved game: ``seat``'s decisions graded, in game order (words in
    ``lang``).  Either seat: ``seat=1`` grades the computer's (or the other player's)."""
    _ = tr(lang)
    grades = _grade_decisions(decisions_from_log(events, seat), 0, exact, lang)
    for c in counts:
        off = float(abs(c.claimed - c.total))  # a count is graded by how far off it is
        said = (
            _("You counted {n}; it counts {total}.")
            if c.claimed != c.total
            else _("Right: {total}.")
        ).format(n=c.claimed, total=c.total)
        grades.append(
            Grade(
                len(grades) + 1,
                c.hand,
                "count",
                c.claimed,
                c.total,
                off,
                grade(off),
                sentence=said,
                plain=said,
            )
        )
    return grades


class LogGrader:
    """``seat``'s decisions graded a hand at a time while the game goes on (the review's
    other player, issue #39): :meth:`update` grades the hands the log has finished since
    the last call, so at the game's end only its last hand remains.  Its ``grades``
    equal :func:`grade_log`'s for the same seat (no counts)."""

    def __init__(self, seat: int, *, exact: bool = False, lang: str = "en") -> None:
        self.seat, self.exact, self.lang = seat, exact, lang
        self.grades: list[Grade] = []
        self.through = -1  # the hands up to this one are graded

    def update(self, events: Sequence[Event]) -> int:
        """Grade the hands of ``events`` finished and not graded yet (every hand once the
        game is over); how many grades were added."""
        hands = [e.hand for e in events if isinstance(e, Dealt)]
        if not hands:
            return 0
        over = any(isinstance(e, GameOver) for e in events)
        last = hands[-1] if over else hands[-1] - 1  # the hand being played is not done
        if last <= self.through:
            return 0
        todo = [x for x in decisions_from_log(events, self.seat) if self.through < x[0] <= last]
        new = _grade_decisions(todo, len(self.grades), self.exact, self.lang)
        self.grades.extend(new)
        self.through = last
        return len(new)
