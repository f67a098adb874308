"""A first game on a tablet with touch (issue #37, point 2): ``?tour=1`` against Easy, from
the first lesson to the first show, Continue tapped at each pause; screenshots of the
discard's lesson and the show's at 768×1024 (tests/artifacts/first_game_*_768.png)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from crib.session.first_game import STORE_KEY

from .conftest import ARTIFACTS, _step_after, assert_no_error_output, open_dashboard

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _shot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """What the learner sees (the viewport, not the whole page)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), timeout=120_000)


def _lesson(page) -> str | None:  # type: ignore[no-untyped-def]
    text = page.locator(".crib-lesson-text")
    return text.get_attribute("data-lesson") if text.is_visible() else None


def _in_view(page, selector: str) -> bool:  # type: ignore[no-untyped-def]
    return page.evaluate(
        """(sel) => { const e = document.querySelector(sel); if (!e) return false;
           const r = e.getBoundingClientRect();
           return r.height > 0 && r.top >= -1 && r.bottom <= innerHeight + 1; }""",
        selector,
    )


def test_a_first_game_by_touch_on_a_tablet_to_its_first_show(browser, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    ctx = browser.new_context(
        viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True
    )
    ctx.set_default_timeout(60_000)
    try:
        page, _ = open_dashboard(
            ctx, f"{voila_url}/voila/render/play.ipynb?tier=easy&seed=1&tour=1", ".crib-keys-ready"
        )
        expect(page.locator(".crib-lesson-text")).to_have_attribute("data-lesson", "discard")
        expect(page.locator(".crib-phase")).to_have_attribute("data-phase", "lesson")
        cont = page.locator(".crib-lesson-continue")
        box = cont.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44  # a finger's size
        assert _in_view(page, ".crib-lesson-continue") and _in_view(page, ".crib-hand")
        _shot(page, "first_game_discard_768")
        seen = []
        while len(seen) < 20:
            lesson = _lesson(page)
            if lesson is not None:
                seen.append(lesson)
                assert _in_view(page, ".crib-lesson-continue"), lesson
                if lesson == "crib":
                    _shot(page, "first_game_show_768")
                    _step_after(page, cont.tap)
                    break
                _step_after(page, cont.tap)
                continue
            phase = page.locator(".crib-phase").get_attribute("data-phase")
            if phase == "discard":
                page.locator(".crib-card-1").tap()
                page.locator(".crib-card-2").tap()
                expect(page.locator(".crib-card-2")).to_have_class(re.compile("crib-selected"))
                _step_after(page, page.locator(".crib-confirm").tap)
            elif phase == "play":
                card = page.locator(".crib-hand .crib-cardbtn.crib-legal").first
                _step_after(page, card.tap)
            else:
                _step_after(page, page.locator(".crib-confirm").tap)
        assert seen == ["discard", "starter", "points", "go", "last", "pone", "dealer", "crib"]
        expect(page.locator(".crib-phase")).to_have_attribute("data-phase", "hand_over")
        kept = json.loads(page.evaluate(f"() => localStorage.getItem('{STORE_KEY}')"))
        assert kept["done"] == seen and kept["played"] is True
        assert_no_error_output(page)
        assert not page.crib_errors
    finally:
        ctx.close()
