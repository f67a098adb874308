"""8 -> 9: the puzzles' record (issue 40): every attempt, and the learners' and puzzles'
Glicko-2 ratings (:mod:`crib.store.puzzles`).

* ``puzzle_attempts``: one row per attempt (append-only): the learner (an integer id,
  ``learners.id`` of revision 0008: :mod:`crib.session.learner`), the puzzle's id, the
  move, whether it solved the puzzle, the mode (``rated``, ``streak``, ``daily``,
  ``theme``, ``class``...), both ratings before and after, and when.
* ``puzzle_learners``: a learner's current rating (r, RD, sigma) and attempts.
* ``puzzle_ratings``: a puzzle's current rating, attempts and solves (a puzzle not in it
  has its shipped rating).

"""

from __future__ import annotations

from crib.store.migrate import append_only, ddl

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

PUZZLE_TABLES = """
CREATE TABLE puzzle_attempts (
    id INTEGER PRIMARY KEY,
    learner_id INTEGER NOT NULL,
    puzzle_id TEXT NOT NULL,
    move TEXT NOT NULL,
    correct INTEGER NOT NULL,
    mode TEXT NOT NULL DEFAULT '',
    rating_before REAL NOT NULL,
    rating_after REAL NOT NULL,
    rd_after REAL NOT NULL,
    puzzle_rating_before REAL NOT NULL,
    puzzle_rating_after REAL NOT NULL,
    created REAL NOT NULL
);
CREATE INDEX puzzle_attempts_learner ON puzzle_attempts (learner_id, id);
CREATE INDEX puzzle_attempts_puzzle ON puzzle_attempts (puzzle_id);
CREATE TABLE puzzle_learners (
    learner_id INTEGER PRIMARY KEY,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    sigma REAL NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    updated REAL NOT NULL
);
CREATE TABLE puzzle_ratings (
    puzzle_id TEXT PRIMARY KEY,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    sigma REAL NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    solved INTEGER NOT NULL DEFAULT 0
)
"""


def upgrade() -> None:
    ddl(PUZZLE_TABLES)
    append_only("puzzle_attempts", "puzzle attempts are append-only", ("UPDATE",))
