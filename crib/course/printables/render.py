"""Draw a laid-out :class:`~crib.course.printables.layout.Doc` with matplotlib: PDF pages
through ``PdfPages``, or one page as a PNG.

Why matplotlib: it is already in crib's stack (no new dependency, nothing to install
in a classroom), its PDF backend embeds the font as TrueType (``pdf.fonttype`` 42:
selectable, searchable text, small files), and the same figure renders to PNG with
Agg, so the page a test looks at is the page that is printed.  An HTML page with
print CSS would leave pagination to each browser, which is exactly what the
printables must control (no hand or answer line split across pages), and turning it
into a PDF would need a browser or WeasyPrint.

Each page is a ``matplotlib.figure.Figure`` of the paper's size, drawn in millimetres
with y going down (one affine transform), with no pyplot state.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from crib.course.printables.layout import MM_PER_PT, CardBox, Doc, Page, Rect, Text

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["page_figure", "to_pdf", "write_pdf", "page_png"]

RED = "#c62828"
INK = "#111111"
RC = {
    "pdf.fonttype": 42,
    "font.family": "DejaVu Sans",
    # PNG pages with the font's own advance widths, as measured and as in the PDF
    # (Agg's default hinting widens small text by a few per cent)
    "text.hinting": "no_hinting",
}


@contextmanager
def _rc() -> Iterator[None]:
    import matplotlib

    with matplotlib.rc_context(RC):
        yield


def page_figure(doc: Doc, page: Page) -> Figure:
    """One page as a matplotlib Figure (no pyplot: nothing global is touched)."""
    from matplotlib.figure import Figure
    from matplotlib.patches import FancyBboxPatch, Rectangle
    from matplotlib.transforms import Affine2D

    paper = doc.paper
    fig = Figure(figsize=(paper.width / 25.4, paper.height / 25.4))
    # millimetres from the top-left corner, y down -> figure fraction
    mm = Affine2D().scale(1 / paper.width, -1 / paper.height).translate(0, 1) + fig.transFigure
    texts: list[tuple[float, float, str, float, bool, bool, str, str]] = []
    for it in page.items:
        if isinstance(it, Text):
            if it.text:  # the baseline sits one font size below the line box's top
                texts.append(
                    (
                        it.x,
                        it.y + it.size * MM_PER_PT,
                        it.text,
                        it.size,
                        it.bold,
                        it.italic,
                        it.color,
                        "left",
                    )
                )
        elif isinstance(it, Rect):
            if it.h == 0:
                fig.add_artist(_line(it, mm))
                continue
            if it.round:
                patch = FancyBboxPatch(
                    (it.x, it.y),
                    it.w,
                    it.h,
                    boxstyle=f"round,pad=0,rounding_size={it.round}",
                    transform=mm,
                    facecolor=it.fill or "none",
                    edgecolor=it.edge or "none",
                    linewidth=it.lw,
                )
            else:
                patch = Rectangle(
                    (it.x, it.y),
                    it.w,
                    it.h,
                    transform=mm,
                    facecolor=it.fill or "none",
                    edgecolor=it.edge or "none",
                    linewidth=it.lw,
                )
            fig.add_artist(patch)
        elif isinstance(it, CardBox):
            fig.add_artist(
                FancyBboxPatch(
                    (it.x, it.y),
                    it.w,
                    it.h,
                    boxstyle=f"round,pad=0,rounding_size={it.w * 0.12:.3f}",
                    transform=mm,
                    facecolor="white",
                    edgecolor=INK if it.marked else "#777777",
                    linewidth=1.6 if it.marked else 0.6,
                )
            )
            texts += _card_texts(it)
    fig.add_artist(_Texts(texts, mm))
    return fig


def _card_texts(c: CardBox) -> list[tuple[float, float, str, float, bool, bool, str, str]]:
    """A card's rank in its corner and its suit large in the middle."""
    color = RED if c.red else INK
    rank_pt = c.w * 1.05  # a 9.5 mm card: a 10 pt rank
    pad = c.w * 0.1
    suit_pt = c.w * 1.55
    return [
        (
            c.x + pad,
            c.y + pad + rank_pt * MM_PER_PT * 0.8,
            c.label,
            rank_pt,
            True,
            False,
            color,
            "left",
        ),
        # a suit symbol is about 0.7 em tall: its baseline 0.35 em under the card's centre line
        (
            c.x + c.w / 2,
            c.y + c.h * 0.62 + 0.35 * suit_pt * MM_PER_PT,
            c.suit,
            suit_pt,
            False,
            False,
            color,
            "center",
        ),
    ]


def _texts_artist():  # noqa: ANN202 - the class, made on first use (matplotlib loads lazily)
    from matplotlib.artist import Artist

    from crib.course.printables.layout import _prop, text_width

    class Texts(Artist):
        """Every string of a page drawn straight through ``renderer.draw_text``: the same
        glyphs a ``Text`` artist draws, without a Text object's layout machinery for each
        of a page's hundreds of short lines (several times faster)."""

        def __init__(self, texts: list, mm) -> None:  # noqa: ANN001
            super().__init__()
            self.texts, self.mm = texts, mm
            self.set_zorder(3)  # over the cards' white faces, like a Text artist

        def draw(self, renderer) -> None:  # noqa: ANN001
            gc = renderer.new_gc()
            height = renderer.get_canvas_width_height()[1]
            for x, y, s, size, bold, italic, color, align in self.texts:
                if align == "center":
                    x -= text_width(s, size, bold, italic) / 2
                px, py = self.mm.transform((x, y))
                if renderer.flipy():
                    py = height - py
                gc.set_foreground(color)
                renderer.draw_text(gc, px, py, s, _prop(bold, italic, size), 0.0, ismath=False)
            gc.restore()

    return Texts


def _Texts(texts: list, mm):  # noqa: ANN001, ANN202, N802
    global _TEXTS_CLASS
    if _TEXTS_CLASS is None:
        _TEXTS_CLASS = _texts_artist()
    return _TEXTS_CLASS(texts, mm)


_TEXTS_CLASS = None


def _line(it: Rect, mm):  # noqa: ANN001, ANN202 - a Line2D
    from matplotlib.lines import Line2D

    return Line2D([it.x, it.x + it.w], [it.y, it.y], transform=mm, color=it.edge, linewidth=it.lw)


def to_pdf(doc: Doc) -> bytes:
    """The printable as PDF bytes, one page per :class:`Page`, at the paper's size.
    No creation date is written, so the same content gives the same bytes."""
    from matplotlib.backends.backend_pdf import PdfPages

    buf = io.BytesIO()
    meta = {
        "Title": doc.title,
        "Creator": "crib",
        "Producer": "crib (matplotlib)",
        "CreationDate": None,
    }
    with _rc(), PdfPages(buf, metadata=meta) as pdf:
        for page in doc.pages:
            pdf.savefig(page_figure(doc, page))
    return buf.getvalue()


def write_pdf(doc: Doc, path: str | Path) -> Path:
    p = Path(path)
    p.write_bytes(to_pdf(doc))
    return p


def page_png(doc: Doc, number: int = 1, dpi: int = 100) -> bytes:
    """Page ``number`` (from 1) as PNG bytes, drawn by the same code as the PDF."""
    buf = io.BytesIO()
    with _rc():
        page_figure(doc, doc.pages[number - 1]).savefig(
            buf, format="png", dpi=dpi, facecolor="white"
        )
    return buf.getvalue()
