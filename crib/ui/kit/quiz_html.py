"""The quiz's HTML the student's and the teacher's pages share: a question as the student
sees it, a count's breakdown, a revealed answer, and a CSV download link.

Pure functions from a typed question (:mod:`crib.course.questions.types`) to HTML: the
trainer (:mod:`crib.ui.trainer.render`) draws its questions and verdicts with them, the
teacher's page (:mod:`crib.ui.teacher`) its projector and its reveals.  Every sentence goes
through the gettext catalog (``lang``).

>>> from crib.course.questions import question_from_dict
>>> q = question_from_dict({"kind": "pegpoints", "pile": "TS 6D 5C 6S", "card": "4H",
...      "count_before": 27, "count": 31, "best": "5", "objective": "L3",
...      "parts": [["thirty-one", "TS 6D 5C 6S 4H", 2], ["run", "5C 6S 4H", 3]]})
>>> h = pegpoints_question_html(q)
>>> [c for c in ("10", "16", "21", "27", "?") if f'crib-peg-count">{c}<' in h]
['10', '16', '21', '27', '?']
>>> "Thirty-one for 2" in pegpoints_explain_html(q) and "In all: 5." in pegpoints_explain_html(q)
True
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence

from crib.course import questions as quiz
from crib.course.lessons import KIND_WORDS
from crib.course.notebooks import say_fr
from crib.i18n import N_, tr
from crib.rules.cards import Card
from crib.rules.scoring import Score
from crib.rules.words import opponent_holds
from crib.session import plain as words
from crib.ui.kit.common import card_html, cards_html
from crib.ui.kit.quiz_words import discard_words, play_words
from crib.ui.kit.style import var

__all__ = [
    "KIND_LABELS",
    "lang_of",
    "question_html",
    "breakdown_html",
    "pegpoints_question_html",
    "opponent_holds",
    "pegpoints_explain_html",
    "rules_question_html",
    "throw_splits",
    "reveal_html",
    "csv_link_html",
]

KIND_LABELS = {
    "fifteen": N_("fifteen"),
    "pair": N_("pair"),
    "run": N_("run"),
    "flush": N_("flush"),
    "nobs": N_("nobs"),
}


def _t(lang: str, template: str, **parts: object) -> str:
    """A translated sentence, escaped, with HTML pieces (card chips) put in its slots."""
    return html.escape(tr(lang)(template)).format(**{k: str(v) for k, v in parts.items()})


def _fmt(template: str, **parts: str | int) -> str:
    """A sentence already translated, escaped, with HTML pieces (card chips) in its slots."""
    return html.escape(template).format(
        **{k: v if isinstance(v, str) else str(v) for k, v in parts.items()}
    )


def lang_of(q: quiz.Question) -> str:
    """The language a question's sentences are in (a rules question's own; else English)."""
    return q.lang if isinstance(q, quiz.RulesQuestion) else "en"


# --- the question -------------------------------------------------------------------


def question_html(q: quiz.Question, *, choices: bool = False, lang: str | None = None) -> str:
    """The deal as the student sees it (no answer; ``choices``: a rules question's
    choices listed too, as on the projector), in ``lang`` (default: the question's)."""
    lang = lang or lang_of(q)
    if isinstance(q, quiz.PegPointsQuestion):
        return pegpoints_question_html(q, lang)
    if isinstance(q, quiz.RulesQuestion):
        return rules_question_html(q, lang, choices=choices)
    _ = tr(lang)
    if isinstance(q, quiz.CountQuestion):
        what = _("Count this crib.") if q.crib else _("Count this hand.")
        return (
            f"<div><b>{html.escape(what)}</b> "
            + (html.escape(_("(A crib's flush needs all five cards.)")) if q.crib else "")
            + f'</div><div class="crib-big-cards">{cards_html(q.hand)}'
            f'<span style="margin:0 10px;color:{var("muted-2")}">{html.escape(_("starter"))}</span>'
            f"{cards_html([q.starter])}</div>"
        )
    if isinstance(q, quiz.DiscardQuestion):
        seat = (
            _("You are the dealer (the crib is yours).")
            if q.dealer
            else _("You are the pone (the crib is your opponent's).")
        )
        # the six cards are the buttons below the prompt
        pick = _("Pick the two cards to throw to the crib.")
        return f"<div><b>{html.escape(seat)}</b> {html.escape(pick)}</div>"
    pos = q.position  # type: ignore[attr-defined]
    turn = _("Your turn in the play.")
    lines = [
        f"<div><b>{html.escape(turn)}</b> "
        + _t(
            lang,
            N_("Pick the card to play from your hand, below (count {count})."),
            count=pos.count,
        )
        + "</div>"
    ]
    if pos.pile:
        lines.append(
            _t(
                lang,
                N_("Pile (count {count}): {cards}"),
                count=pos.count,
                cards=cards_html(pos.pile),
            )
        )
    else:
        lines.append(html.escape(_("The pile is empty: you lead.")))
    if pos.previous:
        lines.append(
            _t(lang, N_("Played earlier this hand: {cards}"), cards=cards_html(pos.previous))
        )
    if pos.starter:
        lines.append(_t(lang, N_("Starter: {cards}"), cards=cards_html([pos.starter])))
    if pos.discards:
        lines.append(_t(lang, N_("You threw: {cards}"), cards=cards_html(pos.discards)))
    lines.append(html.escape(opponent_holds(pos.opp_count, pos.opp_go, lang)))
    return "".join(f"<div>{x}</div>" if i else x for i, x in enumerate(lines))


def pegpoints_question_html(q: quiz.PegPointsQuestion, lang: str = "en") -> str:
    """The play so far in large cards, the running count under each, and the card just
    laid (its count a question mark)."""
    _ = tr(lang)
    steps, count = [], 0
    for c in q.pile:
        count += c.value
        steps.append(
            f'<span class="crib-peg-step">{card_html(c)}'
            f'<span class="crib-peg-count">{count}</span></span>'
        )
    then = html.escape(_("then"))
    steps.append(f'<span class="crib-peg-then">{then}</span>')
    steps.append(
        f'<span class="crib-peg-step crib-peg-new">{card_html(q.card)}'
        '<span class="crib-peg-count">?</span></span>'
    )
    ask, so_far = (
        html.escape(_("What does this card peg?")),
        html.escape(_("The play so far, with the count after each card:")),
    )
    how = html.escape(
        _(
            "Type the count now and the points this card pegs (fifteens, 31, pairs "
            "and runs; the go and the last card are not asked)."
        )
    )
    return (
        f"<div><b>{ask}</b> {so_far}</div>"
        f'<div class="crib-big-cards crib-peg-seq">{"".join(steps)}</div><div>{how}</div>'
    )


def pegpoints_explain_html(q: quiz.PegPointsQuestion, lang: str = "en") -> str:
    """The breakdown in plain words: the new count, then each thing scored with its cards."""
    _ = tr(lang)
    lines = [
        _fmt(
            _("{card} makes the count {count} ({before} + {value})."),
            card=card_html(q.card),
            count=q.count,
            before=q.count_before,
            value=q.card.value,
        )
    ]
    for part in q.parts:
        name = _(KIND_WORDS.get(part.kind, part.kind))  # the course's one list of the kinds' words
        lines.append(
            _fmt(
                _("{kind} for {points}: {cards}"),
                kind=html.escape(name).capitalize(),
                points=part.points,
                cards=cards_html(part.cards),
            )
        )
    if q.parts:
        in_all = _fmt(_("In all: {points}."), points=str(q.points))
        lines.append(f"<b>{in_all}</b>")
    else:
        lines.append(html.escape(_("No fifteen, no 31, no pair and no run: it pegs nothing.")))
    return '<div class="crib-plain-text crib-peg-explain">' + "<br>".join(lines) + "</div>"


def rules_question_html(q: quiz.RulesQuestion, lang: str = "en", *, choices: bool = False) -> str:
    """The rules question's text (the choices are the buttons below it; ``choices``: as a
    numbered list too, for the projector and the reveals)."""
    _ = tr(lang)
    lead = _("True or false?") if len(q.choices) == 2 else _("Pick the answer.")
    out = (
        f"<div><b>{html.escape(lead)}</b></div>"
        f'<div class="crib-rules-text">{html.escape(q.text)}</div>'
    )
    if choices:
        out += (
            '<ol class="crib-rules-list" type="A">'
            + "".join(f"<li>{html.escape(c)}</li>" for c in q.choices)
            + "</ol>"
        )
    return out


# --- the answer ---------------------------------------------------------------------


def breakdown_html(s: Score, missed: frozenset[int] = frozenset(), lang: str = "en") -> str:
    """The count line by line; the components in ``missed`` are highlighted in amber."""
    _ = tr(lang)
    missed_word = _("missed")
    rows, tag = [], f' <b style="color:{var("amber-text")}">{html.escape(missed_word)}</b>'
    for i, c in enumerate(s.components):
        cls = ' class="crib-missed"' if i in missed else ""
        kind = _(KIND_LABELS[c.kind]) if c.kind in KIND_LABELS else c.kind
        rows.append(
            f"<tr{cls}><td>{html.escape(kind)}{tag if i in missed else ''}</td>"
            f"<td>{cards_html(c.cards)}</td>"
            f'<td style="text-align:right">{c.points}</td></tr>'
        )
    if not rows:
        nothing = _("nothing scores: nineteen (no points)")
        rows.append(f'<tr><td colspan="3">{html.escape(nothing)}</td></tr>')
    item, cards, points, total = _("item"), _("cards"), _("points"), _("total")
    said = say_fr(s) if lang == "fr" else s.say()
    return (
        '<table class="crib-breakdown" style="border-collapse:collapse">'
        f"<thead><tr><th>{item}</th><th>{cards}</th><th>{points}</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody>"
        f"<tfoot><tr><th colspan=2 style='text-align:left'>{total}</th>"
        f"<th style='text-align:right'>{s.total}</th></tr></tfoot></table>"
        f'<p class="crib-say"><i>{html.escape(said[:1].upper() + said[1:])}.</i></p>'
    )


def throw_splits(q: quiz.DiscardQuestion, throw: Sequence[Card]) -> tuple[words.Split, words.Split]:
    """The throw (its cards in the six's order; the best if it is not one of the 15) and the
    best one, with their values from the question."""
    by = {t.cards: t for t in q.ranking}
    best = q.ranking[0].cards

    def split(t: tuple[Card, ...]) -> words.Split:
        return words.Split.of(q.six, t, by[t].hand_ev, by[t].ev)

    return split(tuple(throw) if tuple(throw) in by else best), split(best)


def _kind_reveal(q: quiz.PegPointsQuestion | quiz.RulesQuestion, lang: str) -> tuple[str, str]:
    """(the answer in a few words, the explanation as HTML) of a revealed beginners' question."""
    _ = tr(lang)
    if isinstance(q, quiz.PegPointsQuestion):
        answer = _("count {count}, {points} points").format(count=q.count, points=str(q.points))
        return answer, pegpoints_explain_html(q, lang)
    why = _fmt(_("Why: {explain}"), explain=html.escape(q.explain))
    return q.best, f'<div class="crib-plain-text">{why}</div>'


def reveal_html(
    q: quiz.Question,
    i: int,
    *,
    lead: str = N_("the answer"),
    deal: bool = True,
    plain: bool = False,
    lang: str | None = None,
) -> str:
    """A revealed answer: the deal (unless ``deal`` is False), the answer and why
    (``plain``: in plain words, as the student's page says it by default), in ``lang``.

    The teacher's page shows it large; each student's page shows it under the question.
    """
    lang = lang or lang_of(q)
    if isinstance(q, quiz.CountQuestion):
        answer = str(q.total)
        body = breakdown_html(quiz.question_score(q), lang=lang)
    elif isinstance(q, quiz.DiscardQuestion):
        answer = " ".join(c.pretty for c in q.best)
        six = f'<div class="crib-big-cards">{cards_html(q.six)}</div>' if deal else ""
        if plain:
            _mine, best = throw_splits(q, q.best)
            said = (
                discard_words(q, q.best, 0.0, "best", lang)[2]
                if lang != "en"
                else words.hint_discard_text(best, None, dealer=q.dealer)
            )
            body = f'{six}<div class="crib-plain-text">{html.escape(said)}</div>'
        else:
            throw = _t(
                lang,
                N_("Throw {cards}: {why}"),
                cards=cards_html(q.best),
                why=html.escape(
                    discard_words(q, q.best, 0.0, "best", lang)[2] if lang != "en" else q.explain
                ),
            )
            body = f"{six}<div>{throw}</div>"
    elif isinstance(q, quiz.PegQuestion):
        answer = q.best.pretty
        held = _t(lang, N_("Hand: {cards}"), cards=cards_html(q.position.hand))
        held = f'<div class="crib-big-cards">{held}</div>' if deal else ""
        if plain:
            said = (
                play_words(q, q.best, 0.0, "best", lang)[1]
                if lang != "en"
                else words.hint_play_text(q.position, q.best)
            )
            body = f'{held}<div class="crib-plain-text">{html.escape(said)}</div>'
        else:
            play = _t(
                lang,
                N_("Play {card} (better than the next card by {gap} points of expected margin)."),
                card=cards_html([q.best]),
                gap=f"{q.gap:.2f}",
            )
            body = f"{held}<div>{play}</div>"
    else:  # what a card pegs, or a rules question
        answer, body = _kind_reveal(q, lang)  # type: ignore[arg-type]
    title = _t(
        lang,
        N_("Question {n}, {lead}: {answer}"),
        n=i + 1,
        lead=html.escape(tr(lang)(lead)),
        answer=html.escape(answer),
    )
    asked = question_html(q, choices=True, lang=lang) if deal else ""
    return (
        f'<div class="crib-reveal-box" style="border:2px solid {var("accent")};'
        'padding:8px;margin-top:6px">'
        f"<div style='font-size:20px'><b>{title}</b></div>{asked}{body}</div>"
    )


def csv_link_html(
    text: str, filename: str, label: str = N_("Download CSV"), lang: str = "en"
) -> str:
    """A download link holding the CSV itself (works offline, no server route)."""
    data = base64.b64encode(text.encode()).decode()
    return (
        f'<a class="crib-csv" download="{html.escape(filename)}" '
        f'href="data:text/csv;base64,{data}">⬇ {html.escape(tr(lang)(label))}</a>'
    )
