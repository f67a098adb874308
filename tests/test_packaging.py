"""The package installs on its own: every data file it reads ships inside it."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def build_wheel(out: Path) -> Path:
    """``python -m build --wheel`` of the repository's files (those git tracks, and new ones
    it does not ignore) copied into ``out``: the wheel a release ships.  A copy, because
    setuptools builds in the source tree, and two test workers may build at once."""
    src = out / "src"
    for name in git("ls-files", "-co", "--exclude-standard"):
        if (ROOT / name).is_file():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "-o", str(out), str(src)],
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("crib_coach-*.whl")
    return wheel


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("dist"))


def git(*args: str) -> list[str]:
    """The lines git prints for ``args`` in the repository (skips the test outside a checkout)."""
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


def tracked(*folders: str) -> list[str]:
    """The files git tracks under these folders of the repository (with their mode)."""
    return git("ls-files", "-s", "--", *folders)


# the repository's folders that pyproject.toml installs under crib/ (package-dir)
INSTALLED_AS = {
    "dashboards/": "crib/pages/",
    "data/": "crib/data/",
    "notebooks/": "crib/notebooks/",
}


def test_the_wheel_holds_every_page_lesson_table_and_file_of_the_package(wheel: Path) -> None:
    """Every file git tracks in crib/, dashboards/, data/ and notebooks/ is in the wheel, at
    its place under crib/: a page, a lesson or a table added later cannot be forgotten."""
    names = set(zipfile.ZipFile(wheel).namelist())
    want = []
    for line in tracked("crib", *INSTALLED_AS):
        path = line.split("\t", 1)[1]
        for folder, into in INSTALLED_AS.items():
            if path.startswith(folder):
                path = into + path.removeprefix(folder)
        want.append(path)
    missing = sorted(p for p in want if p not in names)
    assert not missing, missing
    pages = {n for n in names if n.startswith("crib/pages/") and n.endswith(".ipynb")}
    assert {"crib/pages/index.ipynb", "crib/pages/play.ipynb", "crib/pages/guide.ipynb"} <= pages
    assert len([n for n in names if n.startswith("crib/notebooks/lessons/")]) >= 10
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(meta).decode()
    assert "Name: crib-coach" in text and "Provides-Extra: serve" in text
    entry = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "crib = crib.tools.cli:main" in zipfile.ZipFile(wheel).read(entry).decode()


def test_the_package_has_no_links_and_pyproject_lists_every_package() -> None:
    """No symlink in what the wheel is built from (they break on Windows and in sdists), and
    pyproject.toml's package list (explicit, because of the mapped folders) is complete."""
    import tomllib

    from setuptools import find_namespace_packages

    links = [line for line in tracked("crib", *INSTALLED_AS) if line.startswith("120000")]
    assert not links, links
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    found = {
        p for p in find_namespace_packages(str(ROOT), include=["crib*"]) if "__pycache__" not in p
    }
    mapped = set(cfg["package-dir"])
    assert mapped == {"crib.data", "crib.pages", "crib.notebooks", "crib.notebooks.lessons"}
    assert set(cfg["packages"]) == found | mapped


def test_the_installed_folders_are_read_through_their_packages() -> None:
    from crib.datafiles import DATA_DIR, NOTEBOOKS_DIR, PAGES_DIR

    assert (PAGES_DIR / "index.ipynb").is_file() and (DATA_DIR / "crib_table.csv").is_file()
    assert (NOTEBOOKS_DIR / "lessons" / "1_fifteens_and_pairs.ipynb").is_file()


@pytest.mark.slow
def test_a_built_wheel_loads_its_data_from_another_folder(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = (
        "import crib, crib.datafiles as d; "
        f"assert crib.__file__.startswith({str(site)!r}), crib.__file__; "
        f"assert str(d.PAGES_DIR).startswith({str(site)!r}), d.PAGES_DIR; "
        "from crib.course import published_distribution; "
        "print(sum(published_distribution().values()))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "12994800"


def test_the_loading_skeleton_names_the_pages_as_the_nav_bar_does() -> None:
    """crib/tools/voila_template draws the nav bar's outline before any Python runs, so
    it spells the labels out: they must stay those of crib/ui/kit/nav.py."""
    from crib.tools.serve import TEMPLATE_DIR
    from crib.ui.kit.nav import ANALYZERS, SECTIONS

    text = (TEMPLATE_DIR / "index.html.j2").read_text()
    for key, (label, page) in SECTIONS.items():
        assert f"('{key}', '{label}')" in text, label
        assert f"'{page.removesuffix('.ipynb')}': '{key}'" in text, page
    for page, label in ANALYZERS.items():
        assert f"('{page.removesuffix('.ipynb')}', '{label}')" in text, label
