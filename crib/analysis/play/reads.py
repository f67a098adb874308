"""The opponent's plays read as the Master's own, solved when they are read (issue #42).

The lead and reply tables (:mod:`crib.analysis.play.leads`,
:mod:`crib.analysis.play.replies`) read the opponent's first card as the Master would
have played it.  Its later cards are too many to table, so :func:`read_probability`
solves them as needed: for a holding the opponent might have, the position it faced
(:class:`~crib.analysis.play.evidence.Situation`, from the public record) with that
hand, by ``MASTER.play`` (your holdings weighted by the Expert's keeps and the cards
you had played), and the chance that it played the rank it did, a softmax of the margins at
:data:`~crib.analysis.play.leads.LEAD_TEMPERATURE` points mixed with
:data:`~crib.analysis.play.leads.LEAD_FLOOR` of a legal card chosen uniformly.  Each
solve is cached per situation and hand.  The Master passes :data:`read_probability` to
:func:`~crib.analysis.play.evidence.play_evidence` as its reader.

The vectorised likelihood asks for every hand of a situation at once
(:meth:`MasterReader.many`, :func:`chances_many`): your holdings are then listed and
weighted once for the situation, and all its hands are solved in one pass that shares
the transposition table.  It is tested exactly equal to the reads hand by hand, and
``bench/reads_batch.py`` measured it 1.17 to 1.28 times as fast per game of the
learnt Master (20 and 16 games, beside a ladder).

>>> from crib.analysis.play.evidence import Situation
>>> from crib.rules.cards import parse_cards
>>> s = Situation(parse_cards("7H"), (), parse_cards("2C")[0], 3, False, parse_cards("7H"), False)
>>> read_probability(s, (8, 3, 4, 13), 8) > read_probability(s, (8, 3, 4, 13), 13)  # 15-2
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from crib.analysis.models import MASTER
from crib.analysis.play import jit
from crib.analysis.play.analysis import analyze_play
from crib.analysis.play.evidence import Situation, current_inner, packed_counts, play_evidence
from crib.analysis.play.jit_holdings import every_holding
from crib.analysis.play.leads import LEAD_FLOOR, LEAD_TEMPERATURE, softmax_rows
from crib.analysis.play.weights import keep_weights
from crib.analysis.selfplay_tables import seat_tables
from crib.errors import CribError
from crib.rules.cards import SUITS, Card
from crib.rules.pegging import fits
from crib.rules.position import PeggingPosition

__all__ = [
    "MasterReader",
    "chances_many",
    "heaviest",
    "inner_margins",
    "position",
    "read_probability",
    "solved_margins",
]


def _hand(sit: Situation, ranks: tuple[int, ...]) -> list[Card] | None:
    """Cards of these ranks that are not in the pile, the earlier piles or the starter
    (None: no such cards)."""
    used = {*sit.pile, *sit.previous, sit.starter}
    out = []
    for r in ranks:
        free = [Card(r, s) for s in SUITS if Card(r, s) not in used]
        if not free:
            return None
        used.add(free[0])
        out.append(free[0])
    return out


def position(sit: Situation, hand: list[Card]) -> PeggingPosition:
    """The position the opponent faced in ``sit``, holding ``hand``."""
    return PeggingPosition(
        hand,
        pile=list(sit.pile),
        previous=list(sit.previous),
        starter=[sit.starter],
        opp_count=sit.your_count,
        opp_go=sit.your_go,
    )


def solved_margins(pos: PeggingPosition, sit: Situation) -> dict[int, float]:
    """The Master's expected margin of each rank it could play at ``pos``, in the
    opponent's own view: no evidence of its opponent's plays, the Expert's keeps for
    your holdings (with the cards you had played).  The compiled solver's
    :func:`~crib.analysis.play.jit.expected_margins` where numba works (tested equal to
    ``analyze_play``), else ``analyze_play``; {} when no holding of yours is consistent."""
    with play_evidence(()), seat_tables(keeps="expert"):
        if jit.available():
            factor = keep_weights(sit.your_played, sit.you_dealt)
            by_card = jit.expected_margins(pos, factor)
            return {c.rank: v for c, v in by_card.items() if c is not None}
        a = analyze_play(pos, MASTER.play, opp_played=sit.your_played, opp_dealer=sit.you_dealt)
        return {o.card.rank: o.margin for o in a.options if o.card is not None}


def _softmax(
    ranks: tuple[int, ...], legal: Sequence[int], margin: dict[int, float]
) -> dict[int, float]:
    """The tables' softmax of the ``margin`` of each legal rank, over the legal ranks."""
    m = np.full(13, np.nan)
    cards = np.zeros(13)
    for r in legal:
        m[r - 1], cards[r - 1] = margin[r], ranks.count(r)
    p = softmax_rows(m, cards, LEAD_TEMPERATURE, LEAD_FLOOR)
    return {r: float(p[r - 1]) for r in legal}


def heaviest(w: np.ndarray, share: float) -> np.ndarray:
    """Which of the weights ``w`` to keep for ``share`` of their total: every weight at
    least as heavy as the lightest of the fewest, heaviest first, that carry it (ties
    kept together, so the order ``w`` is listed in does not matter).

    >>> heaviest(np.array([1.0, 5.0, 2.0, 2.0]), 0.6).tolist()
    [False, True, True, True]
    """
    if share >= 1.0 or not len(w):
        return np.ones(len(w), bool)
    down = np.sort(w)[::-1]
    cum = np.cumsum(down)
    k = min(int(np.searchsorted(cum, share * cum[-1])), len(w) - 1)
    return w >= down[k]


def inner_margins(pos: PeggingPosition, sit: Situation, share: float) -> dict[int, float]:
    """:func:`solved_margins` averaged over only the heaviest of your holdings that carry
    ``share`` of their weight (:func:`heaviest`), from the solver's rows holding by
    holding: the plain reference for ``inner`` below 1."""
    with play_evidence(()), seat_tables(keeps="expert"):
        factor = keep_weights(sit.your_played, sit.you_dealt)
        rows = jit.minimax_rows(pos)
    w = np.array([n * factor(ranks) for ranks, n, _values in rows])
    keep = heaviest(w, share) & (w > 0)
    if not keep.any():
        return {}
    legal = sorted({c.rank for c in pos.legal()})  # the rows' options, ascending
    total = w[keep].sum()
    return {
        r: sum(w[i] * sum(rows[i][2][j]) for i in np.nonzero(keep)[0]) / total
        for j, r in enumerate(legal)
    }


@lru_cache(maxsize=100_000)
def _chances(sit: Situation, ranks: tuple[int, ...], inner: float = 1.0) -> dict[int, float]:
    """The chance of playing each rank of ``ranks`` (sorted) in ``sit``; {} if no deck
    holds them beside the cards seen.  The reference for :func:`chances_many`.
    ``inner``: the share of your holdings' weight its margins average over."""
    hand = _hand(sit, ranks)
    if hand is None:
        return {}
    count = sum(c.value for c in sit.pile)
    legal = sorted({r for r in ranks if fits(count, r)})
    if len(legal) == 1:
        return {legal[0]: 1.0}
    try:
        pos = position(sit, hand)
        margin = solved_margins(pos, sit) if inner >= 1.0 else inner_margins(pos, sit, inner)
    except CribError:
        return {}
    if not margin:
        return {}
    return _softmax(ranks, legal, margin)


_BINOMIAL = np.array([[math.comb(u, m) for m in range(5)] for u in range(5)], np.int64)
_MANY: dict[tuple[Situation, tuple[int, ...], float], dict[int, float]] = {}
MANY_CACHED = 100_000  # the most (situation, hand) reads :func:`chances_many` keeps


def chances_many(sit: Situation, hands: Sequence[tuple[int, ...]]) -> list[dict[int, float]]:
    """:func:`_chances` of each hand (sorted ranks) in ``sit``, equal to it, solved
    together: your holdings are listed and weighted once for the situation, and the
    hands share one transposition table (:func:`~crib.analysis.play.jit.solve_hands`).
    Cached per situation and hand; the pure-Python solver reads hand by hand."""
    inner = current_inner()
    if not jit.available():
        return [_chances(sit, h, inner) for h in hands]
    got = {h: _MANY[(sit, h, inner)] for h in dict.fromkeys(hands) if (sit, h, inner) in _MANY}
    missing = [h for h in dict.fromkeys(hands) if h not in got]
    if missing:
        got.update(zip(missing, _solve_many(sit, missing, inner), strict=True))
        if len(_MANY) + len(missing) > MANY_CACHED:  # full: start again (got keeps these)
            _MANY.clear()
        _MANY.update(((sit, h, inner), got[h]) for h in missing)
    return [got[h] for h in hands]


def _solve_many(
    sit: Situation, hands: list[tuple[int, ...]], inner: float = 1.0
) -> list[dict[int, float]]:
    """:func:`chances_many` without its cache."""
    unseen = np.full(14, 4, np.int64)
    unseen[0] = 0
    for c in (*sit.pile, *sit.previous, sit.starter):
        unseen[c.rank] -= 1
    count = sum(c.value for c in sit.pile)
    n = sit.your_count
    out: list[dict[int, float]] = [{} for _ in hands]
    todo = []
    for i, ranks in enumerate(hands):
        left = unseen - np.bincount(np.array(ranks, np.int64), minlength=14)
        # what position() would refuse, or where no deck holds these ranks: {}
        played = 8 - len(ranks) - n == len(sit.pile) + len(sit.previous)
        if (left < 0).any() or not 0 < len(ranks) <= 4 or not played:
            continue
        legal = sorted({r for r in ranks if fits(count, r)})
        if len(legal) == 1:
            out[i] = {legal[0]: 1.0}
        elif legal and not (sit.your_go and not sit.pile):
            todo.append((i, ranks, legal, left[1:]))
    if not todo:
        return out
    _ranks, packed, _sets = every_holding(unseen, n, sit.your_go, 31 - count)
    with play_evidence(()), seat_tables(keeps="expert"):
        factor = keep_weights(sit.your_played, sit.you_dealt).packed(packed)
    held = packed_counts(packed)
    jobs, weights = [], []  # (hand, options, rows) to solve; (index, weights, total)
    for i, ranks, legal, left in todo:
        # card sets of each holding beside this hand (0: it does not fit beside it)
        sets = _BINOMIAL[np.broadcast_to(left, held.shape), held].prod(axis=1)
        rows = np.nonzero(sets)[0]
        w = sets[rows] * factor[rows]
        if inner < 1.0:
            keep = heaviest(w, inner)
            rows, w = rows[keep], w[keep]
        total = w.sum()
        if len(w) and total > 0:
            jobs.append((ranks, tuple(legal), rows))
            weights.append((i, w, total))
    last = 1 if sit.your_go else (-1 if sit.pile else 0)
    solved = jit.solve_hands(tuple(c.rank for c in sit.pile), sit.your_go, last, n, packed, jobs)
    for (i, w, total), (ranks, legal, _rows), o in zip(weights, jobs, solved, strict=True):
        m = (o[:, :, 0] + o[:, :, 1]).T @ w.astype(float) / float(total)
        out[i] = _softmax(ranks, legal, dict(zip(legal, m.tolist(), strict=True)))
    return out


class MasterReader:
    """P(a Master holding ``hand`` (ranks, then) plays ``rank`` in ``sit``): call it for
    one hand, or :meth:`many` for several in one situation (equal, and faster)."""

    def __call__(self, sit: Situation, hand: tuple[int, ...], rank: int) -> float:
        return _chances(sit, tuple(sorted(hand)), current_inner()).get(rank, 0.0)

    def many(self, sit: Situation, hands: Sequence[tuple[int, ...]], rank: int) -> list[float]:
        """The chance for each of ``hands`` at once (:func:`chances_many`)."""
        return [c.get(rank, 0.0) for c in chances_many(sit, [tuple(sorted(h)) for h in hands])]


#: P(a Master holding ``hand`` plays ``rank`` in ``sit``): ``read_probability(sit, hand,
#: rank)``, or ``read_probability.many(sit, hands, rank)`` for several hands at once.
read_probability = MasterReader()
