"""Replay through the engine: a verdict on the deals, and tampering caught at its event."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib.ai.players import parse_player
from crib.errors import CribError
from crib.rules.cards import DECK, Card, parse_cards
from crib.rules.events import (
    Cut,
    Dealt,
    Discarded,
    GameOver,
    GameStarted,
    Played,
    Shown,
    log_from_json,
    log_to_json,
)
from crib.rules.fairness import begin_match
from crib.rules.game import Game
from crib.rules.replay import NOT_VERIFIED, VERIFIED_SECRET, VERIFIED_SEED, replay
from crib.tools.cli import main

PLAYERS = ("expert", "easy")


def _game(seed: int = 7, **kw: object) -> list:
    g = Game(seed, players=tuple(parse_player(p) for p in PLAYERS), **kw)  # type: ignore[arg-type]
    return list(g.run().events)


@pytest.fixture(scope="module")
def log() -> list:
    return _game()


def _first(evs: list, kind: type, pred=lambda e: True) -> int:  # type: ignore[no-untyped-def]
    return next(i for i, e in enumerate(evs) if isinstance(e, kind) and pred(e))


def _swap_card(cards: tuple[Card, ...], six: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards`` with its first card replaced by a card from ``six`` not already in it."""
    other = next(c for c in six if c not in cards)
    return (other, *cards[1:])


def test_an_honest_log_is_verified_from_the_seed(log: list) -> None:
    r = replay(log_to_json(log))
    assert r.verdict == VERIFIED_SEED and r.verified and r.complete
    assert [s.event for s in r.snapshots] == log
    assert "deals verified from the seed" in r.summary()


def _tampered(log: list, i: int, **changes: object) -> list:
    evs = list(log)
    evs[i] = dataclasses.replace(evs[i], **changes)
    return evs


def test_the_seed(log: list) -> None:
    with pytest.raises(
        CribError, match=r"log event 0 \(started\): the commitment does not match seed 8"
    ):
        replay(_tampered(log, 0, seed=8))


def test_the_commitment(log: list) -> None:
    with pytest.raises(CribError, match=r"log event 0 \(started\): the commitment"):
        replay(_tampered(log, 0, commit="ab" * 32))


def test_a_dealt_card(log: list) -> None:
    i = _first(log, Dealt)
    e = log[i]
    spare = next(c for c in DECK if c not in e.hands[0] + e.hands[1])
    hands = ((spare, *e.hands[0][1:]), e.hands[1])
    with pytest.raises(
        CribError, match=rf"log event {i} \(dealt\): the dealt cards differ from the seed's shuffle"
    ):
        replay(_tampered(log, i, hands=hands))


def test_the_starter(log: list) -> None:
    i = _first(log, Cut)
    spare = next(c for c in DECK if c != log[i].starter)
    with pytest.raises(CribError, match=rf"log event {i} \(cut\): the starter differs"):
        replay(_tampered(log, i, starter=spare))


def test_a_discard(log: list) -> None:
    i = _first(log, Discarded)
    e = log[i]
    dealt = log[_first(log, Dealt)]
    new = _swap_card(e.cards, dealt.hands[e.player])
    with pytest.raises(CribError, match=rf"the log's discard at event {i} threw"):
        replay(_tampered(log, i, cards=new))


def test_a_played_card(log: list) -> None:
    i = _first(log, Played)
    spare = next(c for c in DECK if c != log[i].card)
    with pytest.raises(CribError, match=rf"log event {i} \(played\)"):
        replay(_tampered(log, i, card=spare))


def test_points(log: list) -> None:
    i = _first(log, Played, lambda e: e.points > 0)
    with pytest.raises(CribError, match=rf"log event {i} \(played\): points recorded"):
        replay(_tampered(log, i, points=log[i].points + 1))
    j = _first(log, Shown, lambda e: e.total > 0)
    with pytest.raises(CribError, match=rf"log event {j} \(shown\)"):
        replay(_tampered(log, j, total=log[j].total + 1, points=log[j].points + 1))


def test_who_won_and_the_final_scores(log: list) -> None:
    i = len(log) - 1
    assert isinstance(log[i], GameOver)
    with pytest.raises(CribError, match=rf"log event {i} \(over\): winner recorded"):
        replay(_tampered(log, i, winner=1 - log[i].winner))
    s = log[i].scores
    with pytest.raises(CribError, match=rf"log event {i} \(over\): scores recorded"):
        replay(_tampered(log, i, scores=(s[0] + 1, s[1])))


def test_an_event_added_after_the_end_or_a_log_cut_short(log: list) -> None:
    with pytest.raises(CribError, match=rf"log event {len(log)} \(over\): an event after the game"):
        replay([*log, log[-1]])
    r = replay(log[:40])
    assert r.verdict == VERIFIED_SEED and not r.complete
    assert "a game in progress" in r.summary()


def _changed(x: object) -> object:
    """A different value of the same kind: another card for a card or a card list, a new
    word for a word."""
    if isinstance(x, int):
        return x + 1
    if isinstance(x, Card):
        return next(c for c in DECK if c != x)
    if isinstance(x, tuple) and all(isinstance(c, Card) for c in x):
        return (next(c for c in DECK if c not in x), *x[1:])
    assert isinstance(x, str)
    return {"hand": "crib", "crib": "hand", "": "skunk"}.get(x, x + "!")


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_single_field_changed_is_caught(data: st.DataObject) -> None:
    log = _game(11)
    i = data.draw(st.integers(0, len(log) - 1))
    e = log[i]
    names = [
        f.name for f in dataclasses.fields(e) if f.init and f.name not in ("players", "detail")
    ]
    name = data.draw(st.sampled_from(names))
    old = getattr(e, name)
    if isinstance(old, bool):  # before int: a bool is an int
        new = not old
    elif old is None:
        new = 0
    elif isinstance(old, int):
        new = old + data.draw(st.sampled_from([-1, 1, 2]))
    elif isinstance(old, tuple) and not all(isinstance(c, Card) for c in old):  # hands, scores
        k = data.draw(st.integers(0, len(old) - 1))
        new = old[:k] + (_changed(old[k]),) + old[k + 1 :]
    else:
        new = _changed(old)
    evs = list(log)
    evs[i] = dataclasses.replace(e, **{name: new})
    with pytest.raises(CribError, match=r"log event \d+ \("):
        replay(evs)


def test_stacked_decks_replay_but_are_not_verified() -> None:
    deck = parse_cards("5H 5D 5C 5S JH JD 4C 4S 6C 6S 7H 7D 2C")
    deck = deck + tuple(c for c in DECK if c not in deck)
    evs = _game(3, first_dealer=1, stacked=[deck] * 40)
    r = replay(log_to_json(evs))
    assert r.verdict == NOT_VERIFIED and r.reason == "stacked decks" and not r.verified
    assert "deals NOT verified (stacked decks)" in r.summary()


def test_a_match_verifies_against_its_secret_only() -> None:
    m = begin_match(123, 456)
    evs = _game(5, match=m)
    assert isinstance(evs[0], GameStarted) and evs[0].deals == "match"
    blind = replay(evs)
    assert blind.verdict == NOT_VERIFIED and blind.reason == "a match without its secret"
    r = replay(evs, secret=m.secret.hex())
    assert r.verdict == VERIFIED_SECRET and r.complete
    with pytest.raises(
        CribError, match=r"log event 0 \(started\): the revealed secret does not match"
    ):
        replay(evs, secret=b"wrong")
    # a changed deal in a match is caught once the secret is revealed
    i = _first(evs, Cut)
    spare = next(c for c in DECK if c != evs[i].starter)
    with pytest.raises(
        CribError, match=rf"log event {i} \(cut\): the starter differs from the committed"
    ):
        replay(_tampered(evs, i, starter=spare), secret=m.secret)


def test_cli_verdicts_and_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "g.json"
    assert main(["play", "--seed", "7", "--p1", "expert", "--p2", "easy", "--json", str(good)]) == 0
    capsys.readouterr()
    assert main(["replay", str(good), "--quiet"]) == 0
    assert "deals verified from the seed" in capsys.readouterr().out

    bad = tmp_path / "bad.json"
    bad.write_text(good.read_text().replace('"seed": 7', '"seed": 8', 1))
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "log event 0 (started)" in err and "seed 8" in err

    m = begin_match(1, 2)
    evs = _game(4, match=m)
    match_log = tmp_path / "m.json"
    match_log.write_text(log_to_json(evs))
    assert main(["replay", str(match_log), "--quiet"]) == 2
    io = capsys.readouterr()
    assert "deals NOT verified" in io.out and "--allow-unverified" in io.err
    assert main(["replay", str(match_log), "--quiet", "--allow-unverified"]) == 0
    assert "deals NOT verified" in capsys.readouterr().out
    assert main(["replay", str(match_log), "--quiet", "--secret", m.secret.hex()]) == 0
    assert "verified against the revealed secret" in capsys.readouterr().out
    mf = tmp_path / "match.json"
    mf.write_text(json.dumps({"commit": m.commit, "secret": m.secret.hex()}))
    assert main(["replay", str(match_log), "--quiet", "--match", str(mf)]) == 0
    assert main(["replay", str(match_log), "--secret", "zz"]) == 2
    assert "hex digits" in capsys.readouterr().err


def test_bad_logs_say_what_is_wrong(tmp_path: Path) -> None:
    with pytest.raises(CribError, match="invalid JSON"):
        log_from_json("[{")
    with pytest.raises(CribError, match=r"event 0 \(played\): missing"):
        log_from_json('[{"type": "played", "player": 0}]')
    with pytest.raises(CribError, match="must start with a 'started' event"):
        replay('[{"type": "cut", "starter": "5H"}]')


def test_a_game_with_manual_counting_and_muggins_replays_verified() -> None:
    from crib.rules.events import Counted, Muggins

    g = Game(8, (parse_player("human"), parse_player("easy")), manual=(True, False), muggins=True)
    misses = 0
    while (d := g.advance()) is not None:
        if d.kind == "discard":
            g.submit(0, list(d.observation.hand[2:4]))
        elif d.kind == "play":
            g.submit(0, d.observation.legal[-1] if d.observation.legal else None)
        else:
            from crib.rules.scoring import score_hand

            o = d.observation
            total = score_hand(o.hand, o.starter, is_crib=d.what == "crib").total
            g.submit(0, max(0, total - misses % 3))  # miss 0, 1 or 2 points in turn
            misses += 1
    evs = g.events
    assert any(isinstance(e, Muggins) for e in evs) and any(isinstance(e, Counted) for e in evs)
    r = replay(log_to_json(evs))
    assert r.verdict == VERIFIED_SEED and r.complete
    assert r.snapshots[-1].scores == tuple(g.scores)
    # a changed claim, a dropped muggins, or the options changed are all caught
    i = next(k for k, e in enumerate(evs) if isinstance(e, Counted) and e.claimed > 0)
    for bad in (
        [*evs[:i], dataclasses.replace(evs[i], claimed=evs[i].claimed - 1), *evs[i + 1 :]],
        [e for e in evs if not isinstance(e, Muggins)],
        [dataclasses.replace(evs[0], muggins=False), *evs[1:]],
        [dataclasses.replace(evs[0], manual=(False, False), muggins=False), *evs[1:]],
    ):
        with pytest.raises(CribError, match=r"log event \d+ \("):
            replay(bad)


# --- logs saved before the events held Cards (issue #35) ---------------------------------
# Both files were written by the code before the change (a18a015, cards as text in the
# events): a play-app save of a game with manual counting and muggins, and a plain log of
# a stacked-deck game (its deals rebuilt from the log itself).
DATA = Path(__file__).parent / "data"
OLD_SAVE = DATA / "play_save_v_before_card_events.json"
OLD_STACKED = DATA / "game_log_stacked_v_before_card_events.json"


def test_logs_saved_before_the_events_held_cards_load_replay_and_write_the_same_bytes() -> None:
    from crib.rules.events import Counted, Muggins
    from crib.session.review import grade_log, load_saved

    data = json.loads(OLD_SAVE.read_text())
    evs, counts = load_saved(OLD_SAVE.read_text())
    assert any(isinstance(e, Counted) for e in evs) and any(isinstance(e, Muggins) for e in evs)
    dealt, cut = evs[_first(evs, Dealt)], evs[_first(evs, Cut)]
    assert all(isinstance(c, Card) for h in dealt.hands for c in h) and isinstance(
        cut.starter, Card
    )
    shown = evs[_first(evs, Shown)]
    assert all(isinstance(c, Card) for c in shown.cards) and isinstance(shown.starter, Card)
    r = replay(evs)
    assert (r.verdict, r.complete, r.snapshots[-1].scores) == (VERIFIED_SEED, True, (95, 121))
    assert log_to_json(evs) == json.dumps(data["events"])  # the same bytes written back
    assert counts and {g.kind for g in grade_log(evs, counts)} == {"discard", "play", "count"}

    text = OLD_STACKED.read_text().strip()
    evs = log_from_json(text)
    r = replay(text)
    assert (r.verdict, r.reason, r.complete) == (NOT_VERIFIED, "stacked decks", True)
    assert r.snapshots[-1].scores == (121, 89)
    assert log_to_json(evs) == text
    # the same game played now records the same events
    deck = parse_cards("5H 5D 5C 5S JH JD 4C 4S 6C 6S 7H 7D 2C")
    deck = deck + tuple(c for c in DECK if c not in deck)
    assert _game(3, first_dealer=1, stacked=[deck] * 40) == evs


def test_a_seats_log_with_the_other_seats_cards_blanked_loads() -> None:
    """A seat's log (a game between two people) blanks the other seat's deal and throw:
    the text "" loads as no cards, and is written back as ""."""
    from crib.session.duel_record import seat_events

    data = json.loads(OLD_SAVE.read_text())["events"]
    blanked = [dict(e) for e in data]
    for e in blanked:
        if e["type"] == "dealt":
            e["hands"] = [e["hands"][0], ""]
        elif e["type"] == "discarded" and e["player"] == 1:
            e["cards"] = ""
    evs = log_from_json(json.dumps(blanked))
    assert evs[_first(evs, Dealt)].hands[1] == ()
    assert evs[_first(evs, Discarded, lambda e: e.player == 1)].cards == ()
    assert log_to_json(evs) == json.dumps(blanked)
    assert seat_events(log_from_json(json.dumps(data)), 0) == evs


def test_a_card_that_is_not_a_card_is_named_on_loading() -> None:
    with pytest.raises(CribError, match=r"event 0 \(cut\): invalid card 'ZZ'"):
        log_from_json('[{"type": "cut", "starter": "ZZ"}]')
    with pytest.raises(CribError, match=r"event 0 \(dealt\): the hands are a list"):
        log_from_json('[{"type": "dealt", "hand": 0, "dealer": 0, "hands": "5H"}]')
    with pytest.raises(TypeError, match="Played.card holds Cards"):
        Played(0, "5H", 5, 0, "", (0, 0))  # type: ignore[arg-type]  # text stays at the edge
