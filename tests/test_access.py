"""WCAG contrast (crib.ui.kit.access), the charts' text alternatives, and the card's
spoken name: the pure parts of issue 27's accessibility work (the browser parts are in
tests/browser/test_devices.py)."""

from __future__ import annotations

import pytest
from matplotlib import colormaps
from matplotlib.colors import to_hex

from crib.ui.kit.access import GRADE_BADGES, ColourError, contrast_ratio, text_on
from crib.ui.kit.charts import figure_summary, play_chart


def test_contrast_ratio_matches_published_values() -> None:
    # WebAIM's contrast checker (https://webaim.org/resources/contrastchecker/):
    # #777777 on white is 4.48:1, #767676 on white 4.54:1 (the lightest grey passing AA)
    assert round(contrast_ratio("#777777", "#ffffff"), 2) == 4.48
    assert round(contrast_ratio("#767676", "#ffffff"), 2) == 4.54
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#336699", "#336699") == pytest.approx(1.0)


@pytest.mark.parametrize("cmap", ["viridis", "RdBu_r", "Greens", "coolwarm", "magma"])
def test_heatmap_text_passes_aa_on_every_colour(cmap: str) -> None:
    cm = colormaps[cmap]
    for i in range(256):
        red, green, blue, _ = cm(i / 255)
        assert contrast_ratio(to_hex((red, green, blue)), text_on((red, green, blue))) >= 4.5, (
            cmap,
            i,
        )


def test_the_old_rule_failed_where_the_new_one_passes() -> None:
    # the cell axe flagged: white on #26ad81 (viridis green) is 2.84:1
    assert contrast_ratio("#26ad81", "#ffffff") < 3
    assert text_on("#26ad81") == "#000000"


def test_grade_badges_pass_aa_under_white_text() -> None:
    for verdict, colour in GRADE_BADGES.items():
        assert contrast_ratio(colour, "#ffffff") >= 4.5, verdict


def test_bad_colour_says_what_is_allowed() -> None:
    with pytest.raises(ColourError, match="#rrggbb"):
        text_on("green")


def test_chart_summary_names_each_card_and_its_value() -> None:
    from crib.analysis.play import analyze_play

    a = analyze_play("hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4")
    text = figure_summary(play_chart(a))
    assert text.startswith("Chart: Net points by card, best first.")
    for o in a.options:
        label = o.card.pretty if o.card is not None else "go"
        assert f"{label} {o.margin:.1f}".replace("-", "−") in text
