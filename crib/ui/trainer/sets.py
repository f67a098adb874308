"""A practice set's end on the student's page: the summary after the last deal.

Practice comes in sets (3, 5, 10 or 20 deals, or no end); a class session is one set.
After the set's last answer the page shows :func:`set_summary_html` (a polite live
region, so a screen reader hears it too), and "Next" starts a new set.
"""

from __future__ import annotations

import html
import time
from collections.abc import Sequence
from typing import Any

from crib.analysis.speech import num, pct
from crib.course.questions import Question
from crib.course.questions.progress import set_summary
from crib.i18n import N_, tr
from crib.ui.kit.quiz_words import miss_words
from crib.ui.kit.style import var

__all__ = ["SET_SIZES", "DEFAULT_SET_SIZE", "set_summary_html", "Practice"]

SET_SIZES = (
    (N_("3 deals"), 3),
    (N_("5 deals"), 5),
    (N_("10 deals"), 10),
    (N_("20 deals"), 20),
    (N_("no end"), 0),
)
DEFAULT_SET_SIZE = 10


class Practice:
    """A practice answer kept in memory (same fields as a stored answer)."""

    def __init__(self, q: Question, no: int, r: Any, seconds: float) -> None:
        self.kind, self.question, self.answer = q.kind, no, r.answer
        self.correct, self.lost, self.miss = r.correct, r.lost, r.miss
        self.seconds, self.created = seconds, time.time()


def set_summary_html(answers: Sequence[Any], what: str = N_("Set"), lang: str = "en") -> str:
    """The summary of a set's answers as the student reads it.

    >>> from types import SimpleNamespace as A
    >>> h = set_summary_html([A(correct=True, lost=0.0, seconds=4.0, miss=""),
    ...                       A(correct=False, lost=2.0, seconds=9.0, miss="missed nobs")])
    >>> "1 of 2 right</b> (50%)" in h and "missed nobs (1)" in h and 'role="status"' in h
    True
    """
    _ = tr(lang)
    s = set_summary(answers)
    acc = f" ({pct(s.accuracy, lang=lang)})" if s.accuracy is not None else ""
    right = html.escape(_("{right} of {n} right").format(right=s.right, n=s.answered))
    parts = [f"<b>{right}</b>{acc}"]
    if s.answered:
        parts.append(
            html.escape(_("{lost} points lost in all").format(lost=num(s.lost, ".2f", lang)))
        )
    if s.median_seconds is not None:
        parts.append(
            html.escape(_("median time {s} s").format(s=num(s.median_seconds, ".1f", lang)))
        )
    misses = ", ".join(
        f"{html.escape(miss_words(m, lang))} ({k})" for m, k in s.misses
    ) or html.escape(_("none"))
    done = html.escape(_("{what} done.").format(what=_(what)))
    most = html.escape(_("Most frequent misses: {misses}.")).replace("{misses}", misses)
    return (
        f'<div class="crib-set-summary-box" role="status" style="border:2px solid {var("green-2")};'
        f'border-radius:6px;padding:8px 12px;margin:6px 0;background:{var("green-wash")}">'
        f'<div style="font-size:18px"><b>{done}</b> {" · ".join(parts)}.</div>'
        f"<div>{most}</div></div>"
    )
