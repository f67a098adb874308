"""PostgreSQL restarted in the middle of a class (issue #26, point 4): a store holding a
connection says "reconnecting" (a CribError the page shows next to the input, never a
traceback) while the server is down, reconnects by itself once it is back, and loses
nothing acknowledged; a write that failed is retried by its token and stored once.
A real server (tests/pg.py), stopped and started with pg_ctl."""

from __future__ import annotations

import pytest

from crib.errors import CribError
from crib.store.classroom import Store
from crib.store.db import RecordUnavailable
from crib.store.duels import DuelStore
from tests.pg import PgServer

QUESTIONS = [{"kind": "count"}] * 10


def test_a_restart_drops_no_acknowledged_answer_and_the_store_reconnects(
    pg_server: PgServer, pg_url: str
) -> None:
    teacher, student = Store(pg_url), Store(pg_url)
    s = teacher.create_session("Tuesday", seed=1, questions=QUESTIONS)
    ann = student.join(s.code, "Ann")
    for q in range(1, 4):
        student.submit(ann, q, kind="count", answer="8", correct=True, token=f"ann-{q}")
    pg_server.restart()  # every connection dropped, the server back at once
    # the next read reconnects by itself: the teacher's live view goes on
    assert teacher.count_answers(s.code) == 3
    assert (
        student.submit(ann, 4, kind="count", answer="8", correct=True, token="ann-4").question == 4
    )
    pg_server.halt()
    try:
        with pytest.raises(RecordUnavailable, match="reconnecting") as err:
            student.submit(ann, 5, kind="count", answer="8", correct=True, token="ann-5")
        assert isinstance(err.value, CribError)  # the pages' friendly() shows it by the input
        with pytest.raises(RecordUnavailable):
            teacher.count_answers(s.code)
    finally:
        pg_server.start()
    # back: the unacknowledged answer is sent again with its token, and stored once
    student.submit(ann, 5, kind="count", answer="8", correct=True, token="ann-5")
    student.submit(ann, 5, kind="count", answer="8", correct=True, token="ann-5")
    answers = teacher.answers(s.code)
    assert [a.question for a in answers] == [1, 2, 3, 4, 5]
    assert teacher.integrity_check() == "ok"


def test_a_classmate_game_survives_a_restart(pg_server: PgServer, pg_url: str) -> None:
    from crib.session.duel import DuelSeat

    a, b = DuelStore(pg_url), DuelStore(pg_url)
    ann = DuelSeat.create(a, "Ann", seed=7)
    bob = DuelSeat.join(b, ann.code, "Bob")
    ann.poll()
    bob.poll()
    ann.discard(ann.view().my_cards[:2])  # acknowledged: in the record before it is shown
    pg_server.restart()
    assert bob.poll()  # a read on a dropped connection: reconnected at once, the throw seen
    assert len(b.moves(ann.code)) == 1
    bob.discard(bob.view().my_cards[:2])  # a write after the restart
    pg_server.halt()
    try:
        with pytest.raises(RecordUnavailable, match="reconnecting"):
            ann.poll()
    finally:
        pg_server.start()
    assert ann.poll() and ann.phase == "play"  # both throws in: the play begins
    assert [m.kind for m in a.moves(ann.code)] == ["discard", "discard"]


def test_the_pages_say_reconnecting_in_their_language() -> None:
    from crib.store.db import UNAVAILABLE
    from crib.ui.kit.say import say_error

    assert "reconnecting" in say_error(UNAVAILABLE, "en")
    assert say_error(UNAVAILABLE, "fr").startswith("Le registre de la classe ne répond pas")
