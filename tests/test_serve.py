"""crib.tools.serve: which pages get anywidget's lab extension (read from the code)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from crib.tools.page_config import imports_module, notebook_imports, page_config_hook

DASHBOARDS = Path(__file__).resolve().parents[1] / "dashboards"
EXTENSIONS = [{"name": "anywidget"}, {"name": "@jupyter-widgets/jupyterlab-manager"}]


def test_the_statement_walk_finds_every_import_ast_walk_finds() -> None:
    """page_config reads a file's imports from its statements only (an import is one); the
    reference visits every node (``ast.walk``).  Every source file of crib, and one with
    an import in each kind of block."""
    import ast

    from crib.tools import page_config

    def reference(tree: ast.AST) -> list[ast.AST]:
        return [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]

    def fast(tree: ast.AST) -> list[ast.AST]:
        stmts = page_config._statements(tree)
        return [n for n in stmts if isinstance(n, ast.Import | ast.ImportFrom)]

    blocks = (
        "import a\nif x:\n import b\nelse:\n import c\nfor i in y:\n import d\nelse:\n"
        " import e\nwhile z:\n import f\ntry:\n import g\nexcept E:\n import h\nelse:\n"
        " import i\nfinally:\n import j\nwith w:\n import k\nclass C:\n def m(self):\n"
        "  import l\nasync def n():\n async with v:\n  import o\n async for q in r:\n"
        "  import p\nmatch s:\n case 1:\n  import q\ntry:\n pass\nexcept* E:\n import r\n"
    )
    sources = [
        blocks,
        *(p.read_text() for p in Path(page_config.__file__).parents[1].rglob("*.py")),
    ]
    assert len(sources) > 250
    for src in sources:
        tree = ast.parse(src)
        want = sorted(map(ast.dump, reference(tree)))
        assert sorted(map(ast.dump, fast(tree))) == want
    assert len(reference(ast.parse(blocks))) == 16


def test_pages_that_can_create_an_anywidget_are_found_from_their_imports(tmp_path: Path) -> None:
    needs = {p.stem for p in DASHBOARDS.glob("*.ipynb") if notebook_imports(p, "anywidget")}
    # every page reads its language from the URL (?lang=fr) with the key listener, an
    # anywidget (crib.ui.kit.lang.LangPage; the play page's own listener, which also
    # takes its keys): no dashboard goes without the extension now
    assert needs == {p.stem for p in DASHBOARDS.glob("*.ipynb")}
    plain = tmp_path / "plain.ipynb"  # a page with no crib widget at all
    plain.write_text(
        json.dumps(
            {
                "cells": [
                    {
                        "cell_type": "code",
                        "source": "import json\nprint(1)",
                        "metadata": {},
                        "outputs": [],
                        "execution_count": None,
                    }
                ],
                "metadata": {},
                "nbformat": 4,
                "nbformat_minor": 5,
            }
        )
    )
    assert not notebook_imports(plain, "anywidget")


def test_imports_are_followed_through_crib_modules_and_relative_imports() -> None:
    assert imports_module("import crib.ui.kit.keys", "anywidget")
    assert imports_module(
        "from crib.ui.analyze import crib_odds", "anywidget"
    )  # a submodule by name
    assert imports_module("def f():\n    from crib.ui.play.app import PlayApp\n", "anywidget")
    assert not imports_module("import json", "anywidget")


def test_hook_leaves_the_extension_out_only_where_no_page_code_needs_it(tmp_path: Path) -> None:
    hook = page_config_hook(DASHBOARDS)

    def names(nb: str) -> list[str]:
        cfg = hook({"federated_extensions": list(EXTENSIONS)}, notebook_path=nb)
        return [x["name"] for x in cfg["federated_extensions"]]

    assert names("discard.ipynb") == ["anywidget", "@jupyter-widgets/jupyterlab-manager"]
    assert "anywidget" in names("missing.ipynb")  # unreadable: nothing is left out
    (tmp_path / "plain.ipynb").write_text(
        json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    )
    plain = page_config_hook(tmp_path)(
        {"federated_extensions": list(EXTENSIONS)}, notebook_path="plain.ipynb"
    )
    assert [x["name"] for x in plain["federated_extensions"]] == [
        "@jupyter-widgets/jupyterlab-manager"
    ]
    (tmp_path / "bad.ipynb").write_text("{not json")
    assert notebook_imports(tmp_path / "bad.ipynb", "anywidget")


def test_pages_get_a_typesetter_that_loads_nothing() -> None:
    """No page shows mathematics: the MathJax stand-in keeps 0.9 MB of scripts off every
    page, and is valid JavaScript even with the query string the typesetter appends."""
    import subprocess
    import urllib.parse

    from crib.tools.page_config import NO_MATH

    cfg = page_config_hook(DASHBOARDS)({"federated_extensions": []}, notebook_path="discard.ipynb")
    assert cfg["fullMathjaxUrl"] == NO_MATH and cfg["mathjaxConfig"] == "none"
    prefix = "data:text/javascript,"
    assert NO_MATH.startswith(prefix)
    code = (
        urllib.parse.unquote(NO_MATH[len(prefix) :])
        + "?config=none&amp;delayStartupUntil=configured"
    )
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the stand-in's syntax is checked in the browser tests")
    r = subprocess.run([node, "--check", "-"], input=code, text=True, capture_output=True)
    assert r.returncode == 0, r.stderr
