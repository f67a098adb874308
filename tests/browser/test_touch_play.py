"""Touch-first play (issue #37, acceptance 3) in a real browser.

Fast (``make test``): on a 768×1024 tablet with touch, the "Game options" fold opens and
closes by taps (``aria-expanded``), the words are touch words and the key hints are
hidden, and during the play the hand, the count, the action button and the coach's
latest line are all on the first screen; at 1280×800 with a keyboard, the fold opens and
closes by keys, the words name the keys and the hints show, and Enter on a focused card
confirms, as the Keys list says.

Slow (``make test-slow``): the play and the show at 390×844 (a phone, touch), 768×1024 (a
tablet, touch) and 1280×800 (a desktop), screenshotted to
tests/artifacts/play-{390,768,1280}-{play,show}.png, with axe-core at each; on the phone
each card's corner clears its centre, the board's words are at least 11 px and the
counted hands fit the width.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, click_step, open_dashboard, press_step
from .test_devices import AXE, AXE_JS

pytestmark = pytest.mark.browser

URL = "/voila/render/play.ipynb?seed=7&tier=easy"
KEYISH = re.compile(r"\bpress|\bPress|\bEnter\b|\bclick|\(1-|\(n\)")
FIRST_SCREEN = {  # what a turn needs, on the first screen of a tablet
    "hand": ".crib-hand .crib-cardbtn:visible",
    "count": ".crib-table .crib-count",
    "button": ".crib-confirm",
    "coach": ".crib-coach .crib-last-grade",
}


def _open(browser, voila_url: str, w: int, h: int, *, touch: bool):  # type: ignore[no-untyped-def]
    ctx = browser.new_context(
        viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch and w < 500
    )
    page, _ = open_dashboard(ctx, voila_url + URL, ".crib-keys-ready")
    # the page's words follow the browser's: wait until the kernel has heard it
    word = "tap" if touch else "press n"
    expect(page.locator(".crib-prompt")).to_contain_text(word, timeout=30_000)
    return ctx, page


def _phase(page) -> str:  # type: ignore[no-untyped-def]
    return page.locator(".crib-phase").get_attribute("data-phase") or ""


def _to_play(page, *, touch: bool) -> None:  # type: ignore[no-untyped-def]
    """Cut, deal, throw the first two cards: the play (by taps or clicks)."""

    def hit(sel: str) -> None:
        loc = page.locator(sel)
        click_step(page, type("T", (), {"click": loc.tap if touch else loc.click})())

    while _phase(page) in ("cut", "cut_done"):
        hit(".crib-confirm")
    hit(".crib-card-1")
    hit(".crib-card-2")
    hit(".crib-confirm")
    expect(page.locator(".crib-phase")).to_have_attribute("data-phase", "play")


def _to_show(page, *, touch: bool) -> None:  # type: ignore[no-untyped-def]
    """Play the first legal card until the hand's show."""
    for _ in range(12):
        if _phase(page) != "play":
            break
        legal = page.locator(".crib-hand .crib-cardbtn:visible:not([disabled])")
        target = legal.first if legal.count() else page.locator(".crib-go")
        click_step(page, type("T", (), {"click": target.tap if touch else target.click})())
    assert _phase(page) in ("show", "hand_over", "over"), _phase(page)


TOP_JS = """() => { for (const e of [document.scrollingElement, ...document.querySelectorAll('*')])
  if (e.scrollTop) e.scrollTop = 0; }"""  # the first screen: every scrolled box back to its top

SHOWN_JS = """(sel) => { const e = document.querySelector(sel);
  e.scrollIntoView({block: 'start'}); }"""  # a part of the page at the top of the screen


def _fold_state(page) -> str:  # type: ignore[no-untyped-def]
    return page.locator(".crib-fold-button").get_attribute("aria-expanded") or ""


def _hints_shown(page) -> dict:  # type: ignore[no-untyped-def]
    return page.evaluate(
        """() => ({
          keys: !!document.querySelector('.crib-keys-help ul')?.getClientRects().length,
          badge: getComputedStyle(document.querySelector('.crib-hand .crib-cardbtn'),
                                  '::after').display !== 'none',
          label: (document.querySelector('.crib-keys-ready')?.getBoundingClientRect().width
                  || 0) > 2,
        })"""
    )


def _axe(page, where: str) -> list[str]:  # type: ignore[no-untyped-def]
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return [f"{where}: {v}" for v in page.evaluate(AXE_JS)]


def test_a_tablet_by_touch_folds_the_options_and_keeps_the_turn_on_the_first_screen(
    browser, voila_url: str
) -> None:  # type: ignore[no-untyped-def]
    ctx, page = _open(browser, voila_url, 768, 1024, touch=True)
    try:
        # the options folded, closed; a tap opens, a tap closes
        toggle = page.locator(".crib-fold-button")
        expect(toggle).to_have_text("Game options")
        assert _fold_state(page) == "false"
        expect(page.locator(".crib-tier select")).to_be_hidden()
        expect(page.locator(".crib-new")).to_be_visible()  # New game stays outside
        toggle.tap()
        expect(toggle).to_have_attribute("aria-expanded", "true")
        body = page.locator("#" + (toggle.get_attribute("aria-controls") or "none"))
        expect(body.locator(".crib-tier select")).to_be_visible()
        expect(body.locator(".crib-muggins")).to_be_visible()
        toggle.tap()
        expect(toggle).to_have_attribute("aria-expanded", "false")
        expect(page.locator(".crib-tier select")).to_be_hidden()
        # touch words, no key hints
        _to_play(page, touch=True)
        prompt = page.locator(".crib-prompt").inner_text()
        assert "Tap a card" in prompt and not KEYISH.search(prompt), prompt
        assert page.locator(".crib-confirm").inner_text().strip() == "Play"
        assert _hints_shown(page) == {"keys": False, "badge": False, "label": False}
        # the turn on the first screen, without scrolling
        page.evaluate(TOP_JS)
        expect(page.locator(FIRST_SCREEN["coach"])).to_be_visible()
        for what, sel in FIRST_SCREEN.items():
            for box in [x.bounding_box() for x in page.locator(sel).all()]:
                assert box is not None, what
                assert box["y"] >= 0 and box["y"] + box["height"] <= 1024, (what, box)
                assert box["x"] >= 0 and box["x"] + box["width"] <= 768, (what, box)
        assert page.evaluate("() => scrollY") == 0
    finally:
        ctx.close()


def test_a_desktop_by_keyboard_folds_the_options_and_enter_on_a_card_confirms(
    browser, voila_url: str
) -> None:  # type: ignore[no-untyped-def]
    ctx, page = _open(browser, voila_url, 1280, 800, touch=False)
    try:
        toggle = page.locator(".crib-fold-button")
        toggle.focus()
        page.keyboard.press("Enter")
        expect(toggle).to_have_attribute("aria-expanded", "true")
        expect(page.locator(".crib-coaching input")).to_be_visible()
        page.keyboard.press("Space")
        expect(toggle).to_have_attribute("aria-expanded", "false")
        # key words and key hints
        prompt = page.locator(".crib-prompt").inner_text()
        assert "press n" in prompt and "Cut for deal" in prompt, prompt
        expect(page.locator(".crib-confirm")).to_have_text("Cut for deal (n)")
        press_step(page, "n")
        press_step(page, "n")
        assert _hints_shown(page) == {"keys": True, "badge": True, "label": True}
        keys = page.locator(".crib-keys-help").inner_text()
        assert re.search(r"Enter\s+confirm", keys), keys
        # Enter on a focused card confirms: the two picked are thrown, none unpicked
        press_step(page, "1")
        press_step(page, "2")
        card = page.locator(".crib-card-4")
        card.focus()
        press_step(page, "Enter")
        expect(page.locator(".crib-phase")).to_have_attribute("data-phase", "play")
        # in the play, Enter on a focused card plays it
        legal = page.locator(".crib-hand .crib-cardbtn:visible:not([disabled])")
        before = page.locator(".crib-hand .crib-cardbtn:visible").count()
        name = legal.first.get_attribute("aria-label") or ""
        legal.first.focus()
        press_step(page, "Enter")
        expect(page.locator(".crib-hand .crib-cardbtn:visible")).to_have_count(before - 1)
        assert name.split(",")[0] not in " ".join(
            x.get_attribute("aria-label") or "" for x in page.locator(".crib-hand button").all()
        )
    finally:
        ctx.close()


# --- the phone, the tablet and the desktop: the play and the show --------------------

CARD_JS = """(sel) => {
  const b = document.querySelector(sel), r = b.getBoundingClientRect();
  const s = getComputedStyle(b, '::before');
  const corner = {x: r.left + b.clientLeft + parseFloat(s.left),
                  y: r.top + b.clientTop + parseFloat(s.top),
                  w: parseFloat(s.width), h: parseFloat(s.height)};
  // the centre: the face's glyph (crib.css draws it in a span), else the button's text
  const glyph = b.querySelector('.crib-glyph');
  const range = document.createRange();
  if (!glyph) range.selectNodeContents(b);
  const c = (glyph || range).getBoundingClientRect();
  return {corner, centre: {x: c.left, y: c.top, w: c.width, h: c.height}};
}"""

BOARD_JS = """() => {
  const svg = document.querySelector('.crib-board');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('text, tspan')].filter(t => t.textContent.trim())
    .map(t => ({text: t.textContent.trim(), px: parseFloat(getComputedStyle(t).fontSize) * scale}));
}"""

SHOW_JS = """() => {
  const W = innerWidth, bad = [];
  if (document.scrollingElement.scrollWidth > W) bad.push('the page scrolls sideways');
  for (const e of document.querySelectorAll('.crib-show *')) {
    const r = e.getBoundingClientRect();
    if (r.width && r.right > W + 1) { bad.push('past the edge: ' + e.className); break; }
  }
  for (const e of document.querySelectorAll('.crib-show .widget-html-content, .crib-show'))
    if (e.scrollWidth > e.clientWidth + 1) bad.push('scrolls sideways: ' + e.className);
  for (const s of document.querySelectorAll('.crib-show-line > span:last-child')) {
    const st = getComputedStyle(s);  // one line of it: its line height ('normal': 1.2 em)
    const lh = 1.5 * (parseFloat(st.lineHeight) || parseFloat(st.fontSize) * 1.2);
    if (s.textContent.length <= 24 && s.getBoundingClientRect().height > lh)
      bad.push('broken: ' + s.textContent);
  }
  return {bad, lines: document.querySelectorAll('.crib-show-line').length};
}"""


def _overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["w"]
        and b["x"] < a["x"] + a["w"]
        and (a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"])
    )


@pytest.mark.slow  # three pages, a hand played to its show on each: make test-slow
@pytest.mark.parametrize(
    "width,height,touch", [(390, 844, True), (768, 1024, True), (1280, 800, False)]
)
def test_the_play_and_the_show_at_a_phone_a_tablet_and_a_desktop(
    browser, voila_url: str, width: int, height: int, touch: bool
) -> None:  # type: ignore[no-untyped-def]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    ctx, page = _open(browser, voila_url, width, height, touch=touch)
    found: list[str] = []
    try:
        _to_play(page, touch=touch)
        page.evaluate(TOP_JS)
        if width < 500:  # a phone's turn: from the table down (the board comes after)
            page.evaluate(SHOWN_JS, ".crib-opp")
        elif width >= 1000:  # a desktop's game: from the options' row down
            page.evaluate(SHOWN_JS, ".crib-fold")
        page.screenshot(path=str(ARTIFACTS / f"play-{width}-play.png"))
        found += _axe(page, f"{width} play")
        if width < 500:
            for i in range(1, 5):
                got = page.evaluate(CARD_JS, f".crib-card-{i}")
                assert got["corner"]["h"] > 0 and got["centre"]["h"] > 0, got
                assert not _overlap(got["corner"], got["centre"]), (i, got)
            small = [x for x in page.evaluate(BOARD_JS) if x["px"] < 11 - 0.05]
            assert not small, small
            page.evaluate(SHOWN_JS, ".crib-board-box")
            page.screenshot(path=str(ARTIFACTS / "play-390-board.png"))
        _to_show(page, touch=touch)
        page.evaluate(TOP_JS)
        page.evaluate(SHOWN_JS, ".crib-opp" if width < 1000 else ".crib-fold")
        page.screenshot(path=str(ARTIFACTS / f"play-{width}-show.png"))
        found += _axe(page, f"{width} show")
        show = page.evaluate(SHOW_JS)
        assert show["lines"] > 0 and not show["bad"], show
    finally:
        ctx.close()
    assert not found, "\n".join(found)
