"""The classmate game's errors in the page's language, translated at the UI edge.

The table record (:mod:`crib.teach.duel_store`, :mod:`crib.session.duel_record`) and the
name check (:func:`crib.teach.store.clean_name`) raise English messages that are also
their logs' and the command line's; the play page shows each known one through the
catalog in its language (:func:`duel_error`), any other as it is.

>>> duel_error("table K7QW is taken", "fr")
'la table K7QW est prise'
>>> duel_error("no table 'ZZZZ': check the code your classmate gave you", "en")
"no table 'ZZZZ': check the code your classmate gave you"
"""

from __future__ import annotations

import re

from crib.i18n import N_, tr

__all__ = ["duel_error", "PATTERNS"]

#: (the English message as a regex, its catalog msgid with the same named fields)
PATTERNS: tuple[tuple[str, str], ...] = (
    (r"no table '(?P<code>[^']*)': check the code your classmate gave you",
     N_("no table « {code} »: check the code your classmate gave you")),
    (r"no table '(?P<code>[^']*)': check the code", N_("no table « {code} »: check the code")),
    (r"no table '(?P<code>[^']*)'", N_("no table « {code} »: check the code")),
    (r"table (?P<code>\S+) is taken", N_("table {code} is taken")),
    (r"table (?P<code>\S+) is full", N_("table {code} is full")),
    (r"table (?P<code>\S+) already has two players: ask for a new code",
     N_("table {code} already has two players: ask for a new code")),
    (r"(?P<name>.+) is already at table (?P<code>\S+): type your own name",
     N_("{name} is already at table {code}: type your own name")),
    (r"this link is not a seat at that table(: join with the code instead)?",
     N_("this link is not a seat at that table: join with the code instead")),
    (r"type the table code your classmate gave you", N_("type the table code your classmate gave you")),
    (r"a table code is (?P<n>\d+) letters and digits \(no 0, O, 1, I or L\), not '(?P<code>[^']*)'",
     N_("a table code is {n} letters and digits (no 0, O, 1, I or L), not « {code} »")),
    (r"the name is empty: type a name of 1 to (?P<max>\d+) characters",
     N_("Your name is empty: type a name of 1 to {max} characters.")),
    (r"the name is (?P<n>\d+) characters long: use at most (?P<max>\d+).*",
     N_("Your name is {n} characters long: use at most {max}.")),
    (r"no free table code: try again", N_("no free table code: try again")),
    (r"the join code is empty: type the code your teacher gave",
     N_("The class code is empty: type the code your teacher shows.")),
    (r"unknown join code '(?P<code>[^']*)': check the code your teacher gave \((?P<n>\d+) letters and digits\)",
     N_("unknown class code « {code} »: check the code your teacher shows ({n} letters and digits)")),
    (r"(?P<name>.+)'s table is open on another page right now: go on there \(its link comes back to it\), "
     r"or try again in (?P<s>\d+) seconds once it is closed\.",
     N_("{name}’s table is open on another page right now: go on there (its link comes back to it), "
        "or try again in {s} seconds once it is closed.")),
    (r"the game was abandoned", N_("the game was abandoned")),
    (r"it is (?P<name>.+)'s turn", N_("it is {name}’s turn")),
)


def duel_error(message: str, lang: str = "en") -> str:
    """``message`` (a record's or the name check's English error) in ``lang``."""
    if lang == "en":
        return message
    for pattern, msgid in PATTERNS:
        m = re.fullmatch(pattern, message)
        if m:
            return tr(lang)(msgid).format(**m.groupdict())
    return message
