"""Issue 40: the puzzles page's logic: no answer before the move, the verdict after it,
ratings kept in the record, streaks and the daily puzzle."""

from __future__ import annotations

import datetime as dt
import json
import random

from crib.analysis.puzzles.model import Puzzle
from crib.store.puzzles import PuzzleStore
from crib.ui.puzzles.flow import PuzzleFlow, daily_puzzle


def _puzzles() -> list[Puzzle]:
    return [
        Puzzle(
            f"p-{i:02d}",
            "play",
            bool(i % 2),
            (10, 20),
            "5H 9C",
            "hand 5H 9C | pile TD | previous 2S 3S 4S 6S 7S | starter KC | opp 1 | scores 10 20",
            "",
            "5H",
            ("5H",),
            "9C",
            1.5,
            "points",
            {"easy": 0.3, "normal": 0.4},
            900.0 + 40 * i,
            ("fifteen",) if i % 3 else ("go",),
            {"en": f"Play 5H: fifteen-{i}.", "fr": f"Jouez 5H : quinze-{i}."},
        )
        for i in range(30)
    ]


def test_the_answer_reaches_the_page_only_after_the_move(tmp_path) -> None:
    ps = _puzzles()
    st = PuzzleStore(tmp_path / "c.sqlite3")
    flow = PuzzleFlow(ps, learner_id=4, store=st, lang="fr", rng=random.Random(3))
    shown = flow.next()
    assert shown is not None and flow.current is not None
    text = json.dumps(shown)
    assert "answer" not in shown and "accepted" not in shown and "words" not in shown
    assert flow.current.words["fr"] not in text and "runner" not in shown
    verdict = flow.move("5h")
    assert verdict["correct"] and verdict["words"].startswith("Jouez 5H")
    assert verdict["change"] > 0 and verdict["figures"]["solve"]["easy"] == 0.3
    nxt = flow.next()
    assert nxt is not None and nxt["id"] != verdict["id"]
    wrong = flow.move("9C")
    assert not wrong["correct"] and wrong["change"] < 0
    st.close()
    again = PuzzleFlow(ps, learner_id=4, store=PuzzleStore(tmp_path / "c.sqlite3"))
    assert round(again.rating.r, 1) == wrong["rating_after"]  # kept across a reload
    assert len(again.store.history(4)) == 2


def test_a_theme_a_streak_and_the_daily_puzzle() -> None:
    ps = _puzzles()
    flow = PuzzleFlow(ps, learner_id=1, theme="go", rng=random.Random(1))
    for _ in range(5):
        flow.next()
        assert "go" in flow.current.themes  # (shown after the move: it comes from the answer)
        flow.move("5H")
    streak = PuzzleFlow(ps, learner_id=2, mode="streak")
    ratings = []
    for _ in range(3):
        ratings.append(streak.next()["rating"])
        streak.move("5H")
    assert ratings == sorted(ratings) and streak.streak == 3
    streak.next()
    assert not streak.move("9C")["correct"] and streak.over and streak.next() is None
    day = dt.date(2026, 12, 5)
    a = PuzzleFlow(ps, learner_id=1, mode="daily").next(day)
    b = PuzzleFlow(ps[::-1], learner_id=9, mode="daily").next(day)
    assert a == b and a["id"] == daily_puzzle(ps, day).id
