"""A classmate game in real pages when a student's network drops (issue #34): Bob's page
reaches the server through a TCP forwarder whose outgoing connections come from
127.0.0.2 (a second device on the loopback), the forwarder is killed, and Ann's page
shows Bob as away within about 10 s though his kernel lives on (presence comes from
the page's pulse, not from the kernel).  Before that, a third page opening Bob's seat
link is told the seat is open on another page and offered Take over here (axe at both
sizes).  After it, Bob's link opens at once on another device (a dropped page holds
nothing), and a fourth page takes the seat over from it with Take over here.

An end-to-end run with a server of its own: make test-slow (and .ci/run) runs it.
"""

from __future__ import annotations

import json
import signal
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.duel_driver import Player, _kernels, serve_play_page
from tests.browser.test_devices import _axe
from tests.forwarder import start_forwarder

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def drop_server(chromium_path: str, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with serve_play_page(tmp_path_factory.mktemp("drop"), ARTIFACTS / "voila-drop.log") as srv:
        yield srv


def test_a_dropped_page_is_away_within_seconds_and_its_seat_has_one_page(
    browser: object, drop_server: tuple[str, Path, int]
) -> None:
    url, _db, server_pid = drop_server
    port = int(url.rsplit(":", 1)[1])
    fwd, fport = start_forwarder(port, "127.0.0.2")
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(4)]  # type: ignore[attr-defined]
    try:
        ann = Player("Ann", contexts[0].new_page())
        ann.open(f"{url}/voila/render/play.ipynb")
        bob = Player("Bob", contexts[1].new_page())
        bob.watch()  # its kernel's id, from its websocket's address
        bob.open(
            f"http://127.0.0.1:{fport}/voila/render/play.ipynb"
        )  # from 127.0.0.2, via the forwarder
        code = ann.sit()
        assert bob.sit(code) == code
        ann.wait_js("e.dataset.phase === 'discard'")
        bob.wait_js("e.dataset.phase === 'discard'")
        assert len(_kernels(server_pid)) >= 2 and bob.kernel_ids
        # a third page with Bob's seat link (it has the secret): told, and offered Take over
        link = bob.page.url.replace(f"127.0.0.1:{fport}", url.split("//", 1)[1])
        assert "seat=" in link
        third = contexts[2].new_page()
        third.goto(link)
        third.wait_for_selector(".crib-duel-entry-status .crib-error", timeout=120_000)
        assert "open on another page" in third.inner_text(".crib-duel-entry-status")
        assert third.locator("button.crib-duel-takeover").is_visible()
        found: list[str] = []
        for w, h in ((1280, 800), (768, 1024)):
            third.set_viewport_size({"width": w, "height": h})
            third.wait_for_timeout(300)
            third.screenshot(path=str(ARTIFACTS / f"duel-seat-open-elsewhere-{w}x{h}.png"))
            _axe(third, f"seat open elsewhere at {w}x{h}", found)
        assert not found, "\n".join(found)
        third.close()
        # both here: no presence line on Ann's page
        time.sleep(3)
        assert ann.page.locator(".crib-duel-presence").count() == 0
        # Bob's network drops: the forwarder dies, his kernel lives on
        t0 = time.monotonic()
        fwd.send_signal(signal.SIGKILL)
        fwd.wait(10)
        ann.page.wait_for_selector(".crib-duel-presence", timeout=25_000)
        away = time.monotonic() - t0
        assert "Bob left the table" in ann.page.inner_text(".crib-duel-presence")
        # his kernel lives on (it was not what told Ann)
        kid = bob.kernel_ids[-1]
        alive = json.loads(urllib.request.urlopen(f"{url}/api/kernels/{kid}", timeout=10).read())
        assert alive["id"] == kid
        ann.page.screenshot(path=str(ARTIFACTS / "duel-opponent-away.png"))
        print(f"Bob shown away {away:.1f} s after his connection dropped")
        assert 7.0 <= away <= 25.0  # GONE_AFTER_SECONDS (10 s) after his page's last pulse
        # Bob opens his link on another device: his dropped page holds nothing now, so it
        # opens at once, and Ann sees him back
        again = Player("Bob", contexts[2].new_page())
        again.page.goto(link)
        again.wait_js("e.dataset.phase === 'discard'", 120_000)
        ann.page.wait_for_selector(".crib-duel-presence", state="detached", timeout=15_000)
        # a fourth page with the link, while that one is open: told; Take over here moves
        # the seat, and the page it left says so and offers it back
        fourth = Player("Bob", contexts[3].new_page())
        fourth.page.goto(link)
        fourth.page.wait_for_selector(".crib-duel-entry-status .crib-error", timeout=120_000)
        fourth.page.click("button.crib-duel-takeover")
        fourth.wait_js("e.dataset.phase === 'discard'", 30_000)
        expect(again.page.locator(".crib-duel-entry-status")).to_contain_text(
            "now open on another page", timeout=15_000
        )
        expect(again.page.locator("button.crib-duel-takeover")).to_be_visible()
        again.page.screenshot(path=str(ARTIFACTS / "duel-seat-taken-over.png"))
    finally:
        if fwd.poll() is None:
            fwd.kill()
        for c in contexts:
            c.close()
