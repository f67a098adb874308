"""The pages that ``crib serve`` shows (Voila renders each notebook).

This folder is installed as the package ``crib.pages`` (pyproject.toml, ``package-dir``):
the wheel holds it under ``crib/pages/``, and ``crib serve`` serves it from there.
"""
