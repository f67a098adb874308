"""Touch-first play (issue #37, acceptance 3), headless: the words on a touch device and
with a keyboard, the "Game options" fold, the cut's prompt and button, and Enter on a
focused card (the browser's side: tests/browser/test_touch_play.py)."""

from __future__ import annotations

import re

import pytest

from crib.errors import CribError
from crib.session.controller import KEYS, TIERS, GameController
from crib.session.words import KEY_WORDS, WORDS, say
from crib.ui.kit.fold import Fold
from crib.ui.play.app import PlayApp

KEYISH = re.compile(r"\bpress|\bPress|\bEnter\b|\bclick|\(1-|\(n\)|\(g\)|\(h\)")


def _keyish(text: str) -> list[str]:
    return KEYISH.findall(text)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_instruction_has_touch_words_without_keys(lang: str) -> None:
    for name, (keys, tap) in WORDS.items():
        assert keys != tap, name
        touch = say(name, lang, touch=True)
        if lang == "en":
            assert not any(k in touch for k in KEY_WORDS), (name, touch)
            assert "tap" in touch.lower(), (name, touch)
        else:  # the French touch words say « touchez », never a key
            assert "touchez" in touch.lower() and not re.search(r"Entrée|appuyez|clic", touch)
        assert say(name, lang, touch=False) != touch


def _prompt(app: PlayApp) -> str:
    return re.sub(r"<[^>]+>", "", app.prompt_html.value)


def test_the_play_page_speaks_touch_words_on_a_touch_device_and_keys_without() -> None:
    app = PlayApp(seed=7, tier=TIERS["easy"])
    seen: dict[bool, list[str]] = {True: [], False: []}

    def look() -> None:
        for touch in (True, False):
            app.key_listener.touch = touch  # what the browser says (crib.ui.kit.keys)
            buttons = [app.confirm_button.description, app.actions.go_button.description]
            buttons.append(app.actions.hint_button.description)
            seen[touch].append(" | ".join([_prompt(app), *buttons]))

    look()  # the cut
    while app.controller.phase != "play":
        if app.controller.phase == "discard":
            look()
            app.click_card(0)
            app.click_card(1)
            app.act("enter")
        else:
            app.act("n")
    look()  # the play
    # cards to play: Hint shown, Go hidden (each button its own layout)
    assert app.controller.view().legal and app.actions.go_button.layout.display == "none"
    assert app.actions.hint_button.layout.display is None
    for _ in range(12):  # the play's cards, then the show
        c = app.controller
        if c.phase not in ("play",):
            break
        app.click_card(c.view().legal[0]) if c.view().legal else app.act("g")
    look()
    for line in seen[True]:
        assert not _keyish(line), line
    assert any("Tap a card" in line for line in seen[True]), seen[True]
    assert all(_keyish(line) for line in seen[False]), seen[False]
    # an error on a touch device says tap too, with a keyboard press
    c = GameController(seed=7, tier=TIERS["easy"], coaching=False)
    with pytest.raises(CribError, match="press n to cut"):
        c.hint()
    c.touch = True
    with pytest.raises(CribError, match="tap Cut for deal"):
        c.hint()
    c.press("n")
    c.press("n")
    with pytest.raises(CribError, match="^tap two cards to throw, then tap Throw$"):
        c.confirm()


def test_the_cut_prompt_and_its_button_agree() -> None:
    app = PlayApp(seed=3, tier=TIERS["easy"])
    assert app.controller.phase == "cut"
    prompt, button = _prompt(app), app.confirm_button.description
    assert button == "Cut for deal (n)" and "press n" in prompt and "Cut for deal" in prompt
    app.key_listener.touch = True
    assert app.confirm_button.description == "Cut for deal"
    assert _prompt(app) == "Cut for the deal: tap Cut for deal."


def test_the_game_options_fold_under_one_button_closed() -> None:
    app = PlayApp(seed=5, tier=TIERS["easy"])
    fold = app.game_options
    assert isinstance(fold, Fold) and fold in app.children
    assert fold.toggle.label == "Game options" and fold.toggle.expanded is False
    folded = set(fold.body.children)
    for x in (app.tier, app.seed, app.coaching_box, app.plain_box, app.manual_box):
        assert x in folded
    for x in (app.muggins_box, app.save_button, app.load, app.classmate_button):
        assert x in folded
    # beside the button: New game and the game's number, never folded
    assert list(fold.head.children) == [fold.toggle, app.new_button, app.game_id.html]
    assert app.new_button not in folded
    # the game comes right after: nothing between the fold and it but the kept game's
    # status (crib.ui.play.keep) and the (hidden) first-game lessons
    head = list(app.children[:6])
    assert head[:5] == [app.key_listener, app.keeping.keeper, fold, app.keeping.box, app.lessons]
    assert "crib-main-row" in head[5]._dom_classes
    assert PlayApp(seed=5, lang="fr").game_options.toggle.label == "Options de la partie"


def test_enter_on_a_focused_card_confirms_as_the_keys_list_says() -> None:
    app = PlayApp(seed=11, tier=TIERS["easy"])
    assert dict(KEYS)["Enter"] == "confirm"
    while app.controller.phase != "discard":
        app.act("n")
    app.click_card(0)
    app.click_card(3)
    app.key_listener.simulate("enter", card=4)  # on a focused card: throw the picked two
    assert app.controller.phase in ("play", "show", "hand_over")
    assert len(app.controller.my_cards) == 4 or app.controller.phase != "play"
    while app.controller.phase != "play":
        app.act("n")
    c = app.controller
    legal = c.view().legal
    held = c.my_cards
    i = legal[-1]
    app.key_listener.simulate("enter", card=i + 1)  # in the play: that card is played
    assert held[i] not in app.controller.my_cards
