"""The coached game as a plain state machine: no widgets, driven headless by tests.

:class:`GameController` runs a :class:`~crib.rules.game.Game` between you
(seat 0) and a computer tier (seat 1) and *reveals* the engine's events to the
view one step at a time (what a player at the table would know): the renderer
draws :meth:`GameController.view`, a frozen :class:`GameView` built from the revealed
events and your own cards only (the computer's only once played or shown).

Actions are plain methods (:meth:`~GameController.press` maps the keys ``1``-``6``,
``enter``, ``g``, ``h``, ``n``); bad input raises a :class:`~crib.errors.CribError` whose
message the app shows in place, and the state is left unchanged. The controller is built
from parts, re-exported here: :mod:`crib.session.model` (tiers, keys, records,
:class:`GameView`), a :class:`~crib.session.table.Table` (``table``: the revealed events
folded, the view) and a :class:`~crib.session.review.Coach` (``coach``: grades, hints, the
review); this module keeps the phase, your selection and the actions. ``lang`` is the
language of its sentences (prompts, captions, errors, the coach's words).

>>> c = GameController(seed=7, tier=TIERS["easy"], coaching=False)
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

import time
from collections.abc import Sequence
from typing import Any

from crib.ai.players import make_player
from crib.analysis.models import Tier
from crib.errors import CribError
from crib.i18n import N_, check_lang, tr
from crib.rules.cards import Card, cards_pretty, parse_card
from crib.rules.events import Muggins, Shown
from crib.rules.game import Decision, Game
from crib.rules.players import HumanPlayer
from crib.session.first_game import LessonActions
from crib.session.keep import Kept, recorded
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
    _Of,
    cut_for_deal,
    fresh_seed,
    toggle_pick,
)
from crib.session.model import show_item as show_item
from crib.session.review import Coach, decisions_from_log, grade_log, load_saved
from crib.session.review import summary_strip as summary_strip
from crib.session.table import Table
from crib.session.warm import warm_up
from crib.session.words import say

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


class GameController(LessonActions, Kept):
    """A game against a computer tier, with the coach; see the module docstring.

    ``tier`` is a :class:`~crib.analysis.models.Tier` of :data:`TIERS` (a page's or a
    link's word is looked up there, at the edge: ``TIERS["easy"]``);
    ``scores`` starts from a position (lessons, short tests); with no ``seed``, a fresh
    random one (:func:`~crib.session.model.fresh_seed`).
    """

    def __init__(
        self,
        seed: int | None = None,
        tier: Tier = COACH,
        *,
        coaching: bool = True,
        manual: bool = False,
        muggins: bool = False,
        scores: tuple[int, int] = (0, 0),
        exact_trap: bool = True,
        lang: str = "en",
    ) -> None:
        self.lang = check_lang(lang)  # the language of every sentence it makes
        self.seed = fresh_seed() if seed is None else int(seed)
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
        _ = tr(lang)
        self.names = (_("You"), tier.name_in(lang))
        self.phase = "cut"
        self.decision: Decision | None = None
        self.message = ""
        self.selected: list[int] = []
        self.count_entry = ""
        self.table = Table(self.game, scores, lang)  # what a player at the table knows
        self.coach = Coach(exact_trap=exact_trap, lang=lang)  # grades, hints, the review
        # the game as kept (crib.session.keep): its id, its starting scores and every
        # action accepted so far (a reload or a dead kernel plays them again)
        self.scores0 = tuple(scores)
        self.game_id = f"{self.seed}-{time.time_ns() // 1_000_000}"
        self.actions: list[tuple[Any, ...]] = []
        self._acting = 0

    scores: _Of[tuple[int, int]] = _Of(
        "table", "The scores as revealed so far (the engine's own, muggins included)."
    )
    cursor: _Of[int] = _Of("table", "How many of the engine's events are revealed.")
    six: _Of[tuple[Card, ...]] = _Of("table", "Your six cards of this deal.")
    my_cards: _Of[tuple[Card, ...]] = _Of("table", "Your cards still held.")
    dealer: _Of[int | None] = _Of("table", "Who deals this hand (None before the first deal).")
    hand_index: _Of[int] = _Of("table", "This hand, 0-based (-1 before the first deal).")
    winner: _Of[int | None] = _Of("table", "Who won (None while the game goes on).")
    fairness: _Of[str] = _Of("table", "The FairDeal check, once the game is over.")
    count: _Of[int] = _Of("table", "The count of the pile.")
    grades: _Of[list[Grade]] = _Of("coach", "Your graded decisions, in game order.")
    counts: _Of[list[CountRecord]] = _Of("coach", "Your manual counts.")
    hint_text: _Of[str] = _Of("coach", "The coach's hint for this decision.")

    def view(self) -> GameView:
        """What the renderer shows now."""
        grades, first = self.grades, self.first
        v = self.table.view(
            first.shown_as(self.phase) if first else self.phase,
            self.decision,
            names=self.names,
            selected=tuple(self.selected),
            hinted=self.coach.hinted,
            grade=grades[-1]
            if grades and self.coaching and grades[-1].hand == self.hand_index
            else None,
            hint=self.hint_text,
            hint_plain=self.coach.hint_plain,
            hint_how=self.coach.hint_how,
            coaching=self.coaching,
            manual=self.manual,
            muggins=self.muggins,
            count_entry=self.count_entry,
            cut_cards=self.cut_cards if self.phase == "cut_done" else None,
            mistakes=sum(g.verdict in ("mistake", "costly", "blunder") for g in grades),
        )
        return first.dress(v) if first and self.phase == "lesson" else v

    def prompt(self) -> str:
        return self.table.prompt(self.phase, self.decision)

    def revealed_events(self) -> list[Any]:
        return self.table.revealed_events()

    def _reveal(self, *, through_show: bool = False) -> None:
        """Reveal events up to the next stop: a decision of yours, the show, or the end."""
        stop = self.table.reveal(through_show=through_show)
        while stop == "show":  # one Continue: the whole show (stops at your own count)
            stop = self.table.reveal()
        if stop is not None:
            self.phase = stop
            return
        d = self.decision
        if d is None:
            return
        if d.kind == "play" and not d.observation.legal:  # no choice: the game says go for
            self.game.submit(HUMAN, None)  # you (the table's caption says why)
            self._advance_engine()
            return self._reveal()
        self.phase = d.kind
        self.selected = []
        self.coach.new_decision()

    def _advance_engine(self) -> None:
        self.decision = self.game.advance()

    def refine_grades(self) -> int:
        """The exact trap flag of the plays graded so far (see :meth:`Coach.refine_grades`)."""
        return self.coach.refine_grades()

    def prepare_review(self) -> None:
        """The end-of-game review's costly parts so far (see :meth:`Coach.prepare_review`):
        the app calls it once each move is on the screen, so the game's end only
        finishes them."""
        self.coach.prepare_review(self.game.events)

    @recorded
    def hint(self) -> None:
        """The coach's choice and the reason, for the discard or the play."""
        if self.phase == "discard":
            self.coach.hint_discard(self.six, self.dealer == HUMAN)
        elif self.phase == "play":
            assert self.decision is not None
            self.coach.hint_play(self.decision.observation, self.my_cards, self.dealer == HUMAN)
        else:
            raise CribError(self._not_now(tr(self.lang)(N_("ask for a hint"))))

    def save(self) -> tuple[str, str]:
        """The game so far as JSON, and a note (a hand in progress is left out)."""
        return self.coach.save(self.revealed_events(), self.phase, self.tier.key)

    def hand_summary(self, hand: int | None = None, *, plain: bool = False) -> str:
        """One strip for a hand, e.g. 'Discard best · Pegging 1 mistake (−1.40)'
        (``plain``: 'Discard mistake, about 1 point lost')."""
        return self.coach.hand_summary(self.hand_index if hand is None else hand, plain=plain)

    def review(self) -> list[Grade]:
        """Every graded decision, the costliest first."""
        return self.coach.review()

    # -- actions -------------------------------------------------------------------

    @recorded
    def press(self, key: str) -> None:
        """A key: ``1``-``6``, ``enter``, ``g``, ``h``, ``n``; digits, ``backspace`` when
        counting."""
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
            if self.phase == "play":
                self.confirm()  # in the play one key plays the card, as a click does
        elif k == "enter":
            self.confirm()
        elif k == "g":
            self.go()
        elif k == "h":
            self.hint()
        elif k in {"n", " ", "space"}:
            self.next()

    @recorded
    def toggle(self, i: int) -> None:
        """Select (or unselect) your card ``i`` (0-based)."""
        _ = tr(self.lang)
        if self.phase == "discard":
            toggle_pick(self.selected, i, len(self.six), self.lang, touch=self.touch)
        elif self.phase == "play":
            d = self.decision
            assert d is not None
            if not 0 <= i < len(self.my_cards):
                raise CribError(
                    _("there is no card {i}: you hold {n}").format(i=i + 1, n=len(self.my_cards))
                )
            c = self.my_cards[i]
            if c not in d.observation.legal:
                raise CribError(self._over_31(c))
            self.selected = [] if self.selected == [i] else [i]
        else:
            raise CribError(self._not_now(_("pick a card")))

    def _over_31(self, c: Card) -> str:
        return tr(self.lang)(N_("{card} would take the count to {n}, over 31")).format(
            card=c.pretty, n=self.count + c.value
        )

    def _not_now(self, what: str) -> str:
        _ = tr(self.lang)
        said = {"cut": "not_cut", "cut_done": "not_dealt", "hand_over": "not_hand_over"}
        said["count"] = "not_count"
        if self.phase in said:
            return self._say(said[self.phase]).format(what=what)
        if self.phase == "over":
            return _("you cannot {what}: the game is over (New game starts another)").format(
                what=what
            )
        if self.phase == "lesson":
            return _("you cannot {what} yet: read the note, then Continue").format(what=what)
        return _("you cannot {what} now").format(what=what)

    @property
    def touch(self) -> bool:
        """A touch device: the prompts and errors say tap, not press or click
        (:mod:`crib.session.words`); the page sets it from the browser."""
        return self.table.touch

    @touch.setter
    def touch(self, on: bool) -> None:
        self.table.touch = bool(on)

    def _say(self, name: str) -> str:
        return say(name, self.lang, touch=self.touch)

    @recorded
    def confirm(self) -> None:
        """Enter: throw the two selected cards, or play the selected card; else go on."""
        _ = tr(self.lang)
        if self.phase == "discard":
            if len(self.selected) != 2:
                raise CribError(self._say("pick_two"))
            self.discard([self.six[i] for i in self.selected])
        elif self.phase == "play":
            if len(self.selected) != 1:
                raise CribError(self._say("pick_one"))
            self.play(self.my_cards[self.selected[0]])
        elif self.phase == "count":
            self.claim(self.count_entry)
        else:
            self.next()

    @recorded
    def discard(self, throw: Sequence[Card | str]) -> None:
        """Throw two cards to the crib (graded by the coach)."""
        if self.phase != "discard":
            raise CribError(self._not_now(tr(self.lang)(N_("throw cards"))))
        d = self.decision
        assert d is not None
        cards = tuple(
            parse_card(c) if isinstance(c, str) else c for c in throw
        )  # the edge: text parsed once
        self.game.verify_submit(HUMAN, cards)
        obs = d.observation
        self.coach.grade_discard(
            self.hand_index,
            self.six,
            cards,
            self.dealer == HUMAN,
            scores=(obs.my_score, obs.opp_score),
        )
        self.game.submit(HUMAN, cards)
        self._advance_engine()
        self.selected = []
        self.coach.clear_hint()
        self._reveal()

    @recorded
    def play(self, card: Card | str) -> None:
        """Play a card (graded by the coach when you had a choice)."""
        if self.phase != "play":
            raise CribError(self._not_now(tr(self.lang)(N_("play a card"))))
        d = self.decision
        assert d is not None
        c = parse_card(card) if isinstance(card, str) else card  # the edge: text parsed once
        if c not in self.my_cards:
            raise CribError(tr(self.lang)(N_("you do not hold {card}")).format(card=c.pretty))
        if c not in d.observation.legal:
            raise CribError(self._over_31(c))
        self.game.verify_submit(HUMAN, c)
        if len(d.observation.legal) > 1:
            self.coach.grade_play(self.hand_index, d.observation, c, self.dealer == HUMAN)
        self.game.submit(HUMAN, c)
        self._advance_engine()
        self.selected = []
        self.coach.clear_hint()
        self._reveal()

    @recorded
    def go(self) -> None:
        """Say go: only when no card fits."""
        _ = tr(self.lang)
        if self.phase != "play":
            raise CribError(self._not_now(_("say go")))
        d = self.decision
        assert d is not None
        if d.observation.legal:
            raise CribError(
                _("you cannot say go: {cards} still fits under 31").format(
                    cards=cards_pretty(d.observation.legal)
                )
            )
        self.game.submit(HUMAN, None)
        self._advance_engine()
        self._reveal()

    @recorded
    def next(self) -> None:
        """Go on: cut for the deal, deal, the next hand (after the whole show)."""
        _ = tr(self.lang)
        if self.phase == "lesson":  # a first game's lesson: Continue is lesson_done
            raise CribError(self._not_now(_("go on")))
        if self.phase == "cut":
            mine, theirs = self.cut_cards
            dealer = _("You deal") if mine.rank < theirs.rank else _("The computer deals")
            self.table.caption(
                _(
                    "Cut for deal: you cut {mine}, the computer {theirs}. "
                    "{dealer} (low card deals)."
                ).format(mine=mine.pretty, theirs=theirs.pretty, dealer=dealer)
            )
            self.phase = "cut_done"
        elif self.phase == "cut_done":
            self._advance_engine()
            self._reveal(through_show=True)
        elif self.phase == "hand_over":
            self._reveal(through_show=True)
        elif self.phase == "count":
            raise CribError(self._say("count_first"))
        elif self.phase == "over":
            raise CribError(_("the game is over: New game starts another"))
        else:
            raise CribError(self._say("turn_throw" if self.phase == "discard" else "turn_play"))

    @recorded
    def claim(self, text: str | int) -> None:
        """Manual counting: your count of the hand (or crib) being shown.

        The count is your decision in the game (a ``counted`` event in the log): a
        count above the true one is refused (count again); a count below it pegs
        the true count, or with muggins only your count, and the computer takes the
        points you missed (a ``muggins`` event, before the next count)."""
        _ = tr(self.lang)
        if self.phase != "count":
            raise CribError(_("there is nothing of yours to count now"))
        raw = str(text).strip()
        if not raw.isdigit():
            raise CribError(
                _("type your count as a number from 0 to 29, not '{text}'").format(text=raw)
                if raw
                else self._say("type_count")
            )
        n = int(raw)
        if n > 29:
            raise CribError(
                _("{n} is more than any hand can score (29 is the most): count again").format(n=n)
            )
        d = self.decision
        assert d is not None and d.kind == "count"
        try:
            self.game.verify_submit(HUMAN, n)
        except CribError:
            raise CribError(
                (
                    _(
                        "{n} is more than your crib counts: count again (fifteens, pairs, "
                        "runs, a flush, his nobs)"
                    )
                    if d.what == "crib"
                    else _(
                        "{n} is more than your hand counts: count again (fifteens, pairs, "
                        "runs, a flush, his nobs)"
                    )
                ).format(n=n)
            ) from None
        self.game.submit(HUMAN, n)
        self._advance_engine()
        self.count_entry = ""
        start = self.cursor
        self._reveal()  # your count, the show, and any muggins or the end
        revealed = self.game.events[start : self.cursor]
        e = next(x for x in revealed if isinstance(x, Shown))
        taken = next((x.points for x in revealed if isinstance(x, Muggins)), 0)
        self.message = self.coach.grade_count(
            self.hand_index, e, n, taken, self.muggins, self.dealer == HUMAN
        )
