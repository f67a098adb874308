"""1 -> 2: the teacher's reveals."""

from __future__ import annotations

from crib.store.migrate import ddl

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    ddl(
        """
        CREATE TABLE reveals (
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            question INTEGER NOT NULL,
            revealed REAL NOT NULL,
            PRIMARY KEY (session_id, question)
        );
        """
    )
