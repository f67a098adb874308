"""What a French page must not show: the catalog's English phrases (tests of the French
pages, headless and in the browser)."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

PO = Path(__file__).resolve().parents[1] / "crib" / "locale" / "fr" / "LC_MESSAGES" / "crib.po"


def english_phrases() -> list[str]:
    """The catalog's English pieces (between placeholders) of more than three words whose
    French differs: none may show on a French page."""
    with PO.open("rb") as f:
        cat = read_po(f)
    out = set()
    for m in cat:
        if not m.id or isinstance(m.id, tuple) or not m.string or m.string == m.id:
            continue
        for piece in re.split(r"\{[^}]*\}", m.id):
            piece = piece.strip(" .,:;()")
            if len(piece.split()) > 3 and piece not in m.string:
                out.add(piece)
    return sorted(out)
