"""The opponent's possible holdings, and the root of a position in solver form.

Suits do not matter in pegging, so the solvers group the opponent's
``opp_count``-card holdings by rank multiset, each with the number of
concrete card sets it stands for.

>>> from crib.rules.position import PeggingPosition
>>> pos = PeggingPosition.parse(
...     "hand 4H 2C | pile KS QD 7C | previous AS AD | starter 3S | opp 1 | go"
... )
>>> list(holdings(pos))[:2]   # they said go at 27: only cards worth 5 or more
[((5,), 4), ((6,), 4)]
>>> [label for label, _card in root_options(pos)], root_state(pos)
(['2C', '4H'], ((2, 4), 27, (13, 12, 7), 1, 1))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations_with_replacement
from math import comb

from crib.rules.cards import Card
from crib.rules.pegging import compress, fits
from crib.rules.position import PeggingPosition

__all__ = ["holdings", "remove_rank", "root_options", "root_state"]


def remove_rank(hand: tuple[int, ...], r: int) -> tuple[int, ...]:
    """``hand`` (sorted ranks) with one ``r`` taken out.

    >>> remove_rank((4, 6, 6, 9), 6)
    (4, 6, 9)
    """
    i = hand.index(r)
    return hand[:i] + hand[i + 1 :]


def holdings(pos: PeggingPosition) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every opponent holding as (sorted ranks, number of concrete card sets).

    With ``opp_go``, holdings with a card that fits under 31 are excluded.
    """
    unseen = Counter(c.rank for c in pos.unseen())
    ranks = sorted(unseen)
    count = pos.count
    for ms in combinations_with_replacement(ranks, pos.opp_count):
        if pos.opp_go and any(fits(count, r) for r in ms):
            continue
        w = 1
        for r, k in Counter(ms).items():
            w *= comb(unseen[r], k)
        if w:
            yield ms, w


def root_options(pos: PeggingPosition) -> list[tuple[str, Card | None]]:
    """(label, card) for each root option: one legal card per rank, or go."""
    legal = pos.legal()
    if not legal:
        return [("go", None)]
    seen: dict[int, Card] = {}
    for c in legal:
        seen.setdefault(c.rank, c)
    return [(str(c), c) for c in sorted(seen.values())]


def root_state(pos: PeggingPosition) -> tuple[tuple[int, ...], int, tuple[int, ...], int, int]:
    """(your ranks, count, tail, streak, who played last) at the root of a position.

    Who played last: 1 you, -1 the opponent, 0 nobody (an empty pile).
    """
    count, tail, streak = compress(tuple(c.rank for c in pos.pile))
    mine = tuple(sorted(c.rank for c in pos.hand))
    last = pos.last
    return mine, count, tail, streak, last
