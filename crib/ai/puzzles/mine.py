"""Mine puzzles from self-play: every decision of Master and tier games, judged by the coach.

Game ``i`` of a run with master seed ``s`` is played between the pairing
``PAIRINGS[i % len(PAIRINGS)]`` (the Master against a weaker tier, and tiers among
themselves) with seed ``hash(s, i)``, so a result depends only on the seed and the
game numbers, never on how games are grouped into chunks or spread over workers.
Each decision of either seat (the six-card discard, and every play, leads included)
is a candidate position; duplicates within a chunk are judged once.  A position is
kept when both filters pass (:mod:`crib.analysis.puzzles.judge`):

1. ``clear``: the coach's best answer beats the next by at least 1 point (or 3
   percentage points of P(win) near 121); a play is judged inside the Master's reading
   of the hand shown (:func:`shown_reading`, issue #42);
2. ``weak_miss``: Easy or Normal plays the best answer less than half the time by its
   exact policy.

A chunk is written atomically as ``chunk_<start>-<stop>.json`` (the kept records and
the counts of every filter), so a stopped run resumes where it was, on a process
pool or on Dask (``dask.distributed``: a ``LocalCluster`` or a scheduler address),
with the self-play runner's executors (:mod:`crib.ai.selfplay.engine`).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from crib.ai.players import parse_player
from crib.ai.reading import Reading
from crib.analysis.puzzles.judge import (
    judge_discard,
    judge_play,
    play_observation,
    tier_solve_discard,
    tier_solve_play,
)
from crib.analysis.puzzles.model import Puzzle
from crib.analysis.puzzles.themes import discard_themes, play_themes
from crib.analysis.puzzles.words import answer_words
from crib.errors import CribError
from crib.rules.cards import Card, cards_str, parse_cards
from crib.rules.game import Game
from crib.rules.observation import Observation
from crib.rules.position import PeggingPosition

__all__ = [
    "PAIRINGS",
    "COUNTS",
    "mine_chunk",
    "mine_games",
    "game_seed",
    "shown_reading",
    "reread",
]

#: who plays game i (i modulo the list): the Master against each weaker tier, and tiers
PAIRINGS: tuple[tuple[str, str], ...] = (
    ("master", "normal"),
    ("master", "easy"),
    ("expert", "normal"),
    ("hard", "easy"),
    ("master", "hard"),
    ("normal", "easy"),
)
#: the counts a chunk reports, in filter order
COUNTS = ("decisions", "positions", "choice", "clear", "weak_miss", "kept")


def game_seed(seed: int, i: int) -> int:
    """The seed of game ``i`` of a run with master seed ``seed`` (a hash: chunk-free).

    >>> game_seed(1, 2) == game_seed(1, 2) != game_seed(2, 1)
    True
    """
    h = hashlib.sha256(f"puzzles:{seed}:{i}".encode()).digest()
    return int.from_bytes(h[:6], "big")


class _Recorder:
    """A player that notes every observation it decides from."""

    def __init__(self, player: Any, seen: list[Observation]) -> None:
        self.player, self.seen, self.name = player, seen, player.name

    def discard(self, obs: Observation, rng: Any) -> tuple[Card, Card]:
        self.seen.append(obs)
        return self.player.discard(obs, rng)

    def play(self, obs: Observation, rng: Any) -> Card | None:
        self.seen.append(obs)
        return self.player.play(obs, rng)


def _key(obs: Observation) -> str:
    if obs.phase == "discard":
        six = cards_str(sorted(obs.hand, key=lambda c: (c.rank, c.suit)))
        return f"d|{six}|{obs.dealer}|{obs.my_score}|{obs.opp_score}"
    pos = PeggingPosition.from_observation(obs)
    return f"p|{pos.to_text()}|{obs.dealer}|{cards_str(obs.opp_played)}"


def shown_reading(obs: Observation) -> Reading:
    """The Master's reading of the other player from what a play puzzle shows: this
    hand's plays, in order, and no earlier hands (so at its prior chance that the other
    player plays as the Expert; issue #42).  The coach judges the play inside it."""
    from crib.ai.master import MasterPlayer

    return MasterPlayer().reading(replace(obs, earlier=()))


def reread(puzzles: Sequence[Puzzle]) -> tuple[list[Puzzle], list[Puzzle]]:
    """The puzzles a play puzzle's answer still holds for, judged again inside the
    Master's reading of the hand shown (:func:`shown_reading`), and those it does not
    (another answer accepted, or no clear choice left): (kept, dropped).  Discards and
    the kept puzzles are returned as they were (issue #42: the set was mined before)."""
    kept: list[Puzzle] = []
    dropped: list[Puzzle] = []
    for p in puzzles:
        if p.kind == "play":
            pos = p.pegging()
            opp = tuple(parse_cards(p.opp_played)) if p.opp_played else ()
            obs = play_observation(pos, p.dealer, opp)
            with shown_reading(obs).weighing():
                v = judge_play(pos, p.dealer, opp)
            if v is None or set(v.accepted) != set(p.accepted):
                dropped.append(p)
                continue
        kept.append(p)
    return kept, dropped


def judge(obs: Observation, counts: dict[str, int]) -> dict | None:
    """The puzzle record of one decision, or None (``counts`` gets each filter it passed)."""
    if obs.phase == "discard":
        v = judge_discard(obs.hand, obs.dealer, (obs.my_score, obs.opp_score))
        counts["choice"] += 1
        record = {
            "kind": "discard",
            "hand": cards_str(obs.hand),
            "scores": [obs.my_score, obs.opp_score],
        }
        solve = None if not v.clear else tier_solve_discard(obs.hand, obs.dealer, v.accepted)
    else:
        pos = PeggingPosition.from_observation(obs)
        if len({c.rank for c in pos.legal()}) < 2:
            return None
        with shown_reading(obs).weighing():  # as the new Master reads the hand shown
            pv = judge_play(pos, obs.dealer, obs.opp_played)
        if pv is None:
            return None
        v = pv
        counts["choice"] += 1
        record = {
            "kind": "play",
            "position": pos.to_text(),
            "opp_played": cards_str(obs.opp_played),
        }
        solve = None if not v.clear else tier_solve_play(pos, v.accepted)
    if solve is None:
        return None
    counts["clear"] += 1
    if min(solve["easy"], solve["normal"]) >= 0.5:
        return None
    counts["weak_miss"] += 1
    if obs.phase == "discard":
        a = v.analysis
        best, nxt = a.best, a.throws[a.find(parse_cards(v.runner))]
        themes = discard_themes(
            best.keep, obs.dealer, (obs.my_score, obs.opp_score), best.crib_ev, nxt.crib_ev
        )
    else:
        themes = play_themes(pos, obs.dealer, v.best, v.runner)
    record.update(
        themes=themes,
        words=answer_words(v.analysis, v.best, v.runner),
        dealer=obs.dealer,
        answer=v.best,
        accepted=list(v.accepted),
        runner=v.runner,
        margin=round(v.margin, 4),
        unit=v.unit,
        solve={k: round(p, 4) for k, p in solve.items()},
    )
    return record


def mine_chunk(seed: int, start: int, stop: int) -> dict:
    """Play games ``start..stop-1``, judge every decision: the kept records and the counts."""
    from crib.ai.master import warm

    warm()
    counts = dict.fromkeys(COUNTS, 0)
    kept: list[dict] = []
    done: set[str] = set()
    t0 = time.process_time()
    for i in range(start, stop):
        a, b = PAIRINGS[i % len(PAIRINGS)]
        seen: list[Observation] = []
        players = (_Recorder(parse_player(a), seen), _Recorder(parse_player(b), seen))
        Game(seed=game_seed(seed, i), players=players, first_dealer=i % 2).run()
        for obs in seen:
            counts["decisions"] += 1
            if obs.phase == "play" and len(obs.legal) < 2:
                continue
            k = _key(obs)
            if k in done:
                continue
            done.add(k)
            counts["positions"] += 1
            rec = judge(obs, counts)
            if rec is not None:
                rec["source"] = {"seed": seed, "game": i, "players": [a, b]}
                kept.append(rec)
    counts["kept"] = len(kept)
    return {
        "start": start,
        "stop": stop,
        "counts": counts,
        "cpu_seconds": time.process_time() - t0,
        "puzzles": kept,
    }


def _task(args: tuple[int, int, int]) -> dict:
    return mine_chunk(*args)


def _write_atomic(path: Path, data: dict) -> None:
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "w") as f:
            json.dump(data, f)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _completed(ex: Any, jobs: list[tuple[int, int, int]]) -> Iterator[dict]:
    from concurrent.futures import Executor, as_completed

    if ex is None:
        for j in jobs:
            yield _task(j)
        return
    if isinstance(ex, Executor):
        for f in as_completed([ex.submit(_task, j) for j in jobs]):
            yield f.result()
        return
    from distributed import as_completed as dask_completed

    for f in dask_completed([ex.submit(_task, j, pure=False) for j in jobs]):
        yield f.result()
        f.release()


def mine_games(
    games: int,
    seed: int,
    results: str | os.PathLike,
    *,
    chunk: int = 10,
    executor: str = "process",
    workers: int = 1,
    scheduler: str | None = None,
    quiet: bool = False,
    finished: bool = False,
) -> list[dict]:
    """Mine ``games`` games in chunks into ``results`` (resumable); every chunk, in order.

    ``finished``: play nothing, return the chunks already in ``results`` (those a stopped
    run finished, in order)."""
    from crib.ai.selfplay.engine import _executor

    folder = Path(results)
    folder.mkdir(parents=True, exist_ok=True)
    man = folder / "manifest.json"
    want = {"seed": seed, "chunk": chunk, "pairings": [list(p) for p in PAIRINGS]}
    if man.exists() and json.loads(man.read_text()) != want:
        raise CribError(f"{folder} holds another mining run; use another folder or the same seed")
    man.write_text(json.dumps(want))

    def path(k: int) -> Path:
        return folder / f"chunk_{k * chunk:07d}-{min(games, (k + 1) * chunk):07d}.json"

    n_chunks = -(-games // chunk)
    if finished:
        return [json.loads(path(k).read_text()) for k in range(n_chunks) if path(k).exists()]
    todo = [k for k in range(n_chunks) if not path(k).exists()]
    jobs = [(seed, k * chunk, min(games, (k + 1) * chunk)) for k in todo]
    if jobs:
        with _executor(executor, workers, scheduler) as (name, ex):
            for n, out in enumerate(_completed(ex, jobs), 1):
                _write_atomic(path(out["start"] // chunk), out)
                if not quiet:
                    c = out["counts"]
                    print(
                        f"[{name}] chunk {n}/{len(jobs)} games {out['start']}-{out['stop']}: "
                        f"kept {c['kept']} of {c['positions']} in {out['cpu_seconds']:.0f} s",
                        flush=True,
                    )
    return [json.loads(path(k).read_text()) for k in range(n_chunks)]
