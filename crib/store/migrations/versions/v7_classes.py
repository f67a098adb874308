"""6 -> 7: a class (its name and its students) kept from one lesson to the next.

* ``classes``: a class by its name (unique in the record, whatever its letter case:
  :mod:`crib.store.classes` checks that), and when it was made.
* ``class_students``: the class roster, one row a student (a name, unique in its class),
  and when the student was added (typed by the teacher, or joining a session of the class).
* ``sessions.class_id``: the class a session was run for (NULL: none).

The sessions, students and answers already in the record are kept as they are: every
existing session gets ``class_id`` NULL (it was run for no class), and no class is made
from it, since old sessions often share a name ("Class 1") and a class is one group of
students.  A teacher who wants an old session's students as a class makes one from it
on the teacher page (:meth:`crib.store.classes.ClassStore.class_from_session`).
"""

from __future__ import annotations

from crib.store.migrate import ddl

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    ddl(
        """
        CREATE TABLE classes (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            created REAL NOT NULL
        );
        CREATE TABLE class_students (
            class_id INTEGER NOT NULL REFERENCES classes(id),
            name TEXT NOT NULL,
            added REAL NOT NULL,
            PRIMARY KEY (class_id, name)
        );
        ALTER TABLE sessions ADD COLUMN class_id INTEGER REFERENCES classes(id);
        CREATE INDEX sessions_by_class ON sessions(class_id)
        """
    )
