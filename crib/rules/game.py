"""A full game to 121: deal, discard, cut, play, show, with an event log.

All randomness comes from the seed: each hand's deck is a hash-driven
shuffle of a seed derived from the game's secret (see :mod:`crib.rules.fairness`),
and each player draws from its own :class:`~crib.rules.fairness.HashRng`.
A human seat may count its own hands, with muggins (see :mod:`crib.rules.show`).
The same seed and players always give the same game.  Players are objects
of the :class:`~crib.rules.players.Player` protocol; ``crib.make_player``
turns a tier (``crib.TIERS["expert"]``) into one.

>>> from crib.rules.players import HumanPlayer
>>> g = Game(seed=7, players=(HumanPlayer(), HumanPlayer()))
>>> d = g.advance()
>>> d.kind, len(d.observation.hand)
('discard', 6)
>>> g.verify_submit(d.player, "AS KS")  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
crib.errors.IllegalPlayError: player 0 must throw 2 of their own cards (5C 3D QC KD 2S AS),
not AS KS
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from crib.errors import CribError, IllegalPlayError
from crib.rules.cards import Card, cards_str, parse_card, parse_cards
from crib.rules.checks import check_scores
from crib.rules.events import (
    WIN,
    Cut,
    Dealt,
    Discarded,
    Event,
    GameOver,
    GameStarted,
    Go,
    Heels,
    Played,
    skunk_of,
)
from crib.rules.fairness import HashRng, Match, hand_seed, shuffled_deck
from crib.rules.observation import EarlierHand, Observation, for_discard, for_play
from crib.rules.pegging import PegState
from crib.rules.players import HumanPlayer, Player
from crib.rules.scoring import his_heels
from crib.rules.show import Show

__all__ = ["Game", "GameResult", "Decision", "secret_from_seed"]


@dataclass(frozen=True)
class Decision:
    """What the game waits for: a discard, a play or a count from ``player``."""

    kind: str  # "discard", "play" or "count" (manual counting)
    player: int
    observation: Observation
    what: str = ""  # for a count: "hand" or "crib"


@dataclass(frozen=True)
class GameResult:
    """A finished game: the winner, the final scores, how many hands were dealt, the log."""

    winner: int
    scores: tuple[int, int]
    hands_played: int
    events: tuple[Event, ...]

    @property
    def skunk(self) -> str:
        """The loser's skunk ("", "skunk" or "double skunk"), from the final scores."""
        return skunk_of(self.scores[1 - self.winner])


def _cards(action: Any) -> tuple[Card, ...]:
    """A discard's cards: Cards pass through, text (or a mix) is parsed here, once."""
    if isinstance(action, tuple | list) and all(isinstance(c, Card) for c in action):
        return tuple(action)
    return parse_cards(action)


def secret_from_seed(seed: int) -> bytes:
    """The secret every deck of a seeded (uncommitted) game derives from."""
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
        players: Sequence[Player],
        *,
        first_dealer: int | None = None,
        match: Match | None = None,
        stacked: Sequence[Sequence[Card]] | None = None,
        scores: tuple[int, int] = (0, 0),
        manual: tuple[bool, bool] = (False, False),
        muggins: bool = False,
    ) -> None:
        """``stacked`` (tests and lessons): the decks to deal, hand by hand, instead
        of the seed's shuffles; the log's commit then reads ``"stacked"``.
        ``scores`` starts the game from a given position (a lesson, an endgame).
        ``manual``: which (human) seats count their own hands; ``muggins``: the
        opponent takes the points such a count misses (:mod:`crib.rules.show`)."""
        self.seed = seed
        self._stacked = [tuple(d) for d in stacked] if stacked is not None else None
        self.players = tuple(players)
        if len(self.players) != 2:
            raise CribError(f"a game needs 2 players, got {len(self.players)}")
        for p in self.players:
            if not isinstance(p, Player):
                raise CribError(
                    f"a player must be a Player object, not {p!r}: "
                    "crib.make_player(crib.TIERS['expert']) makes one"
                )
        if stacked is not None:
            self.secret, self.commit, self.deals = b"", "stacked", "stacked"
        elif match is not None:
            self.secret, self.commit, self.deals = match.secret, match.commit, "match"
        else:
            self.deals = "seed"
            self.secret = secret_from_seed(seed)
            self.commit = hashlib.sha256(self.secret).hexdigest()
        if first_dealer is None:
            first_dealer = HashRng(seed, "first-dealer").randrange(2)
        if first_dealer not in (0, 1):
            raise CribError(f"the first dealer is player 0 or 1, not {first_dealer!r}")
        self.first_dealer = first_dealer
        manual = tuple(manual)
        if len(manual) != 2 or not all(isinstance(m, bool) for m in manual):
            raise CribError(f"manual counting is two flags, one per seat, not {manual!r}")
        for p in (0, 1):
            if manual[p] and not isinstance(self.players[p], HumanPlayer):
                raise CribError(
                    f"only a human seat counts its own hands (seat {p} is {self.players[p].name})"
                )
        if not isinstance(muggins, bool) or (muggins and not any(manual)):
            raise CribError(
                "muggins is a house rule of manual counting: turn manual counting on for a seat"
            )
        self.manual: tuple[bool, bool] = (manual[0], manual[1])
        self.muggins = muggins
        self._show = Show(self)  # the show, one count at a time
        self.rngs = (HashRng(seed, "ai:0"), HashRng(seed, "ai:1"))
        scores = check_scores(scores)
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
        # each finished play: (dealer, starter, (player, card) in order, scores before it)
        self._plays: list[tuple[int, Card, tuple[tuple[int, Card], ...], tuple[int, int]]] = []
        self._play_scores = (0, 0)
        names = (self.players[0].name, self.players[1].name)
        self._emit(
            GameStarted(
                seed,
                names,
                first_dealer,
                self.commit,
                (scores[0], scores[1]),
                self.deals,
                self.manual,
                muggins,
            )
        )

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
            self.winner, (self.scores[0], self.scores[1]), self.hand_index + 1, tuple(self.events)
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
        if self._stage == "show":
            who, what, _cards = self._show.item()
            if self.manual[who]:
                return Decision("count", who, self._show.count_obs(who), what)
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
            elif d.kind == "count":  # pragma: no cover - only human seats count by hand
                raise CribError(f"player {d.player} cannot count by hand")
            else:
                self._apply_play(d.player, player.play(d.observation, self.rngs[d.player]))
        return None

    def verify_submit(self, player: int, action: Any) -> tuple[Card, ...] | Card | int | None:
        """Check an answer to the pending decision; raise with the reason, or return it cleaned.

        A discard is two of the player's six cards; a play is a legal card, or
        ``None`` (go) when no card fits; a count is a number from 0 up to the
        true count.
        """
        d = self.pending()
        if d is None:
            raise IllegalPlayError("the game is over" if self.over else "no decision is pending")
        if d.player != player:
            raise IllegalPlayError(f"it is player {d.player}'s decision, not player {player}'s")
        if d.kind == "discard":
            return self._check_throw(player, _cards(action))
        if d.kind == "count":
            return self._show.check_claim(player, action)
        card = action if action is None or isinstance(action, Card) else parse_card(action)
        assert self._peg is not None
        self._peg.verify_play(card)
        return card

    def can_submit(self, player: int, action: Any) -> bool:
        """Whether :meth:`submit` would accept this answer."""
        try:
            self.verify_submit(player, action)
        except CribError:
            return False
        return True

    def submit(self, player: int, action: Any) -> None:
        """Answer a pending decision: two cards for a discard, a card or None (go) for a
        play, a number for a count."""
        clean = self.verify_submit(player, action)
        if isinstance(clean, tuple):
            self._apply_discard(player, clean)
        elif isinstance(clean, int):
            self._show.step(clean)
        else:
            self._apply_play(player, clean)

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
            self._show.step()

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
        self._show.index = 0
        self._emit(Dealt(self.hand_index, self.dealer, (six[0], six[1])))
        self._stage = "discard"

    def _discard_obs(self, p: int) -> Observation:
        return for_discard(
            self._six[p],
            dealer=p == self.dealer,
            my_score=self.scores[p],
            opp_score=self.scores[1 - p],
            earlier=self._earlier(p),
        )

    def _earlier(self, p: int) -> tuple[EarlierHand, ...]:
        """This game's finished plays as player ``p`` saw them (public)."""
        return tuple(
            EarlierHand(
                tuple(c for _q, c in seq),
                tuple(q != p for q, _c in seq),
                starter,
                dealer == p,
                (scores[p], scores[1 - p]),
            )
            for dealer, starter, seq, scores in self._plays
        )

    def _check_throw(self, p: int, throw: Sequence[Card]) -> tuple[Card, ...]:
        throw = tuple(throw)
        if len(throw) != 2 or len(set(throw)) != 2 or any(c not in self._six[p] for c in throw):
            raise IllegalPlayError(
                f"player {p} must throw 2 of their own cards ({cards_str(self._six[p])}), "
                f"not {cards_str(throw)}"
            )
        return throw

    def _apply_discard(self, p: int, throw: Sequence[Card]) -> None:
        throw = self._check_throw(p, throw)
        self._thrown[p] = throw
        self._kept[p] = tuple(c for c in self._six[p] if c not in throw)
        self._emit(Discarded(p, throw))
        if all(k is not None for k in self._kept):
            self._stage = "cut"

    def _cut(self) -> None:
        deck = self.decks[-1]
        self._starter = deck[12]
        self._emit(Cut(self._starter))
        heels = his_heels(self._starter)
        if heels:
            got = self._add(self.dealer, heels)
            self._emit(Heels(self.dealer, got, (self.scores[0], self.scores[1])))
            if self._finish_if_won():
                return
        kept = (self._kept[0] or (), self._kept[1] or ())
        self._peg = PegState.start(kept, pone=1 - self.dealer)
        self._play_scores = (self.scores[0], self.scores[1])
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
            earlier=self._earlier(p),
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
        else:  # reset: the step rule's (PegState's), or a 31 as the play's last card
            reset = rec.reset or (rec.ended and rec.count == 31)
            detail = rec.describe() if rec.points else ""
            self._emit(Played(p, rec.card, rec.count, got, detail, s, reset))
        if self._finish_if_won():
            return
        if self._peg.done:
            self._plays.append((self.dealer, self._starter, self._peg.played, self._play_scores))
            self._stage = "show"
