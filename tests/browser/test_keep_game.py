"""A game against the computer is never lost (issue #37, point 1), in a real browser.

Mid-hand, the page is reloaded, left by its nav link and come back to with Back, and its
kernel is killed (``kill -9``) and the page reloaded: each time the same game comes back
at the same decision (the same cards, pile, count and scores), with "New game" beside it,
and one more move is then kept (nothing played twice, nothing lost).  Leaving mid-game
asks first (the browser's own beforeunload dialog), New game asks first (an in-page
question, by keyboard and click), and another device (a fresh browser context: its own
storage) never sees the game.  The resume times are printed (seconds from the
navigation to the game drawn again).
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from .conftest import assert_no_error_output, click_step, open_dashboard, press_step, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

READY = ".crib-keys-ready"
WHERE_JS = """() => ({
  phase: document.querySelector('.crib-phase').dataset.phase,
  hand: [...document.querySelectorAll('.crib-hand .crib-cardbtn')]
          .filter(b => b.offsetParent !== null).map(b => b.getAttribute('aria-label')),
  middle: document.querySelector('.crib-table')?.innerText || '',
  game: document.querySelector('.crib-game-id').innerText,
  scores: document.querySelector('.crib-scores')?.innerText || '',
})"""


def where(page) -> dict:  # type: ignore[no-untyped-def]
    """The decision on the screen: phase, cards held, the middle of the table, scores."""
    return page.evaluate(WHERE_JS)


def back_again(page) -> float:  # type: ignore[no-untyped-def]
    """Wait for the kept game to come back; the seconds it took."""
    t = time.perf_counter()
    page.wait_for_selector(".crib-keep-status:has-text('back where you left it')", timeout=90_000)
    return time.perf_counter() - t


KEPT_JS = "() => document.querySelector('.crib-keeper[data-kept]')?.dataset.kept || ''"


def kept_after(page, act) -> None:  # type: ignore[no-untyped-def]
    """Do ``act()`` (one step of the game), then wait until the device has kept it: the
    keeper's message comes just after the redraw, and a reload in between would lose it."""
    old = page.evaluate(KEPT_JS)
    act()
    page.wait_for_function(f"k => ({KEPT_JS})() !== k", arg=old, timeout=30_000)


def play_a_card(page) -> None:  # type: ignore[no-untyped-def]
    legal = page.locator(".crib-hand .crib-cardbtn.crib-legal").first
    click_step(page, legal)


def kernel_pid(kernel_id: str) -> int:
    for stat in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            cmd = stat.read_bytes()
        except OSError:
            continue
        if b"ipykernel" in cmd and kernel_id.encode() in cmd:
            return int(stat.parent.name)
    raise AssertionError(f"no process for kernel {kernel_id}")


def test_reload_back_and_a_dead_kernel_resume_the_same_decision(voila_url, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_navigation_timeout(120_000)
    kernels: list[str] = []
    url = f"{voila_url}/voila/render/play.ipynb?tier=easy&seed=7"
    page, _ready = open_dashboard(ctx, url, READY)
    page.on(  # the kernel behind each page load (its channels' websocket)
        "websocket",
        lambda ws: (
            kernels.append(ws.url.split("/api/kernels/")[1].split("/")[0])
            if "/api/kernels/" in ws.url
            else None
        ),
    )
    for key in ("n", "n", "1", "2"):
        press_step(page, key)
    kept_after(page, lambda: press_step(page, "Enter"))
    if where(page)["phase"] == "play":
        kept_after(page, lambda: play_a_card(page))
    before = where(page)
    assert before["phase"] in ("play", "hand_over", "count") and "7" in before["game"]
    took = {}

    # 1. a reload
    page.reload()
    took["reload"] = back_again(page)
    assert where(page) == before
    assert page.locator(".crib-new").is_visible()  # New game beside it

    # 2. the nav's Learn link asks first (beforeunload), then Back
    dialogs: list[str] = []

    def leave(d):  # type: ignore[no-untyped-def]
        dialogs.append(d.type)
        d.accept()

    page.on("dialog", leave)
    page.locator(".crib-nav a.crib-nav-learn").first.click()
    page.wait_for_url("**/learn.ipynb*", timeout=60_000)
    assert dialogs == ["beforeunload"]  # leaving mid-game asked
    page.go_back()
    took["back"] = back_again(page)
    assert where(page) == before

    # 3. the kernel dies (kill -9), the page is reloaded
    os.kill(kernel_pid(kernels[-1]), signal.SIGKILL)
    time.sleep(1.0)
    page.reload()
    took["killed kernel"] = back_again(page)
    assert where(page) == before
    assert_no_error_output(page)

    # one more move is kept, once
    if before["phase"] == "play":
        kept_after(page, lambda: play_a_card(page))
    else:
        kept_after(page, lambda: press_step(page, "n"))
    after = where(page)
    assert after != before
    page.reload()
    back_again(page)
    assert where(page) == after  # the move was kept, and not played twice

    # 4. New game asks first: Enter on the focused "Keep playing" keeps the game
    page.locator(".crib-new").click()
    page.wait_for_selector(".crib-ask-no", state="visible")
    page.wait_for_function("document.activeElement?.closest('.crib-ask-no') != null")
    screenshot(page, "keep-new-game-question-1280")
    page.keyboard.press("Enter")
    page.wait_for_selector(".crib-ask", state="hidden")
    assert where(page) == after

    # 5. another device (its own storage) gets a game of its own
    other = browser.new_context(viewport={"width": 768, "height": 1024}, has_touch=True)
    other.set_default_navigation_timeout(120_000)
    page2, _ = open_dashboard(other, f"{voila_url}/voila/render/play.ipynb", READY)
    time.sleep(2.0)  # the keeper's message has come and gone
    assert page2.locator(".crib-keep-status:has-text('back where')").count() == 0
    assert where(page2)["game"] != after["game"] or where(page2)["hand"] != after["hand"]
    other.close()

    # 6. Start a new game, by tap or click: a new one, and the guard is off until it is dealt
    page.locator(".crib-new").click()
    page.locator(".crib-ask-yes").click()
    page.wait_for_function(
        "document.querySelector('.crib-phase').dataset.phase === 'cut'", timeout=30_000
    )
    print("resume seconds:", {k: round(v, 2) for k, v in took.items()})
    ctx.close()
