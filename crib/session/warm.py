"""Warming a computer tier up before a game, so that no move waits for a table to load.

Split out of :mod:`crib.session.controller`, which re-exports :func:`warm_up`.
"""

from __future__ import annotations

from crib.ai.players import make_player
from crib.analysis.models import Tier
from crib.rules.cards import parse_cards
from crib.rules.game import Game
from crib.rules.players import HumanPlayer

__all__ = ["warm_up"]

_WARM: set[str] = set()


def warm_up(tier: Tier) -> None:
    """Make one discard and one play decision for ``tier`` in this process, so that no
    move of a game waits for its tables to load or its kernels to compile (the
    Master's first decision in a fresh process takes seconds).  Once per tier."""
    if tier.key in _WARM:
        return
    from crib.rules.fairness import HashRng
    from crib.rules.observation import for_discard

    player = make_player(tier)
    rng = HashRng(0, "warm-up")
    player.discard(for_discard(parse_cards("5H 5D 6C 7S 8H 9D"), dealer=True), rng)
    g = Game(0, (HumanPlayer("a"), HumanPlayer("b")), first_dealer=0)
    while (d := g.advance()) is not None and d.kind == "discard":
        g.submit(d.player, list(d.observation.hand[:2]))
    if d is not None:
        player.play(d.observation, rng)
    _WARM.add(tier.key)
