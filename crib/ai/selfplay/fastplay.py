"""The Expert's decisions on ranks: a fast path for self-play, tested equal to the game.

:class:`crib.rules.game.Game` plays with card objects, frozen states and
observations; self-play only needs what the Expert's choices depend on.  The
Expert discards by the exact discard ranking (:func:`best_throw_exact`, the
first of the integer form of ``rank_throws_fast``, tested equal) and
pegs by the argmax of the net-value model (:func:`rank_values`), which reads
ranks only.  :func:`peg_expert` replays the rules of
:class:`crib.rules.pegging.PegState` on ranks and calls the same
``rank_values``, so its pegging is the game's; ``tests/test_selfplay.py``
checks it against whole games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache, partial

import numpy as np

from crib.ai.fastplay_throw import best_throw_exact
from crib.analysis.heuristics import rank_values, rank_values_fast
from crib.rules.cards import Card
from crib.rules.constants import LATE
from crib.rules.pegging import fits, points_for
from crib.rules.step import END, MOVER, OTHER, RESET_MOVER, after_card, after_go

__all__ = ["expert_throw", "opp_throw", "peg_expert", "PegEvent"]

PegEvent = tuple[int, int]  # (player who pegged, points)

_CARDS = tuple(Card.from_index(i) for i in range(52))


def expert_throw(six: Sequence[int], dealer: bool) -> tuple[int, int]:
    """The Expert's throw (two card indices) from six card indices."""
    cards = [_CARDS[i] for i in six]
    a, b = best_throw_exact(cards, dealer)
    return a.index, b.index


def best_rank(
    legal: tuple[int, ...],
    count: int,
    tail: tuple[int, ...],
    streak: int,
    unseen: tuple[int, ...],
    k: int,
    other_go: bool,
    opp_late: bool,
    model: Callable[..., list[tuple[int, float, int]]] = rank_values_fast,
) -> int:
    """The Expert's rank: the first of the net-value model at skill 1.

    ``opp_late``: the opponent has >= LATE (the only way the score enters the
    model).  ``model`` is :func:`rank_values_fast` (the game's own cached
    model); :func:`best_rank_reference` passes the readable :func:`rank_values`,
    and ``tests/test_selfplay.py`` checks the two equal on random piles.
    """
    opp_score = LATE if opp_late else 0
    return model(legal, count, tail, streak, unseen, k, other_go, 1.0, opp_score)[0][0]


_best_rank = lru_cache(maxsize=1 << 18)(best_rank)
best_rank_reference = partial(best_rank, model=rank_values)


def peg_expert(
    hands: Sequence[Sequence[int]],
    pone: int,
    unseen: Sequence[Sequence[int]],
    scores: tuple[int, int] = (0, 0),
    events: list[PegEvent] | None = None,
) -> tuple[int, int]:
    """The play between two Experts, on ranks; returns the points each player pegged.

    ``hands[p]`` are player p's four ranks (1..13); ``unseen[p][r - 1]`` is how
    many rank-r cards player p cannot see at the start of the play (52 minus
    their own six and the starter).  ``scores`` only matter through the
    model's endgame rule.  When ``events`` is a list, each scoring action is
    appended to it in order as (player, points).

    >>> peg_expert([[5, 5, 10, 10], [6, 7, 8, 9]], 1, [[2, 4, 4, 4, 2, 3, 3, 3, 3, 2, 4, 4, 4]] * 2)
    (2, 1)
    """
    h = [sorted(hands[0]), sorted(hands[1])]
    u = [list(unseen[0]), list(unseen[1])]
    pegged = [0, 0]
    count, tail, streak = 0, (), 0
    said_go = [False, False]
    last: int | None = None
    turn = pone
    while h[0] or h[1]:
        p = turn
        o = 1 - p
        legal = tuple(r for r in h[p] if fits(count, r))
        if legal:
            # the game re-reads the score before every card: p's opponent is late at LATE
            late = scores[o] + pegged[o] >= LATE
            r = _best_rank(legal, count, tail, streak, tuple(u[p]), len(h[o]), said_go[o], late)
            pts, count, tail, streak = points_for(count, tail, streak, r)
            h[p].remove(r)
            u[o][r - 1] -= 1
            last = p
            extra, outcome = after_card(count, bool(h[p]), bool(h[o]), said_go[o])
            pts += extra
            if pts:
                pegged[p] += pts
                if events is not None:
                    events.append((p, pts))
            if outcome == END:
                break
        else:
            opp_can = any(fits(count, x) for x in h[o])
            lst = 0 if last is None else (1 if last == p else -1)
            pts, outcome = after_go(opp_can, said_go[o], lst, bool(h[p]), bool(h[o]))
            if outcome == OTHER:
                said_go[p] = True
            elif pts:
                scorer = p if pts > 0 else o
                pegged[scorer] += 1
                if events is not None:
                    events.append((scorer, 1))
        if outcome == OTHER:
            turn = o
        elif outcome == MOVER:
            turn = p
        else:  # a reset
            turn = p if outcome == RESET_MOVER else o
            count, tail, streak, said_go, last = 0, (), 0, [False, False], None
    return pegged[0], pegged[1]


def unseen_ranks(*groups: Sequence[int]) -> list[int]:
    """4 per rank minus the given card indices, by rank (index 0 = ace)."""
    u = [4] * 13
    for g in groups:
        for c in g:
            u[c >> 2] -= 1
    return u


def ranks(cards: Sequence[int]) -> list[int]:
    """Ranks 1..13 of card indices."""
    return [(c >> 2) + 1 for c in cards]


def as_array(cards: Sequence[int]) -> np.ndarray:
    return np.asarray(cards, dtype=np.int64)


def opp_throw(six: list[int], opp_is_dealer: bool, params: dict) -> tuple[int, int]:
    """The opponent's two thrown cards (indices): the Expert's throw (the compiled
    :func:`expert_throw`), or with ``params["opponent"] == "master"`` the Master's away from
    121 (``analyze_discard`` with the Master's discard model and no scores), for the seat
    tables measured against the Master (issue #42)."""
    who = params.get("opponent", "expert")
    if who == "expert":
        return expert_throw(six, opp_is_dealer)
    if who != "master":
        raise ValueError(f"opponent must be 'expert' or 'master', got {who!r}")
    from crib.analysis.discard import analyze_discard
    from crib.analysis.models import MASTER
    from crib.rules.cards import Card

    cards = [Card.from_index(c) for c in six]
    a, b = analyze_discard(cards, dealer=opp_is_dealer, model=MASTER.discard).best.throw
    return a.index, b.index
