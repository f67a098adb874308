"""Minimax per holding: both sides play perfectly once the holding is fixed.

One integer negamax, memoised on states that do not depend on the holding the
search started from, so one transposition cache serves every holding.
:func:`minimax_by_holding` is the model's whole output: ``analyze_play``
averages its rows, and :func:`crib.analysis.play.expectiminimax` is the plain
reference it is tested equal to.

>>> from crib.rules.position import PeggingPosition
>>> pos = PeggingPosition.parse(
...     "hand 4H 2C | pile KS QD 7C | previous AS AD | starter 3S | opp 1 | go"
... )
>>> minimax_by_holding(pos)[0]   # they hold a 5: (now, future) for 2C, then for 4H
((5,), 4, [(0, 2), (2, 1)])
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement

from crib.analysis.play.holdings import holdings, remove_rank, root_options, root_state
from crib.rules.cards import RANK_VALUES, Card
from crib.rules.pegging import fits, points_for
from crib.rules.position import PeggingPosition
from crib.rules.step import END, MOVER, OTHER, RESET_MOVER, RESET_OTHER, after_card, after_go

__all__ = ["minimax_by_holding"]


@dataclass(frozen=True)
class _Multisets:
    """Every rank multiset of size 0..4, indexed, with its moves precomputed."""

    items: tuple[tuple[int, ...], ...]
    index: dict[tuple[int, ...], int]
    moves: tuple[
        tuple[tuple[int, int, int], ...], ...
    ]  # (rank, value, index after), ranks ascending
    minval: tuple[int, ...]  # value of the lowest card (99 when empty)
    rmask: tuple[int, ...]  # bit r set when rank r is held


_MS: _Multisets | None = None

# after_card as tables for the inner loop: the outcome by
# [the other holds][the other said go][the mover still holds][count], and the last card's point
# The inner loop's codes, ordered so that one comparison sorts the common cases:
# 0 the other moves, 1 the mover again (both keep the count), 2 the play is over,
# 3 a reset with the other leading, 4 a reset with the mover leading.
_CODE = {OTHER: 0, MOVER: 1, END: 2, RESET_OTHER: 3, RESET_MOVER: 4}
_AFTER = tuple(
    tuple(
        tuple(
            tuple(_CODE[after_card(c, bool(mh), bool(oh), bool(og))[1]] for c in range(32))
            for mh in (0, 1)
        )
        for og in (0, 1)
    )
    for oh in (0, 1)
)
_LAST_CARD = tuple(after_card(c, False, False, False)[0] for c in range(32))
# after_go by [the other said go][the other can play][who played last + 1][mover holds][other holds]
_AFTER_GO = tuple(
    tuple(
        tuple(
            tuple(
                tuple(after_go(bool(can), bool(og), last, bool(mh), bool(oh)) for oh in (0, 1))
                for mh in (0, 1)
            )
            for last in (-1, 0, 1)
        )
        for can in (0, 1)
    )
    for og in (0, 1)
)


def _multisets() -> _Multisets:
    global _MS
    if _MS is None:
        items = tuple(m for n in range(5) for m in combinations_with_replacement(range(1, 14), n))
        index = {m: i for i, m in enumerate(items)}
        moves = tuple(
            tuple((r, RANK_VALUES[r], index[remove_rank(m, r)]) for r in sorted(set(m)))
            for m in items
        )
        minval = tuple(RANK_VALUES[m[0]] if m else 99 for m in items)
        rmask = tuple(sum(1 << r for r in set(m)) for m in items)
        _MS = _Multisets(items, index, moves, minval, rmask)
    return _MS


class _Minimax:
    """Net margin for the player to move under perfect play by both, memoised.

    A state is (mover's ranks, other's ranks, pile, other said go, who played
    last: 1 the mover, -1 the other, 0 nobody).  Hands are indices into every
    rank multiset of size <= 4; the pile is interned as (count, tail, streak)
    with its tail cut to what a future pair or run can still use.  Nothing in
    a state depends on the holding the search started from, so one cache
    serves every holding.  The recursion is a closure over local tables: this
    is the inner loop of every lead analysis.
    """

    def __init__(self) -> None:
        ms = _multisets()
        moves, minval, rmask = ms.moves, ms.minval, ms.rmask
        n_ms = len(ms.items)
        cache: dict[int, int] = {}
        after, last_card, go_rule = _AFTER, _LAST_CARD, _AFTER_GO
        other_, reset_mover_ = OTHER, RESET_MOVER  # closure cells: fast
        piles: list[tuple[int, tuple, int]] = [(0, (), 0)]
        reqs_of: list[tuple | None] = [None]  # per pile: what its tail needs
        steps: list[list[tuple[int, int, int] | None]] = [[None] * 14]  # per pile and rank
        pile_ids: dict[tuple[int, tuple, int], int] = {(0, (), 0): 0}
        step_cache: dict[int, tuple[int, int, int]] = {}

        def intern(p: tuple[int, tuple, int]) -> int:
            i = pile_ids.get(p)
            if i is None:
                i = pile_ids[p] = len(piles)
                piles.append(p)
                reqs_of.append(None)
                steps.append([None] * 14)
            return i

        def step(pid: int, r: int) -> tuple[int, int, int]:
            k = pid * 16 + r
            x = step_cache.get(k)
            if x is None:
                count, tail, streak = piles[pid]
                pts, c, t, s = points_for(count, tail, streak, r)
                x = step_cache[k] = (pts, intern((c, t, s)), c)
            return x

        def reach(pid: int, held: int) -> int:
            """Cut the tail to what a future pair or run can still use, given the
            ranks still held (bit mask).  A run using the last m pile cards needs
            every missing rank in their range held or, with none missing, a held
            rank next to the range; a pair needs the last rank held.

            Only a few rank bits matter to a pile, so each pile memoises its cut
            by ``held`` masked to those bits.
            """
            info = reqs_of[pid]
            if info is None:
                count, tail, streak = piles[pid]
                reqs = []
                relevant = 0
                for m in range(len(tail), 0, -1):
                    w = tail[-m:]
                    lo, hi = min(w), max(w)
                    gaps = sum(1 << g for g in range(lo + 1, hi) if g not in w)
                    adj = (1 << (lo - 1)) | (1 << (hi + 1))
                    reqs.append((m, gaps, 0 if gaps else adj))
                    relevant |= gaps | adj
                cuts = [intern((count, (), 0))] + [
                    pid if k == len(tail) else intern((count, tail[-k:], streak if k == 1 else 1))
                    for k in range(1, len(tail) + 1)
                ]
                pair_bit = 1 << tail[-1] if tail else 0
                info = reqs_of[pid] = (relevant | pair_bit, {}, tuple(reqs), tuple(cuts), pair_bit)
            relevant, memo, reqs, cuts, pair_bit = info
            key = held & relevant
            x = memo.get(key)
            if x is None:
                for m, need_all, need_any in reqs:
                    if (need_all and key & need_all == need_all) or key & need_any:
                        x = cuts[m]
                        break
                else:
                    x = cuts[1] if key & pair_bit else cuts[0]
                memo[key] = x
            return x

        def value(a: int, b: int, pid: int, count: int, og: int, last: int) -> int:
            key = ((((pid * n_ms + a) * n_ms + b) << 1 | og) << 2) | (last + 1)
            v = cache.get(key)
            if v is not None:
                return v
            # fits (crib.rules.pegging.fits) inline for speed: by value against the room left,
            # ranks ascending; the solver is tested equal to the rules' reference
            room = 31 - count
            best = None
            row = steps[pid]
            rule = after[b != 0][og]  # the outcome by [the mover still holds][count]
            for r, vr, a2 in moves[a]:
                if vr > room:
                    break  # ranks ascend, and so do their values
                st = row[r]
                if st is None:
                    st = row[r] = step(pid, r)
                pts, npid, c = st
                # the step rule, from its table: (last card's point, outcome)
                oc = rule[a2 != 0][c]  # _CODE
                if oc < 2:  # the count goes on
                    info = reqs_of[npid]
                    if info is None:
                        npid = reach(npid, rmask[a2] | rmask[b])
                    else:
                        cut = info[1].get((rmask[a2] | rmask[b]) & info[0])
                        npid = reach(npid, rmask[a2] | rmask[b]) if cut is None else cut
                    if oc == 0:
                        x = pts - value(b, a2, npid, c, 0, -1)
                    else:
                        x = pts + value(a2, b, npid, c, og, 1)
                elif oc == 2:
                    x = pts + last_card[c]
                elif oc == 3:
                    x = pts - value(b, a2, 0, 0, 0, 0)
                else:
                    x = pts + value(a2, b, 0, 0, 0, 0)
                if best is None or x > best:
                    best = x
            if best is None:
                best = go(a, b, pid, count, og, last)
            cache[key] = best
            return best

        def after_play(b: int, pid: int, og: int, r: int, a2: int) -> int:
            """The mover plays ``r`` (keeping ``a2``): its points plus the rest."""
            pts, npid, c = step(pid, r)
            extra, oc = after_card(c, a2 != 0, b != 0, og == 1)
            if oc == END:
                return pts + extra
            if oc == RESET_OTHER:
                return pts - value(b, a2, 0, 0, 0, 0)
            if oc == RESET_MOVER:
                return pts + value(a2, b, 0, 0, 0, 0)
            npid = reach(npid, rmask[a2] | rmask[b])
            if oc == MOVER:
                return pts + value(a2, b, npid, c, og, 1)
            return pts - value(b, a2, npid, c, 0, -1)

        def go(a: int, b: int, pid: int, count: int, og: int, last: int) -> int:
            """The mover cannot play: the other continues, or the go point and a reset."""
            # other_can: fits inline for speed, their lowest card's value against the room
            pts, oc = go_rule[og][minval[b] <= 31 - count][last + 1][a != 0][b != 0]
            if oc == other_:
                return -value(b, a, pid, count, 1, -last)
            if oc == reset_mover_:
                return pts + value(a, b, 0, 0, 0, 0)
            return pts - value(b, a, 0, 0, 0, 0)

        self.cache = cache
        self._index = ms.index
        self._intern = intern
        self._rmask = rmask
        self._after_play = after_play
        self._go = go

    def root(
        self,
        a: tuple,
        b: tuple,
        count: int,
        tail: tuple,
        streak: int,
        other_go: bool,
        last: int,
        card: Card | None,
    ) -> tuple[int, int]:
        """(now, future) for a root option, from the mover's view."""
        after, go = self._after_play, self._go
        ai, bi = self._index[a], self._index[b]
        pid = self._intern((count, tail, streak))
        og = 1 if other_go else 0
        if card is None:
            total = go(ai, bi, pid, count, og, last)
            other_can = any(fits(count, r) for r in b)
            now, _oc = after_go(other_can, other_go, last, bool(a), bool(b))
            return now, total - now
        r = card.rank
        pts, c, _t, _s = points_for(count, tail, streak, r)
        rest = remove_rank(a, r)
        extra, _oc = after_card(c, bool(rest), bool(b), other_go)
        pts += extra
        total = after(bi, pid, og, r, self._index[rest])
        return pts, total - pts


def minimax_by_holding(
    pos: PeggingPosition, cards: list[Card | None] | None = None, *, start: int = 0, step: int = 1
) -> list[tuple[tuple[int, ...], int, list[tuple[int, int]]]]:
    """(holding ranks, weight, [(now, future) per card]) for every holding, perfect play.

    ``cards`` defaults to every root option (one card per rank, or go);
    ``start``/``step`` take every step-th holding (how the process pool splits).
    One transposition cache serves all holdings.
    """
    if cards is None:
        cards = [c for _l, c in root_options(pos)]
    mine, count, tail, streak, last = root_state(pos)
    solver = _Minimax()
    return [
        (h, w, [solver.root(mine, h, count, tail, streak, pos.opp_go, last, c) for c in cards])
        for h, w in list(holdings(pos))[start::step]
    ]
