"""The question kinds as dataclasses (issue #35): cards are Card inside the program, text
and JSON only at the edges (the stored session, the pages' HTML)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crib.course import questions as quiz
from crib.course.questions import QuestionError, question_from_dict
from crib.rules.cards import Card, parse_cards
from crib.rules.position import PeggingPosition
from crib.store.classroom import Store
from tests.test_layers import PKG, imports_of

# one question of each kind, drawn once (the discard and the pegging ones take a moment)
QS = quiz.make_questions(
    5, {"count": 1, "pegpoints": 1, "rules": 1, "discard": 1, "peg": 1}, level="tricky"
)

# stored forms older than the dataclasses: no objective, no level, no rules id, no model
OLD = [
    {"kind": "count", "hand": "5H 5D 5C JS", "starter": "5S", "crib": False, "total": 29},
    {
        "kind": "pegpoints",
        "pile": "5H 4D",
        "card": "6C",
        "count_before": 9,
        "count": 15,
        "best": "5",
        "parts": [["fifteen", "5H 4D 6C", 2], ["run", "5H 4D 6C", 3]],
    },
    {
        "kind": "rules",
        "text": "A flush in the crib needs five cards.",
        "choices": ["True", "False"],
        "answer": 0,
        "best": "True",
        "explain": "All five.",
    },
    {
        "kind": "discard",
        "six": "5H 5D JC QS 2H 9C",
        "dealer": True,
        "best": "2H 9C",
        "ranking": [["2H 9C", 12.0, 8.0, 4.0], ["5H 5D", 9.0, 4.0, 5.0]],
        "gap": 3.0,
        "explain": "keep the fives",
    },
    {
        "kind": "peg",
        "position": "hand 4H 6D 6S 9C | pile 7S | starter 2S | opp 3",
        "best": "4H",
        "options": [["4H", 0, 1.2, 0.7], ["9C", 0, 0.1, 0.5]],
        "gap": 1.1,
    },
]


def test_each_kind_is_a_frozen_dataclass_holding_cards() -> None:
    assert [type(q) for q in QS] == [
        quiz.CountQuestion,
        quiz.PegPointsQuestion,
        quiz.RulesQuestion,
        quiz.DiscardQuestion,
        quiz.PegQuestion,
    ]
    count, pegpoints, _rules, discard, peg = QS
    assert all(
        isinstance(c, Card) for c in (*count.hand, count.starter, *pegpoints.pile, pegpoints.card)
    )
    assert (
        all(isinstance(c, Card) for t in discard.ranking for c in t.cards)
        and len(discard.ranking) == 15
    )
    assert isinstance(peg.position, PeggingPosition) and isinstance(peg.best, Card)
    assert all(isinstance(o.card, Card) for o in peg.options)
    with pytest.raises(AttributeError):
        count.total = 3  # type: ignore[misc]
    assert len(set(QS)) == 5  # frozen: hashable


def test_every_kind_round_trips_through_its_stored_json() -> None:
    for q in QS:
        text = json.dumps(q.to_dict())
        assert question_from_dict(json.loads(text)) == q
        assert question_from_dict(q) is q  # already typed: unchanged


@pytest.mark.parametrize("old", OLD, ids=[d["kind"] for d in OLD])
def test_an_old_stored_question_still_loads_and_grades(old: dict) -> None:
    q = question_from_dict(old)
    assert (
        q.kind == old["kind"]
        and q.objective
        == {"count": "L2", "pegpoints": "L3", "rules": "L4", "discard": "L5", "peg": "L3"}[q.kind]
    )
    assert quiz.objective_of(q) == q.objective
    again = question_from_dict(q.to_dict())
    assert again == q
    assert quiz.describe_question(q)
    right = {"count": "29", "pegpoints": "15 5", "rules": "1", "discard": "9C 2H", "peg": "4H"}[
        q.kind
    ]
    assert quiz.grade(q, right).correct


def test_a_count_left_out_is_the_hands() -> None:
    q = question_from_dict({"kind": "count", "hand": "5H 5D 5C JS", "starter": "5S", "crib": False})
    assert q.total == 29 and q.hand == parse_cards("5H 5D 5C JS")


def test_a_question_is_read_by_its_fields_never_by_its_stored_keys() -> None:
    """The text view (``q["hand"]``, ``q.get("id")``) is gone: every module reads the typed
    fields, and the stored JSON is only :meth:`Question.to_dict`'s."""
    for cls in (quiz.Question, *(type(q) for q in QS)):
        assert not hasattr(cls, "__getitem__") and not hasattr(cls, "get"), cls
    with pytest.raises(TypeError):
        QS[0]["hand"]  # type: ignore[index]
    with pytest.raises(AttributeError):
        QS[0].get("hand")  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("bad", "said"),
    [
        (
            {**OLD[0], "hand": "5H 5D 5C XS"},
            "cannot read a stored count question: its hand: invalid card 'XS'",
        ),
        (
            {**OLD[3], "ranking": [["9C 2Z", 1.0, 1.0, 0.0]]},
            "discard question: its ranking: invalid card '2Z'",
        ),
        ({**OLD[4], "position": "hand 4H 4H"}, "peg question: its position: duplicate card 4H"),
        ({**OLD[1], "card": 6}, "pegpoints question: its card: invalid card 6"),
        (
            {k: v for k, v in OLD[0].items() if k != "starter"},
            "count question: it has no 'starter'",
        ),
        (
            {"kind": "bridge"},
            "kind 'bridge': expected one of count, pegpoints, rules, discard, peg",
        ),
        ({}, "kind None"),
    ],
)
def test_a_bad_stored_question_says_what_and_where(bad: dict, said: str) -> None:
    with pytest.raises(QuestionError) as e:
        question_from_dict(bad)
    assert said in str(e.value)


def test_grading_keeps_the_cards_given() -> None:
    _c, _p, _r, discard, peg = QS
    r = quiz.grade(discard, tuple(reversed(discard.best)))  # the cards in any order
    assert (
        r.correct and r.cards == discard.best and r.answer == " ".join(str(c) for c in discard.best)
    )
    worst = discard.ranking[-1].cards
    r = quiz.grade(discard, " ".join(str(c) for c in worst))  # or as text
    assert not r.correct and r.cards == worst
    r = quiz.grade(peg, peg.best)
    assert r.correct and r.cards == (peg.best,)


def test_a_session_stores_json_and_gives_back_dataclasses(tmp_path: Path) -> None:
    store = Store(tmp_path / "class.sqlite3")
    s = store.create_session("t", seed=1, questions=[*QS, OLD[0]])
    raw = store.conn.execute("SELECT questions FROM sessions WHERE id=?", (s.id,)).fetchone()[0]
    assert json.loads(raw) == [q.to_dict() for q in QS] + [OLD[0]]  # the record: JSON, as before
    again = store.session(s.code)
    assert again.questions[:5] == tuple(QS) and again.question(5).hand == parse_cards("5H 5D 5C JS")
    # a placeholder question is never read until the questions are asked for
    s2 = store.create_session("u", seed=1, questions=[{"kind": "count"}])
    store.reveal(s2.code, 0)
    with pytest.raises(QuestionError, match="it has no 'hand'"):
        store.session(s2.code).questions  # noqa: B018
    store.close()


def test_no_teacher_module_imports_the_trainer() -> None:
    """What the teacher's and the student's pages share is in crib.ui.kit (quiz_html,
    quiz_words), so the teacher's page never reaches into the trainer's modules."""
    bad = {
        (p.name, m)
        for p in sorted((PKG / "ui" / "teacher").glob("*.py"))
        for m in imports_of(p)
        if m == "crib.ui.trainer" or m.startswith("crib.ui.trainer.")
    }
    assert bad == set()


def test_the_trainer_reads_its_cards_from_the_questions_not_from_text() -> None:
    """The trainer, the shared quiz kit and the lessons' practice items and guide answers parse
    no card text: the questions hold Cards (the answers typed as text are parsed once, by the
    grading)."""
    calls = ("parse_card(", "parse_cards(", "Card.parse(", "PeggingPosition.parse(")
    files = [
        *sorted((PKG / "ui" / "trainer").glob("*.py")),
        PKG / "ui" / "kit" / "quiz_html.py",
        PKG / "ui" / "kit" / "quiz_words.py",
        PKG / "course" / "lessons" / "items.py",
        PKG / "course" / "guide" / "text.py",
    ]
    found = {(p.name, c) for p in files for c in calls if c in p.read_text()}
    assert found == set()
