"""Plain words for learners (issue 27, acceptance 7): the coach's verdicts, hints and
review lines as a beginner reads them, and what goes under "How this was computed".

The plain text says which cards to keep and throw, about how many points, whose crib,
what the card you played does ("pegs 2 for fifteen", "leaves the count at 5, where a
10 or a face card makes 15 for your opponent") and the grade word.  It names no model
and uses no statistics: the exact numbers, the model (what the opponent is assumed to
do, :mod:`crib.analysis.models`) and its statistics go to the "How this was computed"
part, the model's ``describe()`` and the analyses' own notes.  The play and trainer pages
show the plain text by default; their "Plain words" switch shows today's detail instead.

Pure functions on cards, positions and numbers: no widgets, no engine state.

>>> from crib.rules.cards import parse_cards
>>> keep_throw(parse_cards("5H JD QC TS"), parse_cards("AH 3S"), 10.9, dealer=True)
'keep 5-10-J-Q (about 11 points); throw A-3 to your crib'
>>> pos = PeggingPosition("7C 9D 2H", pile="8S", starter="KD")
>>> card_effect(pos, parse_cards("7C")[0], leaves=False)
'pegs 2 for fifteen'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from crib.analysis.grades import WIN_UNIT, cost_text, grade, shown_loss, verdict_name
from crib.i18n import N_, tr
from crib.rules.cards import Card
from crib.rules.pegging import fits
from crib.rules.position import PeggingPosition
from crib.rules.scoring import peg_parts
from crib.rules.step import after_card, opponent_moves_next
from crib.session.jargon import JARGON as JARGON
from crib.session.jargon import jargon_in as jargon_in

__all__ = [
    "JARGON",
    "jargon_in",
    "Split",
    "card_word",
    "cards_words",
    "keep_throw",
    "about_points",
    "loss_words",
    "grade_words",
    "chip_text",
    "card_effect",
    "discard_text",
    "play_text",
    "hint_discard_text",
    "hint_play_text",
    "hint_board_text",
    "TRAP_TEXT",
]


class ThrowLike(Protocol):
    """A throw's cards and values (:class:`crib.analysis.discard.Throw` is one)."""

    @property
    def throw(self) -> tuple[Card, ...]: ...
    @property
    def keep(self) -> tuple[Card, ...]: ...
    @property
    def hand_ev(self) -> float: ...
    @property
    def ev(self) -> float: ...
    @property
    def total(self) -> float: ...


@dataclass(frozen=True)
class Split:
    """A throw from numbers alone (a stored quiz question's ranking, say): the cards and
    the hand's average, the value (hand and signed crib) and the total (with pegging)."""

    keep: tuple[Card, ...]
    throw: tuple[Card, ...]
    hand_ev: float
    ev: float
    total: float

    @classmethod
    def of(cls, six: Sequence[Card], throw: Sequence[Card], hand_ev: float, ev: float) -> Split:
        """The split of ``six`` that throws ``throw``, worth ``ev`` (no pegging)."""
        return cls(tuple(c for c in six if c not in throw), tuple(throw), hand_ev, ev, ev)


# --- cards and numbers ------------------------------------------------------------


def card_word(card: Card, *, suit: bool = False) -> str:
    """A card's rank as a learner names it ("A", "10", "K"), or with its suit ("K♣").

    >>> from crib.rules.cards import parse_card
    >>> card_word(parse_card("TD")), card_word(parse_card("KC"), suit=True)
    ('10', 'K♣')
    """
    return card.pretty if suit else card.pretty[:-1]


def cards_words(cards: Sequence[Card], *, suits: bool = False) -> str:
    """Cards lowest first, joined by dashes: "5-10-J-Q" (or "5♥-10♠-J♦-Q♣").

    >>> from crib.rules.cards import parse_cards
    >>> cards_words(parse_cards("QC 5H JD TS")), cards_words(parse_cards("3S AH"), suits=True)
    ('5-10-J-Q', 'A♥-3♠')
    """
    return "-".join(card_word(c, suit=suits) for c in sorted(cards, key=lambda c: (c.rank, c.suit)))


def _split_needs_suits(keep: Sequence[Card], throw: Sequence[Card]) -> bool:
    """A rank both kept and thrown: the ranks alone would not say which card goes."""
    return bool({c.rank for c in keep} & {c.rank for c in throw})


def about_points(x: float, lang: str = "en") -> str:
    """A number of points as a learner reads it: to the half point under 3, else whole.

    >>> about_points(10.9), about_points(1.4), about_points(0.6), about_points(0.3)
    ('about 11 points', 'about 1½ points', 'about half a point', 'less than half a point')
    """
    _ = tr(lang)
    if x < 0.5:
        return _("less than half a point")
    if x < 3:
        halves = max(1, int(2 * x + 0.5))
        whole, half = divmod(halves, 2)
        if not whole:
            return _("about half a point")
        if half:
            return _("about {n}½ points").format(n=whole)
        return _("about 1 point") if whole == 1 else _("about {n} points").format(n=whole)
    return _("about {n} points").format(n=int(x + 0.5))


def keep_throw(
    keep: Sequence[Card],
    throw: Sequence[Card],
    hand_points: float,
    *,
    dealer: bool,
    lang: str = "en",
) -> str:
    """'keep 5-10-J-Q (about 11 points); throw A-3 to your crib' (the opponent's crib
    for the pone); suits shown when a rank is both kept and thrown."""
    _ = tr(lang)
    s = _split_needs_suits(keep, throw)
    return _("keep {keep} ({points}); throw {throw} {to_crib}").format(
        keep=cards_words(keep, suits=s),
        points=about_points(hand_points, lang),
        throw=cards_words(throw, suits=s),
        to_crib=_to_crib(dealer, lang),
    )


def _to_crib(dealer: bool, lang: str) -> str:
    _ = tr(lang)
    return _("to your crib") if dealer else _("to your opponent's crib")


def _in_band(lost: float) -> float:
    """``lost`` to the half point as :func:`about_points` says it, kept in its grade's band:
    rounding up to a band's bound (1.4 to 1½, 2.9 to 3) steps back half a point."""
    x = shown_loss(lost)
    if x < 0.5 or x >= 3:
        return x
    near = max(0.5, round(2 * x) / 2)
    return near - 0.5 if grade(near) != grade(x) else near


def loss_words(lost: float, unit: str = "points", *, play: bool = False, lang: str = "en") -> str:
    """What a choice gave up, in words: points (over the rest of the play, for a card) or,
    near 121, the chance to win in percentage points (acceptance 6).

    A loss is said to the half point, in its grade's band (issue 37): 1.4 is "about 1
    point" (a mistake), 1.6 "about 1½ points" (costly), so no phrase names two grades.

    >>> loss_words(1.2), loss_words(0.8, play=True), loss_words(5.08, WIN_UNIT)
    ('about 1 point lost', 'about 1 point lost in the rest of the play', '−5.1% to win')
    >>> loss_words(1.4), loss_words(1.6), loss_words(2.9), loss_words(3.1)
    ('about 1 point lost', 'about 1½ points lost', 'about 2½ points lost', 'about 3 points lost')
    """
    _ = tr(lang)
    if unit == WIN_UNIT:
        return _("−{p}% to win").format(p=_pct(lost, lang))
    pts = about_points(_in_band(lost), lang)
    return (
        _("{points} lost in the rest of the play").format(points=pts)
        if play
        else _("{points} lost").format(points=pts)
    )


def _pct(lost: float, lang: str) -> str:
    s = f"{lost:.2f}" if lost < 0.1 else f"{lost:.1f}"
    return s.replace(".", ",") if lang == "fr" else s


_WORD = {
    "best": N_("Best"),
    "ok": N_("OK"),
    "mistake": N_("A mistake"),
    "costly": N_("Costly"),
    "blunder": N_("A blunder"),
}


def grade_words(
    verdict: str, lost: float, unit: str = "points", *, play: bool = False, lang: str = "en"
) -> str:
    """The grade word and what it cost: 'A mistake: about 1 point lost.'

    >>> grade_words("costly", 5.08, WIN_UNIT)
    'Costly: −5.1% to win.'
    >>> grade_words("best", 0.0)
    'Best.'
    """
    _ = tr(lang)
    word = _(_WORD[verdict]) if verdict in _WORD else verdict.capitalize()
    if verdict == "best":
        return f"{word}."
    return _("{word}: {cost}.").format(word=word, cost=loss_words(lost, unit, play=play, lang=lang))


def chip_text(verdict: str, lost: float, unit: str = "points", lang: str = "en") -> str:
    """The grade badge in plain words: the word and the loss rounded for a learner (the
    exact loss is under "How this was computed"); near 121 the chance to win as in
    :func:`crib.analysis.grades.cost_text`.

    >>> chip_text("mistake", 0.62), chip_text("ok", 0.2), chip_text("costly", 5.08, WIN_UNIT)
    ('mistake, about half a point lost', 'ok, less than half a point lost', 'costly −5.1% to win')
    """
    if verdict == "best" or unit == WIN_UNIT:
        return cost_text(verdict, lost, unit, lang)
    return tr(lang)(N_("{word}, {cost}")).format(
        word=verdict_name(verdict, lang), cost=loss_words(lost, lang=lang)
    )


# --- the play: what a card does ---------------------------------------------------

_SCORE_NAMES = {
    "fifteen": N_("fifteen"),
    "thirty-one": N_("thirty-one"),
    "pair": N_("a pair"),
    "pair royal": N_("three of a kind"),
    "double pair royal": N_("four of a kind"),
}


def _value_words(v: int, lang: str) -> str:
    _ = tr(lang)
    if v in (1, 10):
        return _("an ace") if v == 1 else _("a 10 or a face card")
    return (_("an {v}") if v == 8 else _("a {v}")).format(v=v)


def card_effect(pos: PeggingPosition, card: Card, *, leaves: bool = True, lang: str = "en") -> str:
    """What playing ``card`` in ``pos`` does, in words: the points it pegs now and what it
    leaves your opponent (a 15, a 31 or a pair one card away; ``leaves=False``: the
    points now only).

    >>> from crib.rules.cards import parse_card
    >>> effect = card_effect(PeggingPosition("5C 9D 2H 3S", starter="KD"), parse_card("5C"))
    >>> print(effect)  # doctest: +NORMALIZE_WHITESPACE
    scores nothing now and leaves the count at 5, where a 10 or a face card makes 15 or
    another 5 makes a pair for your opponent
    >>> effect = card_effect(PeggingPosition("2H 9D", pile="4S 5C", starter="KD"), parse_card("2H"))
    >>> print(effect)  # doctest: +NORMALIZE_WHITESPACE
    scores nothing now and leaves the count at 11, where a 4 makes 15 or another 2 makes a
    pair for your opponent
    """
    _ = tr(lang)
    ranks = (*(c.rank for c in pos.pile), card.rank)
    count = pos.count + card.value
    scored = peg_parts(ranks, count)
    points = sum(pts for _n, _k, pts in scored)
    names = [
        _("a run of {k}").format(k=k)
        if n == "run"
        else _(_SCORE_NAMES[n])
        if n in _SCORE_NAMES
        else n
        for n, k, _p in scored
    ]
    last = after_card(count, len(pos.hand) > 1, pos.opp_count > 0, pos.opp_go)[0]
    if last:
        points += last
        names.append(_("the last card"))
    now = (
        _("pegs {points} for {what}").format(points=points, what=_(" and ").join(names))
        if points
        else _(NOTHING)
    )
    if not leaves or not opponent_moves_next(count, pos.opp_count > 0, pos.opp_go):
        return now
    unseen = pos.unseen()
    values = {c.value for c in unseen}
    threats = []
    for target in (15, 31):
        need = target - count
        if 1 <= need <= 10 and need in values:
            threats.append(
                _("{card} makes {target}").format(card=_value_words(need, lang), target=target)
            )
    if fits(count, card) and any(c.rank == card.rank for c in unseen):
        threats.append(_("another {card} makes a pair").format(card=card_word(card)))
    if not threats:
        return now
    return _("{now} and leaves the count at {count}, where {threats} for your opponent").format(
        now=now, count=count, threats=_(" or ").join(threats[:2])
    )


NOTHING = N_("scores nothing now")


# --- verdicts -----------------------------------------------------------------------


def _why_discard(mine: ThrowLike, best: ThrowLike, dealer: bool, lang: str = "en") -> str:
    """The biggest of the three differences (hand, crib, pegging) in words, if it is
    half a point or more."""
    hand = best.hand_ev - mine.hand_ev
    crib = (best.ev - best.hand_ev) - (mine.ev - mine.hand_ev)  # signed for you already
    peg = (best.total - best.ev) - (mine.total - mine.ev)
    what, size = max((("hand", hand), ("crib", crib), ("peg", peg)), key=lambda x: x[1])
    _ = tr(lang)
    if size < 0.5:
        return ""
    n = about_points(size, lang)
    if what == "hand":
        return _("The better four score {n} more in your hand.").format(n=n)
    if what == "crib":
        if dealer:
            return _("The better throw puts {n} more in your crib.").format(n=n)
        return _("Your throw gives your opponent's crib {n} more.").format(n=n)
    return _("The better four also peg better in the play.")


def discard_text(
    mine: ThrowLike,
    best: ThrowLike,
    *,
    dealer: bool,
    verdict: str,
    lost: float,
    unit: str = "points",
    grade: bool = True,
    lang: str = "en",
) -> str:
    """A graded throw in plain words: what you kept and threw, the better split, why, and
    (``grade``) the grade word and what it cost.

    >>> from crib.analysis.discard import analyze_discard
    >>> from crib.analysis.models import UNIFORM
    >>> a = analyze_discard("5H 5D 6C 7S 8H 9D", dealer=True, model=UNIFORM)
    >>> discard_text(a.best, a.best, dealer=True, verdict="best", lost=0.0)
    'Best throw: keep 6-7-8-9 (about 11 points); throw 5-5 to your crib.'
    """
    _ = tr(lang)
    if verdict == "best":
        return _("Best throw: {split}.").format(
            split=keep_throw(best.keep, best.throw, best.hand_ev, dealer=dealer, lang=lang)
        )
    s = _split_needs_suits(mine.keep, mine.throw)
    why = _why_discard(mine, best, dealer, lang)
    text = _("You kept {keep} ({points}) and threw {throw} {to_crib}. Better: {better}.").format(
        keep=cards_words(mine.keep, suits=s),
        points=about_points(mine.hand_ev, lang),
        throw=cards_words(mine.throw, suits=s),
        to_crib=_to_crib(dealer, lang),
        better=keep_throw(best.keep, best.throw, best.hand_ev, dealer=dealer, lang=lang),
    ) + (f" {why}" if why else "")
    return f"{text} {grade_words(verdict, lost, unit, lang=lang)}" if grade else text


TRAP_TEXT = N_("The better card was a trap card: it sets up more points for you later.")


def _good_card(pos: PeggingPosition, card: Card, lang: str = "en") -> str:
    """What the coach's card does: its points now, or that it does best later."""
    _ = tr(lang)
    now = card_effect(pos, card, leaves=False, lang=lang)
    return (
        now if now != _(NOTHING) else _("scores nothing now but does best in the rest of the play")
    )


def play_text(
    pos: PeggingPosition,
    card: Card | None,
    best: Card | None,
    *,
    verdict: str,
    lost: float,
    unit: str = "points",
    reasons: Sequence[str] = (),
    board: bool = False,
    trap: bool | None = None,
    grade: bool = True,
    lang: str = "en",
) -> str:
    """A graded card in plain words: what it does, the better card and what that does,
    near 121 the one reason in terms of the game, and (``grade``) the grade word and
    what it cost.

    >>> pos = PeggingPosition("7C 9D 2H", pile="8S", starter="KD")
    >>> from crib.rules.cards import parse_card
    >>> text = play_text(pos, parse_card("2H"), parse_card("7C"), verdict="mistake", lost=1.2)
    >>> print(text)  # doctest: +NORMALIZE_WHITESPACE
    You played 2♥: it scores nothing now and leaves the count at 10, where a 5 makes 15 or
    another 2 makes a pair for your opponent. Better: 7♣, which pegs 2 for fifteen. A
    mistake: about 1 point lost in the rest of the play.
    """
    _ = tr(lang)
    if card is None:
        return _("No card fits: go.")
    if verdict == "best" or best is None or best.rank == card.rank:
        return _("Best play: {card} {does}.").format(
            card=card.pretty, does=_good_card(pos, card, lang)
        )
    text = _("You played {card}: it {does}. Better: {best}, which {better}.").format(
        card=card.pretty,
        does=card_effect(pos, card, lang=lang),
        best=best.pretty,
        better=_good_card(pos, best, lang),
    )
    if board and reasons:
        text += " " + _("Your card {reason}.").format(reason=_reason(reasons[0], lang))
    if trap:
        text += " " + _(TRAP_TEXT)
    return f"{text} {grade_words(verdict, lost, unit, play=True, lang=lang)}" if grade else text


def _reason(reason: str, lang: str) -> str:
    """A near-121 reason (:func:`crib.analysis.grades.play_tags`) in ``lang``."""
    _ = tr(lang)
    m = re.fullmatch(r"misses pegging out with (\S+)", reason)
    if m:
        return _("misses pegging out with {card}").format(card=m.group(1))
    return {
        "lets the dealer peg out": _("lets the dealer peg out"),
        "lets your opponent peg out": _("lets your opponent peg out"),
    }.get(reason, reason)


# --- hints --------------------------------------------------------------------------


def hint_discard_text(
    best: ThrowLike, runner: ThrowLike | None, *, dealer: bool, lang: str = "en"
) -> str:
    """The coach's throw in plain words, and the next best split."""
    text = f"{keep_throw(best.keep, best.throw, best.hand_ev, dealer=dealer, lang=lang)}."
    text = text[0].upper() + text[1:]
    if runner is not None:
        s = _split_needs_suits(runner.keep, runner.throw)
        text += " " + tr(lang)(N_("Next best: throw {cards}.")).format(
            cards=cards_words(runner.throw, suits=s)
        )
    return text


def hint_play_text(
    pos: PeggingPosition, best: Card | None, *, sets_up: bool = False, lang: str = "en"
) -> str:
    """The coach's card in plain words: what it does (``sets_up``: it scores nothing now
    but sets up more points later, the trap card)."""
    _ = tr(lang)
    if best is None:
        return _("No card fits: say go.")
    if sets_up:
        return _("Play {card}: it scores nothing now but sets up more points later.").format(
            card=best.pretty
        )
    return _("Play {card}: it {does}.").format(card=best.pretty, does=_good_card(pos, best, lang))


def hint_board_text(best: Card | None, p_win: float, lang: str = "en") -> str:
    """Near 121: the card that gives the best chance to win the game.

    >>> from crib.rules.cards import parse_card
    >>> hint_board_text(parse_card("9S"), 0.634)
    'Play 9♠: it gives you the best chance to win the game (63%).'
    """
    _ = tr(lang)
    name = best.pretty if best is not None else _("go")
    return _("Play {card}: it gives you the best chance to win the game ({p}%).").format(
        card=name, p=round(100 * p_win)
    )
