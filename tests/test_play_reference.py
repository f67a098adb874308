"""The fast minimax solver equals the plain expectiminimax over the rules engine.

As :mod:`crib.rules.fast` is tested equal to the reference scorer, the fast
pegging solver (``analyze_play(pos, UNIFORM)``) is tested equal, exactly in
Fractions, to :func:`crib.analysis.play.expectiminimax` on seeded random
positions of every size: your hand 1-4 cards, the opponent's 0-4, leads,
piles in mid-play, after the opponent's go, and near 31.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from crib.analysis.models import UNIFORM
from crib.analysis.play import analyze_play, expectiminimax, holdings
from crib.analysis.play.reference import chance_outcomes, peg_state
from crib.rules.cards import DECK
from crib.rules.pegging import PegState
from crib.rules.position import PeggingPosition


def _kind(pos: PeggingPosition) -> str:
    if pos.opp_go:
        return "go"
    if not pos.pile:
        return "lead"
    return "near 31" if pos.count >= 25 else "mid"


def _positions(seed: int, deals: int) -> list[PeggingPosition]:
    """Every position met when you are to move in ``deals`` seeded random plays."""
    rng = random.Random(seed)
    out = []
    for _ in range(deals):
        deck = rng.sample(DECK, 11)
        s = PegState.start((deck[:4], deck[4:8]), pone=rng.randint(0, 1))
        while not s.done:
            if s.turn == 0 and s.hands[0]:  # (with none left you can only say go)
                played = tuple(c for _p, c in s.played)
                pos = PeggingPosition(
                    hand=s.hands[0],
                    pile=s.pile,
                    previous=tuple(c for c in played if c not in s.pile),
                    starter=deck[8],
                    discards=deck[9:11],
                    opp_count=len(s.hands[1]),
                    opp_go=s.said_go[1],
                )
                assert not s.said_go[0]
                # The text form reads "who played last" from the go flag alone, so
                # it cannot say that you played last to an opponent out of cards;
                # keep the states it reads as the engine has them.
                if peg_state(pos, s.hands[1]).last == s.last:
                    out.append(pos)
            legal = s.legal()
            s, _rec = s.play(rng.choice(legal) if legal else None)
    return out


def _sample() -> list[PeggingPosition]:
    """Up to 3 positions per (your cards, their cards, kind); one 4-v-4 and one 4-v-3.

    Those two are the slow ones for the reference (about 15 s and 3 s of CPU).
    """
    by_bucket: dict[tuple[int, int, str], list[PeggingPosition]] = {}
    for pos in _positions(seed=10, deals=400):
        key = (len(pos.hand), pos.opp_count, _kind(pos))
        cap = 1 if len(pos.hand) == 4 else 3
        bucket = by_bucket.setdefault(key, [])
        if len(bucket) < cap:
            bucket.append(pos)
    return [p for b in by_bucket.values() for p in b]


SAMPLE = _sample()


def test_the_sample_covers_every_size_and_kind() -> None:
    sizes = Counter((len(p.hand), p.opp_count) for p in SAMPLE)
    kinds = Counter(_kind(p) for p in SAMPLE)
    assert {n for n, _o in sizes} == {1, 2, 3, 4}
    assert {o for _n, o in sizes} == {0, 1, 2, 3, 4}
    assert (4, 4) in sizes  # the full lead
    assert all(kinds[k] >= 5 for k in ("lead", "mid", "go", "near 31")), kinds
    assert any(not p.legal() for p in SAMPLE)  # a root where you must say go


# the 4-v-4 lead (~15 s of CPU for the reference, 40 s on a loaded machine) runs with
# the slow checks (make test-slow); every other size and kind runs by default
@pytest.mark.parametrize(
    "pos",
    [
        pytest.param(
            p, id=p.to_text(), marks=[pytest.mark.slow] if len(p.hand) + p.opp_count == 8 else []
        )
        for p in SAMPLE
    ],
)
def test_fast_minimax_equals_the_reference(pos: PeggingPosition) -> None:
    ref = expectiminimax(pos)
    a = analyze_play(pos, UNIFORM)
    assert {o.label for o in a.options} == set(ref)
    for o in a.options:
        assert (o.margin_exact, o.p_nonneg_exact) == ref[o.label], o.label


def test_chance_outcomes_are_the_holdings_with_their_weights() -> None:
    # the reference counts card sets one by one; holdings() multiplies binomials
    for pos in SAMPLE:
        hs = dict(holdings(pos))
        total = sum(hs.values())
        got = {tuple(sorted(c.rank for c in cards)): p for cards, p in chance_outcomes(pos)}
        assert got == {h: Fraction(w, total) for h, w in hs.items()}, pos.to_text()
