"""``crib print guide``: the teacher's guide as a PDF, in a language and a paper size.

A separate small module: :func:`crib.tools.cli.main` hands it every ``crib print guide``
command line before its own parser runs (the way it hands ``crib serve`` to Voila), so
other ``crib print`` commands can live beside it.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as d:
...     main(["--lang", "fr", "--paper", "letter", "--out", d])
...     sorted(p.name for p in pathlib.Path(d).iterdir())  # doctest: +ELLIPSIS
wrote .../crib-guide-fr-letter.pdf (... pages)
0
['crib-guide-fr-letter.pdf']
>>> main(["--paper", "a3"])
2
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from crib.errors import CribError
from crib.i18n import LANGS

__all__ = ["main", "build_parser", "write_guide"]


def write_guide(lang: str, paper: str, out: str | Path) -> Path:
    """Write ``crib-guide-<lang>-<paper>.pdf`` into the folder ``out`` (made if missing)."""
    from crib.course.guide import guide_pdf

    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"crib-guide-{lang}-{paper}.pdf"
        path.write_bytes(guide_pdf(lang, paper))
    except OSError as e:
        raise CribError(f"cannot write the guide into {str(out)!r}: {e.strerror}") from None
    return path


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="crib print guide", description="the teacher's guide as a PDF")
    p.add_argument("--lang", default="en", choices=list(LANGS), help="en (default) or fr")
    p.add_argument("--paper", default="a4", choices=["a4", "letter"], help="a4 (default) or letter")
    p.add_argument("--out", default=".", metavar="DIR", help="the folder to write to (default .)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``crib print guide [--lang] [--paper] [--out]``; returns the exit code."""
    p = build_parser()
    try:
        args = p.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as e:
        return int(e.code or 0)
    try:
        path = write_guide(args.lang, args.paper, args.out)
    except CribError as e:
        print(f"crib: error: {e}", file=sys.stderr)
        return 2
    pages = len(re.findall(rb"/Type\s*/Page[^s]", path.read_bytes()))
    print(f"wrote {path} ({pages} pages)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
