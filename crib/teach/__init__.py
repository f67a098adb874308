"""The course helpers for the teaching notebooks (English and French)."""

from crib.teach.course import *  # noqa: F403
from crib.teach.course import __all__  # noqa: F401
