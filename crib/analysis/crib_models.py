"""Crib models: what the two unknown crib cards are assumed to be.

A model turns a throw (and the cards its owner can see) into the expected
crib points.  Models plug in by name through :func:`register_crib_model`.

* ``"exact"`` — the opponent's two crib cards are uniform over every pair of
  cards you cannot see, and the starter uniform over the rest: for a six-card
  deal, C(46,2) x 44 = 45,540 equally likely completions.  Computed exactly:
  rank points by summing over the 455 rank multisets of the three unknown
  cards with combinatorial weights, plus closed-form flush and nobs counts.
* ``"table"`` — the same assumption, but only the two thrown cards are known
  (C(50,2) x 48 = 58,800 completions), so the value depends only on the rank
  pair and whether it is suited: 169 entries.

>>> from crib.rules.cards import parse_cards
>>> v = crib_value_exact(parse_cards("5H 5D"), parse_cards("5H 5D"))
>>> v == TABLE.value(parse_cards("5H 5D")), round(float(v), 3)
(True, 8.993)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Protocol

import numpy as np

from crib.analysis.tables import JACK, bonus_table, rank5_table
from crib.i18n import N_
from crib.rules.cards import Card

__all__ = [
    "CribValues",
    "ExactCribModel",
    "TableCribModel",
    "SelfplayCribModel",
    "SELFPLAY",
    "EXACT",
    "TABLE",
    "register_crib_model",
    "unregister_crib_model",
    "get_crib_model",
    "crib_models",
    "crib_value_exact",
    "crib_numerators",
    "crib_distribution",
    "crib_table",
    "rank_pair_key",
    "companion_values",
]

# The 455 multisets of three 0-based ranks, and how to weight them.
_MS3 = np.array(list(combinations_with_replacement(range(13), 3)), dtype=np.int64)
MS3_CODE = (_MS3[:, 0] * 13 + _MS3[:, 1]) * 13 + _MS3[:, 2]
# (rank, multiplicity) slots: up to three distinct ranks, padded with k = 0
_SLOT_RANK = np.zeros((len(_MS3), 3), dtype=np.int64)
_SLOT_K = np.zeros((len(_MS3), 3), dtype=np.int64)
for _i, _m in enumerate(_MS3.tolist()):
    for _j, _r in enumerate(sorted(set(_m))):
        _SLOT_RANK[_i, _j] = _r
        _SLOT_K[_i, _j] = _m.count(_r)
_C = np.array([[comb(n, k) for k in range(5)] for n in range(5)], dtype=np.int64)


def multiset_weights(unseen_per_rank: np.ndarray) -> np.ndarray:
    """Number of ways to draw each 3-rank multiset from the unseen cards."""
    u = unseen_per_rank[_SLOT_RANK]
    return _C[u, _SLOT_K].prod(axis=1)


def _rank_sums(throws: np.ndarray, unseen_per_rank: np.ndarray) -> np.ndarray:
    """Sum over unseen 3-card sets of the crib's rank points, one per throw.

    ``throws`` is (T, 2) card indices.  Each unordered 3-set counts once.
    """
    w = multiset_weights(unseen_per_rank)
    r = throws >> 2
    codes = (r[:, 0:1] * 13 + r[:, 1:2]) * 2197 + MS3_CODE[None, :]
    return rank5_table()[codes].astype(np.int64) @ w


def _flush_nobs_count(throw: Sequence[int], unseen: Sequence[int]) -> int:
    """Sum over completions of flush + nobs points (exact integer).

    A completion is (opponent pair, starter) from ``unseen``.
    """
    n = len(unseen)
    per_suit = [0, 0, 0, 0]
    for c in unseen:
        per_suit[c & 3] += 1
    total = 0
    a, b = throw
    if a & 3 == b & 3:  # a crib flush needs all five of the throw's suit
        total += 5 * 3 * comb(per_suit[a & 3], 3)
    for c in throw:  # a thrown jack: starter of its suit, any opponent pair
        if c >> 2 == JACK:
            total += per_suit[c & 3] * comb(n - 1, 2)
    for c in unseen:  # an unseen jack the opponent throws, starter of its suit
        if c >> 2 == JACK:
            total += (per_suit[c & 3] - 1) * (n - 2)
    return total


def _completions(n_unseen: int) -> int:
    return comb(n_unseen, 2) * (n_unseen - 2)


def crib_numerators(
    known: Sequence[int], throws: Sequence[Sequence[int]]
) -> tuple[np.ndarray, int]:
    """Exact crib totals for several throws: (sum of crib points over every completion,
    completions).

    ``known`` are the card indices out of play (the throws included); each
    completion is an (opponent pair, starter) from the other cards.  The mean
    for throw i is ``numerators[i] / completions``.
    """
    known_set = set(known)
    unseen = [i for i in range(52) if i not in known_set]
    u = np.bincount(np.array(unseen, dtype=np.int64) >> 2, minlength=13)
    t = np.array(throws, dtype=np.int64).reshape(-1, 2)
    fn = np.array([_flush_nobs_count(x, unseen) for x in t.tolist()], dtype=np.int64)
    return 3 * _rank_sums(t, u) + fn, _completions(len(unseen))


def crib_value_exact(throw: Sequence[Card], known: Sequence[Card]) -> Fraction:
    """Exact mean crib points for ``throw`` when ``known`` cards are out of play.

    ``known`` must include the throw.  Every (opponent pair, starter) from the
    other cards is equally likely.
    """
    t = [c.index for c in throw]
    nums, denom = crib_numerators([c.index for c in known] + t, [t])
    return Fraction(int(nums[0]), denom)


def crib_values_exact_for_six(
    six: Sequence[Card], throws: Sequence[tuple[int, int]]
) -> list[Fraction]:
    """Exact crib means for several throws of one six (the fast path)."""
    nums, denom = crib_numerators([c.index for c in six], throws)
    return [Fraction(int(x), denom) for x in nums.tolist()]


def crib_distribution(throw: Sequence[Card], known: Sequence[Card]) -> np.ndarray:
    """Counts of each crib score 0..29 over every completion (vectorised enumeration).

    Independent of the combinatorial mean above: it scores each of the
    completions with the fast table scorer.
    """
    t = np.array([c.index for c in throw], dtype=np.int64)
    known_set = {c.index for c in known} | set(t.tolist())
    unseen = np.array([i for i in range(52) if i not in known_set], dtype=np.int64)
    trip = unseen[np.array(list(combinations(range(len(unseen)), 3)), dtype=np.int64)]
    counts = np.zeros(30, dtype=np.int64)
    for s in range(3):  # which of the three is the starter
        starter = trip[:, s]
        others = np.delete(trip, s, axis=1)
        crib4 = np.concatenate([np.broadcast_to(t, (len(trip), 2)), others], axis=1)
        counts += np.bincount(_score_crib(crib4, starter), minlength=30)[:30]
    return counts


def companion_values(throw: Sequence[Card]) -> dict[int, Fraction]:
    """Mean crib score given the opponent's two cards include rank r, for each rank.

    Only the throw is known (the table model's assumption).  Rank r's
    "companion value" says which cards make this throw's crib best and worst.
    Suits are interchangeable, so results are memoised by the table key.
    """
    a, b = throw
    return dict(_companion_values(*rank_pair_key(a, b)))


@cache
def _companion_values(lo: int, hi: int, suited: bool) -> tuple[tuple[int, Fraction], ...]:
    t = np.array([Card(lo, "H").index, Card(hi, "H" if suited else "S").index], dtype=np.int64)
    unseen = np.array([i for i in range(52) if i not in set(t.tolist())], dtype=np.int64)
    pairs = np.array(list(combinations(range(len(unseen)), 2)), dtype=np.int64)
    opp = unseen[pairs]  # (P, 2)
    sums = np.zeros(13, dtype=np.int64)
    counts = np.zeros(13, dtype=np.int64)
    for st in unseen.tolist():
        keep = (opp != st).all(axis=1)
        o = opp[keep]
        crib4 = np.concatenate([np.broadcast_to(t, (len(o), 2)), o], axis=1)
        starter = np.full(len(o), st, dtype=np.int64)
        pts = _score_crib(crib4, starter)
        r = o >> 2
        for k in range(13):
            has = (r == k).any(axis=1)
            sums[k] += int(pts[has].sum())
            counts[k] += int(has.sum())
    return tuple((k + 1, Fraction(int(sums[k]), int(counts[k]))) for k in range(13) if counts[k])


def _score_crib(crib4: np.ndarray, starter: np.ndarray) -> np.ndarray:
    r = crib4 >> 2
    code5 = (((r[:, 0] * 13 + r[:, 1]) * 13 + r[:, 2]) * 13 + r[:, 3]) * 13 + (starter >> 2)
    suits = crib4 & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    fs = np.where(flush, suits[:, 0], 4)
    jm = (((crib4 >> 2) == JACK).astype(np.int64) << suits).sum(axis=1)
    return rank5_table()[code5].astype(np.int64) + bonus_table(True)[fs * 16 + jm, starter]


def rank_pair_key(a: Card, b: Card) -> tuple[int, int, bool]:
    """(low rank, high rank, suited) — the table model's key for a throw."""
    lo, hi = sorted((a.rank, b.rank))
    return lo, hi, a.suit == b.suit and a.rank != b.rank


@cache
def crib_table() -> dict[tuple[int, int, bool], Fraction]:
    """The 169-entry table: exact uniform crib value knowing only the two thrown cards.

    13 pairs, 78 suited and 78 offsuit rank pairs.  Suits are interchangeable,
    so one representative pair of cards per entry gives the value exactly.
    """
    out: dict[tuple[int, int, bool], Fraction] = {}
    for lo in range(1, 14):
        for hi in range(lo, 14):
            for suited in (False,) if lo == hi else (True, False):
                a = Card(lo, "H")
                b = Card(hi, "H" if suited else "S")
                out[(lo, hi, suited)] = crib_value_exact((a, b), (a, b))
    return out


class CribValues(Protocol):
    """What a crib model provides: a name, its assumption, and values."""

    name: str
    assumption: str
    has_distribution: bool

    def values(
        self, six: Sequence[Card], throws: Sequence[tuple[Card, Card]]
    ) -> list[Fraction]: ...

    def distribution(self, six: Sequence[Card], throw: Sequence[Card]) -> np.ndarray | None: ...


@dataclass(frozen=True)
class ExactCribModel:
    name: str = "exact"
    assumption: str = N_(
        "opponent's two crib cards uniform over all C(46,2)=1035 pairs you cannot see, "
        "starter uniform over the other 44: 45,540 equally likely completions, exact"
    )
    has_distribution: bool = True

    def values(self, six: Sequence[Card], throws: Sequence[tuple[Card, Card]]) -> list[Fraction]:
        return crib_values_exact_for_six(six, [(a.index, b.index) for a, b in throws])

    def distribution(self, six: Sequence[Card], throw: Sequence[Card]) -> np.ndarray | None:
        return crib_distribution(throw, six)


@dataclass(frozen=True)
class TableCribModel:
    name: str = "table"
    assumption: str = N_(
        "169-entry table: exact uniform crib value knowing only the two thrown cards "
        "(opponent pair and starter uniform over the other 50 cards); ignores your kept cards"
    )
    has_distribution: bool = False

    def value(self, throw: Sequence[Card]) -> Fraction:
        return crib_table()[rank_pair_key(throw[0], throw[1])]

    def values(self, six: Sequence[Card], throws: Sequence[tuple[Card, Card]]) -> list[Fraction]:
        table = crib_table()
        return [table[rank_pair_key(a, b)] for a, b in throws]

    def distribution(self, six: Sequence[Card], throw: Sequence[Card]) -> np.ndarray | None:
        return None


@dataclass(frozen=True)
class SelfplayCribModel:
    """Seat-conditioned crib values measured in self-play (``data/crib_selfplay.csv``).

    Depends on the seat, so :func:`crib.analyze_discard` passes ``dealer``.
    """

    name: str = "selfplay"
    assumption: str = N_(
        "seat table from self-play: the other player's two crib cards are the Expert's discard "
        "from a random six, the starter uniform; knows only your two thrown cards (rank pair and "
        "suitedness), not your kept four; one mean per seat"
    )
    has_distribution: bool = False
    seat_conditioned: bool = True

    def values(
        self,
        six: Sequence[Card],
        throws: Sequence[tuple[Card, Card]],
        dealer: bool | None = None,
    ) -> list[Fraction]:
        from crib.analysis.selfplay_tables import seat_crib_value
        from crib.errors import CribError

        if dealer is None:
            raise CribError("the selfplay crib model depends on the seat: pass dealer=True/False")
        seat = "dealer" if dealer else "pone"
        out = []
        for a, b in throws:
            lo, hi, suited = rank_pair_key(a, b)
            out.append(Fraction(str(seat_crib_value(lo, hi, suited, seat))))
        return out

    def distribution(self, six: Sequence[Card], throw: Sequence[Card]) -> np.ndarray | None:
        return None


EXACT = ExactCribModel()
TABLE = TableCribModel()
SELFPLAY = SelfplayCribModel()
_REGISTRY: dict[str, CribValues] = {}


def register_crib_model(model: CribValues, *, replace: bool = False) -> None:
    """Make ``model`` available by ``model.name`` to :func:`crib.analyze_discard`."""
    if model.name in _REGISTRY and not replace:
        raise ValueError(f"a crib model named {model.name!r} is already registered")
    _REGISTRY[model.name] = model


def unregister_crib_model(name: str) -> None:
    """Remove a model registered by name (the built-in ones included)."""
    _REGISTRY.pop(name, None)


def get_crib_model(name: str | CribValues) -> CribValues:
    """Look a model up by name (a model object passes through).

    >>> get_crib_model("exact").name
    'exact'
    >>> get_crib_model("psychic")
    Traceback (most recent call last):
    ...
    crib.errors.ModelError: unknown crib model 'psychic': expected one of exact, table, selfplay
    """
    from enum import Enum

    from crib.errors import ModelError

    if isinstance(name, Enum):  # a crib.analysis.models.CribModel
        name = name.value
    if not isinstance(name, str):
        return name
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ModelError(
            f"unknown crib model {name!r}: expected one of {', '.join(_REGISTRY)}"
        ) from None


def crib_models() -> dict[str, CribValues]:
    """The registered models by name."""
    return dict(_REGISTRY)


register_crib_model(EXACT)
register_crib_model(TABLE)
register_crib_model(SELFPLAY)


@cache
def _triples(n: int) -> np.ndarray:
    return np.array(list(combinations(range(n), 3)), dtype=np.int64)


def crib_distributions_for_six(six: Sequence[Card], throws: Sequence[Sequence[Card]]) -> np.ndarray:
    """Exact-model crib score counts (rows: throws, columns: 0..29) for throws of one six.

    The same enumeration as :func:`crib_distribution` (every opponent pair and
    starter from the 46 unseen cards), done for all throws in one pass.
    """
    known = {c.index for c in six}
    unseen = np.array([i for i in range(52) if i not in known], dtype=np.int64)
    trip = unseen[_triples(len(unseen))]
    out = np.zeros((len(throws), 30), dtype=np.int64)
    for k, throw in enumerate(throws):
        t = np.array([c.index for c in throw], dtype=np.int64)
        for s in range(3):
            starter = trip[:, s]
            others = np.delete(trip, s, axis=1)
            crib4 = np.concatenate([np.broadcast_to(t, (len(trip), 2)), others], axis=1)
            out[k] += np.bincount(_score_crib(crib4, starter), minlength=30)[:30]
    return out
