"""Alembic's environment and revisions for the classroom record (see :mod:`crib.store.migrate`).

A new revision is a file in ``versions/`` named ``vN_what.py``, with ``revision = "000N"``
(the next number: :func:`crib.store.migrate.version` reads it as an int) and
``down_revision`` the one before; it writes its DDL once with
:func:`crib.store.migrate.ddl` and :func:`~crib.store.migrate.append_only`, and
:data:`crib.store.schema.SCHEMA_VERSION` moves to N (tests/test_store.py checks that
it is Alembic's head).  Never edit a revision that has shipped: add the next.
"""
