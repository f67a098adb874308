"""The language switch (English · Français), kept in the URL.

A page in French is a page opened with ``?lang=fr``, so a class link (the teacher's
student link, its QR code) opens in French.  The switch is two plain links to the
same page with ``lang`` set and every other parameter kept (``code=``, ``seed=``):
following one reloads the page in the other language (a reload: the simplest way to
redraw every widget in the new language, and the URL says which language is shown).

:func:`lang_page` builds a page from ``make(lang, query)``: first in ``lang``, then, once
the browser has sent the page's query string, again in the query's language (so a
preheated kernel never waits for the request).

>>> with_lang("code=K7QW2M&lang=en", "fr")
'code=K7QW2M&lang=fr'
>>> 'href="?seed=3&amp;lang=en"' in switch_html("fr", "seed=3&lang=fr")
True
"""

from __future__ import annotations

import html
from collections.abc import Callable
from urllib.parse import parse_qsl, urlencode

import ipywidgets as w

from crib.i18n import LANGS, N_, check_lang, lang_from_query, tr

__all__ = ["intro", "Intro", "with_lang", "switch_html", "LangSwitch", "LangPage", "lang_page"]

_CURRENT = ' aria-current="true"'


def intro(lang: str, head: str, text: str) -> str:
    """A page's heading and what it is for, both already in ``lang``, escaped."""
    return f'<h1 lang="{lang}">{html.escape(head)}</h1><p>{html.escape(text)}</p>'


class Intro:
    """A page's heading and what it is for, from two catalog msgids (marked ``N_``): called
    with a language, the :func:`intro` HTML in it (a :class:`LangPage`'s ``intro``).

    >>> Intro(N_("Language"), N_("Language"))("fr").startswith('<h1 lang="fr">Langue</h1>')
    True
    """

    def __init__(self, head: str, text: str) -> None:
        self.head, self.text = head, text

    def __call__(self, lang: str = "en") -> str:
        _ = tr(lang)
        return intro(lang, _(self.head), _(self.text))


def with_lang(query: str, lang: str) -> str:
    """The query string ``query`` with ``lang`` set (every other parameter kept, in order)."""
    pairs = [(k, v) for k, v in parse_qsl(query or "", keep_blank_values=True) if k != "lang"]
    return urlencode([*pairs, ("lang", check_lang(lang))])


def switch_html(lang: str, query: str = "") -> str:
    """The switch as HTML: a labelled ``nav`` of one link per language, the current one
    marked (``aria-current``); each link is the page with ``lang`` set."""
    label = tr(lang)(N_("Language"))
    links = "".join(
        f'<a href="?{html.escape(with_lang(query, code))}" hreflang="{code}" lang="{code}" '
        f'class="crib-lang-{code}"{_CURRENT if code == lang else ""}>{html.escape(name)}</a>'
        for code, name in LANGS.items()
    )
    return f'<nav class="crib-lang" aria-label="{html.escape(label)}">{links}</nav>'


class LangSwitch(w.HTML):
    """The switch as a widget; :meth:`show` draws it for a language and a query string."""

    def __init__(self, lang: str = "en", query: str = "") -> None:
        super().__init__(switch_html(lang, query), _dom_classes=("crib-lang-switch",))

    def show(self, lang: str, query: str = "") -> None:
        self.value = switch_html(lang, query)


class LangPage(w.VBox):
    """A page: the switch above ``make(lang, query)`` (``app``), made again in the URL's
    language, with its query, when the browser sends the query string
    (:meth:`apply_query`)."""

    def __init__(
        self,
        make: Callable[[str, str], w.Widget],
        lang: str = "en",
        intro: Callable[[str], str] | None = None,
        nav: w.HTML | None = None,
    ) -> None:
        from crib.ui.kit.keys import KeyListener

        self.make, self.lang, self._intro, self.nav = make, check_lang(lang), intro, nav
        self.switch = LangSwitch(lang)
        self.intro = w.HTML(intro(self.lang) if intro else "", _dom_classes=("crib-page-intro",))
        self.app = make(self.lang, "")
        self.holder = w.VBox([self.app])
        self.reader = KeyListener([], label="", blur_clicked=False)
        self.reader.on_query(self.apply_query)
        super().__init__([self.switch, self.reader, self.intro, self.holder])

    def apply_query(self, query: str) -> None:
        """Draw the page for ``query``: its language, and the app made with it."""
        self.lang = lang_from_query(query)
        self.switch.show(self.lang, query)
        self.intro.value = self._intro(self.lang) if self._intro else ""
        if self.nav is not None:  # the page's nav bar (crib.ui.kit.nav) in the same language
            from crib.ui.kit.nav import nav_lang

            nav_lang(self.nav, self.lang)
        self.app = self.make(self.lang, query)
        self.holder.children = (self.app,)


def lang_page(
    make: Callable[[str, str], w.Widget],
    lang: str = "en",
    intro: Callable[[str], str] | None = None,
) -> LangPage:
    """The page of ``make(lang, query)`` with the language switch (and ``intro(lang)``,
    the page's heading as HTML) above it."""
    return LangPage(make, lang, intro)
