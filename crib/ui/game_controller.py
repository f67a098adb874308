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

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any
from urllib.parse import urlencode

from crib.ai.players import make_player
from crib.analysis.coach import grade_discard, grade_play, hint_discard, trap_flag
from crib.analysis.discard import analyze_discard
from crib.analysis.play import analyze_play
from crib.errors import CribError
from crib.rules.cards import Card, cards_pretty, parse_card, parse_cards
from crib.rules.events import (
    WIN,
    Cut,
    Dealt,
    Discarded,
    Event,
    GameOver,
    GameStarted,
    Go,
    Heels,
    Played,
    Shown,
    log_from_json,
    log_to_json,
    skunk_of,
)
from crib.rules.game import Decision, Game, secret_from_seed
from crib.rules.players import HumanPlayer
from crib.rules.position import PeggingPosition
from crib.rules.replay import replay
from crib.rules.scoring import Score, score_hand

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
]

# The opponent tiers offered, weakest first; the last one is the default opponent.
# Adding the Master tier is this one line: ("easy", "normal", "hard", "expert", "master").
TIERS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
# Whose model grades your decisions: the strongest tier (grade_discard / grade_play
# use the Expert's model today; a Master tier brings its own grades with it).
COACH = TIERS[-1]
HUMAN, COMPUTER = 0, 1
KEYS = (
    ("1-6", "select a card"),
    ("Enter", "confirm"),
    ("g", "go (when no card fits)"),
    ("h", "hint"),
    ("n", "next / continue"),
    ("0-9, Backspace", "type your count (manual counting)"),
)
_ORDINAL = ("pone's hand", "dealer's hand", "crib")


@dataclass(frozen=True)
class Grade:
    """One of your decisions, graded by the coach."""

    number: int  # 1, 2, ... in the game
    hand: int  # hand index (0-based)
    kind: str  # "discard", "play" or "count"
    chosen: str  # what you did, pretty
    best: str  # the coach's choice, pretty
    lost: float  # points given up (expected, or counted for a miscount)
    verdict: str  # best, ok, mistake, blunder
    tags: tuple[str, ...] = ()
    trap: bool | None = None  # None until the exact analysis has run (plays only)
    sentence: str = ""
    position: str = ""  # six cards (discard) or a PeggingPosition text (play)
    dealer: bool = False
    hinted: bool = False

    @property
    def analyzer_url(self) -> str:
        """A link (relative to the dashboards) that opens this position in its analyzer."""
        if self.kind == "discard":
            q = urlencode({"six": self.position, "seat": "dealer" if self.dealer else "pone"})
            return f"discard.ipynb?{q}"
        if self.kind == "play":
            return f"pegging.ipynb?{urlencode({'position': self.position})}"
        return ""


@dataclass(frozen=True)
class CountRecord:
    """A hand you counted yourself (manual counting)."""

    hand: int
    what: str  # "hand" or "crib"
    claimed: int
    total: int
    muggins: int  # points the computer took (muggins on, count too low)


@dataclass(frozen=True)
class ShowItem:
    """A counted hand for the show component: spoken lines with their cards."""

    player: int
    what: str  # "hand" or "crib"
    cards: tuple[Card, ...]
    starter: Card
    total: int
    lines: tuple[tuple[str, tuple[Card, ...]], ...]  # (spoken words, cards of that combination)
    said: str  # the whole count aloud


@dataclass(frozen=True)
class GameView:
    """Everything the renderer may show; built only from what a player at the table sees."""

    phase: str
    names: tuple[str, str]
    scores: tuple[int, int]
    back: tuple[int, int]  # back pegs (the score before the last points)
    dealer: int | None
    hand_number: int  # 1-based; 0 before the first deal
    my_cards: tuple[Card, ...]
    selected: tuple[int, ...]
    legal: tuple[int, ...]  # indexes of my cards that may be played now
    hinted: tuple[int, ...]  # indexes the last hint rings
    opp_held: int  # face-down cards the computer holds
    opp_shown: tuple[Card, ...]  # the computer's hand, once shown
    starter: Card | None
    pile: tuple[tuple[int, Card], ...]  # this sub-round, (player, card)
    previous: tuple[tuple[int, Card], ...]  # earlier sub-rounds of this hand
    count: int
    crib_count: int  # face-down cards in the crib
    crib_owner: int | None
    crib_shown: tuple[Card, ...]
    show: ShowItem | None
    shows: tuple[ShowItem, ...]  # this hand's shows so far, in order
    captions: tuple[str, ...]  # the latest events, newest last
    prompt: str  # what to do now
    can_go: bool
    grade: Grade | None  # the last graded decision (coaching on)
    hint: str
    coaching: bool
    manual: bool
    muggins: bool
    count_entry: str  # digits typed so far in manual counting
    cut_cards: tuple[Card, Card] | None
    commit: str
    fairness: str  # the end-of-game verification ("" before the end)
    winner: int | None
    skunk: str
    history: tuple[tuple[int, int, int], ...]  # (hand number, my score, computer score) per hand
    mistakes: int  # mistakes + blunders so far
    last_score: tuple[int, int, str] | None = None  # (player, points, what for): the board's caption

    def visible_cards(self) -> set[Card]:
        """Every card this view carries (for the no-peek tests)."""
        out = set(self.my_cards) | set(self.opp_shown) | set(self.crib_shown)
        out |= {c for _p, c in self.pile} | {c for _p, c in self.previous}
        if self.starter is not None:
            out.add(self.starter)
        for s in self.shows:
            out |= set(s.cards) | {s.starter}
        if self.cut_cards:
            out |= set(self.cut_cards)
        return out

    def texts(self) -> str:
        """All the text this view carries (for the no-peek tests)."""
        g = self.grade
        return "\n".join(
            [*self.captions, self.prompt, self.hint, g.sentence if g else "", g.best if g else ""]
        )


def cut_for_deal(seed: int) -> tuple[Card, Card]:
    """Your cut and the computer's, drawn from the seed; the lower card deals (no ties).

    >>> a, b = cut_for_deal(7)
    >>> a.rank != b.rank
    True
    """
    from crib.rules.fairness import shuffled_deck

    deck = shuffled_deck(int.from_bytes(hashlib.sha256(b"cut-for-deal|%d" % seed).digest()[:8], "big"))
    mine = deck[0]
    theirs = next(c for c in deck[1:] if c.rank != mine.rank)
    return mine, theirs


_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty", "twenty-one", "twenty-two", "twenty-three", "twenty-four",
    "twenty-five", "twenty-six", "twenty-seven", "twenty-eight", "twenty-nine",
)


def _spoken(s: Score) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """The count aloud, one line per combination with its running total.

    >>> [w for w, _c in _spoken(score_hand(parse_cards("5H 5D JC QS"), parse_card("KD")))][-1]
    'and a run of three is seventeen'
    """
    lines: list[tuple[str, tuple[Card, ...]]] = []
    run = 0
    for i, c in enumerate(s.components):
        run += c.points
        total = _WORDS[run] if run < len(_WORDS) else str(run)
        if c.kind == "fifteen":
            words = f"fifteen {total}"
        else:
            words = f"{'and ' if i else ''}{_kind_words(c.kind, len(c.cards))} is {total}"
        lines.append((words, tuple(c.cards)))
    if not lines:
        lines.append(("nineteen: no points", ()))
    return tuple(lines)


def _kind_words(kind: str, n: int) -> str:
    if kind == "pair":
        return "a pair"
    if kind == "run":
        return f"a run of {_WORDS[n]}"
    if kind == "flush":
        return f"a {_WORDS[n]}-card flush"
    if kind == "nobs":
        return "one for his nob"
    return kind


def show_item(player: int, what: str, cards: Sequence[Card], starter: Card) -> ShowItem:
    """The show component's data for one hand (or the crib)."""
    s = score_hand(tuple(cards), starter, is_crib=what == "crib")
    return ShowItem(player, what, tuple(cards), starter, s.total, _spoken(s), s.say())


def _position(obs: Any) -> PeggingPosition:
    """Your turn in the play as a PeggingPosition (what the analyzers take)."""
    pile = tuple(obs.pile)
    played = tuple(obs.played)
    previous = played[: len(played) - len(pile)]
    return PeggingPosition(
        hand=obs.hand,
        pile=pile,
        previous=previous,
        starter=obs.starter,
        discards=obs.my_discards,
        opp_count=obs.opp_cards_held,
        opp_go=obs.opp_said_go,
        scores=(obs.my_score, obs.opp_score),
    )


def _grade_discard(n: int, hand: int, six: Sequence[Card], throw: Sequence[Card], dealer: bool, hinted: bool) -> Grade:
    g = grade_discard(tuple(six), tuple(throw), dealer=dealer)
    return Grade(
        n, hand, "discard", cards_pretty(g.throw), cards_pretty(g.best_throw), round(g.lost, 3),
        g.verdict, (), None, g.sentence, " ".join(str(c) for c in six), dealer, hinted,
    )


def _grade_play(n: int, hand: int, pos: PeggingPosition, card: Card, dealer: bool, hinted: bool, exact: bool) -> Grade:
    g = grade_play(pos, card, exact=exact)
    return Grade(
        n, hand, "play", card.pretty, g.best_card.pretty if g.best_card else "go",
        round(g.lost, 3), g.verdict, g.tags, g.trap, g.sentence, pos.to_text(), dealer, hinted,
    )


class GameController:
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
        self.manual = manual
        self.muggins = muggins
        self.exact_trap = exact_trap
        self.cut_cards = cut_for_deal(self.seed)
        mine, theirs = self.cut_cards
        first_dealer = HUMAN if mine.rank < theirs.rank else COMPUTER
        self.game = Game(
            self.seed,
            (HumanPlayer("you"), make_player(tier)),
            first_dealer=first_dealer,
            scores=scores,
        )
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
        self._overlay = [0, 0]  # muggins points moved (house scores = engine scores + overlay)
        self._engine_scores = (scores[0], scores[1])
        self._back = [scores[0], scores[1]]
        self._front = [scores[0], scores[1]]
        self._history: list[tuple[int, int, int]] = [(0, scores[0], scores[1])]
        self.fairness = ""
        self.winner: int | None = None
        self.skunk = ""
        self._pending_exact: list[tuple[int, PeggingPosition, Card]] = []
        self.hand_index = -1
        self.last_score: tuple[int, int, str] | None = None  # (player, points, what for)
        self.dealer: int | None = None
        self._analyses: dict[str, Any] = {}
        self._reset_hand()
        self._apply(self.game.events[0])
        self.cursor = 1

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
        """The house scores: the engine's plus any muggins points, never past 121."""
        s = [min(WIN, self._engine_scores[p] + self._overlay[p]) for p in (0, 1)]
        return (s[0], s[1])

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
        if s[winner] < WIN:
            # the engine has no muggins: it ended the game at 121 on its own count, which
            # is ahead of yours by the points muggins took (an engine change would fix this)
            self._caption(
                f"The rules engine counted {self._engine_scores[winner]} for the winner; "
                f"muggins took {-self._overlay[winner]} of those points, so the board shows {s[winner]}."
            )

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
        """At the next Shown event: count it yourself (manual) or reveal it."""
        e = self._events()[self.cursor]
        assert isinstance(e, Shown)
        if self.manual and e.player == HUMAN:
            self.phase = "count"
            self.count_entry = ""
            return
        self.phase = "show"
        self.cursor += 1
        self._apply(e)
        self._after_show()

    def _after_show(self) -> None:
        if self.phase == "over":
            return
        evs = self._events()
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

    def _check_muggins_win(self) -> bool:
        s = self.scores
        if self.winner is None and s[COMPUTER] >= WIN:
            self._end(COMPUTER)
            return True
        return False

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

    @property
    def count(self) -> int:
        return sum(c.value for _p, c in self.pile) if not self._new_pile else 0

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
                len(self.grades) + 1, self.hand_index, pos, c, self.dealer == HUMAN, self._hint_used, exact=False
            )
            self.grades.append(g)
            if self.exact_trap:
                self._pending_exact.append((len(self.grades) - 1, pos, c))
        self.game.submit(HUMAN, c)
        self._advance_engine()
        self.selected = []
        self.hint_text = ""
        self._reveal()

    def refine_grades(self) -> int:
        """Run the exact analysis for the trap flag of the plays graded so far.

        It takes up to a few seconds for a lead, so the app calls it after the
        computer's reply is on the screen.  Returns how many grades it refined.
        """
        n = 0
        while self._pending_exact:
            i, pos, card = self._pending_exact.pop(0)
            g = self.grades[i]
            trap = trap_flag(self._analysis(pos), card)
            extra = (
                " There was a trap to set: the best card scores nothing now but nets more later."
                if trap
                else ""
            )
            self.grades[i] = Grade(**{**asdict(g), "trap": trap, "sentence": g.sentence + extra, "tags": g.tags})
            n += 1
        return n

    def _analysis(self, pos: PeggingPosition) -> Any:
        """The exact analysis of a position, computed once per position."""
        key = pos.to_text()
        if key not in self._analyses:
            self._analyses[key] = analyze_play(pos)
        return self._analyses[key]

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

    def hint(self) -> None:
        """The coach's choice and the reason, for the discard or the play."""
        if self.phase == "discard":
            a = analyze_discard(self.six, dealer=self.dealer == HUMAN)
            self.hint_text = hint_discard(self.six, self.dealer == HUMAN)
            self._hinted = tuple(self.six.index(c) for c in a.best.throw)
        elif self.phase == "play":
            d = self.decision
            assert d is not None
            if not d.observation.legal:
                self.hint_text = "No card fits: say go (press g)."
                self._hinted = ()
            else:
                pos = _position(d.observation)
                a = self._analysis(pos)
                b = a.best
                self.hint_text = (
                    f"Play {b.card.pretty if b.card else 'go'}: {b.now} now and {b.future:+.2f} expected for the rest of the "
                    f"play (margin {b.margin:+.2f}, P(margin ≥ 0) = {b.p_nonneg:.0%}), {a.model_note}."
                )
                if len(a.options) > 1:
                    o = a.options[1]
                    self.hint_text += f" Next best: {o.card.pretty if o.card else 'go'} ({o.margin:+.2f})."
                if b.now == 0 and b.margin >= 1.5:
                    self.hint_text += " It scores nothing now: it is a trap card."
                self._hinted = (self.my_cards.index(b.card),) if b.card in self.my_cards else ()
        else:
            raise CribError(self._not_now("ask for a hint"))
        self._hint_used = True

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
            self._enter_show()
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
        """Manual counting: your count of the hand (or crib) being shown."""
        if self.phase != "count":
            raise CribError("there is nothing of yours to count now")
        raw = str(text).strip()
        if not raw.isdigit():
            raise CribError(f"type your count as a number from 0 to 29, not {raw!r}" if raw else "type your count (a number from 0 to 29), then Enter")
        n = int(raw)
        if n > 29:
            raise CribError(f"{n} is more than any hand can score (29 is the most): count again")
        e = self._events()[self.cursor]
        assert isinstance(e, Shown)
        before = self.scores
        taken = 0
        if n == e.total:
            note = f"Right: {n}."
        elif n > e.total:
            note = f"Not quite: you said {n}, it counts {e.total} (you peg {e.total})."
        else:
            missed = e.total - n
            note = f"You missed {missed}: you said {n}, it counts {e.total}."
            if self.muggins:
                taken = missed
                note += f" Muggins! The computer takes the {missed} you missed."
        self.counts.append(CountRecord(self.hand_index, e.what, n, e.total, taken))
        verdict = "best" if n == e.total else "mistake" if abs(n - e.total) <= 2 else "blunder"
        self.grades.append(
            Grade(len(self.grades) + 1, self.hand_index, "count", str(n), str(e.total),
                  float(max(0, e.total - n)), verdict, (), None, note, e.cards, self.dealer == HUMAN)
        )
        self.phase = "show"
        self.cursor += 1
        self._apply(e)
        if taken:
            self._overlay[HUMAN] -= taken
            self._overlay[COMPUTER] += taken
            self._peg(before, "muggins")
        self.message = note
        self.count_entry = ""
        if self._check_muggins_win():
            return
        self._after_show()

    # -- output --------------------------------------------------------------------

    def revealed_events(self) -> list[Event]:
        return list(self._events()[: self.cursor])

    def save(self) -> tuple[str, str]:
        """The game so far as JSON, and a note.  A hand in progress is left out: its
        deal event would show the computer's cards."""
        evs = self.revealed_events()
        note = ""
        if self.phase not in ("over", "hand_over", "cut", "cut_done"):
            last_deal = max((i for i, e in enumerate(evs) if isinstance(e, Dealt)), default=len(evs))
            evs = evs[:last_deal]
            note = "The hand in progress is not saved (its log would show the computer's cards)."
        counts = [asdict(c) for c in self.counts if any(isinstance(e, Dealt) and e.hand == c.hand for e in evs)]
        data = {"crib_play": 1, "tier": self.tier, "events": json.loads(log_to_json(evs)), "counts": counts}
        return json.dumps(data), note

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
            crib_count=self.crib_count,
            crib_owner=self.dealer,
            crib_shown=self.crib_shown,
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
            e = self._events()[self.cursor]
            what = "your crib" if isinstance(e, Shown) and e.what == "crib" else "your hand"
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

    def hand_summary(self, hand: int | None = None) -> str:
        """One strip for a hand, e.g. 'Discard best (−0.00) · Pegging 1 mistake (−1.40)'."""
        h = self.hand_index if hand is None else hand
        return summary_strip([g for g in self.grades if g.hand == h])

    def review(self) -> list[Grade]:
        """Every graded decision, the costliest first."""
        return sorted(self.grades, key=lambda g: (-g.lost, g.number))


def summary_strip(grades: Sequence[Grade]) -> str:
    parts = []
    for kind, label in (("discard", "Discard"), ("play", "Pegging"), ("count", "Counting")):
        gs = [g for g in grades if g.kind == kind]
        if not gs:
            continue
        lost = sum(g.lost for g in gs)
        bad = sum(g.verdict in ("mistake", "blunder") for g in gs)
        if kind == "discard":
            parts.append(f"{label} {gs[0].verdict} (−{lost:.2f})")
        else:
            parts.append(f"{label} {bad} mistake{'s' if bad != 1 else ''} (−{lost:.2f})")
    return " · ".join(parts)


# -- saved games -------------------------------------------------------------------


def load_saved(text: str) -> tuple[list[Event], list[CountRecord]]:
    """A saved game (this app's JSON, or a plain event log) as events and counts."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise CribError(f"not a saved game: invalid JSON at line {e.lineno} column {e.colno}") from None
    if isinstance(data, dict):
        if "events" not in data:
            raise CribError("not a saved game: no 'events' in the file")
        events = log_from_json(json.dumps(data["events"]))
        try:
            counts = [CountRecord(**c) for c in data.get("counts", [])]
        except TypeError as e:
            raise CribError(f"not a saved game: a count record is malformed ({e})") from None
        return events, counts
    return log_from_json(text), []


def decisions_from_log(events: Sequence[Event], seat: int = HUMAN) -> list[tuple[int, Decision, Any]]:
    """Each decision of ``seat`` in a log, as (hand, decision, action), by replaying it
    through the engine (call :func:`crib.replay` first to check the log)."""
    start = events[0]
    assert isinstance(start, GameStarted)
    from crib.rules.replay import _decks_from_log

    kwargs: dict[str, Any] = {"first_dealer": start.first_dealer, "scores": tuple(start.scores)}
    players = (HumanPlayer("a"), HumanPlayer("b"))
    if start.deals == "seed":
        g = Game(start.seed, players, **kwargs)
    else:
        g = Game(start.seed, players, stacked=_decks_from_log(events), **kwargs)
    out = []
    hand = -1
    for e in events:
        if isinstance(e, Dealt):
            hand = e.hand
        if not isinstance(e, Discarded | Played | Go):
            continue
        d = g.advance()
        if d is None:
            break
        action = e.cards if isinstance(e, Discarded) else e.card if isinstance(e, Played) else None
        if e.player == seat:
            out.append((hand, d, action))
        g.submit(e.player, action)
    return out


def grade_log(events: Sequence[Event], counts: Sequence[CountRecord] = (), seat: int = HUMAN, *, exact: bool = False) -> list[Grade]:
    """The review of a saved game: ``seat``'s decisions graded, in game order."""
    grades: list[Grade] = []
    for hand, d, action in decisions_from_log(events, seat):
        obs = d.observation
        if d.kind == "discard":
            grades.append(_grade_discard(len(grades) + 1, hand, obs.hand, parse_cards(action), obs.dealer, False))
        elif action is not None and len(obs.legal) > 1:
            grades.append(_grade_play(len(grades) + 1, hand, _position(obs), parse_card(action), obs.dealer, False, exact))
    for c in counts:
        verdict = "best" if c.claimed == c.total else "mistake" if abs(c.claimed - c.total) <= 2 else "blunder"
        grades.append(Grade(len(grades) + 1, c.hand, "count", str(c.claimed), str(c.total), float(c.muggins), verdict))
    return grades
