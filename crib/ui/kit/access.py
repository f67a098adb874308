"""Accessibility helpers shared by the pages: WCAG contrast, the grade badges' colours and
the narrow-screen width.  The rules for tablets, phones, tap targets and the focus ring
are the stylesheet's (crib/ui/kit/crib.css, section "device").

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
from crib.ui.kit.style import colour as palette_colour

__all__ = ["ColourError", "luminance", "contrast_ratio", "text_on", "GRADE_BADGES", "NARROW_PX"]


class ColourError(CribError):
    """A colour that is not '#rrggbb' or an (r, g, b) tuple of 0..1."""


NARROW_PX = (
    1000  # below this width the side column goes under the board (crib.css: max-width 999px)
)


def _rgb(colour: str | tuple[float, float, float]) -> tuple[float, float, float]:
    if isinstance(colour, tuple):
        return colour
    h = colour.lstrip("#")
    if len(h) != 6 or any(ch not in "0123456789abcdefABCDEF" for ch in h):
        raise ColourError(
            f"a colour must be '#rrggbb' or an (r, g, b) tuple of 0..1, got {colour!r}"
        )
    return tuple(int(h[i : i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def luminance(colour: str | tuple[float, float, float]) -> float:
    """WCAG relative luminance of '#rrggbb' or an (r, g, b) tuple of 0..1."""

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(
    a: str | tuple[float, float, float], b: str | tuple[float, float, float]
) -> float:
    """WCAG contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_on(background: str | tuple[float, float, float]) -> str:
    """Black or white, whichever contrasts more with ``background`` (at least 4.58:1 for
    any background: the two ratios cross where the luminance is sqrt(1.05 * 0.05) - 0.05)."""
    black, white = palette_colour("black"), palette_colour("white")
    return (
        black if contrast_ratio(background, black) >= contrast_ratio(background, white) else white
    )


# the grade badges' backgrounds under white text, each at least 4.5:1 (tests/test_access.py);
# the stylesheet (crib.css, section "device") puts them over the colours the badges carry inline
GRADE_BADGES = {
    k: palette_colour(v)
    for k, v in (
        ("best", "green-2"),
        ("ok", "badge-ok"),
        ("mistake", "badge-mistake"),
        ("blunder", "badge-blunder"),
    )
}
