"""Models, typed: the presets equal the models used before they had names, text is
parsed at the edge with the choices listed, and an argument a model would ignore is
an error (issue 23, point 3; issue 35, point 1)."""

from __future__ import annotations

import pytest

import crib
from crib.analysis.models import (
    EXPERT,
    MASTER,
    TIERS,
    UNIFORM,
    CribModel,
    DiscardModel,
    Holdings,
    Minimax,
    Objective,
    PlayModel,
    Policy,
    discard_model,
    parse_model,
    parse_tier,
    play_model,
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


SELFPLAY_PEG = DiscardModel(crib=CribModel.SELFPLAY, pegging=True)


@pytest.mark.parametrize("six", SIXES)
def test_master_is_the_old_master_and_uniform_the_old_default(six: str) -> None:
    for dealer in (True, False):
        new = crib.analyze_discard(six, dealer=dealer)  # the default: the coach's model
        old = crib.analyze_discard(six, dealer=dealer, model=SELFPLAY_PEG)
        assert _throws(new) == _throws(old) and new.master and not old.master
        near = crib.analyze_discard(six, dealer=dealer, scores=(100, 112))
        old_near = crib.analyze_discard(
            six,
            dealer=dealer,
            scores=(100, 112),
            model=DiscardModel(crib=CribModel.SELFPLAY, pegging=True, objective=Objective.WIN),
        )
        assert near.objective == "win" and _throws(near) == _throws(old_near)
        uni = crib.analyze_discard(six, dealer=dealer, model=crib.UNIFORM)
        assert _throws(uni) == _throws(
            crib.analyze_discard(six, dealer=dealer, model=DiscardModel())
        )
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
    assert (
        master.MasterPlayer().discard(obs, None)
        == crib.analyze_discard(
            six, dealer=True, scores=(100, 95), win_top=master.WIN_TOP
        ).best.throw
    )
    assert seen == [MASTER.discard] and master.ENDGAME == crib.analysis.models.MASTER_ENDGAME
    master.MasterPlayer(seat_crib=False).discard(obs, None)
    assert seen[-1] == DiscardModel("custom", CribModel.EXACT, True, True)


def test_play_models_are_typed() -> None:
    default = crib.analyze_play(LEAD)
    assert default.model_name == "master" and default.holdings_model == "weighted"
    weighted = PlayModel(opponent=Minimax(), holdings=Holdings.WEIGHTED)
    assert weighted.is_master and default.options == crib.analyze_play(LEAD, weighted).options
    uni = crib.analyze_play(MID, model=UNIFORM)
    assert (
        uni.model_name == "uniform" and uni.model == "minimax" and default.model == "policy:master"
    )
    assert uni.options == crib.analyze_play(MID, PlayModel()).options
    assert EXPERT.play == PlayModel("expert", Policy(TIERS["expert"]), Holdings.UNIFORM)
    assert crib.analyze_play(MID, EXPERT).model == "policy:expert"
    lead = crib.analyze_lead("4H 6D 6S 9C", "2S", "JD KC", model=UNIFORM)
    assert lead.options == crib.analyze_play(LEAD, UNIFORM).options


def test_tiers_are_one_table_of_tier_objects() -> None:
    assert [t.key for t in TIERS.values()] == ["easy", "normal", "hard", "expert", "master"]
    assert crib.TIERS is TIERS and TIERS["hard"].skill == 0.85 and TIERS["master"].skill is None
    assert crib.make_player(TIERS["hard"]) == crib.parse_player("hard")
    from crib.session.model import COACH, TIER_NAMES, tier_name

    assert (
        COACH is TIERS["master"]
        and tier_name("hard", "fr") == "Difficile"
        and TIER_NAMES["easy"] == "Easy"
    )
    assert parse_tier(" Hard ") is TIERS["hard"]


def test_text_is_parsed_at_the_edge_with_the_choices_listed() -> None:
    assert (
        parse_model("master", "play") == MASTER.play
        and parse_model("table", "discard").crib is CribModel.TABLE
    )
    assert (
        parse_model("minimax", "play") == UNIFORM.play
        and parse_model("policy:expert", "play") == EXPERT.play
    )
    with pytest.raises(
        ModelError,
        match="unknown play model 'grand': expected one of master, expert, "
        "uniform, minimax, policy:master, policy:easy, policy:normal, policy:hard, policy:expert$",
    ):
        parse_model("grand", "play")
    with pytest.raises(
        ModelError,
        match="unknown discard model 'zz': expected one of master, expert, uniform, "
        "exact, table, selfplay$",
    ):
        parse_model("zz", "discard")
    with pytest.raises(
        ModelError,
        match="unknown tier 'champion': expected one of easy, normal, hard, expert, master$",
    ):
        parse_tier("champion")
    with pytest.raises(
        ModelError, match="unknown holdings 'some': expected one of uniform, weighted"
    ):
        Holdings.parse("some")
    with pytest.raises(ModelError, match="unknown objective 'fun': expected one of ev, win"):
        Objective.parse("fun")


def test_no_public_function_takes_a_model_as_a_string() -> None:
    for call in (
        lambda: crib.analyze_discard(SIX, dealer=True, model="uniform"),
        lambda: crib.analyze_play(LEAD, "minimax"),
        lambda: crib.analyze_play(LEAD, model="uniform"),
        lambda: crib.analyze_lead("4H 6D 6S 9C", "2S", "JD KC", model="master"),
        lambda: crib.grade_discard(SIX, "8H 9D", dealer=True, model="uniform"),
        lambda: crib.grade_play(MID, "5H", model="expert"),
        lambda: crib.hint_discard(SIX, True, model="uniform"),
        lambda: crib.hint_play(MID, model="uniform"),
        lambda: PlayModel(opponent="policy:expert"),
        lambda: PlayModel(holdings="weighted"),
        lambda: DiscardModel(crib="selfplay"),
        lambda: DiscardModel(objective="win"),
        lambda: Policy("expert"),
    ):
        with pytest.raises(ModelError):
            call()
    with pytest.raises(ModelError, match="parse text with crib.analysis.models.parse_model"):
        play_model("grand")
    assert discard_model(None) == MASTER.discard and play_model(crib.EXPERT) == EXPERT.play


def test_an_argument_a_model_would_ignore_is_an_error() -> None:
    with pytest.raises(ModelError, match="opp_played weighs the holdings, but model 'uniform'"):
        crib.analyze_play(LEAD, UNIFORM, opp_played="5C")
    with pytest.raises(ModelError, match="opp_dealer weighs the holdings, but model 'expert'"):
        crib.analyze_play(LEAD, EXPERT, opp_dealer=True)
    with pytest.raises(ModelError, match="sample draws holdings for the compiled minimax only"):
        crib.analyze_play(LEAD, EXPERT, sample=10)
    with pytest.raises(ModelError, match="win_top .* needs scores"):
        crib.analyze_discard(SIX, dealer=True, win_top=3)
    with pytest.raises(ModelError, match="objective=Objective.WIN needs scores"):
        crib.analyze_discard(SIX, dealer=True, model=DiscardModel(objective=Objective.WIN))
    with pytest.raises(ModelError, match="endgame=True ranks by P\\(win\\) near 121 by itself"):
        DiscardModel(crib=CribModel.SELFPLAY, endgame=True, objective=Objective.WIN)
    with pytest.raises(ModelError, match="the master tier plays no softmax policy"):
        Policy(TIERS["master"])
    with pytest.raises(
        ModelError, match="opp_played weighs the holdings, which model 'expert' ignores"
    ):
        crib.grade_play(MID, "5H", model=EXPERT, opp_played="2D")
    with pytest.raises(ModelError, match="opp_dealer .* which model 'uniform' ignores"):
        crib.grade_play(MID, "5H", model=UNIFORM, opp_dealer=True)


def test_sample_on_the_pure_python_path_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from crib.analysis.play import jit

    monkeypatch.setattr(jit, "available", lambda: False)
    with pytest.raises(ModelError, match="the pure-Python solver"):
        crib.analyze_play(LEAD, MASTER, sample=10)


def test_each_model_describes_itself_in_the_words_the_pages_used() -> None:
    for kind in ("discard", "play"):
        for name in ("master", "expert", "uniform"):
            m = getattr(crib.analysis.models.PRESETS[name], kind)
            assert (
                m.describe() == parse_model(name, kind).describe()
                and m.describe("fr") != m.describe()
            )
    assert UNIFORM.play.describe().startswith("Model: uniform holdings")
    hard = PlayModel(opponent=Policy(TIERS["hard"]))
    assert "the Hard computer" in hard.describe() and "Difficile" in hard.describe("fr")


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
        crib.Game(
            seed=1, players=(crib.parse_player("easy"), crib.parse_player("easy")), scores=(0, 121)
        )


def test_grades_name_their_model() -> None:
    g = crib.grade_discard(SIX, "6C 7S", dealer=True)
    assert g.model == "master" and round(g.lost, 2) == 7.52 and g.discard_model == MASTER.discard
    u = crib.grade_discard(SIX, "8H 9D", dealer=True, model=UNIFORM)
    assert u.model == "uniform" and round(u.lost, 2) == 3.0
    table = crib.grade_discard(SIX, "8H 9D", dealer=True, model=DiscardModel(crib=CribModel.TABLE))
    assert table.model == "custom"  # no longer labelled "uniform"
    p = crib.grade_play(MID, "5H", model=UNIFORM)
    assert (
        p.model == "uniform"
        and p.model_note.startswith("averaged over")
        and p.play_model == UNIFORM.play
    )
    best = crib.analyze_play(MID, model=UNIFORM).best.card
    assert crib.grade_play(MID, best, model=UNIFORM).verdict == "best"
    e = crib.grade_play(MID, "5H", model=EXPERT)
    assert e.model == "expert" and e.trap == crib.analysis.coach.trap_flag(
        crib.analyze_play(MID, EXPERT), e.card
    )


def test_pages_rank_by_the_same_model_as_the_library() -> None:
    from crib.ui.analyze.verdicts import DISCARD_MODELS, PLAY_MODELS, run_discard, run_play
    from crib.ui.kit.common import COACH_MODEL

    assert DISCARD_MODELS[COACH_MODEL].model == MASTER.discard
    assert PLAY_MODELS[COACH_MODEL].model == MASTER.play
    page = run_discard(SIX, dealer=False, key=COACH_MODEL, scores=(105, 100), objective="ev")
    lib = crib.analyze_discard(SIX, dealer=False, scores=(105, 100))
    assert _throws(page) == _throws(lib)
    assert run_play(MID, COACH_MODEL).options == crib.analyze_play(MID).options
