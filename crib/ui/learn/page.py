"""The how-to-play page as widgets: ``learn.ipynb`` and the home page's "Start here".

The page reads its language from the URL (``?lang=fr``) in the browser, as the guide
page does, and a link to a glossary entry (``learn.ipynb#term-nobs``, from a term on
another page) scrolls to it once the page is drawn: the entries are widget output,
drawn after the browser would have looked for the anchor, so a small listener
(:class:`PageLink`) does it.

>>> page = LearnPage()
>>> page.apply_query("lang=fr"); page.lang, "Glossaire" in page.view.value
('fr', True)
"""

from __future__ import annotations

from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from crib.i18n import DEFAULT, check_lang, lang_from_query
from crib.ui.kit.common import friendly
from crib.ui.kit.lang import LangSwitch
from crib.ui.learn.content import learn_html, start_here_html

__all__ = ["PageLink", "LearnPage", "StartHere", "learn_page", "start_here"]

_ESM = r"""
function render({ model, el }) {
  // the page's query (?lang=fr) and its anchor (#term-nobs), read in the browser
  const q = window.location.search.replace(/^\?/, "");
  model.send({ query: q, hash: decodeURIComponent(window.location.hash.replace(/^#/, "")) });
  // scroll to an anchor once it is drawn (tried for up to 5 s), and put the focus on it
  const go = (id, left) => {
    const t = id ? document.getElementById(id) : null;
    if (t && t.getBoundingClientRect().height > 0) {
      t.scrollIntoView({ block: "start" });
      if (t.tabIndex >= -1 && t.focus) t.focus({ preventScroll: true });
      return;
    }
    if (left > 0) setTimeout(() => go(id, left - 1), 100);
  };
  const onMsg = (msg) => { if (msg && typeof msg.scroll === "string") go(msg.scroll, 50); };
  model.on("msg:custom", onMsg);
  el.classList.add("crib-link-ready");
  return () => model.off("msg:custom", onMsg);
}
export default { render };
"""


class PageLink(anywidget.AnyWidget):
    """Sends the page's query string and anchor once; scrolls to an anchor when told."""

    _esm = _ESM
    done = traitlets.Bool(False).tag(sync=True)

    def __init__(self, on_open: Any) -> None:
        super().__init__()
        self._on_open = on_open
        self.on_msg(self._msg)

    def _msg(self, _widget: object, content: dict, _buffers: object) -> None:
        if isinstance(content, dict) and isinstance(content.get("query"), str) and not self.done:
            self.done = True
            self._on_open(content["query"], str(content.get("hash") or ""))

    def scroll_to(self, anchor_id: str) -> None:
        """Scroll the page to the element ``anchor_id`` (waiting for it to be drawn)."""
        self.send({"scroll": anchor_id})


class LearnPage(w.VBox):
    """The rules, the glossary and the way to a first game, in English or French."""

    def __init__(self, lang: str = DEFAULT, nav: w.HTML | None = None) -> None:
        self.lang, self.nav, self.query = check_lang(lang), nav, ""
        self.status = w.HTML()
        self.view = w.HTML(_dom_classes=("crib-learn-view",))
        self.link = PageLink(self.follow_link)
        # the pages' one language switch (crib.ui.kit.lang): links that reload the page
        # in the other language (a link with ?lang=fr opens it in French)
        self.switch = LangSwitch(self.lang)
        super().__init__([self.switch, self.status, self.view, self.link])
        self.add_class("crib-learn-page")
        self._draw()

    def _draw(self) -> None:
        self.view.value = learn_html(self.lang)
        self.switch.show(self.lang, self.query)
        if self.nav is not None:  # the page's nav bar in the same language
            from crib.ui.kit.nav import nav_lang

            nav_lang(self.nav, self.lang)

    def set_lang(self, lang: str) -> None:
        """The page in ``lang``."""
        if check_lang(lang) != self.lang:
            self.lang = lang
            self._draw()

    def apply_query(self, query: str) -> None:
        """The language a link asks for (``lang=fr``)."""
        self.query = query or ""
        self.set_lang(lang_from_query(query))
        self.switch.show(self.lang, self.query)

    @friendly()
    def follow_link(self, query: str, fragment: str = "") -> None:
        """The page as a link opens it: its language, then its anchor."""
        self.apply_query(query)
        if fragment:
            self.link.scroll_to(fragment)


class StartHere(w.VBox):
    """The home page's entry for a beginner, in the page's language (``?lang=fr``)."""

    def __init__(self, lang: str = DEFAULT) -> None:
        self.lang = check_lang(lang)
        self.status = w.HTML()
        self.view = w.HTML(start_here_html(self.lang), _dom_classes=("crib-start-box",))
        self.link = PageLink(lambda q, _h: self.apply_query(q))
        super().__init__([self.status, self.view, self.link])
        self.add_class("crib-start-page")

    @friendly()
    def apply_query(self, query: str) -> None:
        self.lang = lang_from_query(query)
        self.view.value = start_here_html(self.lang)


def learn_page(lang: str = DEFAULT, nav: w.HTML | None = None) -> LearnPage:
    """``learn.ipynb``'s one call (``nav``: the page's nav bar, drawn in the page's language)."""
    from crib.ui.kit.nav import with_skeleton

    return with_skeleton(LearnPage(lang, nav), "how to play")  # type: ignore[return-value]


def start_here(lang: str = DEFAULT) -> StartHere:
    """The home page's "New to cribbage? Start here"."""
    return StartHere(lang)
