"""Alembic's env.py: the body is :func:`crib.store.migrate.run_migrations`.

Alembic runs this file with its ``context`` set up; imported otherwise (pytest's doctest
collection imports every module of the package) it does nothing.
"""

from __future__ import annotations

from alembic import context

from crib.store.migrate import run_migrations

try:
    _config = context.config
except AttributeError:  # not run by Alembic
    _config = None

if _config is not None:
    run_migrations(context, _config.attributes["connection"])
