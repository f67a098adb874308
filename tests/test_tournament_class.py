"""The teacher pairs the class (issue #25, points 4 and 5), headless: the teacher page's
"Pair the class / Tournament" panel seats every table of a round at a classmate table
dealt from the round's duplicate deals, a finished game's result comes in by itself,
an abandoned one is recorded by hand, byes score, a reload finds it all again, and a
student's page finds their own table (and no one else's seat).

Every database lives in pytest's tmp_path.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import ipywidgets as w
import pytest

from crib.analysis.models import TIERS
from crib.classroom.tournament.sheets import expected_pages, pdf_page_count
from crib.errors import CribError
from crib.rules import events as ev
from crib.rules.fairness import HashRng
from crib.session.duel import DuelSeat
from crib.store.classroom import Store
from crib.store.duels import DuelStore
from crib.store.tournament_tables import ClassTournaments
from crib.ui.kit.keys import PAGE
from crib.ui.play.duel import DuelApp
from crib.ui.play.duel_hook import add_class_box
from crib.ui.teacher.app import TeacherApp
from crib.ui.teacher.tournament import TournamentPanel
from tests.test_duel import _play_out


@pytest.fixture(autouse=True)
def _device(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's pages start as a new device and tab (what a page's browser said of
    itself is kept per kernel, in PAGE)."""
    monkeypatch.setitem(PAGE, "seats", {})
    monkeypatch.setitem(PAGE, "tab", "")


def _panel(app: TeacherApp) -> TournamentPanel:
    return next(c for c in app.children if isinstance(c, TournamentPanel))


def _states(widget: w.Widget) -> str:
    """Every synced state under ``widget`` (what the browser receives), as JSON."""
    out, stack = [], [widget]
    while stack:
        x = stack.pop()
        out.append(json.dumps(x.get_state(), default=str))
        stack.extend(c for c in getattr(x, "children", ()) if isinstance(c, w.Widget))
    return "\n".join(out)


def _class(db: Path, names: list[str]) -> tuple[TeacherApp, TournamentPanel, str]:
    """A teacher page with a class session these students joined, and its panel."""
    st = Store(db)
    s = st.create_session("Class 1", seed=3, questions=[{"kind": "count"}], code="CLS234")
    for n in names:
        st.join(s.code, n)
    app = TeacherApp(store=st)
    panel = _panel(app)
    assert panel.body.layout.display == "none" and "class session" in panel.note.value
    app.open_code.value = s.code
    app.open_session()
    panel.refresh()  # the panel's poll: it follows the page's session
    panel._seed = 11
    return app, panel, s.code


def _seat(db: Path, session_code: str, name: str) -> DuelSeat:
    """The student's own seat, as their play page finds it (on their own device, which
    keeps the seats it claimed, and in their own browser tab)."""
    ct = ClassTournaments(Store(db))
    mine = {x.code: x.token for x in ct.duels.seats_named(ct.store.session(session_code).id, name)}
    m = ct.find_table(session_code, name, known=mine)
    assert m is not None
    m = ct.claim(m)
    return DuelSeat.resume(DuelStore(db), m.code, m.token, tab=name)


def test_the_panel_seats_a_round_on_the_same_deals_with_a_bye(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    _app, panel, scode = _class(db, ["Ann", "Bob", "Cy", "Di", "Ed"])
    assert panel.players.value.splitlines() == ["Ann", "Bob", "Cy", "Di", "Ed"]
    # Ed is absent, Flo joins on paper: the list is the teacher's to edit
    panel.players.value = "Ann\nBob\nCy\nDi\n  \nFlo\n"
    panel.mode.value, panel.length.value = "round-robin", 61
    panel.create()
    t = panel.tournament
    assert t is not None and t.players == ("Ann", "Bob", "Cy", "Di", "Flo") and t.length == 61
    assert t.rounds == 5 and panel.start_button.description == "Start round 1"
    panel.start_button.click()
    t = panel.tournament
    r = t.round(1)
    assert len(r.tables) == 2 and r.bye is not None
    assert "Round 1 is seated" in panel.status.value
    # one classmate table per pairing, all dealt from the round's duplicate deals
    d = t.deal(1)
    ds = DuelStore(db)
    codes = [x.code for x in panel.tables]
    assert len(set(codes)) == 2 and all(codes)
    for x, tb in zip(panel.tables, r.tables, strict=True):
        rec = ds.duel(x.code)
        assert rec.names == tb.seats and rec.status == "playing" and x.status == "not opened"
        assert (rec.seed, rec.master_seed, rec.client_seed, rec.commit) == (
            d.game_seed,
            t.seed,
            d.client_seed,
            d.commit,
        )
        assert rec.scores == (60, 60)  # a game to 61: the last 61 holes
        assert f'data-code="{x.code}"' in panel.round_box.value
    assert f"Bye (2 points, no game): {r.bye}" in panel.round_box.value
    assert "play.ipynb?class=CLS234" in panel.reach.value
    # every table's seat 1 holds the same six cards, hand after hand
    seats = [_seat(db, scode, tb.seats[0]) for tb in r.tables]
    first = [next(e for e in s.game.events if isinstance(e, ev.Dealt)) for s in seats]  # type: ignore[union-attr]
    assert first[0].hands == first[1].hands and first[0].dealer == first[1].dealer
    # the bye scores at once: 2 points, no game
    top = t.standings()[0]
    assert top.name == r.bye and top.points == 2 and top.played == 0
    assert "0–0 · bye" in panel.standings.value
    # the teacher sees who has opened the table
    panel.refresh()
    assert "is at the table" in panel.round_box.value
    # the printable pairing sheet and scorecards, and the CSVs
    pdf = panel.make_pdf()
    assert pdf is not None and pdf_page_count(pdf) == expected_pages(2)
    assert 'download="crib-standings-' in panel.downloads.value
    assert 'download="crib-results-' in panel.downloads.value


def test_a_finished_game_updates_the_standings_by_itself_and_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "c.sqlite3"
    _app, panel, scode = _class(db, ["Ann", "Bob"])
    panel.mode.value, panel.length.value = "round-robin", 61
    panel.create()
    panel.start_round()
    a, b = _seat(db, scode, "Ann"), _seat(db, scode, "Bob")
    _play_out([a, b], HashRng(5, "class"))
    assert a.game is not None and a.game.over
    assert panel.refresh() is True  # the poll: the result is read from the game's log
    t = panel.tournament
    res = t.results[(1, 1)]
    assert res.source == "game" and max(res.scores) == 61
    winner = res.seats[res.winner]
    assert t.standings()[0].name == winner and f"<td>{winner}</td>" in panel.standings.value
    assert "1–0" in panel.standings.value and "finished" in panel.round_box.value
    # Ann's page after the game, on her device (it keeps her seat) and in her tab: Back to
    # the tables looks again (no next round yet)
    monkeypatch.setitem(PAGE, "seats", {a.code: a.token})
    monkeypatch.setitem(PAGE, "tab", "Ann")
    page = DuelApp(lambda: DuelStore(db))
    box = add_class_box(page)
    page.name_text.value, box.class_code.value = "Ann", scode
    box.find()
    box.play()
    assert page.seat is not None and page.seat.phase == "over"
    assert page.leave_button.description == "Back to the tables"
    page.leave_button.click()
    assert page.seat is None and page.entry_box.layout.display is None
    assert "Your game against Bob is over" in box.status.value
    # the play page records it too at the game's end: still one row (the token)
    ct = ClassTournaments(Store(db))
    assert ct.record_duel(panel.tables[0].code) == res
    n = Store(db).conn.execute("SELECT COUNT(*) FROM tournament_results").fetchone()[0]
    assert n == 1
    # the round is over: the log and the secret may be shown
    assert ct.duels.round_pending(panel.tables[0].code) == 0
    assert panel.refresh() is False  # nothing new, no redraw
    assert panel.start_button.disabled and panel.start_button.description == "All rounds paired"


def test_a_result_a_students_page_recorded_shows_on_the_teachers_panel(tmp_path: Path) -> None:
    """The play page records its table's result at the game's end, before the teacher
    page's next poll (found with a school of two servers, tests/test_school_class.py):
    the panel must show that result too, not only those its own poll records."""
    db = tmp_path / "c.sqlite3"
    _app, panel, scode = _class(db, ["Ann", "Bob"])
    panel.mode.value, panel.length.value = "friendly", 61
    panel.create()
    panel.start_round()
    a, b = _seat(db, scode, "Ann"), _seat(db, scode, "Bob")
    panel.refresh()
    assert "playing" in panel.round_box.value
    _play_out([a, b], HashRng(7, "class"))
    res = ClassTournaments(Store(db)).record_duel(a.code)  # the play page, in its own kernel
    assert res is not None
    assert panel.refresh() is True
    assert panel.tournament is not None and panel.tournament.results[(1, 1)] == res
    winner = res.seats[res.winner]
    assert (
        "finished" in panel.round_box.value
        and "over: the result comes in" not in panel.round_box.value
    )
    assert f'<td>{winner}</td><td class="crib-num">1–0' in panel.standings.value
    assert panel.refresh() is False  # nothing new since: no redraw
    # a result typed by hand on another teacher page (another kernel) comes in too
    other = ClassTournaments(Store(db))
    other.record_by_hand(panel.tournament.code, 1, 1, (61, 40))
    assert panel.refresh() is True and panel.tournament.results[(1, 1)].scores == (61, 40)


def test_an_abandoned_game_is_recorded_by_hand_with_a_clear_message(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    _app, panel, scode = _class(db, ["Ann", "Bob", "Cy", "Di"])
    panel.mode.value = "swiss"
    panel.create()
    panel.start_round()
    tb = panel.tournament.round(1).tables[0]
    seat = _seat(db, scode, tb.seats[0])
    seat.abandon()
    panel.refresh()
    assert "abandoned: record the score by hand" in panel.round_box.value
    # Swiss pairs from the results: round 2 waits, and says why
    panel.start_round()
    assert (
        "round 1 is not finished" in panel.status.value and len(panel.tournament.played_rounds) == 1
    )
    panel.hand_table.value = (1, tb.number)
    panel.score1.value, panel.score2.value = "lots", "3"
    panel.record_by_hand()
    assert (
        "a score is a whole number" in panel.status.value and "Traceback" not in panel.status.value
    )
    panel.score1.value, panel.score2.value = "121", "121"
    panel.record_by_hand()
    assert "the winner has 121" in panel.status.value
    panel.score1.value, panel.score2.value = "85", "121"
    panel.record_by_hand()
    assert f"{tb.seats[1]} wins 85–121" in panel.status.value
    res = panel.tournament.results[(1, tb.number)]
    assert res.source == "paper" and res.skunk == "skunk" and res.points == (0, 3)
    assert "by hand" in panel.round_box.value


def test_a_reload_finds_the_tournament_again(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    _app, panel, scode = _class(db, ["Ann", "Bob", "Cy"])
    panel.create()  # friendly games: one round, partners drawn from the seed
    panel.start_round()
    t = panel.tournament
    assert t.rounds == 1 and t.name == "Friendly games" and len(t.round(1).tables) == 1
    codes = [x.code for x in panel.tables]
    # a new kernel: a new page, the same record
    app2 = TeacherApp(store=Store(db))
    app2.open_code.value = scode
    app2.open_session()
    p2 = _panel(app2)
    p2.refresh()
    assert p2.tournament is not None and p2.tournament.code == t.code
    assert [x.code for x in p2.tables] == codes and p2.pick.value == t.code
    assert all(f'data-code="{c}"' in p2.round_box.value for c in codes)
    # starting the round again from the reloaded page makes no second table
    assert ClassTournaments(Store(db)).deal_tables(t.code, 1) == {1: codes[0]}
    # a friendly pairing of the same class shuffles the same way from the same seed
    again = ClassTournaments(Store(db)).create(
        scode, "x", ["Ann", "Bob", "Cy"], mode="friendly", seed=11
    )
    assert ClassTournaments(Store(db)).load(again).players == t.players


def test_bad_input_gets_a_message(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    _app, panel, _scode = _class(db, ["Ann"])
    panel.create()
    assert "needs 2 to 100 players, got 1" in panel.status.value and panel.tournament is None
    panel.players.value = "Ann\nann"
    panel.create()
    assert "entered twice" in panel.status.value
    panel.start_round()
    assert "create a tournament" in panel.status.value
    panel.players.value, panel.mode.value, panel.rounds.value = "Ann\nBob\nCy", "round-robin", 9
    panel.create()
    assert "1 to 3 rounds" in panel.status.value


def test_projector_mode_shows_the_standings_large(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    _app, panel, _scode = _class(db, ["Ann", "Bob"])
    panel.create()
    panel.start_round()
    panel.projector.value = True
    assert "crib-projecting" in panel._dom_classes
    assert panel.form.layout.display == "none" and panel.hand_row.layout.display == "none"
    assert "crib-standings" in panel.standings.value and "Ann" in panel.standings.value
    panel.projector.value = False
    assert "crib-projecting" not in panel._dom_classes and panel.form.layout.display is None


def test_a_student_finds_their_own_table_and_no_other_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "c.sqlite3"
    _app, panel, scode = _class(db, ["Ann", "Bob", "Cy", "Di"])
    panel.mode.value = "round-robin"
    panel.create()
    panel.start_round()
    tokens = [r[0] for r in Store(db).conn.execute("SELECT token FROM duel_seats")]
    assert len(tokens) == 4
    duel = DuelApp(lambda: DuelStore(db))
    box = add_class_box(duel)
    assert box in duel.entry_box.children
    box.find()
    assert "type your name" in box.status.value
    duel.name_text.value = "ann"  # any case
    box.class_code.value = "nope!"
    box.find()
    assert "unknown join code" in box.status.value
    box.class_code.value = scode.lower()
    m = box.find()
    assert m is not None and box.play_button.layout.display is None
    tb = next(x for x in panel.tournament.round(1).tables if "Ann" in x.seats)
    other = tb.seats[1 - tb.seats.index("Ann")]
    assert f"against {other}" in box.status.value
    assert m.token == ""  # no secret before Play claims the seat for this device
    box.play()
    m = box.mine
    assert m is not None and m.token in tokens
    assert duel.seat is not None and duel.seat.record.names == tb.seats
    assert duel.url.query == f"table={m.code}&seat={m.token}"
    state = _states(duel)
    assert [tok for tok in tokens if tok in state] == [m.token]  # only Ann's own seat
    # a second device typing Ann's name, while her page is open and after it closed:
    # her seat is hers (claimed), and its secret never reaches the other page
    for _later in (0, 11):
        monkeypatch.setitem(PAGE, "seats", {})  # another device: it holds no seat
        thief = DuelApp(lambda: DuelStore(db))
        tbox = add_class_box(thief)
        thief.name_text.value, tbox.class_code.value = "Ann", scode
        assert tbox.find() is None and thief.seat is None
        assert "already taken by another device" in tbox.status.value
        assert m.token not in _states(thief) and tbox.play_button.layout.display == "none"
        duel.seat.leave()  # type: ignore[union-attr]  # her page closes
    # her own device (it keeps the seat's secret) finds it again
    ct = ClassTournaments(Store(db))
    assert ct.find_table(scode, "Ann", known={m.code: m.token}) == m
    # a name the teacher did not seat
    duel2 = DuelApp(lambda: DuelStore(db))
    box2 = add_class_box(duel2)
    duel2.name_text.value, box2.class_code.value = "Zed", scode
    assert box2.find() is None and "No table for Zed" in box2.status.value
    assert box2.play_button.layout.display == "none"


def test_the_play_page_link_with_the_class_looks_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "c.sqlite3"
    monkeypatch.setenv("CRIB_DB", str(db))
    _app, panel, scode = _class(db, ["Ann", "Bob"])
    panel.create()
    panel.start_round()
    from crib.ui.play.app import PlayApp

    page = PlayApp(seed=1, tier=TIERS["easy"])
    page._on_query(f"class={scode}&name=Bob")
    duel = page.duel_app
    assert duel.layout.display is None and duel.class_box.class_code.value == scode
    assert (
        "Your table:" in duel.class_box.status.value
        and "against Ann" in duel.class_box.status.value
    )
    duel.class_box.play_button.click()
    assert duel.seat is not None and duel.seat.record.names[duel.seat.seat] == "Bob"
    assert "Ann has not opened this table yet" in duel.header_html.value


def test_the_teacher_hands_a_claimed_seat_to_a_new_device(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "c.sqlite3"
    _app, panel, scode = _class(db, ["Ann", "Bob"])
    panel.create()
    panel.start_round()
    assert panel.seat_row.layout.display is None
    code = panel.tables[0].code
    assert {v for _l, v in panel.seat_pick.options} == {(code, "Ann"), (code, "Bob")}
    # a classmate claims Bob's free seat by typing his name on their device
    thief = DuelApp(lambda: DuelStore(db))
    tbox = add_class_box(thief)
    thief.name_text.value, tbox.class_code.value = "Bob", scode
    tbox.find()
    tbox.play()
    assert thief.seat is not None
    stolen = thief.seat.token
    monkeypatch.setitem(PAGE, "seats", {})  # Bob's own device
    bob = DuelApp(lambda: DuelStore(db))
    bbox = add_class_box(bob)
    bob.name_text.value, bbox.class_code.value = "Bob", scode
    assert bbox.find() is None and "hand the seat over" in bbox.status.value
    panel.seat_button.click()
    assert "pick a seat first" in panel.status.value
    panel.seat_pick.value = (code, "Bob")
    panel.seat_button.click()
    said = panel.status.value
    assert "Bob&#x27;s seat at table" in said and "handed over" in said
    pin = re.search(r"seat code ([A-Z2-9]{4})", said).group(1)  # type: ignore[union-attr]
    assert bbox.find() is not None and bbox.seat_code.layout.display is None
    bbox.seat_code.value = pin
    bbox.play()
    assert bob.seat is not None and bob.seat.token != stolen
    with pytest.raises(CribError, match="not a seat"):
        DuelSeat.resume(DuelStore(db), code, stolen)
