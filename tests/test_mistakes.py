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


def _device(keys, kept: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    """What the browser sends as the page opens: the device keys it keeps."""
    keys._on_msg(keys, {"tab": "", "seats": {}, "device": kept}, None)


def test_my_mistakes_set_in_the_trainer(tmp_path: Path) -> None:
    from crib.store.classroom import Store
    from crib.ui.trainer.app import TrainerApp

    app = TrainerApp(store=Store(tmp_path / "c.sqlite3"), seed=3)
    assert PROFILE_KEY in app.key_listener.device_keys
    _device(app.key_listener, {})  # a first visit: a profile made, kept in the browser
    token = app.key_listener.device[PROFILE_KEY]
    assert app.learner == LearnerKey.for_device(token)
    clock = Clock()
    app.mistake_store.clock = clock
    app.kind.value = "mistakes"
    assert "No mistakes kept yet" in app.mistake_note.value and not app.mistake_view.shown
    app.mistake_store.keep(app.learner, [(SIX, SIX.grade(parse_cards("JC QS")))])
    app.kind.value = "count"
    assert app.mistakes_box.layout.display == "none" and app.prompt.layout.display is None
    app.kind.value = "mistakes"
    v = app.mistake_view
    assert v.shown and app.prompt.layout.display == "none"
    assert "localStorage" in app.mistake_note.value  # which learner, and how it is kept
    assert "1 of 1" in app.mistake_note.value and "2C 9D" not in v.result.value
    v.pick(parse_cards("2C")[0])
    v.pick(parse_cards("9D")[0])
    v.throw_button.click()
    assert "Right" in v.status.value and "2 days" in v.status.value
    assert app.mistake_store.mistakes(app.learner)[0].right_count == 1
    clock.t += SPACING
    app.next_mistake()  # the same position again, 2 days later, from the record
    v.pick(parse_cards("2C")[0])
    v.pick(parse_cards("9D")[0])
    v.throw_button.click()
    assert "leaves your set" in v.status.value
    app.next_mistake()
    assert (
        "Your set is empty" in app.mistake_note.value
        and app.mistake_store.mistakes(app.learner) == []
    )
    # a later visit from the same browser is the same learner
    again = TrainerApp(store=Store(tmp_path / "c.sqlite3"), seed=3)
    _device(again.key_listener, {PROFILE_KEY: token})
    assert again.learner == app.learner and again.key_listener.device == {PROFILE_KEY: token}


def test_a_finished_game_keeps_the_costliest_decisions(tmp_path: Path) -> None:
    import random

    from crib.session.controller import TIERS
    from crib.ui.play.app import PlayApp
    from tests.test_keep import step

    app = PlayApp(seed=12, tier=TIERS["easy"])
    store = MistakeStore(tmp_path / "m.sqlite3")
    app.mistakes._store = store
    _device(app.key_listener, {})
    assert PROFILE_KEY in app.key_listener.device_keys and app.mistakes.learner is not None
    app.new_game(fresh=True, scores=(60, 60))
    rng = random.Random(12)
    while app.controller.phase != "over":
        step(app.controller, rng)
    app.render()
    assert app.mistakes.thread is not None
    app.mistakes.thread.join(60)
    bad = costliest((p, g) for p, g in [(None, g) for g in app.controller.grades])
    kept = store.mistakes(app.mistakes.learner)
    assert app.mistakes.kept == len(kept) == len(bad) > 0
    assert [m.lost for m in kept] == sorted((g.lost for _p, g in bad), reverse=True)
    assert all(m.position.kind == m.kind for m in kept)
