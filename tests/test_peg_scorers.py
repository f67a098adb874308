"""The fast pegging scorer equals the reference on every pile that can occur.

A sub-round pile holds at most 8 cards (each player plays at most 4), at most
four of a rank, and never counts past 31.  Suits play no part in pegging, so
a pile is its sequence of ranks: 12,892,167 of them.  For each, the points
of its last card from :func:`crib.rules.pegging.points_for` (the solvers'
scorer, on the compressed pile) must equal :func:`crib.rules.scoring.peg_parts`
(the reference, on the whole pile, which :class:`PegState` and ``peg_points``
use), and the compressed pile must be what :func:`compress` gives.
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from crib.rules.cards import RANK_VALUES
from crib.rules.pegging import compress, peg_points, points_for
from crib.rules.scoring import peg_parts


def _check_from(first: int, longest: int = 8) -> tuple[int, list[tuple[int, ...]]]:
    """Every pile starting with rank ``first``, of up to ``longest`` cards: (how many, the
    piles that disagree)."""
    bad: list[tuple[int, ...]] = []
    used = [0] * 14
    n = 0

    def walk(ranks: tuple[int, ...], count: int, tail: tuple[int, ...], streak: int) -> None:
        nonlocal n
        for r in range(1, 14):
            c = count + RANK_VALUES[r]
            if used[r] == 4 or c > 31:
                continue
            pile = (*ranks, r)
            n += 1
            fast, c2, t2, s2 = points_for(count, tail, streak, r)
            ref = sum(pts for _kind, _k, pts in peg_parts(pile, c))
            if fast != ref or c2 != c:
                bad.append(pile)
            if len(pile) < longest:
                used[r] += 1
                walk(pile, c, t2, s2)
                used[r] -= 1

    used[first] += 1
    start = (first,)
    c0 = RANK_VALUES[first]
    fast, c, t, s = points_for(0, (), 0, first)
    n += 1
    if fast != sum(p for _k, _n, p in peg_parts(start, c0)):
        bad.append(start)
    walk(start, c, t, s)
    return n, bad


@pytest.mark.slow
def test_fast_scorer_equals_the_reference_on_every_pile() -> None:
    with ProcessPoolExecutor(2) as ex:
        results = list(ex.map(_check_from, range(1, 14)))
    assert sum(n for n, _b in results) == 12_892_167
    assert [b for _n, b in results if b] == []


def test_fast_scorer_equals_the_reference_on_every_short_pile_and_random_long_ones() -> None:
    """The default run's share of the exhaustive walk above: every pile of up to four
    cards (where the runs, pairs and fifteens first form), then 4,000 seeded random
    piles of five to eight cards, each checked card by card."""
    results = [_check_from(first, longest=4) for first in range(1, 14)]
    assert [b for _n, b in results if b] == []
    n_short = sum(n for n, _b in results)
    assert n_short > 20_000  # 13 first ranks, then every rank that fits, to 4 cards
    rng = random.Random(8)
    checked = 0
    while checked < 4000:
        deck = [r for r in range(1, 14) for _ in range(4)]
        rng.shuffle(deck)
        pile: list[int] = []
        count, tail, streak = 0, (), 0
        for r in deck:
            if count + RANK_VALUES[r] > 31 or len(pile) == 8:
                continue
            pile.append(r)
            fast, count, tail, streak = points_for(count, tail, streak, r)
            ref = sum(p for _k, _n, p in peg_parts(tuple(pile), count))
            assert fast == ref, pile
        checked += len(pile) >= 5


def test_compress_and_peg_points_agree_with_the_reference_on_examples() -> None:
    # 5-5-3-4: count 17; the tail of distinct ranks is 5-3-4 (a run of three), streak 1
    assert compress((5, 5, 3, 4)) == (17, (5, 3, 4), 1)
    assert peg_points((5, 5, 3, 4)) == 3 == points_for(14, (5, 3), 1, 4)[0]
    # K-Q-J-A: 31 with no run (A does not extend J-Q-K): 2
    assert peg_points((13, 12, 11, 1)) == 2 and peg_parts((13, 12, 11, 1), 31) == [
        ("thirty-one", 4, 2)
    ]
    # four sixes, 24: a double pair royal (12)
    assert points_for(18, (6,), 3, 6)[0] == 12 == peg_points((6, 6, 6, 6))


def test_the_checker_reports_a_broken_scorer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the fast scorer for runs of four: the sweep must name such piles."""
    import tests.test_peg_scorers as me

    real = me.points_for

    def broken(count: int, tail: tuple[int, ...], streak: int, r: int):  # type: ignore[no-untyped-def]
        pts, c, t, s = real(count, tail, streak, r)
        return (pts - 1 if len(t) == 4 and pts >= 4 else pts), c, t, s

    monkeypatch.setattr(me, "points_for", broken)
    n, bad = me._check_from(13)  # piles starting with a king (few runs of four: cheap)
    assert n > 0 and any(len(p) >= 4 for p in bad)
