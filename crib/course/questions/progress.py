"""What kind of miss an answer was, and a student's progress per skill.

Counting misses are explained by the breakdown: the smallest set of scoring items
whose points make up the difference, named the way a teacher would ("missed a
fifteen with a ten-card", "missed nobs").  Discard and pegging misses come from
the cards: "threw a five to the opponent", "led a five", "handed over a 15".

>>> from crib.rules.scoring import score_hand
>>> classify_count_miss(score_hand("KH 5D 2C 3S", "9D"), 2)
('missed a fifteen with a ten-card',)
>>> classify_count_miss(score_hand("JH 5D 2C 3S", "9H"), 4)
('missed nobs',)
"""

from __future__ import annotations

import csv
import io
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from crib.rules.cards import Card, parse_cards
from crib.rules.scoring import Score

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

    from crib.course.questions.types import DiscardQuestion, PegQuestion

__all__ = [
    "classify_count_miss",
    "explain_count_miss",
    "classify_discard_miss",
    "classify_peg_miss",
    "progress_table",
    "accuracy_over_time",
    "miss_counts",
    "progress_figure",
    "to_csv",
    "SetSummary",
    "set_summary",
    "SKILLS",
]

SKILLS = {"count": "counting", "discard": "discard", "peg": "pegging"}


def _items(s: Score) -> list[tuple[str, int, tuple[int, ...]]]:
    """The breakdown as named groups a student can miss, each with its points and the
    indices of its components: each fifteen, each pair, the runs (a double run as
    one), a flush, nobs."""
    comps = list(s.components)
    idx = {id(c): i for i, c in enumerate(comps)}
    out: list[tuple[str, int, tuple[int, ...]]] = []
    for c in s.fifteens:
        # a ten-card counts 10: the 10 and the face cards (J, Q, K); a 10 is not a face card
        ten = any(x.value == 10 for x in c.cards)
        name = "missed a fifteen with a ten-card" if ten else "missed a fifteen"
        out.append((name, 2, (idx[id(c)],)))
    for c in s.pairs:
        out.append(("missed a pair", c.points, (idx[id(c)],)))
    runs = s.runs
    if len(runs) == 1:
        out.append(("missed a run", runs[0].points, (idx[id(runs[0])],)))
    elif runs:
        n = {2: "double", 3: "triple", 4: "double-double"}[len(runs)]
        all_runs = tuple(idx[id(r)] for r in runs)
        out.append((f"missed a {n} run", sum(r.points for r in runs), all_runs))
        out.append(
            (f"counted a {n} run as a single run", sum(r.points for r in runs[1:]), all_runs[1:])
        )
    for c in s.of_kind("flush"):
        out.append(("missed a flush", c.points, (idx[id(c)],)))
    for c in s.of_kind("nobs"):
        out.append(("missed nobs", c.points, (idx[id(c)],)))
    return out


def explain_count_miss(s: Score, given: int) -> tuple[tuple[str, ...], frozenset[int]]:
    """The likely misses behind a wrong count, and the indices of the breakdown's
    components that were probably missed (empty for an over-count)."""
    diff = s.total - given
    if diff == 0:
        return (), frozenset()
    if diff < 0:
        over = -diff
        suits = {c.suit for c in s.hand}
        four_flush = len(suits) == 1 and s.starter is not None and s.starter.suit not in suits
        if s.is_crib and four_flush and over == 4:
            return ("counted a four-card flush in the crib",), frozenset()
        if over == 1 and any(c.rank == 11 for c in s.hand) and not s.of_kind("nobs"):
            return ("counted nobs that was not there",), frozenset()
        return (f"over-counted by {over}",), frozenset()
    items = _items(s)
    # the fewest items that make up the difference, earliest names first
    for k in range(1, min(len(items), 4) + 1):
        for combo in combinations(range(len(items)), k):
            if sum(items[i][1] for i in combo) == diff:
                names = list(dict.fromkeys(items[i][0] for i in combo))
                comps = frozenset(j for i in combo for j in items[i][2])
                return tuple(names), comps
    return (f"under-counted by {diff}",), frozenset()


def classify_count_miss(s: Score, given: int) -> tuple[str, ...]:
    """Name the likely misses behind a wrong count (short or over)."""
    return explain_count_miss(s, given)[0]


def classify_discard_miss(q: DiscardQuestion, throw: str | Sequence[Card]) -> tuple[str, ...]:
    """Name what was wrong with a throw, from the cards."""
    six = q.six
    thrown = parse_cards(throw)
    keep = [c for c in six if c not in thrown]
    best = q.best
    out = []
    if not q.dealer:
        if any(c.rank == 5 for c in thrown):
            out.append("threw a five to the opponent")
        if thrown[0].value + thrown[1].value == 15:
            out.append("threw a fifteen to the opponent")
        if thrown[0].rank == thrown[1].rank:
            out.append("threw a pair to the opponent")
        if abs(thrown[0].rank - thrown[1].rank) == 1:
            out.append("threw touching cards to the opponent")
    else:
        if (
            any(c.rank == 5 for c in keep)
            and any(c.rank == 5 for c in best)
            and not any(c.rank == 5 for c in thrown)
        ):
            out.append("kept a five the crib wanted")
    kept_pairs = sum(1 for a, b in combinations(keep, 2) if a.rank == b.rank)
    best_keep = [c for c in six if c not in best]
    if sum(1 for a, b in combinations(best_keep, 2) if a.rank == b.rank) > kept_pairs:
        out.append("split a pair")
    if not out:
        out.append("kept the weaker hand")
    return tuple(out)


def classify_peg_miss(q: PegQuestion, card: Card) -> tuple[str, ...]:
    """Name what was wrong with a play, from the position."""
    pos = q.position
    count = pos.count + card.value
    out = []
    if not pos.pile and card.rank == 5:
        out.append("led a five")
    if count in (5, 21):
        out.append(f"left a count of {count} (a ten-card makes {count + 10})")
    if count not in (5, 21) and 5 <= count < 15 and 15 - count <= 10:
        out.append(f"handed over a 15 (a {15 - count} makes it)")
    if (
        pos.pile
        and pos.pile[-1].rank != card.rank
        and any(c.rank == pos.pile[-1].rank for c in pos.hand if c != card)
    ):
        out.append("missed a pair")
    best = q.best
    mine = next(o.now for o in q.options if o.card.rank == card.rank)
    if not out and q.options[0].now > mine:
        out.append(f"missed points now ({best.pretty} scores {q.options[0].now})")
    if not out:
        out.append("gave up position later in the play")
    return tuple(out)


# --- progress -----------------------------------------------------------------


def progress_table(answers: Sequence[Any]) -> pd.DataFrame:
    """One row per answer (objects with kind, question, answer, correct, lost, miss,
    seconds, created), in time order, with the running accuracy per skill."""
    import pandas as pd

    rows = [
        {
            "time": pd.Timestamp(a.created, unit="s"),
            "skill": SKILLS.get(a.kind, a.kind),
            "question": a.question + 1,
            "answer": a.answer,
            "correct": bool(a.correct),
            "lost": float(a.lost),
            "miss": a.miss,
            "seconds": float(a.seconds),
        }
        for a in sorted(answers, key=lambda a: a.created)
    ]
    df = pd.DataFrame(
        rows, columns=["time", "skill", "question", "answer", "correct", "lost", "miss", "seconds"]
    )
    if len(df):
        df["running_accuracy"] = df.groupby("skill")["correct"].transform(
            lambda s: s.expanding().mean()
        )
    else:
        df["running_accuracy"] = pd.Series(dtype=float)
    return df


def accuracy_over_time(df: pd.DataFrame) -> dict[str, list[tuple[int, float]]]:
    """Per skill: (answer number, running accuracy) points."""
    out: dict[str, list[tuple[int, float]]] = {}
    for skill, g in df.groupby("skill", sort=False):
        out[str(skill)] = [(i + 1, float(v)) for i, v in enumerate(g["running_accuracy"])]
    return out


def miss_counts(df: pd.DataFrame) -> dict[str, int]:
    """How often each kind of miss occurred, most frequent first."""
    counts: dict[str, int] = {}
    for m in df.loc[~df["correct"], "miss"] if len(df) else []:
        for part in str(m).split("; "):
            if part:
                counts[part] = counts.get(part, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def progress_figure(
    df: pd.DataFrame,
    title: str = "My progress",
    lang: str = "en",
    miss_label: Callable[[str], str] | None = None,
) -> Figure:
    """Running accuracy per skill, and the kinds of misses, as one matplotlib figure; its
    words in ``lang`` (``title`` already in it), each miss named by ``miss_label``."""
    from matplotlib.figure import Figure

    from crib.i18n import tr

    _ = tr(lang)
    fig = Figure(figsize=(9, 3.4), layout="constrained")
    ax1, ax2 = fig.subplots(1, 2, width_ratios=[1, 1.2])
    colours = {"counting": "#138a8a", "discard": "#1f5fa8", "pegging": "#6b4fa0"}
    series = accuracy_over_time(df)
    for skill, pts in series.items():
        xs, ys = zip(*pts, strict=True)
        ax1.plot(xs, [100 * y for y in ys], marker="o", label=_(skill), color=colours.get(skill))
    ax1.set_ylim(-5, 105)
    ax1.xaxis.get_major_locator().set_params(integer=True)
    ax1.set_xlabel(_("answer number (per skill)"))
    ax1.set_ylabel(_("accuracy so far (%)"))
    ax1.set_title(_("Accuracy over time"))
    if series:
        ax1.legend(loc="lower right", fontsize=8)
    else:
        ax1.text(0.5, 0.5, _("no answers yet"), ha="center", va="center", transform=ax1.transAxes)
    misses = miss_counts(df)
    top = list(misses.items())[:8][::-1]
    if top:
        ax2.barh([(miss_label or str)(k) for k, _n in top], [v for _k, v in top], color="#d68910")
        ax2.set_xlabel(_("times"))
        ax2.xaxis.get_major_locator().set_params(integer=True)
    else:
        ax2.text(0.5, 0.5, _("no misses yet"), ha="center", va="center", transform=ax2.transAxes)
        ax2.set_yticks([])
    ax2.set_title(_("Kinds of misses"))
    ax2.tick_params(axis="y", labelsize=8)
    fig.suptitle(title)
    return fig


def to_csv(df: pd.DataFrame) -> str:
    """The table as CSV text (time in ISO form), every text cell made safe to open in a
    spreadsheet (:func:`crib.csv_safe.safe_frame`); numbers stay numbers."""
    from crib.csv_safe import safe_frame

    buf = io.StringIO()
    out = df.copy()
    if "time" in out:
        out["time"] = out["time"].astype(str)
    safe_frame(out).to_csv(buf, index=False, quoting=csv.QUOTE_MINIMAL)
    return buf.getvalue()


@dataclass(frozen=True)
class SetSummary:
    """The end of a set of questions: how many, how many right, the points lost, the
    median time, and the most frequent misses (most first)."""

    answered: int
    right: int
    lost: float
    median_seconds: float | None
    misses: tuple[tuple[str, int], ...]

    @property
    def accuracy(self) -> float | None:
        return self.right / self.answered if self.answered else None


def set_summary(answers: Sequence[Any], *, top: int = 3) -> SetSummary:
    """Summarize a set's answers (anything with ``correct``, ``lost``, ``seconds`` and
    ``miss``, the misses joined by "; "): the ``top`` misses by how often they occur.

    >>> from types import SimpleNamespace as A
    >>> s = set_summary([A(correct=True, lost=0.0, seconds=4.0, miss=""),
    ...                  A(correct=False, lost=2.0, seconds=9.0, miss="missed nobs"),
    ...                  A(correct=False, lost=1.5, seconds=6.0, miss="missed nobs; led a five")])
    >>> s.answered, s.right, s.lost, s.median_seconds, s.misses[0]
    (3, 1, 3.5, 6.0, ('missed nobs', 2))
    """
    misses = Counter(m for a in answers for m in (a.miss or "").split("; ") if m)
    return SetSummary(
        answered=len(answers),
        right=sum(1 for a in answers if a.correct),
        lost=round(sum(float(a.lost or 0.0) for a in answers), 2),
        median_seconds=statistics.median(a.seconds for a in answers) if answers else None,
        misses=tuple(misses.most_common(top)),
    )
