"""One French glossary, and the catalog consistent with it (issue #37, the French points).

``crib/locale/fr/glossary.json`` names each cribbage term once: the English term, the one
French term, the variants the French pages must not use (whole-word regexes), a
definition and where the choice comes from; and the typographic rules.  Every msgstr of
``crib/locale/fr/LC_MESSAGES/crib.po`` is checked against it:

* no forbidden variant (« passe » for go, « planchette », « entraîneur », K/Q/J in card
  text...);
* a no-break space (U+00A0) before « : ; ! ? % » and inside « », typographic apostrophes
  and guillemets;
* no English word of the glossary's ``english_never`` list;
* no conditional after « si » (« Si chacune de vos cartes fait dépasser 31 au compte »).

Placeholders (``{card}``, ``{d:.1f}``), file names (``data/keep_frequencies.csv``), code
names (``peg_ev``) and what a player types in the position box (``hand 4H 6D | starter
2S``, the keywords hand, pile, previous, starter...) are masked before the checks: they
are not French text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po

from crib import i18n

GLOSSARY = i18n.LOCALE_DIR / "fr" / "glossary.json"
PO = i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / "crib.po"
NBSP = "\u00a0"


@cache
def glossary() -> dict[str, Any]:
    return json.loads(GLOSSARY.read_text(encoding="utf-8"))


@cache
def catalog() -> tuple[tuple[str, str], ...]:
    """(msgid, msgstr) of every translated message (the header left out)."""
    with PO.open("rb") as f:
        cat = read_po(f)
    return tuple((m.id, m.string) for m in cat if m.id and m.string and isinstance(m.id, str))


# --- what is not French text ----------------------------------------------------------

_KEYWORDS = "hand|pile|previous|starter|discards|opp|go|scores"
_CARD = r"(?:10|[2-9AJQKT])[CDHSchds]"
_CODE = [
    re.compile(r"https?://\S+"),  # a link
    re.compile(r"[\w.-]*/[\w./-]*"),  # a path: data/keep_frequencies.csv, notebooks/lessons/
    re.compile(r"\b[\w-]+\.(?:csv|json|jsonl|ipynb|md|py|mo|po)\b"),  # a file: guide.ipynb
    re.compile(r"\b[A-Za-z]+_[A-Za-z_]+\b"),  # a code name: peg_ev, p_win
    # the position box's syntax: « hand 4H 6D 6S 9C | starter 2S | opp 4 », "opp {v}"
    re.compile(rf"\b(?:{_KEYWORDS})\b(?=\s+(?:\{{|{_CARD}\b|\d))"),
    re.compile(rf"\b(?:{_KEYWORDS})(?:(?:,\s*|\s+(?:ou|et)\s+)(?:{_KEYWORDS})\b){{2,}}"),
    re.compile(r"\bprevious\b"),  # the box's name for earlier cards: « dans previous »
    re.compile(r"\bcrib print [a-z-]+"),  # a command the teacher types: crib print board
]


def placeholders_as(s: str, token: str) -> str:
    """``s`` with each ``{...}`` placeholder (format spec included) replaced by ``token``."""
    return re.sub(r"\{[^{}]*\}", token, s)


def french_text(msgstr: str) -> str:
    """The msgstr with placeholders, paths, code names and typed syntax blanked out."""
    s = placeholders_as(msgstr, " ")
    for pattern in _CODE:
        s = pattern.sub(" ", s)
    return s


def show(hits: list[str], what: str) -> str:
    return f"{len(hits)} msgstr {what}:\n" + "\n".join(hits[:60])


# --- (a) the glossary ---------------------------------------------------------------


def test_the_glossary_is_well_formed_and_names_each_term_once() -> None:
    g = glossary()
    assert g["language"] == "fr" and g["typography"] and g["english_never"]
    terms = g["terms"]
    keys = [t["key"] for t in terms]
    english = [t["en"].lower() for t in terms]
    assert len(set(keys)) == len(keys), sorted(k for k in keys if keys.count(k) > 1)
    assert len(set(english)) == len(english), sorted(e for e in english if english.count(e) > 1)
    need = {
        "go", "board", "pegs", "crib", "starter", "nobs", "heels", "muggins", "skunk", "pone",
        "dealer", "play", "show", "fifteen", "pair", "run", "flush", "count", "coach", "king",
        "queen", "jack", "ace",
    }  # fmt: skip
    assert need <= set(keys), need - set(keys)
    for t in terms:
        assert t["fr"].strip() and t["en"].strip(), t
        assert t["definition"].endswith(".") and t["source"].strip(), t["key"]
        for f in t["forbidden"]:
            rx = re.compile(f["regex"])  # each one compiles
            assert f["why"], t["key"]
            for form in [t["fr"].split(" (")[0], *t.get("forms", [])]:
                assert not rx.search(form), (t["key"], form, f["regex"])


def test_every_french_term_of_the_glossary_is_the_catalogs() -> None:
    """The catalog uses each term the glossary chose (the glossary describes it, not a wish)."""
    text = "\n".join(s.lower() for _i, s in catalog())
    unused = [
        t["fr"]
        for t in glossary()["terms"]
        if not re.search(rf"(?<!\w){re.escape(t['fr'].split(' (')[0].lower())}(?!\w)", text)
    ]
    assert not unused, unused


# --- (b) no forbidden variant -------------------------------------------------------------


def test_no_msgstr_uses_a_variant_the_glossary_forbids() -> None:
    rules = [
        (t["key"], re.compile(f["regex"]), f["why"])
        for t in glossary()["terms"]
        for f in t["forbidden"]
    ]
    hits = [
        f"  [{key}] {why}: {msgid!r}\n      -> {msgstr!r}"
        for msgid, msgstr in catalog()
        for key, rx, why in rules
        if rx.search(french_text(msgstr))
    ]
    assert not hits, show(hits, "use a variant the glossary forbids")


# --- (c) typography -------------------------------------------------------------------


def typography_faults(msgstr: str) -> list[str]:
    """What breaks the glossary's typographic rules in one msgstr."""
    s = placeholders_as(msgstr, "x")
    s = re.sub(r"https?://\S+", "x", s)
    s = re.sub(r"\d:\d", "x", s)  # a time or a ratio, 10:30
    out = []
    for m in re.finditer(r"[:;!?]", s):
        if s[m.start() - 1 : m.start()] != NBSP:
            out.append(f"« {m.group()} » without a no-break space before it")
    for m in re.finditer(r"%", s):
        if m.start() and (s[m.start() - 1].isalnum() or s[m.start() - 1] == " "):
            out.append("« % » without a no-break space before it")
    for m in re.finditer(r"«", s):
        if s[m.end() : m.end() + 1] != NBSP:
            out.append("« « » without a no-break space after it")
    for m in re.finditer(r"»", s):
        if s[m.start() - 1 : m.start()] != NBSP:
            out.append("« » » without a no-break space before it")
    if re.search(r"[\"“”]", s):
        out.append('straight or English quotes (" “ ”) instead of « »')
    if "'" in s:
        out.append("a straight apostrophe ' instead of ’")
    if "½" in s or re.search(r"\d\.\d", s):
        out.append("a number written 2 ½ or 2.5 instead of 2,5")
    return out


def catalog_hits(check: Callable[[str], list[str]]) -> list[str]:
    """Each msgstr that ``check`` finds faults in, with its msgid and the faults."""
    return [
        f"  {', '.join(sorted(set(found)))}: {msgid!r}\n      -> {msgstr!r}"
        for msgid, msgstr in catalog()
        if (found := check(msgstr))
    ]


def test_every_msgstr_follows_the_typographic_rules() -> None:
    hits = catalog_hits(typography_faults)
    assert not hits, show(hits, "break a typographic rule of the glossary")


def test_the_typography_check_sees_what_it_must() -> None:
    assert typography_faults(f"Le meilleur{NBSP}: {{card}}{NBSP}; à vous{NBSP}!") == []
    assert typography_faults(f"{{p}}{NBSP}% {{d:.1f}} à 10:30, «{NBSP}go{NBSP}»") == []
    assert typography_faults("Le meilleur : x") == ["« : » without a no-break space before it"]
    assert typography_faults("Prêt?") == ["« ? » without a no-break space before it"]
    assert len(typography_faults("« go »")) == 2 and typography_faults("95 %")
    assert typography_faults("environ {n} points ½") and typography_faults("l'as")


# --- (d) no English word -------------------------------------------------------------


def english_words(msgstr: str) -> list[str]:
    words = glossary()["english_never"]
    rx = re.compile(r"(?<![\w’'-])(" + "|".join(map(re.escape, words)) + r")(?![\w’'-])", re.I)
    return [m.group(1) for m in rx.finditer(french_text(msgstr))]


def test_no_msgstr_holds_an_english_word() -> None:
    hits = catalog_hits(english_words)
    assert not hits, show(hits, "hold English words")


def test_the_english_check_sees_what_it_must() -> None:
    assert english_words("Entraîneur : « Counting », compter une « hand »") == ["Counting", "hand"]
    assert english_words("par ex. « hand 4H 6D 6S 9C | starter 2S | opp 4 »") == []
    assert (
        english_words("utilisez hand, pile, previous, starter, discards, opp, go ou scores") == []
    )
    assert english_words("(auto-jeu, data/pegging_ev.csv) ; peg_ev : le thé") == []


# --- (e) no conditional after « si » --------------------------------------------------

# words ending like a conditional that are not verbs
_NOT_VERBS = {"portrait", "retrait", "extrait", "attrait", "trait", "distrait", "abstrait"}


def conditionals_after_si(msgstr: str) -> list[str]:
    """The conditionals (…rais, …rait, …rions, …riez, …raient) in a clause opened by « si »
    or « s’il » (up to the clause's end): « si » takes the imparfait."""
    out = []
    s = placeholders_as(msgstr, "x")
    for m in re.finditer(r"(?<!\w)(?:[Ss]i|[Ss]’ils?)(?!\w)", s):
        clause = re.split(r"[,;:.!?()«»—]", s[m.end() :], maxsplit=1)[0]
        for verb in re.findall(r"\b\w+(?:rais|rait|rions|riez|raient)\b", clause):
            if verb.lower() not in _NOT_VERBS:
                out.append(verb)
    return out


def test_no_conditional_after_si() -> None:
    hits = catalog_hits(conditionals_after_si)
    assert not hits, show(hits, "put a conditional after « si »")


def test_the_si_check_sees_what_it_must() -> None:
    assert conditionals_after_si("Si chacune de vos cartes dépasserait 31, dites go.") == [
        "dépasserait"
    ]
    assert conditionals_after_si("Si chacune de vos cartes dépassait 31, dites go.") == []
    assert conditionals_after_si("S’il pourrait jouer") == ["pourrait"]
    assert conditionals_after_si("Quelle carte joueriez-vous si le compte est 21 ?") == []


@pytest.mark.parametrize("key", ["go", "board", "coach", "king"])
def test_a_forbidden_variant_would_be_caught(key: str) -> None:
    """The forbidden regexes catch the variants testers found, and spare the other senses."""
    (term,) = [t for t in glossary()["terms"] if t["key"] == key]
    rules = [re.compile(f["regex"]) for f in term["forbidden"]]

    def caught(s: str) -> bool:
        return any(rx.search(french_text(s)) for rx in rules)

    bad, good = {
        "go": (
            ["dites « passe »", "Vous dites go (je passe)"],
            ["Passer la visite", "passez-la quand vous voulez", "Que se passe-t-il ?"],
        ),
        "board": (["sur la planchette"], ["sur la planche de cribbage"]),
        "coach": (["L’entraîneur note vos décisions"], ["Les élèves ouvrent l’entraînement"]),
        "king": (["5♥ 10♣ K♠", "Q-K-A", "K et Q font 20"], ["par ex. K7QM", "J, Q, K", "5H"]),
    }[key]
    assert all(caught(s) for s in bad), [s for s in bad if not caught(s)]
    assert not any(caught(s) for s in good), [s for s in good if caught(s)]
