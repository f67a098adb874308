"""Headless: the seat tables in the crib-odds dashboard; pegging and scores in the discard one."""

from __future__ import annotations

from crib.ui.analyze.crib_odds import TABLE_SOURCES, CribOddsApp
from crib.ui.analyze.discard import DiscardApp


def grid_labels(app: CribOddsApp) -> list[str]:
    return [b.description for row in app.heatmap.cells for b in row]


def test_crib_odds_app_shows_seat_tables_and_difference() -> None:
    app = CribOddsApp()
    uniform = grid_labels(app)
    for name in TABLE_SOURCES:
        app.source.value = name
        assert any(grid_labels(app)), name  # every source fills the grid
    app.source.value = "self-play seat table (Expert opponent)"
    seat = grid_labels(app)
    assert seat != uniform and "crib table measured in self-play" in app.model_note.value
    assert ".csv" not in app.model_note.value  # words, not a file name (issue #37)
    app.source.value = "self-play minus uniform (difference)"
    assert grid_labels(app) != seat and app.view.disabled
    app.seat.value = "pone"
    assert "pone" in app.status.value
    # the chosen cell (5-5) lists both seats with their intervals and sample sizes
    cell = app.cell.value
    assert "As dealer (into your own crib): 8.72" in cell and "As pone" in cell
    assert "95% sure it is between" in cell and "from 5,976 cribs" in cell


def test_discard_app_pegging_column_and_scores() -> None:
    app = DiscardApp()
    app.model.value = "expert"  # seat-conditioned crib plus pegging
    app.analyze()
    assert app.analysis is not None and app.analysis.pegging
    assert "Pegging" in app.table.value and "Pegging" in app.model_note.value
    app.objective.value = "win"  # no scores yet: a message, the previous result stays
    assert "needs the scores" in app.status.value
    app.my_score.value, app.opp_score.value = 100, 110
    app.use_scores.value = True
    a = app.analysis
    assert a.scores == (100, 110) and a.objective == "win"
    assert "Chance you win the game" in app.table.value
