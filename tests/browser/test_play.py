"""The game in a real browser: a whole game by keyboard, manual counting with muggins,
a review entry opened in its analyzer, screenshots and timings."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from crib.analysis.models import TIERS
from crib.rules.scoring import score_hand
from crib.session.controller import HUMAN, GameController

from .conftest import (
    ARTIFACTS,
    assert_no_error_output,
    click_step,
    open_dashboard,
    open_options,
    screenshot,
)

pytestmark = pytest.mark.browser

READY = ".crib-keys-ready"


@pytest.fixture(autouse=True)
def _patient(context) -> None:  # type: ignore[no-untyped-def]
    # the machine is shared: a loaded CPU can make the first navigation slow
    context.set_default_navigation_timeout(120_000)
    # a device that has played before: its grades in the usual words (a first game on a
    # device speaks gently, crib.ui.play.lessons; tests/browser/test_first_game.py)
    context.add_init_script(
        "if (!localStorage.getItem('crib-lessons')) localStorage.setItem('crib-lessons',"
        " JSON.stringify({done: [], off: false, played: true}))"
    )


def _state(page) -> tuple[str, int]:  # type: ignore[no-untyped-def]
    el = page.locator(".crib-phase")
    return el.get_attribute("data-phase") or "", int(el.get_attribute("data-step") or 0)


renders: list[float] = []


def _press(page, key: str, step: int) -> float:  # type: ignore[no-untyped-def]
    """Press a key and wait for the kernel's redraw; returns the seconds it took."""
    t = time.perf_counter()
    page.keyboard.press(key)
    page.wait_for_function(
        "s => Number(document.querySelector('.crib-phase').dataset.step) > s",
        arg=step,
        timeout=30_000,
    )
    took = time.perf_counter() - t
    renders.append(float(page.locator(".crib-phase").get_attribute("data-render-ms") or 0))
    return took


def _legal_index(page) -> int | None:  # type: ignore[no-untyped-def]
    """The first legal card's number (1-based), from the ringed card buttons."""
    return page.evaluate(
        """() => { const bs = [...document.querySelectorAll('.crib-hand .crib-cardbtn')]
                    .filter(b => b.offsetParent !== null);
                   const i = bs.findIndex(b => b.classList.contains('crib-legal'));
                   return i < 0 ? null : i + 1; }"""
    )


def _keyboard_turn(page, phase: str, step: int, moves: list[float]) -> bool:  # type: ignore[no-untyped-def]
    """One decision by keys only: throw the first two cards, or play the first legal
    card (the game says go for you).  Appends the confirming key's reply time to ``moves``;
    True when a card was played."""
    if phase == "discard":
        _press(page, "1", step)
        _, step = _state(page)
        _press(page, "2", step)
        _, step = _state(page)
        moves.append(_press(page, "Enter", step))
        return False
    assert not page.locator(".crib-go").is_visible()  # the game says go for you
    i = _legal_index(page)
    assert i is not None
    moves.append(_press(page, str(i), step))  # one key plays the card
    return True


def test_whole_game_by_keyboard_against_easy(
    context, voila_url: str, timings: dict[str, float]
) -> None:  # type: ignore[no-untyped-def]
    url = f"{voila_url}/voila/render/play.ipynb?tier=easy&seed=21"
    t_open = time.perf_counter()
    page, ready = open_dashboard(context, url, READY)
    page.set_viewport_size({"width": 1400, "height": 1900})  # full-page screenshots
    timings["play: open to interactive (preheated pool)"] = ready
    # the page's query string set up this game (the whole redraw is done when the
    # step marker, drawn last, carries the seed)
    expect(page.locator(".crib-phase[data-seed='21'][data-tier='easy']")).to_be_attached()
    timings["play: open to the query's game drawn"] = time.perf_counter() - t_open
    expect(page.locator(".crib-commit")).to_contain_text("commitment")
    expect(page.locator(".crib-tier select")).to_have_value("Easy")
    expect(page.locator(".crib-score-0")).to_contain_text("You 0")
    moves: list[float] = []
    shots = set()
    t0 = time.perf_counter()
    for _ in range(400):
        phase, step = _state(page)
        if phase == "over":
            break
        if phase in ("discard", "play"):
            if (
                _keyboard_turn(page, phase, step, moves)
                and "mid" not in shots
                and (page.locator(".crib-pile svg").count() >= 2)
            ):
                screenshot(page, "play-board-mid-game")
                shots.add("mid")
        else:
            if phase in ("show", "hand_over") and "show" not in shots:
                screenshot(page, "play-show")
                shots.add("show")
            _press(page, "n", step)
    else:
        pytest.fail("the game did not end")
    timings["play: whole game from 0-0 by keyboard"] = time.perf_counter() - t0
    timings["play: your move to the computer's reply on screen (median)"] = sorted(moves)[
        len(moves) // 2
    ]
    timings["play: your move to the computer's reply on screen (max)"] = max(moves)
    expect(page.locator(".crib-winner")).to_be_visible()
    scores = [
        int(re.search(r"(\d+)", page.locator(f".crib-score-{p}").text_content() or "").group(1))  # type: ignore[union-attr]
        for p in (0, 1)
    ]
    assert max(scores) == 121 and min(scores) < 121
    expect(page.locator(".crib-fairness")).to_contain_text("verified from the seed")
    expect(page.locator(".crib-review")).to_contain_text("Game review")
    screenshot(page, "play-review")
    r = sorted(renders)
    timings["play: kernel redraw of board and table (median)"] = r[len(r) // 2] / 1000
    timings["play: kernel redraw of board and table (max)"] = r[-1] / 1000
    # save the game, then load it back: the replay verdict and the hand-by-hand review
    open_options(page)  # Save and Load are in the game's options
    page.locator(".crib-save").click()
    link = page.locator(".crib-download")
    expect(link).to_be_visible()
    with page.expect_download() as dl:
        link.click()
    saved = ARTIFACTS / "play-saved-game.json"
    dl.value.save_as(saved)
    assert json.loads(saved.read_text())["events"][0]["type"] == "started"
    with page.expect_file_chooser() as chooser:
        page.locator(".crib-load").click()
    chooser.value.set_files(str(saved))
    expect(page.locator(".crib-replay-verdict")).to_contain_text(
        "verified from the seed", timeout=30_000
    )  # replayed through the engine
    expect(page.locator(".crib-replay")).to_contain_text("Hand 1 of")
    chart = page.locator(".crib-replay-box .crib-chance-ready")
    chart.wait_for(timeout=30_000)
    for _ in range(40):  # → steps decision by decision (the stepper), the hand follows
        before = chart.get_attribute("data-selected")
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            "s => document.querySelector('.crib-replay-box .crib-chance-ready')"
            ".dataset.selected !== s",
            arg=before,
            timeout=30_000,
        )
        page.wait_for_timeout(200)  # the hand's slider follows the step
        if "Hand 2 of" in page.locator(".crib-replay").inner_text():
            break
    expect(page.locator(".crib-replay")).to_contain_text("Hand 2 of")
    page.locator(".crib-replay-box").scroll_into_view_if_needed()
    page.locator(".crib-replay-box").screenshot(path=str(ARTIFACTS / "play-loaded-replay.png"))
    # the board is redrawn from the kernel: time one redraw (key to new peg position)
    assert_no_error_output(page)
    assert not page.crib_errors, page.crib_errors


def _first_countable_seed() -> tuple[int, int]:
    """A seed where you deal first and your first hand (throwing cards 1 and 2, playing
    the first legal card) counts at least 2, so a count 2 short is a real miscount; and
    that total."""
    for seed in range(1, 60):
        c = GameController(
            seed=seed, tier=TIERS["easy"], manual=True, muggins=True, exact_trap=False
        )
        for _ in range(60):
            if c.phase == "count":
                d = c.decision
                assert d is not None
                o = d.observation
                total = score_hand(o.hand, o.starter).total
                # you deal: your crib is your next count, so the computer's score moves
                # only by the muggins (the rest of the show follows one Continue)
                if (
                    c.hand_index == 0
                    and d.player == HUMAN
                    and d.what == "hand"
                    and total >= 2
                    and c.dealer == HUMAN
                ):
                    return seed, total
                break
            v = c.view()
            if c.phase == "discard":
                c.press("1")
                c.press("2")
                c.press("enter")
            elif c.phase == "play":
                c.press(str(v.legal[0] + 1))  # one key plays a card; go is said for you
            else:
                c.press("n")
    raise AssertionError("no seed gives a countable first hand")


def test_manual_counting_with_muggins_and_a_review_link(
    context, voila_url: str, timings: dict[str, float]
) -> None:  # type: ignore[no-untyped-def]
    seed, total = _first_countable_seed()
    # the link's game is another seed's, so the check after New game below cannot pass on it
    page, ready = open_dashboard(
        context, f"{voila_url}/voila/render/play.ipynb?tier=easy&seed={seed + 1}", READY
    )
    timings["play: open to interactive, second page (preheated pool)"] = ready
    expect(page.locator(f".crib-phase[data-seed='{seed + 1}']")).to_be_attached()
    page.set_viewport_size({"width": 1400, "height": 1900})
    # turn manual counting and muggins on with the mouse; they apply from the next game,
    # and a seed typed in the box is an explicit choice that New game deals (without
    # one, New game deals a fresh random seed)
    open_options(page)
    page.locator(".crib-manual input").check()
    page.locator(".crib-muggins input").check()
    seed_box = page.locator(".crib-seed input")
    seed_box.fill(str(seed))
    seed_box.press("Tab")
    page.locator(".crib-new").click()
    expect(page.locator(f".crib-phase[data-seed='{seed}']")).to_have_attribute("data-phase", "cut")
    expect(page.locator(".crib-manual input")).to_be_checked()
    # clicking a card out of turn gets a message in place
    page.keyboard.press("3")
    expect(page.locator(".crib-status")).to_contain_text("cut for the deal")
    for _ in range(80):
        phase, step = _state(page)
        if phase == "count":
            break
        if phase == "discard":
            # each click seen before the next (a click lost in a redraw under load would
            # throw other cards than the headless replay of the seed did)
            for k in (1, 2):
                click_step(page, page.locator(f".crib-card-{k}"))
                expect(page.locator(f".crib-card-{k}")).to_have_class(re.compile("crib-selected"))
            _, step = _state(page)
            page.locator(".crib-confirm").click()
        elif phase == "play":
            if page.locator(".crib-go").is_visible():
                page.locator(".crib-go").click()
            else:
                t = time.perf_counter()
                page.locator(f".crib-card-{_legal_index(page)}").click()
                page.wait_for_function(
                    "s => Number(document.querySelector('.crib-phase').dataset.step) > s", arg=step
                )
                timings.setdefault(
                    "play: click a card to the computer's reply on screen", time.perf_counter() - t
                )
                continue
        else:
            page.locator(".crib-confirm").click()
        page.wait_for_function(
            "s => Number(document.querySelector('.crib-phase').dataset.step) > s", arg=step
        )
    else:
        pytest.fail("never reached your count")
    before = page.locator(".crib-score-1").text_content() or ""
    # a count that is not a number, then one 2 short: muggins
    box = page.locator(".crib-count-entry input")
    box.fill("lots")
    page.locator(".crib-count-button").click()
    expect(page.locator(".crib-status")).to_contain_text("number from 0 to 29")
    box.fill(str(total + 1))  # too many: refused, count again
    page.locator(".crib-count-button").click()
    expect(page.locator(".crib-status")).to_contain_text("count again")
    expect(page.locator(".crib-phase")).to_have_attribute("data-phase", "count")
    _, step = _state(page)
    box.fill(str(total - 2))
    box.press("Enter")  # Enter in the box counts too
    expect(page.locator(".crib-status")).to_contain_text("Muggins")
    # the step is drawn last: until it moves, the page may still show the count phase it
    # had, and a key sent for that phase would be taken by the next (n would deal on)
    page.wait_for_function(
        "s => Number(document.querySelector('.crib-phase').dataset.step) > s", arg=step
    )
    expect(page.locator(".crib-status")).to_contain_text(f"it counts {total}")
    after = page.locator(".crib-score-1").text_content() or ""
    b = int(re.search(r"(\d+)", before).group(1))  # type: ignore[union-attr]
    a = int(re.search(r"(\d+)", after).group(1))  # type: ignore[union-attr]
    assert a - b == 2
    # on to the end of the hand: the review, then a review entry opens its analyzer
    for _ in range(10):
        phase, step = _state(page)
        if phase == "hand_over":
            break
        e_total = page.locator(".crib-count-entry input")
        if phase == "count" and _shows(e_total):
            e_total.fill("0")
            e_total.press("Enter")
        else:  # the show goes on (a "count" phase read just before the page moved on)
            page.keyboard.press("n")
        page.wait_for_function(
            "s => Number(document.querySelector('.crib-phase').dataset.step) > s", arg=step
        )
    expect(page.locator(".crib-hand-strip")).to_contain_text("Counting")
    link = page.locator(".crib-review-link").first
    href = link.get_attribute("href") or ""
    assert href.startswith(("discard.ipynb?", "pegging.ipynb?"))
    screenshot(page, "play-hand-review")
    with context.expect_page() as new:
        link.click()
    analyzer = new.value
    analyzer.wait_for_selector("#loading", state="detached", timeout=90_000)
    if href.startswith("discard"):
        from urllib.parse import parse_qs

        six = parse_qs(href.split("?", 1)[1])["six"][0]
        expect(analyzer.locator(".crib-picker-text input")).to_have_value(six, timeout=60_000)
        expect(analyzer.locator(".crib-status")).to_contain_text("Best as", timeout=60_000)
    else:
        expect(analyzer.locator(".crib-position-text input")).to_have_value(
            re.compile("^hand "), timeout=60_000
        )
        expect(analyzer.locator(".crib-status")).to_contain_text("Best:", timeout=60_000)
    screenshot(analyzer, "play-review-opened-in-analyzer")
    assert_no_error_output(page)
    assert not page.crib_errors, page.crib_errors


def _fits(page) -> bool:  # type: ignore[no-untyped-def]
    """No horizontal scrolling: the page is no wider than the window."""
    return bool(
        page.evaluate(
            "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
    )


def _shoot(page, name: str, widths: dict[str, bool], focus: str = "") -> None:  # type: ignore[no-untyped-def]
    """Screenshots of the window at 1400x1000 and 1280x800 (scrolled to ``focus``, if
    given, as a player would), checking that neither scrolls sideways."""
    for w, h in ((1400, 1000), (1280, 800)):
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(150)  # let the layout settle (no assertion is timed)
        widths[f"{name} at {w}x{h}"] = _fits(page)
        if focus:
            page.locator(focus).first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"{name}-{w}x{h}.png"))
        page.evaluate("() => window.scrollTo(0, 0)")
    page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.slow  # a whole game and its timings: make test-slow (make test plays one by keyboard)
def test_whole_game_against_the_master_timed_at_1280x800(
    context, voila_url: str, timings: dict[str, float]
) -> None:  # type: ignore[no-untyped-def]
    """The default opponent, the Master, by keyboard to 121 in a 1280x800 window:
    each computer reply and each redraw timed (reported, not asserted), and the page
    never wider than the window."""
    page, ready = open_dashboard(context, f"{voila_url}/voila/render/play.ipynb?seed=33", READY)
    page.set_viewport_size({"width": 1280, "height": 800})
    timings["play (Master): open to interactive (preheated pool)"] = ready
    expect(page.locator(".crib-phase[data-seed='33'][data-tier='master']")).to_be_attached()
    expect(page.locator(".crib-tier select")).to_have_value("Master")
    renders.clear()
    moves: list[float] = []
    widths: dict[str, bool] = {}
    shots: set[str] = set()
    for _ in range(600):
        phase, step = _state(page)
        if phase == "over":
            break
        if phase in ("discard", "play"):
            if (
                _keyboard_turn(page, phase, step, moves)
                and "mid" not in shots
                and (page.locator(".crib-pile svg").count() >= 3)
            ):
                _shoot(page, "play-master-board-mid-game", widths)
                shots.add("mid")
        else:
            if (
                phase in ("show", "hand_over")
                and "show" not in shots
                and page.locator(".crib-show-line").count() >= 3
            ):
                _shoot(page, "play-master-show", widths, ".crib-show-item >> nth=-1")
                shots.add("show")
            if phase == "hand_over" and "hand" not in shots:
                _shoot(page, "play-master-hand-review", widths, ".crib-review")
                shots.add("hand")
            _press(page, "n", step)
    else:
        pytest.fail("the game did not end")
    _shoot(page, "play-master-game-review", widths, ".crib-review")
    expect(page.locator(".crib-winner")).to_be_visible()
    expect(page.locator(".crib-fairness")).to_contain_text("verified from the seed")
    m, r = sorted(moves), sorted(renders)
    timings["play (Master): your move to the computer's reply on screen (median)"] = m[len(m) // 2]
    timings["play (Master): your move to the computer's reply on screen (90th percentile)"] = m[
        int(len(m) * 0.9)
    ]
    timings["play (Master): your move to the computer's reply on screen (max)"] = m[-1]
    timings["play (Master): kernel redraw of board and table (median)"] = r[len(r) // 2] / 1000
    timings["play (Master): kernel redraw of board and table (max)"] = r[-1] / 1000
    (ARTIFACTS / "play-master-moves.json").write_text(
        json.dumps(
            {"moves_s": moves, "renders_ms": renders, "moves_over_1s": sum(x > 1.0 for x in m)}
        )
    )
    assert all(widths.values()), f"horizontal scrolling: {widths}"
    assert_no_error_output(page)
    assert not page.crib_errors, page.crib_errors


def _shows(locator, seconds: float = 5.0) -> bool:  # type: ignore[no-untyped-def]
    """Whether ``locator`` becomes visible within ``seconds`` (the page redraws after a key)."""
    try:
        expect(locator).to_be_visible(timeout=seconds * 1000)
    except AssertionError:
        return False
    return True
