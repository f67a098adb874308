"""The README stays short and its links work; the API reference lists every module.

The documentation itself is built by ``make docs`` (and ``make test``) with warnings as
errors, which fails on a page no toctree lists and on a link to a missing page or heading
inside ``docs/``.  Sphinx does not read the README, and autodoc documents only the modules
its pages name, so these two checks are here.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
API = ROOT / "docs" / "api"

# a Markdown link or image whose target is a path in the repository (not a URL)
LINK = re.compile(r"\]\((?!https?://|mailto:|#)([^)\s]+)\)")
# modules the API reference leaves out: Alembic's migration environment runs a migration
# when imported, the revisions are the schema's history, and jit_levels is generated code
# (crib/analysis/play/jit_gen.py writes it; its docstring says so)
NOT_DOCUMENTED = re.compile(
    r"crib\.store\.migrations\.(env|versions(\..*)?)|crib\.analysis\.play\.jit_levels"
)


def _anchor(heading: str) -> str:
    """The anchor GitHub and MyST (myst_heading_anchors) give a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", page.read_text(), flags=re.S | re.M)
    return {_anchor(m) for m in re.findall(r"^#+ (.+)$", text, flags=re.M)}


def test_readme_is_about_two_hundred_lines() -> None:
    lines = README.read_text().count("\n")
    assert 150 <= lines <= 250, f"README.md has {lines} lines: the rest belongs in docs/"


def test_readme_links_reach_a_file_and_its_heading() -> None:
    targets = LINK.findall(README.read_text())
    assert any(t.startswith("docs/") for t in targets)
    for target in targets:
        path, _, anchor = target.partition("#")
        page = ROOT / path
        assert page.exists(), f"README.md links to {path}, which does not exist"
        if anchor:
            assert anchor in _anchors(page), f"README.md links to #{anchor}, not in {path}"


def test_the_screenshot_stays_small() -> None:
    assert (ROOT / "docs" / "_static" / "screenshot.png").stat().st_size < 300_000


def _modules() -> set[str]:
    names = set()
    for path in (ROOT / "crib").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__main__":
            continue
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if not NOT_DOCUMENTED.fullmatch(name):
            names.add(name)
    return names


def test_every_module_is_on_an_api_page() -> None:
    documented = set()
    for page in API.glob("*.md"):
        documented |= set(re.findall(r"^\.\. automodule:: (\S+)$", page.read_text(), re.M))
    missing = sorted(_modules() - documented)
    assert not missing, f"add these modules to their layer's page in docs/api/: {missing}"
    gone = sorted(documented - _modules())
    assert not gone, f"docs/api/ documents modules that no longer exist: {gone}"
