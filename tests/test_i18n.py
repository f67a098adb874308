"""The gettext catalogs: every marked string translated, and each .mo its .po compiled."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

import crib
from crib import i18n
from crib.course import questions as quiz
from crib.course.rules_bank import BANK
from crib.errors import CribError

PKG = Path(crib.__file__).parent
LANGS = [lang for lang in i18n.LANGS if lang != i18n.DEFAULT]


def _marked() -> set[tuple[str | None, str]]:
    """Every (context, string) marked for translation in crib/, as ``make messages``
    extracts them."""
    method_map = [("**.py", "python")]
    out = set()
    for _file, _line, msg, _comments, ctx in extract_from_dir(
        PKG, method_map, keywords={"_": None, "N_": None, "NP_": ((1, "c"), 2)}
    ):
        out.add((ctx, msg if isinstance(msg, str) else msg[0]))
    return out


def _po(lang: str):  # type: ignore[no-untyped-def]
    with open(i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "crib.po", "rb") as f:
        return read_po(f)


@pytest.mark.parametrize("lang", LANGS)
def test_every_marked_string_has_a_translation(lang: str) -> None:
    marked = _marked()
    assert len(marked) > 50  # the rules bank alone marks 80-odd
    po = _po(lang)
    done = {(m.context, m.id): m.string for m in po if m.id and m.string and not m.fuzzy}
    missing = sorted(marked - set(done), key=str)
    assert missing == [], f"{len(missing)} strings untranslated in {lang}: {missing[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_compiled_catalog_is_the_po_compiled(lang: str) -> None:
    po = _po(lang)
    with open(i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "crib.mo", "rb") as f:
        mo = read_mo(f)
    want = {(m.context, m.id): m.string for m in po if m.id and m.string and not m.fuzzy}
    got = {(m.context, m.id): m.string for m in mo if m.id}
    assert got == want, "run `make messages` to recompile the .mo"


def test_the_rules_bank_reads_in_french_with_the_same_answers() -> None:
    for i in range(len(BANK)):
        en = quiz.rules_question(4, i)
        fr = quiz.rules_question(4, i, lang="fr")
        assert fr.id == en.id and fr.answer == en.answer
        assert fr.text != en.text and fr.explain != en.explain
        assert fr.best == fr.choices[fr.answer]
    q = quiz.rules_question(4, 0, lang="fr")
    assert quiz.grade(q, q.best).correct
    tf = next(
        quiz.rules_question(4, i, lang="fr")
        for i in range(len(BANK))
        if quiz.rules_question(4, i).choices == ("True", "False")
    )
    assert tf.choices == ("Vrai", "Faux")


def test_the_language_comes_from_the_link_and_unknown_ones_are_refused() -> None:
    assert i18n.lang_from_query("lang=fr&seed=3") == "fr"
    assert i18n.lang_from_query("lang=de") == "en"
    with pytest.raises(CribError, match="unknown language 'de': expected one of en, fr"):
        i18n.tr("de")


def _translated_literals() -> set[tuple[str, int, str]]:
    """Every string literal the code hands to gettext, as the parser sees it: ``_("…")``,
    ``N_("…")``, ``tr(x)("…")`` and ``trp(x)("…", …)``, in f-strings too (Babel's
    extractor misses ``tr(x)("…")`` and calls inside f-strings on Python 3.11, so a
    string there would stay English without a word of warning)."""
    import ast

    out = set()
    for path in PKG.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            f = node.func
            named = isinstance(f, ast.Name) and f.id in ("_", "N_")
            curried = isinstance(f, ast.Call) and isinstance(f.func, ast.Name) and f.func.id == "tr"
            arg = node.args[0]
            if (named or curried) and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                out.add((str(path.relative_to(PKG)), node.lineno, arg.value))
    return out


def test_every_string_handed_to_gettext_is_in_the_catalog() -> None:
    literals = _translated_literals()
    assert len(literals) > 500  # the walk finds the pages' strings
    known = {m.id for m in _po("fr") if isinstance(m.id, str)}
    missing = sorted(
        f"{path}:{line}: {text!r}" for path, line, text in literals if text not in known
    )
    assert not missing, (
        "strings the catalog does not hold (write _(...) outside f-strings):\n" + "\n".join(missing)
    )
