"""The game page's HTML fragments: pure functions from the game's records to HTML,
no widgets and no state (split out of :mod:`crib.ui.play.app`, which re-exports
the public names): the grade badge, the show component, the review table, the
middle of the table, and one hand of a loaded game.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from crib.analysis.grades import WORDS, cost_text, tag_text, verdict_name
from crib.i18n import N_, NP_, tr, trp
from crib.rules.events import Dealt, Event, GameStarted, describe_event
from crib.rules.replay import Replay
from crib.session.controller import (
    HUMAN,
    CountRecord,
    GameView,
    Grade,
    ShowItem,
    summary_strip,
)
from crib.session.fold import WHAT_WORDS
from crib.session.model import replay_summary, skunk_words, tier_name
from crib.session.plain import chip_text
from crib.session.review import band_counts
from crib.ui.kit.cardview import (
    PLAYER_COLOURS,
    backs_html,
    card_back_svg,
    card_svg,
    cards_html,
)
from crib.ui.kit.common import grade_tip, how_details
from crib.ui.kit.glossary import mark_terms, term_link
from crib.ui.kit.style import var
from crib.ui.play.board import board_svg, score_chart_svg

# the words this module translates inside f-strings, marked for Babel (on Python 3.11 its
# extractor does not read a call inside an f-string)
_IN_FSTRINGS = (
    N_("Fair deal"),
    N_("commitment"),
    N_("Verified:"),
    N_("open in the discard analyzer"),
    N_("open in the pegging analyzer"),
    N_("earlier this hand"),
    N_("no cards yet"),
    N_("Starter"),
    N_("needs {n}"),
    N_("Score"),
)


# the grade chips' colours (the stylesheet's badges outrank them on the pages, crib.css)
GRADE_COLOURS = {
    "best": var("green-4"),
    "ok": var("olive-2"),
    "mistake": var("orange"),
    "costly": var("red-2"),
    "blunder": var("red-3"),
}


def grade_chip(
    verdict: str, lost: float, unit: str = "points", *, plain: bool = False, lang: str = "en"
) -> str:
    """The grade as a small coloured badge: 'best' alone, else the word and the loss in
    its unit, e.g. 'mistake −0.62', 'costly −5.1% to win' (near 121); ``plain``: the
    loss in words ('mistake, about 1 point lost')."""
    colour = GRADE_COLOURS.get(verdict, var("muted"))
    text = chip_text(verdict, lost, unit, lang) if plain else cost_text(verdict, lost, unit, lang)
    chip = (
        f'<span class="crib-chip crib-grade-{verdict}" style="background:{colour}">'
        f"{html.escape(text)}</span>"
    )
    return grade_tip(verdict, chip, unit, lang)


def how_notes(*notes: str, lang: str = "en") -> str:
    """The model notes under a "How this was computed" disclosure, in ``lang``."""
    return how_details(
        "".join(f"<p style='margin:4px 0'>{html.escape(n)}</p>" for n in notes if n), lang
    )


#: a decision's kind as the review names it (context "decision")
KINDS = {
    "discard": NP_("decision", "discard"),
    "play": NP_("decision", "play"),
    "count": NP_("decision", "count"),
}


def kind_name(kind: str, lang: str = "en") -> str:
    """A decision's kind in ``lang`` ("discard", « écart »)."""
    return trp(lang)("decision", KINDS[kind]) if kind in KINDS else kind


def commit_html(v: GameView, source: str, lang: str = "en") -> str:
    """The fair-deal note: the commitment, where its secret comes from (``source``, in
    ``lang``), and the check once the game is over."""
    _ = tr(lang)
    return (
        f'<span class="crib-label">{_("Fair deal")}</span> {_("commitment")} '
        f"<code>{v.commit[:24]}…</code> {source}"
        + (
            f'<div class="crib-fairness"><b>{_("Verified:")}</b> {html.escape(v.fairness)}</div>'
            if v.fairness
            else ""
        )
    )


def grade_html(g: Grade, *, plain: bool = True, lang: str = "en") -> str:
    """One verdict as the coach says it: in plain words (the default) with the exact
    sentence, the model and its statistics under "How this was computed"; or
    (``plain=False``) the exact sentence, with the model under "How this was computed"."""
    if plain:
        return f'<div class="crib-plain-text">{html.escape(g.plain_text)}</div>' + how_notes(
            g.sentence if g.plain and g.sentence != g.plain else "", *g.how, lang=lang
        )
    return (
        f'<div style="font-size:13px;color:{var("ink-3")}">{html.escape(g.sentence)}</div>'
        + how_notes(*g.how, lang=lang)
    )


def bands_html(grades: Sequence[Grade], lang: str = "en") -> str:
    """Your own distribution over the grade words, discards and plays apart."""
    _ = tr(lang)
    counts = band_counts(grades)
    rows = "".join(
        f"<tr><th scope='row'>{_(label)}</th>"
        + "".join(f"<td>{counts[kind][w]}</td>" for w in WORDS)
        + "</tr>"
        for kind, label in (("discard", N_("discards")), ("play", N_("plays")))
        if any(counts[kind].values())
    )
    if not rows:
        return ""
    head = "".join(
        f"<th scope='col'>{grade_tip(w, html.escape(verdict_name(w, lang)), lang=lang)}</th>"
        for w in WORDS
    )
    caption = _("Your grades, by word (the bands are set from how each computer level plays)")
    return (
        f'<table class="crib-bands"><caption>{caption}</caption>'
        f"<tr><td></td>{head}</tr>{rows}</table>"
    )


#: the show's heading: whose hand or crib (context "show")
_WHOSE = {
    ("hand", True): N_("Your hand"),
    ("crib", True): N_("Your crib"),
    ("hand", False): N_("{name}'s hand"),
    ("crib", False): N_("{name}'s crib"),
}


def show_html(item: ShowItem, names: Sequence[str], lang: str = "en") -> str:
    """The show component: the cards, the count aloud line by line with each
    combination's cards lit up, and a large total."""
    whose = tr(lang)(_WHOSE[item.what, item.player == HUMAN]).format(name=names[item.player])
    lines = "".join(
        f'<div class="crib-show-line">{cards_html(cards, "mini")} '
        f"<span>{html.escape(words)}</span></div>"
        for words, cards in item.lines
    )
    return (
        f'<div class="crib-show-item"><div class="crib-label">{html.escape(whose)}</div>'
        f'<div class="crib-show-row" style="display:flex;gap:14px;align-items:flex-start">'
        f"<div>{cards_html(item.cards, 'pile')} + {card_svg(item.starter, 'pile')}</div>"
        f'<div class="crib-show-lines">{lines}</div>'
        f'<div class="crib-bigcount crib-show-total">{item.total}</div></div></div>'
    )


def review_html(
    grades: Sequence[Grade],
    *,
    title: str,
    limit: int | None = None,
    plain: bool = False,
    lang: str = "en",
) -> str:
    """Decisions sorted by cost (worst first), each with a link into its analyzer;
    ``plain``: each line in plain words, its detail under "How this was computed"."""
    _ = tr(lang)
    rows = sorted(grades, key=lambda g: (-g.lost, g.number))[:limit]
    words_class = ' class="crib-review-words"' if plain else ""
    if not rows:
        return _("{title}: no decisions yet.").format(title=f"<b>{html.escape(title)}</b>")
    body = []
    hinted = " " + _("(hinted)")
    labels = [html.escape(_(h)) for h in _HEADS]
    for g in rows:
        tags = ", ".join(tag_text(t, lang) for t in g.tags)
        if g.trap:
            tags = (tags + ", " if tags else "") + _("trap missed")
        notes = (
            f"{grade_html(g, lang=lang)}{hinted if g.hinted else ''}"
            if plain
            else f"{html.escape(tags)}{hinted if g.hinted else ''}"
        )
        opener = (
            _("open in the discard analyzer")
            if g.kind == "discard"
            else _("open in the pegging analyzer")
        )
        link = (
            f'<a class="crib-review-link" href="{html.escape(g.analyzer_url)}" target="_blank">'
            f"{opener}</a>"
            if g.analyzer_url
            else ""
        )
        body.append(  # data-label: a phone folds each row, its cells named (crib.css)
            f'<tr class="crib-review-row"><td data-label="{labels[0]}">{g.hand + 1}</td>'
            f'<td>{kind_name(g.kind, lang)}</td><td data-label="{labels[2]}">'
            f'{html.escape(g.chosen_text)}</td><td data-label="{labels[3]}">'
            f"{html.escape(g.best_text)}</td>"
            f"<td>{grade_chip(g.verdict, g.lost, g.unit, plain=plain, lang=lang)}</td>"
            f"<td{words_class}>{notes}</td><td>{link}</td></tr>"
        )
    n = len(grades)
    best = sum(g.verdict == "best" for g in grades)
    summary = summary_strip(grades, plain=plain, lang=lang)
    head = "".join(
        f"<th>{_(h)}</th>"
        for h in (*_HEADS, N_("what the coach says") if plain else N_("notes"), N_("practise"))
    )
    return (
        f"<b>{html.escape(title)}</b> — "
        + html.escape(_("{n} decisions, {pct}% best.").format(n=n, pct=round(100 * best / n)))
        + f" {html.escape(summary)}{bands_html(grades, lang)}"
        + f"<table><tr>{head}</tr>{''.join(body)}</table>"
    )


_HEADS = (N_("hand"), N_("decision"), N_("you"), N_("best"), N_("grade"))


def _table_html(v: GameView, lang: str = "en") -> str:
    """The middle of the table: the pile and its count, the starter, the crib."""
    _ = tr(lang)
    edges = [PLAYER_COLOURS[p] for p, _c in v.pile]
    pile = cards_html([c for _p, c in v.pile], "pile", overlap=14, edges=edges) if v.pile else ""
    prev = (
        f'<div class="crib-label">{_("earlier this hand")}</div>'
        + cards_html([c for _p, c in v.previous], "mini")
        if v.previous
        else ""
    )
    starter = card_svg(v.starter, "pile") if v.starter is not None else card_back_svg("pile", lang)
    crib = (
        cards_html(v.crib_shown, "mini")
        if v.crib_shown
        else backs_html(v.crib_count, tuck=22, lang=lang)
    )
    crib_label = (
        _("Crib (empty)")
        if v.crib_owner is None
        else _("Crib (yours)")
        if v.crib_owner == HUMAN
        else _("Crib ({name}'s)").format(name=v.names[1])
    )
    return (
        '<div style="display:flex;gap:26px;align-items:flex-end;min-height:84px;flex-wrap:wrap">'
        f'<div class="crib-pile"><div class="crib-label">{_("The play")}</div>'
        f"{pile or '<i>' + _('no cards yet') + '</i>'}{prev}</div>"
        f'<div><div class="crib-label">{_("Count")}</div>'
        f'<div class="crib-bigcount crib-count">{v.count}</div></div>'
        f'<div class="crib-starter"><div class="crib-label">'
        f"{term_link('starter', lang, text=_('Starter'))}</div>{starter}</div>"
        f'<div class="crib-crib"><div class="crib-label">'
        f"{term_link('crib', lang, text=crib_label)}</div>{crib}</div>"
        "</div>"
    )


def replay_hand_html(
    events: Sequence[Event],
    counts: Sequence[CountRecord],
    r: Replay,
    grades: Sequence[Grade],
    hand: int,
    *,
    plain: bool = False,
    lang: str = "en",
) -> str:
    """One hand of a loaded game: the verdict, the board after it, its events (as logged,
    in English), the review (``plain``: in plain words)."""
    _ = tr(lang)
    start = events[0]
    assert isinstance(start, GameStarted)
    names = (_("Player"), tier_name(str(start.players[1]), lang))
    idx = [i for i, e in enumerate(events) if isinstance(e, Dealt)]
    lo = idx[hand - 1] if hand - 1 < len(idx) else len(events)
    hi = idx[hand] if hand < len(idx) else len(events)
    snaps = r.snapshots
    end = snaps[hi - 1].scores if hi - 1 < len(snaps) else (0, 0)
    before = snaps[lo - 1].scores if lo > 0 else tuple(start.scores)
    lines = "".join(
        f'<div class="crib-replay-line">{html.escape(describe_event(e, names, lang).strip())}</div>'
        for e in events[lo:hi]
    )
    history = [(0, *start.scores)]
    for k, i in enumerate(idx[1:], start=1):
        history.append((k, *snaps[i - 1].scores))
    history.append((len(idx), *snaps[-1].scores))
    verdict_colour = var("green-4") if r.verified else var("red")
    muggins = [c for c in counts if c.hand == hand - 1 and c.muggins]
    mug = "".join(
        "<div>"
        + html.escape(
            _(
                "Muggins: you counted {n} for your {what} (it was {total}); the computer took {m}."
            ).format(
                n=c.claimed,
                what=trp(lang)("show", WHAT_WORDS.get(c.what, c.what)),
                total=c.total,
                m=c.muggins,
            )
        )
        + "</div>"
        for c in muggins
    )
    head = _("Hand {n} of {k}: {a}–{b} → {c}–{d}").format(
        n=hand, k=len(idx), a=before[0], b=before[1], c=end[0], d=end[1]
    )
    return (
        f'<div class="crib-replay-verdict" style="color:{verdict_colour}">'
        f"<b>{html.escape(_(r.verdict))}</b> — "
        f"{html.escape(replay_summary(r, lang))}</div>"
        f"<h4>{head}</h4>{board_svg(end, before, names, lang=lang)}"
        f'<div style="font-family:monospace;font-size:13px">{lines}</div>{mug}'
        f"<div>{score_chart_svg(history, names, lang=lang)}</div>"
        + review_html(
            [g for g in grades if g.hand == hand - 1],
            title=_("Hand {n} review").format(n=hand),
            plain=plain,
            lang=lang,
        )
        + review_html(list(grades), title=_("Whole game review"), limit=10, plain=plain, lang=lang)
    )


def score_rows_html(v: GameView, lang: str = "en") -> str:
    """The score column's rows: each player's score, what they need, the dealer chip,
    and the winner's line once the game is over (seat 0 is "you")."""
    from crib.rules.constants import WIN

    _ = tr(lang)
    rows = []
    for p in (0, 1):
        deal = (
            f' <span class="crib-chip" style="background:{var("muted")}">{_("dealer")}</span>'
            if v.dealer == p
            else ""
        )
        rows.append(
            f'<div style="font-size:17px"><span style="color:{PLAYER_COLOURS[p]}">●</span> '
            f"<b>{html.escape(v.names[p] or '…')}</b> {v.scores[p]} "
            f'<span class="crib-muted" style="font-size:13px">'
            f"{_('needs {n}').format(n=WIN - v.scores[p])}</span>{deal}</div>"
        )
    if v.winner is not None:
        word = _("You win") if v.winner == 0 else _("{name} wins").format(name=v.names[1])
        skunk = (
            mark_terms(", " + skunk_words(v.skunk, lang), lang, keys=("skunk",)) if v.skunk else ""
        )
        rows.append(
            f'<div class="crib-winner" style="font-size:20px;font-weight:700">{html.escape(word)}'
            f"{skunk}!</div>"
        )
    return f'<div class="crib-label">{_("Score")}</div>{"".join(rows)}'
