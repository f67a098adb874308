"""A game kept move by move and played again (issue #37, point 1: a game is never lost).

The record (:class:`crib.session.keep.GameRecord`) holds the deal's settings and every
accepted action; :meth:`GameController.resume` plays them again.  Checked here: at many
points of whole games (manual counts and muggins included), the resumed game shows the
same view and the same grades, and a game resumed then played on is the game played
without a break (nothing played twice, nothing lost); a refused action is not kept; a
changed or foreign record is refused with a message, never half-played.
"""

from __future__ import annotations

import json
import random

import pytest

from crib.errors import CribError
from crib.session.controller import TIERS, GameController
from crib.session.keep import MAX_ACTIONS, GameRecord


def step(c: GameController, rng: random.Random) -> None:
    """One action of a scripted player (some refused: bad keys, go with a card)."""
    try:
        if c.phase == "discard":
            c.press("enter" if len(c.selected) == 2 else str(rng.randint(1, 6)))
        elif c.phase == "play":
            c.press(rng.choice(["1", "2", "3", "4", "g", "h" if rng.random() < 0.2 else "1"]))
        elif c.phase == "count":
            c.claim(rng.randint(0, 12))
        else:
            c.press("n")
    except CribError:
        pass


def snapshot(c: GameController) -> tuple:
    c.refine_grades()  # the exact trap flag, as the page refines it after each move
    return (c.view(), c.phase, c.cursor, tuple(c.scores), [g.verdict for g in c.grades])


@pytest.mark.parametrize(
    "seed, tier, manual, muggins, on",
    [
        (5, "easy", True, True, 1),
        pytest.param(11, "normal", False, False, 4, marks=pytest.mark.slow),
    ],
)
def test_resume_anywhere_is_the_same_game(
    seed: int, tier: str, manual: bool, muggins: bool, on: int
):
    """Every kept point gives the same view and grades; from ``on`` of them (spread over
    the game) the same player plays on to the same end."""
    rng = random.Random(seed)
    c = GameController(seed=seed, tier=TIERS[tier], manual=manual, muggins=muggins)
    kept = []
    n = 0
    while c.phase != "over" and n < 4000:
        n += 1
        step(c, rng)
        if n % 23 == 0:
            kept.append((c.record().to_json(), snapshot(c), rng.getstate()))
    assert c.phase == "over" and len(kept) >= 4
    final = snapshot(c)
    picks = sorted({len(kept) * (k + 1) // (on + 1) for k in range(on)} | {len(kept) - 1})
    for i in picks:
        text, snap, state = kept[i]
        again = GameController.resume(GameRecord.from_json(text))
        assert snapshot(again) == snap  # the same decision, view and grades
        if i == len(kept) - 1:
            continue
        # played on from there by the same player: the game played without a break
        rng2 = random.Random()
        rng2.setstate(state)
        while again.phase != "over":
            step(again, rng2)
        assert snapshot(again)[1:] == final[1:]


def test_refused_actions_are_not_kept_and_nested_ones_once():
    c = GameController(seed=3, tier=TIERS["easy"], coaching=False)
    with pytest.raises(CribError):
        c.press("g")  # go before the cut: refused
    assert c.actions == []
    c.press("n")
    c.press("n")
    c.press("1")
    c.press("2")
    c.press("enter")  # press calls toggle and confirm, which calls discard: one action each
    assert c.actions == [("press", k) for k in ("n", "n", "1", "2", "enter")]
    r = c.record()
    assert (r.hand, r.started, r.over) == (0, True, False)


def test_cards_kept_as_text_and_read_back():
    c = GameController(seed=9, tier=TIERS["easy"], coaching=False)
    c.next()
    c.next()
    c.discard(list(c.six[:2]))
    r = GameRecord.from_json(c.record().to_json())
    name, cards = r.actions[-1]
    assert name == "discard" and cards == tuple(str(x) for x in c.record().actions[-1][1])
    assert all(isinstance(x, str) and len(x) == 2 for x in cards)
    assert snapshot(GameController.resume(r)) == snapshot(c)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(version=99),
        lambda d: d.update(seed="7"),
        lambda d: d.update(actions=[["exec", "rm -rf /"]]),
        lambda d: d.update(actions=[["press", "n", "n"]]),
        lambda d: d.update(actions=[["press", {"x": 1}]]),
        lambda d: d.update(actions=[["press", "n"]] * (MAX_ACTIONS + 1)),
        lambda d: d.update(scores=[500, 0]),
        lambda d: d.pop("tier"),
    ],
)
def test_a_changed_record_cannot_be_read(change):
    d = json.loads(GameController(seed=4, tier=TIERS["easy"]).record().to_json())
    change(d)
    with pytest.raises(CribError, match="cannot be read"):
        GameRecord.from_json(json.dumps(d))
    with pytest.raises(CribError, match="ne peut pas être lue"):
        GameRecord.from_json(json.dumps(d), lang="fr")


def test_a_record_that_does_not_lead_back_is_refused():
    c = GameController(seed=4, tier=TIERS["easy"], coaching=False)
    for k in "nn12":
        c.press(k)
    c.press("enter")
    d = json.loads(c.record().to_json())
    bad_move = dict(d, actions=d["actions"] + [["play", "QS"]])  # a card not held
    wrong_place = dict(d, cursor=d["cursor"] + 3)  # kept at another decision
    other_tier = dict(d, tier="grandmaster")
    for x in (bad_move, wrong_place, other_tier):
        with pytest.raises(CribError, match="cannot be resumed"):
            GameController.resume(GameRecord.from_json(json.dumps(x)))
