"""A class tournament in memory: players, format, rounds, results, standings, CSV.

The rules it follows (formats, skunk lines, game points, tie-breaks, duplicate deals)
and their sources are in :mod:`crib.classroom.tournament.rules`; the pairings are
:mod:`crib.classroom.tournament.pairing`.  The model is plain Python with no widgets and no
database: :mod:`crib.store.tournaments` keeps it in the classroom record and
:mod:`crib.classroom.tournament.sheets` prints its pairing sheets and scorecards.

>>> t = Tournament("Tuesday", ["Ann", "Bob", "Cy"], fmt="round-robin", length=121, seed=7)
>>> r1 = t.next_round()
>>> [(tb.number, tb.seats) for tb in r1.tables], r1.bye
([(1, ('Cy', 'Bob'))], 'Ann')
>>> t.record_result(1, 1, (121, 88)).skunk
'skunk'
>>> [(s.name, s.points, s.spread) for s in t.standings()]
[('Cy', 3, 33), ('Ann', 2, 0), ('Bob', 0, -33)]
"""

from __future__ import annotations

import io
import math
import secrets
from collections.abc import Iterable, Sequence
from typing import Any

from crib import csv_safe
from crib.classroom.names import clean_name
from crib.classroom.tournament.pairing import round_robin_rounds, swiss_pairing
from crib.classroom.tournament.rules import (
    BYE_POINTS,
    FORMATS,
    LENGTHS,
    Result,
    Round,
    RoundDeal,
    Standing,
    TournamentError,
    clean_players,
    round_deal,
)
from crib.errors import BadNameError, CribError
from crib.rules.events import Event, GameOver, GameStarted, log_from_json, log_to_json
from crib.rules.game import Game, GameResult

# the rules' names (formats, points, Table, Round, Result...) are crib.classroom.tournament.rules's
__all__ = ["Tournament"]

# --- the tournament -----------------------------------------------------------------


class Tournament:
    """A tournament in memory: players, format, length, its rounds and results.

    ``rounds`` is how many rounds are planned: a round-robin plays every round
    (``n - 1``, or ``n`` for an odd ``n``) unless told fewer; a Swiss tournament
    defaults to ``ceil(log2(n)) + 1``.  ``seed`` makes the deals (a random one when
    omitted); keep it from the students, since it determines every card.
    """

    def __init__(
        self,
        name: str,
        players: Iterable[str],
        *,
        fmt: str = "round-robin",
        length: int = 121,
        rounds: int | None = None,
        seed: int | None = None,
    ) -> None:
        try:
            self.name = clean_name(name, "tournament name")
        except BadNameError as e:
            raise TournamentError(str(e)) from None
        self.players = clean_players(players)
        if fmt not in FORMATS:
            raise TournamentError(f"the format is round-robin or swiss, not {fmt!r}")
        if length not in LENGTHS:
            raise TournamentError(f"a game goes to 61 or 121 points, not {length!r}")
        self.format = fmt
        self.length = length
        n = len(self.players)
        most = n - 1 if n % 2 == 0 else n
        if rounds is None:
            rounds = most if fmt == "round-robin" else min(most, math.ceil(math.log2(n)) + 1)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= most:
            raise TournamentError(
                f"{n} players can play 1 to {most} rounds without meeting twice, not {rounds!r}"
            )
        self.rounds = rounds
        if seed is None:
            seed = secrets.randbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise TournamentError(
                f"the seed must be a whole number from 0 to 2**63 - 1, not {seed!r}"
            )
        self.seed = seed
        self.code = ""  # the classroom record's code, once stored
        self.played_rounds: list[Round] = []
        self.results: dict[tuple[int, int], Result] = {}

    # -- rounds ---------------------------------------------------------------------

    def round(self, number: int) -> Round:
        if not isinstance(number, int) or not 1 <= number <= len(self.played_rounds):
            have = len(self.played_rounds)
            raise TournamentError(
                f"there is no round {number!r} yet: rounds 1 to {have} are paired"
                if have
                else f"there is no round {number!r} yet: no round is paired"
            )
        return self.played_rounds[number - 1]

    def seat_of(self, round_no: int, name: str) -> tuple[int, int] | None:
        """(table, seat) of a player in a round (seat 0 is seat 1), or None on the bye.

        What a play page needs to start the player's game with :meth:`new_game`.
        """
        r = self.round(round_no)
        for t in r.tables:
            if name in t.seats:
                return t.number, t.seats.index(name)
        if name == r.bye:
            return None
        raise TournamentError(f"{name!r} does not play in this tournament")

    def round_complete(self, number: int) -> bool:
        r = self.round(number)
        return all((number, t.number) in self.results for t in r.tables)

    @property
    def finished(self) -> bool:
        n = len(self.played_rounds)
        return n == self.rounds and self.round_complete(n)

    def next_round(self) -> Round:
        """Pair the next round (a Swiss round waits for every result of the last one)."""
        k = len(self.played_rounds)
        if k >= self.rounds:
            raise TournamentError(f"all {self.rounds} rounds are paired")
        if self.format == "round-robin":
            r = round_robin_rounds(self.players)[k]
        else:
            if k and not self.round_complete(k):
                missing = [
                    t.number
                    for t in self.played_rounds[-1].tables
                    if (k, t.number) not in self.results
                ]
                which = (
                    f"tables {', '.join(map(str, missing))} have"
                    if len(missing) > 1
                    else f"table {missing[0]} has"
                )
                raise TournamentError(
                    f"round {k} is not finished ({which} no result yet): "
                    "Swiss pairs from the standings"
                )
            r = self._swiss(k + 1)
        self.played_rounds.append(r)
        return r

    def _swiss(self, number: int) -> Round:
        st = self.standings()
        ranked = [s.name for s in sorted(st, key=lambda s: (-s.points, -s.spread, -s.wins, s.seed))]
        points = {s.name: s.points for s in st}
        met = {frozenset(t.seats) for r in self.played_rounds for t in r.tables}
        had_bye = {r.bye for r in self.played_rounds if r.bye}
        seat1: dict[str, int] = {}
        for r in self.played_rounds:
            for t in r.tables:
                seat1[t.seats[0]] = seat1.get(t.seats[0], 0) + 1
        return swiss_pairing(ranked, points, met, had_bye, seat1, number)

    def add_round(self, r: Round) -> None:
        """Put back a stored round (the store reloads rounds in order)."""
        if r.number != len(self.played_rounds) + 1:
            raise TournamentError(f"round {r.number} comes out of turn")
        self.played_rounds.append(r)

    # -- deals and games ------------------------------------------------------------

    def deal(self, round_no: int) -> RoundDeal:
        """Round ``round_no``'s duplicate deals (the same at every table)."""
        return round_deal(self.seed, round_no)

    def game_kwargs(self, round_no: int) -> dict[str, Any]:
        """The :class:`~crib.rules.game.Game` options for any table of the round:
        ``Game(players=..., **t.game_kwargs(1))``."""
        d = self.deal(round_no)
        start = 121 - self.length
        return {"seed": d.game_seed, "match": d.match, "scores": (start, start)}

    def new_game(self, round_no: int, table: int, players: Sequence[Any], **kw: Any) -> Game:
        """A :class:`~crib.rules.game.Game` for a table on the round's deals: seat 1 first
        in ``players``; ``kw`` (``manual``, ``muggins``) goes to the game."""
        self.round(round_no).table(table)
        return Game(players=players, **self.game_kwargs(round_no), **kw)

    # -- results --------------------------------------------------------------------

    def record_result(self, round_no: int, table: int, scores: Sequence[int]) -> Result:
        """Record (or correct) a table's final scores, typed from paper, seat 1 first, in
        the game's length."""
        return self._keep(self.check_result(round_no, table, scores))

    def _keep(self, res: Result) -> Result:
        """Record a checked result (a later one of a table replaces it)."""
        self.results[(res.round, res.table)] = res
        return res

    def check_result(
        self,
        round_no: int,
        table: int,
        scores: Sequence[int],
        *,
        source: str = "paper",
        log: str = "",
    ) -> Result:
        """The result these scores make, or :class:`TournamentError` (nothing recorded)."""
        t = self.round(round_no).table(table)
        if isinstance(scores, str) or len(scores) != 2:
            raise TournamentError(f"a result is two scores, seat 1 then seat 2, not {scores!r}")
        s = []
        for x in scores:
            if isinstance(x, bool) or not isinstance(x, int):
                try:
                    x = int(str(x).strip())
                except ValueError:
                    raise TournamentError(f"a score is a whole number, not {x!r}") from None
            s.append(x)
        a, b = s
        L = self.length
        if not (0 <= a <= L and 0 <= b <= L) or (a == L) == (b == L):
            raise TournamentError(
                f"in a game to {L} the winner has {L} and the loser 0 to {L - 1}: "
                f"got {a}-{b} at table {table} of round {round_no}"
            )
        if source not in ("paper", "game"):
            raise TournamentError(f"a result comes from 'paper' or a 'game', not {source!r}")
        return Result(round_no, t.number, t.seats, (a, b), L, source, log)

    def result_from_game(
        self, round_no: int, table: int, game: GameResult | Sequence[Event] | str
    ) -> Result:
        """Check a finished crib game (a GameResult, its events or its JSON log) against
        the round's deals and return its result, without recording it.

        The game must have started on this round's committed deals and at this
        tournament's length, and its log must replay through the engine against the
        round's secret: a result is read from the game, never typed.
        """
        from crib.rules.replay import VERIFIED_SECRET, replay

        self.round(round_no).table(table)
        if isinstance(game, GameResult):
            events: list[Event] = list(game.events)
        elif isinstance(game, str):
            events = log_from_json(game)
        else:
            events = list(game)
        if not events or not isinstance(events[0], GameStarted):
            raise TournamentError("not a game: a game log starts with a 'started' event")
        start = events[0]
        d = self.deal(round_no)
        offset = 121 - self.length
        if tuple(start.scores) != (offset, offset):
            raise TournamentError(
                f"this game started at {start.scores[0]}-{start.scores[1]}: a game to "
                f"{self.length} starts at {offset}-{offset}"
            )
        if start.deals != "match" or start.commit != d.commit or start.seed != d.game_seed:
            raise TournamentError(
                f"this game was not dealt from round {round_no}'s cards: start it with "
                "Tournament.new_game (the round's duplicate deals)"
            )
        over = events[-1]
        if not isinstance(over, GameOver):
            raise TournamentError("this game is not over yet: record it when it ends")
        try:
            rep = replay(events, secret=d.secret)
        except CribError as e:
            raise TournamentError(f"the game log does not verify: {e}") from None
        if rep.verdict != VERIFIED_SECRET or not rep.complete:
            raise TournamentError(f"the game log does not verify: {rep.summary()}")
        scores = (over.scores[0] - offset, over.scores[1] - offset)
        return self.check_result(round_no, table, scores, source="game", log=log_to_json(events))

    def record_game(
        self, round_no: int, table: int, game: GameResult | Sequence[Event] | str
    ) -> Result:
        """Record a table's result straight from its crib game (see :meth:`result_from_game`)."""
        return self._keep(self.result_from_game(round_no, table, game))

    # -- standings ------------------------------------------------------------------

    def standings(self) -> list[Standing]:
        """Every player, best first: points, spread, games won; full ties share a rank."""
        st = {p: Standing(p, i) for i, p in enumerate(self.players)}
        for r in self.played_rounds:
            if r.bye is not None:
                st[r.bye].byes += 1
                st[r.bye].points += BYE_POINTS
            for t in r.tables:
                res = self.results.get((r.number, t.number))
                if res is None:
                    continue
                for seat in (0, 1):
                    me = st[t.seats[seat]]
                    mine, theirs = res.scores[seat], res.scores[1 - seat]
                    me.points += res.points[seat]
                    me.points_for += mine
                    me.points_against += theirs
                    me.spread += mine - theirs
                    me.opponents.append(t.seats[1 - seat])
                    if res.winner == seat:
                        me.wins += 1
                        me.skunks += bool(res.skunk)
                    else:
                        me.losses += 1

        def key(s: Standing) -> tuple[int, int, int]:
            return (-s.points, -s.spread, -s.wins)

        out = sorted(st.values(), key=lambda s: (key(s), s.name.casefold(), s.seed))
        for i, s in enumerate(out):
            s.rank = i + 1 if i == 0 or key(out[i - 1]) != key(s) else out[i - 1].rank
        for s in out:
            s.tied = any(key(o) == key(s) for o in out if o is not s)
        return out

    # -- CSV ------------------------------------------------------------------------

    STANDINGS_COLUMNS = (
        "rank",
        "player",
        "points",
        "spread",
        "wins",
        "losses",
        "skunks",
        "byes",
        "played",
        "points_for",
        "points_against",
    )

    def standings_rows(self) -> list[dict[str, Any]]:
        """The standings as rows (the projector's table and the CSV): rank text ("3=" for
        a shared rank), player, points, spread, wins, losses, skunks, byes, played,
        points for and against."""
        return [
            dict(
                zip(
                    self.STANDINGS_COLUMNS,
                    (
                        s.rank_text,
                        s.name,
                        s.points,
                        s.spread,
                        s.wins,
                        s.losses,
                        s.skunks,
                        s.byes,
                        s.played,
                        s.points_for,
                        s.points_against,
                    ),
                    strict=True,
                )
            )
            for s in self.standings()
        ]

    def standings_csv(self) -> str:
        """The standings as CSV text (one header row, one row per player, best first); text
        cells made safe to open in a spreadsheet (:mod:`crib.csv_safe`)."""
        buf = io.StringIO()
        w = csv_safe.dict_writer(buf, self.STANDINGS_COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(self.standings_rows())
        return buf.getvalue()

    def results_csv(self) -> str:
        """Every table of every paired round, and every bye, as CSV text; text cells made
        safe to open in a spreadsheet (:mod:`crib.csv_safe`)."""
        buf = io.StringIO()
        w = csv_safe.writer(buf, lineterminator="\n")
        w.writerow(
            [
                "round",
                "table",
                "seat1",
                "seat2",
                "length",
                "score1",
                "score2",
                "winner",
                "skunk",
                "points1",
                "points2",
                "source",
            ]
        )
        for r in self.played_rounds:
            for t in r.tables:
                res = self.results.get((r.number, t.number))
                if res is None:
                    w.writerow(
                        [
                            r.number,
                            t.number,
                            *t.seats,
                            self.length,
                            "",
                            "",
                            "",
                            "",
                            "",
                            "",
                            "pending",
                        ]
                    )
                else:
                    w.writerow(
                        [
                            r.number,
                            t.number,
                            *t.seats,
                            self.length,
                            *res.scores,
                            t.seats[res.winner],
                            res.skunk,
                            *res.points,
                            res.source,
                        ]
                    )
            if r.bye is not None:
                w.writerow(
                    [r.number, "bye", r.bye, "", self.length, "", "", "", "", BYE_POINTS, "", "bye"]
                )
        return buf.getvalue()

    def __repr__(self) -> str:
        return (
            f"Tournament({self.name!r}, {len(self.players)} players, {self.format}, "
            f"to {self.length}, round {len(self.played_rounds)}/{self.rounds})"
        )
