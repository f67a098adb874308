"""The show, one count at a time, with manual counting and muggins.

:class:`Show` is the game's helper for it: the game holds one (``Game._show``) and
calls :meth:`Show.item`, :meth:`Show.count_obs`, :meth:`Show.check_claim` and
:meth:`Show.step`; it reads the hand's cards and scores from the game and adds
points and events through it.  The counts go in the usual order: the pone's
hand, the dealer's hand, the dealer's crib.  A seat with manual counting on
(``Game(manual=(True, False))``, a human seat only) is asked for each of its
counts as a ``"count"`` decision; its claim is recorded as a
:class:`~crib.rules.events.Counted` event and checked by replay like any play.

The house rule, as the engine applies it:

* a claim is a whole number from 0 up to the true count; a claim **above** the
  true count is refused (:class:`~crib.errors.IllegalPlayError`, "count
  again"), so an over-count is never recorded;
* a claim under the true count pegs the true count when muggins is off (the
  coach shows what was missed), and only the claim when muggins is on: the
  opponent then takes the missed points at once, as a
  :class:`~crib.rules.events.Muggins` event right after that
  :class:`~crib.rules.events.Shown`, before the next count; the game can end
  on them, like on any other points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from crib.errors import IllegalPlayError
from crib.rules.cards import Card, cards_str
from crib.rules.events import Counted, Muggins, Shown
from crib.rules.observation import Observation
from crib.rules.scoring import score_hand

if TYPE_CHECKING:
    from crib.rules.game import Game

__all__: list[str] = []


class Show:
    """One game's show: ``index`` counts done this hand (0 to 3)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.index = 0

    def item(self) -> tuple[int, str, tuple[Card, ...]]:
        """(who, "hand" or "crib", the cards) of the next count of the show."""
        g = self.game
        pone, dealer = 1 - g.dealer, g.dealer
        k = self.index
        if k == 0:
            return pone, "hand", g._kept[pone] or ()
        if k == 1:
            return dealer, "hand", g._kept[dealer] or ()
        return dealer, "crib", g._thrown[0] + g._thrown[1]

    def count_obs(self, p: int) -> Observation:
        """What a player counting their own hand (or crib) sees: those cards and the starter."""
        g = self.game
        _who, _what, cards = self.item()
        return Observation(
            "count",
            tuple(cards),
            p == g.dealer,
            g.scores[p],
            g.scores[1 - p],
            starter=g._starter,
            my_discards=g._thrown[p],
        )

    def check_claim(self, p: int, action: Any) -> int:
        """A manual count: a whole number from 0 up to the true count."""
        _who, what, cards = self.item()
        if isinstance(action, bool) or not isinstance(action, int | str):
            raise IllegalPlayError(
                f"player {p}'s count of their {what} is a number, not {action!r}"
            )
        text = str(action).strip()
        if not text.isdigit():
            raise IllegalPlayError(
                f"player {p}'s count of their {what} is a number from 0 to 29, not {text!r}"
            )
        n = int(text)
        total = score_hand(cards, self.game._starter, is_crib=what == "crib").total
        if n > total:
            raise IllegalPlayError(
                f"player {p} claims {n} for their {what}, more than it counts: count again"
            )
        return n

    def step(self, claimed: int | None = None) -> None:
        """The next count of the show: scored, recorded, and muggins taken."""
        g = self.game
        assert g._starter is not None
        who, what, cards = self.item()
        s = score_hand(cards, g._starter, is_crib=what == "crib")
        if claimed is not None:
            g._emit(Counted(who, what, claimed))
        pegged = claimed if claimed is not None and g.muggins else s.total
        got = g._add(who, pegged)
        detail = "; ".join(f"{c.kind} {cards_str(c.cards)} {c.points}" for c in s.components)
        g._emit(
            Shown(who, what, tuple(cards), g._starter, got, s.total, detail, self._score_pair())
        )
        if g._finish_if_won():
            return
        if claimed is not None and g.muggins and claimed < s.total:
            missed = s.total - claimed
            took = g._add(1 - who, missed)
            g._emit(Muggins(1 - who, took, missed, self._score_pair()))
            if g._finish_if_won():
                return
        self.index += 1
        if self.index == 3:
            g._stage = "deal"

    def _score_pair(self) -> tuple[int, int]:
        return (self.game.scores[0], self.game.scores[1])
