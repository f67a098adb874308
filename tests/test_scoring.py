"""Rule-book hands and pegging cases, with the arithmetic in comments."""

from __future__ import annotations

import pytest

from crib.errors import DuplicateCardError, HandSizeError, IllegalPlayError
from crib.rules.scoring import his_heels, is_perfect_29, score_hand, score_pegging


def test_the_29_hand() -> None:
    s = score_hand("5H 5D 5C JS", "5S")
    # fifteens: each 5 with the jack (4) + each three of the four 5s (4) = 8 x 2 = 16
    # pairs: four 5s make C(4,2) = 6 pairs = 12;  nobs: JS with a spade starter = 1
    assert s.points_by_kind() == {"fifteen": 16, "pair": 12, "nobs": 1}
    assert s.total == 29
    assert len(s.fifteens) == 8 and len(s.pairs) == 6
    assert is_perfect_29("5H 5D 5C JS", "5S")
    assert not is_perfect_29("5H 5D 5C JS", "KS")


def test_double_run_4556() -> None:
    s = score_hand("4H 5D 5C 6S", "KD")
    # fifteens: 4-5-6 twice, 5-K twice = 8;  pair of 5s = 2;  runs 4-5-6 twice = 6
    assert s.points_by_kind() == {"fifteen": 8, "pair": 2, "run": 6}
    assert s.total == 16
    assert len(s.runs) == 2  # a double run lists both runs


def test_double_double_run_44556_is_24() -> None:
    s = score_hand("4H 4D 5C 5S", "6D")
    # fifteens: 4-5-6 in 2 x 2 = 4 ways = 8;  two pairs = 4;  runs 4-5-6 in 4 ways = 12
    assert s.points_by_kind() == {"fifteen": 8, "pair": 4, "run": 12}
    assert s.total == 24  # a published engine scores this 18
    assert "double-double run of three" in s.say()


def test_triple_run() -> None:
    s = score_hand("3H 3D 3C 4S", "5D")
    # fifteens: 3+3+4+5 choosing 2 of three 3s = 3 ways = 6; pair royal = 6; 3-4-5 three times = 9
    assert s.points_by_kind() == {"fifteen": 6, "pair": 6, "run": 9}
    assert s.total == 21
    assert "a pair royal is twelve" in s.say() and "a triple run of three is twenty-one" in s.say()


def test_four_card_flush_in_crib_scores_nothing() -> None:
    # all even values: no subset sums to odd 15; no pairs; no runs (steps of 2)
    assert score_hand("2H 4H 6H 8H", "QS").total == 4  # hand: 4-card flush
    assert score_hand("2H 4H 6H 8H", "QS", is_crib=True).total == 0


def test_five_card_flush() -> None:
    assert score_hand("2H 4H 6H 8H", "QH").total == 5
    assert score_hand("2H 4H 6H 8H", "QH", is_crib=True).total == 5
    assert score_hand("2H 4H 6H 8H", "QH").of_kind("flush")[0].points == 5


def test_jack_starter_is_not_nobs_but_heels() -> None:
    # hand 2 4 6 8 of mixed suits with the jack of hearts cut
    s = score_hand("2H 4D 6C 8S", "JH")
    assert s.of_kind("nobs") == ()
    assert his_heels("JH") == 2
    # the same jack in the hand, cut a heart: nobs
    assert score_hand("2H 4D 6C JH", "8H").of_kind("nobs")[0].points == 1
    # a jack of another suit is not nobs
    assert score_hand("2H 4D 6C JS", "8H").of_kind("nobs") == ()


def test_zero_hand_says_nineteen() -> None:
    s = score_hand("2H 4D 6C 8S", "QD")
    assert s.total == 0 and s.say() == "nineteen (no points)"


def test_say_counts_to_total() -> None:
    s = score_hand("4H 4D 5C 5S", "6D")
    assert s.say().endswith("twenty-four")


def test_bad_hand_sizes_and_duplicates() -> None:
    with pytest.raises(HandSizeError, match="expected 4 hand cards, got 3"):
        score_hand("5H 5D 5C", "5S")
    with pytest.raises(HandSizeError, match="expected 1 starter card, got 2"):
        score_hand("5H 5D 5C JS", "5S 6S")
    with pytest.raises(DuplicateCardError, match="5H"):
        score_hand("5H 5D 5C JS", "5H")


# --- pegging ---------------------------------------------------------------


def test_peg_31_with_a_pair() -> None:
    p = score_pegging("TS JD 3C 4H 4S")
    # 10+10+3+4+4 = 31 (2) and 4-4 is a pair (2)
    assert p.count == 31
    assert {c.kind: c.points for c in p.components} == {"thirty-one": 2, "pair": 2}
    assert p.total == 4


def test_peg_534_is_a_run() -> None:
    assert score_pegging("5S 3D 4C").total == 3  # 3-4-5 in any order; count 12


def test_peg_run_broken_by_intervening_card() -> None:
    # last three 4-9-5 and last four 3-4-9-5 are not runs; count 21
    assert score_pegging("3S 4D 9C 5H").total == 0


def test_peg_pairs_only_adjacent() -> None:
    assert score_pegging("5S 6D 5H").total == 0  # 5-6-5: the 5s are not adjacent; count 16
    assert score_pegging("6D 5S 5H").total == 2


def test_peg_pair_royal_and_double() -> None:
    assert score_pegging("7S 7D 7C").total == 6 + 0  # count 21
    assert score_pegging("AS AD AC AH").total == 12  # count 4


def test_peg_runs_of_6_and_7() -> None:
    assert score_pegging("AS 2D 3C 4H 5S 6D").total == 6  # count 21
    assert score_pegging("3S 2D AC 4H 6S 5D 7C").total == 7  # count 28, any order


def test_peg_15_with_a_run() -> None:
    p = score_pegging("4S 6D 5C")
    # count 4+6+5 = 15 (2) and 4-5-6 (3)
    assert p.total == 5
    assert {c.kind for c in p.components} == {"fifteen", "run"}


def test_peg_longest_run_counts_once() -> None:
    # last 4 = 2-3-4-5 is a run of 4; the run of 3 inside it is not added
    assert score_pegging("2S 3D 4C 5H").total == 4


def test_peg_over_31_is_illegal() -> None:
    with pytest.raises(IllegalPlayError, match="over 31"):
        score_pegging("KS QD JC 8H")
