"""The teacher's item-by-student heatmap and projector view, as HTML.

Split out of :mod:`crib.ui.teacher.app`.  Both read one session's answers only.
The heatmap shows, for each student and question, that student's answer beside
the correct one (green right, red wrong, blank not yet answered).  The projector
view is for the class to see: the deal in large cards and how many answered, no
names; the class's answers are shown per question once the teacher reveals it.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import Any

from crib.classroom.results import answer_text, choice_counts, correct_answer
from crib.course.questions import DiscardQuestion, PegQuestion, Question, RulesQuestion
from crib.i18n import N_, tr
from crib.ui.kit.common import card_html
from crib.ui.kit.quiz_html import question_html, reveal_html

__all__ = ["heatmap_html", "projector_html", "frame_html"]


def _fmt(v: Any, col: str, lang: str = "en") -> str:
    if isinstance(v, float):
        if math.isnan(v):
            return "–"
        if col == "accuracy":
            return f"{v:.0%}"
        return f"{v:.2f}" if col != "median_s" else f"{v:.1f}"
    if isinstance(v, bool):
        return tr(lang)(N_("yes")) if v else ""
    return html.escape(str(v))


def frame_html(
    df: Any, css_class: str, headers: dict[str, str] | None = None, lang: str = "en"
) -> str:
    """A small DataFrame as an HTML table; every cell is escaped (names are user input).
    The headers (``headers``, else the columns' names) are translated into ``lang``."""
    headers, _ = headers or {}, tr(lang)
    head = "".join(f"<th>{html.escape(_(headers.get(c, c)))}</th>" for c in df.columns)
    body = "".join(
        "<tr>"
        + "".join(f"<td>{_fmt(v, c, lang)}</td>" for c, v in zip(df.columns, row, strict=True))
        + "</tr>"
        for row in df.itertuples(index=False)
    )
    return (
        f'<table class="crib-frame {css_class}"><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table>"
    )


# the live tables' columns (crib.classroom.results's frames), for the catalog
COLUMNS = (
    N_("question"),
    N_("kind"),
    N_("deal"),
    N_("answered"),
    N_("accuracy"),
    N_("revealed"),
    N_("student"),
    N_("right"),
    N_("points lost (avg)"),
    N_("most common wrong answer"),
    N_("median time (s)"),
    N_("top mistake"),
    N_("progress"),
)


def _short(q: Question, answer: str) -> str:
    """An answer as cards (pretty) or a number, as HTML; a rules answer cut to 18 letters
    (the table stays narrow; the choices are on the projector)."""
    text = answer_text(q, answer)
    if isinstance(q, RulesQuestion) and len(text) > 18:
        text = text[:17].rstrip() + "…"
    return html.escape(text)


def heatmap_html(
    questions: Sequence[Question], students: Sequence[str], answers: Sequence[Any], lang: str = "en"
) -> str:
    """Rows students, columns questions; a cell is the student's answer and the correct one.

    >>> from types import SimpleNamespace as A
    >>> from crib.course.questions import question_from_dict
    >>> qs = [question_from_dict(
    ...     dict(kind="count", hand="5H 5D 5C JS", starter="5S", crib=False, total=29)
    ... )]
    >>> answers = [A(student="Ann", question=0, answer="28", correct=False)]
    >>> t = heatmap_html(qs, ["Ann", "<b>"], answers)
    >>> "28 <small>(29)</small>" in t and "&lt;b&gt;" in t and "crib-hm-wrong" in t
    True
    """
    _ = tr(lang)
    answer = _("answer {answer}")
    last: dict[tuple[str, int], Any] = {}
    for a in answers:
        last[(a.student, a.question)] = a
    head = "".join(
        f'<th title="{html.escape(answer.format(answer=_short(q, correct_answer(q))))}">'
        f"Q{i + 1}</th>"
        for i, q in enumerate(questions)
    )
    rows = []
    for name in students:
        cells = []
        for i, q in enumerate(questions):
            a = last.get((name, i))
            if a is None:
                cells.append("<td></td>")
                continue
            cls = "crib-hm-right" if a.correct else "crib-hm-wrong"
            right = "" if a.correct else f" <small>({_short(q, correct_answer(q))})</small>"
            cells.append(f'<td class="{cls}">{_short(q, a.answer)}{right}</td>')
        rows.append(f'<tr><th class="crib-hm-name">{html.escape(name)}</th>{"".join(cells)}</tr>')
    return (
        f'<table class="crib-heatmap"><thead><tr><th>{html.escape(_("student"))}</th>'
        f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def projector_html(
    q: Question, i: int, n_questions: int, answers: Sequence[Any], revealed: bool, lang: str = "en"
) -> str:
    """Question ``i`` for the projector: large cards, counts, no names; the class's
    answers and the right one only once revealed."""
    _ = tr(lang)
    mine = [a for a in answers if a.question == i]
    which = _("Question {n} of {total}").format(n=i + 1, total=n_questions)
    head = f"<div><b>{html.escape(which)}</b></div>"
    deal = question_html(q, choices=True, lang=lang)  # a rules question's choices listed
    if isinstance(q, DiscardQuestion):
        deal += f'<div class="crib-big-cards">{"".join(card_html(c) for c in q.six)}</div>'
    elif isinstance(q, PegQuestion):
        held = html.escape(_("Hand: {cards}")).format(
            cards="".join(card_html(c) for c in q.position.hand)
        )
        deal += f'<div class="crib-big-cards">{held}</div>'
    said = html.escape(_("{n} answered")).format(n=f"<b>{len(mine)}</b>")
    count = f'<div class="crib-proj-count">{said}</div>'
    if not revealed:
        return f'<div class="crib-projector">{head}{deal}{count}</div>'
    rows = "".join(
        f"<tr><td>{'✔ ' if best else ''}{_short(q, ans)}</td><td>{k}</td></tr>"
        for ans, k, best in choice_counts(q, mine)
    )
    right = sum(k for _a, k, best in choice_counts(q, mine) if best)
    said = html.escape(_("{n} answered, {right} right")).format(
        n=f"<b>{len(mine)}</b>", right=f"<b>{right}</b>"
    )
    count = f'<div class="crib-proj-count">{said}</div>'
    class_said, many = html.escape(_("the class answered")), html.escape(_("how many"))
    return (
        f'<div class="crib-projector">{head}{reveal_html(q, i, lang=lang)}{count}'
        f'<table class="crib-proj-answers"><tr><th>{class_said}</th><th>{many}</th></tr>'
        f"{rows}</table></div>"
    )
