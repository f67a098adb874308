"""What each page loads (Voila's ``page_config_hook``): no MathJax, and anywidget's lab
extension only on the pages whose code can create an anywidget.

Voila loads every installed lab extension on every page.  anywidget's (3 scripts, about
370 KB) is left out of the pages whose code cannot create an anywidget: those whose
imports reach no ``import anywidget`` in crib's modules (:func:`imports_module`, read
from the source, so a page that starts using one gets the extension back without a list
to keep).  No page typesets mathematics: a stand-in typesetter (:data:`NO_MATH`) keeps
MathJax's 16 scripts (about 0.9 MB) off every page.
"""

from __future__ import annotations

import ast
import json
from collections import deque
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["NO_MATH", "imports_module", "notebook_code", "notebook_imports", "page_config_hook"]


# the fields that hold statements: an import is a statement, so only these can hold one
_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")


def _statements(tree: ast.AST) -> Iterator[ast.AST]:
    """Every statement in ``tree``, nested ones too (in functions, classes, blocks): what
    ``ast.walk`` reaches of them, without visiting the expressions (4 times faster)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        for field in _BODIES:
            todo.extend(getattr(node, field, ()))


def _imports(tree: ast.AST, package: str) -> set[str]:
    """Every module named by an import statement anywhere in ``tree`` (functions too)."""
    out: set[str] = set()
    for node in _statements(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(p for p in [*parts, base] if p)
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)  # a name may be a submodule
    return out


@cache
def _crib_module_imports(name: str) -> frozenset[str]:
    """The modules a crib module (with its parent packages) imports; empty if not crib's."""
    root = Path(__file__).resolve().parents[1]  # crib/
    parts = name.split(".")
    if parts[0] != "crib":
        return frozenset()
    files = [
        (root.joinpath(*parts[1:i], "__init__.py"), ".".join(parts[:i]))
        for i in range(1, len(parts) + 1)
    ]  # the packages, then the module itself
    if len(parts) > 1:
        files.append((root.joinpath(*parts[1:-1], parts[-1] + ".py"), ".".join(parts[:-1])))
    out: set[str] = set()
    for path, package in files:
        out |= _file_imports(path, package)
    return frozenset(out)


@cache
def _file_imports(path: Path, package: str) -> frozenset[str]:
    """The imports of one source file, parsed once (a package's ``__init__`` is read for
    every module under it)."""
    return (
        frozenset(_imports(ast.parse(path.read_text()), package)) if path.is_file() else frozenset()
    )


def imports_module(code: str, module: str) -> bool:
    """Whether ``code`` imports ``module``, directly or through crib's modules (read from
    their source, conservatively: an import inside a function counts).

    >>> imports_module("from crib.ui.kit.keys import KeyListener", "anywidget")
    True
    >>> imports_module("from crib.rules.cards import Card", "anywidget")
    False
    """
    seen: set[str] = set()
    todo = deque(sorted(_imports(ast.parse(code), "")))  # nearest first: fewer files read
    while todo:
        name = todo.popleft()
        if name == module or name.startswith(module + "."):
            return True
        if name not in seen:
            seen.add(name)
            todo.extend(sorted(_crib_module_imports(name)))
    return False


def notebook_code(path: Path) -> str:
    """A notebook's code cells, joined in order."""
    cells = json.loads(path.read_text())["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")


def notebook_imports(path: Path, module: str) -> bool:
    """Whether a notebook's code cells import ``module`` (see :func:`imports_module`);
    True when the notebook cannot be read (then nothing is left out)."""
    try:
        return imports_module(notebook_code(path), module)
    except (OSError, ValueError, KeyError, SyntaxError):
        return True


# No page typesets mathematics.  Voila's default typesetter (MathJax 3, about 0.9 MB of
# JavaScript in 16 scripts) loads on the first Markdown cell or HTML widget it sees; given
# a MathJax URL, Voila uses the MathJax 2 typesetter instead, which loads that URL when it
# first typesets.  This one is a stand-in that typesets nothing: no request, no parsing,
# and no "$...$" in a sentence taken for mathematics.  (The typesetter appends
# "?config=..." to the URL; the trailing "//" makes that a comment.)
NO_MATH = (
    "data:text/javascript,window.MathJax={Hub:{Config(){},Configured(){},Queue(){},"
    "Register:{StartupHook(){}}},Ajax:{},InputJax:{TeX:{resetEquationNumbers(){}}}};//"
)


def page_config_hook(root: Path):  # type: ignore[no-untyped-def]
    """Voila's ``page_config_hook``: leave anywidget's extension out of the pages under
    ``root`` whose code cannot create an anywidget."""
    needs: dict[str, bool] = {}

    def hook(page_config: dict, *_a: Any, notebook_path: str | None = None, **_k: Any) -> dict:
        if notebook_path is None:
            return page_config
        if notebook_path not in needs:
            needs[notebook_path] = notebook_imports(root / notebook_path, "anywidget")
        page_config["fullMathjaxUrl"], page_config["mathjaxConfig"] = NO_MATH, "none"
        if not needs[notebook_path]:
            page_config["federated_extensions"] = [
                x for x in page_config.get("federated_extensions", []) if x["name"] != "anywidget"
            ]
        return page_config

    return hook
