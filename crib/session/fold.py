"""One seat's table folded from the events it has seen: the one fold both games share.

:class:`SeatTable` folds revealed events, one at a time, into what a player at the
table knows: the six cards dealt, the hand kept and the throw, the opponent's cards
held or shown, the crib, the starter, the pile and the count, the show, the scores
with the pegs' back and front, the score history for the board chart, and the
captions.  It is seat-relative: index 0 is the seat itself, 1 the opponent.

The game against the computer (:class:`crib.session.table.Table`, seat 0 against
"the computer") and the game against a classmate
(:class:`crib.session.duel_view.SeatFold`, either seat, against the classmate's
name) both fold through it, so a caption, a peg or a history point is computed in one
place for both.  It never sees an unrevealed card: the events it is given are the
seat's own (the other seat's cards blanked until shown).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from crib.i18n import NP_, tr, trp
from crib.rules import events as ev
from crib.rules.cards import Card, cards_pretty
from crib.rules.events import PEG_WORDS
from crib.rules.game import Decision
from crib.rules.words import local_cards
from crib.session.model import ShowItem, show_item, skunk_words

__all__ = ["SeatTable", "PEG_WORDS", "peg_detail", "WHAT_WORDS"]

#: what a show counts (context "show"): a hand or the crib
WHAT_WORDS = {"hand": NP_("show", "hand"), "crib": NP_("show", "crib")}


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def peg_detail(detail: str, lang: str = "en") -> str:
    """A Played event's detail ("fifteen for 2, run for 3") in ``lang``; the stored
    event keeps its English (logs are language-neutral).

    >>> peg_detail("fifteen for 2, run for 3", "fr")
    'quinze pour 2, suite pour 3'
    """
    if lang == "en" or not detail:
        return detail
    _ = tr(lang)
    out = []
    for part in detail.split(", "):
        m = re.fullmatch(r"(.+) for (\d+)", part)
        kind = m.group(1) if m else part
        word = (
            _(PEG_WORDS[kind])
            if kind in PEG_WORDS
            else trp(lang)("show", WHAT_WORDS[kind])
            if kind in WHAT_WORDS
            else kind
        )
        out.append(_("{kind} for {n}").format(kind=word, n=m.group(2)) if m else word)
    return ", ".join(out)


class SeatTable:
    """The table as ``seat`` sees it; ``names`` are (me, them), ``them`` as a caption
    says it ("the computer", or a classmate's name)."""

    def __init__(
        self, seat: int, names: tuple[str, str], scores: Sequence[int] = (0, 0), lang: str = "en"
    ) -> None:
        self.seat = seat
        self.lang = lang
        self._ = tr(lang)
        self.names = (names[0], names[1])
        self.scores: tuple[int, int] = (scores[0], scores[1])  # (me, them), as revealed so far
        self.back = [scores[0], scores[1]]  # each peg's back hole
        self.history: list[tuple[int, int, int]] = [(0, scores[0], scores[1])]
        self.last_score: tuple[int, int, str] | None = None  # (who, points, what for)
        self.captions: list[str] = []
        self.hand_index = -1
        self.dealer: int | None = None  # 0 me, 1 them
        self.winner: int | None = None
        self.skunk = ""
        self.reset_hand()

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
        self.new_pile = False
        self.shows: list[ShowItem] = []

    # -- small helpers --------------------------------------------------------------

    def me(self, p: int | None) -> int | None:
        """0 for this seat, 1 for the other, None for None."""
        return None if p is None else (0 if p == self.seat else 1)

    def who(self, p: int | None) -> str:
        """'you' or the opponent as a caption names them."""
        return self._("you") if self.me(p) == 0 else self.names[1]

    def caption(self, text: str) -> None:
        self.captions.append(local_cards(text, self.lang))  # French: R♠, D♥, V♦
        del self.captions[:-6]

    def _scores(self, s: Sequence[int], why: str) -> None:
        new = (s[self.seat], s[1 - self.seat])
        for i in (0, 1):
            if new[i] != self.scores[i]:
                self.back[i] = self.scores[i]
                self.last_score = (i, new[i] - self.scores[i], why)
        self.scores = new
        if self.last_score is not None and self.last_score[2] == why:
            self.last_score = (*self.last_score[:2], peg_detail(why, self.lang))

    @property
    def count(self) -> int:
        """The count of the pile now (0 once a go or 31 has ended it)."""
        return 0 if self.new_pile else sum(c.value for _p, c in self.pile)

    def view_fields(self, phase: str, d: Decision | None) -> dict[str, Any]:
        """The :class:`~crib.session.model.GameView` fields drawn from the table, in
        ``phase`` at this seat's decision ``d`` (the rest are the page's own)."""
        legal: tuple[int, ...] = ()
        if phase == "play" and d is not None:
            legal = tuple(i for i, c in enumerate(self.my_cards) if c in d.observation.legal)
        cards = self.six if phase == "discard" else self.my_cards
        if phase in ("show", "count", "hand_over", "over") and self.my_throw:
            cards = tuple(c for c in self.six if c not in self.my_throw)
        crib_shown = self.crib_shown
        if phase == "count" and d is not None and d.kind == "count":
            cards = d.observation.hand  # the hand, or your crib turned up, to count
            if d.what == "crib":
                crib_shown = cards
        return dict(
            phase=phase,
            scores=self.scores,
            back=(self.back[0], self.back[1]),
            dealer=self.dealer,
            hand_number=self.hand_index + 1,
            my_cards=cards,
            legal=legal,
            opp_held=0 if self.opp_shown else self.opp_held,
            opp_shown=self.opp_shown,
            starter=self.starter,
            pile=tuple(self.pile),
            previous=tuple(self.previous),
            count=self.count,
            crib_count=0 if crib_shown else self.crib_count,
            crib_owner=self.dealer,
            crib_shown=crib_shown,
            show=self.shows[-1]
            if self.shows and phase in ("show", "hand_over", "over", "count")
            else None,
            shows=tuple(self.shows),
            captions=tuple(self.captions),
            winner=self.winner,
            skunk=self.skunk,
            history=tuple(self.history),
            last_score=self.last_score,
        )

    # -- the fold -------------------------------------------------------------------

    def apply(self, e: ev.Event) -> None:
        """Fold one revealed event into the table."""
        them, _ = self.names[1], self._
        if isinstance(e, ev.GameStarted):
            self.scores = (e.scores[self.seat], e.scores[1 - self.seat])
            self.back = list(self.scores)
            self.history = [(0, *self.scores)]
        elif isinstance(e, ev.Dealt):
            self.hand_index, self.dealer = e.hand, self.me(e.dealer)
            self.reset_hand()
            # your hand sorted by rank (then suit): runs and pairs are easy to see
            self.six = tuple(sorted(e.hands[self.seat], key=lambda c: (c.rank, c.suit)))
            self.my_cards, self.opp_held = self.six, 6
            self.captions.clear()  # a new deal (the cut for deal used its own shuffle)
            self.caption(
                _("Hand {n}: you deal.").format(n=e.hand + 1)
                if self.dealer == 0
                else _("Hand {n}: {name} deals.").format(n=e.hand + 1, name=them)
            )
        elif isinstance(e, ev.Discarded):
            self.crib_count += 2
            if self.me(e.player) == 0:
                self.my_throw = e.cards
                self.my_cards = tuple(c for c in self.six if c not in self.my_throw)
                cards = cards_pretty(self.my_throw)
                self.caption(
                    _("You throw {cards} to your crib.").format(cards=cards)
                    if self.dealer == 0
                    else _("You throw {cards} to {name}’s crib.").format(cards=cards, name=them)
                )
            else:
                self.opp_held = 4
                self.caption(_("{name} throws two cards to the crib.").format(name=_cap(them)))
        elif isinstance(e, ev.Cut):
            self.starter = e.starter
            self.caption(_("The starter is {card}.").format(card=self.starter.pretty))
        elif isinstance(e, ev.Heels):
            self._scores(e.scores, "his heels")
            self.caption(
                _("His heels: {who} +{n} for the jack turned up.").format(
                    who=self.who(e.player), n=e.points
                )
            )
        elif isinstance(e, ev.Played):
            self._played(e)
        elif isinstance(e, ev.Go):
            self._go(e)
        else:
            self._show(e)

    def _played(self, e: ev.Played) -> None:
        if self.new_pile:
            self.previous.extend(self.pile)
            self.pile, self.new_pile = [], False
        card = e.card
        p = self.me(e.player)
        assert p is not None
        self.pile.append((p, card))
        if p == 0:
            self.my_cards = tuple(c for c in self.my_cards if c != card)
        else:
            self.opp_held -= 1
        _ = self._
        if e.points:
            text = (
                _("You play {card}, {count}: {what} (+{n}).")
                if p == 0
                else _("{name} plays {card}, {count}: {what} (+{n}).")
            )
        else:
            text = _("You play {card}, {count}.") if p == 0 else _("{name} plays {card}, {count}.")
        self.caption(
            text.format(
                name=_cap(self.names[1]),
                card=card.pretty,
                count=e.count,
                what=peg_detail(e.detail, self.lang),
                n=e.points,
            )
        )
        self._scores(e.scores, re.sub(r" for \d+", "", e.detail))
        if e.reset:  # a 31: the count starts again
            self.new_pile = True

    def _go(self, e: ev.Go) -> None:
        count, _ = self.count, self._
        # your go is said for you: no choice (the caption says why)
        if self.me(e.player) == 0:
            why = (
                _("no cards left")
                if not self.my_cards
                else _("no card fits under 31 at {n}").format(n=count)
            )
            who = _("Go for you ({why})").format(why=why)
        else:
            who = _("{name} says go").format(name=_cap(self.names[1]))
        if e.scorer is not None:
            self.new_pile = True
            # the go point (PlayRecord component "go") is for the last card played
            if e.points:
                self.caption(
                    _(
                        "{who}: {scorer} +{n} for the last card, {count}; the count starts again."
                    ).format(who=who, scorer=self.who(e.scorer), n=e.points, count=count)
                )
            else:
                self.caption(_("{who}; the count starts again.").format(who=who))
        else:
            self.caption(f"{who}.")
        self._scores(e.scores, "go")

    def _show(self, e: ev.Event) -> None:
        them, _ = _cap(self.names[1]), self._
        what = (
            trp(self.lang)("show", WHAT_WORDS[e.what])
            if getattr(e, "what", None) in WHAT_WORDS
            else ""
        )
        if isinstance(e, ev.Shown):
            cards = e.cards
            p = self.me(e.player)
            assert p is not None
            item = show_item(p, e.what, cards, e.starter, self.lang)
            self.shows.append(item)
            if e.what == "crib":
                self.crib_shown, self.crib_count = cards, 0
            elif p == 1:
                self.opp_shown = cards
            self.caption(
                (
                    _("Your {what}: {said} ({n}).")
                    if p == 0
                    else _("{name}’s {what}: {said} ({n}).")
                ).format(name=them, what=what, said=item.said, n=e.total)
            )
            self._scores(e.scores, e.what)
            if e.what == "crib":
                self.history.append((self.hand_index + 1, *self.scores))
        elif isinstance(e, ev.Counted):
            self.caption(
                (
                    _("You count your {what}: {n}.")
                    if self.me(e.player) == 0
                    else _("{name} counts their {what}: {n}.")
                ).format(name=them, what=what, n=e.claimed)
            )
        elif isinstance(e, ev.Muggins):
            self.caption(
                (
                    _("You take the {n} missed (+{points}).")
                    if self.me(e.player) == 0
                    else _("Muggins! {name} takes the {n} missed (+{points}).")
                ).format(name=them, n=e.missed, points=e.points)
            )
            self._scores(e.scores, "muggins")
            if (
                self.shows
                and self.shows[-1].what == "crib"
                and self.history[-1][0] == self.hand_index + 1
            ):
                self.history[-1] = (
                    self.hand_index + 1,
                    *self.scores,
                )  # the crib's show, muggins included
        elif isinstance(e, ev.GameOver):
            self.winner = self.me(e.winner)
            self.skunk = e.skunk
            if self.history[-1][1:] != self.scores:
                self.history.append((self.hand_index + 1, *self.scores))
            score = f"{max(self.scores)}–{min(self.scores)}"
            won = (_("You win {score}") if self.winner == 0 else _("{name} wins {score}")).format(
                name=them, score=score
            )
            self.caption(f"{won}, {skunk_words(e.skunk, self.lang)}." if e.skunk else f"{won}.")
