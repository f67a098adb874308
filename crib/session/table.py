"""The revealed table: what a player at the table knows of the engine's events.

:class:`Table` holds the game's engine and a cursor into its events, folds each
revealed event into the table (your cards, the pile, the crib, the show, the scores
and pegs, the captions), reveals them one stop at a time, and draws the
:class:`~crib.session.model.GameView` and the prompt.  The
:class:`~crib.session.controller.GameController` holds one (``controller.table``);
its phase, selection and the coach's notes stay on the controller and reach the view
as arguments.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from crib.errors import CribError
from crib.i18n import N_, tr
from crib.rules import events as ev
from crib.rules.game import Decision, Game, secret_from_seed
from crib.rules.replay import replay
from crib.session.fold import SeatTable
from crib.session.model import _ORDINAL, HUMAN, GameView, fairness_words, replay_summary
from crib.session.words import say


class Table(SeatTable):
    """The revealed table of one game (see the module docstring): seat 0's
    :class:`~crib.session.fold.SeatTable` against "the computer", with the engine's
    cursor and the end-of-game fairness check.

    ``cursor`` counts the events revealed; ``winner`` is set when the game is over.
    """

    def __init__(self, game: Game, scores: tuple[int, int], lang: str = "en") -> None:
        _ = tr(lang)
        super().__init__(HUMAN, (_("you"), _("the computer")), scores, lang)
        self.game = game
        self.cursor = 0  # events revealed
        self.fairness = ""
        # a first game's lessons (crib.session.first_game): True stops the reveal after an event
        self.pause: Callable[[ev.Event], bool] | None = None
        self.touch = False  # a touch device: the prompts say tap (crib.session.words)
        self.apply(game.events[0])
        self.cursor = 1

    def apply(self, e: ev.Event) -> None:
        """Fold one revealed event into the table (never anything unrevealed)."""
        super().apply(e)
        if isinstance(e, ev.GameOver):
            self.fairness = self._fairness()

    def _fairness(self) -> str:
        seed = self.game.seed
        ok = hashlib.sha256(secret_from_seed(seed)).hexdigest() == self.game.commit
        try:
            verdict = replay_summary(replay(self.revealed_events()), self.lang)
        except CribError as err:
            verdict = tr(self.lang)(N_("the log did not replay: {error}")).format(error=err)
        return fairness_words(
            self.game.commit, secret_from_seed(seed).hex(), ok, verdict, self.lang
        )

    # -- revealing the engine's events -------------------------------------------

    def reveal(self, *, through_show: bool = False) -> str | None:
        """Reveal events up to the next stop: the phase it stops in (``"show"``,
        ``"hand_over"``, ``"over"``, or ``"lesson"`` when ``pause`` says so), or None at a
        decision of yours (or the end)."""
        evs = self.game.events
        while self.cursor < len(evs) and self.winner is None:
            e = evs[self.cursor]
            if isinstance(e, ev.Shown):
                return self._enter_show()
            if (
                isinstance(e, ev.Dealt)
                and self.hand_index >= 0
                and e.hand != self.hand_index
                and not through_show
            ):
                return "hand_over"
            self.cursor += 1
            self.apply(e)
            if self.pause is not None and self.winner is None and self.pause(e):
                return "lesson"
        return "over" if self.winner is not None else None

    def _enter_show(self) -> str:
        """At the next Shown event: reveal it (your own count, if you count by hand,
        was a decision before it: the ``count`` phase), and what the show says next."""
        evs = self.game.events
        e = evs[self.cursor]
        assert isinstance(e, ev.Shown)
        self.cursor += 1
        self.apply(e)
        if self.winner is not None:
            return "over"
        if self.cursor < len(evs) and isinstance(evs[self.cursor], ev.Muggins):
            self.cursor += 1  # the points a count missed go with that show
            self.apply(evs[self.cursor - 1])
        if self.cursor < len(evs) and isinstance(evs[self.cursor], ev.GameOver):
            self.cursor += 1
            self.apply(evs[self.cursor - 1])
            return "over"
        if self.pause is not None and self.pause(e):
            return "lesson"
        if self.shows and self.shows[-1].what == "crib":
            return "hand_over"
        return "show"

    # -- output --------------------------------------------------------------------

    def revealed_events(self) -> list[ev.Event]:
        return list(self.game.events[: self.cursor])

    def view(self, phase: str, decision: Decision | None, **notes: Any) -> GameView:
        """What the renderer shows now: the table, in ``phase`` at ``decision``;
        ``notes`` are the controller's and the coach's fields of the view (names,
        selected, hinted, grade, hint, coaching, manual, muggins, count_entry,
        cut_cards, mistakes)."""
        d = decision
        can_go = phase == "play" and d is not None and not d.observation.legal
        return GameView(
            **self.view_fields(phase, d),
            prompt=self.prompt(phase, d),
            can_go=can_go,
            commit=self.game.commit,
            fairness=self.fairness,
            **notes,
        )

    def prompt(self, phase: str, decision: Decision | None) -> str:
        """The line that says what to do in ``phase``, in keyboard or touch words
        (``touch``, :mod:`crib.session.words`)."""
        p, _ = phase, self._

        def said(name: str) -> str:
            return say(name, self.lang, touch=self.touch)

        if p in ("cut", "cut_done", "hand_over"):
            return said(p)
        if p == "discard":
            return said("discard_mine" if self.dealer == HUMAN else "discard_theirs")
        if p == "play":
            d = decision
            if d is not None and not d.observation.legal:
                return _("Count {n}: no card fits; the game says go for you.").format(n=self.count)
            return said("play").format(n=self.count, k=len(self.my_cards))
        if p == "count":
            d = decision
            return said("count_crib" if d is not None and d.what == "crib" else "count_hand")
        if p == "show":
            nxt = len(self.shows)
            left = _(_ORDINAL[nxt]) if nxt < 3 else ""
            return said("show_next").format(next=left) if left else said("show")
        if p == "over":
            return _("Game over. New game starts another.")
        return ""
