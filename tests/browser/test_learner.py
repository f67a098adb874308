"""The bugs a learner meets in the first minutes (issue 27), in a real browser.

No "null" on a card and one spoken name per card button; a new seed per visit and per
New game; keys after a click never reach the clicked button; the trainer's count box
takes the cursor and Enter; the teacher page has no broken image and a projector mode
without the nav bar.  Screenshots at 1280x800 and 768x1024 go to /tmp/shots.

The beginners' kinds (issue 24) on the same pages: a "what does this card peg?" and a
rules question answered on the trainer, the pre-test created and its Mastery table on
the teacher's page, axe-core at tablet and desktop sizes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from crib.rules.scoring import score_pegging

from .conftest import assert_no_error_output, open_dashboard, press_step
from .test_devices import AXE, AXE_JS

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots")
BAD_WORDS = re.compile(r"\b(null|undefined|NaN|None)\b")

# every visible card button: its title (tooltip, spoken name) and its corner text
_CARDS_JS = """() => [...document.querySelectorAll('.crib-cardbtn')]
  .filter(b => b.offsetParent !== null)
  .map(b => [b.getAttribute('title'), getComputedStyle(b, '::before').content, b.textContent])"""
_BROKEN_IMAGES_JS = """() => [...document.querySelectorAll('img')]
  .filter(i => i.offsetParent !== null && (!i.complete || i.naturalWidth === 0)).length"""


@pytest.fixture(autouse=True)
def _patient(context) -> None:  # type: ignore[no-untyped-def]
    context.set_default_navigation_timeout(120_000)


def _shots(page, name: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    for w, h in ((1280, 800), (768, 1024)):
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / f"{name}-{w}x{h}.png"))


def _shots_axe(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """The screenshots, and axe-core at each size: no serious or critical violation."""
    found = []
    for w, h in ((1280, 800), (768, 1024)):
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / f"{name}-{w}x{h}.png"))
        if not page.evaluate("() => typeof axe !== 'undefined'"):
            page.add_script_tag(path=str(AXE))
        found += [f"{name} at {w}x{h}: {v}" for v in page.evaluate(AXE_JS)]
    assert found == [], found


def _check_cards(page) -> int:  # type: ignore[no-untyped-def]
    """Every visible card button is named ("king of diamonds") and shows no "null"."""
    cards = page.evaluate(_CARDS_JS)
    for title, corner, text in cards:
        assert title and re.fullmatch(
            r"(ace|[2-9]|10|jack|queen|king) of (clubs|diamonds|hearts|spades).*", title
        ), title
        assert "null" not in corner and "null" not in text, (title, corner, text)
    assert not BAD_WORDS.search(page.inner_text("body"))
    return len(cards)


def _seed(page) -> str:  # type: ignore[no-untyped-def]
    return page.locator(".crib-phase").get_attribute("data-seed") or ""


def test_play_new_game_is_new_and_keys_never_reach_the_clicked_button(
    context, voila_url: str
) -> None:  # type: ignore[no-untyped-def]
    page, _ready = open_dashboard(
        context, f"{voila_url}/voila/render/play.ipynb", ".crib-keys-ready"
    )
    page.set_viewport_size({"width": 1280, "height": 800})
    first = _seed(page)
    expect(page.locator(".crib-game-id")).to_contain_text(f"Game #{first}")
    href = page.locator(".crib-replay-link").get_attribute("href") or ""
    assert f"seed={first}" in href
    seeds = {first}
    for _ in range(3):  # New game deals a new game (a seed repeats 1 time in 99,999)
        step = int(page.locator(".crib-phase").get_attribute("data-step") or 0)
        page.locator(".crib-new").click()
        page.wait_for_function(
            "s => Number(document.querySelector('.crib-phase').dataset.step) > s", arg=step
        )
        seeds.add(_seed(page))
    assert len(seeds) > 1
    seed = _seed(page)
    # the keys after the click: n, n, 1, 2, Enter throws two cards
    for k in ("n", "n", "1", "2", "Enter"):
        press_step(page, k)
    phase = page.locator(".crib-phase").get_attribute("data-phase")
    assert phase in ("play", "hand_over", "over"), phase  # not a new game ("cut")
    assert _seed(page) == seed
    if phase == "play":
        assert _check_cards(page) >= 1
    _shots(page, "play-after-new-game")
    assert_no_error_output(page)


def test_trainer_cards_are_named_and_enter_counts(context, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    page, _ready = open_dashboard(
        context, f"{voila_url}/voila/render/trainer.ipynb", ".crib-count-input input"
    )
    page.set_viewport_size({"width": 1280, "height": 800})
    box = page.locator(".crib-count-input input")
    expect(box).to_be_focused(timeout=15_000)  # the cursor is in the count box
    page.keyboard.type("0")
    page.keyboard.press("Enter")  # Enter checks the count
    expect(page.locator(".crib-feedback")).not_to_be_empty(timeout=15_000)
    stats = page.locator(".crib-stats").inner_text()
    m = re.search(r"median time ([\d.]+) s", stats)
    assert m and float(m.group(1)) < 60, stats  # timed from the page, not from the preheat
    page.locator(".crib-next").click()
    page.locator(".crib-teach-toggle").click()  # Count line by line: five card toggles
    expect(page.locator(".crib-teach-cards .crib-cardbtn").first).to_be_visible()
    assert _check_cards(page) == 5
    _shots(page, "trainer-line-by-line")
    page.get_by_role("button", name="Discard quiz").click()  # its first question ranks throws
    expect(page.locator(".crib-card-row .crib-cardbtn").first).to_be_visible(timeout=15_000)
    assert _check_cards(page) == 6
    _shots(page, "trainer-discard-quiz")
    # what does this card peg: a word in the count box is refused beside the boxes, then the
    # right count and points (read from the play shown) get the right verdict and the breakdown
    page.get_by_role("button", name="What it pegs").click()
    count_box, points_box = (
        page.locator(".crib-pegcount-input input"),
        page.locator(".crib-pegpoints-input input"),
    )
    expect(count_box).to_be_visible()
    count_box.fill("abc")
    points_box.fill("2")
    points_box.press("Enter")  # Enter in the points box checks
    expect(page.locator(".crib-pegpoints-msg")).to_contain_text("“abc” is not a number")
    played = page.locator(".crib-peg-seq .crib-card").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    s = score_pegging(" ".join(played))
    count_box.fill(str(s.count))
    points_box.fill(str(s.total))
    points_box.press("Enter")
    expect(page.locator(".crib-feedback .crib-verdict-right")).to_be_visible(timeout=15_000)
    expect(page.locator(".crib-feedback .crib-peg-explain")).to_contain_text(
        f"makes the count {s.count}"
    )
    expect(page.locator(".crib-pegpoints-msg")).to_be_empty()
    _shots_axe(page, "trainer-pegpoints-answered")
    # a rules question from the keyboard: its first choice, Enter; then the focus is on Next
    page.get_by_role("button", name="Rules quiz").click()
    choice = page.locator(".crib-rules-choice").first
    expect(choice).to_be_visible()
    choice.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".crib-feedback .crib-rules-explain")).to_contain_text(
        "Why:", timeout=15_000
    )
    expect(
        page.locator(".crib-feedback :is(.crib-verdict-right, .crib-verdict-wrong)")
    ).to_be_visible()
    expect(page.locator(".crib-next")).to_be_focused(timeout=15_000)
    _shots_axe(page, "trainer-rules-answered")
    assert_no_error_output(page)


def test_teacher_page_has_no_broken_image_and_a_clean_projector(context, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    page, _ready = open_dashboard(
        context, f"{voila_url}/voila/render/teacher.ipynb", ".crib-session-seed input"
    )
    page.set_viewport_size({"width": 1280, "height": 800})
    # the kinds' boxes and the levels by name; the pre-test instead (its note says what it holds)
    expect(page.locator(".crib-n-pegpoints input")).to_be_visible()
    assert "+ flush and nobs" in page.locator(".crib-session-level select").inner_text().replace(
        "\xa0", " "
    )
    page.get_by_role("button", name="Pre-test").click()
    expect(page.locator(".crib-preset-note")).to_contain_text("15 questions")
    expect(page.locator(".crib-n-pegpoints input")).to_be_hidden()
    _shots_axe(page, "teacher-form-pretest")
    page.get_by_role("button", name="Create session").click()
    expect(page.locator(".crib-code-banner")).to_be_visible(timeout=60_000)
    expect(page.locator(".crib-choice-chart")).to_be_visible(timeout=30_000)
    assert page.evaluate(_BROKEN_IMAGES_JS) == 0
    _shots(page, "teacher-live")
    # the Mastery table: every objective the pre-test asks, the class row, its CSV
    mastery = page.locator(".crib-mastery")
    expect(mastery).to_be_visible()
    for o in ("L1", "L2", "L3", "L4", "L5", "The class"):
        expect(mastery).to_contain_text(o)
    expect(page.locator(".crib-mastery-view a.crib-csv")).to_have_attribute(
        "download", re.compile(r"crib-mastery-\w+\.csv")
    )
    mastery.scroll_into_view_if_needed()
    _shots_axe(page, "teacher-mastery")
    page.locator(".crib-projector-toggle").click()
    expect(page.locator(".crib-projector-panel")).to_be_visible()
    expect(page.locator(".crib-nav")).to_be_hidden()
    expect(page.locator(".crib-session-seed")).to_be_hidden()
    _shots(page, "teacher-projector")
    assert_no_error_output(page)
