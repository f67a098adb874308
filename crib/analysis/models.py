"""Models by name: what the analyzers, the coach, the pages and the CLI rank by.

A :class:`DiscardModel` says how a throw is valued (which crib model, whether
the kept four's pegging counts, whether near 121 the throws are ranked by the
chance of winning); a :class:`PlayModel` says how a play is valued (how the
opponent plays, and whether their holdings are equally likely or weighted by
how often they keep them).  A :class:`Model` bundles one of each under a name.

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

Names are accepted wherever a model is:

>>> discard_model("uniform") == UNIFORM.discard
True
>>> play_model(MASTER).holdings
'weighted'
>>> discard_model("best")
Traceback (most recent call last):
...
crib.errors.ModelError: unknown model 'best': expected master, expert or uniform (or a DiscardModel)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from crib.errors import ModelError
from crib.i18n import N_, tr

__all__ = [
    "MASTER_ENDGAME",
    "DiscardModel",
    "PlayModel",
    "Model",
    "MASTER",
    "EXPERT",
    "UNIFORM",
    "PRESETS",
    "OPPONENTS",
    "HOLDINGS",
    "discard_model",
    "play_model",
    "resolve_discard",
    "resolve_play",
    "model_words",
]

MASTER_ENDGAME = 30  # within this many points of 121 (either side) the Master ranks by P(win)

PEG_NOTE = N_(
    "peg_ev: the keeper's pegging minus the opponent's for these four ranks in this seat, "
    "both playing the Expert, the opponent keeping its Expert discard from a random six "
    "(data/pegging_ev.csv, self-play)"
)
#: the Master's note; ``{endgame}`` is :data:`MASTER_ENDGAME`
MASTER_NOTE = N_(
    "the Master: net = hand (exact over the 46 starters) + crib (seat-conditioned self-play "
    "crib, + yours, - theirs) + pegging (the kept four's net pegging, self-play)"
    "; within {endgame} points of 121 it ranks by P(win) from the win table"
)
WIN_NOTE = N_(
    "p_win: this deal played out in counting order with your exact hand distribution, the "
    "crib distribution of the exact model, the opponent's hand and both sides' pegging as "
    "measured in Expert self-play (taken as independent), then the self-play win table"
)


OPPONENTS = (
    "minimax",
    "policy:master",  # minimax over weighted holdings (the Master's own model), named so
    "policy:expert",
    "policy:hard",
    "policy:normal",
    "policy:easy",
)
HOLDINGS = ("uniform", "weighted")


@dataclass(frozen=True)
class DiscardModel:
    """How a throw is valued: ``crib`` (a crib model's name, see
    :mod:`crib.analysis.crib_models`), ``pegging`` (add the kept four's net
    pegging) and ``endgame`` (near 121, with the scores, rank by P(win))."""

    name: str
    crib: str = "exact"
    pegging: bool = False
    endgame: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.crib, str):
            raise ModelError(f"a discard model's crib is a crib model's name, got {self.crib!r}")
        for flag in ("pegging", "endgame"):
            if not isinstance(getattr(self, flag), bool):
                raise ModelError(f"{flag} must be True or False, got {getattr(self, flag)!r}")


@dataclass(frozen=True)
class PlayModel:
    """How a play is valued: ``opponent`` (one of :data:`OPPONENTS`) and ``holdings``
    (``"uniform"``: every holding equally likely; ``"weighted"``: by keep frequency)."""

    name: str
    opponent: str = "minimax"
    holdings: str = "uniform"

    def __post_init__(self) -> None:
        if self.opponent not in OPPONENTS:
            raise ModelError(
                f"unknown opponent model {self.opponent!r}: expected one of {', '.join(OPPONENTS)}"
            )
        if self.holdings not in HOLDINGS:
            raise ModelError(
                f"unknown holdings {self.holdings!r}: expected one of {', '.join(HOLDINGS)}"
            )
        if self.opponent == "policy:master" and self.holdings != "weighted":
            raise ModelError("opponent 'policy:master' is minimax over weighted holdings, "
                             f"not holdings={self.holdings!r}")

    @property
    def is_master(self) -> bool:
        """The Master's play model: minimax over weighted holdings (by either name)."""
        return self.holdings == "weighted" and self.opponent in ("minimax", "policy:master")


@dataclass(frozen=True)
class Model:
    """A named pair: how to value the discard, and how to value the play."""

    name: str
    discard: DiscardModel
    play: PlayModel


MASTER = Model(
    "master",
    DiscardModel("master", crib="selfplay", pegging=True, endgame=True),
    PlayModel("master", opponent="policy:master", holdings="weighted"),
)
EXPERT = Model(
    "expert",
    DiscardModel("expert", crib="selfplay", pegging=True, endgame=False),
    PlayModel("expert", opponent="policy:expert", holdings="uniform"),
)
UNIFORM = Model(
    "uniform",
    DiscardModel("uniform", crib="exact", pegging=False, endgame=False),
    PlayModel("uniform", opponent="minimax", holdings="uniform"),
)
PRESETS: dict[str, Model] = {m.name: m for m in (MASTER, EXPERT, UNIFORM)}


def _preset(name: Any, kind: str) -> Model:
    if isinstance(name, str) and name.strip().lower() in PRESETS:
        return PRESETS[name.strip().lower()]
    raise ModelError(
        f"unknown model {name!r}: expected master, expert or uniform (or a {kind})"
    )


def _part(model: Any, part: str, cls: type) -> Any:
    """The ``part`` ("discard" or "play") of the model named; a ``cls`` passes through."""
    if isinstance(model, cls):
        return model
    if model is None:
        model = MASTER
    elif not isinstance(model, Model):
        model = _preset(model, cls.__name__)
    return getattr(model, part)


def discard_model(model: Model | DiscardModel | str | None = None) -> DiscardModel:
    """The discard model named (a preset's name, a :class:`Model` or a :class:`DiscardModel`);
    None: the coach's (:data:`MASTER`)."""
    return _part(model, "discard", DiscardModel)


def play_model(model: Model | PlayModel | str | None = None) -> PlayModel:
    """The play model named (a preset's name, a :class:`Model` or a :class:`PlayModel`);
    None: the coach's (:data:`MASTER`)."""
    return _part(model, "play", PlayModel)


def _named(m: DiscardModel | PlayModel, presets: list) -> DiscardModel | PlayModel:
    """A custom model under its preset's name when it equals one, else 'custom'."""
    for p in presets:
        if (m.__class__(p.name, *_fields(m)) == p):
            return p
    return m


def _fields(m: DiscardModel | PlayModel) -> tuple:
    if isinstance(m, DiscardModel):
        return (m.crib, m.pegging, m.endgame)
    return (m.opponent, m.holdings)


def _resolve(
    model: Any, part_of: Callable[[Any], Any], coach: Any, build: Callable[[], Any],
    presets: list, **given: tuple[str, Any],
) -> Any:
    """With a model, its part (``part_of``), and a keyword given (``kw=(field, value)``)
    that says otherwise is an error; without one, the keywords make a model (``build``,
    named as the preset it equals); with neither, the coach's (``coach``)."""
    if model is None:
        if all(value is None for _field, value in given.values()):
            return coach
        return _named(build(), presets)
    return _agree(part_of(model), **given)


def resolve_discard(
    model: Model | DiscardModel | str | None,
    crib_model: str | None = None,
    pegging: bool | None = None,
) -> DiscardModel:
    """One discard model from a model and the older keywords (see :func:`_resolve`);
    without a model, crib ``"exact"`` and no pegging unless given, as before models
    had names."""
    if crib_model is not None and not isinstance(crib_model, str):
        crib_model = getattr(crib_model, "name", crib_model)
    if pegging is not None and not isinstance(pegging, bool):
        raise ModelError(f"pegging must be True or False, got {pegging!r}")
    return _resolve(
        model, discard_model, MASTER.discard,
        lambda: DiscardModel("custom", crib_model or "exact", bool(pegging), False),
        [UNIFORM.discard], crib_model=("crib", crib_model), pegging=("pegging", pegging),
    )


def resolve_play(
    model: Model | PlayModel | str | None, opponent: str | None = None, holdings: str | None = None
) -> PlayModel:
    """One play model from a model and the older ``opponent``/``holdings`` arguments (see
    :func:`_resolve`); without a model, ``"minimax"`` and uniform holdings unless given
    (``"policy:master"`` means weighted holdings)."""
    opp = opponent or "minimax"
    hold = holdings or ("weighted" if opp == "policy:master" else "uniform")
    return _resolve(
        model, play_model, MASTER.play, lambda: PlayModel("custom", opp, hold),
        [MASTER.play, UNIFORM.play, EXPERT.play],
        opponent=("opponent", opponent), holdings=("holdings", holdings),
    )


def _agree(m: Any, **given: tuple[str, Any]) -> Any:
    """``m`` when every keyword given (not None) says what its field says, else a ModelError."""
    for kw, (attr, value) in given.items():
        if value is not None and value != getattr(m, attr):
            raise ModelError(
                f"{kw}={value!r} contradicts model {m.name!r}, whose {attr} is "
                f"{getattr(m, attr)!r}: give one or the other"
            )
    return m


def model_words(kind: str, model: str = "master", lang: str = "en") -> str:
    """The model behind a grade, named, and what it assumes the opponent does (for the
    "How this was computed" part; the analyses' notes give the statistics), in ``lang``.

    >>> model_words("play", "uniform").startswith("Model: uniform")
    True
    >>> "self-play" in model_words("discard")
    True
    >>> model_words("play", "expert", "fr").startswith("Modèle")
    True
    """
    _ = tr(lang)
    if kind == "discard":
        if model == "master":
            return _(
                "Model: the Master, the coach's model (its full value). Hand: the four cards you "
                "keep, averaged over the 46 starters you cannot see. Crib: what cribs score when "
                "your opponent throws as the Expert computer does, seat by seat, measured in "
                "self-play. Pegging: what these four cards peg minus what the opponent pegs, from "
                "self-play. Within {endgame} points of 121 it ranks the throws by the "
                "chance of winning the game (P(win)) instead."
            ).format(endgame=MASTER_ENDGAME)
        if model == "expert":
            return _(
                "Model: Expert self-play: the crib and the pegging as measured when the Expert "
                "computer plays itself."
            )
        return _(
            "Model: uniform crib, exact (the teaching model): every pair your opponent could "
            "throw counts as equally likely, with every starter, each crib scored exactly; no pegging."
        )
    if model == "master":
        return _(
            "Model: the Master, the coach's model. Every hand your opponent could hold is "
            "weighted by how often a strong player keeps it (keep frequencies from self-play); "
            "from there both of you play perfectly to the end of the play (minimax), and the "
            "grade is the pegging margin (your points minus theirs) you gave up. Within "
            "{endgame} points of 121 it plays for the chance of winning the game (P(win))."
        ).format(endgame=MASTER_ENDGAME)
    if model == "expert":
        return _("Model: the Expert computer's own net value of each card (its pegging policy).")
    return _(
        "Model: uniform holdings, exact: every hand your opponent could hold counts as equally "
        "likely; from there both of you play perfectly to the end of the play (minimax)."
    )
