"""The public names of ``import crib``: one table, and the type checkers' imports agree.

``crib/__init__.py`` lists each lazy name once (``_LAZY``: name -> module) and the
errors once (``crib.errors.__all__``); ``__all__`` is built from the two.  The
``TYPE_CHECKING`` block repeats the names for editors, so this test checks that it
imports exactly the lazy names, each from the module the table says.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import crib
import crib.errors

INIT = Path(crib.__file__)


def _type_checking_imports() -> dict[str, str]:
    tree = ast.parse(INIT.read_text())
    out: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for imp in node.body:
                assert isinstance(imp, ast.ImportFrom), ast.dump(imp)
                for alias in imp.names:
                    out[alias.asname or alias.name] = imp.module or ""
    return out


def test_type_checking_block_imports_each_lazy_name_from_its_module() -> None:
    assert _type_checking_imports() == crib._LAZY


def test_all_is_the_errors_then_the_lazy_names() -> None:
    assert crib.__all__ == [*crib.errors.__all__, *crib._LAZY]
    assert len(set(crib.__all__)) == len(crib.__all__)


def test_every_public_name_resolves_to_its_module_object() -> None:
    for name, module in crib._LAZY.items():
        assert getattr(crib, name) is getattr(importlib.import_module(module), name), name
    for name in crib.errors.__all__:
        assert getattr(crib, name) is getattr(crib.errors, name)
        assert issubclass(getattr(crib, name), crib.errors.CribError)


def test_star_import_gives_every_public_name() -> None:
    ns: dict[str, object] = {}
    exec("from crib import *", ns)
    assert set(crib.__all__) <= set(ns)
    assert ns["score_hand"] is crib.score_hand


def test_unknown_name_is_an_attribute_error() -> None:
    try:
        crib.no_such_name  # noqa: B018
    except AttributeError as e:
        assert "no_such_name" in str(e)
    else:
        raise AssertionError("crib.no_such_name resolved")
