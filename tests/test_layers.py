"""The package's layers, checked on its import graph (a test that can fail).

rules imports nothing else of crib (and no numpy, pandas, matplotlib or
widgets); analysis does not import ai, session, ui, teach or tools; ai does not import
session, ui, teach or tools; the game session imports no ui, teach or tools (nor any
widget library); nothing imports tools; notebooks and dashboards import
only the public ``crib``, ``crib.ui`` and ``crib.teach``.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "crib"
HEAVY = {"numpy", "pandas", "matplotlib", "ipywidgets", "IPython", "scipy"}

# layer -> layers of crib it must not import
FORBIDDEN = {
    "rules": {"analysis", "ai", "session", "ui", "teach", "tools"},
    "analysis": {"ai", "session", "ui", "teach", "tools"},
    "ai": {"session", "ui", "teach", "tools"},
    "session": {"ui", "teach", "tools"},
    "ui": {"tools"},
    "teach": {"ui", "tools"},
}


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Every module a file imports, at any depth (lazy imports inside functions count)."""
    tree = ast.parse(path.read_text(), str(path))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def _layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "crib" else None


def violations() -> list[str]:
    bad = []
    for path in sorted(PKG.rglob("*.py")):
        me = _module_name(path)
        layer = _layer(me)
        for imp in imports_of(path):
            target = _layer(imp)
            if imp.split(".")[0] != "crib" or target is None:
                if layer == "rules" and imp.split(".")[0] in HEAVY:
                    bad.append(f"{me} imports {imp} (the rules core stays pure Python)")
                continue
            if target == "tools" and layer != "tools" and me != "crib.__main__":
                bad.append(f"{me} imports {imp} (nothing imports tools)")
            if layer in FORBIDDEN and target in FORBIDDEN[layer]:
                bad.append(f"{me} imports {imp} ({layer} may not import {target})")
            # crib.i18n: the stdlib's gettext and crib.errors only (checked below)
            if layer == "rules" and target not in ("rules", "errors", "i18n"):
                bad.append(f"{me} imports {imp} (rules imports nothing else of crib)")
    return bad


def test_every_layer_keeps_its_contract() -> None:
    assert violations() == []


def test_the_catalog_reader_imports_nothing_of_crib_but_its_errors() -> None:
    crib_imports = {i for i in imports_of(PKG / "i18n.py") if i.split(".")[0] == "crib"}
    assert crib_imports <= {"crib.errors", "crib.errors.CribError"}


def test_the_checker_catches_a_violation(tmp_path: Path) -> None:
    """The walker sees imports at any depth, so a lazy import cannot slip through."""
    f = tmp_path / "x.py"
    f.write_text("def f():\n    from crib.ai.players import make_player\n    import numpy\n")
    assert {"crib.ai.players", "crib.ai.players.make_player", "numpy"} <= imports_of(f)


def test_importing_the_rules_loads_no_heavy_library() -> None:
    code = (
        "import crib.rules, sys; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'numpy','pandas','matplotlib','ipywidgets'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_session_runs_with_no_widgets() -> None:
    """The game session (controller, model, review, table) imports no widget library:
    a whole game is driven headless, in a process where ipywidgets was never loaded."""
    code = (
        "import sys; from crib.session.controller import GameController; "
        "import crib.session.model, crib.session.review, crib.session.table; "
        "g = GameController(seed=3, tier='easy'); [g.press('n') for _ in range(2)]; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'ipywidgets','IPython','anywidget','matplotlib'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize(
    "nb", sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("dashboards/*.ipynb")]), ids=str
)
def test_notebooks_import_only_the_public_api(nb: Path) -> None:
    allowed = ("crib", "crib.ui", "crib.teach")
    for cell in json.loads(nb.read_text())["cells"]:
        if cell["cell_type"] != "code":
            continue
        src = "".join(cell["source"])
        src = "\n".join(ln for ln in src.splitlines() if not ln.lstrip().startswith(("%", "!")))
        for node in ast.walk(ast.parse(src)):
            mods = []
            if isinstance(node, ast.ImportFrom) and node.module:
                mods = [node.module]
            elif isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            for m in mods:
                if m.split(".")[0] == "crib":
                    assert m == "crib" or any(m.startswith(a + ".") or m == a for a in allowed[1:]), (
                        f"{nb.name} imports {m}: notebooks use crib, crib.ui or crib.teach"
                    )


def test_modules_stay_small() -> None:
    """No module over about 400 lines, so each one can be read whole."""
    big = {
        str(p.relative_to(ROOT)): n
        for p in PKG.rglob("*.py")
        if (n := len(p.read_text().splitlines())) > 400
    }
    assert big == {}
