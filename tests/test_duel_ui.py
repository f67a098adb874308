"""Play a classmate on the play page, headless: two DuelApps on one SQLite file play a
whole game through their widgets, and no widget's state (what the browser receives)
ever holds a card of the other seat's that the seat has not seen; the play page's
button and ``?table=`` links swap the page to the game and resume a seat."""

from __future__ import annotations

import json
import re
from pathlib import Path

import ipywidgets as w
import pytest

from crib.analysis.models import TIERS
from crib.rules.cards import Card
from crib.session.duel_record import hidden_cards
from crib.store.duels import DuelStore
from crib.ui.kit.cardview import card_name, card_text
from crib.ui.kit.keys import PAGE
from crib.ui.play.duel import DuelApp


def _states(widget: w.Widget) -> str:
    """Every synced state under ``widget`` (what its comm sends the browser), as JSON."""
    out = []
    stack = [widget]
    while stack:
        x = stack.pop()
        out.append(json.dumps(x.get_state(), default=str, ensure_ascii=False))
        stack.extend(c for c in getattr(x, "children", ()) if isinstance(c, w.Widget))
    return "\n".join(out)


def card_patterns(c: Card) -> list[str]:
    """The ways a card is written into a page: its code in attributes and classes, its
    text and its spoken name."""
    return [
        f'data-card="{c}"',
        f'data-card=\\"{c}\\"',
        f"crib-face-{c}",
        card_text(c),
        card_name(c),
    ]


def leaks(text: str, hidden: set[Card]) -> list[str]:
    """The patterns of ``hidden`` cards found in ``text``, style sheets left out (the card
    component's CSS names every card of the deck, as a rule for its corner text)."""
    text = re.sub(r"<style>.*?</style>", "", text, flags=re.S)
    return [
        p for c in hidden for p in card_patterns(c) if re.search(re.escape(p) + r"(?![0-9])", text)
    ]


@pytest.fixture(autouse=True)
def _device(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's pages start as a new device and tab (PAGE is per kernel)."""
    monkeypatch.setitem(PAGE, "seats", {})
    monkeypatch.setitem(PAGE, "tab", "")


def _app(db: Path, name: str) -> DuelApp:
    app = DuelApp(lambda: DuelStore(db))
    app.name_text.value = name
    return app


def _move(app: DuelApp) -> bool:
    s = app.seat
    assert s is not None
    ph = s.phase
    if ph == "discard":
        app.click_card(1)
        app.click_card(4)
        app.act()
    elif ph == "play":
        app.click_card(s.view().legal[-1])
    elif ph == "hand_over":
        app.act()
    else:
        return False
    assert not app.status.value, app.status.value
    return True


def test_two_pages_play_a_game_and_no_widget_holds_a_hidden_card(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    ann, bob = _app(db, "Ann"), _app(db, "Bob")
    ann.create()
    assert ann.seat is not None
    code = ann.seat.code
    assert f'data-code="{code}"' in ann.header_html.value
    assert ann.url.query.startswith(f"table={code}&seat=")
    bob.code_text.value = code.lower()
    bob.join()
    ann.poll_once()
    own_seen = False
    for _ in range(3000):
        for app in (ann, bob):
            app.poll_once()
            _move(app)
            s = app.seat
            assert s is not None and s.game is not None
            hidden = hidden_cards(s.game.events[: s._visible_upto()], s.seat)
            state = _states(app)
            if s.phase == "over":  # the review names earlier deals' cards, and the secret is
                hidden = set()  # revealed with the log: every deal is public now
            assert not leaks(state, hidden), (s.seat, s.phase, leaks(state, hidden))
            own_seen = own_seen or bool(leaks(state, set(s.view().my_cards)))
        if ann.seat.phase == bob.seat.phase == "over":  # type: ignore[union-attr]
            break
    assert own_seen  # the patterns do find cards that are there
    for app in (ann, bob):  # the coach grades in a background thread, at the lowest priority
        assert "crib-review-wait" in app.review_html.value or "Game review" in app.review_html.value
        assert app.review_thread is not None
        app.review_thread.join(120)
        assert "Game review" in app.review_html.value and "crib-review-row" in app.review_html.value
        assert "--secret" in app.log_html.value
        assert "verified against the revealed secret" in app.commit_html.value


def test_leave_abandon_and_a_bad_code(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    ann, bob = _app(db, "Ann"), _app(db, "Bob")
    bob.code_text.value = "QQ0Q"
    bob.join()
    # the way in's errors show under its inputs (the game's status line is hidden then)
    assert "4 letters" in bob.entry_status.value and bob.seat is None
    assert bob.entry_box.layout.display is None and bob.game_box.layout.display == "none"
    ann.create()
    bob.code_text.value = ann.seat.code  # type: ignore[union-attr]
    bob.join()
    bob.leave()
    assert bob.seat is None and "left table" in bob.entry_status.value
    ann.poll_once()
    assert "Bob left the table" in ann.header_html.value
    ann.abandon()
    assert 'data-phase="abandoned"' in ann.prompt_html.value
    assert "Ann abandoned the game" in ann.prompt_html.value


def test_the_play_page_hook_swaps_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRIB_DB", str(tmp_path / "c.sqlite3"))
    from crib.ui.play.app import PlayApp

    page = PlayApp(seed=1, tier=TIERS["easy"])
    page.classmate_button.click()
    duel = page.duel_app
    assert duel in page.children and duel.layout.display is None
    assert page.children[2].layout.display == "none"  # the game against the computer is hidden
    # the page's script says its browser tab as it opens, with no query (session storage)
    page.key_listener._on_msg(page.key_listener, {"tab": "tab-1", "seats": {"ZZZZ": "00"}}, None)
    assert PAGE == {"tab": "tab-1", "seats": {"ZZZZ": "00"}}
    duel.name_text.value = "Ann"
    duel.create()
    query = duel.url.query
    # the same link in another tab while the first is open: told, and Take over here
    monkeypatch.setitem(PAGE, "tab", "tab-2")
    other = PlayApp(seed=4, tier=TIERS["easy"])
    other._on_query(query)
    assert (
        other.duel_app.seat is None and "open on another page" in other.duel_app.entry_status.value
    )
    assert other.duel_app.takeover_button.layout.display is None
    # a reload of the first tab: a new page (kernel) with the same address resumes the same seat
    monkeypatch.setitem(PAGE, "tab", "tab-1")
    again = PlayApp(seed=2, tier=TIERS["easy"])
    again._on_query(query)
    assert again.duel_app.seat is not None and again.duel_app.seat.seat == 0
    assert again.duel_app.seat.code == duel.seat.code  # type: ignore[union-attr]
    # the page it replaced can no longer move for the seat, and says why
    duel.seat._beat = 0  # type: ignore[union-attr]  # its next heartbeat is due
    assert duel.poll_once() and duel.seat is None
    assert (
        "now open on another page" in duel.entry_status.value
        and duel.takeover_button.layout.display is None
    )
    # the other tab takes it over (it has the link): the reloaded page is the one told now
    other.duel_app.takeover_button.click()
    assert other.duel_app.seat is not None and other.duel_app.seat.seat == 0
    again.duel_app.seat._beat = 0  # type: ignore[union-attr]
    assert again.duel_app.poll_once() and again.duel_app.seat is None
    # keys go to the classmate game now, and Back returns to the computer
    again.key_listener.simulate("1")
    duel2 = again.duel_app
    duel2.back()
    assert again.children[2].layout.display is None and duel2.layout.display == "none"
    # a shared link without a seat fills the code in
    third = PlayApp(seed=3, tier=TIERS["easy"])
    code = other.duel_app.seat.code  # type: ignore[union-attr]
    third._on_query(f"table={code.lower()}")
    assert third.duel_app.code_text.value == code
