"""A puzzle, as shipped in ``data/puzzles.jsonl.gz`` (one JSON object a line), and loading it.

A puzzle is a discard (six cards, the seat and the scores: throw two) or a play (a
pegging position in :meth:`PeggingPosition.to_text` form, the seat and the
opponent's cards played this hand: play one).  It carries the coach's answer, every
answer worth as much (``accepted``), the next best answer (``runner``), the margin
between them and its unit (points, or ``"win"``: percentage points of P(win)), the
tiers' exact chances of solving it, its initial rating, its themes, and the answer
in English and French twice: in plain words for a learner (``plain``,
:mod:`crib.analysis.puzzles.plain`) and as the coach's figures (``words``,
:mod:`crib.analysis.puzzles.words`).

:meth:`Puzzle.public` is what a page may show before the move: never the answer.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from crib.rules.cards import Card, cards_str, parse_card, parse_cards
from crib.rules.position import PeggingPosition

__all__ = ["Puzzle", "puzzle_id", "load_puzzles", "write_puzzles", "DATA_FILE", "normal_move"]

#: themes read from the position alone, shown before the move; the others (a formation,
#: fifteen, feeding the crib…) are worked out from the answer, so they would hint at it
PUBLIC_THEMES = ("dealer", "pone", "endgame", "lead")

DATA_FILE = "puzzles.jsonl.gz"


def puzzle_id(kind: str, key: str) -> str:
    """A short stable id from the kind and the position.

    >>> puzzle_id("play", "hand 5H 6D | opp 4")
    'p-6662d10a'
    """
    return f"{kind[0]}-{hashlib.sha256(key.encode()).hexdigest()[:8]}"


def normal_move(kind: str, move: str) -> str:
    """A move as the puzzle stores it: a card, or a throw of two cards in rank order.

    >>> normal_move("discard", "9h 5d"), normal_move("play", "tc")
    ('5D 9H', 'TC')
    """
    cards = parse_cards(move)
    if kind == "discard":
        return cards_str(sorted(cards, key=lambda c: (c.rank, c.suit)))
    return str(parse_card(move))


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (see the module docstring)."""

    id: str
    kind: str  # "discard" or "play"
    dealer: bool
    scores: tuple[int, int]  # mine, the opponent's
    hand: str  # the six cards (discard) or the cards held (play)
    position: str  # the pegging position's text ("" for a discard)
    opp_played: str  # the opponent's cards played this hand (play)
    answer: str
    accepted: tuple[str, ...]
    runner: str
    margin: float
    unit: str  # "points" or "win"
    solve: dict[str, float]  # tier key -> P(solve), exact
    rating: float
    themes: tuple[str, ...]
    words: dict[str, str] = field(default_factory=dict)  # lang -> the coach's figure sentence
    plain: dict[str, str] = field(default_factory=dict)  # lang -> the answer in plain words
    source: dict[str, Any] = field(default_factory=dict, compare=False)

    # --- the position --------------------------------------------------------------
    def six(self) -> tuple[Card, ...]:
        return parse_cards(self.hand)

    def pegging(self) -> PeggingPosition:
        return PeggingPosition.parse(self.position)

    def legal_moves(self) -> tuple[str, ...]:
        """Every move the learner may make: the 15 throws, or the legal cards."""
        if self.kind == "discard":
            from itertools import combinations

            return tuple(normal_move("discard", cards_str(t)) for t in combinations(self.six(), 2))
        return tuple(str(c) for c in self.pegging().legal())

    def solved_by(self, move: str) -> bool:
        """Whether ``move`` (a throw or a card, as text) is one of the accepted answers."""
        return normal_move(self.kind, move) in self.accepted

    def public(self) -> dict[str, Any]:
        """What the page may show before the move: the position, never the answer."""
        return {
            "id": self.id,
            "kind": self.kind,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "hand": self.hand,
            "position": self.position,
            "opp_played": self.opp_played,
            "rating": self.rating,
            # only the themes the position shows (the others come from the answer)
            "themes": [t for t in self.themes if t in PUBLIC_THEMES],
        }

    # --- storage -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        d = self.public()
        d.update(
            answer=self.answer,
            accepted=list(self.accepted),
            runner=self.runner,
            margin=self.margin,
            unit=self.unit,
            solve=self.solve,
            words=self.words,
            plain=self.plain,
            source=self.source,
            themes=list(self.themes),  # all of them (the page gets only the public ones)
        )
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Puzzle:
        return cls(
            id=d["id"],
            kind=d["kind"],
            dealer=bool(d["dealer"]),
            scores=(int(d["scores"][0]), int(d["scores"][1])),
            hand=d["hand"],
            position=d.get("position", ""),
            opp_played=d.get("opp_played", ""),
            answer=d["answer"],
            accepted=tuple(d["accepted"]),
            runner=d["runner"],
            margin=float(d["margin"]),
            unit=d["unit"],
            solve=dict(d["solve"]),
            rating=float(d["rating"]),
            themes=tuple(d["themes"]),
            words=dict(d.get("words", {})),
            plain=dict(d.get("plain", {})),  # files written before the plain words: none
            source=dict(d.get("source", {})),
        )


def write_puzzles(path: str | Path, puzzles: list[Puzzle]) -> None:
    """Write the puzzles, one JSON line each, gzipped (byte-stable: no timestamp)."""
    text = "".join(
        json.dumps(p.to_json(), ensure_ascii=False, sort_keys=True) + "\n" for p in puzzles
    )
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
        f.write(text.encode())
    _load.cache_clear()  # a file read before is stale now


@cache
def _load(path: str) -> tuple[Puzzle, ...]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return tuple(Puzzle.from_json(json.loads(line)) for line in f if line.strip())


def load_puzzles(path: str | Path | None = None) -> tuple[Puzzle, ...]:
    """The shipped puzzles (``data/puzzles.jsonl.gz``), or those of ``path``; cached."""
    if path is None:
        from crib.datafiles import data_path

        path = data_path(DATA_FILE)
    return _load(str(path))
