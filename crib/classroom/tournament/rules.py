"""The rules of a class tournament: formats, skunks, game points, standings, duplicate deals.

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
Congress defines a skunk by the margin: "Skunk - to win by 31 or more points" and
"Skunk, double - to win by 61 or more points" (ACC rules, Rule 1 definitions,
http://www.cribbage.org/rules/rule1.asp ).  In a game to 121 that is the loser under
91 (a skunk) and under 61 (a double skunk).  The ACC sanctions only 121-point games
(its Internet guidelines list "61 point games" among the variations it does not
recognise), so for a game to 61 we apply the same margin: a loser under 31 is
skunked.  That is also the traditional rule of the 61-point game, the "lurch":
"scoring the whole sixty-one before your adversary has scored thirty-one" (*Enquire
Within Upon Everything*, laws of cribbage, xvii), i.e. the loser short of half the
board.  A double skunk in a game to 61 would be a win by 61, a loser with no points
at all; it is named so, and it is worth a skunk's game points anyway.  See
:func:`skunk_of`.  (We looked for a 61-point skunk line in the ACC's youth material,
Dan Zeisler's *Youth Cribbage Program Teachers Manual*, and did not find its text;
youth and school tournaments do play 61-point games "to make it go faster".)

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

The data types here (tables, rounds, results, standings, a round's deals) are plain
frozen records; :class:`crib.classroom.tournament.Tournament` holds a tournament.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from crib.classroom.names import clean_name
from crib.errors import BadNameError, CribError
from crib.rules.cards import Card
from crib.rules.fairness import HashRng, Match, begin_match, hand_seed, shuffled_deck

__all__ = [
    "FORMATS",
    "LENGTHS",
    "WIN_POINTS",
    "SKUNK_POINTS",
    "DOUBLE_SKUNK_POINTS",
    "BYE_POINTS",
    "LOSS_POINTS",
    "MAX_PLAYERS",
    "TournamentError",
    "Table",
    "Round",
    "Result",
    "Standing",
    "RoundDeal",
    "skunk_of",
    "game_points",
    "round_deal",
    "clean_players",
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
    client_seed: int = 0  # the match's second half: begin_match(tournament seed, client_seed)

    @property
    def commit(self) -> str:
        return self.match.commit

    @property
    def secret(self) -> bytes:
        return self.match.secret

    def hand_seeds(self, hands: int) -> tuple[int, ...]:
        """The seed list: hand ``i``'s shuffle seed, for the first ``hands`` hands."""
        return tuple(hand_seed(self.match.secret, i) for i in range(hands))

    def deck(self, hand: int) -> tuple[Card, ...]:
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
    return RoundDeal(round_no, game_seed, begin_match(seed, client), client)


def clean_players(players: Iterable[str]) -> tuple[str, ...]:
    """The entry list, each name cleaned as a student name; no name twice (any case)."""
    out: list[str] = []
    seen: set[str] = set()
    for p in players:
        try:
            n = clean_name(p, "player name")
        except BadNameError as e:
            raise TournamentError(str(e)) from None
        if n.casefold() in seen:
            raise TournamentError(f"{n!r} is entered twice: each player once")
        seen.add(n.casefold())
        out.append(n)
    if not 2 <= len(out) <= MAX_PLAYERS:
        raise TournamentError(f"a tournament needs 2 to {MAX_PLAYERS} players, got {len(out)}")
    return tuple(out)
