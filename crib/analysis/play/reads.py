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
solve is cached per situation and hand.  The Master passes :func:`read_probability` to
:func:`~crib.analysis.play.evidence.play_evidence` as its reader.

>>> from crib.analysis.play.evidence import Situation
>>> from crib.rules.cards import parse_cards
>>> s = Situation(parse_cards("7H"), (), parse_cards("2C")[0], 3, False, parse_cards("7H"), False)
>>> read_probability(s, (8, 3, 4, 13), 8) > read_probability(s, (8, 3, 4, 13), 13)  # 15-2
True
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from crib.analysis.models import MASTER
from crib.analysis.play import jit
from crib.analysis.play.analysis import analyze_play
from crib.analysis.play.evidence import Situation, play_evidence
from crib.analysis.play.leads import LEAD_FLOOR, LEAD_TEMPERATURE, softmax_rows
from crib.analysis.play.weights import keep_weights
from crib.analysis.selfplay_tables import seat_tables
from crib.errors import CribError
from crib.rules.cards import SUITS, Card
from crib.rules.pegging import fits
from crib.rules.position import PeggingPosition

__all__ = ["position", "read_probability", "solved_margins"]


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


@lru_cache(maxsize=100_000)
def _chances(sit: Situation, ranks: tuple[int, ...]) -> dict[int, float]:
    """The chance of playing each rank of ``ranks`` (sorted) in ``sit``; {} if no deck
    holds them beside the cards seen."""
    hand = _hand(sit, ranks)
    if hand is None:
        return {}
    count = sum(c.value for c in sit.pile)
    legal = sorted({r for r in ranks if fits(count, r)})
    if len(legal) == 1:
        return {legal[0]: 1.0}
    try:
        margin = solved_margins(position(sit, hand), sit)
    except CribError:
        return {}
    if not margin:
        return {}
    m = np.full(13, np.nan)  # the tables' softmax, over the legal ranks
    cards = np.zeros(13)
    for r in legal:
        m[r - 1], cards[r - 1] = margin[r], ranks.count(r)
    p = softmax_rows(m, cards, LEAD_TEMPERATURE, LEAD_FLOOR)
    return {r: float(p[r - 1]) for r in legal}


def read_probability(sit: Situation, hand: tuple[int, ...], rank: int) -> float:
    """P(a Master holding ``hand`` (ranks, then) plays ``rank`` in ``sit``)."""
    return _chances(sit, tuple(sorted(hand))).get(rank, 0.0)
