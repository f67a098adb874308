"""Teach → Lessons (issue #38, acceptance 3): the Teach menu opens the Lessons page, where
each lesson has its slides for the projector, its page of the guide and its printables;
a practice slide starts the practice with the class."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from crib.course.guide import guide
from crib.course.lessons import LESSONS, lesson
from crib.store.classroom import Store
from crib.ui.kit.home import home_html
from crib.ui.kit.nav import nav_bar, nav_html
from crib.ui.lesson_list import PRINTABLES, lesson_guide_html
from crib.ui.lessons import DECK_TAB, LESSONS_TAB, GuidePage, SlideDeck


def test_the_teach_menu_opens_the_lessons_page_and_the_class_dashboard() -> None:
    bar = nav_html("teach", "guide.ipynb")
    sub = bar[bar.index('class="crib-sub"') :]
    assert 'href="guide.ipynb"' in sub and 'href="teacher.ipynb"' in sub
    assert re.search(r'href="guide.ipynb" aria-current="page">Lessons<', sub)
    assert not re.search(r'href="teacher.ipynb" aria-current', sub)
    fr = nav_html("teach", "teacher.ipynb", "fr")
    assert 'href="guide.ipynb?lang=fr">Leçons<' in fr and "Séances de classe" in fr
    assert 'class="crib-sub"' not in nav_html("play")  # only the section's own pages
    # the home page links the lessons too, in both languages
    assert 'href="guide.ipynb"' in home_html("links")
    assert 'href="guide.ipynb?lang=fr">Leçons<' in home_html("links", "fr")


def test_each_lesson_has_its_deck_its_guide_page_and_its_printables() -> None:
    nav = nav_bar("teach", "guide.ipynb")
    page = GuidePage(nav=nav)
    assert page.tabs.selected_index == LESSONS_TAB and len(page.lessons.rows) == len(LESSONS)
    for row in page.lessons.rows:
        g = guide(row.n)
        assert g.title in row.head.value and g.objective in row.head.value
        assert "Printables: what to print and when" in row.guide_view.value
        assert "Help for pupils who struggle" in row.guide_view.value
        assert set(row.print_buttons) == set(PRINTABLES[row.n])
    # "Show on the projector": the projector tab on that lesson, the slides get the room
    page.lessons.rows[3].show_button.click()
    assert page.tabs.selected_index == DECK_TAB and page.deck.lesson.number == 4
    assert page.heading.layout.display == "none" and page.switch.layout.display == "none"
    assert nav.layout.display == "none"
    page.tabs.selected_index = LESSONS_TAB
    assert page.heading.layout.display == "" and page.switch.layout.display == ""
    assert nav.layout.display == ""


@pytest.mark.parametrize("n", LESSONS)
def test_the_printables_of_a_lesson_are_those_its_guide_page_names(n: int) -> None:
    named = {k for line in guide(n).printables for k in re.findall(r"crib print ([\w-]+)", line)}
    assert named <= set(PRINTABLES[n]) and "exit-tickets" in PRINTABLES[n]
    html = lesson_guide_html(n, "fr")
    assert "Documents à imprimer, et quand" in html and guide(n, "fr").objective in html


def test_a_lessons_printable_downloads_in_the_pages_language_and_paper() -> None:
    page = GuidePage()
    page.apply_query("lang=fr")
    page.lessons.paper.value = "letter"
    row = page.lessons.rows[2]
    assert row.print_buttons["board"].description == "Planche de cribbage"
    row.print_buttons["board"].click()
    assert 'download="crib-board-fr-letter.pdf"' in row.link.value
    assert "data:application/pdf;base64,JVBERi" in row.link.value  # %PDF


def test_a_printable_that_cannot_be_made_is_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    import crib.ui.lesson_list as ll

    def broken(*_a: object, **_k: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(ll, "build", broken)
    row = GuidePage().lessons.rows[0]
    assert row.make("glossary") is None
    assert "crib-error" in row.link.value and "Traceback" not in row.link.value


def _first_practice(deck: SlideDeck) -> int:
    return next(i for i, s in enumerate(deck.lesson.slides) if s.kind == "practice")


def test_start_this_practice_creates_the_session_with_the_slides_questions(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "class.sqlite3")
    page = GuidePage(store=store)
    page.apply_query("lang=fr&lesson=2")
    deck = page.deck
    assert deck.practice is not None and deck.practice.layout.display == "none"  # title slide
    deck.go(_first_practice(deck))
    start = deck.practice
    assert start.layout.display == ""
    assert start.button.description == "Lancer cet entraînement avec la classe"
    start.button.click()
    s = start.session
    assert s is not None and s.name == "Leçon 2 · entraînement"
    stored = store.session(s.code)
    assert [q.to_dict() for q in stored.questions] == [
        it.question.to_dict() for it in lesson(2, "fr").practice
    ]
    assert s.code in start.join.value and "crib-code-banner" in start.join.value
    assert f'href="teacher.ipynb?code={s.code}&amp;lang=fr"' in start.join.value or (
        f'href="teacher.ipynb?code={s.code}&lang=fr"' in start.join.value
    )
    assert start.button.disabled  # once: a second click makes no second session
    deck.go(len(deck.lesson.slides) - 1)  # an exit ticket: the button steps aside
    assert start.layout.display == "none"


def test_a_record_that_cannot_be_opened_is_a_message_next_to_the_button(
    tmp_path: Path,
) -> None:
    (tmp_path / "file").write_text("not a directory")
    deck = SlideDeck(1, start=True, store=lambda: Store(tmp_path / "file" / "class.sqlite3"))
    deck.go(_first_practice(deck))
    deck.practice.button.click()
    status = deck.practice.status.value
    assert "crib-error" in status and "Traceback" not in status
    assert deck.practice.session is None and not deck.practice.button.disabled
    assert deck.practice.join.value == ""


def test_a_lesson_notebooks_deck_has_no_class_button() -> None:
    assert SlideDeck(1).practice is None
