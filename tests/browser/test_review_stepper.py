"""The review's chance graph and stepper in a real browser (issue #39, point 2): a saved
game log is loaded (the test does not play the game), stepped through by keyboard at
768 px and by a tap on the graph, with axe-core at 768 and 390 px and no sideways
scrolling at 390 px; screenshots at 1280, 768 and 390 px
(tests/artifacts/review-stepper-{1280,768,390}.png)."""

from __future__ import annotations

import random

import pytest

from crib.session.controller import TIERS, GameController
from tests.test_keep import step

from .conftest import ARTIFACTS, open_dashboard, open_options
from .test_devices import _axe

pytestmark = [pytest.mark.browser, pytest.mark.slow]

READY = ".crib-keys-ready"


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory) -> str:
    c = GameController(seed=12, tier=TIERS["easy"])
    rng = random.Random(12)
    while c.phase != "over":
        step(c, rng)
    path = tmp_path_factory.mktemp("game") / "game.json"
    path.write_text(c.save()[0])
    return str(path)


def selected(page) -> int:  # type: ignore[no-untyped-def]
    chart = page.locator(".crib-replay-box .crib-chance-ready")
    return int(chart.get_attribute("data-selected") or -1)


def test_step_through_a_saved_game(voila_url, browser, saved_game):
    found: list[str] = []
    for width, height in ((768, 1024), (390, 844), (1280, 900)):
        ctx = browser.new_context(viewport={"width": width, "height": height})
        ctx.set_default_navigation_timeout(120_000)
        page, _ = open_dashboard(ctx, f"{voila_url}/voila/render/play.ipynb", READY)
        open_options(page)  # Load game is in the "Game options" fold
        with page.expect_file_chooser() as chooser:
            page.locator(".crib-load").click()
        chooser.value.set_files(saved_game)
        page.wait_for_selector(".crib-replay-box .crib-chance-point", timeout=60_000)
        first = selected(page)
        if width == 768:  # by keyboard: → twice, ← once
            for key in ("ArrowRight", "ArrowRight", "ArrowLeft"):
                before = selected(page)
                page.keyboard.press(key)
                page.wait_for_function(
                    "s => Number(document.querySelector('.crib-replay-box "
                    ".crib-chance-ready').dataset.selected) !== s",
                    arg=before,
                    timeout=30_000,
                )
            assert selected(page) > first
            assert "Chance to win" in page.locator(".crib-replay-box .crib-step").inner_text()
        if width == 390:  # a tap on the last point
            before = selected(page)
            page.locator(".crib-replay-box .crib-chance-point").last.click()
            page.wait_for_function(
                "s => Number(document.querySelector('.crib-replay-box .crib-chance-ready')"
                ".dataset.selected) !== s",
                arg=before,
                timeout=30_000,
            )
            last = page.locator(".crib-replay-box .crib-step-next")
            page.wait_for_function("b => b.disabled", arg=last.element_handle(), timeout=30_000)
            wide = page.evaluate(
                "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert wide <= 1, f"the page scrolls sideways by {wide} px at 390"
        if width in (768, 390):
            _axe(page, f"review stepper {width}", found)
        box = page.locator(".crib-replay-box .crib-stepper")
        box.scroll_into_view_if_needed()
        box.screenshot(path=str(ARTIFACTS / f"review-stepper-{width}.png"))
        ctx.close()
    assert not found, found
