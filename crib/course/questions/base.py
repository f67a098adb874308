"""The pieces every question kind shares: the answer error, the graded result, and the
seeded draws (:class:`crib.rules.fairness.HashRng`) of cards and orders."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from crib.errors import CribError
from crib.rules.cards import DECK, Card
from crib.rules.fairness import HashRng

__all__ = ["MAX_TRIES", "AnswerError", "Result"]

MAX_TRIES = 400


class AnswerError(CribError):
    """An answer that is not of the right form (not a count, not two of the six cards...)."""


def _draw(rng: HashRng, k: int, exclude: Iterable[Card] = ()) -> list[Card]:
    pool = [c for c in DECK if c not in set(exclude)]
    out = []
    for _ in range(k):
        out.append(pool.pop(rng.randrange(len(pool))))
    return out


def _perm(rng: HashRng, n: int) -> list[int]:
    xs = list(range(n))
    return [xs.pop(rng.randrange(len(xs))) for _ in range(n)]


def _shuffle(rng: HashRng, xs: Sequence[Card]) -> list[Card]:
    return [xs[i] for i in _perm(rng, len(xs))]


@dataclass(frozen=True)
class Result:
    """A graded answer: right or wrong, the points lost, the kinds of misses."""

    kind: str
    answer: str  # canonical form of what the student gave
    correct: bool
    lost: float  # points: counting error size, EV lost, or expected margin lost
    misses: tuple[str, ...] = ()
    detail: dict = field(default_factory=dict)
    cards: tuple[
        Card, ...
    ] = ()  # the cards given (a throw, a play), as cards: no text to parse again

    @property
    def miss(self) -> str:
        return "; ".join(self.misses)
