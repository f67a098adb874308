"""The analyzer pages' state, with no widgets (as :mod:`crib.session.controller` is the
game's): the models a page can rank by, and the discard analyzer's choices, practice
hand and analyses.  The page (:mod:`crib.ui.analyze.discard`) only draws what this holds
and passes its controls' values in.

The models a page offers are keyed by the names its selector and its URL use
(:data:`DISCARD_MODELS`, :data:`PLAY_MODELS`); each key is parsed once, here, into a
typed model (:mod:`crib.analysis.models`).

>>> d = DiscardAnalyzer(dealer=True)
>>> a = d.analyze("5H 5D 6C 7S 8H 9D")
>>> len(a.throws), d.second is not None, d.objective
(15, True, 'ev')
>>> d.scores = (112, 40)        # within reach of 121: ranked by the chance of winning
>>> d.settle_objective(), d.objective_locked
('win', True)
>>> d.scores = None             # out of reach again: the choice made before comes back
>>> d.settle_objective()
'ev'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from crib.analysis.coach import board_applies
from crib.analysis.discard import DiscardAnalysis, analyze_discard
from crib.analysis.models import (
    EXPERT,
    MASTER,
    MASTER_ENDGAME,
    TIERS,
    UNIFORM,
    DiscardModel,
    Objective,
    PlayModel,
    Policy,
    Tier,
)
from crib.analysis.play import PlayAnalysis, analyze_play
from crib.analysis.play.board import BoardAnalysis, analyze_board
from crib.errors import SaidError
from crib.i18n import N_, tr
from crib.rules.cards import DECK, Card, parse_cards
from crib.rules.constants import WIN
from crib.rules.position import PeggingPosition

__all__ = [
    "COACH_MODEL",
    "ModelChoice",
    "DISCARD_MODELS",
    "PLAY_MODELS",
    "second_opinion_key",
    "in_reach",
    "run_discard",
    "run_play",
    "run_board",
    "DiscardAnalyzer",
]

#: the key of the model behind every verdict the analyzers give by default (the coach's)
COACH_MODEL = "master"


@dataclass(frozen=True)
class ModelChoice:
    """A model a page can rank by: its label, a plain sentence (catalog messages, with
    ``args`` to fill them in), the model object."""

    key: str
    label: str
    plain: str
    model: DiscardModel | PlayModel = field(default=MASTER.discard)
    args: tuple[tuple[str, Any], ...] = ()

    def _fill(self, msg: str, lang: str) -> str:
        _ = tr(lang)
        return _(msg).format(
            **{
                k: v.name_in(lang) if isinstance(v, Tier) else _(v) if isinstance(v, str) else v
                for k, v in self.args
            }
        )

    def label_in(self, lang: str = "en") -> str:
        """The label in ``lang``."""
        return self._fill(self.label, lang)

    def plain_in(self, lang: str = "en") -> str:
        """The plain sentence in ``lang``."""
        return self._fill(self.plain, lang)


DISCARD_MODELS: dict[str, ModelChoice] = {
    "expert": ModelChoice(
        "expert",
        N_("Expert self-play (crib + pegging)"),
        N_(
            "Hand: the four cards you keep, averaged over the 46 starters you cannot see. Crib: "
            "what cribs score when the other player throws as the Expert does, measured over many "
            "self-play games. Pegging: what these four cards peg against the Expert, minus what "
            "the Expert pegs."
        ),
        EXPERT.discard,
    ),
    "uniform": ModelChoice(
        "uniform",
        N_("Uniform crib, exact (teaching)"),
        N_(
            "Hand: the four cards you keep, averaged over the 46 starters you cannot see. Crib: "
            "every pair the opponent could throw counts as equally likely, with every starter, and "
            "each crib is scored exactly. No pegging."
        ),
        UNIFORM.discard,
    ),
    "master": ModelChoice(
        "master",
        N_("Master"),
        N_(
            "Hand: the four cards you keep, averaged over the 46 starters you cannot see. Crib: "
            "what cribs score when the other player throws as the Expert does (seat by seat, "
            "measured in self-play). Pegging: what these four cards peg minus what the opponent "
            "pegs, from self-play. Within {endgame} points of 121, with the scores given, the "
            "throws are ranked by the chance of winning instead."
        ),
        MASTER.discard,
        (("endgame", MASTER_ENDGAME),),
    ),
}

PLAY_MODELS: dict[str, ModelChoice] = {
    "expert": ModelChoice(  # the key the page has always used for the uniform minimax
        "expert",
        N_("Perfect play, exact (minimax)"),
        N_(
            "Every hand the opponent could hold counts as equally likely; from there, both of you "
            "play perfectly to the end of the play."
        ),
        UNIFORM.play,
    ),
}
for _tier in reversed([t for t in TIERS.values() if t.policy]):  # Expert first
    _pm = EXPERT.play if _tier.key == "expert" else PlayModel(_tier.key, opponent=Policy(_tier))
    PLAY_MODELS[_pm.opponent.key] = ModelChoice(
        _pm.opponent.key,
        N_("Opponent plays like the {tier} computer"),
        N_(
            "Every hand the opponent could hold counts as equally likely; the opponent plays as "
            "the {tier} computer does, and you play your best reply."
        ),
        _pm,
        (("tier", _tier),),
    )
PLAY_MODELS["master"] = ModelChoice(
    "master",
    N_("Master (weighted holdings, exact)"),
    N_(
        "Every hand the opponent could hold is weighted by how often a strong player "
        "keeps it (keep frequencies measured in self-play); from there, both of you "
        "play perfectly to the end of the play. In a game the Master also reads the cards "
        "the opponent has played, and each grade's note says how; a position typed here "
        "has no plays to read, and this is how the Master plays it."
    ),
    MASTER.play,
)


def second_opinion_key(key: str, models: dict[str, ModelChoice]) -> str:
    """The model to compare with: the coach's, or (on the coach's own) the first other one."""
    if key != COACH_MODEL:
        return COACH_MODEL
    if "uniform" in models:  # discards: the teaching model is the telling comparison
        return "uniform"
    return next(k for k in models if k != COACH_MODEL)


def in_reach(scores: tuple[int, int] | None) -> bool:
    """Within reach of 121 (either player within ``MASTER_ENDGAME`` points, as the coach
    counts it in the game): every grade is by the chance of winning.

    >>> in_reach((95, 40)), in_reach((90, 90)), in_reach(None)
    (True, False, False)
    """
    return scores is not None and WIN - max(scores) <= MASTER_ENDGAME


def run_discard(
    six: Any,
    *,
    dealer: bool,
    key: str,
    scores: tuple[int, int] | None = None,
    objective: str = "ev",
) -> DiscardAnalysis:
    """The page's analysis by the chosen model; a model with an endgame (the Master's)
    chooses its own objective, so the page's objective applies to the others only, and
    within reach of 121 (:func:`in_reach`) every model ranks by the chance of winning,
    as the coach grades in the game."""
    m = DISCARD_MODELS[key].model
    assert isinstance(m, DiscardModel)
    if in_reach(scores):
        objective = "win"
    if not m.endgame:  # the page's objective, parsed here at the edge
        m = replace(m, objective=Objective.parse(objective))
    return analyze_discard(six, dealer=dealer, model=m, scores=scores)


def run_play(position: Any, key: str) -> PlayAnalysis:
    """The play analysis by the model the page's selector names."""
    return analyze_play(position, model=PLAY_MODELS[key].model)


def run_board(
    position: PeggingPosition, *, opp_dealer: bool | None, key: str
) -> BoardAnalysis | None:
    """Near 121, with the scores, the starter and the dealer known (the game's rule,
    :func:`crib.analysis.coach.board_applies`), every card by the chance of winning the
    game: holdings weighted by how often a strong player keeps them for the coach's
    model, equally likely for the others.  None when the rule does not apply."""
    if not board_applies(position, opp_dealer):
        return None
    return analyze_board(position, dealer=not opp_dealer, weighted=key == COACH_MODEL)


@dataclass
class DiscardAnalyzer:
    """The discard analyzer's state: the seat, the model's key, the scores (or None) and
    the ranking (``"ev"`` or ``"win"``); in practice, the six dealt and the cards picked;
    the last analysis and the second opinion it is compared with."""

    dealer: bool = True
    key: str = COACH_MODEL
    scores: tuple[int, int] | None = None
    objective: str = "ev"
    lang: str = "en"
    # the ranking says "win" because the scores are within reach, not by a choice: out
    # of reach again, "ev" comes back
    forced: bool = False
    practice_six: tuple[Card, ...] = ()
    practice_pick: list[int] = field(default_factory=list)
    analysis: DiscardAnalysis | None = None
    second: DiscardAnalysis | None = None

    def settle_objective(self) -> str:
        """The ranking for the scores: within reach of 121 by winning, as in the game; out
        of reach again, by points if that was forced (a choice made by hand stays)."""
        near = in_reach(self.scores)
        want = "win" if near else "ev" if self.forced else self.objective
        self.forced = near and (self.forced or self.objective != "win")
        self.objective = want
        return want

    @property
    def objective_locked(self) -> bool:
        """The ranking is not the user's to choose: the scores are within reach, or the
        model chooses its own (the Master's endgame)."""
        m = DISCARD_MODELS[self.key].model
        return in_reach(self.scores) or bool(getattr(m, "endgame", False))

    def analyze(self, six: Any) -> DiscardAnalysis:
        """Rank the 15 throws of ``six`` (and the second opinion) by the current choices."""
        self.settle_objective()
        if self.objective == "win" and self.scores is None:
            raise SaidError(
                tr(self.lang)(
                    N_("Ranking by winning needs the scores: tick 'use the scores' first.")
                )
            )
        near = in_reach(self.scores)
        a = run_discard(
            six, dealer=self.dealer, key=self.key, scores=self.scores, objective=self.objective
        )
        other = second_opinion_key(self.key, DISCARD_MODELS)
        self.second = run_discard(
            six, dealer=self.dealer, key=other, scores=self.scores if near else None
        )
        self.analysis = a
        return a

    @staticmethod
    def deal(seed: int) -> tuple[Card, ...]:
        """Six cards from the deal number ``seed`` (the same number gives the same six)."""
        return tuple(random.Random(seed).sample(DECK, 6))

    def practise(self, six: Sequence[Card] | str) -> None:
        """Practice: a new six to choose from, nothing picked, no analysis yet."""
        self.practice_six = tuple(parse_cards(six)) if isinstance(six, str) else tuple(six)
        self.practice_pick = []
        self.analysis = None

    def toggle(self, i: int) -> None:
        """Pick or unpick card ``i`` of the practice six (at most two picked)."""
        if i in self.practice_pick:
            self.practice_pick.remove(i)
        elif len(self.practice_pick) < 2:
            self.practice_pick.append(i)

    def throw(self) -> tuple[DiscardAnalysis, int]:
        """Practice: the six analysed and where the two picked stand in its ranking."""
        if len(self.practice_pick) != 2:
            raise SaidError(tr(self.lang)(N_("Choose exactly two cards to throw.")))
        throw = tuple(self.practice_six[i] for i in self.practice_pick)
        a = self.analyze(self.practice_six)
        return a, a.find(throw)
