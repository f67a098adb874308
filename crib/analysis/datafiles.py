"""Where the shipped data files are: next to the package, else the repository's ``data/``.

An installed package finds ``crib/data/NAME`` (package data); a checkout finds
``data/NAME`` at the repository root.  ``CRIB_DATA`` (a folder) overrides both.

>>> data_path("crib_table.csv").name
'crib_table.csv'
"""

from __future__ import annotations

import os
from pathlib import Path

from crib.errors import CribError

__all__ = ["data_path", "data_dirs"]


def data_dirs() -> list[Path]:
    """The folders searched, in order."""
    here = Path(__file__).resolve().parent.parent  # the crib package
    dirs = [here / "data", here.parent / "data"]
    env = os.environ.get("CRIB_DATA")
    if env:
        dirs.insert(0, Path(env))
    return dirs


def data_path(name: str) -> Path:
    """The first existing ``name`` in :func:`data_dirs`."""
    for d in data_dirs():
        p = d / name
        if p.exists():
            return p
    raise CribError(
        f"data file {name!r} not found in {', '.join(str(d) for d in data_dirs())}: "
        "regenerate it with `crib selfplay all` (see the README)"
    )
