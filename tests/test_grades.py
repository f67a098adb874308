"""Grades a learner can trust (issue 27, acceptance 6 and bug 8): bands set from the
measured loss distributions, "best" only for the best choice and with no cost or
tags, and grades by the chance of winning within reach of 121."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crib.analysis.coach import grade_discard, grade_play
from crib.analysis.discard import analyze_discard
from crib.analysis.grades import (
    DISCARD_THRESHOLDS,
    PLAY_THRESHOLDS,
    WIN_UNIT,
    WORDS,
    cost_text,
    thresholds,
    verdict_word,
)
from crib.analysis.models import (
    EXPERT,
    UNIFORM,
)
from crib.rules.cards import parse_cards
from crib.rules.position import PeggingPosition
from crib.session.model import Grade
from crib.session.review import band_counts, summary_strip
from crib.ui.play.html import grade_chip, review_html

DATA = Path(__file__).resolve().parent.parent / "data" / "grade_bands.json"
ENDGAME = "hand QC 5D 9S 3H | pile 4H | starter 2C | discards 7S 8D | opp 3 | scores 115 120"


def _share(dist: dict, th: dict[str, float], words: tuple[str, ...]) -> float:
    """The share of a measured distribution's decisions graded one of ``words``: read
    from its share-at-or-above-each-edge table, at the bands' own bounds."""
    at_least = {float(k): v for k, v in dist["share_at_least"].items()}
    lo = th["costly"] if words == ("blunder",) else th["mistake"]
    assert lo in at_least, f"the bench must measure the share at the bound {lo}"
    return at_least[lo]


def test_bands_are_set_from_the_measured_distributions() -> None:
    data = json.loads(DATA.read_text())
    assert "grade_bands.py" in data["command"] and "seed" in data["seeds"]
    tiers = data["tiers"]
    assert list(tiers) == ["easy", "normal", "hard", "expert"]
    for kind, th in (("discard", DISCARD_THRESHOLDS), ("play", PLAY_THRESHOLDS)):
        blunders = {t: _share(tiers[t][kind], th, ("blunder",)) for t in tiers}
        serious = {t: _share(tiers[t][kind], th, ("costly", "blunder")) for t in tiers}
        # a blunder is rare for a decent player
        assert blunders["expert"] <= 0.02 and blunders["hard"] <= 0.03, (kind, blunders)
        # the words separate the tiers: weaker tiers make more costly decisions and blunders
        assert serious["easy"] > serious["normal"] > serious["expert"], (kind, serious)
        assert serious["hard"] >= serious["expert"], (kind, serious)
        assert blunders["easy"] > blunders["expert"], (kind, blunders)
    assert tiers["easy"]["discard"]["share_at_least"][str(DISCARD_THRESHOLDS["costly"])] > 0.1
    # near 121, in percentage points of P(win): a blunder is rare for the Expert and Hard too
    # (about 150 discards and 400 plays a tier: a looser bound; these losses depend on the
    # position, e.g. how far behind the tier is, more than on its skill)
    for kind in ("discard_win", "play_win"):
        th = thresholds(kind.split("_")[0], WIN_UNIT)
        for t in ("expert", "hard"):
            assert _share(tiers[t][kind], th, ("blunder",)) <= 0.04, (kind, t)


def test_a_one_point_loss_is_not_the_same_word_as_a_five_point_loss() -> None:
    assert verdict_word(1.03, DISCARD_THRESHOLDS) == "mistake"
    assert verdict_word(5.0, DISCARD_THRESHOLDS) == "blunder"
    assert [verdict_word(x, DISCARD_THRESHOLDS) for x in (0, 0.3, 1.0, 2.0, 3.5)] == list(WORDS)
    assert [verdict_word(x, PLAY_THRESHOLDS) for x in (0, 0.3, 0.7, 2.0, 3.5)] == list(WORDS)


def test_best_is_only_the_best_choice_and_shows_no_cost() -> None:
    # 6♣ Q♦ loses 0.047 against the best throw: once "best −0.05", now "ok" with its cost
    six = "6C 3S 8H KD QD KH"
    small = grade_discard(six, "6C QD", dealer=False, model=UNIFORM)
    assert 0 < small.lost < 0.05 and small.verdict == "ok"
    assert cost_text(small.verdict, small.lost) == "ok −0.05"
    a = analyze_discard(six, dealer=False, model=UNIFORM)
    for t in a.throws:
        g = grade_discard(six, t.throw, dealer=False, model=UNIFORM)
        assert (g.verdict == "best") == (a.best.total - t.total <= 1e-9)
    chip = grade_chip("best", 0.0)
    assert ">best<" in chip and "−" not in chip
    assert "−" not in summary_strip([Grade(1, 0, "discard", (), (), 0.0, "best")])


def test_no_warning_tags_on_the_best_card() -> None:
    """Bug 8: the best card read "best −0.00" and still warned "handed over a pair"."""
    pos = PeggingPosition.parse("hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4")
    for c in pos.legal():
        g = grade_play(pos, c, exact=False)
        if g.verdict == "best":
            assert g.tags == () and "You " not in g.sentence
    best = grade_play(pos, "6D", exact=False)
    assert best.verdict == "best"
    # the same card, when it is not the best, does carry its tags (the pair it hands over)
    worse = grade_play(pos, "6D", exact=False, model=EXPERT)
    assert worse.verdict != "best" and any("a pair" in t for t in worse.tags)


def test_within_reach_of_121_the_grade_is_by_the_chance_of_winning() -> None:
    """Bug 8: at 115-120 the grade read like pegging points and carried point tags."""
    for card in ("QC", "5D", "3H"):
        g = grade_play(ENDGAME, card, opp_dealer=True)
        assert g.unit == WIN_UNIT and g.verdict != "best"
        assert g.tags == ("lets the dealer peg out",)  # one reason in terms of the game
        assert "It lets the dealer peg out." in g.sentence and "% of your chance" in g.sentence
        assert g.verdict == verdict_word(g.lost, thresholds("play", WIN_UNIT))
    chip = grade_chip("costly", 5.08, WIN_UNIT)
    assert "costly −5.1% to win" in chip
    best = grade_play(ENDGAME, "9S", opp_dealer=True)
    assert best.verdict == "best" and best.tags == ()
    d = grade_discard("5H 5D 6C 7S 8H 9D", "8H 9D", dealer=False, scores=(112, 110))
    assert d.unit == WIN_UNIT and d.verdict == verdict_word(d.lost, thresholds("discard", WIN_UNIT))


def test_the_review_shows_the_learners_own_distribution() -> None:
    grades = [
        Grade(1, 0, "discard", parse_cards("AS 2S"), parse_cards("3S 4S"), 0.0, "best"),
        Grade(2, 0, "discard", parse_cards("AS 2S"), parse_cards("3S 4S"), 2.0, "costly"),
        Grade(3, 0, "play", parse_cards("4H"), parse_cards("6D"), 0.0, "best"),
        Grade(4, 0, "play", parse_cards("4H"), parse_cards("6D"), 3.0, "blunder", unit=WIN_UNIT),
    ]
    counts = band_counts(grades)
    assert counts["discard"] == {"best": 1, "ok": 0, "mistake": 0, "costly": 1, "blunder": 0}
    assert counts["play"]["blunder"] == 1
    out = review_html(grades, title="Game review")
    assert (
        'class="crib-bands"' in out and "<th scope='row'>discards</th><td>1</td><td>0</td>" in out
    )
    assert "blunder −3.0% to win" in out
    assert "−2.00, −3.0% to win" not in summary_strip(grades)  # kinds apart
    assert "Pegging 1 blunder (−3.0% to win)" in summary_strip(grades)  # by its word
    # chances lost at several decisions do not add up: the worst is given
    more = [
        *grades,
        Grade(5, 0, "play", parse_cards("4H"), parse_cards("6D"), 70.0, "blunder", unit=WIN_UNIT),
        Grade(6, 0, "play", parse_cards("4H"), parse_cards("6D"), 60.0, "blunder", unit=WIN_UNIT),
    ]
    assert "Pegging 3 blunders (the worst −70.0% to win)" in summary_strip(more)
    assert "au pire −70,0" in summary_strip(more, lang="fr")


@pytest.mark.parametrize("word", WORDS)
def test_every_word_has_its_own_badge_colour(word: str) -> None:
    from crib.ui.play.html import GRADE_COLOURS

    assert word in GRADE_COLOURS
    assert len(set(GRADE_COLOURS.values())) == len(GRADE_COLOURS)


def test_the_discard_analyzer_grades_by_the_chance_of_winning_near_121() -> None:
    from crib.ui.analyze.verdicts import discard_verdict, run_discard

    six = "5H 5D 6C 7S 8H 9D"
    a = run_discard(six, dealer=False, key="master", scores=(112, 110))
    assert a.objective == "win"
    worst = discard_verdict(a, len(a.throws) - 1, "master")
    assert worst.unit == WIN_UNIT and worst.lost == pytest.approx(
        100 * (a.best.p_win - a.throws[-1].p_win)
    )
    assert "% to win" in worst.phrase() and "chance to win" in worst.cost
    far = discard_verdict(
        run_discard(six, dealer=False, key="master", scores=(10, 12)), 1, "master"
    )
    assert far.unit == "points" and "points" in far.cost


def test_missing_the_card_that_pegs_out_is_said_in_terms_of_the_game() -> None:
    pos = "hand 5H 9C | pile KS | previous 2C 3C 4C AS | starter 7D | opp 1 | scores 119 110"
    g = grade_play(pos, "9C", opp_dealer=True)
    assert g.unit == WIN_UNIT and g.verdict == "blunder" and g.lost > 5
    assert (
        g.tags == ("misses pegging out with 5♥",) and "It misses pegging out with 5♥." in g.sentence
    )
    assert cost_text("ok", 0.04, WIN_UNIT) == "ok −0.04% to win"
