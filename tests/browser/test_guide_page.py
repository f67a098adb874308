"""The teacher's guide page in a real browser: a class link opens a French lesson on the
projector (1280x800), the keys a clicker sends step through it, and it fits the screen."""

from __future__ import annotations

import pytest

from crib.course.lessons import lesson

from .conftest import assert_no_error_output, open_dashboard, screenshot

pytestmark = pytest.mark.browser

FITS_JS = """() => {
  const W = document.documentElement.clientWidth, H = window.innerHeight;
  const bad = [];
  for (const sel of [
    '.crib-deck-next', '.crib-deck-back', '.crib-slide h2', '.crib-slide ol li:last-child',
  ]) {
    const el = document.querySelector(sel);
    if (!el) continue;
    const r = el.getBoundingClientRect();
    if (r.right > W + 1 || r.bottom > H + 1) {
      bad.push(sel + ' ' + Math.round(r.right) + 'x' + Math.round(r.bottom));
    }
  }
  return bad;
}"""


def test_class_link_opens_a_french_lesson_that_fits_the_projector(
    voila_url: str, context: object
) -> None:
    context.set_default_timeout(60_000)  # type: ignore[attr-defined]
    page, _t = open_dashboard(
        context, f"{voila_url}/voila/render/guide.ipynb?lang=fr&lesson=1", ".crib-deck-next"
    )
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("() => document.body.innerText.includes('diapositive 1 sur')")
    assert_no_error_output(page)
    slides = lesson(1, "fr").slides
    # step through the whole lesson with the clicker's key, checking each screen fits
    presses = sum(len(s.parts) + 1 for s in slides) - 1
    for i in range(presses):
        page.keyboard.press("PageDown")
        if i % 7 == 0:
            page.wait_for_timeout(250)
            assert page.evaluate(FITS_JS) == [], (i, page.inner_text(".crib-slide"))
    n = len(slides)
    page.wait_for_function(f"() => document.body.innerText.includes('diapositive {n} sur {n}')")
    text = page.inner_text(".crib-deck")
    for english in ("Next", "Back", "Answer", "Exit ticket", "slide "):
        assert english not in text, english
    screenshot(page, "guide_fr_lesson1_last")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => !document.querySelector('button.crib-deck-next').disabled")
