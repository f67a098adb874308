"""The self-play experiments: each turns a range of item seeds into summed arrays.

Item ``i`` of a run with master seed ``s`` draws everything from
``numpy.random.default_rng([s, TAG, i])``, so a result depends only on the
master seed and the item numbers, never on how items are grouped into chunks
or spread over workers.  Every experiment returns a dict of numpy arrays;
arrays named in ``CONCAT`` are stacked item by item, all others are summed.

* ``crib``: a random six for the opponent and its Expert throw (or the Master's, with
  ``params["opponent"] = "master"``: :func:`~crib.ai.selfplay.fastplay.opp_throw`), in each seat;
  for every rank-pair class the crib points summed over every concrete pair of
  that class that avoids the six, each averaged over the 44 starters.
* ``pegging``: a random six for the opponent and its Expert (or Master) keep in each seat,
  a starter and the keeper's two discards; then all 1,820 rank-only keeps,
  weighted by how many concrete hands they have among the cards left, pegged
  Expert against Expert.
* ``deal``: a whole deal between two Experts at 0-0, recorded in counting
  order (his heels, each pegging score, the pone's hand, the dealer's hand,
  the crib) for the win table, plus each seat's hand, crib and pegging.
* ``ladder``: duplicate games: each seed is played twice with the seats
  swapped, between ``params["a"]`` and ``params["b"]``.
* ``games``: Expert against Expert from ``params["scores"]`` with seat 0
  dealing first: who wins, and skunks.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np

from crib.ai.selfplay.fastplay import expert_throw, opp_throw, peg_expert, unseen_ranks
from crib.analysis.tables import JACK, bonus_table, rank5_table, score_indices

__all__ = [
    "EXPERIMENTS",
    "CONCAT",
    "PAIR_CLASSES",
    "KEEPS",
    "EVENT_WIDTH",
    "crib_chunk",
    "pegging_chunk",
    "deal_chunk",
    "ladder_chunk",
    "games_chunk",
]

TAGS = {"crib": 1, "pegging": 2, "deal": 3, "ladder": 4, "games": 5}

# 169 rank-pair classes (lo, hi, suited), lo <= hi (0-based ranks), in table order
PAIR_CLASSES: tuple[tuple[int, int, bool], ...] = tuple(
    (lo, hi, s)
    for lo in range(13)
    for hi in range(lo, 13)
    for s in ((False,) if lo == hi else (True, False))
)
_CLASS_OF = {k: i for i, k in enumerate(PAIR_CLASSES)}
_ALL_PAIRS = np.array(list(combinations(range(52), 2)), dtype=np.int64)  # 1326 concrete pairs
_PAIR_CLASS = np.array(
    [
        _CLASS_OF[(a >> 2, b >> 2, (a & 3) == (b & 3) and (a >> 2) != (b >> 2))]
        for a, b in _ALL_PAIRS.tolist()
    ],
    dtype=np.int64,
)

# the 1,820 rank-only keeps (multisets of four ranks 1..13 with at most 4 of each)
KEEPS: tuple[tuple[int, int, int, int], ...] = tuple(
    k
    for k in combinations_with_replacement(range(1, 14), 4)
    if max(k.count(r) for r in set(k)) <= 4
)
_KEEP_MULT = [[(r, k.count(r)) for r in sorted(set(k))] for k in KEEPS]

EVENT_WIDTH = 24  # scoring actions per deal, padded with 0; + dealer, - pone
CONCAT = {"events", "parts", "ladder", "margin", "games"}


def _rng(seed: int, tag: str, i: int) -> np.random.Generator:
    return np.random.default_rng([seed & ((1 << 63) - 1), TAGS[tag], i])


def _crib_points(four: np.ndarray, starters: np.ndarray) -> np.ndarray:
    """Crib scores of rows of four card indices with their starters."""
    return score_indices(four, starters, is_crib=True)


def crib_chunk(seed: int, start: int, stop: int, params: dict) -> dict[str, np.ndarray]:
    """Seat crib values: sums for the ratio estimator over items ``start..stop-1``.

    Per seat (0 = dealer throws into their own crib, 1 = pone throws into the
    dealer's) and class: ``s`` = sum over concrete pairs of the crib's mean
    over starters, ``m`` = the number of concrete pairs; with their squares and
    cross product for the interval.
    """
    out = {
        "s": np.zeros((2, 169)),
        "s2": np.zeros((2, 169)),
        "sm": np.zeros((2, 169)),
        "m": np.zeros(169),
        "m2": np.zeros(169),
        "n": np.zeros(169, dtype=np.int64),
    }
    r5 = rank5_table()
    bonus = bonus_table(True)
    for i in range(start, stop):
        rng = _rng(seed, "crib", i)
        six = np.sort(rng.choice(52, 6, replace=False))
        free = np.ones(52, dtype=bool)
        free[six] = False
        ok = free[_ALL_PAIRS].all(axis=1)
        pairs = _ALL_PAIRS[ok]  # concrete pairs avoiding the six (1035)
        cls = _PAIR_CLASS[ok]
        m = np.bincount(cls, minlength=169).astype(float)
        out["m"] += m
        out["m2"] += m * m
        out["n"] += (m > 0).astype(np.int64)
        rest = np.flatnonzero(free)  # 46 cards
        for seat, opp_is_dealer in ((0, False), (1, True)):
            o1, o2 = opp_throw(six.tolist(), opp_is_dealer, params)
            # every (pair, starter) with the starter among the 44 others
            st = rest[None, :]
            valid = (st != pairs[:, :1]) & (st != pairs[:, 1:2])  # (P, 46)
            pr, sc = np.nonzero(valid)
            four = np.column_stack([pairs[pr], np.full(len(pr), o1), np.full(len(pr), o2)])
            starters = rest[sc]
            rk = four >> 2
            code5 = (((rk[:, 0] * 13 + rk[:, 1]) * 13 + rk[:, 2]) * 13 + rk[:, 3]) * 13 + (
                starters >> 2
            )
            su = four & 3
            flush = (su == su[:, :1]).all(axis=1)
            fs = np.where(flush, su[:, 0], 4)
            jm = (((four >> 2) == JACK).astype(np.int64) << su).sum(axis=1)
            pts = r5[code5].astype(np.int64) + bonus[fs * 16 + jm, starters]
            per_pair = np.bincount(pr, weights=pts, minlength=len(pairs)) / 44.0
            s = np.bincount(cls, weights=per_pair, minlength=169)
            out["s"][seat] += s
            out["s2"][seat] += s * s
            out["sm"][seat] += s * m
    return out


def pegging_chunk(seed: int, start: int, stop: int, params: dict) -> dict[str, np.ndarray]:
    """Pegging values of the 1,820 rank-only keeps, per seat (0 = keeper deals, 1 = keeper is pone).

    Weighted sums for the ratio estimator: ``w`` = concrete hands of the keep
    among the cards left, ``x`` = the keeper's pegging, ``y`` = the opponent's.
    """
    nk = len(KEEPS)
    z = lambda: np.zeros((2, nk))  # noqa: E731
    out = {k: z() for k in ("w", "w2", "wx", "wy", "w2x", "w2y", "w2x2", "w2y2", "w2xy")}
    out["n"] = np.zeros((2, nk), dtype=np.int64)
    for i in range(start, stop):
        rng = _rng(seed, "pegging", i)
        drawn = rng.choice(52, 9, replace=False)
        six, starter, kd = drawn[:6].tolist(), int(drawn[6]), drawn[7:9].tolist()
        avail = unseen_ranks(six, [starter], kd)
        for seat in (0, 1):  # seat 0: the keeper deals, so the opponent throws as pone
            opp_dealer = seat == 1
            t = opp_throw(six, opp_dealer, params)
            opp_keep = [(c >> 2) + 1 for c in six if c not in t]
            u_opp = unseen_ranks(six, [starter])
            pone = 1 if seat == 0 else 0
            for j, keep in enumerate(KEEPS):
                w = 1
                for r, k in _KEEP_MULT[j]:
                    w *= comb(avail[r - 1], k)
                    if not w:
                        break
                if not w:
                    continue
                u_keep = unseen_ranks(kd, [starter])  # 52 - own discards - starter - keep
                for r in keep:
                    u_keep[r - 1] -= 1
                kp, op = peg_expert([list(keep), opp_keep], pone, [u_keep, u_opp])
                out["w"][seat, j] += w
                out["w2"][seat, j] += w * w
                out["wx"][seat, j] += w * kp
                out["wy"][seat, j] += w * op
                out["w2x"][seat, j] += w * w * kp
                out["w2y"][seat, j] += w * w * op
                out["w2x2"][seat, j] += w * w * kp * kp
                out["w2y2"][seat, j] += w * w * op * op
                out["w2xy"][seat, j] += w * w * kp * op
                out["n"][seat, j] += 1
    return out


def deal_chunk(seed: int, start: int, stop: int, params: dict) -> dict[str, np.ndarray]:
    """Whole Expert deals at 0-0 in counting order.

    ``events`` (items, EVENT_WIDTH) int8: each scoring action in order, +points
    for the dealer, -points for the pone, 0-padded.  ``parts`` (items, 6):
    dealer pegging, pone pegging, dealer hand, pone hand, crib, his heels.
    """
    n = stop - start
    events = np.zeros((n, EVENT_WIDTH), dtype=np.int8)
    parts = np.zeros((n, 6), dtype=np.int16)
    for row, i in enumerate(range(start, stop)):
        rng = _rng(seed, "deal", i)
        deck = rng.permutation(52)
        pone_six, dealer_six, starter = deck[0:12:2].tolist(), deck[1:12:2].tolist(), int(deck[12])
        pt = expert_throw(pone_six, False)
        dt = expert_throw(dealer_six, True)
        pk = [c for c in pone_six if c not in pt]
        dk = [c for c in dealer_six if c not in dt]
        ev: list[tuple[int, int]] = []
        heels = 2 if starter >> 2 == JACK else 0
        if heels:
            ev.append((0, 2))
        # player 0 = dealer, player 1 = pone (the pone leads)
        peg: list[tuple[int, int]] = []
        dp, pp = peg_expert(
            [[(c >> 2) + 1 for c in dk], [(c >> 2) + 1 for c in pk]],
            1,
            [unseen_ranks(dealer_six, [starter]), unseen_ranks(pone_six, [starter])],
            events=peg,
        )
        ev += peg
        show = score_indices(
            np.array([pk, dk, list(pt) + list(dt)]), np.full(3, starter), is_crib=False
        )
        crib = int(score_indices(np.array([list(pt) + list(dt)]), np.array([starter]), True)[0])
        ph, dh = int(show[0]), int(show[1])
        for who, pts in ((1, ph), (0, dh), (0, crib)):
            if pts:
                ev.append((who, pts))
        for k, (who, pts) in enumerate(ev):
            events[row, k] = pts if who == 0 else -pts
        parts[row] = (dp, pp, dh, ph, crib, heels)
    return {"events": events, "parts": parts}


def ladder_chunk(seed: int, start: int, stop: int, params: dict) -> dict[str, np.ndarray]:
    """Duplicate games: seed ``seed + i`` twice, seats swapped, first dealer ``i % 2``.

    ``ladder`` (items, 4) int8: b won the game with b in seat 1, b won with b
    in seat 0, b skunked in either (count), a skunked in either (count);
    ``margin`` (items, 2) int16: b's final score minus a's, in the two games.
    """
    from crib.ai.players import parse_player
    from crib.rules.game import Game

    a, b = params["a"], params["b"]
    out = np.zeros((stop - start, 4), dtype=np.int8)
    margin = np.zeros((stop - start, 2), dtype=np.int16)
    for row, i in enumerate(range(start, stop)):
        first = i % 2
        res = []
        for seats in ((a, b), (b, a)):
            g = Game(
                seed=seed + i,
                players=(parse_player(seats[0]), parse_player(seats[1])),
                first_dealer=first,
            ).run()
            b_seat = 1 if seats == (a, b) else 0
            margin[row, len(res)] = g.scores[b_seat] - g.scores[1 - b_seat]
            res.append(
                (
                    g.winner == b_seat,
                    bool(g.skunk) and g.winner == b_seat,
                    bool(g.skunk) and g.winner != b_seat,
                )
            )
        out[row] = (
            int(res[0][0]),
            int(res[1][0]),
            int(res[0][1]) + int(res[1][1]),
            int(res[0][2]) + int(res[1][2]),
        )
    return {"ladder": out, "margin": margin}


def games_chunk(seed: int, start: int, stop: int, params: dict) -> dict[str, np.ndarray]:
    """Expert v Expert from ``params["scores"]`` (seat 0 deals first): seat 0 won, skunk kinds."""
    from crib.ai.players import make_player
    from crib.analysis.models import TIERS
    from crib.rules.game import Game

    d, p = params["scores"]
    out = np.zeros((stop - start, 3), dtype=np.int8)
    for row, i in enumerate(range(start, stop)):
        g = Game(
            seed=seed + i,
            players=(make_player(TIERS["expert"]), make_player(TIERS["expert"])),
            first_dealer=0,
            scores=(d, p),
        ).run()
        loser = g.scores[1 - g.winner]
        out[row] = (int(g.winner == 0), int(loser < 91), int(loser < 61))
    return {"games": out}


EXPERIMENTS = {
    "crib": crib_chunk,
    "pegging": pegging_chunk,
    "deal": deal_chunk,
    "ladder": ladder_chunk,
    "games": games_chunk,
}

from crib.ai.selfplay.keep import keep_chunk  # noqa: E402  (issue 12: the keep frequencies)

EXPERIMENTS["keep"] = keep_chunk
