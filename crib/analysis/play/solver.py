"""Exact analysis of a pegging position over every holding the opponent could have.

For each legal card (or go), ``analyze_play`` gives ``now`` (the points for
playing it), ``future`` (the expected net margin for the rest of the play),
``margin = now + future`` and P(margin >= 0).  The margin counts both sides'
15s, 31s, pairs, runs, go and last card until the end of the play.

The average is over every ``opp_count``-card holding from the cards you
cannot see, each equally likely.  Suits do not matter in pegging, so holdings
are grouped by rank multiset with exact combinatorial weights; with
``opp_go`` set, holdings with a card that fits are excluded.

Opponent models:

* ``"minimax"``: once the holding is fixed, both sides play perfectly with
  full information for the rest of the play (what sampled engines do per
  sample, here over every holding).
* ``"policy:expert"`` (``hard``, ``normal``, ``easy``): the opponent plays the
  computer's pegging policy (its softmax, exactly, as a distribution); you
  play the reply with the best expected margin, knowing the holding.  The
  opponent's own discards are unknown to you, so its view of the unseen cards
  leaves them in.

>>> a = analyze_play("hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4")
>>> a.best.label, a.holdings, a.combos
('6D', 1802, 148995)
>>> analyze_play("hand 5H | pile KS QS TS 2C | starter 2S | opp 0 | previous 3C 4C 5C")
Traceback (most recent call last):
...
crib.errors.InvalidPositionError: the pile KS QS TS 2C counts 32: a count cannot exceed 31
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import combinations_with_replacement
from math import comb
from typing import TYPE_CHECKING

from crib.analysis.heuristics import TIERS, rank_values, softmax_weights, temperature
from crib.errors import CribError
from crib.rules.cards import RANK_VALUES, Card
from crib.rules.pegging import compress, mover_leads_next, points_for
from crib.rules.position import PeggingPosition

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "springing_holding",
    "analyze_play",
    "analyze_lead",
    "PlayAnalysis",
    "PlayOption",
    "holdings",
    "MODELS",
    "best_line",
    "LineStep",
    "minimax_by_holding",
]

MODELS = ("minimax", "policy:expert", "policy:hard", "policy:normal", "policy:easy")


def _remove(hand: tuple[int, ...], r: int) -> tuple[int, ...]:
    i = hand.index(r)
    return hand[:i] + hand[i + 1 :]


def holdings(pos: PeggingPosition) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every opponent holding as (sorted ranks, number of concrete card sets).

    With ``opp_go``, holdings with a card that fits under 31 are excluded.
    """
    unseen = Counter(c.rank for c in pos.unseen())
    ranks = sorted(unseen)
    room = 31 - pos.count
    for ms in combinations_with_replacement(ranks, pos.opp_count):
        if pos.opp_go and any(RANK_VALUES[r] <= room for r in ms):
            continue
        w = 1
        for r, k in Counter(ms).items():
            w *= comb(unseen[r], k)
        if w:
            yield ms, w


# --- minimax: integer negamax shared across holdings -----------------------------



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


def _multisets() -> _Multisets:
    global _MS
    if _MS is None:
        items = tuple(m for n in range(5) for m in combinations_with_replacement(range(1, 14), n))
        index = {m: i for i, m in enumerate(items)}
        moves = tuple(
            tuple((r, RANK_VALUES[r], index[_remove(m, r)]) for r in sorted(set(m))) for m in items
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
        tuple(len(m) for m in ms.items)
        n_ms = len(ms.items)
        cache: dict[int, int] = {}
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
            room = 31 - count
            best = None
            row = steps[pid]
            for r, vr, a2 in moves[a]:
                if vr > room:
                    break  # ranks ascend, and so do their values
                st = row[r]
                if st is None:
                    st = row[r] = step(pid, r)
                pts, npid, c = st
                # the move, inlined from after_play for speed
                if a2 == 0 and b == 0:
                    x = pts + (1 if c != 31 else 0)
                elif c == 31:
                    x = pts - value(b, a2, 0, 0, 0, 0) if b else pts + value(a2, b, 0, 0, 0, 0)
                else:
                    info = reqs_of[npid]
                    if info is None:
                        npid = reach(npid, rmask[a2] | rmask[b])
                    else:
                        cut = info[1].get((rmask[a2] | rmask[b]) & info[0])
                        npid = reach(npid, rmask[a2] | rmask[b]) if cut is None else cut
                    if og or not b:
                        x = pts + value(a2, b, npid, c, og, 1)
                    else:
                        x = pts - value(b, a2, npid, c, 0, -1)
                if best is None or x > best:
                    best = x
            if best is None:
                best = go(a, b, pid, count, og, last)
            cache[key] = best
            return best

        def after_play(b: int, pid: int, og: int, r: int, a2: int) -> int:
            """The mover plays ``r`` (keeping ``a2``): its points plus the rest."""
            pts, npid, c = step(pid, r)
            if a2 == 0 and b == 0:
                return pts + (1 if c != 31 else 0)  # the last card
            if c == 31:  # reset; the other leads unless they hold nothing
                if b:
                    return pts - value(b, a2, 0, 0, 0, 0)
                return pts + value(a2, b, 0, 0, 0, 0)
            npid = reach(npid, rmask[a2] | rmask[b])
            if og or not b:  # the other said go or is out: the mover goes on
                return pts + value(a2, b, npid, c, og, 1)
            return pts - value(b, a2, npid, c, 0, -1)

        def go(a: int, b: int, pid: int, count: int, og: int, last: int) -> int:
            """The mover cannot play: the other continues, or the go point and a reset."""
            if not og and minval[b] <= 31 - count:
                return -value(b, a, pid, count, 1, -last)
            if mover_leads_next(last == 1, a != 0, b != 0):
                return last + value(a, b, 0, 0, 0, 0)
            return last - value(b, a, 0, 0, 0, 0)

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
            other_can = not other_go and any(count + RANK_VALUES[r] <= 31 for r in b)
            now = 0 if other_can else last
            return now, total - now
        r = card.rank
        pts, c, _t, _s = points_for(count, tail, streak, r)
        rest = _remove(a, r)
        if not rest and not b and c != 31:
            pts += 1
        total = after(bi, pid, og, r, self._index[rest])
        return pts, total - pts


def _root_options(pos: PeggingPosition) -> list[tuple[str, Card | None]]:
    legal = pos.legal()
    if not legal:
        return [("go", None)]
    seen: dict[int, Card] = {}
    for c in legal:
        seen.setdefault(c.rank, c)
    return [(str(c), c) for c in sorted(seen.values())]


# --- policy models: exact outcome distributions per holding ------------------------


def _policy_probs(opts: list[tuple[int, float, int]], temp: float) -> list[tuple[int, float]]:
    """The softmax over cards (duplicated ranks count once per card) as rank probabilities."""
    if temp <= 0 or len(opts) == 1 and opts[0][2] == 1:
        return [(opts[0][0], 1.0)]
    ws = [(r, m * w) for (r, _v, m), w in zip(opts, softmax_weights([v for _r, v, _m in opts], temp), strict=True)]
    tot = sum(w for _r, w in ws)
    return [(r, w / tot) for r, w in ws]


Dist = dict[int, float]


class _PolicySolver:
    """You (maximising expected margin) against the policy; margins as distributions.

    Margins are from your view.  State adds whose turn it is; the cache is per
    holding because the opponent's view of the unseen cards depends on it.
    """

    def __init__(self, pos: PeggingPosition, skill: float, holding: tuple[int, ...]) -> None:
        self.skill = skill
        self.temp = temperature(skill)
        self.cache: dict[tuple, Dist] = {}
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

    def value(
        self,
        mine: tuple,
        theirs: tuple,
        count: int,
        tail: tuple,
        streak: int,
        my_turn: bool,
        other_go: bool,
        last: int,
    ) -> Dist:
        key = (mine, theirs, count, tail, streak, my_turn, other_go, last)
        d = self.cache.get(key)
        if d is None:
            d = self._value(mine, theirs, count, tail, streak, my_turn, other_go, last)
            self.cache[key] = d
        return d

    def _value(
        self,
        mine: tuple,
        theirs: tuple,
        count: int,
        tail: tuple,
        streak: int,
        my_turn: bool,
        other_go: bool,
        last: int,
    ) -> Dist:
        hand = mine if my_turn else theirs
        legal = [r for r in sorted(set(hand)) if count + RANK_VALUES[r] <= 31]
        if not legal:
            return self.go(mine, theirs, count, tail, streak, my_turn, other_go, last)
        if my_turn:
            best: Dist | None = None
            best_mean = -1e9
            for r in legal:
                d = self.play(mine, theirs, count, tail, streak, my_turn, other_go, r)
                m = _mean(d)
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
        for r, p in _policy_probs(opts, self.temp):
            for m, q in self.play(mine, theirs, count, tail, streak, my_turn, other_go, r).items():
                out[m] = out.get(m, 0.0) + p * q
        return out

    def play(
        self,
        mine: tuple,
        theirs: tuple,
        count: int,
        tail: tuple,
        streak: int,
        my_turn: bool,
        other_go: bool,
        r: int,
    ) -> Dist:
        pts, c, t, s = points_for(count, tail, streak, r)
        sign = 1 if my_turn else -1
        if my_turn:
            mine = _remove(mine, r)
        else:
            theirs = _remove(theirs, r)
        mover_hand, other_hand = (mine, theirs) if my_turn else (theirs, mine)
        if not mine and not theirs:
            return {sign * (pts + (1 if c != 31 else 0)): 1.0}
        if c == 31:
            next_my_turn = (not my_turn) if other_hand else my_turn
            rest = self.value(mine, theirs, 0, (), 0, next_my_turn, False, 0)
        elif other_go or not other_hand:
            rest = self.value(mine, theirs, c, t, s, my_turn, other_go, 1)
        else:
            rest = self.value(mine, theirs, c, t, s, not my_turn, False, -1)
        return _shift(rest, sign * pts)

    def go(
        self,
        mine: tuple,
        theirs: tuple,
        count: int,
        tail: tuple,
        streak: int,
        my_turn: bool,
        other_go: bool,
        last: int,
    ) -> Dist:
        other_hand = theirs if my_turn else mine
        mover_hand = mine if my_turn else theirs
        other_can = (not other_go) and any(count + RANK_VALUES[r] <= 31 for r in other_hand)
        if other_can:
            return self.value(mine, theirs, count, tail, streak, not my_turn, True, -last)
        sign = 1 if my_turn else -1
        leader_is_mover = mover_leads_next(last == 1, bool(mover_hand), bool(other_hand))
        next_my_turn = my_turn if leader_is_mover else not my_turn
        rest = self.value(mine, theirs, 0, (), 0, next_my_turn, False, 0)
        return _shift(rest, sign * last)

    def root(
        self,
        mine: tuple,
        theirs: tuple,
        count: int,
        tail: tuple,
        streak: int,
        other_go: bool,
        last: int,
        card: Card | None,
    ) -> tuple[int, Dist]:
        if card is None:
            other_can = (not other_go) and any(count + RANK_VALUES[r] <= 31 for r in theirs)
            now = 0 if other_can else last
            return now, self.go(mine, theirs, count, tail, streak, True, other_go, last)
        r = card.rank
        pts, c, _t, _s = points_for(count, tail, streak, r)
        rest_mine = _remove(mine, r)
        if not rest_mine and not theirs and c != 31:
            pts += 1
        return pts, self.play(mine, theirs, count, tail, streak, True, other_go, r)


def _shift(d: Dist, x: int) -> Dist:
    return {m + x: p for m, p in d.items()} if x else d


def _mean(d: Dist) -> float:
    return sum(m * p for m, p in d.items())


# --- the result -----------------------------------------------------------------


@dataclass(frozen=True)
class PlayOption:
    label: str  # the card, or "go"
    card: Card | None
    now: int
    future_exact: Fraction | None  # exact where the model is deterministic
    future_value: float
    p_nonneg_exact: Fraction | None
    p_nonneg_value: float
    margins: tuple[tuple[int, float], ...]  # the distribution of the margin

    @property
    def future(self) -> float:
        return self.future_value

    @property
    def margin(self) -> float:
        return self.now + self.future_value

    @property
    def margin_exact(self) -> Fraction | None:
        return None if self.future_exact is None else self.now + self.future_exact

    @property
    def p_nonneg(self) -> float:
        return self.p_nonneg_value


@dataclass(frozen=True)
class PlayAnalysis:
    position: PeggingPosition
    model: str
    options: tuple[PlayOption, ...]  # best first
    holdings: int  # rank-multiset holdings enumerated
    combos: int  # concrete card holdings they stand for
    extra: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def best(self) -> PlayOption:
        return self.options[0]

    def option(self, card: str | Card | None) -> PlayOption:
        from crib.rules.cards import parse_card

        if card is None or (isinstance(card, str) and card.strip().lower() == "go"):
            label = "go"
            for o in self.options:
                if o.card is None:
                    return o
        else:
            c = parse_card(card)
            for o in self.options:
                if o.card is not None and o.card.rank == c.rank:
                    return o
            label = str(c)
        raise CribError(f"{label} is not a legal play in {self.position.to_text()}")

    @property
    def model_note(self) -> str:
        n = self.position.opp_count
        if n == 0:
            base = "the opponent holds no cards, so nothing is hidden"
        else:
            base = (
                f"averaged over all {self.combos:,} equally likely {n}-card holdings of the "
                f"{len(self.position.unseen())} cards you cannot see ({self.holdings:,} rank patterns)"
            )
        if self.position.opp_go:
            base += ", keeping only holdings with no card that fits (the opponent said go)"
        if self.model == "minimax":
            return base + "; then both sides play perfectly with full information (minimax)"
        tier = self.model.split(":", 1)[1]
        return (
            base
            + f"; the opponent plays the computer's {tier} pegging policy (its softmax, exactly), "
            "you play your best reply"
        )

    @cached_property
    def table(self) -> pd.DataFrame:
        import pandas as pd

        df = pd.DataFrame(
            [
                {
                    "play": o.label,
                    "now": o.now,
                    "future": o.future,
                    "margin": o.margin,
                    "p_margin_ge_0": o.p_nonneg,
                }
                for o in self.options
            ]
        )
        df.attrs["model"] = self.model
        df.attrs["note"] = self.model_note
        return df


_POOL: dict[int, object] = {}


def _root_state(pos: PeggingPosition) -> tuple[tuple[int, ...], int, tuple[int, ...], int, int]:
    """(your ranks, count, tail, streak, who played last) at the root of a position."""
    count, tail, streak = compress(tuple(c.rank for c in pos.pile))
    mine = tuple(sorted(c.rank for c in pos.hand))
    last = 1 if pos.last_mine else (-1 if pos.pile else 0)
    return mine, count, tail, streak, last


def minimax_by_holding(
    pos: PeggingPosition, cards: list[Card | None] | None = None, *, start: int = 0, step: int = 1
) -> list[tuple[tuple[int, ...], int, list[tuple[int, int]]]]:
    """(holding ranks, weight, [(now, future) per card]) for every holding, perfect play.

    ``cards`` defaults to every root option (one card per rank, or go);
    ``start``/``step`` take every step-th holding (how the process pool splits).
    One transposition cache serves all holdings.
    """
    if cards is None:
        cards = [c for _l, c in _root_options(pos)]
    mine, count, tail, streak, last = _root_state(pos)
    solver = _Minimax()
    return [
        (h, w, [solver.root(mine, h, count, tail, streak, pos.opp_go, last, c) for c in cards])
        for h, w in list(holdings(pos))[start::step]
    ]


def _minimax_chunk(args: tuple[str, int, int]) -> list[list[tuple[int, int]]]:
    """Worker: (now, future) of every root option for holdings k, k+n, k+2n, ..."""
    text, k, n = args
    return [row for _h, _w, row in minimax_by_holding(PeggingPosition.parse(text), start=k, step=n)]


def _pool(workers: int):  # type: ignore[no-untyped-def]
    """A persistent process pool (started once per process, reused)."""
    from concurrent.futures import ProcessPoolExecutor

    ex = _POOL.get(workers)
    if ex is None:
        import atexit
        import multiprocessing

        # forkserver: workers are forked from a clean server process, never from
        # this one (which may hold threads: a Jupyter kernel, a browser driver)
        ctx = multiprocessing.get_context("forkserver")
        ex = _POOL[workers] = ProcessPoolExecutor(workers, mp_context=ctx)
        atexit.register(ex.shutdown)  # before the interpreter tears modules down
    return ex


def analyze_play(
    position: PeggingPosition | str, opponent: str = "minimax", *, workers: int = 1
) -> PlayAnalysis:
    """Exact analysis of every legal play (see the module docstring).

    ``workers > 1`` splits the holdings of the minimax model across that many
    processes (a pool kept for the life of the process).  The result is the
    same; each process keeps its own transposition cache, so the speed-up is
    below the worker count.  The dashboards use one process.
    """
    pos = position if isinstance(position, PeggingPosition) else PeggingPosition.parse(position)
    if opponent not in MODELS:
        raise CribError(f"unknown opponent model {opponent!r}: expected one of {', '.join(MODELS)}")
    hs = list(holdings(pos))
    if not hs:
        raise CribError("no opponent holding is consistent with this position")
    total_w = sum(w for _h, w in hs)
    mine, count, tail, streak, last = _root_state(pos)
    opts = _root_options(pos)
    results: list[PlayOption] = []
    if opponent == "minimax":
        per: list[list[tuple[int, int, int]]] = [[] for _ in opts]
        if workers > 1 and len(hs) >= 4 * workers:
            text = pos.to_text()
            jobs = [(text, k, workers) for k in range(workers)]
            chunks = list(_pool(workers).map(_minimax_chunk, jobs))
            for k in range(workers):
                for (_h, w), row in zip(hs[k::workers], chunks[k], strict=True):
                    for j, (now, fut) in enumerate(row):
                        per[j].append((now, fut, w))
        else:
            for _h, w, row in minimax_by_holding(pos):
                for j, (now, fut) in enumerate(row):
                    per[j].append((now, fut, w))
        for (label, card), rows in zip(opts, per, strict=True):
            now = rows[0][0]
            fut = Fraction(sum(f * w for _n, f, w in rows), total_w)
            dist: dict[int, int] = {}
            for n, f, w in rows:
                dist[n + f] = dist.get(n + f, 0) + w
            p = Fraction(sum(w for m, w in dist.items() if m >= 0), total_w)
            margins = tuple(sorted((m, w / total_w) for m, w in dist.items()))
            results.append(PlayOption(label, card, now, fut, float(fut), p, float(p), margins))
    else:
        skill = TIERS[opponent.split(":", 1)[1]]
        deterministic = temperature(skill) == 0
        acc: list[dict[int, float]] = [{} for _ in opts]
        acc_exact: list[dict[int, int]] = [{} for _ in opts]
        nows = [0] * len(opts)
        for theirs, w in hs:
            solver = _PolicySolver(pos, skill, theirs)
            for k, (_l, card) in enumerate(opts):
                now, d = solver.root(mine, theirs, count, tail, streak, pos.opp_go, last, card)
                nows[k] = now
                for m, q in d.items():
                    acc[k][m] = acc[k].get(m, 0.0) + q * w
                    if deterministic:
                        acc_exact[k][m] = acc_exact[k].get(m, 0) + w
        for k, (label, card) in enumerate(opts):
            dist_f = {m: q / total_w for m, q in acc[k].items()}
            mean_margin = sum(m * q for m, q in dist_f.items())
            p_f = sum(q for m, q in dist_f.items() if m >= 0)
            fut_exact = p_exact = None
            if deterministic:
                fut_exact = Fraction(sum(m * w for m, w in acc_exact[k].items()), total_w) - nows[k]
                p_exact = Fraction(sum(w for m, w in acc_exact[k].items() if m >= 0), total_w)
            results.append(
                PlayOption(
                    label,
                    card,
                    nows[k],
                    fut_exact,
                    mean_margin - nows[k],
                    p_exact,
                    p_f,
                    tuple(sorted(dist_f.items())),
                )
            )
    results.sort(key=lambda o: (-o.margin, -o.p_nonneg, o.card.rank if o.card else 0))
    return PlayAnalysis(pos, opponent, tuple(results), len(hs), total_w)


def analyze_lead(
    hand: str | tuple, starter: str | Card, discards: str | tuple = (), opponent: str = "minimax"
) -> PlayAnalysis:
    """Lead analysis: ``analyze_play`` at the start of the play (4 v 4)."""
    return analyze_play(PeggingPosition.lead(hand, starter, discards), opponent)


@dataclass(frozen=True)
class LineStep:
    """One action of a principal line: who, what, the count and the points."""

    player: int  # 0 you, 1 the opponent
    card: Card | None
    count: int
    points: int
    scorer: int
    detail: str

    def describe(self) -> str:
        who = "You" if self.player == 0 else "Opponent"
        if self.card is None:
            what = f"{who}: go"
        else:
            what = f"{who} play{'s' if self.player else ''} {self.card.pretty} ({self.count})"
        if self.points:
            whose = "you" if self.scorer == 0 else "them"
            what += f" — {self.detail}: +{self.points} to {whose}"
        return what


def best_line(
    position: PeggingPosition | str, opponent_cards: str | tuple, first: Card | str | None = None
) -> list[LineStep]:
    """The rest of the play with perfect play by both against one concrete holding.

    ``first`` forces your first card (to show how a given lead plays out).
    Searched on the rules engine (:class:`crib.pegging.PegState`) with a memo.
    """
    from crib.rules.cards import parse_card, parse_cards
    from crib.rules.pegging import PegState

    pos = position if isinstance(position, PeggingPosition) else PeggingPosition.parse(position)
    theirs = parse_cards(opponent_cards)
    if len(theirs) != pos.opp_count:
        raise CribError(f"the opponent holds {pos.opp_count} cards, got {len(theirs)}")
    bad = set(theirs) - set(pos.unseen())
    if bad:
        raise CribError(
            f"{' '.join(str(c) for c in sorted(bad))} cannot be in the opponent's hand: you can see it"
        )
    played = tuple((0, c) for c in pos.previous + pos.pile)
    last = 0 if pos.last_mine else (1 if pos.pile else None)
    s0 = PegState(
        hands=(pos.hand, theirs),
        turn=0,
        pile=pos.pile,
        played=played,
        said_go=(False, pos.opp_go),
        last=last,
    )
    memo: dict[PegState, int] = {}

    def val(s: PegState) -> int:
        if s.done:
            return s.pegged[0] - s.pegged[1]
        v = memo.get(s)
        if v is None:
            vals = [val(s.play(c)[0]) for c in (s.legal() or (None,))]
            v = memo[s] = max(vals) if s.turn == 0 else min(vals)
        return v

    line: list[LineStep] = []
    s = s0
    forced = parse_card(first) if isinstance(first, str) else first
    while not s.done:
        opts = s.legal() or (None,)
        if forced is not None and not line:
            choice = forced
        else:
            scored = [(val(s.play(c)[0]), c) for c in opts]
            target = max(v for v, _ in scored) if s.turn == 0 else min(v for v, _ in scored)
            choice = next(c for v, c in scored if v == target)
        mover = s.turn
        s, rec = s.play(choice)
        line.append(LineStep(mover, rec.card, rec.count, rec.points, rec.pegger, rec.describe()))
    return line


def springing_holding(a: PlayAnalysis, lead_rank: int) -> tuple[int, ...] | None:
    """A likely holding (rank multiset) against which the lead works under perfect play.

    The most likely holding among those where the lead nets at least +2 (ties:
    the larger margin); if none does, the one where it nets the most.
    """
    pos = a.position
    card = next(c for c in pos.hand if c.rank == lead_rank)
    best = None
    for h, wt, ((now, fut),) in minimax_by_holding(pos, [card]):
        key = (now + fut >= 2, wt if now + fut >= 2 else 0, now + fut)
        if best is None or key > best[0]:
            best = (key, h)
    return None if best is None else best[1]
