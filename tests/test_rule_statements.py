"""The rule statements the course makes, pinned to crib's own functions (issue 24, point 3).

``data/rules_checked.md`` lists each statement, where crib states it (a notebook, a
formation, a trainer message) and the rulebook it was checked against.  Every number
the text relies on is asserted here from the function that computes it, so a change
of rules or of wording that breaks a statement fails a test.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from crib.ai.players import parse_player
from crib.analysis.formations import FORMATIONS, find_formations
from crib.course.notebooks import say_fr, score_frame_fr
from crib.course.questions.base import AnswerError
from crib.course.questions.kinds import grade_pegpoints_answer
from crib.course.questions.progress import classify_count_miss
from crib.rules.cards import DECK, parse_card, parse_cards, rank_value
from crib.rules.events import Cut, GameOver, Heels, Played
from crib.rules.game import Game
from crib.rules.pegging import PegState, peg_points
from crib.rules.scoring import his_heels, score_hand, score_pegging
from crib.rules.words import FRENCH

ROOT = Path(__file__).resolve().parents[1]


def _markdown(name: str) -> str:
    nb = json.loads((ROOT / "notebooks" / name).read_text())
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


# --- the show -------------------------------------------------------------------


def test_double_double_run_is_runs_12_pairs_4_fifteens_8() -> None:
    """4-4-5-5-6 holds the run 4-5-6 four times: the runs are 12, with the pairs 16,
    and the fifteens make the 24 (notebooks 01 and 07 print this breakdown)."""
    s = score_hand("4H 4D 5C 5S", "6D")
    by_kind = s.points_by_kind()
    assert len(s.runs) == 4 and {len(r.cards) for r in s.runs} == {3}
    assert by_kind == {"run": 12, "pair": 4, "fifteen": 8}
    assert by_kind["run"] + by_kind["pair"] == 16
    assert s.total == 24
    # the spoken count says the pairs and the runs separately, in both languages
    assert s.say().endswith("and a pair is twelve, and a double-double run of three is twenty-four")
    assert say_fr(s).endswith(
        "et une paire fait douze, et quatre suites de trois font vingt-quatre"
    )


def test_tens_and_face_cards_count_ten_but_pair_only_by_rank() -> None:
    assert [rank_value(r) for r in (10, 11, 12, 13)] == [10, 10, 10, 10]
    assert rank_value(1) == 1
    # K-Q: no pair in the show, nor in the play (the count is 20, nothing scores)
    assert "pair" not in score_hand("KH QD 7C 2S", "AD").points_by_kind()
    assert score_hand("KH KD 7C 2S", "AD").points_by_kind()["pair"] == 2
    assert peg_points((13, 12)) == 0 and peg_points((10, 13)) == 0
    assert peg_points((13, 13)) == 2


def test_the_ace_is_low_so_q_k_a_is_no_run() -> None:
    assert "run" not in score_hand("QH KD AC 7S", "2D").points_by_kind()
    assert score_hand("AH 2D 3C 9S", "KD").points_by_kind()["run"] == 3
    assert score_hand("JH QD KC 7S", "2D").points_by_kind()["run"] == 3
    assert peg_points((12, 13, 1)) == 0
    assert peg_points((3, 1, 2)) == 3


def test_runs_need_three_cards() -> None:
    assert "run" not in score_hand("4H 5D 9C JS", "2D").points_by_kind()  # 4-5 alone
    assert peg_points((4, 5)) == 0
    assert peg_points((6, 4, 5)) == 5  # fifteen 2 + a run of three in any order


def test_flush_four_in_hand_five_in_crib() -> None:
    assert score_hand("2H 4H 6H 8H", "QS").points_by_kind() == {"flush": 4}
    assert score_hand("2H 4H 6H 8H", "QS", is_crib=True).total == 0
    assert score_hand("2H 4H 6H 8H", "QH", is_crib=True).points_by_kind() == {"flush": 5}


def test_nobs_counts_in_the_hand_and_in_the_crib() -> None:
    assert score_hand("2H 4D 6C JH", "8H").points_by_kind() == {"nobs": 1}
    assert score_hand("2H 4D 6C JH", "8H", is_crib=True).points_by_kind() == {"nobs": 1}
    # a jack of another suit is not nobs; a jack starter is not nobs either
    assert "nobs" not in score_hand("2H 4D 6C JS", "8H", is_crib=True).points_by_kind()
    assert "nobs" not in score_hand("2H 4D 6C 8S", "JH").points_by_kind()


def test_his_heels_is_two_for_the_dealer_pegged_before_the_play() -> None:
    assert his_heels("JH") == 2 and his_heels("QH") == 0
    # deal order: the pone's cards, the dealer's, then deck[12] is the starter: a jack
    head = parse_cards("AH 2H 3H 4H 6C 7C 8C 9C TD QD KD KS JS")
    deck = head + tuple(c for c in DECK if c not in head)
    players = (parse_player("expert"), parse_player("expert"))
    g = Game(seed=1, players=players, first_dealer=1, stacked=[deck] * 30)
    g.run()
    i = next(k for k, e in enumerate(g.events) if isinstance(e, Cut))
    first_play = next(k for k, e in enumerate(g.events) if isinstance(e, Played))
    h = g.events[i + 1]
    assert isinstance(h, Heels) and h.player == 1 and h.points == 2 and i + 1 < first_play
    # at 119 the dealer's his heels ends the game at once: no card is played
    g = Game(seed=1, players=players, first_dealer=1, stacked=[deck], scores=(0, 119))
    g.run()
    assert g.winner == 1 and g.scores == [0, 121]
    assert not any(isinstance(e, Played) for e in g.events)
    assert isinstance(g.events[-1], GameOver)


# --- the play -------------------------------------------------------------------


def _play(pone: str, dealer: str, moves: list[str | None]) -> list:
    s = PegState.start((parse_cards(pone), parse_cards(dealer)), pone=0)
    recs = []
    for m in moves:
        s, rec = s.play(parse_card(m) if m else None)
        recs.append(rec)
    return recs


def test_notebook_04_worked_play_deals_four_cards_each() -> None:
    """The worked play in notebook 04: go at 30, 31 and a pair, then a fifteen and the
    last card; four cards each."""
    recs = _play(
        "KS 9H 8C 2D", "QD AD AS 5C", ["KS", "QD", "9H", "AD", None, "AS", "8C", "5C", "2D"]
    )
    assert [r.player for r in recs] == [0, 1, 0, 1, 0, 1, 0, 1, 0]
    assert recs[4].is_go and recs[4].count == 30
    assert {c.kind: c.points for c in recs[5].components} == {"thirty-one": 2, "pair": 2}
    assert recs[5].reset and recs[6].player == 0  # the pone, who did not play last, leads
    assert {c.kind: c.points for c in recs[8].components} == {"fifteen": 2, "last card": 1}


def test_a_31_breaks_a_run() -> None:
    # 2 and 4 end the count at 31; the 3 that follows starts a new count: no run
    recs = _play("KH 5C 4S 8D", "QD 2H 3C 9S", ["KH", "QD", "5C", "2H", "4S", "3C"])
    assert recs[4].count == 31 and recs[4].reset
    assert recs[5].count == 3 and recs[5].points == 0
    assert peg_points((2, 4, 3)) == 3  # the same ranks in one count would be a run


def test_a_go_breaks_a_run() -> None:
    # 9 and J end the count at 22 and neither can play: the pone's go pays the dealer,
    # who played last, and the pone's 10 starts a new count
    recs = _play("AH 9S TD KH", "2C JD QS KS", ["AH", "2C", "9S", "JD", None, "TD"])
    assert recs[4].is_go and recs[4].points == 1 and recs[4].pegger == 1 and recs[4].reset
    assert recs[5].player == 0 and recs[5].count == 10 and recs[5].points == 0
    assert peg_points((9, 11, 10)) == 3


def test_last_card_making_31_scores_only_the_31() -> None:
    recs = _play("KH 9S", "QD 2C", ["KH", "QD", "9S", "2C"])
    assert recs[-1].ended and {c.kind: c.points for c in recs[-1].components} == {"thirty-one": 2}


# --- the formations (notebook 05, the trap explorer) ----------------------------


def test_magic_eleven_holds_only_after_a_go() -> None:
    text = FORMATIONS["magic eleven"]
    assert "20 + x + (11 - x) = 31" in text and "said go" in text and "between" in text
    # after the dealer's go at 27, the pone plays 4 on its 7: 20 + 7 + 4 = 31
    recs = _play("KH 7D 4C 2S", "KD 9S 8H 6C", ["KH", "KD", "7D", None, "4C"])
    assert recs[3].is_go and recs[4].player == 0
    assert recs[4].count == 31 and recs[4].points == 2
    # while the opponent can still play, their card comes between: no 31 for the pair
    recs = _play("KH 7D 4C 2S", "KD AS 8H 6C", ["KH", "KD", "7D", "AS"])
    assert recs[3].count == 28 and 28 + 4 > 31


def test_five_card_trap_numbers() -> None:
    """Every number in the five-card trap's text, from the pegging scorer."""
    text = FORMATIONS["five-card trap"]
    assert find_formations("4H 6D 6S 9C")[0].explanation == text
    assert all(
        peg_points((4, r)) == 0 for r in range(1, 14) if r != 4
    )  # no 15 off a 4, only a pair
    # each phrase and the pile of ranks it describes: its numbers are the count or the points
    steps = {
        "count 9": (4, 5),
        "5 points": (4, 5, 6),
        "pairs it for 2 (count 16)": (4, 6, 6),
        "count 22": (4, 6, 6, 6),
        "(count 28) for 12": (4, 6, 6, 6, 6),
    }
    for phrase, ranks in steps.items():
        assert phrase in text, phrase
        said = {int(n) for n in re.findall(r"\d+", phrase)}
        assert said <= {sum(rank_value(r) for r in ranks), peg_points(ranks)}, phrase
    assert peg_points((4, 5, 6)) == 5 and sum(rank_value(r) for r in (4, 5, 6)) == 15
    assert peg_points((4, 6, 6)) == 2 and sum(rank_value(r) for r in (4, 6, 6)) == 16
    assert peg_points((4, 6, 6, 6)) == 6 and sum(rank_value(r) for r in (4, 6, 6, 6)) == 22
    assert peg_points((4, 6, 6, 6, 6)) == 12 and sum(rank_value(r) for r in (4, 6, 6, 6, 6)) == 28


def test_pair_royal_bait_numbers() -> None:
    text = FORMATIONS["pair-royal bait"]
    assert "pairs it for 2" in text and "pair royal, 6 points" in text
    for r in range(1, 5):
        assert peg_points((r, r)) == 2 and peg_points((r, r, r)) == 6
        # no single card makes 15 off a low card
        assert all(r + rank_value(x) != 15 for x in range(1, 14))


# --- the trainer's names and the French words -----------------------------------


@pytest.mark.parametrize("ten", ["TH", "JH", "QH", "KH"])
def test_a_ten_card_fifteen_is_named_a_ten_card_not_a_face_card(ten: str) -> None:
    s = score_hand(f"{ten} 5D 2C 3S", "9D")  # ten + 5, ten + 2 + 3: two fifteens
    assert s.total == 4
    assert classify_count_miss(s, 2) == ("missed a fifteen with a ten-card",)
    s = score_hand("9H 6D 2C 3S", "AD")  # 9 + 6, 9 + 3 + 2 + A: no ten-card
    assert classify_count_miss(s, s.total - 2) == ("missed a fifteen",)


def test_french_count_says_fait_for_one_thing_and_font_for_several() -> None:
    s = score_hand("5H 5D 6C JS", "4S")
    assert say_fr(s).endswith("et deux suites de trois font seize, et le valet fait dix-sept")
    assert say_fr(score_hand("2H 4D 6C JH", "8H", is_crib=True)) == "le valet fait un"
    assert FRENCH.nobs == "le valet" and "valet font" not in say_fr(s)
    frame = score_frame_fr(s)
    assert "valet de même couleur" in set(frame["combinaison"])
    assert not any("nobs" in k for k in frame["combinaison"])


# --- what the course text says ---------------------------------------------------


def test_rules_course_text_states_the_rules_the_issue_found_missing() -> None:
    en = _markdown("01_rules_and_counting.ipynb")
    for phrase in (
        "in the hand or in the crib",
        "Q-K-A is not",
        "a king and a queen are not",
        "lower packet",
        "before the play",
        "wins at that moment",
    ):
        assert phrase in en, phrase
    assert "*in hand*" not in en and "face cards count 10, aces 1" not in en
    fr = _markdown("07_regles_du_cribbage.ipynb")
    for phrase in (
        "en main ou dans le crib",
        "dame-roi-as n'en est pas une",
        "un roi et une dame non",
        "paquet du dessous",
        "avant le jeu",
        "valet retourné",
        "valet de même couleur",
        "même enseigne",
    ):
        assert phrase in fr, phrase
    assert "(*his heels*)" not in fr and "(*nobs*)" not in fr and "valet font" not in fr


def test_pegging_text_states_runs_of_three_and_the_reset() -> None:
    md = _markdown("04_pegging.ipynb")
    for phrase in (
        "three or more cards",
        "Q-K-A is no run",
        "a player who can play must",
        "After a go or a 31 the count restarts",
        "not rules of the game",
    ):
        assert phrase in md, phrase
    assert "player 0" not in md and "player 1" not in md


def test_one_card_pegs_14_at_most_before_the_go_and_the_last_card() -> None:
    """The what-it-pegs grader refuses more than 14: a double pair royal making 15 or 31.
    In a game the last card of the play adds 1 more, which that question leaves out."""
    assert score_pegging("7H 2C 2D 2H 2S").total == 14
    recs = _play(
        "KH JD 2C 2H", "QS 7C 2D 2S", ["KH", "QS", "JD", None, "7C", "2C", "2D", "2H", "2S"]
    )
    assert recs[3].is_go and recs[3].pegger == 0 and recs[4].player == 1
    assert recs[-1].ended and recs[-1].points == 15
    q = {"kind": "pegpoints", "best": "14", "count": 15, "parts": []}
    with pytest.raises(AnswerError, match="0 to 14 points"):
        grade_pegpoints_answer(q, "15")
