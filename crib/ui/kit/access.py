"""Accessibility helpers shared by the pages: WCAG contrast, and the one stylesheet for
tablets, phones, tap targets and the focus ring (:data:`DEVICE_CSS`).

Contrast follows WCAG 2.2's definitions of relative luminance and contrast ratio
(https://www.w3.org/TR/WCAG22/#dfn-relative-luminance and #dfn-contrast-ratio); AA asks
4.5:1 for normal text (success criterion 1.4.3).

>>> round(contrast_ratio("#ffffff", "#000000"), 1)
21.0
>>> text_on("#26ad81"), text_on("#30123b")
('#000000', '#ffffff')
"""

from __future__ import annotations

from crib.errors import CribError

__all__ = ["ColourError", "luminance", "contrast_ratio", "text_on", "DEVICE_CSS", "GRADE_BADGES", "NARROW_PX"]

class ColourError(CribError):
    """A colour that is not '#rrggbb' or an (r, g, b) tuple of 0..1."""


NARROW_PX = 1000  # below this width the side column goes under the board


def _rgb(colour: str | tuple[float, float, float]) -> tuple[float, float, float]:
    if isinstance(colour, tuple):
        return colour
    h = colour.lstrip("#")
    if len(h) != 6 or any(ch not in "0123456789abcdefABCDEF" for ch in h):
        raise ColourError(f"a colour must be '#rrggbb' or an (r, g, b) tuple of 0..1, got {colour!r}")
    return tuple(int(h[i : i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def luminance(colour: str | tuple[float, float, float]) -> float:
    """WCAG relative luminance of '#rrggbb' or an (r, g, b) tuple of 0..1."""

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str | tuple[float, float, float], b: str | tuple[float, float, float]) -> float:
    """WCAG contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_on(background: str | tuple[float, float, float]) -> str:
    """Black or white, whichever contrasts more with ``background`` (at least 4.58:1 for
    any background: the two ratios cross where the luminance is sqrt(1.05 * 0.05) - 0.05)."""
    black, white = "#000000", "#ffffff"
    return black if contrast_ratio(background, black) >= contrast_ratio(background, white) else white


# the grade badges' backgrounds under white text, each at least 4.5:1 (tests/test_access.py);
# the page's stylesheet puts them over the colours the badges carry inline
GRADE_BADGES = {"best": "#1e6b43", "ok": "#55641c", "mistake": "#a3410a", "blunder": "#b03427"}

_GRADES = "\n".join(
    f"body[data-voila] .crib-chip.crib-grade-{k} {{ background: {v} !important; color: #fff !important; }}"
    for k, v in GRADE_BADGES.items()
)

# One place for devices and access: every page has the nav bar, whose stylesheet includes
# this.  ``body[data-voila]`` and !important outrank Jupyter's own widget styles.
DEVICE_CSS = f"""
body[data-voila] {{ --jp-widgets-inline-height: 44px; }}
body[data-voila] :is(.widget-html, .widget-htmlmath) {{ --jp-widgets-inline-height: 28px; }}
body[data-voila] :is(button, input, select, textarea, a, summary, [tabindex]):is(:focus-visible, :focus) {{
  outline: 3px solid #1f5fa8 !important; outline-offset: 2px !important; }}
body[data-voila] .jupyter-widgets .widget-toggle-button,
body[data-voila] .jupyter-widgets.jupyter-button {{ min-height: 44px; min-width: 44px; flex-shrink: 0; }}
body[data-voila] .widget-inline-hbox :is(input, select) {{ min-height: 44px; }}
body[data-voila] .widget-checkbox {{ min-height: 44px; min-width: 44px; }}
body[data-voila] .widget-checkbox label {{ min-height: 44px; display: flex; align-items: center; gap: 8px; cursor: pointer; }}
body[data-voila] .widget-checkbox input[type="checkbox"] {{ width: 22px; height: 22px; margin: 0; }}
body[data-voila] .crib-cardbtn.crib-mini {{ width: 44px !important; height: 44px !important; }}
body[data-voila] .crib-cardbtn.crib-pile {{ width: 44px !important; }}
body[data-voila] .crib-heatcell {{ height: 44px; }}
body[data-voila] .crib-heatlabel {{ line-height: 44px; }}
body[data-voila] .crib-heatgrid {{ max-width: 100%; overflow-x: auto; }}
body[data-voila] .crib-nav a {{ display: inline-flex; align-items: center; min-height: 44px; padding: 0 8px; white-space: nowrap; }}
body[data-voila] .widget-image, body[data-voila] .crib-board, body[data-voila] .crib-score-chart {{
  max-width: 100%; height: auto; }}
body[data-voila] .widget-html-content {{ max-width: 100%; overflow-x: auto; }}
body[data-voila] .crib-glyph::before {{ content: attr(data-face); content: attr(data-face) / ""; }}
body[data-voila] .crib-sr-only {{ position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }}
body[data-voila] .crib-chart-text summary {{ min-height: 44px; display: flex; align-items: center;
  cursor: pointer; color: #1f5fa8; }}
body[data-voila] .crib-chart-text p {{ margin: 2px 0 6px 0; max-width: 60em; }}
.crib-keys-where::after {{ content: "on the right"; }}
.crib-table-col {{ flex: 1 1 auto; min-width: 660px; }}
@media (max-width: {NARROW_PX - 1}px) {{
  .crib-keys-where::after {{ content: "below the game"; }}
  body[data-voila] .crib-main-row {{ flex-direction: column !important; }}
  body[data-voila] .crib-table-col {{ min-width: 0; width: 100%; }}
  body[data-voila] .crib-rail {{ width: 100% !important; flex: 1 1 auto !important; padding: 12px 0 0 0 !important; }}
  body[data-voila] .crib-show-lines {{ width: auto; }}
  body[data-voila] .crib-show-line {{ min-width: 0; }}
}}
@media (max-width: 600px) {{
  body[data-voila] .widget-inline-hbox {{ flex-wrap: wrap; max-width: 100% !important; min-width: 0;
    box-sizing: border-box; height: auto !important; }}
  body[data-voila] :is(.widget-hbox, .widget-vbox) {{ max-width: 100%; min-width: 0; }}
  body[data-voila] .widget-inline-hbox :is(input, select) {{ max-width: 100%; min-width: 0; }}
  body[data-voila] .widget-inline-hbox > .widget-label {{ text-align: left; padding-right: 8px; }}
  body[data-voila] .crib-hand {{ gap: 4px; }}
  body[data-voila] .crib-cardbtn:not(.crib-mini):not(.crib-pile) {{ width: 52px !important; height: 74px !important; font-size: 24px !important; }}
}}
{_GRADES}
"""
