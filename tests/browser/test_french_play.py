"""The play page in French in a real browser (issue #24, point 8).

``play.ipynb?seed=11&tier=easy&lang=fr`` opens the game in French; a hand is played by
keys and clicks to its review; at each stop, every ``details`` ("How this was computed")
opened, no English message of the catalog (French
differs, more than three words) shows in the page's visible text; axe finds no serious
violation at 768x1024; screenshots mid-hand and at the hand's review.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import (
    assert_no_error_output,
    click_step,
    open_dashboard,
    press_step,
    screenshot,
)
from tests.browser.test_devices import AXE, _axe
from tests.browser.test_french import english_on, english_phrases

pytestmark = pytest.mark.browser


def _phase(page) -> str:  # type: ignore[no-untyped-def]
    return page.locator(".crib-phase").get_attribute("data-phase") or ""


def _legal(page) -> int | None:  # type: ignore[no-untyped-def]
    return page.evaluate(
        """() => { const bs = [...document.querySelectorAll('.crib-hand .crib-cardbtn')]
                    .filter(b => b.offsetParent !== null);
                   const i = bs.findIndex(b => b.classList.contains('crib-legal'));
                   return i < 0 ? null : i; }"""
    )


def _open_details(page) -> None:  # type: ignore[no-untyped-def]
    """Open every disclosure ("How this was computed"): its words are read too."""
    page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")


def _checked(page: object, what: str, phrases: list[str], shot: str) -> list[str]:
    """Every ``details`` opened: the English found and axe's findings, screenshots at 768
    and 1280 px wide (the page left at 768)."""
    _open_details(page)
    found = [f"{what}: {p}" for p in english_on(page, phrases)]
    _axe(page, f"play in French, {what}", found)
    for width, height in ((768, 1024), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})  # type: ignore[attr-defined]
        screenshot(page, f"{shot}-{width}")
    page.set_viewport_size({"width": 768, "height": 1024})  # type: ignore[attr-defined]
    return found


def test_a_hand_in_french(voila_url: str, browser: object) -> None:
    phrases = english_phrases()
    assert AXE.exists(), f"axe-core is missing at {AXE}"
    found: list[str] = []
    ctx = browser.new_context(viewport={"width": 768, "height": 1024})  # type: ignore[attr-defined]
    ctx.set_default_navigation_timeout(120_000)
    try:
        url = f"{voila_url}/voila/render/play.ipynb?seed=11&tier=easy&lang=fr"
        page, _t = open_dashboard(ctx, url, ".crib-keys-ready")
        page.wait_for_selector(".crib-lang a.crib-lang-fr[aria-current='true']", timeout=60_000)
        page.wait_for_selector(".crib-phase[data-seed='11']", timeout=60_000)  # the French game
        assert "Coupez pour la donne" in page.inner_text(".crib-prompt")
        assert "Jouer au cribbage avec le coach" in page.inner_text("body")
        _open_details(page)
        found += [f"opened: {p}" for p in english_on(page, phrases)]
        press_step(page, "n")  # the cut for deal
        press_step(page, "n")  # the deal
        assert _phase(page) == "discard" and "Jetez deux cartes" in page.inner_text(".crib-prompt")
        click_step(page, page.locator(".crib-hand .crib-cardbtn").nth(0))  # a click, then a key
        assert page.locator(".crib-hand .crib-selected").count() == 1
        press_step(page, "2")
        press_step(page, "Enter")
        assert _phase(page) == "play" and "à vous de jouer" in page.inner_text(".crib-prompt")
        page.keyboard.press("h")  # a hint: its detail sits under "How this was computed"
        page.wait_for_selector(".crib-hint-text details.crib-how", timeout=60_000)
        found += _checked(page, "the play", phrases, "french-play-midhand")
        for _ in range(12):  # the rest of the play, by clicks (a go is said for you)
            if _phase(page) != "play":
                break
            i = _legal(page)
            step = int(page.locator(".crib-phase").get_attribute("data-step") or 0)
            if i is None:
                page.keyboard.press("g")
            else:
                page.locator(".crib-hand .crib-cardbtn").nth(i).click()
            page.wait_for_function(
                "s => Number(document.querySelector('.crib-phase').dataset.step) > s",
                arg=step,
                timeout=30_000,
            )
        for _ in range(4):  # the show, to the hand's review
            if _phase(page) == "hand_over":
                break
            press_step(page, "n")
        assert _phase(page) == "hand_over", _phase(page)
        review = page.inner_text(".crib-review")
        assert "Bilan de la donne 1" in review and re.search(r"Donne 1\s:", review)
        found += _checked(page, "the review", phrases, "french-play-review")
        assert_no_error_output(page)
    finally:
        ctx.close()
    assert not found, "\n".join(found)
