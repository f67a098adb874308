"""The analyzers' session (crib.session.analyze): the discard analyzer's state with no
widgets, driven as the page drives it (issue #35, point 6)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from crib.errors import SaidError
from crib.rules.cards import parse_cards
from crib.session.analyze import DISCARD_MODELS, PLAY_MODELS, DiscardAnalyzer, run_discard


def test_the_session_runs_with_no_widget_library() -> None:
    code = (
        "import sys; from crib.session.analyze import DiscardAnalyzer; "
        "d = DiscardAnalyzer(); d.practise(d.deal(3)); d.toggle(0); d.toggle(1); d.throw(); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'ipywidgets', 'IPython'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_within_reach_the_ranking_is_by_winning_and_a_choice_comes_back() -> None:
    d = DiscardAnalyzer(key="uniform")
    assert (d.settle_objective(), d.objective_locked) == ("ev", False)
    d.scores = (115, 60)
    assert (d.settle_objective(), d.forced, d.objective_locked) == ("win", True, True)
    d.scores = (40, 60)  # out of reach: points again, as before the scores came near
    assert (d.settle_objective(), d.forced) == ("ev", False)
    d.objective = "win"  # chosen by hand, with scores out of reach: it stays
    assert d.settle_objective() == "win" and not d.forced
    d.scores = (116, 60)
    d.settle_objective()
    d.scores = (10, 10)
    assert d.settle_objective() == "win"  # it was the user's choice, not the scores'
    assert DiscardAnalyzer(key="master").objective_locked  # the Master chooses its own


def test_ranking_by_winning_needs_the_scores() -> None:
    d = DiscardAnalyzer(key="uniform", objective="win")
    with pytest.raises(SaidError, match="needs the scores"):
        d.analyze("5H 5D 6C 7S 8H 9D")


def test_practice_picks_two_and_grades_them_against_the_ranking() -> None:
    d = DiscardAnalyzer(dealer=False, key="uniform")
    six = d.deal(11)
    assert six == DiscardAnalyzer.deal(11) and len(set(six)) == 6  # the deal number says the six
    d.practise(six)
    for i in (0, 1, 2):
        d.toggle(i)
    assert d.practice_pick == [0, 1]  # a third card is not picked
    d.toggle(0)
    with pytest.raises(SaidError, match="exactly two"):
        d.throw()
    d.toggle(3)
    a, i = d.throw()
    assert set(a.throws[i].throw) == {six[1], six[3]}
    want = run_discard(six, dealer=False, key="uniform")
    assert [t.throw for t in a.throws] == [t.throw for t in want.throws]
    assert d.second is not None and d.second.model_note != a.model_note  # the coach's, to compare


def test_the_model_tables_hold_typed_models() -> None:
    assert set(DISCARD_MODELS) == {"master", "expert", "uniform"}
    assert {"master", "expert"} <= set(PLAY_MODELS)
    d = DiscardAnalyzer(key="uniform")
    d.practise(parse_cards("AH 2H 3H 4H 9C KS"))
    assert d.analysis is None and d.practice_pick == []
