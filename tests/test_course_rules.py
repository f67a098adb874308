"""The course by the rules (issue #38): each rule statement has one home, the rules bank's
sentence, and the lessons, the Learn page and the printables quote it; every lesson item
holds what its tag says; Lesson 5's formats and scoring are the tournament tool's; the
plan's play times come from the timing of simulated games."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from crib.classroom.tournament.rules import (
    FORMATS,
    LENGTHS,
    SKUNK_POINTS,
    WIN_POINTS,
    game_points,
    skunk_of,
)
from crib.course import questions as quiz
from crib.course.guide import guide
from crib.course.guide.plans import GAME_121_MINUTES, ROUND_61_MINUTES
from crib.course.guide.text import sections
from crib.course.lessons import LESSONS, lesson
from crib.course.lessons.content import HOLDS
from crib.course.printables.handouts import _HOLE
from crib.course.printables.layout import Rect
from crib.course.printables.quizzes import LAST_CARD_PILE, quiz_questions
from crib.course.printables.sheets import build
from crib.course.rules_bank import BANK, RULE_NUMBERS, STATEMENTS, statement
from crib.rules.cards import parse_card, parse_cards
from crib.rules.pegging import PegState
from crib.rules.scoring import score_pegging
from crib.ui.learn.content import learn_html

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr")


def flat(text: str) -> str:
    """Whitespace (no-break spaces, line wraps) as single spaces."""
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ")).strip()


def lesson_text(n: int, lang: str) -> str:
    les = lesson(n, lang)
    return flat(" ".join(s.text + " " + " ".join(p.text for p in s.parts) for s in les.slides))


# --- every item holds what its tag says ------------------------------------------------


@pytest.mark.parametrize("n", LESSONS)
def test_every_counting_item_holds_its_levels_kind(n: int) -> None:
    les = lesson(n, "en")
    for it in (*les.practice, *les.exit_ticket):
        q = it.question
        if isinstance(q, quiz.CountQuestion) and q.level in HOLDS:
            kinds = {c.kind for c in quiz.question_score(q).components}
            assert HOLDS[q.level] in kinds, (n, q.level, q.hand, q.starter, q.crib)


def test_lesson_1_asks_no_crib_and_lesson_2s_flush_items_hold_a_flush() -> None:
    one = lesson(1, "en")
    assert not any(
        isinstance(it.question, quiz.CountQuestion) and it.question.crib
        for it in (*one.practice, *one.exit_ticket)
    )
    two = lesson(2, "en")
    flush = [
        it.question
        for it in (*two.practice, *two.exit_ticket)
        if isinstance(it.question, quiz.CountQuestion) and it.question.level == "flush"
    ]
    assert len(flush) == 4 and any(q.crib for q in flush)  # three hands and the crib's
    for q in flush:
        s = quiz.question_score(q)
        assert s.of_kind("flush"), (q.hand, q.starter)
        if q.crib:  # a crib's flush is all five cards
            assert sum(c.points for c in s.of_kind("flush")) == 5


def test_a_last_card_item_can_score_nothing_else() -> None:
    """The bank's last-card question names its series: no fifteen, pair or run, so the
    answer is the last card's 1; quiz 2's last-card question likewise."""
    (q,) = [q for q in BANK if q.rule == "last card"]
    cards = parse_cards(" ".join(re.findall(r"(?:10|[2-9AJQK])[♠♥♦♣]", q.text)))
    pile = score_pegging(cards)
    assert pile.components == () and pile.count == 24
    assert q.choices[q.answer] == "1 for last card"
    last = quiz_questions(2)[7]
    assert score_pegging(LAST_CARD_PILE).components == () and last.answer == 1
    # the play's peg rows say the play goes on: the last-card point cannot be asked there
    for peg in quiz_questions(2)[1:5]:
        assert "last card" not in peg.prompt["en"] and "dernière" not in peg.prompt["fr"]


# --- the statements: one home, quoted everywhere ----------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_skunk_the_board_and_the_lead_after_a_go_are_stated(lang: str) -> None:
    said = {k: flat(statement(k, lang)) for k in STATEMENTS}
    assert said["lead after a go"] in lesson_text(3, lang)
    for k in ("board", "pegs", "once around", "last card"):
        assert said[k] in lesson_text(3, lang), k
    assert said["skunk"] in lesson_text(4, lang) and said["skunk scoring"] in lesson_text(4, lang)
    assert said["tournament"] in lesson_text(5, lang)
    assert said["tournament scoring"] in lesson_text(5, lang)
    assert said["nineteen"] in lesson_text(2, lang)
    page = flat(html.unescape(re.sub(r"<[^>]+>", "", learn_html(lang))))
    for k in ("board", "pegs", "once around", "lead after a go", "skunk", "skunk scoring"):
        assert said[k] in page, k
    printed = {
        kind: flat(" ".join(build(kind, lang=lang).texts()))
        for kind in ("glossary", "cheatsheet", "board", "tactics", "quiz-2")
    }
    assert said["board"] in printed["glossary"] and said["board"] in printed["board"]
    assert said["once around"] in printed["board"] and said["once around"] in printed["cheatsheet"]
    for kind in ("glossary", "cheatsheet", "tactics"):
        assert said["lead after a go"] in printed[kind], kind
    for kind in ("glossary", "cheatsheet", "quiz-2"):
        assert said["skunk"] in printed[kind] and said["skunk scoring"] in printed[kind], kind


def test_the_statements_say_what_the_rules_engine_and_the_acc_say() -> None:
    en = {k: statement(k) for k in STATEMENTS}
    # ACC 7.1: after a go the player who did not play the last card leads
    assert "ACC rule 7.1" in en["lead after a go"] and RULE_NUMBERS["acc_lead"] == "7.1"
    s = PegState.start((parse_cards("KS QS 2D 3D"), parse_cards("KH QH 4C 5C")), pone=0)
    for m in ("KS", "KH", "QS", None):  # the dealer says go at 30; the pone pegs it
        s, rec = s.play(parse_card(m) if m else None)
    assert rec.scorer == 0 and rec.reset and s.turn == 1
    # the skunk lines and the ACC's game points, as the tournament tool counts them
    assert skunk_of(121, 90) == "skunk" and skunk_of(121, 91) == ""
    assert skunk_of(121, 60) == "double skunk" and skunk_of(121, 61) == "skunk"
    assert "91" in en["skunk"] and "61" in en["skunk"]
    assert (
        f"a win scores {WIN_POINTS} game points and a skunk {SKUNK_POINTS}" in en["skunk scoring"]
    )
    # the board: 121 holes a player, 61 once around a 60-hole board
    assert "121 holes" in en["board"] and "twice around a 60-hole board" in en["board"]
    assert "61 is once around a 60-hole board" in en["once around"]


def test_lesson_5s_formats_and_scoring_are_the_tools() -> None:
    said = statement("tournament").lower()
    assert "round-robin" in said and "swiss" in said
    assert set(FORMATS) == {"round-robin", "swiss"}
    assert all(str(n) in said for n in LENGTHS)
    scoring = statement("tournament scoring")
    assert f"win scores {WIN_POINTS} game points, a skunk {SKUNK_POINTS}" in scoring
    assert game_points("") == WIN_POINTS and game_points("skunk") == SKUNK_POINTS
    # "to 61, a loser on 30 or less is skunked": the tool's line
    assert "loser on 30 or less" in scoring
    assert skunk_of(61, 30) == "skunk" and skunk_of(61, 31) == ""
    for lang in LANGS:
        text = (
            lesson_text(5, lang)
            + " "
            + " ".join(" ".join(lines) for _h, lines in sections(guide(5, lang), lang))
        )
        for wrong in ("move up a table", "a win is a win", "montent d", "une victoire est une"):
            assert wrong not in text, wrong


# --- the guide: what to print and when, help, and times from the timing -----------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_lists_the_printables_and_help_for_each_lesson(lang: str) -> None:
    wants = {1: ("exit-tickets", "worksheet-1"), 2: ("worksheet-2", "quiz-1"), 3: ("board",)}
    wants |= {4: ("quiz-2", "tactics"), 5: ("tactics",)}
    for n in LESSONS:
        g = guide(n, lang)
        assert g.printables and g.struggling
        text = " ".join(g.printables)
        for kind in wants[n]:
            assert f"crib print {kind}" in text, (n, kind)
    assert "pré-test" in " ".join(guide(1, "fr").printables)


def test_the_plans_play_times_come_from_the_timing_of_simulated_games() -> None:
    data = json.loads((ROOT / "data" / "lesson_timing.json").read_text())
    l4, l5 = data["lesson_4_game_to_121"], data["lesson_5_round_game_to_61"]
    assert l4["game_to"] == 121 and l5["game_to"] == 61 and data["tiers"] == ["easy", "normal"]
    assert l4["minutes_median"] <= GAME_121_MINUTES
    assert l5["minutes_p80"] <= ROUND_61_MINUTES
    assert guide(5).plan[3].minutes >= ROUND_61_MINUTES  # the tournament round
    assert f"about {GAME_121_MINUTES} minutes" in guide(4).plan[3].what
    for n in LESSONS:
        assert sum(s.minutes for s in guide(n).plan) == 45


# --- the handouts ------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_board_printable_has_121_holes_for_each_player(paper: str) -> None:
    d = build("board", paper=paper)
    holes = [
        it
        for p in d.pages
        for it in p.items
        if isinstance(it, Rect) and it.round and it.w in (_HOLE, _HOLE + 1)
    ]
    # per player: 120 holes of the track, the game hole, and two start holes
    assert len(d.pages) == 1 and len(holes) == 2 * (120 + 1 + 2)
    assert sum(h.w == _HOLE + 1 for h in holes) == 2  # the game holes


def test_the_exit_tickets_print_every_lessons_exit_ticket_with_a_key() -> None:
    for lang in LANGS:
        d = build("exit-tickets", lang=lang, paper="letter")
        tickets = d.answers["tickets"]
        assert list(tickets) == list(LESSONS)
        assert all(tickets[n] == lesson(n, lang).exit_ticket for n in LESSONS)
        assert any(p.section == "key" for p in d.pages)


@pytest.mark.parametrize("lang", LANGS)
def test_no_lesson_of_the_guide_spills_a_few_lines_onto_a_page(lang: str) -> None:
    """A lesson's body shrinks when that saves its last page: no page of the printed
    guide holds only a few lines (the footer aside)."""
    from crib.course.guide.pdf import guide_figures

    for paper in ("a4", "letter"):
        lines = [len(f.texts) - 1 for f in guide_figures(lang, paper)]
        assert min(lines) >= 8, (paper, lines)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_framed_card_keeps_clear_of_the_count_box(paper: str) -> None:
    from crib.course.printables.layout import CardBox

    d = build("pegging", lang="fr", paper=paper)
    rows = 0
    for page in (p for p in d.pages if p.section != "key"):
        for blk in (b for b in page.blocks if b.label.startswith("piles")):
            items = [it for it in page.items if it.block == blk.id]
            boxes = sorted(it.x for it in items if isinstance(it, Rect) and it.h > 5)
            cards = [it for it in items if isinstance(it, CardBox)]
            left = [c for c in cards if c.x < boxes[0]]  # the left column's pile
            assert max(c.x + c.w for c in left) <= boxes[0] - 2.5
            assert min(c.w for c in cards) >= 6
            rows += 1
    assert rows == 10
