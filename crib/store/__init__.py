"""The classroom record, on SQLite or PostgreSQL: the connection (:mod:`crib.store.db`),
the schema and its Alembic migrations (:mod:`crib.store.schema`,
:mod:`crib.store.migrate`), and the stores of sessions and answers
(:mod:`crib.store.classroom`), classmate games (:mod:`crib.store.duels`) and tournaments
(:mod:`crib.store.tournaments`, :mod:`crib.store.tournament_tables`)."""
