"""3 -> 4: class tournaments (:mod:`crib.store.tournaments`).

The tournament, its players in entry order, each round's tables and bye, and the
append-only results (a correction is a later row for the same table; the latest counts).
"""

from __future__ import annotations

from crib.store.migrate import append_only, ddl

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    ddl(
        """
        CREATE TABLE tournaments (
            id INTEGER PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            session_id INTEGER REFERENCES sessions(id),
            name TEXT NOT NULL,
            format TEXT NOT NULL CHECK (format IN ('round-robin', 'swiss')),
            length INTEGER NOT NULL CHECK (length IN (61, 121)),
            rounds INTEGER NOT NULL,
            seed INTEGER NOT NULL,
            created REAL NOT NULL
        );
        CREATE TABLE tournament_players (
            tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
            no INTEGER NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (tournament_id, no),
            UNIQUE (tournament_id, name)
        );
        CREATE TABLE tournament_tables (
            tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
            round INTEGER NOT NULL,
            table_no INTEGER NOT NULL,
            seat1 TEXT NOT NULL,
            seat2 TEXT,
            PRIMARY KEY (tournament_id, round, table_no)
        );
        CREATE TABLE tournament_results (
            id INTEGER PRIMARY KEY,
            tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
            round INTEGER NOT NULL,
            table_no INTEGER NOT NULL,
            score1 INTEGER NOT NULL,
            score2 INTEGER NOT NULL,
            source TEXT NOT NULL,
            log TEXT NOT NULL,
            created REAL NOT NULL,
            token TEXT NOT NULL UNIQUE,
            FOREIGN KEY (tournament_id, round, table_no)
                REFERENCES tournament_tables(tournament_id, round, table_no)
        );
        CREATE INDEX tournament_results_by_table
            ON tournament_results(tournament_id, round, table_no, id);
        """
    )
    append_only("tournament_results", "results are append-only")
    append_only("tournament_tables", "pairings are fixed once made", ("UPDATE",))
