"""Class safety probes, headless (issue #34): what a student could do with a classmate's
name, a seat's link or a finished table of a round still in play.

* **Seat theft.** A second device types a classmate's name before and after the
  classmate sits down: a name claims only a free seat, once; a claimed seat opens only
  with its secret, or after the teacher hands it over.  A seat has one live page.
* **Log leak.** A finished table of an unfinished tournament round gives its players no
  log, review, secret or hands, until every table of the round is done or abandoned.
* **Presence from the page.** A seat whose page has not been heard from for 10 s is
  away, whatever its kernel does.
* **The record's migrations** have one head, and an older record's teacher-made seats
  that no page opened come out free to claim.

The server's probes (the teacher guard, kernel shutdown, culling, caps) are in
``tests/test_room_safety.py``; the CSV exports' in ``tests/test_csv_safety.py``; the
names' in ``tests/test_names_safety.py``.  Every database lives in pytest's tmp_path
(and the ``db`` tests run on PostgreSQL as well).
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import ipywidgets as w
import pytest

from crib.analysis.models import TIERS
from crib.errors import CribError
from crib.rules import events as ev
from crib.rules.fairness import HashRng
from crib.session.duel import DuelSeat
from crib.session.duel_record import (
    GONE_AFTER_SECONDS,
    ROUND_HELD,
    Heartbeat,
    SeatBusyError,
    SeatMovedError,
)
from crib.store import migrate as db_migrate
from crib.store.classroom import Store
from crib.store.duels import DuelStore, SeatClaimedError
from crib.store.schema import SCHEMA_VERSION
from crib.store.tournament_tables import ClassTournaments
from crib.ui.kit.keys import PAGE
from crib.ui.play.duel import DuelApp
from crib.ui.play.duel_hook import add_class_box
from tests.pg import legacy_sqlite
from tests.test_duel import _play_out, _step
from tests.test_tournament_class import _states


@pytest.fixture(autouse=True)
def _device(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's pages start as a new device and tab (PAGE is what a page's browser
    said of itself: one page per kernel)."""
    monkeypatch.setitem(PAGE, "seats", {})
    monkeypatch.setitem(PAGE, "tab", "")


def _round(db: Path | str, names: list[str], length: int = 61) -> tuple[ClassTournaments, str, str]:
    """A class session whose teacher seated round 1 of a round-robin: (ct, session code,
    tournament code)."""
    st = Store(db)
    s = st.create_session("Class", seed=3, questions=[{"kind": "count"}])
    for n in names:
        st.join(s.code, n)
    ct = ClassTournaments(st)
    tcode = ct.create(s.code, "Friday", names, mode="round-robin", seed=7, length=length)
    ct.start_round(tcode)
    return ct, s.code, tcode


def _page(db: Path | str, name: str, scode: str) -> tuple[DuelApp, object]:
    """A play page on a new device where ``name`` is typed into "Your class table"."""
    page = DuelApp(lambda: DuelStore(db))
    box = add_class_box(page)
    page.name_text.value, box.class_code.value = name, scode
    return page, box


# -- seat theft ----------------------------------------------------------------------


def test_a_name_claims_only_a_free_seat_before_and_after_the_classmate_sits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "c.sqlite3"
    ct, scode, _t = _round(db, ["Ann", "Bob"])
    secrets = {r[0] for r in Store(db).conn.execute("SELECT token FROM duel_seats")}
    # after: Ann sits down on her device; a second device types her name
    ann, abox = _page(db, "Ann", scode)
    monkeypatch.setitem(PAGE, "tab", "ann-tab")
    abox.find()  # type: ignore[attr-defined]
    assert not any(t in _states(ann) for t in secrets)  # no secret before Play
    abox.play()  # type: ignore[attr-defined]
    assert ann.seat is not None and ann.seat.record.names[ann.seat.seat] == "Ann"
    ann_secret = ann.seat.token
    monkeypatch.setitem(PAGE, "seats", {})  # the second device holds no seat
    monkeypatch.setitem(PAGE, "tab", "thief-tab")
    thief, tbox = _page(db, "ann", scode)
    assert tbox.find() is None and thief.seat is None  # type: ignore[attr-defined]
    assert "already taken by another device" in tbox.status.value  # type: ignore[attr-defined]
    assert ann_secret not in _states(thief)
    with pytest.raises(SeatClaimedError):  # nor by the record directly
        ct.duels.claim_seat(ann.seat.code, ann.seat.seat)
    # ... still refused once Ann's page has closed (her seat is hers, not her page's)
    ann.seat.leave()
    assert tbox.find() is None and "already taken" in tbox.status.value  # type: ignore[attr-defined]
    # before: Bob has not sat down yet; the second device types his name and claims the
    # free seat (a name is all a class page knows) ...
    thief2, t2box = _page(db, "Bob", scode)
    assert t2box.find() is not None  # type: ignore[attr-defined]
    t2box.play()  # type: ignore[attr-defined]
    assert thief2.seat is not None
    stolen = thief2.seat.token
    # ... so the real Bob is refused, says whom to ask, and gets no secret
    monkeypatch.setitem(PAGE, "seats", {})
    monkeypatch.setitem(PAGE, "tab", "bob-tab")
    bob, bbox = _page(db, "Bob", scode)
    assert bbox.find() is None and "ask your teacher to hand the seat over" in bbox.status.value  # type: ignore[attr-defined]
    assert stolen not in _states(bob)
    # the teacher hands Bob's seat over: the stolen link opens it no more, the page that
    # had it can neither beat nor move for it, and Bob claims it on his own device
    table = thief2.seat.code
    pin = ct.hand_over(table, "bob")  # the seat code the teacher tells Bob alone
    with pytest.raises(CribError, match="not a seat"):
        DuelSeat.resume(DuelStore(db), table, stolen, tab="thief-tab")
    thief2.seat._beat = 0
    assert (
        thief2.poll_once()
        and thief2.seat is None
        and "open on another page" in thief2.entry_status.value
    )
    # the thief's page looks again (its way in is back): the seat waits for its seat code
    assert t2box.mine is not None and t2box.mine.handed  # type: ignore[attr-defined]
    t2box.play()  # type: ignore[attr-defined]
    assert thief2.seat is None and "not the seat code" in t2box.status.value  # type: ignore[attr-defined]
    with pytest.raises(CribError, match="not the seat code"):
        ct.duels.claim_seat(table, t2box.mine.seat, "ZZZZ")  # type: ignore[attr-defined]
    assert bbox.find() is not None  # type: ignore[attr-defined]
    assert bbox.seat_code.layout.display is None  # type: ignore[attr-defined]
    bbox.seat_code.value = pin.lower()  # type: ignore[attr-defined]  # as typed
    bbox.play()  # type: ignore[attr-defined]
    assert (
        bob.seat is not None
        and bob.seat.token != stolen
        and bob.seat.record.names[bob.seat.seat] == "Bob"
    )
    # Bob's device keeps his seat: after a reload, his name finds it again there
    assert PAGE["seats"] == {bob.seat.code: bob.seat.token}
    again, abox2 = _page(db, "Bob", scode)
    assert abox2.find().token == bob.seat.token  # type: ignore[attr-defined]


def test_a_seat_has_one_live_page(db_target: Path | str) -> None:
    db = db_target
    st = DuelStore(db)
    ann = DuelSeat.create(st, "Ann", seed=3, master_seed=22, tab="one")
    bob = DuelSeat.join(DuelStore(db), ann.code, "Bob", client_seed=5, tab="b")
    ann.poll()
    # a second page (another tab) with the seat's link: told, not seated
    with pytest.raises(SeatBusyError):
        DuelSeat.resume(DuelStore(db), ann.code, ann.token, tab="two")
    # it may take the seat over with the secret: the first page can no longer move for it
    two = DuelSeat.resume(DuelStore(db), ann.code, ann.token, tab="two", take_over=True)
    rng = HashRng(1, "probe")
    with pytest.raises(SeatMovedError):
        while not ann.displaced:
            _step(ann, rng)
    assert ann.displaced and ann.poll() is False
    assert [r.seat for r in st.moves(ann.code)].count(0) == 0  # its throw was not stored
    # the page that took it over plays on; Bob's page plays against it
    assert (
        _play_out([two, bob], rng, until=lambda: two.game is not None and len(two.game.events) > 30)
        > 0
    )
    assert [r.seat for r in st.moves(ann.code)].count(0) > 0
    # a page that was gone for GONE_AFTER_SECONDS holds nothing: another tab opens the seat
    three = DuelSeat.resume(DuelStore(db), ann.code, ann.token, tab="three", take_over=True)
    DuelStore(db).heartbeat(
        Heartbeat(ann.code, 0, holder=three.holder, at=time.time() - GONE_AFTER_SECONDS - 1)
    )
    four = DuelSeat.resume(DuelStore(db), ann.code, ann.token, tab="four")
    assert four.seat == 0 and not DuelStore(db).heartbeat(
        Heartbeat(ann.code, 0, holder=three.holder)
    )


# -- log leak -----------------------------------------------------------------------


def test_a_finished_table_of_an_unfinished_round_gets_no_log(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    ct, scode, tcode = _round(db, ["Ann", "Bob", "Cy", "Di"])
    tables = ct.tables(tcode, 1)
    assert len(tables) == 2
    seats = []
    for tb in tables:
        for i, name in enumerate(tb.seats):
            m = ct.claim(ct.find_table(scode, name))  # type: ignore[arg-type]
            assert m.seat == i
            seats.append(DuelSeat.resume(DuelStore(db), m.code, m.token, tab=name))
    first, other = seats[:2], seats[2:]
    _play_out(first, HashRng(5, "leak"))
    a = first[0]
    assert a.phase == "over" and a.game is not None and a.game.over
    # the whole log has both seats' deals (every hand of the round): not given out
    whole = ev.log_to_json(a.game.events)
    assert a.held() == 1 and a.log() != whole and a.log() == ev.log_to_json(a.my_events())
    for closed in (a.secret, a.review, a.fairness, a.end_check):
        with pytest.raises(CribError, match="same cards"):
            closed()
    # the page: no download, no review, no secret, and it says why
    page = DuelApp(lambda: DuelStore(db))
    page.resume(a.code, a.token, take_over=True)  # her page, in another tab
    held = page.log_html.value
    assert "crib-download" not in held and "base64" not in held and "--secret" not in held
    assert "once every table of the round is done" in held and page.review_thread is None
    assert page.review_html.value == ""
    # what the page holds: no card of the other deals it did not see in its own game
    state = _states(page)
    assert "data:application/json" not in state
    # the other table is abandoned: the round is done, and the log opens (on the page's poll)
    other[0].abandon()
    assert page.seat is not None and page.seat.held(every=3600) == 1  # the page asks every few s
    assert a.held() == 0 and a.log() == whole and len(a.secret()) == 64
    # the end-of-game work a page runs in a forked child uses no connection of the record
    # (one shared with the parent deadlocked a child in make test): the record is read first
    work, kept = a.end_work(), a.storage

    class NoRecord:
        def __getattr__(self, name: str) -> object:
            raise AssertionError(f"the end-of-game work used the record ({name})")

    a.storage = NoRecord()  # type: ignore[assignment]
    fair, grades = work()
    assert "verified" in fair and grades
    a.storage = kept
    page.seat._held = None  # its recheck is due
    assert (
        page.poll_once()
        and "crib-download" in page.log_html.value
        and "--secret" in page.log_html.value
    )
    if page.review_thread is not None:
        page.review_thread.join(120)
    assert ct.duels.round_pending(a.code) == 0


# -- presence from the page -------------------------------------------------------------


def test_a_page_not_heard_from_for_10_s_is_away_whatever_its_kernel_does(
    db_target: Path | str,
) -> None:
    db = db_target
    heard = {"t": time.time()}
    ann = DuelSeat.create(DuelStore(db), "Ann", seed=3, master_seed=22, tab="a")
    bob = DuelSeat.join(
        DuelStore(db), ann.code, "Bob", client_seed=5, tab="b", heard=lambda: heard["t"]
    )
    ann.poll()
    assert ann.opponent_presence() == "here"
    # Bob's connection drops: his page is heard from no more, his kernel polls on
    heard["t"] = time.time() - GONE_AFTER_SECONDS - 1
    for _ in range(3):
        bob._beat = 0  # its heartbeat is due: it writes when the page was last heard from
        bob.poll()
    ann.poll()
    assert ann.opponent_presence() == "left" and "left the table" in ann.presence_text()
    # his page comes back: here again at the next beat
    heard["t"] = time.time()
    bob._beat = 0
    bob.poll()
    ann.poll()
    assert ann.opponent_presence() == "here"


# -- the record ---------------------------------------------------------------------------


def test_the_migrations_have_one_head() -> None:
    from alembic.script import ScriptDirectory

    script = ScriptDirectory(str(db_migrate.MIGRATIONS_DIR))
    heads = script.get_heads()
    assert len(heads) == 1, (
        f"the record's migrations have {len(heads)} heads: {heads}; chain the new revision"
    )
    revs = list(script.walk_revisions())
    assert [int(r.revision) for r in revs] == list(range(len(revs), 0, -1))  # 000N after 000N-1


def test_an_older_record_upgrades_with_its_unopened_seats_free_to_claim(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    legacy_sqlite(db, 5)
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute(
        "INSERT INTO sessions(code,name,seed,questions,created) VALUES ('OLD234','old',1,'[{}]',0)"
    )
    conn.execute(
        "INSERT INTO duels(id,code,seed,master_seed,status,session_id,created) "
        "VALUES (1,'ABCD',1,2,'playing',1,0)"
    )
    conn.execute("INSERT INTO duel_seats VALUES (1,0,'Ann','tok-a',0,123.0,0)")  # opened
    conn.execute("INSERT INTO duel_seats VALUES (1,1,'Bob','tok-b',0,0,0)")  # never opened
    conn.close()
    st = DuelStore(db)
    assert st.schema_version == db_migrate.head() == SCHEMA_VERSION
    rows = {
        r["name"]: (r["claimed"], r["holder"], r["handover"])
        for r in st.conn.execute("SELECT * FROM duel_seats")
    }
    assert rows == {"Ann": (1, "", ""), "Bob": (0, "", "")}
    assert st.claim_seat("ABCD", 1) == "tok-b"
    with pytest.raises(SeatClaimedError):
        st.claim_seat("ABCD", 0)


def test_the_seat_errors_a_student_sees_are_said_in_french(tmp_path: Path) -> None:
    from crib.ui.kit.say import record_error

    db = tmp_path / "c.sqlite3"
    ct, scode, _t = _round(db, ["Ann", "Bob"])
    m = ct.claim(ct.find_table(scode, "Ann"))  # type: ignore[arg-type]
    seat = DuelSeat.resume(DuelStore(db), m.code, m.token, tab="a")
    errors: list[str] = []
    for fn in (
        lambda: ct.find_table(scode, "Ann"),
        lambda: ct.duels.claim_seat(m.code, m.seat),
        lambda: DuelSeat.resume(DuelStore(db), m.code, m.token, tab="b"),
        lambda: ct.hand_over(m.code, "Zed"),
    ):
        with pytest.raises(CribError) as e:
            fn()
        errors.append(str(e.value))
    DuelSeat.resume(DuelStore(db), m.code, m.token, tab="b", take_over=True)
    with pytest.raises(SeatMovedError) as moved:
        seat.discard(seat.view().my_cards[:2])
    errors += [str(moved.value), ROUND_HELD]  # (a finished round table's, tested above)
    for english in errors:
        french = record_error(english, "fr")
        assert french != english, english
        assert not {"seat", "device", "round", "the", "is", "of"} & set(french.lower().split()), (
            french
        )


# -- the classmate entry's errors ----------------------------------------------------------


def _shown(app: DuelApp, widget: w.Widget) -> bool:
    """``widget`` is in the page's way in, and the way in is on screen."""
    return app.entry_box.layout.display is None and any(
        widget in getattr(row, "children", (row,)) for row in app.entry_box.children
    )


def test_the_classmate_entrys_errors_show_next_to_its_inputs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRIB_DB", str(tmp_path / "c.sqlite3"))
    from crib.ui.play.app import PlayApp

    page = PlayApp(seed=1, tier=TIERS["easy"])
    page.classmate_button.click()
    ann = page.duel_app
    ann.name_text.value = "<b>x</b>"
    ann.create()
    assert "looks like HTML" in ann.entry_status.value and _shown(ann, ann.entry_status)
    ann.name_text.value = "Ann"
    ann.create()
    assert ann.seat is not None and ann.entry_status.value == ""
    bob, cy = (
        DuelApp(lambda: DuelStore(tmp_path / "c.sqlite3")),
        DuelApp(lambda: DuelStore(tmp_path / "c.sqlite3")),
    )
    for app, name in ((bob, "Bob"), (cy, "Cy")):
        app.name_text.value, app.code_text.value = name, ann.seat.code
        app.join()
    assert bob.seat is not None
    assert (
        cy.seat is None
        and "already has two players" in cy.entry_status.value
        and _shown(cy, cy.entry_status)
    )
    # a bad seat link: said on the way in, which is shown
    other = PlayApp(seed=2, tier=TIERS["easy"])
    other._on_query(f"table={ann.seat.code}&seat=0123456789abcdef")
    d = other.duel_app
    assert (
        d.seat is None
        and "not a seat at that table" in d.entry_status.value
        and _shown(d, d.entry_status)
    )
    assert d.game_box.layout.display == "none" and d.layout.display is None
