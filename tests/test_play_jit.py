"""The compiled minimax (crib.analysis.play.jit) against the pure-Python solver, holding by holding.

For every size (your 1-4 cards v the opponent's 0-4) 50 seeded random
positions, mixing leads, mid-play piles, positions after the opponent's go
and counts near 31: ``pegjit.minimax_rows`` must equal
``expectimax.minimax_by_holding`` exactly (every holding, every option, the
integers now and future).  ``analyze_play`` with and without the fast path
must give equal analyses (exact Fractions).  Without numba the package falls
back to the pure-Python solver with one warning.
"""

from __future__ import annotations

import ast
import hashlib
import random
import subprocess
import sys
import warnings

import pytest

from crib.analysis import play as expectimax
from crib.analysis.models import MASTER, UNIFORM, parse_model
from crib.analysis.play import jit as pegjit
from crib.analysis.play.holdings import root_options, root_state
from crib.analysis.play.minimax import _Minimax
from crib.errors import InvalidPositionError
from crib.rules.cards import DECK
from crib.rules.position import PeggingPosition

pytestmark = pytest.mark.skipif(not pegjit.available(), reason="numba is not usable here")

SIZES = [(me, opp) for me in range(1, 5) for opp in range(5)]
# every size; the largest (4 v 4: the pure-Python solver on every holding, ~50 s) runs
# with the slow exhaustive checks (`make test-slow`, which .ci/run also runs)
KINDS = ("lead", "mid", "go", "near31")
PER_SIZE = 50
# the 50 positions of a size, in `make test`: all of them up to 5 cards; with 6 or 7
# cards (seconds a position for the pure-Python solver) the first 12 (every kind of
# position among them), the other 38 with the slow checks; 8 cards, all slow
FAST = 12
SIZE_PARAMS = [
    p
    for me, opp in SIZES
    for p in (
        [pytest.param(me, opp, slice(None), id=f"{me}v{opp}", marks=pytest.mark.slow)]
        if me + opp == 8
        else [
            pytest.param(me, opp, slice(0, FAST), id=f"{me}v{opp}"),
            pytest.param(me, opp, slice(FAST, None), id=f"{me}v{opp}-rest", marks=pytest.mark.slow),
        ]
        if me + opp >= 6
        else [pytest.param(me, opp, slice(None), id=f"{me}v{opp}")]
    )
]


def _position(rng: random.Random, n_me: int, n_opp: int, kind: str) -> PeggingPosition:
    """A valid position with these hand sizes, of this kind when the sizes allow it."""
    played = 8 - n_me - n_opp
    for attempt in range(2000):
        if attempt == 1000:
            kind = "mid"  # e.g. no go is possible: two cards count at most 20
        deck = list(DECK)
        rng.shuffle(deck)
        hand, rest = deck[:n_me], deck[n_me:]
        starter = rest.pop()
        discards = [rest.pop() for _ in range(rng.choice((0, 2)))]
        pile: list = []
        if kind != "lead" and played:
            target = {"near31": 25, "go": rng.randint(18, 30)}.get(kind, rng.randint(1, 30))
            want = played if kind == "near31" else rng.randint(1, played)
            count = 0
            for c in list(rest):
                if len(pile) == want or count >= target:
                    break
                if count + c.value <= 30:
                    pile.append(c)
                    count += c.value
                    rest.remove(c)
            if kind == "near31" and count < 25:
                continue
        previous = [rest.pop() for _ in range(played - len(pile))]
        try:
            return PeggingPosition(
                hand=hand,
                pile=pile,
                previous=previous,
                starter=starter,
                discards=discards,
                opp_count=n_opp,
                opp_go=kind == "go" and bool(pile),
            )
        except InvalidPositionError:
            continue  # e.g. a go the unseen cards cannot explain: draw again
    raise AssertionError(f"no {kind} position with {n_me} v {n_opp}")


def _positions(n_me: int, n_opp: int) -> list[PeggingPosition]:
    rng = random.Random(1700 + 10 * n_me + n_opp)
    return [_position(rng, n_me, n_opp, KINDS[i % len(KINDS)]) for i in range(PER_SIZE)]


def _reference_rows(pos: PeggingPosition, solver: _Minimax) -> list:
    """``expectimax.minimax_by_holding`` with a solver shared by several positions.

    The pure-Python solver's cache holds values of states that do not depend
    on the position, so sharing it only saves time (checked against
    ``minimax_by_holding`` itself on the first positions of every size).
    """
    cards = [c for _l, c in root_options(pos)]
    mine, count, tail, streak, last = root_state(pos)
    return [
        (h, w, [solver.root(mine, h, count, tail, streak, pos.opp_go, last, c) for c in cards])
        for h, w in expectimax.holdings(pos)
    ]


@pytest.mark.parametrize(("n_me", "n_opp", "part"), SIZE_PARAMS)
def test_rows_equal_the_python_solver_on_every_holding(n_me: int, n_opp: int, part: slice) -> None:
    kinds = {"lead": 0, "mid": 0, "go": 0, "near31": 0}
    solver = _Minimax()
    positions = _positions(n_me, n_opp)[part]
    for i, pos in enumerate(positions):
        kinds[
            "go" if pos.opp_go else "near31" if pos.count >= 25 else "mid" if pos.pile else "lead"
        ] += 1
        want = _reference_rows(pos, solver)
        if i < 2:
            assert want == expectimax.minimax_by_holding(pos)
        got = pegjit.minimax_rows(pos)
        assert len(got) == len(want), pos.to_text()
        for g, w in zip(got, want, strict=True):
            assert g == w, (pos.to_text(), g, w)
    assert sum(kinds.values()) == len(positions) and len(positions) in (
        PER_SIZE,
        FAST,
        PER_SIZE - FAST,
    )
    played = 8 - n_me - n_opp
    if played:  # a pile is possible
        assert kinds["mid"], kinds
    if played >= 3:  # three cards can count 25 or more
        assert kinds["near31"], kinds
    if played >= 3 or (played and n_opp == 0):  # a go is possible
        assert kinds["go"], kinds


def _pure(pos: PeggingPosition, model: str = "minimax") -> expectimax.PlayAnalysis:
    orig = pegjit.available
    try:
        pegjit.available = lambda: False  # type: ignore[assignment]
        return expectimax.analyze_play(pos, parse_model(model, "play"))
    finally:
        pegjit.available = orig  # type: ignore[assignment]


@pytest.mark.parametrize(("n_me", "n_opp"), SIZES, ids=[f"{a}v{b}" for a, b in SIZES])
def test_analyze_play_equals_the_python_path(n_me: int, n_opp: int) -> None:
    for pos in _positions(n_me, n_opp)[:: 50 if n_me + n_opp >= 6 else 5]:
        fast = expectimax.analyze_play(pos, UNIFORM)
        slow = _pure(pos)
        assert fast == slow, pos.to_text()
        for f, s in zip(fast.options, slow.options, strict=True):
            assert f.future_exact == s.future_exact and f.p_nonneg_exact == s.p_nonneg_exact
            assert f.margins == s.margins


def test_rows_for_given_cards_and_holding_order() -> None:
    rng = random.Random(17)
    for _ in range(20):
        pos = _position(rng, rng.randint(1, 4), rng.randint(0, 4), rng.choice(KINDS))
        # the kernel's own enumeration of the holdings, in the Python solver's order
        got = [(h, w) for h, w, _row in pegjit.minimax_rows(pos)]
        assert got == list(expectimax.holdings(pos))
        for card in pos.legal()[:2]:
            assert pegjit.minimax_rows(pos, [card]) == expectimax.minimax_by_holding(pos, [card])


def test_bench_leads_equal() -> None:
    """The first leads of bench/pegging.py (seed 2026), as the benchmark checks them."""
    rng = random.Random(2026)
    for _ in range(3):
        deck = rng.sample(DECK, 7)
        pos = PeggingPosition.lead(deck[:4], deck[4], deck[5:7])
        assert pegjit.minimax_rows(pos) == expectimax.minimax_by_holding(pos)


# sha256 of repr(minimax_rows(pos)) over the 30 leads of bench/pegging.py (seed 2026), from the
# solver of 2026-12-05 (main at 5d04d8e): the speed-ups since change no value
BENCH_LEADS_ROWS_SHA256 = "a6810ce5ee34cefc74ff978ecca96630e75dfebd3491ec6d06c6877db3f892d2"


def test_all_bench_leads_give_the_same_rows_as_before() -> None:
    """Every holding's (now, future) of every option of the benchmark's 30 leads, bit for bit
    (half a second; the slow tests compare 4v4 positions with the pure-Python solver)."""
    h = hashlib.sha256()
    rng = random.Random(2026)
    for _ in range(30):
        deck = rng.sample(DECK, 7)
        pos = PeggingPosition.lead(deck[:4], deck[4], deck[5:7])
        h.update(repr(pegjit.minimax_rows(pos)).encode())
    assert h.hexdigest() == BENCH_LEADS_ROWS_SHA256


def test_generated_levels_are_up_to_date() -> None:
    """The per-level kernels in jit_levels.py are what ``level_source`` generates."""
    from crib.analysis.play import jit_gen

    assert len(jit_gen.FILES) == 1
    for path, (first, last) in jit_gen.FILES.items():
        body = jit_gen.generated_part(path)
        want = jit_gen.level_source(first, last)
        assert ast.dump(ast.parse(body)) == ast.dump(ast.parse(want)), path.name


def test_fallback_warns_once_and_gives_the_same_result(monkeypatch: pytest.MonkeyPatch) -> None:
    pos = PeggingPosition.parse("hand 5H 6D | pile KS 4C | previous 2C 3C AS | starter 7S | opp 1")
    want = expectimax.analyze_play(pos, UNIFORM)
    from crib.analysis.play import jit_core

    monkeypatch.setattr(jit_core, "_broken", RuntimeError("simulated: numba cannot compile"))
    monkeypatch.setattr(pegjit, "_warned", False)
    with pytest.warns(RuntimeWarning, match="pure-Python solver"):
        first = expectimax.analyze_play(pos, UNIFORM)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a second warning would raise
        second = expectimax.analyze_play(pos, UNIFORM)
    assert first == want == second
    assert pegjit.warm() == 0.0


def test_fallback_without_numba_installed() -> None:
    """A fresh interpreter where ``import numba`` fails: one warning, the Python solver."""
    code = """
import sys, warnings
sys.modules["numba"] = None  # import numba -> ImportError
warnings.simplefilter("always")
with warnings.catch_warnings(record=True) as caught:
    from crib.analysis.play import jit as pegjit
    from crib.analysis.play import analyze_play
    from crib.analysis.models import UNIFORM
    a = analyze_play("hand 5H 6D | pile KS 4C | previous 2C 3C AS | starter 7S | opp 1", UNIFORM)
    analyze_play("hand 5H 6D | pile KS 4C | previous 2C 3C AS | starter 7S | opp 1", UNIFORM)
msgs = [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)]
assert len(msgs) == 1 and "numba is not usable" in msgs[0], msgs
assert not pegjit.available()
print([str(o.margin_exact) for o in a.options])
"""
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    pos = "hand 5H 6D | pile KS 4C | previous 2C 3C AS | starter 7S | opp 1"
    want = [str(o.margin_exact) for o in expectimax.analyze_play(pos, UNIFORM).options]
    assert out.stdout.strip() == str(want)


def test_warm_and_available() -> None:
    assert pegjit.available()
    assert pegjit.warm() >= 0.0


def test_weighted_fallback_equals_the_compiled_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Weighted holdings: the pure-Python solver and the kernels give the same numbers."""
    from crib.analysis.play import jit_core
    from crib.rules.cards import parse_cards

    pos = PeggingPosition.parse("hand 5H 6D 9C | pile KS 4C | starter 2S | discards JD KC | opp 3")
    kw = {"opp_played": parse_cards("KS"), "opp_dealer": False}
    want = expectimax.analyze_play(pos, MASTER, **kw)
    monkeypatch.setattr(jit_core, "_broken", RuntimeError("simulated: numba cannot compile"))
    monkeypatch.setattr(pegjit, "_warned", True)
    got = expectimax.analyze_play(pos, MASTER, **kw)
    assert [o.label for o in got.options] == [o.label for o in want.options]
    for g, w in zip(got.options, want.options, strict=True):
        assert g.margin == pytest.approx(w.margin, abs=1e-12)
        assert g.p_nonneg == pytest.approx(w.p_nonneg, abs=1e-12)
    assert (got.holdings, got.combos) == (want.holdings, want.combos)
