"""The pegging analyzer's words: the best card in one line, and the coach's verdict on
a chosen card, by the pegging margin or, within reach of 121, by the chance of winning."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from crib.analysis.coach import grade_play
from crib.analysis.grades import tag_text
from crib.analysis.play import PlayAnalysis
from crib.analysis.play.board import BoardAnalysis
from crib.i18n import N_, tr
from crib.rules.cards import Card
from crib.rules.position import PeggingPosition
from crib.ui.analyze.speak import num, pct
from crib.ui.kit.cardview import card_text, cards_chips
from crib.ui.kit.common import grade_tip
from crib.ui.kit.style import var

__all__ = ["best_text", "near_121_html", "points_verdict_html"]

# said inside f-strings, which the extractor does not read
_IN_FSTRINGS = (
    N_("nothing handed over"),
    N_("Trap missed:"),
    N_("No trap missed with this card."),
)


def best_text(a: PlayAnalysis, board: BoardAnalysis | None, lang: str = "en") -> str:
    """The status line: the best card, its net and how often you come out ahead; near
    121 (``board``), the best card for the game and its chance of winning first."""
    _ = tr(lang)
    b = a.best
    best = card_text(b.card) if b.card else _("go")
    over = (
        _("the opponent holds no cards, so nothing is hidden")
        if a.position.opp_count == 0
        else _("over all {n} hands the opponent could hold").format(
            n=f"{a.combos:,}".replace(",", "\u202f" if lang == "fr" else ",")
        )
    )
    if board is not None:
        g = board.best
        return _(
            "Near 121, best for the game: {card}, you win {p} of the time. For the pegging margin "
            "alone: {best}, net {net}."
        ).format(
            card=card_text(g.card) if g.card else _("go"),
            p=pct(g.p_win, 0, lang),
            best=best,
            net=num(b.margin, "+.2f", lang),
        )
    return _("Best: {best}, net {net}; you come out ahead {p} of the time ({over}).").format(
        best=best, net=num(b.margin, "+.2f", lang), p=pct(b.p_nonneg, 0, lang), over=over
    )


def near_121_html(card: Card, v: Any, tags: Sequence[str], lang: str = "en") -> str:
    """The coach on ``card`` within reach of 121: its grade by the chance of winning and
    one reason in terms of the game (``v``: the verdict,
    :class:`crib.ui.analyze.verdicts.Verdict`)."""
    _ = tr(lang)
    tag_html = _tags_html(tags)
    said = _card_graded(
        _("{card} is {grade}, {place}, by the chance of winning the game ({model})."),
        card,
        v.badge,
        v,
    )
    return f"<div>{said}</div>" + (f"<ul>{tag_html}</ul>" if tag_html else "")


def _tags_html(tags: Sequence[str]) -> str:
    """The reasons as list items."""
    return "".join(f'<li class="crib-tag">{html.escape(t)}</li>' for t in tags)


def _card_graded(said: str, card: Card, grade: str, v: Any) -> str:
    """``said`` (a message with the fields card, grade, place and model) as HTML: the card
    as a chip, the ``grade`` in bold, the place and the model of the verdict ``v``."""
    said = said.format(card="\0", grade="\1", place=v.standing, model=v.model)
    return (
        html.escape(said)
        .replace("\0", cards_chips([card]))
        .replace("\1", grade_tip(v.word, f"<b>{html.escape(grade)}</b>", v.unit, v.lang))
    )


def points_verdict_html(position: PeggingPosition, card: Card, v: Any, lang: str = "en") -> str:
    """The coach on ``card`` by the pegging margin: grade, what it hands over, the trap."""
    _ = tr(lang)
    tags = [tag_text(t, lang) for t in grade_play(position, card, exact=False).tags]
    tag_html = _tags_html(tags) or f"<li>{html.escape(_('nothing handed over'))}</li>"
    trap_line = (
        '<div class="crib-trap" '
        f'style="color:{var("red")}"><b>{html.escape(_("Trap missed:"))}</b> '
        + html.escape(
            _(
                "the best card scores nothing now but nets at least 1.5 later, and this card "
                "does at least 1 point worse."
            )
        )
        + "</div>"
        if v.trap
        else f'<div class="crib-trap-none">{html.escape(_("No trap missed with this card."))}</div>'
    )
    said = _card_graded(_("{card} is {grade}, {place}, by {model}."), card, v.phrase(), v)
    return f"<div>{said}</div><ul>{tag_html}</ul>{trap_line}"
