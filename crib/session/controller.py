"""The coached game as a plain state machine: no widgets, driven headless by tests.

:class:`GameController` runs a :class:`~crib.rules.game.Game` between you
(seat 0) and a computer tier (seat 1) and *reveals* the engine's events to the
view one step at a time: the engine may already have dealt the next hand, but
the view only learns what a player at the table would know.  Everything the
renderer needs is in :meth:`GameController.view`, a frozen :class:`GameView`
built from the revealed events and your own cards only; the computer's cards
appear there only when they are played or shown.

Actions are plain methods (:meth:`~GameController.press` maps the keys
``1``-``6``, ``enter``, ``g``, ``h``, ``n``); bad input raises a
:class:`~crib.errors.CribError` whose message the app shows in place, and the
state is left unchanged.
The controller is split over a few modules, all re-exported here so that
importers need only this one: :mod:`crib.session.model` (the tiers, the keys,
the frozen records and :class:`GameView`), :mod:`crib.session.table` (folding
the revealed events into the table and building the view),
:mod:`crib.session.review` (grading, hints, the review and saved games); this
module keeps the constructor and the actions.

>>> c = GameController(seed=7, tier="easy", coaching=False)
>>> c.phase
'cut'
>>> c.press("n"); c.phase          # the cut for deal is shown
'cut_done'
>>> c.press("n"); c.phase          # the deal: throw two to the crib
'discard'
>>> c.press("enter")
Traceback (most recent call last):
...
crib.errors.CribError: pick two cards to throw (press 1-6 or click them), then Enter
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from crib.ai.players import make_player
from crib.errors import CribError
from crib.rules.cards import Card, cards_pretty, parse_card, parse_cards
from crib.rules.events import Muggins, Shown
from crib.rules.game import Decision, Game
from crib.rules.players import HumanPlayer
from crib.rules.position import PeggingPosition
from crib.session.model import (
    COACH,
    COMPUTER,
    HUMAN,
    KEYS,
    TIERS,
    CountRecord,
    GameView,
    Grade,
    ShowItem,
    cut_for_deal,
)
from crib.session.model import show_item as show_item
from crib.session.review import (
    _CoachMixin,
    _grade_discard,
    _grade_play,
    _position,
    decisions_from_log,
    grade_log,
    load_saved,
)
from crib.session.review import summary_strip as summary_strip
from crib.session.table import _TableMixin

__all__ = [
    "TIERS",
    "COACH",
    "HUMAN",
    "COMPUTER",
    "KEYS",
    "Grade",
    "CountRecord",
    "ShowItem",
    "GameView",
    "GameController",
    "cut_for_deal",
    "decisions_from_log",
    "grade_log",
    "load_saved",
    "warm_up",
]


class GameController(_TableMixin, _CoachMixin):
    """A game against a computer tier, with the coach; see the module docstring.

    ``tier`` is one of :data:`TIERS` (or any name ``crib.make_player`` knows);
    ``scores`` starts from a position (lessons, short tests).
    """

    def __init__(
        self,
        seed: int = 1,
        tier: str = COACH,
        *,
        coaching: bool = True,
        manual: bool = False,
        muggins: bool = False,
        scores: tuple[int, int] = (0, 0),
        exact_trap: bool = True,
    ) -> None:
        self.seed = int(seed)
        self.tier = tier
        self.coaching = coaching
        self.manual = bool(manual)  # fixed for the game: the engine's rules record them
        self.muggins = bool(manual and muggins)
        self.exact_trap = exact_trap
        self.cut_cards = cut_for_deal(self.seed)
        mine, theirs = self.cut_cards
        first_dealer = HUMAN if mine.rank < theirs.rank else COMPUTER
        self.game = Game(
            self.seed,
            (HumanPlayer("you"), make_player(tier)),
            first_dealer=first_dealer,
            scores=scores,
            manual=(bool(manual), False),
            muggins=bool(manual and muggins),
        )
        warm_up(tier)
        self.names = ("You", tier.capitalize())
        self.phase = "cut"
        self.decision: Decision | None = None
        self.cursor = 0  # events revealed
        self.grades: list[Grade] = []
        self.counts: list[CountRecord] = []
        self.captions: list[str] = []
        self.message = ""
        self.hint_text = ""
        self._hinted: tuple[int, ...] = ()
        self._hint_used = False
        self.selected: list[int] = []
        self.count_entry = ""
        self._engine_scores = (scores[0], scores[1])  # as revealed so far
        self._back = [scores[0], scores[1]]
        self._front = [scores[0], scores[1]]
        self._history: list[tuple[int, int, int]] = [(0, scores[0], scores[1])]
        self.fairness = ""
        self.winner: int | None = None
        self.skunk = ""
        self._pending_exact: list[tuple[int, PeggingPosition, Card, tuple[Card, ...]]] = []
        self.hand_index = -1
        self.last_score: tuple[int, int, str] | None = None  # (player, points, what for)
        self.dealer: int | None = None
        self._analyses: dict[tuple[Any, ...], Any] = {}
        self._reset_hand()
        self._apply(self.game.events[0])
        self.cursor = 1

    # -- actions -------------------------------------------------------------------

    def press(self, key: str) -> None:
        """A key: ``1``-``6``, ``enter``, ``g``, ``h``, ``n``, digits and ``backspace`` when counting."""
        k = key.lower()
        self.message = ""
        if self.phase == "count":
            if k.isdigit() and len(k) == 1:
                if len(self.count_entry) < 2:
                    self.count_entry += k
                return
            if k == "backspace":
                self.count_entry = self.count_entry[:-1]
                return
            if k == "enter":
                self.claim(self.count_entry)
                return
        if k in {"1", "2", "3", "4", "5", "6"}:
            self.toggle(int(k) - 1)
        elif k == "enter":
            self.confirm()
        elif k == "g":
            self.go()
        elif k == "h":
            self.hint()
        elif k in {"n", " ", "space"}:
            self.next()

    def toggle(self, i: int) -> None:
        """Select (or unselect) your card ``i`` (0-based)."""
        if self.phase == "discard":
            if not 0 <= i < len(self.six):
                raise CribError(f"there is no card {i + 1}: you hold {len(self.six)}")
            if i in self.selected:
                self.selected.remove(i)
            elif len(self.selected) == 2:
                raise CribError("you throw exactly two: unselect one first (press its number again)")
            else:
                self.selected.append(i)
        elif self.phase == "play":
            d = self.decision
            assert d is not None
            if not 0 <= i < len(self.my_cards):
                raise CribError(f"there is no card {i + 1}: you hold {len(self.my_cards)}")
            c = self.my_cards[i]
            if c not in d.observation.legal:
                if not d.observation.legal:
                    raise CribError("no card fits under 31: press g to say go")
                raise CribError(f"{c.pretty} would take the count to {self.count + c.value}, over 31")
            self.selected = [] if self.selected == [i] else [i]
        else:
            raise CribError(self._not_now("pick a card"))

    def _not_now(self, what: str) -> str:
        return {
            "cut": f"you cannot {what} yet: press n to cut for the deal",
            "cut_done": f"you cannot {what} yet: press n to deal",
            "show": f"you cannot {what} during the show: press n to go on",
            "hand_over": f"you cannot {what} now: the hand is over, press n for the next deal",
            "count": f"you cannot {what} now: type your count, then Enter",
            "over": f"you cannot {what}: the game is over (New game starts another)",
        }.get(self.phase, f"you cannot {what} now")

    def confirm(self) -> None:
        """Enter: throw the two selected cards, or play the selected card; else go on."""
        if self.phase == "discard":
            if len(self.selected) != 2:
                raise CribError("pick two cards to throw (press 1-6 or click them), then Enter")
            self.discard([self.six[i] for i in self.selected])
        elif self.phase == "play":
            if len(self.selected) != 1:
                d = self.decision
                if d is not None and not d.observation.legal:
                    raise CribError("no card fits under 31: press g to say go")
                raise CribError("pick a card to play (press 1-4 or click it), then Enter")
            self.play(self.my_cards[self.selected[0]])
        elif self.phase == "count":
            self.claim(self.count_entry)
        else:
            self.next()

    def discard(self, throw: Sequence[Card | str]) -> None:
        """Throw two cards to the crib (graded by the coach)."""
        if self.phase != "discard":
            raise CribError(self._not_now("throw cards"))
        d = self.decision
        assert d is not None
        cards = tuple(parse_card(c) if isinstance(c, str) else c for c in throw)
        self.game.verify_submit(HUMAN, cards)
        grade = _grade_discard(
            len(self.grades) + 1, self.hand_index, self.six, cards, self.dealer == HUMAN, self._hint_used
        )
        self.grades.append(grade)
        self.game.submit(HUMAN, cards)
        self._advance_engine()
        self.selected = []
        self.hint_text = ""
        self._reveal()

    def play(self, card: Card | str) -> None:
        """Play a card (graded by the coach when you had a choice)."""
        if self.phase != "play":
            raise CribError(self._not_now("play a card"))
        d = self.decision
        assert d is not None
        c = parse_card(card) if isinstance(card, str) else card
        if c not in self.my_cards:
            raise CribError(f"you do not hold {c.pretty}")
        if c not in d.observation.legal:
            raise CribError(f"{c.pretty} would take the count to {self.count + c.value}, over 31")
        self.game.verify_submit(HUMAN, c)
        if len(d.observation.legal) > 1:
            pos = _position(d.observation)
            g = _grade_play(
                len(self.grades) + 1, self.hand_index, pos, c, self.dealer == HUMAN, self._hint_used,
                exact=False, opp_played=d.observation.opp_played,
            )
            self.grades.append(g)
            if self.exact_trap:
                self._pending_exact.append((len(self.grades) - 1, pos, c, d.observation.opp_played))
        self.game.submit(HUMAN, c)
        self._advance_engine()
        self.selected = []
        self.hint_text = ""
        self._reveal()

    def go(self) -> None:
        """Say go: only when no card fits."""
        if self.phase != "play":
            raise CribError(self._not_now("say go"))
        d = self.decision
        assert d is not None
        if d.observation.legal:
            raise CribError(f"you cannot say go: {cards_pretty(d.observation.legal)} still fits under 31")
        self.game.submit(HUMAN, None)
        self._advance_engine()
        self._reveal()

    def next(self) -> None:
        """Go on: cut for the deal, deal, the next count of the show, the next hand."""
        if self.phase == "cut":
            mine, theirs = self.cut_cards
            dealer = "You deal" if mine.rank < theirs.rank else "The computer deals"
            self._caption(f"Cut for deal: you cut {mine.pretty}, the computer {theirs.pretty}. {dealer} (low card deals).")
            self.phase = "cut_done"
        elif self.phase == "cut_done":
            self._advance_engine()
            self._reveal(through_show=True)
        elif self.phase == "show":
            self._reveal()
        elif self.phase == "hand_over":
            self._reveal(through_show=True)
        elif self.phase == "count":
            raise CribError("count your cards first: type the number, then Enter")
        elif self.phase == "over":
            raise CribError("the game is over: New game starts another")
        else:
            raise CribError(
                "it is your turn: pick two cards to throw, then Enter"
                if self.phase == "discard"
                else "it is your turn: play a card (1-4, then Enter) or press g if none fits"
            )

    def claim(self, text: str | int) -> None:
        """Manual counting: your count of the hand (or crib) being shown.

        The count is your decision in the game (a ``counted`` event in the log): a
        count above the true one is refused (count again); a count below it pegs
        the true count, or with muggins only your count, and the computer takes the
        points you missed (a ``muggins`` event, before the next count)."""
        if self.phase != "count":
            raise CribError("there is nothing of yours to count now")
        raw = str(text).strip()
        if not raw.isdigit():
            raise CribError(f"type your count as a number from 0 to 29, not {raw!r}" if raw else "type your count (a number from 0 to 29), then Enter")
        n = int(raw)
        if n > 29:
            raise CribError(f"{n} is more than any hand can score (29 is the most): count again")
        d = self.decision
        assert d is not None and d.kind == "count"
        try:
            self.game.verify_submit(HUMAN, n)
        except CribError:
            raise CribError(
                f"{n} is more than your {d.what} counts: count again "
                "(fifteens, pairs, runs, a flush, his nobs)"
            ) from None
        self.game.submit(HUMAN, n)
        self._advance_engine()
        self.count_entry = ""
        start = self.cursor
        self._reveal()  # your count, the show, and any muggins or the end
        e = next(x for x in self._events()[start : self.cursor] if isinstance(x, Shown))
        taken = next((x.points for x in self._events()[start : self.cursor] if isinstance(x, Muggins)), 0)
        if n == e.total:
            note = f"Right: {n}."
        else:
            missed = e.total - n
            note = f"You missed {missed}: you said {n}, it counts {e.total}."
            if self.muggins:
                note += f" Muggins! The computer takes the {missed} you missed."
        self.counts.append(CountRecord(self.hand_index, e.what, n, e.total, taken))
        verdict = "best" if n == e.total else "mistake" if abs(n - e.total) <= 2 else "blunder"
        self.grades.append(
            Grade(len(self.grades) + 1, self.hand_index, "count", str(n), str(e.total),
                  float(max(0, e.total - n)), verdict, (), None, note, e.cards, self.dealer == HUMAN)
        )
        self.message = note


_WARM: set[str] = set()


def warm_up(tier: str) -> None:
    """Make one discard and one play decision for ``tier`` in this process, so that no
    move of a game waits for its tables to load or its kernels to compile (the
    Master's first decision in a fresh process takes seconds).  Once per tier."""
    if tier in _WARM:
        return
    from crib.rules.fairness import HashRng
    from crib.rules.observation import for_discard

    player = make_player(tier)
    rng = HashRng(0, "warm-up")
    player.discard(for_discard(parse_cards("5H 5D 6C 7S 8H 9D"), dealer=True), rng)
    g = Game(0, (HumanPlayer("a"), HumanPlayer("b")), first_dealer=0)
    while (d := g.advance()) is not None and d.kind == "discard":
        g.submit(d.player, list(d.observation.hand[:2]))
    if d is not None:
        player.play(d.observation, rng)
    _WARM.add(tier)
