"""Exact pegging analysis over every holding the opponent could have.

``analyze_play`` is the entry point; the solvers live in the modules beside it.
"""

from crib.analysis.play.solver import (
    MODELS,
    LineStep,
    PlayAnalysis,
    PlayOption,
    analyze_lead,
    analyze_play,
    best_line,
    holdings,
    minimax_by_holding,
    springing_holding,
)

__all__ = [
    "MODELS",
    "LineStep",
    "PlayAnalysis",
    "PlayOption",
    "analyze_lead",
    "analyze_play",
    "best_line",
    "holdings",
    "minimax_by_holding",
    "springing_holding",
]
