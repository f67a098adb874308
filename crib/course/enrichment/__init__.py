"""The enrichment track: notebooks 01-07, for the curious, after the five lessons.

The lessons (``notebooks/lessons/``) teach the rules; the track takes a player who
knows them further: counting in code, the numbers, the discard, pegging, traps and
exact leads, and the computer opponent.  :data:`TRACK` lists the parts in order
with what each assumes; notebook 07 is part 1 in French.

Each notebook's exercises are checked here: the learner writes ``answer_1 = ...``
and runs ``check(1, answer_1)``, which says right or wrong in plain words and, once
tried (or with ``show=True``), shows the worked answer computed by crib
(:mod:`crib.course.enrichment.items`, :mod:`crib.course.enrichment.play`), with the
opponent model its numbers assume.

>>> check = exercises("counting").check
>>> check(1, None).text.startswith("Exercise 1: not answered yet.")
True
>>> r = check(1, 24)
>>> r.right, r.worked.model
(True, 'the rules alone (a count does not depend on the opponent)')
>>> check(1, 23).verdict
'Exercise 1: not quite: you wrote 23. Think again, or open the worked answer below.'
>>> exercises("counting", "fr").check(4, "sept").verdict.split(":")[0]
'Exercice 4 '
>>> check(9, 1).verdict
'There is no exercise 9 here: the exercises are 1 to 4.'
"""

from __future__ import annotations

from dataclasses import dataclass

from crib.course.enrichment.check import WORDS, Checked, Exercise, Worked, verdict
from crib.course.enrichment.items import COUNTING, DISCARD, NUMBERS
from crib.course.enrichment.play import LEADS, OPPONENT, PEGGING, benchmark_table
from crib.errors import CribError
from crib.i18n import check_lang

__all__ = [
    "Part",
    "TRACK",
    "PARTS",
    "ExerciseSet",
    "exercises",
    "benchmark_table",
    "Checked",
    "Worked",
]


@dataclass(frozen=True)
class Part:
    """One part of the track: its number, its exercises' key, its notebook and language."""

    number: int
    key: str
    notebook: str
    title: str
    assumes: str
    lang: str = "en"


PARTS = 6  # parts 1 to 6; notebook 07 is part 1 again, in French

TRACK = (
    Part(
        1,
        "counting",
        "01_rules_and_counting.ipynb",
        "Counting in code",
        "lessons 1-5; no maths beyond adding up",
    ),
    Part(
        2,
        "numbers",
        "02_the_numbers.ipynb",
        "The numbers",
        "part 1; fractions, percentages and the average (mean)",
    ),
    Part(
        3,
        "discard",
        "03_the_discard.ipynb",
        "The discard",
        "parts 1-2 and lesson 5; the average as a weighted mean (expected value)",
    ),
    Part(
        4,
        "pegging",
        "04_pegging.ipynb",
        "Pegging",
        "part 1 and lesson 3; probability as a fraction of equally likely cases",
    ),
    Part(
        5,
        "leads",
        "05_traps_and_expectimax.ipynb",
        "Traps and exact lead analysis",
        "parts 3-4; averages over weighted cases, C(n, k)",
    ),
    Part(
        6,
        "opponent",
        "06_computer_opponent.ipynb",
        "The computer opponent",
        "parts 3-5; the exponential exp(x), probability; no statistics beyond a win rate",
    ),
    Part(
        1,
        "counting",
        "07_regles_du_cribbage.ipynb",
        "Compter avec crib",
        "leçons 1 à 5 ; pas d'autres maths que l'addition",
        lang="fr",
    ),
)

_SETS: dict[str, tuple[Exercise, ...]] = {
    "counting": COUNTING,
    "numbers": NUMBERS,
    "discard": DISCARD,
    "pegging": PEGGING,
    "leads": LEADS,
    "opponent": OPPONENT,
}
_LANGS = {"counting": ("en", "fr")}  # the other parts are in English


class ExerciseSet:
    """A part's exercises in one language: :meth:`check` is what a notebook calls."""

    def __init__(self, key: str, lang: str = "en") -> None:
        if key not in _SETS:
            raise CribError(f"unknown part {key!r}: expected one of {', '.join(_SETS)}")
        check_lang(lang)
        if lang not in _LANGS.get(key, ("en",)):
            raise CribError(f"the exercises of {key!r} are in English only")
        self.key, self.lang = key, lang
        self.items = _SETS[key]
        self._worked: dict[int, Worked] = {}

    def __len__(self) -> int:
        return len(self.items)

    def solve(self, n: int) -> Worked:
        """Exercise ``n``'s worked answer, computed by crib (once, then kept)."""
        if n not in self._worked:
            self._worked[n] = self.items[n - 1].solve(self.lang)
        return self._worked[n]

    def check(self, n: int, answer: object = None, show: bool = False) -> Checked:
        """Say whether ``answer`` to exercise ``n`` is right; show the worked answer once tried
        (folded) or when ``show`` is true (open).  Never raises on what a learner writes."""
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= len(self.items):
            text = WORDS[self.lang]["no_such"].format(n=n, last=len(self.items))
            return Checked(text, None, None, False, self.lang)
        return verdict(self.items[n - 1], n, answer, bool(show), self.lang, lambda: self.solve(n))


def exercises(part: str, lang: str = "en") -> ExerciseSet:
    """The exercises of a part of the track, by key (``"counting"``, ``"numbers"``, ...)."""
    return ExerciseSet(part, lang)
