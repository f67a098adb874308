"""The enrichment track's exercises: every worked answer, checked against an independent
computation where one is cheap, and the checker's words for right, wrong, unread and
unanswered answers (it never raises on what a learner writes)."""

from __future__ import annotations

import csv
import math
import random
from fractions import Fraction
from pathlib import Path

import pytest

from crib import DECK, HashRng, analyze_discard, parse_cards, score_hand, softmax_pick
from crib.analysis.models import UNIFORM
from crib.course.enrichment import TRACK, exercises
from crib.course.enrichment.check import read_answer
from crib.course.enrichment.items import master_differs
from crib.course.enrichment.play import benchmark_table

ROOT = Path(__file__).resolve().parents[1]

KEYS = ("counting", "numbers", "discard", "pegging", "leads", "opponent")


def _answer(key: str, n: int) -> object:
    return exercises(key).solve(n).answer


def _mean_over_starters(keep: str, seen: str) -> Fraction:
    """The kept four's mean over every starter not in ``seen``, by the plain scorer."""
    cards, known = parse_cards(keep), set(parse_cards(seen))
    pts = [score_hand(cards, c).total for c in DECK if c not in known]
    return Fraction(sum(pts), len(pts))


# --- part 1: counting (the hand counts are done by hand in the comments) -----------------


def test_counting_answers_by_hand() -> None:
    # 7-7-8-8-9: four fifteens (each 7 with each 8) 8, two pairs 4, 7-8-9 four times 12
    assert _answer("counting", 1) == 8 + 4 + 12
    # 3-6-9-Q clubs + 5D: 3+Q+... no; 6+9 = 15 and Q+5 = 15: 4, the four-card flush 4 in hand only
    assert _answer("counting", 2) == (8, 4)
    # his heels 2; crib 5-5-10-K + J: each five with each ten-card (3 x 2) 12, the pair 2
    assert _answer("counting", 3) == 2 + 12 + 2
    # K-Q-A-2-3: K+2+3, Q+2+3 are 4; A-2-3 a run 3; Q-K-A no run
    assert _answer("counting", 4) == 7


def test_counting_is_the_same_in_french_and_says_it_in_french() -> None:
    en, fr = exercises("counting"), exercises("counting", "fr")
    for n in range(1, 5):
        assert en.solve(n).answer == fr.solve(n).answer
    assert "valet retourné" in " ".join(fr.solve(3).steps)
    assert fr.check(1, 24).verdict == "Exercice 1 : juste. 24 points."
    assert fr.solve(1).model.startswith("les règles seules")


# --- part 2: the numbers -------------------------------------------------------------------


def test_numbers_match_the_published_distribution(
    published_hand_distribution: dict[int, int],
) -> None:
    pub = published_hand_distribution
    total = sum(pub.values())
    assert total == 12_994_800
    assert _answer("numbers", 1) == Fraction(pub[0], total)
    assert _answer("numbers", 2) == pub[29] == 4
    assert _answer("numbers", 3) == max(pub, key=pub.__getitem__) == 4


def test_one_hand_over_its_48_starters_two_ways() -> None:
    # 12 of 48 starters give 2-3-4-5 ten or more; the mean 410/48
    assert _answer("numbers", 4) == Fraction(12, 48)
    mean = _answer("numbers", 5)
    assert mean == _mean_over_starters("2C 3D 4H 5S", "2C 3D 4H 5S") == Fraction(410, 48)
    # the discard engine's exact 46-starter mean (arrays), plus the two thrown cards as starters
    a = analyze_discard("2C 3D 4H 5S KH 9D", dealer=True, model=UNIFORM)
    t = a.throws[a.find("KH 9D")]
    extra = score_hand("2C 3D 4H 5S", "KH").total + score_hand("2C 3D 4H 5S", "9D").total
    assert t.hand_ev_exact * 46 + extra == mean * 48


# --- part 3: the discard ---------------------------------------------------------------------


def test_discard_answers() -> None:
    # the kept hand's mean by the plain scorer over the 46 starters
    assert _answer("discard", 1) == _mean_over_starters("5H 5D JC QS", "5H 5D JC QS 2C 9D")
    assert _answer("discard", 1) == Fraction(583, 46)
    assert set(_answer("discard", 2)) == set(parse_cards("2C 9D"))  # type: ignore[arg-type]
    cost = _answer("discard", 3)
    a = analyze_discard("2C 3D 4H 5S JC QD", dealer=False, model=UNIFORM)
    assert cost == a.best.ev_exact - a.throws[a.find("5S JC")].ev_exact
    assert 3.8 < float(cost) < 4.0  # type: ignore[arg-type]
    # the Master disagrees with the uniform model on this six, as the question says
    assert set(_answer("discard", 4)) == set(parse_cards("8S 9C"))  # type: ignore[arg-type]
    assert (
        analyze_discard("4C 5S 5H TD 8S 9C", dealer=True, model=UNIFORM).best.throw_str == "4C 5S"
    )


def test_how_often_the_master_differs_is_seeded_and_each_listed_deal_differs() -> None:
    diff = master_differs(10, seed=1)
    assert diff == master_differs(10, seed=1)
    rng = random.Random(1)
    sixes = [tuple(rng.sample(DECK, 6)) for _ in range(10)]
    for six, u, m in diff:
        assert six in sixes and set(u) != set(m) and set(u) | set(m) <= set(six)
    assert _answer("discard", 5) == 7  # 7 of 40 deals (seed 1), as the dealer


# --- part 4: pegging ---------------------------------------------------------------------------


def test_pegging_answers() -> None:
    assert _answer("pegging", 1) == 2 + 3  # fifteen, run of three
    assert _answer("pegging", 2) == 2 + 6  # thirty-one, pair royal
    # the pone pegs the go at 29; the dealer's 6 makes the run 4-5-6-7-8 (5) and is the last
    # card (1)
    assert _answer("pegging", 3) == (1, 6)
    # after a 6 lead, the 2 unseen sixes and 3 unseen nines score at once
    p = _answer("pegging", 4)
    assert p == pytest.approx(1 - math.comb(40, 4) / math.comb(45, 4), abs=1e-12)
    assert _answer("pegging", 5).rank == 10  # type: ignore[attr-defined]


# --- part 5: leads -------------------------------------------------------------------------------


def test_lead_answers() -> None:
    assert _answer("leads", 1).rank == 7  # type: ignore[attr-defined]
    assert _answer("leads", 2) == pytest.approx(0.0926, abs=0.001)
    assert _answer("leads", 3).rank == 5  # type: ignore[attr-defined]
    w = exercises("leads").solve(3)
    assert "uniform" in w.model and "Master" in w.model
    assert _answer("leads", 4) == math.comb(45, 4) == 148_995
    assert _answer("leads", 5).rank == 7  # type: ignore[attr-defined]


# --- part 6: the computer opponent --------------------------------------------------------------


def test_tier_choices_by_formula_and_by_drawing() -> None:
    hard = _answer("opponent", 1)
    assert hard == pytest.approx(math.exp(-2) / (1 + math.exp(-2)))
    easy = _answer("opponent", 2)
    w = [1, math.exp(-0.5 / 5), math.exp(-1 / 5)]
    assert easy == pytest.approx(w[2] / sum(w))
    rng = HashRng(11, "test")
    draws = [softmax_pick([1.0, 0.5, 0.0], 5.0, rng) for _ in range(20_000)]
    assert draws.count(2) / 20_000 == pytest.approx(easy, abs=0.01)


def test_win_table_answers_read_from_the_shipped_csv() -> None:
    with (ROOT / "data" / "win_table.csv").open() as f:
        rows = {int(r[0]): [float(x) for x in r[1:]] for r in list(csv.reader(f))[1:]}
    assert _answer("opponent", 3) == pytest.approx(rows[100][95])
    assert _answer("opponent", 4) == pytest.approx(1 - rows[95][100])


def test_wilson_answer_by_formula() -> None:
    z, n, p = 1.959963984540054, 40, 26 / 40
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert centre - half < 0.5
    assert _answer("opponent", 5) is False


def test_benchmark_table_reads_the_shipped_results() -> None:
    t = benchmark_table()
    assert list(t["player"]) == ["random", "hard", "normal", "easy", "master"]
    assert (t["games against the Expert"] >= 3000).all()
    assert (t["Wilson 95% low"] <= t["its win rate"]).all()


# --- the checker -----------------------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_every_worked_answer_is_judged_right_and_names_its_model(key: str) -> None:
    ex = exercises(key)
    assert len(ex) >= 4
    for n in range(1, len(ex) + 1):
        w = ex.solve(n)
        assert w.model and w.steps and w.shown
        right = ex.check(n, w.answer)
        assert right.right is True and right.worked == w and not right.open
        assert right.verdict.startswith(f"Exercise {n}: right.")


def test_answers_in_the_forms_a_learner_writes() -> None:
    c = exercises("counting").check
    assert c(1, "24").right and c(1, 24.0).right and c(1, " 24 ").right
    assert c(2, (8, 4)).right and c(2, [8, 4]).right and c(2, (4, 8)).right is False
    n = exercises("numbers").check
    assert n(4, "25%").right and n(4, "1/4").right and n(4, 0.25).right and n(4, 25).right
    assert n(4, 0.3).right is False
    assert n(5, "205/24").right and n(5, 8.54).right and n(5, "8,54").right
    d = exercises("discard").check
    assert d(2, "9D 2C").right and d(2, "2♣ 9♦").right and d(2, "2C 9H").right is False
    assert d(5, 10).right and d(5, 3).right is True and d(5, 2).right is False  # within 4 of 7
    p = exercises("pegging").check
    assert p(5, "10").right and p(5, "T").right and p(5, "TH").right and p(5, 10).right
    assert p(5, "3D").right is False
    o = exercises("opponent").check
    assert (
        o(5, "no").right and o(5, False).right and o(5, "Non").right and o(5, "yes").right is False
    )


def test_a_wrong_answer_offers_the_worked_answer_folded() -> None:
    r = exercises("counting").check(1, 23)
    assert r.right is False and r.worked is not None and not r.open
    h = r._repr_html_()
    assert "<details" in h and '<details class="crib-solution" open' not in h
    assert "you wrote 23" in r.text and "24 points" in r.text


def test_unanswered_shows_no_answer_and_show_opens_it() -> None:
    r = exercises("pegging").check(3, None)
    assert r.right is None and r.worked is None
    assert "24" not in r.text and "check(3, show=True)" in r.text
    s = exercises("pegging").check(3, show=True)
    assert s.open and s.worked is not None and "pone 1, dealer 6" in s.text
    assert '<details class="crib-solution" open>' in s._repr_html_()


@pytest.mark.parametrize(
    ("key", "n", "raw", "what"),
    [
        ("counting", 1, "twenty", "a whole number"),
        ("counting", 1, 23.5, "a whole number"),
        ("counting", 2, "8, 4", "two whole numbers"),
        ("numbers", 1, "lots", "a probability"),
        ("numbers", 1, -3, "a probability"),
        ("numbers", 1, True, "a probability"),
        ("discard", 2, "2X 9D", "two cards"),
        ("discard", 2, "2C 2C", "two cards"),
        ("pegging", 5, "eleven", "a card"),
        ("pegging", 5, 14, "a card"),
        ("opponent", 5, "maybe", "yes or no"),
        ("opponent", 5, {"a": 1}, "yes or no"),
        ("leads", 2, object(), "a number"),
    ],
)
def test_bad_input_gets_a_plain_message_not_a_traceback(
    key: str, n: int, raw: object, what: str
) -> None:
    r = exercises(key).check(n, raw)
    assert r.right is None and r.worked is None
    assert f"as {what}. Write it like this: answer_{n} = " in r.verdict


def test_no_such_exercise_and_unknown_parts() -> None:
    assert exercises("leads").check(0, 1).verdict.startswith("There is no exercise 0 here")
    assert "1 to 5" in exercises("leads").check("2", 1).verdict
    from crib.errors import CribError

    with pytest.raises(CribError, match="unknown part"):
        exercises("endgame")
    with pytest.raises(CribError, match="English only"):
        exercises("numbers", "fr")


def test_read_answer_percent_and_fraction_forms() -> None:
    assert read_answer("probability", "7.8%") == Fraction(78, 1000)
    assert read_answer("probability", "1009008/12994800") == Fraction(1009008, 12994800)
    assert read_answer("rank", "a") == 1 and read_answer("rank", "K♥") == 13


def test_the_track_lists_every_notebook_once_in_order() -> None:
    assert [p.number for p in TRACK if p.lang == "en"] == [1, 2, 3, 4, 5, 6]
    assert {p.notebook for p in TRACK} == {n.name for n in (ROOT / "notebooks").glob("0*.ipynb")}
    assert [p.key for p in TRACK if p.lang == "fr"] == ["counting"]
