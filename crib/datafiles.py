"""Where the package's files live: the shipped tables (``crib.data``), the pages that
``crib serve`` shows (``crib.pages``) and the teaching notebooks (``crib.notebooks``).

In the repository these are the top-level folders ``data/``, ``dashboards/`` and
``notebooks/``; pyproject.toml installs each as a package under ``crib/`` (``package-dir``),
so the wheel holds real files and an editable install maps the names onto the folders.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from crib.errors import CribError

__all__ = ["data_path", "package_folder", "DATA_DIR", "PAGES_DIR", "NOTEBOOKS_DIR"]


def package_folder(package: str) -> Path:
    """The folder of one of crib's file packages, as a path on disk.

    >>> package_folder("crib.pages").joinpath("index.ipynb").is_file()
    True
    """
    return Path(str(files(package)))


DATA_DIR = package_folder("crib.data")
PAGES_DIR = package_folder("crib.pages")
NOTEBOOKS_DIR = package_folder("crib.notebooks")


def data_path(name: str) -> Path:
    """The path of a shipped data file, or a clear error naming what is missing.

    >>> data_path("crib_table.csv").name
    'crib_table.csv'
    """
    path = DATA_DIR / name
    if not path.is_file():
        raise CribError(
            f"data file {name!r} is missing from {DATA_DIR}: reinstall crib, or regenerate "
            "it with the command docs/developer.md (Benchmarks) or docs/selfplay.md gives for it"
        )
    return path
