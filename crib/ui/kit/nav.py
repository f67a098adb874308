"""The navigation bar on every page (Play · Practice · Analyze · Teach), the page's
stylesheet, and the loading skeleton.

``nav_bar("analyze")`` returns one widget: the bar, with the analyzers' sub-links
when Analyze is the current section, and the page's one stylesheet
(:mod:`crib.ui.kit.style`: crib.css, every page's look).  ``page(app, "analyze")`` shows a
skeleton of the page (plain HTML, drawn before any widget) and returns the bar
above the app; the skeleton hides itself once the app is drawn.

>>> bar = nav_bar("analyze", current="discard.ipynb")
>>> "Play" in bar.value and 'aria-current="page"' in bar.value
True
"""

from __future__ import annotations

import html

import ipywidgets as w

from crib.i18n import LANGS, N_, NP_, check_lang, tr, trp
from crib.ui.kit.style import stylesheet_html

__all__ = [
    "SECTIONS",
    "ANALYZERS",
    "TEACHING",
    "PRACTISING",
    "LEARN",
    "nav_bar",
    "nav_html",
    "show_nav",
    "skeleton_html",
    "with_skeleton",
    "page",
    "nav_lang",
]

# section key -> (label, page)
SECTIONS = {
    "play": (NP_("nav", "Play"), "play.ipynb"),
    "practice": (NP_("nav", "Practice"), "trainer.ipynb"),
    "analyze": (NP_("nav", "Analyze"), "discard.ipynb"),
    "teach": (NP_("nav", "Teach"), "teacher.ipynb"),
}
# the how-to-play page, for a beginner: after the sections, not one of them (the loading
# skeleton of crib/tools/voila_template draws the sections only)
LEARN = (NP_("nav", "Learn to play"), "learn.ipynb")
ANALYZERS = {
    "discard.ipynb": NP_("nav", "Discards"),
    "crib_odds.ipynb": NP_("nav", "Crib odds"),
    "pegging.ipynb": NP_("nav", "Pegging"),
    "traps.ipynb": NP_("nav", "Traps"),
}
# the Practice menu: the trainer and the rated puzzles
PRACTISING = {
    "trainer.ipynb": NP_("nav", "Trainer"),
    "puzzles.ipynb": NP_("nav", "Puzzles"),
}
# the Teach menu: the class dashboard and the lessons (their decks, guide pages, printables)
TEACHING = {
    "teacher.ipynb": NP_("nav", "Class sessions"),
    "guide.ipynb": NP_("nav", "Lessons"),
}


def nav_bar(active: str, current: str | None = None) -> w.HTML:
    """The navigation bar with ``active`` ("play", "practice", "analyze", "teach", "learn" or
    "home") marked; ``current`` (a page file) marks one page in the Analyze or Teach sub-bar."""
    bar = w.HTML(nav_html(active, current), _dom_classes=("crib-navbar",))
    bar._crib_nav = (active, current)  # for nav_lang
    return bar


def nav_lang(bar: w.HTML, lang: str) -> None:
    """Draw ``bar`` (from :func:`nav_bar`) again in ``lang``, its links keeping ``lang``."""
    active, current = getattr(bar, "_crib_nav", ("home", None))
    bar.value = nav_html(active, current, lang)


def show_nav(active: str, current: str | None = None) -> None:
    """Display the bar as plain HTML, drawn with the page before any widget loads.

    Note: Voila's output renderer opens the links of plain HTML outputs in a new tab,
    so pages use :func:`nav_bar` (a widget, whose links stay in the tab)."""
    from IPython.display import HTML, display

    display(HTML(nav_html(active, current)))


def nav_html(active: str, current: str | None = None, lang: str = "en") -> str:
    """The bar (and the page's stylesheet) as HTML in ``lang`` (its links keep a
    language other than English: ``?lang=fr``); see :func:`nav_bar`."""
    if active not in (*SECTIONS, "learn", "home"):
        raise ValueError(
            f"active must be one of {', '.join(SECTIONS)}, 'learn' or 'home', got {active!r}"
        )
    nav, keep = trp(check_lang(lang)), ("" if lang == "en" else f"?lang={lang}")

    def _(label: str) -> str:  # the bar's words: their own context in the catalog
        return nav("nav", label)

    links = []
    for key, (label, href) in SECTIONS.items():
        cur = ' aria-current="page"' if key == active else ""
        links.append(
            f'<a class="crib-nav-{key}" href="{href}{keep}"{cur}>{html.escape(_(label))}</a>'
        )
    cur = ' aria-current="page"' if active == "learn" else ""
    links.append(
        f'<a class="crib-nav-learn" href="{LEARN[1]}{keep}"{cur}>{html.escape(_(LEARN[0]))}</a>'
    )
    sub = ""
    menu = {"analyze": ANALYZERS, "teach": TEACHING, "practice": PRACTISING}.get(active)
    if menu:  # the section's own pages: Analyze's analyzers, Teach's and Practice's pages
        subs = []
        for href, label in menu.items():
            cur = ' aria-current="page"' if href == current else ""
            name = href.removesuffix(".ipynb")
            subs.append(
                f'<a class="crib-sub-{name}" href="{href}{keep}"{cur}>{html.escape(_(label))}</a>'
            )
        sub = f'<span class="crib-sub">{"".join(subs)}</span>'
    bar = (
        stylesheet_html()  # the page's one stylesheet: every page has one nav bar
        + f'<nav class="crib-nav" aria-label="crib" lang="{lang}">'
        f'<a class="crib-home" href="index.ipynb{keep}">♣ crib</a>'
        + " · ".join(links)
        + sub
        + "</nav>"
    )
    return bar


#: the page template's own words (crib/tools/voila_template: its crib_fr says them in French)
TEMPLATE_WORDS = (
    N_("Loading the page"),
    N_("Loading…"),
    N_("Loading… part {i} of {n}"),
    # the tabs' titles of the pages outside the nav bar's words (« Accueil · crib »)
    N_("Home"),
    N_("Lessons"),
    N_("Learn"),
    N_("Puzzles"),
    # what the template's script gives assistive technology: the count, a card's state
    N_("Count {count}"),
    N_("selected"),
    N_("playable"),
    N_("not playable"),
    N_("slider"),
)
#: the pages' loading titles (the dashboards' ``with_skeleton`` titles), for the catalog
SKELETON_TITLES = (
    N_("crib odds"),
    N_("the discard analyzer"),
    N_("the hand counter"),
    N_("the pegging analyzer"),
    N_("the trap explorer"),
    N_("how to play"),
)


def skeleton_html(title: str = "") -> str:
    """A grey outline of a page, shown while its widgets load (plain HTML, no widget); its
    "Loading {title}…" in each language, the URL's shown (``?lang=fr``: French; the page
    template marks the document, the stylesheet shows that language's line).  Its look is
    the page's one stylesheet (crib.css, which the nav bar carries); Voila's page keeps it
    under the template's own skeleton until the widgets are drawn."""
    cards = '<div class="card"></div>' * 6
    head = ""
    if title:
        said = [
            f'<span class="crib-skel-{k}" lang="{k}">'
            + html.escape(tr(k)(N_("Loading {title}…")).format(title=tr(k)(title)))
            + "</span>"
            for k in LANGS
        ]
        head = f"<p class='crib-skel-title'>{''.join(said)}</p>"
    return (
        f"<div class='crib-skeleton' aria-busy='true'>{head}"
        "<div class='bar' style='width:60%'></div><div class='bar' style='width:40%'></div>"
        f"<div class='cards'>{cards}</div><div class='bar' style='width:80%'></div>"
        "<div class='bar' style='width:70%'></div></div>"
    )


def with_skeleton(widget: w.DOMWidget, title: str = "") -> w.DOMWidget:
    """Display the loading skeleton (plain HTML, drawn at once) and return ``widget`` tagged
    ``crib-page``: the skeleton hides itself when the widget is drawn in the same output."""
    from IPython.display import HTML, display

    display(HTML(skeleton_html(title)))
    return widget.add_class("crib-page")


def page(app: w.Widget, active: str, current: str | None = None, title: str = "") -> w.VBox:
    """Display the loading skeleton, and return the nav bar above ``app`` (tagged ``crib-page``)."""
    box = w.VBox([nav_bar(active, current), app], layout=w.Layout(max_width="100%"))
    return with_skeleton(box, title)  # type: ignore[return-value]
