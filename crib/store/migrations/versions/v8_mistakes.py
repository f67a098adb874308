"""7 -> 8: learners, and each learner's costliest decisions (issue #39, point 6).

* ``learners``: one row per learner (:mod:`crib.session.learner`): ``kind`` 'device' (a
  profile token kept in that browser) or 'class' (``CODE/name``), ``key``, the ``name``
  shown, ``created``.  Other per-learner tables (the mistakes here, puzzle attempts)
  hang off its ``id``.
* ``mistakes``: a learner's costly decision, with its position as JSON
  (:meth:`crib.session.retry.RetryPosition.to_dict`), ``digest`` (the position's
  SHA-256: the same position is kept once per learner), the ``move`` made and the
  ``best`` one (card text), the points ``lost``, ``created``, and the drill's state:
  ``right_count`` (right answers that counted), ``last_right`` (when the last one that
  counted was given; 0 none) and ``retired`` (1 once it left the set,
  :mod:`crib.store.mistakes`).
"""

from __future__ import annotations

from crib.store.migrate import ddl

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    ddl(
        """
        CREATE TABLE learners (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            key TEXT NOT NULL,
            name TEXT NOT NULL,
            created REAL NOT NULL,
            UNIQUE (kind, key)
        );
        CREATE TABLE mistakes (
            id INTEGER PRIMARY KEY,
            learner_id INTEGER NOT NULL REFERENCES learners(id),
            kind TEXT NOT NULL,
            position TEXT NOT NULL,
            digest TEXT NOT NULL,
            move TEXT NOT NULL,
            best TEXT NOT NULL,
            lost REAL NOT NULL,
            unit TEXT NOT NULL,
            created REAL NOT NULL,
            right_count INTEGER NOT NULL DEFAULT 0,
            last_right REAL NOT NULL DEFAULT 0,
            retired INTEGER NOT NULL DEFAULT 0,
            UNIQUE (learner_id, digest)
        );
        CREATE INDEX mistakes_by_learner ON mistakes(learner_id, retired, lost)
        """
    )
