"""The facts a puzzle's plain words say, from the position alone: exact, by the rules.

A discard's kept four before the cut (fifteens, pairs, runs, a flush) and what its two
thrown cards hold for a crib (a 5, a pair, cards that make 15, touching cards); a
play's points now (fifteen, 31, a pair, three of a kind, a run, the last card), the
count it leaves, what the opponent's cards could score on it, and the card you play
next when they cannot.  :mod:`crib.analysis.puzzles.plain` puts them into words; the
tests check the words against these facts and these facts against the rules.

>>> from crib.rules.cards import parse_cards
>>> keep_parts(parse_cards("5H TD 4S 6C"))
{'fifteen': 2, 'run': [3]}
>>> throw_feats(parse_cards("5H 5D")), throw_feats(parse_cards("9S 6D"))
(['five', 'pair'], ['fifteen'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from crib.rules.cards import Card
from crib.rules.constants import WIN
from crib.rules.pegging import fits
from crib.rules.position import PeggingPosition
from crib.rules.scoring import peg_parts
from crib.rules.step import after_card, opponent_moves_next

__all__ = ["keep_parts", "keep_points", "throw_feats", "PlayFacts", "play_facts"]


def keep_parts(keep: Sequence[Card]) -> dict[str, object]:
    """What four kept cards score before the cut: ``fifteen`` (how many), ``pair`` (how
    many pairs of cards), ``run`` (the run lengths, two for a double run), ``flush``."""
    out: dict[str, object] = {}
    n15 = sum(
        1
        for k in range(2, len(keep) + 1)
        for combo in combinations(keep, k)
        if sum(c.value for c in combo) == 15
    )
    if n15:
        out["fifteen"] = n15
    pairs = sum(1 for a, b in combinations(keep, 2) if a.rank == b.rank)
    if pairs:
        out["pair"] = pairs
    for k in range(len(keep), 2, -1):
        runs = [k for combo in combinations(keep, k) if _is_run([c.rank for c in combo])]
        if runs:
            out["run"] = runs
            break
    if len(keep) == 4 and len({c.suit for c in keep}) == 1:
        out["flush"] = 4
    return out


def _is_run(ranks: list[int]) -> bool:
    r = sorted(ranks)
    return all(b - a == 1 for a, b in zip(r, r[1:], strict=False))


def keep_points(parts: dict[str, object]) -> int:
    """The points of :func:`keep_parts`.

    >>> keep_points({"fifteen": 2, "pair": 1, "run": [3, 3]})
    12
    """
    runs = parts.get("run", [])
    assert isinstance(runs, list)
    return (
        2 * int(parts.get("fifteen", 0))  # type: ignore[call-overload]
        + 2 * int(parts.get("pair", 0))  # type: ignore[call-overload]
        + sum(runs)
        + int(parts.get("flush", 0))  # type: ignore[call-overload]
    )


def throw_feats(throw: Sequence[Card]) -> list[str]:
    """What two thrown cards hold for a crib: ``five`` (a 5 or two), ``pair``,
    ``fifteen`` (they add to 15), ``touching`` (next ranks: a run needs one more)."""
    a, b = throw
    out = []
    if a.rank == 5 or b.rank == 5:
        out.append("five")
    if a.rank == b.rank:
        out.append("pair")
    if a.value + b.value == 15:
        out.append("fifteen")
    if abs(a.rank - b.rank) == 1:
        out.append("touching")
    return out


@dataclass(frozen=True)
class PlayFacts:
    """What one card does: the points now by kind (``fifteen``, ``thirty-one``, ``pair``,
    ``pair royal``, ``double pair royal``, ``run``, ``last``), with the run's length;
    the count after it; whether it reaches 121; whether the opponent plays next on this
    count, and then what their unseen cards could score on it (``threats``: (kind,
    value or rank needed, points)); else the card you would play next and its points,
    or, when none of yours fits, the cards you keep for the next count (you take the go)."""

    card: Card
    parts: tuple[tuple[str, int, int], ...]  # (kind, cards in it, points)
    count: int
    pegs_out: bool
    opp_next: bool
    threats: tuple[tuple[str, int, int], ...]
    follow: tuple[Card, tuple[tuple[str, int, int], ...]] | None  # your next card, its parts
    go_keep: tuple[Card, ...] = ()  # nothing fits after it: you take the go, keep these

    @property
    def points(self) -> int:
        return sum(p for _k, _n, p in self.parts)

    def threat_points(self) -> int:
        return max((p for _k, _v, p in self.threats), default=0)


def play_facts(pos: PeggingPosition, card: Card) -> PlayFacts:
    """The facts of playing ``card`` in ``pos`` (see :class:`PlayFacts`).

    >>> from crib.rules.cards import parse_card
    >>> f = play_facts(PeggingPosition.parse("hand 7C 9D 2H | pile 8S | starter KD"),
    ...                parse_card("7C"))
    >>> f.parts, f.count, f.opp_next
    ((('fifteen', 2, 2),), 15, True)
    """
    ranks = (*(c.rank for c in pos.pile), card.rank)
    count = pos.count + card.value
    parts = list(peg_parts(ranks, count))
    holds = len(pos.hand) > 1
    last = after_card(count, holds, pos.opp_count > 0, pos.opp_go)[0]
    if last:
        parts.append(("last", 1, last))
    mine = (pos.scores or (0, 0))[0]
    pegs_out = bool(pos.scores) and mine + sum(p for _k, _n, p in parts) >= WIN
    opp_next = opponent_moves_next(count, pos.opp_count > 0, pos.opp_go) and not pegs_out
    threats: list[tuple[str, int, int]] = []
    follow = None
    go_keep: tuple[Card, ...] = ()
    if opp_next:
        threats = _threats(pos.unseen(), ranks, count)
    elif count < 31 and not pegs_out:
        rest = [c for c in pos.hand if c != card and fits(count, c)]
        scored = [(tuple(peg_parts((*ranks, c.rank), count + c.value)), c) for c in rest]
        if scored:
            parts_next, c = max(scored, key=lambda x: (sum(p for *_k, p in x[0]), x[1].rank))
            follow = (c, parts_next)
        else:
            go_keep = tuple(c for c in pos.hand if c != card)
    return PlayFacts(card, tuple(parts), count, pegs_out, opp_next, tuple(threats), follow, go_keep)


def _threats(unseen: Sequence[Card], ranks: tuple[int, ...], count: int) -> list:
    """What an unseen card could score next: a 15 or a 31 by the value needed, a pair
    (or more) or a run by rank; the biggest first, one entry per kind."""
    best: dict[str, tuple[str, int, int]] = {}
    for rank in sorted({c.rank for c in unseen if fits(count, c)}):
        value = min(rank, 10)
        for kind, _n, pts in peg_parts((*ranks, rank), count + value):
            key = {"pair royal": "pair", "double pair royal": "pair"}.get(kind, kind)
            need = value if kind in ("fifteen", "thirty-one") else rank
            if key not in best or pts > best[key][2]:
                best[key] = (kind, need, pts)
    order = ("thirty-one", "fifteen", "pair", "run")
    return sorted(best.values(), key=lambda t: (-t[2], order.index(_base(t[0]))))


def _base(kind: str) -> str:
    return "pair" if "pair" in kind else kind
