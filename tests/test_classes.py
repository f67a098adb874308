"""A class (its name and its students) kept from one lesson to the next (issue #38, point 3):
the record's classes (:mod:`crib.store.classes`), the migration that adds them to a
record that already holds sessions, students and answers, the teacher page's class
picker (:mod:`crib.ui.teacher.classes`), and the tournament panel's players box, which
follows the students who join.

Every database lives in pytest's tmp_path (or a throwaway PostgreSQL database).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from crib.course.questions import make_questions
from crib.errors import BadNameError
from crib.i18n import tr
from crib.store import migrate as db_migrate
from crib.store.classes import ClassNameTakenError, NotInClassError, UnknownClassError
from crib.store.classroom import Store
from crib.store.schema import SCHEMA_VERSION
from crib.ui.teacher.app import TeacherApp
from crib.ui.teacher.classes import class_error
from crib.ui.teacher.tournament import TournamentPanel

QUESTIONS = [{"kind": "count"}, {"kind": "count"}]


@pytest.fixture()
def st(db_target: Path | str) -> Store:
    s = Store(db_target)
    yield s
    s.close()


def test_a_class_and_its_roster_outlive_the_session_and_the_store(
    st: Store, db_target: Path | str
) -> None:
    c = st.create_class("  5B ")
    assert c.name == "5B" and [x.name for x in st.classes()] == ["5B"]
    assert st.add_students(c.id, ["Zoë", "Ann", "Ann"]) == ["Zoë", "Ann"]
    lesson1 = st.create_session("Lesson 1", seed=1, questions=QUESTIONS, class_id=c.id)
    assert lesson1.class_id == c.id
    st.join(lesson1.code, "Bob")  # joining a session of the class joins the class
    st.join(lesson1.code, "Ann")
    r = st.session_roster(lesson1.code)
    assert r is not None and r.school_class == c
    assert (r.joined, r.missing, r.guests) == (("Ann", "Bob"), ("Zoë",), ())
    st.close()

    again = Store(db_target)  # another kernel, the next lesson
    assert [x.name for x in again.classes()] == ["5B"]
    assert again.class_roster(c.id) == ["Ann", "Bob", "Zoë"]
    lesson2 = again.create_session("Lesson 2", seed=2, questions=QUESTIONS, class_id=c.id)
    assert again.session(lesson2.code).class_id == c.id
    r2 = again.session_roster(lesson2.code)
    assert r2 is not None and r2.joined == () and r2.missing == ("Ann", "Bob", "Zoë")
    again.join(lesson2.code, "Zoë")
    assert again.session_roster(lesson2.code).joined == ("Zoë",)  # type: ignore[union-attr]
    # the first lesson's roster is its own
    assert again.session_roster(lesson1.code).joined == ("Ann", "Bob")  # type: ignore[union-attr]
    again.remove_student(c.id, "Bob")
    assert again.class_roster(c.id) == ["Ann", "Zoë"]
    assert again.session_roster(lesson1.code).guests == ("Bob",)  # type: ignore[union-attr]
    assert [x.name for x in again.students(lesson1.code)] == ["Bob", "Ann"]  # kept
    again.close()


def test_class_errors_say_what_to_do(st: Store) -> None:
    c = st.create_class("5B")
    with pytest.raises(ClassNameTakenError, match="already a class '5B'"):
        st.create_class("5b")  # one class whatever the letter case
    with pytest.raises(UnknownClassError, match="no class 99"):
        st.class_roster(99)
    with pytest.raises(UnknownClassError):
        st.create_session("x", seed=1, questions=QUESTIONS, class_id=99)
    with pytest.raises(UnknownClassError):
        st.add_students("1", ["Ann"])  # type: ignore[arg-type]
    with pytest.raises(NotInClassError, match="'Ann' is not in this class"):
        st.remove_student(c.id, "Ann")
    s = st.create_session("plain", seed=1, questions=QUESTIONS)
    assert s.class_id is None and st.session_roster(s.code) is None


@pytest.mark.parametrize(
    ("name", "match"),
    [
        ("", "class name is empty"),
        ("x" * 41, "at most 40"),
        ("<script>alert(1)</script>", "HTML or a script"),
        ("5B\x00", "control characters"),
        ("\u0410nn", "mixes Cyrillic and Latin"),
    ],
)
def test_hostile_names_are_refused(st: Store, name: str, match: str) -> None:
    with pytest.raises(BadNameError, match=match):
        st.create_class(name)
    c = st.create_class("5B")
    with pytest.raises(BadNameError, match=match.replace("class", "student")):
        st.add_students(c.id, ["Ann", name])
    assert st.class_roster(c.id) == []  # a bad name adds none of them
    assert [x.name for x in st.classes()] == ["5B"]


def test_a_v6_record_with_sessions_and_answers_upgrades_to_classes(tmp_path: Path) -> None:
    db = tmp_path / "v6.sqlite3"
    db_migrate.upgrade(db, "0006")
    # the v6 record as the v6 code wrote it: plain SQL
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute(
        "INSERT INTO sessions(id,code,name,seed,questions,created,time_limit) "
        'VALUES (1,\'OLD234\',\'Class 1\',5,\'[{"kind":"count"},{"kind":"count"}]\',10,0)'
    )
    conn.execute("INSERT INTO students(id,session_id,name,joined) VALUES (1,1,'Ann',11)")
    conn.execute("INSERT INTO students(id,session_id,name,joined) VALUES (2,1,'Bob',12)")
    conn.execute(
        "INSERT INTO answers(session_id,student_id,question,kind,answer,correct,lost,miss,"
        "seconds,created,token) VALUES (1,1,0,'count','8',1,0,'',3,13,'t1'),"
        "(1,2,0,'count','6',0,2,'fifteen',4,14,'t2')"
    )
    assert conn.execute("SELECT version_num FROM alembic_version").fetchone()[0] == "0006"
    conn.close()

    st = Store(db)  # opening it migrates it to the head
    assert st.schema_version == SCHEMA_VERSION == db_migrate.head()
    s = st.session("OLD234")
    assert (s.name, s.seed, len(s.records), s.class_id) == ("Class 1", 5, 2, None)
    assert [(x.name, x.joined) for x in st.students("OLD234")] == [("Ann", 11.0), ("Bob", 12.0)]
    assert [(a.student, a.answer, a.correct, a.token) for a in st.answers("OLD234")] == [
        ("Ann", "8", True, "t1"),
        ("Bob", "6", False, "t2"),
    ]
    assert st.classes() == [] and st.session_roster("OLD234") is None
    # the old session's students become a class on the teacher's word, and it goes on
    c = st.class_from_session("OLD234", "Year 5")
    assert st.class_roster(c.id) == ["Ann", "Bob"]
    assert st.session_roster("OLD234").joined == ("Ann", "Bob")  # type: ignore[union-attr]
    new = st.create_session("Lesson 2", seed=1, questions=QUESTIONS, class_id=c.id)
    st.join(new.code, "Cy")
    assert st.class_roster(c.id) == ["Ann", "Bob", "Cy"]
    assert len(st.answers("OLD234")) == 2 and st.integrity_check() == "ok"
    fk = st.conn.execute("PRAGMA foreign_key_check").fetchall()
    assert fk == []


def test_a_v6_postgresql_record_with_answers_upgrades_to_classes(pg_empty_url: str) -> None:
    import psycopg

    db_migrate.upgrade(pg_empty_url, "0006")
    with psycopg.connect(pg_empty_url, autocommit=True) as c:
        c.execute(
            "INSERT INTO sessions(code,name,seed,questions,created,time_limit) "
            "VALUES ('OLD234','Class 1',5,'[{}]',10,0)"
        )
        c.execute("INSERT INTO students(session_id,name,joined) SELECT id,'Ann',11 FROM sessions")
        c.execute(
            "INSERT INTO answers(session_id,student_id,question,kind,answer,correct,lost,miss,"
            "seconds,created,token) SELECT session_id,id,0,'count','8',1,0,'',3,13,'t1' "
            "FROM students"
        )
    st = Store(pg_empty_url)
    assert st.schema_version == SCHEMA_VERSION
    assert st.session("OLD234").class_id is None
    assert [(a.student, a.token) for a in st.answers("OLD234")] == [("Ann", "t1")]
    c = st.class_from_session("OLD234", "Year 5")
    assert st.class_roster(c.id) == ["Ann"] and st.integrity_check() == "ok"
    st.close()


# -- the teacher page ----------------------------------------------------------------------


def _teacher(store: Store, lang: str = "en") -> TeacherApp:
    t = TeacherApp(store=store, lang=lang)
    t.n_count.value, t.n_discard.value, t.n_peg.value = 1, 0, 0
    return t


def test_the_teacher_picks_a_class_and_sees_who_has_joined(store: Store) -> None:
    t = _teacher(store)
    picker = t.classes
    assert picker.pick.options == (("No class", None),) and picker.edit_row.layout.display
    picker.new_name.value = "5B"
    picker.create_button.click()
    assert "crib-error" not in picker.status.value, picker.status.value
    cid = picker.class_id
    assert cid is not None and store.school_class(cid).name == "5B"
    picker.add_box.value = "Ann\n\n Zoë \n"
    picker.add_button.click()
    assert store.class_roster(cid) == ["Ann", "Zoë"] and "Students (2)" in picker.roster.value
    t.create_button.click()
    assert t.session is not None and t.session.class_id == cid, t.status.value
    assert "0 of 2 have joined" in picker.session_box.value
    store.join(t.session.code, "Zoë")
    store.join(t.session.code, "Bob")
    assert t.poll_once()
    said = picker.session_box.value
    assert "2 of 3 have joined" in said
    assert "Not yet: Ann" in said and "Joined: Bob, Zoë" in said

    # the next lesson, on a new page: the class is there with its roster
    t2 = _teacher(Store(store.path))
    assert [label for label, _v in t2.classes.pick.options] == ["No class", "5B"]
    t2.classes.pick.value = cid
    assert "Students (3): Ann, Bob, Zoë" in t2.classes.roster.value
    t2.classes.remove_pick.value = "Bob"
    t2.classes.remove_button.click()
    assert store.class_roster(cid) == ["Ann", "Zoë"]
    t2.open_code.value = t.session.code  # reopening the first lesson shows its roster
    t2.open_session()
    assert "crib-error" not in t2.status.value, t2.status.value
    assert "Joined, not in the class: Bob" in t2.classes.session_box.value

    # errors are said next to the controls
    t2.classes.new_name.value = "5b"
    t2.classes.create_button.click()
    assert "already a class" in t2.classes.status.value
    t2.classes.add_box.value = "<b>x</b>"
    t2.classes.add_button.click()
    assert "HTML" in t2.classes.status.value and "<b>x" not in t2.classes.status.value


def test_an_old_session_becomes_a_class_on_the_french_page(store: Store) -> None:
    s = store.create_session("Lundi", seed=1, questions=make_questions(1, {"count": 2}))
    store.join(s.code, "Léa")
    t = _teacher(store, "fr")
    picker = t.classes
    assert picker.pick.options[0][0] == tr("fr")("No class") != "No class"
    assert picker.from_session.layout.display == "none"  # no session open yet
    t.open_code.value = s.code
    t.open_session()
    assert "crib-error" not in t.status.value, t.status.value
    assert picker.from_session.layout.display == ""
    picker.new_name.value = ""
    picker.from_session.click()
    assert "Le nom de la classe est vide" in picker.status.value
    picker.new_name.value = "CM2"
    picker.from_session.click()
    assert t.session is not None and t.session.class_id == picker.class_id
    assert "Léa" in picker.session_box.value and picker.from_session.layout.display == "none"
    assert "1 sur 1" in picker.session_box.value, picker.session_box.value


def test_the_class_errors_are_said_in_french() -> None:
    for msg in (
        "there is already a class '5B': choose another name",
        "there is no class 7: pick a class from the list",
        "'Ann' is not in this class: pick a name from its list",
        "a class holds at most 200 students: 199 are in it and 3 more were given",
        "the student name is empty: type a student name of 1 to 40 characters",
        "the student name 'x<' looks like HTML or a script: use letters, digits and spaces",
        "the class name 'A\x01' holds control characters: use letters and digits",
        "the class name '\u0410nn' mixes Cyrillic and Latin letters (some look alike): "
        "type it in one alphabet",
    ):
        fr = class_error(msg, "fr")
        assert fr != msg and "\u00a0:" in fr and " :" not in fr, fr


# -- the tournament panel follows the students who join -------------------------------------


def test_the_players_box_follows_students_who_join_after_the_session_opens(
    store: Store,
) -> None:
    t = _teacher(store)
    t.create_button.click()
    assert t.session is not None
    panel = next(c for c in t.children if isinstance(c, TournamentPanel))
    panel.refresh()  # its poll: it follows the page's session
    assert "No student has joined" in panel.status.value and panel.players.value == ""
    store.join(t.session.code, "Ann")
    store.join(t.session.code, "Bob")
    panel.refresh()
    assert panel.players.value == "Ann\nBob" and "No student has joined" not in panel.status.value
    panel.players.value = "Ann\nBob\nDad"  # the teacher's own list is left alone
    store.join(t.session.code, "Cy")
    panel.refresh()
    assert panel.players.value == "Ann\nBob\nDad"
    panel.fill_button.click()
    assert panel.players.value == "Ann\nBob\nCy"
