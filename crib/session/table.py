"""The revealed table: how :class:`~crib.session.controller.GameController` folds the
engine's events into what a player at the table knows, reveals them one stop at a
time, and builds the :class:`~crib.session.model.GameView` and the prompt.

Split out of :mod:`crib.session.controller` as :class:`_TableMixin`; the state it
reads and writes is set up in ``GameController.__init__``.
"""

from __future__ import annotations

import hashlib
import re

from crib.errors import CribError
from crib.rules.cards import Card, cards_pretty, parse_card, parse_cards
from crib.rules.events import (
    Counted,
    Cut,
    Dealt,
    Discarded,
    Event,
    GameOver,
    GameStarted,
    Go,
    Heels,
    Muggins,
    Played,
    Shown,
    skunk_of,
)
from crib.rules.game import secret_from_seed
from crib.rules.replay import replay
from crib.session.model import _ORDINAL, COMPUTER, HUMAN, GameView, ShowItem, show_item


class _TableMixin:
    """GameController's table: revealed events, scores and pegs, captions, the view."""

    # -- the revealed table ------------------------------------------------------

    def _reset_hand(self) -> None:
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

    def _caption(self, text: str) -> None:
        self.captions.append(text)
        del self.captions[:-6]

    def _name(self, p: int | None) -> str:
        return "you" if p == HUMAN else "the computer" if p == COMPUTER else "?"

    def _apply(self, e: Event) -> None:
        """Fold one revealed event into the table (never anything unrevealed)."""
        if isinstance(e, GameStarted):
            return
        if isinstance(e, Dealt):
            self.hand_index = e.hand
            self._reset_hand()
            self.dealer = e.dealer
            self.six = parse_cards(e.hands[HUMAN])
            self.my_cards = self.six
            self.opp_held = 6
            self.captions.clear()  # a new deal (the cut for deal used its own shuffle)
            self._caption(f"Hand {e.hand + 1}: {'you deal' if e.dealer == HUMAN else 'the computer deals'}.")
        elif isinstance(e, Discarded):
            self.crib_count += 2
            if e.player == HUMAN:
                self.my_throw = parse_cards(e.cards)
                self.my_cards = tuple(c for c in self.six if c not in self.my_throw)
                self._caption(f"You throw {cards_pretty(self.my_throw)} to {'your' if self.dealer == HUMAN else 'the computer’s'} crib.")
            else:
                self.opp_held = 4
                self._caption("The computer throws two cards to the crib.")
        elif isinstance(e, Cut):
            self.starter = parse_card(e.starter)
            self._caption(f"The starter is {self.starter.pretty}.")
        elif isinstance(e, Heels):
            self._set_scores(e.scores, "his heels")
            self._caption(f"His heels: {self._name(e.player)} +{e.points} for the jack turned up.")
        elif isinstance(e, Played):
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
            self._caption(f"{who} {card.pretty}, {e.count}{pts}.")
            self._set_scores(e.scores, re.sub(r" for \d+", "", e.detail))
            if e.count == 31:
                self._new_pile = True
        elif isinstance(e, Go):
            who = "You say" if e.player == HUMAN else "The computer says"
            if e.scorer is not None:
                self._new_pile = True
                last = "last card" if not self.my_cards and not self.opp_held else "go"
                if e.points:
                    self._caption(f"{who} go: {self._name(e.scorer)} +{e.points} for the {last}; the count starts again.")
                else:
                    self._caption(f"{who} go; the count starts again.")
            else:
                self._caption(f"{who} go.")
            self._set_scores(e.scores, "go")
        elif isinstance(e, Shown):
            cards = parse_cards(e.cards)
            item = show_item(e.player, e.what, cards, parse_card(e.starter))
            self.shows.append(item)
            if e.what == "crib":
                self.crib_shown = cards
                self.crib_count = 0
            elif e.player == COMPUTER:
                self.opp_shown = cards
            whose = "Your" if e.player == HUMAN else "The computer's"
            self._caption(f"{whose} {e.what}: {item.said} ({e.total}).")
            self._set_scores(e.scores, e.what)
        elif isinstance(e, Counted):
            whose = "your" if e.player == HUMAN else "their"
            self._caption(f"{'You count' if e.player == HUMAN else 'The computer counts'} {whose} {e.what}: {e.claimed}.")
        elif isinstance(e, Muggins):
            who = "You take" if e.player == HUMAN else "Muggins! The computer takes"
            self._caption(f"{who} the {e.missed} missed (+{e.points}).")
            self._set_scores(e.scores, "muggins")
        elif isinstance(e, GameOver):
            self._end(e.winner)

    def _end(self, winner: int) -> None:
        self.winner = winner
        s = self.scores
        self.skunk = skunk_of(s[1 - winner])
        self.phase = "over"
        self._history.append((self.hand_index + 1, s[0], s[1]))
        ok = hashlib.sha256(secret_from_seed(self.seed)).hexdigest() == self.game.commit
        try:
            r = replay(self.revealed_events())
            verdict = r.summary()
        except CribError as err:
            verdict = f"the log did not replay: {err}"
        self.fairness = (
            f"Commitment {self.game.commit[:16]}… {'matches' if ok else 'does NOT match'} the "
            f"revealed secret {secret_from_seed(self.seed).hex()[:16]}…; {verdict}."
        )
        word = "You win" if winner == HUMAN else "The computer wins"
        sk = f", a {self.skunk}" if self.skunk else ""
        self._caption(f"{word} {s[winner]}–{s[1 - winner]}{sk}.")

    # -- revealing the engine's events -------------------------------------------

    def _events(self) -> list[Event]:
        return self.game.events

    def _reveal(self, *, through_show: bool = False) -> None:
        """Reveal events up to the next stop: a decision of yours, the show, or the end."""
        evs = self._events()
        while self.cursor < len(evs) and self.phase != "over":
            e = evs[self.cursor]
            if isinstance(e, Shown):
                self._enter_show()
                return
            if isinstance(e, Dealt) and self.hand_index >= 0 and e.hand != self.hand_index and not through_show:
                self.phase = "hand_over"
                return
            self.cursor += 1
            self._apply(e)
        if self.phase == "over":
            return
        d = self.decision
        if d is None:
            return
        self.phase = d.kind
        self.selected = []
        self._hinted = ()
        self._hint_used = False
        if d.kind == "play" and not d.observation.legal:
            self.message = "No card fits: press g (or Go) to say go."

    def _enter_show(self) -> None:
        """At the next Shown event: reveal it (your own count, if you count by hand,
        was a decision before it: the ``count`` phase)."""
        e = self._events()[self.cursor]
        assert isinstance(e, Shown)
        self.phase = "show"
        self.cursor += 1
        self._apply(e)
        self._after_show()

    def _after_show(self) -> None:
        if self.phase == "over":
            return
        evs = self._events()
        if self.cursor < len(evs) and isinstance(evs[self.cursor], Muggins):
            self.cursor += 1  # the points a count missed go with that show
            self._apply(evs[self.cursor - 1])
        if self.cursor < len(evs) and isinstance(evs[self.cursor], GameOver):
            self.cursor += 1
            self._apply(evs[self.cursor - 1])
            return
        if self.shows and self.shows[-1].what == "crib":
            self._history.append((self.hand_index + 1, *self.scores))
            self.phase = "hand_over"
        else:
            self.phase = "show"

    def _advance_engine(self) -> None:
        self.decision = self.game.advance()

    @property
    def count(self) -> int:
        return sum(c.value for _p, c in self.pile) if not self._new_pile else 0

    # -- output --------------------------------------------------------------------

    def revealed_events(self) -> list[Event]:
        return list(self._events()[: self.cursor])

    def view(self) -> GameView:
        """What the renderer shows now."""
        d = self.decision
        legal: tuple[int, ...] = ()
        can_go = False
        if self.phase == "play" and d is not None:
            legal = tuple(i for i, c in enumerate(self.my_cards) if c in d.observation.legal)
            can_go = not d.observation.legal
        cards = self.six if self.phase == "discard" else self.my_cards
        if self.phase in ("show", "count", "hand_over", "over") and self.my_throw:
            cards = tuple(c for c in self.six if c not in self.my_throw)
        crib_shown = self.crib_shown
        if self.phase == "count" and d is not None and d.kind == "count":
            cards = d.observation.hand  # the hand, or your crib turned up, to count
            if d.what == "crib":
                crib_shown = cards
        show = self.shows[-1] if self.shows and self.phase in ("show", "hand_over", "over", "count") else None
        graded = [g for g in self.grades if g.verdict in ("mistake", "blunder")]
        return GameView(
            phase=self.phase,
            names=self.names,
            scores=self.scores,
            back=(self._back[0], self._back[1]),
            dealer=self.dealer,
            hand_number=self.hand_index + 1,
            my_cards=cards,
            selected=tuple(self.selected),
            legal=legal,
            hinted=self._hinted,
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
            prompt=self.prompt(),
            can_go=can_go,
            grade=(
                self.grades[-1]
                if self.grades and self.coaching and self.grades[-1].hand == self.hand_index
                else None
            ),
            hint=self.hint_text,
            coaching=self.coaching,
            manual=self.manual,
            muggins=self.muggins,
            count_entry=self.count_entry,
            cut_cards=self.cut_cards if self.phase == "cut_done" else None,
            commit=self.game.commit,
            fairness=self.fairness,
            winner=self.winner,
            skunk=self.skunk,
            history=tuple(self._history),
            mistakes=len(graded),
            last_score=self.last_score,
        )

    def prompt(self) -> str:
        p = self.phase
        if p == "cut":
            return "Cut for the deal: press n (or Continue)."
        if p == "cut_done":
            return "Press n to deal."
        if p == "discard":
            whose = "your" if self.dealer == HUMAN else "the computer's"
            return f"Throw two cards to {whose} crib: pick them (1-6), then Enter."
        if p == "play":
            d = self.decision
            if d is not None and not d.observation.legal:
                return f"Count {self.count}: no card fits. Press g to say go."
            return f"Count {self.count}: your play. Pick a card (1-{len(self.my_cards)}), then Enter, or click it."
        if p == "count":
            d = self.decision
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
