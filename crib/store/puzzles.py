"""The puzzles' record: every attempt, and the Glicko-2 ratings of learners and puzzles.

A learner is an integer id (the learner table's: a device profile or a class seat,
:mod:`crib.store.learners` on the learners' branch).  :meth:`PuzzleStore.attempt` is
one write transaction: it reads both ratings (a new learner starts at 1500 +- 350, a
puzzle at its shipped rating +- :data:`~crib.analysis.puzzles.rating.PUZZLE_RD`),
updates both with Glicko-2 (:func:`crib.analysis.puzzles.glicko2.attempt`: one rating
period per attempt, each from the other's rating before it), appends the attempt and
writes both ratings back.  On PostgreSQL it locks the two rating rows first, so two
attempts on one puzzle update it one after the other.

>>> import tempfile, os
>>> st = PuzzleStore(os.path.join(tempfile.mkdtemp(), "c.sqlite3"))
>>> a = st.attempt(7, "p-1", 1300.0, "5H", True)
>>> a.rating_before, a.rating_after > 1500, a.puzzle_after < 1300
(1500.0, True, True)
>>> [h.puzzle_id for h in st.history(7)], st.seen(7)
(['p-1'], {'p-1'})
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from crib.analysis.puzzles.glicko2 import Rating, attempt
from crib.analysis.puzzles.rating import PUZZLE_RD
from crib.store.db import insert_id
from crib.store.schema import StoreConnection

__all__ = ["PuzzleStore", "Attempt"]


@dataclass(frozen=True)
class Attempt:
    """One stored attempt, with both ratings before and after it."""

    id: int
    learner_id: int
    puzzle_id: str
    move: str
    correct: bool
    mode: str
    rating_before: float
    rating_after: float
    rd_after: float
    puzzle_before: float
    puzzle_after: float
    created: float

    @property
    def change(self) -> float:
        """The learner's rating change."""
        return self.rating_after - self.rating_before


_COLS = (
    "id, learner_id, puzzle_id, move, correct, mode, rating_before, rating_after, rd_after, "
    "puzzle_rating_before, puzzle_rating_after, created"
)


def _attempt(row: Any) -> Attempt:
    v = list(row)
    v[4] = bool(v[4])
    return Attempt(*v)


class PuzzleStore(StoreConnection):
    """Attempts and ratings on the classroom record's database (SQLite or PostgreSQL)."""

    def learner_rating(self, learner_id: int) -> Rating:
        """The learner's rating (1500 +- 350 before any attempt)."""
        row = self.conn.execute(
            "SELECT rating, rd, sigma FROM puzzle_learners WHERE learner_id=?", (learner_id,)
        ).fetchone()
        return Rating(*row) if row else Rating()

    def puzzle_ratings(self) -> dict[str, float]:
        """The puzzles' updated ratings by id (only those attempted)."""
        rows = self.conn.execute("SELECT puzzle_id, rating FROM puzzle_ratings").fetchall()
        return {r[0]: r[1] for r in rows}

    def attempt(
        self,
        learner_id: int,
        puzzle_id: str,
        shipped_rating: float,
        move: str,
        correct: bool,
        mode: str = "rated",
    ) -> Attempt:
        """Record one attempt and update both ratings (see the module docstring)."""
        now = time.time()
        with self._write() as c:
            c.execute(
                "INSERT INTO puzzle_learners (learner_id, rating, rd, sigma, attempts, updated) "
                "VALUES (?, ?, ?, ?, 0, ?) ON CONFLICT (learner_id) DO NOTHING",
                (learner_id, 1500.0, 350.0, 0.06, now),
            )
            c.execute(
                "INSERT INTO puzzle_ratings (puzzle_id, rating, rd, sigma, attempts, solved) "
                "VALUES (?, ?, ?, ?, 0, 0) ON CONFLICT (puzzle_id) DO NOTHING",
                (puzzle_id, float(shipped_rating), PUZZLE_RD, 0.06),
            )
            self._lock(c, "puzzle_learners", "learner_id", learner_id)
            self._lock(c, "puzzle_ratings", "puzzle_id", puzzle_id)
            me = Rating(
                *c.execute(
                    "SELECT rating, rd, sigma FROM puzzle_learners WHERE learner_id=?",
                    (learner_id,),
                ).fetchone()
            )
            pz = Rating(
                *c.execute(
                    "SELECT rating, rd, sigma FROM puzzle_ratings WHERE puzzle_id=?",
                    (puzzle_id,),
                ).fetchone()
            )
            me2, pz2 = attempt(me, pz, correct)
            values = (
                learner_id,
                puzzle_id,
                move,
                int(correct),
                mode,
                me.r,
                me2.r,
                me2.rd,
                pz.r,
                pz2.r,
                now,
            )
            aid = insert_id(
                c,
                "INSERT INTO puzzle_attempts (learner_id, puzzle_id, move, correct, mode, "
                "rating_before, rating_after, rd_after, puzzle_rating_before, "
                "puzzle_rating_after, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                values,
            )
            c.execute(
                "UPDATE puzzle_learners SET rating=?, rd=?, sigma=?, attempts=attempts+1, "
                "updated=? WHERE learner_id=?",
                (me2.r, me2.rd, me2.sigma, now, learner_id),
            )
            c.execute(
                "UPDATE puzzle_ratings SET rating=?, rd=?, sigma=?, attempts=attempts+1, "
                "solved=solved+? WHERE puzzle_id=?",
                (pz2.r, pz2.rd, pz2.sigma, int(correct), puzzle_id),
            )
        return Attempt(aid, *values[:3], bool(correct), *values[4:])

    def history(self, learner_id: int, limit: int = 500) -> list[Attempt]:
        """The learner's attempts, oldest first (the last ``limit``)."""
        rows = self.conn.execute(
            f"SELECT {_COLS} FROM puzzle_attempts WHERE learner_id=? ORDER BY id DESC LIMIT ?",
            (learner_id, limit),
        ).fetchall()
        return [_attempt(r) for r in reversed(rows)]

    def seen(self, learner_id: int) -> set[str]:
        """The ids of the puzzles the learner has attempted."""
        rows = self.conn.execute(
            "SELECT DISTINCT puzzle_id FROM puzzle_attempts WHERE learner_id=?", (learner_id,)
        ).fetchall()
        return {r[0] for r in rows}
