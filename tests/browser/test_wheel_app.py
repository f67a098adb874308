"""The app as a teacher installs it, without the repository: the wheel built with
``python -m build``, installed with its ``serve`` extra into a fresh venv outside the
repository, ``crib serve`` started from an empty temporary folder, and the home page and
two other pages used in Chromium (issue #36, point 6).

pip reads the package index as any install does (its cache makes a second run quick).
"""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from crib.tools.school import stop_process

from ..test_packaging import build_wheel
from .conftest import assert_no_error_output, open_dashboard, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[str]]]:
    """``crib serve`` of the installed wheel, from an empty folder: its base URL, and the
    pages the installed package holds."""
    tmp = tmp_path_factory.mktemp("teacher")
    wheel = build_wheel(tmp / "dist")
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = subprocess.run(
        [str(venv / "bin" / "pip"), "install", "-q", f"{wheel}[serve]"],
        capture_output=True,
        text=True,
    )
    assert pip.returncode == 0, pip.stderr[-3000:]
    crib = venv / "bin" / "crib"
    version = subprocess.run([str(crib), "--version"], capture_output=True, text=True)
    assert version.stdout.startswith("crib "), version.stderr
    here = tmp / "anywhere"
    here.mkdir()
    port = _free_port()
    # the venv alone: nothing of the repository or the test venv on the way
    env = {
        "PATH": f"{venv / 'bin'}:/usr/bin:/bin",
        "HOME": str(tmp / "home"),
        "CRIB_DB": str(tmp / "classroom.sqlite3"),
    }
    log = tmp / "serve.log"
    with log.open("w") as f:
        proc = subprocess.Popen(
            [str(crib), "serve", f"--port={port}"],
            cwd=here,
            env=env,
            stdout=f,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300
        # up, and the warm kernels of the home page and the game have run their pages (the
        # file list answers without taking a page's kernel)
        while True:
            assert proc.poll() is None, log.read_text()[-3000:]
            try:
                with urllib.request.urlopen(url + "/voila/tree", timeout=5) as r:
                    up = r.status == 200
            except OSError:
                up = False
            if up and log.read_text().count("is filled with") >= 2:
                break
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(1)
        pages = sorted(p.stem for p in venv.glob("lib/*/site-packages/crib/pages/*.ipynb"))
        yield url, pages
        # Jupyter's "not trusted" warning comes once per page, not once per kernel
        warned = re.findall(r"Notebook (\S+) is not trusted", log.read_text())
        assert len(warned) == len(set(warned)), warned
    finally:
        stop_process(proc)


def test_the_installed_wheel_serves_the_pages_from_any_folder(
    installed: tuple[str, list[str]], browser: object
) -> None:
    url = installed[0]
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    # the discard page is not among the warm ones: its first visit starts its own kernel
    ctx.set_default_navigation_timeout(180_000)
    try:
        page, _t = open_dashboard(ctx, url + "/", ".crib-count")
        assert page.url.endswith("/voila/render/index.ipynb")
        page.locator(".crib-cards-input input").fill("4H 4D 5C 5S 6D")
        page.locator(".crib-count").click()
        expect(page.locator(".crib-total")).to_have_text("24")
        assert_no_error_output(page)
        screenshot(page, "wheel-home")

        page, _t = open_dashboard(ctx, f"{url}/voila/render/discard.ipynb", ".crib-analyze")
        box = page.locator(".crib-picker-text input")
        box.fill("AH 2H 3H 4H 9C KS")
        box.press("Enter")
        expect(page.locator(".crib-status")).to_contain_text("Best as dealer", timeout=60_000)
        assert_no_error_output(page)

        page, _t = open_dashboard(
            ctx, f"{url}/voila/render/play.ipynb?tier=easy&seed=21", ".crib-keys-ready"
        )
        expect(page.locator(".crib-score-0")).to_contain_text("You 0")
        assert_no_error_output(page)
        screenshot(page, "wheel-play")

        page, _t = open_dashboard(ctx, url + "/voila/render/index.ipynb?lang=fr", ".crib-count")
        expect(page.locator("a.crib-cta")).to_have_text("Jouer une partie commentée")
    finally:
        ctx.close()


EN_WORDS = {"the", "and", "you", "your", "of", "to", "a", "is", "with"}
FR_WORDS = {"le", "la", "les", "des", "et", "vous", "votre", "une", "du", "est", "avec"}


def _words(text: str) -> tuple[int, int]:
    """(English, French) common words in a page's text: which language it speaks."""
    words = re.findall(r"[a-zà-ÿ]+", text.lower())
    return sum(w in EN_WORDS for w in words), sum(w in FR_WORDS for w in words)


def test_every_installed_page_opens_in_english_and_in_french(
    installed: tuple[str, list[str]], browser: object
) -> None:
    """Every page the wheel holds, in both languages: drawn without an error, and speaking
    the language asked for (more of its common words than of the other's)."""
    url, pages = installed
    assert {"index", "play", "learn", "guide", "trainer", "teacher", "discard"} <= set(pages)
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    ctx.set_default_navigation_timeout(180_000)
    try:
        for name in pages:
            for lang in ("en", "fr"):
                page = ctx.new_page()
                page.goto(f"{url}/voila/render/{name}.ipynb?lang={lang}")
                page.wait_for_selector("#loading", state="detached", timeout=180_000)
                page.wait_for_selector(".crib-nav", state="visible", timeout=60_000)
                page.wait_for_timeout(2000)  # a page made again in French after it loads
                assert_no_error_output(page)
                en, fr = _words(page.inner_text("body"))
                assert (fr > en) if lang == "fr" else (en > fr), (name, lang, en, fr)
                page.close()
    finally:
        ctx.close()
