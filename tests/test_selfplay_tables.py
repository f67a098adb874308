"""The shipped self-play tables against their own contracts and published figures
(``data/published_reference.json``, copied from the project's cited reference)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import crib
from crib.analysis.crib_models import crib_table, get_crib_model
from crib.analysis.selfplay_tables import peg_value, seat_crib_frame, seat_crib_value
from crib.analysis.win import win_table
from crib.errors import CribError

DATA = Path(__file__).resolve().parents[1] / "data"
REF = json.loads((DATA / "published_reference.json").read_text())


def test_seat_table_shape_and_format() -> None:
    df = seat_crib_frame()
    assert list(df.columns) == ["seat", "pair", "suited", "mean", "ci95_low", "ci95_high", "n"]
    assert len(df) == 338
    for seat in ("dealer", "pone"):
        s = df[df.seat == seat]
        assert (s.suited == "").sum() == 13
        assert (s.suited == "true").sum() == 78 and (s.suited == "false").sum() == 78
    assert set(df[df.suited == ""].pair) == {f"{r}-{r}" for r in "A23456789TJQK"}
    assert "5-T" in set(df.pair) and "T-5" not in set(df.pair)
    assert (df.ci95_low <= df["mean"]).all() and (df["mean"] <= df.ci95_high).all()
    assert df.n.min() >= 3000


def test_five_five_against_the_published_tables() -> None:
    lo, hi = REF["crib_5_5"]["own_crib"]
    v = seat_crib_value(5, 5, False, "dealer")
    assert lo - 0.6 <= v <= hi + 0.6
    lo, hi = REF["crib_5_5"]["opponents_crib"]
    v = seat_crib_value(5, 5, False, "pone")
    assert lo - 0.6 <= v <= hi + 0.6


def test_dealer_values_below_pone_and_uniform_between() -> None:
    df = seat_crib_frame()
    assert df[df.seat == "dealer"]["mean"].sum() < df[df.seat == "pone"]["mean"].sum()
    uni = crib_table()
    below = above = 0
    for (lo, hi, suited), v in uni.items():
        below += seat_crib_value(lo, hi, suited, "dealer") < float(v)
        above += seat_crib_value(lo, hi, suited, "pone") > float(v)
    assert below >= 0.8 * 169 and above >= 0.8 * 169


def test_pegging_table() -> None:
    df = pd.read_csv(DATA / "pegging_ev.csv")
    assert list(df.columns[:6]) == ["keep", "seat", "keeper_pegs", "opponent_pegs", "net", "n"]
    assert len(df) == 3640 and df.keep.nunique() == 1820
    ok = df.dropna(subset=["net"])
    assert np.allclose(ok.net, ok.keeper_pegs - ok.opponent_pegs, atol=2e-4)
    r = peg_value((1, 2, 3, 4), "dealer")
    # row 210 of data/pegging_ev.csv: 4.4175 - 2.6509 = 1.7666 over 1296 deals
    assert r["keep"] == "A-2-3-4" and r["n"] == 1296
    assert (r["keeper_pegs"], r["opponent_pegs"], r["net"]) == (4.4175, 2.6509, 1.7666)
    assert peg_value((4, 3, 2, 1), "pone")["net"] == -0.8965  # any order of the ranks
    # the dealer pegs more than the pone on average (published: about 3.5 v 2.0-2.1)
    assert ok[ok.seat == "dealer"].net.mean() > ok[ok.seat == "pone"].net.mean()


def test_win_table() -> None:
    w = win_table()
    assert w.shape == (121, 121) and ((w >= 0) & (w <= 1)).all()
    # read by numpy for the pages; the same numbers as pandas reads
    assert (w == pd.read_csv(DATA / "win_table.csv", index_col=0).to_numpy(dtype=float)).all()
    assert 0.54 <= crib.win_probability(0, 0) <= 0.57
    assert w[120, 0] > 0.97 and w[0, 120] < 0.03
    with pytest.raises(CribError, match="0..120"):
        crib.win_probability(-1, 3)
    detail = pd.read_csv(DATA / "win_detail.csv")
    assert len(detail) == 121 * 121
    assert (detail.p_win_skunk <= detail.p_win + 1e-9).all()
    assert (detail.p_win_double_skunk <= detail.p_win_skunk + 1e-9).all()


def test_win_table_agrees_with_direct_selfplay() -> None:
    s = json.loads((DATA / "selfplay_summary.json").read_text())
    checks = s["win_table"]["crosscheck"]
    assert len(checks) >= 4
    for c in checks:
        assert abs(c["table"] - c["selfplay"]) < 0.05, c


def test_points_per_deal_near_published() -> None:
    s = json.loads((DATA / "selfplay_summary.json").read_text())
    pub = REF["points_per_deal"]
    assert abs(s["dealer"]["total"][0] - pub["dealer_total"]) < 1.0
    assert abs(s["pone"]["total"][0] - pub["pone_total"]) < 1.0
    assert s["dealer"]["pegging"][0] > s["pone"]["pegging"][0]


def test_analyze_discard_options() -> None:
    six = "5H 5D 6C 7S 8H 9D"
    a = crib.analyze_discard(
        six,
        dealer=False,
        model=crib.DiscardModel(crib=crib.CribModel.SELFPLAY, pegging=True),
        scores=(0, 0),
    )
    t = a.table
    assert {"peg_ev", "ev_with_pegging", "p_win"} <= set(t.columns)
    assert np.allclose(t.ev_with_pegging, t.ev + t.peg_ev)
    assert list(t.ev_with_pegging) == sorted(t.ev_with_pegging, reverse=True) or (
        t.ev_with_pegging.iloc[0] >= t.ev_with_pegging.max() - 1e-3
    )
    assert "self-play" in a.model_note and "seat table" in a.model_note
    assert "peg" in a.explain(0) and "win the game" in a.explain(0)
    w = crib.analyze_discard(
        six, dealer=True, scores=(100, 110), model=crib.DiscardModel(objective=crib.Objective.WIN)
    )
    p = [x.p_win for x in w.throws]
    assert all(0 <= x <= 1 for x in p) and p[0] >= max(p) - 1e-3
    # near the end the dealer who needs 2 nearly always gets them
    assert crib.analyze_discard(six, dealer=True, scores=(119, 0)).best.p_win > 0.95
    with pytest.raises(CribError, match="depends on the seat"):
        get_crib_model("selfplay").values((), [])


def test_the_indexes_read_without_pandas_equal_the_frames() -> None:
    """The pages' readers (the csv module) against the tables read by pandas, every row."""
    import math

    from crib.analysis.selfplay_tables import _crib_index, _peg_index, pegging_frame

    crib = seat_crib_frame()
    assert len(_crib_index()) == len(crib) == 338
    for r in crib.itertuples():
        assert _crib_index()[(r.seat, r.pair, r.suited)] == float(r.mean)
    peg = pegging_frame()
    assert len(_peg_index()) == len(peg) == 3640
    for r in peg.to_dict("records"):
        got = _peg_index()[(r["keep"], r["seat"])]
        assert got.keys() == r.keys()
        for k, v in r.items():
            assert got[k] == v or (isinstance(v, float) and math.isnan(v) and math.isnan(got[k])), (
                k,
                v,
                got[k],
            )


def test_an_empty_cell_reads_as_nan_as_pandas_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A quick rebuild can leave a keep with no sample: pandas writes its NaN as an empty cell."""
    import math

    import crib.datafiles
    from crib.analysis.selfplay_tables import _rows

    f = tmp_path / "pegging_ev.csv"
    f.write_text("keep,seat,net,n\nA-A-A-A,dealer,,0\nA-A-A-2,pone,0.5,7\n")
    monkeypatch.setattr(crib.datafiles, "data_path", lambda name: tmp_path / name)
    rows = _rows("pegging_ev.csv", ("keep", "seat"))
    assert math.isnan(rows[0]["net"]) and rows[0]["n"] == 0 and rows[0]["keep"] == "A-A-A-A"
    assert rows[1] == {"keep": "A-A-A-2", "seat": "pone", "net": 0.5, "n": 7}
    assert math.isnan(pd.read_csv(f)["net"][0])  # what pandas made of it


def test_the_tables_measured_against_the_masters_discard() -> None:
    """Issue #42: the seat crib and pegging tables measured with the Master's discard as the
    opponent's are read only inside ``seat_tables``; they have every row the shipped ones
    have, and differ from them where the two discards differ."""
    from crib.analysis.selfplay_tables import _crib_index, _peg_index, seat_tables

    expert_crib, expert_peg = dict(_crib_index()), dict(_peg_index())
    with seat_tables(crib="master", pegging="master"):
        master_crib, master_peg = dict(_crib_index()), dict(_peg_index())
        inside = seat_crib_value(5, 5, False, "dealer")
    assert dict(_crib_index()) == expert_crib  # the shipped table again outside
    assert master_crib.keys() == expert_crib.keys() and master_peg.keys() == expert_peg.keys()
    assert inside == master_crib[("dealer", "5-5", "")]
    differ = [k for k in expert_crib if abs(expert_crib[k] - master_crib[k]) > 1e-9]
    assert len(differ) > len(expert_crib) // 2
    # the same measure of the same thing: close, seat by seat (the 95% intervals are ~0.1)
    assert max(abs(expert_crib[k] - master_crib[k]) for k in expert_crib) < 1.0
    with seat_tables(crib="master"):
        assert dict(_peg_index()) == expert_peg  # each table switched on its own
    with pytest.raises(CribError, match="expert or master"), seat_tables(crib="psychic"):
        pass


def test_the_opponents_throw_is_the_experts_or_the_masters() -> None:
    from crib.ai.selfplay.experiments import opp_throw
    from crib.ai.selfplay.fastplay import expert_throw
    from crib.analysis.discard import analyze_discard
    from crib.analysis.models import MASTER
    from crib.rules.cards import Card

    rng = np.random.default_rng(7)
    differ = 0
    for _ in range(60):
        six = sorted(rng.choice(52, 6, replace=False).tolist())
        for dealer in (False, True):
            assert opp_throw(six, dealer, {}) == expert_throw(six, dealer)
            got = opp_throw(six, dealer, {"opponent": "master"})
            cards = [Card.from_index(c) for c in six]
            best = analyze_discard(cards, dealer=dealer, model=MASTER.discard).best.throw
            assert got == (best[0].index, best[1].index)
            differ += set(got) != set(expert_throw(six, dealer))
    assert differ > 0  # the two discards are not the same player's
    with pytest.raises(ValueError, match="opponent"):
        opp_throw(six, True, {"opponent": "psychic"})
