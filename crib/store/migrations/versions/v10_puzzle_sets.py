"""9 -> 10: a class session's puzzle set (issue 40, point 4) (:mod:`crib.store.puzzle_sets`).

* ``puzzle_sets``: the set the teacher gave a class session (one per session; giving a
  new one replaces it): the session's id, the theme ('' any), the rating band (lo, hi),
  the puzzles' ids in order (a JSON list) and when it was given.
* ``puzzle_set_names``: a student name in that session's set, bound to the device that
  first used it (a SHA-256 of the browser's profile token, :mod:`crib.session.learner`):
  another device typing the same name is refused, so that nobody makes attempts in a
  classmate's name.  ``name_key`` is the name case-folded, ``name`` as first typed;
  ``device`` is '' once the teacher frees the name for another device.

The attempts themselves go to ``puzzle_attempts`` (revision 0009) with the mode
``class``, under the class learner's id.
"""

from __future__ import annotations

from crib.store.migrate import ddl

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

PUZZLE_SET_TABLES = """
CREATE TABLE puzzle_sets (
    session_id INTEGER PRIMARY KEY,
    theme TEXT NOT NULL DEFAULT '',
    lo REAL NOT NULL,
    hi REAL NOT NULL,
    puzzle_ids TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE puzzle_set_names (
    session_id INTEGER NOT NULL,
    name_key TEXT NOT NULL,
    name TEXT NOT NULL,
    device TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (session_id, name_key)
)
"""


def upgrade() -> None:
    ddl(PUZZLE_SET_TABLES)
