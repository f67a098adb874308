"""The play's margins with the opponent's next card played as the opponent plays it
(issue #42).

The Master's play (:func:`~crib.analysis.play.analyze_play`) values each card by the
exact minimax of the rest of the play against every holding the opponent could have,
weighted.  Each holding is solved with both hands known: the opponent is assumed to
answer your card as if it could see your hand.  It cannot.  When the opponent reads as
the Master (:mod:`crib.analysis.play.kind`), this module replaces that assumption for
its next card only: for a holding ``h``, the opponent answers your card ``c`` with rank
``o`` at the chance its own play gives it (its reply table after your lead,
:mod:`crib.analysis.play.replies`; later, the Master's play solved from its side,
:mod:`crib.analysis.play.reads`), and the rest of the play is solved exactly as before:

    value(c, h) = now(c) - sum over o of P(o | h) * total(o | h)

where ``total(o | h)`` is the opponent's exact (minimax) points from playing ``o``,
both hands then known.  With P putting all its weight on the opponent's best answer,
this is the minimax value again (tested).  Only the heaviest holdings carrying
``share`` of the weight are modelled (each needs a read); the rest keep the minimax
value.  Where the opponent cannot answer with a choice (a go, one legal rank, no cards,
or it has already said go), nothing changes.  An opponent read as the Expert can be
modelled the same way, by the proxy that reads its plays (:func:`expert_policy`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from crib.analysis.play import jit
from crib.analysis.play.evidence import EXPERT_TEMPERATURE, Situation, proxy_weights
from crib.analysis.play.leads import lead_row
from crib.analysis.play.reads import chances_many, heaviest
from crib.analysis.play.replies import reply_probabilities
from crib.analysis.play.weights import keep_weights
from crib.rules.cards import Card
from crib.rules.pegging import compress, fits
from crib.rules.position import PeggingPosition

__all__ = ["Modelled", "Policy", "expert_policy", "modelled_margins", "opponent_policy"]

# P(each rank | the opponent's holding, the state after your card): a dict rank -> chance
Policy = Callable[[Situation, bool, Sequence[tuple[int, ...]]], list[dict[int, float]]]


def opponent_policy(sit: Situation, reply: bool, hands: Sequence[tuple[int, ...]]) -> list[dict]:
    """The Master's chance of each rank for each holding (sorted ranks) in ``sit``: by
    its reply table when it answers your lead (``reply``), else by its play solved from
    its side (:func:`~crib.analysis.play.reads.chances_many`); {} where neither reads."""
    if not reply:
        return chances_many(sit, hands)
    table = reply_probabilities()[:, sit.starter.rank - 1, sit.pile[0].rank - 1]
    out = []
    for h in hands:
        row = lead_row(h)
        p = table[row] if row is not None else None
        out.append({} if p is None else {r: float(p[r - 1]) for r in set(h) if p[r - 1] > 0})
    return out


def expert_policy(my_score: int) -> Policy:
    """The Expert's chance of each rank for each holding, by the proxy that reads its
    plays (:func:`~crib.analysis.play.evidence.proxy_weights` at
    :data:`~crib.analysis.play.evidence.EXPERT_TEMPERATURE`; the same whether or not it
    answers your lead).  ``my_score``: yours, which the Expert's values weigh."""

    def policy(sit: Situation, reply: bool, hands: Sequence[tuple[int, ...]]) -> list[dict]:
        unseen = [4] * 13
        for c in (*sit.previous, *sit.pile, sit.starter):
            unseen[c.rank - 1] = max(0, unseen[c.rank - 1] - 1)
        count, tail, streak = compress([c.rank for c in sit.pile])
        w = proxy_weights(
            count, tail, streak, unseen, sit.your_count, sit.your_go, my_score, EXPERT_TEMPERATURE
        )
        out = []
        for h in hands:
            den = sum(w[r - 1] for r in h)
            out.append({r: h.count(r) * w[r - 1] / den for r in set(h)} if den else {})
        return out

    return policy


@dataclass(frozen=True)
class Modelled:
    """Per root option (a rank, ascending; 0 for go): the weighted minimax margin and
    the margin with the opponent's next card modelled, how many holdings were, and how
    many answers' solves disagreed with the minimax (kept at the minimax; 0 in the tests)."""

    ranks: tuple[int, ...]
    minimax: tuple[float, ...]
    modelled: tuple[float, ...]
    holdings_modelled: int
    mismatched: int = 0
    sampled: int = 0  # holdings drawn by weight when more than ``sample`` (0: every one)


def modelled_margins(
    pos: PeggingPosition,
    opp_played: Sequence[Card],
    my_played: Sequence[Card],
    dealer: bool,
    share: float = 0.95,
    policy: Policy = opponent_policy,
    sample: int | None = None,
    window: float | None = None,
) -> Modelled:
    """The margins of ``pos``'s root options (see the module docstring), with the
    opponent's holdings weighted as the Master weighs them in this context
    (:func:`~crib.analysis.play.weights.keep_weights`, with any
    :func:`~crib.analysis.play.evidence.play_evidence` in force).  ``my_played``: your
    cards played this hand; ``dealer``: whether you dealt.  ``window``: only the options
    within this many points of the best minimax margin are modelled, the rest keep their
    minimax margin (lossy, for speed: with one option in the window nothing is read);
    None: every option."""
    factor = keep_weights(opp_played, not dealer)
    counts: dict[str, int] = {}
    cards, ranks, weights, out = jit.weighted_rows(pos, factor, sample, counts)
    sampled = len(weights) if sample is not None and counts["holdings"] > sample else 0
    weights = np.asarray(weights, float)
    values = (out[:, :, 0] + out[:, :, 1]).astype(float)
    total = weights.sum()
    minimax = values.T @ weights / total
    modelled = values.copy()
    n = pos.opp_count
    chosen = np.nonzero(heaviest(weights, share) & (weights > 0))[0]
    reply = not pos.pile and not pos.previous and n == 4  # you lead: it answers your lead
    done: set[int] = set()
    mismatched = 0
    near = [j for j in range(len(cards)) if window is None or minimax[j] >= minimax.max() - window]
    if pos.opp_go or n == 0 or len(pos.hand) == 1 or len(near) < 2:
        near = []  # the opponent does not answer with a choice, or nothing to compare
    held = {int(i): tuple(ranks[i][:n].tolist()) for i in chosen}  # each holding's ranks, once
    for j in near:
        card = cards[j]
        if card is None:
            continue
        pile = (*pos.pile, card)
        count = sum(c.value for c in pile)
        left = list(pos.hand)
        left.remove(card)
        reset = count == 31
        sit = Situation(
            () if reset else pile,
            (*pos.previous, *pile) if reset else tuple(pos.previous),
            pos.starter,
            len(left),
            False,
            (*my_played, card),
            dealer,
        )
        now_count = 0 if reset else count
        jobs, rows = [], []
        for i, h in held.items():
            legal = sorted({r for r in h if fits(now_count, r)})
            if len(legal) > 1:
                jobs.append((h, tuple(legal), np.zeros(1, np.int64)))
                rows.append(i)
        if not jobs:
            continue
        chances = policy(sit, reply, [h for h, _l, _r in jobs])
        mine = np.array([sum(1 << (4 * c.rank) for c in left)], np.int64)
        pile_ranks = tuple(c.rank for c in sit.pile)
        solved = jit.solve_hands(pile_ranks, False, -1 if sit.pile else 0, len(left), mine, jobs)
        for i, (_h, legal, _r), p, o in zip(rows, jobs, chances, solved, strict=True):
            if not p:
                continue
            theirs = o[0, :, 0] + o[0, :, 1]  # its exact points from each rank it could play
            if -theirs.max() != out[i, j, 1]:  # never in the tests: the minimax stands
                mismatched += 1
                continue
            mass = sum(p.get(r, 0.0) for r in legal)
            expected = sum(p.get(r, 0.0) * t for r, t in zip(legal, theirs, strict=True)) / mass
            modelled[i, j] = out[i, j, 0] - expected
            done.add(int(i))
    return Modelled(
        tuple(0 if c is None else c.rank for c in cards),
        tuple(minimax.tolist()),
        tuple((modelled.T @ weights / total).tolist()),
        len(done),
        mismatched,
        sampled,
    )
