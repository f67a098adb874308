"""One stylesheet (issue #35, point 5): crib/ui/kit/crib.css holds every page's CSS, with
its colours and recurring sizes as variables in one ``:root`` block; no Python module
writes a ``<style>`` (but the one that reads the sheet), and no colour is written
outside that block: not in the sheet's rules, not in the HTML, SVG or charts Python
draws (they say ``var(--crib-...)`` or read the palette).
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from crib.rules.cards import DECK
from crib.ui.kit.cardview import card_text
from crib.ui.kit.style import (
    FACES,
    StyleError,
    card_faces,
    colour,
    palette,
    section,
    stylesheet_html,
    stylesheet_text,
    var,
)

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "crib"
SHEET = PKG / "ui" / "kit" / "crib.css"
STYLE_MODULE = PKG / "ui" / "kit" / "style.py"
# a colour written out: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla()
COLOUR = re.compile(
    r"(?<![&\w])#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3,4})(?![\w-])|\b(?:rgba?|hsla?)\([^)]*\)"
)
NAMED = re.compile(
    r"(?<![-\w])(white|black|red|green|blue|grey|gray|orange|purple|yellow|navy|silver)(?![-\w])"
)
# Python that draws colours outside HTML, left as it is (not the pages' look): the
# printable PDFs and matplotlib charts of the course and the classroom (their own
# palettes), and the course guide PDF's figure
NOT_HTML = {
    "crib/course/printables/layout.py": "PDF drawing (printables)",
    "crib/course/printables/pieces.py": "PDF drawing (printables)",
    "crib/course/printables/reference.py": "PDF drawing (printables)",
    "crib/course/printables/render.py": "PDF drawing (printables)",
    "crib/course/printables/sheets.py": "PDF drawing (printables)",
    "crib/classroom/tournament/sheets.py": "PDF drawing (tournament sheets)",
    "crib/classroom/results.py": "a matplotlib chart",
    "crib/course/questions/progress.py": "a matplotlib chart",
    "crib/course/guide/pdf.py": (
        "the guide PDF's matplotlib figure (its HTML takes classes from the sheet)"
    ),
}


def _strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module (f-strings' literal parts too), docstrings aside."""
    tree = ast.parse(path.read_text(), str(path))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    return [
        (n.lineno, n.value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]


def _root_block() -> tuple[str, str]:
    """The sheet's ``:root { ... }`` block and the rest of the sheet."""
    text = stylesheet_text()
    m = re.search(r":root \{(.*?)\n\}", text, re.S)
    assert m, "crib.css has no :root block"
    return m.group(1), text[: m.start()] + text[m.end() :]


def _norm(value: str) -> str:
    v = value.lower().replace(" ", "")
    if re.fullmatch(r"#[0-9a-f]{3,4}", v):
        v = "#" + "".join(ch * 2 for ch in v[1:])
    return v


def test_the_sheet_is_package_data_and_the_style_module_reads_it() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"
    ]["crib.ui.kit"]
    assert "*.css" in data
    raw = SHEET.read_text(encoding="utf-8")
    assert (
        stylesheet_text() == FACES.sub(lambda _m: card_faces(), raw)
        and len(FACES.findall(raw)) == 1
    )
    assert stylesheet_html() == f"<style>{stylesheet_text()}</style>"


def test_no_python_module_writes_a_style_element() -> None:
    found = [
        str(p.relative_to(ROOT))
        for p in sorted(PKG.rglob("*.py"))
        if p != STYLE_MODULE and "<style" in p.read_text()
    ]
    assert not found, f"<style> written outside crib/ui/kit/style.py: {found}"


def test_each_colour_is_defined_once_in_the_root_block() -> None:
    root, rest = _root_block()
    values = [v.strip() for _n, v in re.findall(r"--crib-([a-z0-9-]+):\s*([^;]+);", root)]
    colours = [_norm(v) for v in values if COLOUR.fullmatch(v)]
    assert len(colours) >= 60
    twice = sorted({c for c in colours if colours.count(c) > 1})
    assert not twice, f"defined twice in :root: {twice}"
    outside = COLOUR.findall(re.sub(r"/\*.*?\*/", "", rest, flags=re.S))
    assert not outside, f"colours written outside :root in crib.css: {outside}"
    values_only = re.findall(
        r":\s*([^;{}]*)[;}]", re.sub(r"/\*.*?\*/|\"[^\"]*\"", "", rest, flags=re.S)
    )
    named = [m.group(1) for v in values_only for m in NAMED.finditer(v)]
    assert not named, f"named colours in crib.css: {named}"


def test_no_colour_is_written_in_python_outside_charts_and_pdfs() -> None:
    found = []
    for path in sorted(PKG.rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        if rel in NOT_HTML:
            continue
        for line, text in _strings(path):
            found += [f"{rel}:{line}: {c}" for c in COLOUR.findall(text)]
    assert not found, "colours written in Python (use var(...) or colour(...)):\n" + "\n".join(
        found
    )
    # the list above only shrinks: each module on it still draws its own colours
    for rel in NOT_HTML:
        assert any(COLOUR.search(t) for _l, t in _strings(ROOT / rel)), (
            f"{rel} no longer needs its place"
        )


def test_every_variable_used_is_defined_and_every_one_defined_is_used() -> None:
    names = set(palette())
    root, rest = _root_block()
    used_css = set(re.findall(r"var\(--crib-([a-z0-9-]+)", rest))
    used_py: set[str] = set()
    for path in sorted(PKG.rglob("*.py")):
        src = path.read_text()
        used_py |= set(re.findall(r"--crib-([a-z0-9-]+)", src))
        used_py |= set(
            re.findall(r"""\b(?:colour|var|palette_colour)\(\s*["']([a-z0-9-]+)["']""", src)
        )
        used_py |= (
            set(re.findall(r"""["']([a-z0-9-]+)["']""", src)) & names
        )  # names in a tuple of keys
    assert used_css - names == set(), f"used in crib.css, never defined: {used_css - names}"
    undefined = {
        n
        for n in re.findall(
            r"""\b(?:colour|var)\(\s*["']([a-z0-9-]+)["']""",
            "".join(p.read_text() for p in PKG.rglob("*.py")),
        )
        if n not in names
    }
    assert not undefined, f"colour()/var() of names crib.css does not define: {undefined}"
    assert names - used_css - used_py == set(), f"defined, never used: {names - used_css - used_py}"


def test_the_palette_reads_the_root_block() -> None:
    assert colour("red") == "#c0392b" and colour("white") == "#ffffff" and colour("tap") == "44px"
    assert var("accent") == "var(--crib-accent)"
    with pytest.raises(StyleError):
        colour("no-such-colour")
    with pytest.raises(StyleError):
        section("no-such-section")


def test_the_two_plain_text_rules_keep_their_sizes_each_on_its_page() -> None:
    text = stylesheet_text()
    assert ".crib-trainer .crib-plain-text { font-size: var(--crib-font-big);" in text  # 16 px
    assert (
        ":where(.crib-play-app) .crib-plain-text { font-size: var(--crib-font-label);" in text
    )  # 14 px
    assert palette()["font-big"] == "16px" and palette()["font-label"] == "14px"
    bare = [line for line in text.splitlines() if line.lstrip().startswith(".crib-plain-text")]
    assert not bare, bare


def test_the_lessons_outline_each_targets() -> None:
    from crib.ui.play.lessons import TARGETS

    text = stylesheet_text()
    for key, targets in TARGETS.items():
        for target in (t.strip() for t in targets.split(",")):
            assert f".crib-play-app:has(:where(.crib-tour-at-{key})) {target}" in text, (
                key,
                target,
            )


def test_the_card_faces_and_the_skeletons_languages_are_in_the_sheet() -> None:
    from crib.i18n import DEFAULT, LANGS

    card = section("card")
    for c in DECK:
        face = card_text(c)
        assert f'.crib-face-{c}::before {{ content: "{face}"; content: "{face}" / ""; }}' in card
    page = section("page")
    for k in LANGS:
        if k != DEFAULT:
            assert f".crib-skel-{k} {{ display: none; }}" in page
            assert f"html.crib-lang-{k} .crib-skel-{k} {{ display: inline; }}" in page
            assert f"html.crib-lang-{k} .crib-skel-{DEFAULT} {{ display: none; }}" in page


def test_the_nav_bar_carries_the_sheet_once_and_nothing_else_does() -> None:
    from crib.ui.kit.nav import nav_bar, nav_html, skeleton_html

    assert nav_html("play").count("<style>") == 1 and stylesheet_html() in nav_bar("teach").value
    assert "<style" not in skeleton_html("the game")


def test_the_refusal_pages_carry_the_palette_and_their_rules_only() -> None:
    from crib.tools.room_pages import refusal_html

    page = refusal_html("key", "http://h/voila/render/trainer.ipynb")
    assert section("root") in page and section("room") in page
    assert ".crib-nav" not in page and '<body class="crib-room">' in page


def test_every_card_has_its_face_once() -> None:
    from crib.rules.cards import DECK

    text = stylesheet_text()
    for c in DECK:
        rule = f'.crib-face-{c}::before {{ content: "{c.pretty}"; content: "{c.pretty}" / ""; }}'
        french = text.count(f"html.crib-lang-fr .crib-face-{c}::")
        assert text.count(f".crib-face-{c}::") == 1 + french and rule in text
        assert french == (c.rank > 10)  # R, D, V on a French page (the glossary's)
    assert '.crib-face-TH::before { content: "10♥"' in text
    assert 'html.crib-lang-fr .crib-face-JD::before { content: "V♦"' in text
