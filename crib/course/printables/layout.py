"""The page model of a printable: items in blocks, blocks on pages, in millimetres.

A printable is built as a list of :class:`Block` s, each measured (its height is known
before it is placed).  :func:`paginate` flows them down the pages and moves a whole
block to the next page when it does not fit, so a hand, an answer line or a
question is never split across a page break.  The renderer
(:mod:`crib.course.printables.render`) draws exactly the placed items of each
:class:`Page`, and the tests check the same model: every item lies inside its
block, every block inside the page's content area, and each block on one page.

Coordinates are millimetres from the page's top-left corner, y going down.  Text is
measured with matplotlib's own text-to-path metrics for the font the renderer uses
(DejaVu Sans, which has the suit symbols), so a wrapped line never runs past its box.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from crib.errors import CribError
from crib.rules.cards import Card

__all__ = [
    "MM_PER_PT",
    "LEADING",
    "Paper",
    "PAPERS",
    "Text",
    "Rect",
    "CardBox",
    "Item",
    "Block",
    "PageBreak",
    "PlacedBlock",
    "Page",
    "Doc",
    "LayoutError",
    "text_width",
    "line_height",
    "wrap",
    "BlockBuilder",
    "paginate",
    "side_by_side",
    "item_bbox",
]

MM_PER_PT = 25.4 / 72
LEADING = 1.3  # a line box is 1.3 × the font size; the baseline sits 1.0 × size below its top
FONT = "DejaVu Sans"


class LayoutError(CribError):
    """A block that cannot be placed (taller than a page's content area)."""


@dataclass(frozen=True)
class Paper:
    """A paper size and its margins, in millimetres."""

    name: str
    width: float
    height: float
    margin: float = 15.0
    header: float = 11.0  # the running head's band, under the top margin
    footer: float = 9.0  # the footer's band, above the bottom margin

    @property
    def content_top(self) -> float:
        return self.margin + self.header

    @property
    def content_bottom(self) -> float:
        return self.height - self.margin - self.footer

    @property
    def content_width(self) -> float:
        return self.width - 2 * self.margin

    @property
    def content_height(self) -> float:
        return self.content_bottom - self.content_top


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),  # 8.5 × 11 in
}


@dataclass(frozen=True)
class Text:
    """One line of text; ``x, y`` is the top-left of its line box."""

    x: float
    y: float
    w: float
    h: float
    text: str
    size: float
    bold: bool = False
    italic: bool = False
    color: str = "#000000"
    block: int = -1


@dataclass(frozen=True)
class Rect:
    """A box (an answer box, a rule when ``h`` is 0, a shaded band)."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    edge: str | None = "#000000"
    lw: float = 0.6  # points
    round: float = 0.0  # corner radius, mm
    block: int = -1


@dataclass(frozen=True)
class CardBox:
    """A playing card drawn as a small card: ``label`` is its rank as printed
    (French ranks in French), ``suit`` its symbol, ``marked`` a thicker frame."""

    x: float
    y: float
    w: float
    h: float
    card: Card
    label: str
    suit: str
    red: bool
    marked: bool = False
    block: int = -1


Item = Text | Rect | CardBox


@dataclass(frozen=True)
class Block:
    """Items in the block's own coordinates (0, 0 at its top-left) and its height.
    ``keep_with_next`` keeps a heading on the page of the block after it."""

    label: str
    items: tuple[Item, ...]
    height: float
    width: float
    keep_with_next: bool = False


@dataclass(frozen=True)
class PageBreak:
    """Start the next block on a new page (an answer key starts on its own page)."""

    section: str = ""


@dataclass(frozen=True)
class PlacedBlock:
    id: int
    label: str
    x: float
    y: float
    w: float
    h: float
    section: str


@dataclass(frozen=True)
class Page:
    number: int
    section: str
    blocks: tuple[PlacedBlock, ...]
    items: tuple[Item, ...]  # everything the renderer draws, running head and footer included


@dataclass(frozen=True)
class Doc:
    """A laid-out printable: what :func:`crib.course.printables.render.to_pdf` draws."""

    kind: str
    title: str
    lang: str
    paper: Paper
    seed: int | None
    pages: tuple[Page, ...]
    answers: dict = field(default_factory=dict, compare=False)  # computed answers, for tests

    def texts(self) -> list[str]:
        """Every string printed, page by page (for tests and the language check)."""
        return [it.text for p in self.pages for it in p.items if isinstance(it, Text)]

    def cards(self) -> list[Card]:
        return [it.card for p in self.pages for it in p.items if isinstance(it, CardBox)]


# --- measuring ---------------------------------------------------------------------


@lru_cache(maxsize=1 << 14)
def text_width(text: str, size: float, bold: bool = False, italic: bool = False) -> float:
    """The width of ``text`` in mm at ``size`` points, by matplotlib's metrics for the
    renderer's font."""
    w, _h, _d = _ttp().get_text_width_height_descent(text, _prop(bold, italic, size), ismath=False)
    return w * MM_PER_PT


@lru_cache(maxsize=1)
def _ttp():  # noqa: ANN202 - a matplotlib TextToPath
    from matplotlib.textpath import TextToPath

    return TextToPath()


@lru_cache(maxsize=64)
def _prop(bold: bool, italic: bool, size: float):  # noqa: ANN202 - a FontProperties
    from matplotlib.font_manager import FontProperties

    return FontProperties(
        family=FONT,
        weight="bold" if bold else "normal",
        style="oblique" if italic else "normal",
        size=size,
    )


def line_height(size: float) -> float:
    """The height of one line box in mm."""
    return size * LEADING * MM_PER_PT


_NO_BREAK = [(f" {p}", f"\u00a0{p}") for p in ":;?!»"] + [("« ", "«\u00a0")]


def wrap(
    text: str, width: float, size: float, bold: bool = False, italic: bool = False
) -> list[str]:
    """Greedy word wrap to ``width`` mm; a word longer than the line stays whole.  The
    space before a French « : ; ? ! » and inside « » does not break (a no-break space)."""
    for a, b in _NO_BREAK:
        text = text.replace(a, b)
    lines: list[str] = []
    for para in text.split("\n"):
        cur = ""
        for word in para.split(" "):
            trial = f"{cur} {word}" if cur else word
            if cur and text_width(trial, size, bold, italic) > width:
                lines.append(cur)
                cur = word
            else:
                cur = trial
        lines.append(cur)
    return lines


# --- building blocks ---------------------------------------------------------------


class BlockBuilder:
    """Collects a block's items; each method returns the bottom (mm) of what it added."""

    def __init__(self, label: str, width: float) -> None:
        self.label = label
        self.width = width
        self.items: list[Item] = []
        self.bottom = 0.0

    def _grow(self, y: float) -> float:
        self.bottom = max(self.bottom, y)
        return y

    def text(
        self,
        x: float,
        y: float,
        s: str,
        size: float = 10,
        *,
        bold: bool = False,
        italic: bool = False,
        color: str = "#000000",
        align: str = "left",
    ) -> float:
        w = text_width(s, size, bold, italic)
        if align == "right":
            x -= w
        elif align == "center":
            x -= w / 2
        h = line_height(size)
        self.items.append(Text(x, y, w, h, s, size, bold, italic, color))
        return self._grow(y + h)

    def para(
        self, x: float, y: float, s: str, width: float, size: float = 10, **style: Any
    ) -> float:
        """:meth:`text` line by line, wrapped to ``width``; ``style``: its bold, italic, color."""
        for line in wrap(s, width, size, style.get("bold", False), style.get("italic", False)):
            y = self.text(x, y, line, size, **style)
        return y

    def rect(self, x: float, y: float, w: float, h: float, **kw: object) -> float:
        self.items.append(Rect(x, y, w, h, **kw))  # type: ignore[arg-type]
        return self._grow(y + h)

    def rule(
        self, x: float, y: float, w: float, *, color: str = "#999999", lw: float = 0.5
    ) -> float:
        return self.rect(x, y, w, 0.0, edge=color, lw=lw)

    def card(
        self, x: float, y: float, card: Card, label: str, w: float = 9.0, marked: bool = False
    ) -> float:
        h = w * 1.42
        suit = "♣♦♥♠"["CDHS".index(card.suit)]
        self.items.append(CardBox(x, y, w, h, card, label, suit, card.suit in "DH", marked))
        return self._grow(y + h)

    def done(self, height: float | None = None, *, keep_with_next: bool = False) -> Block:
        h = self.bottom if height is None else height
        return Block(self.label, tuple(self.items), h, self.width, keep_with_next)


def side_by_side(label: str, blocks: Sequence[Block], width: float, gap: float = 6.0) -> Block:
    """Blocks in equal columns as one block (a row of a two-column sheet): the row
    moves as a whole, and its height is its tallest block's."""
    col = (width - gap * (len(blocks) - 1)) / max(len(blocks), 1)
    items: list[Item] = []
    for i, b in enumerate(blocks):
        dx = i * (col + gap)
        items += [replace(it, x=it.x + dx) for it in b.items]
    return Block(label, tuple(items), max((b.height for b in blocks), default=0.0), width)


# --- pagination --------------------------------------------------------------------


def paginate(
    flow: Iterable[Block | PageBreak],
    paper: Paper,
    *,
    gap: float = 3.0,
    chrome: Callable[[int, int, str], list[Item]] | None = None,
) -> tuple[Page, ...]:
    """Place the blocks top to bottom; a block that does not fit starts the next page
    (with the heading kept with it).  ``chrome(page_number, pages, section)`` gives each
    page's running head and footer, drawn in the bands outside the content area."""
    left, top, bottom = paper.margin, paper.content_top, paper.content_bottom
    pages: list[list[tuple[Block, float, str]]] = [[]]
    sections = [""]
    section = ""
    y = top
    items = list(flow)
    for i, b in enumerate(items):
        if isinstance(b, PageBreak):
            section = b.section
            if pages[-1]:
                pages.append([])
                sections.append(section)
            else:
                sections[-1] = section
            y = top
            continue
        if b.height > paper.content_height:
            raise LayoutError(
                f"block {b.label!r} is {b.height:.1f} mm tall; a {paper.name} page holds "
                f"{paper.content_height:.1f} mm"
            )
        need = b.height
        nxt = items[i + 1] if i + 1 < len(items) else None
        if b.keep_with_next and isinstance(nxt, Block):
            need += gap + nxt.height
        if y + need > bottom and pages[-1]:
            pages.append([])
            sections.append(section)
            y = top
        pages[-1].append((b, y, section))
        y += b.height + gap
    out: list[Page] = []
    n = len(pages)
    bid = 0
    for k, (placed, sec) in enumerate(zip(pages, sections, strict=True), start=1):
        blocks: list[PlacedBlock] = []
        page_items: list[Item] = []
        for b, by, bsec in placed:
            blocks.append(PlacedBlock(bid, b.label, left, by, b.width, b.height, bsec))
            page_items += [replace(it, x=it.x + left, y=it.y + by, block=bid) for it in b.items]
            bid += 1
        if chrome is not None:
            page_items += chrome(k, n, sec)
        out.append(Page(k, sec, tuple(blocks), tuple(page_items)))
    return tuple(out)


def item_bbox(it: Item) -> tuple[float, float, float, float]:
    """An item's box (x0, y0, x1, y1) in mm."""
    return it.x, it.y, it.x + it.w, it.y + it.h
