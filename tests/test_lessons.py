"""The five class lessons, their French twins, the projector deck, the guide and its PDF."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from crib.course import questions as quiz
from crib.course.guide import CLASS_MINUTES, PAPERS, guide, guide_html, guide_pdf
from crib.course.lessons import LESSONS, lesson, lessons
from crib.course.rules_bank import OBJECTIVES, RULES
from crib.i18n import tr
from crib.rules.scoring import score_hand, score_pegging
from crib.tools.cli import main as cli_main
from crib.ui.lessons import GuidePage, SlideDeck, slide_html

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("n", LESSONS)
def test_each_lesson_has_its_objective_examples_practice_and_exit_ticket(n: int, lang: str) -> None:
    les = lesson(n, lang)
    assert les.objective_id == f"L{n}"
    assert les.objective == tr(lang)(OBJECTIVES[f"L{n}"])
    assert len(les.examples) >= 3
    for ex in les.examples:
        assert ex.check() == ex.total, ex.title
    assert len(les.practice) == 10
    assert len(les.exit_ticket) == 3
    for it in (*les.practice, *les.exit_ticket):
        assert quiz.grade(it.question, it.answer).correct, it.question
        assert it.explain
    kinds = [s.kind for s in les.slides]
    assert kinds.count("practice") == 10 and kinds.count("exit") == 3
    assert kinds.count("example") == len(les.examples)
    # the order of a lesson: title, teaching and examples, practice, then the exit ticket
    assert kinds[0] == "title"
    assert max(i for i, k in enumerate(kinds) if k == "example") < kinds.index("practice")
    assert max(i for i, k in enumerate(kinds) if k == "practice") < kinds.index("exit")


def test_a_wrong_answer_grades_wrong() -> None:
    """The practice answers are checked, not echoed: one off is wrong."""
    for les in lessons():
        for it in les.practice:
            q = it.question
            if q.kind == "count":
                assert not quiz.grade(q, str(int(it.answer) + 1)).correct
            elif q.kind == "rules":
                other = 1 if it.answer != "1" else 2
                assert not quiz.grade(q, str(other)).correct


def test_worked_example_numbers_are_crib_scorer_numbers() -> None:
    """Each hand example's spoken count ends on the scorer's total, step by step; each
    play example's last line is score_pegging's."""
    seen = 0
    for les in lessons():
        for s in les.slides:
            if s.kind != "example":
                continue
            if s.starter is not None:  # a counted hand or crib
                crib = s.label == "crib"
                sc = score_hand(s.cards, s.starter, is_crib=crib)
                assert f"Total: {sc.total}" in [p.text for p in s.parts]
                steps = sc.steps()
                for step, part in zip(steps, s.parts, strict=False):
                    assert tuple(part.cards) == tuple(step.cards)
                seen += 1
            elif s.label == "the pile":
                for i, part in enumerate(s.parts[: len(s.cards)], 1):
                    p = score_pegging(s.cards[:i])
                    assert part.text.startswith(f"{s.cards[i - 1].pretty}: {p.count}")
                    assert ("for " in part.text) == bool(p.components)
                seen += 1
    assert seen >= 10


def test_every_rule_a_game_needs_is_taught_in_some_lesson() -> None:
    taught: dict[str, list[int]] = {}
    for les in lessons():
        for s in les.slides:
            if s.kind in ("teach", "example"):
                for r in s.rules:
                    taught.setdefault(r, []).append(les.number)
    assert set(RULES) <= set(taught), set(RULES) - set(taught)
    # in order: the show's points first, then the play, then the game
    assert min(taught["pairs by rank only"]) == 1
    assert min(taught["flush"]) == min(taught["nobs"]) == 2
    assert min(taught["go"]) == min(taught["last card"]) == 3
    assert min(taught["cut for deal"]) == min(taught["skunk"]) == min(taught["muggins"]) == 4


@pytest.mark.parametrize("n", LESSONS)
def test_the_french_lesson_has_the_same_structure_in_french_words(n: int) -> None:
    en, fr = lesson(n, "en"), lesson(n, "fr")
    assert [s.kind for s in en.slides] == [s.kind for s in fr.slides]
    assert [s.rules for s in en.slides] == [s.rules for s in fr.slides]
    assert [s.cards for s in en.slides] == [s.cards for s in fr.slides]
    assert [len(s.parts) for s in en.slides] == [len(s.parts) for s in fr.slides]
    assert [e.total for e in en.examples] == [e.total for e in fr.examples]
    assert [i.answer for i in en.practice] == [i.answer for i in fr.practice]
    translated = [s for s in fr.slides if s.kind == "teach"]
    assert all(
        a.title != b.title
        for a, b in zip(translated, [s for s in en.slides if s.kind == "teach"], strict=True)
        if a.title not in ("Go",)
    )
    text = " ".join(p.text for s in fr.slides for p in s.parts)
    for english in (" is ", "fifteen two", "Total:", "Answer:", " for "):
        assert english not in text, english


def test_slides_keep_to_few_words() -> None:
    """A projector slide: a title and at most 30 words before its reveals."""
    for lang in LANGS:
        for les in lessons(lang):
            for s in les.slides:
                if s.kind in ("teach", "title"):
                    assert len(s.text.split()) <= 30, (lang, s.title)
                    assert all(len(p.text.split()) <= 30 for p in s.parts), (lang, s.title)


def test_the_deck_steps_through_reveals_and_slides_by_button_and_key() -> None:
    deck = SlideDeck(3, "en")
    first = deck.slide
    assert deck.back_button.disabled
    deck.next_button.click()
    assert deck.position() == (0, 1) and "Today:" in deck.view.value
    deck.listener.simulate("arrowright")
    assert deck.position() == (1, 0)
    deck.listener.simulate("pageup")
    assert deck.position() == (0, len(first.parts))
    deck.go(10_000)
    while deck.shown < len(deck.slide.parts):
        deck.next()
    assert deck.next_button.disabled and deck.index == len(deck.lesson.slides) - 1
    assert "slide" in deck.pos.value
    # a worked example reveals one spoken step at a time
    ex = next(i for i, s in enumerate(deck.lesson.slides) if s.kind == "example")
    deck.go(ex, 1)
    assert deck.view.value.count("<li") == 1
    assert deck.next_button.description == "Show ▼"


def test_slide_html_shows_large_cards_and_escapes() -> None:
    s = lesson(1).slides[1]
    out = slide_html(s, 0)
    assert out.count('width="105" height="147"') == len(s.cards)
    assert "<ol>" not in out
    fr = slide_html(lesson(1, "fr").slides[-1], 2, "fr")
    assert 'lang="fr"' in fr and "Réponse" in fr


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("n", LESSONS)
def test_guide_lesson_has_objective_materials_timed_plan_misconceptions_settings(
    n: int, lang: str
) -> None:
    g = guide(n, lang)
    assert g.objective == tr(lang)(OBJECTIVES[f"L{n}"])
    assert len(g.materials) >= 2
    assert len(g.plan) == 5 and sum(s.minutes for s in g.plan) == CLASS_MINUTES == 45
    assert [s.phase for s in g.plan] == [
        tr(lang)(p) for p in ("Warm-up", "Teach", "Practise", "Play", "Exit ticket")
    ]
    assert all(s.minutes > 0 and s.what for s in g.plan)
    assert len(g.misconceptions) >= 3 and all(a and b for a, b in g.misconceptions)
    assert g.trainer
    for session in g.sessions:
        qs = quiz.make_questions(7, session.spec, level=session.level)
        assert len(qs) == sum(session.spec.values())
        assert (
            "seed" in session.describe()
            and str(session.spec[next(iter(session.spec))]) in session.describe()
        )
    # the plan names the lesson's own slides
    last = next(i for i, s in enumerate(lesson(n, lang).slides) if s.kind == "practice")
    assert str(last) in g.plan[1].what


def test_guide_settings_read_as_the_teacher_types_them() -> None:
    assert (
        guide(1).sessions[0].describe()
        == "Class session A: Counting 8 at level 'fifteens only', seed: random"
    )
    fr = guide(1).sessions[0].describe("fr")  # the page's French labels (issue #37)
    assert (
        "Compter 8 au niveau «\u00a0quinze seulement\u00a0»" in fr
        and "graine\u00a0: au hasard" in fr
    )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_guide_pdf_builds_on_the_right_paper(lang: str, paper: str) -> None:
    data = guide_pdf(lang, paper)
    assert data.startswith(b"%PDF")
    boxes = re.findall(rb"/MediaBox \[ ?0 0 ([\d.]+) ([\d.]+) ?\]", data)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", data))
    assert pages >= 6 and len(boxes) == pages
    want = tuple(round(x * 72) for x in PAPERS[paper])
    assert {(round(float(w)), round(float(h))) for w, h in boxes} == {want}
    assert want == ((595, 842) if paper == "a4" else (612, 792))


def test_guide_html_in_both_languages() -> None:
    en, fr = guide_html("en"), guide_html("fr")
    assert en.count("<details") == 5 and "Common misconceptions" in en
    assert "Erreurs fréquentes" in fr and "Common misconceptions" not in fr


def test_crib_print_guide_writes_the_pdf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        cli_main(["print", "guide", "--lang", "fr", "--paper", "a4", "--out", str(tmp_path)]) == 0
    )
    out = tmp_path / "crib-guide-fr-a4.pdf"
    assert (
        out.read_bytes().startswith(b"%PDF") and "crib-guide-fr-a4.pdf" in capsys.readouterr().out
    )
    assert cli_main(["print", "guide", "--paper", "a5"]) == 2


def test_guide_page_reads_the_class_link_and_makes_the_pdf() -> None:
    page = GuidePage()
    assert "Lessons" in page.heading.value and page.tabs.get_title(1) == "Teacher's guide"
    page.apply_query("seed=3&lang=fr&lesson=2")
    assert page.lang == "fr" and page.lesson_pick.value == 2 and page.tabs.selected_index == 2
    assert page.deck.lesson.number == 2 and page.deck.lang == "fr"
    assert "Leçons" in page.heading.value and page.tabs.get_title(1) == "Guide de l’enseignant"
    assert page.heading.layout.display == "none"  # the projector gets the room
    page.paper_pick.value = "letter"
    data = page.make_pdf()
    assert data.startswith(b"%PDF") and "crib-guide-fr-letter.pdf" in page.download.value
    page.apply_query("lang=xx")
    assert page.lang == "en"


NOTEBOOKS = sorted((ROOT / "notebooks" / "lessons").glob("*.ipynb"))


def test_ten_lesson_notebooks_each_one_call_into_crib() -> None:
    assert len(NOTEBOOKS) == 10
    seen = set()
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        lang = "fr" if path.name.startswith("fr_") else "en"
        assert [c.cell_type for c in nb.cells] == ["code"], path.name
        src = nb.cells[0].source
        m = re.fullmatch(
            r'from crib\.ui\.lessons import show_lesson\n\nshow_lesson\((\d), "(en|fr)"\)', src
        )
        assert m and m.group(2) == lang, path.name
        assert path.name.removeprefix("fr_").startswith(m.group(1)), path.name
        assert nb.cells[0].outputs, f"{path.name}: run it (crib.tools.regen) to store its outputs"
        seen.add((int(m.group(1)), lang))
    assert seen == {(n, lang) for n in LESSONS for lang in LANGS}


_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


def test_the_teachers_notes_under_examples_say_what_the_scorer_found() -> None:
    """A note such as "Three fifteens, a pair and two runs of three." is checked against
    the breakdown (a hand-typed note once said two fifteens where there were three)."""
    checked = 0
    for les in lessons():
        for s in les.slides:
            if s.kind != "example" or s.starter is None:
                continue
            sc = score_hand(s.cards, s.starter, is_crib=s.label == "crib")
            note = s.parts[-1].text.lower()
            if m := re.search(r"(\w+) fifteens", note):
                assert _WORDS[m.group(1)] == len(sc.fifteens), note
                checked += 1
            if m := re.search(r"(\w+) runs of (\w+)", note):
                assert _WORDS[m.group(1)] == len(sc.runs), note
                assert all(len(r.cards) == _WORDS[m.group(2)] for r in sc.runs), note
                checked += 1
            if m := re.search(r"(\w+) pairs", note):
                assert _WORDS[m.group(1)] == len(sc.pairs), note
            if "no flush" in note:
                assert not sc.of_kind("flush"), note
            if "flush of four" in note:
                assert [len(c.cards) for c in sc.of_kind("flush")] == [4], note
    assert checked >= 4


def test_exit_tickets_do_not_repeat_practice_items() -> None:
    for les in lessons():
        practice = [it.question for it in les.practice]
        for it in les.exit_ticket:
            assert it.question not in practice, (les.number, it.question)
