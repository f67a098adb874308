"""Headless: the beginners' kinds ("what does this card peg?", rules), the climbing
counting levels, the pre-test and post-test, and the teacher's Mastery table."""

from __future__ import annotations

from crib.course.questions import make_assessment, question_from_dict
from crib.rules.scoring import score_hand
from crib.store.classroom import Store
from crib.ui.teacher.app import TeacherApp
from crib.ui.teacher.form import TEST_LENGTH
from crib.ui.trainer.app import TrainerApp
from tests.conftest import csv_of_link as _csv

# a known deal: 10, 6, 5, 6 (count 27), then a 4: 31 for 2 and a run 5-6-4 for 3
PEG = question_from_dict(
    {
        "kind": "pegpoints",
        "pile": "TS 6D 5C 6S",
        "card": "4H",
        "count_before": 27,
        "count": 31,
        "best": "5",
        "parts": [["thirty-one", "TS 6D 5C 6S 4H", 2], ["run", "5C 6S 4H", 3]],
        "objective": "L3",
    }
)


def _peg(app: TrainerApp, count: str, points: str) -> None:
    app.pegcount_box.value, app.pegpoints_box.value = count, points
    app.pegpoints_check.click()


def test_what_it_pegs_right_wrong_and_bad_input() -> None:
    app = TrainerApp(seed=5)
    app.kind.value = "pegpoints"
    assert app.current.kind == "pegpoints" and app.answer_box.children == (app.pegpoints_row,)
    app._show(PEG)
    prompt = app.prompt.value
    # the play so far with the running count under each card, the new card's count asked
    assert [c for c in ("10", "16", "21", "27", "?") if f'crib-peg-count">{c}<' in prompt] == [
        "10",
        "16",
        "21",
        "27",
        "?",
    ]
    # bad input: a message beside the boxes, nothing graded
    for count, points, said in [
        ("abc", "2", "“abc” is not a number: type the count now, a whole number from 1 to 31."),
        ("40", "2", "40 is not possible here: type the count now"),
        (
            "31",
            "",
            "Type the points this card pegs, a whole number from 0 to 14 (0 if it pegs nothing).",
        ),
        ("31", "two", "“two” is not a number: type the points this card pegs"),
    ]:
        _peg(app, count, points)
        assert said in app.pegpoints_msg.value and "crib-error" in app.pegpoints_msg.value
        assert app.result is None and app.answers == []
    # right: the count and the points, with the breakdown in words
    _peg(app, "31", "5")
    assert app.result is not None and app.result.correct and app.pegpoints_msg.value == ""
    fb = app.feedback.value
    assert "crib-verdict-right" in fb and "makes the count 31 (27 + 4)." in fb
    assert "Thirty-one for 2" in fb and "Run for 3" in fb and "In all: 5." in fb
    assert app.pegcount_box.disabled and app.pegpoints_box.disabled and app.pegpoints_check.disabled
    assert app.answers[-1].kind == "pegpoints" and app.answers[-1].answer == "5"
    # wrong: the count right, the run missed
    app._show(PEG)
    _peg(app, "31", "2")
    fb = app.feedback.value
    assert "crib-verdict-wrong" in fb and "Not quite" in fb and "You said it pegs 2." in fb
    assert "You said the count is" not in fb and app.result.misses == (
        "missed the thirty-one, run",
    )
    # wrong count, right points: still wrong, and said so
    app._show(PEG)
    _peg(app, "30", "5")
    assert not app.result.correct and "You said the count is 30." in app.feedback.value
    assert "crib-streak'>0<" in app.stats.value and "(1 of 3)" in app.stats.value


def test_enter_in_the_points_box_checks_what_the_box_held() -> None:
    app = TrainerApp(seed=1)
    app.kind.value = "pegpoints"
    app._show(PEG)
    app.pegcount_box.value = "31"
    app.key_listener.submitted = "5"  # what the browser sends with Enter in the points box
    app.key_listener._on_msg(app.key_listener, {"key": "submit", "value": "5"}, None)
    assert app.pegpoints_box.value == "5" and app.result is not None and app.result.correct


def test_rules_questions_right_and_wrong_with_the_explanation() -> None:
    app = TrainerApp(seed=2)
    app.kind.value = "rules"
    q = app.current
    assert q.kind == "rules"
    buttons = app.rules_row.children
    assert tuple(b.description for b in buttons) == q.choices and app.answer_box.children == (
        app.rules_row,
    )
    assert q.text in app.prompt.value
    buttons[q.answer].click()
    assert app.result.correct and "crib-verdict-right" in app.feedback.value
    assert f"Why: {q.explain}"[:40] in app.feedback.value.replace("&#x27;", "'")
    assert (
        all(b.disabled for b in buttons) and "crib-chosen-right" in buttons[q.answer]._dom_classes
    )
    app.next_button.click()
    q = app.current
    wrong = (q.answer + 1) % len(q.choices)
    app.rules_row.children[wrong].click()
    fb = app.feedback.value
    assert not app.result.correct and "crib-verdict-wrong" in fb
    assert "You chose" in fb and "The answer:" in fb and "Why:" in fb
    assert "crib-chosen-wrong" in app.rules_row.children[wrong]._dom_classes
    assert "crib-the-answer" in app.rules_row.children[q.answer]._dom_classes
    app.answer_rule(q.answer)  # a second answer is refused
    assert "Already answered" in app.status.value and len(app.answers) == 2


def test_the_counting_levels_climb_with_their_names() -> None:
    app = TrainerApp(seed=6)
    labels = [label for label, _v in app.level.options]
    assert labels[:4] == ["fifteens only", "+ pairs", "+ runs", "+ flush and nobs"]
    assert "tricky" in labels
    app.level.value = "fifteens"
    for _ in range(3):
        q = app.current
        kinds = {c.kind for c in score_hand(q.hand, q.starter, is_crib=q.crib).components}
        assert q.level == "fifteens" and kinds <= {"fifteen"}
        app.count_box.value = "0"
        app.check_button.click()
        app.next_button.click()


def _join(store: Store, code: str, name: str) -> TrainerApp:
    app = TrainerApp(store=store)
    app.code.value, app.name.value = code, name
    app.join_button.click()
    assert app.student is not None, app.join_status.value
    return app


def test_a_class_session_of_the_new_kinds_is_played_stored_and_reported(store: Store) -> None:
    t = TeacherApp(store=store)
    t.seed.value = 11
    t.n_count.value, t.n_pegpoints.value, t.n_rules.value, t.n_discard.value, t.n_peg.value = (
        1,
        1,
        2,
        0,
        0,
    )
    t.level.value = "pairs"
    t.create_button.click()
    qs = t.session.questions
    assert [q.kind for q in qs] == ["count", "pegpoints", "rules", "rules"], t.status.value
    assert qs[0].level == "pairs"
    ann = _join(store, t.session.code, "Ann")
    ann.count_box.value = str(qs[0].total)
    ann.check_button.click()
    ann.next_button.click()
    assert "(what it pegs)" in ann.header.value
    _peg(ann, str(qs[1].count), str(qs[1].points))
    ann.next_button.click()
    ann.rules_row.children[qs[2].answer].click()
    ann.next_button.click()
    ann.rules_row.children[(qs[3].answer + 1) % len(qs[3].choices)].click()
    assert "last question" in ann.status.value
    stored = store.answers(t.session.code)
    assert [(a.kind, a.correct) for a in stored] == [
        ("count", True),
        ("pegpoints", True),
        ("rules", True),
        ("rules", False),
    ]
    t.refresh()
    table = t.question_table.value
    assert "what it pegs" in table and "rules: " in table
    assert t.question_df.iloc[0]["kind"] == "rules" and t.question_df.iloc[0]["accuracy"] == 0
    for i in range(4):  # each kind draws its chart, its counts and its reveal
        t.question_pick.value = i
        assert "<b>1</b> answered" in t.choices.value and "crib-error" not in t.status.value
    t.question_pick.value = 3
    t.reveal_button.click()
    assert f": {qs[3].best}</b>" in t.reveal_panel.value and "Why:" in t.reveal_panel.value
    assert ann.check_reveal() and "your teacher revealed the answer" in ann.reveal_box.value
    t.projector.value = True
    assert 'type="A"' in t.projector_panel.value and "Ann" not in t.projector_panel.value
    t.question_pick.value = 1
    t.reveal_button.click()
    assert f"count {qs[1].count}, {qs[1].points} points" in t.projector_panel.value
    assert "crib-peg-seq" in t.projector_panel.value


def test_a_pre_test_session_is_the_fixed_form(store: Store) -> None:
    t = TeacherApp(store=store)
    t.preset.value = "pre-test"
    assert t.seed.disabled and all(r.layout.display == "none" for r in t.question_rows)
    assert "15 questions" in t.preset_note.value and t.session_name.value == "Pre-test"
    t.create_button.click()
    assert list(t.session.questions) == make_assessment("pre-test") and t.session.seed == 1701
    assert "created with 15 questions" in t.status.value
    t.preset.value = "post-test"
    t.create_button.click()
    assert (
        list(t.session.questions) == make_assessment("post-test") and t.session.name == "Post-test"
    )
    t.preset.value = ""  # back to choosing: the seed and the boxes again
    assert not t.seed.disabled and t.preset_note.value == ""
    assert all(r.layout.display == "" for r in t.question_rows)


def test_mastery_per_objective_per_student_and_for_the_class(store: Store) -> None:
    """Worked numbers on the pre-test (Q1, Q2 check L1; Q3, Q4 L2; Q5, Q6 L3):
    Ann: Q1 right, Q2 right, Q3 wrong, Q4 right; Bob: Q1 wrong, Q2 right, Q3 right, Q4 right,
    Q5 right; Cy joins and answers nothing.
    Ann L1 2/2, L2 1/2; Bob L1 1/2, L2 2/2, L3 1/1; class L1 3/4, L2 3/4, L3 1/1."""
    t = TeacherApp(store=store)
    t.preset.value = "pre-test"
    t.create_button.click()
    qs = t.session.questions
    code = t.session.code
    plan = {"Ann": [True, True, False, True], "Bob": [False, True, True, True, True]}
    for name, rights in plan.items():
        app = _join(store, code, name)
        for right in rights:
            q = app.current
            if q.kind == "count":
                app.count_box.value = str(q.total if right else (q.total + 1) % 30)
                app.check_button.click()
            else:
                _peg(app, str(q.count), str(q.points if right else q.points + 1))
            assert app.result is not None and app.result.correct == right
            app.next_button.click()
    _join(store, code, "Cy")
    t.refresh()
    df = t.mastery_df.set_index("student")
    assert list(df.index) == ["Ann", "Bob", "Cy", "class"]
    assert [o for o in df.columns if "_" not in o] == ["L1", "L2", "L3", "L4", "L5"]
    assert (
        df.loc["Ann", "L1_n"] == "2/2"
        and df.loc["Ann", "L2_n"] == "1/2"
        and df.loc["Ann", "L3_n"] == "0/0"
    )
    assert (
        df.loc["Bob", "L1_n"] == "1/2"
        and df.loc["Bob", "L2_n"] == "2/2"
        and df.loc["Bob", "L3_n"] == "1/1"
    )
    assert df.loc["class", "L1"] == df.loc["class", "L2"] == 0.75 and df.loc["class", "L3"] == 1.0
    view = t.mastery.value
    assert "crib-mastery" in view and "card values, fifteens and pairs" in view
    assert '<td class="crib-mastery-mid">50%<small>1/2</small></td>' in view  # Ann, L2
    assert '<tr class="crib-mastery-class"><td class="crib-mastery-who">The class</td>' in view
    assert '<td class="crib-mastery-mid">75%<small>3/4</small></td>' in view
    # Ann: no L3, L4, L5 answer; Bob and the class: no L4, L5; Cy: none at all
    assert view.count("<td>–</td>") == 3 + 2 + 5 + 2
    csv = _csv(view).splitlines()
    assert csv[0] == "student,L1,L1_n,L2,L2_n,L3,L3_n,L4,L4_n,L5,L5_n"
    assert csv[1].startswith("Ann,1.0,2/2,0.5,1/2,,0/0") and csv[-1].startswith(
        "class,0.75,3/4,0.75,3/4,1.0,1/1"
    )
    assert len(qs) == TEST_LENGTH == len(make_assessment("post-test")) == 15
