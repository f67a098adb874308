"""The review's chance graph and stepper (issue #39, point 2), headless: a finished game
and a loaded saved game both show the curve, step by decision with ← → and the buttons,
and show each decision's cards, move, best move, grade and chance."""

from __future__ import annotations

import random

import pytest

from crib.session.controller import TIERS
from crib.ui.play.app import PlayApp
from tests.test_keep import step
from tests.test_play_controller import _upload


@pytest.fixture(scope="module")
def finished() -> PlayApp:
    app = PlayApp(seed=12, tier=TIERS["easy"])
    rng = random.Random(12)
    while app.controller.phase != "over":
        step(app.controller, rng)
    app.render()
    return app


def test_a_finished_game_shows_the_curve_and_steps_by_decision(finished: PlayApp):
    s = finished.review.stepper
    assert s.shown and len(s.chart.points) == len(s.curve) > 10
    decisions = [i for i, p in enumerate(s.curve) if p.grade is not None]
    assert s.chart.selected == decisions[0] and s.prev_button.disabled
    assert "Chance to win" in s.detail.value and "You chose" in s.detail.value
    finished.key_listener.simulate("arrowright")
    assert s.chart.selected == decisions[1]
    s.next_button.click()
    assert s.chart.selected == decisions[2]
    finished.key_listener.simulate("arrowleft")
    assert s.chart.selected == decisions[1]
    s.chart.selected = decisions[-1]  # a click on the last point (the browser sets it)
    assert s.next_button.disabled and s.curve[decisions[-1]].grade.chosen_text in s.detail.value
    hands = [p for p in s.chart.points if p["kind"] == "hand"]
    assert [p["label"] for p in hands][:2] == ["H1", "H2"]
    assert "Key moments" in s.moments.value and s.moments.value.count("<li>") == 3
    acc = s.accuracy.value  # both players', with the formula on the page
    assert "<th scope='row'>You</th>" in acc and "<th scope='row'>Easy</th>" in acc
    assert acc.count("%</td>") >= 4 and "103.1668 × exp(−0.04354" in acc and "lichess" in acc


def test_the_accuracy_table_shows_the_calibration_beside_the_players(monkeypatch):
    from crib.session.chance import Point
    from crib.ui.play import stepper

    cal = {
        "master": {"games": 100, "discard": {"mean": 99.4}, "play": {"mean": 100.0}},
        "easy": {"games": 50, "discard": {"mean": 80.6}, "play": {"mean": 97.0}},
    }
    monkeypatch.setattr(stepper, "calibration", lambda: cal)
    g = _graded("discard")
    curve = [Point("discard", 0, 0.6, 0.5, 0.6, (0, 0), True, g)]
    got = stepper.accuracy_html([("You", curve), ("Master", [])], "en")
    assert "<th scope='row'>You</th><td>64%</td><td>–</td>" in got  # lichess: 10% lost
    assert "The Master against itself (100 games)</th><td>99.4%</td><td>100.0%</td>" in got
    assert "Easy against the Master (50 games)</th><td>80.6%</td><td>97.0%</td>" in got
    fr = stepper.accuracy_html([("Vous", curve)], "fr")
    assert "64\u00a0%" in fr and "lichess" in fr


def _graded(kind: str):
    from crib.session.model import Grade

    return Grade(1, 0, kind, (), (), 1.0, "mistake")


def test_a_new_game_hides_it(finished: PlayApp):
    finished.new_game(fresh=True)
    assert not finished.review.stepper.shown


def test_a_loaded_game_steps_through_its_decisions(finished: PlayApp):
    app = PlayApp(seed=3, tier=TIERS["easy"])
    c = PlayApp(seed=12, tier=TIERS["easy"]).controller
    rng = random.Random(12)
    while c.phase != "over":
        step(c, rng)
    text, _note = c.save()
    app.load.value = _upload(text.encode())  # the page loads it
    r = app.replay
    assert r.stepper.shown and r.shown
    acc = r.stepper.accuracy.value  # the computer's decisions graded from the log too
    assert "<th scope='row'>You</th>" in acc and "<th scope='row'>Easy</th>" in acc
    before = r.stepper.chart.selected
    app.key_listener.simulate("arrowright")
    assert r.stepper.chart.selected > before
    assert r.hand.value == r.stepper.curve[r.stepper.chart.selected].hand + 1
