"""Each printable as blocks, laid out on pages: :func:`build` is the entry point."""

from __future__ import annotations

from dataclasses import replace

from crib.course.printables import pieces as P
from crib.course.printables.content import pegging_rows, worksheet_hands
from crib.course.printables.handouts import board, exit_tickets, tactics
from crib.course.printables.layout import (
    PAPERS,
    Block,
    BlockBuilder,
    Doc,
    Page,
    PageBreak,
    Paper,
    line_height,
    paginate,
    text_width,
)
from crib.course.printables.pieces import COL_GAP, GREY, WORDS
from crib.course.printables.quizzes import Question, quiz_questions
from crib.course.printables.reference import cheatsheet, glossary
from crib.course.printables.texts import LANGS, S
from crib.errors import CribError
from crib.rules.scoring import PegScore, Score

__all__ = ["KINDS", "OPTIONED", "GROUPS", "SEEDED", "build", "expand"]

KINDS = (
    "glossary",
    "cheatsheet",
    "worksheet-1",
    "worksheet-2",
    "pegging",
    "quiz-1",
    "quiz-2",
    "board",
    "tactics",
    "exit-tickets",
)
# printables that take options of their own (the puzzle sheet: a theme, a rating band, a
# count or puzzle ids), built with their defaults by build(); not in KINDS, which the
# teacher page's printables panel names one by one (crib.ui.teacher.printables.NAMES);
# crib.course.printables.puzzles (and the puzzles themselves) load when one is built
PUZZLES = "puzzles"
OPTIONED = (PUZZLES,)
HANDOUTS = {"board": board, "tactics": tactics, "exit-tickets": exit_tickets}
GROUPS = {
    "worksheets": ("worksheet-1", "worksheet-2"),
    "quizzes": ("quiz-1", "quiz-2"),
    "handouts": tuple(HANDOUTS),
    "all": KINDS,
}
SEEDED = frozenset({"worksheet-1", "worksheet-2", "pegging", PUZZLES})


def expand(what: str) -> tuple[str, ...]:
    """A kind, or a group of kinds ("worksheets", "quizzes", "all")."""
    if what in GROUPS:
        return GROUPS[what]
    if what in KINDS or what in OPTIONED:
        return (what,)
    known = ", ".join((*KINDS, *OPTIONED, *GROUPS))
    raise CribError(f"unknown printable {what!r}: expected one of {known}")


# --- worksheets --------------------------------------------------------------------


def _hand_question(i: int, s: Score, lang: str, width: float) -> Block:
    b = BlockBuilder(f"hand {i}", width)
    b.text(0, 6.5, f"{i}.", 11, bold=True)
    x = P.hand_cards(b, 9, 0, s, s.starter, lang, 9.2, labels=True)
    P.answer_box(b, max(x + 3, width - 16), 0, S[lang]["total"], 14)
    return b.done()


def _hand_key(i: int, s: Score, lang: str, width: float) -> Block:
    b = BlockBuilder(f"key {i}", width)
    b.text(0, 1.5, f"{i}.", 10, bold=True)
    x = P.hand_cards(b, 8, 0, s, s.starter, lang, 6.5, labels=False)
    tag = S[lang]["crib" if s.is_crib else "hand"]
    b.text(x + 1.5, 2, tag, 8, italic=True, color=GREY)
    y = P.component_lines(b, 10.5, s.components, lang, width)
    y = P.total_line(b, y, s.total, lang, width)
    said = P.cap(s.say(WORDS[lang])) + "."
    y = b.para(
        2,
        y + 0.6,
        f"«\u00a0{said}\u00a0»" if lang == "fr" else f"“{said}”",
        width - 3,
        7.5,
        italic=True,
        color=GREY,
    )
    return b.done(y + 0.8)


def _worksheet(n: int, lang: str, seed: int, paper: Paper) -> tuple[list, dict]:
    width = paper.content_width
    col = (width - COL_GAP) / 2
    hands = worksheet_hands(n, seed)
    s = S[lang]
    title = s["worksheet"].format(n=n)
    intro = s["worksheet_intro_1"] + ("" if n == 1 else " " + s["worksheet_intro_2"])
    flow: list = [
        P.title(title, "", width, with_name=True),
        P.name_line(lang, width),
        P.intro(intro, width),
    ]
    flow += P.rows(
        "hands", [_hand_question(i, h, lang, col) for i, h in enumerate(hands, 1)], width
    )
    flow.append(PageBreak("key"))
    flow += [P.title(f"{title} · {s['key']}", s["key_intro"], width, with_name=False)]
    flow += P.rows("keys", [_hand_key(i, h, lang, col) for i, h in enumerate(hands, 1)], width)
    return flow, {"title": title, "totals": [h.total for h in hands], "scores": hands}


# --- pegging -----------------------------------------------------------------------


def _peg_question(i: int, p: PegScore, lang: str, width: float) -> Block:
    b = BlockBuilder(f"pile {i}", width)
    b.text(0, 5, f"{i}.", 11, bold=True)
    # the cards narrow for a long pile, so the framed card keeps 3 mm from the Count box
    n = len(p.pile)
    w = min(7.2, (width - 27 - 3 - 9 + 0.9 - 0.9 * n) / (n + 0.3))
    P.pile_cards(b, 9, 2.0, p.pile, lang, w)
    P.answer_box(b, width - 27, 0, S[lang]["count"], 12)
    P.answer_box(b, width - 13, 0, S[lang]["points"], 12)
    return b.done()


def _peg_key(i: int, p: PegScore, lang: str, width: float) -> Block:
    b = BlockBuilder(f"key {i}", width)
    b.text(0, 1.5, f"{i}.", 10, bold=True)
    x = P.pile_cards(b, 8, 0, p.pile, lang, 6.5)
    b.text(x + 1.5, 2, f"{S[lang]['count']} {p.count}", 8.5, bold=True)
    y = P.component_lines(b, 10.5, p.components, lang, width, running=False)
    y = P.total_line(b, y, p.total, lang, width)
    return b.done(y + 0.8)


def _pegging(lang: str, seed: int, paper: Paper) -> tuple[list, dict]:
    width = paper.content_width
    col = (width - COL_GAP) / 2
    rows = pegging_rows(seed)
    s = S[lang]
    flow: list = [
        P.title(s["pegging"], "", width, with_name=True),
        P.name_line(lang, width),
        P.intro(s["pegging_intro"], width),
    ]
    flow += P.rows("piles", [_peg_question(i, p, lang, col) for i, p in enumerate(rows, 1)], width)
    flow.append(PageBreak("key"))
    flow.append(P.title(f"{s['pegging']} · {s['key']}", s["peg_key_intro"], width, with_name=False))
    flow += P.rows("keys", [_peg_key(i, p, lang, col) for i, p in enumerate(rows, 1)], width)
    return flow, {
        "title": s["pegging"],
        "totals": [p.total for p in rows],
        "counts": [p.count for p in rows],
        "scores": rows,
    }


# --- quizzes -----------------------------------------------------------------------


def _tick(b: BlockBuilder, x: float, y: float, label: str) -> float:
    b.rect(x, y + 0.4, 3.6, 3.6, edge="#000000", lw=0.7)
    b.text(x + 5.2, y, label, 10)
    return x + 5.2 + text_width(label, 10) + 8


def _quiz_question(i: int, q: Question, lang: str, width: float) -> Block:
    b = BlockBuilder(f"question {i}", width)
    b.text(0, 0, f"{i}.", 11, bold=True)
    y = b.para(8, 0, q.prompt[lang], width - 8, 10.5)
    s = S[lang]
    if q.form == "peg":
        assert isinstance(q.answer, PegScore)
        P.pile_cards(b, 8, y + 2.5, q.answer.pile, lang, 9.0)
        P.answer_box(b, 80, y + 0.5, s["count"], 14)
        y = P.answer_box(b, 98, y + 0.5, s["points"], 14)
    elif q.cards:
        shown = q.answer if isinstance(q.answer, Score) else q.cards  # a count says hand or crib
        x = P.hand_cards(b, 8, y + 1.5, shown, q.starter, lang, 9.0, labels=q.starter is not None)
        if q.form == "count":
            y = P.answer_box(b, x + 6, y + 1.5, s["total"], 14)
        else:
            y = b.bottom
            b.text(x + 6, y - 6, P.colon(s["answer"], lang), 10)
            b.rule(x + 24, y - 1.8, 40, color="#000000")
    if q.form == "tf":
        x = _tick(b, 8, y + 1.5, s["true"])
        _tick(b, x, y + 1.5, s["false"])
    elif q.form == "choice":
        x = 8.0
        yy = y + 1.5
        for c in q.choices[lang]:
            need = 5.2 + text_width(c, 10) + 8
            if x + need > width:
                x, yy = 8.0, yy + line_height(10) + 1
            x = _tick(b, x, yy, c)
        y = yy + line_height(10)
    elif q.form == "number" and not q.cards:
        b.text(8, y + 1.5, P.colon(s["answer"], lang), 10)
        y = b.rule(26, y + 5.7, 40, color="#000000")
    return b.done(b.bottom + 1.5)


def _quiz_key(i: int, q: Question, lang: str, width: float) -> Block:
    b = BlockBuilder(f"answer {i}", width)
    b.text(0, 0, f"{i}.", 10, bold=True)
    y = b.text(8, 0, P.cap(q.answer_text(lang)), 10, bold=True)
    if q.form in ("count", "peg"):
        a = q.answer
        assert isinstance(a, Score | PegScore)
        sub = min(width - 8, 95.0)
        y = _offset_lines(b, 8, y + 0.5, a, lang, sub, q.form == "count")
        if isinstance(a, Score):
            said = P.cap(a.say(WORDS[lang])) + "."
            y = b.para(
                10,
                y + 0.5,
                f"«\u00a0{said}\u00a0»" if lang == "fr" else f"“{said}”",
                width - 12,
                8,
                italic=True,
                color=GREY,
            )
    if q.explain.get(lang):
        y = b.para(8, y + 0.3, q.explain[lang], width - 8, 9, color=GREY)
    return b.done(y + 0.8)


def _offset_lines(
    b: BlockBuilder,
    dx: float,
    y: float,
    a: Score | PegScore,
    lang: str,
    width: float,
    running: bool,
) -> float:
    """The component lines of a quiz answer, indented by ``dx``."""
    sub = BlockBuilder("lines", width)
    yy = P.component_lines(sub, 0, a.components, lang, width, running=running)
    yy = P.total_line(sub, yy, a.total, lang, width)
    b.items += [replace(it, x=it.x + dx, y=it.y + y) for it in sub.items]
    b.bottom = max(b.bottom, y + yy)
    return y + yy


def _quiz(n: int, lang: str, paper: Paper) -> tuple[list, dict]:
    width = paper.content_width
    qs = quiz_questions(n)
    s = S[lang]
    title = s["quiz"].format(n=n)
    flow: list = [
        P.title(title, s[f"quiz_{n}_sub"], width, with_name=True),
        P.name_line(lang, width),
    ]
    flow += [_quiz_question(i, q, lang, width) for i, q in enumerate(qs, 1)]
    flow.append(PageBreak("key"))
    flow.append(P.title(f"{title} · {s['key']}", s[f"quiz_{n}_sub"], width, with_name=False))
    flow += [_quiz_key(i, q, lang, width) for i, q in enumerate(qs, 1)]
    return flow, {"title": title, "questions": qs}


# --- the document ------------------------------------------------------------------------


def build(kind: str, *, lang: str = "en", seed: int = 7, paper: str = "a4") -> Doc:
    """Lay out one printable: ``kind`` in :data:`KINDS`, ``lang`` "en" or "fr",
    ``paper`` "a4" or "letter"; ``seed`` draws the worksheets' hands and the pegging
    rows (the glossary, the cheat sheet and the quizzes are fixed), and the puzzle
    sheet's 8 puzzles of any theme (:mod:`crib.course.printables.puzzles` takes more
    options)."""
    if kind == PUZZLES:
        from crib.course.printables.puzzles import build_puzzles

        return build_puzzles(lang=lang, paper=paper, seed=seed)
    if kind not in KINDS:
        expand(kind)  # the error names every kind
        raise CribError(f"{kind!r} is a group of printables: build them one by one")
    if lang not in LANGS:
        raise CribError(f"unknown language {lang!r}: expected en or fr")
    if paper not in PAPERS:
        raise CribError(f"unknown paper {paper!r}: expected a4 or letter")
    pp = PAPERS[paper]
    if kind == "glossary":
        flow, answers = glossary(lang, pp)
    elif kind == "cheatsheet":
        flow, answers = cheatsheet(lang, pp)
    elif kind.startswith("worksheet-"):
        flow, answers = _worksheet(int(kind[-1]), lang, seed, pp)
    elif kind == "pegging":
        flow, answers = _pegging(lang, seed, pp)
    elif kind in HANDOUTS:
        flow, answers = HANDOUTS[kind](lang, pp)
    else:
        flow, answers = _quiz(int(kind[-1]), lang, pp)
    used_seed = seed if kind in SEEDED else None
    # the glossary's and cheat sheet's rows have rules between them; a worksheet's 20
    # questions fit one page of either paper
    gap = {"glossary": 1.0, "cheatsheet": 0.3, "worksheet-1": 2.0, "worksheet-2": 2.0}.get(
        kind, 3.0
    )
    chrome = P.chrome(answers["title"], lang, pp, used_seed)
    pages = paginate(flow, pp, gap=gap, chrome=chrome)
    # a section's last page holding a sliver (one key row, one answer): tighter gaps, if
    # that saves the page
    for tighter in (gap * 2 / 3, gap / 2):
        if not _sliver(pages, pp):
            break
        fewer = paginate(flow, pp, gap=tighter, chrome=chrome)
        if len(fewer) < len(pages):
            pages = fewer
    return Doc(kind, answers["title"], lang, pp, used_seed, pages, answers)


def _sliver(pages: tuple[Page, ...], paper: Paper) -> bool:
    """Whether a page that ends a section (or the document) is under a quarter full."""
    for k, page in enumerate(pages):
        ends = k + 1 == len(pages) or pages[k + 1].section != page.section
        used = sum(b.h for b in page.blocks)
        if k and ends and used < paper.content_height / 4:
            return True
    return False
