"""The home page's words in the page's language (``index.ipynb?lang=fr``).

The home page mixes its texts with widgets (the beginner's entry, the hand counter, the
ladder), one a cell, so :class:`HomeTexts` holds each text as a widget to show in its
cell (:meth:`HomeTexts.part`), and redraws them all, and the nav bar, in the URL's
language once the browser sends the query string.  The first part carries the language
switch (:mod:`crib.ui.kit.lang`) and the query reader.

>>> home = HomeTexts("fr")
>>> "Jouer une partie commentée" in home.part("intro").children[-1].value
True
"""

from __future__ import annotations

import html

import ipywidgets as w

from crib.i18n import N_, check_lang, lang_from_query, tr
from crib.ui.kit.lang import LangSwitch
from crib.ui.kit.style import var

__all__ = ["HomeTexts", "home_html", "PARTS"]

PARTS = ("intro", "links", "count", "ladder")

_CTA = (
    f"display:inline-block;background:{var('accent')};color:{var('white')};font-size:22px;font-weight:700;"
    "padding:14px 28px;border-radius:8px;text-decoration:none"
)
# the home page's list of pages: (page, name, what it does)
_LINKS = (
    (
        "trainer.ipynb",
        N_("Counting trainer and quizzes"),
        N_(
            "count hands and cribs, discard and pegging "
            "quizzes, your progress; join a class with its code."
        ),
    ),
    (
        "puzzles.ipynb",
        N_("Puzzles"),
        N_("positions from real games where one move is clearly best; rated, by theme, daily."),
    ),
    (
        "teacher.ipynb",
        N_("Teacher's dashboard"),
        N_("run a class session with shared deals, watch the answers arrive, export a CSV."),
    ),
    (
        "guide.ipynb",
        N_("Lessons"),
        N_(
            "five lessons of 45 minutes: each lesson's slides for the projector, its page "
            "of the teacher's guide and its printables."
        ),
    ),
)
_ANALYZE = (
    (
        "discard.ipynb",
        N_("Discard analyzer"),
        N_(
            "six cards in, all 15 throws ranked, as dealer "
            "or pone; or practise: throw first, then see."
        ),
    ),
    ("crib_odds.ipynb", N_("Crib odds"), N_("what a crib is worth for every pair thrown into it.")),
    (
        "pegging.ipynb",
        N_("Pegging analyzer"),
        N_(
            "every card you could play, ranked over every "
            "hand the opponent could hold; or practise."
        ),
    ),
    ("traps.ipynb", N_("Trap explorer"), N_("the named pegging traps, played out card by card.")),
    (
        "#Count-a-hand",
        N_("Hand counter"),
        N_(
            "just below this list, type four cards and a starter and see every fifteen, pair, "
            "run, flush and nobs."
        ),
    ),
)


def _items(rows: tuple[tuple[str, str, str], ...], lang: str) -> str:
    _ = tr(lang)
    keep = "" if lang == "en" else f"?lang={lang}"
    sep = " : " if lang == "fr" else ": "  # French puts a space before the colon
    items = []
    for href, name, what in rows:
        link = href + (keep if href.endswith(".ipynb") else "")
        items.append(
            f'<li><b><a href="{link}">{html.escape(_(name))}</a></b>{sep}'
            f"{html.escape(_(what))}</li>"
        )
    return "<ul>" + "".join(items) + "</ul>"


def home_html(part: str, lang: str = "en") -> str:
    """One of the home page's texts (``PARTS``) as HTML, in ``lang``."""
    _ = tr(check_lang(lang))
    keep = "" if lang == "en" else f"?lang={lang}"
    if part == "intro":
        play = html.escape(_("Play a coached game"))
        text = html.escape(
            _(
                "A full game against the Master, the strongest computer player (or choose Easy, "
                "Normal, Hard or Expert), with a real board. The coach "
                "grades every decision as you make it, and the review after each hand opens your "
                "costliest mistakes in the analyzers."
            )
        )
        head = html.escape(_("crib — the cribbage coach"))
        return (
            f'<h1 lang="{lang}">{head}</h1>'
            f'<p><a class="crib-cta" href="play.ipynb{keep}" '
            f'style="{_CTA}">{play}</a></p><p>{text}</p>'
        )
    if part == "links":
        practise, analyze = html.escape(_("Practise and teach")), html.escape(_("Analyze"))
        return (
            f'<h2 lang="{lang}">{practise}</h2>{_items(_LINKS, lang)}'
            f"<h2>{analyze}</h2>{_items(_ANALYZE, lang)}"
        )
    if part == "count":
        head = html.escape(_("Count a hand"))
        return f'<h2 id="Count-a-hand" lang="{lang}">{head}</h2>'
    if part == "ladder":
        text = _(
            "Each level against the Expert on duplicate deals (every deal played "
            "twice with the seats swapped), with {ci} intervals and the target band."
        ).format(ci="95 %" if lang == "fr" else "95%")
        head = html.escape(_("How strong is the computer?"))
        return f'<h2 lang="{lang}">{head}</h2><p>{html.escape(text)}</p>'
    raise ValueError(f"part must be one of {', '.join(PARTS)}, got {part!r}")


class HomeTexts:
    """The home page's texts as widgets, one a cell, in the URL's language."""

    def __init__(self, lang: str = "en", nav: w.HTML | None = None) -> None:
        from crib.ui.kit.keys import KeyListener

        self.lang, self.nav = check_lang(lang), nav
        self.switch = LangSwitch(self.lang)
        self.views = {
            p: w.HTML(home_html(p, self.lang), _dom_classes=(f"crib-home-{p}",)) for p in PARTS
        }
        self.reader = KeyListener([], label="", blur_clicked=False)
        self.reader.on_query(self.apply_query)
        self._counter: w.VBox | None = None
        self._ladder: w.Widget | None = None

    def counter(self) -> w.VBox:
        """The hand counter (:class:`crib.ui.analyze.scorer.HandScorerApp`) in the page's
        language, made again in the URL's (one box, made once)."""
        if self._counter is None:
            from crib.ui.analyze.scorer import HandScorerApp

            self._counter = w.VBox(
                [HandScorerApp(lang=self.lang)], _dom_classes=("crib-home-counter",)
            )
        return self._counter

    def ladder(self) -> w.Widget:
        """The strength ladder (:class:`crib.ui.kit.ladder.LadderView`) in the page's language."""
        if self._ladder is None:
            from crib.ui.kit.ladder import LadderView

            self._ladder = LadderView(self.lang)
        return self._ladder

    def part(self, name: str) -> w.Widget:
        """The widget of one text (the first, ``intro``, with the switch and the reader)."""
        if name == "intro":
            return w.VBox([self.switch, self.reader, self.views[name]])
        return self.views[name]

    def apply_query(self, query: str) -> None:
        """Draw every text (and the nav bar) in the query's language."""
        self.lang = lang_from_query(query)
        self.switch.show(self.lang, query)
        for p, view in self.views.items():
            view.value = home_html(p, self.lang)
        if self._counter is not None and self._counter.children[0].lang != self.lang:
            from crib.ui.analyze.scorer import HandScorerApp

            old = self._counter.children[0]
            self._counter.children = (HandScorerApp(old.cards.value, lang=self.lang),)
        if self._ladder is not None:
            self._ladder.show(self.lang)
        if self.nav is not None:
            from crib.ui.kit.nav import nav_lang

            nav_lang(self.nav, self.lang)
