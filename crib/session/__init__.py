"""The game session: a whole coached game as plain Python, with no widgets.

:class:`crib.session.controller.GameController` drives a :class:`crib.rules.game.Game`
for one human seat against a computer tier: the deal, the keys' actions, the coach's
grades and hints, the review, saving and loading.  The play page
(:mod:`crib.ui.play`) renders it; tests drive it through whole games with no
ipywidgets imported (``tests/test_layers.py`` checks that).

* ``controller``: the state machine and its actions;
* ``model``: the plain records the page draws (table, coach's notes, links);
* ``review``: the coach's grades of the game's decisions, and the position a decision
  was taken from;
* ``table``: what is on the table (hands, pile, crib, the show's lines).
"""
