"""Keyboard only, charts in words, and the play page's small print (issue 27, acceptance 3
and 5), in a real browser.

* A whole practice set of every quiz kind the trainer offers (counting typed, counting
  line by line, the discard quiz and the pegging quiz), with key presses only: Tab and
  Shift+Tab to reach a control, Space and Enter to use it, letters and digits to type.
  Each answer must register (the feedback and the stats), each set must end with its
  summary, and the focus must go on from one answer to the next deal by itself.
* Every analyzer chart has its text summary beside it, saying what its title says.
* The play page's crib label before the deal and its keys hint at 1280 and 390 px.

Screenshots go to tests/artifacts/keyboard-*.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from crib.rules.cards import parse_cards
from crib.rules.scoring import score_hand

from .conftest import ARTIFACTS, assert_no_error_output, open_dashboard

pytestmark = pytest.mark.browser

SET = 3  # deals in each practice set (the page's shortest set)


def _focus_js(cond: str) -> str:
    """A JS function: is the focused element (``e``, not the body) one where ``cond`` holds?"""
    return (
        "() => { const e = document.activeElement; "
        f"return !!(e && e !== document.body && ({cond})); }}"
    )


def _focused(page, cond: str) -> bool:  # type: ignore[no-untyped-def]
    return bool(page.evaluate(_focus_js(cond)))


def _tab_to(page, cond: str, *, back: bool = False, most: int = 160) -> int:  # type: ignore[no-untyped-def]
    """Press Tab (Shift+Tab with ``back``) until the focused element satisfies ``cond`` (a
    JS expression over the element ``e``); returns how many presses it took."""
    for n in range(most):
        if _focused(page, cond):
            return n
        page.keyboard.press("Shift+Tab" if back else "Tab")
    pytest.fail(f"{cond!r} was not reached in {most} presses of {'Shift+Tab' if back else 'Tab'}")


def _wait_focus(page, cond: str) -> None:  # type: ignore[no-untyped-def]
    """The page moves the focus by itself (to the next deal's answer, or to Next)."""
    page.wait_for_function(_focus_js(cond), timeout=30_000)


def _answered(page) -> int:  # type: ignore[no-untyped-def]
    """How many answers the stats line counts."""
    m = re.search(r"\((\d+) of (\d+)\)", page.locator(".crib-stats").inner_text())
    return int(m.group(2)) if m else 0


def _deal(page) -> tuple[list, object, bool]:  # type: ignore[no-untyped-def]
    """The counting deal on the page: four cards, the starter, hand or crib."""
    cards = page.locator(".crib-prompt [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert len(cards) == 5, cards
    crib = "Count this crib" in page.locator(".crib-prompt").inner_text()
    return parse_cards(" ".join(cards[:4])), parse_cards(cards[4])[0], crib


def _header(page, k: int) -> None:  # type: ignore[no-untyped-def]
    expect(page.locator(".crib-header")).to_contain_text(
        f"Practice deal {k} of {SET}", timeout=30_000
    )


def _next(page, k: int, done: int) -> None:  # type: ignore[no-untyped-def]
    """After answer ``k`` of the set (``done`` in all): the focus is on Next; at the end of
    the set the summary shows and Next starts a new set."""
    _wait_focus(page, "e.classList.contains('crib-next')")
    expect(page.locator(".crib-stats")).to_contain_text(f"of {done})")
    if k == SET:
        summary = page.locator(".crib-set-summary")
        expect(summary).to_contain_text("Set done.")
        expect(summary).to_contain_text(f"of {SET} right")
        expect(page.locator(".crib-next")).to_have_text(re.compile("Start a new set"))


def _mark_old(page, row: str) -> None:  # type: ignore[no-untyped-def]
    """Mark the cards shown now, to wait for the next deal's (a deal's cards are new buttons)."""
    page.evaluate(
        "row => document.querySelectorAll(row + ' button').forEach(b => { b.dataset.old = '1'; })",
        row,
    )


def _fresh_cards(page, row: str) -> None:  # type: ignore[no-untyped-def]
    """Wait until the row shows this deal's cards (none marked old) and the focus is not on
    an old one."""
    page.wait_for_function(
        """row => { const bs = [...document.querySelectorAll(row + ' button')];
                    const a = document.activeElement;
                    return bs.length > 0 && bs.every(b => !b.dataset.old)
                      && bs.some(b => b.getBoundingClientRect().width > 0)
                      && !(a && a.dataset && a.dataset.old); }""",
        # a bound, not a timing: a discard question's 15 throws are analysed before its
        # cards show, which took over 30 s on a clean clone's loaded machine
        arg=row,
        timeout=90_000,
    )


def _kind(page, label: str) -> None:  # type: ignore[no-untyped-def]
    """Choose a quiz kind: Shift+Tab back to its button, Space."""
    _tab_to(page, f"e.closest('.crib-kind') && e.textContent.trim() === {label!r}", back=True)
    page.keyboard.press("Space")
    _header(page, 1)


def test_a_practice_set_of_every_quiz_kind_by_keyboard_only(context, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    context.set_default_navigation_timeout(120_000)
    page, _ = open_dashboard(
        context, f"{voila_url}/voila/render/trainer.ipynb", ".crib-count-input input"
    )
    page.set_viewport_size({"width": 1280, "height": 800})
    _wait_focus(page, "e.closest('.crib-count-input')")  # the cursor starts in the count box
    # the set's size, from the keyboard: Shift+Tab back to its list, type its first letter
    _tab_to(page, "e.closest('.crib-set-size')", back=True)
    page.keyboard.press("3")
    _header(page, 1)
    done = 0

    # 1. counting, typed: Tab back to the box, type the count, Enter; Enter again for Next
    _tab_to(page, "e.closest('.crib-count-input')")
    for k in range(1, SET + 1):
        _header(page, k)
        _wait_focus(page, "e.closest('.crib-count-input')")
        hand, starter, crib = _deal(page)
        page.keyboard.type(str(score_hand(hand, starter, is_crib=crib).total))
        page.keyboard.press("Enter")
        expect(page.locator(".crib-feedback .crib-verdict-right")).to_be_visible(timeout=30_000)
        done += 1
        _next(page, k, done)
        if k == 1:
            page.screenshot(path=str(ARTIFACTS / "keyboard-trainer-count-answered.png"))
        page.keyboard.press("Enter")  # Next deal (at the end: a new set)
    _header(page, 1)
    expect(page.locator(".crib-set-summary")).to_be_empty()

    # 2. counting line by line: the toggle is just before the answer, then the cards
    _wait_focus(page, "e.closest('.crib-count-input')")
    _tab_to(page, "e.classList.contains('crib-teach-toggle')", back=True)
    page.keyboard.press("Space")
    expect(page.locator(".crib-teach-cards button")).to_have_count(5)
    for k in range(1, SET + 1):
        _header(page, k)
        _fresh_cards(page, ".crib-teach-cards")
        hand, starter, crib = _deal(page)
        lines = score_hand(hand, starter, is_crib=crib).components
        if lines:  # claim the first line of the breakdown: its cards, its kind, Add line
            line = lines[0]
            for c in line.cards:
                _tab_to(
                    page,
                    f"e.classList.contains('crib-face-{c}') && !!e.closest('.crib-teach-cards')",
                )
                page.keyboard.press("Space")
                expect(page.locator(f".crib-teach-cards .crib-face-{c}")).to_have_class(
                    re.compile("mod-active")
                )
            _tab_to(
                page, f"e.closest('.crib-teach-kind') && e.textContent.trim() === {line.kind!r}"
            )
            page.keyboard.press("Space")
            _tab_to(page, "e.classList.contains('crib-teach-add')")
            page.keyboard.press("Enter")
            expect(page.locator(".crib-teach-lines")).to_contain_text("total")
        _tab_to(page, "e.classList.contains('crib-teach-check')")
        page.keyboard.press("Enter")
        expect(page.locator(".crib-feedback .crib-breakdown")).to_be_visible(timeout=30_000)
        if lines:
            expect(page.locator(".crib-teach-lines tr.crib-line-right")).to_have_count(1)
        done += 1
        _next(page, k, done)
        if k == 1:
            page.screenshot(path=str(ARTIFACTS / "keyboard-trainer-lines-checked.png"))
        _mark_old(page, ".crib-teach-cards")
        page.keyboard.press("Enter")
        if k < SET:  # the next deal: the focus is on its first card
            _wait_focus(page, "!!e.closest('.crib-teach-cards')")

    # 3. the discard quiz: two cards with Space, then Throw with Enter
    _kind(page, "Discard quiz")
    for k in range(1, SET + 1):
        _header(page, k)
        _fresh_cards(page, ".crib-card-row")
        _tab_to(page, "!!e.closest('.crib-card-row')")
        page.keyboard.press("Space")
        page.keyboard.press("Tab")
        page.keyboard.press("Space")
        _tab_to(page, "e.classList.contains('crib-throw') && !e.disabled")
        page.keyboard.press("Enter")
        # plain words first (the default): the verdict shows, the ranking is folded under
        # "How this was computed"
        expect(page.locator(".crib-feedback .crib-plain-text").first).to_be_visible(timeout=30_000)
        expect(page.locator(".crib-feedback details.crib-how .crib-ranking")).to_be_attached()
        done += 1
        _next(page, k, done)
        if k == SET:
            page.screenshot(
                path=str(ARTIFACTS / "keyboard-trainer-discard-set-done.png"), full_page=True
            )
        _mark_old(page, ".crib-card-row")
        page.keyboard.press("Enter")

    # 4. the pegging quiz: a playable card with Enter
    _fresh_cards(page, ".crib-card-row")  # the new discard set's cards are drawn: then mark them
    _mark_old(page, ".crib-card-row")
    _kind(page, "Pegging quiz")
    for k in range(1, SET + 1):
        _header(page, k)
        _fresh_cards(page, ".crib-card-row")
        _tab_to(page, "!!e.closest('.crib-card-row') && !e.disabled")
        page.keyboard.press("Enter")
        expect(page.locator(".crib-feedback .crib-plain-text").first).to_be_visible(timeout=30_000)
        expect(page.locator(".crib-feedback details.crib-how .crib-margins")).to_be_attached()
        done += 1
        _next(page, k, done)
        if k < SET:
            _mark_old(page, ".crib-card-row")
            page.keyboard.press("Enter")
    summary = page.locator(".crib-set-summary")
    expect(summary).to_contain_text("Set done.")
    assert _answered(page) == done == 4 * SET

    # 5. my progress, and its chart in words
    _tab_to(page, "e.classList.contains('crib-progress-button')")
    page.keyboard.press("Enter")
    chart = page.locator(".crib-progress-chart")
    expect(chart).to_be_visible(timeout=30_000)
    _tab_to(page, "e.tagName === 'SUMMARY' && !!e.closest('.crib-chart-summary')")
    page.keyboard.press("Enter")
    words = page.locator(".crib-chart-summary details p")
    expect(words).to_be_visible()
    expect(words).to_contain_text("Accuracy over time")
    page.screenshot(path=str(ARTIFACTS / "keyboard-trainer-progress.png"), full_page=True)
    assert_no_error_output(page)
    assert not page.crib_errors, page.crib_errors


@pytest.mark.parametrize("name", ["discard", "pegging", "traps"])
def test_every_analyzer_chart_has_its_text_beside_it(context, voila_url: str, name: str) -> None:  # type: ignore[no-untyped-def]
    ready = {
        "discard": ".crib-analyze",
        "pegging": ".crib-analyze",
        "traps": ".crib-formation select",
    }[name]
    page, _ = open_dashboard(context, f"{voila_url}/voila/render/{name}.ipynb", ready)
    boxes = page.locator(".crib-chart-box")
    expect(boxes.first.locator("img")).to_be_visible(timeout=30_000)
    seen = 0
    for i in range(boxes.count()):
        box = boxes.nth(i)
        if not box.locator("img").is_visible():
            continue
        title = box.locator("img").get_attribute("title") or ""
        assert title.startswith("Chart: "), title
        text = box.locator(".crib-chart-summary details")
        expect(text.locator("summary")).to_have_text("The chart in words")
        text.locator("summary").click()
        expect(text.locator("p")).to_have_text(title)
        seen += 1
    assert seen >= 1


def test_play_crib_label_before_the_deal_and_the_keys_hint_at_each_width(
    context, voila_url: str
) -> None:  # type: ignore[no-untyped-def]
    page, _ = open_dashboard(context, f"{voila_url}/voila/render/play.ipynb", ".crib-keys-ready")
    label = page.locator(".crib-crib .crib-label")
    assert (label.text_content() or "").strip() == "Crib (empty)"  # not "CRIB ()"
    where = "() => getComputedStyle(document.querySelector('.crib-keys-where'), '::after').content"
    for (w, h), said in (((1280, 800), '"on the right"'), ((390, 844), '"below the game"')):
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(300)
        assert page.evaluate(where) == said, (w, page.evaluate(where))
        # the side column's scores (below 1000 px its parts join the game's column)
        rail = page.locator(".crib-scores").bounding_box()
        keys = page.locator(".crib-keys-ready").bounding_box()
        assert rail is not None and keys is not None
        if w < 1000:
            assert rail["y"] > keys["y"] + 100  # the list is below the game
        else:
            assert rail["x"] > 640  # the list is on the right
        page.screenshot(path=str(ARTIFACTS / f"keyboard-play-keys-{w}x{h}.png"))
    expect(page.locator(".crib-keys-ready")).to_contain_text("keys on: see the Keys list")
