"""The quiz's words the student's and the teacher's pages share: a stored miss's name, and
the discard and pegging verdicts in plain words through the catalog.

The English trainer says the verdicts with :mod:`crib.session.plain` (shared with the play
page); a page in another language says the same facts from the question's own numbers
(the ranking of the throws, the points now and the margins of the plays), sentence by
sentence through gettext, so no English sentence is left on it.  The misses are stored
in English (:mod:`crib.course.questions.progress`); :func:`miss_words` says them in the
page's language.

>>> from crib.course.questions import question_from_dict
>>> q = question_from_dict(dict(kind="discard", six="5H 5D JC QS 2H 9C", dealer=True, best="9C 2H",
...     ranking=[["9C 2H", 12.0, 8.0, 4.0], ["5H 5D", 9.0, 4.0, 5.0]], gap=3.0, explain=""))
>>> head, said, note = discard_words(q, q.ranking[1].cards, 3.0, "costly", "fr")
>>> head
'Coûteux\\xa0: environ 3 pt de moins que le meilleur.'
>>> said.split(". ")[0]
'Vous avez gardé J♣ Q♠ 2♥ 9♣ (environ 4 points en main) et jeté 5♥ 5♦ à votre crib (environ 5)'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crib.course.questions import DiscardQuestion, PegQuestion
from crib.i18n import N_, tr
from crib.rules.cards import Card, cards_pretty

__all__ = ["discard_words", "play_words", "grade_head", "miss_words"]

_WORDS = {
    "best": N_("Best."),
    "ok": N_("OK"),
    "mistake": N_("A mistake"),
    "costly": N_("Costly"),
    "blunder": N_("A blunder"),
}

# the counting misses' names, for the catalog (crib.course.questions.progress stores them in
# English)
_MISSES = (
    N_("missed a fifteen"),
    N_("missed a fifteen with a ten-card"),
    N_("missed a pair"),
    N_("missed a run"),
    N_("missed a double run"),
    N_("missed a triple run"),
    N_("missed a double-double run"),
    N_("counted a double run as a single run"),
    N_("counted a triple run as a single run"),
    N_("counted a double-double run as a single run"),
    N_("missed a flush"),
    N_("missed nobs"),
    N_("counted a four-card flush in the crib"),
    N_("counted nobs that was not there"),
    # the discard's and the play's (crib.course.questions.progress classify_discard_miss,
    # classify_peg_miss)
    N_("threw a five to the opponent"),
    N_("threw a fifteen to the opponent"),
    N_("threw a pair to the opponent"),
    N_("threw touching cards to the opponent"),
    N_("kept a five the crib wanted"),
    N_("split a pair"),
    N_("kept the weaker hand"),
    N_("led a five"),
    N_("gave up position later in the play"),
)
_BY = re.compile(r"(over|under)-counted by (\d+)")
_FORMS = (  # the misses with a number in them: (pattern, its sentence in the catalog)
    (
        re.compile(r"left a count of (?P<count>\d+) \(a ten-card makes (?P<then>\d+)\)"),
        N_("left a count of {count} (a ten-card makes {then})"),
    ),
    (
        re.compile(r"handed over a 15 \(a (?P<rank>\d+) makes it\)"),
        N_("handed over a 15 (a {rank} makes it)"),
    ),
    (
        re.compile(r"missed points now \((?P<card>\S+) scores (?P<points>\d+)\)"),
        N_("missed points now ({card} scores {points})"),
    ),
)


def miss_words(name: str, lang: str = "en") -> str:
    """A stored miss's name in ``lang`` (as it is when the catalog does not know it).

    >>> miss_words("missed a pair", "fr"), miss_words("under-counted by 3", "fr")
    ('oublié une paire', 'compté 3 de moins')
    """
    _ = tr(lang)
    m = _BY.fullmatch(name)
    if m:
        said = _("over-counted by {n}") if m.group(1) == "over" else _("under-counted by {n}")
        return said.format(n=m.group(2))
    for pattern, sentence in _FORMS:
        m = pattern.fullmatch(name)
        if m:
            return _(sentence).format(**m.groupdict())
    return _(name) if name else name


def _num(x: float, lang: str) -> str:
    s = f"{x:.1f}".removesuffix(".0")
    return s.replace(".", ",") if lang == "fr" else s


def grade_head(verdict: str, lost: float, lang: str, *, play: bool = False) -> str:
    """The grade word and what it cost ("Coûteux : environ 3 points perdus.")."""
    _ = tr(lang)
    if verdict == "best":
        return _(_WORDS["best"])
    cost = (
        _("about {lost} points of margin lost.") if play else _("about {lost} points lost.")
    ).format(lost=_num(lost, lang))
    return _("{word}: {cost}").format(word=_(_WORDS.get(verdict, verdict)), cost=cost)


def discard_words(
    q: DiscardQuestion, answer: Sequence[Card], lost: float, verdict: str, lang: str
) -> tuple[str, str, str]:
    """(the grade, what was kept and thrown against the best, the best throw's sums) of the
    throw ``answer`` (its cards in the six's order), in ``lang``."""
    _ = tr(lang)
    six = q.six
    by = {t.cards: (t.ev, t.hand_ev, t.crib_ev) for t in q.ranking}
    best = q.ranking[0].cards
    throw = tuple(answer) if tuple(answer) in by else best
    to_crib = _("to your crib") if q.dealer else _("to your opponent's crib")

    def kept(thrown: tuple[Card, ...]) -> str:
        return cards_pretty([c for c in six if c not in thrown])

    _ev, hand, crib = by[throw]
    said = _(
        "You kept {keep} (about {hand} points in hand) and threw {throw} {to_crib} (about {crib})."
    ).format(
        keep=kept(throw),
        hand=_num(hand, lang),
        throw=cards_pretty(throw),
        to_crib=to_crib,
        crib=_num(crib, lang),
    )
    b_ev, b_hand, b_crib = by[best]
    if throw != best:
        said += " " + _(
            "Better: keep {keep} (about {hand}) and throw {throw} (about {crib})."
        ).format(
            keep=kept(best),
            hand=_num(b_hand, lang),
            throw=cards_pretty(best),
            crib=_num(b_crib, lang),
        )
    note = _(
        "Keep {keep} ({hand} on average over the 46 starters) and give {throw} {to_crib} "
        "(about {crib}): {net} in all."
    ).format(
        keep=kept(best),
        hand=f"{b_hand:.2f}",
        to_crib=to_crib,
        throw=cards_pretty(best),
        crib=f"{b_crib:.2f}",
        net=f"{b_ev:.2f}",
    )
    return grade_head(verdict, lost, lang), said, note


def play_words(q: PegQuestion, card: Card, lost: float, verdict: str, lang: str) -> tuple[str, str]:
    """(the grade, what ``card`` did against the best) of a pegging answer, in ``lang``."""
    _ = tr(lang)
    now = {o.card.rank: o.now for o in q.options}
    best = q.best
    if card.rank == best.rank:
        said = _(
            "{card} pegs {now} now and keeps the best margin for the rest of the play."
        ).format(card=card.pretty, now=now.get(card.rank, 0))
    else:
        said = _(
            "You played {card} ({now} now); better: {best} ({best_now} now), "
            "about {lost} points of margin better over the rest of the play."
        ).format(
            card=card.pretty,
            now=now.get(card.rank, 0),
            best=best.pretty,
            best_now=now.get(best.rank, 0),
            lost=_num(lost, lang),
        )
    return grade_head(verdict, lost, lang, play=True), said
