"""The shipped tables and measured figures.

This folder is installed as the package ``crib.data`` (pyproject.toml, ``package-dir``):
the wheel holds it under ``crib/data/``, and an editable install maps ``crib.data`` here.
Read a file with :func:`crib.datafiles.data_path`.
"""
