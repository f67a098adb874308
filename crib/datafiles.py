"""Where the package's data files live: ``crib/data``, which in the repository
is a link to the top-level ``data/`` folder and in an installed package is a
copy of it (declared as package data in pyproject.toml).
"""

from __future__ import annotations

from pathlib import Path

from crib.errors import CribError

__all__ = ["data_path"]

DATA_DIR = Path(__file__).resolve().parent / "data"


def data_path(name: str) -> Path:
    """The path of a shipped data file, or a clear error naming what is missing.

    >>> data_path("crib_table.csv").name
    'crib_table.csv'
    """
    path = DATA_DIR / name
    if not path.is_file():
        raise CribError(
            f"data file {name!r} is missing from {DATA_DIR}: reinstall crib, or regenerate "
            "it with the command the README gives for it"
        )
    return path
