"""The models themselves: :class:`DiscardModel`, :class:`PlayModel`, :class:`Model`,
the presets, and :func:`parse_model` for text from a URL or the command line."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from crib.analysis.models.kinds import (
    TIERS,
    CribModel,
    Holdings,
    Minimax,
    Objective,
    Opponent,
    Policy,
    parse_tier,
)
from crib.analysis.models.words import describe_discard, describe_play
from crib.errors import ModelError

__all__ = [
    "DiscardModel",
    "PlayModel",
    "Model",
    "MASTER",
    "EXPERT",
    "UNIFORM",
    "PRESETS",
    "discard_model",
    "play_model",
    "parse_model",
]


def _crib_ok(crib: Any) -> bool:
    """A built-in crib model, or a registered one's object (name, values, distribution)."""
    if isinstance(crib, CribModel):
        return True
    return all(hasattr(crib, a) for a in ("name", "values", "distribution", "assumption"))


@dataclass(frozen=True)
class DiscardModel:
    """How a throw is valued: ``crib`` (a :class:`CribModel`, or a registered crib
    model's object), ``pegging`` (add the kept four's net pegging), ``objective``
    (rank by value or, with the scores, by P(win)) and ``endgame`` (near 121, with
    the scores, rank by P(win) by itself: the objective is then the model's)."""

    name: str = "custom"
    crib: Any = CribModel.EXACT
    pegging: bool = False
    endgame: bool = False
    objective: Objective = Objective.EV

    def __post_init__(self) -> None:
        if not _crib_ok(self.crib):
            raise ModelError(
                f"a discard model's crib is one of {', '.join(repr(c) for c in CribModel)} "
                f"(or a registered crib model's object), got {self.crib!r}"
            )
        for flag in ("pegging", "endgame"):
            if not isinstance(getattr(self, flag), bool):
                raise ModelError(f"{flag} must be True or False, got {getattr(self, flag)!r}")
        if not isinstance(self.objective, Objective):
            raise ModelError(
                f"objective must be Objective.EV or Objective.WIN, got {self.objective!r}"
            )
        if self.endgame and self.objective is not Objective.EV:
            raise ModelError(
                "a model with endgame=True ranks by P(win) near 121 by itself: "
                f"objective={self.objective!r} would be ignored"
            )

    @property
    def crib_values(self) -> Any:
        """The crib model's values (:mod:`crib.analysis.crib_models`)."""
        return self.crib.impl if isinstance(self.crib, CribModel) else self.crib

    @property
    def master(self) -> bool:
        """The Master's full value (seat crib, pegging, endgame), by any name."""
        return (self.crib, self.pegging, self.endgame) == (CribModel.SELFPLAY, True, True)

    def describe(self, lang: str = "en") -> str:
        """The model in words, for "How this was computed"."""
        return describe_discard(self, lang)


@dataclass(frozen=True)
class PlayModel:
    """How a play is valued: ``opponent`` (:class:`Minimax` or :class:`Policy`) and
    ``holdings`` (:class:`Holdings`: equally likely, or weighted by keep frequency)."""

    name: str = "custom"
    opponent: Opponent = field(default_factory=Minimax)
    holdings: Holdings = Holdings.UNIFORM

    def __post_init__(self) -> None:
        if not isinstance(self.opponent, Minimax | Policy):
            tiers = ", ".join(k for k, t in TIERS.items() if t.policy)
            raise ModelError(
                "a play model's opponent is Minimax() or Policy(tier) for a tier in "
                f"crib.analysis.models.TIERS ({tiers}), got {self.opponent!r}"
            )
        if not isinstance(self.holdings, Holdings):
            raise ModelError(
                f"holdings must be Holdings.UNIFORM or Holdings.WEIGHTED, got {self.holdings!r}"
            )

    @property
    def is_master(self) -> bool:
        """The Master's play model: minimax over weighted holdings."""
        return isinstance(self.opponent, Minimax) and self.holdings is Holdings.WEIGHTED

    def describe(self, lang: str = "en") -> str:
        """The model in words, for "How this was computed"."""
        return describe_play(self, lang)


@dataclass(frozen=True)
class Model:
    """A named pair: how to value the discard, and how to value the play."""

    name: str
    discard: DiscardModel
    play: PlayModel


MASTER = Model(
    "master",
    DiscardModel("master", crib=CribModel.SELFPLAY, pegging=True, endgame=True),
    PlayModel("master", opponent=Minimax(), holdings=Holdings.WEIGHTED),
)
EXPERT = Model(
    "expert",
    DiscardModel("expert", crib=CribModel.SELFPLAY, pegging=True, endgame=False),
    PlayModel("expert", opponent=Policy(TIERS["expert"]), holdings=Holdings.UNIFORM),
)
UNIFORM = Model(
    "uniform",
    DiscardModel("uniform", crib=CribModel.EXACT, pegging=False, endgame=False),
    PlayModel("uniform", opponent=Minimax(), holdings=Holdings.UNIFORM),
)
PRESETS: dict[str, Model] = {m.name: m for m in (MASTER, EXPERT, UNIFORM)}


def _part(model: Any, part: str, cls: type) -> Any:
    if model is None:
        return getattr(MASTER, part)
    if isinstance(model, Model):
        return getattr(model, part)
    if isinstance(model, cls):
        return model
    raise ModelError(
        f"a {part} model is a Model (MASTER, EXPERT, UNIFORM) or a {cls.__name__}, got {model!r}"
        + (": parse text with crib.analysis.models.parse_model" if isinstance(model, str) else "")
    )


def discard_model(model: Model | DiscardModel | None = None) -> DiscardModel:
    """The discard part of ``model`` (a :class:`Model` or a :class:`DiscardModel`);
    None: the coach's (:data:`MASTER`)."""
    return _part(model, "discard", DiscardModel)


def play_model(model: Model | PlayModel | None = None) -> PlayModel:
    """The play part of ``model`` (a :class:`Model` or a :class:`PlayModel`);
    None: the coach's (:data:`MASTER`)."""
    return _part(model, "play", PlayModel)


def _play_choices() -> list[str]:
    return [
        *PRESETS,
        "minimax",
        "policy:master",
        *(f"policy:{k}" for k, t in TIERS.items() if t.policy),
    ]


def _discard_choices() -> list[str]:
    from crib.analysis.crib_models import crib_models

    return [*PRESETS, *crib_models()]


def parse_model(text: str, kind: str) -> DiscardModel | PlayModel:
    """The ``kind`` ("discard" or "play") model named by ``text``, from a URL or the
    command line: a preset's name; for the play also ``minimax`` (over uniform
    holdings) and ``policy:<tier>`` (``policy:master``: the Master's model); for the
    discard also a registered crib model's name (under the uniform rules).  A ModelError
    lists the choices otherwise."""
    if kind not in ("discard", "play"):
        raise ModelError(f"kind must be 'discard' or 'play', got {kind!r}")
    key = text.strip().lower() if isinstance(text, str) else text
    if key in PRESETS:
        return getattr(PRESETS[key], kind)
    if kind == "play":
        if key == "minimax":
            return UNIFORM.play
        if key == "policy:master":  # the Master's own model, named as an opponent
            return MASTER.play
        if isinstance(key, str) and key.startswith("policy:"):
            try:
                opponent = Policy(parse_tier(key.split(":", 1)[1]))
            except ModelError:
                pass
            else:
                return (
                    EXPERT.play
                    if opponent == EXPERT.play.opponent
                    else PlayModel(opponent=opponent)
                )
        choices = _play_choices()
    else:
        from crib.analysis.crib_models import crib_models

        known = crib_models()
        if key in known:
            crib = CribModel.parse(key) if key in {c.value for c in CribModel} else known[key]
            return UNIFORM.discard if crib is CribModel.EXACT else DiscardModel(crib=crib)
        choices = _discard_choices()
    raise ModelError(f"unknown {kind} model {text!r}: expected one of {', '.join(choices)}")
