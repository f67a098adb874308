"""A class session's puzzle set in a real browser (issue 40, point 4): the teacher gives
the session a set of two puzzles; a student's page opens it with the class code and a
name, solves the first and misses the second by keyboard; the teacher's grid shows it;
a second browser (another profile token) typing the same name is refused.  axe-core is
clean on both pages.  Screenshots: tests/artifacts/puzzle-set-student.png,
puzzle-set-teacher.png."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from crib.analysis.puzzles.model import load_puzzles
from crib.store.puzzle_sets import choose_set

from .conftest import ARTIFACTS, assert_no_error_output, open_dashboard, screenshot
from .test_classroom import _set
from .test_devices import _axe
from .test_puzzles import READY, _context, _move, _press, _token

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _head(page, text: str) -> None:  # type: ignore[no-untyped-def]
    expect(page.locator(".crib-puzzle-head")).to_contain_text(text, timeout=60_000)


def _keyboard_move(page, p, move: str) -> str:  # type: ignore[no-untyped-def]
    """``move`` by keyboard, a discard's two cards in the order the page shows them (Tab
    goes forward from the first card it focuses)."""
    if p.kind == "discard":
        move = " ".join(sorted(move.split(), key=p.hand.split().index))
    return _move(page, p, move)


def _open_set(ctx, voila_url: str, code: str, name: str):  # type: ignore[no-untyped-def]
    page, _ = open_dashboard(ctx, f"{voila_url}/voila/render/puzzles.ipynb", READY)
    page.locator(".crib-puzzle-mode select").select_option(label="Class puzzle set")
    expect(page.locator(".crib-set-open")).to_be_visible(timeout=60_000)
    _set(page, ".crib-set-code", code)
    _set(page, ".crib-set-name", name)
    _press(page, ".crib-set-open", "Enter")  # by keyboard
    return page


def test_a_class_set_given_solved_missed_and_seen_by_the_teacher(voila_url, browser) -> None:
    found: list[str] = []
    tctx = browser.new_context(viewport={"width": 1280, "height": 1800})
    ann = _context(browser, _token("set-ann"), 1280, 1100)
    other = _context(browser, _token("set-other"), 768, 1024)
    try:
        teacher, _ = open_dashboard(tctx, f"{voila_url}/voila/render/teacher.ipynb", ".crib-create")
        teacher.locator(".crib-create").click()
        banner = teacher.locator(".crib-code-banner")
        expect(banner).to_be_visible(timeout=60_000)
        code = banner.inner_text().strip()
        assert re.fullmatch(r"[A-Z0-9]{6}", code), code
        give = teacher.locator(".crib-set-give")
        expect(give).to_be_visible(timeout=60_000)  # the panel follows the session
        _set(teacher, ".crib-set-count", "2")
        give.click()
        expect(teacher.locator(".crib-puzzle-set .crib-set-status")).to_contain_text(
            "Set given: 2 puzzles", timeout=60_000
        )
        by_id = {p.id: p for p in load_puzzles()}
        first, second = (by_id[i] for i in choose_set(by_id.values(), code, None, 900, 1500, 2))

        page = _open_set(ann, voila_url, code, "Ann")
        _head(page, "Puzzle 1 of 2")
        assert page.locator(".crib-puzzle-verdict").inner_text().strip() == ""
        assert first.words["en"][:40] not in page.inner_text("body")  # no answer yet
        _axe(page, "class set, before the move", found)
        said = _keyboard_move(page, first, first.answer)
        assert "Solved: this is the best move." in said
        expect(page.locator(".crib-set-score")).to_contain_text("So far: 1 of 1")
        _press(page, ".crib-puzzle-next", "Enter")
        _head(page, "Puzzle 2 of 2")
        wrong = next(m for m in second.legal_moves() if m not in second.accepted)
        assert "Not the best move." in _keyboard_move(page, second, wrong)
        expect(page.locator(".crib-set-score")).to_contain_text(
            "Set done: 1 of 2 solved at the first try."
        )
        _axe(page, "class set, done", found)
        screenshot(page, "puzzle-set-student")
        assert_no_error_output(page)

        # another device (its own profile token) typing Ann's name is refused
        page2 = _open_set(other, voila_url, code, "ann")
        expect(page2.locator(".crib-class-set .crib-set-status")).to_contain_text(
            "already taken by another device", timeout=60_000
        )
        assert "Puzzle 1 of 2" not in page2.locator(".crib-puzzle-head").inner_text()
        _axe(page2, "class set, name refused", found)

        grid = teacher.locator(".crib-set-grid")
        expect(grid).to_contain_text("✘ not solved", timeout=60_000)  # on the panel's poll
        row = grid.locator("tbody tr").first.inner_text()
        assert "Ann" in row and "✔ solved" in row and "1/2" in row
        hardest = teacher.locator(".crib-set-hardest tbody tr").first.inner_text()
        assert hardest.startswith("2") and "0/1 (0%)" in hardest
        assert "crib-puzzle-set" in teacher.locator(".crib-set-csv a").get_attribute("download")
        _axe(teacher, "teacher, puzzle set panel", found)
        shot = ARTIFACTS / "puzzle-set-teacher.png"
        teacher.locator(".crib-puzzle-set").screenshot(path=str(shot))
        assert_no_error_output(teacher)
    finally:
        for c in (tctx, ann, other):
            c.close()
    assert found == [], "\n".join(found)
