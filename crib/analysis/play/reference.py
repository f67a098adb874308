"""The plain expectiminimax that the fast pegging solvers are tested equal to.

Shaped like OpenSpiel's ``python/algorithms/expectiminimax.py``
(google-deepmind/open_spiel), which recurses over ``legal_actions``,
``chance_outcomes`` and ``apply_action`` and knows nothing of the game.  Here
the game is the rules engine's :class:`~crib.rules.pegging.PegState`, and the
tree has three layers:

1. your choice at the root, made before the chance node because you cannot
   see the opponent's cards;
2. the chance node, the opponent's holding: one concrete card set for each
   rank multiset of ``opp_count`` unseen cards, with probability (card sets
   with those ranks) / (all card sets), counted over every card set;
3. then both sides play perfectly with full information (minimax).

Nothing is compressed: every point comes from :meth:`PegState.play`,
scored by the reference scorer (:func:`crib.rules.scoring.peg_parts`).  The
one addition to the textbook recursion is a memo keyed by the whole state
less its history (:func:`future_key`); without it a 4-v-4 lead takes over a
minute.  It is still slow: use it to check results, not to coach.

>>> ref = expectiminimax("hand 4H 2C | pile KS QD 7C | previous AS AD | starter 3S | opp 1 | go")
>>> ref["4H"]   # 31 for 2, they lead, your 2 is the last card: +3 whatever they hold
(Fraction(3, 1), Fraction(1, 1))
>>> ref["2C"]   # 29, the go for 1, they lead, your 4 is the last card for 1
(Fraction(2, 1), Fraction(1, 1))
>>> expectiminimax("hand 4H | pile KS QS TD 5C | starter 2S | opp 0 | previous AH AD AC")
Traceback (most recent call last):
...
crib.errors.InvalidPositionError: the pile KS QS TD 5C counts 35: a count cannot exceed 31
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import combinations

from crib.errors import CribError
from crib.rules.cards import Card
from crib.rules.pegging import GO, PegState, fits
from crib.rules.position import PeggingPosition

__all__ = [
    "expectiminimax",
    "chance_outcomes",
    "legal_actions",
    "apply_action",
    "minimax",
    "margin",
    "future_key",
    "peg_state",
]


def peg_state(pos: PeggingPosition, theirs: tuple[Card, ...]) -> PegState:
    """The rules engine's state at ``pos`` (you are player 0) when the opponent holds ``theirs``.

    Points pegged before the position are not counted, so a finished state's
    ``pegged[0] - pegged[1]`` is the margin from the position on.
    """
    return PegState(
        hands=(pos.hand, theirs),
        turn=0,
        pile=pos.pile,
        played=tuple((0, c) for c in pos.previous + pos.pile),
        said_go=(False, pos.opp_go),
        last={1: 0, -1: 1, 0: None}[pos.last],  # player 0 is you
    )


def chance_outcomes(
    pos: PeggingPosition, weight: Callable[[tuple[int, ...]], float] | None = None
) -> list[tuple[tuple[Card, ...], Fraction]]:
    """One concrete holding per rank multiset, with its probability.

    Every ``opp_count``-card set of the unseen cards is equally likely; after
    a go, only sets with no card that fits under 31.  With ``weight``, each
    concrete set counts ``weight(its sorted ranks)`` (taken exactly as a Fraction).
    """
    now = pos.count
    count: dict[tuple[int, ...], Fraction] = {}
    example: dict[tuple[int, ...], tuple[Card, ...]] = {}
    for cards in combinations(pos.unseen(), pos.opp_count):
        if pos.opp_go and any(fits(now, c) for c in cards):
            continue
        ranks = tuple(sorted(c.rank for c in cards))
        count[ranks] = count.get(ranks, Fraction(0)) + (
            1 if weight is None else Fraction(weight(ranks))
        )
        example.setdefault(ranks, cards)
    total = sum(count.values())
    return [(example[ranks], Fraction(n, total)) for ranks, n in count.items()]


def legal_actions(s: PegState) -> list[Card | None]:
    """One card per rank the mover may play (suits never score in the play), else go."""
    by_rank: dict[int, Card] = {}
    for c in s.legal():
        by_rank.setdefault(c.rank, c)
    return list(by_rank.values()) or [GO]


def apply_action(s: PegState, action: Card | None) -> PegState:
    """The state after the mover plays ``action`` (a card, or go)."""
    return s.play(action)[0]


def margin(s: PegState) -> int:
    """Your points minus theirs, pegged since the position."""
    return s.pegged[0] - s.pegged[1]


def future_key(s: PegState) -> tuple:
    """All the rest of the play depends on: the state less its history and points, in ranks.

    ``played``, ``pile_history`` and ``pegged`` only record the past, and
    suits never score in the play, so two states with the same key have the
    same future.
    """
    hands = tuple(tuple(sorted(c.rank for c in h)) for h in s.hands)
    return hands, tuple(c.rank for c in s.pile), s.said_go, s.last, s.turn, s.done


def minimax(s: PegState, memo: dict[tuple, int]) -> int:
    """Your points minus theirs from ``s`` to the end of the play, both playing perfectly."""
    if s.done:
        return 0
    key = future_key(s)
    if key not in memo:
        values = []
        for action in legal_actions(s):
            t = apply_action(s, action)
            values.append(margin(t) - margin(s) + minimax(t, memo))
        memo[key] = max(values) if s.turn == 0 else min(values)
    return memo[key]


def expectiminimax(
    position: PeggingPosition | str, weight: Callable[[tuple[int, ...]], float] | None = None
) -> dict[str, tuple[Fraction, Fraction]]:
    """Per root option (a card label or ``"go"``): (mean margin, P(margin >= 0)), exactly.

    The margin is now + future, as :func:`crib.analysis.play.analyze_play`
    gives with ``"minimax"``: your points minus theirs from your choice to the
    end of the play.  One memo (:func:`future_key`) serves every holding.
    ``weight``: weighted holdings (see :func:`chance_outcomes`).
    """
    pos = position if isinstance(position, PeggingPosition) else PeggingPosition.parse(position)
    outcomes = chance_outcomes(pos, weight)
    if not outcomes:
        raise CribError("no opponent holding is consistent with this position")
    memo: dict[tuple, int] = {}
    out = {}
    for action in legal_actions(peg_state(pos, outcomes[0][0])):
        mean = p_nonneg = Fraction(0)
        for theirs, prob in outcomes:
            t = apply_action(peg_state(pos, theirs), action)
            m = margin(t) + minimax(t, memo)
            mean += prob * m
            p_nonneg += prob * (m >= 0)
        out["go" if action is GO else str(action)] = (mean, p_nonneg)
    return out
