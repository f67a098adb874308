"""Retry a graded decision: the position again, the answer hidden until you move (#39, 5).

A :class:`RetryPosition` is what a graded decision needs to be played again, and nothing
of its answer: for a **discard**, the six cards dealt, who deals and the scores; for a
**play**, the :class:`~crib.rules.position.PeggingPosition` (your cards held, the pile and
its count, the earlier cards, the starter, your crib cards, the scores) with who deals and
the cards the opponent has played this hand (the Master weighs its holdings by them and
reads how they were played, as in the game, but at its prior chance that the opponent plays
as the Expert: a retry keeps no earlier hands to learn it from).  It is kept as JSON
(:meth:`RetryPosition.to_dict`) by the mistakes record
(:mod:`crib.store.mistakes`).

:class:`Retry` is one attempt at it: a discard asks for two cards (picked and unpicked
one at a time), a play for one legal card.  Only :meth:`Retry.submit` grades the move,
by the same coach grading as the game (:func:`crib.session.grading.discard_grade` and
:func:`~crib.session.grading.play_grade`, the Master, near 121 by the chance to win), and
only then is the best move known to the caller (:attr:`Retry.result`); :meth:`Retry.reveal`
shows the answer without a move.  A move is **right** when it loses less than half a
point (the grade words "best" and "ok", :mod:`crib.analysis.grades`): a near-equal card
is not a mistake.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from crib.analysis.coach import play_observation
from crib.errors import CribError
from crib.rules.cards import Card, parse_cards
from crib.rules.observation import Observation
from crib.rules.position import PeggingPosition
from crib.session.grading import discard_grade, play_grade
from crib.session.model import Grade
from crib.session.saved import decisions_from_log

__all__ = [
    "RIGHT",
    "RetryPosition",
    "Retry",
    "RetryError",
    "is_right",
    "cards_text",
    "positions_of",
]

RIGHT = ("best", "ok")  # the grade words of a right answer


class RetryError(CribError):
    """A move the retried position does not allow (a card not held, not legal, two picks
    for a play...)."""


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def is_right(g: Grade) -> bool:
    """Whether a graded move counts as a right answer (:data:`RIGHT`)."""
    return g.verdict in RIGHT


@dataclass(frozen=True)
class RetryPosition:
    """A decision's position, its answer left out (see the module docstring)."""

    kind: str  # "discard" or "play"
    cards: tuple[Card, ...]  # the six dealt (discard), the cards held (play)
    dealer: bool
    scores: tuple[int, int] = (0, 0)  # yours first
    pegging: PeggingPosition | None = None  # a play's position
    opp_played: tuple[Card, ...] = ()  # the opponent's cards played this hand (a play)
    hand: int = 0  # the hand of the game it came from (0-based)

    def __post_init__(self) -> None:
        if self.kind not in ("discard", "play"):
            raise RetryError(f"only a discard or a play can be retried, not {self.kind!r}")
        if self.kind == "discard" and len(self.cards) != 6:
            raise RetryError("a discard is retried from the six cards dealt")
        if self.kind == "play" and self.pegging is None:
            raise RetryError("a play is retried from its pegging position")

    # -- made from ------------------------------------------------------------

    @classmethod
    def from_grade(
        cls,
        g: Grade,
        scores: tuple[int, int] = (0, 0),
        dealer: bool | None = None,
        opp_played: Sequence[Card] = (),
    ) -> RetryPosition:
        """The position of graded decision ``g`` (a discard or a play) at ``scores``."""
        deal = g.dealer if dealer is None else dealer
        if g.kind == "discard":
            return cls("discard", tuple(g.position), deal, tuple(scores), hand=g.hand)  # type: ignore[arg-type]
        if g.kind == "play" and isinstance(g.position, PeggingPosition):
            pos = g.position
            at = pos.scores if pos.scores is not None else tuple(scores)
            return cls("play", pos.hand, deal, at, pos, tuple(opp_played), g.hand)  # type: ignore[arg-type]
        raise RetryError(f"a {g.kind} cannot be retried")

    @classmethod
    def from_observation(cls, obs: Observation, hand: int = 0) -> RetryPosition:
        """The position a discard or play observation describes (public facts only)."""
        scores = (obs.my_score, obs.opp_score)
        if obs.phase == "discard":
            return cls("discard", tuple(obs.hand), obs.dealer, scores, hand=hand)
        pos = PeggingPosition.from_observation(obs)
        return cls("play", pos.hand, obs.dealer, scores, pos, tuple(obs.opp_played), hand)

    # -- the position ---------------------------------------------------------

    @property
    def picks(self) -> int:
        """How many cards the move takes: 2 (a discard) or 1 (a play)."""
        return 2 if self.kind == "discard" else 1

    @property
    def count(self) -> int:
        """The pile's count (0 for a discard)."""
        return self.pegging.count if self.pegging is not None else 0

    @property
    def pile(self) -> tuple[Card, ...]:
        return self.pegging.pile if self.pegging is not None else ()

    @property
    def starter(self) -> Card | None:
        return self.pegging.starter if self.pegging is not None else None

    @property
    def legal(self) -> tuple[Card, ...]:
        """The cards that may be played (a play), or the six (a discard)."""
        return self.pegging.legal() if self.pegging is not None else self.cards

    def grade(self, move: Sequence[Card], lang: str = "en") -> Grade:
        """``move`` graded as the game grades it (two cards thrown, or one card played)."""
        move = tuple(move)
        if len(move) != self.picks or len(set(move)) != len(move):
            raise RetryError(f"pick {self.picks} card(s), got {len(move)}")
        if any(c not in self.legal for c in move):
            raise RetryError(f"{cards_text(move)} is not a legal move here")
        if self.kind == "discard":
            return discard_grade(
                1, self.hand, self.cards, move, self.dealer, False, self.scores, lang
            )
        assert self.pegging is not None
        # the Master reads the opponent's plays this hand, in order (the earlier cards and
        # the pile), as in the game; a retry keeps no earlier hands, so it reads them at
        # its prior chance that the opponent plays as the Expert
        obs = play_observation(self.pegging, self.dealer, self.opp_played)
        return play_grade(
            1,
            self.hand,
            self.pegging,
            move[0],
            self.dealer,
            False,
            False,
            opp_played=self.opp_played,
            lang=lang,
            obs=obs,
        )

    # -- kept as JSON ---------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "kind": self.kind,
            "cards": cards_text(self.cards),
            "dealer": self.dealer,
            "scores": list(self.scores),
            "hand": self.hand,
        }
        if self.pegging is not None:
            d["position"] = self.pegging.to_text()
            d["opp_played"] = cards_text(self.opp_played)
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> RetryPosition:
        try:
            kind = str(d["kind"])
            peg = PeggingPosition.parse(str(d["position"])) if kind == "play" else None
            opp = str(d.get("opp_played", ""))
            scores = tuple(int(x) for x in d.get("scores", (0, 0)))[:2]
            return cls(
                kind,
                parse_cards(str(d["cards"])) if kind == "discard" else peg.hand,  # type: ignore[union-attr]
                bool(d["dealer"]),
                (scores[0], scores[1]),
                peg,
                parse_cards(opp) if opp else (),
                int(d.get("hand", 0)),
            )
        except (KeyError, ValueError, TypeError, IndexError) as e:
            raise RetryError(f"not a kept position: {e}") from e


@dataclass
class Retry:
    """One attempt at a :class:`RetryPosition`: pick the card(s), then :meth:`submit`."""

    position: RetryPosition
    lang: str = "en"
    picked: list[Card] = field(default_factory=list)
    result: Grade | None = None  # the grade, once moved (or the answer, once revealed)
    revealed: bool = False  # the answer was shown without a move

    @property
    def done(self) -> bool:
        return self.result is not None

    def pick(self, card: Card) -> bool:
        """Pick ``card`` (a discard: pick again to put it back); True when the move is
        complete (then :meth:`submit`)."""
        if self.done:
            raise RetryError("this retry is over: start it again")
        if card not in self.position.legal:
            raise RetryError(f"{card} is not a legal card here")
        if card in self.picked:
            self.picked.remove(card)
        elif len(self.picked) < self.position.picks:
            self.picked.append(card)
        return len(self.picked) == self.position.picks

    def submit(self) -> Grade:
        """Grade the picked move (the answer is known only from here)."""
        if self.done:
            assert self.result is not None
            return self.result
        self.result = self.position.grade(self.picked, self.lang)
        return self.result

    @property
    def right(self) -> bool | None:
        """Whether the move was right (None before a move, or after a reveal)."""
        if self.result is None or self.revealed:
            return None
        return is_right(self.result)

    def reveal(self) -> Grade:
        """Show the answer without a move: the best move, graded (nothing is counted)."""
        if self.result is None:
            best = self.position.grade(self._best_guess(), self.lang)
            self.result = self.position.grade(best.best, self.lang)  # type: ignore[arg-type]
            self.revealed = True
        return self.result

    def _best_guess(self) -> tuple[Card, ...]:
        """Any legal move: grading it names the best one."""
        return tuple(self.position.legal[: self.position.picks])

    def again(self) -> None:
        """Start over: nothing picked, the answer hidden again."""
        self.picked.clear()
        self.result = None
        self.revealed = False


def _same(obs: Observation, g: Grade) -> bool:
    if g.kind == "discard":
        return obs.phase == "discard" and sorted(obs.hand) == sorted(g.position)  # type: ignore[type-var, arg-type]
    if obs.phase != "play" or not isinstance(g.position, PeggingPosition):
        return False
    return PeggingPosition.from_observation(obs).to_text() == g.position.to_text()


def positions_of(
    events: Sequence[Any], grades: Sequence[Grade], seat: int = 0
) -> list[tuple[RetryPosition, Grade]]:
    """Each graded discard and play of ``seat`` in a game's log with its position, read
    from the log's observations (the scores, and the opponent's cards played this hand),
    in the grades' order; a grade the log does not show is left out."""
    wanted = [g for g in grades if g.kind in ("discard", "play")]
    if not wanted or not events:
        return []
    seen = [(hand, d.observation) for hand, d, _a in decisions_from_log(events, seat)]
    out = []
    for g in wanted:
        obs = next((o for h, o in seen if h == g.hand and _same(o, g)), None)
        if obs is not None:
            out.append((RetryPosition.from_observation(obs, g.hand), g))
    return out
