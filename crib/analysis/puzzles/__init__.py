"""Rated cribbage puzzles (issue 40): positions from self-play where one answer is
clearly best by the coach's model and a weaker tier usually misses it.

* :mod:`~crib.analysis.puzzles.model`: the :class:`Puzzle` and the shipped file;
* :mod:`~crib.analysis.puzzles.judge`: the coach's verdict, the margin, the tiers'
  exact chances of solving;
* :mod:`~crib.analysis.puzzles.themes`: the themes;
* :mod:`~crib.analysis.puzzles.words`: the answer in plain words (English, French);
* :mod:`~crib.analysis.puzzles.rating`: the first rating from the tiers, the next puzzle;
* :mod:`~crib.analysis.puzzles.glicko2`: Glicko-2, per attempt;
* :mod:`~crib.analysis.puzzles.build`: the shipped set from mined chunks.

The mining itself plays games, so it is the AI's: :mod:`crib.ai.puzzles`.
"""

from crib.analysis.puzzles.glicko2 import Rating, attempt
from crib.analysis.puzzles.model import Puzzle, load_puzzles
from crib.analysis.puzzles.rating import initial_rating, next_puzzle
from crib.analysis.puzzles.themes import THEMES

__all__ = ["Puzzle", "load_puzzles", "Rating", "attempt", "initial_rating", "next_puzzle", "THEMES"]
