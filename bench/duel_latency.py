"""How long a move takes to reach the other page in a game against a classmate.

Serves the play page (``crib.tools.serve``, a pool of 2), opens it in two headless
chromium contexts, sits Ann and Bob at one table and plays a whole game by clicks.  Each
page notes, by its own clock, when its ``data-move`` (the last stored move it has
drawn) changes; a move's latency is that moment on the *other* page minus the click
that made it (and minus the row's commit in the record).  The other page learns of a
move by polling the record every ``crib.ui.play.duel.POLL_SECONDS``.

    PYTHONPATH=. .venv/bin/python bench/duel_latency.py [--games N]

Prints the median and the max, and writes them to ``tests/artifacts/duel_latency_bench.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.duel_driver import Player, median_max, move_latencies, serve_play_page  # noqa: E402

CLOCK = """
window.crib_moves = {};
new MutationObserver(() => {
  const e = document.querySelector('.crib-duel-phase');
  if (e && !(e.dataset.move in window.crib_moves)) {
    window.crib_moves[e.dataset.move] = Date.now();
  }
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


def one_game(browser: object, url: str, db: Path) -> tuple[list[float], list[float]]:
    """(click → other page, commit → other page) in seconds, for each move of one game."""
    from crib.store.duels import DuelStore

    players = []
    for name in ("Ann", "Bob"):
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()  # type: ignore[attr-defined]
        page.add_init_script(CLOCK)
        p = Player(name, page)
        p.open(f"{url}/voila/render/play.ipynb")
        players.append(p)
    code = players[0].sit()
    players[1].sit(code)
    clicks: list[tuple[int, float]] = []
    while not all(p.phase == "over" for p in players):
        for i, p in enumerate(players):
            if p.act() in ("discard", "play"):
                clicks.append((i, p.t_commit))
    seen = [p.page.evaluate("() => window.crib_moves") for p in players]
    from_click, from_commit = move_latencies(DuelStore(db).moves(code), seen, clicks)
    for p in players:
        p.page.context.close()
    return from_click, from_commit


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    out = ROOT / "tests" / "artifacts"
    out.mkdir(parents=True, exist_ok=True)
    clicks: list[float] = []
    commits: list[float] = []
    t0 = time.time()
    with (
        tempfile.TemporaryDirectory() as tmp,
        serve_play_page(Path(tmp), out / "voila-duel-bench.log") as (url, db, _pid),
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        for _ in range(args.games):
            a, b = one_game(browser, url, db)
            clicks += a
            commits += b
        browser.close()
    res = {
        "games": args.games,
        "seconds": round(time.time() - t0, 1),
        "click_to_other_page_s": dict(
            zip(("median", "max"), median_max(clicks), strict=True), n=len(clicks)
        ),
        "commit_to_other_page_s": dict(
            zip(("median", "max"), median_max(commits), strict=True), n=len(commits)
        ),
    }
    (out / "duel_latency_bench.json").write_text(json.dumps(res, indent=1) + "\n")
    print(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()
