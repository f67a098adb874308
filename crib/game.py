"""A full game to 121: deal, discard, cut, play, show, with an event log.

All randomness comes from the seed: each hand's deck is a hash-driven
shuffle of a seed derived from the game's secret (see :mod:`crib.fairness`),
and each computer player draws from its own :class:`~crib.fairness.HashRng`.
The same seed and players always give the same game.

>>> g = Game(seed=7, players=("expert", "easy"))
>>> result = g.run()
>>> result.winner in (0, 1), max(result.scores)
(True, 121)
>>> Game(seed=7, players=("expert", "easy")).run().scores == result.scores
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from crib.ai.observation import Observation, for_discard, for_play
from crib.ai.players import HumanPlayer, Player, make_player
from crib.cards import Card, cards_str, parse_card, parse_cards
from crib.errors import CribError, IllegalPlayError
from crib.fairness import HashRng, Match, hand_seed, shuffled_deck
from crib.pegging import PegState
from crib.scoring import his_heels, score_hand

__all__ = [
    "WIN",
    "Event",
    "GameStarted",
    "Dealt",
    "Discarded",
    "Cut",
    "Heels",
    "Played",
    "Go",
    "Shown",
    "GameOver",
    "Game",
    "GameResult",
    "Decision",
    "replay",
    "log_to_json",
    "log_from_json",
    "skunk_of",
    "describe_event",
]

WIN = 121


# --- events -----------------------------------------------------------------
# Every field is a JSON value (cards as canonical strings) so a log round-trips.


@dataclass(frozen=True)
class Event:
    type: str = field(init=False, default="event")


@dataclass(frozen=True)
class GameStarted(Event):
    seed: int
    players: tuple[str, str]
    first_dealer: int
    commit: str  # SHA-256 (hex) of the secret every deck derives from, or "stacked"
    scores: tuple[int, int] = (0, 0)  # starting scores
    type: str = field(init=False, default="started")


@dataclass(frozen=True)
class Dealt(Event):
    hand: int
    dealer: int
    hands: tuple[str, str]
    type: str = field(init=False, default="dealt")


@dataclass(frozen=True)
class Discarded(Event):
    player: int
    cards: str
    type: str = field(init=False, default="discarded")


@dataclass(frozen=True)
class Cut(Event):
    starter: str
    type: str = field(init=False, default="cut")


@dataclass(frozen=True)
class Heels(Event):
    player: int
    points: int
    scores: tuple[int, int]
    type: str = field(init=False, default="heels")


@dataclass(frozen=True)
class Played(Event):
    player: int
    card: str
    count: int
    points: int  # points recorded (never past 121)
    detail: str
    scores: tuple[int, int]
    type: str = field(init=False, default="played")


@dataclass(frozen=True)
class Go(Event):
    player: int  # who said go (or could not continue)
    scorer: int | None  # who pegged the go point, if the sub-round ended
    points: int
    scores: tuple[int, int]
    type: str = field(init=False, default="go")


@dataclass(frozen=True)
class Shown(Event):
    player: int
    what: str  # "hand" or "crib"
    cards: str
    starter: str
    points: int  # points recorded (never past 121)
    total: int  # the count of the hand
    detail: str
    scores: tuple[int, int]
    type: str = field(init=False, default="shown")


@dataclass(frozen=True)
class GameOver(Event):
    winner: int
    scores: tuple[int, int]
    skunk: str  # "", "skunk" (loser < 91) or "double skunk" (loser < 61)
    type: str = field(init=False, default="over")


_EVENT_TYPES: dict[str, type[Event]] = {
    cls.__dataclass_fields__["type"].default: cls  # type: ignore[misc]
    for cls in (GameStarted, Dealt, Discarded, Cut, Heels, Played, Go, Shown, GameOver)
}


def skunk_of(loser_score: int) -> str:
    """'double skunk' below 61, 'skunk' below 91, else ''.

    >>> skunk_of(60), skunk_of(90), skunk_of(91)
    ('double skunk', 'skunk', '')
    """
    if loser_score < 61:
        return "double skunk"
    if loser_score < 91:
        return "skunk"
    return ""


def log_to_json(events: Sequence[Event]) -> str:
    return json.dumps([asdict(e) for e in events], indent=None)


def log_from_json(text: str) -> list[Event]:
    out: list[Event] = []
    for d in json.loads(text):
        d = dict(d)
        cls = _EVENT_TYPES.get(d.pop("type", ""))
        if cls is None:
            raise CribError("not a crib game log: unknown event type")
        for k, v in d.items():
            if isinstance(v, list):
                d[k] = tuple(v)
        out.append(cls(**d))
    return out


# --- the game ----------------------------------------------------------------


@dataclass(frozen=True)
class Decision:
    """What the game waits for: a discard or a play from ``player``."""

    kind: str  # "discard" or "play"
    player: int
    observation: Observation


@dataclass(frozen=True)
class GameResult:
    winner: int
    scores: tuple[int, int]
    skunk: str
    hands_played: int
    events: tuple[Event, ...]


def _secret_from_seed(seed: int) -> bytes:
    return hashlib.sha256(b"crib-game|" + (seed & ((1 << 64) - 1)).to_bytes(8, "big")).digest()


class Game:
    """A game between two players; ``run()`` plays it out, or step it with ``advance()``.

    ``players`` are :class:`~crib.ai.players.Player` objects or names
    (``"expert"``, ``"easy"``, ``"random"``, ``"human"``...).  A human seat
    makes :meth:`advance` stop with a :class:`Decision` that the interface
    answers through :meth:`submit`.
    """

    def __init__(
        self,
        seed: int,
        players: Sequence[Player | str] = ("expert", "expert"),
        *,
        first_dealer: int | None = None,
        match: Match | None = None,
        stacked: Sequence[Sequence[Card]] | None = None,
        scores: tuple[int, int] = (0, 0),
    ) -> None:
        """``stacked`` (tests and lessons): the decks to deal, hand by hand, instead
        of the seed's shuffles; the log's commit then reads ``"stacked"``.
        ``scores`` starts the game from a given position (a lesson, an endgame)."""
        self.seed = seed
        self._stacked = [tuple(d) for d in stacked] if stacked is not None else None
        self.players = tuple(make_player(p) for p in players)
        if len(self.players) != 2:
            raise CribError(f"a game needs 2 players, got {len(self.players)}")
        if stacked is not None:
            self.secret, self.commit = b"", "stacked"
        elif match is not None:
            self.secret, self.commit = match.secret, match.commit
        else:
            self.secret = _secret_from_seed(seed)
            self.commit = hashlib.sha256(self.secret).hexdigest()
        if first_dealer is None:
            first_dealer = HashRng(seed, "first-dealer").randrange(2)
        self.first_dealer = first_dealer
        self.rngs = (HashRng(seed, "ai:0"), HashRng(seed, "ai:1"))
        if not all(0 <= x < WIN for x in scores):
            raise CribError(f"starting scores must be 0..120, got {scores}")
        self.scores = [scores[0], scores[1]]
        self.events: list[Event] = []
        self.hand_index = -1
        self.dealer = 1 - first_dealer  # flipped by the first deal
        self.winner: int | None = None
        self.decks: list[tuple[Card, ...]] = []
        self._stage = "deal"
        self._six: list[tuple[Card, ...]] = [(), ()]
        self._kept: list[tuple[Card, ...] | None] = [None, None]
        self._thrown: list[tuple[Card, ...]] = [(), ()]
        self._starter: Card | None = None
        self._peg: PegState | None = None
        names = (self.players[0].name, self.players[1].name)
        self._emit(GameStarted(seed, names, first_dealer, self.commit, (scores[0], scores[1])))

    # -- public API ------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def starter(self) -> Card | None:
        return self._starter

    @property
    def peg_state(self) -> PegState | None:
        return self._peg

    def run(self) -> GameResult:
        """Play to the end (no human seats)."""
        d = self.advance()
        if d is not None:
            raise CribError(f"player {d.player} is human: use advance() and submit()")
        return self.result()

    def result(self) -> GameResult:
        if self.winner is None:
            raise CribError("the game is not over yet")
        return GameResult(
            self.winner,
            (self.scores[0], self.scores[1]),
            skunk_of(self.scores[1 - self.winner]),
            self.hand_index + 1,
            tuple(self.events),
        )

    def pending(self) -> Decision | None:
        """The decision the game waits for, if any (without advancing)."""
        if self.over:
            return None
        if self._stage == "discard":
            for p in (1 - self.dealer, self.dealer):
                if self._kept[p] is None:
                    return Decision("discard", p, self._discard_obs(p))
        if self._stage == "play" and self._peg is not None:
            p = self._peg.turn
            return Decision("play", p, self._play_obs(p))
        return None

    def advance(self) -> Decision | None:
        """Run until a human decision is needed (returned) or the game ends (None)."""
        while not self.over:
            d = self.pending()
            if d is None:
                self._step_automatic()
                continue
            player = self.players[d.player]
            if isinstance(player, HumanPlayer):
                return d
            if d.kind == "discard":
                self._apply_discard(d.player, player.discard(d.observation, self.rngs[d.player]))
            else:
                self._apply_play(d.player, player.play(d.observation, self.rngs[d.player]))
        return None

    def submit(self, player: int, action: Any) -> None:
        """Answer a pending decision: two cards for a discard, a card or None (go) for a play."""
        d = self.pending()
        if d is None:
            raise IllegalPlayError("no decision is pending")
        if d.player != player:
            raise IllegalPlayError(f"it is player {d.player}'s decision, not player {player}'s")
        if d.kind == "discard":
            cards = parse_cards(action)
            self._apply_discard(player, cards)
        else:
            card = None if action is None else parse_card(action)
            self._apply_play(player, card)

    # -- internals -------------------------------------------------------------

    def _emit(self, e: Event) -> None:
        self.events.append(e)

    def _add(self, player: int, points: int) -> int:
        """Add points, never past 121; returns the points recorded."""
        got = min(points, WIN - self.scores[player])
        self.scores[player] += got
        if self.scores[player] >= WIN and self.winner is None:
            self.winner = player
        return got

    def _finish_if_won(self) -> bool:
        if self.winner is None:
            return False
        s = (self.scores[0], self.scores[1])
        self._emit(GameOver(self.winner, s, skunk_of(s[1 - self.winner])))
        self._stage = "over"
        return True

    def _step_automatic(self) -> None:
        if self._stage == "deal":
            self._deal()
        elif self._stage == "cut":
            self._cut()
        elif self._stage == "show":
            self._show()

    def _deal(self) -> None:
        self.hand_index += 1
        self.dealer = 1 - self.dealer
        if self._stacked is not None:
            if self.hand_index >= len(self._stacked):
                raise CribError(f"the stacked decks ran out at hand {self.hand_index}")
            deck = self._stacked[self.hand_index]
            if len(deck) < 13 or len(set(deck)) != len(deck):
                raise CribError("a stacked deck needs at least 13 distinct cards")
        else:
            deck = shuffled_deck(hand_seed(self.secret, self.hand_index))
        self.decks.append(deck)
        pone = 1 - self.dealer
        six: list[tuple[Card, ...]] = [(), ()]
        six[pone] = deck[0:12:2]
        six[self.dealer] = deck[1:12:2]
        self._six = six
        self._kept = [None, None]
        self._thrown = [(), ()]
        self._starter = None
        self._peg = None
        self._emit(Dealt(self.hand_index, self.dealer, (cards_str(six[0]), cards_str(six[1]))))
        self._stage = "discard"

    def _discard_obs(self, p: int) -> Observation:
        return for_discard(
            self._six[p],
            dealer=p == self.dealer,
            my_score=self.scores[p],
            opp_score=self.scores[1 - p],
        )

    def _apply_discard(self, p: int, throw: Sequence[Card]) -> None:
        throw = tuple(throw)
        if len(throw) != 2 or len(set(throw)) != 2 or any(c not in self._six[p] for c in throw):
            raise IllegalPlayError(
                f"player {p} must throw 2 of their own cards ({cards_str(self._six[p])}), "
                f"not {cards_str(throw)}"
            )
        self._thrown[p] = throw
        self._kept[p] = tuple(c for c in self._six[p] if c not in throw)
        self._emit(Discarded(p, cards_str(throw)))
        if all(k is not None for k in self._kept):
            self._stage = "cut"

    def _cut(self) -> None:
        deck = self.decks[-1]
        self._starter = deck[12]
        self._emit(Cut(str(self._starter)))
        heels = his_heels(self._starter)
        if heels:
            got = self._add(self.dealer, heels)
            self._emit(Heels(self.dealer, got, (self.scores[0], self.scores[1])))
            if self._finish_if_won():
                return
        kept = (self._kept[0] or (), self._kept[1] or ())
        self._peg = PegState.start(kept, pone=1 - self.dealer)
        self._stage = "play"

    def _play_obs(self, p: int) -> Observation:
        assert self._peg is not None and self._starter is not None
        return for_play(
            self._peg,
            p,
            starter=self._starter,
            dealer=p == self.dealer,
            my_score=self.scores[p],
            opp_score=self.scores[1 - p],
            my_discards=self._thrown[p],
        )

    def _apply_play(self, p: int, card: Card | None) -> None:
        assert self._peg is not None
        if self._peg.turn != p:
            raise IllegalPlayError(f"it is player {self._peg.turn}'s turn, not player {p}'s")
        self._peg, rec = self._peg.play(card)
        got = self._add(rec.pegger, rec.points) if rec.points else 0
        s = (self.scores[0], self.scores[1])
        if rec.card is None:
            self._emit(Go(p, rec.scorer, got, s))
        else:
            self._emit(
                Played(p, str(rec.card), rec.count, got, rec.describe() if rec.points else "", s)
            )
        if self._finish_if_won():
            return
        if self._peg.done:
            self._stage = "show"

    def _show(self) -> None:
        assert self._starter is not None
        pone, dealer = 1 - self.dealer, self.dealer
        crib = self._thrown[0] + self._thrown[1]
        for who, what, cards in (
            (pone, "hand", self._kept[pone]),
            (dealer, "hand", self._kept[dealer]),
            (dealer, "crib", crib),
        ):
            assert cards is not None
            s = score_hand(cards, self._starter, is_crib=what == "crib")
            got = self._add(who, s.total)
            detail = "; ".join(f"{c.kind} {cards_str(c.cards)} {c.points}" for c in s.components)
            self._emit(
                Shown(
                    who,
                    what,
                    cards_str(cards),
                    str(self._starter),
                    got,
                    s.total,
                    detail,
                    (self.scores[0], self.scores[1]),
                )
            )
            if self._finish_if_won():
                return
        self._stage = "deal"


# --- replay -------------------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """The state after one event, rebuilt by :func:`replay`."""

    event: Event
    scores: tuple[int, int]
    hand: int
    dealer: int
    starter: str | None
    peg: PegState | None


def replay(events: Sequence[Event] | str) -> list[Snapshot]:
    """Rebuild every intermediate state from a log, checking each event against the rules.

    The decks are re-derived from the seed's secret, every play is re-applied
    to a :class:`~crib.pegging.PegState`, and every show is re-scored.  Any
    disagreement raises :class:`~crib.errors.CribError` naming the event.
    """
    evs = log_from_json(events) if isinstance(events, str) else list(events)
    if not evs or not isinstance(evs[0], GameStarted):
        raise CribError("a game log must start with a 'started' event")
    start = evs[0]
    secret = _secret_from_seed(start.seed)
    if hashlib.sha256(secret).hexdigest() != start.commit:
        # a stacked game, or a committed match whose decks verify_match checks
        secret = b""
    scores = [start.scores[0], start.scores[1]]
    snaps: list[Snapshot] = []
    hand = -1
    dealer = 1 - start.first_dealer
    starter: Card | None = None
    six: list[tuple[Card, ...]] = [(), ()]
    kept: list[tuple[Card, ...]] = [(), ()]
    thrown: list[tuple[Card, ...]] = [(), ()]
    peg: PegState | None = None

    def bad(i: int, why: str) -> CribError:
        return CribError(f"log event {i} ({evs[i].type}): {why}")

    def add(p: int, pts: int) -> None:
        scores[p] = min(WIN, scores[p] + pts)

    for i, e in enumerate(evs):
        if isinstance(e, Dealt):
            hand += 1
            dealer = 1 - dealer
            if e.hand != hand or e.dealer != dealer:
                raise bad(i, "hand number or dealer out of order")
            six = [parse_cards(e.hands[0]), parse_cards(e.hands[1])]
            if secret:
                deck = shuffled_deck(hand_seed(secret, hand))
                pone = 1 - dealer
                if six[pone] != deck[0:12:2] or six[dealer] != deck[1:12:2]:
                    raise bad(i, "the dealt cards differ from the seed's shuffle")
            kept, thrown, peg, starter = [(), ()], [(), ()], None, None
        elif isinstance(e, Discarded):
            t = parse_cards(e.cards)
            if len(t) != 2 or any(c not in six[e.player] for c in t):
                raise bad(i, "discard not from the player's six")
            thrown[e.player] = t
            kept[e.player] = tuple(c for c in six[e.player] if c not in t)
        elif isinstance(e, Cut):
            starter = parse_card(e.starter)
            if secret and starter != shuffled_deck(hand_seed(secret, hand))[12]:
                raise bad(i, "the starter differs from the seed's shuffle")
            peg = PegState.start((kept[0], kept[1]), pone=1 - dealer)
        elif isinstance(e, Heels):
            if starter is None or his_heels(starter) == 0 or e.player != dealer:
                raise bad(i, "heels without a jack starter")
            add(e.player, e.points)
        elif isinstance(e, Played | Go):
            if peg is None:
                raise bad(i, "a play before the cut")
            if peg.turn != e.player:
                raise bad(i, f"player {e.player} moved out of turn")
            card = parse_card(e.card) if isinstance(e, Played) else None
            peg, rec = peg.play(card)
            want = min(rec.points, WIN - scores[rec.pegger])
            if want != e.points:
                raise bad(i, f"recorded {e.points} points, the rules give {want}")
            add(rec.pegger, rec.points)
        elif isinstance(e, Shown):
            cards = parse_cards(e.cards)
            if starter is None:
                raise bad(i, "a show before the cut")
            want_cards = kept[e.player] if e.what == "hand" else thrown[0] + thrown[1]
            if set(cards) != set(want_cards):
                raise bad(i, "shown cards differ from the kept cards or crib")
            total = score_hand(cards, starter, is_crib=e.what == "crib").total
            if total != e.total:
                raise bad(i, f"recorded a count of {e.total}, the rules give {total}")
            if e.points != min(total, WIN - scores[e.player]):
                raise bad(i, f"recorded {e.points} points for a count of {total}")
            add(e.player, total)
        elif isinstance(e, GameOver) and (max(scores) < WIN or scores[e.winner] < WIN):
            raise bad(i, "game over before anyone reached 121")
        if (
            not isinstance(e, GameStarted)
            and hasattr(e, "scores")
            and tuple(e.scores) != (scores[0], scores[1])
        ):
            raise bad(i, f"recorded scores {tuple(e.scores)}, replay gives {tuple(scores)}")
        snaps.append(
            Snapshot(
                e, (scores[0], scores[1]), hand, dealer, str(starter) if starter else None, peg
            )
        )
    return snaps


def describe_event(e: Event, names: Sequence[str] = ("P1", "P2")) -> str:
    """One readable line for an event."""
    from crib.cards import cards_pretty

    def n(p: int | None) -> str:
        return names[p] if p is not None else "?"

    def pretty(text: str) -> str:
        return cards_pretty(parse_cards(text)) if text else ""

    if isinstance(e, GameStarted):
        return (
            f"Game seed {e.seed}: {n(0)} ({e.players[0]}) v {n(1)} ({e.players[1]}); "
            f"{n(e.first_dealer)} deals first. Deck commitment {e.commit[:16]}..."
        )
    if isinstance(e, Dealt):
        return (
            f"\n— Hand {e.hand + 1}, {n(e.dealer)} deals. {n(0)}: {pretty(e.hands[0])}   "
            f"{n(1)}: {pretty(e.hands[1])}"
        )
    if isinstance(e, Discarded):
        return f"{n(e.player)} throws {pretty(e.cards)}"
    if isinstance(e, Cut):
        return f"Starter: {pretty(e.starter)}"
    if isinstance(e, Heels):
        return f"His heels: {n(e.player)} +{e.points}   [{e.scores[0]}-{e.scores[1]}]"
    if isinstance(e, Played):
        pts = f"  {e.detail} (+{e.points})   [{e.scores[0]}-{e.scores[1]}]" if e.points else ""
        return f"  {n(e.player)} plays {pretty(e.card)}, {e.count}{pts}"
    if isinstance(e, Go):
        if e.points:
            return (
                f"  {n(e.player)}: go — {n(e.scorer)} +{e.points}   [{e.scores[0]}-{e.scores[1]}]"
            )
        return f"  {n(e.player)}: go"
    if isinstance(e, Shown):
        extra = f" (counts {e.total}, {e.points} recorded)" if e.points != e.total else ""
        return (
            f"{n(e.player)}'s {e.what}: {pretty(e.cards)} + {pretty(e.starter)} = "
            f"{e.total}{extra}   [{e.scores[0]}-{e.scores[1]}]"
        )
    if isinstance(e, GameOver):
        sk = f" — a {e.skunk}!" if e.skunk else ""
        return f"\n{n(e.winner)} wins {e.scores[e.winner]}-{e.scores[1 - e.winner]}{sk}"
    return repr(e)
