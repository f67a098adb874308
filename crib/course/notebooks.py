"""Helpers for the teaching notebooks: exercises, tables and experiments.

Every answer shown to students is computed here by crib, so it stays correct.
"""

from __future__ import annotations

import csv
import html
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from crib.analysis.models import UNIFORM
from crib.datafiles import data_path
from crib.rules.cards import CardsLike, cards_pretty
from crib.rules.scoring import Score, score_hand
from crib.rules.words import FRENCH

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "heuristic_adjustments",
    "solution",
    "score_frame",
    "published_distribution",
    "distribution_frame",
    "reachable_scores",
    "sampled_vs_exact",
    "lead_reply_table",
    "tournament",
    "count_aloud",
    "say_fr",
    "score_frame_fr",
]


class Solution:
    """A collapsed answer: click "Show the solution" to reveal it (HTML ``<details>``)."""

    def __init__(self, body: str, label: str) -> None:
        self.body, self.label = body, label

    def _repr_html_(self) -> str:
        return (
            f'<details class="crib-solution"><summary><b>{html.escape(self.label)}</b></summary>'
            f'<div style="margin:0.4em 1em">{self.body}</div></details>'
        )

    def __repr__(self) -> str:
        return f"{self.label} (collapsed)"


def solution(answer: str | Callable[[], str], label: str = "Show the solution") -> Solution:
    """Wrap an answer (text, or a function computing it) so it shows only on demand."""
    text = answer() if callable(answer) else answer
    return Solution(html.escape(text).replace("\n", "<br>"), label)


def score_frame(s: Score) -> pd.DataFrame:
    """A hand's breakdown as a table: one row per fifteen, pair, run, flush, nobs."""
    import pandas as pd

    rows = [
        {"item": c.kind, "cards": cards_pretty(c.cards), "points": c.points} for c in s.components
    ]
    rows.append({"item": "total", "cards": "", "points": s.total})
    return pd.DataFrame(rows)


def published_distribution() -> dict[int, int]:
    """The published counts shipped in data/ (S. Lumetta; Wikipedia "Cribbage statistics")."""
    path = data_path("hand_score_distribution_published.csv")
    with path.open() as f:
        lines = [ln for ln in f if not ln.startswith("#")]
    return {int(r["score"]): int(r["hands"]) for r in csv.DictReader(lines)}


def distribution_frame() -> pd.DataFrame:
    """Score, count computed live over all 12,994,800 combinations, published count, match."""
    import pandas as pd

    from crib.analysis.tables import score_distribution

    live = score_distribution()
    pub = published_distribution()
    df = pd.DataFrame(
        {
            "score": range(30),
            "computed": [int(x) for x in live],
            "published": [pub.get(k, 0) for k in range(30)],
        }
    )
    df["match"] = df["computed"] == df["published"]
    return df


def reachable_scores() -> pd.DataFrame:
    """Which totals each kind of hand can reach: rank points plus what suits can add.

    For every (4 hand ranks, starter rank) the rank points (15s, pairs, runs) are
    fixed; suits can add a flush (4 or 5, only when the ranks involved are all
    different) and nobs (1, only with a jack in the hand, and never together
    with a 4-card flush: the jack is of the flush suit, the starter is not).  Listing the reachable
    totals shows why 19, 25, 26 and 27 never occur.
    """
    import pandas as pd

    from crib.rules.scoring import rank_points

    reach: dict[int, set[str]] = {}
    for hand in combinations_with_replacement(range(1, 14), 4):
        for st in range(1, 14):
            ranks = (*hand, st)
            if max(ranks.count(r) for r in ranks) > 4:
                continue
            base = rank_points(list(ranks))
            extras = [(0, "")]
            if 11 in hand:
                extras.append((1, "nobs"))
            if len(set(hand)) == 4:
                # a 4-card flush means the starter is another suit, so the hand's
                # jack (of the flush suit) cannot match it: no nobs with it
                extras.append((4, "4-card flush"))
                if st not in hand:
                    extras.append((5, "5-card flush"))
                    if 11 in hand:
                        extras.append((6, "5-card flush + nobs"))
            for add, how in extras:
                reach.setdefault(base + add, set()).add(
                    f"{base} from ranks" + (f" + {how}" if how else "")
                )
    rows = []
    for total in range(30):
        ways = sorted(reach.get(total, set()))
        rows.append({"total": total, "reachable": bool(ways), "e.g.": "; ".join(ways[:3])})
    return pd.DataFrame(rows)


def sampled_vs_exact(
    position: Any, samples: int = 200, repeats: int = 20, seed: int = 1
) -> pd.DataFrame:
    """Estimate each card's margin from ``samples`` random holdings, ``repeats`` times, beside
    the exact value.

    Sampling is what published engines do; the exact value averages every holding.
    """
    import pandas as pd

    from crib.analysis.play import analyze_play, minimax_by_holding

    a = analyze_play(position, model=UNIFORM)
    # every holding's exact margin per card, once; the samples draw from these
    by_holding = minimax_by_holding(a.position, [o.card for o in a.options])
    weights = [w for _h, w, _row in by_holding]
    rng = random.Random(seed)
    rows = []
    picks_best = 0
    for _rep in range(repeats):
        drawn = rng.choices(range(len(by_holding)), weights=weights, k=samples)
        est = {
            o.label: sum(sum(by_holding[i][2][j]) for i in drawn) / samples
            for j, o in enumerate(a.options)
        }
        best_est = max(est, key=est.__getitem__)
        picks_best += best_est == a.best.label
        rows.append(est)
    df = pd.DataFrame(rows)
    summary = pd.DataFrame(
        {
            "exact": [float(o.margin) for o in a.options],
            "sampled mean": [df[o.label].mean() for o in a.options],
            "sampled min": [df[o.label].min() for o in a.options],
            "sampled max": [df[o.label].max() for o in a.options],
        },
        index=[o.label for o in a.options],
    )
    summary.attrs["best_found"] = (
        f"{picks_best} of {repeats} runs of {samples} "
        f"samples picked the exact best ({a.best.label})"
    )
    return summary


def lead_reply_table(hand: CardsLike, starter: CardsLike, discards: CardsLike = ()) -> pd.DataFrame:
    """For each lead: P(the opponent can score at once) and their best immediate reply, exactly.

    Averaged over every 4-card holding of the unseen cards (a 15 or a pair off
    your lead), which is why leading a 5 invites a ten-card.
    """
    import pandas as pd

    from crib.analysis.play import holdings
    from crib.rules.pegging import peg_points
    from crib.rules.position import PeggingPosition

    pos = PeggingPosition.lead(hand, starter, discards)
    hs = list(holdings(pos))
    total = sum(w for _h, w in hs)
    rows = []
    for c in sorted(set(pos.hand), key=lambda c: c.rank):
        best_sum = 0
        can = 0
        for h, w in hs:
            best = max(peg_points((c.rank, r)) for r in h)
            best_sum += best * w
            can += w if best > 0 else 0
        rows.append(
            {
                "lead": c.pretty,
                "P(opponent scores at once)": float(Fraction(can, total)),
                "their best immediate reply (mean points)": float(Fraction(best_sum, total)),
            }
        )
    return pd.DataFrame(rows).drop_duplicates(subset=["lead"])


def tournament(pairs: Sequence[tuple[str, str]], games: int, seed0: int = 0) -> pd.DataFrame:
    """Play ``games`` games per pair (seats and first dealer alternate); win rates with
    Wilson 95%."""
    import pandas as pd

    from crib.ai.sim import play_games

    rows = []
    for a, b in pairs:
        st = play_games(a, b, games, seed0=seed0)
        lo, hi = st.a_interval()
        rows.append(
            {
                "player": a,
                "opponent": b,
                "games": games,
                "wins": st.a_wins,
                "win rate": st.a_wins / games,
                "Wilson 95% low": lo,
                "Wilson 95% high": hi,
            }
        )
    return pd.DataFrame(rows)


def count_aloud(hand: CardsLike, starter: CardsLike, is_crib: bool = False) -> str:
    """The spoken count, capitalised, for exercises."""
    return score_hand(hand, starter, is_crib=is_crib).say().capitalize() + "."


# --- French -----------------------------------------------------------------------

# the course's French terms: a *couleur* is a flush (cards of one suit, not of one colour);
# nobs is « le valet de même couleur » (as the starter), his heels « le valet retourné »
_FR_KIND = {
    "fifteen": "quinze",
    "pair": "paire",
    "run": "suite",
    "flush": "couleur",
    "nobs": "valet de même couleur",
}


def say_fr(s: Score) -> str:
    """The count said aloud in French: « quinze deux, quinze quatre et une paire fait six ».

    >>> say_fr(score_hand("5H 5D 5C JS", "5S")).split(", ")[0]
    'quinze deux'
    >>> say_fr(score_hand("5H 5D 6C JS", "4S")).split(", ")[-2]
    'et deux suites de trois font seize'
    """
    return s.say(FRENCH)


def score_frame_fr(s: Score) -> pd.DataFrame:
    """The breakdown table with French labels."""
    df = score_frame(s)
    df["item"] = [_FR_KIND.get(k, "total") for k in df["item"]]
    return df.rename(columns={"item": "combinaison", "cards": "cartes", "points": "points"})


def heuristic_adjustments() -> dict[str, float]:
    """The computer's heuristic, not a rule of the game: the net value
    (:func:`crib.analysis.heuristics.net_value`, at full skill, no points, no threat)
    of a few plays, which shows the small adjustments it makes for the count it leaves.

    >>> list(heuristic_adjustments())[:2]
    ['lead a 4: count 0 -> 4', 'lead a 5: count 0 -> 5']
    """
    from crib.analysis.heuristics import net_value

    plays = [
        ("lead a 4", 0, 4, 4),
        ("lead a 5", 0, 5, 5),
        ("play a 10", 10, 20, 10),
        ("play a 10", 11, 21, 10),
        ("play a 4", 20, 24, 4),
    ]
    return {
        f"{what}: count {before} -> {after}": round(
            net_value(0, before, after, rank, 0.0, 0.0, 1.0), 2
        )
        for what, before, after, rank in plays
    }
