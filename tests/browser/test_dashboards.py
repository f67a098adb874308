"""The analysis dashboards in a real browser (Debian chromium driven by playwright).

The analyzers used as a player would (analyze, practice, bad input, the heatmap).  Each
page's opening, skeleton, error output and fit at four sizes are checked once, in its
device walk (tests/browser/test_devices.py).

``test_open_times`` opens each page twice in a row (two fresh browsers: the first
and the second visitor, each taking a warm kernel from the pool), one page at a time,
``CRIB_BROWSER_REPEATS`` times (default 1), and writes the times with the machine's
load to tests/artifacts/open_times.txt.  Times are reported, never asserted.
"""

from __future__ import annotations

import os
import re
import statistics
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import (
    ARTIFACTS,
    assert_no_error_output,
    open_dashboard,
    open_timed,
    screenshot,
    wait_for_quiet_kernels,
)

pytestmark = pytest.mark.browser

# page -> the widget that says it is interactive
PAGES = {
    "index": ".crib-count",
    "discard": ".crib-analyze",
    "crib_odds": ".crib-heat-4-4",
    "pegging": ".crib-analyze",
    "traps": ".crib-formation select",
}
OTHERS = {  # play, trainer and teacher belong to other pages' owners: reported, not asserted
    "play": ".crib-keys-ready",
    "trainer": ".crib-join",
    "teacher": ".crib-create",
}
ISSUE_POSITION = "hand 5H 4H AC | pile 3S | previous 5D 6S QH 6H | starter 3H | opp 0"


def _row_cards(row) -> list[str]:  # type: ignore[no-untyped-def]
    """The canonical names of the cards shown (as chips) in a table row's second cell."""
    return (
        row.locator("td")
        .nth(1)
        .locator("[data-card]")
        .evaluate_all("els => els.map(e => e.dataset.card)")
    )


def test_discard_analyze_practice_and_bad_input(
    context, voila_url: str, timings: dict[str, float]
) -> None:  # type: ignore[no-untyped-def]
    page, _ = open_dashboard(context, f"{voila_url}/voila/render/discard.ipynb", ".crib-analyze")
    first_row = page.locator(".crib-discard-table tbody tr").first
    expect(first_row.locator("[data-card='5H']").first).to_be_visible()
    assert _row_cards(first_row) == ["5H", "5D"]  # the default six, as dealer
    expect(page.locator(".crib-discard-table")).to_contain_text("5♥")
    expect(page.locator(".crib-discard-table thead")).to_contain_text("Crib (yours, +)")
    box = page.locator(".crib-picker-text input")
    t = time.perf_counter()
    box.fill("AH 2H 3H 4H 9C KS")
    box.press("Enter")
    expect(page.locator(".crib-status")).to_contain_text("Best as dealer", timeout=10_000)
    expect(first_row.locator("[data-card='5H']")).to_have_count(0)
    timings["discard: type six + Enter to table shown"] = time.perf_counter() - t
    t = time.perf_counter()
    page.locator(".crib-seat button", has_text="pone").click()
    expect(page.locator(".crib-discard-table thead")).to_contain_text("Crib (theirs, −)")
    timings["discard: click seat (re-analysis) to table shown"] = time.perf_counter() - t
    # clicking in the picker: unselect 9C, the text follows
    page.locator(".crib-pick-9C").click()
    expect(box).to_have_value("AH 2H 3H 4H KS")
    page.locator(".crib-analyze").click()
    expect(page.locator(".crib-status")).to_contain_text("expected 6 cards, got 5")
    box.fill("5h 5d 6c 7s 8h X9")
    box.press("Enter")
    expect(page.locator(".crib-picker-message")).to_contain_text("invalid card 'X9'")
    assert "Traceback" not in page.inner_text("body")
    # practice: choose first, then the ranking appears
    page.locator(".crib-mode button", has_text="Practice").click()
    expect(page.locator(".crib-hand-0")).to_be_visible()
    expect(page.locator(".crib-discard-table")).to_be_hidden()
    screenshot(page, "discard-practice-before")
    page.locator(".crib-hand-0").click()
    page.locator(".crib-hand-3").click()
    expect(page.locator(".crib-hand-3")).to_have_class(re.compile("crib-selected"))
    t = time.perf_counter()
    page.locator(".crib-commit").click()
    verdict = page.locator(".crib-verdict")
    expect(verdict).to_contain_text(re.compile(r"\d+(st|nd|rd|th) of 15"), timeout=10_000)
    timings["discard practice: commit to ranking shown"] = time.perf_counter() - t
    expect(page.locator(".crib-discard-table")).to_be_visible()
    expect(page.locator(".crib-discard-table")).to_contain_text("← you")
    assert_no_error_output(page)
    screenshot(page, "discard-practice-revealed")


def test_pegging_models_differ_and_practice(
    context, voila_url: str, timings: dict[str, float]
) -> None:  # type: ignore[no-untyped-def]
    page, _ = open_dashboard(context, f"{voila_url}/voila/render/pegging.ipynb", ".crib-analyze")
    text = page.locator(".crib-position-text input")
    t = time.perf_counter()
    text.fill(ISSUE_POSITION)
    text.press("Enter")
    page.locator(".crib-analyze").click()
    expect(page.locator(".crib-status")).to_contain_text("Best: 4♥", timeout=20_000)
    timings["pegging: position + Analyze to table shown"] = time.perf_counter() - t
    page.locator(".crib-coach-card select").select_option(label="A♣")
    expect(page.locator(".crib-coach")).to_contain_text("blunder (3.00 lost)")
    expect(page.locator(".crib-trap")).to_contain_text("Trap missed")
    differ = page.locator(".crib-differ")
    expect(differ).to_contain_text("The models differ")
    expect(differ).to_contain_text("ok (0.08 lost)")
    expect(differ).to_contain_text("The coach uses Master (weighted holdings, exact)")
    screenshot(page, "pegging-models-differ")
    text.fill("hand 4H 4H | starter 2S | opp 4")
    text.press("Enter")
    expect(page.locator(".crib-status")).to_contain_text("duplicate card 4H")
    # practice: play first, then the ranking
    page.locator(".crib-mode button", has_text="Practice").click()
    expect(page.locator(".crib-practice-position")).to_contain_text("Count", timeout=20_000)
    expect(page.locator(".crib-peg-table")).to_be_hidden()
    screenshot(page, "pegging-practice-before")
    legal = page.locator(".crib-hand .crib-cardbtn:not([disabled])").first
    t = time.perf_counter()
    legal.click()
    expect(page.locator(".crib-verdict")).to_contain_text(
        re.compile(r"\d+(st|nd|rd|th) of \d+"), timeout=20_000
    )
    timings["pegging practice: card click to ranking shown"] = time.perf_counter() - t
    expect(page.locator(".crib-peg-table")).to_contain_text("← you")
    assert "Traceback" not in page.inner_text("body")
    screenshot(page, "pegging-practice-revealed")


def test_crib_odds_heatmap_click_selects_a_cell(
    context, voila_url: str, timings: dict[str, float]
) -> None:  # type: ignore[no-untyped-def]
    page, _ = open_dashboard(context, f"{voila_url}/voila/render/crib_odds.ipynb", ".crib-heat-4-4")
    cell = page.locator(".crib-heat-4-10")  # row 5, column J: suited (above the diagonal)
    t = time.perf_counter()
    cell.click()
    expect(page.locator(".crib-cell")).to_contain_text("5-J suited", timeout=10_000)
    timings["crib odds: heatmap click to cell detail"] = time.perf_counter() - t
    expect(cell).to_have_class(re.compile("crib-heat-selected"))
    page.locator(".crib-heat-10-4").click()
    expect(page.locator(".crib-cell")).to_contain_text("5-J offsuit")
    expect(cell).not_to_have_class(re.compile("crib-heat-selected"))
    # the "Table" label is not cut off
    label = page.locator(".crib-source .widget-label")
    assert label.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
    page.locator(".crib-view select").select_option(label="dealer / pone sign view")
    expect(page.locator(".crib-status")).to_contain_text("sign view (dealer)")
    assert_no_error_output(page)
    screenshot(page, "crib-odds-clicked")


def _uptime() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


# a measurement more than a check (it waits for the kernel pool to refill between
# pages): with the slow set, `make test-slow`, which .ci/run also runs
@pytest.mark.slow
def test_open_times(browser, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    repeats = int(os.environ.get("CRIB_BROWSER_REPEATS", "1"))
    rows: dict[tuple[str, int], list[tuple[float, float]]] = {}
    lines = [
        f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {repeats} run(s); "
        "seconds from navigation to the page's first interactive widget, by the "
        "page's own clock; 'seen by the test': by the test's clock, with Playwright's "
        "polling (up to 0.5 s late; conftest.CLOCK_JS)"
    ]
    for run in range(repeats):
        for name, selector in (PAGES | OTHERS).items():
            wait_for_quiet_kernels()  # the pool is full again: each page as a visitor finds it
            load = _uptime()
            for visit in (1, 2):
                ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
                try:
                    url = f"{voila_url}/voila/render/{name}.ipynb"
                    # no screenshot while it loads (the device walk, test_devices.py,
                    # looks at the skeleton): the times are the page's own
                    page, times = open_timed(ctx, url, selector, look=False)
                    # the page's clock starts after the test's, and the test sees the
                    # page interactive after it is (give or take the animation frame
                    # in which the page's clock looks, when the widget shows late)
                    assert times["skeleton"] <= times["gone"] <= times["interactive"], times
                    assert times["interactive"] <= times["seen"] + 0.05, times
                    rows.setdefault((name, visit), []).append((times["interactive"], times["seen"]))
                    lines.append(
                        f"run {run + 1} {name} visit {visit}: skeleton {times['skeleton']:.2f}, "
                        f"skeleton gone {times['gone']:.2f}, "
                        f"interactive {times['interactive']:.2f}, "
                        f"seen by the test {times['seen']:.2f} (load {load})"
                    )
                finally:
                    ctx.close()
    lines.append(
        "# page, visit: interactive median / max over the runs (seen by the test: median / max)"
    )
    for (name, visit), ts in rows.items():
        page_t, seen = [t for t, _ in ts], [s for _, s in ts]
        lines.append(
            f"{name} visit {visit}: {statistics.median(page_t):.2f} / {max(page_t):.2f}"
            f" (seen {statistics.median(seen):.2f} / {max(seen):.2f})"
        )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "open_times.txt").write_text("\n".join(lines) + "\n")
