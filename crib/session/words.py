"""The game's instructions in the player's words: keys or touch (issue #37).

On a device with a keyboard and a mouse the prompts and the errors name the keys
("press n", "then Enter", "click it"), as the page's Keys list does; on a touch device
(the browser says so, :class:`crib.ui.kit.keys.KeyListener`) they name what to tap
("Tap a card"), and the key hints are hidden.  Each instruction is a pair of messages,
the first for keys, the second for touch; :func:`say` picks one, in ``lang``.

>>> say("cut", "en", touch=False)
'Cut for the deal: press n (or click Cut for deal).'
>>> say("cut", "en", touch=True)
'Cut for the deal: tap Cut for deal.'
>>> say("play", "en", touch=True).format(n=5, k=3)
'Count 5: your play. Tap a card to play it.'
"""

from __future__ import annotations

from crib.i18n import N_, tr

__all__ = ["WORDS", "say", "KEY_WORDS"]

#: name -> (the words with a keyboard, the words on a touch device)
WORDS: dict[str, tuple[str, str]] = {
    # the prompts (crib.session.table.Table.prompt)
    "cut": (
        N_("Cut for the deal: press n (or click Cut for deal)."),
        N_("Cut for the deal: tap Cut for deal."),
    ),
    "cut_done": (N_("Press n to deal."), N_("Tap Continue to deal.")),
    "discard_mine": (
        N_("Throw two cards to your crib: pick them (1-6), then Enter."),
        N_("Throw two cards to your crib: tap them, then tap Throw."),
    ),
    "discard_theirs": (
        N_("Throw two cards to the computer's crib: pick them (1-6), then Enter."),
        N_("Throw two cards to the computer's crib: tap them, then tap Throw."),
    ),
    "play": (
        N_("Count {n}: your play. Press a card's number (1-{k}) or click it."),
        N_("Count {n}: your play. Tap a card to play it."),
    ),
    "count_crib": (
        N_("Count your crib: type the number, then Enter."),
        N_("Count your crib: type the number, then tap Count it."),
    ),
    "count_hand": (
        N_("Count your hand: type the number, then Enter."),
        N_("Count your hand: type the number, then tap Count it."),
    ),
    "show_next": (
        N_("The show. Press n for the {next}."),
        N_("The show. Tap Continue for the {next}."),
    ),
    "show": (N_("Press n."), N_("Tap Continue.")),
    "hand_over": (
        N_("The hand is over. Press n for the next deal."),
        N_("The hand is over. Tap Continue for the next deal."),
    ),
    # the errors (crib.session.controller.GameController)
    "not_cut": (
        N_("you cannot {what} yet: press n to cut for the deal"),
        N_("you cannot {what} yet: tap Cut for deal first"),
    ),
    "not_dealt": (
        N_("you cannot {what} yet: press n to deal"),
        N_("you cannot {what} yet: tap Continue to deal"),
    ),
    "not_hand_over": (
        N_("you cannot {what} now: the hand is over, press n for the next deal"),
        N_("you cannot {what} now: the hand is over, tap Continue for the next deal"),
    ),
    "not_count": (
        N_("you cannot {what} now: type your count, then Enter"),
        N_("you cannot {what} now: type your count, then tap Count it"),
    ),
    "pick_two": (
        N_("pick two cards to throw (press 1-6 or click them), then Enter"),
        N_("tap two cards to throw, then tap Throw"),
    ),
    "pick_one": (
        N_("pick a card to play (press 1-4 or click it), then Enter"),
        N_("tap a card to play it"),
    ),
    "count_first": (
        N_("count your cards first: type the number, then Enter"),
        N_("count your cards first: type the number, then tap Count it"),
    ),
    "turn_throw": (
        N_("it is your turn: pick two cards to throw, then Enter"),
        N_("it is your turn: tap two cards to throw, then tap Throw"),
    ),
    "turn_play": (
        N_("it is your turn: play a card (press its number or click it)"),
        N_("it is your turn: tap a card to play it"),
    ),
    "type_count": (
        N_("type your count (a number from 0 to 29), then Enter"),
        N_("type your count (a number from 0 to 29), then tap Count it"),
    ),
    "two_only": (
        N_("you throw exactly two: unselect one first (press its number again)"),
        N_("you throw exactly two: unselect one first (tap it again)"),
    ),
}

#: the words of a keyboard, for the tests: none of them is said on a touch device
KEY_WORDS = ("press ", "Press ", "Enter", "click", "(1-")


def say(name: str, lang: str = "en", *, touch: bool = False) -> str:
    """The instruction ``name`` of :data:`WORDS` in ``lang``: its touch words on a touch
    device, else its keyboard words (placeholders left for the caller to fill)."""
    keys, tap = WORDS[name]
    return tr(lang)(tap if touch else keys)
