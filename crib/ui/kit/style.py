"""The one stylesheet, ``crib/ui/kit/crib.css``, and its palette.

Every page's look is in that file, and every colour once, in its ``:root`` variables.
A page has it once: :func:`stylesheet_html` in the navigation bar
(:mod:`crib.ui.kit.nav`), the first cell of every dashboard; :func:`stylesheet` is the
same as a hidden widget, for what is shown without the bar (a lesson notebook).  The
class server's refusal pages take only the variables and their own rules
(:func:`section`).  Python that draws colours itself (SVG attributes, matplotlib
charts, contrast checks) reads them from the palette (:func:`colour`); HTML built in
Python says ``var(--crib-...)`` (:func:`var`) or uses a class of the sheet.

>>> colour("red"), var("red")
('#c0392b', 'var(--crib-red)')
>>> stylesheet_html().startswith("<style>") and ".crib-nav" in stylesheet_text()
True
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING

from crib.errors import CribError

if TYPE_CHECKING:
    import ipywidgets as w

__all__ = [
    "StyleError",
    "card_faces",
    "stylesheet_text",
    "stylesheet_html",
    "stylesheet",
    "section",
    "palette",
    "colour",
    "var",
]

SHEET = "crib.css"
_MARK = re.compile(r"^/\* === ([a-z]+) === \*/$", re.M)
_VARIABLE = re.compile(r"--crib-([a-z0-9-]+):\s*([^;]+);")


class StyleError(CribError):
    """A colour or a section the stylesheet does not have."""


#: where the sheet takes the card faces' rules (:func:`card_faces`)
FACES = re.compile(r"/\* @card-faces:.*?\*/", re.S)


def card_faces() -> str:
    """The rule that draws each card's corner from its class (``crib-face-KD``), one per card;
    then, on a French page (``html.crib-lang-fr``, the page template's mark), the king, queen
    and jack as R, D and V (the glossary's roi, dame, valet).

    >>> card_faces().splitlines()[9]
    '.crib-face-3D::before { content: "3♦"; content: "3♦" / ""; }'
    >>> card_faces().splitlines()[-1]
    'html.crib-lang-fr .crib-face-KS::before { content: "R♠"; content: "R♠" / ""; }'
    """
    from crib.rules.cards import DECK
    from crib.rules.words import local_cards

    def rule(c: object, face: str, where: str = "") -> str:
        return f'{where}.crib-face-{c}::before {{ content: "{face}"; content: "{face}" / ""; }}'

    return "\n".join(
        [rule(c, c.pretty) for c in DECK]
        + [
            rule(c, local_cards(c.pretty, "fr"), "html.crib-lang-fr ")
            for c in DECK
            if local_cards(c.pretty, "fr") != c.pretty
        ]
    )


@cache
def stylesheet_text() -> str:
    """The stylesheet's text (read once), the card faces written in (:func:`card_faces`)."""
    raw = files("crib.ui.kit").joinpath(SHEET).read_text(encoding="utf-8")
    if len(FACES.findall(raw)) != 1:
        raise StyleError(
            f"{SHEET} marks the card faces' place not once but {len(FACES.findall(raw))} times"
        )
    return FACES.sub(lambda _m: card_faces(), raw)


def stylesheet_html(*sections: str) -> str:
    """The stylesheet as a ``<style>`` element, for a page's HTML: all of it, or only the
    given :func:`section` s."""
    text = "\n\n".join(section(s) for s in sections) if sections else stylesheet_text()
    return f"<style>{text}</style>"


def stylesheet() -> w.HTML:
    """The stylesheet as a hidden widget (no room taken), for widgets shown without the
    navigation bar, which carries it on every page."""
    import ipywidgets as w

    return w.HTML(
        stylesheet_html(), _dom_classes=("crib-stylesheet",), layout=w.Layout(display="none")
    )


@cache
def _sections() -> dict[str, str]:
    text = stylesheet_text()
    marks = list(_MARK.finditer(text))
    return {
        m.group(1): text[
            m.start() : marks[i + 1].start() if i + 1 < len(marks) else len(text)
        ].strip()
        for i, m in enumerate(marks)
    }


def section(name: str) -> str:
    """One section of the stylesheet (from its ``/* === name === */`` marker to the next).

    >>> section("root").startswith("/* === root === */") and "--crib-accent:" in section("root")
    True
    """
    try:
        return _sections()[name]
    except KeyError:
        raise StyleError(f"the stylesheet has no section {name!r}") from None


@cache
def palette() -> dict[str, str]:
    """The variables of the ``:root`` block, by name without ``--crib-``: colours and sizes."""
    root = section("root")
    return {m.group(1): m.group(2).strip() for m in _VARIABLE.finditer(root)}


def colour(name: str) -> str:
    """A colour of the palette as the sheet writes it ("#c0392b"), for SVG attributes and
    matplotlib, which cannot read a CSS variable."""
    try:
        return palette()[name]
    except KeyError:
        raise StyleError(f"the stylesheet defines no colour --crib-{name}") from None


def var(name: str) -> str:
    """``var(--crib-name)`` for a style attribute, checked against the palette."""
    colour(name)
    return f"var(--crib-{name})"
