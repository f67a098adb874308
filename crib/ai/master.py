"""The Master tier: the strongest player crib can build from its exact analyses.

It decides from the same :class:`~crib.rules.observation.Observation` as every
other tier (no field for the opponent's cards), and it is deterministic.

* **Discard:** the 15 throws ranked by the full value: the exact hand EV, the
  seat-conditioned crib value from self-play (``CribModel.SELFPLAY``), and
  the kept four's pegging value net of the opponent's (``pegging=True``).
  When either side is within :data:`ENDGAME` points of 121 it ranks by the
  probability of winning the game instead (``Objective.WIN``, the win table),
  among the :data:`WIN_TOP` best throws by full value (for speed: P(win) needs
  each throw's exact crib distribution).  With every ingredient on, this is
  ``analyze_discard(..., model=MASTER, win_top=WIN_TOP)``.
  Near-ties go to safety, as in :func:`crib.analysis.discard.analyze_discard`.
* **Play:** every card by exact expectimax over every holding the opponent
  could have (the compiled solver), each holding weighted by how likely the
  opponent was to keep it in their seat (``Holdings.WEIGHTED``: the keep
  frequencies measured in self-play, ``data/keep_frequencies.csv``, with the
  cards they have already played) and by how likely it was to play as it did
  (see *Reading the opponent* below), and with go inference (after a go,
  holdings with a card that fits are excluded).  Ties in margin go to the
  Expert's net value.
* **Play near 121** (either side within :data:`ENDGAME` points, ``board``):
  the board decides.  A card that pegs the points still needed wins at once
  and is played.  Otherwise every card is ranked by the chance of winning the
  game (:func:`crib.analysis.play.board.analyze_board`): the same weighted
  holdings, both sides playing the rest of the play for the game, whoever
  reaches 121 first winning at once, then the show in counting order and the
  win table.  Ties in P(win) go to the margin, then to the net value.
  When more than :data:`SAMPLE` holdings are consistent, the search solves
  :data:`SAMPLE` draws by weight instead (``last_sampled`` says so).  A
  position has at most 1,820 rank holdings and the exact search took at most
  about 0.1 s of CPU in the benchmark, so this safeguard does not trigger in
  play today.

:func:`warm` loads every table and compiles the solver once per process; the
first decision calls it, and servers or benchmarks should call it before play.

**Reading the opponent** (issue #42; ``MASTER_2026_12`` is the Master before it).  The
opponent's lead, and its reply to the Master's lead, are read by the Master's own
first-card tables (``opp_leads``, ``opp_replies``: :mod:`crib.analysis.play.leads`,
:mod:`crib.analysis.play.replies`); its later plays by the Master's play solved for each
holding (``opp_solve``, :mod:`crib.analysis.play.reads`; only the hands carrying 95% of
the weight, ``opp_cover``, the rest read by the proxy: lossy, for speed).  Each holding's
weight mixes those reads with the Expert's (``opp_expert``: a prior chance of 50% that
the opponent plays as the Expert, learnt from the game's earlier hands, ``opp_learn``,
:mod:`crib.analysis.play.kind`; at 90% or more it is taken as the Expert outright,
``opp_settle``, for speed).  When it reads as the Master, its next card is played as the
Master would play it rather than answered as if it saw your hand, for its heaviest
holdings carrying 80% of the weight (``opp_model``, :mod:`crib.analysis.play.model`).
:meth:`MasterPlayer.reading` makes this reading (:class:`~crib.ai.reading.Reading`) at
each play decision, and the coach grades inside it.

Trial ingredients left off (measured in ``docs/figures.md``): ``master_cribs`` and
``master_pegs`` (the seat tables measured against the Master's discard),
``master_keeps`` (the holdings weighted by the Master's keeps,
``data/keep_frequencies_master.csv``), ``opp_plays`` (every play also read by the
Expert's proxy, :mod:`crib.analysis.play.evidence`), ``opp_inner`` (each solved read
averaged over only the heaviest of your holdings), ``opp_model_expert`` (an opponent read
as the Expert modelled by its proxy), ``opp_tables`` (the discard's seat tables following
the opponent's kind as learnt) and ``lookahead`` (the discard re-ranking its best throws
by the play solved from it, :mod:`crib.analysis.play.lookahead`).

The ingredients can be switched off one at a time (``seat_crib``,
``peg_value``, ``weighted``, ``exact_play``, ``endgame``, ``board``) to measure what each is worth
against the Expert (``bench/master.py``): with all off, the Master discards
and plays as the Expert does.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, fields, replace

from crib.ai.policy import choose_discard, choose_play
from crib.ai.reading import SAMPLE, Reading
from crib.analysis.discard import MASTER_ENDGAME, analyze_discard
from crib.analysis.heuristics import play_values
from crib.analysis.models import MASTER, UNIFORM, CribModel, DiscardModel, Objective
from crib.analysis.play import analyze_play
from crib.analysis.play.board import analyze_board, board_applies
from crib.analysis.play.evidence import decisions_from
from crib.analysis.play.kind import chance_expert
from crib.analysis.play.leads import lead_probabilities
from crib.analysis.play.model import expert_policy, opponent_policy
from crib.analysis.play.reads import read_probability
from crib.analysis.play.replies import reply_probabilities
from crib.analysis.selfplay_tables import seat_tables
from crib.errors import CribError
from crib.rules.cards import Card
from crib.rules.constants import WIN
from crib.rules.observation import Observation
from crib.rules.pegging import peg_points
from crib.rules.players import Rng
from crib.rules.position import PeggingPosition

__all__ = [
    "MasterPlayer",
    "ENDGAME",
    "SAMPLE",
    "MASTER_2026_12",
    "MASTER_SPEC",
    "master_variant",
    "position_of",
    "warm",
    "warm_reads",
]

ENDGAME = (
    MASTER_ENDGAME  # within this many points of 121 (either side), the discard maximises P(win)
)
WIN_TOP = 5  # near the end, P(win) for the 5 best throws by full value (the rest follow them)
LOOK_MARGIN = 1.5  # points: the look-ahead re-ranks only throws this close to the best

_warm_seconds: float | None = None


def warm() -> float:
    """Load the tables and compile (or load) the solver, once per process; the seconds taken."""
    global _warm_seconds
    if _warm_seconds is None:
        from crib.analysis.play import jit
        from crib.analysis.selfplay_tables import _crib_index, _peg_index, keep_ratios

        t = time.perf_counter()
        jit.warm()
        _crib_index()
        _peg_index()
        keep_ratios("dealer")
        keep_ratios("pone")
        analyze_discard("5H 5D 6C 7S 8H 9D", dealer=True, model=_WARM_MODEL, scores=(100, 100))
        _warm_seconds = time.perf_counter() - t
    return _warm_seconds


def warm_reads(player: MasterPlayer) -> None:
    """Load the first-card tables a variant reads (0.6 s and 18 MB for both, once per
    process), so that its first decision is not the one that pays."""
    if player.opp_leads:
        lead_probabilities()
    if player.opp_replies:
        reply_probabilities()


_WARM_MODEL = DiscardModel(crib=CribModel.EXACT, objective=Objective.WIN)  # the win tables, warmed


def position_of(obs: Observation) -> PeggingPosition:
    """The position the Master searches: :meth:`PeggingPosition.from_observation`,
    the one conversion, which the coach grades too."""
    return PeggingPosition.from_observation(obs)


@dataclass
class MasterPlayer:
    """The Master tier (see the module docstring)."""

    name: str = "master"
    seat_crib: bool = True  # crib valued by seat from self-play (else the exact uniform model)
    peg_value: bool = True  # the kept four's net pegging value in the discard
    exact_play: bool = True  # play by expectimax (else the Expert's pegging)
    weighted: bool = True  # holdings weighted by keep frequency (else uniform)
    endgame: bool = True  # P(win) for the discard near 121
    board: bool = True  # P(win) for the play near 121 (else the margin)
    endgame_at: int = ENDGAME  # the discard by P(win) when either side is this near 121
    # the seat crib / pegging tables measured with the Master's discard as the opponent's
    # (else the Expert's; crib.analysis.selfplay_tables.seat_tables)
    master_cribs: bool = False
    master_pegs: bool = False
    # the play weights the opponent's holdings by the Master's keep frequencies
    # (data/keep_frequencies_master.csv), else by the Expert's
    master_keeps: bool = False
    # the holdings also weighted by how likely the opponent was to play as it did this
    # hand (crib.analysis.play.evidence)
    opp_plays: bool = False
    # the opponent's lead read by the Master's lead table (crib.analysis.play.leads): a
    # pone leads as the Master would from its four
    opp_leads: bool = True
    # the opponent's reply to the Master's lead read by the Master's reply table
    # (crib.analysis.play.replies)
    opp_replies: bool = True
    # the opponent's later plays (after its first card) read by the Master's play solved
    # for each holding (crib.analysis.play.reads)
    opp_solve: bool = True
    # the prior chance, in percent, that the opponent plays as the Expert rather than as
    # the Master: with reads on, each holding is weighted by the mixture of the two
    # (crib.analysis.play.weights.KeepWeights.expert); 0: read as the Master alone
    opp_expert: int = 50
    # that prior chance learnt from this game's earlier plays, whose every card is known
    # (Observation.earlier; crib.analysis.play.kind); needs opp_expert between 1 and 99
    opp_learn: bool = True
    # the learnt chance, in percent, at or above which an opponent read as the Expert is
    # taken as the Expert outright: its plays read by the proxy alone and the Master's
    # reads not solved (lossy, for speed); 0: never (needs opp_learn)
    opp_settle: int = 90
    # the share of the weight, in percent, whose hands the solved reads solve, heaviest
    # first; the lighter hands are read by the proxy (evidence.packed_likelihood; lossy,
    # for speed); 100: every hand
    opp_cover: int = 95
    # the share of your holdings' weight, in percent, that each solved read averages the
    # opponent's margins over, heaviest first (reads.heaviest; lossy, for speed); 100: all
    opp_inner: int = 100
    # the discard's seat crib and pegging tables follow the opponent's kind as learnt
    # (opp_learn): measured against the Master's discard when it more likely plays as the
    # Master, else against the Expert's (the master_cribs / master_pegs tables)
    opp_tables: bool = False
    # the opponent's next card played as it plays it, for the heaviest of its holdings
    # carrying this share of the weight, in percent, when it reads as the Master
    # (crib.analysis.play.model); 0: answered by minimax, as if it saw your hand
    opp_model: int = 80
    # with opp_model, an opponent read as the Expert has its next card played by the
    # Expert's proxy (crib.analysis.play.model.expert_policy)
    opp_model_expert: bool = False
    # the discard re-ranks its best ``lookahead`` throws (within LOOK_MARGIN points of the
    # best) by the play solved from the discard (crib.analysis.play.lookahead); 0: off
    lookahead: int = 0
    last_sampled: int = field(
        default=0, compare=False
    )  # holdings drawn in the last play (0: exact)
    # the position the last play decision searched (None: decided without a search)
    last_position: PeggingPosition | None = field(default=None, compare=False)

    def discard(self, obs: Observation, rng: Rng) -> tuple[Card, Card]:
        if not (self.seat_crib or self.peg_value or self.endgame):
            return choose_discard(obs, 1.0, rng)  # the Expert's own discard
        warm()
        warm_reads(self)
        near_end = self.endgame and WIN - max(obs.my_score, obs.opp_score) <= self.endgame_at
        # a window other than the model's own (ENDGAME): P(win) asked for by objective
        wide = near_end and self.endgame_at != ENDGAME
        full = self.seat_crib and self.peg_value and self.endgame and not wide
        model = DiscardModel(  # all on: MASTER.discard, the coach's model
            "master" if full else "custom",
            crib=CribModel.SELFPLAY if self.seat_crib else CribModel.EXACT,
            pegging=self.peg_value,
            endgame=self.endgame and not wide,
            objective=Objective.WIN if wide else Objective.EV,
        )
        as_master = self._reads_as_master(obs)
        tables = seat_tables(
            crib="master" if self.master_cribs or as_master else "expert",
            pegging="master" if self.master_pegs or as_master else "expert",
        )
        with tables:
            a = analyze_discard(
                obs.hand,
                dealer=obs.dealer,
                model=model,
                scores=(obs.my_score, obs.opp_score) if near_end else None,
                win_top=WIN_TOP if near_end else None,  # P(win) only near the end
            )
        t = a.best.throw
        if self.lookahead and not near_end:
            t = self._look_ahead(a.throws, obs.dealer)
        return t[0], t[1]

    def _reads_as_master(self, obs: Observation) -> bool:
        """With ``opp_tables``: whether the game so far reads the opponent as more likely
        the Master than the Expert (:func:`~crib.analysis.play.kind.chance_expert`)."""
        if not (self.opp_tables and self.opp_learn):
            return False
        return chance_expert(obs.earlier, self.opp_expert / 100) < 0.5

    @property
    def _keeps(self) -> str:
        """Whose keep frequencies weigh the opponent's holdings (``seat_tables``' keeps)."""
        return "master" if self.master_keeps else "expert"

    def _look_ahead(self, throws: tuple, dealer: bool) -> tuple[Card, ...]:
        """The throw with the best hand and crib value plus the play's exact pegging
        margin, among the best :attr:`lookahead` by full value (within LOOK_MARGIN)."""
        from crib.analysis.play.lookahead import peg_lookahead

        near = [t for t in throws[: self.lookahead] if t.total >= throws[0].total - LOOK_MARGIN]
        if len(near) == 1:
            return near[0].throw
        with seat_tables(keeps=self._keeps):
            return max(near, key=lambda t: t.ev + peg_lookahead(t.keep, t.throw, dealer)).throw

    def play(self, obs: Observation, rng: Rng) -> Card | None:
        self.last_position = None
        if not obs.legal:
            return None
        if len({c.rank for c in obs.legal}) == 1:
            return obs.legal[0]
        warm()
        warm_reads(self)
        need = WIN - obs.my_score
        pile = tuple(c.rank for c in obs.pile)
        last_card = len(obs.hand) == 1 and obs.opp_cards_held == 0
        winners = [
            c for c in obs.legal if peg_points((*pile, c.rank)) + (1 if last_card else 0) >= need
        ]
        if winners:  # reaching 121 first beats any margin
            return winners[0]
        if not self.exact_play:
            return choose_play(obs, 1.0, rng)  # the Expert's own pegging
        r = self.reading(obs)
        with r.weighing():
            return self._search(obs, r)

    def reading(self, obs: Observation) -> Reading:
        """How this Master reads the opponent at the play decision ``obs``
        (:class:`~crib.ai.reading.Reading`): the coach grades inside it too."""
        if not self.weighted:
            return Reading()
        evidence = (
            decisions_from(
                obs.played,
                obs.opp_played,
                obs.starter,
                4,
                obs.my_score,
                leads=self.opp_leads,
                replies=self.opp_replies,
                solve=self.opp_solve,
            )
            if self.opp_plays or self.opp_leads or self.opp_replies or self.opp_solve
            else ()
        )
        if not self.opp_plays:  # the Master's own reads alone
            evidence = tuple(d for d in evidence if d.starter or d.situation)
        mix = self.opp_expert / 100
        if self.opp_learn:
            mix = chance_expert(obs.earlier, mix)
            if self.opp_settle and mix >= self.opp_settle / 100:
                mix = 1.0
        policy = opponent_policy if mix < 0.5 else None
        if mix >= 0.5 and self.opp_model_expert:
            policy = expert_policy(obs.my_score)
        return Reading(
            evidence,
            read_probability if self.opp_solve else None,
            mix,
            self.opp_cover / 100,
            self.opp_inner / 100,
            self._keeps,
            (self.opp_model, policy) if self.opp_model and policy else None,
        )

    def _search(self, obs: Observation, reading: Reading | None = None) -> Card:
        """The play by the board near 121, else by the weighted expectimax margin (with
        the opponent's next card modelled as ``reading`` says); inside its weighing."""
        net = dict(play_values(obs, 1.0))
        pos = self.last_position = PeggingPosition.from_observation(obs)
        candidates = list(obs.legal)
        if self.board and board_applies(pos, not obs.dealer):
            b = analyze_board(
                pos, dealer=obs.dealer, opp_played=obs.opp_played, weighted=self.weighted
            )
            top = b.best.p_win
            candidates = [c for c in obs.legal if b.option(c).p_win >= top - 1e-9]
            if len({c.rank for c in candidates}) == 1:
                return candidates[0]
        from crib.analysis.play import jit

        m = reading.modelled(obs, pos) if reading is not None else None
        if m is not None:
            self.last_sampled = m.sampled
            margin = dict(zip(m.ranks, m.modelled, strict=True))
            return max(candidates, key=lambda c: (round(margin[c.rank], 9), net[c]))
        a = analyze_play(  # weighted: MASTER.play, the coach's model
            pos,
            MASTER.play if self.weighted else UNIFORM.play,
            opp_played=obs.opp_played if self.weighted else (),
            opp_dealer=not obs.dealer if self.weighted else None,
            sample=SAMPLE
            if jit.available()
            else None,  # the pure-Python solver takes every holding
        )
        self.last_sampled = a.sampled
        by_rank = {o.card.rank: o for o in a.options if o.card is not None}

        def key(c: Card) -> tuple[float, float]:
            return (round(by_rank[c.rank].margin, 9), net[c])

        return max(candidates, key=key)


# Today's Master, frozen (issue #42): every field written out, so that a change of the
# defaults above changes ``MASTER`` and not this one.  The ladders measure a new Master
# against it (``parse_player("master_2026_12")``).
MASTER_2026_12 = MasterPlayer(
    name="master_2026_12",
    seat_crib=True,
    peg_value=True,
    exact_play=True,
    weighted=True,
    endgame=True,
    board=True,
    endgame_at=30,
    master_cribs=False,
    master_pegs=False,
    master_keeps=False,
    opp_plays=False,
    opp_leads=False,
    opp_replies=False,
    opp_solve=False,
    opp_expert=0,
    opp_learn=False,
    opp_settle=0,
    opp_cover=100,
    opp_inner=100,
    opp_tables=False,
    opp_model=0,
    opp_model_expert=False,
    lookahead=0,
)

# today's Master as a variant of MASTER_2026_12 (the spec its ladders ran, issue #42)
MASTER_SPEC = (
    "master:opp_leads=1,opp_replies=1,opp_solve=1,opp_expert=50,opp_learn=1,opp_model=80,"
    "opp_settle=90,opp_cover=95"
)

# the ingredients a variant may change: every compared field but the name
_FIELDS = {f.name for f in fields(MasterPlayer) if f.compare and f.name != "name"}
# whole numbers; the rest are switches
_WHOLE = (
    "endgame_at",
    "lookahead",
    "opp_expert",
    "opp_settle",
    "opp_cover",
    "opp_inner",
    "opp_model",
)


def master_variant(spec: str) -> MasterPlayer:
    """A Master with some ingredients changed from :data:`MASTER_2026_12`, as a ladder
    names it: ``"master:endgame_at=121,board=0"`` (fields of :class:`MasterPlayer`; 0/1
    for the switches).  Built on the frozen Master, so that a spec written in the ladders'
    data means the same player after the defaults change (:data:`MASTER_SPEC` is today's).

    >>> m = master_variant("master:endgame_at=121")
    >>> m.endgame_at, m.board, m.name
    (121, True, 'master:endgame_at=121')
    >>> try:
    ...     master_variant("master:speed=2")
    ... except CribError as e:
    ...     print(str(e)[:31])
    unknown Master setting 'speed':
    """
    head, _, rest = spec.strip().partition(":")
    if head.strip().lower() != "master":
        raise CribError(f"not a Master variant: {spec!r}")
    kw: dict[str, int | bool] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, _, value = part.partition("=")
        key = key.strip()
        if key not in _FIELDS:
            raise CribError(
                f"unknown Master setting {key!r}: expected {', '.join(sorted(_FIELDS))}"
            )
        if not value.strip().isdigit():
            raise CribError(f"Master setting {key}={value!r}: expected a whole number")
        if key == "opp_expert" and int(value) > 100:
            raise CribError(f"Master setting opp_expert={value}: a percentage, 0 to 100")
        if key in ("opp_model", "opp_settle") and not 0 <= int(value) <= 100:
            raise CribError(f"Master setting {key}={value}: a percentage, 0 to 100")
        if key in ("opp_cover", "opp_inner") and not 0 < int(value) <= 100:
            raise CribError(f"Master setting {key}={value}: a percentage, 1 to 100")
        kw[key] = int(value) if key in _WHOLE else bool(int(value))
    return replace(MASTER_2026_12, name=spec.strip().lower(), **kw)  # type: ignore[arg-type]
