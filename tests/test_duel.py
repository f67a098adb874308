"""Play a classmate (crib.session.duel on crib.store.duels), with no widgets: two
seats on one record (a SQLite file, then a PostgreSQL database: the ``db`` fixture runs
every test on both) play seeded games to the end by scripted moves; a seat dropped
mid-game resumes from the store; moves are idempotent; a game can be abandoned; and a
seat's view never holds a card of the other seat's that it has not seen."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path

import pytest

from crib.errors import CribError, IllegalPlayError
from crib.rules import events as ev
from crib.rules.fairness import HashRng
from crib.rules.replay import VERIFIED_SECRET, replay
from crib.session import duel as duel_mod
from crib.session.duel import DuelSeat
from crib.session.duel_record import (
    DuelSpec,
    MemoryDuelStorage,
    MoveCheck,
    MoveRequest,
    clean_table_code,
    hidden_cards,
    seat_events,
)
from crib.store.classroom import Store
from crib.store.db import integrity_errors
from crib.store.duels import DuelStore
from crib.store.schema import SCHEMA_VERSION
from crib.ui.kit.cardview import card_name, card_text


@pytest.fixture()
def db(db_target: Path | str) -> Path | str:
    return db_target


def _pair(db: Path, *, seed: int = 11, **kw: object) -> tuple[DuelSeat, DuelSeat]:
    """Ann (seat 0) and Bob (seat 1), each with their own connection, as two kernels."""
    ann = DuelSeat.create(DuelStore(db), "Ann", seed=seed, master_seed=seed * 7 + 1, **kw)  # type: ignore[arg-type]
    bob = DuelSeat.join(DuelStore(db), ann.code, "Bob", client_seed=seed * 13 + 5)
    ann.poll()
    return ann, bob


def _step(seat: DuelSeat, rng: HashRng) -> bool:
    """One scripted move of ``seat`` if it has one; True if it moved."""
    seat.poll()
    ph = seat.phase
    v = seat.view()
    if ph == "discard":
        i = rng.randrange(6)
        j = (i + 1 + rng.randrange(5)) % 6
        seat.discard([v.my_cards[i], v.my_cards[j]])
    elif ph == "play":
        seat.play_index(v.legal[rng.randrange(len(v.legal))])
    elif ph == "hand_over":
        seat.next()
    elif ph == "count":
        d = seat.decision()
        assert d is not None
        seat.claim(_true_count(seat))
    else:
        return False
    return True


def _true_count(seat: DuelSeat) -> int:
    from crib.rules.scoring import score_hand

    d = seat.decision()
    assert d is not None and d.observation.starter is not None
    return score_hand(d.observation.hand, d.observation.starter, is_crib=d.what == "crib").total


def _play_out(seats: list[DuelSeat], rng: HashRng, *, until=lambda: False, check=None) -> int:  # type: ignore[no-untyped-def]
    moves = 0
    for _ in range(5000):
        if until() or all(s.phase in ("over", "abandoned") for s in seats):
            return moves
        for s in seats:
            if _step(s, rng):
                moves += 1
            if check is not None:
                check(s)
    raise AssertionError(f"the game did not end: {[s.phase for s in seats]}")


def _decisions(events: list[ev.Event]) -> int:
    return sum(isinstance(e, ev.Discarded | ev.Played | ev.Go | ev.Counted) for e in events)


def test_schema_has_the_duel_tables(db: Path) -> None:
    st = Store(db)
    assert st.schema_version == SCHEMA_VERSION
    sql = (
        "SELECT name FROM sqlite_master WHERE type='table'"
        if st.dialect == "sqlite"
        else "SELECT tablename FROM pg_tables WHERE schemaname=current_schema()"
    )
    names = {r[0] for r in st.conn.execute(sql)}
    assert {"duels", "duel_seats", "duel_moves"} <= names


def test_table_codes_are_short_and_unambiguous() -> None:
    codes = {duel_mod.new_table_code() for _ in range(200)}
    assert all(len(c) == 4 and not set(c) & set("01OIL") for c in codes)
    assert clean_table_code("ab-cd") == "ABCD"
    with pytest.raises(CribError, match="4 letters"):
        clean_table_code("AB0D")


def test_two_seats_play_a_whole_game_to_the_end(db: Path, tmp_path: Path) -> None:
    ann, bob = _pair(db)
    assert ann.phase == bob.phase == "discard"
    assert ann.record.commit and ann.record.commit == bob.record.commit
    _play_out([ann, bob], HashRng(1, "script"))
    for s in (ann, bob):
        s.poll()
    assert ann.phase == bob.phase == "over"
    st = DuelStore(db)
    rec = st.duel(ann.code)
    assert rec.status == "over" and rec.winner in (0, 1)
    # one row per decision, none twice, and the stored log is the engine's
    log = ev.log_from_json(st.duel_log(ann.code))
    assert log == list(ann.game.events) == list(bob.game.events)  # type: ignore[union-attr]
    assert len(st.moves(ann.code)) == _decisions(log)
    # the rows' events are the log, in order, after the start and the first deal
    stored = [e for r in st.moves(ann.code) for e in ev.log_from_json(r.events)]
    assert stored == log[2:]
    # FairDeal: verified against the revealed secret, by the engine and by `crib replay`
    r = replay(log, secret=ann.secret())
    assert r.verdict == VERIFIED_SECRET and r.complete
    assert "matches the revealed secret" in ann.fairness()
    from crib.tools.cli import main

    path = tmp_path / "duel.json"
    path.write_text(ann.log())
    assert main(["replay", str(path), "--secret", bob.secret(), "--quiet"]) == 0
    # the scores, each from its own side
    va, vb = ann.view(), bob.view()
    assert va.scores == vb.scores[::-1] and max(va.scores) == 121
    assert (va.winner == 0) == (vb.winner == 1)


def test_the_dealer_may_throw_before_the_pone(db: Path) -> None:
    ann, bob = _pair(db, seed=3)
    dealer = ann if ann.view().dealer == 0 else bob
    pone = bob if dealer is ann else ann
    dealer.discard(dealer.view().my_cards[:2])
    assert dealer.phase == "wait" and "throw" in dealer.view().prompt
    pone.poll()
    assert pone.phase == "discard"
    pone.discard(pone.view().my_cards[:2])
    dealer.poll()
    assert dealer.view().starter is not None and pone.view().starter == dealer.view().starter
    assert {dealer.phase, pone.phase} == {"play", "wait"}


def test_a_seat_dropped_mid_game_resumes_at_the_same_decision(db: Path) -> None:
    ann, bob = _pair(db, seed=5)
    rng = HashRng(5, "script")
    _play_out([ann, bob], rng, until=lambda: ann.view().hand_number >= 3 and bob.phase == "play")
    before = bob.view()
    token, code, n_rows = bob.token, bob.code, len(DuelStore(db).moves(ann.code))
    del bob  # the kernel is gone (kill -9): nothing of it survives but the store
    bob = DuelSeat.resume(DuelStore(db), code, token)
    after = bob.view()
    assert bob.seat == 1 and bob.phase == "play"
    for f in (
        "my_cards",
        "legal",
        "scores",
        "pile",
        "count",
        "starter",
        "hand_number",
        "dealer",
        "opp_held",
    ):
        assert getattr(after, f) == getattr(before, f), f
    assert len(DuelStore(db).moves(code)) == n_rows
    with pytest.raises(CribError, match="not a seat"):
        DuelSeat.resume(DuelStore(db), code, "0" * 16)
    _play_out([ann, bob], rng)
    log = ann.game.events  # type: ignore[union-attr]
    assert len(DuelStore(db).moves(code)) == _decisions(log)  # nothing lost, nothing twice
    assert replay(log, secret=ann.secret()).complete


def test_moves_are_idempotent(db: Path) -> None:
    ann, bob = _pair(db, seed=8)
    st = DuelStore(db)
    pone = ann if ann.view().dealer == 1 else bob
    throw = pone.view().my_cards[:2]
    # the kernel stored the move, then died before showing it: the retry stores nothing
    row = pone.storage.append_move(
        MoveRequest(
            pone.code,
            pone.seat,
            0,
            "discard",
            " ".join(map(str, throw)),
            f"{pone.code}:{pone.seat}:0",
            pone._last,
            pone._check("discard", " ".join(map(str, throw)), 0, f"{pone.code}:{pone.seat}:0", []),
        )
    )
    again = DuelSeat.resume(DuelStore(db), pone.code, pone.token)
    assert again.phase == "wait" and len(st.moves(pone.code)) == 1
    # the same move id again (a double click on a stale page): the same row, once
    stale = pone.storage.append_move(
        MoveRequest(
            pone.code,
            pone.seat,
            0,
            "discard",
            row.action,
            row.move_id,
            0,
            lambda _rows: pytest.fail("checked twice"),
        )
    )
    assert stale.id == row.id and len(st.moves(pone.code)) == 1
    # another move for the same decision is refused, and so is a second throw
    other = " ".join(map(str, pone.view().my_cards[2:4]))
    with pytest.raises(IllegalPlayError, match="already taken"):
        pone.storage.append_move(
            MoveRequest(
                pone.code, pone.seat, 0, "discard", other, row.move_id, 0, lambda _r: pytest.fail()
            )
        )
    with pytest.raises(IllegalPlayError, match="thrown"):
        again.discard(again._fold().six[2:4])
    assert len(st.moves(pone.code)) == 1
    # the table's moves are append-only
    with pytest.raises(integrity_errors(), match="append-only"):
        st.conn.execute("DELETE FROM duel_moves")


def test_out_of_turn_and_illegal_moves_are_refused(db: Path) -> None:
    ann, bob = _pair(db, seed=9)
    for s in (ann, bob):
        s.discard(s.view().my_cards[:2])
    ann.poll()
    bob.poll()
    waiting = ann if ann.phase == "wait" else bob
    with pytest.raises(IllegalPlayError, match="turn"):
        waiting.play(waiting.view().my_cards[0])
    with pytest.raises(CribError):
        ann.discard(ann.view().my_cards[:1])


def test_abandon_and_leave(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ann, bob = _pair(db, seed=4)
    assert ann.presence_text() == "" and ann.opponent_presence() == "here"
    bob.leave()
    ann.poll()
    assert ann.presence_text().startswith("Bob left the table")
    bob2 = DuelSeat.resume(DuelStore(db), bob.code, bob.token)  # back (a reload)
    ann.poll()
    assert ann.opponent_presence() == "here"
    # no heartbeat for longer than the timeout: gone
    seen = ann.record.seen[1]
    assert ann.opponent_presence(now=seen + duel_mod.GONE_AFTER_SECONDS + 1) == "left"
    assert ann.opponent_presence(now=seen + duel_mod.GONE_AFTER_SECONDS - 1) == "here"
    ann.abandon()
    bob2.poll()
    assert bob2.phase == ann.phase == "abandoned"
    rec = DuelStore(db).duel(ann.code)
    assert rec.status == "abandoned" and rec.reason == "Ann abandoned the game"
    assert "abandoned" in bob2.view().prompt
    with pytest.raises(CribError, match="abandoned"):
        bob2.discard(bob2.view().my_cards[:2])
    # the partial log still replays, verified against the secret revealed at the end
    assert replay(bob2.log(), secret=bob2.secret()).verdict == VERIFIED_SECRET


def test_a_full_table_and_a_wrong_code(db: Path) -> None:
    ann, _bob = _pair(db, seed=2)
    with pytest.raises(CribError, match="two players"):
        DuelSeat.join(DuelStore(db), ann.code, "Cy")
    with pytest.raises(CribError, match="no table"):
        DuelSeat.join(DuelStore(db), "ZZZZ" if ann.code != "ZZZZ" else "YYYY", "Cy")
    solo = DuelSeat.create(DuelStore(db), "Dee")
    assert solo.phase == "waiting" and solo.code in solo.view().prompt
    with pytest.raises(CribError, match="yourself|own name"):
        DuelSeat.join(DuelStore(db), solo.code, "Dee")


def _card_forms(c: object) -> list[str]:
    from crib.rules.cards import Card

    assert isinstance(c, Card)
    return [repr(c), c.pretty, card_text(c), card_name(c)]


def _no_hidden_cards(seat: DuelSeat) -> None:
    """The seat's view holds no card of the other seat's it has not seen."""
    assert seat.game is not None
    seen_events = seat.game.events[: seat._visible_upto()]
    hidden = hidden_cards(seen_events, seat.seat)
    d = seat.decision()
    if seat.phase == "count" and d is not None and d.what == "crib":
        hidden -= set(d.observation.hand)  # the dealer turns the crib up to count it
    v = seat.view()
    assert not (v.visible_cards() & hidden), (seat.seat, v.visible_cards() & hidden)
    text = repr(v)
    for c in hidden:
        for form in _card_forms(c):
            assert form not in text, (seat.seat, form)
        assert not re.search(rf"(?<![A-Za-z0-9]){c}(?![A-Za-z0-9])", text), (seat.seat, str(c))
    # and the events of this deal the view is built from blank them too
    evs = seat.my_events()
    last_deal = max(i for i, e in enumerate(evs) if isinstance(e, ev.Dealt))
    mine = repr(evs[last_deal:])
    for c in hidden:
        assert not re.search(rf"(?<![A-Za-z0-9]){c}(?![A-Za-z0-9])", mine), (seat.seat, str(c))


@pytest.mark.parametrize("seed", [21, 22])
def test_a_seat_never_sees_the_other_seats_hidden_cards(db: Path, seed: int) -> None:
    ann, bob = _pair(db, seed=seed, manual=(True, False), muggins=True)
    checked = []

    def check(s: DuelSeat) -> None:
        _no_hidden_cards(s)
        checked.append(s.phase)

    _play_out([ann, bob], HashRng(seed, "script"), check=check)
    assert {"discard", "play", "wait", "hand_over", "count"} <= set(checked)
    # the check can fail: a seat's view built from the other seat's events would show them
    leaky = seat_events(ann.game.events[:3], 1 - ann.seat)  # type: ignore[union-attr]
    assert any(isinstance(e, ev.Dealt) and e.hands[1] for e in leaky)


def test_the_coach_reviews_both_players(db: Path) -> None:
    ann, bob = _pair(db, seed=13, scores=(100, 100))
    with pytest.raises(CribError, match="end of the game"):
        ann.review()
    _play_out([ann, bob], HashRng(13, "script"))
    for s in (ann, bob):
        grades = s.review()
        assert grades, s.seat
        assert [g.lost for g in grades] == sorted((g.lost for g in grades), reverse=True)
        assert {g.kind for g in grades} <= {"discard", "play", "count"}
        assert all(g.verdict in ("best", "ok", "mistake", "costly", "blunder") for g in grades)
    # each graded on their own decisions: the discards are each seat's own six
    a6 = {g.position for g in ann.review() if g.kind == "discard"}
    b6 = {g.position for g in bob.review() if g.kind == "discard"}
    assert a6 and b6 and not a6 & b6


def test_the_in_memory_storage_plays_the_same_game(db: Path) -> None:
    st = MemoryDuelStorage()
    a = DuelSeat.create(st, "Ann", seed=11, master_seed=78, code="KQ7P")
    b = DuelSeat.join(st, "KQ7P", "Bob", client_seed=148)
    a.poll()
    _play_out([a, b], HashRng(1, "script"))
    ann, bob = _pair(db, seed=11)
    _play_out([ann, bob], HashRng(1, "script"))
    assert a.game.events == ann.game.events  # type: ignore[union-attr]


def test_two_classmates_racing_for_one_seat(db: Path) -> None:
    """Two kernels sit down at the same waiting table at once: one gets the seat, the
    other the clear message (the table's row is locked on PostgreSQL, the file on SQLite)."""
    DuelStore(db).create_duel(DuelSpec("RACE", "Ann", seed=1, master_seed=2, token="t0"))
    barrier = threading.Barrier(2)
    out: list[object] = []

    def sit(name: str) -> None:
        st = DuelStore(db)
        barrier.wait()
        try:
            out.append(
                st.join_duel("RACE", name, client_seed=3, commit="c", token=f"t-{name}").names
            )
        except CribError as e:
            out.append(str(e))

    threads = [threading.Thread(target=sit, args=(n,)) for n in ("Bob", "Cy")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(map(str, out))[1] == "table RACE already has two players: ask for a new code"
    assert DuelStore(db).duel("RACE").names in (("Ann", "Bob"), ("Ann", "Cy"))


def test_two_moves_appended_at_once_each_see_the_one_before(db: Path) -> None:
    """Both seats append at once: the engine check of the second sees the first's row
    (each append_move runs alone at its table), so no move is checked on a stale game."""
    DuelStore(db).create_duel(DuelSpec("PAIR", "Ann", seed=1, master_seed=2, token="t0"))
    DuelStore(db).join_duel("PAIR", "Bob", client_seed=3, commit="c", token="t1")
    barrier = threading.Barrier(2)
    seen: list[int] = []

    def move(seat: int) -> None:
        st = DuelStore(db)
        barrier.wait()

        def check(rows: list) -> MoveCheck:  # type: ignore[type-arg]
            seen.append(len(rows))
            time.sleep(0.2)  # a slow check: the other seat's append waits for it
            return MoveCheck("[]", None)

        st.append_move(MoveRequest("PAIR", seat, 0, "discard", [seat], f"PAIR:{seat}:0", 0, check))

    threads = [threading.Thread(target=move, args=(s,)) for s in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(seen) == [0, 1] and len(DuelStore(db).moves("PAIR")) == 2


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_after_its_own_move_a_seat_never_waits_to_say_go(db: Path, seed: int) -> None:
    """A page is never left on "your play" with no card that fits: after its own move
    the seat says go at once (not at the next poll), so no page shows a turn it cannot
    take.  The check runs after each scripted move, before any poll."""
    ann, bob = _pair(db, seed=seed)
    stuck: list[tuple[str, int]] = []

    def check(s: DuelSeat) -> None:
        if s.phase == "play" and not s.view().legal:
            stuck.append((s.record.names[s.seat] or "", s._n()))

    _play_out([ann, bob], HashRng(seed, "go"), check=check)
    assert stuck == []
