"""The teacher page's projector (issue #38, acceptance 3): Previous and Next question, an
optional timer (off by default) on an injected clock, only the question, the join code
and the answers; and the page opened on a session by a link."""

from __future__ import annotations

from pathlib import Path

from crib.course.lessons import lesson
from crib.store.classroom import Store
from crib.ui.kit.style import stylesheet_text
from crib.ui.teacher.app import TeacherApp
from crib.ui.teacher.page import teacher_page
from crib.ui.teacher.projector import ProjectorBar, clock_text, open_from_query


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _session(store: Store) -> str:
    qs = [it.question for it in lesson(1).practice[:4]]
    return store.create_session("Lesson 1 · practice", seed=1, questions=qs).code


def test_a_link_opens_the_session_in_projector_mode(tmp_path: Path) -> None:
    store = Store(tmp_path / "class.sqlite3")
    code = _session(store)
    app = open_from_query(TeacherApp(store=store), f"code={code}&projector=1")
    assert app.session is not None and app.session.code == code
    assert app.projector.value and "crib-projecting" in app._dom_classes
    assert code in app.code_banner.value  # the join code stays on the screen
    assert "Question 1 of 4" in app.projector_panel.value
    # the teacher's page reads the link (in its language) when the browser sends it
    page = teacher_page(store=store)
    page.apply_query(f"code={code}&lang=fr")
    assert page.app.session.code == code and not page.app.projector.value
    assert page.app.lang == "fr" and len(page.app.question_pick.options) == 4
    # a code nobody made: a message on the page, no session, no traceback
    bad = open_from_query(TeacherApp(store=store), "code=ZZZZZZ")
    assert bad.session is None and "crib-error" in bad.status.value


def test_next_and_previous_step_through_the_questions(tmp_path: Path) -> None:
    store = Store(tmp_path / "class.sqlite3")
    app = open_from_query(TeacherApp(store=store), f"code={_session(store)}")
    bar = app.projector_bar
    assert bar.layout.display == "none" and app.question_pick.layout.display == ""
    app.projector.value = True
    # the buttons replace the question list on the projector
    assert bar.layout.display == "" and app.question_pick.layout.display == "none"
    assert bar.prev_button.disabled and not bar.next_button.disabled
    bar.next_button.click()
    assert app.question_pick.value == 1 and "Question 2 of 4" in app.projector_panel.value
    bar.next_button.click()
    bar.next_button.click()
    assert app.question_pick.value == 3 and bar.next_button.disabled
    bar.next_button.click()  # at the last question: stays
    assert app.question_pick.value == 3
    bar.prev_button.click()
    assert app.question_pick.value == 2 and not bar.prev_button.disabled
    # a presentation clicker's keys do the same
    bar.listener.simulate("pageup")
    assert app.question_pick.value == 1
    bar.listener.simulate("arrowright")
    assert app.question_pick.value == 2
    # a revealed answer shows the class's answers, still no names
    store.join(app.session.code, "Ann")
    app.reveal_button.click()
    assert "crib-proj-answers" in app.projector_panel.value
    assert "Ann" not in app.projector_panel.value
    app.projector.value = False
    assert bar.layout.display == "none" and app.question_pick.layout.display == ""
    bar.listener.simulate("pagedown")  # not projecting: the keys step nothing
    assert app.question_pick.value == 2


def test_the_timer_is_off_by_default_and_counts_down_on_its_clock(tmp_path: Path) -> None:
    store = Store(tmp_path / "class.sqlite3")
    app = open_from_query(TeacherApp(store=store), f"code={_session(store)}&projector=1")
    clock = Clock()
    bar = ProjectorBar(app, clock=clock)
    assert bar.timer.value == 0 and bar.clock_view.value == ""
    assert bar.start_button.layout.display == "none"
    assert [v for _label, v in bar.timer.options] == [0, 30, 60, 120]
    bar.timer.value = 60
    assert "1:00" in bar.clock_view.value and bar.left() is None  # chosen, not started
    bar.start_button.click()
    clock.t += 12.5
    bar.tick()
    assert "0:48" in bar.clock_view.value and bar.left() == 47.5
    # the next question has its own time
    bar.next_button.click()
    assert "1:00" in bar.clock_view.value and bar.left() == 60
    clock.t += 60
    bar.tick()
    assert "Time's up!" in bar.clock_view.value and bar.left() is None
    bar.timer.value = 0  # off again: nothing shown
    assert bar.clock_view.value == "" and bar.start_button.layout.display == "none"


def test_the_timer_speaks_french(tmp_path: Path) -> None:
    store = Store(tmp_path / "class.sqlite3")
    app = open_from_query(TeacherApp(store=store, lang="fr"), f"code={_session(store)}")
    bar = app.projector_bar
    assert bar.next_button.description == "Question suivante ▶"
    assert bar.timer.options[0][0] == "Sans minuteur" and bar.timer.description == "Minuteur"
    assert (clock_text(120), clock_text(0.2), clock_text(-3)) == ("2:00", "0:01", "0:00")


def test_projector_mode_hides_the_pages_title_intro_and_switch() -> None:
    sheet = stylesheet_text()
    rule = next(line for line in sheet.splitlines() if ".crib-page-intro" in line)
    assert "crib-projecting" in rule and ".crib-lang-switch" in rule and "display: none" in rule
