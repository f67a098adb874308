"""crib, the cribbage coach.

The package is layered; lower layers never import higher ones:

* ``crib.rules``: cards, scoring, the play, positions, observations, the
  player protocol, the game, replay and fair deals (pure Python);
* ``crib.analysis``: fast tables, crib models, discard and pegging analysis,
  the net-value heuristics and the coach (numpy, pandas);
* ``crib.ai``: the computer's policies and players, and games between them;
* ``crib.ui`` (widgets and charts), ``crib.course`` (the course helpers) and
  ``crib.tools`` (command line, server, generators).

The names below are the public API.  Each loads its module on first use
(PEP 562), so ``import crib`` stays light.

>>> import crib
>>> crib.score_hand("5H 5D 5C JS", "5S").total
29
>>> crib.make_player(crib.TIERS["expert"]).name
'expert'
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from crib import errors as _errors
from crib.errors import *  # noqa: F403 (the errors are public API, listed in crib.errors.__all__)
from crib.version import __version__ as __version__

# name -> module, imported on first attribute access (PEP 562)
_LAZY = {
    # rules
    "DECK": "crib.rules.cards",
    "Card": "crib.rules.cards",
    "cards_pretty": "crib.rules.cards",
    "cards_str": "crib.rules.cards",
    "parse_card": "crib.rules.cards",
    "parse_cards": "crib.rules.cards",
    "Score": "crib.rules.scoring",
    "his_heels": "crib.rules.scoring",
    "is_perfect_29": "crib.rules.scoring",
    "score_hand": "crib.rules.scoring",
    "score_pegging": "crib.rules.scoring",
    "PegState": "crib.rules.pegging",
    "PeggingPosition": "crib.rules.position",
    "Observation": "crib.rules.observation",
    "Player": "crib.rules.players",
    "HumanPlayer": "crib.rules.players",
    "Game": "crib.rules.game",
    "GameResult": "crib.rules.game",
    "Decision": "crib.rules.game",
    "log_to_json": "crib.rules.events",
    "log_from_json": "crib.rules.events",
    "describe_event": "crib.rules.events",
    "replay": "crib.rules.replay",
    "Replay": "crib.rules.replay",
    "begin_match": "crib.rules.fairness",
    "verify_match": "crib.rules.fairness",
    "HashRng": "crib.rules.fairness",
    # analysis
    "analyze_discard": "crib.analysis.discard",
    "win_probability": "crib.analysis.win",
    "DiscardModel": "crib.analysis.models",
    "PlayModel": "crib.analysis.models",
    "Model": "crib.analysis.models",
    "MASTER": "crib.analysis.models",
    "EXPERT": "crib.analysis.models",
    "UNIFORM": "crib.analysis.models",
    "Tier": "crib.analysis.models",
    "TIERS": "crib.analysis.models",
    "SKILLS": "crib.analysis.models",
    "CribModel": "crib.analysis.models",
    "Holdings": "crib.analysis.models",
    "Objective": "crib.analysis.models",
    "Minimax": "crib.analysis.models",
    "Policy": "crib.analysis.models",
    "parse_model": "crib.analysis.models",
    "parse_tier": "crib.analysis.models",
    "DiscardAnalysis": "crib.analysis.discard",
    "analyze_play": "crib.analysis.play",
    "PlayAnalysis": "crib.analysis.play",
    "best_line": "crib.analysis.play",
    "analyze_lead": "crib.analysis.play",
    "heatmap_values": "crib.analysis.crib_heatmaps",
    "play_values": "crib.analysis.heuristics",
    "temperature": "crib.analysis.heuristics",
    "grade_discard": "crib.analysis.coach",
    "grade_play": "crib.analysis.coach",
    "hint_discard": "crib.analysis.coach",
    "hint_play": "crib.analysis.coach",
    "find_formations": "crib.analysis.coach",
    "crib_table": "crib.analysis.crib_models",
    # ai
    "make_player": "crib.ai.players",
    "parse_player": "crib.ai.players",
    "softmax_pick": "crib.ai.policy",
    "play_games": "crib.ai.sim",
    "wilson": "crib.ai.sim",
}

# the errors, then every lazy name: one list each, no third copy to keep in step
__all__ = [*_errors.__all__, *_LAZY]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value  # later lookups skip this hook
        return value
    raise AttributeError(f"module 'crib' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


if TYPE_CHECKING:  # for type checkers and editors; never executed
    from crib.ai.players import make_player, parse_player
    from crib.ai.policy import softmax_pick
    from crib.ai.sim import play_games, wilson
    from crib.analysis.coach import (
        find_formations,
        grade_discard,
        grade_play,
        hint_discard,
        hint_play,
    )
    from crib.analysis.crib_heatmaps import heatmap_values
    from crib.analysis.crib_models import crib_table
    from crib.analysis.discard import DiscardAnalysis, analyze_discard
    from crib.analysis.heuristics import play_values, temperature
    from crib.analysis.models import (
        EXPERT,
        MASTER,
        SKILLS,
        TIERS,
        UNIFORM,
        CribModel,
        DiscardModel,
        Holdings,
        Minimax,
        Model,
        Objective,
        PlayModel,
        Policy,
        Tier,
        parse_model,
        parse_tier,
    )
    from crib.analysis.play import PlayAnalysis, analyze_lead, analyze_play, best_line
    from crib.analysis.win import win_probability
    from crib.rules.cards import DECK, Card, cards_pretty, cards_str, parse_card, parse_cards
    from crib.rules.events import describe_event, log_from_json, log_to_json
    from crib.rules.fairness import HashRng, begin_match, verify_match
    from crib.rules.game import Decision, Game, GameResult
    from crib.rules.observation import Observation
    from crib.rules.pegging import PegState
    from crib.rules.players import HumanPlayer, Player
    from crib.rules.position import PeggingPosition
    from crib.rules.replay import Replay, replay
    from crib.rules.scoring import Score, his_heels, is_perfect_29, score_hand, score_pegging
