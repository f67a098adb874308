"""The exercises of enrichment parts 4 to 6: pegging, traps and exact leads, the computer opponent.

Every answer is computed by crib when asked for: the play's points by the rules engine
(:func:`crib.rules.scoring.score_pegging`, :class:`crib.rules.pegging.PegState`), the
leads by the exact pegging solver (:func:`crib.analysis.play.analyze_play`, over every
holding the opponent could have, under the model each question names), the tiers'
choices by their softmax (:mod:`crib.analysis.heuristics`), the chance of winning by the
shipped win table (:func:`crib.analysis.win.win_probability`, Expert self-play).
"""

from __future__ import annotations

import json
from math import comb
from typing import TYPE_CHECKING

from crib.ai.sim import wilson
from crib.analysis.heuristics import SKILLS, softmax_weights, temperature
from crib.analysis.models import MASTER, UNIFORM, Model
from crib.analysis.play import PlayAnalysis, analyze_lead, analyze_play, best_line
from crib.analysis.win import win_probability
from crib.course.enrichment.check import Exercise, Worked
from crib.course.notebooks import lead_reply_table
from crib.datafiles import data_path
from crib.rules.cards import cards_pretty, parse_cards
from crib.rules.pegging import PegState
from crib.rules.scoring import score_pegging

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["PEGGING", "LEADS", "OPPONENT", "benchmark_table", "PLAY_MOVES"]

_RULES = "the rules alone: the points a card pegs do not depend on a model"

# --- part 4: pegging -------------------------------------------------------------------------


def _pegged(pile: str) -> Worked:
    p = score_pegging(pile)
    cards = parse_cards(pile)
    steps = [f"{cards_pretty(cards)}: the count is {p.count}."]
    steps += [f"{c.kind} for {c.points} ({cards_pretty(c.cards)})" for c in p.components]
    return Worked(p.total, f"{p.total} points", (*steps, f"In all {p.total}."), _RULES)


# the pone holds K♥ 9♣ 5♦ 4♠, the dealer Q♠ 8♥ 7♦ 6♣; None is a go
PLAY_HANDS = ("KH 9C 5D 4S", "QS 8H 7D 6C")
PLAY_MOVES = ("KH", "QS", "9C", None, "8H", "5D", "7D", "4S", "6C")


def _whole_play(lang: str) -> Worked:
    s = PegState.start((parse_cards(PLAY_HANDS[0]), parse_cards(PLAY_HANDS[1])), pone=0)
    seat = ("pone", "dealer")
    steps = []
    for move in PLAY_MOVES:
        s, rec = s.play(move)
        what = "says go" if rec.card is None else f"{rec.card.pretty}, count {rec.count}"
        pts = f" — {rec.describe()}, to the {seat[rec.pegger]}" if rec.points else ""
        steps.append(f"{seat[rec.player]}: {what}{pts}")
    pone, dealer = s.pegged
    return Worked((pone, dealer), f"pone {pone}, dealer {dealer}", tuple(steps), _RULES)


_LEAD_HAND, _LEAD_STARTER, _LEAD_THROWN = "4H 6D 6S 9C", "KD", "JC QD"


def _six_lead_replies(lang: str) -> Worked:
    t = lead_reply_table(_LEAD_HAND, _LEAD_STARTER, _LEAD_THROWN)
    p = float(t[t["lead"] == "6♦"].iloc[0]["P(opponent scores at once)"])
    by_hand = 1 - comb(40, 4) / comb(45, 4)
    return Worked(
        p,
        f"{p:.1%}",
        (
            "After a 6 lead only a 6 (a pair, 2) or a 9 (fifteen, 2) scores at once.",
            "You can see 7 cards; of the 45 you cannot, 2 sixes and 3 nines: 5 cards.",
            f"crib, over every holding: {p:.4f}; by hand, 1 − C(40,4)/C(45,4) = {by_hand:.4f}.",
        ),
        "uniform: every 4-card holding of the 45 cards you cannot see equally likely",
    )


_COUNT21 = "hand TS 3D | pile 2H 8D 4S 7C | starter 8C | opp 2"


def _margins(a: PlayAnalysis) -> tuple[str, ...]:
    return tuple(
        f"{o.label}: now {o.now}, rest of the play {o.future:+.2f}, margin {o.margin:+.2f}"
        for o in a.options
    )


def _count_21(lang: str) -> Worked:
    a = analyze_play(_COUNT21, model=UNIFORM)
    return Worked(
        a.best.card,
        a.best.card.pretty if a.best.card else "go",
        (
            *_margins(a),
            "The 10 makes 31 for 2; the 3 leaves 24, where any 7 they hold makes 31 for them.",
        ),
        f"uniform: {a.model_note}",
    )


PEGGING = (
    Exercise("int", lambda lang: _pegged("4S 5D 6C")),
    Exercise("int", lambda lang: _pegged("TS 6C 5D 5H 5C")),
    Exercise("ints", _whole_play),
    Exercise("probability", _six_lead_replies, tol=0.005),
    Exercise("rank", _count_21),
)

# --- part 5: traps and exact leads ---------------------------------------------------------


def _lead(hand: str, starter: str, thrown: str, model: Model) -> PlayAnalysis:
    return analyze_lead(hand, starter, thrown, model=model)


def _best_lead(lang: str) -> Worked:
    a = _lead("7H 8D 9S KC", "2C", "4D 3S", UNIFORM)
    return Worked(
        a.best.card,
        a.best.card.pretty if a.best.card else "go",
        _margins(a),
        f"uniform: {a.model_note}",
    )


def _lead_gap(lang: str) -> Worked:
    a = _lead("7H 8D 9S KC", "2C", "4D 3S", UNIFORM)
    b, n = a.options[0], a.options[1]
    gap = b.margin - n.margin
    return Worked(
        gap,
        f"{gap:.3f} points",
        (
            *_margins(a),
            f"{b.margin:+.3f} − ({n.margin:+.3f}) = {gap:.3f}: less than a "
            "tenth of a point a deal.",
        ),
        f"uniform: {a.model_note}",
    )


_FIVES = ("5D 5H 7D 3D", "2S", "8H KS")


def _rank_of(a: PlayAnalysis, rank: int) -> int:
    return next(i + 1 for i, o in enumerate(a.options) if o.card and o.card.rank == rank)


def _master_lead(lang: str) -> Worked:
    u = _lead(*_FIVES, UNIFORM)
    m = _lead(*_FIVES, MASTER)
    return Worked(
        m.best.card,
        m.best.card.pretty if m.best.card else "go",
        (
            "Uniform holdings:",
            *_margins(u),
            "The Master's weighted holdings:",
            *_margins(m),
            "The two differ only in how likely each holding is: uniform counts every "
            "holding alike, the Master weights each by how often the Expert keeps it in "
            f"self-play. That moves the 5 from rank {_rank_of(u, 5)} to rank {_rank_of(m, 5)}.",
        ),
        f"uniform (all {u.combos:,} four-card holdings of the {len(u.position.unseen())} "
        "cards you cannot see equally likely) beside the Master (each holding weighted "
        "by how often the Expert keeps those four ranks, self-play); then both sides "
        "play perfectly with full information (minimax)",
    )


def _holdings(lang: str) -> Worked:
    a = _lead("7H 8D 9S KC", "2C", "4D 3S", UNIFORM)
    return Worked(
        a.combos,
        f"{a.combos:,} holdings",
        (
            "You have seen 7 cards (your 4, your 2 discards, the starter): 45 are unseen.",
            f"C(45,4) = 45×44×43×42 / (4×3×2×1) = {comb(45, 4):,}.",
            f"Suits do not matter in the play, so crib solves {a.holdings:,} rank patterns, "
            "each weighted by how many holdings it stands for.",
        ),
        "counting only: every 4 of the 45 cards you cannot see",
    )


_TRAP_HAND, _TRAP_OPP = "4H 6D 6S 9C", "5C 5H 7S 8D"


def _trap_reply(lang: str) -> Worked:
    a = _lead(_TRAP_HAND, _LEAD_STARTER, _LEAD_THROWN, UNIFORM)
    line = best_line(a.position, _TRAP_OPP, first="4H")
    reply = line[1].card
    return Worked(
        reply,
        reply.pretty if reply else "go",
        tuple(s.describe() for s in line),
        "full information on one holding: both sides see every card and play perfectly (minimax)",
    )


LEADS = (
    Exercise("rank", _best_lead),
    Exercise("number", _lead_gap, tol=0.01),
    Exercise("rank", _master_lead),
    Exercise("int", _holdings),
    Exercise("rank", _trap_reply),
)

# --- part 6: the computer opponent ------------------------------------------------------------


def _pick_chance(tier: str, values: list[float], i: int) -> Worked:
    t = temperature(SKILLS[tier])
    w = softmax_weights(values, t)
    p = w[i] / sum(w)
    ws = " + ".join(f"{x:.3f}" for x in w)
    return Worked(
        p,
        f"{p:.1%}",
        (
            f"{tier.capitalize()}: skill {SKILLS[tier]}, temperature T = {t}.",
            "Weights exp(−(best − value)/T): "
            + ", ".join(f"{v:g} → {x:.3f}" for v, x in zip(values, w, strict=True))
            + ".",
            f"P = {w[i]:.3f} / ({ws}) = {p:.3f}.",
        ),
        f"the {tier} tier's softmax: its own way of choosing, not a rule of cribbage",
    )


_WIN_MODEL = (
    "the shipped win table: both sides play the Expert (self-play), from the scores before the deal"
)


def _win_dealing(lang: str) -> Worked:
    p = win_probability(100, 95)
    return Worked(
        p,
        f"{p:.1%}",
        (f"win_probability(100, 95) = {p:.4f}: you deal at 100, they have 95.",),
        _WIN_MODEL,
    )


def _win_pone(lang: str) -> Worked:
    w = win_probability(95, 100)
    p = 1 - w
    return Worked(
        p,
        f"{p:.1%}",
        (
            f"The table gives the dealer's chance: win_probability(95, 100) = {w:.4f}.",
            f"Yours is the rest: 1 − {w:.4f} = {p:.4f}, against {win_probability(100, 95):.4f} "
            "at the same scores when you deal.",
        ),
        _WIN_MODEL,
    )


def _wilson_above(lang: str) -> Worked:
    lo, hi = wilson(26, 40)
    above = lo > 0.5
    return Worked(
        above,
        "yes" if above else "no",
        (
            f"26 of 40 is {26 / 40:.0%}; the Wilson 95% interval is {lo:.1%} to {hi:.1%}.",
            "Its low end is below 50%: forty games cannot tell this player from an even one."
            if not above
            else "Its low end is above 50%.",
        ),
        "Wilson's 95% interval for a win rate, the 40 games taken as independent",
    )


OPPONENT = (
    Exercise("probability", lambda lang: _pick_chance("hard", [1.0, 0.0], 1), tol=0.005),
    Exercise("probability", lambda lang: _pick_chance("easy", [1.0, 0.5, 0.0], 2), tol=0.005),
    Exercise("probability", _win_dealing, tol=0.01),
    Exercise("probability", _win_pone, tol=0.01),
    Exercise("yesno", _wilson_above),
)


def benchmark_table() -> pd.DataFrame:
    """The shipped strength benchmark (``data/ai_benchmark.json``): each player's win rate
    against the Expert, on duplicate deals (each deal played twice, the seats swapped)."""
    import pandas as pd

    data = json.loads(data_path("ai_benchmark.json").read_text())
    rows = [
        {
            "player": m["expert_vs"],
            "games against the Expert": m["games"],
            "its win rate": m["opponent_win_rate"],
            "Wilson 95% low": m["wilson95"][0],
            "Wilson 95% high": m["wilson95"][1],
        }
        for m in data["matches"]
    ]
    master = data["master"]["variants"]["master"]
    rows.append(
        {
            "player": "master",
            "games against the Expert": master["games"],
            "its win rate": master["win_rate"],
            "Wilson 95% low": master["wilson95"][0],
            "Wilson 95% high": master["wilson95"][1],
        }
    )
    return pd.DataFrame(rows)
