"""The HTML of the two beginners' kinds: "what does this card peg?" and rules questions.

Pure functions from a question (and a graded :class:`crib.course.questions.Result`) to HTML,
used by the student's page (:mod:`crib.ui.trainer.kinds`), the reveals and the
teacher's projector.  Every sentence goes through the gettext catalog (``lang``).

>>> q = {"kind": "pegpoints", "pile": "TS 6D 5C 6S", "card": "4H", "count_before": 27,
...      "count": 31, "best": "5", "objective": "L3",
...      "parts": [["thirty-one", "TS 6D 5C 6S 4H", 2], ["run", "5C 6S 4H", 3]]}
>>> h = pegpoints_question_html(q)
>>> [c for c in ("10", "16", "21", "27", "?") if f'crib-peg-count">{c}<' in h]
['10', '16', '21', '27', '?']
>>> "Thirty-one for 2" in pegpoints_explain_html(q) and "In all: 5." in pegpoints_explain_html(q)
True
"""

from __future__ import annotations

import html

from crib.course import questions as quiz
from crib.course.lessons import KIND_WORDS
from crib.course.rules_bank import by_id
from crib.i18n import tr
from crib.rules.cards import parse_card, parse_cards
from crib.ui.kit.common import card_html, cards_html

__all__ = [
    "localize",
    "pegpoints_question_html",
    "pegpoints_explain_html",
    "pegpoints_result_html",
    "rules_question_html",
    "rules_result_html",
    "kind_question_html",
    "kind_result_html",
    "kind_reveal",
]


def _verdict(right: bool, text_html: str) -> str:
    cls, mark = ("crib-verdict-right", "✔") if right else ("crib-verdict-wrong", "✘")
    return f'<div class="{cls}">{mark} {text_html}</div>'


def _fmt(template: str, **parts: str | int) -> str:
    """A translated sentence, escaped, with HTML pieces (card chips) put in its slots."""
    return html.escape(template).format(**{k: v if isinstance(v, str) else str(v) for k, v in parts.items()})


# --- what does this card peg? -------------------------------------------------


def pegpoints_question_html(q: dict, lang: str = "en") -> str:
    """The play so far in large cards, the running count under each, and the card just
    laid (its count a question mark)."""
    _ = tr(lang)
    steps, count = [], 0
    for c in parse_cards(q["pile"]):
        count += c.value
        steps.append(
            f'<span class="crib-peg-step">{card_html(c)}<span class="crib-peg-count">{count}</span></span>'
        )
    new = parse_card(q["card"])
    then = html.escape(_("then"))
    steps.append(f'<span class="crib-peg-then">{then}</span>')
    steps.append(
        f'<span class="crib-peg-step crib-peg-new">{card_html(new)}'
        '<span class="crib-peg-count">?</span></span>'
    )
    ask, so_far = html.escape(_("What does this card peg?")), html.escape(
        _("The play so far, with the count after each card:"))
    how = html.escape(_("Type the count now and the points this card pegs (fifteens, 31, pairs "
                        "and runs; the go and the last card are not asked)."))
    return (
        f"<div><b>{ask}</b> {so_far}</div>"
        f'<div class="crib-big-cards crib-peg-seq">{"".join(steps)}</div><div>{how}</div>'
    )


def pegpoints_explain_html(q: dict, lang: str = "en") -> str:
    """The breakdown in plain words: the new count, then each thing scored with its cards."""
    _ = tr(lang)
    card = parse_card(q["card"])
    lines = [
        _fmt(_("{card} makes the count {count} ({before} + {value})."), card=card_html(card),
             count=q["count"], before=q["count_before"], value=card.value)
    ]
    for kind, cards, points in q["parts"]:
        name = _(KIND_WORDS.get(kind, kind))  # the course's one list of the kinds' words
        lines.append(_fmt(_("{kind} for {points}: {cards}"), kind=html.escape(name).capitalize(),
                          points=points, cards=cards_html(parse_cards(cards))))
    if q["parts"]:
        in_all = _fmt(_("In all: {points}."), points=q["best"])
        lines.append(f"<b>{in_all}</b>")
    else:
        lines.append(html.escape(_("No fifteen, no 31, no pair and no run: it pegs nothing.")))
    return '<div class="crib-plain-text crib-peg-explain">' + "<br>".join(lines) + "</div>"


def pegpoints_result_html(q: dict, r: quiz.Result, said_count: int | None = None, lang: str = "en") -> str:
    """The verdict, what the student said against the truth, and the breakdown."""
    _ = tr(lang)
    card = card_html(parse_card(q["card"]))
    if r.correct:
        head = _verdict(True, _fmt(_("Right: {card} makes the count {count} and pegs {points}."),
                                   card=card, count=q["count"], points=q["best"]))
    else:
        head = _verdict(False, _fmt(_("Not quite: {card} makes the count {count} and pegs {points}."),
                                    card=card, count=q["count"], points=q["best"]))
        said = []
        if said_count is not None and said_count != q["count"]:
            said.append(_fmt(_("You said the count is {count}."), count=said_count))
        if r.answer != q["best"]:
            said.append(_fmt(_("You said it pegs {points}."), points=r.answer))
        head += f"<div>{' '.join(said)}</div>" if said else ""
    return head + pegpoints_explain_html(q, lang)


# --- rules --------------------------------------------------------------------


def rules_question_html(q: dict, lang: str = "en", *, choices: bool = False) -> str:
    """The rules question's text (the choices are the buttons below it; ``choices``: as a
    numbered list too, for the projector and the reveals)."""
    _ = tr(lang)
    lead = _("True or false?") if len(q["choices"]) == 2 else _("Pick the answer.")
    out = (f"<div><b>{html.escape(lead)}</b></div>"
           f'<div class="crib-rules-text">{html.escape(q["text"])}</div>')
    if choices:
        out += '<ol class="crib-rules-list" type="A">' + "".join(
            f"<li>{html.escape(c)}</li>" for c in q["choices"]) + "</ol>"
    return out


def rules_result_html(q: dict, r: quiz.Result, lang: str = "en") -> str:
    """The verdict, the right answer, and why (the bank's explanation)."""
    _ = tr(lang)
    if r.correct:
        head = _verdict(True, _fmt(_("Right: {answer}."), answer=html.escape(q["best"])))
    else:
        head = _verdict(False, _fmt(_("You chose “{given}”. The answer: “{answer}”."),
                                    given=html.escape(r.answer), answer=html.escape(q["best"])))
    why = _fmt(_("Why: {explain}"), explain=html.escape(q["explain"]))
    return head + f'<div class="crib-plain-text crib-rules-explain">{why}</div>'


# --- dispatch (for render.py: the question, the verdict, the reveal) -----------


def kind_question_html(q: dict, lang: str = "en", *, choices: bool = False) -> str:
    if q["kind"] == "pegpoints":
        return pegpoints_question_html(q, lang)
    return rules_question_html(q, lang, choices=choices)


def kind_result_html(q: dict, r: quiz.Result, lang: str = "en") -> str:
    if q["kind"] == "pegpoints":
        return pegpoints_result_html(q, r, lang=lang)
    return rules_result_html(q, r, lang)


def kind_reveal(q: dict, lang: str = "en") -> tuple[str, str]:
    """(the answer in a few words, the explanation as HTML) of a revealed question."""
    _ = tr(lang)
    if q["kind"] == "pegpoints":
        answer = _("count {count}, {points} points").format(count=q["count"], points=q["best"])
        return answer, pegpoints_explain_html(q, lang)
    why = _fmt(_("Why: {explain}"), explain=html.escape(q["explain"]))
    return q["best"], f'<div class="crib-plain-text">{why}</div>'


def localize(q: dict, lang: str) -> dict:
    """``q`` for a page in ``lang``: a rules question's text, choices and explanation
    taken from the bank in that language (a class question is stored in one language);
    every other kind carries the language its sentences are drawn in."""
    if q.get("lang", "en") == lang:
        return q
    if q["kind"] != "rules":
        return {**q, "lang": lang}
    rq = by_id(q["id"], lang)
    return {**q, "text": rq.text, "choices": list(rq.choices), "best": rq.choices[rq.answer],
            "explain": rq.explain, "lang": lang}
