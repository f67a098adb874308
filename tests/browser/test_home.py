from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import server
from .conftest import SERVER, assert_no_error_output, open_dashboard, screenshot

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


def test_home_leads_with_the_game_and_the_nav_bar_links_every_section(
    context: object, voila_url: str
) -> None:
    page, _ = open_dashboard(context, voila_url + "/", ".crib-count")
    cta = page.locator("a.crib-cta")
    expect(cta).to_have_text("Play a coached game")
    # the call to play is the first link in the page's content, above every other
    links = page.locator("#rendered_cells a[href$='.ipynb']:not(.crib-nav a)")
    assert links.first.inner_text() == "Play a coached game"
    nav = page.locator(".crib-nav")
    for label, href in [
        ("Play", "play.ipynb"),
        ("Practice", "trainer.ipynb"),
        ("Analyze", "discard.ipynb"),
        ("Teach", "teacher.ipynb"),
    ]:
        expect(nav.locator(f"a[href='{href}']", has_text=label)).to_have_count(1)
    for name in ("discard", "crib_odds", "pegging", "traps"):
        assert page.locator(f"a[href='{name}.ipynb']").count() >= 1
    with page.expect_navigation():
        nav.locator("a[href='discard.ipynb']").click()
    page.wait_for_selector("#loading", state="detached", timeout=90_000)
    page.wait_for_selector(".crib-analyze", timeout=60_000)
    sub = page.locator(".crib-nav .crib-sub")
    expect(sub.locator("a[aria-current='page']")).to_have_text("Discards")
    with page.expect_navigation():
        sub.locator("a[href='traps.ipynb']").click()
    page.wait_for_selector("#loading", state="detached", timeout=90_000)
    page.wait_for_selector(".crib-formation select", timeout=60_000)


def test_kernels_talk_over_unix_sockets_not_tcp_ports(voila_url: str) -> None:
    """A TCP port picked free by the server can be taken by another process before the
    kernel binds it (a clean clone lost two pages so); ipc sockets are named per kernel."""
    conns = server.kernel_connections(SERVER["pid"])
    assert conns, "no kernel under the server"  # its pools are filled once it is ready
    for c in conns:
        assert c["transport"] == "ipc", c
        assert str(c["ip"]).startswith("/"), c  # a socket path, not an address
