"""Judge a position as a puzzle: the coach's best answer, its margin, the tiers' chances.

The coach's model is the Master's (:data:`crib.analysis.models.MASTER`):

* a discard is valued by the full value (hand, seat crib and pegging), or within
  ``MASTER_ENDGAME`` points of 121 by P(win) (:func:`crib.analysis.discard.analyze_discard`);
* a play by the pegging margin over the weighted holdings
  (:func:`crib.analysis.play.analyze_play`), or near 121 by P(win)
  (:func:`crib.analysis.play.board.analyze_board`).

Answers worth the same as the best (a throw of another suit, a card of the same
rank: within :data:`TIE` of it) are all accepted.  The **margin** is the best value
minus the best value outside that group: points, or percentage points of P(win).

The tiers' chance of solving is exact: each policy tier picks by softmax over its own
values at its temperature (:mod:`crib.ai.policy`), so P(solve) is the softmax mass
of the accepted answers; the Expert (temperature 0) solves when its argmax is accepted.
The discard ranking the tiers use, :func:`crib.analysis.discard.rank_throws_fast`, is
tested equal to the AI's integer form.
"""

from __future__ import annotations

from dataclasses import dataclass

from crib.analysis.coach import play_observation  # re-exported
from crib.analysis.discard import DiscardAnalysis, analyze_discard, rank_throws_fast
from crib.analysis.heuristics import SKILLS, play_values, softmax_weights, temperature
from crib.analysis.models import MASTER
from crib.analysis.play import PlayAnalysis, analyze_play
from crib.analysis.play.board import BoardAnalysis, analyze_board, board_applies
from crib.rules.cards import Card
from crib.rules.position import PeggingPosition

__all__ = [
    "TIE",
    "MIN_POINTS",
    "MIN_WIN",
    "Verdict",
    "judge_discard",
    "judge_play",
    "tier_solve_discard",
    "tier_solve_play",
    "keeps",
    "play_observation",
]

TIE = 1e-6  # answers within this of the best are the best too
MIN_POINTS = 1.0  # the best beats the rest by at least 1 point...
MIN_WIN = 3.0  # ...or by 3 percentage points of P(win)


@dataclass(frozen=True)
class Verdict:
    """The coach's judgement of a position: the accepted answers (card strings: a throw
    as ``"8H 9D"``, a play as ``"5C"``), the best value, the margin over the next
    answer and its unit ("points" or "win": percentage points of P(win)), the next best
    answer, and the analysis it came from (for the words)."""

    accepted: tuple[str, ...]
    best: str
    runner: str
    margin: float
    unit: str
    analysis: DiscardAnalysis | PlayAnalysis | BoardAnalysis

    @property
    def clear(self) -> bool:
        """The first filter: one answer is clearly best (1 point or 3 points of P(win))."""
        return self.margin >= (MIN_WIN if self.unit == "win" else MIN_POINTS) - 1e-9


def keeps(margin: float, unit: str) -> bool:
    """Whether a margin passes the first filter.

    >>> keeps(0.99, "points"), keeps(1.0, "points"), keeps(2.9, "win"), keeps(3.2, "win")
    (False, True, False, True)
    """
    return margin >= (MIN_WIN if unit == "win" else MIN_POINTS) - 1e-9


def _throw_key(throw: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in sorted(throw, key=lambda c: (c.rank, c.suit)))


def judge_discard(six: tuple[Card, ...], dealer: bool, scores: tuple[int, int]) -> Verdict:
    """The coach's verdict on a discard (``scores``: mine, the opponent's)."""
    a = analyze_discard(six, dealer=dealer, model=MASTER, scores=scores)
    win = a.objective == "win"

    def value(t) -> float:
        return 100 * (t.p_win or 0.0) if win else t.total

    vals = [value(t) for t in a.throws]
    top = max(vals)
    pairs = list(zip(a.throws, vals, strict=True))
    accepted = tuple(_throw_key(t.throw) for t, v in pairs if v >= top - TIE)
    rest = [(v, t) for t, v in pairs if v < top - TIE]
    nxt = max(rest, key=lambda vt: vt[0]) if rest else (top, a.throws[0])
    return Verdict(
        accepted,
        _throw_key(a.best.throw),
        _throw_key(nxt[1].throw),
        top - nxt[0],
        "win" if win else "points",
        a,
    )


def judge_play(
    pos: PeggingPosition, dealer: bool, opp_played: tuple[Card, ...] = ()
) -> Verdict | None:
    """The coach's verdict on a play (None when fewer than two ranks are legal)."""
    legal = pos.legal()
    if len({c.rank for c in legal}) < 2:
        return None
    opp_dealer = not dealer
    if board_applies(pos, opp_dealer):
        b = analyze_board(pos, dealer=dealer, opp_played=opp_played)
        vals = {c.rank: 100 * b.option(c).p_win for c in legal}
        unit, analysis = "win", b
    else:
        a = analyze_play(pos, MASTER, opp_played=opp_played, opp_dealer=opp_dealer)
        vals = {c.rank: a.option(c).margin for c in legal}
        unit, analysis = "points", a
    top = max(vals.values())
    best_ranks = {r for r, v in vals.items() if v >= top - TIE}
    accepted = tuple(str(c) for c in legal if c.rank in best_ranks)
    rest = {r: v for r, v in vals.items() if r not in best_ranks}
    if not rest:
        return None
    r2 = max(rest, key=lambda r: rest[r])
    runner = next(str(c) for c in legal if c.rank == r2)
    return Verdict(accepted, accepted[0], runner, top - rest[r2], unit, analysis)


def tier_solve_discard(six: tuple[Card, ...], dealer: bool, accepted: tuple[str, ...]) -> dict:
    """P(each policy tier throws an accepted answer), exactly, by tier key."""
    ranked = rank_throws_fast(six, dealer)
    ok = [_throw_key(t) in accepted for t, _k, _ev, _s in ranked]
    return {
        k: _mass([ev for _t, _k, ev, _s in ranked], ok, temperature(s)) for k, s in SKILLS.items()
    }


def tier_solve_play(pos: PeggingPosition, accepted: tuple[str, ...]) -> dict:
    """P(each policy tier plays an accepted card), exactly, by tier key."""
    obs = play_observation(pos)
    out = {}
    for k, s in SKILLS.items():
        ranked = play_values(obs, s)
        out[k] = _mass(
            [v for _c, v in ranked], [str(c) in accepted for c, _v in ranked], temperature(s)
        )
    return out


def _mass(values: list[float], ok: list[bool], temp: float) -> float:
    """The softmax mass of the accepted entries (argmax at temperature 0).

    >>> _mass([2.0, 1.0], [False, True], 0.0), round(_mass([1.0, 1.0], [True, False], 1.0), 3)
    (0.0, 0.5)
    """
    if temp <= 0 or len(values) == 1:
        return 1.0 if ok[0] else 0.0
    w = softmax_weights(values, temp)
    return sum(x for x, good in zip(w, ok, strict=True) if good) / sum(w)
