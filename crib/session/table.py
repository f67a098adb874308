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
import re
from typing import Any

from crib.errors import CribError
from crib.rules import events as ev
from crib.rules.cards import Card, cards_pretty, parse_card, parse_cards
from crib.rules.game import Decision, Game, secret_from_seed
from crib.rules.replay import replay
from crib.session.model import _ORDINAL, COMPUTER, HUMAN, GameView, ShowItem, show_item


class Table:
    """The revealed table of one game (see the module docstring).

    ``cursor`` counts the events revealed; ``winner`` is set when the game is over.
    """

    def __init__(self, game: Game, scores: tuple[int, int]) -> None:
        self.game = game
        self.cursor = 0  # events revealed
        self.captions: list[str] = []
        self._engine_scores = (scores[0], scores[1])  # as revealed so far
        self._back = [scores[0], scores[1]]
        self._front = [scores[0], scores[1]]
        self._history: list[tuple[int, int, int]] = [(0, scores[0], scores[1])]
        self.fairness = ""
        self.winner: int | None = None
        self.skunk = ""
        self.hand_index = -1
        self.last_score: tuple[int, int, str] | None = None  # (player, points, what for)
        self.dealer: int | None = None
        self.reset_hand()
        self.apply(game.events[0])
        self.cursor = 1

    # -- the revealed table ------------------------------------------------------

    def reset_hand(self) -> None:
        self.six: tuple[Card, ...] = ()
        self.my_cards: tuple[Card, ...] = ()
        self.my_throw: tuple[Card, ...] = ()
        self.opp_held = 0
        self.opp_shown: tuple[Card, ...] = ()
        self.crib_count = 0
        self.crib_shown: tuple[Card, ...] = ()
        self.starter: Card | None = None
        self.pile: list[tuple[int, Card]] = []
        self.previous: list[tuple[int, Card]] = []
        self._new_pile = False
        self.shows: list[ShowItem] = []

    @property
    def scores(self) -> tuple[int, int]:
        """The scores as revealed so far (the engine's own, muggins included)."""
        return self._engine_scores

    def _set_scores(self, engine: tuple[int, int], why: str = "") -> None:
        before = self.scores
        self._engine_scores = (engine[0], engine[1])
        self._peg(before, why)

    def _peg(self, before: tuple[int, int], why: str = "") -> None:
        after = self.scores
        for p in (0, 1):
            if after[p] != before[p]:
                self._back[p] = before[p]
                self._front[p] = after[p]
                self.last_score = (p, after[p] - before[p], why)

    def caption(self, text: str) -> None:
        self.captions.append(text)
        del self.captions[:-6]

    def _name(self, p: int | None) -> str:
        return "you" if p == HUMAN else "the computer" if p == COMPUTER else "?"

    def apply(self, e: ev.Event) -> None:
        """Fold one revealed event into the table (never anything unrevealed)."""
        if isinstance(e, ev.GameStarted):
            return
        if isinstance(e, ev.Dealt):
            self.hand_index = e.hand
            self.reset_hand()
            self.dealer = e.dealer
            # your hand sorted by rank (then suit): runs and pairs are easy to see
            self.six = tuple(sorted(parse_cards(e.hands[HUMAN]), key=lambda c: (c.rank, c.suit)))
            self.my_cards = self.six
            self.opp_held = 6
            self.captions.clear()  # a new deal (the cut for deal used its own shuffle)
            self.caption(f"Hand {e.hand + 1}: {'you deal' if e.dealer == HUMAN else 'the computer deals'}.")
        elif isinstance(e, ev.Discarded):
            self.crib_count += 2
            if e.player == HUMAN:
                self.my_throw = parse_cards(e.cards)
                self.my_cards = tuple(c for c in self.six if c not in self.my_throw)
                self.caption(f"You throw {cards_pretty(self.my_throw)} to {'your' if self.dealer == HUMAN else 'the computer’s'} crib.")
            else:
                self.opp_held = 4
                self.caption("The computer throws two cards to the crib.")
        elif isinstance(e, ev.Cut):
            self.starter = parse_card(e.starter)
            self.caption(f"The starter is {self.starter.pretty}.")
        elif isinstance(e, ev.Heels):
            self._set_scores(e.scores, "his heels")
            self.caption(f"His heels: {self._name(e.player)} +{e.points} for the jack turned up.")
        elif isinstance(e, ev.Played):
            if self._new_pile:
                self.previous.extend(self.pile)
                self.pile = []
                self._new_pile = False
            card = parse_card(e.card)
            self.pile.append((e.player, card))
            if e.player == HUMAN:
                self.my_cards = tuple(c for c in self.my_cards if c != card)
            else:
                self.opp_held -= 1
            who = "You play" if e.player == HUMAN else "The computer plays"
            pts = f": {e.detail} (+{e.points})" if e.points else ""
            self.caption(f"{who} {card.pretty}, {e.count}{pts}.")
            self._set_scores(e.scores, re.sub(r" for \d+", "", e.detail))
            if e.count == 31:
                self._new_pile = True
        elif isinstance(e, ev.Go):
            count = self.count
            # your go is said for you: no choice (the caption says why)
            who = (
                f"Go for you ({'no cards left' if not self.my_cards else f'no card fits under 31 at {count}'})"
                if e.player == HUMAN
                else "The computer says go"
            )
            if e.scorer is not None:
                self._new_pile = True
                # the go point (PlayRecord component "go") is for the last card played
                if e.points:
                    self.caption(f"{who}: {self._name(e.scorer)} +{e.points} for the last card, {count}; the count starts again.")
                else:
                    self.caption(f"{who}; the count starts again.")
            else:
                self.caption(f"{who}.")
            self._set_scores(e.scores, "go")
        elif isinstance(e, ev.Shown):
            cards = parse_cards(e.cards)
            item = show_item(e.player, e.what, cards, parse_card(e.starter))
            self.shows.append(item)
            if e.what == "crib":
                self.crib_shown = cards
                self.crib_count = 0
            elif e.player == COMPUTER:
                self.opp_shown = cards
            whose = "Your" if e.player == HUMAN else "The computer's"
            self.caption(f"{whose} {e.what}: {item.said} ({e.total}).")
            self._set_scores(e.scores, e.what)
        elif isinstance(e, ev.Counted):
            whose = "your" if e.player == HUMAN else "their"
            self.caption(f"{'You count' if e.player == HUMAN else 'The computer counts'} {whose} {e.what}: {e.claimed}.")
        elif isinstance(e, ev.Muggins):
            who = "You take" if e.player == HUMAN else "Muggins! The computer takes"
            self.caption(f"{who} the {e.missed} missed (+{e.points}).")
            self._set_scores(e.scores, "muggins")
        elif isinstance(e, ev.GameOver):
            self._end(e.winner)

    def _end(self, winner: int) -> None:
        self.winner = winner
        s = self.scores
        self.skunk = ev.skunk_of(s[1 - winner])
        self._history.append((self.hand_index + 1, s[0], s[1]))
        seed = self.game.seed
        ok = hashlib.sha256(secret_from_seed(seed)).hexdigest() == self.game.commit
        try:
            r = replay(self.revealed_events())
            verdict = r.summary()
        except CribError as err:
            verdict = f"the log did not replay: {err}"
        self.fairness = (
            f"Commitment {self.game.commit[:16]}… {'matches' if ok else 'does NOT match'} the "
            f"revealed secret {secret_from_seed(seed).hex()[:16]}…; {verdict}."
        )
        word = "You win" if winner == HUMAN else "The computer wins"
        sk = f", a {self.skunk}" if self.skunk else ""
        self.caption(f"{word} {s[winner]}–{s[1 - winner]}{sk}.")

    # -- revealing the engine's events -------------------------------------------

    def reveal(self, *, through_show: bool = False) -> str | None:
        """Reveal events up to the next stop: the phase it stops in (``"show"``,
        ``"hand_over"`` or ``"over"``), or None at a decision of yours (or the end)."""
        evs = self.game.events
        while self.cursor < len(evs) and self.winner is None:
            e = evs[self.cursor]
            if isinstance(e, ev.Shown):
                return self._enter_show()
            if isinstance(e, ev.Dealt) and self.hand_index >= 0 and e.hand != self.hand_index and not through_show:
                return "hand_over"
            self.cursor += 1
            self.apply(e)
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
        if self.shows and self.shows[-1].what == "crib":
            self._history.append((self.hand_index + 1, *self.scores))
            return "hand_over"
        return "show"

    @property
    def count(self) -> int:
        return sum(c.value for _p, c in self.pile) if not self._new_pile else 0

    # -- output --------------------------------------------------------------------

    def revealed_events(self) -> list[ev.Event]:
        return list(self.game.events[: self.cursor])

    def view(self, phase: str, decision: Decision | None, **notes: Any) -> GameView:
        """What the renderer shows now: the table, in ``phase`` at ``decision``;
        ``notes`` are the controller's and the coach's fields of the view (names,
        selected, hinted, grade, hint, coaching, manual, muggins, count_entry,
        cut_cards, mistakes)."""
        d = decision
        legal: tuple[int, ...] = ()
        can_go = False
        if phase == "play" and d is not None:
            legal = tuple(i for i, c in enumerate(self.my_cards) if c in d.observation.legal)
            can_go = not d.observation.legal
        cards = self.six if phase == "discard" else self.my_cards
        if phase in ("show", "count", "hand_over", "over") and self.my_throw:
            cards = tuple(c for c in self.six if c not in self.my_throw)
        crib_shown = self.crib_shown
        if phase == "count" and d is not None and d.kind == "count":
            cards = d.observation.hand  # the hand, or your crib turned up, to count
            if d.what == "crib":
                crib_shown = cards
        show = self.shows[-1] if self.shows and phase in ("show", "hand_over", "over", "count") else None
        return GameView(
            phase=phase,
            scores=self.scores,
            back=(self._back[0], self._back[1]),
            dealer=self.dealer,
            hand_number=self.hand_index + 1,
            my_cards=cards,
            legal=legal,
            opp_held=self.opp_held if not self.opp_shown else 0,
            opp_shown=self.opp_shown,
            starter=self.starter,
            pile=tuple(self.pile),
            previous=tuple(self.previous),
            count=self.count,
            crib_count=0 if crib_shown else self.crib_count,
            crib_owner=self.dealer,
            crib_shown=crib_shown,
            show=show,
            shows=tuple(self.shows),
            captions=tuple(self.captions),
            prompt=self.prompt(phase, d),
            can_go=can_go,
            commit=self.game.commit,
            fairness=self.fairness,
            winner=self.winner,
            skunk=self.skunk,
            history=tuple(self._history),
            last_score=self.last_score,
            **notes,
        )

    def prompt(self, phase: str, decision: Decision | None) -> str:
        """The line that says what to do in ``phase``."""
        p = phase
        if p == "cut":
            return "Cut for the deal: press n (or Continue)."
        if p == "cut_done":
            return "Press n to deal."
        if p == "discard":
            whose = "your" if self.dealer == HUMAN else "the computer's"
            return f"Throw two cards to {whose} crib: pick them (1-6), then Enter."
        if p == "play":
            d = decision
            if d is not None and not d.observation.legal:
                return f"Count {self.count}: no card fits; the game says go for you."
            return f"Count {self.count}: your play. Press a card's number (1-{len(self.my_cards)}) or click it."
        if p == "count":
            d = decision
            what = "your crib" if d is not None and d.what == "crib" else "your hand"
            return f"Count {what}: type the number, then Enter."
        if p == "show":
            nxt = len(self.shows)
            left = _ORDINAL[nxt] if nxt < 3 else ""
            return f"The show. Press n for the {left}." if left else "Press n."
        if p == "hand_over":
            return "The hand is over. Press n for the next deal."
        if p == "over":
            return "Game over. New game starts another."
        return ""
