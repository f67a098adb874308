"""A class learner's "My mistakes" (issue #39, point 6), headless: a finished classmate
game of a class session keeps each seat's costliest decisions for that seat's own class
learner (the session's code and the student's name), from the review's grades; the
trainer, joined to the class, offers that learner's set; another student sees nothing
of it."""

from __future__ import annotations

from pathlib import Path

import pytest

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
