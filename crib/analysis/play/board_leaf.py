"""What the rest of the deal is worth once the play ends: P(I win), by the scores.

Board-aware pegging (:mod:`crib.analysis.play.board`) searches the play with
both sides' pegging points; when the play ends with nobody at 121, this module
gives the chance of winning from there.  The show follows in counting order:
the pone's hand, the dealer's hand, the dealer's crib; whoever reaches 121
first wins.  If nobody does, the pone deals next and the win table
(:func:`crib.analysis.win.win_table`, Expert self-play) gives the rest.

* **My hand** is known: the four cards I kept and the starter, scored in full.
* **The opponent's hand** is their holding in the search (ranks) with the
  cards they have played: fifteens, pairs and runs from the ranks, and his
  nobs with its chance (their jacks among the unseen ones); a flush in their
  hand is left out.
* **The crib** is my two discards, two cards the opponent threw and the
  starter, the two drawn uniformly from the cards I cannot see (the
  distribution of its points, enumerated).  Without my discards, the crib's
  distribution measured in self-play stands in.

:func:`leaf_value` is the plain statement, cell by cell; :func:`leaf_tables`
builds the same numbers for every cell at once (tested equal on every cell).
The hand and crib points come from the exhaustively checked score tables
(:mod:`crib.analysis.tables`); :func:`holding_classes_reference` and
:func:`crib_dist_reference` state them with the rules' scorer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np

from crib.analysis.tables import rank5_table, score_indices
from crib.analysis.win import deal_distributions, win_table
from crib.rules.cards import Card
from crib.rules.constants import WIN
from crib.rules.position import PeggingPosition
from crib.rules.scoring import rank_points, score_hand

__all__ = [
    "Show",
    "show_of",
    "leaf_value",
    "leaf_tables",
    "holding_classes",
    "holding_classes_reference",
    "crib_dist_reference",
]


@dataclass(frozen=True)
class Show:
    """Everything the end of the deal depends on but the pegging points and the opponent's hand."""

    me: int  # my score when the play starts
    opp: int
    dealer: bool  # I deal (the crib is mine)
    my_hand: int  # my show points (kept four and the starter)
    crib: tuple[float, ...]  # P(crib points = k), k = 0..29
    opp_played: tuple[int, ...]  # ranks the opponent has played this hand
    starter_rank: int
    nobs_unseen: (
        int  # 1 if the jack of the starter's suit is unseen, else 0 (-1: the opponent played it)
    )
    jacks_unseen: int  # unseen jacks (of any suit)
    crib_note: str


@lru_cache(maxsize=512)  # a server process plays many games: bounded
def _crib_dist(
    discards: tuple[Card, ...], starter: Card, pool: tuple[Card, ...]
) -> tuple[float, ...]:
    """P(crib points = k): my two discards, two cards of ``pool`` (uniform), the starter."""
    idx = np.array([c.index for c in pool], np.int64)
    i, j = np.triu_indices(len(idx), 1)
    hands = np.empty((len(i), 4), np.int64)
    hands[:, 0], hands[:, 1] = discards[0].index, discards[1].index
    hands[:, 2], hands[:, 3] = idx[i], idx[j]
    pts = score_indices(hands, np.full(len(i), starter.index), is_crib=True)
    counts = np.bincount(pts, minlength=30)[:30].astype(float)
    return tuple((counts / counts.sum()).tolist())


def crib_dist_reference(
    discards: Sequence[Card], starter: Card, pool: Sequence[Card]
) -> tuple[float, ...]:
    """:func:`_crib_dist` by the rules' scorer, pair by pair (the plain statement)."""
    counts = [0] * 30
    for pair in combinations(pool, 2):
        counts[score_hand((*discards, *pair), starter, is_crib=True).total] += 1
    n = sum(counts)
    return tuple(k / n for k in counts)


def show_of(pos: PeggingPosition, dealer: bool, opp_played: Sequence[Card]) -> Show:
    """The :class:`Show` of a position with scores and a starter (``pos.scores`` = (mine,
    theirs))."""
    if pos.scores is None or pos.starter is None:
        raise ValueError("board-aware play needs the scores and the starter")
    theirs = set(opp_played)
    mine_played = [c for c in (*pos.previous, *pos.pile) if c not in theirs]
    kept = (*pos.hand, *mine_played)
    my_hand = score_hand(kept, pos.starter).total if len(kept) == 4 else 0
    unseen = pos.unseen()
    if len(pos.discards) == 2:
        crib = _crib_dist(tuple(sorted(pos.discards)), pos.starter, tuple(sorted(unseen)))
        note = "two cards the opponent threw drawn uniformly from the cards you cannot see"
    else:
        crib = tuple(np.asarray(deal_distributions()["crib"], float)[:30].tolist())
        note = "the crib's distribution in Expert self-play (your discards not given)"
    nobs = Card(11, pos.starter.suit)
    nobs_state = -1 if nobs in theirs else (1 if nobs in unseen else 0)
    return Show(
        pos.scores[0], pos.scores[1], dealer, my_hand, crib,
        tuple(sorted(c.rank for c in opp_played)), pos.starter.rank, nobs_state,
        sum(1 for c in unseen if c.rank == 11), note,
    )  # fmt: skip


def holding_classes(
    show: Show, holdings: Sequence[Sequence[int]]
) -> tuple[list[tuple[int, float]], np.ndarray]:
    """Each holding's (opponent hand points by ranks, P(they have his nobs)), deduplicated.

    Returns the distinct classes and, per holding, its class index.
    """
    n = len(holdings)
    if n == 0:
        return [], np.zeros(0, np.int64)
    held = np.array([list(h) for h in holdings], np.int64).reshape(n, -1)
    played = np.array(show.opp_played, np.int64)
    ranks = np.concatenate(
        [held, np.broadcast_to(played, (n, len(played))), np.full((n, 1), show.starter_rank)],
        axis=1,
    )
    if ranks.shape[1] == 5:
        pts = rank5_table()[(ranks - 1) @ (13 ** np.arange(4, -1, -1))].astype(np.int64)
    else:  # not a whole hand (a position made up without the opponent's cards)
        pts = np.zeros(n, np.int64)
    if show.nobs_unseen < 0:
        p = np.ones(n)
    elif show.nobs_unseen and show.jacks_unseen:
        p = (held == 11).sum(axis=1) / show.jacks_unseen
    else:
        p = np.zeros(n)
    keys: dict[tuple[int, float], int] = {}
    idx = np.array(
        [keys.setdefault((a, b), len(keys)) for a, b in zip(pts.tolist(), p.tolist(), strict=True)],
        np.int64,
    )
    return list(keys), idx


def holding_classes_reference(
    show: Show, holdings: Sequence[Sequence[int]]
) -> list[tuple[int, float]]:
    """Per holding, (points by ranks, P(nobs)) by the rules' scorer (the plain statement)."""
    out = []
    for h in holdings:
        ranks = sorted((*h, *show.opp_played))
        pts = rank_points((*ranks, show.starter_rank)) if len(ranks) == 4 else 0
        if show.nobs_unseen < 0:
            p = 1.0
        elif show.nobs_unseen and show.jacks_unseen:
            p = sum(1 for r in h if r == 11) / show.jacks_unseen
        else:
            p = 0.0
        out.append((pts, p))
    return out


def leaf_value(show: Show, pm: int, po: int, opp_hand: int) -> float:
    """P(I win) when the play ends with me ``pm`` and them ``po`` points up on the
    scores it started from, nobody at 121, and their hand worth ``opp_hand``."""
    w = win_table()
    me, opp = show.me + pm, show.opp + po
    total = 0.0
    for c, pc in enumerate(show.crib):
        if pc == 0:
            continue
        if show.dealer:  # they count first
            if opp + opp_hand >= WIN:
                v = 0.0
            elif me + show.my_hand + c >= WIN:
                v = 1.0
            else:  # they deal next
                v = 1.0 - float(w[opp + opp_hand, me + show.my_hand + c])
        else:
            if me + show.my_hand >= WIN:
                v = 1.0
            elif opp + opp_hand + c >= WIN:
                v = 0.0
            else:  # I deal next
                v = float(w[me + show.my_hand, opp + opp_hand + c])
        total += pc * v
    return total


def _base_tables(show: Show, nm: int, no: int) -> np.ndarray:
    """[opponent hand points 0..30, pm, po]: :func:`leaf_value` for every cell."""
    w = win_table()
    pm = np.arange(nm)[None, :, None]
    po = np.arange(no)[None, None, :]
    h = np.arange(31)[:, None, None]
    me = show.me + pm + show.my_hand  # my score after my hand
    opp = show.opp + po + h  # theirs after their hand
    out = np.zeros((31, nm, no))
    for c, pc in enumerate(show.crib):
        if pc == 0:
            continue
        if show.dealer:
            mc = me + c
            nxt = 1.0 - w[np.minimum(opp, WIN - 1), np.minimum(mc, WIN - 1)]
            v = np.where(opp >= WIN, 0.0, np.where(mc >= WIN, 1.0, nxt))
        else:
            oc = opp + c
            nxt = w[np.minimum(me, WIN - 1), np.minimum(oc, WIN - 1)]
            v = np.where(me >= WIN, 1.0, np.where(oc >= WIN, 0.0, nxt))
        out += pc * v
    return out


def leaf_tables(show: Show, classes: Sequence[tuple[int, float]]) -> tuple[np.ndarray, int, int]:
    """[class, pm, po] P(I win) at the end of the play, and (my need, their need) to 121."""
    nm, no = WIN - show.me, WIN - show.opp
    base = _base_tables(show, nm, no)
    out = np.empty((len(classes), nm, no))
    for k, (pts, p) in enumerate(classes):
        out[k] = (1.0 - p) * base[pts] + p * base[min(pts + 1, 30)]
    return np.ascontiguousarray(out), nm, no
