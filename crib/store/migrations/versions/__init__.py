"""The classroom record's revisions, oldest first (Alembic skips this file)."""
