"""The play page keeps its game on the device and asks before replacing it (issue #37,
point 1), driven headless: the browser's messages are given to the keeper by hand."""

from __future__ import annotations

import pytest

from crib.session.controller import TIERS
from crib.session.keep import GameRecord
from crib.ui.play.app import PlayApp
from crib.ui.play.keep import Opened, pick_resume


def opened(app: PlayApp, games: list[dict], *, tab: str = "t1", query: str = "") -> None:
    """What the browser sends as the page opens."""
    msg = {"open": {"query": query, "tab": tab, "games": games, "refused": False}}
    app.keeping.keeper._on_msg(None, msg, None)


def kept(app: PlayApp, tab: str = "t1", at: float = 1.0) -> dict:
    """The browser's copy of the page's last record."""
    return {"r": app.keeping.keeper.sent[-1].to_json(), "at": at, "tab": tab}


def played(seed: int = 3, lang: str = "en") -> PlayApp:
    """A page that opened with nothing kept, then threw two cards and played one."""
    app = PlayApp(seed=seed, tier=TIERS["easy"], lang=lang)
    opened(app, [])
    for k in ("n", "n", "1", "2", "enter"):
        app.key_listener.simulate(k)
    while app.controller.phase != "play":
        app.key_listener.simulate("n")
    app.click_card(
        next(
            i
            for i, c in enumerate(app.controller.my_cards)
            if c in app.controller.decision.observation.legal
        )
    )
    return app


@pytest.fixture(scope="module")
def first() -> PlayApp:
    return played()


def test_every_move_is_kept_and_the_leaving_guarded(first: PlayApp):
    sent = first.keeping.keeper.sent
    assert [len(r.actions) for r in sent] == sorted({len(r.actions) for r in sent})
    assert sent[-1] == first.controller.record()  # the last move is in the browser's copy
    assert first.keeping.keeper.guarded  # a game in progress: leaving asks first


def test_a_reload_resumes_the_same_decision_with_new_game_beside(first: PlayApp):
    again = PlayApp(tier=TIERS["normal"])  # a new kernel: another seed, another tier
    opened(again, [kept(first)], query="tier=hard")  # this tab's game wins over the link
    c, before = again.controller, first.controller
    assert (c.game_id, c.cursor, c.phase, c.my_cards) == (
        before.game_id,
        before.cursor,
        before.phase,
        before.my_cards,
    )
    assert c.view() == before.view()
    assert again.tier.value.key == "easy" and again.seed.value == 3
    assert "back where you left it" in again.keeping.status.value
    assert again.new_button.layout.display != "none"  # "New game" beside it
    assert again.keeping.keeper.sent == []  # nothing played twice: no new move, no copy


def test_another_visit_resumes_or_offers_when_the_link_asks_for_its_own(first: PlayApp):
    visit = PlayApp(tier=TIERS["normal"])
    opened(visit, [kept(first)], tab="other-tab")
    assert visit.controller.game_id == first.controller.game_id
    link = PlayApp(tier=TIERS["normal"])
    opened(link, [kept(first)], tab="other-tab", query="tier=hard&seed=8")
    assert link.controller.game_id != first.controller.game_id
    assert link.keeping.resume_button.layout.display != "none"
    link.keeping.resume_button.click()
    assert link.controller.view() == first.controller.view()
    assert link.keeping.resume_button.layout.display == "none"


def test_finished_unreadable_and_classmate_games_are_not_resumed(first: PlayApp):
    good = kept(first)
    over = GameRecord.from_json(good["r"]).__dict__ | {"over": True}
    games = [
        {"r": GameRecord(**over).to_json(), "at": 9, "tab": "t1"},
        {"r": '{"version": 1, "seed": "x"}', "at": 8, "tab": "t1"},
        {"r": 42, "at": "x"},
        "junk",
    ]
    got = Opened.of({"games": games, "tab": "t1"})
    assert len(got.games) == 1 and got.games[0][0].over
    assert pick_resume(got) == (None, None)
    assert pick_resume(Opened.of({"games": [good], "tab": "t1", "query": "table=KQ7P"})) == (
        None,
        None,
    )


def test_new_game_asks_first_by_keyboard_and_click():
    app = played(seed=5)
    game = app.controller.game_id
    app.new_button.click()
    assert app.keeping.asking and app.key_listener.focused == ".crib-ask-no"
    app.key_listener.simulate("n")  # no game key while the question shows
    app.key_listener.simulate("escape")  # Escape keeps playing
    assert not app.keeping.asking and app.controller.game_id == game
    app.new_button.click()
    app.keeping.no_button.click()
    assert app.controller.game_id == game
    app.new_button.click()
    app.keeping.yes_button.click()
    assert app.controller.game_id != game and not app.keeping.asking
    assert not app.keeping.keeper.guarded  # nothing dealt yet: nothing to lose
    app.new_button.click()  # no game in progress: a new one at once
    assert not app.keeping.asking


def test_french_words():
    app = played(seed=3, lang="fr")
    again = PlayApp(tier=TIERS["normal"], lang="fr")
    opened(again, [kept(app)])
    assert "Votre partie reprend" in again.keeping.status.value
    app.new_button.click()
    assert app.keeping.no_button.description == "Continuer la partie"
