"""Every page on a desktop, a tablet and a phone, and accessible (issue 27, acceptance
1, 3, 4 and 5), in one pass per page to keep the browser suite short:

* the page opens with its preheated kernel, timed to its first interactive widget; while
  it loads, the skeleton (crib's voila template) covers it with the nav's outline, and it
  is screenshotted then; the page as drawn has no traceback and no error output;
* at 1280×800 the walk: every control a learner can reach is used (each button and
  tab clicked, each checkbox toggled, each dropdown set to each option, once), and
  the page must never show "null", "undefined", "NaN" or "None", nor a broken image;
  axe-core runs on the page as opened and after each change of mode or tab;
* then the same page at 1024×768, 768×1024 and 390×844 (axe again at 768×1024):
  no sideways scrolling, tap targets of at least 44×44 px (a checkbox by its label
  row), the play page's side column under the board below 1000 px, the board within
  the width, and a focus ring of at least 2 px;
* on a phone with touch (``has_touch``, ``is_mobile``), cards are tapped.

axe-core comes from npm (``make test`` installs it into .venv/node, see the Makefile).
Screenshots of each page at each size go to tests/artifacts/devices-*.png.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from .conftest import ARTIFACTS, ROOT, assert_no_error_output, open_dashboard, open_timed

pytestmark = pytest.mark.browser

AXE = ROOT / ".venv" / "node" / "node_modules" / "axe-core" / "axe.min.js"
PAGES = {
    "index": ".crib-count",
    "play": ".crib-keys-ready",
    "trainer": ".crib-join",
    "puzzles": ".crib-puzzle-card",
    "discard": ".crib-analyze",
    "crib_odds": ".crib-heat-4-4",
    "pegging": ".crib-analyze",
    "traps": ".crib-formation select",
    "teacher": ".crib-create",
    "guide": ".crib-guide",
    "learn": ".crib-learn",
}
TITLES = {
    "index": "Home",
    "play": "Play",
    "trainer": "Practice",
    "puzzles": "Puzzles",
    "teacher": "Teach",
    "discard": "Discards",
    "crib_odds": "Crib odds",
    "pegging": "Pegging",
    "traps": "Traps",
    "guide": "Lessons",
    "learn": "Learn",
}
SIZES = [(1280, 800), (1024, 768), (768, 1024), (390, 844)]
AXE_SIZES = {(1280, 800), (768, 1024)}
BAD_WORDS = re.compile(r"\b(null|undefined|NaN|None)\b")

AXE_JS = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.filter(v => v.impact === 'critical' || v.impact === 'serious')
    .map(v => v.impact + ' ' + v.id + ': '
      + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
}"""

# the controls of the walk, each tagged once with data-crib-walk (new ones appear as
# modes change: every call tags and returns only those not seen before)
TAG_JS = """(start) => {
  let n = start;
  const out = [];
  const seen = {};
  // in-page links too (the Learn page's terms): they move the reader, not the page
  const controls = '#rendered_cells :is(button, input[type=checkbox], select, a[href^="#"])';
  for (const e of document.querySelectorAll(controls)) {
    if (e.dataset.cribWalk) { continue; }
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || e.closest('.crib-nav')) { continue; }
    // two of each family of many alike (52 picker cards, 169 heat cells): enough to use it
    const family = [...e.classList].find(c => /^crib-(pick|heat|cardbtn|hand|card)-/.test(c));
    const key = family ? family.replace(/-[^-]*$/, '') : null;
    if (key) { seen[key] = (seen[key] || 0) + 1; if (seen[key] > 2) { continue; } }
    e.dataset.cribWalk = String(n);
    // a mode, tab or quiz kind (axe runs again after it is chosen)
    const mode = !!e.closest('.crib-mode, .crib-kind, .crib-projector-toggle');
    out.push({id: n, tag: e.tagName, mode});
    n += 1;
  }
  return out;
}"""

LOOK_JS = """() => {
  const text = document.getElementById('rendered_cells').innerText;
  const broken = [...document.querySelectorAll('#rendered_cells img')].filter(i => {
    const r = i.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && i.complete && i.naturalWidth === 0;
  }).map(i => i.className || i.src.slice(0, 40));
  return {text, broken};
}"""

LAYOUT_JS = """() => {
  const W = innerWidth, bad = [];
  const what = e => (e.tagName + '.' + [...e.classList].slice(0, 3).join('.') + ' '
    + (e.innerText || e.value || '').slice(0, 20)).trim();
  const shown = e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'; };
  if (document.scrollingElement.scrollWidth > W) { bad.push('the page scrolls sideways'); }
  for (const e of document.querySelectorAll('#rendered_cells *')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= W + 1) { continue; }
    let own = false;  // inside a box of crib's that scrolls on its own (a wide table)
    for (let p = e.parentElement; p && p.id !== 'rendered_cells'; p = p.parentElement) {
      if (p.matches('.widget-html-content, .crib-heatgrid')
          && getComputedStyle(p).overflowX === 'auto' && p.getBoundingClientRect().right <= W + 1) {
        own = true; break;
      }
    }
    if (!own) { bad.push('past the right edge: ' + what(e) + ' ' + Math.round(r.right)); break; }
  }
  for (const e of document.querySelectorAll('#rendered_cells :is(button, input, select)')) {
    if (!shown(e) || e.type === 'file' || e.closest('.crib-nav')) { continue; }
    const box = e.type === 'checkbox' ? (e.closest('label') || e.closest('.widget-checkbox')) : e;
    const r = box.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5) {
      bad.push('tap target ' + Math.round(r.width) + 'x' + Math.round(r.height) + ': ' + what(e));
    }
  }
  // the side column's scores: beside the board, or below 1000 px under it (its parts then
  // join the game's column, in the order of a turn: crib.css)
  const rail = document.querySelector('.crib-scores');
  const board = document.querySelector('.crib-board');
  const out = {bad: bad.slice(0, 12)};
  if (rail && board && shown(rail)) {
    out.rail_top = rail.getBoundingClientRect().top;
    out.rail_left = rail.getBoundingClientRect().left;
    out.board_bottom = board.getBoundingClientRect().bottom;
    out.board_right = board.getBoundingClientRect().right;
  }
  return out;
}"""

FOCUS_JS = """() => {
  const b = [...document.querySelectorAll('#rendered_cells :is(button, a[href])')]
    .find(e => e.getBoundingClientRect().width > 0);
  b.focus({focusVisible: true});
  const s = getComputedStyle(b);
  return {style: s.outlineStyle, width: parseFloat(s.outlineWidth)};
}"""


def _axe(page: object, where: str, found: list[str]) -> None:
    if not page.evaluate("() => typeof axe !== 'undefined'"):  # type: ignore[attr-defined]
        page.add_script_tag(path=str(AXE))  # type: ignore[attr-defined]
    found.extend(f"{where}: {v}" for v in page.evaluate(AXE_JS))  # type: ignore[attr-defined]


def _look(page: object, where: str, found: list[str]) -> None:
    seen = page.evaluate(LOOK_JS)  # type: ignore[attr-defined]
    words = sorted(set(BAD_WORDS.findall(seen["text"])))
    if words:
        found.append(f"{where}: the page shows {words}")
    if seen["broken"]:
        found.append(f"{where}: broken images {seen['broken']}")


def _walk(page: object, name: str, found: list[str]) -> int:
    """Use every control once; returns how many were used."""
    used, start = 0, 0
    for _round in range(3):  # controls that a mode or tab shows are used in the next round
        controls = page.evaluate(TAG_JS, start)  # type: ignore[attr-defined]
        if not controls:
            break
        start += len(controls)
        for c in controls:
            loc = page.locator(f"[data-crib-walk='{c['id']}']")  # type: ignore[attr-defined]
            if not loc.is_visible() or not loc.is_enabled():
                continue
            try:
                if c["tag"] == "SELECT":
                    options = loc.locator("option").all_inner_texts()[:5]
                    for label in options:
                        loc.select_option(label=label, timeout=5_000)
                        page.wait_for_timeout(250)  # type: ignore[attr-defined]
                        _look(page, f"{name}, {label!r} chosen", found)
                        if c["mode"]:
                            _axe(page, f"{name}, view {label!r}", found)
                else:
                    cls = loc.get_attribute("class", timeout=5_000)
                    what = f"{cls!r} {loc.inner_text(timeout=5_000)!r}"
                    loc.click(timeout=5_000)
                    page.wait_for_timeout(350)  # type: ignore[attr-defined]
                    _look(page, f"{name}, after clicking {what}", found)
                    if c["mode"]:
                        _axe(page, f"{name}, mode {what}", found)
            except PlaywrightError:
                continue  # the page redrew the control (a mode hid it): the next round finds it
            used += 1
    return used


def _layout(page: object, name: str, size: tuple[int, int], found: list[str]) -> None:
    w, h = size
    page.set_viewport_size({"width": w, "height": h})  # type: ignore[attr-defined]
    page.wait_for_timeout(300)  # type: ignore[attr-defined]
    # a full-page screenshot of a long page took over Playwright's 30 s on a loaded machine
    # (a clean clone's run beside other work, crib_odds at 1280x900): a generous bound
    page.screenshot(  # type: ignore[attr-defined]
        path=str(ARTIFACTS / f"devices-{name}-{w}x{h}.png"), full_page=True, timeout=120_000
    )
    got = page.evaluate(LAYOUT_JS)  # type: ignore[attr-defined]
    found.extend(f"{name} at {w}x{h}: {b}" for b in got["bad"])
    if name == "play":
        assert "rail_top" in got, "the play page has no side column or no board"
        if w < 1000:
            if got["rail_top"] < got["board_bottom"] - 1:
                found.append(f"play at {w}x{h}: the side column is not under the board")
            if got["board_right"] > w + 1:
                found.append(f"play at {w}x{h}: the board is wider than the page")
        elif got["rail_left"] < got["board_right"]:
            found.append(f"play at {w}x{h}: the side column is not beside the board")
    if size in AXE_SIZES:
        _axe(page, f"{name} at {w}x{h}", found)


@pytest.mark.parametrize("name", list(PAGES))
def test_every_page_walked_checked_by_axe_at_four_sizes(
    browser, voila_url: str, timings: dict[str, float], name: str
) -> None:  # type: ignore[no-untyped-def]
    """One page (a test each, so the two workers of ``make test`` share the pages)."""
    assert AXE.exists(), f"axe-core is missing at {AXE}: run `make test` (it installs it)"
    found: list[str] = []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    ready = PAGES[name]
    t = time.perf_counter()
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page, times = open_timed(ctx, f"{voila_url}/voila/render/{name}.ipynb", ready)
        (ARTIFACTS / f"page-{name}-skeleton.png").write_bytes(page.crib_early)
        # while the skeleton is up it covers the page: the nav's outline, no half-drawn app
        assert page.crib_seen["nav"] and page.crib_seen["covers"], page.crib_seen
        timings[f"{name}: open to first interactive widget"] = times["interactive"]
        timings[f"{name}: open to skeleton drawn"] = times["skeleton"]
        assert_no_error_output(page)
        assert page.title() == f"{TITLES[name]} · crib"
        assert (
            page.locator("nav.crib-nav").count() == 1 and page.locator("[role=main]").count() == 1
        )
        _axe(page, f"{name} as opened", found)
        _look(page, f"{name} as opened", found)
        used = _walk(page, name, found)
        assert used >= 1, f"{name}: the walk found no control"
        ring = page.evaluate(FOCUS_JS)
        if ring["style"] == "none" or ring["width"] < 2:
            found.append(f"{name}: the focus ring is {ring}")
        if name == "play":
            # the walk may leave the page on the classmate screen ("Play a classmate",
            # "Your class table"): the layouts are checked on the game, freshly opened
            assert not page.crib_errors, page.crib_errors
            page.close()
            page, _ = open_dashboard(ctx, f"{voila_url}/voila/render/{name}.ipynb", ready)
        for size in SIZES:
            _layout(page, name, size, found)
        assert not page.crib_errors, page.crib_errors
    finally:
        ctx.close()
    timings[f"devices {name}"] = time.perf_counter() - t
    assert not found, "\n".join(found)


def test_phone_taps(browser, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    """A phone (390×844, touch): tap a card in the hand on the play page, and a quiz kind
    and the count box in the trainer."""
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        page, _ = open_dashboard(ctx, f"{voila_url}/voila/render/play.ipynb", ".crib-keys-ready")
        card = page.locator(".crib-card-1")
        for _ in range(4):  # cut for the deal, then deal
            if card.is_visible():
                break
            page.locator(".crib-confirm").tap()
            page.wait_for_timeout(1_000)
        card.tap()
        expect(card).to_have_class(re.compile("crib-selected"))
        expect(card).to_have_attribute(
            "aria-label", re.compile(r"^(ace|\d+|jack|queen|king) of \w+, selected")
        )
        page.locator(".crib-card-2").tap()
        page.locator(".crib-confirm").tap()  # throw the two
        expect(page.locator(".crib-card-1")).to_have_attribute(
            "aria-label", re.compile(", (playable|not playable)$"), timeout=20_000
        )
        page, _ = open_dashboard(
            ctx, f"{voila_url}/voila/render/trainer.ipynb", ".crib-count-input input"
        )
        box = page.locator(".crib-count-input input")
        box.tap()
        expect(box).to_be_focused()
    finally:
        ctx.close()


def test_axe_is_installed_where_the_makefile_puts_it() -> None:
    make = (ROOT / "Makefile").read_text()
    assert "axe-core@4.14.1" in make and "--prefix $(VENV)/node" in make
