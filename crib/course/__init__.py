"""The course helpers for the teaching notebooks (English and French)."""

from crib.course.notebooks import *  # noqa: F403
from crib.course.notebooks import __all__  # noqa: F401
