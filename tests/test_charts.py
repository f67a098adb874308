from __future__ import annotations

from crib.analysis.discard import analyze_discard
from crib.analysis.play import analyze_play
from crib.ui.charts import crib_heatmap, discard_chart, hand_distribution_chart, play_chart


def test_play_chart_has_a_bar_pair_per_option() -> None:
    a = analyze_play("hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4")
    fig = play_chart(a)
    ax = fig.axes[0]
    assert len(ax.patches) == 2 * len(a.options)
    assert [t.get_text() for t in ax.get_xticklabels()] == [o.card.pretty for o in a.options]


def test_discard_charts() -> None:
    a = analyze_discard("5H 5D 6C 7S 8H 9D", dealer=True)
    assert len(discard_chart(a).axes[0].patches) == 30
    ax = hand_distribution_chart(a, 0).axes[0]
    assert sum(p.get_height() for p in ax.patches) == 46


def test_heatmap_labels() -> None:
    vals = [[float(r + c) for c in range(13)] for r in range(13)]
    fig = crib_heatmap(vals, title="t", cbar_label="expected crib points")
    assert fig.axes[1].get_ylabel() == "expected crib points"
    assert len(fig.axes[0].texts) == 169
