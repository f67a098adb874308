"""The teacher's Mastery table: per lesson objective, per student and for the class.

Drawn from :func:`crib.classroom.results.mastery_frame` (each student's first answer to
each question counts): a cell is the share right, with "right/answered" under it,
shaded green (80% or more), amber (50% to 79%) or red (under 50%); the number is
always written, so the colour is never the only sign.  Large type, for the
projector.  The same table downloads as CSV.

>>> import pandas as pd
>>> df = pd.DataFrame([{"student": "Ann", "L1": 0.75, "L1_n": "3/4"},
...                    {"student": "class", "L1": 0.5, "L1_n": "4/8"}])
>>> h = mastery_table_html(df)
>>> "75%" in h and "3/4" in h and "crib-mastery-good" not in h and "crib-mastery-mid" in h
True
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import Any

from crib.classroom.results import mastery_frame
from crib.course.questions import Question
from crib.course.rules_bank import OBJECTIVES
from crib.i18n import tr
from crib.ui.kit.quiz_html import csv_link_html

__all__ = ["mastery_table_html", "mastery_csv", "mastery_view_html"]


def _band(share: float) -> str:
    return "good" if share >= 0.8 else "mid" if share >= 0.5 else "low"


def mastery_table_html(df: Any, lang: str = "en") -> str:
    """The mastery frame as a table: a row per student, the class last (in bold).

    >>> import pandas as pd
    >>> h = mastery_table_html(pd.DataFrame([{"student": "class", "L1": 1.0, "L1_n": "1/1"},
    ...                                      {"student": "class", "L1": 0.5, "L1_n": "1/2"}]))
    >>> h.count("The class"), h.count(">class<")
    (1, 1)
    """
    _ = tr(lang)
    objectives = [c for c in df.columns if c in OBJECTIVES]
    head = "".join(
        f"<th scope='col'>{o}<small>{html.escape(_(OBJECTIVES[o]))}</small></th>"
        for o in objectives
    )
    who_head = html.escape(_("student"))
    rows = []
    records = df.to_dict("records")
    for i, rec in enumerate(records):
        is_class = (
            i == len(records) - 1
        )  # mastery_frame's last row (a student may be named "class")
        who = _("The class") if is_class else rec["student"]
        cells = []
        for o in objectives:
            share = rec[o]
            if isinstance(share, float) and math.isnan(share):
                cells.append("<td>–</td>")
                continue
            cells.append(
                f'<td class="crib-mastery-{_band(share)}">'
                f"{share:.0%}<small>{rec[o + '_n']}</small></td>"
            )
        cls = ' class="crib-mastery-class"' if is_class else ""
        rows.append(
            f'<tr{cls}><td class="crib-mastery-who">{html.escape(who)}</td>{"".join(cells)}</tr>'
        )
    return (
        f'<table class="crib-mastery"><thead><tr><th scope="col" class="crib-mastery-who">'
        f"{who_head}</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def mastery_csv(df: Any) -> str:
    """The mastery frame as CSV: shares to 3 decimals, "right/answered" beside each."""
    from crib.course.questions.progress import to_csv

    out = df.copy()
    for o in (c for c in df.columns if c in OBJECTIVES):
        out[o] = out[o].round(3)
    return to_csv(out)


def mastery_view_html(
    questions: Sequence[Question],
    answers: Sequence[Any],
    students: Sequence[str],
    code: str,
    lang: str = "en",
) -> tuple[Any, str]:
    """(the mastery frame, the view: a line on how to read it, the table, the CSV link)."""
    _ = tr(lang)
    df = mastery_frame(questions, answers, students)
    note = _(
        "The share of first answers that were right, per lesson objective "
        "(right/answered under it); the last row pools the whole class."
    )
    link = csv_link_html(mastery_csv(df), f"crib-mastery-{code}.csv", _("Download the mastery CSV"))
    return df, (
        f'<div class="crib-mastery-view"><p style="margin:2px 0">{html.escape(note)}</p>'
        f"{mastery_table_html(df, lang)}<div>{link}</div></div>"
    )
