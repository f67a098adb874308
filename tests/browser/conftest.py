"""Real-browser fixtures: Voila on a free port, Debian's chromium via playwright.

Playwright's own browser download does not work here, so the system browser
is launched by path.  A test may skip only outside CI when no chromium is
installed; under CI a missing browser is a failure.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
SERVER: dict[str, int] = {}  # "pid": the served voila's process id, for waiting on its kernels


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing under CI: .ci/run must install Debian's chromium")
        pytest.skip(f"no chromium at {CHROMIUM} and not under CI: skipping browser tests")
    return CHROMIUM


def _kernel_cpu(server_pid: int) -> tuple[int, int]:
    """(number of kernel processes under the server, their total CPU ticks), from /proc."""
    n, ticks = 0, 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmd = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == server_pid and b"ipykernel" in cmd:  # fields[1] is the ppid
            n += 1
            ticks += int(fields[11]) + int(fields[12])  # utime + stime
    return n, ticks


def _wait_for_idle_kernels(server_pid: int, n: int, deadline: float) -> None:
    """Wait until ``n`` kernels exist and none used any CPU for a whole second."""
    last = None
    while time.monotonic() < deadline:
        now = _kernel_cpu(server_pid)
        if now[0] >= n and now == last:
            return
        last = now
        time.sleep(1.0)
    pytest.fail("the preheated kernels did not settle before the deadline")


@pytest.fixture(scope="session")
def voila_url(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    # the classroom record of the browser tests lives in a tmp dir (kernels inherit it)
    env = {**os.environ, "CRIB_DB": str(tmp_path_factory.mktemp("crib-db") / "classroom.sqlite3")}
    log = ARTIFACTS / "voila.log"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with log.open("w") as f:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "crib.tools.serve",
                str(ROOT / "dashboards"),
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
                # e.g. CRIB_SERVE_ARGS=--pool_size=1 to time voila's pools of 1
                *os.environ.get("CRIB_SERVE_ARGS", "").split(),
            ],
            stdout=f,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            env=env,
        )
    # wait for the port, then for every dashboard's preheated kernel (the same
    # settings as `make serve`), so the timings measure what users get
    n_dash = len(list((ROOT / "dashboards").glob("*.ipynb")))
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"voila exited early; see {log}")
        filled = log.read_text().count("is filled with")
        with socket.socket() as s:
            up = s.connect_ex(("127.0.0.1", port)) == 0
        if up and filled >= n_dash:
            # "filled" is logged before each pooled kernel has run its notebook:
            # wait until the server's kernels have stopped using the CPU
            _wait_for_idle_kernels(proc.pid, n_dash, deadline)
            break
        time.sleep(0.3)
    else:
        proc.terminate()
        pytest.fail(f"voila did not start with its kernel pools within 180 s; see {log}")
    SERVER["pid"] = proc.pid
    yield f"http://127.0.0.1:{port}"
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()


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


def press_step(page, key: str) -> None:  # type: ignore[no-untyped-def]
    """Press ``key`` on the play page and wait until the game takes a step (the phase
    element's ``data-step`` grows)."""
    step = int(page.locator(".crib-phase").get_attribute("data-step") or 0)
    page.keyboard.press(key)
    page.wait_for_function(
        "s => Number(document.querySelector('.crib-phase').dataset.step) > s", arg=step, timeout=30_000
    )


def open_dashboard(context: object, url: str, ready_selector: str) -> tuple[object, float]:
    """Open a page and wait until Voila finished and ``ready_selector`` is visible.

    Returns the page and the seconds from navigation to the first interactive widget, by
    the page's own clock (:data:`CLOCK_JS`).
    """
    page = context.new_page()  # type: ignore[attr-defined]
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    _clock(page, ready_selector)
    page.goto(url)
    # a generous bound, not a timing: under `make test`'s other worker a page beyond the
    # warm pool waits for a kernel to start and run the notebook on a busy machine
    page.wait_for_selector("#loading", state="detached", timeout=180_000)
    page.wait_for_selector(ready_selector, state="visible", timeout=60_000)
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
    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    return path


@pytest.fixture(scope="session")
def timings() -> Iterator[dict[str, float]]:
    out: dict[str, float] = {}
    yield out
    if out:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        lines = [f"{k}: {v:.2f} s" for k, v in sorted(out.items())]
        (ARTIFACTS / "browser_timings.txt").write_text("\n".join(lines) + "\n")


def wait_for_quiet_kernels(seconds: float = 180) -> None:
    """After pages took pooled kernels: wait for voila's refill (started 1 s after a take)
    to finish, i.e. until the server's kernels used no CPU for a whole second."""
    time.sleep(2.5)
    _wait_for_idle_kernels(SERVER["pid"], 1, time.monotonic() + seconds)


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
