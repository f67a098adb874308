"""The teacher's numbers for one session: per question, per student, and the choices made.

Everything is computed from one session's answers (``Store.answers(code)``), so a
dashboard built on these never mixes sessions.

>>> from types import SimpleNamespace as A
>>> from crib.course.questions import question_from_dict
>>> stored = dict(kind="count", hand="5H 5D 5C JS", starter="5S", crib=False, total=29)
>>> qs = [question_from_dict(stored)]
>>> rows = [A(student="Ann", question=0, answer="29", correct=True, lost=0.0, miss="",
...           seconds=4.0),
...         A(student="Bob", question=0, answer="28", correct=False, lost=1.0,
...           miss="missed nobs", seconds=9.0)]
>>> question_stats(qs, rows)[["answered", "accuracy"]].to_dict("records")
[{'answered': 2, 'accuracy': 0.5}]
>>> choice_counts(qs[0], [r for r in rows if r.question == 0])
[('29', 1, True), ('28', 1, False)]
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from crib.course.questions import (
    KIND_NAMES,
    PegQuestion,
    Question,
    describe_question,
    objective_of,
)
from crib.course.rules_bank import OBJECTIVES
from crib.rules.cards import parse_card, parse_cards

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = [
    "question_stats",
    "student_stats",
    "choice_counts",
    "choice_figure",
    "answers_frame",
    "mastery_frame",
    "correct_answer",
]


def correct_answer(q: Question) -> str:
    """The right answer in the form answers are stored (a total, two cards, a card, a
    rules question's right choice): :meth:`~crib.course.questions.types.Question.right_answer`."""
    return q.right_answer()


def _same(q: Question, answer: str) -> bool:
    if isinstance(
        q, PegQuestion
    ):  # one card per rank: the same rank is the same play (a stored answer)
        return parse_card(answer).rank == q.best.rank
    return answer == correct_answer(q)


def question_stats(
    questions: Sequence[Question], answers: Sequence[Any], revealed: set[int] = frozenset()
) -> pd.DataFrame:  # type: ignore[assignment]
    """One row per question, the hardest first (lowest accuracy, then most answered)."""
    import pandas as pd

    rows = []
    for i, q in enumerate(questions):
        mine = [a for a in answers if a.question == i]
        n = len(mine)
        right = sum(1 for a in mine if a.correct)
        top = Counter(a.answer for a in mine if not a.correct).most_common(1)
        rows.append(
            {
                "question": i + 1,
                "kind": KIND_NAMES[q.kind],
                "deal": describe_question(q),
                "answered": n,
                "accuracy": right / n if n else float("nan"),
                "avg_lost": sum(a.lost for a in mine) / n if n else float("nan"),
                "answer": correct_answer(q),
                "top_wrong": f"{answer_text(q, top[0][0])} ({top[0][1]})" if top else "",
                "revealed": i in revealed,
            }
        )
    df = pd.DataFrame(rows)
    if len(df):
        df = df.sort_values(
            ["accuracy", "answered", "question"], ascending=[True, False, True], na_position="last"
        ).reset_index(drop=True)
    return df


def student_stats(
    students: Sequence[str], answers: Sequence[Any], n_questions: int
) -> pd.DataFrame:
    """One row per student who joined: progress n/N, accuracy, points lost, time, top miss."""
    import pandas as pd

    rows = []
    for name in students:
        mine = [a for a in answers if a.student == name]
        n = len(mine)
        misses = Counter(
            part for a in mine if not a.correct for part in a.miss.split("; ") if part
        ).most_common(1)
        rows.append(
            {
                "student": name,
                "progress": f"{len({a.question for a in mine})}/{n_questions}",
                "accuracy": sum(a.correct for a in mine) / n if n else float("nan"),
                "avg_lost": sum(a.lost for a in mine) / n if n else float("nan"),
                "median_s": statistics.median(a.seconds for a in mine) if n else float("nan"),
                "top_mistake": misses[0][0] if misses else "",
            }
        )
    return pd.DataFrame(
        rows,
        columns=["student", "progress", "accuracy", "avg_lost", "median_s", "top_mistake"],
    )


def choice_counts(q: Question, answers: Sequence[Any]) -> list[tuple[str, int, bool]]:
    """(answer, how many chose it, is it the best) for one question's answers: the best
    first, then by count."""
    c = Counter(a.answer for a in answers)
    best = correct_answer(q)
    if isinstance(q, PegQuestion):  # merge same-rank cards under the best card's name
        merged: Counter[str] = Counter()
        for ans, k in c.items():
            merged[best if _same(q, ans) else ans] += k
        c = merged
    c.setdefault(best, 0)
    out = [(a, k, _same(q, a)) for a, k in c.items()]
    return sorted(out, key=lambda t: (not t[2], -t[1], t[0]))


def answer_text(q: Question, answer: str) -> str:
    """A stored answer as a learner reads it: a count as typed, cards as "4♣ 3♥" (never "4C 3H").

    >>> from types import SimpleNamespace as Q
    >>> answer_text(Q(kind="discard"), "4C 3H"), answer_text(Q(kind="count"), "12")
    ('4♣ 3♥', '12')
    """
    from crib.rules.cards import cards_pretty

    if q.kind not in ("discard", "peg") or not answer:
        return answer
    try:
        return cards_pretty(parse_cards(answer))
    except ValueError:
        return answer


def choice_figure(q: Question, answers: Sequence[Any], title: str = "", lang: str = "en") -> Figure:
    """A bar per answer chosen, the best in green: what the class chose against the best;
    counts in numeric order along the axis; its words in ``lang``."""
    from matplotlib.figure import Figure

    from crib.i18n import N_, tr

    _ = tr(lang)
    counts = choice_counts(q, answers)
    if q.kind in ("count", "pegpoints"):  # an axis of totals reads in order: 4, 6, 7
        counts = sorted(
            counts, key=lambda t: (not t[0].isdigit(), int(t[0]) if t[0].isdigit() else 0, t[0])
        )
    fig = Figure(figsize=(6.4, 2.8), layout="constrained")
    ax = fig.subplots()

    def label(a: str) -> str:
        return answer_text(q, a)

    xs = [label(a) for a, _k, _b in counts]
    ax.bar(
        xs, [k for _a, k, _b in counts], color=["#1e8449" if b else "#d68910" for *_x, b in counts]
    )
    ax.set_xlim(-0.6, max(len(xs), 5) - 0.4)  # one bar stays a bar, not a wall
    ax.set_ylim(
        0, max([k for _a, k, _b in counts] + [1]) * 1.1
    )  # no answers yet: an axis 0 to 1, not ±0.05
    ax.set_ylabel(_("students"))
    ax.yaxis.get_major_locator().set_params(integer=True)
    what = {
        "count": N_("totals given"),
        "pegpoints": N_("points given"),
        "rules": N_("answers chosen"),
        "discard": N_("throws chosen"),
        "peg": N_("cards played"),
    }[q.kind]
    ax.set_title(
        title
        or _("{what} (green: the best, {best})").format(
            what=_(what), best=label(correct_answer(q))
        ),
        fontsize=10,
    )
    ax.tick_params(axis="x", labelsize=9, rotation=30 if len(xs) > 5 else 0)
    return fig


def answers_frame(questions: Sequence[Question], answers: Sequence[Any]) -> pd.DataFrame:
    """Every answer of the session, with its question, for the CSV export."""
    import pandas as pd

    rows = [
        {
            "time": pd.Timestamp(a.created, unit="s").isoformat(),
            "student": a.student,
            "question": a.question + 1,
            "kind": KIND_NAMES[a.kind],
            "objective": objective_of(questions[a.question]),
            "deal": describe_question(questions[a.question]),
            "answer": a.answer,
            "best": correct_answer(questions[a.question]),
            "correct": bool(a.correct),
            "lost": a.lost,
            "miss": a.miss,
            "seconds": a.seconds,
        }
        for a in answers
    ]
    return pd.DataFrame(
        rows,
        columns=[
            "time",
            "student",
            "question",
            "kind",
            "objective",
            "deal",
            "answer",
            "best",
            "correct",
            "lost",
            "miss",
            "seconds",
        ],
    )


def mastery_frame(
    questions: Sequence[Question], answers: Sequence[Any], students: Sequence[str]
) -> pd.DataFrame:
    """Mastery per lesson objective: a row per student and a last row for the class.

    Each cell is the share of first answers that were right for the objective's
    questions ("3/4" style counts in the ``*_n`` columns), empty where the student has
    answered none; objectives the session does not ask are left out.  A student's first
    answer to a question is the one that counts (a second try after the reveal is not
    mastery).
    """
    import pandas as pd

    asked = [o for o in OBJECTIVES if any(objective_of(q) == o for q in questions)]
    first: dict[tuple[str, int], Any] = {}
    for a in sorted(answers, key=lambda a: a.created):
        first.setdefault((a.student, a.question), a)

    def row(who: str, mine: list[Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"student": who}
        for o in asked:
            got = [a for a in mine if objective_of(questions[a.question]) == o]
            out[o] = sum(a.correct for a in got) / len(got) if got else float("nan")
            out[f"{o}_n"] = f"{sum(a.correct for a in got)}/{len(got)}"
        return out

    rows = [row(s, [a for (st, _q), a in first.items() if st == s]) for s in students]
    rows.append(row("class", list(first.values())))
    return pd.DataFrame(rows, columns=["student", *(c for o in asked for c in (o, f"{o}_n"))])
