"""Hypothesis fuzzing of the public functions: any input either works or raises a
:class:`~crib.errors.CribError` (issue 23, point 4).

The inputs are mostly near-valid (real cards with a bad seat, score, model or
card count), so that the checks, not the card parser, are what is reached.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import crib
from crib.errors import CribError

DECK = [str(c) for c in crib.DECK]
FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

FAULTS = ["none"] * 5 + ["seat", "score", "model", "objective", "size", "dup", "go"]
BAD = {
    "seat": ["pone", "dealer", 1, 0, None, 2.5],
    "score": [(-1, 5), (121, 0), (5, 130), (1.5, 2), ("7", 3), (1,), (1, 2, 3), "10 20"],
    "model": ["grand", "", 3, "policy:expert"],
    "objective": ["fun", "EV", 1],
}


@st.composite
def fault(draw: st.DrawFn) -> str:
    """Which one thing is wrong with the input ('none' about 5 times in 12)."""
    return draw(st.sampled_from(FAULTS))


@st.composite
def cards(draw: st.DrawFn, n: int, wrong: str) -> list[str]:
    """n distinct real cards; one too few or a duplicate when that is the fault."""
    cs = draw(st.lists(st.sampled_from(DECK), min_size=n, max_size=n, unique=True))
    if wrong == "size":
        return cs[:-1]
    if wrong == "dup":
        return [*cs[:-1], cs[0]]
    return cs


def pick(draw: st.DrawFn, wrong: str, kind: str, good: list) -> Any:
    return draw(st.sampled_from(BAD[kind] if wrong == kind else good))


seats = st.booleans()
score = st.one_of(st.integers(0, 120), st.integers(-3, 130), st.sampled_from([1.5, "7"]))
discard_models = [None, "master", crib.EXPERT, crib.MASTER, crib.UNIFORM]  # a string: a ModelError
play_models = [None, "master", crib.MASTER, crib.UNIFORM]


def _works_or_crib_error(f: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    with contextlib.suppress(CribError):
        f(*args, **kwargs)


@FUZZ
@given(st.data(), fault())
def test_analyze_grade_and_hint_discard(data: st.DataObject, wrong: str) -> None:
    draw = data.draw
    six = draw(cards(6, wrong))
    seat = draw(st.sampled_from(BAD["seat"])) if wrong == "seat" else draw(seats)
    model = pick(draw, wrong, "model", discard_models)
    sc = pick(draw, wrong, "score", [None, (draw(st.integers(0, 120)), draw(st.integers(90, 120)))])
    _works_or_crib_error(
        crib.analyze_discard, " ".join(six), dealer=seat, model=model, scores=sc, win_top=3
    )
    throw = draw(st.lists(st.sampled_from([*six, "AS"]), min_size=2, max_size=2, unique=True))
    _works_or_crib_error(crib.grade_discard, six, " ".join(throw), seat, model=model, scores=sc)
    _works_or_crib_error(crib.hint_discard, six, seat, model=model)


@st.composite
def lead_texts(draw: st.DrawFn, wrong: str) -> str:
    """A lead position (4 v 4) with the fault drawn: a bad score, a go, a hand size."""
    cs = draw(st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True))
    hand = cs[:3] if wrong == "size" else [*cs[:3], cs[0]] if wrong == "dup" else cs[:4]
    text = f"hand {' '.join(hand)} | starter {cs[4]} | discards {cs[5]} {cs[6]} | opp 4"
    if wrong == "score":
        text += f" | scores {draw(st.integers(-2, 135))} {draw(st.integers(121, 130))}"
    elif draw(st.booleans()):
        text += f" | scores {draw(st.integers(0, 120))} {draw(st.integers(0, 120))}"
    if wrong == "go":
        text += " | go"
    return text


@FUZZ
@given(st.data(), fault())
def test_analyze_grade_and_hint_play(data: st.DataObject, wrong: str) -> None:
    draw = data.draw
    text = draw(lead_texts(wrong))
    model = pick(draw, wrong, "model", play_models)
    opp_dealer = pick(draw, wrong, "seat", [None, True, False])
    _works_or_crib_error(crib.analyze_play, text, model=model, opp_dealer=opp_dealer)
    hand = text.split("|")[0].split()[1:]
    card = (
        draw(st.sampled_from(["go", None, "2S", "ZZ"]))
        if wrong == "go"
        else draw(st.sampled_from(hand))
    )
    _works_or_crib_error(crib.grade_play, text, card, model=model, opp_dealer=opp_dealer)
    _works_or_crib_error(crib.hint_play, text, model=model)


@FUZZ
@given(st.data(), fault())
def test_analyze_lead(data: st.DataObject, wrong: str) -> None:
    cs = data.draw(cards(7, wrong))
    hand, rest = cs[:4], cs[4:]
    discards = rest[1:2] if wrong == "go" else rest[1:]  # "go": one discard instead of two
    model = pick(data.draw, wrong, "model", play_models)
    _works_or_crib_error(
        crib.analyze_lead,
        " ".join(hand),
        rest[0] if rest else "",
        " ".join(discards),
        model=model,
    )


@FUZZ
@given(st.data(), fault(), st.booleans())
def test_score_hand(data: st.DataObject, wrong: str, is_crib: bool) -> None:
    cs = data.draw(cards(5, wrong))
    _works_or_crib_error(crib.score_hand, " ".join(cs[:-1]), cs[-1], is_crib=is_crib)


@FUZZ
@given(
    st.sampled_from(["combined", "sign", "suited", "offsuit", "zz", "", None]),
    st.sampled_from(["dealer", "pone", "north", True]),
    score,
    score,
)
def test_heatmaps_and_win_probability(view, seat, a, b) -> None:
    _works_or_crib_error(crib.heatmap_values, view, seat)
    _works_or_crib_error(crib.win_probability, a, b)


def test_the_fuzzers_reach_the_analyses() -> None:
    """The near-valid inputs are valid often enough: a fixed valid one of each works."""
    assert crib.analyze_discard("5H 5D 6C 7S 8H 9D", dealer=True, scores=(100, 100), win_top=3).best
    assert crib.analyze_play("hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4").best
    assert len(crib.heatmap_values("offsuit", "pone")) == 13
