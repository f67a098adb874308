"""Headless: drive each dashboard's widget app through its widgets."""

from __future__ import annotations

import html
import re

from crib.analysis.crib_models import heatmap_values
from crib.ui.discard_app import DiscardApp
from crib.ui.heatmap_app import VIEWS, CribOddsApp
from crib.ui.pegging_app import PeggingApp
from crib.ui.trap_app import EXAMPLES, TrapExplorerApp

PNG = b"\x89PNG"


def test_discard_app_typing_clicking_and_seats() -> None:
    app = DiscardApp()
    assert app.analysis is not None and app.analysis.best.throw_str == "5H 5D"
    assert "★ best" in app.table.value and "crib-discard-table" in app.table.value
    assert bytes(app.chart.value[:4]) == PNG and bytes(app.dist_chart.value[:4]) == PNG
    assert "45,540" in app.model_note.value
    app.seat.value = "pone"
    assert app.analysis.best.throw_str == "8H 9D"
    # clicking: swap 9D for KS in the picker, the text follows and the table updates
    app.picker.buttons["9D"].value = False
    assert app.picker.text.value == "5H 5D 6C 7S 8H"
    app.picker.buttons["KS"].value = True
    assert app.picker.text.value == "5H 5D 6C 7S 8H KS"
    assert {str(c) for c in app.analysis.six} == {"5H", "5D", "6C", "7S", "8H", "KS"}
    # a seventh click is refused with a message
    app.picker.buttons["2C"].value = True
    assert not app.picker.buttons["2C"].value and "at most 6" in app.picker.message.value
    # choosing another throw updates the explanation
    app.throw_choice.value = 3
    assert "Keep" in app.explain.value


def test_discard_app_bad_input_keeps_previous_result() -> None:
    app = DiscardApp()
    before = (app.table.value, app.analysis)
    for bad, needle in [
        ("5h 5d 6c 7s 8h X9", "invalid card"),
        ("5h 5d 6c 7s 8h 5h", "duplicate card 5H"),
        ("5h 5d 6c 7s 8h 9d 2c", "at most 6"),
    ]:
        app.picker.text.value = bad
        assert needle in app.picker.message.value
        assert (app.table.value, app.analysis) == before
    app.picker.text.value = "5h 5d 6c"  # parses, but is not six: Analyze says so
    app.analyze_button.click()
    assert "expected 6 cards, got 3" in app.status.value and app.analysis is before[1]
    assert "Traceback" not in app.status.value


def test_discard_app_seeded_deal_is_reproducible() -> None:
    a, b = DiscardApp(), DiscardApp()
    a.seed.value = b.seed.value = 42
    a.deal_button.click()
    b.deal_button.click()
    assert a.picker.selected == b.picker.selected and len(a.picker.selected) == 6
    assert a.seed.value == 43


def test_crib_odds_views_and_cells() -> None:
    app = CribOddsApp()
    assert bytes(app.heatmap.value[:4]) == PNG
    images = set()
    for view in VIEWS:
        app.view.value = view
        assert bytes(app.heatmap.value[:4]) == PNG and f"Showing: {view}" in app.status.value
        images.add(bytes(app.heatmap.value))
    assert len(images) == len(VIEWS)  # each view draws a different picture
    combined = heatmap_values("combined")
    assert combined[4][4] == max(combined[r][r] for r in range(13))  # 5-5 tops the pairs
    sign_d, sign_p = heatmap_values("sign", "dealer"), heatmap_values("sign", "pone")
    assert sign_d[4][4] == -sign_p[4][4] > 0
    app.first.value, app.second.value, app.suited.value = 5, 11, True
    assert "5-J suited" in app.cell.value and "58,800" in app.cell.value
    assert re.search(r"Best companions.*5 \(", app.cell.value)


def test_pegging_app_position_lead_and_coach() -> None:
    app = PeggingApp()
    assert app.analysis is not None and app.analysis.best.label == "6D"
    assert bytes(app.chart.value[:4]) == PNG and "★ best" in app.table.value
    app.coach_card.value = "9C"
    assert "verdict" in app.coach.value
    # clicking cards into the pile
    app.target.value = "pile"
    app.grid.buttons["7S"].click()
    assert "pile 7S" in app.text.value
    # a bad position shows the reason and keeps the previous analysis
    before = app.analysis
    app.text.value = "hand 4H 4H | starter 2S | opp 4"
    assert "duplicate card 4H" in app.status.value
    app.analyze_button.click()
    assert app.analysis is before and "Traceback" not in app.status.value
    # lead mode
    app.mode.value = "lead"
    app.text.value = "hand 5H 4H AC 9S | starter 3H | opp 4"
    app.analyze_button.click()
    assert app.analysis is not before and app.analysis.position.opp_count == 4
    app.model.value = "policy:expert"
    assert app.analysis.model == "policy:expert"


def test_trap_explorer_examples_spring_and_deal() -> None:
    app = TrapExplorerApp()
    for name in EXAMPLES:
        app.formation.value = name
        assert bytes(app.chart.value[:4]) == PNG
        m = re.search(r"margin ([+-]\d+)\.", app.line.value)
        assert m and int(m.group(1)) >= 2, name  # the example line shows the trap working
    app.formation.value = "find in a dealt hand"
    assert "Found:" in app.explanation.value and app.line.value
    app.opp_cards.value = "ZZ"
    assert "invalid card" in app.status.value


def test_review_links_fill_the_analyzers_from_the_query_string() -> None:
    from crib.ui.discard_app import open_from_request as open_discard
    from crib.ui.pegging_app import PeggingApp
    from crib.ui.pegging_app import open_from_request as open_pegging

    d = DiscardApp()
    reader = open_discard(d)
    reader._on_msg(reader, {"query": "six=AH+2H+3H+4H+9C+KS&seat=pone"}, None)
    assert d.seat.value == "pone" and {str(c) for c in d.analysis.six} == {
        "AH",
        "2H",
        "3H",
        "4H",
        "9C",
        "KS",
    }
    p = PeggingApp()
    reader = open_pegging(p)
    reader._on_msg(reader, {"query": "position=hand+XX"}, None)  # bad input: a message
    assert "invalid card 'XX'" in html.unescape(p.status.value)
