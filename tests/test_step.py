"""The step rule of the play (crib.rules.step): worked cases, its compiled twin equal on every
reachable input, and the compiled kernels' cache rebuilt when a source changes."""

from __future__ import annotations

from itertools import product
from pathlib import Path

import pytest

from crib.rules.cards import RANK_VALUES
from crib.rules.pegging import points_for
from crib.rules.step import (
    END,
    MOVER,
    OTHER,
    RESET_MOVER,
    RESET_OTHER,
    after_card,
    after_go,
)


@pytest.mark.parametrize(
    ("args", "want"),
    [
        ((31, False, False, False), (0, END)),  # the last card makes 31: no extra point
        ((27, False, False, True), (1, END)),  # the last card
        ((31, True, True, False), (0, RESET_OTHER)),  # 31: the other leads
        ((31, True, False, False), (0, RESET_MOVER)),  # ... unless they hold nothing
        ((31, False, True, True), (0, RESET_OTHER)),
        ((20, True, True, False), (0, OTHER)),
        ((20, True, True, True), (0, MOVER)),  # the other said go
        ((20, True, False, False), (0, MOVER)),  # the other is out of cards
        ((20, False, True, False), (0, OTHER)),  # the mover is out: the other plays on
    ],
)
def test_after_card(args: tuple, want: tuple) -> None:
    assert after_card(*args) == want


@pytest.mark.parametrize(
    ("args", "want"),
    [
        ((True, False, 1, True, True), (0, OTHER)),  # go: the other plays on
        ((True, True, 1, True, True), (1, RESET_OTHER)),  # they said go already: my go point
        ((False, False, 1, True, True), (1, RESET_OTHER)),
        ((False, False, 1, True, False), (1, RESET_MOVER)),  # they hold nothing: I lead again
        ((False, False, -1, True, True), (-1, RESET_MOVER)),  # they pegged the go: I lead
        ((False, False, -1, False, True), (-1, RESET_OTHER)),  # ... unless I hold nothing
        ((False, True, 0, True, True), (0, RESET_MOVER)),
    ],
)
def test_after_go(args: tuple, want: tuple) -> None:
    assert after_go(*args) == want


def _reachable_counts() -> dict[int, int]:
    """Every count a card can make from a compressed pile (count, tail, streak), with how
    many (pile, card) transitions make it: the piles grown card by card from empty, never
    past 31 (without the four-of-a-rank limit: a superset of the piles that can occur)."""
    seen = {(0, (), 0)}
    frontier = [(0, (), 0)]
    made: dict[int, int] = {}
    while frontier:
        nxt = []
        for count, tail, streak in frontier:
            for r in range(1, 14):
                if count + RANK_VALUES[r] > 31:
                    continue
                _p, c, t, s = points_for(count, tail, streak, r)
                made[c] = made.get(c, 0) + 1
                if (c, t, s) not in seen:
                    seen.add((c, t, s))
                    nxt.append((c, t, s))
        frontier = nxt
    return made


@pytest.mark.slow
def test_every_count_from_1_to_31_is_made_by_some_transition() -> None:
    made = _reachable_counts()
    assert sorted(made) == list(range(1, 32)) and sum(made.values()) > 10**6


def test_the_compiled_twin_equals_the_rule_on_every_reachable_input() -> None:
    """The rule reads a transition only through the count it makes (tail, streak and card
    enter the points, which ``_step`` computes and its own tests check): so every count from
    1 to 31 (each made by some transition: the slow test above), with every combination of
    who holds cards, who said go and who played last."""
    jc = pytest.importorskip("crib.analysis.play.jit_core")
    holds = (0, 1, 3, 1 << 52)  # what the kernels pass: card counts or packed hands
    for c in range(1, 32):
        for mh, oh, og in product(holds, holds, (0, 1)):
            assert jc._after_card(c, mh, oh, og) == after_card(c, mh != 0, oh != 0, og == 1), (
                c,
                mh,
                oh,
                og,
            )
    for can, og, last, mh, oh in product(holds, (0, 1), (-1, 0, 1), holds, holds):
        want = after_go(can != 0, og == 1, last, mh != 0, oh != 0)
        assert jc._after_go(can, og, last, mh, oh) == want, (can, og, last, mh, oh)


def _files(tmp: Path) -> tuple[list[Path], Path]:
    src = tmp / "src"
    src.mkdir()
    sources = [src / "jit_core.py", src / "step.py"]
    for p in sources:
        p.write_text(f"# {p.name}\n")
    cache = tmp / "cache"
    cache.mkdir()
    for name in (
        "jit_core._step-1.py311.nbi",
        "jit_core._step-1.py311.0.nbc",
        "board_leaf.x-1.py311.nbi",
    ):
        (cache / name).write_text("cached")
    return sources, cache


def test_cache_is_cleared_when_a_source_changes(tmp_path: Path) -> None:
    from crib.analysis.play.jit_cache import STAMP, refresh

    sources, cache = _files(tmp_path)
    assert refresh(cache, sources)  # no stamp yet: stale
    assert sorted(p.name for p in cache.iterdir()) == ["board_leaf.x-1.py311.nbi", STAMP]
    (cache / "jit_core._step-1.py311.nbi").write_text("compiled again")
    assert not refresh(cache, sources)  # unchanged sources: the cache stays
    assert (cache / "jit_core._step-1.py311.nbi").exists()
    sources[1].write_text("# step.py, the rule changed\n")  # a module the kernels call
    assert refresh(cache, sources)
    assert not (cache / "jit_core._step-1.py311.nbi").exists()
    assert (cache / "board_leaf.x-1.py311.nbi").exists()  # other modules' caches are left alone
    assert not refresh(cache, sources)


def test_cache_hash_covers_the_rule_and_every_kernel_module() -> None:
    from crib.analysis.play import jit_cache

    names = {p.name for p in jit_cache.SOURCES}
    assert {
        "step.py",
        "cards.py",
        "constants.py",
        "jit_core.py",
        "jit_levels.py",
        "jit_board.py",
    } <= names
    assert all(p.exists() for p in jit_cache.SOURCES)
