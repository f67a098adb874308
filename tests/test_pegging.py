"""Pegging rules: the fast pile scorer against the reference, and scripted sub-rounds."""

from __future__ import annotations

import random
from itertools import product

import pytest

from crib.errors import IllegalPlayError
from crib.rules.cards import Card, parse_card, parse_cards
from crib.rules.pegging import PegState, peg_points
from crib.rules.scoring import score_pegging

SUITS = "CDHS"


def _pile(ranks: tuple[int, ...]) -> tuple[Card, ...]:
    used: dict[int, int] = {}
    out = []
    for r in ranks:
        k = used.get(r, 0)
        used[r] = k + 1
        out.append(Card(r, SUITS[k]))
    return tuple(out)


def test_peg_points_equals_reference_on_every_short_pile() -> None:
    n = 0
    for length in range(1, 5):
        for ranks in product(range(1, 14), repeat=length):
            if sum(min(r, 10) for r in ranks) > 31 or max(ranks.count(r) for r in ranks) > 4:
                continue
            assert peg_points(ranks) == score_pegging(_pile(ranks)).total, ranks
            n += 1
    # every sequence of 1-4 ranks with count <= 31 (no rank can repeat 5 times in 4 cards),
    # counted apart by sums: ways[s] over values 1-9 (one rank each) and 10 (T, J, Q, K)
    ways, total = {0: 1}, 0
    for _ in range(4):
        ways = _extend(ways)
        total += sum(ways.values())
    assert n == total == 24_982


def _extend(ways: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for s, c in ways.items():
        for v in range(1, 11):
            if s + v <= 31:
                out[s + v] = out.get(s + v, 0) + c * (4 if v == 10 else 1)
    return out


def test_peg_points_equals_reference_on_random_long_piles() -> None:
    rng = random.Random(5)
    checked = 0
    while checked < 20_000:
        ranks: list[int] = []
        while True:
            r = rng.choice([1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
            if sum(min(x, 10) for x in ranks) + min(r, 10) > 31 or ranks.count(r) == 4:
                break
            ranks.append(r)
        if len(ranks) >= 5:
            t = tuple(ranks)
            assert peg_points(t) == score_pegging(_pile(t)).total, t
            checked += 1


def _run(state: PegState, actions: list[str | None]) -> tuple[PegState, list]:
    recs = []
    for a in actions:
        state, rec = state.play(a)
        recs.append(rec)
    return state, recs


def test_go_pays_last_player_and_other_leads() -> None:
    s = PegState.start((parse_cards("KS QS 2C"), parse_cards("TD 9D")), pone=0)
    # K (10), T (20), Q (30): player 1 cannot play 9 -> go; player 0 can play the 2? 32 > 31: no
    s, recs = _run(s, ["KS", "TD", "QS"])
    assert s.turn == 1 and s.legal() == ()
    s, go = s.play(None)
    # nobody can play: player 0 played last and pegs 1; count resets; player 1 leads
    assert go.is_go and go.points == 1 and go.pegger == 0 and go.reset
    assert s.count == 0 and s.turn == 1 and s.pegged == (1, 0)


def test_go_then_opponent_keeps_playing() -> None:
    s = PegState.start((parse_cards("KS 9H AC"), parse_cards("QD 2C 3D")), pone=0)
    # K 10, Q 20, 9 29: player 1 holds 2 and 3 -> plays 2 (31)
    s, recs = _run(s, ["KS", "QD", "9H", "2C"])
    assert recs[-1].count == 31 and recs[-1].points == 2 and recs[-1].reset
    # 31 resets at once; player 0 (who did not play the last card) leads
    assert s.turn == 0 and s.count == 0
    s, _ = s.play("AC")
    s, last = s.play("3D")
    # A (1), 3 (4): last card of the play pegs 1
    assert last.ended and last.points == 1 and [c.kind for c in last.components] == ["last card"]


def test_player_without_cards_is_skipped_and_go_pays_last_player() -> None:
    s = PegState.start((parse_cards("KS 8H"), parse_cards("QD 5C 4D 2S")), pone=0)
    s, _ = _run(s, ["KS", "QD", "8H", "2S"])  # 10, 20, 28, 30
    # player 0 holds no cards, so player 1 keeps the turn; 5 and 4 do not fit at 30
    assert s.turn == 1 and s.legal() == ()
    s, go = s.play(None)
    assert go.points == 1 and go.pegger == 1 and go.reset  # the go: 1 to the last player
    assert s.turn == 1 and s.count == 0  # player 0 would lead but has no cards
    s, _ = s.play("5C")
    s, last = s.play("4D")
    assert last.ended and last.points == 1  # 5-4: nothing but the last card


def test_after_a_go_the_other_keeps_playing_and_leads_next() -> None:
    s = PegState.start((parse_cards("KS 9H 8C"), parse_cards("QD AD AS 5C")), pone=0)
    s, _ = _run(s, ["KS", "QD", "9H", "AD"])  # 10, 20, 29, 30
    assert s.turn == 0 and s.legal() == ()  # 8 does not fit at 30
    s, go = s.play(None)  # player 0 says go; player 1's ace still fits
    assert go.points == 0 and not go.reset and s.turn == 1
    s, r = s.play("AS")  # 31 with a pair of aces: 2 + 2, and the count resets
    assert r.points == 4 and r.reset and r.pegger == 1
    assert s.turn == 0  # player 0 did not play the last card: player 0 leads
    s, _ = s.play("8C")
    s, last = s.play("5C")  # 8 + 5 = 13; the last card pegs 1
    assert last.points == 1 and last.ended


def test_go_said_then_other_cannot_continue() -> None:
    s = PegState.start((parse_cards("KS 9H 8C"), parse_cards("QD 2D 5C")), pone=0)
    s, _ = _run(s, ["KS", "QD", "9H"])  # 29: player 1's 2 fits
    s, _ = s.play("2D")  # 31: 2 points, reset, player 0 leads
    assert s.turn == 0 and s.pegged == (0, 2)
    s, _ = s.play("8C")
    s, last = s.play("5C")
    assert last.ended and last.points == 1


def test_last_card_making_31_pays_only_2() -> None:
    s = PegState.start((parse_cards("KS 5H"), parse_cards("TD 6C")), pone=0)
    s, recs = _run(s, ["KS", "TD", "5H", "6C"])
    assert recs[-1].count == 31 and recs[-1].points == 2 and recs[-1].ended
    assert [c.kind for c in recs[-1].components] == ["thirty-one"]
    assert s.done


def test_verify_can_play() -> None:
    s = PegState.start((parse_cards("KS QH"), parse_cards("TD 9D")), pone=0)
    assert s.can_play("KS") and not s.can_play("TD") and not s.can_play(None)
    with pytest.raises(IllegalPlayError, match="not player 1's"):
        s.verify_play("TD")
    with pytest.raises(IllegalPlayError, match="does not hold"):
        s.verify_play("5C")
    with pytest.raises(IllegalPlayError, match="cannot say go"):
        s.verify_play(None)
    s, _ = _run(s, ["KS", "TD", "QH"])
    with pytest.raises(IllegalPlayError, match="over 31"):
        s.verify_play(parse_card("9D"))


def test_pairs_runs_fifteens_in_play() -> None:
    s = PegState.start((parse_cards("4S 6C 5H"), parse_cards("5D 7S 8C")), pone=0)
    s, recs = _run(s, ["4S", "5D", "6C"])
    assert recs[-1].points == 2 + 3  # 4-5-6 = 15 and a run of three
    s, r = s.play("7S")
    assert r.points == 4  # 4-5-6-7 run of four; count 22


def test_bad_deals_and_illegal_analysis_plays_raise_the_right_errors() -> None:
    from crib.analysis.play import analyze_play
    from crib.errors import DuplicateCardError, HandSizeError, IllegalPlayError

    with pytest.raises(DuplicateCardError, match="duplicate card 5H"):
        PegState.start(("5H 6D", "5H 7C"), pone=0)
    with pytest.raises(HandSizeError, match="expected 2 hands"):
        PegState.start(("5H 6D",), pone=0)
    with pytest.raises(HandSizeError, match="at most 4"):
        PegState.start(("5H 6D 7C 8S 9H", "KD"), pone=0)
    a = analyze_play("hand 9C 2D | pile KS QS 5C | previous AS AD AH | starter 2S | opp 0")
    with pytest.raises(IllegalPlayError, match="9C is not a legal play"):
        a.option("9C")
