"""Retry this position (issue #39, point 5), headless: the model (the answer hidden until
the move, graded as the game grades) and the review's "Try again" on a finished game."""

from __future__ import annotations

import random

import pytest

from crib.errors import CribError
from crib.rules.cards import parse_cards
from crib.rules.position import PeggingPosition
from crib.session.controller import TIERS
from crib.session.retry import Retry, RetryPosition, positions_of
from crib.ui.play.app import PlayApp
from tests.test_keep import step

SIX = RetryPosition("discard", parse_cards("5H 5D JC QS 2C 9D"), True, (0, 0))
PEG = PeggingPosition(hand="5H 9D KS", pile="6C KD", starter="2C", opp_count=3, scores=(10, 20))
PLAY = RetryPosition("play", PEG.hand, False, (10, 20), PEG)


def test_a_discard_retry_takes_two_cards_then_grades() -> None:
    r = Retry(SIX)
    assert r.result is None and r.right is None
    assert not r.pick(parse_cards("5H")[0])
    assert r.pick(parse_cards("5D")[0])  # two picked: the move is complete
    assert r.pick(parse_cards("JC")[0]) and r.picked == list(parse_cards("5H 5D"))  # no third
    g = r.submit()
    assert g.kind == "discard" and g.chosen_text == "5♥ 5♦" and g.verdict == "blunder"
    assert r.right is False and g.best == tuple(parse_cards("2C 9D"))
    r.again()
    assert r.result is None and r.picked == []
    r.pick(parse_cards("2C")[0]), r.pick(parse_cards("9D")[0])
    assert r.submit().verdict == "best" and r.right is True


def test_a_play_retry_takes_one_legal_card() -> None:
    assert PLAY.count == 16 and PLAY.legal == tuple(parse_cards("5H 9D KS"))
    r = Retry(PLAY)
    with pytest.raises(CribError):
        r.pick(parse_cards("AC")[0])  # not held
    full = PeggingPosition(hand="5H 9D KS", pile="KC QD 5C", starter="2C", opp_count=2)
    with pytest.raises(CribError):  # 25 + 10 passes 31
        Retry(RetryPosition("play", full.hand, False, (0, 0), full)).pick(parse_cards("KS")[0])
    r.pick(parse_cards("5H")[0])
    g = r.submit()
    assert g.kind == "play" and g.chosen == (parse_cards("5H")[0],)
    shown = Retry(PLAY)
    best = shown.reveal()
    assert shown.right is None and best.verdict == "best" and best.chosen == best.best


def test_a_position_round_trips_as_json() -> None:
    for p in (SIX, PLAY):
        assert RetryPosition.from_dict(p.to_dict()) == p
    with pytest.raises(CribError):
        RetryPosition.from_dict({"kind": "play"})


@pytest.fixture(scope="module")
def finished() -> PlayApp:
    app = PlayApp(seed=12, tier=TIERS["easy"])
    app.new_game(fresh=True, scores=(60, 60))  # a short game: a few hands
    rng = random.Random(12)
    while app.controller.phase != "over":
        step(app.controller, rng)
    app.render()
    return app


def test_every_graded_decision_of_a_game_has_its_position(finished: PlayApp) -> None:
    c = finished.controller
    graded = [g for g in c.grades if g.kind in ("discard", "play")]
    got = positions_of(c.game.events, c.grades)
    assert [g for _p, g in got] == graded
    for p, g in got:
        assert p.kind == g.kind and p.hand == g.hand
        if g.kind == "discard":
            assert sorted(p.cards) == sorted(g.position)  # type: ignore[type-var]
        else:
            assert p.pegging.to_text() == g.position.to_text()  # type: ignore[union-attr]


def test_try_again_from_the_review_hides_the_answer_until_the_move(finished: PlayApp) -> None:
    s = finished.review.stepper
    hook = s.retry
    assert hook.rows.children, "the costliest decisions each have a Try again"
    # the stepper's selected decision: its Try again
    plays = [i for i, p in enumerate(s.curve) if p.grade is not None and p.grade.kind == "play"]
    s.chart.selected = plays[0]
    g = s.curve[plays[0]].grade
    assert hook.button.layout.display is None
    hook.button.click()
    v = hook.view
    assert v.shown and v.retry.position.kind == "play"
    assert "crib-retry-verdict" in v.result.value and g.best_text not in v.result.value
    assert not any(g.best_text in x.value for x in (v.title, v.position_box))
    legal = [b for b in v.card_row.children if not b.disabled]
    legal[0].click()
    assert v.retry.done and "best" in v.result.value and v.retry.result.best_text in v.result.value
    assert all(b.disabled for b in v.card_row.children)
    v.again_button.click()
    assert not v.retry.done and "best" not in v.result.value
    # a discard, from the review's rows
    row = next(b for b in hook.rows.children[1:] if b.description)
    discards = [x for x in finished.controller.grades if x.kind == "discard"]
    hook.try_grade(discards[0])
    assert v.retry.position.kind == "discard" and len(v.card_row.children) == 6
    assert row.description.startswith("decision")
    for b in v.card_row.children[:3]:
        b.value = True  # a third card is not picked
    assert len(v.retry.picked) == 2 and not v.card_row.children[2].value
    assert not v.throw_button.disabled
    v.throw_button.click()
    assert v.retry.done and "You chose" in v.result.value


def test_show_answer_without_a_move(finished: PlayApp) -> None:
    hook = finished.review.stepper.retry
    g = next(x for x in finished.controller.grades if x.kind == "play")
    hook.try_grade(g)
    hook.view.show_button.click()
    assert hook.view.retry.revealed and g.best_text in hook.view.result.value
    assert "You chose" not in hook.view.result.value
