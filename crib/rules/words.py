"""The words of a spoken count: numbers as players say them, and each language's phrases.

:meth:`crib.rules.scoring.Score.say` renders the count's steps with one
:class:`CountWords`; :data:`ENGLISH` is the default and :data:`FRENCH` the
classroom's other language (its terms follow the course glossary: *paire*,
*brelan*, *carré*, *suite*, *couleur* for a flush, *le valet* for nobs, short for
*le valet de même couleur* as the starter; his heels is *le valet retourné*).  A
phrase for one thing takes « fait » and a plural one « font »: « et le valet fait
dix-sept », « et deux suites de trois font seize ».
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from crib.i18n import N_, NP_, tr, trp

__all__ = [
    "number_words",
    "number_words_fr",
    "CountWords",
    "ENGLISH",
    "FRENCH",
    "local_cards",
    "opponent_holds",
]

_FR_RANKS = {"J": "V", "Q": "D", "K": "R"}  # valet, dame, roi (the French glossary's)
# a face card's letter: before a suit (K♠), or in a run of ranks (3-6-7-Q, Q-K-A)
_FACES = re.compile(r"(?<![\w-])([JQK])(?=[♠♥♦♣]|-[0-9AJQK])|(?<=[0-9AJQKRDV]-)([JQK])(?![\w])")


def local_cards(text: str, lang: str) -> str:
    """Cards in ``text`` as ``lang`` writes them: in French K♠ is R♠, Q♥ D♥, J♦ V♦.

    >>> local_cards("K♠ Q♥ J♦ 10♣", "fr"), local_cards("K♠", "en")
    ('R♠ D♥ V♦ 10♣', 'K♠')
    >>> local_cards("3-6-7-Q, Q-K-A, table K7QW", "fr")
    '3-6-7-D, D-R-A, table K7QW'
    """
    if lang != "fr":
        return text
    return _FACES.sub(lambda m: _FR_RANKS[m.group(1) or m.group(2)], text)


_EN = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]
_FR = [
    "zéro",
    "un",
    "deux",
    "trois",
    "quatre",
    "cinq",
    "six",
    "sept",
    "huit",
    "neuf",
    "dix",
    "onze",
    "douze",
    "treize",
    "quatorze",
    "quinze",
    "seize",
    "dix-sept",
    "dix-huit",
    "dix-neuf",
    "vingt",
]


def _spell(n: int, words: list[str], tens: tuple[str, str], one: str) -> str:
    """0..39 from the words to twenty and the two tens; ``one`` joins a ten and 1."""
    if n <= 20:
        return words[n]
    ten, unit = tens[n // 10 - 2], n % 10
    return ten if unit == 0 else f"{ten}{one}" if unit == 1 else f"{ten}-{words[unit]}"


def number_words(n: int) -> str:
    """English words for 0..39, as players say a running count.

    >>> number_words(7), number_words(24), number_words(31)
    ('seven', 'twenty-four', 'thirty-one')
    """
    return _spell(n, _EN, ("twenty", "thirty"), "-one")


def number_words_fr(n: int) -> str:
    """French words for 0..39 (1990 spelling of « vingt-et-un »).

    >>> number_words_fr(7), number_words_fr(21), number_words_fr(29), number_words_fr(30)
    ('sept', 'vingt-et-un', 'vingt-neuf', 'trente')
    """
    return _spell(n, _FR, ("vingt", "trente"), "-et-un")


@dataclass(frozen=True)
class CountWords:
    """One language's phrases for the spoken count.

    ``pair`` and ``run`` are keyed by how many (1, 3 or 6 pairs; 1 to 4 runs);
    ``run`` and ``flush`` hold ``{size}``; ``link`` and ``link_many`` join a phrase to
    the running ``{total}`` (``link_many`` when the phrase is plural: "font" in
    French), with ``first`` the form for the count's first phrase.
    """

    number: Callable[[int], str]
    fifteen: str
    pair: Mapping[int, str]
    run: Mapping[int, str]
    flush: str
    nobs: str
    first: str
    link: str
    link_many: str
    nothing: str

    def phrase(self, kind: str, n: int, size: int) -> tuple[str, bool]:
        """The phrase for one step, and whether it is plural."""
        if kind == "pair":
            return self.pair[n], False
        if kind == "run":
            return self.run[n].format(size=self.number(size)), n > 1
        if kind == "flush":
            return self.flush.format(size=self.number(size)), False
        return self.nobs, False

    def translated(self, lang: str, number: Callable[[int], str]) -> CountWords:
        """These phrases from ``lang``'s gettext catalog (context "count"; "count, plural"
        for ``link_many``), with ``number`` for the numbers."""
        p = trp(lang)
        return CountWords(
            number=number,
            fifteen=p("count", self.fifteen),
            pair={k: p("count", v) for k, v in self.pair.items()},
            run={k: p("count", v) for k, v in self.run.items()},
            flush=p("count", self.flush),
            nobs=p("count", self.nobs),
            first=p("count", self.first),
            link=p("count", self.link),
            link_many=p("count, plural", self.link_many),
            nothing=p("count", self.nothing),
        )


# the English phrases are the catalog's source: crib/locale/<lang>/LC_MESSAGES/crib.po
# translates them (context "count"), and FRENCH is read from it
ENGLISH = CountWords(
    number=number_words,
    fifteen=NP_("count", "fifteen {total}"),
    pair={
        1: NP_("count", "a pair"),
        3: NP_("count", "a pair royal"),
        6: NP_("count", "a double pair royal"),
    },
    run={
        1: NP_("count", "a run of {size}"),
        2: NP_("count", "a double run of {size}"),
        3: NP_("count", "a triple run of {size}"),
        4: NP_("count", "a double-double run of {size}"),
    },
    flush=NP_("count", "a flush of {size}"),
    nobs=NP_("count", "nobs"),
    first=NP_("count", "{phrase} is {total}"),
    link=NP_("count", "and {phrase} is {total}"),
    link_many=NP_("count, plural", "and {phrase} is {total}"),
    nothing=NP_("count", "nineteen (no points)"),
)

FRENCH = ENGLISH.translated("fr", number_words_fr)


#: the opponent's cards, one sentence for each number (no "card(s)": 0 and 1 are singular
#: in French, so each has its own message); the trainer's questions and the puzzle sheets
_HOLDS = {
    (0, False): N_("Your opponent has no cards left."),
    (1, False): N_("Your opponent holds 1 card."),
    (2, False): N_("Your opponent holds {n} cards."),
    (0, True): N_("Your opponent has no cards left, and has said go."),
    (1, True): N_("Your opponent holds 1 card, and has said go."),
    (2, True): N_("Your opponent holds {n} cards, and has said go."),
}


def opponent_holds(n: int, go: bool = False, lang: str = "en") -> str:
    """How many cards the opponent holds, in words with the right plural.

    >>> opponent_holds(1), opponent_holds(3, True)
    ('Your opponent holds 1 card.', 'Your opponent holds 3 cards, and has said go.')
    >>> opponent_holds(1, lang="fr"), opponent_holds(0, lang="fr")
    ('L’adversaire a 1 carte.', 'L’adversaire n’a plus de carte.')
    """
    return tr(lang)(_HOLDS[min(n, 2), bool(go)]).format(n=n)
