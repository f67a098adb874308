"""A finished classmate game's review in a real browser (issue #39, point 7): the game is
played headless into the classroom record (the test does not click through it), then
Ann's play page opens her seat by its link and shows her graph, stepper and key moments;
at 768 px it steps by keyboard (→ → ←), each step naming Bob's six of that hand (the game
and its round are over), and axe-core finds nothing.  Screenshot:
tests/artifacts/duel-review-768.png."""

from __future__ import annotations

from pathlib import Path

import pytest

from crib.rules.fairness import HashRng
from crib.session.duel import DuelSeat
from crib.store.duels import DuelStore
from tests.test_duel import _play_out

from .conftest import ARTIFACTS
from .duel_driver import serve_play_page
from .test_devices import _axe

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHART = ".crib-duel-stepper .crib-chance-ready"


def selected(page) -> int:  # type: ignore[no-untyped-def]
    return int(page.locator(CHART).get_attribute("data-selected") or -1)


def test_a_finished_classmate_game_steps_by_keyboard(
    browser,  # type: ignore[no-untyped-def]
    chromium_path: str,
    tmp_path: Path,
) -> None:
    with serve_play_page(tmp_path, tmp_path / "voila.log") as (base, db, _pid):
        ann = DuelSeat.create(DuelStore(db), "Ann", scores=(100, 100), code="RVW7")
        bob = DuelSeat.join(DuelStore(db), ann.code, "Bob")
        _play_out([ann, bob], HashRng(7, "browser review"))
        assert ann.phase == "over"
        ann.leave()  # the test's own seats let go: Ann's page opens her seat
        bob.leave()
        ctx = browser.new_context(viewport={"width": 768, "height": 1024})
        ctx.set_default_navigation_timeout(120_000)
        page = ctx.new_page()
        page.goto(f"{base}/voila/render/play.ipynb?table={ann.code}&seat={ann.token}")
        # the coach grades the game off the page's event loop (a forked child at nice 19)
        page.wait_for_selector(f"{CHART} .crib-chance-point", timeout=600_000)
        first = selected(page)
        for key in ("ArrowRight", "ArrowRight", "ArrowLeft"):
            before = selected(page)
            page.keyboard.press(key)
            page.wait_for_function(
                f"s => Number(document.querySelector('{CHART}').dataset.selected) !== s",
                arg=before,
                timeout=30_000,
            )
        assert selected(page) > first
        step = page.locator(".crib-duel-stepper .crib-step").inner_text()
        assert "Chance to win" in step and "Bob's six" in step
        assert "Key moments" in page.locator(".crib-duel-stepper .crib-moments").inner_text()
        found: list[str] = []
        _axe(page, "classmate review 768", found)
        box = page.locator(".crib-duel-stepper")
        box.scroll_into_view_if_needed()
        box.screenshot(path=str(ARTIFACTS / "duel-review-768.png"))
        ctx.close()
        assert not found, found
