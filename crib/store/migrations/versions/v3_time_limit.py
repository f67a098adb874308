"""2 -> 3: a time limit per set, in seconds from each student's join (0: none)."""

from __future__ import annotations

from crib.store.migrate import ddl

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    ddl("ALTER TABLE sessions ADD COLUMN time_limit REAL NOT NULL DEFAULT 0;")
