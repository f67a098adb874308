"""Headless: drive each dashboard's widget app through its widgets."""

from __future__ import annotations

import html
import re

from crib.analysis.crib_heatmaps import heatmap_values
from crib.rules.cards import parse_card
from crib.rules.position import PeggingPosition
from crib.ui.analyze.crib_odds import VIEWS, CribOddsApp
from crib.ui.analyze.discard import DiscardApp
from crib.ui.analyze.pegging import PeggingApp
from crib.ui.analyze.traps import EXAMPLES, TrapExplorerApp
from crib.ui.kit.cardview import card_text
from crib.ui.kit.common import COACH_MODEL

PNG = b"\x89PNG"
ISSUE_POSITION = "hand 5H 4H AC | pile 3S | previous 5D 6S QH 6H | starter 3H | opp 0"


def test_discard_app_typing_clicking_and_seats() -> None:
    app = DiscardApp()
    assert app.analysis is not None and app.analysis.best.throw_str == "5H 5D"
    assert "★" in app.table.value and "crib-discard-table" in app.table.value
    for word in ("Hand", "Crib (yours, +)", "Pegging", "Net"):
        assert f">{word}</th>" in app.table.value
    for raw in ("hand_ev", "crib_ev", "safety", "p_margin"):
        assert raw not in app.table.value
    assert "5♥" in app.table.value and ">5H<" not in app.table.value  # cards as K♣, never KC
    assert bytes(app.chart.value[:4]) == PNG and bytes(app.dist_chart.value[:4]) == PNG
    assert "How this was computed" in app.model_note.value
    assert app.model.value == COACH_MODEL
    app.model.value = "uniform"
    assert "45,540" in app.model_note.value and "C(46,2)" not in app.model_note.value
    app.seat.value = "pone"
    assert "Crib (theirs, −)" in app.table.value
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


def test_discard_practice_commit_then_reveal() -> None:
    app = DiscardApp()
    app.seed.value = 5
    app.mode.value = "Practice"
    assert app.results.layout.display == "none" and app.practice_box.layout.display is None
    six = app.practice_six
    assert len(six) == 6 and [b.card for b in app.hand] == list(six)
    assert app.commit_button.disabled
    app.hand[0].click()
    app.hand[1].click()
    app.hand[2].click()  # a third pick is ignored
    assert app.practice_pick == [0, 1] and "crib-selected" in app.hand[0]._dom_classes
    assert not app.commit_button.disabled and app.results.layout.display == "none"
    app.commit_button.click()
    assert app.results.layout.display is None
    a = app.analysis
    i = a.find(six[:2])
    lost = a.best.total - a.throws[i].total
    assert re.search(rf"\b{i + 1}(st|nd|rd|th) of 15\b", app.verdict.value)
    if lost > 1e-9:
        assert f"It cost {lost:.2f} points" in app.verdict.value
    assert "← you" in app.table.value
    # a seeded deal: the same number gives the same six
    again = DiscardApp()
    again.seed.value = 5
    again.mode.value = "Practice"
    assert again.practice_six == six
    app.mode.value = "Analyze"
    assert app.practice_box.layout.display == "none" and app.results.layout.display is None


def test_discard_models_differ_message() -> None:
    # find a six where the coach's model and the uniform one pick different throws
    import random

    from crib.ui.analyze.verdicts import DISCARD_MODELS, discard_dissent, run_discard

    rng = random.Random(0)
    from crib.rules.cards import DECK

    for _ in range(200):
        six = rng.sample(DECK, 6)
        a = run_discard(six, dealer=False, key=COACH_MODEL)
        b = run_discard(six, dealer=False, key="uniform")
        if set(a.best.throw) != set(b.best.throw):
            break
    msg = discard_dissent((a, COACH_MODEL), (b, "uniform"))
    assert msg and msg.startswith("The models differ")
    assert f"The coach uses {DISCARD_MODELS[COACH_MODEL].label}" in msg
    app = DiscardApp(initial=" ".join(str(c) for c in six), dealer=False)
    assert "The models differ" in html.unescape(app.dissent.value)


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
    pictures = set()
    for view in VIEWS:
        app.view.value = view
        assert f"Showing: {view}" in app.status.value
        cells = app.heatmap.cells
        pictures.add(tuple(cells[r][c].color for r in range(13) for c in range(13)))
    assert len(pictures) == len(VIEWS)  # each view colours the cells differently
    combined = heatmap_values("combined")
    assert combined[4][4] == max(combined[r][r] for r in range(13))  # 5-5 tops the pairs
    sign_d, sign_p = heatmap_values("sign", "dealer"), heatmap_values("sign", "pone")
    assert sign_d[4][4] == -sign_p[4][4] > 0
    app.first.value, app.second.value, app.suited.value = 5, 11, True
    assert "5-J suited" in app.cell.value and "58,800" in app.cell.value
    assert re.search(r"Best cards for the opponent to add.*5 \(", app.cell.value)


def test_crib_odds_clicking_a_cell_selects_it() -> None:
    app = CribOddsApp()
    app.view.value = "suited above, offsuit below"
    app.heatmap.cells[4][10].click()  # row 5, column J, above the diagonal: suited
    assert (app.first.value, app.second.value, app.suited.value) == (5, 11, True)
    assert "5-J suited" in app.cell.value
    assert app.heatmap.cells[4][10].selected and app.heatmap.chosen == [4, 10]
    app.heatmap.cells[10][4].click()  # below the diagonal: offsuit
    assert "5-J offsuit" in app.cell.value
    assert not app.heatmap.cells[4][10].selected and app.heatmap.selected == (10, 4)
    app.view.value = "suited only"
    app.heatmap.cells[10][4].click()
    assert "5-J suited" in app.cell.value
    assert "How this was computed" in app.model_note.value


def test_crib_odds_heatmap_is_one_widget_and_takes_clicks_from_the_page() -> None:
    """The grid is one widget model; a click arrives from the page as {"cell": [r, c]}."""
    app = CribOddsApp()
    grid = app.heatmap
    assert len(grid.values) == 13 and all(len(row) == 13 for row in grid.values)
    assert grid.values[4][10][0] == grid.cells[4][10].description  # text shown = Python's
    grid._on_msg(grid, {"cell": [4, 10]}, None)  # what the page sends on a click
    assert "5-J suited" in app.cell.value and grid.chosen == [4, 10]
    before = app.cell.value
    for bad in ({"cell": [13, 0]}, {"cell": "4,10"}, {"cell": [1]}, ["cell"], None):
        grid._on_msg(grid, bad, None)  # ignored, never a traceback
    assert app.cell.value == before


def test_pegging_app_position_lead_and_coach() -> None:
    app = PeggingApp()
    assert app.analysis is not None and app.analysis.best.label == "6D"
    assert bytes(app.chart.value[:4]) == PNG and "★" in app.table.value
    assert "Chance you come out ahead" in app.table.value and "p_margin" not in app.table.value
    app.coach_card.value = "9C"
    assert "9♣" in app.coach.value and " of " in app.coach.value
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
    app.kind.value = "lead"
    app.text.value = "hand 5H 4H AC 9S | starter 3H | opp 4"
    app.analyze_button.click()
    assert app.analysis is not before and app.analysis.position.opp_count == 4
    app.model.value = "policy:expert"
    assert app.analysis.model == "policy:expert"


def test_pegging_issue_case_one_verdict_and_models_differ() -> None:
    """The issue's position: the coach's table (the Master's weighted expectimax; the
    opponent holds no cards here, so it equals the exact minimax) puts A♣ 3 points below
    4♥; the verdict and the trap flag come from that same model, and the Expert's "ok
    (0.08 lost)" is shown as a second opinion under "the models differ"."""
    app = PeggingApp()
    app.text.value = ISSUE_POSITION
    app.analyze_button.click()
    a = app.analysis
    assert a.model == "policy:master" and app.model.value == COACH_MODEL == "master"
    assert a.option("4H").margin - a.option("AC").margin == 3.0
    app.coach_card.value = "AC"
    coach = html.unescape(app.coach.value)
    assert "blunder (3.00 lost)" in coach and "3rd of 3" in coach
    assert "Trap missed" in coach  # the flag agrees with the verdict's model
    differ = html.unescape(app.dissent.value)
    assert differ.startswith('<div class="crib-differ"') and "The models differ" in differ
    assert "rates A♣ blunder (3.00 lost) and prefers 4♥" in differ and "ok (0.08 lost)" in differ
    assert "The coach uses Master (weighted holdings, exact)" in differ
    app.coach_card.value = "4H"
    assert "best" in app.coach.value and "Trap missed" not in app.coach.value


def test_pegging_practice_play_then_reveal() -> None:
    app = PeggingApp()
    app.seed.value = 3
    app.mode.value = "Practice"
    pos = app.practice_position
    assert pos is not None and app.results.layout.display == "none"
    legal = pos.legal()
    buttons = [b for b in app.hand if b.card is not None]
    assert [b.card for b in buttons] == list(pos.hand)
    for b in buttons:
        assert b.disabled == (b.card not in legal)
    i = next(j for j, c in enumerate(pos.hand) if c in legal)
    app.hand[i].click()
    assert app.results.layout.display is None and app.practice_played == pos.hand[i]
    a = app.analysis
    n = len(a.options)
    assert re.search(rf"\b\d+(st|nd|rd|th) of {n}\b", app.verdict.value)
    assert "← you" in app.table.value
    before = app.verdict.value
    app.hand[i].click()  # a second click changes nothing
    assert app.verdict.value == before


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
    from crib.ui.analyze.discard import open_from_request as open_discard
    from crib.ui.analyze.pegging import PeggingApp
    from crib.ui.analyze.pegging import open_from_request as open_pegging

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


def test_nav_bar_and_page_one_call_api() -> None:
    import ipywidgets as w

    from crib.ui.kit.nav import SECTIONS, nav_bar, page, skeleton_html

    for active in SECTIONS:
        bar = nav_bar(active)
        assert isinstance(bar, w.HTML)
        assert bar.value.count(' aria-current="page">') == 1
        for label, href in SECTIONS.values():
            assert f'href="{href}"' in bar.value and f">{label}</a>" in bar.value
    assert "crib-sub" in nav_bar("analyze", "pegging.ipynb").value
    app = w.Label("x")
    box = page(app, "play")
    assert "crib-page" in box._dom_classes and box.children[1] is app
    assert "crib-skeleton" in skeleton_html("the game")


def test_model_selectors_default_to_the_coach_model() -> None:
    from crib.ui.analyze.verdicts import DISCARD_MODELS, PLAY_MODELS, model_options

    for models in (DISCARD_MODELS, PLAY_MODELS):
        opts = model_options(models)
        assert opts[0][1] == COACH_MODEL and "the coach's model" in opts[0][0]
    assert "uniform" in DISCARD_MODELS  # kept as a teaching option
    assert DiscardApp().model.value == COACH_MODEL
    assert PeggingApp().model.value == COACH_MODEL


def test_pegging_lead_mode_resets_inputs_and_table() -> None:
    """Issue 27 bug 6: "the lead" after a position with a pile kept the old table ("Now 3")
    and the old hand, so Analyze then warned about cards played."""
    app = PeggingApp()
    app.text.value = "hand 4H 6D 9C | pile 3S | starter 2S | discards JD KC | opp 4"
    app.analyze_button.click()
    assert app.analysis is not None and app.analysis.position.pile
    app.kind.value = "lead"
    pos = app.analysis.position
    assert not pos.pile and not pos.previous and pos.opp_count == 4 and len(pos.hand) == 4
    assert "pile" not in app.text.value and "example lead" in app.status.value
    assert all(o.now == 0 for o in app.analysis.options)  # a lead scores nothing now
    app.analyze_button.click()
    assert (
        "cards have been played" not in app.status.value and "error" not in app.status.value.lower()
    )
    # a four-card hand is kept as the lead
    app.kind.value = "position"
    app.text.value = "hand 5H 4H AC 9S | pile 3S | starter 3H | opp 3"
    app.kind.value = "lead"
    assert app.analysis.position.hand == PeggingPosition.parse("hand 5H 4H AC 9S | opp 4").hand


def test_trap_explorer_text_agrees_with_its_exact_table() -> None:
    """Issue 27 bug 7: the five-card trap said "lead the 4" while its own table ranked 6♦
    first, with no word on why.  Every example's text now names the table's best lead
    when it is not the formation's, with both numbers."""
    app = TrapExplorerApp()
    for name, (_text, lead) in EXAMPLES.items():
        app.formation.value = name
        a = app.analysis
        assert a is not None
        text = html.unescape(app.explanation.value)
        best = a.best.card
        mine = next(
            o for o in a.options if o.card is not None and o.card.rank == parse_card(lead).rank
        )
        if mine.margin < a.best.margin - 1e-9:
            assert "differ" in text and f"ranks {card_text(best)} first" in text, name
            assert f"{a.best.margin:+.2f} against {mine.margin:+.2f}" in text, name
        else:
            assert "The exact analysis agrees" in text, name
    app.formation.value = "five-card trap"
    assert "ranks 6♦ first" in html.unescape(app.explanation.value)


def test_the_discard_page_opens_with_one_analysis(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The first six are analyzed once (the chosen model and the second opinion), not
    again from the picker's own change: each page open is a kernel's work."""
    import crib.session.analyze as session

    calls: list[str] = []
    real = session.run_discard

    def counted(*a, **k):  # type: ignore[no-untyped-def]
        calls.append(k["key"])
        return real(*a, **k)

    monkeypatch.setattr(session, "run_discard", counted)
    app = DiscardApp()
    assert len(calls) == 2 and calls[0] != calls[1], calls
    assert app.analysis is not None and len(app.analysis.throws) == 15


def test_pages_that_draw_no_chart_load_neither_matplotlib_nor_pandas() -> None:
    """Each page open is a kernel's work (a class opens thirty at once): the play page,
    the trainer, the teacher view and home run their notebooks' code without importing
    matplotlib (0.5 s) or pandas (0.3 s); the shipped tables are read with csv and numpy."""
    import subprocess
    import sys
    from pathlib import Path

    from crib.tools.page_config import notebook_code

    root = Path(__file__).resolve().parents[1]
    for name in ("play", "trainer", "teacher", "index"):
        code = notebook_code(root / "dashboards" / f"{name}.ipynb")
        probe = (
            "import sys\n"
            f"exec(compile({code!r}, 'page', 'exec'), {{'display': lambda *a, **k: None}})\n"
            "print(sorted(m for m in ('matplotlib', 'pandas') if m in sys.modules))\n"
        )
        out = subprocess.run(
            [sys.executable, "-c", probe], cwd=root, capture_output=True, text=True, timeout=300
        )
        assert out.returncode == 0, out.stderr[-2000:]
        assert out.stdout.strip().splitlines()[-1] == "[]", (name, out.stdout[-500:])
