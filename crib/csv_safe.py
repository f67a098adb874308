"""CSV cells a spreadsheet will not run: the one rule every classroom export follows.

A CSV file opened in a spreadsheet (Excel, LibreOffice Calc, Google Sheets) runs a
cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula, and a tab or a
carriage return in front does not stop it; a student's name, an answer or a
tournament's player typed as ``=HYPERLINK("http://x","x")`` or
``-2+3+cmd|' /C calc'!A0`` would run on the teacher's machine.  OWASP's advice (CSV
Injection, https://owasp.org/www-community/attacks/CSV_Injection): no text cell may
begin with those characters; prefix such a cell with a single quote, which the
spreadsheet reads as "text follows" and the reader sees as a stray ``'``.

The rule, :func:`safe_cell`: a text cell whose first character is ``=``, ``+``,
``-``, ``@``, a tab or a carriage return, or whose first character after leading
white space is one of ``= + - @`` (spreadsheets trim leading spaces) or their
full-width forms ``＝ ＋ － ＠`` (read as formulas by some), gets a ``'`` in front;
a carriage return inside text is written as a line feed (so the writer quotes it and
no reader starts a row there).
Numbers that crib writes (ints and floats, ``-2.1`` among them) are not text and
stay numbers; a typed ``"-2"`` is text and is neutralised.  Every CSV writer of the
classroom goes through :func:`writer`, :func:`dict_writer` or :func:`safe_frame`.

>>> [safe_cell(v) for v in ("Ann", "=1+1", "-2", " @SUM(1+1)", "\\t=1", -2.1, 3, "3=")]
['Ann', "'=1+1", "'-2", "' @SUM(1+1)", "'\\t=1", -2.1, 3, '3=']
>>> import io
>>> buf = io.StringIO()
>>> w = writer(buf, lineterminator="\\n")
>>> _ = w.writerow(["+1+1", -33, "Bob"])
>>> buf.getvalue()
"'+1+1,-33,Bob\\n"
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Mapping
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "FORMULA_START",
    "is_dangerous",
    "safe_cell",
    "safe_row",
    "writer",
    "dict_writer",
    "safe_frame",
]

#: a text cell starting with one of these (after any leading white space) is run as a formula
FORMULA_START = frozenset("=+-@\uff1d\uff0b\uff0d\uff20")
#: a text cell starting with one of these is dangerous whatever follows
CONTROL_START = frozenset("\t\r")


def is_dangerous(text: str) -> bool:
    """Whether a spreadsheet could read ``text`` as a formula (see the module's rule).

    >>> is_dangerous("=1+1"), is_dangerous("  -1+1"), is_dangerous("\\r=1")
    (True, True, True)
    >>> is_dangerous("Ann-Marie")
    False
    """
    if not text:
        return False
    if text[0] in CONTROL_START:
        return True
    stripped = text.lstrip()
    return bool(stripped) and stripped[0] in FORMULA_START


def safe_cell(value: Any) -> Any:
    """``value`` as a CSV cell a spreadsheet will not run: dangerous text gets a leading
    ``'``, and a carriage return in text becomes a line feed; anything that is not text
    (numbers, booleans, None) is returned as it is.

    Why the line feed: Python's :mod:`csv` writer quotes a cell holding its line
    terminator, and crib's is ``"\\n"``, so a bare carriage return would be written
    unquoted and a reader would start a new row there, whose first cell (``=1`` after
    ``"x\\r"``) no prefix protects.  A line feed is quoted and stays in its cell.

    >>> safe_cell("\\r=1"), safe_cell("Ann\\r\\n=1+1")
    ("'\\n=1", 'Ann\\n=1+1')
    """
    if not isinstance(value, str):
        return value
    text = "'" + value if is_dangerous(value) else value
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def safe_row(row: Iterable[Any]) -> list[Any]:
    """Every cell of ``row`` through :func:`safe_cell`."""
    return [safe_cell(v) for v in row]


class _SafeWriter:
    """:func:`csv.writer` whose rows go through :func:`safe_row`."""

    def __init__(self, f: IO[str], **kwargs: Any) -> None:
        self._w = csv.writer(f, **kwargs)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._w.writerow(safe_row(row))

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


class _SafeDictWriter(csv.DictWriter):
    """:class:`csv.DictWriter` whose values (and header) go through :func:`safe_cell`."""

    def writerow(self, rowdict: Mapping[str, Any]) -> Any:
        return super().writerow({k: safe_cell(v) for k, v in rowdict.items()})

    def writerows(self, rowdicts: Iterable[Mapping[str, Any]]) -> None:
        for row in rowdicts:
            self.writerow(row)


def writer(f: IO[str], **kwargs: Any) -> _SafeWriter:
    """A :func:`csv.writer` on ``f`` (same keyword arguments) that neutralises every cell."""
    return _SafeWriter(f, **kwargs)


def dict_writer(f: IO[str], fieldnames: Iterable[str], **kwargs: Any) -> csv.DictWriter:
    """A :class:`csv.DictWriter` on ``f`` (same arguments) that neutralises every cell."""
    return _SafeDictWriter(f, list(fieldnames), **kwargs)


def safe_frame(df: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``df`` ready for ``to_csv``: every text cell and column name through
    :func:`safe_cell`; numeric columns (and numbers in mixed columns) untouched.

    >>> import pandas as pd
    >>> safe_frame(pd.DataFrame({"who": ["=1+1", "Ann"], "lost": [-2.1, 0.5]})).to_csv(index=False)
    "who,lost\\n'=1+1,-2.1\\nAnn,0.5\\n"
    """
    import pandas as pd

    out = df.copy()
    for col in out.columns:
        s = out[col]
        if isinstance(s.dtype, pd.CategoricalDtype):
            s = s.astype(object)
        if pd.api.types.is_object_dtype(s.dtype) or pd.api.types.is_string_dtype(s.dtype):
            out[col] = s.astype(object).map(safe_cell)
    out.columns = [safe_cell(c) for c in out.columns]
    return out
