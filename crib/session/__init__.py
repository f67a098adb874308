"""The game session: a whole coached game as plain Python, with no widgets.

:class:`crib.session.controller.GameController` drives a :class:`crib.rules.game.Game`
for one human seat against a computer tier: the deal, the keys' actions, the coach's
grades and hints, the review, saving and loading.  The play page
(:mod:`crib.ui.play`) renders it; tests drive it through whole games with no
ipywidgets imported (``tests/test_layers.py`` checks that).

* ``controller``: the state machine and its actions; it holds a ``Table`` and a ``Coach``;
* ``model``: the plain records the page draws (table, coach's notes, links);
* ``review``: the ``Coach`` (grades, hints, the review), saved games and their grading;
  a play is graded from ``PeggingPosition.from_observation``, the position the Master
  searches; it re-exports ``saved`` (loading, replaying and reading a saved game's log)
  and ``grading`` (grading a decision or a whole saved game);
* ``table``: the ``Table``, what is on the table (hands, pile, crib, the show's lines);
* ``warm``: warming a computer tier up before the game.
"""
