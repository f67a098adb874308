"""The trainer's HTML rendering: an answer's verdict (a count, a throw, a play), and the
card buttons the answer boxes are built from.

Pure functions from a typed question (:mod:`crib.course.questions.types`) and a
:class:`crib.course.questions.Result` to HTML.  What the teacher's page draws too (the
question, the breakdown, a reveal, a CSV link) is in :mod:`crib.ui.kit.quiz_html`.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from crib.analysis.grades import grade as grade_of
from crib.analysis.models import UNIFORM
from crib.analysis.speech import num, pct
from crib.course import questions as quiz
from crib.course.questions.progress import explain_count_miss
from crib.i18n import N_, tr
from crib.rules.cards import Card
from crib.session import plain as words
from crib.ui.kit.cardview import card_name, card_text
from crib.ui.kit.common import cards_html, grade_tip, how_details
from crib.ui.kit.controls import checkbox
from crib.ui.kit.quiz_html import breakdown_html, lang_of, throw_splits
from crib.ui.kit.quiz_words import discard_words, miss_words, play_words
from crib.ui.kit.style import var
from crib.ui.trainer.kinds_render import kind_result_html

# the page's look is the stylesheet's (crib/ui/kit/crib.css, section "trainer")
_AMBER, _GREEN, _RED = var("amber-pale"), var("green"), var("red")


def _t(lang: str, template: str, **parts: object) -> str:
    """A translated sentence, escaped, with HTML pieces (card chips) put in its slots."""
    return html.escape(tr(lang)(template)).format(**{k: str(v) for k, v in parts.items()})


_PEG_HEADS = (N_("play"), N_("points now"), N_("expected margin"), N_("lost"), N_("P(margin ≥ 0)"))


def _verdict(r: quiz.Result, right: str, wrong: str) -> str:
    if r.correct:
        return f'<div class="crib-verdict-right">✔ {right}</div>'
    return f'<div class="crib-verdict-wrong">✘ {wrong}</div>'


def _tip(verdict: str, said: str, lang: str) -> str:
    """The grade's sentence (plain text) with its word's range as a tip (issue 37)."""
    return grade_tip(verdict, html.escape(said), lang=lang)


def count_result_html(q: quiz.CountQuestion, r: quiz.Result, lang: str = "en") -> str:
    s = quiz.question_score(q)
    names, missed = explain_count_miss(s, int(r.answer))
    head = _verdict(
        r,
        _t(lang, N_("Right: {total}."), total=s.total),
        _t(lang, N_("You said {answer}; the count is {total}."), answer=r.answer, total=s.total),
    )
    likely = _t(
        lang,
        N_("Likely: {misses}."),
        misses=html.escape("; ".join(miss_words(n, lang) for n in names)),
    )
    why = f"<div>{likely}</div>" if names else ""
    return head + why + breakdown_html(s, missed, lang)


def _why_plain(r: quiz.Result, lang: str = "en") -> str:
    """What went wrong, by name ("threw a five to the opponent")."""
    why = _t(
        lang,
        N_("What went wrong: {misses}."),
        misses=html.escape("; ".join(miss_words(m, lang) for m in r.misses)),
    )
    return f"<div>{why}</div>" if r.misses else ""


def discard_result_html(
    q: quiz.DiscardQuestion, r: quiz.Result, *, plain: bool = False, lang: str = "en"
) -> str:
    """The ranking of the 15 throws, the student's and the best marked, and the points lost;
    ``plain``: the verdict in plain words, the ranking and the model under "How this was
    computed"."""
    _ = tr(lang)
    mine_cards = r.cards  # the throw, its cards in the six's order
    head = _verdict(
        r,
        _t(lang, N_("Best throw: {cards}"), cards=cards_html(mine_cards)),
        _t(
            lang,
            N_("You threw {cards}: {lost} points lost on average. Best: {best}"),
            cards=cards_html(mine_cards),
            lost=num(r.lost, ".2f", lang),
            best=cards_html(q.best),
        ),
    )
    rows = []
    best_ev = q.ranking[0].ev
    star, you = html.escape(_("★ best")), html.escape(_("← you"))
    for i, t in enumerate(q.ranking):
        mark = star if i == 0 else (you if t.cards == mine_cards else "")
        style = "font-weight:700;" if i == 0 else ""
        if t.cards == mine_cards and i:
            style += f"background:{_AMBER};"
        rows.append(
            f'<tr style="{style}"><td>{i + 1}</td><td>{cards_html(t.cards)}</td>'
            f"<td>{num(t.hand_ev, '.2f', lang)}</td><td>{num(t.crib_ev, '.2f', lang)}</td>"
            f"<td>{num(t.ev, '.2f', lang)}</td>"
            f"<td>{num(best_ev - t.ev, '.2f', lang)}</td><td>{mark}</td></tr>"
        )
    net = _("net (hand + crib)") if q.dealer else _("net (hand − crib)")
    throw, hand, crib, lost = _("throw"), _("hand"), _("crib"), _("lost")
    table = (
        '<table class="crib-ranking" style="border-collapse:collapse">'
        f"<thead><tr><th>#</th><th>{throw}</th><th>{hand}</th><th>{crib}</th><th>{net}</th>"
        f"<th>{lost}</th><th></th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
    verdict = "best" if r.correct else grade_of(r.lost)
    local = (
        discard_words(q, mine_cards, r.lost, verdict, lang) if lang != "en" else None
    )  # not English
    note = f'<div class="crib-muted">{html.escape(local[2] if local else q.explain)}</div>'
    why = (
        f"<div>{html.escape('; '.join(miss_words(m, lang) for m in r.misses))}.</div>"
        if r.misses
        else ""
    )
    if not plain:
        return head + why + note + table
    if local:
        head = _verdict(r, html.escape(_("Best throw.")), _tip(verdict, local[0], lang))
        return (
            head
            + f'<div class="crib-plain-text">{html.escape(local[1])}</div>'
            + _why_plain(r, lang)
            + how_details(note + table, lang)
        )
    mine, best = throw_splits(q, mine_cards)
    said = words.discard_text(
        mine, best, dealer=q.dealer, verdict=verdict, lost=r.lost, grade=False
    )
    head = _verdict(
        r, html.escape(_("Best throw.")), _tip(verdict, words.grade_words(verdict, r.lost), lang)
    )
    how = how_details(
        note
        + table
        + "".join(
            f'<p style="margin:4px 0;color:{var("muted")}">{html.escape(n)}</p>'
            for n in (UNIFORM.discard.describe(), q.model)
            if n
        )
    )
    return (
        head + f'<div class="crib-plain-text">{html.escape(said)}</div>' + _why_plain(r, lang) + how
    )


def peg_result_html(
    q: quiz.PegQuestion, r: quiz.Result, *, plain: bool = False, lang: str = "en"
) -> str:
    """Every legal card's points now and exact expected margin; ``plain``: the verdict in
    plain words (what your card did, the better card), the table and the model under
    "How this was computed"."""
    _ = tr(lang)
    played = r.cards[0]  # the card played
    head = _verdict(
        r,
        _t(lang, N_("Best play: {card}"), card=cards_html([played])),
        _t(
            lang,
            N_("You played {card}: {lost} points of margin lost. Best: {best}"),
            card=cards_html([played]),
            lost=num(r.lost, ".2f", lang),
            best=cards_html([q.best]),
        ),
    )
    star, you = html.escape(_("★ best")), html.escape(_("← you"))
    mine = played.rank
    best = q.options[0].margin
    rows = []
    for i, o in enumerate(q.options):
        mark = star if i == 0 else (you if o.card.rank == mine else "")
        style = "font-weight:700;" if i == 0 else ""
        if o.card.rank == mine and i:
            style += f"background:{_AMBER};"
        rows.append(
            f'<tr style="{style}"><td>{cards_html([o.card])}</td><td>{o.now}</td>'
            f"<td>{num(o.margin, '+.2f', lang)}</td><td>{num(best - o.margin, '.2f', lang)}</td>"
            f"<td>{pct(o.p_nonneg, lang=lang)}</td><td>{mark}</td></tr>"
        )
    heads = "".join(f"<th>{html.escape(_(h))}</th>" for h in _PEG_HEADS)
    table = (
        '<table class="crib-margins" style="border-collapse:collapse">'
        f"<thead><tr>{heads}<th></th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
    why = (
        f"<div>{html.escape('; '.join(miss_words(m, lang) for m in r.misses))}.</div>"
        if r.misses
        else ""
    )
    margin = (
        _t(
            lang,
            N_("Margin: your pegging points minus theirs for the rest of the play, {model}."),
            model=html.escape(q.model),
        )
        if lang == "en"
        else _t(lang, N_("Margin: your pegging points minus theirs for the rest of the play."))
    )
    note = f'<div class="crib-muted">{margin}</div>'
    if not plain:
        return head + why + table + note
    verdict = "best" if r.correct else grade_of(r.lost)
    if lang != "en":
        grade, said = play_words(q, played, r.lost, verdict, lang)
        head = _verdict(r, html.escape(_("Best play.")), _tip(verdict, grade, lang))
        return (
            head
            + f'<div class="crib-plain-text">{html.escape(said)}</div>'
            + _why_plain(r, lang)
            + how_details(table + note, lang)
        )
    said = words.play_text(q.position, played, q.best, verdict=verdict, lost=r.lost, grade=False)
    head = _verdict(
        r,
        html.escape(_("Best play.")),
        _tip(verdict, words.grade_words(verdict, r.lost, play=True), lang),
    )
    model = (
        f'<p style="margin:4px 0;color:{var("muted")}">{html.escape(UNIFORM.play.describe())}</p>'
    )
    return (
        head
        + f'<div class="crib-plain-text">{html.escape(said)}</div>'
        + _why_plain(r, lang)
        + how_details(table + note + model)
    )


def result_html(
    q: quiz.Question, r: quiz.Result, *, plain: bool = False, lang: str | None = None
) -> str:
    """An answer's verdict (``plain``: in plain words, the numbers folded), in ``lang``."""
    lang = lang or lang_of(q)
    if isinstance(q, quiz.CountQuestion):
        return count_result_html(q, r, lang)
    if isinstance(q, quiz.DiscardQuestion):
        return discard_result_html(q, r, plain=plain, lang=lang)
    if isinstance(q, quiz.PegQuestion):
        return peg_result_html(q, r, plain=plain, lang=lang)
    return kind_result_html(q, r, lang)  # type: ignore[arg-type]  # what a card pegs, a rules question


def plain_switch(
    value: bool = True, on_change: Callable[[], None] | None = None, lang: str = "en"
) -> w.Checkbox:
    """The "Plain words" switch (plain words for learners, the default; off: the exact
    tables and margins up front), calling ``on_change`` when it is flipped."""
    box = checkbox(value, tr(lang)(N_("Plain words")), "crib-plain-words")
    if on_change is not None:
        box.observe(lambda _c: on_change(), "value")
    return box


def head_row(*children: w.Widget) -> w.HBox:
    """The question's header row (it wraps on a narrow screen)."""
    return w.HBox(
        list(children),
        layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 16px"),
    )


def card_look(c: Card, lang: str = "en", *extra: str) -> dict[str, Any]:
    """The card component's classes (and ``extra``) and its one spoken name, as a button's
    first state: ``w.Button(**card_look(c))`` sends no update message after it.  Never an
    empty tooltip: the card style prints the corner from ``crib-face-KD``, and a
    ToggleButton with no tooltip has the title "null"."""
    colour = "crib-cardbtn-red" if c.suit in "DH" else "crib-cardbtn-black"
    classes = ("crib-cardbtn", f"crib-cardbtn-{c}", f"crib-face-{c}", colour, *extra)
    return {"tooltip": card_name(c, lang), "_dom_classes": classes}


def _card_button(c: Card, lang: str = "en") -> w.Button:
    size = w.Layout(width="4.2em", height="2.6em")
    return w.Button(description=card_text(c, lang), layout=size, **card_look(c, lang))


def _card_toggle(c: Card, lang: str = "en") -> w.ToggleButton:
    size = w.Layout(width="4.2em", height="2.6em")
    return w.ToggleButton(description=card_text(c, lang), layout=size, **card_look(c, lang))
