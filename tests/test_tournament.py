"""The class tournament: pairings, byes, standings, duplicate deals, results from real
games, the classroom record (crash included), CSV, the printable PDF and the command line.

Every database lives in pytest's tmp_path, or (the ``ts`` fixture's second run) in a
PostgreSQL database of its own on the server tests/pg.py starts.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import math
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections import Counter
from pathlib import Path

import pytest

from crib.ai.players import parse_player
from crib.classroom.tournament import Tournament
from crib.classroom.tournament.rules import Round, Table, TournamentError, round_deal, skunk_of
from crib.classroom.tournament.sheets import (
    expected_pages,
    pdf_page_count,
    pdf_page_size_mm,
    round_pdf,
)
from crib.rules.cards import Card
from crib.rules.events import Dealt, log_from_json, log_to_json
from crib.rules.fairness import hash_roll
from crib.rules.game import Game
from crib.store.classroom import SCHEMA_VERSION, Store
from crib.store.db import database_errors, integrity_errors
from crib.store.tournaments import TournamentStore, UnknownTournamentError
from crib.tools.cli import main
from tests.pg import legacy_sqlite

NAMES = [f"P{i:02d}" for i in range(30)]


def _play_all(t: Tournament) -> list[Round]:
    return [t.next_round() for _ in range(t.rounds)]


# --- round-robin ---------------------------------------------------------------------


@pytest.mark.parametrize("n", [10, 11, 30])
def test_round_robin_everyone_meets_everyone_once(n: int) -> None:
    t = Tournament("rr", NAMES[:n], fmt="round-robin", seed=1)
    assert t.rounds == (n - 1 if n % 2 == 0 else n)
    rounds = _play_all(t)
    meetings = Counter(frozenset(tb.seats) for r in rounds for tb in r.tables)
    assert len(meetings) == n * (n - 1) // 2  # every pair ...
    assert set(meetings.values()) == {1}  # ... exactly once
    for r in rounds:  # each player once a round: at one table or on the bye
        seen = [p for tb in r.tables for p in tb.seats] + ([r.bye] if r.bye else [])
        assert sorted(seen) == sorted(NAMES[:n])
        assert len(r.tables) == n // 2
        assert (r.bye is not None) == (n % 2 == 1)  # one bye a round when odd, none when even
    byes = Counter(r.bye for r in rounds if r.bye)
    if n % 2:
        assert byes == Counter({p: 1 for p in NAMES[:n]})  # everyone sits out exactly once
    else:
        assert not byes
    with pytest.raises(TournamentError, match="all .* rounds are paired"):
        t.next_round()


def test_round_robin_shares_out_seat_1() -> None:
    t = Tournament("rr", NAMES[:10], seed=1)
    seat1 = Counter(tb.seats[0] for r in _play_all(t) for tb in r.tables)
    assert set(seat1.values()) <= {4, 5}  # 9 games each: 4 or 5 in seat 1


# --- Swiss ---------------------------------------------------------------------------


def _score_round(t: Tournament, r: Round, rng: random.Random, skunks: bool = True) -> None:
    for tb in r.tables:
        lo = rng.randrange(60 if skunks else 91, 121)
        t.record_result(r.number, tb.number, (121, lo) if rng.random() < 0.5 else (lo, 121))


@pytest.mark.parametrize("n, rounds", [(12, 4), (12, 5), (13, 4), (13, 5)])
def test_swiss_no_rematch_and_distinct_byes(n: int, rounds: int) -> None:
    t = Tournament("sw", NAMES[:n], fmt="swiss", rounds=rounds, seed=2)
    rng = random.Random(n * 10 + rounds)
    met: set[frozenset[str]] = set()
    byes: list[str] = []
    for _ in range(rounds):
        before = t.standings()
        r = t.next_round()
        if n % 2:
            # the bye: the lowest-ranked player (points, spread, wins, entry order) without one
            order = sorted(before, key=lambda s: (-s.points, -s.spread, -s.wins, s.seed))
            assert r.bye == [s.name for s in order if s.name not in byes][-1]
            byes.append(r.bye)
        else:
            assert r.bye is None
        pairs = {frozenset(tb.seats) for tb in r.tables}
        assert not pairs & met, "a rematch"
        met |= pairs
        _score_round(t, r, rng)
    assert len(byes) == len(set(byes)) == (rounds if n % 2 else 0)
    assert len(met) == rounds * (n // 2)


def test_swiss_round_2_pairs_winners_with_winners() -> None:
    t = Tournament("sw", NAMES[:12], fmt="swiss", rounds=4, seed=2)
    r1 = t.next_round()
    # round 1 by entry order: top half v bottom half
    assert [tb.seats for tb in r1.tables][:2] == [("P00", "P06"), ("P01", "P07")]
    _score_round(t, r1, random.Random(5), skunks=False)  # every winner on 2 points
    pts = {s.name: s.points for s in t.standings()}
    r2 = t.next_round()
    assert all(pts[a] == pts[b] for a, b in (tb.seats for tb in r2.tables))


def test_swiss_avoids_a_rematch_by_leaving_the_score_group() -> None:
    """Four players, three rounds: before round 3 Ann (4 points) is alone in her score
    group and the next player down, Di, has met her: she floats to Bob instead."""
    t = Tournament("sw", ["Ann", "Bob", "Cy", "Di"], fmt="swiss", rounds=3, seed=2)
    r1 = t.next_round()
    assert [tb.seats for tb in r1.tables] == [("Ann", "Cy"), ("Bob", "Di")]
    t.record_result(1, 1, (121, 100))  # Ann
    t.record_result(1, 2, (100, 121))  # Di
    r2 = t.next_round()
    assert {frozenset(tb.seats) for tb in r2.tables} == {
        frozenset({"Ann", "Di"}),
        frozenset({"Cy", "Bob"}),
    }
    ann_v_di = next(tb for tb in r2.tables if "Ann" in tb.seats)
    t.record_result(2, ann_v_di.number, (121, 110) if ann_v_di.seats[0] == "Ann" else (110, 121))
    other = next(tb for tb in r2.tables if "Bob" in tb.seats)
    t.record_result(2, other.number, (121, 110) if other.seats[0] == "Bob" else (110, 121))
    assert [(s.name, s.points, s.spread) for s in t.standings()] == [
        ("Ann", 4, 32),
        ("Di", 2, 10),
        ("Bob", 2, -10),
        ("Cy", 0, -32),
    ]
    # Ann's nearest opponent in the standings, Di, would be a rematch: she plays Bob,
    # and Cy v Di is new too
    r3 = t.next_round()
    assert {frozenset(tb.seats) for tb in r3.tables} == {
        frozenset({"Ann", "Bob"}),
        frozenset({"Cy", "Di"}),
    }


def test_swiss_waits_for_the_last_rounds_results() -> None:
    t = Tournament("sw", NAMES[:6], fmt="swiss", rounds=3, seed=2)
    r = t.next_round()
    t.record_result(1, 1, (121, 90))
    with pytest.raises(TournamentError, match=r"round 1 is not finished \(tables 2, 3 have"):
        t.next_round()
    assert len(r.tables) == 3


# --- skunks, points, standings -------------------------------------------------------


def test_skunk_lines() -> None:
    assert [skunk_of(121, x) for x in (120, 91, 90, 61, 60, 0)] == [
        "",
        "",
        "skunk",
        "skunk",
        "double skunk",
        "double skunk",
    ]
    assert [skunk_of(61, x) for x in (60, 31, 30, 1, 0)] == [
        "",
        "",
        "skunk",
        "skunk",
        "double skunk",
    ]


def _worked() -> Tournament:
    t = Tournament("Worked", ["Ann", "Bob", "Cy", "Di"], length=121, seed=1)
    _play_all(t)
    assert [[tb.seats for tb in r.tables] for r in t.played_rounds] == [
        [("Ann", "Di"), ("Cy", "Bob")],
        [("Cy", "Ann"), ("Bob", "Di")],
        [("Ann", "Bob"), ("Di", "Cy")],
    ]
    t.record_result(1, 1, (121, 85))  # Ann skunks Di: 3 points, +36
    t.record_result(1, 2, (121, 110))  # Cy +11
    t.record_result(2, 1, (100, 121))  # Ann +21
    t.record_result(2, 2, (121, 119))  # Bob +2
    t.record_result(3, 1, (105, 121))  # Bob +16
    t.record_result(3, 2, (121, 111))  # Di +10
    return t


def test_standings_worked_example_with_a_skunk_and_a_spread_tie() -> None:
    st = _worked().standings()
    got = [(s.rank_text, s.name, s.points, s.spread, s.wins, s.losses, s.skunks) for s in st]
    assert got == [
        ("1", "Ann", 5, 36 + 21 - 16, 2, 1, 1),  # the skunk's third point puts Ann ahead
        ("2", "Bob", 4, -11 + 2 + 16, 2, 1, 0),
        ("3", "Cy", 2, 11 - 21 - 10, 1, 2, 0),  # Cy and Di on 2 points: spread -20 ...
        ("4", "Di", 2, -36 - 2 + 10, 1, 2, 0),  # ... beats -28
    ]
    ann = st[0]
    assert (ann.points_for, ann.points_against) == (121 + 121 + 105, 85 + 100 + 121)


def test_ties_then_games_won_then_a_shared_rank() -> None:
    t = Tournament("ties", ["Xa", "Yb", "Zc", "Wd", "Ve"], fmt="swiss", rounds=3, seed=1)
    t.add_round(Round(1, (Table(1, ("Yb", "Zc")), Table(2, ("Wd", "Ve"))), "Xa"))
    t.add_round(Round(2, (Table(1, ("Xa", "Wd")), Table(2, ("Yb", "Ve"))), "Zc"))
    t.add_round(Round(3, (Table(1, ("Xa", "Zc")), Table(2, ("Yb", "Wd"))), "Ve"))
    t.record_result(1, 1, (121, 118))  # Yb +3
    t.record_result(1, 2, (121, 117))  # Wd +4
    t.record_result(2, 1, (121, 116))  # Xa +5
    t.record_result(2, 2, (121, 119))  # Yb +2
    t.record_result(3, 1, (116, 121))  # Zc +5 over Xa
    t.record_result(3, 2, (116, 121))  # Wd +5 over Yb
    got = [(s.rank_text, s.name, s.points, s.spread, s.wins) for s in t.standings()]
    assert got == [
        ("1", "Wd", 4, 4 - 5 + 5, 2),
        ("2", "Zc", 4, -3 + 5, 1),  # a bye and a win
        ("3", "Yb", 4, 3 + 2 - 5, 2),  # Yb and Xa: 4 points, spread 0; Yb won 2 games ...
        ("4", "Xa", 4, 5 - 5, 1),  # ... Xa 1 (and a bye)
        ("5", "Ve", 2, -4 - 2, 0),
    ]
    # a full tie (points, spread, wins) shares the rank and lists by name
    u = Tournament("tie", ["Bo", "Al", "Cy", "Di"], seed=1)
    u.add_round(Round(1, (Table(1, ("Bo", "Cy")), Table(2, ("Al", "Di"))), None))
    u.record_result(1, 1, (121, 100))
    u.record_result(1, 2, (121, 100))
    assert [(s.rank_text, s.name) for s in u.standings()] == [
        ("1=", "Al"),
        ("1=", "Bo"),
        ("3=", "Cy"),
        ("3=", "Di"),
    ]


@pytest.mark.parametrize(
    "scores, why",
    [
        ((121, 121), "the winner has 121"),
        ((120, 100), "the winner"),
        ((122, 3), "the winner"),
        ((121, -1), "the loser"),
        (("x", 3), "whole number"),
        ((121,), "two scores"),
    ],
)
def test_a_bad_result_is_refused(scores: tuple, why: str) -> None:
    t = Tournament("t", NAMES[:4], seed=1)
    t.next_round()
    with pytest.raises(TournamentError, match=why):
        t.record_result(1, 1, scores)
    assert not t.results


def test_bad_setups_are_refused() -> None:
    with pytest.raises(TournamentError, match="61 or 121"):
        Tournament("t", NAMES[:4], length=100)
    with pytest.raises(TournamentError, match="round-robin or swiss"):
        Tournament("t", NAMES[:4], fmt="knockout")
    with pytest.raises(TournamentError, match="entered twice"):
        Tournament("t", ["Ann", "ann", "Bob"])
    with pytest.raises(TournamentError, match="1 to 3 rounds"):
        Tournament("t", NAMES[:4], fmt="swiss", rounds=4)
    with pytest.raises(TournamentError, match="2 to 100 players"):
        Tournament("t", ["Solo"])
    with pytest.raises(TournamentError, match="no < or >"):
        Tournament("t", ["<b>Ann</b>", "Bob"])
    t = Tournament("t", NAMES[:4], seed=1)
    with pytest.raises(TournamentError, match="no round is paired"):
        t.record_result(1, 1, (121, 0))
    t.next_round()
    with pytest.raises(TournamentError, match="no table 3"):
        t.record_result(1, 3, (121, 0))


# --- duplicate deals -----------------------------------------------------------------


def test_the_round_seeds_come_from_the_tournament_seed() -> None:
    d = round_deal(2024, 3)
    assert d.game_seed == int(hash_roll(2024, "tournament|round|3", 0) * 2**53)
    assert d.hand_seeds(12) == round_deal(2024, 3).hand_seeds(12)  # reproducible
    assert len(set(d.hand_seeds(12))) == 12
    seeds = {r: round_deal(2024, r).hand_seeds(12) for r in range(1, 6)}
    assert len({s[0] for s in seeds.values()}) == 5  # every round its own cards
    assert round_deal(2025, 3).hand_seeds(12) != d.hand_seeds(12)  # another tournament, others


def _hands(res) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:  # type: ignore[no-untyped-def]
    return [e.hands for e in res.events if isinstance(e, Dealt)]


def test_every_table_of_a_round_gets_the_same_cards() -> None:
    t = Tournament("dup", NAMES[:6], length=121, seed=99)
    r1, r2 = t.next_round(), t.next_round()
    games = {}
    for r in (r1, r2):
        for tb in r.tables:
            # different players at each table: the cards must not depend on them
            tier = ("easy", "normal", "random")[tb.number - 1]
            g = t.new_game(r.number, tb.number, (parse_player(tier), parse_player("easy")))
            games[(r.number, tb.number)] = g.run()
    for r in (r1, r2):
        dealt = [_hands(games[(r.number, tb.number)]) for tb in r.tables]
        k = min(len(h) for h in dealt)
        assert k >= 5
        assert all(h[:k] == dealt[0][:k] for h in dealt)  # same six cards, hand by hand
        starts = {games[(r.number, tb.number)].events[0] for tb in r.tables}
        assert len({(s.seed, s.commit, s.first_dealer) for s in starts}) == 1
        assert next(iter(starts)).commit == t.deal(r.number).commit
        # the deals are the round's committed decks
        d = t.deal(r.number)
        assert dealt[0][0][1 - d.first_dealer] == d.deck(0)[0:12:2]  # the pone's six
    assert _hands(games[(1, 1)])[0] != _hands(games[(2, 1)])[0]  # rounds differ


# --- results from the games themselves -----------------------------------------------


@pytest.mark.parametrize("length", [121, 61])
def test_results_come_from_real_games(length: int) -> None:
    t = Tournament("games", ["Ann", "Bob", "Cy", "Di", "Ed"], length=length, seed=7)
    r = t.next_round()
    for tb in r.tables:
        g = t.new_game(1, tb.number, (parse_player("easy"), parse_player("easy")))
        res = g.run()
        got = t.record_game(1, tb.number, res)
        off = 121 - length
        assert got.scores == (res.scores[0] - off, res.scores[1] - off)
        assert max(got.scores) == length and got.source == "game"
        assert got.seats[got.winner] == tb.seats[res.winner]
        assert got.skunk == res.skunk  # the same margins in both lengths
        assert log_from_json(got.log) == list(res.events)
    st = {s.name: s for s in t.standings()}
    assert (
        sum(s.points for s in st.values())
        == sum(max(t.results[(1, tb.number)].points) for tb in r.tables) + 2
    )  # and the bye's 2
    assert st[r.bye].byes == 1 and st[r.bye].points == 2  # type: ignore[index]
    assert sum(s.spread for s in st.values()) == 0


def test_a_game_that_is_not_the_rounds_is_refused() -> None:
    t = Tournament("games", NAMES[:4], seed=7)
    t.next_round()
    t.next_round()
    easy = (parse_player("easy"), parse_player("easy"))
    with pytest.raises(TournamentError, match="not dealt from round 1's cards"):
        t.record_game(1, 1, Game(seed=5, players=easy).run())
    with pytest.raises(TournamentError, match="not dealt from round 1's cards"):
        t.record_game(1, 1, t.new_game(2, 1, easy).run())  # round 2's deals
    t61 = Tournament("short", NAMES[:4], seed=7, length=61)
    t61.next_round()
    with pytest.raises(TournamentError, match="starts at 60-60"):
        t61.record_game(1, 1, t.new_game(1, 1, easy).run())
    unfinished = t.new_game(1, 1, (parse_player("human"), parse_player("easy")))
    unfinished.advance()
    with pytest.raises(TournamentError, match="not over yet"):
        t.record_game(1, 1, unfinished.events)
    # a doctored log: the loser's last score changed
    res = t.new_game(1, 1, easy).run()
    data = json.loads(log_to_json(res.events))
    data[-1]["scores"] = [121, 0] if res.winner == 0 else [0, 121]
    with pytest.raises(TournamentError, match="the game log does not verify"):
        t.record_game(1, 1, json.dumps(data))
    assert not t.results
    assert t.record_game(1, 1, log_to_json(res.events)).source == "game"  # the real log is fine


# --- CSV -----------------------------------------------------------------------------


def test_standings_csv() -> None:
    assert _worked().standings_csv() == textwrap.dedent(
        """\
        rank,player,points,spread,wins,losses,skunks,byes,played,points_for,points_against
        1,Ann,5,41,2,1,1,0,3,347,306
        2,Bob,4,7,2,1,0,0,3,352,345
        3,Cy,2,-20,1,2,0,0,3,332,352
        4,Di,2,-28,1,2,0,0,3,325,353
        """
    )


def test_results_csv_has_every_table_and_bye() -> None:
    t = Tournament("r", ["Ann", "Bob", "Cy"], length=61, seed=1)
    t.next_round()
    t.next_round()
    t.record_result(1, 1, (61, 29))
    rows = list(csv.DictReader(io.StringIO(t.results_csv())))
    assert rows == [
        dict(
            round="1",
            table="1",
            seat1="Cy",
            seat2="Bob",
            length="61",
            score1="61",
            score2="29",
            winner="Cy",
            skunk="skunk",
            points1="3",
            points2="0",
            source="paper",
        ),
        dict(
            round="1",
            table="bye",
            seat1="Ann",
            seat2="",
            length="61",
            score1="",
            score2="",
            winner="",
            skunk="",
            points1="2",
            points2="",
            source="bye",
        ),
        dict(
            round="2",
            table="1",
            seat1="Cy",
            seat2="Ann",
            length="61",
            score1="",
            score2="",
            winner="",
            skunk="",
            points1="",
            points2="",
            source="pending",
        ),
        dict(
            round="2",
            table="bye",
            seat1="Bob",
            seat2="",
            length="61",
            score1="",
            score2="",
            winner="",
            skunk="",
            points1="2",
            points2="",
            source="bye",
        ),
    ]


# --- the classroom record ------------------------------------------------------------


@pytest.fixture()
def ts(db_target: Path | str) -> TournamentStore:
    s = TournamentStore(db_target)
    yield s
    s.close()


def test_store_round_trip(ts: TournamentStore) -> None:
    t = Tournament("Friday", NAMES[:7], fmt="swiss", length=61, rounds=3, seed=11)
    code = ts.create(t, code="FRI234")
    r1 = ts.pair_next_round(code)
    for tb in r1.tables:
        ts.record_result(code, 1, tb.number, (61, 20 + tb.number))
    ts.record_result(code, 1, 2, (40, 61))  # a correction: the latest counts
    g = ts.load(code).new_game(1, 1, (parse_player("easy"), parse_player("easy")))
    ts.record_game(code, 1, 1, g.run())
    ts.pair_next_round(code)
    back = ts.load(code)
    assert (
        back.name,
        back.players,
        back.format,
        back.length,
        back.rounds,
        back.seed,
        back.code,
    ) == ("Friday", tuple(NAMES[:7]), "swiss", 61, 3, 11, "FRI234")
    assert back.played_rounds[0] == r1
    assert back.results[(1, 2)].scores == (40, 61)
    assert back.results[(1, 1)].source == "game"
    assert back.results[(1, 3)].scores == (61, 23)
    # the same as the tournament run in memory
    mem = Tournament("Friday", NAMES[:7], fmt="swiss", length=61, rounds=3, seed=11)
    mem.next_round()
    for (rn, tn), res in back.results.items():
        mem.record_result(rn, tn, res.scores)
    assert mem.next_round() == back.played_rounds[1]
    assert [(s.name, s.points, s.spread) for s in mem.standings()] == [
        (s.name, s.points, s.spread) for s in back.standings()
    ]
    # results are append-only: 5 rows kept (3 tables, a correction, a game)
    n = ts.conn.execute("SELECT COUNT(*) FROM tournament_results").fetchone()[0]
    assert n == 5
    with pytest.raises(database_errors(), match="append-only"):
        ts.conn.execute("UPDATE tournament_results SET score1=0")
    with pytest.raises(database_errors(), match="append-only"):
        ts.conn.execute("DELETE FROM tournament_results")
    with pytest.raises(database_errors(), match="fixed once made"):
        ts.conn.execute("UPDATE tournament_tables SET seat1='x'")
    with pytest.raises(UnknownTournamentError):
        ts.load("NOPE23")


def test_a_write_that_fails_halfway_leaves_nothing(
    ts: TournamentStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = ts.create(Tournament("t", NAMES[:6], seed=1))
    real = Tournament.next_round

    def broken(self: Tournament) -> Round:  # the third table's row breaks NOT NULL
        r = real(self)
        return Round(r.number, (*r.tables[:2], Table(3, (None, "P05"))), r.bye)  # type: ignore[arg-type]

    monkeypatch.setattr(Tournament, "next_round", broken)
    with pytest.raises(integrity_errors()):
        ts.pair_next_round(code)
    assert ts.conn.execute("SELECT COUNT(*) FROM tournament_tables").fetchone()[0] == 0
    monkeypatch.undo()
    assert [tb.number for tb in ts.pair_next_round(code).tables] == [1, 2, 3]
    assert ts.conn.execute("SELECT COUNT(*) FROM tournament_tables").fetchone()[0] == 3


def test_two_teacher_pages_pairing_at_once(ts: TournamentStore) -> None:
    """Two pages press 'next round' at once: the presses pair rounds 1 and 2, one after
    the other (the tournament's row is locked on PostgreSQL, the file on SQLite)."""
    import threading

    code = ts.create(Tournament("t", NAMES[:4], seed=1))
    barrier = threading.Barrier(2)
    out: list[object] = []

    def press() -> None:
        other = TournamentStore(ts.store.path)
        barrier.wait()
        try:
            out.append(other.pair_next_round(code).number)
        except Exception as e:  # noqa: BLE001 - the assertion shows it
            out.append(e)

    threads = [threading.Thread(target=press) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(out) == [1, 2]  # type: ignore[type-var]
    assert [r.number for r in ts.load(code).played_rounds] == [1, 2]


def test_a_player_finds_their_table() -> None:
    t = Tournament("t", ["Ann", "Bob", "Cy"], seed=1)
    t.next_round()
    assert t.seat_of(1, "Cy") == (1, 0) and t.seat_of(1, "Bob") == (1, 1)
    assert t.seat_of(1, "Ann") is None  # the bye
    with pytest.raises(TournamentError, match="does not play"):
        t.seat_of(1, "Zed")


def test_a_retried_result_is_stored_once(ts: TournamentStore) -> None:
    code = ts.create(Tournament("t", NAMES[:4], seed=1))
    ts.pair_next_round(code)
    for _ in range(3):
        ts.record_result(code, 1, 1, (121, 99), token="tok-1")
    assert ts.conn.execute("SELECT COUNT(*) FROM tournament_results").fetchone()[0] == 1


def test_a_tournament_from_a_class_session(ts: TournamentStore) -> None:
    st = ts.store
    s = st.create_session("Tuesday", seed=1, questions=[{"kind": "count"}])
    other = st.create_session("Wednesday", seed=2, questions=[{"kind": "count"}])
    for n in ["Ann", "Bob", "Cy", "Di", "Ed"]:
        st.join(s.code, n)
    st.join(other.code, "Zed")
    code = ts.create_from_session(s.code, "Class cup", fmt="swiss", length=61)
    t = ts.load(code)
    assert t.players == ("Ann", "Bob", "Cy", "Di", "Ed")
    assert t.rounds == math.ceil(math.log2(5)) + 1
    assert ts.list_for_session(s.code) == [(code, "Class cup")]
    assert ts.list_for_session(other.code) == []


def test_migration_from_version_3_keeps_the_data(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    legacy_sqlite(db, 3)  # crib before Alembic: PRAGMA user_version 3
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute(
        "INSERT INTO sessions(code,name,seed,questions,created,time_limit)"
        " VALUES ('OLD234','old',1,'[{}]',0,60)"
    )
    conn.close()
    st = Store(db)
    assert st.schema_version == SCHEMA_VERSION
    assert st.session("OLD234").time_limit == 60
    st.join("OLD234", "Ann")
    st.join("OLD234", "Bob")
    ts = TournamentStore(st)
    code = ts.create_from_session("OLD234", "After the upgrade")
    assert ts.load(code).players == ("Ann", "Bob")
    assert st.integrity_check() == "ok"
    st.close()


_KILLED_DIRECTOR = textwrap.dedent(
    """
    import sys
    from crib.store.tournaments import TournamentStore
    ts = TournamentStore(sys.argv[1])
    code = sys.argv[2]
    n = 0
    while True:
        r = ts.pair_next_round(code)
        print(f"round {r.number}", flush=True)  # acknowledged: committed
        for tb in r.tables:
            tok = f"r{r.number}t{tb.number}"
            ts.record_result(code, r.number, tb.number, (121, 60 + tb.number), token=tok)
            print(tok, flush=True)
    """
)


def test_kill_9_mid_tournament_loses_nothing_committed(tmp_path: Path, ts: TournamentStore) -> None:
    code = ts.create(Tournament("crash", NAMES, seed=3))  # 29 rounds of 15 tables
    script = tmp_path / "director.py"
    script.write_text(_KILLED_DIRECTOR)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    p = subprocess.Popen(
        [sys.executable, str(script), str(ts.store.path), code],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    acked: list[str] = []
    deadline = time.monotonic() + 120
    while len(acked) < 40 and time.monotonic() < deadline:
        line = p.stdout.readline()  # type: ignore[union-attr]
        if line:
            acked.append(line.strip())
    assert len(acked) >= 40, "the writer did not get going"
    p.send_signal(signal.SIGKILL)  # mid-stream: pairing and recording as fast as it can
    p.wait(10)
    assert p.returncode == -signal.SIGKILL
    acked += [ln.strip() for ln in p.stdout.read().splitlines() if ln.strip()]  # type: ignore[union-attr]
    fresh = TournamentStore(ts.store.path)
    t = fresh.load(code)
    tokens = {r[0] for r in fresh.conn.execute("SELECT token FROM tournament_results")}
    rounds_acked = max(int(a.split()[1]) for a in acked if a.startswith("round"))
    assert len(t.played_rounds) >= rounds_acked
    assert all(len(r.tables) == 15 for r in t.played_rounds)  # no half-stored round
    missing = {a for a in acked if not a.startswith("round")} - tokens
    assert not missing, f"acknowledged but lost: {sorted(missing)[:5]}"
    assert fresh.store.integrity_check() == "ok"
    # and the tournament goes on from where it stopped
    last = t.played_rounds[-1]
    for tb in last.tables:
        if (last.number, tb.number) not in t.results:
            fresh.record_result(code, last.number, tb.number, (121, 100))
    assert fresh.pair_next_round(code).number == last.number + 1
    fresh.close()


# --- printables ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "n, paper, size, pages",
    [
        (30, "a4", (210.0, 297.0), 1 + 8),
        (11, "letter", (215.9, 279.4), 1 + 3),
        (4, "a4", (210.0, 297.0), 1 + 1),
    ],
)
def test_round_pdf_pages_and_size(n: int, paper: str, size: tuple, pages: int) -> None:
    t = Tournament("Print", NAMES[:n], fmt="swiss", seed=4)
    t.next_round()
    data = round_pdf(t, 1, paper=paper)
    assert data.startswith(b"%PDF-")
    assert pdf_page_size_mm(data) == size
    assert pdf_page_count(data) == pages == expected_pages(n // 2)
    assert pdf_page_count(round_pdf(t, 1, paper, what="pairings")) == 1
    assert pdf_page_count(round_pdf(t, 1, paper, what="scorecards")) == pages - 1


def test_the_pages_name_the_players_and_the_skunk_line() -> None:
    from crib.classroom.tournament.sheets import round_figures

    t = Tournament("Print", ["Ann", "Bob", "Cy"], length=61, seed=4)
    t.next_round()
    pair, card = round_figures(t, 1, "a4")
    texts = lambda f: [x.get_text() for x in f.axes[0].texts]  # noqa: E731
    assert "Bye: Ann sits out this round (2 game points, no spread)." in texts(pair)
    assert {"Cy", "Bob"} <= set(texts(pair))
    assert "Scorecard · round 1 · table 1" in texts(card)
    assert any(s.startswith("Skunk line 31: a loser under 31") for s in texts(card))
    assert [s for s in texts(card) if s.isdigit()] == [str(i) for i in range(1, 9)]  # 8 hand rows


# --- the command line ----------------------------------------------------------------


def test_cli_runs_a_tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "c.sqlite3")
    assert (
        main(
            [
                "tournament",
                "create",
                "Club",
                "--db",
                db,
                "--players",
                "Ann, Bob, Cy, Di, Ed",
                "--format",
                "swiss",
                "--length",
                "61",
                "--seed",
                "5",
                "--code",
                "CLB234",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "tournament CLB234: 5 players, swiss, 4 rounds" in out
    assert "table  1: Ann v Cy" in out and "bye: Ed" in out
    assert "deals: commitment" in out and "secret" not in out  # not before the round ends
    assert main(["tournament", "result", "CLB234", "1", "1", "61", "25", "--db", db]) == 0
    assert "Ann 61, Cy 25, skunk (Ann +3; from paper)" in capsys.readouterr().out
    assert main(["tournament", "result", "CLB234", "1", "2", "61", "61", "--db", db]) == 2
    assert "the winner has 61" in capsys.readouterr().err
    assert main(["tournament", "pair", "CLB234", "--db", db]) == 2
    assert "table 2 has no result yet" in capsys.readouterr().err
    assert main(["tournament", "play", "CLB234", "--db", db]) == 0
    assert "from the game" in capsys.readouterr().out
    assert main(["tournament", "pairings", "CLB234", "--db", db]) == 0
    out = capsys.readouterr().out
    store = TournamentStore(db)
    deal = store.load("CLB234").deal(1)
    store.close()
    assert f"deals: commitment {deal.commit}" in out
    assert f"deals: secret {deal.secret.hex()}" in out  # round 1 is over: revealed
    assert main(["tournament", "standings", "CLB234", "--db", db]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].split()[:3] == ["1", "Ann", "3"]
    out_csv = tmp_path / "s.csv"
    assert main(["tournament", "csv", "CLB234", "--db", db, "--out", str(out_csv)]) == 0
    assert out_csv.read_text().splitlines()[1].startswith("1,Ann,3,36,1,0,1,0,1,61,25")
    pdf = tmp_path / "r1.pdf"
    assert (
        main(["tournament", "print", "CLB234", "--db", db, "--paper", "letter", "--out", str(pdf)])
        == 0
    )
    assert "(2 pages, letter)" in capsys.readouterr().out  # the sheet, then 2 cards on a page
    assert pdf_page_count(pdf.read_bytes()) == 2
    assert main(["tournament", "pairings", "ZZZZZZ", "--db", db]) == 2
    assert "unknown tournament code" in capsys.readouterr().err


def test_cli_records_a_saved_game_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "c.sqlite3")
    assert (
        main(
            [
                "tournament",
                "create",
                "Logs",
                "--db",
                db,
                "--players",
                "Ann,Bob",
                "--seed",
                "8",
                "--code",
                "LOG234",
            ]
        )
        == 0
    )
    store = TournamentStore(db)
    t = store.load("LOG234")
    store.close()
    res = t.new_game(1, 1, (parse_player("easy"), parse_player("easy"))).run()
    log = tmp_path / "g.json"
    log.write_text(log_to_json(res.events))
    capsys.readouterr()
    assert main(["tournament", "game", "LOG234", "1", "1", str(log), "--db", db]) == 0
    out = capsys.readouterr().out
    assert f"{t.round(1).tables[0].seats[res.winner]} {max(res.scores)}" in out


def test_every_pair_of_a_30_player_round_robin_is_one_game() -> None:
    t = Tournament("rr", NAMES, seed=1)
    tables = [tb for r in _play_all(t) for tb in r.tables]
    assert len(tables) == 435 == math.comb(30, 2)
    assert {frozenset(tb.seats) for tb in tables} == {
        frozenset(p) for p in itertools.combinations(NAMES, 2)
    }
