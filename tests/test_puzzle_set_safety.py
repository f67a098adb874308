"""Class safety of the class puzzle set (issue 40, point 4), probed as a classmate would:
what can Bob, on his own device, do with Ann's name once she has opened the set?

Each device is a browser profile (its token, :mod:`crib.session.learner`); the pages are
the real puzzles page and teacher page, headless.  The same probes from another address
(127.0.0.2), against the class server: tests/test_room_safety.py, section 6 (a page's
kernel runs no code sent to it, and the teacher's page, kernel and downloads are refused
to another device).

1. Bob's device typing Ann's name, however spelt (case, spaces, full-width letters,
   a look-alike Cyrillic "А"), is refused with a clear message, and binds nothing.
2. Bob cannot make an attempt under Ann's name: not by editing the name box after
   opening the set as himself, not by opening it again as Ann, not with another profile
   token; his moves go to his own record, and Ann's stays as it was.
3. A new set from the teacher keeps the names where they were.
4. A name the teacher freed: the old device records nothing more under it, and a first
   try already made stays as it was, whoever types the name next.
5. The limit that stays (docs/safety.md): a private window is another device, so a
   made-up name there can see an answer first; the teacher's grid shows that name.
"""

from __future__ import annotations

import pytest

from crib.analysis.puzzles.model import load_puzzles
from crib.session.learner import PROFILE_KEY, LearnerKey
from crib.store.classroom import Store
from crib.store.puzzle_sets import PuzzleSetStore
from crib.ui.puzzles.render import move_text
from tests.test_puzzle_set_pages import _student
from tests.test_puzzles_page import _move

ANN = LearnerKey.for_device("ann-device-0123456789")
BOB = LearnerKey.for_device("bob-device-0123456789")
ANN_NEW = LearnerKey.for_device("ann-new-device-0123456789")


@pytest.fixture(scope="module")
def puzzles():  # type: ignore[no-untyped-def]
    return load_puzzles()[:400]


def _record(sets: PuzzleSetStore, code: str, name: str) -> tuple:
    """A learner's whole record in the set: the grid row, the attempts and the rating."""
    lid = sets.learner_id(sets.class_learner(code, name))
    hist = [(a.puzzle_id, a.move, a.correct) for a in sets.history(lid, limit=100)]
    return sets.results(code).grid.get(name), hist, sets.learner_rating(lid).r


def _class_with_ann(tmp_path, puzzles, n: int = 3):  # type: ignore[no-untyped-def]
    """A session with a set of ``n``; Ann opened it on her device and solved the first."""
    db = tmp_path / "c.sqlite3"
    code = Store(db).create_session("C", seed=1, questions=[{"kind": "count"}]).code
    sets = PuzzleSetStore(db)
    sets.give_set(code, puzzles, None, 1000, 1300, n)
    ann = _student(db, puzzles, code, "Ann", ANN)
    _move(ann, right=True)
    return db, code, sets, ann


def test_a_classmates_device_is_refused_anns_name_however_typed(tmp_path, puzzles) -> None:
    db, code, sets, _ann = _class_with_ann(tmp_path, puzzles)
    before = _record(sets, code, "Ann")
    assert before[0] == (True, None, None)
    taken = (
        f"Ann is already taken by another device in the puzzle set of class {code}: go on "
        "there, type your own name, or ask your teacher to free the name."
    )
    for typed in ("Ann", "ann", "  ANN  ", "Ａｎｎ", "Ann\u00a0"):
        bob = _student(db, puzzles, code.lower(), typed, BOB)
        assert bob.flow is None and bob.class_set.flow is None, typed
        assert taken in bob.class_set.status.value, (typed, bob.class_set.status.value)
        assert bob.shown is None and bob.card_row.children == ()  # no puzzle shown
    # a look-alike: "Аnn" with a Cyrillic А would be another learner showing as "Ann"
    bob = _student(db, puzzles, code, "\u0410nn", BOB)
    assert bob.flow is None and "mixes Cyrillic and Latin letters" in bob.class_set.status.value
    assert sets.set_names(code) == ["Ann"]  # Bob's device bound nothing
    assert [s.name for s in Store(db).students(code)] == ["Ann"]  # nor joined as anyone
    assert _record(sets, code, "Ann") == before


def test_a_classmate_cannot_make_an_attempt_under_anns_name(tmp_path, puzzles) -> None:
    db, code, sets, ann = _class_with_ann(tmp_path, puzzles)
    before = _record(sets, code, "Ann")
    bob = _student(db, puzzles, code, "Bob", BOB)
    assert "Puzzle 1 of 3" in bob.head.value
    # the name box edited after opening: the set stays Bob's
    bob.class_set.name.value = "Ann"
    _move(bob, right=False)
    assert _record(sets, code, "Bob")[0] == (False, None, None)
    # opening the set again as Ann: refused, and the page goes on as Bob
    bob.class_set.open_button.click()
    said = bob.class_set.status.value
    assert "This device already opened the puzzle set" in said and "as Bob" in said
    assert bob.flow is bob.class_set.flow and bob.flow.learner_id == sets.learner_id(
        sets.class_learner(code, "Bob")
    )
    # another profile token (the browser says what it keeps: a private window, a cleared
    # storage): another device, still not Ann's
    bob._device({PROFILE_KEY: "made-up-token-0123456789"})
    bob.class_set.open_button.click()
    assert "Ann is already taken by another device" in bob.class_set.status.value
    bob.next_button.click()
    assert "Puzzle 2 of 3" in bob.head.value
    _move(bob, right=True)
    assert _record(sets, code, "Bob")[0] == (False, True, None)
    assert _record(sets, code, "Ann") == before  # nothing under Ann's name
    assert sets.set_names(code) == ["Ann", "Bob"]
    # Ann's own page still records under her name
    ann.next_button.click()
    _move(ann, right=False)
    assert _record(sets, code, "Ann")[0] == (True, False, None)


def test_a_new_set_keeps_each_name_on_its_device(tmp_path, puzzles) -> None:
    db, code, sets, ann = _class_with_ann(tmp_path, puzzles)
    new = sets.give_set(code, puzzles, None, 1000, 1300, 2)  # the teacher's next set
    bob = _student(db, puzzles, code, "Ann", BOB)
    assert bob.flow is None and "already taken by another device" in bob.class_set.status.value
    ann.next_button.click()  # Ann's open page takes the new set, under her name
    assert "Puzzle 1 of 2" in ann.head.value and ann.flow.current.id == new.puzzle_ids[0]
    _move(ann, right=True)
    assert sets.results(code).grid == {"Ann": (True, None)}


def test_a_freed_name_records_nothing_more_from_the_old_device(tmp_path, puzzles) -> None:
    """The teacher frees Ann's name (her new device): the old device is refused its next
    move, and Ann's first try stays what it was whoever opens the name next (here Bob,
    who types it first: the limit docs/safety.md states)."""
    db, code, sets, ann = _class_with_ann(tmp_path, puzzles)
    ann.next_button.click()
    assert sets.free_name(code, "Ann")
    bob = _student(db, puzzles, code, "Ann", BOB)  # first after the free: he gets it
    assert "Puzzle 2 of 3" in bob.head.value
    _move(ann, right=False)  # the old device: refused, nothing recorded
    assert "already taken by another device" in ann.result.value
    assert _record(sets, code, "Ann")[0] == (True, None, None)
    # a first try already made cannot be made again under the name
    assert bob.flow.number() == 2 and bob.flow.done() == {sets.puzzle_set(code).puzzle_ids[0]: True}
    refused = _student(db, puzzles, code, "Ann", ANN_NEW)  # Ann's new device, too late
    assert "ask your teacher to free the name" in refused.class_set.status.value


def test_a_second_browser_profile_is_another_device_and_the_teacher_sees_its_name(
    tmp_path, puzzles
) -> None:
    """The limit docs/safety.md states, pinned: a device is a browser profile, so Bob's
    private window (a profile token of its own) may open the set under a name nobody has
    used and see a puzzle's answer before Bob tries it as himself.  Nothing ties the two
    to one student; what the teacher has is the grid, where the made-up name shows with
    its try."""
    db, code, sets, _ann = _class_with_ann(tmp_path, puzzles)
    bob = _student(db, puzzles, code, "Bob", BOB)
    window = LearnerKey.for_device("private-window-0123456789")
    private = _student(db, puzzles, code, "Zed", window)
    assert private.flow.current.id == bob.flow.current.id  # the same first puzzle
    seen = _move(private, right=False)
    answer = move_text(seen["answer"], "en")
    assert f"Best: <b>{answer}</b>" in private.result.value  # the answer, shown
    _move(bob, right=True)
    r = sets.results(code)
    assert r.names == ("Ann", "Bob", "Zed")
    assert r.grid["Bob"] == (True, None, None) and r.grid["Zed"] == (False, None, None)
