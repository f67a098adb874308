"""Printable tournament sheets for a class that plays on paper: pairing sheets and scorecards.

A round prints as its pairing sheet (every table with both seats, boxes for the final
scores and the game points, the bye, and the round's deal commitment) followed by one
scorecard per table, two to a page with a cut line between them.  A scorecard has
the tournament, round, table and game length, both players by seat, a row of boxes
per hand for each player's pegging, hand, crib and running total, the skunk lines of
the game's length, and a line for the final score and both signatures.

The sheets are drawn with matplotlib (already a dependency) on a figure the size of
the paper, A4 (210 x 297 mm) or US Letter (8.5 x 11 in), and written with
:class:`matplotlib.backends.backend_pdf.PdfPages`, one figure per page.  Coordinates
below are millimetres from the top-left corner.

>>> from crib.classroom.tournament import Tournament
>>> t = Tournament("Friday", ["Ann", "Bob", "Cy", "Di", "Ed"], seed=3)
>>> _ = t.next_round()
>>> data = round_pdf(t, 1, paper="letter")
>>> data[:5], pdf_page_count(data), pdf_page_size_mm(data)
(b'%PDF-', 2, (215.9, 279.4))
"""

from __future__ import annotations

import io
import math
import os
import re
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from crib.classroom.tournament import Tournament
from crib.classroom.tournament.rules import (
    BYE_POINTS,
    DOUBLE_SKUNK_POINTS,
    SKUNK_POINTS,
    WIN_POINTS,
    Table,
    TournamentError,
)
from crib.i18n import check_lang, tr

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "PAPERS",
    "HAND_ROWS",
    "skunk_note",
    "pairing_sheet",
    "scorecard_page",
    "round_figures",
    "round_pdf",
    "write_round_pdf",
    "pdf_page_count",
    "pdf_page_size_mm",
]

MM_PER_IN = 25.4
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
HAND_ROWS = {121: 14, 61: 8}  # boxes for the hands of a typical game; more on the back
MARGIN = 14.0
TABLES_PER_SHEET = 22


def skunk_note(length: int, lang: str = "en") -> str:
    """The skunk lines of a game to ``length``, as printed on the scorecard.

    >>> print(skunk_note(61))  # doctest: +NORMALIZE_WHITESPACE
    Skunk line 31: a loser under 31 is skunked (3 game points to the winner, not 2); a loser
    on 0, double skunk (also 3).
    """
    _ = tr(lang)
    text = (
        _(
            "Skunk line 91: a loser under 91 is skunked ({skunk} game points to the winner, "
            "not {win}); under 61, double skunk (also {double})."
        )
        if length == 121
        else _(
            "Skunk line 31: a loser under 31 is skunked ({skunk} game points to the winner, "
            "not {win}); a loser on 0, double skunk (also {double})."
        )
    )
    return text.format(skunk=SKUNK_POINTS, win=WIN_POINTS, double=DOUBLE_SKUNK_POINTS)


def _paper(paper: str) -> tuple[float, float]:
    try:
        return PAPERS[paper.lower()]
    except (KeyError, AttributeError):
        raise TournamentError(f"the paper is a4 or letter, not {paper!r}") from None


class _Page:
    """A figure the size of the paper with one axes in millimetres, y going down."""

    def __init__(self, paper: str) -> None:
        from matplotlib.figure import Figure

        self.w, self.h = _paper(paper)
        self.fig = Figure(figsize=(self.w / MM_PER_IN, self.h / MM_PER_IN))
        ax = self.fig.add_axes((0, 0, 1, 1))
        ax.set_xlim(0, self.w)
        ax.set_ylim(self.h, 0)
        ax.axis("off")
        self.ax = ax

    def text(self, x: float, y: float, s: str, size: float = 10, **kw: Any) -> None:
        kw.setdefault("va", "baseline")
        self.ax.text(x, y, s, fontsize=size, family="DejaVu Sans", **kw)

    def heading(
        self, y: float, title: str, size: float, right: str = "", right_size: float = 9, **kw: Any
    ) -> None:
        """A bold ``title`` at the left margin and, on the same baseline ``y``, ``right``
        (if any) at the right margin (``kw``: its style)."""
        self.text(MARGIN, y, title, size, weight="bold")
        if right:
            self.text(self.w - MARGIN, y, right, right_size, ha="right", **kw)

    def para(self, x: float, y: float, s: str, size: float, width: float, **kw: Any) -> float:
        """``s`` wrapped to ``width`` mm from baseline ``y``; the baseline below its last line."""
        per_line = max(20, int(width / (size * _EM * 1.12)))  # wide letters: a margin
        for line in textwrap.wrap(s, per_line):
            self.text(x, y, line, size, **kw)
            y += size * 0.5
        return y

    def box(self, x: float, y: float, w: float, h: float, **kw: Any) -> None:
        from matplotlib.patches import Rectangle

        kw.setdefault("fill", False)
        kw.setdefault("linewidth", 0.6)
        self.ax.add_patch(Rectangle((x, y), w, h, **kw))

    def line(self, x0: float, y0: float, x1: float, y1: float, **kw: Any) -> None:
        kw.setdefault("linewidth", 0.6)
        kw.setdefault("color", "black")
        self.ax.plot([x0, x1], [y0, y1], **kw)


_EM = 0.5 * MM_PER_IN / 72  # mm per point of font size, per character (DejaVu Sans, mixed case)


def _fit(name: str, room_mm: float, size: float = 10) -> float:
    """A font size at which ``name`` fits in ``room_mm`` (about 0.5 em per character)."""
    return size if len(name) * size * _EM <= room_mm else max(6.0, room_mm / (len(name) * _EM))


def _title(t: Tournament, lang: str) -> str:
    _ = tr(lang)
    kind = _("round-robin") if t.format == "round-robin" else _("Swiss")
    return _("{name}: {kind}, {n} players, games to {length}").format(
        name=t.name, kind=kind, n=len(t.players), length=t.length
    )


def pairing_sheet(
    t: Tournament, round_no: int, paper: str = "a4", *, lang: str = "en"
) -> list[Figure]:
    """Round ``round_no``'s pairing sheet in ``lang``: one page per 22 tables."""
    _ = tr(lang)
    r = t.round(round_no)
    chunks = [r.tables[i : i + TABLES_PER_SHEET] for i in range(0, len(r.tables), TABLES_PER_SHEET)]
    pages = []
    for k, chunk in enumerate(chunks or [()]):
        p = _Page(paper)
        x0, x1 = MARGIN, p.w - MARGIN
        y = MARGIN + 6
        sheet = _("sheet {n} of {of}").format(n=k + 1, of=len(chunks)) if len(chunks) > 1 else ""
        p.heading(y, _("Pairings, round {n} of {of}").format(n=round_no, of=t.rounds), 16, sheet, 9)
        y += 7
        p.text(x0, y, _title(t, lang), 10)
        y += 5.5
        rules = _(
            "Pts: game points. Win {win}, skunk {skunk}, loss 0, bye {bye}. Standings: points, "
            "then spread (points for minus against), then games won."
        ).format(win=WIN_POINTS, skunk=SKUNK_POINTS, bye=BYE_POINTS)
        y = p.para(x0, y, rules, 8, x1 - x0)
        y = p.para(x0, y, skunk_note(t.length, lang), 8, x1 - x0)
        commit = t.deal(round_no).commit
        y = p.para(
            x0,
            y,
            _(
                "Duplicate deals: every table plays the same cards in crib (commitment {commit}). "
                "On paper, shuffle and cut for deal."
            ).format(commit=commit[:16]),
            8,
            x1 - x0,
        )
        y -= 4
        y += 8
        cols = [
            (_("Table"), 14),
            (_("Seat 1"), 52),
            (_("Seat 2"), 52),
            (_("Score 1"), 17),
            (_("Score 2"), 17),
            (_("Pts 1"), 14),
            (_("Pts 2"), 14),
        ]
        total = sum(w for _n, w in cols)
        scale = (x1 - x0) / total
        xs = [x0]
        for _n, w in cols:
            xs.append(xs[-1] + w * scale)
        rh = 9.0
        p.box(x0, y, x1 - x0, rh, fill=True, facecolor="#e6e6e6", edgecolor="black")
        for i, (n, _w) in enumerate(cols):
            p.text(xs[i] + 1.5, y + 6, n, 8, weight="bold")
        y += rh
        for tb in chunk:
            p.box(x0, y, x1 - x0, rh)
            for xv in xs[1:-1]:
                p.line(xv, y, xv, y + rh)
            p.text(xs[0] + 2, y + 6.2, str(tb.number), 11, weight="bold")
            for s in (0, 1):
                name = tb.seats[s]
                room = xs[2 + s] - xs[1 + s] - 3
                p.text(xs[1 + s] + 1.5, y + 6.2, name, _fit(name, room))
            y += rh
        for xv in xs[1:-1]:
            p.line(xv, y - rh * len(chunk) - rh, xv, y - rh * len(chunk))
        if k == len(chunks) - 1:
            y += 8
            if r.bye is not None:
                p.text(
                    x0,
                    y,
                    _("Bye: {name} sits out this round ({bye} game points, no spread).").format(
                        name=r.bye, bye=BYE_POINTS
                    ),
                    10,
                )
                y += 6
            p.para(
                x0,
                y,
                _(
                    "Write both final scores and hand the scorecards in; games played in crib "
                    "report themselves."
                ),
                8,
                x1 - x0,
                style="italic",
            )
        pages.append(p.fig)
    return pages


def _scorecard(
    p: _Page, t: Tournament, round_no: int, tb: Table, top: float, height: float, lang: str
) -> None:
    _ = tr(lang)
    x0, x1 = MARGIN, p.w - MARGIN
    y = top + 8
    p.heading(
        y,
        _("Scorecard · round {n} · table {table}").format(n=round_no, table=tb.number),
        13,
        _("game to {length}").format(length=t.length),
        11,
        weight="bold",
    )
    y += 5.5
    p.text(x0, y, t.name, 9)
    y += 7
    half = (x1 - x0 - 18) / 2
    for s in (0, 1):
        name = tb.seats[s]
        xs = x0 + 18 + s * half
        label = _("Seat {n}:").format(n=s + 1)
        p.text(xs + 1, y, label, 9)
        room = len(label) * 9 * _EM + 3
        p.text(xs + room, y, name, _fit(name, half - room - 8, 11), weight="bold")
    y += 3
    rows = HAND_ROWS[t.length]
    foot = 24.0
    rh = min(7.0, (top + height - foot - (y + 7)) / (rows + 0))
    sub = (_("Play"), _("Hand"), _("Crib"), _("Total"))
    cw = half / 4
    p.box(x0, y, x1 - x0, 6, fill=True, facecolor="#e6e6e6", edgecolor="black")
    p.text(x0 + 1.5, y + 4.3, _("Hand"), 8, weight="bold")
    for s in (0, 1):
        for j, n in enumerate(sub):
            p.text(x0 + 18 + s * half + j * cw + 1.5, y + 4.3, n, 8, weight="bold")
    y += 6
    grid_top = y
    for i in range(rows):
        p.box(x0, y, x1 - x0, rh)
        p.text(x0 + 2, y + rh - 2, str(i + 1), 8)
        y += rh
    for s in (0, 1):
        for j in range(4):
            xv = x0 + 18 + s * half + j * cw
            p.line(xv, grid_top - 6, xv, y, linewidth=1.2 if j == 0 else 0.5)
    y += 4.5
    y = p.para(
        x0,
        y,
        skunk_note(t.length, lang) + " " + _("More hands: continue on the back."),
        7.5,
        x1 - x0,
    )
    y += 3
    p.text(x0, y, _("Final score   seat 1 ______   seat 2 ______      Winner _______________"), 9)
    y += 7
    p.text(x0, y, _("Signatures   seat 1 ____________________   seat 2 ____________________"), 9)


def scorecard_page(
    t: Tournament, round_no: int, tables: Sequence[Table], paper: str = "a4", *, lang: str = "en"
) -> Figure:
    """One page with up to two scorecards (top and bottom half, a dashed cut line between)."""
    if not 1 <= len(tables) <= 2:
        raise TournamentError("a scorecard page holds one or two tables")
    p = _Page(paper)
    half = p.h / 2
    for k, tb in enumerate(tables):
        _scorecard(p, t, round_no, tb, k * half + MARGIN * 0.6, half - MARGIN * 1.2, lang)
    p.line(6, half, p.w - 6, half, linestyle=(0, (4, 3)), color="#777777")
    return p.fig


def round_figures(
    t: Tournament, round_no: int, paper: str = "a4", what: str = "all", *, lang: str = "en"
) -> list[Figure]:
    """The pages of a round in ``lang``: ``what`` is "pairings", "scorecards" or "all"
    (pairings first)."""
    check_lang(lang)
    if what not in ("all", "pairings", "scorecards"):
        raise TournamentError(f"print all, pairings or scorecards, not {what!r}")
    r = t.round(round_no)
    figs: list[Figure] = []
    if what in ("all", "pairings"):
        figs += pairing_sheet(t, round_no, paper, lang=lang)
    if what in ("all", "scorecards"):
        for i in range(0, len(r.tables), 2):
            figs.append(scorecard_page(t, round_no, r.tables[i : i + 2], paper, lang=lang))
    return figs


def round_pdf(
    t: Tournament, round_no: int, paper: str = "a4", what: str = "all", *, lang: str = "en"
) -> bytes:
    """The round's pages as one PDF (bytes), written with matplotlib's PdfPages."""
    from matplotlib.backends.backend_pdf import PdfPages

    buf = io.BytesIO()
    _ = tr(lang)
    title = _("{name}: round {n}").format(name=t.name, n=round_no)
    with PdfPages(buf, metadata={"Title": title, "Creator": "crib"}) as pdf:
        for fig in round_figures(t, round_no, paper, what, lang=lang):
            pdf.savefig(fig)
    return buf.getvalue()


def write_round_pdf(
    t: Tournament,
    round_no: int,
    path: str | os.PathLike[str],
    paper: str = "a4",
    what: str = "all",
    *,
    lang: str = "en",
) -> int:
    """Write the round's PDF (in ``lang``) to ``path``; returns its page count."""
    data = round_pdf(t, round_no, paper, what, lang=lang)
    with open(path, "wb") as f:
        f.write(data)
    return pdf_page_count(data)


def expected_pages(tables: int, what: str = "all") -> int:
    """How many pages a round of ``tables`` tables prints."""
    sheets = max(1, math.ceil(tables / TABLES_PER_SHEET))
    cards = math.ceil(tables / 2)
    return {"all": sheets + cards, "pairings": sheets, "scorecards": cards}[what]


def pdf_page_count(data: bytes) -> int:
    """The number of page objects in a PDF written by matplotlib (uncompressed object headers)."""
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", data))


def pdf_page_size_mm(data: bytes) -> tuple[float, float]:
    """The first page's MediaBox in millimetres, rounded to 0.1 mm."""
    m = re.search(rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    if m is None:
        raise TournamentError("no page size found in this PDF")
    w = float(m.group(3)) - float(m.group(1))
    h = float(m.group(4)) - float(m.group(2))
    return (round(w / 72 * MM_PER_IN, 1), round(h / 72 * MM_PER_IN, 1))
