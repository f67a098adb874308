"""Exact analysis of a pegging position over every holding the opponent could have.

For each legal card (or go), ``analyze_play`` gives ``now`` (the points for
playing it; 0 for a go whose point depends on the holding, the point then
counting in the future), ``future`` (the expected net margin for the rest of
the play), ``margin = now + future`` and P(margin >= 0).  The margin counts both sides'
15s, 31s, pairs, runs, go and last card until the end of the play.

The average is over every ``opp_count``-card holding from the cards you
cannot see, each equally likely.  Suits do not matter in pegging, so holdings
are grouped by rank multiset with exact combinatorial weights; with
``opp_go`` set, holdings with a card that fits are excluded.

Opponent models (:mod:`crib.analysis.models`):

* ``Minimax()``: once the holding is fixed, both sides play perfectly with
  full information for the rest of the play (what sampled engines do per
  sample, here over every holding).
* ``Policy(TIERS["expert"])`` (``hard``, ``normal``, ``easy``): the opponent plays the
  computer's pegging policy (its softmax, exactly, as a distribution); you
  play the reply with the best expected margin, knowing the holding.  The
  opponent's own discards are unknown to you, so its view of the unseen cards
  leaves them in.

>>> from crib.analysis.models import UNIFORM
>>> a = analyze_play("hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4", model=UNIFORM)
>>> a.best.label, a.holdings, a.combos
('6D', 1802, 148995)
>>> analyze_play("hand 5H | pile KS QS TS 2C | starter 2S | opp 0 | previous 3C 4C 5C")
Traceback (most recent call last):
...
crib.errors.InvalidPositionError: the pile KS QS TS 2C counts 32: a count cannot exceed 31
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from crib.analysis.heuristics import temperature
from crib.analysis.models import PRESETS, Holdings, Minimax, Model, PlayModel, Policy, play_model
from crib.analysis.play.holdings import holdings as _holdings
from crib.analysis.play.holdings import root_options
from crib.analysis.play.minimax import minimax_by_holding
from crib.analysis.play.policy import PolicySolver
from crib.analysis.play.result import PlayAnalysis, PlayOption
from crib.analysis.play.weights import KeepWeights, keep_weights
from crib.errors import CribError, HandSizeError, InvalidPositionError, ModelError
from crib.rules.cards import Card, CardsLike, cards_str, expect_size, parse_cards
from crib.rules.checks import check_seat
from crib.rules.position import PeggingPosition

__all__ = ["analyze_play", "analyze_lead"]


def _jit():  # type: ignore[no-untyped-def]
    """The compiled kernels' module, imported at the first analysis: numba (about 90 MB
    and a second of CPU) is loaded only by a page that analyzes a play."""
    from crib.analysis.play import jit

    return jit


Rows = list[tuple[tuple[int, ...], int, list[tuple[int, int]]]]  # as minimax_by_holding gives


def _compiled_minimax_options(
    pos: PeggingPosition,
    opts: list[tuple[str, Card | None]],
    factor: KeepWeights | None = None,
    sample: int | None = None,
    counts: dict | None = None,
) -> tuple[list[PlayOption], int]:
    """:func:`_minimax_options` from the compiled kernels' per-option sums (the same
    numbers, tested equal; summed in the kernels instead of row by row in Python).
    Also returns how many holdings were solved."""
    n, total_w, per = _jit().minimax_summary(pos, factor, sample, counts)
    if not n:
        raise CribError("no opponent holding is consistent with this position")
    results = []
    for (label, card), (_c, nows, total, dist) in zip(opts, per, strict=True):
        now = _now(set(nows))
        results.append(_option(label, card, now, total, dist, total_w))
    return results, n


def _option(
    label: str, card: Card | None, now: int, total: float, dist: dict, total_w: float
) -> PlayOption:
    """One option from its weighted sums: exact Fractions when the weights are integers."""
    nonneg = sum(w for m, w in dist.items() if m >= 0)
    margins = tuple(sorted((m, w / total_w) for m, w in dist.items()))
    if isinstance(total_w, int):
        fut = Fraction(total, total_w) - now
        p = Fraction(nonneg, total_w)
        return PlayOption(label, card, now, fut, float(fut), p, float(p), margins)
    # float weights (weighted holdings) can sum a hair past 1: a probability stays in [0, 1]
    fut_f, p_f = total / total_w - now, min(1.0, nonneg / total_w)
    return PlayOption(label, card, now, None, fut_f, None, p_f, margins)


def _now(nows: set[int]) -> int:
    """An option's points now: the same for every holding, or 0.

    Saying go scores the go point at once only when the opponent cannot play,
    which can depend on their holding; the point then counts in the future.
    """
    return next(iter(nows)) if len(nows) == 1 else 0


def _minimax_options(
    opts: list[tuple[str, Card | None]], rows: Rows, total_w: float
) -> list[PlayOption]:
    """Each option's mean future, P(margin >= 0) and margin distribution (exact for integer
    weights)."""
    per: list[list[tuple[int, int, float]]] = [[] for _ in opts]
    for _h, w, row in rows:
        for j, (now, fut) in enumerate(row):
            per[j].append((now, fut, w))
    results = []
    for (label, card), rs in zip(opts, per, strict=True):
        now = _now({n for n, _f, _w in rs})
        dist: dict[int, float] = {}
        for n, f, w in rs:
            dist[n + f] = dist.get(n + f, 0) + w
        total = sum((n + f) * w for n, f, w in rs)
        results.append(_option(label, card, now, total, dist, total_w))
    return results


def _policy_options(
    pos: PeggingPosition,
    opts: list[tuple[str, Card | None]],
    hs: list[tuple[tuple[int, ...], float]],
    total_w: float,
    skill: float,
) -> list[PlayOption]:
    """Each option against the policy: exact values too when the policy is deterministic."""
    deterministic = temperature(skill) == 0 and isinstance(total_w, int)
    acc: list[dict[int, float]] = [{} for _ in opts]
    acc_exact: list[dict[int, int]] = [{} for _ in opts]
    nows: list[set[int]] = [set() for _ in opts]
    for theirs, w in hs:
        solver = PolicySolver(pos, skill, theirs)
        for k, (_l, card) in enumerate(opts):
            now, d = solver.root(card)
            nows[k].add(now)
            for m, q in d.items():
                acc[k][m] = acc[k].get(m, 0.0) + q * w
                if deterministic:
                    acc_exact[k][m] = acc_exact[k].get(m, 0) + w
    results = []
    for k, (label, card) in enumerate(opts):
        now = _now(nows[k])
        dist_f = {m: q / total_w for m, q in acc[k].items()}
        mean_margin = sum(m * q for m, q in dist_f.items())
        p_f = min(1.0, sum(q for m, q in dist_f.items() if m >= 0))  # rounding stays in [0, 1]
        fut_exact = p_exact = None
        if deterministic:
            fut_exact = Fraction(sum(m * w for m, w in acc_exact[k].items()), total_w) - now
            p_exact = Fraction(sum(w for m, w in acc_exact[k].items() if m >= 0), total_w)
        results.append(
            PlayOption(
                label,
                card,
                now,
                fut_exact,
                mean_margin - now,
                p_exact,
                p_f,
                tuple(sorted(dist_f.items())),
            )
        )
    return results


def analyze_play(
    position: PeggingPosition | str,
    model: Model | PlayModel | None = None,
    *,
    opp_played: CardsLike = (),
    opp_dealer: bool | None = None,
    sample: int | None = None,
) -> PlayAnalysis:
    """Exact analysis of every legal play (see the module docstring), by the model given.

    ``model`` (a :class:`~crib.analysis.models.PlayModel` or a
    :class:`~crib.analysis.models.Model`; default the coach's,
    :data:`~crib.analysis.models.MASTER`) says how the opponent plays and how
    likely each holding is.  Weighted holdings are weighted by how likely the
    opponent was to keep them (:mod:`crib.analysis.play.weights`: ``opp_played``
    are the opponent's cards played this hand, ``opp_dealer`` their seat; with
    uniform holdings either is a ModelError, as it would be ignored).  ``sample``:
    solve at most this many holdings, drawn by weight (the minimax model on the
    compiled kernels only; the result says so in ``sampled``).  The minimax model
    runs on compiled kernels (:mod:`crib.analysis.play.jit`) where numba works,
    and on the pure-Python solver otherwise; the two are tested equal on every
    holding.
    """
    pos = _position(position)
    pm = play_model(model)
    if pm.holdings is not Holdings.WEIGHTED:
        for kw, given in (("opp_played", bool(opp_played)), ("opp_dealer", opp_dealer is not None)):
            if given:
                raise ModelError(
                    f"{kw} weighs the holdings, but model {pm.name!r} counts them equally: "
                    "leave it out or use Holdings.WEIGHTED"
                )
    if sample is not None and not (isinstance(pm.opponent, Minimax) and _jit().available()):
        why = (
            "a policy opponent"
            if isinstance(pm.opponent, Policy)
            else "the pure-Python solver (no numba)"
        )
        raise ModelError(
            f"sample draws holdings for the compiled minimax only; {why} solves every holding"
        )
    if opp_dealer is not None:
        opp_dealer = check_seat(opp_dealer, "opp_dealer")
    opp_played = opp_played if _all_cards(opp_played) else parse_cards(opp_played)
    return _analyze(pos, pm, opp_played, opp_dealer, sample)


def _named(pm: PlayModel) -> str:
    """A custom model under the name of the preset it equals (the Master's by its fields)."""
    if pm.name != "custom":
        return pm.name
    return next((m.name for m in PRESETS.values() if replace(m.play, name="custom") == pm), pm.name)


def _all_cards(x: object) -> bool:
    return isinstance(x, tuple) and all(isinstance(c, Card) for c in x)


def _position(position: object) -> PeggingPosition:
    if isinstance(position, PeggingPosition):
        return position
    if isinstance(position, str):
        return PeggingPosition.parse(position)
    raise InvalidPositionError(
        f"a position is a PeggingPosition or its text, e.g. 'hand 4H 6D 6S 9C | starter 2S "
        f"| opp 4', got {position!r}"
    )


def _analyze(
    pos: PeggingPosition,
    pm: PlayModel,
    opp_played: tuple[Card, ...],
    opp_dealer: bool | None,
    sample: int | None,
) -> PlayAnalysis:
    """The analysis, on a position and arguments already checked by :func:`analyze_play`."""
    opponent, holdings = pm.opponent, pm.holdings.value
    minimax = isinstance(opponent, Minimax)
    factor = keep_weights(opp_played, opp_dealer) if pm.holdings is Holdings.WEIGHTED else None
    opts = root_options(pos)
    sampled = 0
    if minimax and _jit().available():
        counts: dict[str, int] = {}
        results, solved = _compiled_minimax_options(pos, opts, factor, sample, counts)
        n_holdings, combos = counts["holdings"], counts["combos"]
        sampled = solved if sample is not None and n_holdings > sample else 0
    else:
        hs: list[tuple[tuple[int, ...], float]] = list(_holdings(pos))
        n_holdings, combos = len(hs), int(sum(w for _h, w in hs))
        if factor is not None:
            hs = [(h, w * factor(h)) for h, w in hs]
        total_w = sum(w for _h, w in hs)
    if not n_holdings:
        raise CribError("no opponent holding is consistent with this position")
    if minimax and not _jit().available():
        rows = minimax_by_holding(pos)
        if factor is not None:
            rows = [(h, w * factor(h), row) for h, w, row in rows]
        results = _minimax_options(opts, rows, total_w)
    elif isinstance(opponent, Policy):
        results = _policy_options(pos, opts, hs, total_w, opponent.skill)
    results.sort(key=lambda o: (-o.margin, -o.p_nonneg, o.card.rank if o.card else 0))
    extra = {"weights": factor.note} if factor is not None else {}
    return PlayAnalysis(
        pos,
        "policy:master" if pm.is_master else opponent.key,
        tuple(results),
        n_holdings,
        combos,
        extra,
        holdings_model=holdings,
        sampled=sampled,
        model_name=_named(pm),
    )


def analyze_lead(
    hand: CardsLike,
    starter: str | Card,
    discards: CardsLike = (),
    model: Model | PlayModel | None = None,
) -> PlayAnalysis:
    """Lead analysis: ``analyze_play`` at the start of the play (4 v 4), by the model named.

    >>> analyze_lead("4H 6D 6S", "2S")
    Traceback (most recent call last):
    ...
    crib.errors.HandSizeError: expected 4 cards to lead from, got 3 (4H 6D 6S)
    """
    cards = parse_cards(hand)
    expect_size(cards, 4, "cards to lead from")
    thrown = parse_cards(discards)
    if len(thrown) not in (0, 2):
        raise HandSizeError(
            f"expected your 2 discards (or none), got {len(thrown)} ({cards_str(thrown)})"
        )
    return analyze_play(PeggingPosition.lead(cards, starter, thrown), model)
