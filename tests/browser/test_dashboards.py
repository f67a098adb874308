"""The four dashboards in a real browser (Debian chromium driven by playwright)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from .conftest import assert_no_error_output, open_dashboard, screenshot

pytestmark = pytest.mark.browser

PAGES = {
    "discard": ".crib-analyze",
    "crib_odds": ".crib-heatmap",
    "pegging": ".crib-analyze",
    "traps": ".crib-formation select",
}


def _img_ok(page, selector: str) -> None:  # type: ignore[no-untyped-def]
    img = page.locator(f"img{selector}, {selector} img").first
    expect(img).to_be_visible()
    assert page.evaluate("(el) => el.naturalWidth", img.element_handle()) > 100


@pytest.mark.parametrize("name", list(PAGES))
def test_every_dashboard_loads_without_errors(
    context, voila_url: str, timings: dict[str, float], name: str
) -> None:  # type: ignore[no-untyped-def]
    page, ready = open_dashboard(context, f"{voila_url}/voila/render/{name}.ipynb", PAGES[name])
    timings[f"{name}: open to first interactive widget"] = ready
    page.wait_for_load_state("networkidle")  # every widget view requested and rendered
    assert_no_error_output(page)
    assert not page.crib_errors, page.crib_errors
    screenshot(page, f"dashboard-{name}")


def test_home_links_every_dashboard(context, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    page, _ = open_dashboard(context, voila_url + "/", ".crib-count")
    for name in PAGES:
        assert page.locator(f"a[href='{name}.ipynb']").count() == 1
    with page.expect_navigation():
        page.locator("a[href='traps.ipynb']").click()
    page.wait_for_selector("#loading", state="detached", timeout=90_000)
    page.wait_for_selector(".crib-formation select", timeout=60_000)


def test_discard_typing_clicking_and_bad_input(
    context, voila_url: str, timings: dict[str, float]
) -> None:  # type: ignore[no-untyped-def]
    page, _ = open_dashboard(context, f"{voila_url}/voila/render/discard.ipynb", ".crib-analyze")
    first_row = page.locator(".crib-discard-table tbody tr").first
    expect(first_row).to_contain_text("5H 5D")  # the default six, as dealer
    box = page.locator(".crib-picker-text input")
    # type another six: the table follows
    t = time.perf_counter()
    box.fill("AH 2H 3H 4H 9C KS")
    box.press("Enter")
    expect(page.locator(".crib-status")).to_contain_text("Best as dealer", timeout=10_000)
    expect(first_row).not_to_contain_text("5H 5D")
    # type the six back: the best throw for the dealer is 5H 5D
    t = time.perf_counter()
    box.fill("5h 5d 6c 7s 8h 9d")
    box.press("Enter")
    expect(first_row).to_contain_text("5H 5D")
    timings["discard: type six + Enter to table shown"] = time.perf_counter() - t
    # as the pone: clicking the seat re-analyses; the table flips to 8H 9D
    t = time.perf_counter()
    page.locator(".crib-seat button", has_text="pone").click()
    expect(first_row).to_contain_text("8H 9D")
    timings["discard: click seat (re-analysis) to table shown"] = time.perf_counter() - t
    # Analyze on a partial hand says what is missing
    box.fill("5h 5d 6c")
    box.press("Enter")
    expect(box).to_have_value("5H 5D 6C")  # the kernel echoes the normalised text
    t = time.perf_counter()
    page.locator(".crib-analyze").click()
    expect(page.locator(".crib-status")).to_contain_text("expected 6 cards, got 3")
    timings["discard: click Analyze to message shown"] = time.perf_counter() - t
    box.fill("5h 5d 6c 7s 8h 9d")
    box.press("Enter")
    expect(box).to_have_value("5H 5D 6C 7S 8H 9D")  # the kernel's echo
    expect(page.locator(".crib-pick-9D")).to_have_class(re.compile("mod-active"))
    expect(first_row).to_contain_text("8H 9D")
    # clicking in the picker: unselect 9D, select KS
    page.locator(".crib-pick-9D").click()
    expect(box).to_have_value("5H 5D 6C 7S 8H")
    page.locator(".crib-pick-KS").click()
    expect(box).to_have_value("5H 5D 6C 7S 8H KS")
    expect(page.locator(".crib-status")).to_contain_text("K♠")
    _img_ok(page, ".crib-chart")
    screenshot(page, "dashboard-discard-after-clicks")
    # a bad card: the message shows, the previous table stays, no traceback
    before = first_row.inner_text()
    box.fill("5h 5d 6c 7s 8h X9")
    box.press("Enter")
    expect(page.locator(".crib-picker-message")).to_contain_text("invalid card 'X9'")
    assert first_row.inner_text() == before
    assert "Traceback" not in page.inner_text("body")
    assert_no_error_output(page)
    screenshot(page, "dashboard-discard-bad-card")


def test_heatmap_and_pegging_chart_render(
    context, voila_url: str, timings: dict[str, float]
) -> None:  # type: ignore[no-untyped-def]
    page, _ = open_dashboard(context, f"{voila_url}/voila/render/crib_odds.ipynb", ".crib-heatmap")
    _img_ok(page, ".crib-heatmap")
    page.locator(".crib-suited input").check()
    expect(page.locator(".crib-cell")).to_contain_text("5-5 pair")  # a pair cannot be suited
    page.locator(".crib-second select").select_option(label="J")
    expect(page.locator(".crib-cell")).to_contain_text("5-J suited", timeout=10_000)
    heat = page.locator("img.crib-heatmap, .crib-heatmap img").first
    before = heat.get_attribute("src")
    page.locator(".crib-view select").select_option(label="dealer / pone sign view")
    expect(page.locator(".crib-status")).to_contain_text(
        "Showing: dealer / pone sign view (dealer)"
    )
    page.locator(".crib-seat button", has_text="pone").click()
    expect(page.locator(".crib-status")).to_contain_text("Showing: dealer / pone sign view (pone)")
    expect(heat).not_to_have_attribute("src", before or "")  # the new image is in place
    _img_ok(page, ".crib-heatmap")
    screenshot(page, "dashboard-crib-odds-sign")

    page, _ = open_dashboard(context, f"{voila_url}/voila/render/pegging.ipynb", ".crib-analyze")
    _img_ok(page, ".crib-chart")
    expect(page.locator(".crib-peg-table tbody tr").first).to_contain_text("6D")
    text = page.locator(".crib-position-text input")
    t = time.perf_counter()
    text.fill("hand 5H 4H AC | pile 3S | previous 5D 6S QH 6H | starter 3H | opp 0")
    text.press("Enter")
    page.locator(".crib-analyze").click()
    expect(page.locator(".crib-status")).to_contain_text("Best: 4H", timeout=20_000)
    timings["pegging: position + Analyze to table shown"] = time.perf_counter() - t
    page.locator(".crib-coach-card select").select_option("AC")
    expect(page.locator(".crib-trap")).to_contain_text("Trap missed")
    text.fill("hand 4H 4H | starter 2S | opp 4")
    text.press("Enter")
    expect(page.locator(".crib-status")).to_contain_text("duplicate card 4H")
    assert "Traceback" not in page.inner_text("body")
    screenshot(page, "dashboard-pegging-trap")
