"""The discard engine's fast paths (issue #42, point 3) against their plain references:
the per-four scoring on every four and starter, and the per-throw sums, counts and
fractions the six-card analysis builds its records from."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np

from crib.analysis.discard import analyze_discard
from crib.analysis.discard_fast import (
    _KEEP_POS,
    _PAIRS_ARR,
    _own_sums,
    _throw_arrays,
    fraction,
    keep_scores,
    throw_counts,
)
from crib.analysis.models import parse_model
from crib.analysis.tables import all_hands, score_indices
from crib.rules.cards import DECK


def _throw_arrays_reference(six):  # type: ignore[no-untyped-def]
    """The arrays as first written: every (four, starter) pair scored one by one."""
    idx = np.array([c.index for c in six], dtype=np.int64)
    throw_idx = idx[_PAIRS_ARR]
    keep_idx = idx[_KEEP_POS]
    unseen = np.setdiff1d(np.arange(52), idx)
    n = len(unseen)
    scores = score_indices(np.repeat(keep_idx, n, axis=0), np.tile(unseen, 15)).reshape(15, n)
    return throw_idx, unseen, scores, _own_sums(throw_idx, unseen)


def test_keep_scores_equal_score_indices() -> None:
    """Every 13th of all 270,725 fours (20,826 of them), with every starter: the same
    table look-ups, only factored per four."""
    fours = all_hands()[::13]
    starters = np.arange(52, dtype=np.int64)
    fast = keep_scores(fours, starters)
    ref = score_indices(np.repeat(fours, 52, axis=0), np.tile(starters, len(fours)))
    assert np.array_equal(fast, ref.reshape(len(fours), 52))


def test_throw_arrays_equal_the_reference() -> None:
    rng = random.Random(42)
    for _ in range(300):
        six = rng.sample(DECK, 6)
        for got, want in zip(_throw_arrays(six), _throw_arrays_reference(six), strict=True):
            assert got.dtype == want.dtype and np.array_equal(got, want)


def test_throw_counts_and_fractions_equal_the_plain_ones() -> None:
    rng = random.Random(7)
    for _ in range(200):
        _t, unseen, scores, own = _throw_arrays(rng.sample(DECK, 6))
        sums, counts = throw_counts(scores)
        n = len(unseen)
        for i, row in enumerate(scores):
            assert sums[i] == int(row.sum())
            assert counts[i] == tuple(int(x) for x in np.bincount(row, minlength=30)[:30])
            assert fraction(sums[i], n) == Fraction(int(row.sum()), n)
            assert fraction(int(own[i]), n) == Fraction(int(own[i]), n)
    assert type(fraction(3, 46)) is Fraction and fraction(3, 46) is fraction(3, 46)


def test_table_model_analysis_records_are_the_plain_ones() -> None:
    rng = random.Random(11)
    table = parse_model("table", "discard")
    for _ in range(40):
        six = rng.sample(DECK, 6)
        _t, unseen, scores, own = _throw_arrays_reference(six)
        want = {}
        for i, (a, b) in enumerate(_PAIRS_ARR.tolist()):
            row = scores[i]
            want[frozenset((six[a], six[b]))] = (
                Fraction(int(row.sum()), len(unseen)),
                Fraction(int(own[i]), len(unseen)),
                tuple(int(x) for x in np.bincount(row, minlength=30)[:30]),
            )
        for dealer in (True, False):
            a = analyze_discard(six, dealer=dealer, model=table)
            for t in a.throws:
                assert (t.hand_ev_exact, t.own_exact, t.hand_counts) == want[frozenset(t.throw)]
