"""``crib print``: the classroom printables as PDF (:mod:`crib.course.printables`), for
example ``crib print worksheets --lang fr --seed 7 --paper a4 --out handouts/``; ``crib
print board --paper letter`` prints a cribbage board, ``crib print handouts`` the board,
the tactics and etiquette sheet and the exit tickets.  ``crib print puzzles --theme pair
--band 1000-1400 --count 8 --seed 1`` prints a puzzle sheet and its key
(:mod:`crib.course.printables.puzzles`); ``--ids d-000baba2,p-000c2bde`` prints those
puzzles, a class session's set.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from crib.errors import CribError

__all__ = ["add_parser", "run", "CHOICES"]

# crib.course.printables's KINDS, OPTIONED and GROUPS (a test keeps them equal), written out so
# that building the parser of every crib command imports nothing of the printables
CHOICES = (
    "glossary",
    "cheatsheet",
    "worksheet-1",
    "worksheet-2",
    "pegging",
    "quiz-1",
    "quiz-2",
    "board",
    "tactics",
    "exit-tickets",
    "puzzles",
    "worksheets",
    "quizzes",
    "handouts",
    "all",
)


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """The ``print`` subcommand's arguments."""
    pr = sub.add_parser(
        "print",
        help="classroom printables as PDF, answers computed by crib: "
        "crib print worksheets --lang fr --seed 7 --paper a4",
        epilog="crib print guide [--lang en|fr] [--paper a4|letter] [--out DIR]: the "
        "teacher's guide (five lessons of 45 minutes). 'all' writes it too.",
    )
    pr.add_argument(
        "what",
        choices=CHOICES,
        metavar="{" + ",".join((*CHOICES, "guide")) + "}",
        help="one printable, a group of them, or the teacher's guide (guide)",
    )
    pr.add_argument("--lang", choices=["en", "fr"], default="en")
    pr.add_argument(
        "--seed",
        type=int,
        default=7,
        help="draws the worksheets' hands and the puzzles (default 7)",
    )
    pr.add_argument("--paper", choices=["a4", "letter"], default="a4")
    pr.add_argument("--out", default=".", help="the folder for the PDFs (default: here)")
    pz = pr.add_argument_group("puzzles", "the puzzle sheet's options (crib print puzzles)")
    pz.add_argument(
        "--theme", default=None, help="a puzzle theme: pair, go, feed... (default: any)"
    )
    pz.add_argument("--band", default=None, help="the puzzles' ratings, low-high, e.g. 1000-1400")
    pz.add_argument("--count", type=int, default=None, help="how many puzzles (default 8)")
    pz.add_argument(
        "--ids", default=None, help="these puzzles, by id, comma-separated (a class's set)"
    )
    return pr


PUZZLE_OPTIONS = ("theme", "band", "count", "ids")


def run(args: argparse.Namespace) -> int:
    """Write the PDFs and name each file written."""
    from crib.course.printables import write_all

    if args.what == "puzzles":
        return _puzzles(args)
    given = [f"--{o}" for o in PUZZLE_OPTIONS if getattr(args, o, None) is not None]
    if given:
        raise CribError(f"{', '.join(given)}: only for crib print puzzles")

    for path in write_all(args.what, args.out, lang=args.lang, seed=args.seed, paper=args.paper):
        print(f"wrote {path}")
    if args.what == "all":  # every printable: the teacher's guide too
        from crib.tools.print_guide import write_guide

        print(f"wrote {write_guide(args.lang, args.paper, args.out)}")
    return 0


def _puzzles(args: argparse.Namespace) -> int:
    """``crib print puzzles``: one sheet, by theme, band, count and seed, or by ids."""
    from crib.course.printables.puzzles import COUNT, build_puzzles, parse_band, sheet_filename
    from crib.course.printables.render import write_pdf

    ids = [i.strip() for i in (args.ids or "").split(",") if i.strip()]
    if ids and (args.theme or args.band or args.count is not None):
        raise CribError("--ids chooses the puzzles: leave out --theme, --band and --count")
    band = parse_band(args.band)
    count = COUNT if args.count is None else args.count
    doc = build_puzzles(
        lang=args.lang,
        paper=args.paper,
        seed=args.seed,
        theme=args.theme,
        band=band,
        count=count,
        ids=ids or None,
    )
    name = sheet_filename(
        args.lang, args.paper, seed=args.seed, theme=args.theme, band=band, ids=ids or None
    )
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    print(f"wrote {write_pdf(doc, folder / name)}")
    return 0
