"""The play page: the language switch above :class:`~crib.ui.play.app.PlayApp`.

``play.ipynb?lang=fr`` opens the game in French (every word of the page, of the game
and of the coach); the page's other parameters (``tier``, ``seed``, ``start``,
``tour``, ``table``...) are read as before, in that language.  Unlike
:class:`crib.ui.kit.lang.LangPage` the page reads its query string through the game's
own key listener (one listener on the page, as before): the game is made again only
when the language changes, so a query in the same language sets the open game up in
place (:func:`crib.ui.play.app.apply_query`).
"""

from __future__ import annotations

import ipywidgets as w

from crib.i18n import N_, check_lang, lang_from_query
from crib.ui.kit.lang import Intro, LangSwitch
from crib.ui.play.app import PlayApp

__all__ = ["PlayPage", "play_page", "intro_html"]

#: the page's heading and what it is for
intro_html = Intro(
    N_("Play cribbage with the coach"),
    N_(
        "A full game against the computer with the coach at your side; after each hand, "
        "your costliest decisions first."
    ),
)


class PlayPage(w.VBox):
    """The switch, the heading and the game (``app``), in the URL's language."""

    def __init__(
        self, lang: str = "en", *, seed: int | None = None, nav: w.HTML | None = None
    ) -> None:
        self.lang, self.seed, self.nav = check_lang(lang), seed, nav
        self.switch = LangSwitch(self.lang)
        self.intro = w.HTML(intro_html(self.lang), _dom_classes=("crib-page-intro",)).add_class(
            "crib-play-intro"
        )
        self.app = self._make(self.lang)
        self.holder = w.VBox([self.app])
        super().__init__([self.switch, self.intro, self.holder])

    def _make(self, lang: str) -> PlayApp:
        app = PlayApp(seed=self.seed, lang=lang)
        app.key_listener._query_handlers[:] = [self.apply_query]  # the query comes here first
        return app

    def apply_query(self, query: str) -> None:
        """Draw the page for ``query``: its language (the game made again if it changed),
        then the game's own settings from it."""
        lang = lang_from_query(query)
        self.switch.show(lang, query)
        if lang != self.lang:
            self.lang = lang
            self.intro.value = intro_html(lang)
            if self.nav is not None:  # the page's nav bar in the same language
                from crib.ui.kit.nav import nav_lang

                nav_lang(self.nav, lang)
            self.app = self._make(lang)
            self.app.key_listener.send_query = False  # this page has its query already
            self.holder.children = (self.app,)
        self.app._on_query(query)


def play_page(lang: str = "en", *, seed: int | None = None, nav: w.HTML | None = None) -> PlayPage:
    """The page's one call: the game in ``lang``, then in the URL's language (and the
    page's ``nav`` bar with it); the URL's settings go to the game."""
    return PlayPage(lang, seed=seed, nav=nav)
