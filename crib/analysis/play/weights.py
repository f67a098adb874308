"""Weighted holdings: how likely the opponent was to keep each holding.

The uniform model counts every holding of the unseen cards once per concrete
card set.  The weighted model multiplies that count by the keep likelihood
ratio of the opponent's whole keep, measured in self-play
(``data/keep_frequencies.csv``, :func:`crib.analysis.selfplay_tables.keep_ratios`):
the holding's ranks plus the cards the opponent has already played this hand,
in the opponent's seat.  A keep the Expert makes twice as often as a random
four would have it counts twice.  When the opponent's played cards are not
known (fewer than ``4 - opp_count`` given), the ratio of the part that is known
is used.  Go inference still applies: holdings with a card that fits after a
go have no weight at all.

>>> w = keep_weights(opp_dealer=True)
>>> w((5, 5, 10, 13)) > 1 > w((2, 7, 9, 13))
True
>>> print(w.note)  # doctest: +NORMALIZE_WHITESPACE
each holding weighted by how often the Expert keeps those four ranks as the dealer
(measured in self-play)
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, cached_property
from typing import TypeVar

import numpy as np

from crib.analysis.play.evidence import (
    Decision,
    as_proxy,
    current_evidence,
    current_expert,
    likelihood,
    packed_likelihood,
)
from crib.analysis.selfplay_tables import keep_ratios, keep_table
from crib.rules.cards import Card
from crib.rules.position import PeggingPosition

__all__ = ["KeepWeights", "keep_weights", "reweigh"]

_T = TypeVar("_T", float, np.ndarray)


@dataclass(frozen=True)
class KeepWeights:
    """A holding's weight factor: the keep likelihood ratio of (holding + played ranks)."""

    seat: str | None  # the opponent's seat: "dealer", "pone", or None (both averaged)
    played: tuple[int, ...]  # ranks the opponent has played this hand
    # whose keeps: "" (the Expert's, data/keep_frequencies.csv) or "_master" (issue #42)
    table: str = ""
    # the opponent's plays this hand, as evidence (crib.analysis.play.evidence; issue #42)
    evidence: tuple[Decision, ...] = ()
    # the prior chance that the opponent is the Expert (issue #42): the weight is then
    # ``(1 - expert)`` times the one above plus ``expert`` times the Expert's keep ratio
    # with the plays read by the proxy alone (evidence.as_proxy); 0: the one above
    expert: float = 0.0

    def __call__(self, holding: Iterable[int]) -> float:
        holding = tuple(holding)
        keep = tuple(sorted((*holding, *self.played)))
        if not keep:
            return 1.0
        if len(keep) > 4:
            return 0.0

        def one(table: str, evidence: tuple[Decision, ...]) -> float:
            ratio = keep_ratios(self.seat, table).get(keep, 0.0)
            return ratio * likelihood(evidence, holding) if evidence and ratio else ratio

        return self._mix(one)

    def packed(self, hands: np.ndarray) -> np.ndarray:
        """``self(ranks)`` for holdings packed as the compiled solver packs them
        (4 bits per rank: rank r adds ``1 << 4r``), vectorised."""
        keys = hands + sum(1 << (4 * r) for r in self.played)

        def one(table: str, evidence: tuple[Decision, ...]) -> np.ndarray:
            codes, ratios = _packed_table(self.seat, table)
            i = np.minimum(np.searchsorted(codes, keys), len(codes) - 1)
            out = np.where(codes[i] == keys, ratios[i], 0.0)
            return out * packed_likelihood(evidence, hands, out) if evidence else out

        return self._mix(one)

    @cached_property
    def _as_expert(self) -> tuple[Decision, ...]:
        """The evidence read as the Expert's plays (once per weights, not per holding)."""
        return as_proxy(self.evidence)

    def _mix(self, one: Callable[[str, tuple[Decision, ...]], _T]) -> _T:
        """``one(table, evidence)`` as the Master's reading, mixed with the Expert's."""
        if not self.expert:
            return one(self.table, self.evidence)
        if self.expert >= 1:  # the Expert outright: the Master's reads are not solved
            return one("", self._as_expert)
        return (1 - self.expert) * one(self.table, self.evidence) + self.expert * one(
            "", self._as_expert
        )

    @property
    def note(self) -> str:
        seat = "in either seat" if self.seat is None else f"as the {self.seat}"
        what = "those ranks with the cards they have played" if self.played else "those four ranks"
        if self.evidence:
            seat += " and by how likely each was to play as they did"
        if self.expert >= 1:
            seat += ", read as the Expert's play"
        elif self.expert:
            seat += f", read {self.expert:.0%} as the Expert's play and the rest as the Master's"
        return (
            f"each holding weighted by how often the {'Master' if self.table else 'Expert'} "
            f"keeps {what} {seat} "
            "(measured in self-play)"
        )


@cache
def _packed_table(seat: str | None, suffix: str = "") -> tuple[np.ndarray, np.ndarray]:
    """Every multiset of :func:`keep_ratios` as a packed code, sorted, with its ratio."""
    table = keep_ratios(seat, suffix)
    pairs = sorted([(0, 1.0)] + [(sum(1 << (4 * r) for r in k), v) for k, v in table.items()])
    codes = np.array([c for c, _v in pairs], np.int64)
    return codes, np.array([v for _c, v in pairs], float)


def keep_weights(opp_played: Iterable[Card] = (), opp_dealer: bool | None = None) -> KeepWeights:
    """The weights for an opponent who has played ``opp_played`` this hand, in their seat."""
    seat = None if opp_dealer is None else ("dealer" if opp_dealer else "pone")
    played = tuple(sorted(c.rank for c in opp_played))
    return KeepWeights(seat, played, keep_table(), current_evidence(), current_expert())


def reweigh(
    pos: PeggingPosition,
    ranks: np.ndarray,
    hands: np.ndarray,
    weights: np.ndarray,
    factor: Callable[[tuple[int, ...]], float] | None,
    sample: int | None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The compiled solver's holdings (rows of ranks, packed hands, card-set counts),
    weighted by ``factor`` (floats then) and, when more than ``sample``, replaced by
    ``sample`` draws by weight (seeded by the position), each distinct holding
    weighted by how often it was drawn."""
    if factor is not None and hasattr(factor, "packed"):
        weights = weights * factor.packed(hands)  # vectorised (KeepWeights)
    elif factor is not None:
        n = pos.opp_count
        weights = weights * np.array([factor(tuple(r[:n])) for r in ranks.tolist()], float)
    if sample is not None and len(weights) > sample:
        rng = np.random.default_rng(zlib.crc32(pos.to_text().encode()))
        draws = rng.choice(len(weights), size=sample, p=weights / weights.sum())
        idx, drawn = np.unique(draws, return_counts=True)
        ranks, hands, weights = ranks[idx], hands[idx], drawn.astype(np.int64)
    return ranks, hands, weights
