"""Headless: the seat tables in the crib-odds dashboard; pegging and scores in the discard one."""

from __future__ import annotations

from crib.ui.discard_app import DiscardApp
from crib.ui.heatmap_app import TABLE_SOURCES, CribOddsApp

PNG = b"\x89PNG"


def test_crib_odds_app_shows_seat_tables_and_difference() -> None:
    app = CribOddsApp()
    uniform_png = bytes(app.heatmap.value)
    for name in TABLE_SOURCES:
        app.source.value = name
        assert bytes(app.heatmap.value[:4]) == PNG
    app.source.value = "self-play seat table (Expert opponent)"
    seat_png = bytes(app.heatmap.value)
    assert seat_png != uniform_png and "data/crib_selfplay.csv" in app.status.value
    app.source.value = "self-play minus uniform (difference)"
    assert bytes(app.heatmap.value) != seat_png and app.view.disabled
    app.seat.value = "pone"
    assert "pone" in app.status.value
    # the chosen cell lists both seats with their intervals
    assert "dealer (into your own crib)" in app.cell.value and "n = " in app.cell.value


def test_discard_app_pegging_column_and_scores() -> None:
    app = DiscardApp()
    app.pegging.value = True
    assert app.analysis is not None and app.analysis.pegging
    assert "peg_ev" in app.table.value and "peg_ev" in app.model_note.value
    app.objective.value = "win"  # no scores yet: a message, the previous result stays
    assert "needs the scores" in app.status.value
    app.my_score.value, app.opp_score.value = 100, 110
    app.use_scores.value = True
    a = app.analysis
    assert a.scores == (100, 110) and a.objective == "win" and "p_win" in app.table.value
    assert "win the game" in app.explain.value
