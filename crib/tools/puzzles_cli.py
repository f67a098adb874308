"""``crib puzzles``: mine the puzzle set from self-play and write it to ``data/``.

``crib puzzles build --games N --seed S [--dask [ADDRESS]] [--workers W]`` plays N
games (Master and tier pairings, :mod:`crib.ai.puzzles.mine`), keeps the positions the
filters pass, and writes ``data/puzzles.jsonl.gz`` and ``data/puzzles_build.json``
(the command, the seed, how many positions each filter kept, the mining rate).
Finished chunks stay in ``--results``: the same command resumes.
``crib puzzles words [--out DIR]`` writes the answers' plain words again
(:func:`crib.analysis.puzzles.build.with_plain_words`) into the shipped file, without
mining: every other field stays as it is, and ``puzzles_build.json`` records the run.
``crib puzzles reread [--out DIR]`` judges the shipped play puzzles again inside the
Master's reading of the hand shown (:func:`crib.ai.puzzles.mine.reread`, issue #42) and
drops those whose answer it does not confirm; ``puzzles_build.json`` records which.
``crib puzzles show ID`` prints one puzzle, answer included.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Add ``puzzles`` and its subcommands to the ``crib`` parser."""
    pp = sub.add_parser("puzzles", help="the rated puzzle set: build it from self-play, show one")
    ps = pp.add_subparsers(dest="action", required=True, parser_class=type(pp))
    b = ps.add_parser("build", help="mine puzzles from self-play games (resumable)")
    b.add_argument("--games", type=int, default=400, help="games to play (default 400)")
    b.add_argument("--seed", type=int, default=40, help="the master seed (default 40)")
    b.add_argument("--chunk", type=int, default=10, help="games per chunk (default 10)")
    b.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    b.add_argument(
        "--dask",
        nargs="?",
        const="local",
        default=None,
        metavar="ADDRESS",
        help="run on dask.distributed: a scheduler address, or a LocalCluster when omitted",
    )
    b.add_argument("--results", default="puzzle-results", help="folder of finished chunks")
    b.add_argument("--out", default="data", help="where the puzzle files go (default data/)")
    b.add_argument("--quiet", action="store_true", help="no progress lines")
    b.add_argument(
        "--finished",
        action="store_true",
        help="play no games: build from the chunks already in --results",
    )
    w = ps.add_parser("words", help="write the plain words of the shipped puzzles again")
    w.add_argument("--out", default="data", help="the folder of the puzzle files (default data/)")
    w.add_argument("--quiet", action="store_true", help="no progress lines")
    r = ps.add_parser(
        "reread", help="drop the play puzzles the Master's reading of the hand does not confirm"
    )
    r.add_argument("--out", default="data", help="the folder of the puzzle files (default data/)")
    s = ps.add_parser("show", help="print one puzzle, answer and words included")
    s.add_argument("id")


def run(args: argparse.Namespace) -> int:
    """Run one ``crib puzzles`` subcommand; returns the exit code."""
    from crib.analysis.puzzles.model import DATA_FILE, load_puzzles, write_puzzles

    if args.action == "show":
        for p in load_puzzles():
            if p.id == args.id:
                print(json.dumps(p.to_json(), ensure_ascii=False, indent=1))
                return 0
        print(f"crib: error: no puzzle {args.id!r}")
        return 2
    if args.action == "words":
        return _words(Path(args.out), args.quiet)
    if args.action == "reread":
        return _reread(Path(args.out))
    from crib.ai.puzzles.mine import mine_games
    from crib.ai.selfplay.engine import default_workers
    from crib.analysis.puzzles.build import build_puzzles

    t0 = time.perf_counter()
    chunks = mine_games(
        args.games,
        args.seed,
        args.results,
        chunk=args.chunk,
        executor="dask" if args.dask is not None else "process",
        workers=args.workers or default_workers(),
        scheduler=None if args.dask in (None, "local") else args.dask,
        quiet=args.quiet,
        finished=args.finished,
    )
    puzzles, summary = build_puzzles(chunks)
    out = Path(args.out)
    write_puzzles(out / DATA_FILE, puzzles)
    command = f"crib puzzles build --games {args.games} --seed {args.seed} --chunk {args.chunk}"
    if args.dask is not None:
        command += " --dask" + ("" if args.dask == "local" else f" {args.dask}")
    if args.finished:
        command += " --finished"
    note = {
        "command": command,
        "seed": args.seed,
        "chunks": [[c["start"], c["stop"]] for c in chunks],
        **summary,
        "wall_seconds_this_run": round(time.perf_counter() - t0, 1),
    }
    (out / "puzzles_build.json").write_text(json.dumps(note, indent=1) + "\n")
    print(f"{len(puzzles)} puzzles from {summary['games']} games -> {out / DATA_FILE}")
    return 0


def _words(out: Path, quiet: bool) -> int:
    """``crib puzzles words``: the plain words step alone, on the puzzles of ``out``."""
    from crib.analysis.puzzles.build import with_plain_words
    from crib.analysis.puzzles.model import DATA_FILE, load_puzzles, write_puzzles

    t0 = time.perf_counter()
    path = out / DATA_FILE
    puzzles = with_plain_words(load_puzzles(path), progress=not quiet)
    write_puzzles(path, puzzles)
    note_path = out / "puzzles_build.json"
    if note_path.exists():
        note = json.loads(note_path.read_text())
        note["words_command"] = "crib puzzles words"
        note["words_note"] = (
            "the plain words (each puzzle's `plain`, English and French) were written again "
            "from the shipped puzzles by `crib puzzles words` (crib.analysis.puzzles.plain: "
            "templates only, facts from the position and the coach's discard analysis), "
            "without mining; `words` keeps the coach's figure sentence"
        )
        note["words_wall_seconds"] = round(time.perf_counter() - t0, 1)
        note_path.write_text(json.dumps(note, indent=1) + "\n")
    print(f"plain words for {len(puzzles)} puzzles -> {path}")
    return 0


def _reread(out: Path) -> int:
    """``crib puzzles reread``: the shipped puzzles less the play puzzles whose answer the
    Master's reading of the hand does not confirm, the dropped ones' ids recorded."""
    from crib.ai.puzzles.mine import reread
    from crib.analysis.puzzles.model import DATA_FILE, load_puzzles, write_puzzles

    t0 = time.perf_counter()
    path = out / DATA_FILE
    before = load_puzzles(path)
    kept, dropped = reread(before)
    write_puzzles(path, kept)
    note_path = out / "puzzles_build.json"
    note = json.loads(note_path.read_text()) if note_path.exists() else {}
    note["reread"] = {
        "command": "crib puzzles reread",
        "what": (
            "issue #42: the play puzzles judged again inside the new Master's reading of the "
            "hand shown (its plays, in order, at the Master's prior chance that the other "
            "player plays as the Expert); those whose accepted answers changed were dropped. "
            "The kept puzzles' margins and words are the mining's (keep weights alone); "
            "a new build judges inside the reading"
        ),
        "puzzles_before": len(before),
        "play_puzzles_before": sum(p.kind == "play" for p in before),
        "dropped": sorted(p.id for p in dropped),
        "puzzles_after": len(kept),
        "wall_seconds": round(time.perf_counter() - t0, 1),
    }
    note_path.write_text(json.dumps(note, indent=1) + "\n")
    print(f"{len(dropped)} of {len(before)} puzzles dropped -> {path}")
    return 0
