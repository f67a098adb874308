"""The pieces the printables share: titles, name lines, headings, rows of two columns,
cards in a row, answer boxes and the answer lines of a count."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from crib.course.printables.content import cards_text
from crib.course.printables.layout import (
    Block,
    BlockBuilder,
    Item,
    Paper,
    Rect,
    Text,
    line_height,
    side_by_side,
    text_width,
)
from crib.course.printables.texts import RANK_LABELS, S, kind_label
from crib.rules.cards import Card
from crib.rules.scoring import Score
from crib.rules.words import ENGLISH, FRENCH

GREY = "#555555"
INK = "#000000"  # black: the holes of the board, the rules under names
LIGHT = "#888888"
COL_GAP = 6.0
WORDS = {"en": ENGLISH, "fr": FRENCH}


def label(c: Card, lang: str) -> str:
    return RANK_LABELS[lang].get(c.rank, str(c.rank))


def colon(word: str, lang: str) -> str:
    """« Nom : » in French (a no-break space before the colon), "Name:" in English."""
    return f"{word}\u00a0:" if lang == "fr" else f"{word}:"


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


# --- pieces ------------------------------------------------------------------------


def title(title: str, sub: str, width: float, *, with_name: bool) -> Block:
    b = BlockBuilder("title", width)
    y = b.text(0, 0, title, 17, bold=True)
    if sub:
        y = b.para(0, y, sub, width, 10, color=GREY)
    if with_name:
        y += 3
        return b.done(y + 0.5)
    return b.done(y + 1)


def name_line(lang: str, width: float) -> Block:
    b = BlockBuilder("name", width)
    s = S[lang]
    b.text(0, 0, colon(s["name"], lang), 10)
    b.rule(18, 4.2, 80, color="#000000")
    b.text(104, 0, colon(s["date"], lang), 10)
    b.rule(118, 4.2, 30, color="#000000")
    b.text(154, 0, colon(s["score"], lang), 10)
    b.rule(168, 4.2, width - 168, color="#000000")
    return b.done(6)


def intro(text: str, width: float, label: str = "intro") -> Block:
    b = BlockBuilder(label, width)
    return b.done(b.para(0, 0, text, width, 9.5, italic=True) + 1)


def heading(text: str, width: float) -> Block:
    b = BlockBuilder(f"heading {text}", width)
    y = b.text(0, 1.5, text, 12.5, bold=True)
    b.rule(0, y + 0.6, width, color=LIGHT)
    return b.done(y + 1.5, keep_with_next=True)


def rows(label: str, blocks: Sequence[Block], width: float, cols: int = 2) -> list[Block]:
    return [
        side_by_side(f"{label} {i // cols + 1}", blocks[i : i + cols], width, COL_GAP)
        for i in range(0, len(blocks), cols)
    ]


def component_lines(
    b: BlockBuilder,
    y: float,
    comps: Sequence,
    lang: str,
    width: float,
    size: float = 8.0,
    running: bool = True,
) -> float:
    """One line per scoring component: what, its cards, its points and the running total."""
    total = 0
    lh = line_height(size)
    if not comps:
        return b.text(2, y, S[lang]["nothing"], size, italic=True, color=GREY)
    for c in comps:
        total += c.points
        b.text(2, y, kind_label(c.kind, lang), size)
        b.text(28, y, cards_text(c.cards, lang), size)
        b.text(width - 12, y, str(c.points), size, align="right")
        if running:
            b.text(width - 1, y, str(total), size, color=LIGHT, align="right")
        y += lh
    return y


def total_line(b: BlockBuilder, y: float, total: int, lang: str, width: float) -> float:
    b.rule(2, y + 0.3, width - 3, color=LIGHT, lw=0.4)
    b.text(2, y + 0.6, S[lang]["total"], 8.5, bold=True)
    return b.text(width - 1, y + 0.6, str(total), 8.5, bold=True, align="right")


def hand_cards(
    b: BlockBuilder,
    x: float,
    y: float,
    s: Score | Sequence[Card],
    starter: Card | None,
    lang: str,
    w: float,
    labels: bool,
) -> float:
    """Four cards, a gap, then the starter; with ``labels``, small labels above them
    ("hand" or "crib" when ``s`` is a :class:`~crib.rules.scoring.Score`, and "starter")."""
    hand = s.hand if isinstance(s, Score) else tuple(s)
    top = y + (3.6 if labels else 0)
    if labels and isinstance(s, Score):
        b.text(x, y, S[lang]["crib" if s.is_crib else "hand"], 7.5, italic=True, color=GREY)
    for c in hand:
        b.card(x, top, c, label(c, lang), w=w)
        x += w + 1.0
    if starter is not None:
        x += w * 0.35
        if labels:
            b.text(x, y, S[lang]["starter"], 7.5, italic=True, color=GREY)
        b.card(x, top, starter, label(starter, lang), w=w)
        x += w + 1.0
    return x


def answer_box(b: BlockBuilder, x: float, y: float, label: str, w: float = 13.0) -> float:
    b.text(x, y, label, 7.5, color=GREY)
    return b.rect(x, y + 3.6, w, 9.5, edge="#000000", lw=0.8, round=1.0)


def pile_cards(
    b: BlockBuilder, x: float, y: float, pile: Sequence[Card], lang: str, w: float
) -> float:
    for k, c in enumerate(pile):
        last = k == len(pile) - 1
        if last:
            x += w * 0.3
        b.card(x, y, c, label(c, lang), w=w, marked=last)
        x += w + 0.9
    return x


def chrome(
    title: str, lang: str, paper: Paper, seed: int | None
) -> Callable[[int, int, str], list[Item]]:
    """Each page's running head (the title, "Answer key" on the key's pages, the brand
    and the seed) and its footer (page n of total)."""
    s = S[lang]

    def draw(n: int, total: int, section: str) -> list[Item]:
        y = paper.margin
        items: list[Item] = []
        head = title + (f" · {s['key']}" if section == "key" else "")
        items.append(
            Text(paper.margin, y, text_width(head, 8.5), line_height(8.5), head, 8.5, color=GREY)
        )
        right = s["brand"] + (f" · {s['seed'].format(seed=seed)}" if seed is not None else "")
        w = text_width(right, 8.5)
        items.append(
            Text(paper.width - paper.margin - w, y, w, line_height(8.5), right, 8.5, color=GREY)
        )
        items.append(Rect(paper.margin, y + 5.2, paper.content_width, 0.0, edge="#bbbbbb", lw=0.5))
        foot = s["page"].format(n=n, total=total)
        fw = text_width(foot, 8.5)
        fy = paper.height - paper.margin - line_height(8.5)
        items.append(Text((paper.width - fw) / 2, fy, fw, line_height(8.5), foot, 8.5, color=GREY))
        return items

    return draw
