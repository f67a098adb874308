"""Discard analysis against plain enumeration with the reference scorer."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from crib.analysis.crib_models import (
    TABLE,
    crib_distribution,
    crib_table,
    crib_value_exact,
    get_crib_model,
    register_crib_model,
    unregister_crib_model,
)
from crib.analysis.discard import TIE_EPS, analyze_discard
from crib.analysis.models import MASTER, UNIFORM, parse_model
from crib.errors import CribError, DuplicateCardError, HandSizeError
from crib.rules.cards import DECK, Card, parse_cards
from crib.rules.scoring import score_hand


def _brute_crib(args: tuple[tuple[int, int], tuple[int, ...]]) -> Fraction:
    """Every (opponent pair, starter) completion, scored by the reference scorer."""
    throw_idx, six_idx = args
    throw = tuple(DECK[i] for i in throw_idx)
    unseen = [c for c in DECK if c.index not in six_idx]
    total = n = 0
    for opp in combinations(unseen, 2):
        crib = throw + opp
        for st in unseen:
            if st in opp:
                continue
            total += score_hand(crib, st, is_crib=True).total
            n += 1
    assert n == 45_540
    return Fraction(total, n)


BRUTE_CASES = [
    # (six, throw): 5-5 pair; a suited jack throw (flush + nobs); two jacks
    # thrown; a suited non-jack throw while holding the other jacks
    ("5H 5D 6C 7S 8H 9D", "5H 5D"),
    ("JH 5H 6H 7H JD 9C", "JH 5H"),
    ("JH JS 2C 7D 8D KC", "JH JS"),
    ("3S 4S JC JD 9H QH", "3S 4S"),
]


@pytest.mark.parametrize(
    "cases",
    [
        pytest.param(BRUTE_CASES[:2], id="pair-and-suited-jack"),
        # the two-jacks throws: with the slow checks (each case is 45,540 crib scorings)
        pytest.param(BRUTE_CASES[2:], id="jacks", marks=pytest.mark.slow),
    ],
)
def test_exact_crib_equals_brute_force_enumeration(cases: list[tuple[str, str]]) -> None:
    jobs = []
    for six, throw in cases:
        s = parse_cards(six)
        t = parse_cards(throw)
        jobs.append(((t[0].index, t[1].index), tuple(c.index for c in s)))
    with ProcessPoolExecutor(2) as ex:
        brute = list(ex.map(_brute_crib, jobs))
    for (six, throw), want in zip(cases, brute, strict=True):
        a = analyze_discard(six, dealer=True, model=UNIFORM)
        got = a.throws[a.find(throw)].crib_ev_exact
        assert got == want, (six, throw)


def test_hand_ev_equals_reference_enumeration_on_random_sixes() -> None:
    rng = random.Random(3)
    for _ in range(12):
        six = rng.sample(DECK, 6)
        a = analyze_discard(
            six, dealer=bool(rng.getrandbits(1)), model=parse_model("table", "discard")
        )
        unseen = [c for c in DECK if c not in six]
        for t in a.throws:
            scores = [score_hand(t.keep, st).total for st in unseen]
            assert t.hand_ev_exact == Fraction(sum(scores), 46)
            assert t.hand_min == min(scores) and t.hand_max == max(scores)
            assert t.p_hand_at_least(8) == Fraction(sum(s >= 8 for s in scores), 46)


def test_own_points_equal_reference_components() -> None:
    from crib.rules.scoring import _fifteens, _pairs, _runs  # the reference finders

    six = parse_cards("JH 5H 6H 7H JD 9C")
    a = analyze_discard(six, dealer=True, model=UNIFORM)
    unseen = [c for c in DECK if c not in six]
    for t in a.throws:
        total = 0
        for st in unseen:
            three = (*t.throw, st)
            total += sum(c.points for c in (*_fifteens(three), *_pairs(three), *_runs(three)))
            total += sum(1 for c in t.throw if c.rank == 11 and c.suit == st.suit)
        assert t.own_exact == Fraction(total, 46)


def test_distribution_agrees_with_exact_mean() -> None:
    six = parse_cards("JH 5H 6H 7H JD 9C")
    a = analyze_discard(six, dealer=False, model=UNIFORM)
    for i in range(15):
        d = a.crib_counts(i)
        assert d is not None and int(d.sum()) == 45_540
        assert Fraction(int((d * np.arange(30)).sum()), 45_540) == a.throws[i].crib_ev_exact


def test_table_entries_are_uniform_exact_values() -> None:
    table = crib_table()
    assert len(table) == 169
    assert sum(1 for k in table if k[0] == k[1]) == 13
    assert sum(1 for k in table if k[2]) == 78
    assert sum(1 for k in table if k[0] != k[1] and not k[2]) == 78
    for (lo, hi, suited), v in list(table.items())[::7]:
        a, b = Card(lo, "C"), Card(hi, "C" if suited else "D")
        d = crib_distribution((a, b), (a, b))
        assert int(d.sum()) == 58_800  # C(50,2) x 48
        assert Fraction(int((d * np.arange(30)).sum()), 58_800) == v


def test_table_sanity_55_is_the_largest_pair() -> None:
    table = crib_table()
    pairs = {lo: v for (lo, hi, _s), v in table.items() if lo == hi}
    assert max(pairs, key=pairs.__getitem__) == 5


def test_seat_flips_the_decision() -> None:
    assert (
        analyze_discard("5H 5D 6C 7S 8H 9D", dealer=True, model=UNIFORM).best.throw_str == "5H 5D"
    )
    assert (
        analyze_discard("5H 5D 6C 7S 8H 9D", dealer=False, model=UNIFORM).best.throw_str == "8H 9D"
    )
    for model in ("exact", "table"):
        assert (
            analyze_discard(
                "5H 5D 6C 7S 8H 9D", dealer=True, model=parse_model(model, "discard")
            ).best.throw_str
            == "5H 5D"
        )


def test_ev_definitions_and_ordering() -> None:
    rng = random.Random(9)
    for _ in range(20):
        six = rng.sample(DECK, 6)
        for dealer in (True, False):
            a = analyze_discard(six, dealer=dealer, model=UNIFORM)
            sign = 1 if dealer else -1
            assert len(a.throws) == 15
            assert len({frozenset(t.throw) for t in a.throws}) == 15
            for t in a.throws:
                assert t.ev_exact == t.hand_ev_exact + sign * t.crib_ev_exact
                assert t.safety_exact == t.hand_ev_exact + sign * t.own_exact
                assert set(t.throw) | set(t.keep) == set(six)
            evs = [t.ev for t in a.throws]
            top = max(evs)
            assert a.best.ev >= top - TIE_EPS
            for x, y in zip(a.throws, a.throws[1:], strict=False):
                # never out of order by more than the tie tolerance; near-ties by safety
                assert y.ev <= x.ev + TIE_EPS
                if abs(x.ev - y.ev) > TIE_EPS:
                    assert x.ev > y.ev


def test_table_and_explain() -> None:
    a = analyze_discard("5H 5D 6C 7S 8H 9D", dealer=False, model=UNIFORM)
    df = a.table
    assert list(df.columns) == [
        "rank",
        "throw",
        "keep",
        "hand_ev",
        "crib_ev",
        "ev",
        "safety",
        "hand_min",
        "hand_max",
    ]
    assert df["rank"].tolist() == list(range(1, 16))
    assert df.attrs["model"] == "exact"
    assert a.explain(0).startswith("Keep 5♥ 5♦ 6♣ 7♠ (12.26 on average over 46 starters)")
    assert "45,540" in a.model_note


def test_bad_input() -> None:
    with pytest.raises(HandSizeError, match="expected 6 cards"):
        analyze_discard("5H 5D 6C 7S 8H", dealer=True)
    with pytest.raises(DuplicateCardError):
        analyze_discard("5H 5D 6C 7S 8H 5H", dealer=True)
    with pytest.raises(
        CribError,
        match="unknown discard model 'nope': "
        "expected one of master, expert, uniform, exact, table, selfplay",
    ):
        analyze_discard("5H 5D 6C 7S 8H 9D", dealer=True, model=parse_model("nope", "discard"))


def test_registry_plugs_in_a_model() -> None:
    class Zero:
        name = "zero-test"
        assumption = "the crib is always worth nothing (test model)"
        has_distribution = False

        def values(self, six, throws):  # type: ignore[no-untyped-def]
            return [Fraction(0)] * len(throws)

        def distribution(self, six, throw):  # type: ignore[no-untyped-def]
            return None

    register_crib_model(Zero(), replace=True)
    try:
        a = analyze_discard(
            "5H 5D 6C 7S 8H 9D", dealer=True, model=parse_model("zero-test", "discard")
        )
        assert a.best.crib_ev == 0 and a.best.throw_str == "8H 9D"  # best hand alone
        assert get_crib_model("zero-test").name == "zero-test"
        assert a.crib_counts(0) is None
    finally:
        unregister_crib_model("zero-test")
    with pytest.raises(CribError, match="unknown crib model 'zero-test'"):
        get_crib_model("zero-test")


def test_exact_and_table_differ_where_kept_cards_matter() -> None:
    six = parse_cards("5H 5D 5C 5S JH QH")  # holding all the fives changes the crib a lot
    exact = crib_value_exact(parse_cards("JH QH"), six)
    table = TABLE.value(parse_cards("JH QH"))
    assert exact < table - Fraction(1, 2)


def test_fast_float_ranking_equals_exact_analysis() -> None:
    from crib.analysis.discard import rank_throws_fast

    rng = random.Random(21)
    for _ in range(150):
        six = rng.sample(DECK, 6)
        for dealer in (True, False):
            exact = analyze_discard(six, dealer=dealer, model=UNIFORM)
            fast = rank_throws_fast(six, dealer)
            assert [set(t.throw) for t in exact.throws] == [set(th) for th, _k, _e, _s in fast]
            for t, (_th, keep, ev, safety) in zip(exact.throws, fast, strict=True):
                assert set(keep) == set(t.keep)
                assert abs(ev - t.ev) < 1e-12 and abs(safety - t.safety) < 1e-12


# --- the Master's ranking (issue 12) ---------------------------------------------


def test_master_model_equals_an_independent_full_value() -> None:
    """model=MASTER: hand + seat crib + pegging, computed here from the shipped
    tables and the reference scorer, on fixed hands in both seats."""
    from tests.test_master import _full_values

    for six in ("5H 5D 6C 7S 8H 9D", "JH 9C 2H 3H 9D 7D", "AS 2D 3C KH QS 7C", "4H 6D 6S 9C TD KC"):
        for dealer in (True, False):
            want = _full_values(six, dealer)
            a = analyze_discard(six, dealer=dealer, model=MASTER)
            assert a.master and a.pegging and a.model.name == "selfplay"
            for t in a.throws:
                assert t.total == pytest.approx(want[frozenset(t.throw)], abs=1e-9)
            df = a.table
            parts = df["hand"] + df["crib"] + df["pegging"]
            assert np.allclose(parts, df["net"])
            net = list(df["net"])
            assert all(x >= y - TIE_EPS for x, y in zip(net, net[1:], strict=False))
            assert (df["crib"] >= 0).all() if dealer else (df["crib"] <= 0).all()
            assert a.model_note.startswith("the Master:")


def test_master_model_with_scores_shows_p_win_and_ranks_by_it_near_121() -> None:
    six = "5H 5D 6C 7S 8H 9D"
    far = analyze_discard(six, dealer=True, model=MASTER, scores=(20, 30))
    assert far.objective == "ev" and "p_win" in far.table.columns
    near = analyze_discard(six, dealer=True, model=MASTER, scores=(112, 115))
    assert near.objective == "win"
    p = [t.p_win for t in near.throws]
    assert p[0] >= max(p) - TIE_EPS
    top = analyze_discard(six, dealer=True, model=MASTER, scores=(112, 115), win_top=5)
    assert sum(t.p_win is not None for t in top.throws) == 5
    assert top.best.throw == near.best.throw  # the best by P(win) is among the top 5 here
    with pytest.raises(CribError, match="a discard model is a Model .* got 'grandmaster'"):
        analyze_discard(six, dealer=True, model="grandmaster")
