"""Retry and My mistakes in a real browser (issue #39, points 5 and 6): a decision of a
loaded saved game retried by keyboard from the review (the answer shown only after the
move), and a My-mistakes question answered by keyboard in the trainer, for the device's
profile kept in localStorage; axe-core at 768 px on both (screenshots:
tests/artifacts/retry-768.png, tests/artifacts/my-mistakes-768.png)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from crib.rules.cards import parse_cards
from crib.session.controller import TIERS, GameController
from crib.session.learner import PROFILE_KEY, LearnerKey
from crib.session.retry import RetryPosition
from crib.store.mistakes import MistakeStore
from tests.test_keep import step

from .conftest import ARTIFACTS, SERVER, open_dashboard, open_options
from .test_devices import _axe

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TOKEN = "browser-test-profile-0001"
SIX = RetryPosition("discard", parse_cards("5H 5D JC QS 2C 9D"), True, (0, 0))


def _served_db() -> Path:
    """The served kernels' record (the server's CRIB_DB, tests/browser/server.py)."""
    env = Path(f"/proc/{SERVER['pid']}/environ").read_bytes().split(b"\0")
    db = next((e.split(b"=", 1)[1] for e in env if e.startswith(b"CRIB_DB=")), None)
    if db is None:
        pytest.skip("the served kernels' CRIB_DB is not readable here")
    return Path(db.decode())


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory) -> str:
    c = GameController(seed=12, tier=TIERS["easy"], scores=(60, 60))
    rng = random.Random(12)
    while c.phase != "over":
        step(c, rng)
    path = tmp_path_factory.mktemp("game") / "game.json"
    path.write_text(c.save()[0])
    return str(path)


def _press(page, selector: str, key: str) -> None:  # type: ignore[no-untyped-def]
    loc = page.locator(selector)
    loc.wait_for(state="visible", timeout=60_000)
    page.wait_for_function("e => !e.disabled", arg=loc.element_handle(), timeout=60_000)
    loc.focus()
    page.keyboard.press(key)


def test_retry_from_the_review_then_my_mistakes(voila_url, browser, saved_game):
    found: list[str] = []
    ctx = browser.new_context(viewport={"width": 768, "height": 1024})
    ctx.set_default_navigation_timeout(120_000)
    ctx.add_init_script(f"localStorage.setItem('{PROFILE_KEY}', '{TOKEN}')")
    page, _ = open_dashboard(ctx, f"{voila_url}/voila/render/play.ipynb", ".crib-keys-ready")
    open_options(page)
    with page.expect_file_chooser() as chooser:
        page.locator(".crib-load").click()
    chooser.value.set_files(saved_game)
    box = ".crib-replay-box"
    _press(page, f"{box} .crib-step-retry", "Enter")  # the first decision: the discard
    page.wait_for_selector(f"{box} .crib-retry-card-6", timeout=60_000)
    verdict = page.locator(f"{box} .crib-retry-verdict")
    assert verdict.inner_text().strip() == ""  # no answer before the move
    _press(page, f"{box} .crib-retry-card-1", "Space")
    _press(page, f"{box} .crib-retry-card-2", "Space")
    _press(page, f"{box} .crib-retry-throw", "Enter")
    page.wait_for_function(
        "s => (document.querySelector(s) || {}).innerText?.includes('You chose')",
        arg=f"{box} .crib-retry-verdict",
        timeout=60_000,
    )
    assert "best" in verdict.inner_text()
    _axe(page, "retry 768", found)
    page.locator(f"{box} .crib-retry").screenshot(path=str(ARTIFACTS / "retry-768.png"))
    page.close()

    # My mistakes: the device's profile has one kept position
    store = MistakeStore(_served_db())
    me = LearnerKey.for_device(TOKEN)
    store.keep(me, [(SIX, SIX.grade(parse_cards("JC QS")))])
    page, _ = open_dashboard(ctx, f"{voila_url}/voila/render/trainer.ipynb", ".crib-check")
    mine = page.locator(".crib-kind button", has_text="My mistakes")
    mine.focus()
    page.keyboard.press("Enter")
    m = ".crib-mistakes"
    page.wait_for_selector(f"{m} .crib-retry-card-6", timeout=60_000)
    _press(page, f"{m} .crib-cardbtn-2C", "Space")
    _press(page, f"{m} .crib-cardbtn-9D", "Space")
    _press(page, f"{m} .crib-retry-throw", "Enter")
    page.wait_for_function(
        "s => (document.querySelector(s) || {}).innerText?.trim()",
        arg=f"{m} .crib-retry-status",
        timeout=60_000,
    )
    said = page.locator(f"{m} .crib-retry-status").inner_text()
    assert "2 days" in said, said
    assert store.mistakes(me)[0].right_count == 1
    _axe(page, "my mistakes 768", found)
    page.locator(m).screenshot(path=str(ARTIFACTS / "my-mistakes-768.png"))
    ctx.close()
    store.close()
    assert not found, found
