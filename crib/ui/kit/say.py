"""Bad input's messages in the page's language: the one place errors are translated.

The rules (:mod:`crib.rules.cards`, :mod:`crib.rules.position`), the analysis, the
classroom record (:mod:`crib.store.classroom`, :mod:`crib.classroom.tournament`), the table
record (:mod:`crib.store.duels`, :mod:`crib.session.duel_record`) and the
line-by-line count (:mod:`crib.course.questions.lines`) raise :class:`~crib.errors.CribError` with
English messages that quote the input; those messages are also the logs' and the
command line's.  A page in another language shows the same fact through the catalog:
:func:`say_error` reads the English message (each kind has one fixed shape, one table
:data:`SHAPES`) and says it again from a catalog message, with the quoted input kept.
An analyzer's message of no known shape gets a plain sentence in the page's language,
so no English is left on a French page; :func:`record_error` (the play page's table
errors, which may already be in the page's language) keeps such a message as it is.
English pages show the message as it is.

Why shapes and not a msgid carried by each error: the records' messages are raised in
layers the pages do not own (:mod:`crib.session` among them), printed in English by the
command line and logs, and tested by their English text; reading their shape at the UI
edge leaves them as they are, and ``tests/test_french_teach.py`` checks each one a page
can show.

>>> bad = "invalid card 'XX': expected rank A,2-10,T,J,Q,K then suit C,D,H,S (or ♣♦♥♠)"
>>> for part in say_error(bad, "fr").split("\\u00a0: "):
...     print(part[:60])
« XX » n’est pas une carte
écrivez sa valeur (A, 2 à 10, J pour valet, Q pour dame, K p
>>> say_error("in pile: duplicate card 5H in '5H 5H': each card can appear only once", "fr")
'Dans pile\\xa0: la carte 5H est là deux fois\\xa0; chaque carte ne peut paraître qu’une fois.'
>>> say_error("invalid card 'XX': expected ...", "en")
"invalid card 'XX': expected ..."
>>> record_error("table K7QW is taken", "fr"), record_error("something new", "fr")
('la table K7QW est prise', 'something new')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import wraps
from typing import Any

from crib.errors import CribError, SaidError  # SaidError: re-exported, the pages raise it
from crib.i18n import DEFAULT, N_, tr

__all__ = [
    "say_error",
    "record_error",
    "friendly_in",
    "SaidError",
    "SHAPES",
    "UNKNOWN",
    "WENT_WRONG",
]


def _as_said(msgid: str, **fields: str) -> tuple[str, str]:
    """The shape of an English message that is its catalog message word for word: each
    field ``{name}`` matches ``fields[name]`` (by default a table code, no spaces).

    >>> shape, msgid = _as_said("table {code} is full")
    >>> re.fullmatch(shape, "table K7QW is full")["code"], msgid
    ('K7QW', 'table {code} is full')
    """
    parts = re.split(r"\{(\w+)\}", msgid)
    code = r"\S+"
    shape = "".join(
        f"(?P<{p}>{fields.get(p, code)})" if i % 2 else re.escape(p) for i, p in enumerate(parts)
    )
    return shape, msgid


# (the English message's shape, the catalog message that says it); the named groups
# fill the catalog message's fields
SHAPES: tuple[tuple[str, str], ...] = (
    (
        r"invalid cards? (?P<card>.+?): expected.*",
        N_(
            "{card} is not a card: write its rank (A, 2 to "
            "10, J, Q, K) then its suit (C, D, H, S), e.g. 5H."
        ),
    ),
    (
        r"duplicate card (?P<card>\S+) in .*",
        N_("The card {card} is there twice: each card can appear only once."),
    ),
    (
        r"duplicate card (?P<card>\S+): it appears twice in (?P<where>.+)",
        N_("The card {card} is there twice: each card can appear only once."),
    ),
    (
        r"duplicate card (?P<card>\S+): it appears in .+",
        N_("The card {card} is in two places: each card can appear only once."),
    ),
    (
        r"duplicate card (?P<card>\S+).*",
        N_("The card {card} is there twice: each card can appear only once."),
    ),
    (
        r"(?P<cards>.+) cannot be in the opponent's hand: you can see it",
        N_("{cards} cannot be in the opponent’s hand: you can see it."),
    ),
    (
        r"expected at most (?P<n>\d+) cards, got (?P<got>\d+)",
        N_("At most {n} cards here, and {got} are given: take some away."),
    ),
    (
        r"the opponent holds (?P<n>\d+) cards, got (?P<got>\d+)",
        N_("The opponent holds {n} cards: type {n}, not {got}."),
    ),
    (
        r"empty position.*",
        N_("The position is empty: type e.g. “hand 4H 6D 6S 9C | starter 2S | opp 4”."),
    ),
    (
        r"unknown section (?P<key>'[^']*') in .*",
        N_(
            "Unknown section {key}: use hand, pile, previous, starter, discards, opp, go or scores."
        ),
    ),
    (
        r"section (?P<key>'[^']*') appears twice",
        N_("The section {key} appears twice: give it once."),
    ),
    (
        r"opp (?P<v>'[^']*'): expected .*",
        N_("opp {v}: write how many cards the opponent holds, 0 to 4."),
    ),
    (r"go (?P<v>'[^']*'): .*", N_("go {v}: write just “go” when the opponent said go.")),
    (
        r"scores (?P<v>'[^']*'): expected .*",
        N_("scores {v}: write two numbers, yours then theirs."),
    ),
    (
        r"the position needs your hand.*",
        N_("The position needs your hand, e.g. “hand 4H 6D 6S 9C”."),
    ),
    (
        r"your hand holds (?P<n>\d+) cards: .*",
        N_("Your hand holds {n} cards: at most 4 in the play."),
    ),
    (r"you hold no cards.*", N_("You hold no cards, so it cannot be your turn.")),
    (r"expected at most 2 discards, got (?P<n>\d+)", N_("At most 2 discards, and {n} are given.")),
    (r"expected one starter card, got (?P<n>\d+).*", N_("One starter card, and {n} are given.")),
    (
        r"the pile (?P<pile>.*) counts (?P<count>\d+): a count cannot exceed 31",
        N_("The pile {pile} counts {count}: a count cannot pass 31."),
    ),
    (
        r"the pile counts exactly 31.*",
        N_("The pile counts exactly 31: the count starts again, so put those cards in previous."),
    ),
    (
        r"(?P<have>\d+) cards? ha(?:s|ve) been played \(the pile and previous\), but there "
        r"should be (?P<played>\d+): each player starts the play with 4 cards, and you still "
        r"hold (?P<hand>\d+) and your opponent (?P<opp>\d+)",
        N_(
            "Cards played (the pile and previous): {have}, but there should be {played}, since "
            "each player starts the play with 4 cards and you still hold {hand}, your opponent "
            "{opp}."
        ),
    ),
    (
        r"the opponent cannot have said go on an empty pile.*",
        N_("The opponent cannot have said go on an empty pile: any card fits at 0."),
    ),
    (
        r"the opponent said go at (?P<count>\d+), so the (?P<n>\d+) cards? they hold.*",
        N_(
            "The opponent said go at {count}, but too few of the cards you "
            "cannot see are too high to play: they cannot hold {n} such cards."
        ),
    ),
    (
        r"the opponent holds (?P<n>.+) cards: expected 0 to 4",
        N_("The opponent holds {n} cards: from 0 to 4."),
    ),
    # the table record's (crib.store.duels, crib.session.duel_record) and the names'
    (
        r"no table '(?P<code>[^']*)': check the code your classmate gave you",
        N_("no table « {code} »: check the code your classmate gave you"),
    ),
    (r"no table '(?P<code>[^']*)'(?:: check the code)?", N_("no table « {code} »: check the code")),
    _as_said(N_("table {code} is taken")),
    _as_said(N_("table {code} is full")),
    _as_said(N_("table {code} already has two players: ask for a new code")),
    _as_said(N_("{name} is already at table {code}: type your own name"), name=".+"),
    (
        r"this link is not a seat at that table(: join with the code instead)?",
        N_("this link is not a seat at that table: join with the code instead"),
    ),
    _as_said(N_("type the table code your classmate gave you")),
    (
        r"a table code is (?P<n>\d+) letters and digits "
        r"\(no 0, O, 1, I or L\), not '(?P<code>[^']*)'",
        N_("a table code is {n} letters and digits (no 0, O, 1, I or L), not « {code} »"),
    ),
    (
        r"the name is empty: type a name of 1 to (?P<max>\d+) characters",
        N_("Your name is empty: type a name of 1 to {max} characters."),
    ),
    (
        r"the name is (?P<n>\d+) characters long: use at most (?P<max>\d+).*",
        N_("Your name is {n} characters long: use at most {max}."),
    ),
    _as_said(N_("no free table code: try again")),
    (
        r"the join code is empty: type the code your teacher gave",
        N_("The class code is empty: type the code your teacher shows."),
    ),
    (
        r"(?P<name>.+)'s seat at table (?P<code>\S+) is already taken by another device: .*",
        N_(
            "{name}’s seat at table {code} is already taken by another device: open it there "
            "(with its link), or ask your teacher to hand the seat over to this device."
        ),
    ),
    (
        r"seat \d+ at table (?P<code>\S+) is already claimed by another device",
        N_(
            "This seat at table {code} was just taken by "
            "another device: ask your teacher to hand it over."
        ),
    ),
    (
        r"this seat is open on another page right now: .*",
        N_("This seat is open on another page right now: go on there, or take it over here."),
    ),
    (
        r"this seat is now open on another page: .*",
        N_("This seat is now open on another page: take it over here to play on this page."),
    ),
    (
        r"every table of this round plays the same cards: .*",
        N_(
            "Every table of this round plays the same cards: the log, the "
            "review and the secret open once every table of the round is done."
        ),
    ),
    (r"(?P<name>.+) has no seat at table (?P<code>\S+)", N_("{name} has no seat at table {code}.")),
    (
        r"that is not the seat code for table (?P<code>\S+): .*",
        N_("That is not the seat code for table {code}: type the one your teacher gave you."),
    ),
    _as_said(N_("the game was abandoned")),
    (r"it is (?P<name>.+)'s turn", N_("it is {name}’s turn")),
    # the classroom record's (crib.store.classroom): names, codes, sessions
    (
        r"unknown join code (?P<code>'[^']*'): check the code "
        r"your teacher gave \((?P<n>\d+) letters and digits\)",
        N_(
            "Unknown class code {code}: check the code your teacher shows ({n} letters and digits)."
        ),
    ),
    (
        r"the name (?P<n>'.*') looks like HTML or a script: .*",
        N_("Use letters, digits and spaces in your name (no < or >)."),
    ),
    (
        r"the name (?P<n>'.*') holds control characters: .*",
        N_("Use letters and digits in your name."),
    ),
    (
        r"the (?P<what>session name|tournament name|player name) "
        r"is empty: type a .* of 1 to (?P<max>\d+) characters",
        N_("The {what} is empty: type 1 to {max} characters."),
    ),
    (
        r"the (?P<what>session name|tournament name|player name) is "
        r"(?P<n>\d+) characters long: use at most (?P<max>\d+).*",
        N_("The {what} is {n} characters long: use at most {max}."),
    ),
    (
        r"the (?P<what>session name|tournament name|player name) "
        r"(?P<n>'.*') looks like HTML or a script: .*",
        N_("The {what} {n} looks like HTML: use letters, digits and spaces (no < or >)."),
    ),
    (
        r"the (?P<what>session name|tournament name|player name) "
        r"(?P<n>'.*') holds control characters: .*",
        N_("The {what} {n} holds control characters: use letters and digits."),
    ),
    (
        r"the name (?P<n>'.*') mixes .+ letters \(some look alike\): type it in one alphabet",
        N_(
            "Your name {n} mixes letters of different alphabets, "
            "which can look alike: type it in one alphabet."
        ),
    ),
    (
        r"the (?P<what>session name|tournament name|player name) (?P<n>'.*') "
        r"mixes .+ letters \(some look alike\): type it in one alphabet",
        N_(
            "The {what} {n} mixes letters of different alphabets, "
            "which can look alike: type it in one alphabet."
        ),
    ),
    (
        r"a session needs at least one question",
        N_("A session needs at least one question: ask for some."),
    ),
    (
        r"the seed must be a whole number >= 0, got (?P<v>.+)",
        N_("The seed is a whole number from 0 up, not {v}."),
    ),
    (
        r"the time limit must be 0 \(none\) to (?P<max>\d+) minutes, got .*",
        N_("The time limit is 0 (none) to {max} minutes."),
    ),
    # the tournament's (crib.classroom.tournament*)
    (
        r"(?P<n>'.*') is entered twice: each player once",
        N_("{n} is entered twice: enter each player once."),
    ),
    (
        r"a tournament needs 2 to (?P<max>\d+) players, got (?P<n>\d+)",
        N_("A tournament needs 2 to {max} players, and {n} are entered."),
    ),
    (
        r"(?P<n>\d+) players can play 1 to (?P<most>\d+) "
        r"rounds without meeting twice, not (?P<v>.+)",
        N_("{n} players can play 1 to {most} rounds without meeting twice, not {v}."),
    ),
    (
        r"the seed must be a whole number from 0 to 2\*\*63 - 1, not (?P<v>.+)",
        N_("The seed is a whole number from 0 to 2⁶³ − 1, not {v}."),
    ),
    (r"all (?P<n>\d+) rounds are paired", N_("All {n} rounds are paired already.")),
    (
        r"every player has had a bye: no round left to pair",
        N_("Every player has had a bye: no round is left to pair."),
    ),
    (r"a score is a whole number, not (?P<v>'.*')", N_("A score is a whole number, not {v}.")),
    (
        r"a result is two scores, seat 1 then seat 2, not .*",
        N_("A result is two scores: seat 1, then seat 2."),
    ),
    (
        r"in a game to (?P<len>\d+) the winner has \d+ and the loser 0 to (?P<lo>\d+): "
        r"got (?P<got>\S+) at table (?P<table>\d+) of round (?P<round>\d+)",
        N_(
            "In a game to {len}, the winner has {len} and the loser 0 to "
            "{lo}: {got} at table {table} of round {round} is not a result."
        ),
    ),
    (
        r"this game is not over yet: record it when it ends",
        N_("This game is not over yet: record it when it ends."),
    ),
    (
        r"the code (?P<code>\S+) is taken: choose another",
        N_("The code {code} is taken: choose another."),
    ),
    (
        r"unknown tournament code (?P<code>'[^']*'): check the code",
        N_("Unknown tournament code {code}: check the code."),
    ),
    (r"store a tournament before pairing it", N_("Create the tournament before pairing it.")),
    # the record's database out of reach (crib.store.db.RecordUnavailable)
    (
        r"the class record is not answering .*",
        N_(
            "The class record is not answering (its database is restarting "
            "or out of reach): reconnecting; try again in a moment."
        ),
    ),
    # the line-by-line count's (crib.course.questions.lines)
    (
        r"a (?P<kind>fifteen|pair|run|flush|nobs) uses (?P<lo>\d+) cards; (?P<n>\d+) picked",
        N_("A line of {kind} uses {lo} cards: you picked {n}."),
    ),
    (
        r"a (?P<kind>fifteen|pair|run|flush|nobs) uses "
        r"(?P<lo>\d+) to (?P<hi>\d+) cards; (?P<n>\d+) picked",
        N_("A line of {kind} uses {lo} to {hi} cards: you picked {n}."),
    ),
)
#: the words a shape's ``what`` or ``kind`` field holds, translated in the message
FIELD_WORDS = (
    N_("session name"),
    N_("tournament name"),
    N_("player name"),
    N_("fifteen"),
    N_("pair"),
    N_("run"),
    N_("flush"),
    N_("nobs"),
)
#: the message of an input error of no known shape
UNKNOWN = N_("That input was not understood: check the cards and the position, then try again.")
#: the message of a bug (never a traceback on the page)
WENT_WRONG = N_("Something went wrong inside crib ({error}).")

_SECTION = re.compile(r"in (?P<section>hand|pile|previous|starter|discards): (?P<rest>.*)", re.S)
_COMPILED = [(re.compile(shape, re.S), msg) for shape, msg in SHAPES]


def say_error(message: str, lang: str = DEFAULT, *, keep_unknown: bool = False) -> str:
    """``message`` (an input error's English text) in ``lang``; one of no known shape
    becomes :data:`UNKNOWN`'s sentence (or stays as it is with ``keep_unknown``)."""
    if lang == DEFAULT:
        return message
    _ = tr(lang)
    m = _SECTION.fullmatch(message)
    if m:  # a section of a position: "in hand: invalid card 'XX': ..."
        return _("In {section}: {error}").format(
            section=m["section"], error=lower_first(say_error(m["rest"], lang))
        )
    for shape, msg in _COMPILED:
        m = shape.fullmatch(message)
        if m:
            fields = {k: _field(k, v or "", lang) for k, v in m.groupdict().items()}
            return _(msg).format(**fields)
    return message if keep_unknown else _(UNKNOWN)


def record_error(message: str, lang: str = DEFAULT) -> str:
    """A record's error (a table's, a session's, a tournament's) in ``lang``: :func:`say_error`
    that leaves a message of no known shape as it is (it may be in ``lang`` already)."""
    return say_error(message, lang, keep_unknown=True)


def _field(key: str, value: str, lang: str) -> str:
    """A shape's field in the message: a quoted input in the language's quotation marks,
    a name of a thing (``what``, ``kind``) translated, anything else as it is."""
    if value.startswith("'"):
        return _quote(value, lang)
    return tr(lang)(value) if key in ("what", "kind") else value


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
