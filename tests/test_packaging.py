"""The package installs on its own: every data file it reads ships inside it."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_a_built_wheel_loads_its_data_from_another_folder(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "-w",
            str(tmp_path / "dist"),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = (tmp_path / "dist").glob("crib-*.whl")
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    shipped = {Path(n).name for n in zipfile.ZipFile(wheel).namelist() if "/data/" in n}
    assert {"hand_score_distribution_published.csv", "crib_table.csv"} <= shipped
    # crib serve's page template (the loading skeleton) ships too
    assert "crib/tools/voila_template/index.html.j2" in zipfile.ZipFile(wheel).namelist()
    code = (
        "import crib, crib.datafiles as d; "
        f"assert crib.__file__.startswith({str(site)!r}), crib.__file__; "
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
