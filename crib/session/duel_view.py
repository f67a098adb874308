"""One seat's view of a game between two people (:mod:`crib.session.duel`): its events
(the opponent's unseen cards blanked, :func:`~crib.session.duel_record.seat_events`)
folded into the table, and the :class:`~crib.session.model.GameView` the page draws,
built from that fold and the seat's own :class:`~crib.rules.observation.Observation`
alone; seat-relative, index 0 is the seat itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from crib.errors import CribError
from crib.rules import events as ev
from crib.rules.cards import Card, cards_pretty, parse_card, parse_cards
from crib.rules.fairness import verify_match
from crib.rules.replay import replay
from crib.session.duel_record import seat_events
from crib.session.model import GameView, Grade, ShowItem, show_item
from crib.session.review import counts_from_log, grade_log

if TYPE_CHECKING:
    from crib.session.duel import DuelSeat

__all__ = ["SeatFold", "seat_fold", "seat_view", "seat_prompt", "presence_text", "seat_fairness", "seat_review"]


@dataclass
class SeatFold:
    """One seat's table, folded from its own events (see :meth:`DuelSeat.view`)."""

    seat: int
    names: tuple[str, str]  # (me, them)
    scores: tuple[int, int] = (0, 0)  # (me, them)
    back: list[int] = field(default_factory=lambda: [0, 0])
    hand_index: int = -1
    dealer: int | None = None  # 0 me, 1 them
    six: tuple[Card, ...] = ()
    my_cards: tuple[Card, ...] = ()
    my_throw: tuple[Card, ...] = ()
    opp_held: int = 0
    opp_shown: tuple[Card, ...] = ()
    crib_count: int = 0
    crib_shown: tuple[Card, ...] = ()
    starter: Card | None = None
    pile: list[tuple[int, Card]] = field(default_factory=list)
    previous: list[tuple[int, Card]] = field(default_factory=list)
    new_pile: bool = False
    shows: list[ShowItem] = field(default_factory=list)
    captions: list[str] = field(default_factory=list)
    history: list[tuple[int, int, int]] = field(default_factory=list)
    last_score: tuple[int, int, str] | None = None
    winner: int | None = None
    skunk: str = ""

    def me(self, p: int | None) -> int | None:
        return None if p is None else (0 if p == self.seat else 1)

    def _scores(self, s: Sequence[int], why: str) -> None:
        new = (s[self.seat], s[1 - self.seat])
        for i in (0, 1):
            if new[i] != self.scores[i]:
                self.back[i] = self.scores[i]
                self.last_score = (i, new[i] - self.scores[i], why)
        self.scores = new

    def caption(self, text: str) -> None:
        self.captions.append(text)
        del self.captions[:-6]

    def who(self, p: int | None, you: str = "you") -> str:
        return you if self.me(p) == 0 else self.names[1]

    def apply(self, e: ev.Event) -> None:
        them = self.names[1]
        if isinstance(e, ev.GameStarted):
            self.scores = (e.scores[self.seat], e.scores[1 - self.seat])
            self.back = list(self.scores)
            self.history = [(0, *self.scores)]
        elif isinstance(e, ev.Dealt):
            self.hand_index, self.dealer = e.hand, self.me(e.dealer)
            self.six = tuple(sorted(parse_cards(e.hands[self.seat]), key=lambda c: (c.rank, c.suit)))
            self.my_cards, self.my_throw, self.opp_held, self.opp_shown = self.six, (), 6, ()
            self.crib_count, self.crib_shown, self.starter = 0, (), None
            self.pile, self.previous, self.new_pile, self.shows = [], [], False, []
            self.captions.clear()
            self.caption(f"Hand {e.hand + 1}: {'you deal' if self.dealer == 0 else them + ' deals'}.")
        elif isinstance(e, ev.Discarded):
            self.crib_count += 2
            if e.player == self.seat:
                self.my_throw = parse_cards(e.cards)
                self.my_cards = tuple(c for c in self.six if c not in self.my_throw)
                self.caption(f"You throw {cards_pretty(self.my_throw)} to the crib.")
            else:
                self.opp_held = 4
                self.caption(f"{them} throws two cards to the crib.")
        elif isinstance(e, ev.Cut):
            self.starter = parse_card(e.starter)
            self.caption(f"The starter is {self.starter.pretty}.")
        elif isinstance(e, ev.Heels):
            self._scores(e.scores, "his heels")
            self.caption(f"His heels: {self.who(e.player)} +{e.points}.")
        elif isinstance(e, ev.Played):
            if self.new_pile:
                self.previous.extend(self.pile)
                self.pile, self.new_pile = [], False
            card = parse_card(e.card)
            p = self.me(e.player)
            assert p is not None
            self.pile.append((p, card))
            if p == 0:
                self.my_cards = tuple(c for c in self.my_cards if c != card)
            else:
                self.opp_held -= 1
            pts = f": {e.detail} (+{e.points})" if e.points else ""
            self.caption(f"{'You play' if p == 0 else them + ' plays'} {card.pretty}, {e.count}{pts}.")
            self._scores(e.scores, re.sub(r" for \d+", "", e.detail))
            if e.count == 31:
                self.new_pile = True
        elif isinstance(e, ev.Go):
            who = "Go for you" if self.me(e.player) == 0 else f"{them} says go"
            if e.scorer is not None:
                self.new_pile = True
                extra = f": {self.who(e.scorer)} +{e.points} for the last card" if e.points else ""
                self.caption(f"{who}{extra}; the count starts again.")
            else:
                self.caption(f"{who}.")
            self._scores(e.scores, "go")
        elif isinstance(e, ev.Shown):
            cards = parse_cards(e.cards)
            p = self.me(e.player)
            assert p is not None
            self.shows.append(show_item(p, e.what, cards, parse_card(e.starter)))
            if e.what == "crib":
                self.crib_shown, self.crib_count = cards, 0
            elif p == 1:
                self.opp_shown = cards
            self.caption(f"{'Your' if p == 0 else them + '’s'} {e.what}: {e.total}.")
            self._scores(e.scores, e.what)
            if e.what == "crib":
                self.history.append((self.hand_index + 1, *self.scores))
        elif isinstance(e, ev.Counted):
            self.caption(f"{'You count' if self.me(e.player) == 0 else them + ' counts'} {e.claimed}.")
        elif isinstance(e, ev.Muggins):
            self.caption(f"Muggins! {self.who(e.player, 'You').capitalize()} take{'s' if self.me(e.player) else ''} {e.missed}.")
            self._scores(e.scores, "muggins")
        elif isinstance(e, ev.GameOver):
            self.winner = self.me(e.winner)
            self.skunk = e.skunk
            if not self.history or self.history[-1][1:] != self.scores:
                self.history.append((self.hand_index + 1, *self.scores))
            w = "You win" if self.winner == 0 else f"{them} wins"
            self.caption(f"{w} {max(self.scores)}–{min(self.scores)}{', a ' + e.skunk if e.skunk else ''}.")

    @property
    def count(self) -> int:
        return 0 if self.new_pile else sum(c.value for _p, c in self.pile)



def seat_view(self: DuelSeat) -> GameView:
    """What ``self``'s page shows, from the seat's events and its own observation only;
    seat-relative: index 0 is you, 1 your classmate."""
    f = self._fold()
    phase = self.phase
    d = self.decision()
    legal: tuple[int, ...] = ()
    cards = f.six if phase == "discard" else f.my_cards
    if phase in ("hand_over", "over") and f.my_throw:
        cards = tuple(c for c in f.six if c not in f.my_throw)
    crib_shown = f.crib_shown
    if phase == "play" and d is not None:
        legal = tuple(i for i, c in enumerate(f.my_cards) if c in d.observation.legal)
    if phase == "count" and d is not None:
        cards = d.observation.hand  # your hand, or your crib turned up, to count
        if d.what == "crib":
            crib_shown = cards
    fair = ""
    if self.game is not None and self.game.over:
        fair = self.fairness()
    return GameView(
        phase=phase,
        names=f.names,
        scores=f.scores,
        back=(f.back[0], f.back[1]),
        dealer=f.dealer,
        hand_number=f.hand_index + 1,
        my_cards=cards,
        selected=tuple(self.selected),
        legal=legal,
        hinted=(),
        opp_held=0 if f.opp_shown else f.opp_held,
        opp_shown=f.opp_shown,
        starter=f.starter,
        pile=tuple(f.pile),
        previous=tuple(f.previous),
        count=f.count,
        crib_count=0 if crib_shown else f.crib_count,
        crib_owner=f.dealer,
        crib_shown=crib_shown,
        show=f.shows[-1] if f.shows and phase in ("hand_over", "over", "count") else None,
        shows=tuple(f.shows) if phase in ("hand_over", "over", "count") else (),
        captions=tuple(f.captions),
        prompt=seat_prompt(self, phase, f),
        can_go=False,
        grade=None,
        hint="",
        coaching=False,
        manual=self.record.manual[self.seat],
        muggins=self.record.muggins,
        count_entry=self.count_entry,
        cut_cards=None,
        commit=self.record.commit,
        fairness=fair,
        winner=f.winner,
        skunk=f.skunk,
        history=tuple(f.history),
        mistakes=0,
        last_score=f.last_score,
    )

def seat_prompt(self: DuelSeat, phase: str, f: SeatFold | None = None) -> str:
    """The line that says what to do in ``phase``."""
    them = self.record.names[1 - self.seat] or "your classmate"
    if phase == "waiting":
        return f"Table {self.code}: waiting for your classmate. Tell them the code {self.code}."
    if phase == "discard":
        whose = "your" if f is not None and f.dealer == 0 else f"{them}’s"
        return f"Throw two cards to {whose} crib: pick them, then Throw."
    if phase == "play":
        count = f.count if f is not None else 0
        return f"Count {count}: your play. Click a card (or press its number)."
    if phase == "count":
        return "Count your cards: type the number, then Count it."
    if phase == "wait":
        if self.game is not None and self._my_waiting_discard() or _discard_thrown(self):
            return f"Waiting for {them} to throw."
        return f"Waiting for {them}…"
    if phase == "hand_over":
        return "The show. Press Continue for the next deal."
    if phase == "over":
        return "Game over. The coach reviews your decisions below."
    if phase == "abandoned":
        return f"This game was abandoned: {self.record.reason}."
    return ""

def _discard_thrown(self: DuelSeat) -> bool:
    if self.game is None or self.game.over:
        return False
    d = self.game.pending()
    return d is not None and d.kind == "discard" and d.player != self.seat

def presence_text(self: DuelSeat) -> str:
    """'Ann left the table', or '' while both are here."""
    p = self.opponent_presence()
    them = self.record.names[1 - self.seat]
    if p == "left" and self.record.status in ("playing", "waiting") and not (self.game and self.game.over):
        return f"{them} left the table. Wait for them to come back (same link), or abandon the game."
    if p == "not yet" and self.record.status == "playing":
        return f"{them} has not opened this table yet: you can make your first move."
    return ""


def seat_fold(self: DuelSeat) -> SeatFold:
    """This seat's table, folded incrementally from :meth:`my_events` (the events a
    page sees only grow)."""
    r = self.record
    if self.game is None:
        return SeatFold(self.seat, (r.names[self.seat] or "", "your classmate"), scores=r.scores)
    if self._folded is None:
        me, them = r.names[self.seat] or "", r.names[1 - self.seat] or ""
        self._folded = (SeatFold(self.seat, (me, them), scores=r.scores), 0)
    f, done = self._folded
    upto = self._visible_upto()
    for e in seat_events(self.game.events[done:upto], self.seat):
        f.apply(e)
    self._folded = (f, max(done, upto))
    return f


def seat_fairness(self: DuelSeat) -> str:
    """The end-of-game check: the commitment against the secret, and the log replayed."""
    assert self.game is not None
    secret = bytes.fromhex(self.secret())
    problems = verify_match(self.record.commit, secret, self.game.decks)
    try:
        verdict = replay(self.game.events, secret=secret).summary()
    except CribError as err:
        verdict = f"the log did not replay: {err}"
    ok = "matches" if not problems else "does NOT match"
    return f"Commitment {self.record.commit[:16]}… {ok} the revealed secret {secret.hex()[:16]}…; {verdict}."

def seat_review(self: DuelSeat) -> list[Grade]:
    """This seat's decisions graded by the Master (as against the computer), in game
    order; :func:`crib.session.review.Coach.review` sorts them worst first."""
    if self.game is None or not self.game.over:
        raise CribError("the review comes at the end of the game")
    if self._grades is None:
        evs = self.game.events
        self._grades = grade_log(evs, counts_from_log(evs, self.seat), seat=self.seat)
    return sorted(self._grades, key=lambda g: (-g.lost, g.number))
