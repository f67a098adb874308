from __future__ import annotations

import crib
from crib import teach as T


def test_reachable_totals_match_the_published_support() -> None:
    df = T.reachable_scores()
    pub = T.published_distribution()
    assert {int(t) for t in df[df.reachable].total} == {k for k, v in pub.items() if v > 0}
    assert set(df[~df.reachable].total) == {19, 25, 26, 27}


def test_distribution_frame_all_match() -> None:
    df = T.distribution_frame()
    assert df.match.all() and df.computed.sum() == 12_994_800


def test_solution_is_collapsed_html() -> None:
    s = T.solution(lambda: T.count_aloud("5H 5D 5C JS", "5S"))
    h = s._repr_html_()
    assert h.startswith("<details") and "twenty-nine" in h


def test_sampling_table_and_lead_replies() -> None:
    s = T.sampled_vs_exact(
        "hand 4H 6D | pile 5S | previous 2C 3C 9D | starter KS | opp 2", samples=50, repeats=5
    )
    assert list(s.columns) == ["exact", "sampled mean", "sampled min", "sampled max"]
    # the samples really vary, and their means stay near the exact value (250 draws each)
    assert (s["sampled max"] - s["sampled min"]).max() > 0
    assert ((s["sampled mean"] - s["exact"]).abs() < 1.0).all()
    a = crib.analyze_play("hand 4H 6D | pile 5S | previous 2C 3C 9D | starter KS | opp 2", model="uniform")
    assert list(s["exact"]) == [o.margin for o in a.options]
    t = T.lead_reply_table("5H 4C 9S KC", "2D")
    five = t[t["lead"] == "5♥"].iloc[0]
    assert five["P(opponent scores at once)"] == t["P(opponent scores at once)"].max()
