"""The chance to win over a game (issue #39, points 1, 3 and 4): the curve against the win
table at every hand start and against the exact board search near 121, the key moments,
the luck line that adds up to the result, and lichess's accuracy formula."""

from __future__ import annotations

import math
import random

import pytest

from crib.analysis.grades import WIN_UNIT
from crib.analysis.play.board import analyze_board
from crib.analysis.win import win_probability
from crib.session.chance import (
    accuracy,
    chance_at_start,
    chance_curve,
    key_moments,
    luck_line,
    move_accuracy,
    swings,
)
from crib.session.controller import TIERS, GameController
from crib.session.grading import grade_log
from crib.session.saved import decisions_from_log
from tests.test_keep import step


def played(seed: int, scores: tuple[int, int] = (0, 0)) -> GameController:
    c = GameController(seed=seed, tier=TIERS["easy"], scores=scores)
    rng = random.Random(seed)
    while c.phase != "over":
        step(c, rng)
    return c


@pytest.fixture(scope="module")
def game() -> GameController:
    """Seed 12 against Easy, with the review prepared after each move as the page does;
    the size of that work before the last move, in ``c.ahead``."""
    c = GameController(seed=12, tier=TIERS["easy"])
    rng = random.Random(12)
    while c.phase != "over":
        step(c, rng)
        if c.phase != "over":
            c.prepare_review()
    c.ahead = len(c.coach.chances), len(c.coach.other.grades)  # type: ignore[attr-defined]
    c.prepare_review()  # the game's end: only the last hand remains
    return c


@pytest.fixture(scope="module")
def curve(game: GameController) -> list:
    return chance_curve(game.game.events, game.grades, 0)


def test_every_hand_start_is_the_win_table(game: GameController, curve: list):
    starts = [p for p in curve if p.kind == "hand"]
    assert len(starts) >= 3
    for p in starts:
        mine, theirs = p.scores
        want = win_probability(mine, theirs) if p.dealer else 1 - win_probability(theirs, mine)
        assert p.before == p.played == pytest.approx(want, abs=1e-12)
    # the scores at each start are the log's, and the dealer alternates
    assert [p.dealer for p in starts] == [
        starts[0].dealer ^ (i % 2 == 1) for i in range(len(starts))
    ]


def test_the_curve_ends_at_the_result_and_decisions_plus_luck_add_up(
    game: GameController, curve: list
):
    won = game.game.events[-1].winner == 0
    assert curve[0].before == 0.5 and curve[-1].played == (1.0 if won else 0.0)
    decisions, luck = luck_line(curve)
    assert decisions + luck == pytest.approx(curve[-1].played - 0.5, abs=1e-12)
    assert decisions <= 0  # a move never raises the chance above the best move's
    for p in curve:
        assert 0.0 <= p.played <= p.best + 1e-12 and p.best == pytest.approx(p.before)


def test_key_moments_are_the_three_largest_swings(game: GameController, curve: list):
    moments = key_moments(curve)
    sizes = sorted((abs(s.size) for s in swings(curve)), reverse=True)
    assert sorted((abs(m.size) for m in moments), reverse=True) == sizes[:3]
    assert {m.by for m in swings(curve)} == {"decision", "luck"}


def test_near_121_a_play_moves_the_chance_by_the_exact_board_search():
    from crib.session.grading import coach

    c = played(3, scores=(112, 112))
    near = [g for g in c.grades if g.kind == "play" and g.unit == WIN_UNIT]
    assert near, "no play graded by the chance of winning"
    curve = chance_curve(c.game.events, c.grades, 0)
    # each graded play's observation, from the log (the opponent's cards played so far)
    plays = [
        (d, a)
        for _h, d, a in decisions_from_log(c.game.events, 0)
        if d.kind == "play" and a is not None and len(d.observation.legal) > 1
    ]
    graded = [g for g in c.grades if g.kind == "play"]
    assert len(plays) == len(graded)
    for g, (d, card) in zip(graded, plays, strict=True):
        if g.unit != WIN_UNIT:
            continue
        p = next(x for x in curve if x.grade is g)
        with coach().reading(d.observation).weighing():  # as the Master reads the other player
            b = analyze_board(g.position, dealer=g.dealer, opp_played=d.observation.opp_played)
        exact = b.best.p_win - b.option(card).p_win  # the exact chance the play gave up
        assert p.before - p.played == pytest.approx(min(exact, p.before), abs=1e-4)  # 3 decimals


def test_lichess_accuracy_formula():
    assert move_accuracy(0.5, 0.5) == pytest.approx(99.9999)
    assert move_accuracy(0.7, 0.6) == pytest.approx(103.1668 * math.exp(-0.4354) - 3.1669)
    assert move_accuracy(1.0, 0.0) == 0.0 and move_accuracy(0.4, 0.5) == pytest.approx(99.9999)


def test_accuracy_per_kind(game: GameController, curve: list):
    a, d, p = accuracy(curve), accuracy(curve, "discard"), accuracy(curve, "play")
    assert all(0 <= x <= 100 for x in (a, d, p)) and min(d, p) <= a <= max(d, p)
    assert accuracy(curve[:2]) is None
    assert chance_at_start(121, 0, False) == 1.0


def test_the_review_computed_as_the_game_goes_equals_the_one_from_scratch(
    game: GameController, curve: list
):
    """The discard chances and the computer's grades computed a move at a time (as the
    page does after each move) equal the plain path's on the whole game (``curve`` is
    computed afresh), and most of the work is done before the game's last move."""
    c, ahead = game, game.ahead  # type: ignore[attr-defined]
    events, cache = c.game.events, c.coach.chances
    fresh = grade_log(events, seat=1)
    assert c.coach.other.grades == fresh
    hands = c.hand_index + 1
    assert ahead[0] >= 2 * (hands - 1) and 0 < ahead[1] < len(c.coach.other.grades)
    assert chance_curve(events, c.grades, 0, cache) == curve
    theirs = chance_curve(events, c.coach.other.grades, 1, cache)
    assert theirs == chance_curve(events, fresh, 1)
    assert len(cache) == 2 * hands  # every throw of both, once
    assert accuracy(theirs, "discard") is not None and accuracy(theirs, "play") is not None
