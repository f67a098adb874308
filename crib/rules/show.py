"""The show, one count at a time, with manual counting and muggins.

Split out of :mod:`crib.rules.game` as :class:`_ShowMixin` (the state it reads
is set up in ``Game.__init__``).  The counts go in the usual order: the pone's
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

from typing import Any

from crib.errors import IllegalPlayError
from crib.rules.cards import Card, cards_str
from crib.rules.events import Counted, Muggins, Shown
from crib.rules.observation import Observation
from crib.rules.scoring import score_hand

__all__: list[str] = []


class _ShowMixin:
    """Game's show: ``_show_index`` counts done this hand, ``manual``, ``muggins``."""

    def _show_item(self) -> tuple[int, str, tuple[Card, ...]]:
        """(who, "hand" or "crib", the cards) of the next count of the show."""
        pone, dealer = 1 - self.dealer, self.dealer
        k = self._show_index
        if k == 0:
            return pone, "hand", self._kept[pone] or ()
        if k == 1:
            return dealer, "hand", self._kept[dealer] or ()
        return dealer, "crib", self._thrown[0] + self._thrown[1]

    def _count_obs(self, p: int) -> Observation:
        """What a player counting their own hand (or crib) sees: those cards and the starter."""
        _who, _what, cards = self._show_item()
        return Observation(
            "count",
            tuple(cards),
            p == self.dealer,
            self.scores[p],
            self.scores[1 - p],
            starter=self._starter,
            my_discards=self._thrown[p],
        )

    def _check_claim(self, p: int, action: Any) -> int:
        """A manual count: a whole number from 0 up to the true count."""
        _who, what, cards = self._show_item()
        if isinstance(action, bool) or not isinstance(action, int | str):
            raise IllegalPlayError(f"player {p}'s count of their {what} is a number, not {action!r}")
        text = str(action).strip()
        if not text.isdigit():
            raise IllegalPlayError(f"player {p}'s count of their {what} is a number from 0 to 29, not {text!r}")
        n = int(text)
        total = score_hand(cards, self._starter, is_crib=what == "crib").total
        if n > total:
            raise IllegalPlayError(
                f"player {p} claims {n} for their {what}, more than it counts: count again"
            )
        return n

    def _show_step(self, claimed: int | None = None) -> None:
        """The next count of the show: scored, recorded, and muggins taken."""
        assert self._starter is not None
        who, what, cards = self._show_item()
        s = score_hand(cards, self._starter, is_crib=what == "crib")
        if claimed is not None:
            self._emit(Counted(who, what, claimed))
        pegged = claimed if claimed is not None and self.muggins else s.total
        got = self._add(who, pegged)
        detail = "; ".join(f"{c.kind} {cards_str(c.cards)} {c.points}" for c in s.components)
        self._emit(
            Shown(who, what, cards_str(cards), str(self._starter), got, s.total, detail, self._score_pair())
        )
        if self._finish_if_won():
            return
        if claimed is not None and self.muggins and claimed < s.total:
            missed = s.total - claimed
            took = self._add(1 - who, missed)
            self._emit(Muggins(1 - who, took, missed, self._score_pair()))
            if self._finish_if_won():
                return
        self._show_index += 1
        if self._show_index == 3:
            self._stage = "deal"

    def _score_pair(self) -> tuple[int, int]:
        return (self.scores[0], self.scores[1])
