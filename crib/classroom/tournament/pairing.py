"""Pairings of a class tournament: round-robin by the circle method, and Swiss.

See :mod:`crib.classroom.tournament.rules` for the rules these follow.
"""

from __future__ import annotations

from collections.abc import Sequence

from crib.classroom.tournament.rules import Round, Table, TournamentError

__all__ = ["round_robin_rounds", "swiss_pairing"]


def round_robin_rounds(players: Sequence[str]) -> list[Round]:
    """Every round of a round-robin by the circle method (Berger tables).

    With an odd number a ``None`` joins the circle; whoever meets it has the bye.
    Seats alternate: the fixed player changes seat every round, and the others
    take seat 1 on alternate tables, so seat 1 (and the deals it gets) is shared out.

    >>> for r in round_robin_rounds("ABCD"):
    ...     print(r.number, [t.seats for t in r.tables], r.bye)
    1 [('A', 'D'), ('C', 'B')] None
    2 [('C', 'A'), ('B', 'D')] None
    3 [('A', 'B'), ('D', 'C')] None
    """
    ring: list[str | None] = list(players)
    if len(ring) % 2:
        ring.append(None)
    m = len(ring)
    out = []
    for r in range(m - 1):
        order = [ring[0]] + [ring[1 + (k - r) % (m - 1)] for k in range(m - 1)]
        tables: list[Table] = []
        bye = None
        for i in range(m // 2):
            a, b = order[i], order[m - 1 - i]
            if a is None or b is None:
                bye = a if b is None else b
                continue
            swap = (r % 2 == 1) if i == 0 else (i % 2 == 1)
            seats = (b, a) if swap else (a, b)
            tables.append(Table(len(tables) + 1, seats))
        out.append(Round(r + 1, tuple(tables), bye))
    return out


def swiss_pairing(
    ranked: Sequence[str],
    points: dict[str, int],
    met: set[frozenset[str]],
    had_bye: set[str],
    seat1_count: dict[str, int] | None = None,
    round_no: int = 1,
    *,
    max_nodes: int = 200_000,
) -> Round:
    """One Swiss round: score groups paired top half v bottom half, no rematch where avoidable.

    ``ranked`` is the current order, best first.  With an odd number the bye goes to the
    lowest-ranked player without one (the next one up when the rest cannot then be
    paired without a rematch).  The search first allows no rematch, then one, and so on.
    """
    players = list(ranked)
    pos = {p: i for i, p in enumerate(players)}
    seat1_count = seat1_count or {}
    if len(players) % 2:
        candidates = [p for p in reversed(players) if p not in had_bye]
        if not candidates:
            raise TournamentError("every player has had a bye: no round left to pair")
    else:
        candidates = [None]  # type: ignore[list-item]
    for budget in range(len(players) // 2 + 1):
        for bye in candidates:
            rest = [p for p in players if p != bye]
            pairs = _pair(rest, points, met, pos, budget, [max_nodes])
            if pairs is not None:
                tables = []
                for a, b in pairs:  # a ranks above b
                    if seat1_count.get(b, 0) < seat1_count.get(a, 0):
                        a, b = b, a
                    tables.append(Table(len(tables) + 1, (a, b)))
                return Round(round_no, tuple(tables), bye)
    raise TournamentError("no Swiss pairing found")  # pragma: no cover - budget covers all


def _pair(
    rest: list[str],
    points: dict[str, int],
    met: set[frozenset[str]],
    pos: dict[str, int],
    budget: int,
    nodes: list[int],
) -> list[tuple[str, str]] | None:
    if not rest:
        return []
    nodes[0] -= 1
    if nodes[0] < 0:
        return None
    p, others = rest[0], rest[1:]
    group = [q for q in rest if points[q] == points[p]]
    ideal = group[len(group) // 2] if len(group) > 1 else None
    ipos = pos[ideal] if ideal is not None else pos[p]

    def pref(q: str) -> tuple[int, int, int]:
        return (abs(points[p] - points[q]), abs(pos[q] - ipos), pos[q])

    for q in sorted(others, key=pref):
        rematch = frozenset((p, q)) in met
        if rematch and budget == 0:
            continue
        sub = _pair([x for x in others if x != q], points, met, pos, budget - rematch, nodes)
        if sub is not None:
            return [(p, q), *sub]
        if nodes[0] < 0:
            return None
    return None
