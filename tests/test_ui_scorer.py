"""Headless: drive the widget apps through their public widgets."""

from __future__ import annotations

from crib.ui.analyze.scorer import HandScorerApp


def test_scorer_counts_initial_hand() -> None:
    app = HandScorerApp()
    assert app.score is not None and app.score.total == 29
    assert 'class="crib-total"' in app.result.value and ">29<" in app.result.value


def test_scorer_crib_checkbox() -> None:
    app = HandScorerApp("2H 4H 6H 8H QS")
    assert app.score is not None and app.score.total == 4
    app.is_crib.value = True
    app.count_button.click()
    assert app.score.total == 0
    assert "crib" in app.status.value


def test_scorer_bad_input_keeps_previous_result() -> None:
    app = HandScorerApp()
    before = app.result.value
    app.cards.value = "5H 5D X9 JS 5S"
    app.count_button.click()
    assert "invalid card &#x27;X9&#x27;" in app.status.value
    assert "crib-error" in app.status.value
    assert app.result.value == before and app.score is not None and app.score.total == 29
    app.cards.value = "5H 5D 5C"
    app.count_button.click()
    assert "expected 5 cards" in app.status.value
    app.cards.value = "5H 5D 5C 5H 5S"
    app.count_button.click()
    assert "duplicate card 5H" in app.status.value
