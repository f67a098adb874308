"""Learners and their mistakes (issue #39, point 6): the record on SQLite and PostgreSQL,
the clock rule of the drill, the game's end keeping the costliest decisions, and the
trainer's "My mistakes" set (headless)."""

from __future__ import annotations

from pathlib import Path

import pytest

from crib.errors import CribError
from crib.rules.cards import parse_cards
from crib.rules.position import PeggingPosition
from crib.session.learner import PROFILE_KEY, LearnerKey, device_learner
from crib.session.retry import RetryPosition
from crib.store.mistakes import PER_GAME, SPACING, MistakeStore, costliest

DAY = 86400.0
SIX = RetryPosition("discard", parse_cards("5H 5D JC QS 2C 9D"), True, (0, 0))
PEG = PeggingPosition(hand="5H 9D KS", pile="6C", starter="2C", scores=(10, 20))
PLAY = RetryPosition("play", PEG.hand, False, (10, 20), PEG)


class Clock:
    def __init__(self, t: float = 1_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def test_learner_keys() -> None:
    assert LearnerKey.for_class("ab c-234", " Ann  Lee ") == LearnerKey(
        "class", "ABC234/Ann Lee", "Ann Lee"
    )
    k, token = device_learner({})
    assert token == k.key and k.kind == "device"
    assert device_learner({PROFILE_KEY: token}) == (k, None)
    # a kept value that is not a token is replaced by a new profile
    k2, t2 = device_learner({PROFILE_KEY: "<script>"})
    assert t2 is not None and k2 != k
    for bad in (("device", "short"), ("teacher", "x" * 20), ("class", "no-slash")):
        with pytest.raises(CribError):
            LearnerKey(*bad)


def test_keep_and_drill_both_dialects(db_target: Path | str) -> None:
    clock = Clock()
    st = MistakeStore(db_target, clock=clock)
    ann = LearnerKey.for_class("ABC234", "Ann")
    dev, _ = device_learner({})
    assert st.learner_id(ann) != st.learner_id(dev)
    assert st.learner(st.learner_id(dev)) == dev
    bad_throw = SIX.grade(parse_cards("5H 5D"))
    ok_throw = SIX.grade(parse_cards("2C 9D"))
    bad_play = PLAY.grade(parse_cards("5H"))
    assert st.keep(ann, [(SIX, bad_throw), (SIX, ok_throw), (PLAY, bad_play)]) == 2
    assert st.keep(ann, [(SIX, bad_throw)]) == 0  # the same position is kept once
    kept = st.mistakes(ann)
    assert [m.kind for m in kept] == ["discard", "play"]  # costliest first
    assert kept[0].position == SIX and kept[0].move == "5H 5D" and kept[0].best == "2C 9D"
    assert kept[1].position == PLAY and kept[1].lost == pytest.approx(bad_play.lost)
    assert st.mistakes(dev) == []
    assert [k for _, k in st.class_learners("abc-234")] == [ann]
    # two right answers at least 2 days apart retire it
    m = kept[0].id
    assert st.answer(m, True).right_count == 1  # type: ignore[union-attr]
    clock.t += DAY
    assert st.answer(m, True).right_count == 1  # type: ignore[union-attr]  # too soon
    clock.t += DAY - 1
    assert not st.answer(m, True).retired  # type: ignore[union-attr]  # 47:59:59 after
    clock.t += 1
    got = st.answer(m, True)
    assert got is not None and got.retired and got.right_count == 2
    assert [x.id for x in st.mistakes(ann)] == [kept[1].id]
    assert len(st.mistakes(ann, retired=True)) == 2
    # a wrong answer starts the count again
    p = kept[1].id
    st.answer_grade(p, PLAY.grade(parse_cards("9D")))
    clock.t += 3 * DAY
    st.answer(p, False)
    clock.t += SPACING
    assert not st.answer(p, True).retired  # type: ignore[union-attr]
    clock.t += SPACING
    assert st.answer(p, True).retired  # type: ignore[union-attr]
    st.close()


def test_costliest_keeps_at_most_per_game() -> None:
    g = SIX.grade(parse_cards("5H 5D"))
    many = [(SIX, g)] * (PER_GAME + 3) + [(SIX, SIX.grade(parse_cards("2C 9D")))]
    assert len(costliest(many)) == PER_GAME
