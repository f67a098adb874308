"""A class learner's "My mistakes" (issue #39, point 6), headless: a finished classmate
game of a class session keeps each seat's costliest decisions for that seat's own class
learner (the session's code and the student's name), from the review's grades; the
trainer, joined to the class, offers that learner's set; another student sees nothing
of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from crib.rules.cards import parse_cards
from crib.rules.fairness import HashRng
from crib.session.learner import LearnerKey
from crib.session.retry import positions_of
from crib.store.mistakes import MistakeStore, costliest
from crib.ui.kit import common
from crib.ui.kit.keys import PAGE
from crib.ui.play.duel import DuelApp
from tests.test_duel import _play_out
from tests.test_duel_review import _round


@pytest.fixture(autouse=True)
def _device(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(PAGE, "seats", {})
    monkeypatch.setitem(PAGE, "tab", "")
    monkeypatch.setattr(common, "FORK_OK", False)  # the grading in a thread of this process


def test_a_class_game_keeps_each_seats_mistakes_for_its_own_learner(tmp_path: Path) -> None:
    from crib.store.duels import DuelStore

    db = tmp_path / "c.sqlite3"
    st, first, other = _round(db)
    _play_out(first, HashRng(5, "round"))
    other[0].abandon()  # the round is done: the reviews open
    store = MistakeStore(db)
    kept: dict[str, list] = {}
    for seat in first:
        PAGE["tab"] = f"tab-{seat.seat}"
        page = DuelApp(lambda: DuelStore(db))
        page.resume(seat.code, seat.token, take_over=True)
        assert page.review_thread is not None
        page.review_thread.join(120)
        assert page.stepper.shown and page.mistakes.thread is not None
        page.mistakes.thread.join(60)
        name = seat.record.names[seat.seat]
        me = LearnerKey.for_class("CLS234", name)
        assert page.mistakes.learner == me and not page.mistakes.failed
        rev = page.stepper.review
        assert rev is not None and rev.seat == seat.seat
        # only this seat's decisions, from the review's own grades (not graded again)
        want = costliest(positions_of(seat.game.events, rev.grades, seat.seat))
        got = store.mistakes(me)
        assert [(m.position, m.lost) for m in got] == [(p, g.lost) for p, g in want]
        assert page.mistakes.kept == len(got)
        kept[name] = got
    assert any(kept.values())
    a, b = first[0].record.names
    assert {m.position for m in kept[a]}.isdisjoint({m.position for m in kept[b]})
    # the other table's students (the game abandoned) have nothing kept
    for name in other[0].record.names:
        assert store.mistakes(LearnerKey.for_class("CLS234", name)) == []
    # a table of no class session keeps nothing for anyone
    assert store.seat_learner("ZZZZ", 0) is None
    # the trainer, joined to the class: each student's "My mistakes" is their own set
    for name in (a, b):
        app = _joined(st, name)
        app.class_mistakes.value = True
        shown = app.mistake_list
        assert [m.id for m in shown] == [m.id for m in kept[name]]
        if shown:
            assert app.mistake_view.shown and app.mistake_view.retry is not None
            assert app.mistake_view.retry.position == kept[name][0].position
    cy = _joined(st, other[0].record.names[0])
    cy.class_mistakes.value = True
    assert cy.mistake_list == [] and "No mistakes kept yet" in cy.mistake_note.value


def _joined(st, name: str, code: str = "CLS234"):  # type: ignore[no-untyped-def]
    """A trainer page (a new device) joined to the class session ``code`` as ``name``."""
    from crib.ui.trainer.app import TrainerApp

    app = TrainerApp(store=st, seed=3)
    app.code.value, app.name.value = code, name
    app.join()
    assert app.student is not None
    return app


def test_the_trainer_in_a_class_offers_the_class_learners_set(tmp_path: Path) -> None:
    from crib.store.classroom import Store
    from crib.ui.trainer.app import TrainerApp
    from tests.test_mistakes import SIX

    st = Store(tmp_path / "c.sqlite3")
    st.create_session("Class", seed=3, questions=[{"kind": "count"}], code="CLS234")
    bad = SIX.grade(parse_cards("5H 5D"))
    ann = LearnerKey.for_class("CLS234", "Ann")
    MistakeStore(st.path).keep(ann, [(SIX, bad)])
    outside = TrainerApp(store=st, seed=3)  # outside a class: no class toggle
    assert outside.class_mistakes_row.layout.display == "none"
    app = _joined(st, "Ann")
    assert app.mistakes_learner == ann
    assert app.class_mistakes_row.layout.display is None and not app.class_mistakes.value
    question = app.header.value
    assert app.prompt.layout.display is None and app.mistakes_box.layout.display == "none"
    app.class_mistakes.value = True
    assert app.prompt.layout.display == "none" and app.mistake_view.shown
    assert "CLS234" in app.header.value and "Ann" in app.header.value
    note = app.mistake_note.value
    assert "Kept for Ann in class CLS234" in note and "same code and name" in note
    assert "any device" in note and "5H 5D" not in app.mistake_view.result.value
    # a move counts for the class learner
    app.mistake_view.pick(parse_cards("2C")[0])
    app.mistake_view.pick(parse_cards("9D")[0])
    app.mistake_view.throw_button.click()
    assert MistakeStore(st.path).mistakes(ann)[0].right_count == 1
    # back to the class's question, as it was
    app.class_mistakes.value = False
    assert app.prompt.layout.display is None and app.mistakes_box.layout.display == "none"
    assert app.header.value == question and not app.mistake_view.shown
    # the same code and name on another device is the same learner; another name sees nothing
    again = _joined(st, "Ann")
    again.class_mistakes.value = True
    assert [m.position for m in again.mistake_list] == [SIX]
    bob = _joined(st, "Bob")
    bob.class_mistakes.value = True
    assert bob.mistake_list == [] and not bob.mistake_view.shown
    assert "5H" not in bob.mistake_note.value and "Kept for Bob" in bob.mistake_note.value


def test_a_kept_class_gathers_a_students_set_across_its_lessons(tmp_path: Path) -> None:
    """A session of a kept class (issue #38) names the class: the learner is the class and
    the name (spelt as the roster has it), so a mistake kept in one lesson is asked in the
    next; a session of no class keeps its own CODE/name."""
    from crib.store.classroom import Store
    from tests.test_mistakes import SIX

    st = Store(tmp_path / "c.sqlite3")
    cls = st.create_class("5B")
    one = st.create_session("Lesson 1", seed=3, questions=[{"kind": "count"}], class_id=cls.id)
    two = st.create_session("Lesson 2", seed=4, questions=[{"kind": "count"}], class_id=cls.id)
    lone = st.create_session("Club", seed=5, questions=[{"kind": "count"}], code="CLS234")
    st.join(one.code, "Ann")
    store = MistakeStore(st.path)
    first = store.class_learner(one.code, "Ann")
    assert (
        first
        == store.class_learner(two.code, "ann")
        == LearnerKey.for_class(f"CLASS{cls.id}", "Ann")
    )
    assert store.class_learner(lone.code, "Ann") == LearnerKey.for_class("CLS234", "Ann")
    store.keep(first, [(SIX, SIX.grade(parse_cards("5H 5D")))])
    app = _joined(st, "Ann", code=two.code)
    app.class_mistakes.value = True
    assert [m.position for m in app.mistake_list] == [SIX]
    assert "Kept for Ann in the class 5B" in app.mistake_note.value
    other = _joined(st, "Bob", code=two.code)
    other.class_mistakes.value = True
    assert other.mistake_list == []
