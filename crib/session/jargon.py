"""The words a learner's plain text never holds (:mod:`crib.session.plain` re-exports
them): model names, statistics and the search's jargon, and the check of a sentence."""

from __future__ import annotations

import re

__all__ = ["JARGON", "jargon_in"]

#: Words a learner's plain text never holds (the test of every plain sentence):
#: model names, statistics and the search's jargon.
JARGON: tuple[str, ...] = (
    "EV",
    "P(",
    "minimax",
    "self-play",
    "Master",
    "full value",
    "margin",
    "expectimax",
    "model",
    "uniform",
    "holdings",
    "expected",
    "on average",
)


def _pattern(word: str) -> str:
    """A jargon word as a regex: whole word, any case ("EV" in capitals only)."""
    p = re.escape(word)
    if word[0].isalnum():
        p = r"\b" + p
    if word[-1].isalnum():
        p += r"\b"
    return p if word == "EV" else f"(?i:{p})"


_JARGON_RE = re.compile("|".join(_pattern(w) for w in JARGON))


def jargon_in(text: str) -> list[str]:
    """The jargon words in ``text`` (whole words, any case; "EV" in capitals only).

    >>> jargon_in("Play 9♦: P(margin ≥ 0) = 60%, Minimax")
    ['P(', 'margin', 'Minimax']
    >>> jargon_in("Keep 5-10-J-Q (about 11 points); every card levels")
    []
    """
    return _JARGON_RE.findall(text)
