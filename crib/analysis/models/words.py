"""What a model assumes, in words: the models' notes and :func:`describe_discard` /
:func:`describe_play`, which :meth:`DiscardModel.describe` and :meth:`PlayModel.describe`
give (the "How this was computed" part; the analyses' notes give the statistics).

The texts are the ones the pages have always shown, so the catalog still applies.
"""

from __future__ import annotations

from typing import Any

from crib.analysis.models.kinds import MASTER_ENDGAME, CribModel, Holdings, Minimax, Objective
from crib.i18n import N_, tr

__all__ = ["PEG_NOTE", "MASTER_NOTE", "WIN_NOTE", "describe_discard", "describe_play"]

PEG_NOTE = N_(
    "pegging: the keeper's pegging minus the opponent's for these four ranks in "
    "this seat, both playing the Expert, the opponent keeping its Expert discard "
    "from a random six (measured in self-play)"
)
#: the Master's note; ``{endgame}`` is :data:`MASTER_ENDGAME`
MASTER_NOTE = N_(
    "the Master: net = hand (exact over the 46 starters) + crib (seat-conditioned self-play "
    "crib, + yours, - theirs) + pegging (the kept four's net pegging, self-play)"
    "; within {endgame} points of 121 it ranks by P(win) from the win table"
)
WIN_NOTE = N_(
    "chance of winning: this deal played out in counting order with your exact hand "
    "distribution, the crib distribution of the exact model, the opponent's hand "
    "and both sides' pegging as measured in Expert self-play (taken as "
    "independent), then the self-play win table"
)


def describe_discard(m: Any, lang: str = "en") -> str:
    """A discard model in words: the Master's (its full value), Expert self-play's
    (the self-play crib and pegging) or the exact uniform crib's, whatever its name."""
    _ = tr(lang)
    if (m.crib, m.pegging) == (CribModel.SELFPLAY, True) and m.objective is Objective.EV:
        if m.endgame:
            return _(
                "Model: the Master, the coach's model (its full value). Hand: the four cards you "
                "keep, averaged over the 46 starters you cannot see. Crib: what cribs score when "
                "your opponent throws as the Expert computer does, seat by seat, measured in "
                "self-play. Pegging: what these four cards peg minus what the opponent pegs, from "
                "self-play. Within {endgame} points of 121 it ranks the throws by the "
                "chance of winning the game (P(win)) instead."
            ).format(endgame=MASTER_ENDGAME)
        return _(
            "Model: Expert self-play: the crib and the pegging as measured when the Expert "
            "computer plays itself."
        )
    return _(
        "Model: uniform crib, exact (the teaching model): every pair your opponent could "
        "throw counts as equally likely, with every starter, each crib scored exactly; no pegging."
    )


def describe_play(m: Any, lang: str = "en") -> str:
    """A play model in words: the Master's (minimax over weighted holdings), the
    Expert's (its own net value) or the uniform minimax."""
    _ = tr(lang)
    if isinstance(m.opponent, Minimax) and m.holdings is Holdings.WEIGHTED:
        return _(
            "Model: the Master, the coach's model. Every hand your opponent could hold is "
            "weighted by how often a strong player keeps it (keep frequencies from self-play); "
            "from there both of you play perfectly to the end of the play (minimax), and the "
            "grade is the pegging margin (your points minus theirs) you gave up. Within "
            "{endgame} points of 121 it plays for the chance of winning the game (P(win))."
        ).format(endgame=MASTER_ENDGAME)
    if not isinstance(m.opponent, Minimax) and m.opponent.tier.key == "expert":
        return _("Model: the Expert computer's own net value of each card (its pegging policy).")
    if not isinstance(m.opponent, Minimax):  # the analyze page's words for this model
        return _(
            "Every hand the opponent could hold counts as equally likely; the opponent plays "
            "as the {tier} computer does, and you play your best reply."
        ).format(tier=m.opponent.tier.name_in(lang))
    return _(
        "Model: uniform holdings, exact: every hand your opponent could hold counts as equally "
        "likely; from there both of you play perfectly to the end of the play (minimax)."
    )
