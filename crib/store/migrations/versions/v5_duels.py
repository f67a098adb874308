"""4 -> 5: classmate games (:data:`crib.store.duel_schema.DUEL_TABLES`)."""

from __future__ import annotations

from crib.store.duel_schema import DUEL_TABLES
from crib.store.migrate import append_only, ddl

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    ddl(DUEL_TABLES)
    append_only("duel_moves", "moves are append-only")
