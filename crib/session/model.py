"""The coached game's data: the tiers and keys, the grade, count and show records, and
the frozen :class:`GameView` the renderer draws (split out of
:mod:`crib.session.controller`, which re-exports every name here).

Plain data and pure functions: no engine state, no widgets.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar
from urllib.parse import urlencode

from crib.analysis.models import TIERS
from crib.errors import CribError
from crib.i18n import N_, tr
from crib.rules.cards import Card, cards_pretty, cards_str
from crib.rules.position import PeggingPosition
from crib.rules.scoring import Score, score_hand
from crib.rules.words import ENGLISH, FRENCH, CountWords
from crib.session.words import say

# The opponent tiers offered, weakest first (crib.analysis.models.TIERS, the one table,
# by key); the last one is the default opponent, a Tier like every tier a game takes.
# The default opponent: the strongest tier (crib.ai.master; its decisions take well
# under a second once warm, see GameController's warm-up).  The coach's grades come
# from crib.analysis.coach (grade_discard / grade_play), whatever the opponent.
COACH = TIERS[list(TIERS)[-1]]
HUMAN, COMPUTER = 0, 1
#: each tier's name as the page shows it (context "tier"; a view of TIERS)
TIER_NAMES = {k: t.name for k, t in TIERS.items()}
KEYS = (  # the key and what it does (the page translates both, N_)
    (N_("1-6"), N_("pick a card to throw; in the play, play it")),
    (N_("Enter"), N_("confirm")),
    ("h", N_("hint")),
    ("n", N_("next / continue")),
    (N_("0-9, Backspace"), N_("type your count (manual counting)")),
)
_ORDINAL = (N_("pone's hand"), N_("dealer's hand"), N_("crib"))


_SKUNKS = {"skunk": N_("a skunk"), "double skunk": N_("a double skunk")}


def skunk_words(skunk: str, lang: str = "en") -> str:
    """A win's skunk in words ("a double skunk", « un double capot »); "" for none."""
    return tr(lang)(_SKUNKS[skunk]) if skunk in _SKUNKS else skunk


_VERDICTS = {
    "verified from the seed": N_("verified from the seed"),
    "verified against the revealed secret": N_("verified against the revealed secret"),
    "not verified": N_("not verified"),
}


def replay_summary(r: Any, lang: str = "en") -> str:
    """:meth:`crib.rules.replay.Replay.summary` in ``lang`` (the log itself stays English)."""
    if lang == "en":
        return str(r.summary())
    _ = tr(lang)
    done = _("a whole game") if r.complete else _("a game in progress")
    if r.verified:
        return _(
            "replayed {n} events ({done}): every play and count agrees with the rules; "
            "deals {verdict}"
        ).format(n=len(r.events), done=done, verdict=_(_VERDICTS.get(r.verdict, r.verdict)))
    return _(
        "replayed {n} events ({done}): every play and count agrees with the rules, but the "
        "deals NOT verified ({reason}): the cards dealt could have been chosen"
    ).format(n=len(r.events), done=done, reason=_(r.reason))


def fairness_words(commit: str, secret_hex: str, ok: bool, verdict: str, lang: str = "en") -> str:
    """The end-of-game check in words: the commitment against the revealed secret, and the
    replay."""
    _ = tr(lang)
    text = (
        _("Commitment {commit}… matches the revealed secret {secret}…; {verdict}.")
        if ok
        else _("Commitment {commit}… does NOT match the revealed secret {secret}…; {verdict}.")
    )
    return text.format(commit=commit[:16], secret=secret_hex[:16], verdict=verdict)


def tier_name(tier: str, lang: str = "en") -> str:
    """A computer tier's name in ``lang`` ("Master", « Maître ») from its key, as a saved
    log names the computer (a :class:`~crib.analysis.models.Tier` says its own:
    ``name_in(lang)``)."""
    return TIERS[tier].name_in(lang) if tier in TIERS else tier.capitalize()


#: what a decision chose (or the coach would have): a throw's two Cards, a play's one
#: Card (none: a go), or a count's number
Choice = tuple[Card, ...] | int


def choice_text(choice: Choice) -> str:
    """A choice as the review prints it: ``'J♦ Q♣'``, ``'go'`` or ``'12'``.

    >>> choice_text((Card(11, "D"), Card(12, "C"))), choice_text(()), choice_text(12)
    ('J♦ Q♣', 'go', '12')
    """
    if isinstance(choice, int):
        return str(choice)
    return cards_pretty(choice) if choice else "go"


@dataclass(frozen=True)
class Grade:
    """One of your decisions, graded by the coach.

    ``position`` is the decision's cards as values: the six dealt (a discard), the
    :class:`~crib.rules.position.PeggingPosition` (a play), the cards counted (a count);
    :attr:`analyzer_url` writes it as text.  ``chosen`` and ``best`` are values too (a
    :data:`Choice`): a throw's two Cards, a play's Card (none for a go), a count's number;
    :attr:`chosen_text` and :attr:`best_text` are the review's two cells.
    """

    number: int  # 1, 2, ... in the game
    hand: int  # hand index (0-based)
    kind: str  # "discard", "play" or "count"
    chosen: Choice  # what you did
    best: Choice  # the coach's choice
    lost: float  # points given up (expected, or counted for a miscount)
    verdict: str  # best, ok, mistake, costly, blunder (crib.analysis.grades)
    tags: tuple[str, ...] = ()
    trap: bool | None = None  # None until the exact analysis has run (plays only)
    sentence: str = ""
    # the six cards (discard), the PeggingPosition (play), the cards counted (count)
    position: tuple[Card, ...] | PeggingPosition = ()
    dealer: bool = False
    hinted: bool = False
    unit: str = "points"  # or "P(win) points" (crib.analysis.grades.WIN_UNIT), near 121
    plain: str = ""  # the verdict in plain words (crib.session.plain): the pages' default
    how: tuple[str, ...] = ()  # "How this was computed": the model named, its statistics

    def __post_init__(self) -> None:
        for name in ("chosen", "best"):
            if isinstance(getattr(self, name), str):
                raise TypeError(f"Grade.{name} is a Choice (Cards or a number), not text")

    @property
    def chosen_text(self) -> str:
        """What you did, as the review prints it (:func:`choice_text`)."""
        return choice_text(self.chosen)

    @property
    def best_text(self) -> str:
        """The coach's choice, as the review prints it (:func:`choice_text`)."""
        return choice_text(self.best)

    @property
    def plain_text(self) -> str:
        """The verdict in plain words (the detailed sentence when none was written)."""
        return self.plain or self.sentence

    @property
    def analyzer_url(self) -> str:
        """A link (relative to the dashboards) that opens this position in its analyzer."""
        p = self.position
        if self.kind == "discard" and isinstance(p, tuple):
            q = urlencode({"six": cards_str(p), "seat": "dealer" if self.dealer else "pone"})
            return f"discard.ipynb?{q}"
        if self.kind == "play" and isinstance(p, PeggingPosition):
            q = urlencode({"position": p.to_text(), "dealer": "you" if self.dealer else "opp"})
            return f"pegging.ipynb?{q}"
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
    mistakes: int  # mistakes, costly decisions and blunders so far
    last_score: tuple[int, int, str] | None = (
        None  # (player, points, what for): the board's caption
    )
    hint_plain: str = ""  # the hint in plain words (the pages' default)
    hint_how: tuple[str, ...] = ()  # the hint's "How this was computed"

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
            [
                *self.captions,
                self.prompt,
                self.hint,
                self.hint_plain,
                *self.hint_how,
                g.sentence if g else "",
                g.plain if g else "",
                *(g.how if g else ()),
                g.best_text if g else "",
            ]
        )


def toggle_pick(
    selected: list[int], i: int, held: int, lang: str = "en", *, touch: bool = False
) -> None:
    """Pick or unpick card ``i`` of the ``held`` cards for the throw (two at most), in place
    (``touch``: the error in touch words, :mod:`crib.session.words`).

    >>> picked = [0]; toggle_pick(picked, 3, 6); picked
    [0, 3]
    >>> toggle_pick(picked, 4, 6)
    Traceback (most recent call last):
    ...
    crib.errors.CribError: you throw exactly two: unselect one first (press its number again)
    """
    _ = tr(lang)
    if not 0 <= i < held:
        raise CribError(_("there is no card {i}: you hold {n}").format(i=i + 1, n=held))
    if i in selected:
        selected.remove(i)
    elif len(selected) == 2:
        raise CribError(say("two_only", lang, touch=touch))
    else:
        selected.append(i)


def fresh_seed() -> int:
    """A new game's seed, from the system's randomness (``secrets``): each visit and each
    New game deals a new game; a fixed seed comes only from a link or an explicit choice.
    The seeded engine is unchanged: the seed is drawn here, at the edge, and passed in.

    >>> 1 <= fresh_seed() <= 99_999
    True
    """
    return 1 + secrets.randbelow(99_999)


def replay_link(seed: int, page: str = "", **params: str) -> str:
    """The relative link that replays game ``seed`` ("?seed=48213&tier=easy").

    >>> replay_link(48213, tier="easy")
    '?seed=48213&tier=easy'
    """
    return f"{page}?{urlencode({'seed': int(seed), **params})}"


def cut_for_deal(seed: int) -> tuple[Card, Card]:
    """Your cut and the computer's, drawn from the seed; the lower card deals (no ties).

    >>> a, b = cut_for_deal(7)
    >>> a.rank != b.rank
    True
    """
    from crib.rules.fairness import shuffled_deck

    deck = shuffled_deck(
        int.from_bytes(hashlib.sha256(b"cut-for-deal|%d" % seed).digest()[:8], "big")
    )
    mine = deck[0]
    theirs = next(c for c in deck[1:] if c.rank != mine.rank)
    return mine, theirs


def _spoken(s: Score, words: CountWords = ENGLISH) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """The count aloud, one line per step of :meth:`~crib.rules.scoring.Score.steps`
    with that step's cards: the same words as :meth:`~crib.rules.scoring.Score.say`
    (the trainer's), one phrase per line.

    >>> from crib.rules.cards import parse_card, parse_cards
    >>> [w for w, _c in _spoken(score_hand(parse_cards("5H 5D JC QS"), parse_card("KD")))][-2:]
    ['and a pair is fourteen', 'and a run of three is seventeen']
    >>> _spoken(score_hand(parse_cards("2H 4D 6C 8S"), parse_card("QD")))
    (('nineteen (no points)', ()),)
    """
    steps = s.steps()
    phrases = s.say(words).split(", ")  # say() renders the steps in order, one phrase each
    if not steps:
        return ((phrases[0], ()),)
    assert len(phrases) == len(steps), (phrases, steps)
    return tuple((words, tuple(st.cards)) for words, st in zip(phrases, steps, strict=True))


def show_item(
    player: int, what: str, cards: Sequence[Card], starter: Card, lang: str = "en"
) -> ShowItem:
    """The show component's data for one hand (or the crib), the count said in ``lang``."""
    s = score_hand(tuple(cards), starter, is_crib=what == "crib")
    words = FRENCH if lang == "fr" else ENGLISH
    return ShowItem(player, what, tuple(cards), starter, s.total, _spoken(s, words), s.say(words))


T = TypeVar("T")


class _Of(Generic[T]):
    """A read-only attribute of the controller that is its part's (table or coach)
    attribute of the same name; ``T`` is its type, for type checkers."""

    def __init__(self, part: str, doc: str) -> None:
        self.part = part
        self.__doc__ = doc

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> T:
        if obj is None:
            return self  # type: ignore[return-value]  # the class's own attribute
        return getattr(getattr(obj, self.part), self.name)  # type: ignore[no-any-return]

    def __set__(self, obj: Any, value: Any) -> None:
        raise AttributeError(f"{self.name} is read-only: it is the controller's {self.part}'s")
