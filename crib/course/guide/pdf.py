"""The guide as a PDF: matplotlib figures of the paper's size, text wrapped to the page,
a new page whenever one is full, each lesson on a new page (``PdfPages``, no browser or
extra library needed, the same file on every machine).

>>> sorted(PAPERS)
['a4', 'letter']
"""

from __future__ import annotations

import io
import textwrap
from typing import TYPE_CHECKING

from crib.course.guide.plans import guide
from crib.course.guide.text import INTRO, sections
from crib.course.lessons import LESSONS, OBJECTIVE_TEXT, TITLES
from crib.errors import CribError
from crib.i18n import check_lang, tr

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["guide_pdf", "guide_figures", "PAPERS"]

PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}  # inches


def guide_pdf(lang: str = "en", paper: str = "a4") -> bytes:
    """The guide as a PDF on A4 or US Letter paper (matplotlib ``PdfPages``)."""
    from matplotlib.backends.backend_pdf import PdfPages

    buf = io.BytesIO()
    with PdfPages(buf, metadata={"Creator": "crib", "CreationDate": None}) as pdf:
        for fig in guide_figures(lang, paper):
            pdf.savefig(fig)
    return buf.getvalue()


def guide_figures(lang: str = "en", paper: str = "a4") -> list[Figure]:
    """The guide's pages as matplotlib figures of the paper's size (PDF or PNG)."""
    from matplotlib.figure import Figure

    _ = tr(check_lang(lang))
    if paper not in PAPERS:
        raise CribError(f"unknown paper {paper!r}: expected one of {', '.join(PAPERS)}")
    wd, ht = PAPERS[paper]
    margin = 0.75  # inches
    width_pt, height_pt = wd * 72, ht * 72
    usable = (wd - 2 * margin) * 72
    Line = tuple[str, float, str, float]  # (text, size, weight, indent in pt)
    lines: list[Line] = []

    def add(
        text: str,
        size: float,
        weight: str = "normal",
        indent: float = 0.0,
        hang: float = 0.0,
        out: list[Line] | None = None,
    ) -> None:
        chars = max(20, int((usable - indent - hang) / (size * 0.53)))
        wrapped = textwrap.wrap(text, chars) or [""]
        for i, ln in enumerate(wrapped):
            (lines if out is None else out).append(
                (ln, size, weight, indent + (hang if i else 0.0))
            )

    add(_("Teacher's guide"), 20, "bold")
    add(_("Five lessons of 45 minutes"), 12)
    lines.append(("", 8, "normal", 0))
    for n in LESSONS:
        add(f"{_(TITLES[n])}: {_(OBJECTIVE_TEXT[f'L{n}'])}", 11, indent=6, hang=9)
    lines.append(("", 8, "normal", 0))
    for x in INTRO:
        add(_(x), 10)
        lines.append(("", 4, "normal", 0))

    def lesson_lines(n: int, scale: float) -> list[Line]:
        g, out = guide(n, lang), []
        add(g.title, 16, "bold", out=out)
        for head, items in sections(g, lang):
            out.append(("", 5 * scale, "normal", 0))
            add(head, 12 * scale, "bold", out=out)
            for it in items:
                add("• " + it, 10 * scale, indent=6, hang=9, out=out)
        return out

    for n in LESSONS:
        lines.append(("\f", 0, "", 0))  # each lesson starts a page
        # no lesson spills a few lines onto an almost empty page: its body shrinks (to 80 %
        # at most) when that saves its last page
        best = lesson_lines(n, 1.0)
        want = _pages(best, ht, margin) - 1
        for scale in (0.95, 0.9, 0.85, 0.8):
            if want < 1:
                break
            fit = lesson_lines(n, scale)
            if _pages(fit, ht, margin) <= want:
                best = fit
                break
        lines += best
    pages: list[Figure] = []
    footer = _("Teacher's guide")
    fig: Figure | None = None
    y = 0.0

    def new_page() -> tuple[Figure, float]:
        f = Figure(figsize=(wd, ht))
        f.text(
            0.5,
            margin / 2 / ht,
            f"crib · {footer} · {len(pages) + 1}",
            ha="center",
            va="center",
            fontsize=8,
            color="#555",
        )
        pages.append(f)
        return f, margin * 72

    for text, size, weight, indent in lines:
        if text == "\f":
            fig = None  # a new page
            continue
        if fig is None:
            fig, y = new_page()
        step, keep = _step(size, weight)
        if y + keep > height_pt - margin * 72:
            fig, y = new_page()
        y += step
        if text:
            fig.text(
                (margin * 72 + indent) / width_pt,
                1 - y / height_pt,
                text,
                fontsize=size,
                weight=weight,
                va="baseline",
                ha="left",
            )
    return pages


def _step(size: float, weight: str) -> tuple[float, float]:
    """A line's height in points, and the room it needs (a heading keeps two lines under it)."""
    step = size * 1.4
    return step, (3.5 * step if size >= 12 or weight == "bold" else step)


def _pages(lines: list[tuple[str, float, str, float]], ht: float, margin: float) -> int:
    """How many pages ``lines`` fill from the top of a page (the paging rule of
    :func:`guide_figures`)."""
    bottom, top = ht * 72 - margin * 72, margin * 72
    pages, y = 1, top
    for _text, size, weight, _i in lines:
        step, keep = _step(size, weight)
        if y + keep > bottom:
            pages, y = pages + 1, top
        y += step
    return pages
