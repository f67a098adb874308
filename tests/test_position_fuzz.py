"""Fuzzing the pegging analyzer: any position text either gives an analysis or raises
``InvalidPositionError``.

Random card lists are nearly always invalid (a duplicate card, a count over 31, a
wrong number of cards played), so most of the texts here are built from a legal play
instead: a shuffled deck, a few cards played by ``PegState``, and the position of the
player to move written out.  Some of those are then broken in one named way, and some
are the raw random lists.  The test counts what reached the solver and requires at
least half of all the examples to do so.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from crib.analysis.play import analyze_play
from crib.errors import InvalidPositionError
from crib.rules.cards import DECK, Card
from crib.rules.pegging import PegState
from crib.rules.position import PeggingPosition

_CARD = st.sampled_from([str(c) for c in DECK])


def _cards(cs: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(c) for c in cs)


@st.composite
def _played_text(draw: st.DrawFn) -> str:
    """The position of the player to move after a few random legal plays."""
    deck = draw(st.permutations(DECK))
    s = PegState.start((tuple(deck[0:4]), tuple(deck[4:8])), pone=draw(st.integers(0, 1)))
    for pick in draw(st.lists(st.integers(0, 3), min_size=0, max_size=7)):
        if s.done:
            break
        legal = s.legal()
        s, _rec = s.play(legal[pick % len(legal)] if legal else None)
    me, opp = s.turn, 1 - s.turn
    previous = [c for _p, c in s.played if c not in s.pile]
    text = (
        f"hand {_cards(s.hands[me])} | pile {_cards(s.pile)} | previous {_cards(previous)}"
        f" | opp {len(s.hands[opp])}"
    )
    if draw(st.booleans()):
        text += f" | starter {deck[8]} | discards {deck[9]} {deck[10]}"
    if s.said_go[opp] and s.pile:
        text += " | go"
    scores = draw(st.one_of(st.none(), st.tuples(st.integers(0, 120), st.integers(0, 120))))
    if scores is not None:
        text += f" | scores {scores[0]} {scores[1]}"
    return text


# one way each to break a position that was valid
_BREAKS = {
    "duplicate card": lambda t: t + " | starter " + t.split()[1],
    "one card too many held": lambda t: t.replace("| opp ", "| opp 1"),
    "a king on the pile": lambda t: t.replace("| pile ", "| pile KS "),
    "no hand": lambda t: "hand | " + t.split("| ", 1)[1],
    "score past 120": lambda t: t + " | scores 121 0",
    "not a number": lambda t: t.replace("| opp ", "| opp x"),
}


@st.composite
def _raw_text(draw: st.DrawFn) -> str:
    """Random card lists and counts, as a careless user might type them."""
    hand, pile, previous = (draw(st.lists(_CARD, max_size=n)) for n in (5, 5, 6))
    text = f"hand {' '.join(hand)} | pile {' '.join(pile)} | previous {' '.join(previous)}"
    text += f" | opp {draw(st.integers(-1, 5))}"
    if (starter := draw(st.one_of(st.none(), _CARD))) is not None:
        text += f" | starter {starter}"
    return text + (" | go" if draw(st.booleans()) else "")


@st.composite
def _texts(draw: st.DrawFn) -> str:
    """Seven in ten are played positions, two are broken ones and one is raw."""
    kind = draw(st.integers(0, 9))
    if kind == 9:
        return draw(_raw_text())
    text = draw(_played_text())
    return _BREAKS[draw(st.sampled_from(sorted(_BREAKS)))](text) if kind >= 7 else text


def test_fuzz_every_input_gives_an_analysis_or_invalid_position() -> None:
    seen: Counter[str] = Counter()

    @settings(max_examples=150, deadline=None)
    @given(text=_texts())
    def one(text: str) -> None:
        try:
            pos = PeggingPosition.parse(text)
        except InvalidPositionError:
            seen["invalid"] += 1
            return
        a = analyze_play(pos)
        assert a.options and all(o.label == "go" or o.card in pos.hand for o in a.options)
        assert 0 <= a.best.p_nonneg <= 1
        seen["analysed"] += 1

    one()
    assert seen["invalid"] > 0, seen  # the broken texts are still in the mix
    assert seen["analysed"] >= seen.total() / 2, seen


def test_a_certain_margin_is_a_probability_of_one_not_more() -> None:
    """Found by the fuzz: weighted holdings (float weights) summed to 1.0000000000000002."""
    from crib.analysis.play import analyze_play

    a = analyze_play("hand QC AD 2S | pile 3C KC 8C | opp 2")
    assert a.best.p_nonneg == 1.0 and all(0 <= o.p_nonneg <= 1 for o in a.options)
