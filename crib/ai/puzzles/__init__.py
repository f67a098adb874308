"""Puzzle mining: positions from Master and tier self-play, kept by the coach's filters
(:mod:`crib.ai.puzzles.mine`); the puzzles themselves are :mod:`crib.analysis.puzzles`."""

from crib.ai.puzzles.mine import PAIRINGS, mine_chunk, mine_games

__all__ = ["PAIRINGS", "mine_chunk", "mine_games"]
