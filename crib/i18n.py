"""The pages' languages: English (the source) and French, through gettext catalogs.

Strings a student or teacher reads are marked in the code with ``_("...")`` (or
``N_`` where the translation happens later) and translated at run time from
``crib/locale/<lang>/LC_MESSAGES/crib.mo``, the ecosystem's convention.  Babel
extracts and compiles the catalogs (``make messages``; ``crib/locale/babel.cfg``
says which files).  The ``.po`` files are the source a translator edits; the
compiled ``.mo`` files are committed beside them, and ``tests/test_i18n.py``
checks that each ``.mo`` is the compiled ``.po``, and that every marked string has
a French translation.

A page takes its language from the URL (``?lang=fr``), so a class link opens in
French: :func:`lang_from_query`.

The French terms follow one glossary (:data:`crib.rules.words.FRENCH` for the
spoken count, and the header of ``crib/locale/fr/LC_MESSAGES/crib.po``):
donneur, non-donneur, carte de départ, crib, paire, brelan, carré, suite, couleur,
valet de même couleur (nobs), valet retourné (his heels), capot (skunk).

>>> tr("fr")("the lower card")
'la carte la plus basse'
>>> tr("en")("the lower card")
'the lower card'
>>> lang_from_query("seed=7&lang=fr"), lang_from_query("lang=xx"), lang_from_query("")
('fr', 'en', 'en')
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from functools import cache
from pathlib import Path
from urllib.parse import parse_qs

from crib.errors import CribError

__all__ = [
    "LANGS",
    "DEFAULT",
    "LOCALE_DIR",
    "DOMAIN",
    "tr",
    "trp",
    "N_",
    "NP_",
    "lang_from_query",
    "check_lang",
]

LANGS = {"en": "English", "fr": "Français"}
DEFAULT = "en"
DOMAIN = "crib"
LOCALE_DIR = Path(__file__).with_name("locale")


def check_lang(lang: str) -> str:
    """``lang`` if crib speaks it, else a :class:`~crib.errors.CribError` naming the choices."""
    if lang not in LANGS:
        raise CribError(f"unknown language {lang!r}: expected one of {', '.join(LANGS)}")
    return lang


@cache
def _translation(lang: str) -> gettext.NullTranslations:
    if lang == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])


def tr(lang: str) -> Callable[[str], str]:
    """The gettext function of ``lang`` (``"en"`` returns each string as it is)."""
    return _translation(check_lang(lang)).gettext


def trp(lang: str) -> Callable[[str, str], str]:
    """The ``pgettext`` of ``lang``: (context, message) -> translation, for one English
    string that needs two translations (« fait » and « font » are both "is")."""
    return _translation(check_lang(lang)).pgettext


def NP_(context: str, message: str) -> str:  # noqa: N802 (gettext's naming)
    """Mark ``message`` in ``context`` for extraction (``-k NP_:1c,2``); translate later
    with :func:`trp`."""
    return message


def N_(message: str) -> str:  # noqa: N802 (gettext's name for "mark, translate later")
    """Mark ``message`` for extraction without translating it here."""
    return message


def lang_from_query(query: str) -> str:
    """The ``lang`` of a URL query string, or the default for none or an unknown one."""
    lang = parse_qs(query or "").get("lang", [DEFAULT])[0]
    return lang if lang in LANGS else DEFAULT
