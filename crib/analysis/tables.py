"""Table-driven scoring, generated from the reference scorer.

Show points split exactly into a part that depends only on the five ranks
(fifteens, pairs, runs) and a part that depends only on the hand's suit
pattern and the starter card (flush and nobs).  So:

* ``RANK5`` is a dense ``13**5`` table of rank points indexed by the base-13
  code of the five ranks *in any order*.  Its 6,175 distinct multisets are
  scored at once by :func:`rank_points_many` (0.07 s; the reference
  :func:`crib.rules.scoring.rank_points`, one multiset at a time, takes about
  1 s, which every page's first analysis paid).  :func:`rank5_reference` builds
  the table from the reference; the tests compare the two on every code.
* ``BONUS[is_crib][pattern, starter]`` adds flush and nobs.  The hand's
  ``pattern`` is ``flush_suit * 16 + jack_suit_mask`` with ``flush_suit = 4``
  for "not all one suit".

Everything works on card indices 0..51 (``(rank - 1) * 4 + suit``).

>>> import numpy as np
>>> from crib.rules.cards import parse_cards
>>> idx = np.array([[c.index for c in parse_cards("5H 5D 5C JS")]])
>>> int(score_indices(idx, np.array([parse_cards("5S")[0].index]))[0])
29
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np

from crib.rules.constants import JACK
from crib.rules.scoring import rank_points

__all__ = [
    "rank5_table",
    "rank5_reference",
    "rank_points_many",
    "bonus_table",
    "score_indices",
    "hand_codes",
    "hand_patterns",
    "all_hands",
    "sweep_scores",
    "score_distribution",
]

RANK_OF = np.arange(52, dtype=np.int64) >> 2  # 0-based rank of each card index
SUIT_OF = np.arange(52, dtype=np.int64) & 3
_P13 = np.array([13**4, 13**3, 13**2, 13, 1], dtype=np.int64)


def _multisets() -> np.ndarray:
    """Every multiset of five 0-based ranks that a deal can hold, sorted, shape (6175, 5)."""
    return np.array(
        [ms for ms in combinations_with_replacement(range(13), 5) if ms[0] != ms[4]], dtype=np.int64
    )


def _spread(by_sorted: np.ndarray) -> np.ndarray:
    """The table by any-order code, from the points of each sorted code."""
    digits = (np.arange(13**5, dtype=np.int64)[:, None] // _P13[None, :]) % 13
    table = by_sorted[np.sort(digits, axis=1) @ _P13]
    table.setflags(write=False)
    return table


def rank_points_many(ranks: np.ndarray) -> np.ndarray:
    """:func:`crib.rules.scoring.rank_points` of each row of ``ranks`` (shape (m, 5), ranks
    1..13, at most four of a rank), all rows at once.

    >>> rank_points_many(np.array([[5, 5, 5, 11, 5], [1, 2, 3, 3, 9]])).tolist()  # A-2-3-3-9: 6+2+6
    [28, 14]
    """
    vals = np.minimum(ranks, 10)
    pts = np.zeros(len(ranks), dtype=np.int64)
    for k in range(2, 6):  # fifteens: each subset of two or more cards adding to 15
        for sub in combinations(range(5), k):
            pts += 2 * (vals[:, sub].sum(axis=1) == 15)
    for i, j in combinations(range(5), 2):  # pairs: each two cards of a rank
        pts += 2 * (ranks[:, i] == ranks[:, j])
    counts = (ranks[:, :, None] == np.arange(1, 14)).sum(axis=1)  # cards of each rank
    done = np.zeros(len(ranks), dtype=bool)
    for length in (5, 4, 3):  # runs: only the longest; five cards hold at most one
        found = np.zeros(len(ranks), dtype=bool)
        for lo in range(14 - length):
            mult = counts[:, lo : lo + length].prod(axis=1)  # 0 unless every rank is there
            hit = (mult > 0) & ~done
            pts += np.where(hit, length * mult, 0)  # each run of that length, duplicates too
            found |= hit
        done |= found
    return pts


@cache
def rank5_table() -> np.ndarray:
    """Rank points (fifteens + pairs + runs) for every 5-rank code, any order.

    >>> t = rank5_table()
    >>> int(t[((4 * 13 + 4) * 13 + 4) * 169 + 10 * 13 + 4])  # 5-5-5-J-5 by rank: 28 before nobs
    28

    Index: ``sum(r_i * 13**(4 - i))`` over 0-based ranks.  Codes of five
    equal ranks cannot occur in a real deal and hold 0.
    """
    ms = _multisets()
    by_sorted = np.zeros(13**5, dtype=np.int8)
    by_sorted[ms @ _P13] = rank_points_many(ms + 1)
    return _spread(by_sorted)


def rank5_reference() -> np.ndarray:
    """:func:`rank5_table` filled by the reference scorer, one multiset at a time (~1 s)."""
    by_sorted = np.zeros(13**5, dtype=np.int8)
    for ms in _multisets().tolist():
        by_sorted[int(np.dot(ms, _P13))] = rank_points([r + 1 for r in ms])
    return _spread(by_sorted)


@cache
def bonus_table(is_crib: bool) -> np.ndarray:
    """Flush + nobs points, shape ``(80, 52)``: hand suit pattern x starter card.

    >>> int(bonus_table(False)[2 * 16, 1]), int(bonus_table(True)[2 * 16, 1])  # heart flush, 2D cut
    (4, 0)
    """
    b = np.zeros((80, 52), dtype=np.int8)
    for flush_suit in range(5):
        for jmask in range(16):
            p = flush_suit * 16 + jmask
            for st in range(52):
                s = st & 3
                pts = 0
                if flush_suit < 4:
                    if s == flush_suit:
                        pts += 5
                    elif not is_crib:
                        pts += 4
                if jmask >> s & 1:
                    pts += 1
                b[p, st] = pts
    b.setflags(write=False)
    return b


def hand_codes(hands: np.ndarray) -> np.ndarray:
    """Base-13 code of the four 0-based ranks of each row of card indices.

    >>> int(hand_codes(np.array([[0, 4, 8, 51]]))[0]) == ((0 * 13 + 1) * 13 + 2) * 13 + 12
    True
    """
    r = hands >> 2
    return ((r[:, 0] * 13 + r[:, 1]) * 13 + r[:, 2]) * 13 + r[:, 3]


def hand_patterns(hands: np.ndarray) -> np.ndarray:
    """Suit pattern of each 4-card row: ``flush_suit * 16 + jack_suit_mask``.

    >>> from crib.rules.cards import parse_cards
    >>> hand = [c.index for c in parse_cards("2H 4H 6H JH")]
    >>> int(hand_patterns(np.array([hand]))[0])  # hearts, jack of hearts
    36
    """
    s = hands & 3
    flush = (s[:, 0] == s[:, 1]) & (s[:, 1] == s[:, 2]) & (s[:, 2] == s[:, 3])
    fs = np.where(flush, s[:, 0], 4)
    jm = (((hands >> 2) == JACK).astype(np.int64) << s).sum(axis=1)
    return fs * 16 + jm


def score_indices(hands: np.ndarray, starters: np.ndarray, is_crib: bool = False) -> np.ndarray:
    """Vectorised show score: ``hands`` (N, 4) and ``starters`` (N,) card indices."""
    hands = np.asarray(hands, dtype=np.int64)
    starters = np.asarray(starters, dtype=np.int64)
    code5 = hand_codes(hands) * 13 + (starters >> 2)
    return (
        rank5_table()[code5].astype(np.int64) + bonus_table(is_crib)[hand_patterns(hands), starters]
    )


def all_hands(n_cards: int = 52) -> np.ndarray:
    """Every 4-subset of ``range(n_cards)`` as a (C(n,4), 4) array, lexicographic.

    Built from pairs without a Python loop: pair (a, b) is followed by every
    pair (c, d) with c > b.

    >>> h = all_hands()
    >>> h.shape, h[0].tolist(), h[-1].tolist()
    ((270725, 4), [0, 1, 2, 3], [48, 49, 50, 51])
    """
    a, b = np.triu_indices(n_cards, k=1)
    npairs = a.size
    # first index in the lexicographic pair list whose first element is >= v
    start = np.searchsorted(a, np.arange(n_cards + 1))
    follow_start = start[np.minimum(b + 1, n_cards)]
    counts = npairs - follow_start
    first = np.repeat(np.arange(npairs), counts)
    offsets = np.cumsum(counts) - counts
    second = np.arange(counts.sum()) - np.repeat(offsets, counts) + np.repeat(follow_start, counts)
    return np.stack([a[first], b[first], a[second], b[second]], axis=1)


def sweep_scores(is_crib: bool = False, hands: np.ndarray | None = None) -> np.ndarray:
    """Scores of every hand against all 52 starters, shape ``(len(hands), 52)``.

    Entries where the starter is one of the hand's own cards are meaningless;
    :func:`score_distribution` removes them.

    >>> from crib.rules.cards import parse_cards
    >>> five5 = np.array([[c.index for c in parse_cards("5H 5D 5C JS")]])
    >>> int(sweep_scores(False, five5)[0, parse_cards("5S")[0].index])
    29
    """
    if hands is None:
        hands = all_hands()
    by_hand = rank5_table().reshape(13**4, 13)[hand_codes(hands)]  # (N, 13) by starter rank
    scores = by_hand[:, RANK_OF]  # (N, 52) by starter card
    scores += bonus_table(is_crib)[hand_patterns(hands)]
    return scores


def score_distribution(is_crib: bool = False) -> np.ndarray:
    """Counts of each score 0..29 over all 12,994,800 (hand, starter) pairs.

    >>> d = score_distribution()
    >>> int(d.sum()), int(d[29]), int(d[19])
    (12994800, 4, 0)
    """
    hands = all_hands()
    scores = sweep_scores(is_crib, hands)
    total = np.bincount(scores.ravel(), minlength=30)
    own = np.take_along_axis(scores, hands, axis=1)  # starter = one of the hand's cards
    total -= np.bincount(own.ravel(), minlength=30)
    return total[:30]
