"""The package version: one definition, read by crib/__init__.py, the game logs
(crib.ai.sim) and the build (pyproject.toml takes it from here)."""

__version__ = "0.1.0"
