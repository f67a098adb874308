"""0 -> 1: sessions, students and the append-only answers."""

from __future__ import annotations

from crib.store.migrate import append_only, ddl, refuse_function

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    refuse_function()
    ddl(
        """
        CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            seed INTEGER NOT NULL,
            questions TEXT NOT NULL,
            created REAL NOT NULL
        );
        CREATE TABLE students (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            name TEXT NOT NULL,
            joined REAL NOT NULL,
            UNIQUE (session_id, name)
        );
        CREATE TABLE answers (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            student_id INTEGER NOT NULL REFERENCES students(id),
            question INTEGER NOT NULL,
            kind TEXT NOT NULL,
            answer TEXT NOT NULL,
            correct INTEGER NOT NULL,
            lost REAL NOT NULL,
            miss TEXT NOT NULL,
            seconds REAL NOT NULL,
            created REAL NOT NULL,
            token TEXT NOT NULL UNIQUE
        );
        CREATE INDEX answers_by_session ON answers(session_id, question);
        """
    )
    append_only("answers", "answers are append-only")
