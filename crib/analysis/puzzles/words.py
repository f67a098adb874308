"""A puzzle's answer in plain words, in English and French: the coach's own sentences.

Away from 121 these are the coach's hints (:mod:`crib.analysis.coach_words`): the
throw with its values and the next best, or the card with its points now, what it
expects later, its margin and the next best.  Near 121, where the coach plays for the
game, the answer says the chance to win after it and after the next best, and how
that chance was computed.  Cards are written as each language writes them
(:func:`crib.rules.words.local_cards`: R♠, D♥, V♦ in French).  Only templates are in
the catalog, never a puzzle's text.
"""

from __future__ import annotations

from crib.analysis.coach_words import (
    TRAP_CARD,
    hint_discard_sentence,
    hint_play_sentence,
    next_best_sentence,
)
from crib.analysis.discard import DiscardAnalysis
from crib.analysis.formations import find_formations
from crib.analysis.play import PlayAnalysis
from crib.analysis.play.board import BoardAnalysis
from crib.analysis.speech import board_note, explain_throw, num, pct, play_note
from crib.i18n import N_, tr
from crib.rules.cards import cards_pretty, parse_card, parse_cards
from crib.rules.words import local_cards

__all__ = ["LANGS", "answer_words", "WIN_PLAY", "WIN_THROW"]

LANGS = ("en", "fr")
WIN_PLAY = N_(
    "Play {card}: you win the game {p} of the time after it, against {q} after the next best, "
    "{runner}."
)
WIN_THROW = N_(
    "Throw {throw}: you win the game {p} of the time after it, against {q} after the next best, "
    "{runner}."
)


def _discard(a: DiscardAnalysis, runner: str, lang: str) -> str:
    _ = tr(lang)
    if a.objective == "win":
        r = a.throws[a.find(parse_cards(runner))]
        head = _(WIN_THROW).format(
            throw=cards_pretty(a.best.throw),
            p=pct(a.best.p_win or 0.0, ".1%", lang),
            q=pct(r.p_win or 0.0, ".1%", lang),
            runner=cards_pretty(r.throw),
        )
        return f"{head} {explain_throw(a, 0, lang)}"
    forms = find_formations(a.best.keep)
    return hint_discard_sentence(a, forms[0].name if forms else None, lang)


def _play(a: PlayAnalysis, answer: str, runner: str, lang: str) -> str:
    b, r = a.option(answer), a.option(runner)
    assert b.card is not None
    parts = [
        hint_play_sentence(
            b.card.pretty, b.now, b.future, b.margin, b.p_nonneg, play_note(a, lang), lang=lang
        ),
        next_best_sentence(parse_card(runner).pretty, num(r.margin, "+.2f", lang), lang=lang),
    ]
    if b.now == 0 and b.margin >= 1.5:
        parts.append(tr(lang)(TRAP_CARD))
    return " ".join(parts)


def _board(b: BoardAnalysis, answer: str, runner: str, lang: str) -> str:
    _ = tr(lang)
    best, nxt = parse_card(answer), parse_card(runner)
    head = _(WIN_PLAY).format(
        card=best.pretty,
        p=pct(b.option(best).p_win, ".1%", lang),
        q=pct(b.option(nxt).p_win, ".1%", lang),
        runner=nxt.pretty,
    )
    return f"{head} {board_note(b, lang)}."


def answer_words(
    analysis: DiscardAnalysis | PlayAnalysis | BoardAnalysis, answer: str, runner: str
) -> dict[str, str]:
    """The answer in plain words in each of :data:`LANGS`, from the analysis that judged it."""
    out = {}
    for lang in LANGS:
        if isinstance(analysis, DiscardAnalysis):
            text = _discard(analysis, runner, lang)
        elif isinstance(analysis, BoardAnalysis):
            text = _board(analysis, answer, runner, lang)
        else:
            text = _play(analysis, answer, runner, lang)
        out[lang] = local_cards(text, lang)
    return out
