"""The ``crib`` command line.

Every subcommand turns bad input into one clear line on stderr and exit code 2.
No traceback reaches the user.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

from crib.errors import CribError, ModelError
from crib.version import __version__

__all__ = ["main", "build_parser"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"crib: error: {message} (see 'crib --help')\n")


def _cmd_score(args: argparse.Namespace) -> int:
    from crib.errors import HandSizeError
    from crib.rules.cards import parse_cards
    from crib.rules.scoring import score_hand

    cards = parse_cards(" ".join(args.cards))
    if len(cards) != 5:
        raise HandSizeError(f"expected 5 cards (4 hand cards, then the starter), got {len(cards)}")
    s = score_hand(cards[:4], cards[4], is_crib=args.crib)
    what = "crib" if args.crib else "hand"
    hand = " ".join(c.pretty for c in s.hand)
    print(f"{what}: {hand}   starter: {s.starter.pretty if s.starter else ''}")
    print(s.table())
    print(s.say().capitalize() + ".")
    print(f"Total: {s.total}")
    return 0


def _cmd_discard(args: argparse.Namespace) -> int:
    import pandas as pd

    from crib.analysis.discard import analyze_discard
    from crib.analysis.models import parse_model
    from crib.rules.cards import parse_cards

    six = parse_cards(" ".join(args.cards))
    scores = tuple(args.scores) if args.scores else None
    model = parse_model(args.model, "discard")  # a preset, or a crib model under the uniform rules
    a = analyze_discard(six, dealer=not args.pone, model=model, scores=scores)
    print(f"Six: {' '.join(c.pretty for c in a.six)}   seat: {a.seat}")
    print(a.model_note)
    with pd.option_context("display.width", 120, "display.max_columns", 20):
        print(a.table.to_string(index=False, float_format=lambda x: f"{x:.3f}"))
    print(a.explain(0))
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    from crib.ai.players import parse_player
    from crib.rules.events import describe_event, log_to_json
    from crib.rules.game import Game

    g = Game(seed=args.seed, players=(parse_player(args.p1), parse_player(args.p2)))
    res = g.run()
    for e in res.events:
        print(describe_event(e))
    if args.json:
        from pathlib import Path

        Path(args.json).write_text(log_to_json(res.events) + "\n")
        print(f"saved the recording to {args.json}")
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from crib.rules.events import describe_event
    from crib.rules.replay import parse_secret, replay

    try:
        text = Path(args.file).read_text()
    except OSError as e:
        raise CribError(f"cannot read {args.file!r}: {e.strerror}") from None
    secret = None
    if args.secret:
        secret = parse_secret(args.secret)
    elif args.match:
        try:
            m = json.loads(Path(args.match).read_text())
            secret = parse_secret(str(m["secret"]))
        except (OSError, ValueError, KeyError, TypeError):
            raise CribError(
                f"cannot read a match secret from {args.match!r}: "
                "expected JSON with a 'secret' (hex)"
            ) from None
    r = replay(text, secret=secret)
    if not args.quiet:
        for s in r.snapshots:
            print(describe_event(s.event))
    print(r.summary())
    if not r.verified and not args.allow_unverified:
        print(
            "crib: error: deals NOT verified; pass --allow-unverified to accept such a log",
            file=sys.stderr,
        )
        return 2
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from crib.ai.sim import format_strength, strength_benchmark

    res = strength_benchmark(
        args.random_games,
        args.tier_games,
        seed0=args.seed,
        workers=args.workers,
        executor="dask" if args.dask else "process",
        results=args.results,
        quiet=args.quiet,
    )
    res["command"] = (
        f"crib bench strength --random-games {args.random_games} --tier-games {args.tier_games} "
        f"--seed {args.seed}"
    )
    print(format_strength(res))
    if args.out:
        Path(args.out).write_text(json.dumps(res, indent=1) + "\n")
        print(f"saved {args.out}")
    return 0


def _play_model(text: str | None, holdings: str | None) -> Any:
    """``--model`` (default the Master's) with ``--holdings``, which may not contradict a preset."""
    from dataclasses import replace

    from crib.analysis.models import PRESETS, Holdings, parse_model

    pm, key = parse_model(text or "master", "play"), (text or "master").strip().lower()
    if holdings is not None and (h := Holdings.parse(holdings)) is not pm.holdings:
        if key in PRESETS:
            raise ModelError(
                f"--holdings {holdings} contradicts model {pm.name!r}, whose holdings are "
                f"{pm.holdings.value}: give one or the other"
            )
        pm = replace(pm, name="custom", holdings=h)
    return pm


def _cmd_peg(args: argparse.Namespace) -> int:
    import pandas as pd

    from crib.analysis.play import analyze_play

    opp_dealer = None if args.opp_seat is None else args.opp_seat == "dealer"
    a = analyze_play(args.position, _play_model(args.model, args.holdings), opp_dealer=opp_dealer)
    print(a.position.to_text())
    print(f"model: {a.model_name}: {a.model_note}")
    with pd.option_context("display.width", 120):
        print(a.table.to_string(index=False, float_format=lambda x: f"{x:+.3f}"))
    b = a.best
    print(f"Best: {b.label} (margin {b.margin:+.3f}, P(margin >= 0) = {b.p_nonneg:.1%})")
    return 0


def _exec_opts(args: argparse.Namespace) -> dict:
    if args.dask is not None:
        return {
            "executor": "dask",
            "scheduler": None if args.dask == "local" else args.dask,
            "workers": args.workers,
            "quiet": args.quiet,
        }
    return {"executor": "process", "workers": args.workers, "quiet": args.quiet}


def _cmd_selfplay(args: argparse.Namespace) -> int:
    from pathlib import Path

    from crib.ai.selfplay import tables
    from crib.ai.selfplay.engine import RunSpec, run

    command = "crib " + " ".join(getattr(args, "argv", ["selfplay", args.what]))
    ex = _exec_opts(args)
    results, out = Path(args.results), Path(args.out)
    if args.what == "run":
        if not args.experiment:
            raise CribError(
                "crib selfplay run needs --experiment (crib, pegging, deal, ladder, games)"
            )
        res = run(
            RunSpec(args.experiment, args.n or 100, args.seed, args.chunk or 100),
            results / args.experiment,
            **ex,
        )
        total = {k: v.shape for k, v in res.arrays.items()}
        print(
            f"{args.experiment}: {res.spec.n} items in {res.seconds:.1f} s on {res.executor} "
            f"({res.chunks_run} chunks run, {res.chunks_resumed} resumed); arrays {total}"
        )
        return 0
    if args.what == "keep":
        return _selfplay_keep(args, command, ex, results, out)
    sizes = tables.QUICK if args.quick else tables.FULL
    if args.n:
        import dataclasses

        field = {"crib": "crib", "pegging": "pegging", "win": "deal"}.get(args.what)
        if field is None:
            raise CribError("--n applies to crib, pegging or win")
        sizes = dataclasses.replace(sizes, **{field: args.n})
    if args.crosscheck is not None:
        import dataclasses

        sizes = dataclasses.replace(sizes, crosscheck=args.crosscheck)
    only = ("crib", "pegging", "win") if args.what == "all" else (args.what,)
    if args.opponent != "expert":
        if args.what not in ("crib", "pegging"):
            raise CribError("--opponent applies to crib, pegging or keep")
        ex["opponent"] = args.opponent
    out.mkdir(parents=True, exist_ok=True)
    for path in tables.make_all(sizes, results, out, command=command, only=only, **ex):
        print(f"wrote {path}")
    return 0


def _selfplay_keep(args: argparse.Namespace, command: str, ex: dict, results, out) -> int:
    """``crib selfplay keep``: data/keep_frequencies.csv (the Expert's keeps by seat)."""
    from crib.ai.selfplay.engine import RunSpec, run
    from crib.ai.selfplay.keep import keep_frame

    n = args.n or (2000 if args.quick else 100_000)
    seed = args.seed or 16
    # --opponent master: the Master's keeps (issue #42), in keep_frequencies_master.csv
    master = args.opponent != "expert"
    params, suffix = ({"opponent": args.opponent}, "_master") if master else ({}, "")
    spec = RunSpec("keep", n, seed, args.chunk or 500, params)
    res = run(spec, results / f"keep{suffix}", **ex)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"keep_frequencies{suffix}.csv"
    with path.open("w") as f:
        f.write(f"# {command} (experiment keep, {n} sixes per seat, master seed {seed})\n")
        keep_frame(res.arrays["kept"], n).to_csv(f, index=False)
    print(f"wrote {path} ({n} sixes per seat in {res.seconds:.1f} s)")
    return 0


# commands that live in a module of their own, each with add_parser(sub) and run(args)
_MODULES = {
    "print": "crib.tools.printables",
    "tournament": "crib.tools.tournament_cli",
    "notebooks": "crib.tools.notebooks_cli",
    "puzzles": "crib.tools.puzzles_cli",
}


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "selfplay": _cmd_selfplay,
    "peg": _cmd_peg,
    "score": _cmd_score,
    "discard": _cmd_discard,
    "play": _cmd_play,
    "replay": _cmd_replay,
    "bench": _cmd_bench,
}


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="crib", description="crib, the cribbage coach")
    p.add_argument("--version", action="version", version=f"crib {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sc = sub.add_parser("score", help="score a hand: four hand cards, then the starter")
    sc.add_argument("cards", nargs="+", help="e.g. 5H 5D 5C JS 5S (the last card is the starter)")
    sc.add_argument("--crib", action="store_true", help="score as a crib (5-card flush only)")
    dc = sub.add_parser("discard", help="rank all 15 throws from six cards")
    dc.add_argument("cards", nargs="+", help="six cards, e.g. 5H 5D 6C 7S 8H 9D")
    seat = dc.add_mutually_exclusive_group()
    seat.add_argument("--dealer", action="store_true", help="your crib (default)")
    seat.add_argument("--pone", action="store_true", help="your opponent's crib")
    dc.add_argument(
        "--model",
        default="master",
        help="master (the coach's, default), expert, uniform (exact teaching model), "
        "or a crib model under the uniform rules: exact, table, selfplay",
    )
    dc.add_argument(
        "--scores",
        nargs=2,
        type=int,
        metavar=("MINE", "THEIRS"),
        help="the scores before this deal (adds P(win); the Master ranks by it near 121)",
    )
    pg = sub.add_parser("peg", help="exact analysis of a pegging position (your turn)")
    pg.add_argument(
        "position", help="e.g. 'hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4'"
    )
    pg.add_argument(
        "--model",
        default=None,
        help="master (the coach's, default), expert, uniform, or an opponent model: "
        "minimax, policy:expert, policy:hard, policy:normal, policy:easy",
    )
    pg.add_argument(
        "--holdings",
        default=None,
        choices=["uniform", "weighted"],
        help="the opponent's holdings: equally likely, or weighted by how often the Expert keeps "
        "them (default: the model's; with an opponent model, uniform)",
    )
    pg.add_argument(
        "--opp-seat",
        default=None,
        choices=["dealer", "pone"],
        help="for weighted holdings: the opponent's seat (default: both seats averaged)",
    )
    pl = sub.add_parser("play", help="play a whole game between two computer players")
    pl.add_argument("--seed", type=int, default=1)
    pl.add_argument("--p1", default="expert", help="expert, hard, normal, easy, greedy or random")
    pl.add_argument("--p2", default="easy")
    pl.add_argument("--json", metavar="FILE", help="save the event log as JSON")
    rp = sub.add_parser("replay", help="replay and verify a saved game log")
    rp.add_argument("file")
    rp.add_argument("--secret", metavar="HEX", help="a committed match's revealed secret")
    rp.add_argument("--match", metavar="FILE", help="a match file (JSON with its 'secret')")
    rp.add_argument(
        "--allow-unverified",
        action="store_true",
        help="exit 0 for a log whose deals cannot be verified (stacked, or no secret)",
    )
    rp.add_argument("--quiet", action="store_true", help="print only the verdict")
    bn = sub.add_parser("bench", help="benchmarks: 'strength' plays the tiers against expert")
    bn.add_argument("what", choices=["strength"])
    bn.add_argument("--random-games", type=int, default=10_000)
    bn.add_argument("--tier-games", type=int, default=3_000)
    bn.add_argument("--dask", action="store_true", help="run on a dask LocalCluster")
    bn.add_argument("--results", default=None, help="folder to keep finished chunks (resumable)")
    bn.add_argument("--quiet", action="store_true", help="no progress bar")
    bn.add_argument("--seed", type=int, default=10_000)
    bn.add_argument("--workers", type=int, default=None)
    bn.add_argument(
        "--out", default=None, help="write the results as JSON (e.g. data/ai_benchmark.json)"
    )
    for name, what in (
        (
            "serve",
            "serve the dashboards with Voila: "
            "crib serve [--class-size N] [--class] [--lan] [--no-fork] [voila options]",
        ),
        (
            "school",
            "several crib servers behind nginx: "
            "crib school --servers N --port P [--db URL] [serve options]",
        ),
    ):
        sub.add_parser(name, help=what)
    sp = sub.add_parser(
        "selfplay",
        help="self-play tables: seat cribs, pegging values, the win table (resumable)",
    )
    sp.add_argument("what", choices=["all", "crib", "pegging", "win", "run", "keep"])
    sp.add_argument("--quick", action="store_true", help="small tables in about a minute (CI)")
    sp.add_argument("--n", type=int, default=None, help="items (deals) instead of the default")
    sp.add_argument("--out", default="data", help="where the tables go (default data/)")
    sp.add_argument(
        "--results",
        default="selfplay-results",
        help="folder of finished chunks; the same command resumes from it",
    )
    sp.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    sp.add_argument(
        "--dask",
        nargs="?",
        const="local",
        default=None,
        metavar="ADDRESS",
        help="run on dask.distributed: a scheduler address, or a LocalCluster when omitted",
    )
    sp.add_argument("--quiet", action="store_true", help="no progress bar")
    sp.add_argument(
        "--crosscheck", type=int, default=None, help="for 'win': games per cross-check position"
    )
    sp.add_argument(
        "--experiment", default=None, help="for 'run': crib, pegging, deal, ladder, games"
    )
    sp.add_argument("--seed", type=int, default=0, help="for 'run': the master seed")
    sp.add_argument(
        "--opponent",
        choices=["expert", "master"],
        default="expert",
        help="crib, pegging: whose discard the opponent throws; keep: whose keeps are counted "
        "(master: *_master.csv)",
    )
    sp.add_argument("--chunk", type=int, default=None, help="for 'run': items per chunk")
    for module in _MODULES.values():  # crib print, crib tournament, crib notebooks
        import_module(module).add_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    >>> main(["score", "5H", "5D", "5C", "JS", "5S"])  # doctest: +ELLIPSIS
    hand: 5♥ 5♦ 5♣ J♠   starter: 5♠
    ...
    Total: 29
    0
    >>> main(["score", "5H", "5D", "X9", "JS", "5S"])  # the message goes to stderr
    2
    """
    given = list(sys.argv[1:] if argv is None else argv)
    ahead = {
        "serve": "crib.tools.serve",
        "school": "crib.tools.school",
    }  # every other option passed on as it is
    if given[:1] and given[0] in ahead:
        if given[0] == "serve":  # the warm parent imports while the server does
            import_module("crib.tools.fork_kernels").start_early(given[1:])
        return int(import_module(ahead[given[0]]).main(given[1:]) or 0)
    if given[:2] == ["print", "guide"]:  # the teacher's guide: crib/tools/print_guide.py
        return int(import_module("crib.tools.print_guide").main(given[2:]))
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if args.command in _MODULES:
            return int(import_module(_MODULES[args.command]).run(args))
        return _COMMANDS[args.command](args)
    except CribError as e:
        print(f"crib: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print("crib: interrupted", file=sys.stderr)
        return 130
