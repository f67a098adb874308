"""Models by name: the presets equal the models used before they had names, and
contradicting or unknown arguments are errors (issue 23, point 3)."""

from __future__ import annotations

import pytest

import crib
from crib.analysis.models import (
    EXPERT,
    MASTER,
    UNIFORM,
    DiscardModel,
    PlayModel,
    discard_model,
    play_model,
    resolve_play,
)
from crib.errors import (
    CribError,
    HandSizeError,
    IllegalPlayError,
    InvalidPositionError,
    ModelError,
    ScoreError,
    SeatError,
)

SIX = "5H 5D 6C 7S 8H 9D"
SIXES = ("5H 5D 6C 7S 8H 9D", "2C 3D 4H 5S JC QD", "AH 2S 7D 8C JH KS", "4C 4D 6S 9H TC QH")
LEAD = "hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4"
MID = "hand 5H 6D | pile KS 4C | previous 2C 3C AS | starter 7S | opp 1"


def _throws(a: crib.DiscardAnalysis) -> list[tuple]:
    return [(t.throw, t.ev_exact, t.peg_ev, t.p_win) for t in a.throws]


@pytest.mark.parametrize("six", SIXES)
def test_master_is_the_old_master_and_uniform_the_old_default(six: str) -> None:
    for dealer in (True, False):
        new = crib.analyze_discard(six, dealer=dealer)  # the default: the coach's model
        old = crib.analyze_discard(six, dealer=dealer, crib_model="selfplay", pegging=True)
        assert _throws(new) == _throws(old) and new.master and not old.master
        near = crib.analyze_discard(six, dealer=dealer, scores=(100, 112))
        old_near = crib.analyze_discard(
            six, dealer=dealer, crib_model="selfplay", pegging=True, scores=(100, 112),
            objective="win",
        )
        assert near.objective == "win" and _throws(near) == _throws(old_near)
        uni = crib.analyze_discard(six, dealer=dealer, model=crib.UNIFORM)
        assert _throws(uni) == _throws(crib.analyze_discard(six, dealer=dealer, crib_model="exact"))
        assert uni.discard_model.name == "uniform" and new.discard_model.name == "master"


def test_the_master_discards_by_the_master_model(monkeypatch: pytest.MonkeyPatch) -> None:
    import crib.ai.master as master
    from crib.rules.observation import Observation

    master.warm()  # its own warm-up call is not the one recorded
    seen = []

    def spy(*args, **kwargs):  # the call the Master makes, recorded
        seen.append(kwargs["model"])
        return crib.analyze_discard(*args, **kwargs)

    monkeypatch.setattr(master, "analyze_discard", spy)
    six = crib.parse_cards(SIX)
    obs = Observation(phase="discard", hand=six, dealer=True, my_score=100, opp_score=95)
    assert master.MasterPlayer().discard(obs, None) == crib.analyze_discard(
        six, dealer=True, scores=(100, 95), win_top=master.WIN_TOP).best.throw
    assert seen == [MASTER.discard] and master.ENDGAME == crib.analysis.models.MASTER_ENDGAME
    master.MasterPlayer(seat_crib=False).discard(obs, None)
    assert seen[-1] == DiscardModel("custom", "exact", True, True)


def test_play_models_by_name() -> None:
    default = crib.analyze_play(LEAD)
    assert default.model_name == "master" and default.holdings_model == "weighted"
    assert default.options == crib.analyze_play(LEAD, "policy:master").options
    uni = crib.analyze_play(MID, model="uniform")
    assert uni.model_name == "uniform" and uni.model == "minimax"
    assert uni.options == crib.analyze_play(MID, "minimax", "uniform").options
    assert crib.analyze_play(MID, "uniform").options == uni.options  # a name in opponent's place
    assert resolve_play(None, "minimax", "weighted").name == "custom"
    assert resolve_play(None, "policy:expert") == EXPERT.play
    lead = crib.analyze_lead("4H 6D 6S 9C", "2S", "JD KC", model=UNIFORM)
    assert lead.options == crib.analyze_play(LEAD, "minimax").options


def test_contradictions_are_errors() -> None:
    with pytest.raises(ModelError, match="crib_model='table' contradicts model 'master'"):
        crib.analyze_discard(SIX, dealer=True, model="master", crib_model="table")
    with pytest.raises(ModelError, match="pegging=True contradicts model 'uniform'"):
        crib.analyze_discard(SIX, dealer=True, model="uniform", pegging=True)
    with pytest.raises(ModelError, match="objective='win' contradicts model 'master'"):
        crib.analyze_discard(SIX, dealer=True, objective="win", scores=(10, 10))
    with pytest.raises(ModelError, match="holdings='weighted' contradicts model 'uniform'"):
        crib.analyze_play(LEAD, model="uniform", holdings="weighted")
    with pytest.raises(ModelError, match="opponent='minimax' contradicts model 'expert'"):
        crib.analyze_play(LEAD, "minimax", model=EXPERT)
    with pytest.raises(ModelError, match="'policy:master' is minimax over weighted holdings"):
        crib.analyze_play(LEAD, "policy:master", "uniform")
    with pytest.raises(ModelError, match="unknown opponent model 'psychic'"):
        PlayModel("x", "psychic")
    with pytest.raises(ModelError, match="unknown model 'grand': expected master, expert or uniform"):
        play_model("grand")
    with pytest.raises(ModelError, match="objective must be 'ev' or 'win', got 'fun'"):
        crib.analyze_discard(SIX, dealer=True, model="uniform", objective="fun")
    assert discard_model(None) == MASTER.discard and play_model(crib.EXPERT) == EXPERT.play


def test_bad_input_from_the_issue_raises_a_crib_error() -> None:
    with pytest.raises(SeatError, match="dealer must be True .* or False .*got 'pone'"):
        crib.analyze_discard(SIX, dealer="pone")  # type: ignore[arg-type]
    with pytest.raises(SeatError):
        crib.grade_discard(SIX, "5H 5D", dealer=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidPositionError, match="scores must be 0..120 .*got 130-5"):
        crib.analyze_play(LEAD + " | scores 130 5")
    with pytest.raises(ModelError, match="unknown view 'zz'"):
        crib.heatmap_values("zz")
    with pytest.raises(InvalidPositionError, match="got 125-110"):
        crib.grade_play(LEAD + " | scores 125 110", "6D", opp_dealer=True)
    with pytest.raises(ScoreError, match="got 125-110"):
        crib.analyze_discard(SIX, dealer=True, scores=(125, 110))
    with pytest.raises(ScoreError, match="got dealer -1, pone 3"):
        crib.win_probability(-1, 3)
    with pytest.raises(ScoreError, match="whole numbers"):
        crib.analyze_discard(SIX, dealer=True, scores=(10.5, 3))  # type: ignore[arg-type]
    with pytest.raises(IllegalPlayError, match="pass card=None"):
        crib.grade_play(LEAD, "go")
    with pytest.raises(HandSizeError, match="expected 4 cards to lead from, got 3"):
        crib.analyze_lead("4H 6D 6S", "2S")
    with pytest.raises(HandSizeError, match="expected your 2 discards"):
        crib.analyze_lead("4H 6D 6S 9C", "2S", "JD")
    with pytest.raises(SeatError, match="opp_dealer must be True"):
        crib.analyze_play(LEAD, opp_dealer="dealer")  # type: ignore[arg-type]
    with pytest.raises(CribError, match="starting scores|0..120"):
        crib.Game(seed=1, players=(crib.make_player("easy"), crib.make_player("easy")),
                  scores=(0, 121))


def test_grades_name_their_model() -> None:
    g = crib.grade_discard(SIX, "6C 7S", dealer=True)
    assert g.model == "master" and round(g.lost, 2) == 7.52
    u = crib.grade_discard(SIX, "8H 9D", dealer=True, model=UNIFORM)
    assert u.model == "uniform" and round(u.lost, 2) == 3.0
    assert crib.grade_discard(SIX, "8H 9D", dealer=True, crib_model="table").model == "uniform"
    p = crib.grade_play(MID, "5H", model="uniform")
    assert p.model == "uniform" and p.model_note.startswith("averaged over")
    best = crib.analyze_play(MID, model="uniform").best.card
    assert crib.grade_play(MID, best, model="uniform").verdict == "best"
    assert crib.grade_play(MID, "5H", model="expert").model == "expert"


def test_pages_rank_by_the_same_model_as_the_library() -> None:
    from crib.ui.analyze.verdicts import DISCARD_MODELS, PLAY_MODELS, run_discard, run_play
    from crib.ui.kit.common import COACH_MODEL

    assert DISCARD_MODELS[COACH_MODEL].model == MASTER.discard
    assert PLAY_MODELS[COACH_MODEL].model == MASTER.play
    page = run_discard(SIX, dealer=False, key=COACH_MODEL, scores=(105, 100), objective="ev")
    lib = crib.analyze_discard(SIX, dealer=False, scores=(105, 100))
    assert _throws(page) == _throws(lib)
    assert run_play(MID, COACH_MODEL).options == crib.analyze_play(MID).options
