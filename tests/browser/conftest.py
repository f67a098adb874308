"""Real-browser fixtures: Voila on a free port, Debian's chromium via playwright.

Playwright's own browser download does not work here, so the system browser
is launched by path.  A test may skip only outside CI when no chromium is
installed; under CI a missing browser is a failure.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser import server

ROOT, ARTIFACTS = server.ROOT, server.ARTIFACTS
CHROMIUM = "/usr/bin/chromium"
SERVER: dict[str, int] = {}  # "pid": the served voila's process id, for waiting on its kernels


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing under CI: .ci/run must install Debian's chromium")
        pytest.skip(f"no chromium at {CHROMIUM} and not under CI: skipping browser tests")
    return CHROMIUM


@pytest.fixture(scope="session")
def voila_url(chromium_path: str) -> Iterator[str]:
    """The Voila server of the browser tests: the one the controller started for both
    workers under ``pytest -n`` (:mod:`tests.browser.server`), else one for this session."""
    shared = server.Server.from_env()
    own = server.start() if shared is None else None
    srv = shared or own
    assert srv is not None
    try:
        problem = srv.wait_ready()
        if problem:
            pytest.fail(problem)
        SERVER["pid"] = srv.pid
        yield srv.url
    finally:
        if own is not None:
            own.stop()


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=chromium_path,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--disable-sync",
            ],
        )
        yield b
        b.close()


@pytest.fixture()
def context(browser: object) -> Iterator[object]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    yield ctx
    ctx.close()


# The page's own clock.  Playwright's wait_for_selector polls with a backoff of 20, 50,
# 100, 100 and then 500 ms (retryWithProgressAndBackoff in its driver, lib/coreBundle.js),
# so a page that turned interactive is seen up to half a second late.  This script is put
# into the page before it loads and notes, in milliseconds since navigation started
# (performance.now(), the origin of the browser's Navigation Timing), when the skeleton
# (#loading) was first in the document, when it went, and when the ready widget is
# visible (a box of non-zero size, as Playwright's "visible"): at once if it is when the
# skeleton goes, else at the first animation frame in which it is.  The skeleton covers
# the page until it goes, so that is the first moment a user can use the widget.
CLOCK_JS = """(sel) => {
  const t = {};
  window.crib_times = t;
  let frames = false;
  function ready() {
    const el = document.querySelector(sel);
    if (!el) { return false; }
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  }
  function frame() {
    if (ready()) { t.interactive = performance.now(); } else { requestAnimationFrame(frame); }
  }
  const seen = new MutationObserver(function() {
    const sk = document.getElementById('loading');
    if (sk && t.skeleton === undefined) { t.skeleton = performance.now(); }
    if (!sk && t.skeleton !== undefined && t.gone === undefined) {
      t.gone = performance.now();
      seen.disconnect();
      if (ready()) { t.interactive = t.gone; }
      else if (!frames) { frames = true; requestAnimationFrame(frame); }
    }
  });
  seen.observe(document, {childList: true, subtree: true});
}"""


def _clock(page: object, ready_selector: str) -> None:
    page.add_init_script(f"({CLOCK_JS})({json.dumps(ready_selector)})")  # type: ignore[attr-defined]


def _page_times(page: object) -> dict[str, float]:
    """The page's own times (s since navigation started), once it is interactive."""
    page.wait_for_function("() => window.crib_times && window.crib_times.interactive !== undefined")  # type: ignore[attr-defined]
    ms = page.evaluate("() => window.crib_times")  # type: ignore[attr-defined]
    return {k: ms[k] / 1000 for k in ("skeleton", "gone", "interactive")}


def _step_after(page, act) -> None:  # type: ignore[no-untyped-def]
    """Do ``act()`` on the play page and wait until the game takes a step (the phase
    element's ``data-step`` grows)."""
    step = int(page.locator(".crib-phase").get_attribute("data-step") or 0)
    act()
    page.wait_for_function(
        "s => Number(document.querySelector('.crib-phase').dataset.step) > s",
        arg=step,
        timeout=30_000,
    )


def press_step(page, key: str) -> None:  # type: ignore[no-untyped-def]
    """Press ``key`` on the play page and wait until the game takes a step."""
    _step_after(page, lambda: page.keyboard.press(key))


def click_step(page, target) -> None:  # type: ignore[no-untyped-def]
    """Click ``target`` (a locator) on the play page and wait for the game's step, as
    :func:`press_step` does: the cards are drawn before the step, so waiting for a card's
    class alone lets the next key's wait be met by this click's step."""
    _step_after(page, target.click)


def open_options(page) -> None:  # type: ignore[no-untyped-def]
    """Open the play page's "Game options" fold (closed by default, issue #37): the
    opponent, the seed, the checkboxes, Save and Load and Play a classmate are in it."""
    toggle = page.locator(".crib-fold-button")
    toggle.wait_for(state="visible", timeout=60_000)
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    page.wait_for_selector(".crib-fold-button[aria-expanded='true']")


def open_dashboard(context: object, url: str, ready_selector: str) -> tuple[object, float]:
    """Open a page and wait until Voila finished and ``ready_selector`` is visible.

    Returns the page and the seconds from navigation to the first interactive widget, by
    the page's own clock (:data:`CLOCK_JS`).
    """
    page = context.new_page()  # type: ignore[attr-defined]
    errors: list[str] = []
    console: list[str] = []  # the browser's own errors and warnings, said if the page stalls
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(  # (not JupyterLab's shared-module version warnings, which every page logs)
        "console",
        lambda m: (
            console.append(f"{m.type}: {m.text}")
            if m.type == "error" or (m.type == "warning" and "version" not in m.text)
            else 0
        ),
    )
    _clock(page, ready_selector)
    page.goto(url)
    # a generous bound, not a timing: under `make test`'s other worker a page beyond the
    # warm pool waits for a kernel to start and run the notebook on a busy machine
    page.wait_for_selector("#loading", state="detached", timeout=180_000)
    try:
        page.wait_for_selector(ready_selector, state="visible", timeout=60_000)
    except Exception as e:  # say what the page showed and logged: a stall is a finding
        shot = screenshot(page, "stalled-" + re.sub(r"[^a-z0-9]+", "-", url.lower())[-60:])
        body = page.inner_text("body")[:1500]  # type: ignore[attr-defined]
        raise AssertionError(
            f"{ready_selector} not visible on {url} ({e}); page errors: {errors}; console: "
            f"{console[-20:]}; screenshot: {shot}; the page's text: {body!r}"
        ) from e
    page.crib_errors = errors  # type: ignore[attr-defined]
    return page, _page_times(page)["interactive"]


def assert_no_error_output(page: object) -> None:
    text = page.inner_text("body")  # type: ignore[attr-defined]
    assert "Traceback" not in text
    stderr = page.locator(  # type: ignore[attr-defined]
        ".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']"
    ).all_inner_texts()
    assert not any("Error" in text for text in stderr), stderr
    assert (
        page.locator(
            ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
        ).count()
        == 0
    )  # type: ignore[attr-defined]


def screenshot(page: object, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    # generous: a full-page screenshot of a long page can take over 30 s on a loaded machine
    page.screenshot(path=str(path), full_page=True, timeout=120_000)  # type: ignore[attr-defined]
    return path


@pytest.fixture(scope="session")
def timings() -> Iterator[dict[str, float]]:
    out: dict[str, float] = {}
    yield out
    if out:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        lines = [f"{k}: {v:.2f} s" for k, v in sorted(out.items())]
        worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # one file per worker of `pytest -n`
        (ARTIFACTS / f"browser_timings{'-' + worker if worker else ''}.txt").write_text(
            "\n".join(lines) + "\n"
        )


def wait_for_quiet_kernels(seconds: float = 180) -> None:
    """After pages took pooled kernels: wait for voila's refill (started 1 s after a take)
    to finish, i.e. until the server's kernels used no CPU for a whole second."""
    time.sleep(2.5)
    if not server.wait_for_idle_kernels(SERVER["pid"], 1, time.monotonic() + seconds):
        pytest.fail("the server's kernels did not settle")


# what the page shows while the skeleton is up (the skeleton is never gone before the
# page's own scripts have loaded: they are what take it away)
SKELETON_JS = """() => {
  const el = document.getElementById('loading');
  if (!el) { return {nav: false, covers: false, gone: true}; }
  const r = el.getBoundingClientRect();
  return {nav: !!el.querySelector('.crib-skel-nav'), gone: false,
          covers: getComputedStyle(el).position === 'fixed' && r.width >= innerWidth - 1
                  && r.height >= innerHeight - 1};
}"""


def open_timed(
    context: object, url: str, ready_selector: str, look: bool = True
) -> tuple[object, dict[str, float]]:
    """Open a page and time it: seconds from navigation to the skeleton drawn (``#loading``
    in the page), to the skeleton gone, and to ``ready_selector`` visible, by the page's own
    clock (:data:`CLOCK_JS`); ``"seen"``: when the test saw it interactive, by its own clock
    from just before navigation (it includes Playwright's polling, up to 0.5 s).
    Screenshots need the page, which is returned open.  ``look``: take a screenshot
    of the skeleton and check what it covers while the page loads (the browser's
    work for that screenshot then counts in the times: pass False to time the page
    alone)."""
    page = context.new_page()  # type: ignore[attr-defined]
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    _clock(page, ready_selector)
    t = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_selector("#loading", state="attached", timeout=60_000)
    if look:
        page.crib_early = page.screenshot()  # type: ignore[attr-defined]
        page.crib_seen = page.evaluate(SKELETON_JS)  # type: ignore[attr-defined]
    # a generous bound, not a timing: under `make test`'s other worker a page beyond the
    # warm pool waits for a kernel to start and run the notebook on a busy machine
    page.wait_for_selector("#loading", state="detached", timeout=180_000)
    page.wait_for_selector(ready_selector, state="visible", timeout=60_000)
    seen = time.perf_counter() - t
    out = {**_page_times(page), "seen": seen}
    page.crib_errors = errors  # type: ignore[attr-defined]
    return page, out
