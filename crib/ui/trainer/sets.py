"""A practice set's end on the student's page: the summary after the last deal.

Practice comes in sets (3, 5, 10 or 20 deals, or no end); a class session is one set.
After the set's last answer the page shows :func:`set_summary_html` (a polite live
region, so a screen reader hears it too), and "Next" starts a new set.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from crib.teach.progress import set_summary

__all__ = ["SET_SIZES", "DEFAULT_SET_SIZE", "set_summary_html"]

SET_SIZES = (("3 deals", 3), ("5 deals", 5), ("10 deals", 10), ("20 deals", 20), ("no end", 0))
DEFAULT_SET_SIZE = 10


def set_summary_html(answers: Sequence[Any], what: str = "Set") -> str:
    """The summary of a set's answers as the student reads it.

    >>> from types import SimpleNamespace as A
    >>> h = set_summary_html([A(correct=True, lost=0.0, seconds=4.0, miss=""),
    ...                       A(correct=False, lost=2.0, seconds=9.0, miss="missed nobs")])
    >>> "1 of 2 right</b> (50%)" in h and "missed nobs (1)" in h and 'role="status"' in h
    True
    """
    s = set_summary(answers)
    acc = f" ({s.accuracy:.0%})" if s.accuracy is not None else ""
    parts = [f"<b>{s.right} of {s.answered} right</b>{acc}"]
    if s.answered:
        parts.append(f"{s.lost:.2f} points lost in all")
    if s.median_seconds is not None:
        parts.append(f"median time {s.median_seconds:.1f} s")
    misses = ", ".join(f"{html.escape(m)} ({k})" for m, k in s.misses) or "none"
    return (
        '<div class="crib-set-summary-box" role="status" style="border:2px solid #1e6b43;'
        'border-radius:6px;padding:8px 12px;margin:6px 0;background:#f3faf6">'
        f'<div style="font-size:18px"><b>{html.escape(what)} done.</b> {" · ".join(parts)}.</div>'
        f"<div>Most frequent misses: {misses}.</div></div>"
    )
