"""The typed parts of a model: the computer's tiers, the crib models, the holdings,
the objective and the opponents (see :mod:`crib.analysis.models`).

>>> TIERS["hard"].skill, Policy(TIERS["hard"]).key
(0.85, 'policy:hard')
>>> parse_tier("Champion")
Traceback (most recent call last):
...
crib.errors.ModelError: unknown tier 'Champion': expected one of easy, normal, hard, expert, master
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from crib.errors import ModelError
from crib.i18n import NP_, trp

__all__ = [
    "MASTER_ENDGAME",
    "Tier",
    "TIERS",
    "SKILLS",
    "parse_tier",
    "CribModel",
    "Holdings",
    "Objective",
    "Minimax",
    "Policy",
    "Opponent",
]

MASTER_ENDGAME = 30  # within this many points of 121 (either side) the Master ranks by P(win)


@dataclass(frozen=True)
class Tier:
    """A computer opponent's strength: ``key`` (its name in URLs and on the command
    line), ``skill`` (0..1: its softmax temperature and the weight of the opponent's
    reply, see :mod:`crib.analysis.heuristics`; None for the Master, which does not
    play a softmax policy) and ``name`` (as a menu shows it, context "tier")."""

    key: str
    skill: float | None
    name: str

    @property
    def policy(self) -> bool:
        """A softmax pegging policy at ``skill`` (every tier but the Master)."""
        return self.skill is not None

    def name_in(self, lang: str = "en") -> str:
        """The tier's name in ``lang`` (Easy, Facile...)."""
        return trp(lang)("tier", self.name)


#: the one table of tiers, weakest first; the last one (the Master) is the coach's own
TIERS: dict[str, Tier] = {
    t.key: t
    for t in (
        Tier("easy", 0.12, NP_("tier", "Easy")),
        Tier("normal", 0.35, NP_("tier", "Normal")),
        Tier("hard", 0.85, NP_("tier", "Hard")),
        Tier("expert", 1.0, NP_("tier", "Expert")),
        Tier("master", None, NP_("tier", "Master")),
    )
}
#: the policy tiers' skills by key (a view of :data:`TIERS`)
SKILLS: dict[str, float] = {k: t.skill for k, t in TIERS.items() if t.skill is not None}


def _choices(options: Any) -> str:
    return ", ".join(options)


def parse_tier(text: str) -> Tier:
    """The tier named by ``text`` (a URL's or the command line's), case and spaces aside."""
    key = text.strip().lower() if isinstance(text, str) else text
    if key in TIERS:
        return TIERS[key]
    raise ModelError(f"unknown tier {text!r}: expected one of {_choices(TIERS)}")


class _Named(Enum):
    """An enum whose value is its name in text (URLs, the command line, notes)."""

    @classmethod
    def parse(cls, text: str) -> Any:
        """The member named ``text``; a ModelError listing the choices otherwise."""
        key = text.strip().lower() if isinstance(text, str) else text
        for m in cls:
            if m.value == key:
                return m
        raise ModelError(
            f"unknown {cls._what()} {text!r}: expected one of {_choices(m.value for m in cls)}"
        )

    @classmethod
    def _what(cls) -> str:
        return cls.__name__.lower()

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class CribModel(_Named):
    """The built-in crib models (:mod:`crib.analysis.crib_models`); a registered one
    is given as its object (see :func:`crib.analysis.crib_models.register_crib_model`)."""

    EXACT = "exact"
    TABLE = "table"
    SELFPLAY = "selfplay"

    @classmethod
    def _what(cls) -> str:
        return "crib model"

    @property
    def impl(self) -> Any:
        """The crib model's values (:mod:`crib.analysis.crib_models`)."""
        from crib.analysis.crib_models import get_crib_model

        return get_crib_model(self.value)


class Holdings(_Named):
    """How likely each holding of the opponent is: equally (UNIFORM) or weighted by
    how often they keep it (WEIGHTED, :mod:`crib.analysis.play.weights`)."""

    UNIFORM = "uniform"
    WEIGHTED = "weighted"


class Objective(_Named):
    """What a throw is ranked by: its value (EV) or the chance of winning (WIN)."""

    EV = "ev"
    WIN = "win"


@dataclass(frozen=True)
class Minimax:
    """The opponent plays perfectly with full information once its holding is fixed."""

    @property
    def key(self) -> str:
        return "minimax"


@dataclass(frozen=True)
class Policy:
    """The opponent plays a computer tier's pegging policy (its softmax, exactly)."""

    tier: Tier

    def __post_init__(self) -> None:
        if not isinstance(self.tier, Tier):
            raise ModelError(f"Policy takes a Tier (crib.analysis.models.TIERS), got {self.tier!r}")
        if not self.tier.policy:
            raise ModelError(
                f"the {self.tier.key} tier plays no softmax policy: the Master's play model is "
                "Minimax() over Holdings.WEIGHTED"
            )

    @property
    def key(self) -> str:
        return f"policy:{self.tier.key}"

    @property
    def skill(self) -> float:
        assert self.tier.skill is not None
        return self.tier.skill


Opponent = Minimax | Policy
