"""Issue 40, point 4: a class session's puzzle set on the puzzles page and on the teacher's
page (headless): the set in order with "Puzzle i of n", no answer before the move, a
reload resuming at the first puzzle not tried, a classmate's device refused the name,
the score at the end; the teacher gives the set and sees who solved what."""

from __future__ import annotations

import pytest

from crib.analysis.puzzles.model import load_puzzles
from crib.session.learner import LearnerKey
from crib.store.classroom import Store
from crib.store.puzzle_sets import PuzzleSetStore
from crib.ui.puzzles.app import PuzzlesApp
from crib.ui.teacher.app import TeacherApp
from crib.ui.teacher.puzzle_set import PuzzleSetPanel
from tests.conftest import csv_of_link
from tests.test_puzzles_page import _move, _states

ANN = LearnerKey.for_device("ann-device-0123456789")
OTHER = LearnerKey.for_device("other-device-0123456789")
THIRD = LearnerKey.for_device("third-device-0123456789")


@pytest.fixture(scope="module")
def puzzles():  # type: ignore[no-untyped-def]
    return load_puzzles()[:400]


def _student(db, puzzles, code: str, name: str, me: LearnerKey, lang: str = "en") -> PuzzlesApp:
    app = PuzzlesApp(lang, db=db, puzzles=puzzles, seed=1)
    app.use_learner(me)
    app.mode.value = "class"
    assert app.class_set.layout.display is None and app.flow is None
    app.class_set.code.value, app.class_set.name.value = code, name
    app.class_set.open_button.click()
    return app


def test_a_student_works_through_the_class_set_and_the_teacher_sees_it(tmp_path, puzzles):
    db = tmp_path / "c.sqlite3"
    teacher = TeacherApp(store=Store(db))
    panel = next(c for c in teacher.children if isinstance(c, PuzzleSetPanel))
    panel._puzzles = tuple(puzzles)
    teacher.create()
    code = teacher.session.code
    panel.refresh()
    assert panel.layout.display is None and "No puzzle set yet" in panel.grid.value
    panel.lo.value, panel.hi.value, panel.count.value = 1000, 1100, 50
    panel.give_button.click()
    assert "fewer than the 50 asked for" in panel.status.value
    panel.count.value = 3
    panel.give_button.click()
    assert "Set given: 3 puzzles" in panel.status.value and code in panel.status.value
    ids = PuzzleSetStore(db).puzzle_set(code).puzzle_ids
    # the set on paper with its key, the same puzzles in the same order
    assert panel.print_row.layout.display is None
    panel.paper.value = "letter"
    pdf = panel.print_set()
    assert pdf is not None and pdf.startswith(b"%PDF")
    assert f"crib-puzzle-set-{code}-en-letter.pdf" in panel.print_link.value
    from crib.course.printables.puzzles import build_puzzles

    sheet = build_puzzles(ids=ids, lang="en", paper="letter")
    assert [i for i in ids if any(i in t for t in sheet.texts())] == list(ids)

    older = frozenset()
    app = _student(db, puzzles, code, "Ann", ANN)
    assert "Puzzle 1 of 3" in app.head.value and app.flow.current.id == ids[0]
    assert "under your name in the class" in app.who.value
    state = _states(app, older)
    p = app.flow.current
    assert all(t[:40] not in state for t in p.words.values())  # no answer before the move
    _move(app, right=True)
    assert "Solved" in app.result.value and "So far: 1 of 1 solved" in app.result.value
    app.next_button.click()
    assert "Puzzle 2 of 3" in app.head.value and app.flow.current.id == ids[1]
    _move(app, right=False)
    # a reload (a new page, the same device): on at the first puzzle not tried
    again = _student(db, puzzles, code.lower(), "ann", ANN)
    assert "Puzzle 3 of 3" in again.head.value and again.flow.current.id == ids[2]
    # a classmate's device typing Ann's name is refused; their own name is fine
    other = _student(db, puzzles, code, "ANN", OTHER)
    assert other.flow is None and "already taken by another device" in other.class_set.status.value
    other.class_set.name.value = "=SUM(A1)"  # a name a spreadsheet would run
    other.class_set.open_button.click()
    assert "Puzzle 1 of 3" in other.head.value
    _move(other, right=False)
    assert [x.name for x in Store(db).students(code)] == ["Ann", "=SUM(A1)"]  # not "ann" too

    assert panel.refresh()
    assert "✔ solved" in panel.grid.value and "✘ not solved" in panel.grid.value
    csv = csv_of_link(panel.csv.value)
    lines = csv.strip().splitlines()
    assert lines[0].startswith("Student,1 (") and lines[1] == "Ann,solved,not solved,not yet"
    assert lines[2] == "'=SUM(A1),not solved,not yet,not yet"  # formula-safe
    hardest = panel.hardest.value
    assert hardest.index(">2</th>") < hardest.index(">1</th>") < hardest.index(">3</th>")
    assert "0/1 (0%)" in hardest and "1/2 (50%)" in hardest and "not tried yet" in hardest
    assert not panel.refresh()  # nothing new: not drawn again

    _move(again, right=True)  # the last one: the score, no Next
    assert "Set done: 2 of 3 solved at the first try." in again.result.value
    assert again.next_button.layout.display == "none"
    third = _student(db, puzzles, code, "Ann", ANN)
    assert third.shown is None and "Set done: 2 of 3" in third.head.value
    # Ann moves to another device: the teacher frees her name, and it is hers there
    panel.refresh()
    assert panel.free_pick.options == ("Ann", "=SUM(A1)")
    panel.free_pick.value = "Ann"
    panel.free_button.click()
    assert "Ann is free" in panel.status.value
    moved = _student(db, puzzles, code, "Ann", THIRD)
    assert "Set done: 2 of 3" in moved.head.value
    refused = _student(db, puzzles, code, "Ann", ANN)
    assert "ask your teacher to free the name" in refused.class_set.status.value
    panel.count.value = 2
    panel.give_button.click()  # a new set: the old sheet's link goes
    assert panel.print_link.value == ""
    teacher.projector.value = True  # the class screen shows no names
    assert panel.layout.display == "none"


def test_the_class_set_in_french_and_without_a_set(tmp_path, puzzles) -> None:
    db = tmp_path / "c.sqlite3"
    st = Store(db)
    s = st.create_session("Classe", seed=3, questions=[{"kind": "count"}])
    app = _student(db, puzzles, s.code, "Léa", ANN, lang="fr")
    assert app.flow is None and "pas encore de problèmes" in app.class_set.status.value
    PuzzleSetStore(db).give_set(s.code, puzzles, None, 900, 1600, 2)
    app.class_set.open_button.click()
    assert "Problème 1 sur 2" in app.head.value
    _move(app, right=False)
    bad = _student(db, puzzles, "ZZZZZZ", "Léa", OTHER, lang="fr")
    assert "Code de classe inconnu" in bad.class_set.status.value
    teacher = TeacherApp(store=Store(db), lang="fr")
    panel = next(c for c in teacher.children if isinstance(c, PuzzleSetPanel))
    panel._puzzles = tuple(puzzles)
    teacher.open_code.value = s.code
    teacher.open_session()
    assert panel.refresh() and "Léa" in panel.grid.value and "pas encore" in panel.grid.value
    assert "Les plus difficiles pour la classe d’abord" in panel.hardest.value
    assert "pas encore essayé" in panel.hardest.value and "not yet" not in panel.grid.value
    assert "0/1 (0\u00a0%)" in panel.hardest.value and "non résolu" in panel.grid.value
    panel.count.value, panel.lo.value, panel.hi.value = 50, 2000, 2100
    panel.give_button.click()
    assert "moins que les 50 demandés" in panel.status.value


def test_an_open_page_whose_name_was_freed_records_nothing(tmp_path, puzzles) -> None:
    """The teacher frees Ann's name for her new device: the page still open on the old
    device is refused its next move, and nothing is recorded under Ann from it."""
    db = tmp_path / "c.sqlite3"
    code = Store(db).create_session("C", seed=1, questions=[{"kind": "count"}]).code
    sets = PuzzleSetStore(db)
    sets.give_set(code, puzzles, None, 1000, 1300, 2)
    old = _student(db, puzzles, code, "Ann", ANN)
    assert "Puzzle 1 of 2" in old.head.value
    assert sets.free_name(code, "Ann")
    new = _student(db, puzzles, code, "Ann", THIRD)
    assert "Puzzle 1 of 2" in new.head.value
    _move(old, right=True)
    assert "already taken by another device" in old.result.value
    assert sets.results(code).grid["Ann"] == (None, None)


def test_a_new_set_reaches_a_page_already_open(tmp_path, puzzles) -> None:
    db = tmp_path / "c.sqlite3"
    code = Store(db).create_session("C", seed=1, questions=[{"kind": "count"}]).code
    sets = PuzzleSetStore(db)
    sets.give_set(code, puzzles, None, 1000, 1300, 2)
    page = _student(db, puzzles, code, "Ann", ANN)
    assert "Puzzle 1 of 2" in page.head.value
    new = sets.give_set(code, puzzles, None, 1000, 1300, 3)  # the teacher's new set
    _move(page, right=True)  # on the set it showed: judged, but not in the new grid
    page.next_button.click()
    assert "Puzzle 1 of 3" in page.head.value and page.flow.current.id == new.puzzle_ids[0]
    assert "Your teacher gave a new puzzle set." in page.class_set.status.value
