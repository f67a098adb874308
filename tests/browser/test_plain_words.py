"""Plain words for learners (issue 27, acceptance 7), in a real browser: the play page
opens in plain words, a discard's verdict reads in plain words, and the model names and
statistics are only inside the collapsed "How this was computed"; the "Plain words"
switch is reached by keyboard and shows the detail.  Screenshots at 1280x800 and
768x1024 go to /tmp/shots."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from crib.session.plain import jargon_in

from .conftest import assert_no_error_output, open_dashboard, open_options, press_step

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots")


@pytest.fixture(autouse=True)
def _patient(context) -> None:  # type: ignore[no-untyped-def]
    context.set_default_navigation_timeout(120_000)


def _shots(page, name: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    for w, h in ((1280, 800), (768, 1024)):
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / f"{name}-{w}x{h}.png"), full_page=True)


def test_a_discard_verdict_in_plain_words_with_the_detail_folded(context, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    page, _ready = open_dashboard(
        context, f"{voila_url}/voila/render/play.ipynb?seed=11&tier=easy", ".crib-keys-ready"
    )
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(page.locator(".crib-phase[data-seed='11']")).to_be_attached()
    open_options(page)  # the switch is in the game's options
    switch = page.locator(".crib-plain-words input")
    expect(switch).to_be_checked()  # plain words by default
    for k in ("n", "n", "1", "2", "Enter"):  # cut, deal, throw the first two
        press_step(page, k)
    coach = page.locator(".crib-coach")
    words = coach.locator(".crib-plain-text")
    expect(words).to_be_visible()
    expect(words).to_contain_text("crib")
    expect(coach.locator(".crib-last-grade")).to_contain_text("Your throw")
    shown = coach.inner_text()  # what is rendered: a closed <details> shows its summary only
    assert jargon_in(shown) == [], shown
    how = coach.locator("details.crib-how").first
    assert how.get_attribute("open") is None  # folded
    hidden = how.text_content() or ""
    assert "Master" in hidden and jargon_in(hidden), hidden  # the model and statistics are there
    _shots(page, "play-plain-words")
    how.locator("summary").click()  # opened, the detail is in view
    expect(how.locator("p").first).to_be_visible()
    _shots(page, "play-plain-words-open")
    # the switch by keyboard: focus it and press Space; the detail takes the place
    switch.focus()
    expect(switch).to_be_focused()
    step = int(page.locator(".crib-phase").get_attribute("data-step") or 0)
    page.keyboard.press("Space")
    page.wait_for_function(
        "s => Number(document.querySelector('.crib-phase').dataset.step) > s",
        arg=step,
        timeout=30_000,
    )
    expect(switch).not_to_be_checked()
    expect(coach.locator(".crib-plain-text")).to_have_count(0)
    assert jargon_in(coach.inner_text()), coach.inner_text()
    _shots(page, "play-expert-detail")
    assert_no_error_output(page)
