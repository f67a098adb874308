"""Discard analysis: all 15 throws from six cards, ranked by a model (the coach's by default).

>>> from crib.analysis.models import UNIFORM
>>> a = analyze_discard("5H 5D 6C 7S 8H 9D", dealer=True, model=UNIFORM)
>>> a.best.throw_str, a.best.keep_str
('5H 5D', '6C 7S 8H 9D')
>>> analyze_discard("5H 5D 6C 7S 8H 9D", dealer=False, model=UNIFORM).best.throw_str
'8H 9D'
>>> a.best.hand_ev_exact
Fraction(243, 23)
>>> analyze_discard("5H 5D 6C 7S 8H", dealer=True)
Traceback (most recent call last):
...
crib.errors.HandSizeError: expected 6 cards to discard from, got 5 (5H 5D 6C 7S 8H)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from crib.analysis.crib_models import CribValues
from crib.analysis.discard_fast import (  # re-exported: the array engine lives there
    _KEEP_POS,
    _PAIRS,
    TIE_EPS,
    _throw_arrays,
    fraction,
    order_indices,
    ordered_by_win,
    own_points_table,  # noqa: F401
    rank_throws_fast,  # noqa: F401
    throw_counts,
)
from crib.analysis.models import (  # the endgame threshold: re-exported
    MASTER_ENDGAME,
    DiscardModel,
    Model,
    Objective,
    discard_model,
)
from crib.analysis.speech import discard_note, explain_throw
from crib.errors import CribError, ModelError
from crib.rules.cards import Card, CardsLike, cards_str, expect_size, parse_cards
from crib.rules.checks import check_scores, check_seat
from crib.rules.constants import WIN

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "MASTER_ENDGAME",
    "analyze_discard",
    "DiscardAnalysis",
    "Throw",
    "TIE_EPS",
    "own_points_table",
    "order_indices",
    "rank_throws_fast",
]


def _view(attr: str, convert: Callable[[Any], Any], doc: str) -> property:
    """A read-only view of the attribute ``attr``: ``convert(attr)``."""
    return property(lambda self: convert(getattr(self, attr)), doc=f"``{attr}`` {doc}.")


def _as_float(exact: str) -> property:
    """A read-only float view of the exact :class:`~fractions.Fraction` attribute ``exact``."""
    return _view(exact, float, "as a float")


@dataclass(frozen=True)
class Throw:
    """One of the 15 ways to split six cards: what it keeps, throws and is worth."""

    throw: tuple[Card, Card]
    keep: tuple[Card, Card, Card, Card]
    dealer: bool
    hand_ev_exact: Fraction
    crib_ev_exact: Fraction
    own_exact: Fraction
    hand_counts: tuple[int, ...]  # hand_counts[k] = starters (of 46) giving k points
    model: str
    peg_ev: float | None = None  # keeper's pegging - opponent's (pegging table), if asked
    p_win: float | None = None  # P(win the game) after this throw, if scores were given

    @property
    def ev_exact(self) -> Fraction:
        """hand_ev + crib_ev for the dealer, hand_ev - crib_ev for the pone."""
        sign = 1 if self.dealer else -1
        return self.hand_ev_exact + sign * self.crib_ev_exact

    # the exact fractions as floats, for tables and charts
    hand_ev = _as_float("hand_ev_exact")
    crib_ev = _as_float("crib_ev_exact")
    ev = _as_float("ev_exact")
    safety = _as_float("safety_exact")

    @property
    def total(self) -> float:
        """``ev`` plus ``peg_ev`` when the pegging column was asked for."""
        return self.ev + (self.peg_ev or 0.0)

    @property
    def safety_exact(self) -> Fraction:
        """hand_ev + own (dealer) or hand_ev - own (pone); ``own`` = thrown pair + starter."""
        sign = 1 if self.dealer else -1
        return self.hand_ev_exact + sign * self.own_exact

    @property
    def hand_min(self) -> int:
        return min(k for k, n in enumerate(self.hand_counts) if n)

    @property
    def hand_max(self) -> int:
        return max(k for k, n in enumerate(self.hand_counts) if n)

    def p_hand_at_least(self, k: int) -> Fraction:
        """P(kept hand scores >= k) over the 46 starters."""
        return Fraction(sum(self.hand_counts[k:]), sum(self.hand_counts))

    # the cards as text ("5H 5D")
    throw_str = _view("throw", cards_str, "as text")
    keep_str = _view("keep", cards_str, "as text")


@dataclass(frozen=True)
class DiscardAnalysis:
    """All 15 throws of a six, best first, under one crib model."""

    six: tuple[Card, ...]
    dealer: bool
    model: CribValues
    throws: tuple[Throw, ...]
    _dist_cache: dict = field(default_factory=dict, repr=False, compare=False)
    pegging: bool = False
    scores: tuple[int, int] | None = None  # (mine, opponent's) before this deal
    objective: str = "ev"
    master: bool = False  # the Master's full value (model="master")
    discard_model: DiscardModel | None = None  # the model the throws were ranked by

    @property
    def best(self) -> Throw:
        return self.throws[0]

    @property
    def seat(self) -> str:
        return "dealer" if self.dealer else "pone"

    @property
    def model_note(self) -> str:
        """The model's name and assumption, to show beside every number (in French:
        :func:`crib.analysis.speech.discard_note`)."""
        return discard_note(self)

    def find(self, throw: CardsLike) -> int:
        """Index (rank - 1) of the given throw in the ranking."""
        want = set(throw) if _all_cards(throw) else set(parse_cards(throw))
        for i, t in enumerate(self.throws):
            if set(t.throw) == want:
                return i
        raise CribError(f"{cards_str(sorted(want))} is not a throw from {cards_str(self.six)}")

    def crib_counts(self, i: int) -> np.ndarray | None:
        """The crib-score distribution for throw ``i`` where the model gives one."""
        if i not in self._dist_cache:
            self._dist_cache[i] = self.model.distribution(self.six, self.throws[i].throw)
        return self._dist_cache[i]

    @cached_property
    def table(self) -> pd.DataFrame:
        """One row per throw, best first."""
        import pandas as pd

        rows = [
            {
                "rank": i + 1,
                "throw": t.throw_str,
                "keep": t.keep_str,
                "hand_ev": t.hand_ev,
                "crib_ev": t.crib_ev,
                "ev": t.ev,
                "safety": t.safety,
                "hand_min": t.hand_min,
                "hand_max": t.hand_max,
            }
            for i, t in enumerate(self.throws)
        ]
        for row, t in zip(rows, self.throws, strict=True):
            if self.pegging:
                row["peg_ev"] = t.peg_ev
                row["ev_with_pegging"] = t.total
            if self.master:  # the full value's parts: net = hand + crib + pegging
                row.update(hand=t.hand_ev, crib=t.ev - t.hand_ev, pegging=t.peg_ev, net=t.total)
            if self.scores is not None:
                row["p_win"] = t.p_win
        df = pd.DataFrame(rows)
        df.attrs["objective"] = self.objective
        df.attrs["model"] = self.model.name
        df.attrs["assumption"] = self.model.assumption
        df.attrs["seat"] = self.seat
        return df

    def explain(self, i: int = 0) -> str:
        """One plain sentence about throw ``i`` (0 = the best).

        >>> from crib.analysis.models import UNIFORM
        >>> a = analyze_discard("5H 5D 6C 7S 8H 9D", dealer=True, model=UNIFORM)
        >>> print(a.explain(0))  # doctest: +NORMALIZE_WHITESPACE
        Keep 6♣ 7♠ 8♥ 9♦ (10.57 on average over 46 starters) and give your crib 5♥ 5♦
        (about 9.28): 19.85 in all.
        """
        return explain_throw(self, i)


def _all_cards(x: object) -> bool:
    """Already cards (parsed at the edge), so not parsed again."""
    return isinstance(x, tuple) and all(isinstance(c, Card) for c in x)


def _order(throws: list[Throw]) -> tuple[Throw, ...]:
    order = order_indices([t.ev_exact for t in throws], [t.safety_exact for t in throws])
    return tuple(throws[i] for i in order)


def analyze_discard(
    six: CardsLike,
    *,
    dealer: bool,
    model: Model | DiscardModel | None = None,
    scores: tuple[int, int] | None = None,
    win_top: int | None = None,
) -> DiscardAnalysis:
    """Rank all C(6,2) = 15 throws for the dealer or the pone, by the model given.

    ``model`` (a :class:`~crib.analysis.models.DiscardModel` or a
    :class:`~crib.analysis.models.Model`; default the coach's,
    :data:`~crib.analysis.models.MASTER`) says how a throw is valued.
    ``hand_ev`` is exact over the 46 unseen starters.  ``crib_ev`` follows the
    model's crib model (see :mod:`crib.analysis.crib_models`); ``ev`` adds it for
    the dealer and subtracts it for the pone.  A model with pegging adds
    ``peg_ev`` from the self-play pegging table and ranks by ``ev + peg_ev``.
    ``scores=(mine, opponent's)`` adds ``p_win``; a model whose objective is
    ``Objective.WIN`` ranks by it (a model with ``endgame``, like the Master's,
    does so by itself within ``MASTER_ENDGAME`` of 121).  The Master's ``.table``
    adds ``hand``, ``crib`` (signed), ``pegging`` and ``net``.  ``win_top=k``
    (with ``scores``): P(win) for the best k throws by value only (the rest rank
    after them).

    >>> m = analyze_discard("5H 5D 6C 7S 8H 9D", dealer=False)
    >>> m.best.throw_str, m.discard_model.name, list(m.table.columns[-4:])
    ('8H 9D', 'master', ['hand', 'crib', 'pegging', 'net'])

    >>> from crib.analysis.models import CribModel, Objective
    >>> win = DiscardModel(crib=CribModel.EXACT, objective=Objective.WIN)
    >>> a = analyze_discard("5H 5D 6C 7S 8H 9D", dealer=True, model=win, scores=(110, 110))
    >>> 0.0 < a.best.p_win < 1.0
    True
    >>> analyze_discard("5H 5D 6C 7S 8H 9D", dealer=True, model=win)
    Traceback (most recent call last):
    ...
    crib.errors.ModelError: objective=Objective.WIN needs scores=(yours, opponent's)
    >>> analyze_discard("5H 5D 6C 7S 8H 9D", dealer="pone")
    Traceback (most recent call last):
    ...
    crib.errors.SeatError: dealer must be True (you deal) or False (you are the pone), got 'pone'
    """
    dealer = check_seat(dealer)
    cards = parse_cards(six)
    expect_size(cards, 6, "cards to discard from")
    dm = discard_model(model)
    if scores is not None:
        scores = check_scores(scores)
    if win_top is not None and scores is None:
        raise ModelError(
            "win_top ranks the best throws by P(win), which needs scores=(yours, opponent's)"
        )
    objective = dm.objective
    if dm.endgame:
        near = scores is not None and WIN - max(scores) <= MASTER_ENDGAME
        objective = Objective.WIN if near else Objective.EV
    if objective is Objective.WIN and scores is None:
        raise ModelError("objective=Objective.WIN needs scores=(yours, opponent's)")
    return _analyze(
        cards, dealer, dm.crib_values, dm, dm.pegging, scores, objective.value, win_top, dm.master
    )


def _analyze(
    cards: tuple[Card, ...],
    dealer: bool,
    crib: CribValues,
    dm: DiscardModel,
    pegging: bool,
    scores: tuple[int, int] | None,
    objective: str,
    win_top: int | None,
    master: bool,
) -> DiscardAnalysis:
    """The ranking, on cards and arguments already checked by :func:`analyze_discard`."""
    _throw_idx, unseen, hand_scores, own_sums = _throw_arrays(cards)
    n_st = len(unseen)
    hand_sums, hand_counts = throw_counts(hand_scores)
    own = own_sums.tolist()
    throw_cards = [(cards[a], cards[b]) for a, b in _PAIRS]
    if getattr(crib, "seat_conditioned", False):
        crib_vals = crib.values(cards, throw_cards, dealer=dealer)  # type: ignore[call-arg]
    else:
        crib_vals = crib.values(cards, throw_cards)
    seat = "dealer" if dealer else "pone"
    peg: list[float | None] = [None] * len(_PAIRS)
    if pegging:
        from crib.analysis.selfplay_tables import peg_net

        peg = [peg_net([cards[k].rank for k in _KEEP_POS[i]], seat) for i in range(len(_PAIRS))]
    throws = [
        Throw(
            throw=throw_cards[i],
            keep=tuple(cards[k] for k in _KEEP_POS[i]),  # type: ignore[arg-type]
            dealer=dealer,
            hand_ev_exact=fraction(hand_sums[i], n_st),
            crib_ev_exact=crib_vals[i],
            own_exact=fraction(own[i], n_st),
            hand_counts=hand_counts[i],
            model=crib.name,
            peg_ev=peg[i],
        )
        for i in range(len(_PAIRS))
    ]
    if scores is not None:
        from dataclasses import replace

        from crib.analysis.crib_models import crib_distributions_for_six
        from crib.analysis.win import p_win_after_throw

        by_value = order_indices([t.total for t in throws], [t.safety for t in throws])
        ks = by_value[:win_top] if win_top else list(range(len(throws)))
        crib_dists = crib_distributions_for_six(cards, [throws[k].throw for k in ks])
        for k, dist in zip(ks, crib_dists, strict=True):
            t = throws[k]
            hand = np.array(t.hand_counts, dtype=float)
            pw = p_win_after_throw(hand, dist.astype(float), dealer, scores[0], scores[1])
            throws[k] = replace(t, p_win=pw)
    if objective == "win":
        ranked = ordered_by_win(throws)
    elif pegging:
        order = order_indices([t.total for t in throws], [t.safety for t in throws])
        ranked = tuple(throws[i] for i in order)
    else:
        ranked = _order(throws)
    return DiscardAnalysis(
        cards,
        dealer,
        crib,
        ranked,
        pegging=pegging,
        scores=scores,
        objective=objective,
        master=master,
        discard_model=dm,
    )
