"""Policy models: the opponent plays the computer's pegging policy, exactly.

The opponent picks by the computer's softmax over its net values
(:mod:`crib.analysis.heuristics`), taken as a distribution; you play the reply
with the best expected margin, knowing the holding.  Margins are therefore
distributions (``Dist``: margin -> probability) rather than single numbers.
"""

from __future__ import annotations

from collections import Counter

from crib.analysis.heuristics import rank_values, softmax_weights, temperature
from crib.analysis.play.holdings import remove_rank, root_state
from crib.rules.cards import Card
from crib.rules.pegging import fits, points_for
from crib.rules.position import PeggingPosition
from crib.rules.step import END, MOVER, OTHER, RESET_MOVER, after_card, after_go

__all__ = ["Dist", "PolicySolver", "policy_probs", "mean"]


def policy_probs(opts: list[tuple[int, float, int]], temp: float) -> list[tuple[int, float]]:
    """The softmax over cards (duplicated ranks count once per card) as rank probabilities."""
    if temp <= 0 or len(opts) == 1 and opts[0][2] == 1:
        return [(opts[0][0], 1.0)]
    ws = [
        (r, m * w)
        for (r, _v, m), w in zip(
            opts, softmax_weights([v for _r, v, _m in opts], temp), strict=True
        )
    ]
    tot = sum(w for _r, w in ws)
    return [(r, w / tot) for r, w in ws]


Dist = dict[int, float]
State = tuple[tuple, tuple, int, tuple, int, bool, bool, int]
"""(your ranks, their ranks, count, tail, streak, your turn, the other said go, who played last)."""


class PolicySolver:
    """You (maximising expected margin) against the policy; margins as distributions.

    Margins are from your view.  State adds whose turn it is; the cache is per
    holding because the opponent's view of the unseen cards depends on it.
    """

    def __init__(self, pos: PeggingPosition, skill: float, holding: tuple[int, ...]) -> None:
        self.skill = skill
        self.temp = temperature(skill)
        self.cache: dict[State, Dist] = {}
        mine, count, tail, streak, last = root_state(pos)
        self.start: State = (mine, holding, count, tail, streak, True, pos.opp_go, last)
        base = [4] * 13
        for c in pos.previous + pos.pile:
            base[c.rank - 1] -= 1
        if pos.starter is not None:
            base[pos.starter.rank - 1] -= 1
        self.base = base  # 4 minus public cards (before any play in the search)
        self.my_start = Counter(c.rank for c in pos.hand)
        self.their_start = Counter(holding)
        scores = pos.scores or (0, 0)
        self.their_opp_score = scores[0]  # the opponent's opponent is you

    def _their_unseen(self, mine: tuple, theirs: tuple) -> list[int]:
        """From the opponent's view: 52 minus their hand, every played card and the starter."""
        u = list(self.base)
        for r, n in self.my_start.items():
            u[r - 1] -= n
        for r in mine:
            u[r - 1] += 1  # your cards still held are unseen to them
        for r, n in self.their_start.items():
            u[r - 1] -= n  # their whole starting holding is known to them
        return u

    def value(self, s: State) -> Dist:
        d = self.cache.get(s)
        if d is None:
            d = self.cache[s] = self._value(s)
        return d

    def _value(self, s: State) -> Dist:
        mine, theirs, count, tail, streak, my_turn, other_go, _last = s
        hand = mine if my_turn else theirs
        legal = [r for r in sorted(set(hand)) if fits(count, r)]
        if not legal:
            return self.go(s)
        if my_turn:
            best: Dist | None = None
            best_mean = -1e9
            for r in legal:
                d = self.play(s, r)
                m = mean(d)
                if m > best_mean + 1e-12:
                    best, best_mean = d, m
            assert best is not None
            return best
        opts = rank_values(
            theirs,
            count,
            tail,
            streak,
            self._their_unseen(mine, theirs),
            len(mine),
            other_go,
            self.skill,
            self.their_opp_score,
        )
        out: Dist = {}
        for r, p in policy_probs(opts, self.temp):
            for m, q in self.play(s, r).items():
                out[m] = out.get(m, 0.0) + p * q
        return out

    def play(self, s: State, r: int) -> Dist:
        """The mover plays rank ``r``: the distribution of the rest, shifted by its points."""
        mine, theirs, count, tail, streak, my_turn, other_go, _last = s
        pts, c, t, st = points_for(count, tail, streak, r)
        if my_turn:
            mine = remove_rank(mine, r)
        else:
            theirs = remove_rank(theirs, r)
        mover_hand, other_hand = (mine, theirs) if my_turn else (theirs, mine)
        extra, outcome = after_card(c, bool(mover_hand), bool(other_hand), other_go)
        sign = 1 if my_turn else -1
        if outcome == END:
            return {sign * (pts + extra): 1.0}
        if outcome == MOVER:
            rest = self.value((mine, theirs, c, t, st, my_turn, other_go, 1))
        elif outcome == OTHER:
            rest = self.value((mine, theirs, c, t, st, not my_turn, False, -1))
        else:
            return self._reset(mine, theirs, my_turn, outcome, pts)
        return _shift(rest, sign * pts)

    def go(self, s: State) -> Dist:
        """The mover cannot play: the other plays on, or the go point and a reset."""
        mine, theirs, count, tail, streak, my_turn, other_go, last = s
        other_hand = theirs if my_turn else mine
        mover_hand = mine if my_turn else theirs
        other_can = any(fits(count, r) for r in other_hand)
        pts, outcome = after_go(other_can, other_go, last, bool(mover_hand), bool(other_hand))
        if outcome == OTHER:
            return self.value((mine, theirs, count, tail, streak, not my_turn, True, -last))
        return self._reset(mine, theirs, my_turn, outcome, pts)

    def _reset(self, mine: tuple, theirs: tuple, my_turn: bool, outcome: int, pts: int) -> Dist:
        """The count resets (``outcome`` says who leads); ``pts`` from the mover's side."""
        next_my_turn = my_turn if outcome == RESET_MOVER else not my_turn
        rest = self.value((mine, theirs, 0, (), 0, next_my_turn, False, 0))
        return _shift(rest, pts if my_turn else -pts)

    def root(self, card: Card | None) -> tuple[int, Dist]:
        """(points now, distribution of the margin) for a root option (``None``: go)."""
        s = self.start
        mine, theirs, count, tail, streak, _me, other_go, last = s
        if card is None:
            other_can = any(fits(count, r) for r in theirs)
            now, _outcome = after_go(other_can, other_go, last, bool(mine), bool(theirs))
            return now, self.go(s)
        r = card.rank
        pts, c, _t, _s = points_for(count, tail, streak, r)
        extra, _outcome = after_card(c, bool(remove_rank(mine, r)), bool(theirs), other_go)
        return pts + extra, self.play(s, r)


def _shift(d: Dist, x: int) -> Dist:
    return {m + x: p for m, p in d.items()} if x else d


def mean(d: Dist) -> float:
    return sum(m * p for m, p in d.items())
