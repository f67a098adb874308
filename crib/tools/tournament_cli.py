"""``crib tournament``: run a class tournament from the command line.

::

    crib tournament create "Friday" --players "Ann, Bob, Cy, Di, Ed" --format swiss --length 61
    crib tournament pairings CODE            # the latest round (--round N for another)
    crib tournament result CODE 1 2 121 95   # round 1, table 2: seat 1 121, seat 2 95
    crib tournament game CODE 1 2 game.json  # the same, read from a crib game's log
    crib tournament play CODE                # computer players play the round's open tables
    crib tournament pair CODE                # pair the next round
    crib tournament standings CODE
    crib tournament csv CODE --what results --out results.csv
    crib tournament print CODE --round 1 --paper letter --out round1.pdf  # --lang fr: in French

Every command takes ``--db FILE`` (default: ``CRIB_DB``, else the classroom database).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from crib.errors import CribError

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Add ``tournament`` and its subcommands to the ``crib`` parser."""
    tp = sub.add_parser(
        "tournament",
        help="a class tournament: create, pair, record results, standings, CSV, printable sheets",
    )
    ts = tp.add_subparsers(dest="action", required=True, parser_class=type(tp))

    def cmd(name: str, help: str, code: bool = True) -> argparse.ArgumentParser:
        p = ts.add_parser(name, help=help)
        p.add_argument("--db", default=None, help="the classroom database (default: CRIB_DB)")
        if code:
            p.add_argument("code", help="the tournament's code (printed by create)")
        return p

    c = cmd("create", "create a tournament from a list of names or a class session", code=False)
    c.add_argument("name", help="the tournament's name")
    who = c.add_mutually_exclusive_group(required=True)
    who.add_argument("--players", help="names separated by commas")
    who.add_argument("--players-file", help="a text file with one name a line")
    who.add_argument("--session", help="a class session's join code: its students play")
    c.add_argument("--format", dest="fmt", choices=["round-robin", "swiss"], default="round-robin")
    c.add_argument("--length", type=int, choices=[61, 121], default=121, help="points to win")
    c.add_argument(
        "--rounds", type=int, default=None, help="rounds (default: all, or log2 n + 1 for Swiss)"
    )
    c.add_argument("--seed", type=int, default=None, help="makes the deals (default: random)")
    c.add_argument("--code", default=None, help="choose the code (default: drawn)")
    cmd("list", "list the tournaments in the database", code=False)
    cmd("pair", "pair the next round")
    pr = cmd("pairings", "show a round's tables and bye")
    pr.add_argument("--round", type=int, default=None, help="default: the latest round")
    rs = cmd("result", "record a table's final scores (paper play)")
    rs.add_argument("round", type=int)
    rs.add_argument("table", type=int)
    rs.add_argument("scores", nargs=2, type=int, metavar=("SEAT1", "SEAT2"))
    gm = cmd("game", "record a table's result from a crib game log (JSON)")
    gm.add_argument("round", type=int)
    gm.add_argument("table", type=int)
    gm.add_argument("log", help="the game's JSON event log")
    pl = cmd("play", "computer players play the round's tables with no result yet")
    pl.add_argument("--round", type=int, default=None, help="default: the latest round")
    pl.add_argument("--tier", default="easy", help="the computer players (default easy)")
    cmd("standings", "the standings: points, spread, wins")
    cv = cmd("csv", "standings or every result as CSV")
    cv.add_argument("--what", choices=["standings", "results"], default="standings")
    cv.add_argument("--out", default=None, help="a file (default: print)")
    pp = cmd("print", "a round's pairing sheet and scorecards as PDF")
    pp.add_argument("--round", type=int, default=None, help="default: the latest round")
    pp.add_argument("--paper", choices=["a4", "letter"], default="a4")
    pp.add_argument("--what", choices=["all", "pairings", "scorecards"], default="all")
    pp.add_argument("--lang", choices=["en", "fr"], default="en", help="the sheets' language")
    pp.add_argument("--out", default=None, help="the PDF (default: <code>-round<N>.pdf)")


def _names(args: argparse.Namespace) -> list[str]:
    if args.players is not None:
        return [n for n in (x.strip() for x in args.players.split(",")) if n]
    try:
        text = Path(args.players_file).read_text(encoding="utf-8")
    except OSError as e:
        raise CribError(f"cannot read {args.players_file!r}: {e.strerror}") from None
    return [ln.strip() for ln in text.splitlines() if ln.strip()]


def _print_round(t, number: int) -> None:  # type: ignore[no-untyped-def]
    r = t.round(number)
    print(f"{t.name}: round {number} of {t.rounds} (games to {t.length})")
    for tb in r.tables:
        res = t.results.get((number, tb.number))
        score = (
            f"  {res.scores[0]}-{res.scores[1]}" + (f" {res.skunk}" if res and res.skunk else "")
            if res
            else ""
        )
        print(f"  table {tb.number:>2}: {tb.seats[0]} v {tb.seats[1]}{score}")
    if r.bye:
        print(f"  bye: {r.bye}")
    d = t.deal(number)
    print(f"  deals: commitment {d.commit}")
    if t.round_complete(number):  # the round is over: reveal, so any log can be replayed
        print(f"  deals: secret {d.secret.hex()} (check a game: crib replay LOG --secret ...)")


def _latest(t, given: int | None) -> int:  # type: ignore[no-untyped-def]
    if given is not None:
        return given
    if not t.played_rounds:
        raise CribError("no round is paired yet: run 'crib tournament pair CODE'")
    return len(t.played_rounds)


def run(args: argparse.Namespace) -> int:
    """Run one ``crib tournament`` subcommand; returns the exit code."""
    from crib.classroom.tournament import Tournament
    from crib.store.tournaments import TournamentStore

    ts = TournamentStore(args.db)
    try:
        a = args.action
        if a == "create":
            # the format, length, rounds and seed, for the players of a class session or named
            how = dict(fmt=args.fmt, length=args.length, rounds=args.rounds, seed=args.seed)
            if args.session is not None:
                code = ts.create_from_session(args.session, args.name, code=args.code, **how)
            else:
                code = ts.create(Tournament(args.name, _names(args), **how), code=args.code)
            ts.pair_next_round(code)
            t = ts.load(code)
            print(f"tournament {code}: {len(t.players)} players, {t.format}, {t.rounds} rounds")
            _print_round(t, 1)
            return 0
        if a == "list":
            for code, name in ts.list_all():
                print(f"{code}  {name}")
            return 0
        if a == "pair":
            r = ts.pair_next_round(args.code)
            _print_round(ts.load(args.code), r.number)
            return 0
        t = ts.load(args.code)
        if a == "pairings":
            _print_round(t, _latest(t, args.round))
        elif a == "result":
            res = ts.record_result(args.code, args.round, args.table, tuple(args.scores))
            print(_said(res))
        elif a == "game":
            try:
                text = Path(args.log).read_text(encoding="utf-8")
            except OSError as e:
                raise CribError(f"cannot read {args.log!r}: {e.strerror}") from None
            print(_said(ts.record_game(args.code, args.round, args.table, text)))
        elif a == "play":
            from crib.ai.players import parse_player

            n = _latest(t, args.round)
            for tb in t.round(n).tables:
                if (n, tb.number) in t.results:
                    continue
                g = t.new_game(n, tb.number, (parse_player(args.tier), parse_player(args.tier)))
                print(_said(ts.record_game(args.code, n, tb.number, g.run())))
        elif a == "standings":
            print(f"{t.name}: after {len(t.played_rounds)} of {t.rounds} rounds")
            print(
                f"{'rank':>4}  {'player':<24} {'pts':>4} {'spread':>6} "
                f"{'W':>3} {'L':>3} {'sk':>3} {'bye':>3}"
            )
            for s in t.standings():
                print(
                    f"{s.rank_text:>4}  {s.name:<24} {s.points:>4} {s.spread:>+6} {s.wins:>3} "
                    f"{s.losses:>3} {s.skunks:>3} {s.byes:>3}"
                )
        elif a == "csv":
            text = t.standings_csv() if args.what == "standings" else t.results_csv()
            if args.out:
                Path(args.out).write_text(text, encoding="utf-8")
                print(f"wrote {args.out}")
            else:
                print(text, end="")
        elif a == "print":
            from crib.classroom.tournament.sheets import write_round_pdf

            n = _latest(t, args.round)
            out = args.out or f"{t.code}-round{n}.pdf"
            pages = write_round_pdf(t, n, out, paper=args.paper, what=args.what, lang=args.lang)
            print(f"wrote {out} ({pages} pages, {args.paper})")
        return 0
    finally:
        ts.close()


def _said(res) -> str:  # type: ignore[no-untyped-def]
    sk = f", {res.skunk}" if res.skunk else ""
    return (
        f"round {res.round} table {res.table}: {res.seats[0]} {res.scores[0]}, "
        f"{res.seats[1]} {res.scores[1]}{sk} ({res.seats[res.winner]} +{max(res.points)}; "
        f"from {'the game' if res.source == 'game' else 'paper'})"
    )
