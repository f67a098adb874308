"""The puzzles page: the language switch above :class:`~crib.ui.puzzles.app.PuzzlesApp`.

``puzzles.ipynb?lang=fr`` opens it in French.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from crib.i18n import N_
from crib.ui.kit.lang import Intro, LangPage
from crib.ui.puzzles.app import PuzzlesApp

__all__ = ["puzzles_page", "intro_html"]

#: the page's heading and what it is for
intro_html = Intro(
    N_("Puzzles"),
    N_(
        "Positions from real games where one move is clearly best: throw two cards or play "
        "one, then see the verdict, the answer in plain words and your rating change. Each "
        "puzzle is rated, and so are you."
    ),
)


def puzzles_page(
    lang: str = "en", *, db: Any = None, seed: int | None = None, nav: w.HTML | None = None
) -> LangPage:
    """The page's one call: the puzzles in ``lang``, then in the URL's language."""

    def make(lang: str, _query: str) -> PuzzlesApp:
        return PuzzlesApp(lang, db=db, seed=seed)

    return LangPage(make, lang, intro_html, nav)
