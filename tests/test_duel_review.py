"""A classmate game's review (issue #39, point 7), headless: the visibility rule
(:func:`crib.session.duel_review.review_access`), each seat's graph, stepper and key
moments from its own point of view, a tournament round's finished table that shows none
of it (nor any hidden card) while another table of the round plays, and the teacher
page's list of the session's finished games with both seats' reviews and hands.

The server-level probe from a second device (127.0.0.2) is in
``tests/test_room_safety.py``'s style, at the end of this module."""

from __future__ import annotations

from pathlib import Path

import pytest

from crib.rules.fairness import HashRng
from crib.session.duel import DuelSeat
from crib.session.duel_record import MemoryDuelStorage, hidden_cards
from crib.session.duel_review import (
    TEACHER,
    ReviewAccess,
    dealt_sixes,
    review_access,
    review_events,
    seat_review,
)
from crib.store.classroom import Store
from crib.store.duels import DuelStore
from crib.ui.kit import common
from crib.ui.kit.keys import PAGE
from crib.ui.play.duel import DuelApp
from crib.ui.teacher.app import TeacherApp
from crib.ui.teacher.games import GamesPanel
from tests.test_duel import _play_out
from tests.test_duel_ui import _states, leaks


@pytest.fixture(autouse=True)
def _device(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(PAGE, "seats", {})
    monkeypatch.setitem(PAGE, "tab", "")
    # the pages' grading in a thread of this process, not a forked child at the lowest
    # priority (on a loaded machine a nice-19 session may wait minutes for a core)
    monkeypatch.setattr(common, "FORK_OK", False)


# -- the rule -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("viewer", "status", "pending", "review", "hands", "why"),
    [
        (0, "waiting", 0, (), (0,), "game"),
        (0, "playing", 0, (), (0,), "game"),
        (1, "playing", 3, (), (1,), "game"),
        (0, "over", 1, (), (0,), "round"),  # a round's other table plays: nothing opens
        (1, "over", 1, (), (1,), "round"),
        (0, "abandoned", 1, (), (0,), "round"),
        (0, "abandoned", 0, (), (0, 1), "abandoned"),
        (0, "over", 0, (0,), (0, 1), ""),  # each seat its own review, both hands
        (1, "over", 0, (1,), (0, 1), ""),
        (TEACHER, "playing", 0, (), (), "game"),
        (TEACHER, "abandoned", 0, (), (), "abandoned"),
        (TEACHER, "over", 2, (0, 1), (0, 1), ""),  # the teacher's page: any finished game
        (TEACHER, "over", 0, (0, 1), (0, 1), ""),
    ],
)
def test_the_rule_says_who_sees_what(
    viewer: int, status: str, pending: int, review: tuple, hands: tuple, why: str
) -> None:
    a = review_access(viewer, status=status, round_pending=pending)
    assert a == ReviewAccess(review, hands, why)
    assert a.open == bool(review)


def test_the_rule_knows_only_two_seats() -> None:
    with pytest.raises(ValueError):
        review_access(2, status="over", round_pending=0)


# -- a finished game, each seat's review ----------------------------------------------------


@pytest.fixture(scope="module")
def finished() -> tuple[MemoryDuelStorage, DuelSeat, DuelSeat]:
    """A short finished game (from 100-100) in memory."""
    st = MemoryDuelStorage()
    a = DuelSeat.create(st, "Ann", seed=7, master_seed=1, code="KQ7P", scores=(100, 100))
    b = DuelSeat.join(st, "kq7p", "Bob", client_seed=2)
    _play_out([a, b], HashRng(5, "review"))
    assert a.phase == b.phase == "over"
    return st, a, b


def test_review_events_blank_the_opponent_until_both_hands_open(finished) -> None:  # type: ignore[no-untyped-def]
    _st, a, _b = finished
    events = a.game.events
    held = review_access(0, status="over", round_pending=1)
    mine = review_events(events, 0, held)
    assert all(six[1] == () for six in dealt_sixes(mine).values())
    assert all(six[0] for six in dealt_sixes(mine).values())
    assert (
        review_events(events, TEACHER, review_access(TEACHER, status="playing", round_pending=0))
        == []
    )
    both = review_events(events, 0, review_access(0, status="over", round_pending=0))
    assert both == list(events)
    assert seat_review(events, 0, held) is None  # closed: no review is made at all


def test_each_seat_gets_its_own_graph_stepper_and_moments(finished) -> None:  # type: ignore[no-untyped-def]
    st, a, b = finished
    for seat in (a, b):
        fair, rev = seat.review_work()()
        assert "verified" in fair and rev is not None and rev.seat == seat.seat
        assert rev.names == (seat.record.names[seat.seat], seat.record.names[1 - seat.seat])
        graded = [p for p in rev.curve if p.grade is not None]
        assert graded and {p.grade.number for p in graded} == {g.number for g in rev.grades}
        assert rev.curve[-1].kind == "end"
        assert rev.curve[-1].played == (1.0 if seat.game.winner == seat.seat else 0.0)
        # the other seat's six of every hand, as dealt
        dealt = dealt_sixes(seat.game.events)
        assert rev.their_sixes == {h: six[1 - seat.seat] for h, six in dealt.items()}
    # the page: the review table, the graph and the stepper, ← → step by decision
    page = DuelApp(lambda: st)
    page.resume(a.code, a.token, take_over=True)
    assert page.review_thread is not None
    page.review_thread.join(120)
    assert not page.review_thread.is_alive()
    assert page.stepper.shown, page.review_html.value
    assert "Game review" in page.review_html.value
    chart = page.stepper.chart
    decisions = [i for i, p in enumerate(chart.points) if p["decision"]]
    assert chart.selected == decisions[0]
    assert "Bob's six" in page.stepper.detail.value
    page.key("arrowright")
    assert chart.selected == decisions[1]
    page.key("arrowleft")
    assert chart.selected == decisions[0]
    assert "Key moments" in page.stepper.moments.value and "Accuracy" in page.stepper.accuracy.value


# -- a tournament round still in play -----------------------------------------------------


def _round(db: Path) -> tuple[Store, list[DuelSeat], list[DuelSeat]]:
    """A class session's round of two tables (the same deals), each seat opened by its
    player: (store, the first table's seats, the second's)."""
    from crib.store.tournament_tables import ClassTournaments

    st = Store(db)
    s = st.create_session("Class", seed=3, questions=[{"kind": "count"}], code="CLS234")
    names = ["Ann", "Bob", "Cy", "Di"]
    for n in names:
        st.join(s.code, n)
    ct = ClassTournaments(st)
    tcode = ct.create(s.code, "Friday", names, mode="round-robin", seed=7, length=61)
    ct.start_round(tcode)
    with st.conn:  # short games (from 100-100: two or three deals), the same deals at both
        st.conn.execute("UPDATE duels SET start_scores='100-100'")
    seats = []
    for tb in ct.tables(tcode, 1):
        for name in tb.seats:
            m = ct.claim(ct.find_table(s.code, name))  # type: ignore[arg-type]
            seats.append(DuelSeat.resume(DuelStore(db), m.code, m.token, tab=name))
    return st, seats[:2], seats[2:]


def test_a_round_table_shows_no_review_or_hidden_card_until_the_round_is_over(
    tmp_path: Path,
) -> None:
    db = tmp_path / "c.sqlite3"
    st, first, other = _round(db)
    _play_out(first, HashRng(5, "round"))
    a = first[0]
    assert a.phase == "over" and a.held() == 1
    assert review_access(a.seat, status="over", round_pending=a.held()).why == "round"
    with pytest.raises(Exception, match="same cards"):
        a.review_work()
    page = DuelApp(lambda: DuelStore(db))
    page.resume(a.code, a.token, take_over=True)
    assert page.review_thread is None and not page.stepper.shown
    assert page.stepper.chart.points == [] and page.review_html.value == ""
    # nothing under the page holds a card of the opponent it did not see in the game
    unseen = hidden_cards(a.game.events, a.seat)
    assert not leaks(_states(page), unseen)
    # another student's page (a new device, another table of the round) tries the table:
    # its link without the seat's secret, or a seat by its code, opens nothing
    PAGE["seats"], PAGE["tab"] = {}, "cy-tab"
    cy = DuelApp(lambda: DuelStore(db))
    cy.resume(a.code, "0" * 16)
    cy.code_text.value, cy.name_text.value = a.code, "Cy"
    cy.join()
    assert cy.seat is None and not cy.stepper.shown and cy.review_thread is None
    assert not leaks(
        _states(cy), {c for six in dealt_sixes(a.game.events).values() for h in six for c in h}
    )
    # the teacher's page lists the game and opens both seats' reviews and hands now
    app = TeacherApp(store=st)
    app.open_code.value = "CLS234"
    app.open_session()
    games = next(c for c in app.children if isinstance(c, GamesPanel))
    games.refresh()
    assert [g.code for g in games.games] == [a.code] and games.pick.value == a.code
    assert games.layout.display is None and not games.open_button.disabled
    games.open_game()
    assert games.review_thread is not None
    games.review_thread.join(120)
    assert all(s.shown for s in games.steppers), games.status.value
    for i, name in enumerate(a.record.names):
        assert f"{name}'s game" in games.heads[i].value
    dealt = dealt_sixes(a.game.events)
    for six in dealt.values():  # both seats' hands, as dealt
        for c in (*six[0], *six[1]):
            assert f'data-card="{c}"' in games.sixes.value
    # projector mode (the class screen): the panel and the hands it showed are gone
    app.projector.value = True
    assert games.layout.display == "none" and games.sixes.value == ""
    assert not any(s.shown for s in games.steppers)
    app.projector.value = False
    assert games.layout.display is None
    # the other table ends: the round is over, and Ann's page opens its review on its poll
    other[0].abandon()
    page.seat._held = None  # its recheck is due
    assert page.poll_once()
    assert page.review_thread is not None
    page.review_thread.join(120)
    them = a.record.names[1 - a.seat]
    assert page.stepper.shown and f"{them}'s six" in page.stepper.detail.value
    # and the teacher's list has only finished games (the abandoned one is not)
    games.refresh()
    assert [g.code for g in games.games] == [a.code]
