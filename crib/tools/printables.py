"""``crib print``: the classroom printables as PDF (:mod:`crib.course.printables`), for
example ``crib print worksheets --lang fr --seed 7 --paper a4 --out handouts/``; ``crib
print board --paper letter`` prints a cribbage board, ``crib print handouts`` the board,
the tactics and etiquette sheet and the exit tickets.
"""

from __future__ import annotations

import argparse

__all__ = ["add_parser", "run", "CHOICES"]

# crib.course.printables's KINDS and GROUPS (a test keeps them equal), written out so that
# building the parser of every crib command imports nothing of the printables
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
    pr.add_argument("--seed", type=int, default=7, help="draws the worksheets' hands (default 7)")
    pr.add_argument("--paper", choices=["a4", "letter"], default="a4")
    pr.add_argument("--out", default=".", help="the folder for the PDFs (default: here)")
    return pr


def run(args: argparse.Namespace) -> int:
    """Write the PDFs and name each file written."""
    from crib.course.printables import write_all

    for path in write_all(args.what, args.out, lang=args.lang, seed=args.seed, paper=args.paper):
        print(f"wrote {path}")
    if args.what == "all":  # every printable: the teacher's guide too
        from crib.tools.print_guide import write_guide

        print(f"wrote {write_guide(args.lang, args.paper, args.out)}")
    return 0
