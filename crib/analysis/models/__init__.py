"""Models, typed: what the analyzers, the coach, the pages and the CLI rank by.

A :class:`DiscardModel` says how a throw is valued (which :class:`CribModel`,
whether the kept four's pegging counts, the :class:`Objective`, and whether near
121 with the scores the throws are ranked by the chance of winning); a
:class:`PlayModel` says how a play is valued (how the opponent plays,
:class:`Minimax` or :class:`Policy` of a :class:`Tier`, and whether their
:class:`Holdings` are equally likely or weighted by how often they keep them).  A
:class:`Model` bundles one of each under a name.

The presets:

* :data:`MASTER`, the coach's model and the default everywhere: exactly what
  the Master player uses (:mod:`crib.ai.master`): the seat-conditioned
  self-play crib, the kept four's net pegging and, within
  ``MASTER_ENDGAME`` points of 121 with the scores given, P(win); in the play,
  minimax over holdings weighted by keep frequency.
* :data:`UNIFORM`, the exact teaching model: the uniform crib (every pair
  equally likely, scored exactly), no pegging; in the play, minimax over
  equally likely holdings.  The exact tables and the quizzes use it.
* :data:`EXPERT`: the values measured in Expert self-play (seat crib and
  pegging, no endgame); in the play, the opponent plays the Expert's pegging
  policy over equally likely holdings (grades by the Expert's net value).

Functions take model objects; text (a URL's, the command line's) is parsed once,
at the edge, by :func:`parse_model` and :func:`parse_tier`:

>>> PlayModel(opponent=Minimax(), holdings=Holdings.WEIGHTED).is_master
True
>>> DiscardModel(crib=CribModel.SELFPLAY, objective=Objective.WIN).objective
Objective.WIN
>>> parse_model("uniform", "discard") == UNIFORM.discard
True
>>> parse_model("policy:hard", "play").opponent == Policy(TIERS["hard"])
True
>>> parse_model("best", "discard")  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
crib.errors.ModelError: unknown discard model 'best': expected one of master, expert,
uniform, exact, table, selfplay
>>> UNIFORM.play.describe().startswith("Model: uniform")
True
>>> MASTER.discard.describe("fr").startswith("Modèle\\u00a0: le Maître")
True
"""

from __future__ import annotations

# the names of the two modules, listed once (in their own __all__)
from crib.analysis.models import core as _core
from crib.analysis.models import kinds as _kinds
from crib.analysis.models.core import *  # noqa: F403
from crib.analysis.models.kinds import *  # noqa: F403
from crib.analysis.models.words import MASTER_NOTE, PEG_NOTE, WIN_NOTE

__all__ = [*_kinds.__all__, *_core.__all__, "MASTER_NOTE", "PEG_NOTE", "WIN_NOTE"]
