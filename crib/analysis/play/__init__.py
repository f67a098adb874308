"""Exact pegging analysis over every holding the opponent could have.

``analyze_play`` is the entry point.  The modules, each small:

* :mod:`~crib.analysis.play.holdings`: the opponent's holdings by rank multiset,
  and the root of a position in solver form;
* :mod:`~crib.analysis.play.minimax`: the fast minimax per holding
  (``minimax_by_holding``);
* :mod:`~crib.analysis.play.policy`: the opponent as the computer's policy;
* :mod:`~crib.analysis.play.analysis`: ``analyze_play`` and ``analyze_lead``;
* :mod:`~crib.analysis.play.result`: ``PlayOption`` and ``PlayAnalysis``;
* :mod:`~crib.analysis.play.line`: principal lines (``best_line``);
* :mod:`~crib.analysis.play.reference`: the plain expectiminimax over the rules
  engine that the fast minimax is tested equal to.
"""

from crib.analysis.play.analysis import analyze_lead, analyze_play
from crib.analysis.play.holdings import holdings
from crib.analysis.play.line import LineStep, best_line, springing_holding
from crib.analysis.play.minimax import minimax_by_holding
from crib.analysis.play.reference import expectiminimax
from crib.analysis.play.result import PlayAnalysis, PlayOption

__all__ = [
    "LineStep",
    "PlayAnalysis",
    "PlayOption",
    "analyze_lead",
    "analyze_play",
    "best_line",
    "expectiminimax",
    "holdings",
    "minimax_by_holding",
    "springing_holding",
]
