"""The coach's exact sentences (:mod:`crib.analysis.coach`) in the page's language.

Each function builds one sentence of a grade or a hint; with ``lang="en"`` it is the
coach's English, byte for byte; with ``lang="fr"`` every piece goes through the
catalog (:mod:`crib.i18n`) and the numbers are written the French way
(:func:`crib.analysis.speech.num`).  The grades keep their English tags
(:func:`crib.analysis.grades.play_tags`): :func:`crib.analysis.grades.tag_text`
says them in a page's language.

>>> discard_cost(3.0, None, master=False), discard_cost(3.0, None, master=False, lang="fr")
('3.00 points on average', '3,00 points en moyenne')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from crib.analysis.grades import tag_text, verdict_name
from crib.analysis.speech import explain_throw, num, pct
from crib.i18n import N_, tr
from crib.rules.cards import Card, cards_pretty

if TYPE_CHECKING:
    from crib.analysis.discard import DiscardAnalysis

__all__ = [
    "discard_cost",
    "discard_sentence",
    "hint_discard_sentence",
    "play_who",
    "play_cost",
    "play_sentence",
    "hint_play_sentence",
    "next_best_sentence",
    "TRAP_SET",
    "TRAP_CARD",
]

TRAP_SET = N_("There was a trap to set: the best card scores nothing now but nets more later.")
TRAP_CARD = N_("It scores nothing now: it is a trap card.")


def _verdict(verdict: str, lang: str) -> str:
    return verdict if lang == "en" else verdict_name(verdict, lang)


def discard_cost(lost: float, p_lost: float | None, *, master: bool, lang: str = "en") -> str:
    """What a throw gave up: P(win) near 121, else points of full value (or of the ev)."""
    _ = tr(lang)
    if p_lost is not None:
        return _("{p} of your chance to win the game").format(p=pct(p_lost, ".1%", lang))
    if master:
        return _("{lost} points of full value (hand, crib and pegging) on average").format(
            lost=num(lost, ".2f", lang)
        )
    return _("{lost} points on average").format(lost=num(lost, ".2f", lang))


def discard_sentence(a: DiscardAnalysis, i: int, verdict: str, cost: str, lang: str = "en") -> str:
    """The grade of throw ``i`` of ``a`` in one or two sentences (``cost``:
    :func:`discard_cost`)."""
    _ = tr(lang)
    t, b = a.throws[i], a.best
    seat = _("your crib") if a.dealer else _("your opponent's crib")
    who = _("the Master's choice") if a.master else _("the best throw")
    if verdict == "best":
        return _("{throw} to {seat} is {who}: {why}").format(
            throw=cards_pretty(t.throw), seat=seat, who=who, why=explain_throw(a, i, lang)
        )
    return _(
        "Throwing {throw} to {seat} gives up {cost} ({verdict}). {who} was {best}: {why}"
    ).format(
        throw=cards_pretty(t.throw),
        seat=seat,
        cost=cost,
        verdict=_verdict(verdict, lang),
        who=who[0].upper() + who[1:],
        best=cards_pretty(b.throw),
        why=explain_throw(a, 0, lang),
    )


def hint_discard_sentence(a: DiscardAnalysis, formation: str | None, lang: str = "en") -> str:
    """What to throw and why, the next best and how far behind it is, and the kept
    hand's formation (a key of :data:`crib.analysis.formations.FORMATIONS`) if any."""
    _ = tr(lang)
    b, runner = a.best, a.throws[1]
    gap = num(b.total - runner.total, ".2f", lang)
    text = (
        _(
            "Throw {throw}. {why} The next best, {runner}, is {gap} behind by the Master's "
            "full value."
        )
        if a.master
        else _("Throw {throw}. {why} The next best, {runner}, is {gap} behind.")
    ).format(
        throw=cards_pretty(b.throw),
        why=explain_throw(a, 0, lang),
        runner=cards_pretty(runner.throw),
        gap=gap,
    )
    if formation:
        text += " " + _("The kept hand holds a {formation}.").format(formation=_(formation))
    return text


def play_who(model: str, lang: str = "en") -> str:
    """Whose choice the best card is: the Master's, the Expert's, or another model's."""
    _ = tr(lang)
    if model == "master":
        return _("the Master's choice")
    if model == "expert":
        return _("the Expert's choice")
    return _("the {model} model's choice").format(model=model)


def play_cost(
    lost: float, kind: str, *, p_lost: float = 0.0, winner: Card | None = None, lang: str = "en"
) -> str:
    """What a card gave up: ``kind`` "board" (P(win) near 121), "margin" (pegging margin),
    "game" (the ``winner`` reached 121 now) or "value" (the Expert's net value)."""
    _ = tr(lang)
    lost_s = num(lost, ".2f", lang)
    if kind == "board":
        return _("{lost} points of P(win) ({p} of your chance to win the game)").format(
            lost=lost_s, p=pct(p_lost, ".1%", lang)
        )
    if kind == "game":
        assert winner is not None
        return _("{lost} points and the game: {card} reaches 121 now").format(
            lost=lost_s, card=winner.pretty
        )
    if kind == "margin":
        return _("{lost} points of pegging margin").format(lost=lost_s)
    return lost_s


def play_sentence(
    chosen: Card,
    best: Card | None,
    verdict: str,
    who: str,
    cost: str,
    tags: Sequence[str],
    *,
    board: bool,
    trap: bool | None,
    lang: str = "en",
) -> str:
    """A graded card in one sentence, its tags (English, said in ``lang``) and the trap."""
    _ = tr(lang)
    if verdict == "best":
        sentence = _("{card} is {who} too.").format(card=chosen.pretty, who=who)
    else:
        assert best is not None
        sentence = _("{card} gives up {cost} against {best}, {who} ({verdict}).").format(
            card=chosen.pretty,
            cost=cost,
            best=best.pretty,
            who=who,
            verdict=_verdict(verdict, lang),
        )
    said = [tag_text(t, lang) for t in tags]
    if said and board:  # one reason in terms of the game
        sentence += " " + _("It {reason}.").format(reason=said[0])
    elif said:
        sentence += " " + _("You {tags}.").format(tags=_("; you ").join(said))
    if trap:
        sentence += " " + _(TRAP_SET)
    return sentence


def hint_play_sentence(
    card: str,
    now: int,
    future: float,
    margin: float,
    p_nonneg: float,
    note: str,
    *,
    ge: str = ">=",
    lang: str = "en",
) -> str:
    """The coach's card: its points now, what it expects later, its margin and how
    often it comes out ahead, by the model ``note`` (``ge``: how the page writes ≥)."""
    _ = tr(lang)
    return _(
        "Play {card}: {now} now and {future} expected for the rest of the play (margin {margin}, "
        "P(margin {ge} 0) = {p}), {note}."
    ).format(
        card=card,
        now=now,
        future=num(future, "+.2f", lang),
        margin=num(margin, "+.2f", lang),
        ge=ge,
        p=pct(p_nonneg, ".0%", lang),
        note=note,
    )


def next_best_sentence(label: str, value: str, *, colon: bool = False, lang: str = "en") -> str:
    """The next best card and its value ("Next best is 7♣ (+0.50)."; ``colon``: "Next best:
    ...")."""
    _ = tr(lang)
    return (
        _("Next best: {card} ({value}).") if colon else _("Next best is {card} ({value}).")
    ).format(card=label, value=value)
