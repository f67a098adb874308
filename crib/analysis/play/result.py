"""The result of a pegging analysis: one :class:`PlayOption` per legal play."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING

from crib.analysis.speech import play_note
from crib.errors import IllegalPlayError
from crib.rules.cards import Card
from crib.rules.position import PeggingPosition

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["PlayOption", "PlayAnalysis"]


@dataclass(frozen=True)
class PlayOption:
    """One legal play: its points now, the expected rest of the play and P(margin >= 0).

    ``now`` is the same for every holding (0 for a go whose point depends on
    the holding); ``margin = now + future`` is your points minus theirs from
    this play to the end of the play, averaged over the holdings.
    """

    label: str  # the card, or "go"
    card: Card | None
    now: int
    future_exact: Fraction | None  # exact where the model is deterministic
    future_value: float
    p_nonneg_exact: Fraction | None
    p_nonneg_value: float
    margins: tuple[tuple[int, float], ...]  # the distribution of the margin

    @property
    def future(self) -> float:
        return self.future_value

    @property
    def margin(self) -> float:
        return self.now + self.future_value

    @property
    def margin_exact(self) -> Fraction | None:
        return None if self.future_exact is None else self.now + self.future_exact

    @property
    def p_nonneg(self) -> float:
        return self.p_nonneg_value


@dataclass(frozen=True)
class PlayAnalysis:
    """Every legal play of a position under one opponent model, best first."""

    position: PeggingPosition
    model: str
    options: tuple[PlayOption, ...]  # best first
    holdings: int  # rank-multiset holdings enumerated
    combos: int  # concrete card holdings they stand for
    extra: dict = field(default_factory=dict, compare=False, repr=False)
    holdings_model: str = "uniform"  # or "weighted" (by how likely they were to keep it)
    sampled: int = 0  # holdings drawn by weight when the exact search did not fit (0: exact)
    model_name: str = "custom"  # the play model's name (master, expert, uniform or custom)

    @property
    def best(self) -> PlayOption:
        return self.options[0]

    def option(self, card: str | Card | None) -> PlayOption:
        from crib.rules.cards import parse_card

        if card is None or (isinstance(card, str) and card.strip().lower() == "go"):
            label = "go"
            for o in self.options:
                if o.card is None:
                    return o
        else:
            c = card if isinstance(card, Card) else parse_card(card)
            for o in self.options:
                if o.card is not None and o.card.rank == c.rank:
                    return o
            label = str(c)
        raise IllegalPlayError(f"{label} is not a legal play in {self.position.to_text()}")

    @property
    def model_note(self) -> str:
        """What the values average over (in French: :func:`crib.analysis.speech.play_note`)."""
        return play_note(self)

    @cached_property
    def table(self) -> pd.DataFrame:
        import pandas as pd

        df = pd.DataFrame(
            [
                {
                    "play": o.label,
                    "now": o.now,
                    "future": o.future,
                    "margin": o.margin,
                    "p_margin_ge_0": o.p_nonneg,
                }
                for o in self.options
            ]
        )
        df.attrs["model"] = self.model
        df.attrs["note"] = self.model_note
        return df
