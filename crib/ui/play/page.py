"""The play page: the language switch above :class:`~crib.ui.play.app.PlayApp`.

``play.ipynb?lang=fr`` opens the game in French (every word of the page, of the game
and of the coach); the page's other parameters (``tier``, ``seed``, ``start``,
``tour``, ``table``...) are read as before, in that language.  The game is made again
only when the language changes, so a query in the same language sets the open game up
in place (:func:`crib.ui.play.app.apply_query`).
"""

from __future__ import annotations

import ipywidgets as w

from crib.i18n import N_
from crib.ui.kit.lang import Intro, LangPage
from crib.ui.play.app import PlayApp

__all__ = ["play_page", "intro_html"]

#: the page's heading and what it is for
intro_html = Intro(
    N_("Play cribbage with the coach"),
    N_("A full game against the computer with the coach at your side; after each hand, "
       "your costliest decisions first."),
)


def play_page(lang: str = "en", *, seed: int | None = None, nav: w.HTML | None = None) -> LangPage:
    """The page's one call: the game in ``lang``, then in the URL's language (and the
    page's ``nav`` bar with it); the URL's settings go to the game."""
    apps: list[PlayApp] = []

    def make(lang: str, query: str) -> PlayApp:
        if apps and apps[-1].lang == lang:
            app = apps[-1]
        else:
            app = PlayApp(seed=seed, lang=lang)
            app.key_listener.send_query = False  # the page's reader sends the query (once)
            apps.append(app)
        if query:
            app._on_query(query)
        return app

    return LangPage(make, lang, intro_html, nav)
