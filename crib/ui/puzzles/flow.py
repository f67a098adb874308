"""What the puzzles page does, without the widgets: set a puzzle, take the move, judge it.

A :class:`PuzzleFlow` holds the shipped puzzles, the record
(:class:`crib.store.puzzles.PuzzleStore`, or none: ratings kept in memory only) and one
learner (an integer id from the learner table).  :meth:`PuzzleFlow.show` is all the
page gets before the move: the position (:meth:`crib.analysis.puzzles.model.Puzzle.public`),
never the answer or its words.  :meth:`PuzzleFlow.move` records the attempt, updates
both ratings with Glicko-2 and only then returns the verdict: solved or not, the
answer, its plain words (``plain``) and the coach's figure sentence (``words``) in the
page's language, the rating change, and the exact figures for "How this was computed".

Modes: ``rated`` (the next puzzle near the learner's rating, in a theme if one is
chosen), ``streak`` (puzzles from the easiest up, until the first miss), and ``daily``
(:func:`daily_puzzle`: the same puzzle for everyone on a date).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from crib.analysis.puzzles.glicko2 import Rating, attempt
from crib.analysis.puzzles.model import Puzzle
from crib.analysis.puzzles.rating import PUZZLE_RD, next_puzzle
from crib.errors import CribError

__all__ = ["PuzzleFlow", "daily_puzzle", "MODES"]

MODES = ("rated", "streak", "daily")


def daily_puzzle(puzzles: Sequence[Puzzle], day: dt.date) -> Puzzle:
    """The puzzle of ``day``: the same for everyone (a hash of the date picks it among
    the puzzles sorted by id), rated between 1100 and 1600 when there are such.

    >>> from crib.analysis.puzzles.model import Puzzle
    >>> ps = [Puzzle(f"p{i}", "play", False, (0, 0), "", "", "", "", (), "", 1.0, "points",
    ...              {}, 1200.0 + i, ()) for i in range(50)]
    >>> daily_puzzle(ps, dt.date(2026, 12, 5)) == daily_puzzle(ps[::-1], dt.date(2026, 12, 5))
    True
    """
    pool = sorted(puzzles, key=lambda p: p.id)
    mid = [p for p in pool if 1100 <= p.rating <= 1600] or pool
    h = int.from_bytes(hashlib.sha256(f"crib-daily:{day.isoformat()}".encode()).digest()[:8])
    return mid[h % len(mid)]


@dataclass
class PuzzleFlow:
    """One learner's puzzle run (see the module docstring)."""

    puzzles: Sequence[Puzzle]
    learner_id: int
    store: Any = None  # a PuzzleStore, or None (ratings in memory)
    mode: str = "rated"
    theme: str | None = None
    lang: str = "en"
    rng: random.Random = field(default_factory=random.Random)
    current: Puzzle | None = None
    streak: int = 0
    over: bool = False
    _rating: Rating = field(default_factory=Rating)
    _seen: set[str] = field(default_factory=set)
    _puzzle_ratings: dict[str, Rating] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise CribError(f"unknown puzzle mode {self.mode!r}: expected {', '.join(MODES)}")
        self._by_id = {p.id: p for p in self.puzzles}

    # --- ratings ----------------------------------------------------------------
    @property
    def rating(self) -> Rating:
        return self.store.learner_rating(self.learner_id) if self.store else self._rating

    def _seen_ids(self) -> set[str]:
        return self.store.seen(self.learner_id) if self.store else self._seen

    # --- the puzzle ----------------------------------------------------------------
    def next(self, day: dt.date | None = None) -> dict[str, Any] | None:
        """Set the next puzzle and return what the page may show (None: none left)."""
        if self.mode == "daily":
            self.current = daily_puzzle(self.puzzles, day or dt.date.today())
        elif self.mode == "streak":
            if self.over:
                return None
            seen = self._seen_ids()
            pool = [p for p in self.puzzles if p.id not in seen and self._theme_ok(p)]
            floor = 800 + 50 * self.streak  # each solve asks a little more
            pool = [p for p in pool if p.rating >= floor] or pool
            self.current = min(pool, key=lambda p: (p.rating, p.id)) if pool else None
        else:
            ratings = (
                self.store.puzzle_ratings()
                if self.store
                else {k: r.r for k, r in self._puzzle_ratings.items()}
            )
            self.current = next_puzzle(
                self.puzzles,
                self.rating.r,
                theme=self.theme,
                seen=self._seen_ids(),
                ratings=ratings,
                rng=self.rng,
            )
        return self.show()

    def _theme_ok(self, p: Puzzle) -> bool:
        return self.theme is None or self.theme in p.themes

    def show(self) -> dict[str, Any] | None:
        """The current puzzle as the page may show it before the move: never the answer."""
        return None if self.current is None else self.current.public()

    def move(self, move: str) -> dict[str, Any]:
        """Judge ``move`` on the current puzzle, record it, and return the verdict."""
        p = self.current
        if p is None:
            raise CribError("no puzzle is set: call next() first")
        correct = p.solved_by(move)
        before = self.rating
        if self.store is not None:
            a = self.store.attempt(self.learner_id, p.id, p.rating, move, correct, self.mode)
            after_r, puzzle_before, puzzle_after = a.rating_after, a.puzzle_before, a.puzzle_after
        else:
            pz = self._puzzle_ratings.get(p.id, Rating(p.rating, PUZZLE_RD))
            me2, pz2 = attempt(before, pz, correct)
            self._rating, self._puzzle_ratings[p.id] = me2, pz2
            self._seen.add(p.id)
            after_r, puzzle_before, puzzle_after = me2.r, pz.r, pz2.r
        if self.mode == "streak":
            self.streak = self.streak + 1 if correct else self.streak
            self.over = not correct
        self.current = None
        return {
            "id": p.id,
            "move": move,
            "correct": correct,
            "answer": p.answer,
            "accepted": list(p.accepted),
            "words": p.words.get(self.lang, p.words.get("en", "")),
            "plain": p.plain.get(self.lang, p.plain.get("en", "")),
            "themes": list(p.themes),
            "rating_before": round(before.r, 1),
            "rating_after": round(after_r, 1),
            "change": round(after_r - before.r, 1),
            "streak": self.streak,
            "figures": {
                "margin": p.margin,
                "unit": p.unit,
                "runner": p.runner,
                "solve": dict(p.solve),
                "puzzle_rating_before": round(puzzle_before, 1),
                "puzzle_rating_after": round(puzzle_after, 1),
            },
        }
