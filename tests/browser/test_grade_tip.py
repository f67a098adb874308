"""A grade word's range in a real browser (issue 37, acceptance 4): hidden until asked,
shown by a tap on a touch screen and by Enter on the focused word, with the range as the
word's title for a mouse's hover."""

from __future__ import annotations

from crib.ui.kit.style import stylesheet_html
from crib.ui.play.html import grade_chip


def test_the_grade_range_opens_by_tap_and_by_keyboard(browser: object) -> None:
    chip = grade_chip("mistake", 0.62, plain=True)
    page_html = f"{stylesheet_html()}<div class='crib-play-app'><p>Your card {chip}</p></div>"
    ctx = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True
    )
    try:
        page = ctx.new_page()
        page.set_content(page_html)
        summary = page.locator(".crib-grade-tip > summary")
        tip = page.locator(".crib-grade-range")
        assert summary.get_attribute("title") == "mistake: 0.5 to less than 1.5 points lost"
        assert not tip.is_visible()
        summary.tap()
        assert tip.is_visible() and tip.inner_text() == "0.5 to less than 1.5 points lost"
        box = tip.bounding_box()
        assert box is not None and box["width"] > 0 and box["x"] + box["width"] <= 768
        summary.tap()
        assert not tip.is_visible()
        summary.focus()
        page.keyboard.press("Enter")
        assert tip.is_visible()
        page.keyboard.press("Enter")
        assert not tip.is_visible()
    finally:
        ctx.close()
