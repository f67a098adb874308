"""Seeded question sets, grading against crib's own analysis, and the kinds of misses."""

from __future__ import annotations

from itertools import combinations

import pytest

import crib
from crib.analysis.models import UNIFORM
from crib.course import questions as quiz
from crib.course.questions import AnswerError, grade, make_questions
from crib.course.questions.progress import (
    classify_count_miss,
    classify_discard_miss,
    miss_counts,
    progress_figure,
    progress_table,
    to_csv,
)
from crib.rules.cards import cards_str, parse_cards


@pytest.fixture(scope="module")
def qset() -> list[quiz.Question]:
    return make_questions(11, {"count": 4, "discard": 3, "peg": 3})


def test_the_same_seed_gives_the_same_set_in_the_same_order(qset: list[quiz.Question]) -> None:
    assert make_questions(11, {"count": 4, "discard": 3, "peg": 3}) == qset
    assert [q.kind for q in qset] == ["count"] * 4 + ["discard"] * 3 + ["peg"] * 3
    other = make_questions(12, {"count": 4})
    assert other != qset[:4]


@pytest.mark.parametrize("i", range(30))
def test_levels_draw_what_they_promise(i: int) -> None:
    easy = quiz.counting_question(5, i, level="easy")
    s = quiz.question_score(easy)
    assert s.total == easy.total <= 8 and not s.of_kind("flush")
    t = quiz.counting_question(5, i, level="tricky")
    s = quiz.question_score(t)
    assert s.total == t.total
    hand, starter = t.hand, t.starter
    if t.trick == "double run":
        assert len(s.runs) >= 2
    elif t.trick == "28 or 29":
        assert s.total in (28, 29)
    elif t.trick == "nobs trap":
        assert any(c.rank == 11 for c in hand)
    else:
        assert t.trick == "flush trap" and len({c.suit for c in hand}) == 1
        if t.crib and starter.suit != hand[0].suit:
            assert not s.of_kind("flush")  # the trap: no four-card flush in a crib


def test_tricky_draws_cover_every_trick_and_the_29() -> None:
    qs = [quiz.counting_question(1, i, level="tricky") for i in range(60)]
    assert {q.trick for q in qs} == set(quiz.TRICKS)
    assert {q.total for q in qs} >= {28, 29}


def test_discard_questions_have_no_near_tie_and_agree_with_analyze_discard(
    qset: list[quiz.Question],
) -> None:
    for q in (q for q in qset if isinstance(q, quiz.DiscardQuestion)):
        a = crib.analyze_discard(q.six, dealer=q.dealer, model=UNIFORM)
        assert a.best.throw == q.best
        assert a.throws[0].ev - a.throws[1].ev >= quiz.DISCARD_MARGIN
        assert grade(q, q.best).correct and grade(q, q.best).lost == 0
        assert grade(q, cards_str(q.best)).cards == q.best  # typed, or as text
        for pair in combinations(q.six, 2):
            r = grade(q, cards_str(pair))
            if not r.correct:
                # every wrong throw costs at least the margin: a correct judgment is never
                # marked wrong
                assert r.lost >= quiz.DISCARD_MARGIN - 1e-9
                # the quiz asks in the exact uniform-crib model (named in q.model); the
                # coach's default is the Master, so the comparison names the quiz's model
                g = crib.grade_discard(q.six, cards_str(pair), dealer=q.dealer, model=UNIFORM)
                assert r.lost == pytest.approx(g.lost, abs=1e-3)
                assert r.misses


def test_peg_questions_have_no_near_tie_and_agree_with_analyze_play(
    qset: list[quiz.Question],
) -> None:
    for q in (q for q in qset if isinstance(q, quiz.PegQuestion)):
        a = crib.analyze_play(q.position, model=UNIFORM)
        cards = [o for o in a.options if o.card is not None]
        assert cards[0].card == q.best
        assert cards[0].margin - cards[1].margin >= quiz.PEG_MARGIN
        assert grade(q, q.best).correct and grade(q, str(q.best)).cards == (q.best,)
        for o in cards[1:]:
            r = grade(q, str(o.card))
            assert not r.correct and r.lost >= quiz.PEG_MARGIN - 1e-9
            assert r.lost == pytest.approx(cards[0].margin - o.margin, abs=1e-3)


def test_a_count_is_graded_against_the_breakdown(qset: list[quiz.Question]) -> None:
    q = qset[0]
    assert grade(q, str(q.total)).correct
    r = grade(q, str(q.total + 2))
    assert not r.correct and r.lost == 2 and r.misses


@pytest.mark.parametrize(
    ("answer", "match"),
    [("lots", "not a count"), ("31", "0 to 29"), ("", "not a count")],
)
def test_bad_counts(answer: str, match: str) -> None:
    q = quiz.counting_question(1, 0)
    with pytest.raises(AnswerError, match=match):
        grade(q, answer)


def test_bad_throws_and_plays(qset: list[quiz.Question]) -> None:
    d = next(q for q in qset if isinstance(q, quiz.DiscardQuestion))
    with pytest.raises(AnswerError, match="exactly 2"):
        grade(d, str(d.six[0]))
    outsider = next(c for c in crib.DECK if c not in d.six)
    with pytest.raises(AnswerError, match="not one of your six"):
        grade(d, f"{d.six[0]} {outsider}")
    p = next(q for q in qset if isinstance(q, quiz.PegQuestion))
    hand = p.position.hand
    outsider = next(c for c in crib.DECK if c not in hand)
    with pytest.raises(AnswerError, match="not in your hand"):
        grade(p, str(outsider))


def test_count_misses_are_named_from_the_breakdown() -> None:
    # 5D KH QS 2C + 3S: fifteens 5K 5Q KH-2-3 QS-2-3 = 8, no pairs, no run (2-3 only)
    s = crib.score_hand("5D KH QS 2C", "3S")
    assert s.total == 8
    assert classify_count_miss(s, 6) == ("missed a fifteen with a ten-card",)
    # a double run: 6 7 7 8 + K: fifteens 7-8 twice = 4, pair 2, double run 6 = 12
    s = crib.score_hand("6H 7D 7C 8S", "KD")
    assert s.total == 12
    assert classify_count_miss(s, 9) == ("counted a double run as a single run",)
    # a four-card flush counted in a crib
    s = crib.score_hand("2H 4H 6H 8H", "QS", is_crib=True)
    assert classify_count_miss(s, s.total + 4) == ("counted a four-card flush in the crib",)


def test_a_five_thrown_to_the_opponent_is_named() -> None:
    q = quiz.DiscardQuestion(
        six=parse_cards("5H 5D 6C 7S 8H 9D"),
        dealer=False,
        best=parse_cards("8H 9D"),
        ranking=(),
        gap=1.0,
        explain="",
    )
    assert "threw a five to the opponent" in classify_discard_miss(q, "5H 9D")
    assert "threw a pair to the opponent" in classify_discard_miss(q, "5H 5D")


class _A:
    def __init__(self, kind: str, q: int, correct: bool, miss: str, t: float) -> None:
        self.kind, self.question, self.answer, self.correct = kind, q, "x", correct
        self.lost, self.miss, self.seconds, self.created = 0.0 if correct else 1.0, miss, 3.0, t


def test_progress_table_figure_and_csv() -> None:
    answers = [
        _A("count", 0, True, "", 1.0),
        _A("count", 1, False, "missed nobs", 2.0),
        _A("discard", 2, False, "threw a five to the opponent", 3.0),
        _A("count", 3, False, "missed nobs; missed a pair", 4.0),
    ]
    df = progress_table(answers)
    assert list(df["running_accuracy"]) == [1.0, 0.5, 0.0, pytest.approx(1 / 3)]
    assert miss_counts(df) == {
        "missed nobs": 2,
        "missed a pair": 1,
        "threw a five to the opponent": 1,
    }
    fig = progress_figure(df)
    assert len(fig.axes) == 2 and len(fig.axes[0].lines) == 2
    text = to_csv(df)
    assert text.splitlines()[0].startswith("time,skill,question,answer,correct,lost,miss")
    assert len(text.splitlines()) == 5
