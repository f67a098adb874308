"""The proof: the fast scorer on all 12,994,800 hands, and fast == reference."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from itertools import combinations_with_replacement, permutations

import numpy as np
import pytest

from crib.analysis import tables as fast
from crib.rules.cards import DECK
from crib.rules.scoring import score_hand


def test_distribution_equals_published(published_hand_distribution: dict[int, int]) -> None:
    d = fast.score_distribution()
    assert int(d.sum()) == 12_994_800
    assert {k: int(v) for k, v in enumerate(d)} == published_hand_distribution
    mean = Fraction(int((d * np.arange(30)).sum()), int(d.sum()))
    assert mean == Fraction(60759, 12740)
    assert all(d[k] == 0 for k in (19, 25, 26, 27))


def test_crib_rule_zero_count() -> None:
    d = fast.score_distribution(is_crib=True)
    assert int(d.sum()) == 12_994_800
    assert int(d[0]) == 1_022_208  # Wikipedia, "Cribbage statistics"


def _restricted_growth(n: int, k: int = 4) -> list[tuple[int, ...]]:
    """Suit labellings of n cards up to renaming suits (first use order), k suits."""
    out: list[tuple[int, ...]] = [()]
    for _ in range(n):
        out = [p + (v,) for p in out for v in range(min(k, max(p, default=-1) + 2))]
    return out


def _orbit_representatives() -> np.ndarray:
    """One (hand, starter) per class under the 24 suit permutations.

    Suits enter scoring only through flush and nobs, and both are invariant
    under renaming suits.  Candidates are every (sorted hand ranks, starter
    rank) with every suit labelling up to renaming; duplicates are merged by a
    canonical code.  ``_orbit_sizes`` then proves the classes cover all
    12,994,800 combinations.
    """
    ms = np.array(list(combinations_with_replacement(range(13), 4)))
    ranks = np.concatenate(
        [np.repeat(ms, 13, axis=0), np.tile(np.arange(13), len(ms))[:, None]], axis=1
    )
    labels = np.array(_restricted_growth(5))
    cards = (ranks[:, None, :] * 4 + labels[None, :, :]).reshape(-1, 5)
    srt = np.sort(cards, axis=1)
    distinct = (srt[:, 1:] != srt[:, :-1]).all(axis=1)
    cards = cards[distinct]
    h, s = cards[:, :4], cards[:, 4]
    best = None
    for perm in permutations(range(4)):
        code = _canonical(h, s, perm)
        best = code if best is None else np.minimum(best, code)
    uniq = np.unique(best)
    out = np.empty((uniq.size, 5), dtype=np.int64)
    rest = uniq
    for j in range(4, -1, -1):
        out[:, j] = rest % 52
        rest //= 52
    return out


def _canonical(h: np.ndarray, s: np.ndarray, perm: tuple[int, ...]) -> np.ndarray:
    p = np.array(perm)
    ph = (h & ~3) | p[h & 3]
    ps = (s & ~3) | p[s & 3]
    ph.sort(axis=1)
    return (((ph[:, 0] * 52 + ph[:, 1]) * 52 + ph[:, 2]) * 52 + ph[:, 3]) * 52 + ps


def _orbit_sizes(reps: np.ndarray) -> np.ndarray:
    """24 / |stabiliser| for each representative."""
    own = _canonical(reps[:, :4], reps[:, 4], (0, 1, 2, 3))
    images = np.stack([_canonical(reps[:, :4], reps[:, 4], p) for p in permutations(range(4))])
    stab = (images == own[None, :]).sum(axis=0)
    return 24 // stab


def _reference_chunk(rows: np.ndarray) -> tuple[list[int], list[int]]:
    hand, crib = [], []
    for r in rows.tolist():
        h = tuple(DECK[i] for i in r[:4])
        st = DECK[r[4]]
        hand.append(score_hand(h, st).total)
        crib.append(score_hand(h, st, is_crib=True).total)
    return hand, crib


@pytest.mark.slow
def test_fast_equals_reference_on_every_suit_pattern() -> None:
    reps = _orbit_representatives()
    # the classes partition all 12,994,800 combinations: orbit sizes add up
    assert int(_orbit_sizes(reps).sum()) == 12_994_800
    workers = max(1, min(4, os.cpu_count() or 1))
    chunks = np.array_split(reps, workers * 8)
    ref_hand: list[int] = []
    ref_crib: list[int] = []
    with ProcessPoolExecutor(workers) as ex:
        for h, c in ex.map(_reference_chunk, chunks):
            ref_hand += h
            ref_crib += c
    fast_hand = fast.score_indices(reps[:, :4], reps[:, 4])
    fast_crib = fast.score_indices(reps[:, :4], reps[:, 4], is_crib=True)
    bad = np.nonzero(fast_hand != np.array(ref_hand))[0]
    assert bad.size == 0, f"hand mismatch at {reps[bad[:5]].tolist()}"
    bad = np.nonzero(fast_crib != np.array(ref_crib))[0]
    assert bad.size == 0, f"crib mismatch at {reps[bad[:5]].tolist()}"


def test_fast_equals_reference_on_chosen_suit_patterns() -> None:
    """The default run's share of the proof above: 6,000 seeded classes, 2,000 whose hand
    shares one suit (the flush, and the crib's five-card rule), 2,000 with a jack of the
    starter's suit (nobs), and 2,000 with neither, since suits are where the fast
    tables' rank-and-pattern indexing could go wrong."""
    reps = _orbit_representatives()
    suits = reps % 4
    flush4 = (suits[:, :4] == suits[:, :1]).all(axis=1)
    jacks = reps[:, :4] // 4 == 10
    nobs = (jacks & (suits[:, :4] == suits[:, 4:5])).any(axis=1)
    rng = np.random.default_rng(5)
    pick = np.concatenate(
        [
            rng.choice(np.nonzero(flush4)[0], 2000, replace=False),
            rng.choice(np.nonzero(nobs & ~flush4)[0], 2000, replace=False),
            rng.choice(np.nonzero(~flush4 & ~nobs)[0], 2000, replace=False),
        ]
    )
    rows = reps[pick]
    ref_hand, ref_crib = _reference_chunk(rows)
    assert (fast.score_indices(rows[:, :4], rows[:, 4]) == np.array(ref_hand)).all()
    assert (fast.score_indices(rows[:, :4], rows[:, 4], is_crib=True) == np.array(ref_crib)).all()
    # the flush rule shows: some sampled hands score a 4-card flush that the crib refuses
    assert (np.array(ref_hand) != np.array(ref_crib)).any()


def test_sweep_rows_agree_with_score_indices() -> None:
    rng = np.random.default_rng(2)
    hands = fast.all_hands()
    pick = rng.choice(len(hands), 3000, replace=False)
    sweep = fast.sweep_scores(False, hands[pick])
    for k, i in enumerate(pick):
        free = [c for c in range(52) if c not in hands[i]]
        got = fast.score_indices(np.repeat(hands[i][None], len(free), 0), np.array(free))
        assert (sweep[k, free] == got).all()
