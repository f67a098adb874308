"""The teaching notebooks, and the five lessons (``lessons/``) in English and French.

This folder is installed as the package ``crib.notebooks`` (pyproject.toml,
``package-dir``): ``crib notebooks DIR`` copies them out of an installed crib.
"""
