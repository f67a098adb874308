"""Issue 40, point 4: a class session's puzzle set in the record (SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest

from crib.analysis.puzzles.model import load_puzzles
from crib.store.classroom import Store
from crib.store.puzzle_sets import (
    MODE,
    DeviceNamedError,
    NoPuzzleSetError,
    NotEnoughPuzzlesError,
    PuzzleSetStore,
    SetNameTakenError,
    choose_set,
)

TOKEN_A, TOKEN_B, TOKEN_C = "a" * 22, "b" * 22, "c" * 22


@pytest.fixture(scope="module")
def puzzles():
    return load_puzzles()


def test_a_set_is_the_same_for_the_same_code_and_keeps_to_its_band_and_theme(puzzles) -> None:
    ids = choose_set(puzzles, "KQ7P2M", "fifteen", 1000, 1400, 12)
    assert ids == choose_set(tuple(reversed(puzzles)), "kq7p-2m", "fifteen", 1000, 1400, 12)
    assert len(set(ids)) == 12
    assert ids != choose_set(puzzles, "ZZ7P2M", "fifteen", 1000, 1400, 12)  # another class
    by_id = {p.id: p for p in puzzles}
    got = [by_id[i] for i in ids]
    assert all(1000 <= p.rating <= 1400 and "fifteen" in p.themes for p in got)
    assert [p.rating for p in got] == sorted(p.rating for p in got)  # easiest first
    anyone = choose_set(puzzles, "KQ7P2M", None, 1500, 1600, 5)
    assert all(1500 <= by_id[i].rating <= 1600 for i in anyone)
    with pytest.raises(NotEnoughPuzzlesError, match="fewer than the 50 asked for") as e:
        choose_set(puzzles, "KQ7P2M", "fifteen", 1990, 2000, 50)
    assert e.value.found < 50


def test_give_bind_attempt_and_results(db_target, puzzles) -> None:
    classroom = Store(db_target)
    s = classroom.create_session("Class", seed=3, questions=[{"kind": "count"}])
    st = PuzzleSetStore(classroom.path)
    with pytest.raises(NoPuzzleSetError):
        st.puzzle_set(s.code)
    ps = st.give_set(s.code, puzzles, None, 1000, 1500, 4)
    assert st.puzzle_set(s.code.lower()) == ps and len(ps) == 4
    ann = st.bind_name(s.code, "Ann", TOKEN_A)
    assert st.bind_name(s.code, "  ann ", TOKEN_A) == ann  # the name as first typed
    with pytest.raises(SetNameTakenError, match="already taken by another device"):
        st.bind_name(s.code, "ANN", TOKEN_B)  # a classmate's device cannot use Ann's name
    bob = st.bind_name(s.code, "Bob", TOKEN_B)
    assert st.set_names(s.code) == ["Ann", "Bob"]
    a, b = st.learner_id(ann), st.learner_id(bob)
    by_id = {p.id: p for p in puzzles}
    p0, p1, p2, _p3 = (by_id[i] for i in ps.puzzle_ids)
    st.attempt(a, p0.id, p0.rating, p0.answer, True, MODE)
    st.attempt(a, p1.id, p1.rating, "XX", False, MODE)
    st.attempt(a, p1.id, p1.rating, p1.answer, True, MODE)  # a second try: not the first
    st.attempt(b, p1.id, p1.rating, p1.answer, True, MODE)
    st.attempt(b, p2.id, p2.rating, "XX", False, "rated")  # not in the class set's mode
    assert st.progress(a, ps) == {p0.id: True, p1.id: False}
    r = st.results(s.code)
    assert r.names == ("Ann", "Bob") and r.attempts == 3
    assert r.grid == {"Ann": (True, False, None, None), "Bob": (None, True, None, None)}
    assert r.hardest == ((1, 2, 1), (0, 1, 1), (2, 0, 0), (3, 0, 0))
    assert st.history(a)[-1].mode == MODE and st.learner_rating(a).r != 1500.0
    assert st.free_name(s.code, "ann") and not st.free_name(s.code, "Nobody")
    with pytest.raises(DeviceNamedError, match="as Bob: one name per device"):
        st.bind_name(s.code, "Ann", TOKEN_B)  # Bob's device cannot take a second name
    assert st.bind_name(s.code, "Ann", TOKEN_C) == ann  # the teacher freed it: Ann's new device
    assert st.holds(s.code, "ann", TOKEN_C) and not st.holds(s.code, "Ann", TOKEN_A)
    with pytest.raises(SetNameTakenError):
        st.bind_name(s.code, "Ann", TOKEN_A)  # and the old one no longer has it
    assert st.set_names(s.code) == ["Ann", "Bob"] and st.results(s.code).grid["Ann"][0] is True
    again = st.give_set(s.code, puzzles, None, 1000, 1500, 4)  # the same set again: kept
    assert again == ps and st.results(s.code).attempts == 3
    other = st.give_set(s.code, puzzles, None, 1000, 1500, 5)  # another set: a fresh grid
    assert other.puzzle_ids != ps.puzzle_ids and st.results(s.code).attempts == 0
    st.close()
    classroom.close()


def test_a_kept_class_student_is_one_name_in_every_lesson(db_target, puzzles) -> None:
    """In a kept class a student is one learner across its sessions: a classmate's
    device cannot take the name in the next lesson's set, and freeing it frees it in
    every lesson."""
    classroom = Store(db_target)
    cls = classroom.create_class("5B")
    q = [{"kind": "count"}]
    one = classroom.create_session("Lesson 1", seed=1, questions=q, class_id=cls.id)
    two = classroom.create_session("Lesson 2", seed=2, questions=q, class_id=cls.id)
    st = PuzzleSetStore(classroom.path)
    for s in (one, two):
        st.give_set(s.code, puzzles, None, 1000, 1500, 3)
    ann = st.bind_name(one.code, "Ann", TOKEN_A)
    with pytest.raises(SetNameTakenError):
        st.bind_name(two.code, "ann", TOKEN_B)  # another lesson, the same learner
    assert st.bind_name(two.code, "Ann", TOKEN_A) == ann  # Ann herself, next lesson
    assert st.free_name(two.code, "Ann")  # freed in both lessons
    assert st.bind_name(two.code, "Ann", TOKEN_B) == ann
    assert not st.holds(one.code, "Ann", TOKEN_A)
    st.close()
    classroom.close()


def test_a_set_given_before_an_update_goes_on_without_its_withdrawn_puzzles(
    db_target, puzzles
) -> None:
    """Issue #42's reread withdrew play puzzles: a set given before the update keeps its
    record, and a learner's run skips the withdrawn ones instead of failing."""
    from crib.errors import CribError
    from crib.ui.puzzles.class_flow import ClassSetFlow

    classroom = Store(db_target)
    s = classroom.create_session("Class", seed=4, questions=[{"kind": "count"}])
    st = PuzzleSetStore(classroom.path)
    ps = st.give_set(s.code, puzzles, None, 1000, 1500, 4)
    gone = ps.puzzle_ids[1]
    shipped = [p for p in puzzles if p.id != gone]  # the update withdrew one of them
    learner = st.learner_id(st.bind_name(s.code, "Ann", TOKEN_A))
    flow = ClassSetFlow(shipped, learner, st, ps)
    assert flow.withdrawn == (gone,) and flow.total == 3 and gone not in flow.ids
    seen = []
    while flow.next() is not None:
        seen.append(flow.current.id)
        flow.move(flow.current.answer)
    assert seen == [i for i in ps.puzzle_ids if i != gone] and flow.over
    assert st.results(s.code).grid["Ann"] == (True, None, True, True)  # the set as given
    with pytest.raises(CribError, match="none of the set's puzzles"):
        ClassSetFlow([p for p in puzzles if p.id not in ps.puzzle_ids], learner, st, ps)
    st.close()
    classroom.close()
