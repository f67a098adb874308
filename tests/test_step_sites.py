"""One home per rule (issue #35, point 3): ``fits`` and ``opponent_moves_next`` equal the
rule they state on every input, a Played event carries its reset (and a log saved before it
had one still loads and replays), and a pegging position says who played last."""

from __future__ import annotations

import dataclasses
import json
from itertools import product
from pathlib import Path

import pytest

from crib.ai.players import parse_player
from crib.rules.cards import DECK, RANK_VALUES, parse_card
from crib.rules.events import Go, Played, log_from_json, log_to_json
from crib.rules.game import Game
from crib.rules.observation import for_play
from crib.rules.pegging import PegState, fits, legal_cards
from crib.rules.position import PeggingPosition
from crib.rules.replay import VERIFIED_SEED, replay
from crib.rules.step import OTHER, after_card, opponent_moves_next
from crib.session.fold import SeatTable

# saved with log_to_json by the code before Played had ``reset`` (commit d65a07d):
# Game(3, players=(parse_player("expert"), parse_player("easy"))).run(); three 31s, the last
# of them the last card of a play
OLD_LOG = Path(__file__).parent / "data" / "game_log_v_before_played_reset.json"


def test_fits_is_the_count_at_or_under_31() -> None:
    for count in range(32):
        for r in range(1, 14):
            assert fits(count, r) == (count + RANK_VALUES[r] <= 31)
        for c in DECK:
            assert fits(count, c) == fits(count, c.rank)
        hand = DECK[::5]
        assert legal_cards(hand, count) == tuple(c for c in hand if count + c.value <= 31)


def test_the_kernels_fit_table_is_fits() -> None:
    from crib.analysis.play.jit_core import _FIT

    for count in range(32):
        for r in range(1, 14):
            assert bool(int(_FIT[31 - count]) >> (4 * r) & 15) == fits(count, r)


def test_opponent_moves_next_is_the_step_rules_other() -> None:
    for count, mover_holds, other_holds, other_said_go in product(
        range(1, 32), *[(True, False)] * 3
    ):
        got = opponent_moves_next(count, other_holds, other_said_go)
        assert got == (after_card(count, mover_holds, other_holds, other_said_go)[1] == OTHER)
        # the words' old inline statement, "the opponent moves next unless ..."
        assert got == (not (other_said_go or not other_holds or count == 31))


def _games() -> list[list]:
    return [
        list(
            Game(seed, players=(parse_player(a), parse_player(b)), first_dealer=seed % 2)
            .run()
            .events
        )
        for seed in range(6)
        for a, b in (("expert", "easy"), ("random", "hard"))
    ]


def test_a_played_event_says_the_count_starts_again() -> None:
    resets = ends = 0
    for evs in _games():
        for i, e in enumerate(evs):
            if isinstance(e, Played):
                assert e.reset == (e.count == 31)
                resets += e.reset
                ends += e.reset and not isinstance(evs[i + 1], Played | Go)
        assert log_from_json(log_to_json(evs)) == evs
    assert resets > 5 and ends >= 1  # 31s during the play and as its last card


def test_a_log_saved_before_played_had_reset_loads_and_replays() -> None:
    text = OLD_LOG.read_text()
    assert '"type": "played"' in text and '"reset"' not in text
    evs = log_from_json(text)
    plays = [e for e in evs if isinstance(e, Played)]
    assert [e.count for e in plays if e.reset] == [31, 31, 31]
    assert all(e.reset == (e.count == 31) for e in plays)
    r = replay(text)
    assert (r.verdict, r.complete, len(r.snapshots)) == (VERIFIED_SEED, True, 136)
    assert r.snapshots[-1].scores == (121, 91)
    # the same game played now records the same events, the reset included
    now = Game(3, players=(parse_player("expert"), parse_player("easy"))).run()
    assert (now.winner, now.scores, now.hands_played) == (0, (121, 91), 9)
    assert list(now.events) == evs
    # and a seat's table folds the old log as it folds the new one
    for seat in (0, 1):
        old, new = SeatTable(seat, ("me", "them")), SeatTable(seat, ("me", "them"))
        for a, b in zip(evs, now.events, strict=True):
            old.apply(a)
            new.apply(b)
            assert (old.count, old.pile, old.previous, old.captions) == (
                new.count,
                new.pile,
                new.previous,
                new.captions,
            )


def test_a_played_reset_changed_in_a_log_is_caught() -> None:
    evs = list(log_from_json(OLD_LOG.read_text()))
    i = next(k for k, e in enumerate(evs) if isinstance(e, Played) and e.count == 31)
    data = json.loads(log_to_json(evs))
    data[i]["reset"] = False
    with pytest.raises(Exception, match=rf"log event {i} \(played\): reset recorded False"):
        replay(json.dumps(data))


def test_a_position_says_who_played_last() -> None:
    assert "last_mine" in {f.name for f in dataclasses.fields(PeggingPosition)}
    assert PeggingPosition.parse("hand 4H 6D | starter 2S | previous KS QS 2C 3C | opp 2").last == 0
    s = PegState.start(["5H 5D 9C 9D", "KS QS 2C 3C"], pone=1)
    for card in ["KS", "9C", "QS", None, "2C", "5H", "3C"]:
        s, _ = s.play(card)
    pos = PeggingPosition.from_observation(for_play(s, 0, starter=parse_card("4C"), dealer=True))
    assert (pos.last_mine, pos.last) == (False, -1)  # the opponent played their last card
    s, _ = s.play("5D")
    pos = PeggingPosition.from_observation(for_play(s, 0, starter=parse_card("4C"), dealer=True))
    assert (pos.last_mine, pos.last) == (True, 1)  # mine, and they hold nothing: as a go
