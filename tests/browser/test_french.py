"""Every page in French in a real browser (issue #24, point 8).

Each dashboard opens with ``?lang=fr`` (index, learn, guide, trainer, teacher, the four
analyzers here; play in test_french_play.py); with every ``details`` opened, no English
message of the catalog whose French differs and that is longer than three words shows
in the page's visible text; the language switch goes to English and back, keeping the
URL's other parameters; axe finds no serious violation at 768x1024 in French.  One
browser context per test, on the one served Voila.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import assert_no_error_output, open_dashboard, press_step
from tests.browser.test_devices import AXE, _axe
from tests.french import english_phrases

# the French pages in a browser: make test-slow (and .ci/run) runs them; make test keeps a hand
# played in French in a browser (test_french_play.py) and the headless French pages
# (tests/test_french_*.py), and tests/test_i18n.py checks every catalog
pytestmark = [pytest.mark.browser, pytest.mark.slow]


OPEN_ALL = "() => document.querySelectorAll('details').forEach(d => d.open = true)"


def english_on(page: object, phrases: list[str]) -> list[str]:
    """The catalog's English phrases in the page's text, every ``details`` opened first."""
    page.evaluate(OPEN_ALL)  # type: ignore[attr-defined]
    page.wait_for_timeout(200)  # type: ignore[attr-defined]
    shown = page.evaluate("() => document.body.innerText")  # type: ignore[attr-defined]
    shown = re.sub(r"\s+", " ", shown)
    return [p for p in phrases if p in shown]


def test_trainer_and_teacher_in_french(voila_url: str, browser: object) -> None:
    phrases = english_phrases()
    assert len(phrases) > 100  # the catalog holds the pages' sentences
    assert AXE.exists(), f"axe-core is missing at {AXE}"
    found: list[str] = []
    ctx = browser.new_context(viewport={"width": 768, "height": 1024})  # type: ignore[attr-defined]
    try:
        base = f"{voila_url}/voila/render"
        page, _t = open_dashboard(
            ctx, f"{base}/trainer.ipynb?code=ABC123&lang=fr", ".crib-count-input input"
        )
        page.wait_for_selector(".crib-lang a.crib-lang-fr[aria-current='true']", timeout=60_000)
        page.wait_for_function(  # the app made again in French, the link's code filled in
            "() => document.querySelector('.crib-join-code input').value === 'ABC123'",
            timeout=60_000,
        )
        assert "Comptez" in page.inner_text(".crib-prompt")
        page.fill(".crib-count-input input", "beaucoup")
        page.click(".crib-trainer .crib-check >> nth=0")
        page.wait_for_selector(".crib-status .crib-error", timeout=30_000)
        assert "n’est pas un nombre" in page.inner_text(".crib-status")
        page.fill(
            ".crib-count-input input", "0"
        )  # wrong unless the hand is a nineteen: a miss shown
        page.click(".crib-trainer .crib-check >> nth=0")
        page.wait_for_selector(
            ".crib-feedback :is(.crib-verdict-right, .crib-verdict-wrong)", timeout=30_000
        )
        assert "combinaison" in page.inner_text(".crib-feedback")
        found += [f"trainer: {p}" for p in english_on(page, phrases)]
        _axe(page, "trainer fr 768", found)
        assert_no_error_output(page)

        # the switch: to English and back, the code kept in the URL
        page.click(".crib-lang a.crib-lang-en")
        page.wait_for_url(re.compile(r"code=ABC123&lang=en"), timeout=120_000, wait_until="commit")
        page.wait_for_selector(".crib-lang a.crib-lang-en[aria-current='true']", timeout=90_000)
        page.wait_for_function(
            "() => document.body.innerText.includes('Counting trainer and quizzes')", timeout=60_000
        )
        page.click(".crib-lang a.crib-lang-fr")
        page.wait_for_url(re.compile(r"code=ABC123&lang=fr"), timeout=120_000, wait_until="commit")
        page.wait_for_selector(".crib-lang a.crib-lang-fr[aria-current='true']", timeout=90_000)
        page.close()

        page, _t = open_dashboard(ctx, f"{base}/teacher.ipynb?lang=fr", ".crib-create")
        page.wait_for_selector(".crib-lang a.crib-lang-fr[aria-current='true']", timeout=60_000)
        page.wait_for_function(
            "() => document.body.innerText.includes('Créer la séance')", timeout=60_000
        )
        for kind in ("discard", "peg"):  # counting questions only: a quick session
            page.fill(f".crib-n-{kind} input", "0")
        page.click(".crib-create")
        page.wait_for_selector(".crib-live-counts", timeout=120_000)
        assert "élèves" in page.inner_text(".crib-live-counts")
        page.wait_for_selector(
            ".crib-choice-chart[title^='Graphique']", timeout=60_000
        )  # its words in French
        assert "totaux donnés" in page.get_attribute(".crib-choice-chart", "title")
        found += [f"teacher: {p}" for p in english_on(page, phrases)]
        _axe(page, "teacher fr 768", found)
        assert_no_error_output(page)
        _shots(page, "teacher", ".crib-chart-box")
        page.close()
    finally:
        ctx.close()
    assert not found, "\n".join(found)


def _shots(page: object, name: str, at: str) -> None:
    """Screenshots of ``at`` on the page at 768x1024 then 1280x800 (tests/artifacts/)."""
    from tests.browser.conftest import ARTIFACTS

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((768, 1024), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})  # type: ignore[attr-defined]
        page.wait_for_timeout(400)  # type: ignore[attr-defined]
        page.locator(at).first.scroll_into_view_if_needed()  # type: ignore[attr-defined]
        page.screenshot(path=str(ARTIFACTS / f"french-{name}-{width}.png"))  # type: ignore[attr-defined]


# the other pages in French: (page and query, the selector of its app, a French phrase it shows)
PAGES = (
    ("index.ipynb?lang=fr", ".crib-count", "Entraînement au compte et quiz"),
    ("learn.ipynb?lang=fr", ".crib-learn", "Comment jouer au cribbage"),
    ("guide.ipynb?lang=fr&lesson=1", ".crib-deck-next", "diapositive 1 sur"),
)


def test_home_learn_and_guide_in_french(voila_url: str, browser: object) -> None:
    """The home page, how to play and a lesson, opened with ?lang=fr: every details
    opened, no English catalog phrase, axe at 768x1024."""
    phrases = english_phrases()
    found: list[str] = []
    ctx = browser.new_context(viewport={"width": 768, "height": 1024})  # type: ignore[attr-defined]
    try:
        for query, app, words in PAGES:
            name = query.split(".")[0]
            page, _t = open_dashboard(ctx, f"{voila_url}/voila/render/{query}", app)
            page.wait_for_function(
                f"() => document.body.innerText.includes({words!r})", timeout=90_000
            )
            assert (
                page.evaluate("() => document.documentElement.lang") == "fr"
            )  # the template marked it
            found += [f"{name}: {p}" for p in english_on(page, phrases)]
            _axe(page, f"{name} fr 768", found)
            assert_no_error_output(page)
            page.close()
    finally:
        ctx.close()
    assert not found, "\n".join(found)


# each analyzer in French: (page, the selector of its app, one analysis to run)
ANALYZERS = (
    ("discard", ".crib-discard-app", ".crib-analyze"),
    ("pegging", ".crib-pegging-app", ".crib-analyze"),
    ("crib_odds", ".crib-odds-app", ".crib-heat-0-4"),
    ("traps", ".crib-trap-app", ".crib-deal"),
)


def test_analyzers_in_french(voila_url: str, browser: object) -> None:
    """Each analyzer opened with ?lang=fr: made again in French, one analysis run, no
    English catalog phrase in the page's text, axe at 768x1024; screenshots at 1280x800
    and 768x1024 in tests/artifacts/ (french-<page>-<width>.png)."""
    from crib.analysis.coach import FORMATIONS
    from tests.browser.conftest import ARTIFACTS

    # the formations' own explanations are crib.analysis.coach's words, translated there
    theirs = " ".join(FORMATIONS.values())
    phrases = [p for p in english_phrases() if p not in theirs]
    found: list[str] = []
    ctx = browser.new_context(viewport={"width": 768, "height": 1024})  # type: ignore[attr-defined]
    try:
        for name, app, action in ANALYZERS:
            page, _t = open_dashboard(ctx, f"{voila_url}/voila/render/{name}.ipynb?lang=fr", app)
            page.wait_for_selector(".crib-lang a.crib-lang-fr[aria-current='true']", timeout=60_000)
            page.wait_for_function(  # the app made again in French
                "() => document.body.innerText.includes('Comment c’est calculé')", timeout=90_000
            )
            page.click(f"{app} {action} >> nth=0")
            page.wait_for_timeout(1500)
            page.wait_for_function(
                "() => !document.querySelector('.crib-status .crib-error')", timeout=60_000
            )
            found += [f"{name}: {p}" for p in english_on(page, phrases)]
            _axe(page, f"{name} fr 768", found)
            assert_no_error_output(page)
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"french-{name}-768.png"), full_page=True)
            page.set_viewport_size({"width": 1280, "height": 800})
            page.wait_for_timeout(500)
            page.screenshot(path=str(ARTIFACTS / f"french-{name}-1280.png"), full_page=True)
            page.close()
    finally:
        ctx.close()
    assert not found, "\n".join(found)


# every page in French: (page and query, the selector of its app, its tab's French title)
WALK = (
    ("index.ipynb?lang=fr", ".crib-count", "Accueil"),
    ("play.ipynb?seed=11&tier=easy&lang=fr", ".crib-keys-ready", "Jouer"),
    ("learn.ipynb?lang=fr", ".crib-learn", "Apprendre"),
    ("guide.ipynb?lang=fr", ".crib-guide", "Leçons"),
    ("trainer.ipynb?lang=fr", ".crib-count-input input", "S’entraîner"),
    ("teacher.ipynb?lang=fr", ".crib-create", "Enseigner"),
    ("discard.ipynb?lang=fr", ".crib-discard-app", "Écarts"),
    ("crib_odds.ipynb?lang=fr", ".crib-odds-app", "Valeur du crib"),
    ("pegging.ipynb?lang=fr", ".crib-pegging-app", "Le jeu"),
    ("traps.ipynb?lang=fr", ".crib-trap-app", "Pièges"),
)
NAV_FR = ("Jouer", "S’entraîner", "Analyser", "Enseigner", "Apprendre à jouer")
NAV_EN = ("Play", "Practice", "Analyze", "Teach", "Learn to play")
# a card's spoken name in French, then its state: « roi de carreau, jouable »
CARD_FR = re.compile(
    r"^(?:as|roi|dame|valet|[2-9]|10) de (?:trèfle|carreau|cœur|pique)"
    r"(?:, (?:sélectionnée|jouable|injouable))*$"
)
LABELS_JS = """() => ({
  buttons: [...document.querySelectorAll('.crib-cardbtn')].filter(b => b.offsetParent !== null)
    .map(b => b.getAttribute('aria-label') || ''),
  svgs: [...document.querySelectorAll('svg.crib-cardsvg, svg.crib-cardback')]
    .map(s => s.getAttribute('aria-label') || ''),
  faces: [...document.querySelectorAll('.crib-cardbtn')].filter(b => b.offsetParent !== null)
    .map(b => getComputedStyle(b, '::before').content + getComputedStyle(
      b.querySelector('.crib-glyph') || b, '::before').content),
  nav: (document.querySelector('nav.crib-nav') || {}).innerText || '',
  switches: document.querySelectorAll('nav.crib-lang').length,
})"""


def test_every_page_in_french_names_its_tab_cards_and_nav(voila_url: str, browser: object) -> None:
    """Each page opened with ?lang=fr: the tab's title in French (« Jouer · crib »), the nav
    bar in French, one language switch, every card button named in French (« roi de
    carreau, jouable ») with R, D, V on its face, every card picture's label in French."""
    found: list[str] = []
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    try:
        for query, app, title in WALK:
            name = query.split(".")[0]
            page, _t = open_dashboard(ctx, f"{voila_url}/voila/render/{query}", app)
            page.wait_for_selector(".crib-lang a.crib-lang-fr[aria-current='true']", timeout=90_000)
            if name in {n for n, _a, _b in ANALYZERS}:  # the app made again in French
                page.wait_for_function(
                    "() => document.body.innerText.includes('Comment c’est calculé')",
                    timeout=90_000,
                )
            if name == "play":  # a deal: cards in the hand
                page.wait_for_selector(".crib-phase[data-seed='11']", timeout=60_000)
                press_step(page, "n")  # the cut for deal
                press_step(page, "n")  # the deal
                page.wait_for_selector(".crib-phase[data-phase='discard']", timeout=60_000)
            page.wait_for_function(  # the template labels the cards on the next frame
                "() => [...document.querySelectorAll('.crib-cardbtn')]"
                ".every(b => b.offsetParent === null || b.hasAttribute('aria-label'))",
                timeout=30_000,
            )
            if page.title() != f"{title} · crib":
                found.append(f"{name}: the tab's title is {page.title()!r}")
            seen = page.evaluate(LABELS_JS)
            nav = seen["nav"]
            if not all(w in nav for w in NAV_FR) or any(
                re.search(rf"(?<!\w){w}(?!\w)", nav) for w in NAV_EN
            ):
                found.append(f"{name}: the nav bar says {nav!r}")
            if seen["switches"] != 1:
                found.append(f"{name}: {seen['switches']} language switches")
            found += [f"{name}: card {b!r}" for b in seen["buttons"] if not CARD_FR.match(b)]
            found += [
                f"{name}: card picture {s!r}"
                for s in seen["svgs"]
                if re.search(r"[JQK][♣♦♥♠]|face-down", s)
            ]
            found += [f"{name}: face {f!r}" for f in seen["faces"] if re.search(r"[JQK]", f)]
            if name == "play":
                assert seen["buttons"], "the play page shows no card button"
                said = page.evaluate(  # the count's announcement, the labels' case
                    """() => [document.getElementById('crib-announce').textContent,
                              [...document.querySelectorAll('.crib-label')]
                                .map(l => getComputedStyle(l).textTransform)]"""
                )
                if said[0] and not said[0].startswith("Compte "):
                    found.append(f"play: the count is announced as {said[0]!r}")
                if "uppercase" in said[1]:
                    found.append("play: a French label set in capitals")
            page.close()
    finally:
        ctx.close()
    assert not found, "\n".join(found)
