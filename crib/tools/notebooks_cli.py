"""``crib notebooks DIR``: copy the teaching notebooks and the five lessons out of the
installed package into a folder, to open in JupyterLab or to hand out.

The notebooks ship inside crib (``crib.notebooks``, the repository's ``notebooks/``).  A
file already in DIR is left as it is, unless ``--force``: a teacher's edited copy is not
overwritten by accident.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path
from typing import Any

from crib.datafiles import NOTEBOOKS_DIR
from crib.errors import CribError

__all__ = ["copy_notebooks", "add_parser", "run"]


def copy_notebooks(dest: Path, *, force: bool = False) -> tuple[list[Path], list[Path]]:
    """Copy every ``.ipynb`` of ``crib.notebooks`` (lessons included) into ``dest``;
    returns (the files written, the files kept because they were there already).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     wrote, kept = copy_notebooks(Path(d))
    ...     again = copy_notebooks(Path(d))
    >>> len(wrote) >= 17, kept, len(again[1]) == len(wrote)
    (True, [], True)
    """
    if dest.exists() and not dest.is_dir():
        raise CribError(f"{dest} is a file, not a folder: give a folder for the notebooks")
    wrote: list[Path] = []
    kept: list[Path] = []
    for src in sorted(NOTEBOOKS_DIR.rglob("*.ipynb")):
        target = dest / src.relative_to(NOTEBOOKS_DIR)
        if target.exists() and not force:
            kept.append(target)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, target)
        wrote.append(target)
    return wrote, kept


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "notebooks",
        help="copy the teaching notebooks and the five lessons into a folder",
        description="Copy the teaching notebooks and the five lessons (English and French) "
        "into DIR, to open them in JupyterLab. Files already there are kept unless --force.",
    )
    p.add_argument("dir", metavar="DIR", help="the folder to copy them into (made if needed)")
    p.add_argument("--force", action="store_true", help="overwrite files already in DIR")


def run(args: argparse.Namespace) -> int:
    dest = Path(args.dir).expanduser()
    wrote, kept = copy_notebooks(dest, force=args.force)
    print(f"{len(wrote)} notebooks written to {dest}")
    if kept:
        print(f"{len(kept)} already there and kept (--force overwrites them)")
    return 0
