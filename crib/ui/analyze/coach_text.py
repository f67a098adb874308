"""The pegging analyzer's words: the best card in one line, and the coach's verdict on
a chosen card, by the pegging margin or, within reach of 121, by the chance of winning."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from crib.analysis.coach import grade_play
from crib.analysis.play import PlayAnalysis
from crib.analysis.play.board import BoardAnalysis
from crib.rules.cards import Card
from crib.rules.position import PeggingPosition
from crib.ui.kit.cardview import card_text, cards_chips

__all__ = ["best_text", "near_121_html", "points_verdict_html"]


def best_text(a: PlayAnalysis, board: BoardAnalysis | None) -> str:
    """The status line: the best card, its net and how often you come out ahead; near
    121 (``board``), the best card for the game and its chance of winning first."""
    b = a.best
    best = card_text(b.card) if b.card else "go"
    over = (
        "the opponent holds no cards, so nothing is hidden" if a.position.opp_count == 0
        else f"over all {a.combos:,} hands the opponent could hold"
    )
    if board is not None:
        g = board.best
        return (
            f"Near 121, best for the game: {card_text(g.card) if g.card else 'go'}, you win "
            f"{g.p_win:.0%} of the time. For the pegging margin alone: {best}, net "
            f"{b.margin:+.2f}."
        )
    return (
        f"Best: {best}, net {b.margin:+.2f}; you come out ahead {b.p_nonneg:.0%} of the "
        f"time ({over})."
    )


def near_121_html(card: Card, v: Any, tags: Sequence[str]) -> str:
    """The coach on ``card`` within reach of 121: its grade by the chance of winning and
    one reason in terms of the game (``v``: the verdict, :class:`crib.ui.analyze.verdicts.Verdict`)."""
    tag_html = "".join(f'<li class="crib-tag">{html.escape(t)}</li>' for t in tags)
    return (
        f"<div>{cards_chips([card])} is <b>{html.escape(v.badge)}</b>, {v.standing}, by "
        f"the chance of winning the game ({html.escape(v.model)}).</div>"
        + (f"<ul>{tag_html}</ul>" if tag_html else "")
    )


def points_verdict_html(position: PeggingPosition, card: Card, v: Any) -> str:
    """The coach on ``card`` by the pegging margin: grade, what it hands over, the trap."""
    tags = grade_play(position, card, exact=False).tags
    tag_html = (
        "".join(f'<li class="crib-tag">{html.escape(t)}</li>' for t in tags)
        or "<li>nothing handed over</li>"
    )
    trap_line = (
        '<div class="crib-trap" style="color:#c0392b"><b>Trap missed:</b> the best card '
        "scores nothing now but nets at least 1.5 later, and this card does at least 1 "
        "point worse.</div>"
        if v.trap
        else '<div class="crib-trap-none">No trap missed with this card.</div>'
    )
    return (
        f"<div>{cards_chips([card])} is <b>{v.phrase()}</b>, {v.standing}, "
        f"by {html.escape(v.model)}.</div><ul>{tag_html}</ul>{trap_line}"
    )
