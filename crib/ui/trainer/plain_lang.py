"""The discard and pegging verdicts in plain words, through the catalog (the trainer in
a language other than English).

The English page says them with :mod:`crib.session.plain` (shared with the play page);
a French page says the same facts from the question's own numbers (the ranking of the
throws, the points now and the margins of the plays), sentence by sentence through
gettext, so no English sentence is left on it.

>>> q = {"six": "5H 5D JC QS 2H 9C", "dealer": True, "best": "9C 2H",
...      "ranking": [["9C 2H", 12.0, 8.0, 4.0], ["5H 5D", 9.0, 4.0, 5.0]]}
>>> head, said, note = discard_words(q, "5H 5D", 3.0, "costly", "fr")
>>> head, said.split(". ")[0]
('Coûteux : environ 3 points perdus.', 'Vous avez gardé J♣ Q♠ 2♥ 9♣ (environ 4 points en main) et jeté 5♥ 5♦ à votre crib (environ 5)')
"""

from __future__ import annotations

from crib.i18n import N_, tr
from crib.rules.cards import cards_pretty, parse_card, parse_cards

__all__ = ["discard_words", "play_words", "grade_head"]

_WORDS = {"best": N_("Best."), "ok": N_("OK"), "mistake": N_("A mistake"), "costly": N_("Costly"),
          "blunder": N_("A blunder")}


def _num(x: float, lang: str) -> str:
    s = f"{x:.1f}".removesuffix(".0")
    return s.replace(".", ",") if lang == "fr" else s


def grade_head(verdict: str, lost: float, lang: str, *, play: bool = False) -> str:
    """The grade word and what it cost ("Coûteux : environ 3 points perdus.")."""
    _ = tr(lang)
    if verdict == "best":
        return _(_WORDS["best"])
    cost = (_("about {lost} points of margin lost.") if play else _("about {lost} points lost.")).format(
        lost=_num(lost, lang))
    return _("{word}: {cost}").format(word=_(_WORDS.get(verdict, verdict)), cost=cost)


def discard_words(q: dict, answer: str, lost: float, verdict: str, lang: str) -> tuple[str, str, str]:
    """(the grade, what was kept and thrown against the best, the best throw's sums) of a
    discard answer, in ``lang``."""
    _ = tr(lang)
    six = parse_cards(q["six"])
    by = {t: (ev, hand, crib) for t, ev, hand, crib in q["ranking"]}
    best = q["ranking"][0][0]
    answer = answer if answer in by else best
    to_crib = _("to your crib") if q["dealer"] else _("to your opponent's crib")

    def kept(t: str) -> str:
        thrown = parse_cards(t)
        return cards_pretty([c for c in six if c not in thrown])

    _ev, hand, crib = by[answer]
    said = _("You kept {keep} (about {hand} points in hand) and threw {throw} {to_crib} (about {crib}).").format(
        keep=kept(answer), hand=_num(hand, lang), throw=cards_pretty(parse_cards(answer)), to_crib=to_crib,
        crib=_num(crib, lang))
    b_ev, b_hand, b_crib = by[best]
    if answer != best:
        said += " " + _("Better: keep {keep} (about {hand}) and throw {throw} (about {crib}).").format(
            keep=kept(best), hand=_num(b_hand, lang), throw=cards_pretty(parse_cards(best)), crib=_num(b_crib, lang))
    note = _("Keep {keep} ({hand} on average over the 46 starters) and give {throw} {to_crib} "
             "(about {crib}): {net} in all.").format(
        keep=kept(best), hand=f"{b_hand:.2f}", to_crib=to_crib, throw=cards_pretty(parse_cards(best)),
        crib=f"{b_crib:.2f}", net=f"{b_ev:.2f}")
    return grade_head(verdict, lost, lang), said, note


def play_words(q: dict, answer: str, lost: float, verdict: str, lang: str) -> tuple[str, str]:
    """(the grade, what the card did against the best) of a pegging answer, in ``lang``."""
    _ = tr(lang)
    now = {parse_card(c).rank: n for c, n, _m, _p in q["options"]}
    card, best = parse_card(answer), parse_card(q["best"])
    if card.rank == best.rank:
        said = _("{card} pegs {now} now and keeps the best margin for the rest of the play.").format(
            card=card.pretty, now=now.get(card.rank, 0))
    else:
        said = _("You played {card} ({now} now); better: {best} ({best_now} now), about {lost} points of "
                 "margin better over the rest of the play.").format(
            card=card.pretty, now=now.get(card.rank, 0), best=best.pretty, best_now=now.get(best.rank, 0),
            lost=_num(lost, lang))
    return grade_head(verdict, lost, lang, play=True), said
