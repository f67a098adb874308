"""The trainer's HTML rendering: questions, verdicts, count breakdowns, CSV links.

Split out of :mod:`crib.ui.trainer.app` (which re-exports every public name):
pure functions from a question and a :class:`crib.course.questions.Result` to HTML,
and the card buttons the answer boxes are built from.
The teacher's page uses the same helpers.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable

import ipywidgets as w

from crib.analysis.grades import thresholds, verdict_word
from crib.analysis.models import UNIFORM
from crib.course import questions as quiz
from crib.course.notebooks import say_fr
from crib.course.questions.progress import explain_count_miss
from crib.i18n import N_, tr
from crib.rules.cards import Card, parse_card, parse_cards
from crib.rules.position import PeggingPosition
from crib.rules.scoring import Score
from crib.session import plain as words
from crib.ui.kit.cardview import card_name
from crib.ui.kit.common import cards_html, how_details
from crib.ui.kit.style import var
from crib.ui.trainer.kinds_render import (
    kind_question_html,
    kind_result_html,
    kind_reveal,
)
from crib.ui.trainer.plain_lang import discard_words, play_words
from crib.ui.trainer.sets import miss_words

# the page's look is the stylesheet's (crib/ui/kit/crib.css, section "trainer")
_AMBER, _GREEN, _RED = var("amber-pale"), var("green"), var("red")


# --- rendering -----------------------------------------------------------------


def _t(lang: str, template: str, **parts: object) -> str:
    """A translated sentence, escaped, with HTML pieces (card chips) put in its slots."""
    return html.escape(tr(lang)(template)).format(**{k: str(v) for k, v in parts.items()})


def question_html(q: dict, *, choices: bool = False, lang: str | None = None) -> str:
    """The deal as the student sees it (no answer; ``choices``: a rules question's
    choices listed too, as on the projector), in ``lang`` (default: the question's)."""
    lang = lang or q.get("lang", "en")
    if q["kind"] in ("pegpoints", "rules"):
        return kind_question_html(q, lang, choices=choices)
    _ = tr(lang)
    if q["kind"] == "count":
        what = _("Count this crib.") if q["crib"] else _("Count this hand.")
        return (
            f"<div><b>{html.escape(what)}</b> "
            + (html.escape(_("(A crib's flush needs all five cards.)")) if q["crib"] else "")
            + f'</div><div class="crib-big-cards">{cards_html(parse_cards(q["hand"]))}'
            f'<span style="margin:0 10px;color:{var("muted-2")}">{html.escape(_("starter"))}</span>'
            f"{cards_html([parse_card(q['starter'])])}</div>"
        )
    if q["kind"] == "discard":
        seat = (_("You are the dealer (the crib is yours).") if q["dealer"]
                else _("You are the pone (the crib is your opponent's)."))
        # the six cards are the buttons below the prompt
        pick = _("Pick the two cards to throw to the crib.")
        return f"<div><b>{html.escape(seat)}</b> {html.escape(pick)}</div>"
    pos = PeggingPosition.parse(q["position"])
    turn = _("Your turn in the play.")
    lines = [
        f"<div><b>{html.escape(turn)}</b> "
        + _t(lang, N_("Pick the card to play from your hand, below (count {count})."), count=pos.count)
        + "</div>"
    ]
    if pos.pile:
        lines.append(_t(lang, N_("Pile (count {count}): {cards}"), count=pos.count, cards=cards_html(pos.pile)))
    else:
        lines.append(html.escape(_("The pile is empty: you lead.")))
    if pos.previous:
        lines.append(_t(lang, N_("Played earlier this hand: {cards}"), cards=cards_html(pos.previous)))
    if pos.starter:
        lines.append(_t(lang, N_("Starter: {cards}"), cards=cards_html([pos.starter])))
    if pos.discards:
        lines.append(_t(lang, N_("You threw: {cards}"), cards=cards_html(pos.discards)))
    holds = (_("Your opponent holds {n} card(s), and has said go.") if pos.opp_go
             else _("Your opponent holds {n} card(s)."))
    lines.append(html.escape(holds.format(n=pos.opp_count)))
    return "".join(f"<div>{x}</div>" if i else x for i, x in enumerate(lines))


KIND_LABELS = {"fifteen": N_("fifteen"), "pair": N_("pair"), "run": N_("run"), "flush": N_("flush"),
          "nobs": N_("nobs")}


def breakdown_html(s: Score, missed: frozenset[int] = frozenset(), lang: str = "en") -> str:
    """The count line by line; the components in ``missed`` are highlighted in amber."""
    _ = tr(lang)
    missed_word = _("missed")
    rows, tag = [], f' <b style="color:{var("amber-text")}">{html.escape(missed_word)}</b>'
    for i, c in enumerate(s.components):
        cls = ' class="crib-missed"' if i in missed else ""
        kind = _(KIND_LABELS[c.kind]) if c.kind in KIND_LABELS else c.kind
        rows.append(
            f"<tr{cls}><td>{html.escape(kind)}{tag if i in missed else ''}</td><td>{cards_html(c.cards)}</td>"
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
        f"<tbody>{''.join(rows)}</tbody><tfoot><tr><th colspan=2 style='text-align:left'>{total}</th>"
        f"<th style='text-align:right'>{s.total}</th></tr></tfoot></table>"
        f'<p class="crib-say"><i>{html.escape(said[:1].upper() + said[1:])}.</i></p>'
    )


_PEG_HEADS = (N_("play"), N_("points now"), N_("expected margin"), N_("lost"), N_("P(margin ≥ 0)"))


def _verdict(r: quiz.Result, right: str, wrong: str) -> str:
    if r.correct:
        return f'<div class="crib-verdict-right">✔ {right}</div>'
    return f'<div class="crib-verdict-wrong">✘ {wrong}</div>'


def count_result_html(q: dict, r: quiz.Result, lang: str = "en") -> str:
    s = quiz.question_score(q)
    names, missed = explain_count_miss(s, int(r.answer))
    head = _verdict(r, _t(lang, N_("Right: {total}."), total=s.total),
                    _t(lang, N_("You said {answer}; the count is {total}."), answer=r.answer, total=s.total))
    likely = _t(lang, N_("Likely: {misses}."), misses=html.escape("; ".join(miss_words(n, lang) for n in names)))
    why = f"<div>{likely}</div>" if names else ""
    return head + why + breakdown_html(s, missed, lang)


def _splits(q: dict, answer: str) -> tuple[words.Split, words.Split]:
    """The student's throw and the best one, with their values from the question."""
    six = parse_cards(q["six"])
    by = {t: (ev, hand_ev) for t, ev, hand_ev, _crib in q["ranking"]}
    best = q["ranking"][0][0]

    def split(t: str) -> words.Split:
        ev, hand_ev = by[t]
        return words.Split.of(six, parse_cards(t), hand_ev, ev)

    return split(answer if answer in by else best), split(best)


def _why_plain(r: quiz.Result, lang: str = "en") -> str:
    """What went wrong, by name ("threw a five to the opponent")."""
    why = _t(lang, N_("What went wrong: {misses}."), misses=html.escape("; ".join(miss_words(m, lang) for m in r.misses)))
    return f"<div>{why}</div>" if r.misses else ""


def discard_result_html(q: dict, r: quiz.Result, *, plain: bool = False, lang: str = "en") -> str:
    """The ranking of the 15 throws, the student's and the best marked, and the points lost;
    ``plain``: the verdict in plain words, the ranking and the model under "How this was
    computed"."""
    _ = tr(lang)
    head = _verdict(
        r,
        _t(lang, N_("Best throw: {cards}"), cards=cards_html(parse_cards(r.answer))),
        _t(lang, N_("You threw {cards}: {lost} points lost on average. Best: {best}"),
           cards=cards_html(parse_cards(r.answer)), lost=f"{r.lost:.2f}", best=cards_html(parse_cards(q["best"]))),
    )
    rows = []
    best_ev = q["ranking"][0][1]
    star, you = html.escape(_("★ best")), html.escape(_("← you"))
    for i, (t, ev, hand_ev, crib_ev) in enumerate(q["ranking"]):
        mark = star if i == 0 else (you if t == r.answer else "")
        style = "font-weight:700;" if i == 0 else ""
        if t == r.answer and i:
            style += f"background:{_AMBER};"
        rows.append(
            f'<tr style="{style}"><td>{i + 1}</td><td>{cards_html(parse_cards(t))}</td>'
            f"<td>{hand_ev:.2f}</td><td>{crib_ev:.2f}</td><td>{ev:.2f}</td>"
            f"<td>{best_ev - ev:.2f}</td><td>{mark}</td></tr>"
        )
    net = _("net (hand + crib)") if q["dealer"] else _("net (hand − crib)")
    throw, hand, crib, lost = _("throw"), _("hand"), _("crib"), _("lost")
    table = (
        '<table class="crib-ranking" style="border-collapse:collapse">'
        f"<thead><tr><th>#</th><th>{throw}</th><th>{hand}</th><th>{crib}</th><th>{net}</th>"
        f"<th>{lost}</th><th></th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
    verdict = "best" if r.correct else verdict_word(r.lost, thresholds("discard"))
    local = discard_words(q, r.answer, r.lost, verdict, lang) if lang != "en" else None  # not English
    note = f'<div class="crib-muted">{html.escape(local[2] if local else q["explain"])}</div>'
    why = f"<div>{html.escape('; '.join(miss_words(m, lang) for m in r.misses))}.</div>" if r.misses else ""
    if not plain:
        return head + why + note + table
    if local:
        head = _verdict(r, html.escape(_("Best throw.")), html.escape(local[0]))
        return head + f'<div class="crib-plain-text">{html.escape(local[1])}</div>' + _why_plain(r, lang) + how_details(note + table, lang)
    mine, best = _splits(q, r.answer)
    said = words.discard_text(mine, best, dealer=q["dealer"], verdict=verdict, lost=r.lost, grade=False)
    head = _verdict(r, html.escape(_("Best throw.")), words.grade_words(verdict, r.lost))
    how = how_details(
        note + table + "".join(
            f'<p style="margin:4px 0;color:{var("muted")}">{html.escape(n)}</p>'
            for n in (UNIFORM.discard.describe(), q.get("model", ""))
            if n
        )
    )
    return head + f'<div class="crib-plain-text">{html.escape(said)}</div>' + _why_plain(r, lang) + how


def peg_result_html(q: dict, r: quiz.Result, *, plain: bool = False, lang: str = "en") -> str:
    """Every legal card's points now and exact expected margin; ``plain``: the verdict in
    plain words (what your card did, the better card), the table and the model under
    "How this was computed"."""
    _ = tr(lang)
    head = _verdict(
        r,
        _t(lang, N_("Best play: {card}"), card=cards_html([parse_card(r.answer)])),
        _t(lang, N_("You played {card}: {lost} points of margin lost. Best: {best}"),
           card=cards_html([parse_card(r.answer)]), lost=f"{r.lost:.2f}", best=cards_html([parse_card(q["best"])])),
    )
    star, you = html.escape(_("★ best")), html.escape(_("← you"))
    mine = parse_card(r.answer).rank
    best = q["options"][0][2]
    rows = []
    for i, (c, now, margin, p) in enumerate(q["options"]):
        card = parse_card(c)
        mark = star if i == 0 else (you if card.rank == mine else "")
        style = "font-weight:700;" if i == 0 else ""
        if card.rank == mine and i:
            style += f"background:{_AMBER};"
        rows.append(
            f'<tr style="{style}"><td>{cards_html([card])}</td><td>{now}</td>'
            f"<td>{margin:+.2f}</td><td>{best - margin:.2f}</td><td>{p:.0%}</td><td>{mark}</td></tr>"
        )
    heads = "".join(f"<th>{html.escape(_(h))}</th>" for h in _PEG_HEADS)
    table = (
        '<table class="crib-margins" style="border-collapse:collapse">'
        f"<thead><tr>{heads}<th></th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
    why = f"<div>{html.escape('; '.join(miss_words(m, lang) for m in r.misses))}.</div>" if r.misses else ""
    margin = (_t(lang, N_("Margin: your pegging points minus theirs for the rest of the play, {model}."),
                 model=html.escape(q["model"])) if lang == "en"
              else _t(lang, N_("Margin: your pegging points minus theirs for the rest of the play.")))
    note = f'<div class="crib-muted">{margin}</div>'
    if not plain:
        return head + why + table + note
    pos = PeggingPosition.parse(q["position"])
    verdict = "best" if r.correct else verdict_word(r.lost, thresholds("play"))
    if lang != "en":
        grade, said = play_words(q, r.answer, r.lost, verdict, lang)
        head = _verdict(r, html.escape(_("Best play.")), html.escape(grade))
        return head + f'<div class="crib-plain-text">{html.escape(said)}</div>' + _why_plain(r, lang) + how_details(table + note, lang)
    said = words.play_text(
        pos, parse_card(r.answer), parse_card(q["best"]), verdict=verdict, lost=r.lost, grade=False
    )
    head = _verdict(r, html.escape(_("Best play.")), words.grade_words(verdict, r.lost, play=True))
    model = f'<p style="margin:4px 0;color:{var("muted")}">{html.escape(UNIFORM.play.describe())}</p>'
    return head + f'<div class="crib-plain-text">{html.escape(said)}</div>' + _why_plain(r, lang) + how_details(table + note + model)


def result_html(q: dict, r: quiz.Result, *, plain: bool = False, lang: str | None = None) -> str:
    """An answer's verdict (``plain``: in plain words, the numbers folded), in ``lang``."""
    lang = lang or q.get("lang", "en")
    if q["kind"] == "count":
        return count_result_html(q, r, lang)
    if q["kind"] == "discard":
        return discard_result_html(q, r, plain=plain, lang=lang)
    if q["kind"] in ("pegpoints", "rules"):
        return kind_result_html(q, r, lang)
    return peg_result_html(q, r, plain=plain, lang=lang)


def plain_switch(value: bool = True, on_change: Callable[[], None] | None = None, lang: str = "en") -> w.Checkbox:
    """The "Plain words" switch (plain words for learners, the default; off: the exact
    tables and margins up front), calling ``on_change`` when it is flipped."""
    box = w.Checkbox(value=value, description=tr(lang)(N_("Plain words")), indent=False, layout=w.Layout(width="auto"))
    if on_change is not None:
        box.observe(lambda _c: on_change(), "value")
    return box.add_class("crib-plain-words")


def head_row(*children: w.Widget) -> w.HBox:
    """The question's header row (it wraps on a narrow screen)."""
    return w.HBox(list(children), layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 16px"))


def reveal_html(q: dict, i: int, *, lead: str = N_("the answer"), deal: bool = True, plain: bool = False,
                lang: str | None = None) -> str:
    """A revealed answer: the deal (unless ``deal`` is False), the answer and why
    (``plain``: in plain words, as the student's page says it by default), in ``lang``.

    The teacher's page shows it large; each student's page shows it under the question.
    """
    lang = lang or q.get("lang", "en")
    if q["kind"] == "count":
        answer = str(q["total"])
        body = breakdown_html(quiz.question_score(q), lang=lang)
    elif q["kind"] in ("pegpoints", "rules"):
        answer, body = kind_reveal(q, lang)
    elif q["kind"] == "discard":
        answer = " ".join(c.pretty for c in parse_cards(q["best"]))
        six = f'<div class="crib-big-cards">{cards_html(parse_cards(q["six"]))}</div>' if deal else ""
        if plain:
            _mine, best = _splits(q, q["best"])
            said = (discard_words(q, q["best"], 0.0, "best", lang)[2] if lang != "en"
                    else words.hint_discard_text(best, None, dealer=q["dealer"]))
            body = f'{six}<div class="crib-plain-text">{html.escape(said)}</div>'
        else:
            throw = _t(lang, N_("Throw {cards}: {why}"), cards=cards_html(parse_cards(q["best"])),
                       why=html.escape(discard_words(q, q["best"], 0.0, "best", lang)[2] if lang != "en"
                                       else q["explain"]))
            body = f"{six}<div>{throw}</div>"
    else:
        answer = parse_card(q["best"]).pretty
        hand = PeggingPosition.parse(q["position"]).hand
        held = _t(lang, N_("Hand: {cards}"), cards=cards_html(hand))
        held = f'<div class="crib-big-cards">{held}</div>' if deal else ""
        if plain:
            said = (play_words(q, q["best"], 0.0, "best", lang)[1] if lang != "en"
                    else words.hint_play_text(PeggingPosition.parse(q["position"]), parse_card(q["best"])))
            body = f'{held}<div class="crib-plain-text">{html.escape(said)}</div>'
        else:
            play = _t(lang, N_("Play {card} (better than the next card by {gap} points of expected margin)."),
                      card=cards_html([parse_card(q["best"])]), gap=f"{q['gap']:.2f}")
            body = f"{held}<div>{play}</div>"
    title = _t(lang, N_("Question {n}, {lead}: {answer}"), n=i + 1, lead=html.escape(tr(lang)(lead)),
               answer=html.escape(answer))
    asked = question_html(q, choices=True, lang=lang) if deal else ""
    return (
        f'<div class="crib-reveal-box" style="border:2px solid {var("accent")};padding:8px;margin-top:6px">'
        f"<div style='font-size:20px'><b>{title}</b></div>{asked}{body}</div>"
    )


def csv_link_html(text: str, filename: str, label: str = N_("Download CSV"), lang: str = "en") -> str:
    """A download link holding the CSV itself (works offline, no server route)."""
    data = base64.b64encode(text.encode()).decode()
    return (
        f'<a class="crib-csv" download="{html.escape(filename)}" '
        f'href="data:text/csv;base64,{data}">⬇ {html.escape(tr(lang)(label))}</a>'
    )


def _card_look(b: w.Button | w.ToggleButton, c: Card) -> None:
    """The card component's classes and its one spoken name (never an empty tooltip:
    the card style prints the corner from ``crib-face-KD``, and a ToggleButton with no
    tooltip has the title "null")."""
    b.tooltip = card_name(c)
    for cls in ("crib-cardbtn", f"crib-cardbtn-{c}", f"crib-face-{c}"):
        b.add_class(cls)
    b.add_class("crib-cardbtn-red" if c.suit in "DH" else "crib-cardbtn-black")


def _card_button(c: Card) -> w.Button:
    b = w.Button(description=c.pretty, layout=w.Layout(width="4.2em", height="2.6em"))
    _card_look(b, c)
    return b


def _card_toggle(c: Card) -> w.ToggleButton:
    b = w.ToggleButton(description=c.pretty, layout=w.Layout(width="4.2em", height="2.6em"))
    _card_look(b, c)
    return b
