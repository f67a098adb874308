"""Ranked tables in plain words: Hand, Crib (signed for your seat), Pegging, Net.

One colour scale, on Net only; cards are the card component's chips ("K♣").
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from crib.analysis.discard import DiscardAnalysis
from crib.analysis.play import PlayAnalysis
from crib.analysis.play.board import BoardAnalysis
from crib.i18n import N_, tr
from crib.rules.cards import Card
from crib.ui.analyze.speak import num, pct
from crib.ui.kit.cardview import cards_chips

__all__ = [
    "discard_rows",
    "discard_table_html",
    "play_table_html",
    "board_table_html",
    "net_colour",
]

# said inside f-strings, which the extractor does not read
_IN_FSTRINGS = (N_("← you"),)


def net_colour(lost: float, worst: float) -> str:
    """Green for the best, through amber, to red for the worst (by points lost)."""
    f = 0.0 if worst <= 1e-9 else min(1.0, lost / worst)
    stops = [(0.0, (198, 239, 206)), (0.5, (255, 235, 156)), (1.0, (244, 199, 195))]
    for (f0, c0), (f1, c1) in zip(stops, stops[1:], strict=False):
        if f <= f1:
            t = (f - f0) / (f1 - f0)
            rgb = [round(a + (b - a) * t) for a, b in zip(c0, c1, strict=True)]
            return "#" + "".join(f"{x:02x}" for x in rgb)
    return "#" + "".join(f"{x:02x}" for x in stops[-1][1])


def _table(cls: str, heads: list[tuple[str, str]], rows: list[tuple[str, list[str]]]) -> str:
    th = "".join(f'<th class="{a}">{h}</th>' for h, a in heads)
    body = "".join(f'<tr class="{rc}">{"".join(cells)}</tr>' for rc, cells in rows)
    return (
        f'<table class="crib-rank {cls}"><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>'
    )


def discard_rows(a: DiscardAnalysis) -> list[dict[str, float | None]]:
    """Each throw's plain-word values, best first: Hand, Crib (signed), Pegging, Net."""
    sign = 1 if a.dealer else -1
    return [
        {
            "Hand": t.hand_ev,
            "Crib": sign * t.crib_ev,
            "Pegging": t.peg_ev if a.pegging else None,
            "Net": t.total,
        }
        for t in a.throws
    ]


#: the crib's column: signed for your seat
CRIB_HEADS = {True: N_("Crib (yours, +)"), False: N_("Crib (theirs, −)")}


def discard_table_html(
    a: DiscardAnalysis, *, yours: int | None = None, limit: int | None = None, lang: str = "en"
) -> str:
    """The throws, best first; ``yours`` (an index) marks the user's throw."""
    _ = tr(lang)
    vals = discard_rows(a)
    nets = [v["Net"] for v in vals]
    best, worst = max(nets), max(nets) - min(nets)  # type: ignore[type-var,operator]
    heads = [
        ("#", ""),
        (_("Throw"), "l"),
        (_("Keep"), "l"),
        (_("Hand"), ""),
        (_(CRIB_HEADS[a.dealer]), ""),
    ]
    if a.pegging:
        heads.append((_("Pegging"), ""))
    heads.append((_("Net"), ""))
    if a.scores is not None:
        heads.append((_("Chance you win the game"), ""))
    you = _("← you")
    rows = []
    for i, (t, v) in enumerate(zip(a.throws, vals, strict=True)):
        if limit is not None and i >= limit and i != yours:
            continue
        mark = (" ★" if i == 0 else "") + (f" {you}" if i == yours else "")
        cells = [
            f"<td>{i + 1}{mark}</td>",
            f'<td class="l">{cards_chips(t.throw)}</td>',
            f'<td class="l">{cards_chips(t.keep)}</td>',
            f"<td>{num(v['Hand'], '.2f', lang)}</td>",  # type: ignore[arg-type]
            f"<td>{num(v['Crib'], '+.2f', lang)}</td>",  # type: ignore[arg-type]
        ]
        if a.pegging:
            cells.append(f"<td>{num(v['Pegging'], '+.2f', lang)}</td>")  # type: ignore[arg-type]
        colour = net_colour(best - v["Net"], worst)  # type: ignore[operator]
        cells.append(_net_cell(colour, num(v["Net"], ".2f", lang)))  # type: ignore[arg-type]
        if a.scores is not None:
            cells.append(f"<td>{pct(t.p_win or 0.0, 0, lang)}</td>")
        cls = " ".join(x for x, on in (("crib-best", i == 0), ("crib-you", i == yours)) if on)
        rows.append((cls, cells))
    return _table("crib-discard-table", heads, rows)


def _play_row(
    i: int, card: Card | None, yours: Card | None, lang: str = "en"
) -> tuple[str, list[str]]:
    """A play's row class and first cells: its place (★ the best, ← you) and its card
    (a card of your rank is your play: suits play no part in pegging)."""
    _ = tr(lang)
    mine = yours is not None and card is not None and card.rank == yours.rank
    mark = (" ★" if i == 0 else "") + (f" {_('← you')}" if mine else "")
    chip = cards_chips([card]) if card is not None else html.escape(_("go"))
    cls = " ".join(x for x, on in (("crib-best", i == 0), ("crib-you", mine)) if on)
    return cls, [f"<td>{i + 1}{mark}</td>", f'<td class="l">{chip}</td>']


def _plays_table(
    cls: str,
    heads: list[tuple[str, str]],
    options: Sequence[Any],
    yours: Card | None,
    lang: str,
    cells: Callable[[int, Any], list[str]],
) -> str:
    """Every legal play, best first: its place and card (:func:`_play_row`), then
    ``cells(i, option)`` under ``heads``."""
    _ = tr(lang)
    rows = []
    for i, o in enumerate(options):
        row_cls, first = _play_row(i, o.card, yours, lang)
        rows.append((row_cls, first + cells(i, o)))
    return _table(cls, [("#", ""), (_("Card"), "l"), *heads], rows)


def _net_cell(colour: str, value: str) -> str:
    """The coloured cell of the value the table ranks by."""
    return f'<td class="crib-net" style="background:{colour}"><b>{value}</b></td>'


def play_table_html(a: PlayAnalysis, *, yours: Card | None = None, lang: str = "en") -> str:
    """Every legal play, best first: points now, later, Net and the chance to come out ahead."""
    _ = tr(lang)
    margins = [o.margin for o in a.options]
    best, worst = max(margins), max(margins) - min(margins)

    def cells(_i: int, o: Any) -> list[str]:
        return [
            f"<td>{o.now:d}</td>",
            f"<td>{num(o.future, '+.2f', lang)}</td>",
            _net_cell(net_colour(best - o.margin, worst), num(o.margin, "+.2f", lang)),
            f"<td>{pct(o.p_nonneg, 0, lang)}</td>",
        ]

    heads = [(_("Now"), ""), (_("Later"), ""), (_("Net"), ""), (_("Chance you come out ahead"), "")]
    return _plays_table("crib-peg-table", heads, a.options, yours, lang, cells)


def board_table_html(b: BoardAnalysis, *, yours: Card | None = None, lang: str = "en") -> str:
    """Near 121: every legal play by the chance of winning the game, best first, and the
    chance each gives up against the best (percentage points, the grade's unit)."""
    _ = tr(lang)
    ps = [100 * o.p_win for o in b.options]
    best, worst = max(ps), max(ps) - min(ps)

    def cells(i: int, _o: Any) -> list[str]:
        lost = best - ps[i]
        given = "–" if lost <= 1e-9 else _("−{lost}% to win").format(lost=num(lost, ".1f", lang))
        return [_net_cell(net_colour(lost, worst), pct(ps[i] / 100, 1, lang)), f"<td>{given}</td>"]

    heads = [(_("Chance to win"), ""), (_("Given up"), "")]  # fits 390 px
    return _plays_table("crib-board-table", heads, b.options, yours, lang, cells)
