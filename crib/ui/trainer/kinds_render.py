"""The verdicts of the two beginners' kinds: "what does this card peg?" and rules questions.

Pure functions from a typed question and a graded :class:`crib.course.questions.Result`
to HTML, used by the student's page (:mod:`crib.ui.trainer.kinds`, :mod:`crib.ui.trainer.render`);
the questions themselves and their reveals are drawn by :mod:`crib.ui.kit.quiz_html`.  Every
sentence goes through the gettext catalog (``lang``).
"""

from __future__ import annotations

import html
from dataclasses import replace

from crib.course import questions as quiz
from crib.course.rules_bank import by_id
from crib.i18n import tr
from crib.ui.kit.common import card_html
from crib.ui.kit.quiz_html import pegpoints_explain_html

__all__ = [
    "localize",
    "pegpoints_result_html",
    "rules_result_html",
    "kind_result_html",
]


def _verdict(right: bool, text_html: str) -> str:
    cls, mark = ("crib-verdict-right", "✔") if right else ("crib-verdict-wrong", "✘")
    return f'<div class="{cls}">{mark} {text_html}</div>'


def _fmt(template: str, **parts: str | int) -> str:
    """A translated sentence, escaped, with HTML pieces (card chips) put in its slots."""
    return html.escape(template).format(
        **{k: v if isinstance(v, str) else str(v) for k, v in parts.items()}
    )


def pegpoints_result_html(
    q: quiz.PegPointsQuestion, r: quiz.Result, said_count: int | None = None, lang: str = "en"
) -> str:
    """The verdict, what the student said against the truth, and the breakdown."""
    _ = tr(lang)
    card = card_html(q.card)
    points = str(q.points)
    if r.correct:
        head = _verdict(
            True,
            _fmt(
                _("Right: {card} makes the count {count} and pegs {points}."),
                card=card,
                count=q.count,
                points=points,
            ),
        )
    else:
        head = _verdict(
            False,
            _fmt(
                _("Not quite: {card} makes the count {count} and pegs {points}."),
                card=card,
                count=q.count,
                points=points,
            ),
        )
        said = []
        if said_count is not None and said_count != q.count:
            said.append(_fmt(_("You said the count is {count}."), count=said_count))
        if r.answer != points:
            said.append(_fmt(_("You said it pegs {points}."), points=r.answer))
        head += f"<div>{' '.join(said)}</div>" if said else ""
    return head + pegpoints_explain_html(q, lang)


def rules_result_html(q: quiz.RulesQuestion, r: quiz.Result, lang: str = "en") -> str:
    """The verdict, the right answer, and why (the bank's explanation)."""
    _ = tr(lang)
    if r.correct:
        head = _verdict(True, _fmt(_("Right: {answer}."), answer=html.escape(q.best)))
    else:
        head = _verdict(
            False,
            _fmt(
                _("You chose “{given}”. The answer: “{answer}”."),
                given=html.escape(r.answer),
                answer=html.escape(q.best),
            ),
        )
    why = _fmt(_("Why: {explain}"), explain=html.escape(q.explain))
    return head + f'<div class="crib-plain-text crib-rules-explain">{why}</div>'


def kind_result_html(
    q: quiz.PegPointsQuestion | quiz.RulesQuestion, r: quiz.Result, lang: str = "en"
) -> str:
    if isinstance(q, quiz.PegPointsQuestion):
        return pegpoints_result_html(q, r, lang=lang)
    return rules_result_html(q, r, lang)


def localize(q: quiz.Question, lang: str) -> quiz.Question:
    """``q`` for a page in ``lang``: a rules question's text, choices and explanation
    taken from the bank in that language (a class question is stored in one language);
    every other kind's sentences are drawn in the page's language as they are shown."""
    if not isinstance(q, quiz.RulesQuestion) or q.lang == lang:
        return q
    rq = by_id(q.id, lang)
    return replace(
        q,
        text=rq.text,
        choices=tuple(rq.choices),
        best=rq.choices[rq.answer],
        explain=rq.explain,
        lang=lang,
    )
