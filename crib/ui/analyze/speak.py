"""The analyzers' shared words in the page's language, and their pages with the switch.

Each analyzer app takes ``lang`` and says everything through the catalog
(:mod:`crib.i18n`); its page (:func:`analyzer_page`) is the app under the language
switch, made again in the URL's language (``discard.ipynb?lang=fr``), the review
link's parameters (``six=``, ``position=``) applied to it.

>>> ordinal(1, "fr"), ordinal(3, "fr"), ordinal(2)
('1er', '3e', '2nd')
>>> grade_word("costly", "fr"), seat_word(False, "fr")
('coûteux', 'non-donneur')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from crib.analysis.grades import VERDICT_NAMES, verdict_name
from crib.errors import CribError
from crib.i18n import DEFAULT, N_, tr
from crib.ui.kit.common import error_html
from crib.ui.kit.lang import Intro, LangPage
from crib.ui.kit.say import SaidError, say_error

__all__ = ["GRADES", "grade_word", "ordinal", "seat_word", "num", "pct", "analyzer_page"]

#: the coach's grade words, as a badge says them: the one table's
#: (:data:`crib.analysis.grades.VERDICT_NAMES`)
GRADES = VERDICT_NAMES
_SEATS = {True: N_("dealer"), False: N_("pone")}


def grade_word(word: str, lang: str = DEFAULT) -> str:
    """A grade word ("mistake") in ``lang``: :func:`crib.analysis.grades.verdict_name`."""
    return verdict_name(word, lang)


def seat_word(dealer: bool, lang: str = DEFAULT) -> str:
    """The word "dealer" or "pone" in ``lang`` (« donneur », « non-donneur »)."""
    return tr(lang)(_SEATS[bool(dealer)])


def ordinal(n: int, lang: str = DEFAULT) -> str:
    """A place: 1st, 2nd, 3rd, 11th; in French 1er, 2e."""
    if lang == "fr":
        return "1er" if n == 1 else f"{n}e"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def num(x: float, fmt: str, lang: str = DEFAULT) -> str:
    """``x`` formatted (``"+.2f"``), with a decimal comma in French; the minus sign a
    true minus in French."""
    s = format(x, fmt)
    return s.replace(".", ",").replace("-", "−") if lang == "fr" else s


def pct(x: float, digits: int = 0, lang: str = DEFAULT) -> str:
    """A share as a percentage (0.25 -> "25%"; French "25 %")."""
    s = f"{100 * x:.{digits}f}"
    return f"{s.replace('.', ',')} %" if lang == "fr" else f"{s}%"


def analyzer_page(
    make_app: Callable[[str], w.Widget],
    apply: Callable[[Any, str], object] | None,
    intro: Intro,
    lang: str = DEFAULT,
    nav: w.HTML | None = None,
) -> LangPage:
    """The analyzer ``make_app(lang)`` under the language switch and ``intro``, made
    again in the URL's language, ``apply(app, query)`` filling it from the URL (a review
    link); the first app is kept when the URL's language is the one it speaks."""
    made: list[Any] = []

    def make(lang: str, query: str) -> w.Widget:
        app = made[-1] if made and made[-1].lang == lang else make_app(lang)
        made[:] = [app]
        if apply is not None and query:
            try:
                apply(app, query)
            except SaidError as e:
                app.status.value = error_html(str(e))
            except CribError as e:  # a bad link: a message in the page's language
                app.status.value = error_html(say_error(str(e), app.lang))
        return app

    return LangPage(make, lang, intro, nav)


class AnalyzerPage:
    """An analyzer's page call, ``page(lang="en", *, nav=None)``: ``app_class(lang=...)``
    under the language switch and ``intro`` (:func:`analyzer_page`), filled from a review
    link by ``apply(app, query)`` when given."""

    def __init__(
        self,
        app_class: Callable[..., w.Widget],
        intro: Intro,
        apply: Callable[[Any, str], object] | None = None,
    ) -> None:
        self.app_class, self.intro, self.apply = app_class, intro, apply

    def __call__(self, lang: str = DEFAULT, *, nav: w.HTML | None = None) -> LangPage:
        return analyzer_page(
            lambda lang: self.app_class(lang=lang), self.apply, self.intro, lang, nav
        )
