"""A first game that teaches as it happens (issue #37, point 2): the lessons pause the game
at the right moment with the actual cards, the device remembers what was done or skipped,
and the grades of a first game speak gently."""

from __future__ import annotations

import json
import re

import pytest

from crib.errors import CribError
from crib.rules.cards import cards_pretty
from crib.session.controller import TIERS, GameController
from crib.session.first_game import LESSONS, STORE_KEY, FirstGame, gentle_text

HARSH = re.compile(r"blunder|costly|mistake|erreur|gaffe|coûteu", re.I)


def _game(seed: int, lang: str = "en") -> tuple[GameController, FirstGame]:
    c = GameController(seed=seed, tier=TIERS["easy"], lang=lang)
    first = FirstGame(lang)
    first.attach(c)
    return c, first


def _play_first_hand(c: GameController, first: FirstGame, seen: list) -> None:
    """Throw the first two, play the first legal card, Continue at each lesson; ``seen``
    gets (lesson, what the table showed at the pause)."""
    c.press("n"), c.press("n")
    while c.hand_index < 1 and c.phase not in ("hand_over", "over"):
        if c.phase == "lesson":
            t = c.table
            seen.append((first.pending, len(t.pile) + len(t.previous), len(t.shows), c.cursor))
            with pytest.raises(CribError) as refused:
                c.press("1")  # refused: the game waits
            seen[-1] += (c.cursor, str(refused.value))
            c.lesson_done()
        elif c.phase == "discard":
            c.discard(c.six[:2])
        elif c.phase == "play":
            v = c.view()
            c.play(v.my_cards[v.legal[0]])
        else:
            c.press("n")


def test_each_lesson_pauses_at_its_moment_with_the_actual_cards() -> None:
    c, first = _game(1)
    seen: list = []
    c.press("n"), c.press("n")  # the first lesson: at the deal, before the throw
    with pytest.raises(CribError, match="read the note"):
        c.press("1")
    c2, first2 = _game(1)
    _play_first_hand(c2, first2, seen)
    keys = [s[0].key for s in seen]
    assert keys == ["discard", "starter", "points", "go", "last", "pone", "dealer", "crib"]
    by = {s[0].key: s for s in seen}
    six = cards_pretty(c.six)
    assert (
        six in by["discard"][0].text and "You deal, so the crib is yours" in by["discard"][0].text
    )
    assert by["discard"][1] == 0  # nothing played
    starter = c2.table.starter
    assert starter is not None and f"The starter is {starter.pretty}" in by["starter"][0].text
    assert by["starter"][1] == 0  # Easy (the pone) leads, but not before the lesson is read
    assert "Easy plays first" in by["starter"][0].text
    assert "5♣" in by["points"][0].text and "fifteen for 2" in by["points"][0].text
    assert "go" in by["go"][0].text and "25" in by["go"][0].text
    assert by["last"][1] == 8 and "Q♣" in by["last"][0].text
    assert [by[k][2] for k in ("pone", "dealer", "crib")] == [1, 2, 3]  # one show at a time
    for k in ("pone", "dealer", "crib"):
        shown = c2.table.shows[[1, 2, 3].index(by[k][2])]
        assert cards_pretty(shown.cards) in by[k][0].text and shown.said in by[k][0].text
    for s in seen:  # while a lesson shows, a card press is refused and nothing is revealed
        assert s[3] == s[4] and "read the note" in s[5]
    assert c2.phase == "hand_over" and first2.done == set(LESSONS)


def test_his_heels_is_the_starter_lesson_when_a_jack_is_turned() -> None:
    c, first = _game(2)
    seen: list = []
    _play_first_hand(c, first, seen)
    heels = next(s[0] for s in seen if s[0].key == "starter")
    assert heels.title == "His heels" and "J♣, a jack: his heels, 2 points" in heels.text
    assert "Easy" in heels.text


def test_a_lesson_done_or_skipped_never_returns_and_all_can_end() -> None:
    c, first = _game(1)
    c.press("n"), c.press("n")
    assert c.phase == "lesson" and first.pending.key == "discard"
    c.lesson_done()  # Continue (or Skip: the same, it is done)
    state = first.state()
    assert json.loads(state)["done"] == ["discard"]
    again, first_again = GameController(seed=1, tier=TIERS["easy"]), FirstGame("en", state)
    first_again.attach(again)
    again.press("n"), again.press("n")
    assert again.phase == "discard"  # the device did it: no pause
    again.discard(again.six[:2])
    assert again.phase == "lesson" and first_again.pending.key == "starter"
    first_again.end_all()
    again.lesson_done()
    assert again.phase in ("play", "show", "hand_over") and json.loads(first_again.state())["off"]
    done = FirstGame("en", first_again.state())
    assert done.over and not done.watch(None)  # type: ignore[arg-type]
    bad = FirstGame("en", "{not json")
    bad.load({"done": ["discard", 3, "nonsense"], "off": "yes"})
    assert bad.done == {"discard"} and not bad.off


def test_the_page_remembers_lessons_on_the_device_not_the_server() -> None:
    from crib.ui.play.app import PlayApp

    app = PlayApp(seed=1, tier=TIERS["easy"])
    kl = app.key_listener
    # the lessons' memory, and the learner's profile (My mistakes, issue #39)
    assert kl.device_keys == [STORE_KEY, "crib-profile"]
    kl._on_msg(kl, {"tab": "t1", "seats": {}, "device": {}}, None)  # a new device
    kl._on_msg(kl, {"query": "tier=easy&seed=1&tour=1"}, None)
    assert app.controller.phase == "lesson" and app.lessons.layout.display is None
    assert 'data-lesson="discard"' in app.lessons.text.value
    assert app.prompt_html.value.count("read the note") == 1
    app.lessons.continue_button.click()
    assert app.controller.phase == "discard" and app.lessons.layout.display == "none"
    assert json.loads(kl.device[STORE_KEY])["done"] == ["discard"]
    app.act("1"), app.act("2"), app.act("enter")
    assert app.controller.phase == "lesson"
    app.lessons.skip_button.click()  # Skip: done as well
    assert json.loads(kl.device[STORE_KEY])["done"] == ["discard", "starter"]
    # the same device opens a first game again: the lessons done stay done
    app2 = PlayApp(seed=1, tier=TIERS["easy"])
    kl2 = app2.key_listener
    kl2._on_msg(kl2, {"tab": "t2", "seats": {}, "device": dict(kl.device)}, None)
    kl2._on_msg(kl2, {"query": "tier=easy&seed=1&tour=1"}, None)
    assert app2.controller.phase == "discard"
    app2.act("1"), app2.act("2"), app2.act("enter")
    assert app2.controller.phase in ("play", "lesson")
    assert app2.lessons.first.pending is None or app2.lessons.first.pending.key == "points"
    app2.lessons.end_button.click()  # no more lessons
    assert app2.controller.phase != "lesson" and json.loads(kl2.device[STORE_KEY])["off"]


def test_gentle_grades_name_the_better_choice_and_no_grade_word() -> None:
    c = GameController(seed=3, tier=TIERS["easy"])
    c.press("n"), c.press("n")
    worst = max(
        ((a, b) for i, a in enumerate(c.six) for b in c.six[i + 1 :]),
        key=lambda t: sum(x.value for x in t) % 7,
    )
    c.discard(worst)
    while c.phase in ("play", "show"):
        if c.phase == "play":
            v = c.view()
            c.play(v.my_cards[v.legal[-1]])
        else:
            c.press("n")
    graded = [g for g in c.grades if g.verdict != "best"]
    assert graded, "the test game needs a decision that was not the best"
    for g in graded:
        for lang in ("en", "fr"):
            text = gentle_text(g, lang)
            assert text and not HARSH.search(text), text
            assert (g.best_text.split()[0] in text) or ("-" in text), text
        assert gentle_text(g).startswith("There was a better")
    plain_harsh = [g for g in graded if HARSH.search(g.plain_text)]
    assert plain_harsh, "the ordinary words grade these"


def test_the_coach_speaks_gently_in_a_first_game_on_the_page() -> None:
    from crib.ui.play.app import PlayApp

    app = PlayApp(seed=3, tier=TIERS["easy"])
    kl = app.key_listener
    kl._on_msg(kl, {"tab": "t", "seats": {}, "device": {}}, None)  # a new device: first game
    app.new_game()
    assert app.lessons.gentle
    app.act("n"), app.act("n"), app.act("3"), app.act("6"), app.act("enter")
    app.act("h")  # a hint under a gentle grade: the hint and its detail stay
    assert "crib-gentle" in app.coach_html.value and "crib-hint-text" in app.coach_html.value
    texts = []
    while app.controller.phase in ("play", "lesson"):
        texts.append(app.coach_html.value)
        app.act("1" if app.controller.phase == "play" else "n")
    assert any("crib-gentle" in t for t in texts)
    assert not any(HARSH.search(re.sub(r"<[^>]+>", " ", t)) for t in texts)
    while app.controller.phase == "show":
        app.act("n")
    review = app.review_html.value  # the hand's review speaks gently too
    assert app.controller.phase == "hand_over" and "There was a better" in review
    assert "Hand 1:</b> Decisions with a better choice:" in review
    assert not HARSH.search(re.sub(r"<[^>]+>", " ", review)), review
    old = PlayApp(seed=3, tier=TIERS["easy"])  # a device that has played: the usual words
    kl = old.key_listener
    played = json.dumps({"done": [], "off": False, "played": True})
    kl._on_msg(kl, {"tab": "t", "seats": {}, "device": {STORE_KEY: played}}, None)
    old.new_game()
    assert not old.lessons.gentle


def test_the_lessons_read_in_french() -> None:
    c, first = _game(1, "fr")
    seen: list = []
    _play_first_hand(c, first, seen)
    c_en, first_en = _game(1)
    seen_en: list = []
    _play_first_hand(c_en, first_en, seen_en)
    for (fr, *_a), (en, *_b) in zip(seen, seen_en, strict=True):
        assert fr.key == en.key and fr.text != en.text, fr.key
        assert fr.title != en.title or fr.title == "Go", fr.title
        assert " :" not in fr.text.replace("\u00a0:", ""), fr.text
    text = " ".join(s[0].text for s in seen)
    assert "crib" in text and "carte de départ" in text


def test_a_kept_game_with_lessons_plays_again_without_them() -> None:
    c, first = _game(1)
    c.press("n"), c.press("n")
    c.lesson_done()  # the discard's lesson
    c.discard(c.six[:2])
    while c.phase == "lesson":  # the starter's (and any before your first card)
        c.lesson_done()
    assert c.phase == "play"
    again = GameController.resume(c.record())  # a reload: no lessons, the same decision
    assert (again.cursor, again.phase, again.my_cards) == (c.cursor, c.phase, c.my_cards)


def test_a_reloaded_first_game_comes_back_with_its_lessons() -> None:
    from crib.ui.play.app import PlayApp

    query = "tier=easy&seed=1&tour=1"
    app = PlayApp(seed=1, tier=TIERS["easy"])
    app.keeping.keeper._on_msg(None, {"open": {"query": query, "tab": "t", "games": []}}, None)
    kl = app.key_listener
    kl._on_msg(kl, {"tab": "t", "seats": {}, "device": {}}, None)
    kl._on_msg(kl, {"query": query}, None)
    app.lessons.go_on()  # the discard's lesson
    app.act("1"), app.act("2"), app.act("enter")
    assert app.controller.phase == "lesson"  # the starter's: a reload now
    kept = {"r": app.keeping.keeper.sent[-1].to_json(), "at": 1.0, "tab": "t"}
    again = PlayApp(tier=TIERS["normal"])
    opened = {"open": {"query": query, "tab": "t", "games": [kept]}}
    again.keeping.keeper._on_msg(None, opened, None)
    kl = again.key_listener
    kl._on_msg(kl, {"tab": "t", "seats": {}, "device": dict(app.key_listener.device)}, None)
    kl._on_msg(kl, {"query": query}, None)
    c = again.controller
    assert again.keeping.resumed and c.phase == "discard"  # kept before the paused throw
    assert again.lessons.active and again.lessons.layout.display == "none"  # discard: done
    assert c.selected == [0, 1]  # the two cards picked before the reload
    again.act("enter")
    assert c.phase == "lesson" and again.lessons.first.pending.key == "starter"
