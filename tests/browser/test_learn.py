"""A beginner alone, in a real browser (issue #24, point 6): home, "Start here", the rules
page (desktop and tablet, axe-core), a glossary link, the first game with its lessons
(the first continued by keyboard, the next skipped by Escape), and the rules page in French."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from crib.i18n import tr
from tests.test_learn import _learn_msgids

from .conftest import ROOT, assert_no_error_output, open_dashboard, press_step, screenshot

pytestmark = pytest.mark.browser

AXE = ROOT / ".venv" / "node" / "node_modules" / "axe-core" / "axe.min.js"
AXE_JS = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.filter(v => v.impact === 'critical' || v.impact === 'serious')
    .map(v => v.impact + ' ' + v.id + ': '
      + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
}"""
IN_VIEW_JS = """(id) => { const r = document.getElementById(id).getBoundingClientRect();
  return r.top >= -1 && r.bottom <= innerHeight + 1; }"""


def _axe(page) -> list[str]:  # type: ignore[no-untyped-def]
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(AXE_JS)


def test_home_start_here_learn_page_then_a_first_game_with_its_tour(
    context, voila_url: str
) -> None:  # type: ignore[no-untyped-def]
    context.set_default_navigation_timeout(120_000)
    context.set_default_timeout(60_000)
    page, _t = open_dashboard(context, voila_url + "/", ".crib-start-here")
    page.set_viewport_size({"width": 1280, "height": 800})
    start = page.locator("a.crib-start-here")
    expect(start).to_have_text(re.compile("New to cribbage\\? Start here"))
    with page.expect_navigation():
        start.click()
    page.wait_for_selector("#loading", state="detached", timeout=90_000)
    page.wait_for_selector(".crib-learn", state="visible", timeout=60_000)
    assert page.url.endswith("/learn.ipynb") and page.title() == "Learn · crib"
    assert page.locator(".crib-nav a[aria-current='page']").inner_text() == "Learn to play"
    for key in ("pone", "crib", "starter", "heels", "nobs", "go", "muggins", "skunk"):
        expect(page.locator(f"dt#term-{key}")).to_have_count(1)
    assert_no_error_output(page)
    found = [f"1280x800: {v}" for v in _axe(page)]
    screenshot(page, "learn_1280")
    # a word of the rules opens its definition in the glossary
    page.locator("#learn-show a.crib-term[href='#term-nobs']").click()
    page.wait_for_function("() => location.hash === '#term-nobs'")
    assert page.evaluate(IN_VIEW_JS, "term-nobs")
    page.set_viewport_size({"width": 768, "height": 1024})
    page.wait_for_timeout(300)
    found += [f"768x1024: {v}" for v in _axe(page)]
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth + 1")
    screenshot(page, "learn_768")
    assert not found, "\n".join(found)

    # the first game: against Easy, its first lesson at the throw, its Continue focused
    page.set_viewport_size({"width": 1280, "height": 800})
    first = page.locator("a.crib-first-game").first
    assert first.get_attribute("href") == "play.ipynb?tier=easy&tour=1"
    with page.expect_navigation():
        first.click()
    page.wait_for_selector("#loading", state="detached", timeout=90_000)
    page.wait_for_selector(".crib-lesson-continue", state="visible", timeout=60_000)
    expect(page.locator(".crib-lesson-text")).to_have_attribute("data-lesson", "discard")
    expect(page.locator(".crib-phase")).to_have_attribute("data-phase", "lesson")
    expect(page.locator(".crib-phase")).to_have_attribute("data-tier", "easy")
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.closest('.crib-lesson-continue')"
    )
    assert page.locator(".crib-tour a.crib-term[href='learn.ipynb#term-crib']").count() == 1
    assert _axe(page) == []
    screenshot(page, "play_tour_1280")
    page.keyboard.press("Enter")  # Continue, from the keyboard
    expect(page.locator(".crib-tour")).to_be_hidden()
    expect(page.locator(".crib-phase")).to_have_attribute("data-phase", "discard")
    for key in ("1", "2", "Enter"):  # the game's keys: throw the first two
        press_step(page, key)
    expect(page.locator(".crib-lesson-text")).to_have_attribute("data-lesson", "starter")
    page.keyboard.press("Escape")  # Skip
    expect(page.locator(".crib-tour")).to_be_hidden()
    assert_no_error_output(page)
    assert not page.crib_errors


def test_the_learn_page_in_french_shows_no_english_catalog_string(context, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    context.set_default_navigation_timeout(120_000)
    page, _t = open_dashboard(
        context, f"{voila_url}/voila/render/learn.ipynb?lang=fr#term-heels", ".crib-learn"
    )
    page.set_viewport_size({"width": 768, "height": 1024})
    page.wait_for_function("() => document.body.innerText.includes('Comment jouer au cribbage')")
    page.wait_for_function(
        f"() => ({IN_VIEW_JS})('term-heels')", timeout=10_000
    )  # the link's anchor
    text = page.inner_text(".crib-learn")
    fr = tr("fr")
    english = sorted(m.split("{")[0].strip() for m in _learn_msgids() if fr(m) != m)
    shown = [e for e in english if len(e) > 3 and e in text]
    assert shown == [], shown
    assert "valet retourné" in text and "non-donneur" in text
    expect(page.locator("a.crib-first-game").first).to_have_attribute(
        "href", "play.ipynb?tier=easy&tour=1&lang=fr"
    )
    screenshot(page, "learn_fr_768")
    assert not page.crib_errors
