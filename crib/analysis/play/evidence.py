"""What the opponent's plays say about the cards they still hold (issue #42).

Keep weights (:mod:`crib.analysis.play.weights`) say how likely the opponent was to
*keep* a holding.  The cards they have played since say more: a player who held a
card making 15 seldom plays one that makes 12.  Each of the opponent's earlier plays
this hand is a :class:`Decision`; a holding's likelihood is the product, over the
decisions, of the probability that a player holding it then would have played that
rank, under a proxy policy: the softmax, at :data:`TEMPERATURE` points, of the
Expert's net values (:func:`crib.analysis.heuristics.rank_values`, which depend on the
pile and on what is unseen, not on the rest of the hand).

The opponent's hand at a decision is the holding plus the cards they played at or
after it.  The values take the unseen cards from public facts (52 minus the starter
and the cards played before the decision): the proxy does not know the opponent's
own hand and discards.  :func:`likelihood` is the plain statement, rank by rank;
:func:`packed_likelihood` the same products vectorised over the compiled solver's
packed holdings (tested equal).

A decision can instead be read as the Master would have played it (issue #42's
variants): the pone's lead by the lead table (:mod:`crib.analysis.play.leads`), the
dealer's reply to your lead by the reply table (:mod:`crib.analysis.play.replies`),
and any other play by the Master's play solved for the holding in the opponent's
:class:`Situation` (:mod:`crib.analysis.play.reads`, passed in as the reader of
:func:`play_evidence`).  The opponent may also be read as a mixture of the Master and
the Expert (``expert`` in :func:`play_evidence`): the Expert's share reads every play
by the proxy at :data:`EXPERT_TEMPERATURE` (:func:`as_proxy`).

>>> from crib.rules.cards import parse_cards
>>> d = decisions_from(parse_cards("5H"), parse_cards("5H"), parse_cards("KC")[0], 4, 0)
>>> len(d), d[0].rank  # the opponent led a 5: a holding with a safer lead is less likely
(1, 5)
>>> likelihood(d, (5, 5, 9)) > likelihood(d, (4, 9, 13))
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import cache

import numpy as np

from crib.analysis.heuristics import rank_values
from crib.analysis.play.leads import lead_probabilities, lead_row, packed_rows
from crib.analysis.play.replies import reply_probabilities
from crib.errors import CribError
from crib.rules.cards import Card
from crib.rules.pegging import compress, fits

__all__ = [
    "EXPERT_TEMPERATURE",
    "TEMPERATURE",
    "Decision",
    "Reader",
    "Situation",
    "decisions_from",
    "lead_weights",
    "likelihood",
    "packed_counts",
    "packed_likelihood",
    "play_evidence",
    "proxy_weights",
    "current_evidence",
    "current_expert",
    "current_inner",
    "as_proxy",
]

TEMPERATURE = 0.6  # points: the proxy policy's softmax temperature (bench/evidence_fit.py)
# points: the proxy's temperature for reading the Expert's own plays, sharper since the
# Expert plays the best of these values (bench/evidence_fit.py --opponent expert: 100
# games, 4,460 decisions, -0.481 nats a decision against -0.573 at 0.5)
EXPERT_TEMPERATURE = 0.15


@dataclass(frozen=True)
class Decision:
    """One play of the opponent: the rank played, the ranks they played at or after it
    (so still held then, this one included), and the proxy's weight of each rank
    1..13 (``exp(value / T)`` relative to the best; 0 for a rank that did not fit)."""

    rank: int
    held_then: tuple[int, ...]
    weights: tuple[float, ...]
    # read by the Master's tables instead of by ``weights``, with this starter rank (0:
    # by ``weights``): the pone's lead (crib.analysis.play.leads), or with ``led``, the
    # dealer's reply to that led rank (crib.analysis.play.replies)
    starter: int = 0
    led: int = 0
    # read by the Master's own play, solved for each holding (crib.analysis.play.reads),
    # instead of by ``weights``; None: by ``weights`` (or a table)
    situation: Situation | None = None

    def table_row(self) -> np.ndarray | None:
        """The Master's chance of each rank 1..13 for every four (rows of
        :func:`~crib.analysis.play.leads.fours`) at this decision; None: by ``weights``."""
        if not self.starter:
            return None
        if self.led:
            return reply_probabilities()[:, self.starter - 1, self.led - 1]
        return lead_probabilities()[:, self.starter - 1]


@dataclass(frozen=True)
class Situation:
    """The opponent's view at one of its plays: the pile then and the earlier piles,
    the starter, how many cards you held then, whether you had said go in this pile,
    your cards played before it (in its view, the opponent's), and whether you dealt."""

    pile: tuple[Card, ...]
    previous: tuple[Card, ...]
    starter: Card
    your_count: int
    your_go: bool
    your_played: tuple[Card, ...]
    you_dealt: bool


def _piles(played: Sequence[Card]) -> list[tuple[int, int]]:
    """(pile start, index) for each card of ``played``: a new pile starts after 31 or
    where the next card does not fit (every other reset is two goes, after which the
    next card could not have been played on the old count)."""
    out, start, count = [], 0, 0
    for i, c in enumerate(played):
        if count == 31 or not fits(count, c.rank):
            start, count = i, 0
        out.append((start, i))
        count += c.value
    return out


def decisions_from(
    played: Sequence[Card],
    opp_played: Iterable[Card],
    starter: Card | None,
    my_cards: int,
    opp_opp_score: int,
    temperature: float = TEMPERATURE,
    leads: bool = False,
    replies: bool = False,
    solve: bool = False,
) -> tuple[Decision, ...]:
    """The opponent's decisions this hand, from the public record: ``played`` in
    order, which of them were the opponent's, the starter, how many cards *you* held
    at the play's start (4) and the opponent's opponent's score (yours).  ``leads``:
    the opponent's lead (the hand's first card) is read by the Master's lead table;
    ``replies``: the opponent's reply to your lead, by the Master's reply table;
    ``solve``: their later plays (after their lead or their reply to yours), by the
    Master's play solved for each holding (:mod:`crib.analysis.play.reads`; needs the
    starter; a first card solved would be a 4-v-4 solve per holding, which the tables
    answer instead)."""
    theirs = set(opp_played)
    out = []
    mine_played = 0
    for start, i in _piles(played):
        c = played[i]
        if c not in theirs:
            mine_played += 1
            continue
        pile = [x.rank for x in played[start:i]]
        count, tail, streak = compress(pile)
        unseen = [4] * 13
        for x in (*played[:i], *([starter] if starter is not None else [])):
            unseen[x.rank - 1] = max(0, unseen[x.rank - 1] - 1)
        other_go = i > start and played[i - 1] in theirs
        k = my_cards - mine_played
        w = proxy_weights(count, tail, streak, unseen, k, other_go, opp_opp_score, temperature)
        later = tuple(x.rank for x in played[i:] if x in theirs)
        table = starter is not None and ((leads and i == 0) or (replies and i == 1))
        led = played[0].rank if i == 1 else 0
        first = i == 0 or (i == 1 and played[0] not in theirs)  # their lead, or reply
        sit = None
        if solve and starter is not None and not first:
            yours = tuple(x for x in played[:i] if x not in theirs)
            sit = Situation(
                tuple(played[start:i]),
                tuple(played[:start]),
                starter,
                k,
                other_go,
                yours,
                played[0] in theirs,  # they led, so they are the pone: you dealt
            )
        out.append(
            Decision(c.rank, later, w, starter.rank if table else 0, led if table else 0, sit)
        )
    return tuple(out)


def proxy_weights(
    count: int,
    tail: tuple[int, ...],
    streak: int,
    unseen: Sequence[int],
    k: int,
    other_go: bool,
    opp_score: int,
    temperature: float = TEMPERATURE,
) -> tuple[float, ...]:
    """The proxy's weight of playing each rank 1..13 on this pile (compressed, as
    :func:`crib.rules.pegging.compress` gives it), relative to the best: ``exp((value -
    best) / T)``, 0 for a rank that does not fit.  ``k``: cards the other player holds."""
    vals = rank_values(
        list(range(1, 14)), count, tail, streak, unseen, k, other_go, 1.0, opp_score, cached=True
    )
    top = max(v for _r, v, _m in vals)
    w = [0.0] * 13
    for r, v, _m in vals:
        w[r - 1] = math.exp((v - top) / temperature)
    return tuple(w)


@cache
def lead_weights() -> tuple[float, ...]:
    """:func:`proxy_weights` of a lead (count 0, nothing seen, four cards each), the one
    :func:`decisions_from` gives an opponent's lead before any card is played."""
    return proxy_weights(0, (), 0, [4] * 13, 4, False, 0)


def packed_counts(hands: np.ndarray) -> np.ndarray:
    """Holdings packed as the compiled solver packs them (rank r adds ``1 << 4r``) as a
    holdings x 13 array of how many of each rank they hold."""
    shifts = 4 * np.arange(1, 14, dtype=np.int64)
    return (hands[:, None] >> shifts[None, :]) & 15


def likelihood(decisions: Sequence[Decision], holding: Iterable[int]) -> float:
    """P(the opponent played as they did | they hold ``holding`` now), by the proxy:
    the plain statement, decision by decision."""
    now = list(holding)
    p = 1.0
    for d in decisions:
        hand = [*now, *d.held_then]
        if d.situation is not None:
            p *= _reader()(d.situation, tuple(hand), d.rank)
            continue
        table = d.table_row()
        if table is not None:  # a four no deck holds (five of a rank) was never dealt
            row = lead_row(hand)
            p *= 0.0 if row is None else float(table[row, d.rank - 1])
            continue
        den = sum(d.weights[r - 1] for r in hand)  # a rank that did not fit weighs 0
        p *= hand.count(d.rank) * d.weights[d.rank - 1] / den
    return p


def packed_likelihood(
    decisions: Sequence[Decision], hands: np.ndarray, prior: np.ndarray | None = None
) -> np.ndarray:
    """:func:`likelihood` for holdings packed as the compiled solver packs them
    (rank r adds ``1 << 4r``), vectorised.  ``prior``: each holding's weight before the
    evidence, for a ``cover`` below 1 (:func:`play_evidence`): then a decision read by a
    solve is solved only for the hands that carry that share of the weight so far, and
    the rest are read by the proxy."""
    if not decisions:
        return np.ones(len(hands))
    counts = packed_counts(hands)
    p = np.ones(len(hands))
    cover = _COVER.get()
    for d in decisions:
        if d.situation is not None:
            then = counts + np.bincount(np.array(d.held_then, np.int64) - 1, minlength=13)
            keys, inverse = np.unique(then, axis=0, return_inverse=True)
            inverse = inverse.ravel()
            solve = np.arange(len(keys))
            each = np.zeros(len(keys))
            if cover < 1.0 and prior is not None:
                solve = _covering(np.bincount(inverse, prior * p, len(keys)), cover)
                rest = np.setdiff1d(np.arange(len(keys)), solve)
                with np.errstate(divide="ignore", invalid="ignore"):  # 0/0: no rank fits
                    each[rest] = np.nan_to_num(_proxy(d, keys[rest]))
            read = _reader()
            held = [tuple(np.repeat(np.arange(1, 14), k).tolist()) for k in keys[solve]]
            many = getattr(read, "many", None)  # several hands at once, if it can
            if many is not None:
                each[solve] = many(d.situation, held, d.rank)
            else:
                each[solve] = [read(d.situation, h, d.rank) for h in held]
            p *= each[inverse]
            continue
        table = d.table_row()
        if table is not None:
            rows, found = packed_rows(hands + sum(1 << (4 * r) for r in d.held_then))
            p *= np.where(found, table[rows, d.rank - 1], 0.0)
            continue
        p *= _proxy(d, counts + np.bincount(np.array(d.held_then, np.int64) - 1, minlength=13))
    return p


def _proxy(d: Decision, held: np.ndarray) -> np.ndarray:
    """The proxy's chance of ``d``'s play for hands given as rows of counts per rank."""
    w = np.array(d.weights)
    return held[:, d.rank - 1] * w[d.rank - 1] / (held @ w)


def _covering(weight: np.ndarray, cover: float) -> np.ndarray:
    """The fewest indices, heaviest first, whose ``weight`` makes ``cover`` of the total
    (all of them when there is no weight)."""
    order = np.argsort(-weight, kind="stable")
    cum = np.cumsum(weight[order])
    if not len(cum) or cum[-1] <= 0:
        return order
    return order[: int(np.searchsorted(cum, cover * cum[-1])) + 1]


_EVIDENCE: ContextVar[tuple[Decision, ...]] = ContextVar("crib_play_evidence", default=())
Reader = Callable[[Situation, tuple[int, ...], int], float]
_READER: ContextVar[Reader | None] = ContextVar("crib_play_reader", default=None)
_EXPERT: ContextVar[float] = ContextVar("crib_play_expert", default=0.0)
_COVER: ContextVar[float] = ContextVar("crib_play_cover", default=1.0)
_INNER: ContextVar[float] = ContextVar("crib_play_inner", default=1.0)


@contextmanager
def play_evidence(
    decisions: tuple[Decision, ...],
    reader: Reader | None = None,
    expert: float = 0.0,
    cover: float = 1.0,
    inner: float = 1.0,
) -> Iterator[None]:
    """Within: weighted holdings (:func:`crib.analysis.play.weights.keep_weights`) are
    also weighted by :func:`likelihood` of these decisions.  ``reader``: P(a hand plays
    a rank in a situation), for the decisions read by a solve
    (:data:`crib.analysis.play.reads.read_probability`; a reader with a ``many`` method
    is asked for all the hands of a situation at once).  ``expert``: the prior chance
    that the opponent is the Expert rather than the Master, so that each holding's
    weight is a mixture of the two (:class:`~crib.analysis.play.weights.KeepWeights`).
    ``cover``: below 1, the vectorised reading solves only the hands carrying that share
    of the weight and reads the rest by the proxy (:func:`packed_likelihood`; lossy, for
    speed); 1 solves every hand.  ``inner``: below 1, each solved read averages the
    margins over only the heaviest of your holdings that carry that share of their weight
    (:mod:`crib.analysis.play.reads`; lossy, for speed); 1 over all of them."""
    if not 0.0 <= expert <= 1.0:
        raise CribError(f"the chance that the opponent is the Expert must be in [0, 1]: {expert}")
    for share in (cover, inner):
        if not 0.0 < share <= 1.0:
            raise CribError(f"the share of the weight solved must be in (0, 1]: {share}")
    token = _EVIDENCE.set(tuple(decisions))
    reader_token = _READER.set(reader)
    expert_token = _EXPERT.set(expert)
    cover_token = _COVER.set(cover)
    inner_token = _INNER.set(inner)
    try:
        yield
    finally:
        _INNER.reset(inner_token)
        _COVER.reset(cover_token)
        _EXPERT.reset(expert_token)
        _READER.reset(reader_token)
        _EVIDENCE.reset(token)


def current_inner() -> float:
    """The share of your holdings' weight a solved read averages over (1: all), set by
    :func:`play_evidence`."""
    return _INNER.get()


def current_expert() -> float:
    """The prior chance that the opponent is the Expert, set by :func:`play_evidence`."""
    return _EXPERT.get()


def as_proxy(
    decisions: Sequence[Decision],
    temperature: float = EXPERT_TEMPERATURE,
    read_at: float = TEMPERATURE,
) -> tuple[Decision, ...]:
    """The same decisions, each read by the proxy (the Expert's values) alone, at
    ``temperature``: how an opponent who plays as the Expert would have made them.
    ``read_at``: the temperature :func:`decisions_from` gave their weights."""
    power = read_at / temperature  # exp((v - best) / read_at) ** power: at temperature
    return tuple(
        replace(d, starter=0, led=0, situation=None, weights=tuple(w**power for w in d.weights))
        for d in decisions
    )


def _reader() -> Reader:
    reader = _READER.get()
    if reader is None:
        raise CribError("a decision is read by a solve, but play_evidence was given no reader")
    return reader


def current_evidence() -> tuple[Decision, ...]:
    """The decisions set by :func:`play_evidence` (none outside it)."""
    return _EVIDENCE.get()
