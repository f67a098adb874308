"""A class tournament: round-robin or Swiss pairings, duplicate deals, standings, CSV.

The model is plain Python with no widgets and no database; :mod:`crib.teach.tournament_store`
keeps it in the classroom record and :mod:`crib.teach.tournament_print` prints its
pairing sheets and scorecards.

**Formats.**  *Round-robin* by the circle method: one player stays put and the others
turn around them, so in ``n - 1`` rounds (``n`` rounds for an odd class, with a "bye"
seat in the circle) everyone meets everyone exactly once and, for an odd class, each
player sits out exactly one round.  *Swiss*: players are ranked by the standings;
each score group is paired top half against bottom half, a player with no partner
left in their group floats down to the next one, and no two players meet twice
while another pairing avoids it (a search over the pairings, allowing a rematch only
when none exists without one).  With an odd number the bye goes to the lowest-ranked
player who has not had one.  No player gets more than one bye.

**Game length and skunks.**  Games go to 121 or to 61.  The American Cribbage
Congress defines a skunk by the margin: "Skunk - to win by 31 or more points",
"Skunk, double - to win by 61 or more points" (ACC Rules, Rule 1.6 Definitions,
https://www.cribbage.org/rules/ ).  In a game to 121 that is the loser under 91 (a
skunk) and under 61 (a double skunk).  In a game to 61 the same margin makes a skunk
of a loser under 31: this is the old "lurch", "scoring the whole sixty-one before
your adversary has scored thirty-one" (Hoyle's rules as printed in *Enquire Within
Upon Everything*, rule xvii of cribbage), which is also half the game, as in the
youth programmes that play 61-point games to go faster.  A double skunk in a game to
61 would need a win by 61, a loser with no points at all; it is counted as such, and
it is worth a skunk's game points anyway.  See :func:`skunk_of`.

**Game points** (ACC Point Scoring System, https://www.cribbage.org/newsite/about/scoring.asp:
"Two game points are awarded for a regular win, three game points for a skunk and no
game points for a loss"): a win 2, a skunk 3, a loss 0.  A double skunk is worth 3:
the ACC table has no separate line for it, so it is a skunk (our reading, stated
here).  A bye is worth 2, "the equivalent of a winning score - usually 2 points"
(Cribbage Corner, "Byes in tournaments", http://cribbagecorner.com/node/548), with no
spread, and it does not count as a game won.

**Standings**: game points, then spread (the points a player scored minus the points
scored against them, over their games; a bye adds nothing), then games won (the
ACC's own first tie-break), then the players stay tied: they share a rank and are
listed by name.

**Duplicate deals.**  Each round has one seed list derived from the tournament seed
with crib's :class:`~crib.rules.fairness.HashRng`: the round's game seed and a
committed match (:func:`~crib.rules.fairness.begin_match`), whose secret gives every
hand's seed.  Every table of the round plays the same game seed and the same match,
so seat 1 at every table holds the same cards hand by hand, and the first dealer is
the same.  The commitment can go on the pairing sheet before play.  crib's engine
plays to 121; a game to 61 is played as the last 61 holes of the board: both scores
start at 60 (:meth:`Tournament.game_kwargs`), and a result read from such a game is
counted from 60.

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

import csv
import io
import math
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from crib.errors import CribError
from crib.rules.events import Event, GameOver, GameStarted, log_from_json, log_to_json
from crib.rules.fairness import HashRng, Match, begin_match, hand_seed, shuffled_deck
from crib.rules.game import GameResult

__all__ = [
    "FORMATS",
    "LENGTHS",
    "WIN_POINTS",
    "SKUNK_POINTS",
    "DOUBLE_SKUNK_POINTS",
    "BYE_POINTS",
    "TournamentError",
    "Table",
    "Round",
    "Result",
    "Standing",
    "RoundDeal",
    "Tournament",
    "skunk_of",
    "game_points",
    "round_robin_rounds",
    "swiss_pairing",
    "round_deal",
]

FORMATS = ("round-robin", "swiss")
LENGTHS = (61, 121)
WIN_POINTS = 2
SKUNK_POINTS = 3
DOUBLE_SKUNK_POINTS = 3  # a double skunk is a skunk (the ACC table has no other line)
BYE_POINTS = 2
LOSS_POINTS = 0
SKUNK_MARGIN = 31  # ACC: "to win by 31 or more points"
DOUBLE_SKUNK_MARGIN = 61  # ACC: "to win by 61 or more points"
MAX_PLAYERS = 100


class TournamentError(CribError):
    """Bad input to a tournament: a name, a format, a score, a round out of turn."""


def skunk_of(length: int, loser: int) -> str:
    """'double skunk', 'skunk' or '' for a game to ``length`` whose loser ended on ``loser``.

    >>> skunk_of(121, 90), skunk_of(121, 91), skunk_of(121, 60)
    ('skunk', '', 'double skunk')
    >>> skunk_of(61, 30), skunk_of(61, 31), skunk_of(61, 0)
    ('skunk', '', 'double skunk')
    """
    margin = length - loser
    if margin >= DOUBLE_SKUNK_MARGIN:
        return "double skunk"
    if margin >= SKUNK_MARGIN:
        return "skunk"
    return ""


def game_points(skunk: str) -> int:
    """The winner's game points for a win with this skunk ('' for a plain win)."""
    return {"": WIN_POINTS, "skunk": SKUNK_POINTS, "double skunk": DOUBLE_SKUNK_POINTS}[skunk]


# --- data ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """One game of a round: ``seats[0]`` is seat 1 (player 0 of the engine)."""

    number: int  # 1, 2, ... as printed
    seats: tuple[str, str]


@dataclass(frozen=True)
class Round:
    number: int  # 1, 2, ...
    tables: tuple[Table, ...]
    bye: str | None = None

    def table(self, number: int) -> Table:
        for t in self.tables:
            if t.number == number:
                return t
        raise TournamentError(
            f"round {self.number} has no table {number!r}: it has tables 1 to {len(self.tables)}"
        )


@dataclass(frozen=True)
class Result:
    round: int
    table: int
    seats: tuple[str, str]
    scores: tuple[int, int]  # in the game's own length (61 or 121)
    length: int
    source: str = "paper"  # "paper" (typed) or "game" (read from a crib game)
    log: str = ""  # the game's JSON event log, for a result from a game

    @property
    def winner(self) -> int:
        return 0 if self.scores[0] > self.scores[1] else 1

    @property
    def skunk(self) -> str:
        return skunk_of(self.length, self.scores[1 - self.winner])

    @property
    def points(self) -> tuple[int, int]:
        """Game points (seat 1, seat 2)."""
        p = game_points(self.skunk)
        return (p, LOSS_POINTS) if self.winner == 0 else (LOSS_POINTS, p)


@dataclass
class Standing:
    name: str
    seed: int  # place in the entry list (0 first)
    rank: int = 0
    tied: bool = False  # shares its rank with another player
    points: int = 0
    spread: int = 0
    wins: int = 0
    losses: int = 0
    skunks: int = 0  # games won with a skunk (double skunks included)
    byes: int = 0
    points_for: int = 0
    points_against: int = 0
    opponents: list[str] = field(default_factory=list)

    @property
    def played(self) -> int:
        return self.wins + self.losses

    @property
    def rank_text(self) -> str:
        return f"{self.rank}=" if self.tied else str(self.rank)


@dataclass(frozen=True)
class RoundDeal:
    """A round's duplicate deals: one game seed and one committed match for every table."""

    round: int
    game_seed: int
    match: Match

    @property
    def commit(self) -> str:
        return self.match.commit

    @property
    def secret(self) -> bytes:
        return self.match.secret

    def hand_seeds(self, hands: int) -> tuple[int, ...]:
        """The seed list: hand ``i``'s shuffle seed, for the first ``hands`` hands."""
        return tuple(hand_seed(self.match.secret, i) for i in range(hands))

    def deck(self, hand: int) -> tuple:
        """Hand ``hand``'s shuffled deck (0-based), as every table of the round gets it."""
        return shuffled_deck(hand_seed(self.match.secret, hand))

    @property
    def first_dealer(self) -> int:
        """The engine's first dealer for this game seed (0: seat 1)."""
        return HashRng(self.game_seed, "first-dealer").randrange(2)


def round_deal(seed: int, round_no: int) -> RoundDeal:
    """Round ``round_no``'s deals from the tournament ``seed`` (see the module docstring)."""
    rng = HashRng(seed, f"tournament|round|{round_no}")
    game_seed = int(rng.random() * 2**53)
    client = int(rng.random() * 2**53)
    return RoundDeal(round_no, game_seed, begin_match(seed, client))


# --- pairings -----------------------------------------------------------------------


def round_robin_rounds(players: Sequence[str]) -> list[Round]:
    """Every round of a round-robin by the circle method (Berger tables).

    With an odd number a ``None`` joins the circle; whoever meets it has the bye.
    Seats alternate: the fixed player changes seat every round, and the others
    take seat 1 on alternate tables, so seat 1 (and the deals it gets) is shared out.

    >>> [(r.number, [t.seats for t in r.tables], r.bye) for r in round_robin_rounds("ABCD")]
    [(1, [('A', 'D'), ('C', 'B')], None), (2, [('C', 'A'), ('B', 'D')], None), (3, [('A', 'B'), ('D', 'C')], None)]
    """
    ring: list[str | None] = list(players)
    if len(ring) % 2:
        ring.append(None)
    m = len(ring)
    out = []
    for r in range(m - 1):
        order = [ring[0]] + [ring[1 + (k - r) % (m - 1)] for k in range(m - 1)]
        tables: list[Table] = []
        bye = None
        for i in range(m // 2):
            a, b = order[i], order[m - 1 - i]
            if a is None or b is None:
                bye = a if b is None else b
                continue
            swap = (r % 2 == 1) if i == 0 else (i % 2 == 1)
            seats = (b, a) if swap else (a, b)
            tables.append(Table(len(tables) + 1, seats))
        out.append(Round(r + 1, tuple(tables), bye))
    return out


def swiss_pairing(
    ranked: Sequence[str],
    points: dict[str, int],
    met: set[frozenset[str]],
    had_bye: set[str],
    seat1_count: dict[str, int] | None = None,
    round_no: int = 1,
    *,
    max_nodes: int = 200_000,
) -> Round:
    """One Swiss round: score groups paired top half v bottom half, no rematch where avoidable.

    ``ranked`` is the current order, best first.  With an odd number the bye goes to the
    lowest-ranked player without one (the next one up when the rest cannot then be
    paired without a rematch).  The search first allows no rematch, then one, and so on.
    """
    players = list(ranked)
    pos = {p: i for i, p in enumerate(players)}
    seat1_count = seat1_count or {}
    if len(players) % 2:
        candidates = [p for p in reversed(players) if p not in had_bye]
        if not candidates:
            raise TournamentError("every player has had a bye: no round left to pair")
    else:
        candidates = [None]  # type: ignore[list-item]
    for budget in range(len(players) // 2 + 1):
        for bye in candidates:
            rest = [p for p in players if p != bye]
            pairs = _pair(rest, points, met, pos, budget, [max_nodes])
            if pairs is not None:
                tables = []
                for a, b in pairs:  # a ranks above b
                    if seat1_count.get(b, 0) < seat1_count.get(a, 0):
                        a, b = b, a
                    tables.append(Table(len(tables) + 1, (a, b)))
                return Round(round_no, tuple(tables), bye)
    raise TournamentError("no Swiss pairing found")  # pragma: no cover - budget covers all


def _pair(
    rest: list[str],
    points: dict[str, int],
    met: set[frozenset[str]],
    pos: dict[str, int],
    budget: int,
    nodes: list[int],
) -> list[tuple[str, str]] | None:
    if not rest:
        return []
    nodes[0] -= 1
    if nodes[0] < 0:
        return None
    p, others = rest[0], rest[1:]
    group = [q for q in rest if points[q] == points[p]]
    ideal = group[len(group) // 2] if len(group) > 1 else None
    ipos = pos[ideal] if ideal is not None else pos[p]

    def pref(q: str) -> tuple[int, int, int]:
        return (abs(points[p] - points[q]), abs(pos[q] - ipos), pos[q])

    for q in sorted(others, key=pref):
        rematch = frozenset((p, q)) in met
        if rematch and budget == 0:
            continue
        sub = _pair(
            [x for x in others if x != q], points, met, pos, budget - rematch, nodes
        )
        if sub is not None:
            return [(p, q), *sub]
        if nodes[0] < 0:
            return None
    return None


# --- the tournament -----------------------------------------------------------------


def _clean_players(players: Iterable[str]) -> tuple[str, ...]:
    from crib.teach.store import StoreError, clean_name

    out: list[str] = []
    seen: set[str] = set()
    for p in players:
        try:
            n = clean_name(p, "player name")
        except StoreError as e:
            raise TournamentError(str(e)) from None
        if n.casefold() in seen:
            raise TournamentError(f"{n!r} is entered twice: each player once")
        seen.add(n.casefold())
        out.append(n)
    if not 2 <= len(out) <= MAX_PLAYERS:
        raise TournamentError(
            f"a tournament needs 2 to {MAX_PLAYERS} players, got {len(out)}"
        )
    return tuple(out)


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
        from crib.teach.store import StoreError, clean_name

        try:
            self.name = clean_name(name, "tournament name")
        except StoreError as e:
            raise TournamentError(str(e)) from None
        self.players = _clean_players(players)
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
            raise TournamentError(f"the seed must be a whole number from 0 to 2**63 - 1, not {seed!r}")
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
                missing = [t.number for t in self.played_rounds[-1].tables if (k, t.number) not in self.results]
                which = f"tables {', '.join(map(str, missing))} have" if len(missing) > 1 else f"table {missing[0]} has"
                raise TournamentError(
                    f"round {k} is not finished ({which} no result yet): Swiss pairs from the standings"
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

    def new_game(self, round_no: int, table: int, players: Sequence[Any], **kw: Any) -> Any:
        """A :class:`~crib.rules.game.Game` for a table: seat 1 first in ``players``."""
        from crib.rules.game import Game

        self.round(round_no).table(table)
        return Game(players=players, **self.game_kwargs(round_no), **kw)

    # -- results --------------------------------------------------------------------

    def record_result(
        self, round_no: int, table: int, scores: Sequence[int], *, source: str = "paper", log: str = ""
    ) -> Result:
        """Record (or correct) a table's final scores, seat 1 first, in the game's length."""
        t = self.round(round_no).table(table)
        res = self.check_result(round_no, table, scores, source=source, log=log)
        self.results[(round_no, t.number)] = res
        return res

    def check_result(
        self, round_no: int, table: int, scores: Sequence[int], *, source: str = "paper", log: str = ""
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

    def result_from_game(self, round_no: int, table: int, game: GameResult | Sequence[Event] | str) -> Result:
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

    def record_game(self, round_no: int, table: int, game: GameResult | Sequence[Event] | str) -> Result:
        """Record a table's result straight from its crib game (see :meth:`result_from_game`)."""
        res = self.result_from_game(round_no, table, game)
        self.results[(round_no, table)] = res
        return res

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

    def standings_csv(self) -> str:
        """The standings as CSV text (one header row, one row per player, best first)."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(
            ["rank", "player", "points", "spread", "wins", "losses", "skunks", "byes",
             "played", "points_for", "points_against"]
        )
        for s in self.standings():
            w.writerow(
                [s.rank_text, s.name, s.points, s.spread, s.wins, s.losses, s.skunks, s.byes,
                 s.played, s.points_for, s.points_against]
            )
        return buf.getvalue()

    def results_csv(self) -> str:
        """Every table of every paired round, and every bye, as CSV text."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(
            ["round", "table", "seat1", "seat2", "length", "score1", "score2", "winner",
             "skunk", "points1", "points2", "source"]
        )
        for r in self.played_rounds:
            for t in r.tables:
                res = self.results.get((r.number, t.number))
                if res is None:
                    w.writerow([r.number, t.number, *t.seats, self.length, "", "", "", "", "", "", "pending"])
                else:
                    w.writerow(
                        [r.number, t.number, *t.seats, self.length, *res.scores,
                         t.seats[res.winner], res.skunk, *res.points, res.source]
                    )
            if r.bye is not None:
                w.writerow([r.number, "bye", r.bye, "", self.length, "", "", "", "", BYE_POINTS, "", "bye"])
        return buf.getvalue()

    def __repr__(self) -> str:
        return (
            f"Tournament({self.name!r}, {len(self.players)} players, {self.format}, "
            f"to {self.length}, round {len(self.played_rounds)}/{self.rounds})"
        )
