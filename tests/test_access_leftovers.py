"""Issue 27's leftovers, headless: practice sets that end with a summary and a keyboard
focus that moves to the next thing to do (acceptance 3); a text summary next to every
chart (acceptance 5); grades by the chance of winning within reach of 121 in the
analyzers (acceptance 6); the play page's crib label and keys hint (small defects).
"""

from __future__ import annotations

import re
from types import SimpleNamespace

import ipywidgets as w
import pytest
from matplotlib.figure import Figure

from crib.analysis.grades import WIN_UNIT
from crib.analysis.models import TIERS
from crib.course.questions import question_score
from crib.ui.analyze.discard import DiscardApp
from crib.ui.analyze.discard import apply_query as discard_query
from crib.ui.analyze.pegging import PeggingApp
from crib.ui.analyze.pegging import apply_query as pegging_query
from crib.ui.analyze.traps import TrapExplorerApp
from crib.ui.analyze.verdicts import Verdict, in_reach
from crib.ui.kit.access import NARROW_PX
from crib.ui.kit.charts import figure_summary
from crib.ui.kit.keys import KeyListener
from crib.ui.kit.style import section
from crib.ui.kit.widgets import FigureImage
from crib.ui.trainer.app import TrainerApp

# -- acceptance 3: practice sets, a summary at the end, the focus on what comes next ------


def _answer_count(app: TrainerApp, right: bool) -> None:
    total = question_score(app.current).total
    app.count_box.value = str(total if right else total + 1)
    app.key_listener.simulate("submit")  # Enter in the count box


def test_a_practice_set_ends_with_its_summary_and_next_starts_a_new_set() -> None:
    app = TrainerApp(seed=11)
    app.set_size.value = 3
    assert "Practice deal 1 of 3" in app.header.value and app.summary.value == ""
    for i, right in enumerate((True, False, True)):
        assert f"Practice deal {i + 1} of 3" in app.header.value
        _answer_count(app, right)
        assert app.result is not None and app.result.correct is right
        assert not app.next_button.disabled
        assert app.key_listener.focused == ".crib-next"  # Enter goes on to the next deal
        if i < 2:
            assert app.summary.value == "" and app.next_button.description == "Next deal"
            app.next_question()
    assert "Set done." in app.summary.value and "2 of 3 right" in app.summary.value
    assert "(67%)" in app.summary.value and 'role="status"' in app.summary.value
    assert app.next_button.description == "Start a new set"
    seen = app.current
    app.next_question()  # a new set: new deals of the same seed, counted from 1 again
    assert app.summary.value == "" and app.next_button.description == "Next deal"
    assert "Practice deal 1 of 3" in app.header.value and app.current != seen
    assert len(app.answers) == 3 and app.set_answers == []


def test_no_end_never_ends_and_a_new_setting_restarts_the_set() -> None:
    app = TrainerApp(seed=12)
    app.set_size.value = 0  # no end
    for _ in range(4):
        _answer_count(app, True)
        assert app.summary.value == ""
        app.next_question()
    assert "Practice deal 5 (seed 12)" in app.header.value
    app.set_size.value = 3
    assert "Practice deal 1 of 3" in app.header.value and app.set_answers == []


def test_the_focus_goes_to_each_kind_of_answer_but_stays_on_a_setting_being_changed() -> None:
    app = TrainerApp(seed=13)
    focused: list[bool] = []
    app.count_box.focus = lambda: focused.append(True)  # type: ignore[method-assign]
    app.key_listener.focused = None
    app.kind.value = "discard"  # chosen from the keyboard: the focus stays on the choice
    assert app.key_listener.focused is None and not focused
    picks = [t for t in app.card_row.children if isinstance(t, w.ToggleButton)]
    picks[0].value = picks[1].value = True
    app.answer_throw()
    assert app.key_listener.focused == ".crib-next"
    app.next_question()
    assert app.key_listener.focused == ".crib-card-row button"  # the first card to pick
    app.kind.value = "count"
    app.teach_toggle.value = True
    app.check_lines()
    app.next_question()
    assert app.key_listener.focused == ".crib-teach-cards button"  # line by line: a card
    app.teach_toggle.value = False
    _answer_count(app, True)
    focused.clear()
    app.next_question()
    assert focused == [True]  # the count box


def test_a_keyboard_click_keeps_its_focus_and_the_listener_can_move_it() -> None:
    esm = KeyListener._esm
    assert "ev.detail > 0" in esm  # only a pointer's click gives the focus back to the page
    assert 'model.on("msg:custom"' in esm and "focusVisible" in esm
    sent: list[object] = []
    k = KeyListener([])
    k.send = sent.append  # type: ignore[method-assign]
    k.focus_on(".crib-next")
    assert sent == [{"focus": ".crib-next"}] and k.focused == ".crib-next"


def test_enter_submits_the_count_the_box_held_even_before_its_own_update() -> None:
    app = TrainerApp(seed=15)
    total = question_score(app.current).total
    app.count_box.value = ""  # the box's own update has not arrived yet
    app.key_listener._on_msg(app.key_listener, {"key": "submit", "value": str(total)}, None)
    assert app.result is not None and app.result.correct and app.count_box.value == str(total)


def test_the_last_class_question_shows_the_class_set_summary(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from crib.store.classroom import Store

    store = Store(tmp_path / "class.sqlite3")
    q = {"kind": "count", "hand": "5H 5D 5C JS", "starter": "5S", "crib": False, "total": 29}
    s = store.create_session(
        "Year 7", seed=4, questions=[q, {**q, "hand": "5H 5D 5C JD", "total": 28}]
    )
    app = TrainerApp(store=store)
    app.code.value, app.name.value = s.code, "Ann"
    app.join()
    _answer_count(app, True)
    assert app.summary.value == ""
    app.next_question()
    _answer_count(app, False)
    assert "Class set done." in app.summary.value and "1 of 2 right" in app.summary.value
    assert app.key_listener.focused == ".crib-progress-button"


# -- acceptance 5: a text summary next to every chart -------------------------------------


def _tree(x: w.Widget) -> list[w.Widget]:
    out = [x]
    for c in getattr(x, "children", ()):
        out.extend(_tree(c))
    return out


def _charts_have_their_text(app: w.Widget) -> int:
    """Every FigureImage of the app sits in a box with its text summary, which says what
    its title says; returns how many were drawn."""
    tree = _tree(app)
    drawn = 0
    for img in (x for x in tree if isinstance(x, FigureImage)):
        box = next(b for b in tree if img in getattr(b, "children", ()))
        assert img.text in box.children, f"{img._dom_classes}: no text summary beside the chart"
        if img.value:
            drawn += 1
            assert "The chart in words" in img.text.value
            assert img.tooltip.startswith(("Chart", "My progress"))
            first = img.tooltip.split(".")[0].replace("&", "&amp;")
            assert first in img.text.value
    return drawn


def test_every_analyzer_chart_has_its_text_beside_it() -> None:
    assert _charts_have_their_text(DiscardApp()) == 2  # the throws and the hand's spread
    assert _charts_have_their_text(PeggingApp()) == 1
    assert _charts_have_their_text(TrapExplorerApp()) == 1


def test_the_progress_and_teacher_charts_have_their_text(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from crib.store.classroom import Store
    from crib.ui.teacher.app import TeacherApp

    app = TrainerApp(seed=14)
    assert _charts_have_their_text(app) == 0
    assert app.progress_image.text.layout.display == "none"  # hidden with its chart
    _answer_count(app, False)
    app.show_progress()
    assert _charts_have_their_text(app) == 1
    assert (
        "accuracy so far (%), last of each line: counting 0.0 (1 points)"
        in app.progress_image.text.value
    )
    t = TeacherApp(store=Store(tmp_path / "class.sqlite3"))
    t.n_count.value, t.n_discard.value, t.n_peg.value = 2, 0, 0
    t.create()
    assert _charts_have_their_text(t) == 1
    t.projector.value = True  # the projector shows neither the chart nor its text
    assert t.chart.layout.display == "none" and t.chart.text.layout.display == "none"


def test_figure_summary_reads_lines_horizontal_bars_and_empty_charts() -> None:
    fig = Figure()
    ax1, ax2 = fig.subplots(1, 2)
    ax1.plot([1, 2], [100, 50], label="counting")
    ax1.set_title("Accuracy over time")
    ax1.set_ylabel("accuracy (%)")
    ax2.barh(["missed nobs", "led a five"], [3, 1])
    ax2.set_title("Kinds of misses")
    ax2.set_xlabel("times")
    fig.suptitle("My progress")
    assert figure_summary(fig) == (
        "My progress. Chart: Accuracy over time. accuracy (%), last of each line: counting 50.0 "
        "(2 points). Chart: Kinds of misses. times by bar: led a five 1.0, missed nobs 3.0."
    )
    empty = Figure()
    ax = empty.subplots()
    ax.text(0.5, 0.5, "no answers yet")
    ax.set_title("Accuracy over time")
    assert figure_summary(empty) == "Chart: Accuracy over time. No answers yet."


# -- acceptance 6: within reach of 121, grades by the chance of winning ---------------------


def test_in_reach_is_the_games_rule_and_the_badge_shows_the_unit() -> None:
    assert in_reach((91, 0)) and not in_reach((90, 88)) and not in_reach(None)
    v = Verdict("costly", 5.08, 3, 4, "Master", unit=WIN_UNIT)
    assert v.badge == "costly −5.1% to win"
    assert Verdict("mistake", 0.62, 2, 4, "Master").badge == "mistake −0.62"
    assert Verdict("best", 0.0, 1, 4, "Master", unit=WIN_UNIT).badge == "best"


def _worst_throw(app: DiscardApp) -> None:
    """Practice: deal, then throw the pair the analysis ranks last."""
    app.mode.value = "Practice"
    a = app._run(app.practice_six)
    worst = a.throws[-1].throw
    app.state.practice_pick = [app.practice_six.index(c) for c in worst]
    app.commit()


@pytest.mark.parametrize("model", ["master", "expert", "uniform"])
def test_discard_grades_by_the_chance_of_winning_near_121_whatever_the_model(model: str) -> None:
    app = DiscardApp()
    app.model.value = model
    app.my_score.value, app.opp_score.value = 108, 100
    app.use_scores.value = True
    assert app.analysis is not None and app.analysis.objective == "win"
    assert app.objective.value == "win" and app.objective.disabled  # it cannot say points
    assert "Ranked by the chance of winning" in app.status.value
    assert "Chance you win the game" in app.table.value
    _worst_throw(app)
    assert "% to win</b>" in app.verdict.value, app.verdict.value
    assert "of your chance to win" in app.verdict.value
    if model == "expert":  # leaving reach (no scores) gives the switch back, with no error
        app.mode.value = "Analyze"
        app.use_scores.value = False
        assert app.objective.value == "ev" and not app.objective.disabled
        assert app.analysis is not None and app.analysis.objective == "ev"
        assert "Best as dealer" in app.status.value


def test_discard_far_from_121_grades_in_points() -> None:
    app = DiscardApp()
    app.model.value = "expert"
    app.my_score.value, app.opp_score.value = 40, 52
    app.use_scores.value = True
    assert app.analysis is not None and app.analysis.objective == "ev"
    assert not app.objective.disabled
    _worst_throw(app)
    assert "to win" not in app.verdict.value and re.search(
        r"(ok|mistake|costly|blunder) −\d+\.\d\d</b>", app.verdict.value
    )


def test_a_discard_link_with_scores_opens_graded_by_the_chance_of_winning() -> None:
    app = DiscardApp()
    assert discard_query(app, "six=5H+5D+6C+7S+8H+9D&seat=pone&scores=112+117")
    assert app.use_scores.value and (app.my_score.value, app.opp_score.value) == (112, 117)
    assert app.analysis is not None and app.analysis.objective == "win"


NEAR = "hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4 | scores 110 112"


def test_pegging_near_121_grades_by_the_chance_of_winning_with_the_unit() -> None:
    app = PeggingApp(NEAR)
    assert app.scores.value == "110 112" and app.board is not None
    assert "Chance to win" in app.board_table.value
    assert "Near 121, best for the game" in app.status.value
    best = app.board.best.card
    others = [o.card for o in app.board.options if o.card is not None and o.card.rank != best.rank]
    worst = app.board.options[-1].card
    assert others and worst is not None
    app.coach_card.value = next(
        o.label for o in app.analysis.options if o.card is not None and o.card.rank == worst.rank
    )
    if app.board.options[0].p_win - app.board.options[-1].p_win > 1e-9:
        assert "% to win</b>" in app.coach.value, app.coach.value
    for word in ("handed over", "danger count", "Trap", "nothing handed over"):
        assert word not in app.coach.value  # no point tags near 121
    assert app.dissent.value == ""
    # the opponent's seat changes the game (the count of the show comes in another order)
    app.dealer.value = False
    assert app.board is not None
    # far from 121: points again, and no board table
    app.text.value = NEAR.replace("scores 110 112", "scores 40 52")
    app.analyze()
    assert app.board is None and app.board_table.value == ""
    app.coach_card.value = app.coach_card.options[-1][1]
    assert "to win" not in app.coach.value


def test_pegging_fields_keep_the_scores_and_the_link_sets_the_dealer() -> None:
    app = PeggingApp()
    app.scores.value = "100 95"
    assert app.text.value.endswith("scores 100 95")
    app.fields["discards"].value = "JD QC"  # rebuilding the text keeps the scores
    assert "scores 100 95" in app.text.value
    assert pegging_query(
        app, "position=hand+4H+6D+6S+9C+%7C+starter+2S+%7C+opp+4+%7C+scores+118+100&dealer=you"
    )
    assert app.dealer.value is False and app.scores.value == "118 100" and app.board is not None
    # the same best card as before: its grade is still redrawn, by the chance of winning
    assert "by the chance of winning the game" in app.coach.value and app.dissent.value == ""
    assert "nothing handed over" not in app.coach.value


# -- small defects: the crib label and the keys hint ------------------------------------------


def test_the_crib_label_never_reads_empty_brackets() -> None:
    from crib.ui.play.app import PlayApp

    app = PlayApp(seed=3, tier=TIERS["easy"])
    assert "Crib ()" not in app.table_html.value
    assert "Crib (empty)" in app.table_html.value  # before the deal


def test_the_keys_hint_says_where_the_list_is_at_each_width() -> None:
    assert "{where}" in KeyListener([]).label
    wide, narrow = section("device").split(f"@media (max-width: {NARROW_PX - 1}px)", 1)
    assert '.crib-keys-where::after { content: "on the right"; }' in wide
    block = narrow.split("@media", 1)[0]
    assert '.crib-keys-where::after { content: "below the game"; }' in block
    assert "see the list on the right" not in KeyListener._esm + KeyListener([]).label


def test_score_chart_has_a_text_summary() -> None:
    from crib.ui.play.board import score_chart_svg

    svg = score_chart_svg([(0, 0, 0), (1, 10, 6), (2, 24, 20)])
    assert 'aria-label="Chart: scores by hand. After hand 2: You 24, Computer 20.' in svg


def test_summary_answers_are_plain_objects() -> None:
    from crib.ui.trainer.sets import set_summary_html

    h = set_summary_html(
        [SimpleNamespace(correct=False, lost=1.25, seconds=3.0, miss="missed nobs; missed a pair")]
    )
    assert (
        "<b>0 of 1 right</b> (0%)" in h
        and "1.25 points lost in all" in h
        and "missed a pair (1)" in h
    )
