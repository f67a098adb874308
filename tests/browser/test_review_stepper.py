"""The review's chance graph and stepper in a real browser (issue #39, point 2): a saved
game log is loaded (the test does not play the game), stepped through by keyboard at
768 px and by a tap on the graph, with axe-core at 768 and 390 px and no sideways
scrolling at 390 px; screenshots at 1280, 768 and 390 px
(tests/artifacts/review-stepper-{1280,768,390}.png).  And a game played on the page to its
end (from 85-85, kept on the device one move before its end, resumed, the last move
pressed): the end-of-game review with both players' accuracy, its table folded into rows
at 390 px with no sideways scroll (tests/artifacts/review-end-{1280,768,390}.png)."""

from __future__ import annotations

import json
import random
import time

import pytest

from crib.session.controller import TIERS, GameController
from crib.session.first_game import STORE_KEY
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
        tall = box.bounding_box()
        if tall and tall["height"] > height - 40:  # all of it drawn: a window as tall as it
            page.set_viewport_size({"width": width, "height": int(tall["height"]) + 80})
        box.scroll_into_view_if_needed()
        box.screenshot(path=str(ARTIFACTS / f"review-stepper-{width}.png"))
        ctx.close()
    assert not found, found


def _fits(page) -> int:  # type: ignore[no-untyped-def]
    return page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )


def test_the_end_of_game_review_folds_on_a_phone(voila_url, browser):
    # a short game (from 85-85: five hands), so its end's review is ready in seconds even
    # on a loaded machine (a resumed game's review computes all its hands at the end)
    c = GameController(seed=14, tier=TIERS["easy"], scores=(85, 85))
    rng = random.Random(14)
    while c.phase != "over":
        step(c, rng)
    actions = c.record().actions
    assert actions[-1] == ("press", "1")  # the game's last move: card 1
    again = GameController(seed=14, tier=TIERS["easy"], scores=(85, 85))
    for name, *args in actions[:-1]:  # the game one move before its end, as kept
        getattr(again, name)(*args)
    kept = again.record()
    assert kept.started
    store = {kept.id: {"r": kept.to_json(), "at": int(time.time() * 1000), "tab": ""}}
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_navigation_timeout(120_000)
    ctx.add_init_script(f"localStorage.setItem('crib-games', {json.dumps(json.dumps(store))})")
    lessons = {"done": [], "off": True, "played": True}  # not a first game: the full review
    ctx.add_init_script(f"localStorage.setItem({STORE_KEY!r}, {json.dumps(json.dumps(lessons))})")
    page, _ = open_dashboard(ctx, f"{voila_url}/voila/render/play.ipynb", READY)
    page.wait_for_selector(".crib-phase[data-seed='14']", state="attached", timeout=60_000)
    page.wait_for_function(
        "() => document.querySelector('.crib-phase').dataset.phase === 'play'", timeout=60_000
    )
    step_now = int(page.locator(".crib-phase").get_attribute("data-step") or 0)
    page.keyboard.press("1")
    page.wait_for_function(
        "s => Number(document.querySelector('.crib-phase').dataset.step) > s",
        arg=step_now,
        timeout=300_000,
    )
    page.wait_for_selector(".crib-review .crib-review-row", timeout=300_000)
    page.wait_for_selector(".crib-stepper .crib-accuracy-table", timeout=60_000)
    acc = page.locator(".crib-stepper .crib-accuracy-table").inner_text()
    assert "You" in acc and "Easy" in acc
    assert "lichess" in page.locator(".crib-formula").inner_text()
    found: list[str] = []
    for width, height in ((1280, 900), (768, 1024), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)  # the layout settles (nothing here is timed)
        assert _fits(page) <= 1, f"the page scrolls sideways at {width}"
        row = page.locator(".crib-review .crib-review-row").first
        if width == 390:  # folded: the row is a block, the coach's words across it
            words = row.locator("td").nth(5).bounding_box()
            assert words is not None and words["width"] > 300, words
            _axe(page, "end-of-game review 390", found)
        tall = page.evaluate(  # the page's own height (Voila may scroll an inner box)
            "() => Math.ceil(document.querySelector('.crib-play-app')"
            ".getBoundingClientRect().bottom + window.scrollY) + 40"
        )
        tall = min(max(tall, height), 9000)
        page.set_viewport_size({"width": width, "height": tall})  # the whole page, drawn
        page.wait_for_timeout(300)
        page.screenshot(path=str(ARTIFACTS / f"review-end-{width}.png"))
    ctx.close()
    assert not found, found
