"""The classmate games' tables (see :mod:`crib.store.duels`): Alembic's revision 0005.

Kept as one string, in SQLite's words, that the revision
(``crib/store/migrations/versions/v5_duels.py``) runs through
:func:`crib.store.migrate.ddl` on either database; the revision adds the append-only
triggers.  Every table is prefixed ``duel``.

* ``duels``: a table (its code, the seed of the cut for deal, the two halves of the
  FairDeal secret, the commitment, the rules, how it ended and the whole log at the end);
* ``duel_seats``: who sits where, the seat's token (the page's link), the last heartbeat
  and whether the player pressed Leave;
* ``duel_moves``: every decision, append-only (the revision's triggers refuse UPDATE and
  DELETE), with the engine's events it let through; ``move_id`` makes a retry idempotent
  and ``(duel_id, seat, n)`` refuses a second, different move for the same decision.
"""

from __future__ import annotations

__all__ = ["DUEL_TABLES"]

DUEL_TABLES = """
CREATE TABLE duels (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    seed INTEGER NOT NULL,
    master_seed INTEGER NOT NULL,
    client_seed INTEGER,
    commit_hash TEXT NOT NULL DEFAULT '',
    manual TEXT NOT NULL DEFAULT '00',
    muggins INTEGER NOT NULL DEFAULT 0,
    start_scores TEXT NOT NULL DEFAULT '0-0',
    status TEXT NOT NULL DEFAULT 'waiting'
        CHECK (status IN ('waiting', 'playing', 'over', 'abandoned')),
    reason TEXT NOT NULL DEFAULT '',
    winner INTEGER,
    log TEXT NOT NULL DEFAULT '',
    session_id INTEGER REFERENCES sessions(id),
    created REAL NOT NULL,
    ended REAL
);
CREATE TABLE duel_seats (
    duel_id INTEGER NOT NULL REFERENCES duels(id),
    seat INTEGER NOT NULL CHECK (seat IN (0, 1)),
    name TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    joined REAL NOT NULL,
    seen REAL NOT NULL,
    left_table INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (duel_id, seat)
);
CREATE TABLE duel_moves (
    id INTEGER PRIMARY KEY,
    duel_id INTEGER NOT NULL REFERENCES duels(id),
    seat INTEGER NOT NULL,
    n INTEGER NOT NULL,
    kind TEXT NOT NULL,
    action TEXT NOT NULL,
    events TEXT NOT NULL,
    move_id TEXT NOT NULL UNIQUE,
    created REAL NOT NULL,
    UNIQUE (duel_id, seat, n)
);
CREATE INDEX duel_moves_by_duel ON duel_moves(duel_id, id);
"""
