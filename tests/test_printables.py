"""The classroom printables: every kind in both languages on both papers, their page
size, their answers against crib's scorer, the layout (no block across a page break),
seeds, the French wording, the PNG pages, the command and the teacher's button."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

import pytest

from crib.course.printables import KINDS, PAPERS, build, expand, filename, page_png, to_pdf
from crib.course.printables.content import pegging_rows, worksheet_hands
from crib.course.printables.layout import (
    Block,
    BlockBuilder,
    CardBox,
    LayoutError,
    PageBreak,
    Text,
    item_bbox,
    paginate,
)
from crib.course.printables.quizzes import quiz_questions
from crib.course.printables.texts import GLOSSARY, SHARED_TERMS, S
from crib.errors import CribError
from crib.rules.scoring import score_hand, score_pegging

LANGS = ("en", "fr")
ALL = [(k, lang, paper) for k in KINDS for lang in LANGS for paper in PAPERS]
EPS = 1e-6


@cache
def doc(kind: str, lang: str, paper: str, seed: int = 7):  # noqa: ANN201
    return build(kind, lang=lang, seed=seed, paper=paper)


@cache
def pdf(kind: str, lang: str, paper: str) -> bytes:
    return to_pdf(doc(kind, lang, paper))


# --- every kind builds, at the right size --------------------------------------------


@pytest.mark.parametrize(("kind", "lang", "paper"), ALL)
def test_every_printable_builds_at_its_paper_size(kind: str, lang: str, paper: str) -> None:
    d = doc(kind, lang, paper)
    assert d.paper is PAPERS[paper] and d.lang == lang and d.kind == kind
    want = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}[paper]  # mm
    assert (d.paper.width, d.paper.height) == want
    assert len(d.pages) >= 1 and all(p.blocks for p in d.pages)
    if kind not in ("glossary", "cheatsheet", "board", "tactics"):  # a key on a page of its own
        first_key = next(p for p in d.pages if p.section == "key")
        assert first_key.number > 1 and first_key.blocks[0].label == "title"


@pytest.mark.parametrize("kind", ["worksheet-1", "worksheet-2", "pegging"])
@pytest.mark.parametrize("paper", list(PAPERS))
def test_a_worksheets_questions_fit_one_page(kind: str, paper: str) -> None:
    for lang in LANGS:
        d = doc(kind, lang, paper)
        assert [p.number for p in d.pages if p.section != "key"] == [1], (kind, lang, paper)


# each kind drawn to PDF once, the language and paper taking turns (drawing is the slow
# part: about 0.4 s a page); the command's and the teacher page's tests reuse these
PDF_CASES = [
    ("glossary", "en", "a4"),
    ("cheatsheet", "fr", "letter"),
    ("worksheet-1", "fr", "a4"),
    ("worksheet-2", "en", "letter"),
    ("pegging", "fr", "letter"),
    ("quiz-1", "en", "a4"),
    ("quiz-2", "fr", "letter"),
]


@pytest.mark.parametrize(("kind", "lang", "paper"), PDF_CASES)
def test_the_pdf_has_a_page_of_the_papers_size_for_each_page(
    kind: str, lang: str, paper: str
) -> None:
    data = pdf(kind, lang, paper)
    assert data.startswith(b"%PDF-")
    boxes = re.findall(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data)
    assert len(boxes) == len(doc(kind, lang, paper).pages)
    want = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}[paper]  # points
    for w, h in boxes:
        assert abs(float(w) - want[0]) < 0.5 and abs(float(h) - want[1]) < 0.5


def test_sizes_are_readable() -> None:
    """No tiny print: text at 7 pt or more, cards at least 6 mm wide."""
    for kind, lang, paper in ALL:
        for p in doc(kind, lang, paper).pages:
            for it in p.items:
                if isinstance(it, Text):
                    assert it.size >= 7, (kind, it.text)
                if isinstance(it, CardBox):
                    assert it.w >= 6, kind


# --- the layout: no block across a page break --------------------------------------------


def check_layout(d) -> None:  # noqa: ANN001
    paper = d.paper
    seen: dict[int, int] = {}
    for p in d.pages:
        blocks = {b.id: b for b in p.blocks}
        for b in p.blocks:
            assert b.id not in seen, f"block {b.label} on pages {seen.get(b.id)} and {p.number}"
            seen[b.id] = p.number
            assert paper.margin - EPS <= b.x and b.x + b.w <= paper.width - paper.margin + EPS
            assert paper.content_top - EPS <= b.y, (d.kind, b.label)
            assert b.y + b.h <= paper.content_bottom + EPS, (d.kind, p.number, b.label)
        ordered = sorted(p.blocks, key=lambda b: b.y)
        for a, b in zip(ordered, ordered[1:], strict=False):
            assert a.y + a.h <= b.y + EPS, f"{a.label} overlaps {b.label}"
        for it in p.items:
            x0, y0, x1, y1 = item_bbox(it)
            assert paper.margin - EPS <= x0 and x1 <= paper.width - paper.margin + EPS, it
            if it.block < 0:  # the running head and the footer, in their bands
                assert y0 >= paper.margin - EPS
                assert y1 <= paper.content_top + EPS or y0 >= paper.content_bottom - EPS, it
                assert y1 <= paper.height - paper.margin + EPS, it
                continue
            b = blocks[it.block]  # the item's block is on this very page
            assert b.y - EPS <= y0 and y1 <= b.y + b.h + EPS, (d.kind, b.label, it)


@pytest.mark.parametrize(("kind", "lang", "paper"), ALL)
def test_no_block_crosses_a_page_break(kind: str, lang: str, paper: str) -> None:
    check_layout(doc(kind, lang, paper))


def _block(label: str, h: float) -> Block:
    b = BlockBuilder(label, 100)
    b.rect(0, 0, 100, h)
    return b.done()


def test_a_block_that_does_not_fit_moves_whole_to_the_next_page() -> None:
    a4 = PAPERS["a4"]
    pages = paginate([_block("a", 100), _block("b", 100), _block("c", 100)], a4)
    assert [[b.label for b in p.blocks] for p in pages] == [["a", "b"], ["c"]]
    assert pages[1].blocks[0].y == a4.content_top
    # a heading kept with the block after it moves with it
    head = Block("head", _block("h", 10).items, 10, 100, keep_with_next=True)
    pages = paginate([_block("a", 200), head, _block("b", 60)], a4)
    assert [[b.label for b in p.blocks] for p in pages] == [["a"], ["head", "b"]]
    pages = paginate([_block("a", 10), PageBreak("key"), _block("b", 10)], a4)
    assert [p.section for p in pages] == ["", "key"]


def test_the_checker_sees_a_block_cut_by_the_page_end() -> None:
    d = doc("glossary", "en", "a4")
    last = d.pages[0].blocks[-1]
    import dataclasses

    moved = dataclasses.replace(last, y=d.paper.content_bottom - last.h / 2)
    page = dataclasses.replace(d.pages[0], blocks=(*d.pages[0].blocks[:-1], moved))
    with pytest.raises(AssertionError):
        check_layout(dataclasses.replace(d, pages=(page, *d.pages[1:])))
    with pytest.raises(LayoutError, match="tall"):
        paginate([_block("huge", 400)], PAPERS["letter"])


# --- the answers are crib's ------------------------------------------------------------


def printed_totals(d) -> list[int]:  # noqa: ANN001
    """The bold "Total n" lines of the key, in reading order."""
    out = []
    items = [it for p in d.pages if p.section == "key" for it in p.items]
    for a, b in zip(items, items[1:], strict=False):
        if isinstance(a, Text) and isinstance(b, Text) and a.bold and a.text == S[d.lang]["total"]:
            out.append(int(b.text))
    return out


@pytest.mark.parametrize("n", [1, 2])
@pytest.mark.parametrize("lang", LANGS)
def test_worksheet_keys_print_score_hands_totals_and_every_line(n: int, lang: str) -> None:
    d = doc(f"worksheet-{n}", lang, "letter")
    hands = worksheet_hands(n, 7)
    assert len(hands) == 20
    want = [score_hand(h.hand, h.starter, is_crib=h.is_crib).total for h in hands]
    assert printed_totals(d) == want
    assert d.answers["totals"] == want
    # every scoring line is printed: one line per component, with its points
    key_texts = [
        it.text for p in d.pages if p.section == "key" for it in p.items if isinstance(it, Text)
    ]
    n_lines = sum(len(h.components) for h in hands)
    from crib.course.printables.texts import kind_label

    kinds = {kind_label(k, lang) for k in ("fifteen", "pair", "run", "flush", "nobs")}
    assert sum(t in kinds for t in key_texts) == n_lines
    # the sheet and its key show the same deals
    sheet = [
        it.card for p in d.pages if p.section != "key" for it in p.items if isinstance(it, CardBox)
    ]
    key = [
        it.card for p in d.pages if p.section == "key" for it in p.items if isinstance(it, CardBox)
    ]
    assert sheet == key == [c for h in hands for c in (*h.hand, h.starter)]


def test_worksheet_two_has_cribs_and_their_traps() -> None:
    hands = worksheet_hands(2, 7)
    cribs = [h for h in hands if h.is_crib]
    assert len(cribs) >= 5
    # a four-card flush in a crib scores no flush; a jack of the starter's suit scores nobs
    assert any(
        len({c.suit for c in h.hand}) == 1
        and h.starter.suit != h.hand[0].suit
        and not h.of_kind("flush")
        for h in cribs
    )
    assert any(h.of_kind("nobs") for h in cribs)


def test_pegging_key_matches_score_pegging() -> None:
    d = doc("pegging", "fr", "a4")
    rows = pegging_rows(7)
    assert len(rows) == 20
    assert printed_totals(d) == [score_pegging(r.pile).total for r in rows]
    kinds = {tuple(c.kind for c in r.components) for r in rows}
    assert ("thirty-one",) in kinds and ("pair royal",) in kinds and () in kinds


def test_quiz_answers() -> None:
    """The quizzes' answers, computed by crib, against the rules as a club player states them."""
    q1 = [q.answer for q in quiz_questions(1)]
    assert q1[0] == "10, 7, 1, 10"
    assert q1[1] == 8  # 5+10, 5+K, 10+2+3, K+2+3
    assert q1[2:9] == [False, 2, False, True, 4, 0, True]  # pair royal is choice 2: "6"
    assert [s.total for s in q1[9:]] == [16, 24, 29, 10]
    q2 = quiz_questions(2)
    pegs = [(q.answer.count, q.answer.total) for q in q2[:5]]
    assert pegs == [(15, 2), (31, 2), (15, 5), (24, 6), (22, 0)]
    assert [q.answer for q in q2[5:]] == [False, 1, 1, False, 0, True, 1, True, 1]


def test_cheat_sheet_points_are_the_scorers() -> None:
    checks = doc("cheatsheet", "en", "a4").answers["checks"]
    assert checks == {
        "fifteen": 2,
        "pair": 2,
        "pair royal": 6,
        "double pair royal": 12,
        "double run": 8,
        "flush": 4,
        "flush crib": 0,
        "nobs": 1,
        "thirty-one": 2,
        "run": 3,
    }


# --- seeds --------------------------------------------------------------------------


def test_same_seed_same_pdf_other_seed_other_hands() -> None:
    a, b = build("pegging", seed=11), build("pegging", seed=11)
    assert a.texts() == b.texts() and a.cards() == b.cards()
    # the same content gives the same bytes (no creation date in the file)
    again = build("pegging", lang="fr", seed=7, paper="letter")
    assert to_pdf(again) == pdf("pegging", "fr", "letter")
    assert build("pegging", seed=12).cards() != a.cards()
    assert build("worksheet-1", seed=11).cards() != build("worksheet-1", seed=12).cards()
    assert build("worksheet-2", seed=11).cards() != build("worksheet-2", seed=12).cards()
    # the fixed printables do not depend on the seed
    assert build("quiz-1", seed=1).texts() == build("quiz-1", seed=2).texts()


# --- French --------------------------------------------------------------------------


def english_terms_in(text: str) -> set[str]:
    found = set()
    for e in GLOSSARY:
        term = e.term["en"]
        if term in SHARED_TERMS:
            continue
        if re.search(rf"(?<![\w-]){re.escape(term)}(?![\w-])", text, re.IGNORECASE):
            found.add(term)
    return found


@pytest.mark.parametrize("kind", KINDS)
def test_french_printables_use_no_english_term(kind: str) -> None:
    fr = " ".join(doc(kind, "fr", "a4").texts())
    assert english_terms_in(fr) == set()


def test_the_english_term_check_can_fail() -> None:
    en = " ".join(doc("glossary", "en", "a4").texts())
    assert {"nobs", "his heels", "pone", "skunk"} <= english_terms_in(en)


# --- the pages as pictures ------------------------------------------------------------


def _png_array(d, n: int, dpi: int):  # noqa: ANN001, ANN202
    import matplotlib.image as mpimg

    return mpimg.imread(io.BytesIO(page_png(d, n, dpi=dpi)), format="png")


@pytest.mark.parametrize("kind", KINDS)
def test_every_page_renders_with_nothing_in_the_margins(kind: str) -> None:
    """Every page (French, US Letter: the shorter page) drawn to PNG: the outer margin
    and the bands between the content and the running head and footer are blank, so
    nothing the renderer draws (a card, an answer line) runs past its block."""
    d = doc(kind, "fr" if kind != "quiz-1" else "en", "letter")
    dpi = 40
    px = dpi / 25.4
    p = d.paper
    for n in range(1, len(d.pages) + 1):
        img = _png_array(d, n, dpi)
        h, w = img.shape[:2]
        assert abs(w - p.width * px) <= 1 and abs(h - p.height * px) <= 1
        ink = img[:, :, :3].min(axis=2) < 0.9
        m = int(p.margin * px) - 2
        assert not ink[:m].any() and not ink[-m:].any(), (kind, n)
        assert not ink[:, :m].any() and not ink[:, -m:].any(), (kind, n)
        below = slice(int(p.content_bottom * px) + 2, int((p.height - p.margin - 4) * px) - 1)
        assert not ink[below].any(), f"{kind} page {n}: ink below the content area"
        assert ink[int(p.content_top * px) : int(p.content_bottom * px)].any()


# --- the command and the teacher's page ------------------------------------------------


def test_crib_print_writes_the_pdfs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from crib.tools.cli import main

    argv = [
        "print",
        "worksheet-1",
        "--lang",
        "fr",
        "--seed",
        "7",
        "--paper",
        "a4",
        "--out",
        str(tmp_path),
    ]
    assert main(argv) == 0
    files = sorted(f.name for f in tmp_path.iterdir())
    assert files == ["crib-worksheet-1-fr-a4-seed7.pdf"]
    assert (tmp_path / files[0]).read_bytes() == pdf("worksheet-1", "fr", "a4")
    assert "wrote" in capsys.readouterr().out
    assert main(["print", "posters", "--out", str(tmp_path)]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_groups_and_file_names() -> None:
    from crib.course.printables import GROUPS, LANGS, OPTIONED
    from crib.tools.printables import CHOICES

    assert (*KINDS, *OPTIONED, *GROUPS) == CHOICES and LANGS == ("en", "fr")
    assert expand("worksheets") == ("worksheet-1", "worksheet-2")
    assert expand("quizzes") == ("quiz-1", "quiz-2")
    assert expand("all") == KINDS
    with pytest.raises(CribError, match="unknown printable"):
        expand("posters")
    assert filename("worksheet-2", "fr", "a4", 7) == "crib-worksheet-2-fr-a4-seed7.pdf"
    assert filename("quiz-1", "en", "letter", 7) == "crib-quiz-1-en-letter.pdf"  # not seeded
    with pytest.raises(CribError, match="language"):
        build("glossary", lang="de")


def test_teacher_page_offers_the_pdf(tmp_path: Path) -> None:
    from crib.store.classroom import Store
    from crib.ui.teacher.app import TeacherApp

    app = TeacherApp(store=Store(tmp_path / "class.sqlite3"))
    app.seed.value = 7
    panel = app.printables
    panel.kind.value, panel.lang.value, panel.paper.value = "quiz-2", "fr", "letter"
    data = panel.make()
    assert data == pdf("quiz-2", "fr", "letter")
    assert 'download="crib-quiz-2-fr-letter.pdf"' in panel.link.value
    assert "data:application/pdf;base64," in panel.link.value
    panel.lang.value = "en"  # a new choice clears the stale link
    assert panel.link.value == ""
