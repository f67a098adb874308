from __future__ import annotations

import pytest

from crib.ai.policy import play_values
from crib.analysis.coach import (
    DISCARD_THRESHOLDS,
    find_formations,
    grade_discard,
    grade_play,
    hint_discard,
    hint_play,
    trap_flag,
)
from crib.analysis.discard import analyze_discard
from crib.analysis.play import analyze_play
from crib.errors import IllegalPlayError
from crib.rules.cards import parse_card
from crib.rules.position import PeggingPosition

LEAD = "hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4"


def test_grade_discard_verdicts_follow_the_ev_gap() -> None:
    six = "5H 5D 6C 7S 8H 9D"
    a = analyze_discard(six, dealer=True)
    for t in a.throws:
        g = grade_discard(six, t.throw, dealer=True)
        lost = a.best.ev - t.ev
        assert g.lost == pytest.approx(lost)
        if lost <= DISCARD_THRESHOLDS["best"]:
            assert g.verdict == "best"
        elif lost < DISCARD_THRESHOLDS["ok"]:
            assert g.verdict == "ok"
        elif lost < DISCARD_THRESHOLDS["mistake"]:
            assert g.verdict == "mistake"
        else:
            assert g.verdict == "blunder"
    assert grade_discard(six, "5H 5D", dealer=True).verdict == "best"
    assert "8♥ 9♦" in grade_discard(six, "5H 5D", dealer=False).sentence  # names the best throw


def test_grade_play_uses_the_experts_values() -> None:
    pos = PeggingPosition.parse("hand 5H 6D 7S 9C | starter 2S | discards JD KC | opp 4")
    g = grade_play(pos, "5H", exact=False)
    from crib.analysis.coach import _observation

    vals = play_values(_observation(pos), 1.0)
    assert g.best_card == vals[0][0]
    assert g.lost == pytest.approx(vals[0][1] - dict(vals)[parse_card("5H")])
    assert g.verdict == "blunder"
    assert "led a five" in g.tags and "left a danger count (5)" in g.tags
    assert any(t.startswith("handed over") and "a 15" in t for t in g.tags)
    best = grade_play(pos, g.best_card, exact=False)
    assert best.verdict == "best" and best.lost == 0


def test_grade_play_thresholds_no_nagging_over_coin_flips() -> None:
    pos = PeggingPosition.parse(LEAD)
    g6 = grade_play(pos, "6D", exact=False)
    assert g6.lost < 0.35 and g6.verdict in ("best", "ok")


TRAP = "hand 5H 4H AC | pile 3S | previous 5D 6S QH 6H | starter 3H | opp 0"


def test_trap_flag_on_a_hand_checked_position() -> None:
    a = analyze_play(TRAP)
    # count 3, the opponent is out of cards, you play everything:
    #   4H (7, nothing), 5H (12: 3-4-5 run, 3), AC (13: last card, 1)  -> 4
    #   AC (4), then 4H/5H make A-3-4-5 only with a 2: no run; last card 1 -> 1
    assert a.option("4H").margin_exact == 4 and a.option("4H").now == 0
    assert a.option("AC").margin_exact == 1
    assert a.best.now == 0 and a.best.margin >= 1.5
    assert trap_flag(a, parse_card("AC"))  # 3 worse than the best: the trap was missed
    assert not trap_flag(a, parse_card("4H"))  # the best card itself
    g = grade_play(TRAP, "AC")
    assert g.trap is True and "trap" in g.sentence


def test_no_trap_when_the_best_card_scores_now() -> None:
    a = analyze_play("hand 5H 2C | pile KS | previous 3C 4C 6C 7C | starter 9S | opp 1")
    assert a.best.now > 0  # the 5 makes fifteen
    assert not any(trap_flag(a, o.card) for o in a.options)


def test_formations() -> None:
    names = lambda h: [f.name for f in find_formations(h)]  # noqa: E731
    assert names("4H 6D 6S 9C") == ["five-card trap"]
    assert "pair-royal bait" in names("2H 2D 9S KC") and "pair-royal bait" not in names(
        "5H 5D 9S KC"
    )
    assert "magic eleven" in names("4H 7D QS KC") and "magic eleven" in names("AH TD 2S 2C")
    assert "run bait" in names("7H 8D 9S KC") and "run bait" not in names("7H 8D TS KC")
    for f in find_formations("4H 6D 6S 2C"):
        assert len(f.explanation) > 80


def test_hints_name_the_best() -> None:
    assert hint_discard("5H 5D 6C 7S 8H 9D", dealer=True).startswith("Throw 5♥ 5♦")
    h = hint_play(LEAD)
    assert h.startswith("Play 6♦") and "minimax" in h


def test_grade_play_bad_input() -> None:
    with pytest.raises(IllegalPlayError, match="not in your hand"):
        grade_play(LEAD, "5C")
    with pytest.raises(IllegalPlayError, match="over 31"):
        grade_play("hand 9C 2D | pile KS QS 5C | previous AS AD AH | starter 2S | opp 0", "9C")
