"""The puzzles page's logic (issue 40): :mod:`crib.ui.puzzles.flow`."""
