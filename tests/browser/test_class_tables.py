"""The teacher pairs the class in a real browser: the teacher page starts a round for two
players, each student's play page finds their own table from the ``?class=`` link and
opens it, an abandoned game is recorded by hand, and the standings go on the projector.
Screenshots at 1280x800 and 768x1024, and axe-core at both sizes.

The voila server of these tests keeps its classroom record in a tmp dir
(``CRIB_DB``, set by the ``voila_url`` fixture).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, assert_no_error_output, open_dashboard
from .test_devices import AXE, _axe

pytestmark = pytest.mark.browser

SIZES = ((1280, 800), (768, 1024))


def _set(page, selector: str, value: str) -> None:  # type: ignore[no-untyped-def]
    box = page.locator(f"{selector} input")
    box.fill(value)
    box.press("Enter")
    expect(box).to_have_value(value)


def _shots(page, name: str, found: list[str], target: str | None = None) -> None:  # type: ignore[no-untyped-def]
    """Screenshots at both sizes (of ``target`` scrolled into view), axe at each."""
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(400)
        if target:
            page.locator(target).first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"class-tables-{name}-{w}x{h}.png"))
        _axe(page, f"{name} at {w}x{h}", found)


def test_the_teacher_pairs_two_students_who_open_their_tables(browser, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    assert AXE.exists(), f"axe-core is missing at {AXE}: run `make test` (it installs it)"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    found: list[str] = []
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(4)]
    try:
        teacher, _ = open_dashboard(
            contexts[0], f"{voila_url}/voila/render/teacher.ipynb", ".crib-create"
        )
        _set(teacher, ".crib-session-name", "Pairing class")
        _set(teacher, ".crib-n-count", "1")
        _set(teacher, ".crib-n-discard", "0")
        _set(teacher, ".crib-n-peg", "0")
        teacher.locator(".crib-create").click()
        banner = teacher.locator(".crib-code-banner")
        expect(banner).to_be_visible(timeout=60_000)
        code = banner.inner_text().strip()
        # the panel follows the session (its poll); no student joined: the teacher types two
        players = teacher.locator(".crib-tour-players textarea")
        expect(players).to_be_visible(timeout=15_000)
        players.fill("Ann\nBob")
        teacher.locator(".crib-tour-length select").select_option(label="61 points")
        teacher.locator(".crib-tour-create").click()
        start = teacher.locator(".crib-tour-start")
        expect(start).to_have_text("Start round 1", timeout=15_000)
        start.click()
        row = teacher.locator(".crib-round tr[data-table='1']")
        expect(row).to_be_visible(timeout=15_000)
        table = row.get_attribute("data-code") or ""
        seat1 = row.locator("td").nth(1).inner_text().strip()  # friendly games: drawn at random
        assert seat1 in ("Ann", "Bob")
        assert re.fullmatch(r"[A-Z2-9]{4}", table), table
        expect(row.locator(".crib-tour-state")).to_have_text("nobody has opened it yet")
        _shots(teacher, "teacher-round", found, ".crib-tour-round")

        # each student's play page: the class link finds their table, Play opens it
        pages = []
        for i, (name, other) in enumerate((("Ann", "Bob"), ("Bob", "Ann")), start=1):
            page, _ = open_dashboard(
                contexts[i],
                f"{voila_url}/voila/render/play.ipynb?class={code}&name={name}",
                ".crib-duel-mine-text",
            )
            expect(page.locator(".crib-duel-mine-text")).to_have_text(
                f"Your table: {table}, against {other}."
            )
            if i == 1:
                _shots(page, "student-your-table", found, ".crib-duel-class")
            page.locator(".crib-duel-mine-play").click()
            expect(page.locator(".crib-duel-phase")).to_have_attribute(
                "data-phase", "discard", timeout=20_000
            )
            expect(page.locator(".crib-duel-code")).to_have_text(table)
            assert f"table={table}&seat=" in page.url  # the page's address is the seat's own link
            assert_no_error_output(page)
            pages.append(page)
        expect(row.locator(".crib-tour-state")).to_have_text("playing", timeout=15_000)

        # another device types Ann's name: her seat is taken, and its secret does not come
        # (issue #34); the teacher hands Ann's seat over, her old page says so, and the new
        # device claims it
        other, _ = open_dashboard(
            contexts[3],
            f"{voila_url}/voila/render/play.ipynb?class={code}&name=Ann",
            ".crib-duel-mine",
        )
        expect(other.locator(".crib-duel-mine")).to_contain_text(
            "already taken by another device", timeout=15_000
        )
        expect(other.locator(".crib-duel-mine-play")).to_be_hidden()
        assert "seat=" not in other.content()
        _shots(other, "student-seat-taken", found, ".crib-duel-class")
        teacher.locator(".crib-tour-seat-pick select").select_option(label=f"Ann (table {table})")
        teacher.locator(".crib-tour-handover").click()
        expect(teacher.locator(".crib-tour-status")).to_contain_text("handed over", timeout=15_000)
        pin = re.search(r"seat code ([A-Z2-9]{4})", teacher.inner_text(".crib-tour-status")).group(
            1
        )  # type: ignore[union-attr]
        _shots(teacher, "teacher-hand-over", found, ".crib-tour-seat-row")
        expect(pages[0].locator(".crib-duel-entry-status")).to_contain_text(
            "now open on another page", timeout=15_000
        )
        expect(pages[0].locator(".crib-duel-takeover")).to_be_visible()
        _shots(pages[0], "student-seat-moved", found, ".crib-duel-entry")
        other.locator(".crib-duel-find").click()
        expect(other.locator(".crib-duel-mine-text")).to_contain_text(
            f"Your table: {table}, against Bob.", timeout=15_000
        )
        _set(other, ".crib-duel-seat-code", pin)
        other.locator(".crib-duel-mine-play").click()
        expect(other.locator(".crib-duel-phase")).to_have_attribute(
            "data-phase", "discard", timeout=20_000
        )
        pages[0] = other

        # Ann abandons; the teacher records the score by hand (seat 1 won)
        pages[0].locator(".crib-duel-abandon").click()
        expect(row.locator(".crib-tour-state")).to_contain_text("abandoned", timeout=15_000)
        _set(teacher, ".crib-tour-score1", "61")
        _set(teacher, ".crib-tour-score2", "40")
        teacher.locator(".crib-tour-hand").click()
        expect(teacher.locator(".crib-tour-status")).to_contain_text(f"{seat1} wins 61–40")
        standings = teacher.locator(".crib-standings")
        expect(standings.locator("tbody tr").first).to_contain_text(seat1)
        expect(standings.locator("tbody tr").first).to_contain_text("1–0")

        # the standings on the projector: large, and the rest of the page steps aside
        teacher.set_viewport_size({"width": 1280, "height": 800})
        teacher.locator(".crib-tour-projector").click()
        expect(teacher.locator(".crib-tour.crib-projecting")).to_be_visible()
        expect(teacher.locator(".crib-create")).to_be_hidden()
        size = standings.locator("td").first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)"
        )
        assert size >= 30, size
        _shots(teacher, "projector-standings", found, ".crib-standings")
        assert_no_error_output(teacher)
        for p in (teacher, *pages):
            assert not p.crib_errors, p.crib_errors
    finally:
        for c in contexts:
            c.close()
    assert not found, "\n".join(found)
