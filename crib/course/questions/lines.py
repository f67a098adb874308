"""Teach mode for counting: the student claims the hand's scoring lines one by one.

A line is a kind (fifteen, pair, run, flush, nobs) and the cards it uses.  While
the student builds the list, :func:`line_points` gives the running total as the
student claims it; on submit, :func:`check_lines` compares the claimed lines with
the hand's breakdown (:func:`crib.rules.scoring.score_hand`): a claimed line that
is in the breakdown is right, one that is not is wrong, and each line of the
breakdown nobody claimed is missed.

>>> from crib.rules.scoring import score_hand
>>> s = score_hand("5H 5D JS 4C", "5S", is_crib=False)
>>> rows = check_lines(s, [("fifteen", "5H JS"), ("pair", "5H 5D"), ("run", "4C 5H JS")])
>>> [(r.kind, r.status) for r in rows if r.status != "missed"]
[('fifteen', 'right'), ('pair', 'right'), ('run', 'wrong')]
>>> claims = [("fifteen", "5H JS"), ("pair", "5H 5D")]
>>> sum(r.status == "missed" for r in rows), claimed_total(claims)
(6, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from crib.errors import CribError
from crib.rules.cards import Card, parse_cards
from crib.rules.scoring import Score

__all__ = ["KINDS", "Line", "line_points", "claimed_total", "check_lines", "LineError"]

KINDS = ("fifteen", "pair", "run", "flush", "nobs")


class LineError(CribError):
    """A claimed line that cannot be a line of that kind (shown to the student)."""


@dataclass(frozen=True)
class Line:
    kind: str
    cards: tuple[Card, ...]
    points: int
    status: str  # "right", "wrong" (claimed, not in the hand's count) or "missed"


def line_points(kind: str, cards: str | Sequence[Card]) -> int:
    """The points a line of this kind with these cards claims (checked only on submit,
    except that the number of cards must fit the kind)."""
    cs = parse_cards(cards) if isinstance(cards, str) else list(cards)
    need = {"fifteen": (2, 5), "pair": (2, 2), "run": (3, 5), "flush": (4, 5), "nobs": (1, 1)}
    if kind not in need:
        raise LineError(f"unknown kind {kind!r}: choose one of {', '.join(KINDS)}")
    lo, hi = need[kind]
    if not lo <= len(cs) <= hi:
        many = f"{lo}" if lo == hi else f"{lo} to {hi}"
        raise LineError(f"a {kind} uses {many} cards; {len(cs)} picked")
    return {"fifteen": 2, "pair": 2, "nobs": 1}.get(kind, len(cs))


def claimed_total(claims: Sequence[tuple[str, str | Sequence[Card]]]) -> int:
    """The running total of the claimed lines."""
    return sum(line_points(k, c) for k, c in claims)


def check_lines(score: Score, claims: Sequence[tuple[str, str | Sequence[Card]]]) -> list[Line]:
    """The claimed lines, each right or wrong, then the breakdown's lines not claimed."""
    todo = [(c.kind, frozenset(c.cards), c) for c in score.components]
    out: list[Line] = []
    for kind, cards in claims:
        cs = tuple(parse_cards(cards) if isinstance(cards, str) else cards)
        pts = line_points(kind, cs)
        key = (kind, frozenset(cs))
        hit = next((i for i, t in enumerate(todo) if t[:2] == key), None)
        if hit is None:
            out.append(Line(kind, cs, pts, "wrong"))
        else:
            out.append(Line(kind, cs, todo.pop(hit)[2].points, "right"))
    out += [Line(c.kind, tuple(c.cards), c.points, "missed") for _k, _s, c in todo]
    return out
