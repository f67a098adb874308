"""Board-aware pegging near 121 (issue 12): the compiled search equals the plain one on
every holding, the leaf tables equal the cell-by-cell statement, and the Master uses them."""

from __future__ import annotations

import random

import numpy as np
import pytest

from crib.analysis.models import MASTER
from crib.analysis.play import jit
from crib.analysis.play.board import analyze_board, board_values_reference
from crib.analysis.play.board_leaf import holding_classes, leaf_tables, leaf_value, show_of
from crib.analysis.win import WIN
from crib.errors import InvalidPositionError
from crib.rules.cards import DECK, Card, parse_cards
from crib.rules.pegging import PegState
from crib.rules.position import PeggingPosition


def _endgame_position(
    rng: random.Random, max_cards: int = 4
) -> tuple[PeggingPosition, bool, tuple[Card, ...]]:
    """A real partial play near 121: (position, I deal, the opponent's played cards)."""
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        mine, theirs = tuple(deck[:4]), tuple(deck[4:8])
        discards, starter = tuple(deck[8:10]), deck[12]
        dealer = rng.random() < 0.5
        s = PegState.start((mine, theirs), pone=1 if dealer else 0)
        for _ in range(rng.randint(0, 6)):
            if s.done:
                break
            legal = s.legal()
            s, _ = s.play(rng.choice(legal) if legal else None)
        while not s.done and s.turn != 0:
            legal = s.legal()
            s, _ = s.play(rng.choice(legal) if legal else None)
        if s.done or not s.hands[0] or len(s.hands[0]) + len(s.hands[1]) > max_cards:
            continue
        pile = s.pile
        previous = tuple(c for _p, c in s.played if c not in pile)
        opp_played = tuple(c for p, c in s.played if p == 1)
        scores = (rng.randint(95, 120), rng.randint(95, 120))
        try:
            pos = PeggingPosition(
                hand=s.hands[0], pile=pile, previous=previous, starter=starter,
                discards=discards, opp_count=len(s.hands[1]), opp_go=s.said_go[1], scores=scores,
            )  # fmt: skip
        except InvalidPositionError:
            continue
        return pos, dealer, opp_played


def test_leaf_tables_equal_the_cell_by_cell_statement() -> None:
    rng = random.Random(7)
    for _ in range(4):
        pos, dealer, opp_played = _endgame_position(rng)
        show = show_of(pos, dealer, opp_played)
        classes = [(h, 0.0) for h in range(0, 30, 3)]
        leaves, nm, no = leaf_tables(show, classes)
        assert (nm, no) == (WIN - pos.scores[0], WIN - pos.scores[1])
        for k, (h, _p) in enumerate(classes):
            for pm in range(nm):
                for po in range(no):
                    assert leaves[k, pm, po] == pytest.approx(
                        leaf_value(show, pm, po, h), abs=1e-12
                    )


def test_nobs_chance_is_the_share_of_unseen_jacks() -> None:
    # starter 2S: the jack of spades is unseen; one more unseen jack makes it a half per jack
    # held
    pos = PeggingPosition.parse(
        "hand 5H 6D | pile 9S | previous 4C 4D 7S 8C | starter 2S | discards JD JC | opp 1 "
        "| scores 100 100"
    )
    show = show_of(pos, False, parse_cards("4C 7S 9S"))
    assert show.jacks_unseen == 2 and show.nobs_unseen == 1
    classes, idx = holding_classes(show, [(11,), (3,)])
    assert [p for _h, p in classes] == [0.5, 0.0]
    assert idx.tolist() == [0, 1]


@pytest.mark.skipif(not jit.available(), reason="numba not usable")
def test_compiled_search_equals_the_plain_search_on_every_holding() -> None:
    rng = random.Random(12)
    checked = 0
    for _ in range(40):
        pos, dealer, opp_played = _endgame_position(rng, max_cards=5)
        b = analyze_board(pos, dealer=dealer, opp_played=opp_played)
        r = analyze_board(pos, dealer=dealer, opp_played=opp_played, reference=True)
        for o in b.options:
            assert o.p_win == pytest.approx(r.option(o.card).p_win, abs=1e-12)
        checked += b.holdings
    assert checked > 100


@pytest.mark.skipif(not jit.available(), reason="numba not usable")
def test_per_holding_values_are_equal_not_only_the_average() -> None:
    from crib.analysis.play.board import compiled_values
    from crib.analysis.play.holdings import holdings
    from crib.analysis.play.jit import _pack, _root_options

    rng = random.Random(3)
    for _ in range(15):
        pos, dealer, opp_played = _endgame_position(rng, max_cards=5)
        show = show_of(pos, dealer, opp_played)
        rows = [h for h, _w in holdings(pos)]
        classes, cls = holding_classes(show, rows)
        leaves, nm, no = leaf_tables(show, classes)
        cards = _root_options(pos)
        ref = np.array(board_values_reference(pos, rows, leaves, cls, cards))
        hands = np.array([_pack(h) for h in rows], np.int64)
        fast = compiled_values(pos, hands, cards, leaves, cls, nm, no)
        np.testing.assert_allclose(fast, ref, rtol=0, atol=1e-12)


def test_pegging_out_first_wins_even_when_the_show_would_lose() -> None:
    # I am the dealer at 119: a 15 wins now, before the pone (at 120) counts a hand
    pos = PeggingPosition.parse(
        "hand 6D 2H | pile 9S | previous 4C 4D 7S 8C | starter 2S | discards JD KC | opp 1 "
        "| scores 119 120"
    )
    b = analyze_board(pos, dealer=True, opp_played=parse_cards("4C 7S 9S"))
    assert str(b.best.card) == "6D" and b.best.p_win == 1.0
    assert b.option(Card.parse("2H")).p_win < 1.0


def test_needs_scores_and_starter() -> None:
    from crib.errors import CribError

    with pytest.raises(CribError, match="scores and the starter"):
        analyze_board("hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4", dealer=True)


def test_fast_hand_and_crib_points_equal_the_rules_scorer() -> None:
    from crib.analysis.play.board_leaf import (
        _crib_dist,
        crib_dist_reference,
        holding_classes_reference,
    )
    from crib.analysis.play.holdings import holdings

    rng = random.Random(5)
    for _ in range(6):
        pos, dealer, opp_played = _endgame_position(rng, max_cards=6)
        show = show_of(pos, dealer, opp_played)
        rows = [h for h, _w in holdings(pos)]
        classes, idx = holding_classes(show, rows)
        assert [classes[k] for k in idx.tolist()] == holding_classes_reference(show, rows)
        pool = tuple(sorted(pos.unseen()))
        fast = _crib_dist(tuple(sorted(pos.discards)), pos.starter, pool)
        assert fast == pytest.approx(
            crib_dist_reference(sorted(pos.discards), pos.starter, pool), abs=1e-15
        )


# I deal at 111, the pone is at 103.  3D makes a run of four (the best margin), but
# the count of 18 lets the pone peg back towards the 18 they need before my show;
# JH at 25 shuts them out, and my hand and crib take me out.
_TRAP = "hand JH 3D 4S | pile 4D 5S 6C | starter AH | discards 2H 6H | opp 2 | scores 111 103"


def test_board_and_margin_disagree_and_the_master_plays_for_the_game() -> None:
    from crib.ai.master import MasterPlayer
    from crib.analysis.play import analyze_play
    from crib.rules.observation import Observation

    pos = PeggingPosition.parse(_TRAP)
    theirs = parse_cards("4D 6C")
    a = analyze_play(pos, MASTER, opp_played=theirs, opp_dealer=False)
    b = analyze_board(pos, dealer=True, opp_played=theirs)
    assert str(a.best.card) == "3D" and str(b.best.card) == "JH"
    assert b.best.p_win - b.option(Card.parse("3D")).p_win > 0.03
    obs = Observation(
        phase="play", hand=pos.hand, dealer=True, my_score=111, opp_score=103, starter=pos.starter,
        pile=pos.pile, played=pos.pile, opp_cards_held=2, my_discards=pos.discards,
        legal=pos.legal(), opp_played=theirs, pile_last_mine=False,
    )  # fmt: skip
    assert str(MasterPlayer().play(obs, random.Random(0))) == "JH"
    assert str(MasterPlayer(board=False).play(obs, random.Random(0))) == "3D"


def test_the_coach_grades_by_win_probability_near_121() -> None:
    from crib.analysis.coach import grade_play

    pos = PeggingPosition.parse(_TRAP)
    g = grade_play(pos, "3D", opp_played=parse_cards("4D 6C"), opp_dealer=False)
    assert str(g.best_card) == "JH" and g.lost > 3 and g.verdict == "blunder"
    assert "P(win)" in g.sentence and "chance to win the game" in g.sentence
    assert g.trap is None and "near 121" in g.model_note
    ok = grade_play(pos, "JH", opp_played=parse_cards("4D 6C"), opp_dealer=False)
    assert ok.verdict == "best" and ok.lost == 0
    # without the seats the coach cannot know whose show comes first: the margin grades
    far = grade_play(pos, "3D", opp_played=parse_cards("4D 6C"))
    assert far.verdict == "best" and "P(win)" not in far.sentence
