"""The guide's text, shared by the page and the PDF: each lesson as (heading, lines),
with the answers to its practice items and exit ticket; and the whole guide as HTML.

>>> "<details open>" in guide_html("en")
True
"""

from __future__ import annotations

import html
from typing import Any

from crib.course.guide.plans import GuideLesson, guide
from crib.course.lessons import LESSONS, lesson
from crib.course.lessons.items import french_spaces, local_cards
from crib.course.questions.types import (
    CountQuestion,
    DiscardQuestion,
    PegPointsQuestion,
    RulesQuestion,
)
from crib.errors import CribError
from crib.i18n import N_, NP_, check_lang, tr, trp
from crib.rules.cards import cards_pretty

__all__ = ["guide_html", "sections", "INTRO"]

_HEAD = (
    N_("Objective"),
    N_("Materials"),
    N_("Plan (45 minutes)"),
    N_("Common misconceptions"),
    N_("Settings"),
    N_("What to say"),
    N_("Teacher's guide"),
    N_("Five lessons of 45 minutes"),
    N_("Answers"),
    N_("throw {t}"),
    N_("Printables: what to print and when"),
    N_("Help for pupils who struggle"),
)


# the PDF's first page, under the five lessons and their objectives
INTRO = (
    N_(
        "Each lesson has slides for the projector: open the guide page, tab “Lesson on the "
        "projector”, or the lesson's notebook in notebooks/lessons/. “Next” (or the right arrow, "
        "or a clicker) reveals one step at a time."
    ),
    N_(
        "Every worked example and every answer is computed by crib. The practice items and exit "
        "tickets are fixed: the same in every class, listed here with their answers."
    ),
    N_("Students open the trainer, type the class code and a nickname."),
)


def _answers(les: Any, lang: str) -> list[str]:
    """One line per practice item and exit-ticket question: the question and its answer."""
    _ = tr(lang)
    out = []
    practice = trp(lang)("guide", NP_("guide", "Practice"))  # as the slides say it
    for label, items in ((practice, les.practice), (_("Exit ticket"), les.exit_ticket)):
        for i, it in enumerate(items, 1):
            q = it.question
            if isinstance(q, CountQuestion):
                what = (
                    (_("crib") if q.crib else _("hand"))
                    + " "
                    + cards_pretty(q.hand)
                    + " | "
                    + q.starter.pretty
                )
                ans = f"{it.answer} ({it.explain})"
            elif isinstance(q, PegPointsQuestion):
                what = cards_pretty(q.pile) + " + " + q.card.pretty
                ans = f"{it.answer} ({it.explain})"
            elif isinstance(q, RulesQuestion):
                what = q.text
                ans = q.best
            elif isinstance(q, DiscardQuestion):
                what = (
                    cards_pretty(q.six)
                    + " · "
                    + (_("You deal.") if q.dealer else _("Your opponent deals."))
                )
                ans = _("throw {t}").format(t=cards_pretty(q.best))
            else:  # pragma: no cover - a lesson asks no other kind
                raise CribError(f"no answer line for a question of kind {q.kind!r}")
            out.append(local_cards(f"{label} {i}. {what} → {ans}", lang))
    return out


def sections(g: GuideLesson, lang: str) -> list[tuple[str, list[str]]]:
    """The guide's lesson as (heading, lines), shared by the page and the PDF."""
    _ = tr(lang)
    plan = [
        f"{s.minutes} min · " + _("{phase}: {what}").format(phase=s.phase, what=s.what)
        for s in g.plan
    ]
    mis = [f"{a} → {b}" for a, b in g.misconceptions]
    settings = [*g.trainer, *(s.describe(lang) for s in g.sessions)]
    out = [
        (_("Objective"), [g.objective]),
        (_("Materials"), list(g.materials)),
        (_("Plan (45 minutes)"), plan),
        (_("Common misconceptions"), mis),
        (_("Settings"), settings + list(g.notes)),
        (_("Printables: what to print and when"), list(g.printables)),
        (_("Help for pupils who struggle"), list(g.struggling)),
        (_("Answers"), _answers(lesson(g.number, lang), lang)),
    ]
    return [(head, [french_spaces(x, lang) for x in lines]) for head, lines in out]


def guide_html(lang: str = "en") -> str:
    """The whole guide as HTML for the page."""
    _ = tr(check_lang(lang))
    esc = html.escape
    out = [
        f'<div class="crib-guide-text" lang="{lang}">',
        f"<p>{esc(_('Students open the trainer, type the class code and a nickname.'))}</p>",
    ]
    for n in LESSONS:
        g = guide(n, lang)
        les = lesson(n, lang)
        out.append(f"<details{' open' if n == 1 else ''}><summary><b>{esc(g.title)}</b></summary>")
        for head, lines in sections(g, lang):
            out.append(f"<h4>{esc(head)}</h4>")
            if head == _("Common misconceptions"):
                out.append("<table class='crib-guide-says'>")
                for a, b in g.misconceptions:
                    out.append(
                        f"<tr><td>{esc(a)}</td><td>{esc(_('What to say'))}: {esc(b)}</td></tr>"
                    )
                out.append("</table>")
            else:
                out.append("<ul>" + "".join(f"<li>{esc(x)}</li>" for x in lines) + "</ul>")
        out.append(
            f"<p class='crib-guide-counts'>{len(les.slides)} slides · {len(les.examples)} "
            f"{esc(_('worked examples'))} · {len(les.practice)} {esc(_('practice items'))}</p>"
        )
        out.append("</details>")
    out.append("</div>")
    return "".join(out)


N_("worked examples")
N_("practice items")
