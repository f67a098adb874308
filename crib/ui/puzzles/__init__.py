"""The puzzles page (issue 40): its logic (:mod:`crib.ui.puzzles.flow`), its widgets
(:mod:`crib.ui.puzzles.app`, :mod:`crib.ui.puzzles.render`) and the page
(:mod:`crib.ui.puzzles.page`)."""
