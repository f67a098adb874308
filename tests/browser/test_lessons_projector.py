"""Teach → Lessons → the class, in a real browser (issue #38, acceptance 3), at 1280×900
and 768×1024 with axe-core at each: the Teach menu's Lessons page (each lesson's deck,
guide page and printables), a practice slide's "Start this practice with the class", and
the teacher's page opened on that session in projector mode: the question, the join code
and the answers only, Next question and the timer.  Screenshots: tests/artifacts/lessons-*.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from crib.course.lessons import lesson

from .conftest import assert_no_error_output, open_dashboard, screenshot
from .test_devices import _axe

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # about a minute: two pages, axe x6

SIZES = ((1280, 900), (768, 1024))
SIDEWAYS_JS = "() => document.scrollingElement.scrollWidth > innerWidth"


def _each_size(page, name: str, found: list[str]) -> None:  # type: ignore[no-untyped-def]
    """At each size: axe, no sideways scrolling, a screenshot; back to the first size."""
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(300)  # the layout settles (a resize is not a widget message)
        _axe(page, f"{name} at {w}x{h}", found)
        if page.evaluate(SIDEWAYS_JS):
            found.append(f"{name} at {w}x{h}: the page scrolls sideways")
        screenshot(page, f"lessons-{name}-{w}")
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})


def test_lessons_page_practice_with_the_class_and_the_projector(browser, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(60_000)
    found: list[str] = []
    try:
        page, _t = open_dashboard(ctx, f"{voila_url}/voila/render/guide.ipynb", ".crib-lesson-show")
        assert_no_error_output(page)
        # Teach's menu: the lessons marked, the class dashboard one click away
        sub = page.locator(".crib-nav .crib-sub")
        expect(sub.locator("a[href='guide.ipynb']")).to_have_attribute("aria-current", "page")
        expect(sub.locator("a[href='teacher.ipynb']")).to_have_text("Class sessions")
        expect(page.locator(".crib-lesson-row")).to_have_count(5)
        _each_size(page, "page", found)
        # a lesson's guide page opens in its fold, a printable downloads
        row = page.locator(".crib-lesson-3")
        row.locator("details summary").click()
        expect(row.locator("details")).to_have_attribute("open", "")
        expect(row.locator("details")).to_contain_text("Printables: what to print and when")
        row.locator(".crib-lesson-print-board").click()
        expect(row.locator("a.crib-pdf")).to_have_attribute(
            "download", "crib-board-en-a4.pdf", timeout=60_000
        )
        screenshot(page, "lessons-page-printed-1280")

        # lesson 1 on the projector, to its first practice slide by the clicker's key
        page.locator(".crib-lesson-1 .crib-lesson-show").click()
        expect(page.locator(".crib-deck-next")).to_be_visible()
        expect(page.locator(".crib-guide-heading")).to_be_hidden()  # the slides get the room
        expect(page.locator(".crib-nav")).to_be_hidden()
        slides = lesson(1).slides
        first = next(i for i, s in enumerate(slides) if s.kind == "practice")
        expect(page.locator(".crib-practice-start")).to_be_hidden()
        for _ in range(sum(len(s.parts) + 1 for s in slides[:first])):
            page.keyboard.press("PageDown")
        expect(page.locator(".crib-deck-pos")).to_have_text(f"slide {first + 1} of {len(slides)}")
        page.locator(".crib-practice-start").click()
        banner = page.locator(".crib-practice-join .crib-code-banner")
        expect(banner).to_be_visible(timeout=30_000)
        code = banner.inner_text().strip()
        assert re.fullmatch(r"[A-Z0-9]{6}", code), code
        link = page.locator("a.crib-practice-teacher")
        assert link.get_attribute("href") == f"teacher.ipynb?code={code}"
        expect(page.locator(".crib-practice-status")).to_contain_text("created")
        assert_no_error_output(page)
        _each_size(page, "practice", found)
        page.close()

        # the teacher's page on that session, in projector mode
        page, _t = open_dashboard(
            ctx,
            f"{voila_url}/voila/render/teacher.ipynb?code={code}&projector=1",
            ".crib-proj-next",
        )
        n = len(lesson(1).practice)
        expect(page.locator(".crib-projector")).to_contain_text(f"Question 1 of {n}")
        expect(page.locator(".crib-code-banner")).to_have_text(code)
        for hidden in (".crib-nav", ".crib-page-intro", ".crib-lang-switch", ".crib-create"):
            expect(page.locator(hidden).first).to_be_hidden()
        expect(page.locator(".crib-question-pick")).to_be_hidden()  # Next replaces the list
        text = page.inner_text("#rendered_cells")
        for gone in ("Teacher's dashboard", "Français", "Export CSV", "Mastery per lesson"):
            assert gone not in text, gone
        expect(page.locator(".crib-proj-prev")).to_be_disabled()
        page.locator(".crib-proj-next").click()
        expect(page.locator(".crib-projector")).to_contain_text(f"Question 2 of {n}")
        page.keyboard.press("PageDown")  # a presentation clicker
        expect(page.locator(".crib-projector")).to_contain_text(f"Question 3 of {n}")
        page.keyboard.press("PageUp")
        expect(page.locator(".crib-projector")).to_contain_text(f"Question 2 of {n}")
        # the timer: off, then 30 s, started, counting down
        expect(page.locator(".crib-proj-clock")).to_have_text("")
        page.locator(".crib-proj-timer select").select_option(label="30 s")
        expect(page.locator(".crib-proj-clock")).to_have_text("0:30")
        page.locator(".crib-proj-timer-start").click()
        expect(page.locator(".crib-proj-clock")).to_have_text(
            re.compile(r"0:[0-2]\d"), timeout=30_000
        )
        page.locator(".crib-reveal-button").click()
        expect(page.locator(".crib-projector .crib-proj-answers")).to_be_visible()
        assert_no_error_output(page)
        _each_size(page, "projector", found)
        assert not page.crib_errors, page.crib_errors
    finally:
        ctx.close()
    assert not found, "\n".join(found)
