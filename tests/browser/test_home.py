from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import assert_no_error_output, open_dashboard, screenshot

pytestmark = pytest.mark.browser


def test_root_lands_on_home_and_counts_a_hand(
    context: object, voila_url: str, timings: dict[str, float]
) -> None:
    page, ready = open_dashboard(context, voila_url + "/", ".crib-count")
    timings["home: open to interactive"] = ready
    assert page.url.endswith("/voila/render/index.ipynb")
    expect(page.locator(".crib-total")).to_have_text("29")
    assert_no_error_output(page)
    screenshot(page, "home")

    box = page.locator(".crib-cards-input input")
    box.fill("4H 4D 5C 5S 6D")
    page.locator(".crib-count").click()
    expect(page.locator(".crib-total")).to_have_text("24")

    box.fill("5H 5D X9 JS 5S")
    page.locator(".crib-count").click()
    expect(page.locator(".crib-error")).to_contain_text("invalid card 'X9'")
    expect(page.locator(".crib-total")).to_have_text("24")  # previous result kept
    assert "Traceback" not in page.inner_text("body")
    screenshot(page, "home-bad-card")
    assert not page.crib_errors
