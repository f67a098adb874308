"""The self-play engine: the fast Expert equals the game's, determinism across
executors and workers, atomic resume (kill -9 included), and the tables."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from crib.ai.players import parse_player
from crib.ai.selfplay import RunSpec, run
from crib.ai.selfplay.experiments import KEEPS, PAIR_CLASSES
from crib.ai.selfplay.fastplay import expert_throw, peg_expert, unseen_ranks
from crib.rules.events import Cut, Dealt, Discarded, GameOver, Go, Played
from crib.rules.game import Game


def _hands_of(seed: int, scores: tuple[int, int] = (0, 0)) -> list[dict]:
    """Per hand of an Expert v Expert game: the deal, throws, starter and pegging actions."""
    g = Game(seed=seed, players=(parse_player("expert"), parse_player("expert")), scores=scores)
    g.run()
    out: list[dict] = []
    cur: dict = {}
    for e in g.events:
        if isinstance(e, Dealt):
            cur = {
                "dealer": e.dealer,
                "six": list(e.hands),
                "throw": {},
                "peg": [],
                "start": None,
                "over": False,
            }
            out.append(cur)
        elif isinstance(e, Discarded):
            cur["throw"][e.player] = e.cards
        elif isinstance(e, Cut):
            cur["starter"] = e.starter
        elif isinstance(e, Played | Go):
            if cur["start"] is None:
                cur["start"] = tuple(
                    s - (e.points if i == (e.player if isinstance(e, Played) else e.scorer) else 0)
                    for i, s in enumerate(e.scores)
                )
            if e.points:
                who = e.player if isinstance(e, Played) else e.scorer
                cur["peg"].append((who, e.points))
            cur["last_scores"] = e.scores
        elif isinstance(e, GameOver):
            cur["over"] = True
    return out


def test_fast_expert_equals_the_game() -> None:
    """Every hand of Expert v Expert games, at every score: the fast Expert pegs what the game
    pegs.  When the game ends in the play, the events agree up to the card that reaches 121
    (the game records its points only up to 121)."""
    compared = late = ended = 0
    starts = [(s, (0, 0)) for s in range(12)] + [
        (s, (100 + s % 21, 120 - s % 21)) for s in range(60)
    ]
    for seed, scores in starts:
        for h in _hands_of(seed, scores):
            if "last_scores" not in h:
                continue  # the game ended before the play
            d = h["dealer"]
            for p in (0, 1):
                six = [c.index for c in h["six"][p]]
                assert set(expert_throw(six, p == d)) == {c.index for c in h["throw"][p]}
            keeps = [[c for c in h["six"][p] if c not in h["throw"][p]] for p in (0, 1)]
            starter = h["starter"].index
            events: list[tuple[int, int]] = []
            got = peg_expert(
                [[c.rank for c in keeps[0]], [c.rank for c in keeps[1]]],
                1 - d,
                [unseen_ranks([c.index for c in h["six"][p]], [starter]) for p in (0, 1)],
                scores=h["start"],
                events=events,
            )
            if h["over"]:
                n = len(h["peg"])
                assert events[: n - 1] == h["peg"][:-1], (seed, h)
                assert events[n - 1][0] == h["peg"][-1][0] and events[n - 1][1] >= h["peg"][-1][1]
                ended += 1
            else:
                assert events == h["peg"], (seed, h)
                assert got == tuple(sum(x for w, x in h["peg"] if w == p) for p in (0, 1))
            late += max(h["last_scores"]) >= 115
            compared += 1
    assert compared > 60 and late >= 5 and ended >= 5, (compared, late, ended)


def test_table_shapes() -> None:
    assert len(PAIR_CLASSES) == 169 and len(KEEPS) == 1820
    assert sum(1 for lo, hi, _s in PAIR_CLASSES if lo == hi) == 13


def _same(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for k in a:
        assert a[k].dtype == b[k].dtype and a[k].tobytes() == b[k].tobytes(), k


def test_same_result_on_every_executor(tmp_path: Path) -> None:
    spec = RunSpec("deal", 24, seed=5, chunk=6)
    serial = run(spec, None, executor="serial", quiet=True).arrays
    one = run(spec, tmp_path / "p1", executor="process", workers=1, quiet=True).arrays
    two = run(spec, tmp_path / "p2", executor="process", workers=2, quiet=True).arrays
    dask = run(spec, tmp_path / "dask", executor="dask", workers=2, quiet=True).arrays
    for other in (one, two, dask):
        _same(serial, other)
    # chunking does not change what each item draws
    _same(
        serial,
        run(RunSpec("deal", 24, seed=5, chunk=5), None, executor="serial", quiet=True).arrays,
    )
    assert serial["events"].shape == (24, 24)


def test_resume_after_a_partial_run(tmp_path: Path) -> None:
    spec = RunSpec("deal", 6, seed=3, chunk=2)
    first = run(spec, tmp_path, executor="serial", quiet=True, max_chunks=1)
    assert first.chunks_run == 1 and first.arrays == {}
    rest = run(spec, tmp_path, executor="serial", quiet=True)
    assert rest.chunks_resumed == 1 and rest.chunks_run == 2
    _same(rest.arrays, run(spec, None, executor="serial", quiet=True).arrays)
    with pytest.raises(Exception, match="different run"):
        run(RunSpec("deal", 6, seed=4, chunk=2), tmp_path, executor="serial", quiet=True)
    longer = run(RunSpec("deal", 8, seed=3, chunk=2), tmp_path, executor="serial", quiet=True)
    assert longer.chunks_resumed == 3 and longer.chunks_run == 1
    _same(
        longer.arrays,
        run(RunSpec("deal", 8, seed=3, chunk=2), None, executor="serial", quiet=True).arrays,
    )


def _cli(args: list[str], **kw) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "crib", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kw,
    )


@pytest.mark.slow
def test_quick_tables_end_to_end_with_kill_and_resume(tmp_path: Path) -> None:
    """`crib selfplay all --quick` killed with SIGKILL mid-run, then rerun: same bytes."""
    base = ["selfplay", "all", "--quick", "--quiet", "--workers", "2"]
    ref = _cli([*base, "--out", str(tmp_path / "ref"), "--results", str(tmp_path / "rref")])
    assert ref.wait(timeout=600) == 0, ref.stderr.read().decode()
    res = tmp_path / "res"
    p = _cli([*base, "--out", str(tmp_path / "out"), "--results", str(res)], start_new_session=True)
    deadline = time.time() + 300
    while time.time() < deadline and not list((res / "deal").glob("chunk_*.npz")):
        time.sleep(0.05)
    os.killpg(p.pid, signal.SIGKILL)  # the run and its workers, mid-chunk
    p.wait()
    done = len(list((res / "deal").glob("chunk_*.npz")))
    assert 1 <= done < 4  # it was killed before the end
    again = _cli([*base, "--out", str(tmp_path / "out"), "--results", str(res)])
    assert again.wait(timeout=600) == 0, again.stderr.read().decode()
    names = (
        "crib_selfplay.csv",
        "pegging_ev.csv",
        "win_table.csv",
        "win_detail.csv",
        "deal_distributions.json",
    )
    for name in names:
        assert (tmp_path / "out" / name).read_bytes() == (tmp_path / "ref" / name).read_bytes()
    w = np.loadtxt(tmp_path / "out" / "win_table.csv", delimiter=",", skiprows=1)[:, 1:]
    assert w.shape == (121, 121) and ((w >= 0) & (w <= 1)).all()


def test_best_rank_equals_rank_values() -> None:
    from crib.ai.selfplay.fastplay import best_rank, best_rank_reference
    from crib.rules.cards import RANK_VALUES
    from crib.rules.pegging import compress

    rng = np.random.default_rng(7)
    checked = 0
    for _ in range(4000):
        deck = rng.permutation(52)
        pile_len = int(rng.integers(0, 5))
        pile, count = [], 0
        for c in deck[:pile_len]:
            r = int(c >> 2) + 1
            if count + RANK_VALUES[r] > 31:
                break
            pile.append(r)
            count += RANK_VALUES[r]
        hand = [int(c >> 2) + 1 for c in deck[10:14]]
        legal = tuple(r for r in hand if count + RANK_VALUES[r] <= 31)
        if not legal:
            continue
        cnt, tail, streak = compress(pile)
        unseen = [4] * 13
        for c in deck[:20]:
            unseen[int(c >> 2)] -= 1
        args = (
            legal,
            cnt,
            tail,
            streak,
            tuple(unseen),
            int(rng.integers(0, 5)),
            bool(rng.integers(0, 2)),
            bool(rng.integers(0, 2)),
        )
        assert best_rank(*args) == best_rank_reference(*args), args
        checked += 1
    assert checked > 3000


# sha256 of the arrays of three small seeded runs, recorded before the Expert's
# fast paths (commit 5d8176e); the fast paths must not change a single byte.
GOLDEN_RUNS = {
    "deal": "e9cb435cc767ec25f3059d8e00265acc7e9c40c93d8d5a7104a7474279e16e84",
    "crib": "13d5d1caee47e50cd74c0e08a8b58509de0e70537e4983df171bbdb3eb9c0c8b",
    "games": "cb3bc8201f06448caf695a1f142b8632dc0ff62c22bcd20ca98a3924f5d404f7",
}


def test_golden_runs_unchanged_by_the_fast_paths() -> None:
    import hashlib

    specs = (
        RunSpec("deal", 120, seed=5, chunk=40),
        RunSpec("crib", 20, seed=5, chunk=10),
        RunSpec("games", 6, seed=5, chunk=3, params={"scores": [0, 0]}),
    )
    for spec in specs:
        res = run(spec, None, executor="serial", workers=1, quiet=True)
        blob = b"".join(k.encode() + res.arrays[k].tobytes() for k in sorted(res.arrays))
        assert hashlib.sha256(blob).hexdigest() == GOLDEN_RUNS[spec.experiment], spec.experiment
