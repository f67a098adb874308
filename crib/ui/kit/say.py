"""Bad input's messages in the page's language.

The rules (:mod:`crib.rules.cards`, :mod:`crib.rules.position`) and the analysis raise
:class:`~crib.errors.CribError` with English messages that quote the input.  A page in
another language shows the same fact through the catalog: :func:`say_error` reads the
English message (each kind has one fixed shape) and says it again from a catalog
message, with the quoted input kept.  A message of no known shape gets a plain
sentence in the page's language, so no English is left on a French page.
English pages show the message as it is.

>>> say_error("invalid card 'XX': expected rank A,2-10,T,J,Q,K then suit C,D,H,S (or ♣♦♥♠)", "fr")
'« XX » n’est pas une carte : écrivez sa valeur (A, 2 à 10, J, Q, K) puis sa couleur (C, D, H, S), par ex. 5H.'
>>> say_error("in pile: duplicate card 5H in '5H 5H': each card can appear only once", "fr")
'Dans pile : la carte 5H est là deux fois ; chaque carte ne peut paraître qu’une fois.'
>>> say_error("invalid card 'XX': expected ...", "en")
"invalid card 'XX': expected ..."
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import wraps
from typing import Any

from crib.errors import CribError
from crib.i18n import DEFAULT, N_, tr

__all__ = ["say_error", "friendly_in", "SaidError", "SHAPES", "UNKNOWN", "WENT_WRONG"]


class SaidError(CribError):
    """An input error whose message is already in the page's language (a page's own
    message, made with the catalog): shown as it is."""


# (the English message's shape, the catalog message that says it); the named groups
# fill the catalog message's fields
SHAPES: tuple[tuple[str, str], ...] = (
    (r"invalid cards? (?P<card>.+?): expected.*", N_(
        "{card} is not a card: write its rank (A, 2 to 10, J, Q, K) then its suit (C, D, H, S), e.g. 5H.")),
    (r"duplicate card (?P<card>\S+) in .*", N_("The card {card} is there twice: each card can appear only once.")),
    (r"duplicate card (?P<card>\S+): it appears twice in (?P<where>.+)",
     N_("The card {card} is there twice: each card can appear only once.")),
    (r"duplicate card (?P<card>\S+): it appears in .+", N_(
        "The card {card} is in two places: each card can appear only once.")),
    (r"duplicate card (?P<card>\S+).*", N_("The card {card} is there twice: each card can appear only once.")),
    (r"(?P<cards>.+) cannot be in the opponent's hand: you can see it",
     N_("{cards} cannot be in the opponent’s hand: you can see it.")),
    (r"expected at most (?P<n>\d+) cards, got (?P<got>\d+)", N_(
        "At most {n} cards here, and {got} are given: take some away.")),
    (r"the opponent holds (?P<n>\d+) cards, got (?P<got>\d+)", N_(
        "The opponent holds {n} cards: type {n}, not {got}.")),
    (r"empty position.*", N_("The position is empty: type e.g. “hand 4H 6D 6S 9C | starter 2S | opp 4”.")),
    (r"unknown section (?P<key>'[^']*') in .*", N_(
        "Unknown section {key}: use hand, pile, previous, starter, discards, opp, go or scores.")),
    (r"section (?P<key>'[^']*') appears twice", N_("The section {key} appears twice: give it once.")),
    (r"opp (?P<v>'[^']*'): expected .*", N_("opp {v}: write how many cards the opponent holds, 0 to 4.")),
    (r"go (?P<v>'[^']*'): .*", N_("go {v}: write just “go” when the opponent said go.")),
    (r"scores (?P<v>'[^']*'): expected .*", N_("scores {v}: write two numbers, yours then theirs.")),
    (r"the position needs your hand.*", N_("The position needs your hand, e.g. “hand 4H 6D 6S 9C”.")),
    (r"your hand holds (?P<n>\d+) cards: .*", N_("Your hand holds {n} cards: at most 4 in the play.")),
    (r"you hold no cards.*", N_("You hold no cards, so it cannot be your turn.")),
    (r"expected at most 2 discards, got (?P<n>\d+)", N_("At most 2 discards, and {n} are given.")),
    (r"expected one starter card, got (?P<n>\d+).*", N_("One starter card, and {n} are given.")),
    (r"the pile (?P<pile>.*) counts (?P<count>\d+): a count cannot exceed 31", N_(
        "The pile {pile} counts {count}: a count cannot pass 31.")),
    (r"the pile counts exactly 31.*", N_(
        "The pile counts exactly 31: the count starts again, so put those cards in previous.")),
    (r"the pile counts \d+ but holds \d+ cards while 8 - (?P<hand>\d+) \(your hand\) - (?P<opp>\d+) "
     r"\(opponent\) = (?P<played>\d+) cards.*", N_(
        "8 − {hand} (your hand) − {opp} (opponent) = {played} cards have been played: the pile and "
        "previous must hold {played} cards.")),
    (r"\d+ cards in pile and previous, but 8 - (?P<hand>\d+) \(your hand\) - (?P<opp>\d+) \(opponent\) = "
     r"(?P<played>\d+) cards.*", N_(
        "8 − {hand} (your hand) − {opp} (opponent) = {played} cards have been played: the pile and "
        "previous must hold {played} cards.")),
    (r"the opponent cannot have said go on an empty pile.*", N_(
        "The opponent cannot have said go on an empty pile: any card fits at 0.")),
    (r"the opponent said go at (?P<count>\d+), so none of their (?P<n>\d+) cards.*", N_(
        "The opponent said go at {count}, but too few of the cards you cannot see are too high to "
        "play: they cannot hold {n} such cards.")),
    (r"the opponent holds (?P<n>.+) cards: expected 0 to 4", N_(
        "The opponent holds {n} cards: from 0 to 4.")),
)
#: the message of an input error of no known shape
UNKNOWN = N_("That input was not understood: check the cards and the position, then try again.")
#: the message of a bug (never a traceback on the page)
WENT_WRONG = N_("Something went wrong inside crib ({error}).")

_SECTION = re.compile(r"in (?P<section>hand|pile|previous|starter|discards): (?P<rest>.*)", re.S)
_COMPILED = [(re.compile(shape, re.S), msg) for shape, msg in SHAPES]


def say_error(message: str, lang: str = DEFAULT) -> str:
    """``message`` (an input error's English text) in ``lang``."""
    if lang == DEFAULT:
        return message
    _ = tr(lang)
    m = _SECTION.fullmatch(message)
    if m:  # a section of a position: "in hand: invalid card 'XX': ..."
        return _("In {section}: {error}").format(
            section=m["section"], error=lower_first(say_error(m["rest"], lang)))
    for shape, msg in _COMPILED:
        m = shape.fullmatch(message)
        if m:
            fields = {k: _quote(v, lang) if v.startswith("'") else v for k, v in m.groupdict().items()}
            return _(msg).format(**fields)
    return _(UNKNOWN)


def lower_first(text: str) -> str:
    """``text`` with its first letter in lower case (a sentence after a colon)."""
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def _quote(value: str, lang: str) -> str:
    """A quoted input ('XX') in the language's quotation marks (« XX »)."""
    inner = value[1:-1] if value.endswith("'") and len(value) > 1 else value.strip("'")
    return f"« {inner} »" if lang == "fr" else f"“{inner}”"


def friendly_in(status_attr: str = "status") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """:func:`crib.ui.kit.common.friendly` in the app's language (its ``lang``): bad input
    becomes a message in that language next to the input, never a traceback."""
    from crib.ui.kit.common import error_html

    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(fn)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            status, lang = getattr(self, status_attr), getattr(self, "lang", DEFAULT)
            try:
                return fn(self, *args, **kwargs)
            except SaidError as e:
                status.value = error_html(str(e))
            except CribError as e:
                status.value = error_html(say_error(str(e), lang))
            except Exception as e:  # noqa: BLE001 - the page must never show a traceback
                status.value = error_html(tr(lang)(WENT_WRONG).format(error=type(e).__name__))
            return None

        return wrapper

    return deco
