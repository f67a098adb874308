"""Headless: the trainer and the teacher's dashboard driven through their widgets."""

from __future__ import annotations

import dataclasses

import pytest

from crib.course.questions import question_from_dict
from crib.store.classroom import Store
from crib.ui.teacher.app import TeacherApp
from crib.ui.trainer.app import TrainerApp
from tests.conftest import csv_of_link as _csv


def test_counting_practice_right_wrong_streak_and_accuracy() -> None:
    app = TrainerApp(seed=3)
    q = app.current
    assert q is not None and q.kind == "count"
    app.count_box.value = str(q.total)
    app.check_button.click()
    assert "crib-verdict-right" in app.feedback.value
    assert "crib-streak'>1<" in app.stats.value and "100%" in app.stats.value
    app.next_button.click()
    q2 = app.current
    assert q2 is not q
    app.count_box.value = str(max(0, q2.total - 2)) if q2.total >= 2 else str(q2.total + 2)
    app.check_button.click()
    assert "crib-verdict-wrong" in app.feedback.value
    assert "crib-breakdown" in app.feedback.value  # the full breakdown on a wrong count
    assert "crib-streak'>0<" in app.stats.value and "50%" in app.stats.value
    # a second answer to the same deal is refused
    app.check_button.click()
    assert "50%" in app.stats.value


def test_a_missed_fifteen_is_highlighted() -> None:
    app = TrainerApp()
    app._show(  # a known deal: 5D KH QS 2C + 3S counts 8 (four fifteens)
        question_from_dict(
            {"kind": "count", "hand": "5D KH QS 2C", "starter": "3S", "crib": False, "total": 8}
        )
    )
    app.count_box.value = "6"
    app.check_button.click()
    fb = app.feedback.value
    assert "missed a fifteen with a ten-card" in fb
    assert fb.count('class="crib-missed"') == 1


def test_difficulty_and_crib_settings_change_the_deal() -> None:
    app = TrainerApp(seed=2)
    app.level.value = "tricky"
    assert app.current.level == "tricky"
    app.level.value = "easy"
    app.seat.value = True
    assert app.current.crib is True and app.current.total <= 8


def test_discard_and_pegging_quizzes() -> None:
    app = TrainerApp(seed=4)
    app.kind.value = "discard"
    q = app.current
    toggles = app.card_row.children
    assert len(toggles) == 6 and app.throw_button.disabled
    best = [str(c) for c in q.best]
    for t in toggles:
        if any(f"crib-cardbtn-{c}" in t._dom_classes for c in best):
            t.value = True
    assert not app.throw_button.disabled
    app.throw_button.click()
    assert app.result is not None and app.result.correct
    assert "crib-ranking" in app.feedback.value and "★ best" in app.feedback.value
    app.kind.value = "peg"
    q = app.current
    worst = q.options[-1].card
    button = next(b for b in app.card_row.children if f"crib-cardbtn-{worst}" in b._dom_classes)
    button.click()
    assert app.result is not None and not app.result.correct and app.result.lost >= 0.5
    assert "crib-margins" in app.feedback.value and "expected margin" in app.feedback.value


@pytest.mark.parametrize(
    ("code", "name", "message"),
    [
        ("NOPE99", "Ann", "unknown join code"),
        (None, "", "the name is empty"),
        (None, "x" * 41, "at most 40"),
        (None, "<script>alert('x')</script>", "looks like HTML"),
    ],
)
def test_joining_with_bad_input_says_why(
    store: Store, code: str | None, name: str, message: str
) -> None:
    s = store.create_session(
        "t",
        seed=1,
        questions=[
            {"kind": "count", "hand": "5H 5D 5C JS", "starter": "5S", "crib": False, "total": 29}
        ],
    )
    app = TrainerApp(store=store)
    app.code.value = code or s.code
    app.name.value = name
    app.join_button.click()
    assert message in app.join_status.value
    assert "<script>" not in app.join_status.value  # escaped when shown
    assert app.student is None and store.students(s.code) == []


def _class(store: Store, seed: int, names: list[str]) -> TeacherApp:
    t = TeacherApp(store=store)
    t.seed.value = seed
    t.n_count.value, t.n_discard.value, t.n_peg.value = 2, 1, 1
    t.session_name.value = f"class {seed}"
    t.create_button.click()
    assert t.session is not None, t.status.value
    for name in names:
        app = TrainerApp(store=store)
        app.code.value = t.session.code
        app.name.value = name
        app.join_button.click()
        assert app.student is not None, app.join_status.value
        app.count_box.value = str(app.current.total)
        app.check_button.click()
        app.next_button.click()
        app.count_box.value = "0"
        app.check_button.click()
    return t


def test_every_student_gets_the_same_deals_and_the_teacher_sees_them(store: Store) -> None:
    t = _class(store, 9, ["Ann", "Bob"])
    code = t.session.code
    a, b = TrainerApp(store=store), TrainerApp(store=store)
    for app, name in ((a, "Cy"), (b, "Di")):
        app.code.value, app.name.value = code, name
        app.join_button.click()
    assert a.questions == b.questions == list(t.session.questions)
    assert a.current == b.current
    assert t.poll_once()  # two joins and four answers since the last draw
    assert not t.poll_once()  # nothing new
    assert 'crib-n-answers">4<' in t.summary.value and 'crib-n-students">4<' in t.summary.value
    first = t.question_df.iloc[0]
    assert first["accuracy"] <= t.question_df["accuracy"].dropna().min()  # the hardest first
    assert list(t.student_df["student"]) == ["Ann", "Bob", "Cy", "Di"]
    csv = _csv(t.csv.value)
    assert csv.count("\n") == 5 and "Ann" in csv
    for i in range(len(t.session.questions)):  # every kind of question draws its choices
        t.question_pick.value = i
        assert "crib-q-counts" in t.choices.value and "crib-error" not in t.status.value
    t.question_pick.value = 0
    assert "<b>2</b> answered" in t.choices.value
    assert bytes(t.chart.value[:4]) == b"\x89PNG"
    t.reveal_button.click()
    assert "the answer" in t.reveal_panel.value and store.revealed(code) == {0}
    assert t.reveal_button.disabled


def test_one_session_never_shows_in_another_sessions_dashboard(store: Store) -> None:
    ta = _class(store, 1, ["Ann", "Al"])
    tb = _class(store, 2, ["Bob"])
    ta.refresh()
    tb.refresh()
    assert "Bob" not in ta.student_table.value and "Bob" not in _csv(ta.csv.value)
    assert "Ann" not in tb.student_table.value and "Al" not in _csv(tb.csv.value)
    assert 'crib-n-answers">2<' in tb.summary.value


def test_names_with_markup_characters_are_escaped_on_the_dashboard(store: Store) -> None:
    t = _class(store, 3, ['Zoë & "Jo"'])
    t.refresh()
    assert "Zoë &amp; &quot;Jo&quot;" in t.student_table.value


def test_progress_after_a_session(store: Store) -> None:
    t = _class(store, 5, ["Ann"])
    app = TrainerApp(store=store)
    app.code.value, app.name.value = t.session.code, "Ann"
    app.join_button.click()  # rejoining resumes after the answered questions
    assert app.no == 2 and "2 already answered" in app.join_status.value
    app.progress_button.click()
    assert bytes(app.progress_image.value[:4]) == b"\x89PNG"
    assert "2 answers" in app.progress_note.value
    assert _csv(app.progress_csv.value).count("\n") == 3


def test_students_see_the_teachers_reveal_without_a_reload(store: Store) -> None:
    t = _class(store, 4, [])
    code = t.session.code
    ahead, behind = TrainerApp(store=store), TrainerApp(store=store)
    for app, name in ((ahead, "Eve"), (behind, "Flo")):
        app.code.value, app.name.value = code, name
        app.join_button.click()
    ahead.count_box.value = "0"
    ahead.check_button.click()
    ahead.next_button.click()  # Eve is on question 2, Flo still on question 1
    assert not ahead.check_reveal() and not behind.check_reveal()
    assert ahead.reveal_box.value == behind.reveal_box.value == ""
    t.question_pick.value = 1
    t.reveal_button.click()  # the teacher reveals question 2
    assert ahead.check_reveal()  # what the page's poll does every few seconds
    total = str(t.session.questions[1].total)
    assert "your teacher revealed the answer" in ahead.reveal_box.value
    assert f": {total}</b>" in ahead.reveal_box.value
    assert not behind.check_reveal() and behind.reveal_box.value == ""
    behind.count_box.value = "0"
    behind.check_button.click()
    behind.next_button.click()  # on the next question the reveal is there at once
    assert f": {total}</b>" in behind.reveal_box.value
    other = _class(store, 5, ["Gus"])  # another session's reveal shows nowhere here
    other.reveal_button.click()
    ahead.count_box.value = "1"
    ahead.check_button.click()
    ahead.next_button.click()
    assert ahead.no == 2 and not ahead.check_reveal() and ahead.reveal_box.value == ""


def test_a_set_with_a_time_limit_stops_taking_answers_when_time_is_up(store: Store) -> None:
    from crib.course.questions import make_questions

    s = store.create_session(
        "timed", seed=2, questions=make_questions(2, {"count": 2}), time_limit=300
    )
    app = TrainerApp(store=store)
    app.code.value, app.name.value = s.code, "Hal"
    app.join_button.click()
    assert "Time left 4:" in app.clock.value or "Time left 5:00" in app.clock.value
    app.count_box.value = "0"
    app.check_button.click()
    assert store.count_answers(s.code) == 1
    app.next_button.click()
    app.student = dataclasses.replace(app.student, joined=app.student.joined - 301)
    app.count_box.value = "0"
    app.check_button.click()  # too late: refused with a message, nothing stored
    assert "Time is up" in app.status.value and "Time is up" in app.clock.value
    assert store.count_answers(s.code) == 1


def test_heatmap_projector_mode_and_time_limit_on_the_teachers_page(store: Store) -> None:
    t = TeacherApp(store=store)
    t.n_count.value, t.n_discard.value, t.n_peg.value, t.time_limit.value = 1, 1, 1, 20
    t.session_name.value = "projected"
    t.create_button.click()
    assert t.session is not None and t.session.time_limit == 1200, t.status.value
    app = TrainerApp(store=store)
    app.code.value, app.name.value = t.session.code, "Ivy & Jo"
    app.join_button.click()
    assert "Time left 19:" in app.clock.value or "Time left 20:00" in app.clock.value
    total = t.session.questions[0].total
    app.count_box.value = str(total + 1)  # wrong whatever the deal (0 was right for a nineteen)
    app.check_button.click()
    t.refresh()
    assert (
        f"{total + 1} <small>({total})</small>" in t.heatmap.value
        and "Ivy &amp; Jo" in t.heatmap.value
    )
    t.question_pick.value = 0
    t.projector.value = True
    panel = t.projector_panel.value
    assert t.setup.layout.display == "none" and t.projector_panel.layout.display == ""
    assert "<b>1</b> answered" in panel and "Ivy" not in panel and "the class answered" not in panel
    t.reveal_button.click()
    panel = t.projector_panel.value
    assert "the class answered" in panel and "<b>0</b> right" in panel and "Ivy" not in panel
    for i in (1, 2):  # the discard and the pegging question draw too
        t.question_pick.value = i
        assert "crib-big-cards" in t.projector_panel.value and "crib-error" not in t.status.value
    t.projector.value = False
    assert t.setup.layout.display == "" and t.projector_panel.layout.display == "none"


def test_teach_mode_counts_line_by_line_and_marks_each_line() -> None:
    from crib.course.questions import question_score

    app = TrainerApp(seed=3)
    app.teach_toggle.value = True
    assert app.answer_box.children == (app.teach_box,)
    q = app.current
    comps = question_score(q).components
    cards = app._teach_cards
    first = comps[0]
    for c, t in zip(cards, app.teach_cards.children, strict=True):
        t.value = c in first.cards
    app.teach_kind.value = first.kind
    app.add_line()
    assert "crib-error" not in app.status.value, app.status.value
    app.teach_kind.value = "pair"  # a pair of one card: refused with a message
    app.teach_cards.children[0].value = True
    app.add_line()
    assert "a pair uses 2 cards" in app.status.value and len(app.claims) == 1
    app.teach_cards.children[0].value = False
    lines = app.teach_lines.value
    assert f"<b>{first.points}</b>" in lines  # the running total
    app.check_lines()
    lines = app.teach_lines.value
    assert "crib-line-right" in lines
    assert ("crib-line-missed" in lines) == (len(comps) > 1)
    assert app.result is not None and app.result.correct == (len(comps) == 1)
    assert app.answers[-1].answer == str(first.points)  # the total was graded as the count
    app.next_button.click()
    assert app.claims == [] and app.teach_lines.value == "" and app.result is None
