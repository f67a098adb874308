"""Cribbage words explained wherever a page shows them: a link to the definition.

The definitions are the one glossary of crib, :data:`crib.course.printables.texts.GLOSSARY`
(English and French, the printables' glossary); this module only links to them.  A term
becomes a link to its entry on the how-to-play page (``learn.ipynb#term-nobs``) with
the definition as its ``title``: a mouse shows the definition on hover, and a tap on a
tablet (where a ``title`` alone shows nothing) opens the definition.  Off the learn page
the link opens in a new tab, so a game in progress is never lost.

>>> link = term_link("nobs")
>>> link  # doctest: +ELLIPSIS
'<a class="crib-term" href="learn.ipynb#term-nobs" target="_blank" rel="noopener" title=...'
>>> link[link.index(" title="):]  # doctest: +ELLIPSIS
' title="nobs: The jack ...">nobs</a>'
>>> mark_terms("The starter is J♠: his heels.")  # doctest: +ELLIPSIS
'The <a ...#term-starter" ...>starter</a> is J♠: <a ...#term-heels" ...>his heels</a>.'
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from crib.course.printables.texts import GLOSSARY, GlossaryEntry
from crib.i18n import DEFAULT, N_, check_lang, tr

__all__ = [
    "ENTRIES",
    "PLAY_TERMS",
    "anchor",
    "entry",
    "definition",
    "term_link",
    "mark_terms",
    "terms_strip",
    "terms_bar",
    "learn_href",
]

ENTRIES: dict[str, GlossaryEntry] = {e.key: e for e in GLOSSARY}

# the words a beginner meets on the game page (issue #24, point 6), by glossary key
PLAY_TERMS = ("crib", "starter", "pone", "go", "heels", "nobs", "muggins", "skunk")

_WORDS = (N_("Cribbage words:"),)  # used in an f-string, which the extractor does not read


def anchor(key: str) -> str:
    """The id of a term's entry on the learn page: ``term-nobs``, ``term-cut-for-deal``."""
    return "term-" + entry(key).key.replace(" ", "-")


def entry(key: str) -> GlossaryEntry:
    """The glossary entry of ``key`` (a :data:`ENTRIES` key), or a ``KeyError`` naming them."""
    try:
        return ENTRIES[key]
    except KeyError:
        raise KeyError(f"no glossary term {key!r}: expected one of {', '.join(ENTRIES)}") from None


def definition(key: str, lang: str = DEFAULT) -> str:
    """The term's definition in ``lang`` (plain text)."""
    return entry(key).definition[check_lang(lang)]


def learn_href(lang: str = DEFAULT, fragment: str = "") -> str:
    """The learn page's address in ``lang`` (the language kept in the link), to ``#fragment``."""
    query = "" if check_lang(lang) == DEFAULT else f"?lang={lang}"
    return f"learn.ipynb{query}" + (f"#{fragment}" if fragment else "")


def term_link(key: str, lang: str = DEFAULT, text: str | None = None, *, here: bool = False) -> str:
    """``text`` (the term in ``lang`` by default) as a link to its definition.

    ``here``: on the learn page itself (a link to the anchor, in the same tab); else
    the learn page in a new tab.  ``text`` is escaped; the definition is the title."""
    e = entry(key)
    shown = e.term[check_lang(lang)] if text is None else text
    colon = "\u00a0:" if lang == "fr" else ":"
    title = f"{e.term[lang]}{colon} {e.definition[lang]}"
    if here:
        href, extra = f"#{anchor(key)}", ""
    else:
        href, extra = learn_href(lang, anchor(key)), ' target="_blank" rel="noopener"'
    return (
        f'<a class="crib-term" href="{html.escape(href)}"{extra} '
        f'title="{html.escape(title)}">{html.escape(shown)}</a>'
    )


def _pattern(keys: Iterable[str], lang: str) -> tuple[re.Pattern[str], dict[str, str]]:
    words = {entry(k).term[lang].lower(): k for k in keys}
    alts = sorted(words, key=len, reverse=True)  # "his heels" before "heels"
    body = "|".join(re.escape(html.escape(w)) for w in alts)
    return re.compile(rf"(?<![\w-])({body})(?![\w-])", re.IGNORECASE), words


def mark_terms(
    text: str, lang: str = DEFAULT, keys: Iterable[str] = PLAY_TERMS, *, here: bool = False
) -> str:
    """``text`` escaped as HTML, with the first use of each glossary term (``keys``, as
    ``lang`` names them) made a :func:`term_link`; the text keeps its own case."""
    check_lang(lang)
    pattern, words = _pattern(keys, lang)
    done: set[str] = set()

    def link(m: re.Match[str]) -> str:
        key = words[html.unescape(m.group(1)).lower()]
        if key in done:
            return m.group(1)
        done.add(key)
        return term_link(key, lang, html.unescape(m.group(1)), here=here)

    return pattern.sub(link, html.escape(text, quote=False))


def terms_strip(keys: Iterable[str] = PLAY_TERMS, lang: str = DEFAULT) -> str:
    """One line naming ``keys``, each a link to its definition ("Cribbage words: ...")."""
    _ = tr(lang)
    links = " · ".join(term_link(k, lang) for k in keys)
    return f'<div class="crib-terms"><span>{html.escape(_("Cribbage words:"))}</span> {links}</div>'


def terms_bar(keys: Iterable[str], lang: str = DEFAULT) -> str:
    """:func:`terms_strip` for a page's heading (the analyzers; its look is the page's
    stylesheet's, section "glossary")."""
    return terms_strip(keys, lang)
