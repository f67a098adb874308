"""Play a classmate in two real pages (two browser contexts): a whole game through the
play page, every websocket frame each page receives recorded and checked for the other
seat's hidden cards, a reload mid-game and a ``kill -9`` of one page's kernel, both
resumed from the record at the same decision; the latency of each move to the other
page goes to tests/artifacts/duel_latency.json (measured, not asserted)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from crib.rules import events as ev
from crib.rules.cards import Card
from crib.rules.replay import VERIFIED_SECRET, replay
from crib.session.duel_engine import SeatEngine
from crib.session.duel_record import hidden_cards
from crib.store.duels import DuelStore
from tests.browser.conftest import ARTIFACTS
from tests.browser.duel_driver import (
    Player,
    kill_kernel,
    median_max,
    move_latencies,
    serve_play_page,
)
from tests.test_duel_ui import leaks

# an end-to-end run with servers of its own: make test-slow (and .ci/run) runs it; make test
# keeps the headless tests of the same code (see docs/developer.md, "The tests")
pytestmark = [pytest.mark.browser, pytest.mark.slow]

# the page's own clock for each new value of data-move (ms since the epoch, as time.time())
MOVE_CLOCK_JS = """
window.crib_moves = {};
new MutationObserver(() => {
  const e = document.querySelector('.crib-duel-phase');
  if (e && !(e.dataset.move in window.crib_moves)) {
    window.crib_moves[e.dataset.move] = Date.now();
  }
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


def _timeline(db: Path, code: str) -> tuple[list[tuple[float, list[ev.Event]]], list[ev.Event]]:
    """The engine's events as they were committed: [(time, events so far)], and the log."""
    st = DuelStore(db)
    rows = st.moves(code)  # first: a page's kernel may append a row (a go it says) meanwhile
    eng = SeatEngine(st, code, 0, "")
    eng._start_game()
    eng._read_moves()
    assert eng.game is not None
    log = list(eng.game.events)
    out, evs = [(0.0, log[:2])], list(log[:2])
    for r in rows:
        evs = evs + ev.log_from_json(r.events)
        out.append((r.created, list(evs)))
    assert evs == log[: len(evs)]  # the rows read are the engine's log, as far as they go
    return out, evs


def _deal_cards(events: list[ev.Event], hand: int) -> set[Card]:
    """Every card of deal ``hand`` (1-based): both hands and the starter."""
    out: set[Card] = set()
    deal = -1
    for e in events:
        if isinstance(e, ev.Dealt):
            deal = e.hand + 1
            if deal == hand:
                out |= set(e.hands[0]) | set(e.hands[1])
        elif isinstance(e, ev.Cut) and deal == hand:
            out.add(e.starter)
    return out


def hidden_at(
    timeline: list[tuple[float, list[ev.Event]]], t: float, seat: int, shown_hand: int
) -> set[Card]:
    """The other seat's cards ``seat`` had not seen at time ``t``, its page showing deal
    ``shown_hand``: after a show the page keeps the last deal on screen until Continue,
    while the next one is dealt, so that deal's cards (all public then) are left out."""
    evs = next((e for when, e in reversed(timeline) if when <= t), timeline[0][1])
    hidden = hidden_cards(evs, seat)
    current = sum(isinstance(e, ev.Dealt) for e in evs)
    if 0 < shown_hand < current:
        hidden -= _deal_cards(evs, shown_hand)
    if evs and isinstance(evs[-1], ev.GameOver):
        hidden = set()  # the secret is revealed at the end: every deal is public
    return hidden


def check_frames(p: Player, seat: int, timeline: list[tuple[float, list[ev.Event]]]) -> int:
    """Every frame ``p`` received against the hidden cards of its moment; the frames read."""
    shown = 0
    for t, text in p.frames:
        hands = re.findall(r'data-hand=\\*"(\d+)', text)
        if hands:
            shown = int(hands[-1])
        bad = leaks(text, hidden_at(timeline, t, seat, shown))
        assert not bad, (p.name, t, bad, text[:300])
    return len(p.frames)


@pytest.fixture(scope="module")
def duel_server(chromium_path: str, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with serve_play_page(tmp_path_factory.mktemp("duel"), ARTIFACTS / "voila-duel.log") as srv:
        yield srv


def test_two_pages_play_a_whole_game_with_no_peeking(
    browser: object, duel_server: tuple[str, Path, int]
) -> None:
    url, db, server_pid = duel_server
    players = []
    for name in ("Ann", "Bob"):
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
        page = ctx.new_page()
        page.add_init_script(MOVE_CLOCK_JS)
        p = Player(name, page)
        p.watch()
        p.open(f"{url}/voila/render/play.ipynb")
        players.append(p)
    ann, bob = players
    code = ann.sit()
    assert re.fullmatch(r"[A-HJ-KMNP-Z2-9]{4}", code), code
    assert bob.sit(code) == code
    ann.wait_js("e.dataset.phase === 'discard'")
    assert f"table={code}" in ann.page.url and "seat=" in ann.page.url

    clicks: list[tuple[int, float]] = []  # (seat, time.time() of the click that committed a move)
    seen: list[dict[str, int]] = [{}, {}]
    resumed: list[str] = []
    shots: list[Path] = []
    dom_checked = 0

    def keep_clock(i: int) -> None:
        for k, v in (players[i].page.evaluate("() => window.crib_moves || {}") or {}).items():
            seen[i].setdefault(k, v)

    def same_decision(p: Player, before: tuple[str, int, str]) -> None:
        p.page.wait_for_selector(".crib-duel-phase", timeout=120_000)
        p.wait_js(f"Number(e.dataset.move) >= {before[1]}")
        after = (p.phase, p.move, p.attr("hand"))
        assert after == before, (p.name, before, after)

    for _ in range(2000):
        if ann.phase == bob.phase == "over":
            break
        for i, p in enumerate(players):
            kind = p.act()
            if kind in ("discard", "play"):
                clicks.append((i, p.t_commit))
            hand = int(p.attr("hand") or 0)
            # the page's own DOM, now: no hidden card either
            if kind == "play" and dom_checked < 40:
                tl, _log = _timeline(db, code)
                # (the page's own game against the computer stays in the DOM, hidden)
                bad = leaks(
                    p.page.inner_html(".crib-duel-app"), hidden_at(tl, time.time(), i, hand)
                )
                assert not bad, (p.name, bad)
                dom_checked += 1
            if (
                hand == 2
                and not shots
                and ann.phase in ("play", "wait")
                and bob.phase in ("play", "wait")
            ):
                for q in players:
                    path = ARTIFACTS / f"duel-{q.name.lower()}.png"
                    q.page.screenshot(path=str(path))
                    shots.append(path)
            if (
                hand == 2
                and "reload" not in resumed
                and p is ann
                and ann.phase in ("play", "wait", "discard")
            ):
                before = (ann.phase, ann.move, ann.attr("hand"))
                keep_clock(0)
                ann.page.reload()
                same_decision(ann, before)
                resumed.append("reload")
            if (
                hand == 3
                and "kill -9" not in resumed
                and p is bob
                and bob.phase in ("play", "wait", "discard")
            ):
                before = (bob.phase, bob.move, bob.attr("hand"))
                keep_clock(1)
                kill_kernel(bob, server_pid)
                time.sleep(1.0)
                bob.page.reload()
                same_decision(bob, before)
                resumed.append("kill -9")
    else:
        pytest.fail(f"the game did not end: {ann.phase}, {bob.phase}")
    for i in (0, 1):
        keep_clock(i)
    assert resumed == ["reload", "kill -9"]

    # the record: over, one row per decision, the log verified against the secret
    timeline, log = _timeline(db, code)
    st = DuelStore(db)
    assert st.duel(code).status == "over"
    assert len(st.moves(code)) == sum(isinstance(e, ev.Discarded | ev.Played | ev.Go) for e in log)
    r = replay(log, secret=re.search(r"--secret ([0-9a-f]{64})", ann.page.content()).group(1))  # type: ignore[union-attr]
    assert r.verdict == VERIFIED_SECRET and r.complete

    # each page: the review of its own decisions, worst first, and the fairness check
    for p in players:
        # the review runs at nice 19 (kit.common.in_background): under a loaded machine it waits
        p.page.wait_for_selector(".crib-review-row", timeout=300_000)
        assert "Game review: your costliest decisions first" in p.page.inner_text(".crib-duel-app")
        assert "Traceback" not in p.page.inner_text("body")

    # no frame either page received held a card of the other's still hidden at that moment
    n = [check_frames(p, i, timeline) for i, p in enumerate(players)]
    assert min(n) > 100
    # the check can fail: each page's frames do hold its own first hand
    first = next(e for e in log if isinstance(e, ev.Dealt))
    for i, p in enumerate(players):
        allframes = "\n".join(text for _t, text in p.frames)
        assert leaks(allframes, set(first.hands[i])), p.name
    assert dom_checked > 0 and len(shots) == 2

    # latency: each move, from its click and from its commit, to the other page's DOM
    rows = st.moves(code)
    from_click, from_commit = move_latencies(rows, seen, clicks)
    out = {
        "moves": len(rows),
        "from_click_s": {
            "n": len(from_click),
            "median": median_max(from_click)[0],
            "max": median_max(from_click)[1],
        },
        "from_commit_s": {
            "n": len(from_commit),
            "median": median_max(from_commit)[0],
            "max": median_max(from_commit)[1],
        },
        "frames": {"Ann": n[0], "Bob": n[1]},
        "from_commit_each_s": [round(x, 3) for x in from_commit],
    }
    (ARTIFACTS / "duel_latency.json").write_text(json.dumps(out, indent=1) + "\n")
    print(out)
