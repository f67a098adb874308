"""The trainer's climbing levels and its two new kinds: what a card pegs, and rules."""

from __future__ import annotations

import pytest

from crib.classroom.results import answer_text, correct_answer, question_stats
from crib.course import questions as quiz
from crib.course.rules_bank import BANK, OBJECTIVES, RULES
from crib.errors import CribError
from crib.rules.scoring import score_pegging

ALLOWED = {
    "fifteens": {"fifteen"},
    "pairs": {"fifteen", "pair"},
    "runs": {"fifteen", "pair", "run"},
    "flush": {"fifteen", "pair", "run", "flush", "nobs"},
}


@pytest.mark.parametrize("level", list(ALLOWED))
def test_each_level_holds_only_the_points_learnt_so_far(level: str) -> None:
    qs = [quiz.counting_question(11, i, level=level) for i in range(40)]
    new_seen = 0
    for q in qs:
        kinds = {c.kind for c in quiz.question_score(q).components}
        assert kinds <= ALLOWED[level], (level, q)
        assert q.total == quiz.question_score(q).total
        new = (
            {"flush", "nobs"}
            if level == "flush"
            else {"fifteens": {"fifteen"}, "pairs": {"pair"}, "runs": {"run"}}[level]
        )
        new_seen += bool(kinds & new)
    # three deals in four (drawn per question) hold the kind the level adds
    assert new_seen >= 20, (level, new_seen)
    assert qs == [quiz.counting_question(11, i, level=level) for i in range(40)]


def test_levels_climb_in_the_course_order_and_name_their_objective() -> None:
    assert quiz.LEVELS[:4] == ("fifteens", "pairs", "runs", "flush")
    assert quiz.LEVEL_NAMES["flush"] == "+ flush and nobs"
    assert quiz.counting_question(2, 0, level="pairs").objective == "L1"
    assert quiz.counting_question(2, 0, level="runs").objective == "L2"
    with pytest.raises(CribError, match="unknown difficulty 'hard'"):
        quiz.counting_question(2, 0, level="hard")


def test_pegpoints_questions_match_the_reference_scorer() -> None:
    scored = 0
    for i in range(60):
        q = quiz.pegpoints_question(5, i)
        s = score_pegging([*q.pile, q.card])
        assert q.points == s.total and q.count == s.count <= 31
        assert q.count_before + q.card.value == q.count
        assert sum(p.points for p in q.parts) == s.total
        scored += s.total > 0
    assert 30 <= scored < 60  # mostly worth points, not always


def test_pegpoints_grading_worked_example() -> None:
    # 5 then 4 (count 9), then a 6: a run of three, count 15: fifteen 2 + run 3 = 5
    q = quiz.question_from_dict(
        {
            "kind": "pegpoints",
            "pile": "5H 4D",
            "card": "6C",
            "count_before": 9,
            "count": 15,
            "best": "5",
            "parts": [["fifteen", "5H 4D 6C", 2], ["run", "5H 4D 6C", 3]],
            "objective": "L3",
        }
    )
    assert quiz.grade(q, "15 for 5").correct
    assert quiz.grade(q, "5").correct
    r = quiz.grade(q, "15 2")
    assert not r.correct and r.lost == 3 and "missed the fifteen, run" in r.miss
    r = quiz.grade(q, "14 5")
    assert not r.correct and r.miss == "the count is 15"
    with pytest.raises(quiz.AnswerError, match="type the points"):
        quiz.grade(q, "five")
    with pytest.raises(quiz.AnswerError, match="0 to 14"):
        quiz.grade(q, "15 for 20")


def test_the_bank_asks_every_rule_and_tags_an_objective() -> None:
    assert {q.rule for q in BANK} == set(RULES)
    assert {q.objective for q in BANK} <= set(OBJECTIVES)
    for q in BANK:
        assert 0 <= q.answer < len(q.choices) and q.explain
    assert len({q.id for q in BANK}) == len(BANK)


def test_rules_questions_do_not_repeat_within_a_set_and_grade_by_number_letter_or_text() -> None:
    ids = [quiz.rules_question(3, i).id for i in range(len(BANK))]
    assert sorted(ids) == sorted(q.id for q in BANK)
    q = quiz.rules_question(3, 0)
    right = q.answer
    assert quiz.grade(q, right + 1).correct
    assert quiz.grade(q, "abcd"[right]).correct
    assert quiz.grade(q, q.best.upper()).correct
    wrong = (right + 1) % len(q.choices)
    r = quiz.grade(q, wrong + 1)
    assert not r.correct and r.miss == f"rule: {q.rule}" and r.detail["explain"]
    with pytest.raises(quiz.AnswerError, match="pick 1 to"):
        quiz.grade(q, 9)
    l4 = {quiz.rules_question(1, i, objective="L4").objective for i in range(10)}
    assert l4 == {"L4"}


def test_a_class_session_mixes_the_new_kinds_and_the_teacher_table_reports_them() -> None:
    qs = quiz.make_questions(9, {"count": 1, "pegpoints": 2, "rules": 2}, level="fifteens")
    assert [q.kind for q in qs] == ["count", "pegpoints", "pegpoints", "rules", "rules"]
    assert all(quiz.objective_of(q) in OBJECTIVES for q in qs)

    class A:  # an answer as the store keeps it
        def __init__(self, question: int, answer: str, correct: bool) -> None:
            self.question, self.answer, self.correct, self.lost = question, answer, correct, 0.0

    rq = qs[3]
    wrong = rq.choices[(rq.answer + 1) % len(rq.choices)]
    answers = [A(3, rq.best, True), A(3, wrong, False), A(1, str(qs[1].points), True)]
    df = question_stats(qs, answers)
    row = df[df.question == 4].iloc[0]
    assert row.kind == "rules" and row.answer == rq.best and row.accuracy == 0.5
    assert row.top_wrong == f"{wrong} (1)"
    assert correct_answer(qs[1]) == str(qs[1].points)
    assert answer_text(rq, "AS") == "AS"  # a choice is never read as cards
    from crib.classroom.results import choice_figure

    assert "answers chosen" in choice_figure(rq, answers[:2]).axes[0].get_title()
    assert "points given" in choice_figure(qs[1], answers[2:]).axes[0].get_title()


def test_mastery_per_objective_per_student_and_for_the_class() -> None:
    from crib.classroom.results import answers_frame, mastery_frame

    qs = [
        quiz.counting_question(1, 0, level="fifteens"),  # L1
        quiz.counting_question(1, 1, level="pairs"),  # L1
        quiz.pegpoints_question(1, 0),  # L3
    ]

    class A:
        def __init__(self, student: str, question: int, correct: bool, created: float) -> None:
            self.student, self.question, self.correct, self.created = (
                student,
                question,
                correct,
                created,
            )
            self.kind, self.answer, self.lost, self.miss, self.seconds = (
                qs[question].kind,
                "0",
                0.0,
                "",
                3.0,
            )

    answers = [
        A("ann", 0, True, 1),
        A("ann", 1, False, 2),
        A("ann", 1, True, 9),  # a retry: not counted
        A("ann", 2, True, 3),
        A("bob", 0, False, 4),
    ]
    df = mastery_frame(qs, answers, ["ann", "bob", "cy"]).set_index("student")
    assert list(df.columns) == ["L1", "L1_n", "L3", "L3_n"]
    assert df.loc["ann", "L1"] == 0.5 and df.loc["ann", "L1_n"] == "1/2"
    assert df.loc["ann", "L3"] == 1.0
    assert df.loc["bob", "L1_n"] == "0/1" and df.loc["bob", "L3_n"] == "0/0"
    assert df.loc["cy"].isna()["L1"]
    assert df.loc["class", "L1_n"] == "1/3" and df.loc["class", "L3_n"] == "1/1"
    assert list(answers_frame(qs, answers)["objective"]) == ["L1", "L1", "L1", "L3", "L1"]


def test_pre_and_post_tests_are_parallel_forms_over_every_objective() -> None:
    pre, post = quiz.make_assessment("pre-test"), quiz.make_assessment("post-test")
    assert [quiz.objective_of(q) for q in pre] == [quiz.objective_of(q) for q in post]
    assert {quiz.objective_of(q) for q in pre} == set(OBJECTIVES)
    assert [q.kind for q in pre] == [q.kind for q in post]
    assert pre != post and pre == quiz.make_assessment("pre-test")
    rules = [q.id for q in pre if isinstance(q, quiz.RulesQuestion)]
    assert len(rules) == len(set(rules)) == 8
    with pytest.raises(CribError, match="unknown test 'final'"):
        quiz.make_assessment("final")
