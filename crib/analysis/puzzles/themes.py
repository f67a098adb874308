"""The themes of a puzzle: what it is about, from its position and its answer.

A theme is a key of :data:`THEMES` (the name a page shows goes through the catalog):

* ``fifteen``, ``pair``, ``run``, ``31``: the answer (or the tempting next best
  answer) pegs a fifteen, a pair, a run, or makes 31;
* ``go``: go management: the opponent has said go or holds no more cards, or the
  answer takes the count to 22 or more, where the fight for the go is;
* ``lead``: a lead, the pile empty;
* ``formation``: the throw keeps a named trap formation
  (:mod:`crib.analysis.formations`), or the answer plays one as it is meant (the lead
  of a bait or of the five-card trap, a magic eleven's first card at 20); the
  formation's name is a theme too;
* ``feed`` / ``starve``: a discard whose answer gives the dealer's own crib more than
  the next best does, or gives the opponent's crib less;
* ``endgame``: either side within :data:`~crib.analysis.models.MASTER_ENDGAME`
  points of 121, where the coach plays for the game;
* ``dealer`` / ``pone``: the seat.
"""

from __future__ import annotations

from crib.analysis.formations import FORMATIONS, Formation, find_formations
from crib.analysis.models import MASTER_ENDGAME
from crib.i18n import N_
from crib.rules.cards import Card, parse_card
from crib.rules.constants import WIN
from crib.rules.position import PeggingPosition
from crib.rules.scoring import peg_parts

__all__ = ["THEMES", "play_themes", "discard_themes", "seat_themes", "peg_kinds"]

THEMES: dict[str, str] = {
    "fifteen": N_("Fifteen"),
    "pair": N_("Pairs"),
    "run": N_("Runs"),
    "31": N_("Thirty-one"),
    "go": N_("Go management"),
    "lead": N_("Leads"),
    "formation": N_("Trap formations"),
    "feed": N_("Feeding your crib"),
    "starve": N_("Starving their crib"),
    "endgame": N_("Endgame near 121"),
    "dealer": N_("Dealer"),
    "pone": N_("Pone"),
    **{name: name for name in FORMATIONS},  # the formations' own names (already in the catalog)
}


def peg_kinds(pile: tuple[Card, ...], card: Card) -> set[str]:
    """What ``card`` pegs on ``pile``: a subset of fifteen, pair, run, 31.

    >>> from crib.rules.cards import parse_cards
    >>> sorted(peg_kinds(tuple(parse_cards("4H 5D")), parse_card("6S")))
    ['fifteen', 'run']
    >>> sorted(peg_kinds(tuple(parse_cards("KH KD TC")), parse_card("AS")))
    ['31']
    """
    ranks = tuple(c.rank for c in (*pile, card))
    count = sum(c.value for c in (*pile, card))
    out = set()
    for kind, _k, pts in peg_parts(ranks, count):
        if not pts:
            continue
        k = kind.lower()
        if "fifteen" in k or k == "15":
            out.add("fifteen")
        elif "31" in k or "thirty" in k:
            out.add("31")
        elif "pair" in k:
            out.add("pair")
        elif "run" in k:
            out.add("run")
    return out


def seat_themes(dealer: bool, scores: tuple[int, int]) -> list[str]:
    """``endgame`` near 121, and the seat.

    >>> seat_themes(True, (95, 40)), seat_themes(False, (10, 20))
    (['endgame', 'dealer'], ['pone'])
    """
    out = ["endgame"] if WIN - max(scores) <= MASTER_ENDGAME else []
    return [*out, "dealer" if dealer else "pone"]


def play_themes(pos: PeggingPosition, dealer: bool, answer: str, runner: str) -> list[str]:
    """The themes of a play puzzle (``answer`` and ``runner``: cards as text)."""
    best, nxt = parse_card(answer), parse_card(runner)
    kinds = peg_kinds(pos.pile, best) | peg_kinds(pos.pile, nxt)
    out = [k for k in ("fifteen", "pair", "run", "31") if k in kinds]
    if pos.opp_go or pos.opp_count == 0 or pos.count + best.value >= 22:
        out.append("go")
    if not pos.pile:
        out.append("lead")
    names = [f.name for f in find_formations(pos.hand) if _sets(f, pos, best)]
    if names:
        out += ["formation", *names]
    return out + seat_themes(dealer, pos.scores or (0, 0))


def _sets(f: Formation, pos: PeggingPosition, best: Card) -> bool:
    """Whether the answer plays the formation ``f`` as it is meant: the lead of a
    pair-royal bait, run bait or five-card trap, or the first card of a magic eleven at
    a count of 20 (the two then make 31)."""
    if best.rank not in {c.rank for c in f.cards}:
        return False
    if f.name == "magic eleven":
        return pos.count == 20
    return not pos.pile


def discard_themes(
    keep: tuple[Card, ...],
    dealer: bool,
    scores: tuple[int, int],
    crib_best: float,
    crib_runner: float,
) -> list[str]:
    """The themes of a discard puzzle: the kept hand's formations, feeding or starving."""
    out = []
    names = [f.name for f in find_formations(keep)]
    if names:
        out += ["formation", *names]
    if dealer and crib_best > crib_runner + 1e-9:
        out.append("feed")
    if not dealer and crib_best < crib_runner - 1e-9:
        out.append("starve")
    return out + seat_themes(dealer, scores)
