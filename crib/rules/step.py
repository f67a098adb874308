"""The step rule of the play, stated once: what follows a card, and what follows a go.

After a card: the last card of the play scores 1 unless it makes 31; a 31
resets the count (the other player leads unless they hold nothing);
otherwise the other player moves unless they said go or hold nothing.  When
the mover cannot play: if the other has not said go and can play, the mover
says go and the other plays on; otherwise the last player to play a card pegs
1 for the go, the count resets, and :func:`mover_leads_next` says who leads.

Every pegging engine calls these two functions (or a table built from them):
:class:`crib.rules.pegging.PegState`, the fast Expert, the pure-Python
solvers; the compiled kernels call their ``@njit`` twin
(:func:`crib.analysis.play.jit_core._after_card`), tested equal on every input.
What the coach's words ask of it, whether the other plays next on the same count,
is :func:`opponent_moves_next`.

>>> after_card(31, True, True, False) == (0, RESET_OTHER)
True
>>> after_card(20, False, False, False)   # the last card of the play
(1, 0)
>>> after_go(True, False, 1, True, True) == (0, OTHER)   # the mover says go
True
>>> after_go(False, False, -1, True, True) == (-1, RESET_MOVER)   # the other pegs the go
True
"""

from __future__ import annotations

__all__ = [
    "END",
    "OTHER",
    "MOVER",
    "RESET_MOVER",
    "RESET_OTHER",
    "OUTCOMES",
    "after_card",
    "after_go",
    "mover_leads_next",
    "opponent_moves_next",
]

END = 0  # the play is over (every card played)
OTHER = 1  # the other player moves next, count kept
MOVER = 2  # the mover moves again, count kept
RESET_MOVER = 3  # the count resets and the mover leads
RESET_OTHER = 4  # the count resets and the other leads
OUTCOMES = (END, OTHER, MOVER, RESET_MOVER, RESET_OTHER)


def mover_leads_next(mover_played_last: bool, mover_holds: bool, other_holds: bool) -> bool:
    """Who leads after a go or a 31 resets the count, from the mover's side.

    The player who did not play the last card leads; if they hold nothing,
    the other leads.

    >>> mover_leads_next(False, True, True), mover_leads_next(True, True, True)
    (True, False)
    >>> mover_leads_next(True, True, False)   # the other is out of cards
    True
    """
    if mover_played_last:
        return not other_holds
    return mover_holds or not other_holds


def _reset(mover_played_last: bool, mover_holds: bool, other_holds: bool) -> int:
    return (
        RESET_MOVER
        if mover_leads_next(mover_played_last, mover_holds, other_holds)
        else RESET_OTHER
    )


def after_card(
    count: int, mover_holds: bool, other_holds: bool, other_said_go: bool
) -> tuple[int, int]:
    """The mover has just played a card making ``count``: (points it adds, outcome).

    ``mover_holds`` / ``other_holds``: each still holds a card after it.  The
    points are the last card's 1 (never with 31), for the mover; the pile's own
    points (:func:`crib.rules.pegging.points_for`) are not included.
    """
    if not mover_holds and not other_holds:
        return (0 if count == 31 else 1), END
    if count == 31:
        return 0, _reset(True, mover_holds, other_holds)
    if other_said_go or not other_holds:
        return 0, MOVER
    return 0, OTHER


def after_go(
    other_can_play: bool, other_said_go: bool, last: int, mover_holds: bool, other_holds: bool
) -> tuple[int, int]:
    """The mover cannot play: (points from the mover's side, outcome).

    ``last``: who played the last card of this count, 1 the mover, -1 the
    other, 0 nobody.  ``OTHER``: the mover says go and the other plays on (the
    mover's go flag is then set).  Otherwise the last player to play pegs 1 for
    the go (``last`` is those points from the mover's side) and the count resets.
    """
    if other_can_play and not other_said_go:
        return 0, OTHER
    return last, _reset(last == 1, mover_holds, other_holds)


def opponent_moves_next(count: int, other_holds: bool, other_said_go: bool) -> bool:
    """After the mover's card makes ``count``: the other plays next on this count.

    The :data:`OTHER` outcome of :func:`after_card`: not when the card made 31 (the
    count starts again), nor when the other has said go or holds nothing (the mover
    moves again).  Whether the mover still holds a card does not change it.  What a
    card leaves the opponent (a 15, a 31 or a pair one card away) matters only then.

    >>> opponent_moves_next(20, True, False)
    True
    >>> opponent_moves_next(31, True, False), opponent_moves_next(20, True, True)
    (False, False)
    >>> opponent_moves_next(20, False, False)   # the other holds nothing
    False
    """
    return after_card(count, True, other_holds, other_said_go)[1] == OTHER
