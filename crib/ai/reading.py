"""How the Master reads the opponent at one play decision (issue #42), as a value the
Master plays inside and the coach grades inside.

A :class:`Reading` is what :meth:`crib.ai.master.MasterPlayer.reading` makes of an
:class:`~crib.rules.observation.Observation`: the opponent's decisions this hand read as
evidence (:func:`~crib.analysis.play.evidence.decisions_from`), the solver that reads
them, the chance that the opponent plays as the Expert rather than the Master (learnt
from the game's earlier hands, :mod:`crib.analysis.play.kind`), whose keep frequencies
weigh its holdings, and, when it reads as the Master, how its next card is modelled
(:mod:`crib.analysis.play.model`).  :meth:`Reading.weighing` puts the holdings' weights
in force (every weighted analysis inside it, :func:`~crib.analysis.play.analyze_play`
and :func:`~crib.analysis.play.board.analyze_board` included, uses them);
:meth:`Reading.modelled` gives the margins with the opponent's next card modelled, or
None where the Master ranks by the weighted minimax margin.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace

from crib.analysis.heuristics import play_values
from crib.analysis.play import PlayAnalysis
from crib.analysis.play.evidence import Decision, Reader, play_evidence
from crib.analysis.play.model import Modelled, Policy, modelled_margins
from crib.analysis.selfplay_tables import seat_tables
from crib.rules.observation import Observation
from crib.rules.position import PeggingPosition

__all__ = ["Reading", "SAMPLE", "MODEL_WINDOW"]

# the most holdings searched exactly in one play decision; above it, draws by weight
SAMPLE = 2000
# points: opp_model models only the options this close to the best minimax margin (lossy,
# for speed; in 102 decisions of 4 games, the best card changed in none at a share of 95%)
MODEL_WINDOW = 1.0


@dataclass(frozen=True)
class Reading:
    """The Master's reading of the opponent at a play decision (see the module
    docstring).  The default reads nothing: holdings weighted by the Expert's keeps."""

    evidence: tuple[Decision, ...] = ()
    reader: Reader | None = None
    mix: float = 0.0  # the chance that the opponent plays as the Expert
    cover: float = 1.0
    inner: float = 1.0
    keeps: str = "expert"  # whose keep frequencies weigh the holdings
    model: tuple[int, Policy] | None = None  # (share in percent, policy) of its next card

    @contextmanager
    def weighing(self) -> Iterator[None]:
        """Within: weighted holdings are weighted as this reading weighs them."""
        with (
            seat_tables(keeps=self.keeps),
            play_evidence(self.evidence, self.reader, self.mix, self.cover, self.inner),
        ):
            yield

    def modelled(self, obs: Observation, pos: PeggingPosition) -> Modelled | None:
        """Within :meth:`weighing`: ``pos``'s margins with the opponent's next card
        modelled, or None when this reading does not model it (or the compiled solver
        is missing)."""
        from crib.analysis.play import jit

        if self.model is None or not jit.available():
            return None
        mine = tuple(c for c in obs.played if c not in obs.opp_played)
        share, policy = self.model
        return modelled_margins(
            pos,
            obs.opp_played,
            mine,
            obs.dealer,
            share / 100,
            policy,
            sample=SAMPLE,
            window=MODEL_WINDOW,
        )

    def ranked(self, obs: Observation, a: PlayAnalysis) -> PlayAnalysis:
        """Within :meth:`weighing`: the analysis ``a`` of ``obs``'s position as the Master
        ranks it, with each card's margin the modelled one (:meth:`modelled`; ties to the
        Expert's net value, as the Master plays) and ``extra["modelled"]`` set; ``a``
        itself when the reading models nothing.  The margins' distributions and P(margin
        >= 0) stay the weighted minimax's."""
        m = self.modelled(obs, a.position)
        if m is None:
            return a
        margin = dict(zip(m.ranks, m.modelled, strict=True))
        net = {c.rank: v for c, v in play_values(obs, 1.0)}
        options = [
            replace(o, future_exact=None, future_value=margin[o.card.rank] - o.now)
            for o in a.options
            if o.card is not None
        ]
        options.sort(key=lambda o: (round(o.margin, 9), net[o.card.rank]), reverse=True)
        return replace(a, options=tuple(options), extra={**a.extra, "modelled": True})
