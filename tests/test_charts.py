from __future__ import annotations

from crib.analysis.discard import analyze_discard
from crib.analysis.models import UNIFORM, CribModel, DiscardModel
from crib.analysis.play import analyze_play
from crib.ui.kit.charts import crib_heatmap, discard_chart, hand_distribution_chart, play_chart


def test_play_chart_has_a_bar_pair_per_option() -> None:
    a = analyze_play("hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4")
    fig = play_chart(a)
    ax = fig.axes[0]
    assert len(ax.patches) == 2 * len(a.options)
    assert [t.get_text() for t in ax.get_xticklabels()] == [o.card.pretty for o in a.options]


def test_discard_charts() -> None:
    a = analyze_discard("5H 5D 6C 7S 8H 9D", dealer=True, model=UNIFORM)
    assert len(discard_chart(a).axes[0].patches) == 30
    ax = hand_distribution_chart(a, 0).axes[0]
    assert sum(p.get_height() for p in ax.patches) == 46


def test_heatmap_labels() -> None:
    vals = [[float(r + c) for c in range(13)] for r in range(13)]
    fig = crib_heatmap(vals, title="t", cbar_label="expected crib points")
    assert fig.axes[1].get_ylabel() == "expected crib points"
    assert len(fig.axes[0].texts) == 169


def _texts(fig):  # type: ignore[no-untyped-def]
    fig.canvas.draw()  # lay the figure out so every label exists
    from matplotlib.text import Text

    return [t for t in fig.findobj(Text) if t.get_text().strip() and t.get_visible()]


def test_chart_text_is_at_least_11_px_where_shown() -> None:
    """Every figure is shown at its own pixel size (FigureImage sets the width), and no
    text is under MIN_PT points: at 96 dpi that is 12 px, over the 11 px asked for."""
    from crib.ui.kit.charts import DPI, MIN_PT, score_distribution_chart
    from crib.ui.kit.widgets import FigureImage

    assert MIN_PT * DPI / 72 >= 11
    a = analyze_discard(
        "5H 5D 6C 7S 8H 9D", dealer=False, model=DiscardModel(crib=CribModel.SELFPLAY, pegging=True)
    )
    p = analyze_play("hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4")
    vals = [[float(r + c) for c in range(13)] for r in range(13)]
    figs = [
        discard_chart(a),
        hand_distribution_chart(a, 0),
        play_chart(p),
        crib_heatmap(vals, title="t", cbar_label="points"),
        score_distribution_chart(list(range(30))),
    ]
    for fig in figs:
        sizes = [t.get_fontsize() for t in _texts(fig)]
        assert sizes and min(sizes) >= MIN_PT, (fig, min(sizes))
        img = FigureImage()
        img.show(fig)
        assert img.layout.width == f"{round(fig.get_figwidth() * DPI)}px"
        assert round(fig.get_figwidth() * DPI) <= 700  # fits beside a table at 1280 px


def test_discard_chart_crib_has_the_tables_sign() -> None:
    for dealer in (True, False):
        a = analyze_discard("5H 5D 6C 7S 8H 9D", dealer=dealer, model=UNIFORM)
        ax = discard_chart(a).axes[0]
        crib_bars = ax.patches[15:30]
        signs = {h > 0 for h in (b.get_height() for b in crib_bars) if h}
        assert signs == {dealer}
        labels = [t.get_text() for t in ax.figure.legends[0].get_texts()]
        assert ("Crib (yours, +)" if dealer else "Crib (theirs, −)") in labels
