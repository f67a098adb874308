"""The game page's HTML fragments: pure functions from the game's records to HTML,
no widgets and no state (split out of :mod:`crib.ui.play.app`, which re-exports
the public names): the grade badge, the show component, the review table, the
middle of the table, and one hand of a loaded game.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from crib.analysis.grades import WORDS, cost_text
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
from crib.session.plain import chip_text
from crib.session.review import band_counts
from crib.ui.kit.cardview import PLAYER_COLOURS, card_back_svg, card_svg, cards_html
from crib.ui.kit.common import how_computed
from crib.ui.kit.glossary import mark_terms, term_link
from crib.ui.play.board import board_svg, score_chart_svg

GRADE_COLOURS = {
    "best": "#2e8b57", "ok": "#7a8b2e", "mistake": "#d35400", "costly": "#b03a2e", "blunder": "#922b21",
}

APP_CSS = """
.crib-play-app { font-size: 15px; }
.crib-rail { width: 320px; }
.crib-bigcount { font-size: 30px; font-weight: 700; color: #222; }
.crib-chip { display: inline-block; padding: 1px 8px; border-radius: 10px; color: #fff; font-weight: 600; font-size: 13px; }
.crib-label { font-size: 12px; color: #555; text-transform: uppercase; letter-spacing: .04em; }
.crib-prompt { font-weight: 600; color: #1f5fa8; }
.crib-review table { border-collapse: collapse; font-size: 13px; }
.crib-peg-caption { animation: crib-fade 300ms ease-out; }
@keyframes crib-fade { from { opacity: 0; } to { opacity: 1; } }
@media (prefers-reduced-motion: reduce) { .crib-peg-caption { animation: none; } }
.crib-play-app a[href] { color: #1f5fa8 !important; text-decoration: underline !important; }
.crib-review td, .crib-review th { padding: 3px 8px; border-bottom: 1px solid #e3e3e3; text-align: left; vertical-align: middle; }
.crib-show-line { padding: 2px 0; min-width: 250px; }
.crib-show-lines { display: flex; flex-wrap: wrap; column-gap: 14px; width: 540px; }
.crib-review .crib-chip { line-height: 1.35; padding: 3px 8px; }
.crib-plain-text { font-size: 14px; line-height: 1.45; color: #222; margin: 2px 0 4px; }
.crib-how summary { font-size: 13px; min-height: 24px; }
.crib-how p { font-size: 12px; line-height: 1.4; color: #444; }
.crib-keys-help kbd { border: 1px solid #bbb; border-radius: 3px; padding: 0 4px; background: #f6f6f6; font-size: 12px; }
"""


def grade_chip(verdict: str, lost: float, unit: str = "points", *, plain: bool = False) -> str:
    """The grade as a small coloured badge: 'best' alone, else the word and the loss in
    its unit, e.g. 'mistake −0.62', 'costly −5.1% to win' (near 121); ``plain``: the
    loss in words ('mistake, about 1 point lost')."""
    colour = GRADE_COLOURS.get(verdict, "#555")
    text = chip_text(verdict, lost, unit) if plain else cost_text(verdict, lost, unit)
    return (
        f'<span class="crib-chip crib-grade-{verdict}" style="background:{colour}">'
        f"{html.escape(text)}</span>"
    )


def grade_html(g: Grade, *, plain: bool = True) -> str:
    """One verdict as the coach says it: in plain words (the default) with the exact
    sentence, the model and its statistics under "How this was computed"; or
    (``plain=False``) the exact sentence, with the model under "How this was computed"."""
    if plain:
        return (
            f'<div class="crib-plain-text">{html.escape(g.plain_text)}</div>'
            + how_computed(g.sentence if g.plain and g.sentence != g.plain else "", *g.how)
        )
    return f'<div style="font-size:13px;color:#333">{html.escape(g.sentence)}</div>' + how_computed(*g.how)


def bands_html(grades: Sequence[Grade]) -> str:
    """Your own distribution over the grade words, discards and plays apart."""
    counts = band_counts(grades)
    rows = "".join(
        f"<tr><th scope='row'>{label}</th>"
        + "".join(f"<td>{counts[kind][w]}</td>" for w in WORDS)
        + "</tr>"
        for kind, label in (("discard", "discards"), ("play", "plays"))
        if any(counts[kind].values())
    )
    if not rows:
        return ""
    head = "".join(f"<th scope='col'>{w}</th>" for w in WORDS)
    return (
        '<table class="crib-bands"><caption>Your grades, by word (the bands are set from how '
        f"each computer level plays)</caption><tr><td></td>{head}</tr>{rows}</table>"
    )


def show_html(item: ShowItem, names: Sequence[str]) -> str:
    """The show component: the cards, the count aloud line by line with each
    combination's cards lit up, and a large total."""
    whose = "Your" if item.player == HUMAN else f"{names[item.player]}'s"
    lines = "".join(
        f'<div class="crib-show-line">{cards_html(cards, "mini")} '
        f"<span>{html.escape(words)}</span></div>"
        for words, cards in item.lines
    )
    return (
        f'<div class="crib-show-item"><div class="crib-label">{html.escape(whose)} {item.what}</div>'
        f'<div style="display:flex;gap:14px;align-items:flex-start">'
        f'<div>{cards_html(item.cards, "pile")} + {card_svg(item.starter, "pile")}</div>'
        f'<div class="crib-show-lines">{lines}</div>'
        f'<div class="crib-bigcount crib-show-total">{item.total}</div></div></div>'
    )


def review_html(grades: Sequence[Grade], *, title: str, limit: int | None = None, plain: bool = False) -> str:
    """Decisions sorted by cost (worst first), each with a link into its analyzer;
    ``plain``: each line in plain words, its detail under "How this was computed"."""
    rows = sorted(grades, key=lambda g: (-g.lost, g.number))[:limit]
    words_class = ' class="crib-review-words"' if plain else ""
    if not rows:
        return f"<b>{html.escape(title)}</b>: no decisions yet."
    body = []
    for g in rows:
        tags = ", ".join(g.tags)
        if g.trap:
            tags = (tags + ", " if tags else "") + "trap missed"
        notes = (
            f"{grade_html(g)}{' (hinted)' if g.hinted else ''}"
            if plain
            else f"{html.escape(tags)}{' (hinted)' if g.hinted else ''}"
        )
        link = (
            f'<a class="crib-review-link" href="{html.escape(g.analyzer_url)}" target="_blank">'
            f"open in the {'discard' if g.kind == 'discard' else 'pegging'} analyzer</a>"
            if g.analyzer_url
            else ""
        )
        body.append(
            f'<tr class="crib-review-row"><td>{g.hand + 1}</td><td>{g.kind}</td>'
            f"<td>{html.escape(g.chosen)}</td><td>{html.escape(g.best)}</td>"
            f"<td>{grade_chip(g.verdict, g.lost, g.unit, plain=plain)}</td>"
            f"<td{words_class}>{notes}</td><td>{link}</td></tr>"
        )
    n = len(grades)
    best = sum(g.verdict == "best" for g in grades)
    summary = summary_strip(grades, plain=plain)
    return (
        f"<b>{html.escape(title)}</b> — {n} decisions, {best / n:.0%} best. {html.escape(summary)}"
        f"{bands_html(grades)}"
        "<table><tr><th>hand</th><th>decision</th><th>you</th><th>best</th><th>grade</th>"
        f"<th>{'what the coach says' if plain else 'notes'}</th><th>practise</th></tr>{''.join(body)}</table>"
    )

def _table_html(v: GameView) -> str:
    """The middle of the table: the pile and its count, the starter, the crib."""
    edges = [PLAYER_COLOURS[p] for p, _c in v.pile]
    pile = cards_html([c for _p, c in v.pile], "pile", overlap=14, edges=edges) if v.pile else ""
    prev = (
        '<div class="crib-label">earlier this hand</div>' + cards_html([c for _p, c in v.previous], "mini")
        if v.previous
        else ""
    )
    starter = card_svg(v.starter, "pile") if v.starter is not None else card_back_svg("pile")
    if v.crib_shown:
        crib = cards_html(v.crib_shown, "mini")
    else:
        crib = "".join(f'<span style="margin-right:-22px">{card_back_svg("pile")}</span>' for _ in range(v.crib_count))
    owner = "empty" if v.crib_owner is None else ("yours" if v.crib_owner == HUMAN else f"{v.names[1]}'s")
    return (
        '<div style="display:flex;gap:26px;align-items:flex-end;min-height:84px">'
        f'<div class="crib-pile"><div class="crib-label">The play</div>{pile or "<i>no cards yet</i>"}{prev}</div>'
        f'<div><div class="crib-label">Count</div><div class="crib-bigcount crib-count">{v.count}</div></div>'
        f'<div class="crib-starter"><div class="crib-label">{term_link("starter", text="Starter")}</div>{starter}</div>'
        f'<div class="crib-crib"><div class="crib-label">{term_link("crib", text=f"Crib ({owner})")}</div>{crib}</div>'
        "</div>"
    )


def replay_hand_html(
    events: Sequence[Event], counts: Sequence[CountRecord], r: Replay, grades: Sequence[Grade], hand: int,
    *, plain: bool = False,
) -> str:
    """One hand of a loaded game: the verdict, the board after it, its events, the review
    (``plain``: in plain words)."""
    start = events[0]
    assert isinstance(start, GameStarted)
    names = ("Player", str(start.players[1]).capitalize())
    idx = [i for i, e in enumerate(events) if isinstance(e, Dealt)]
    lo = idx[hand - 1] if hand - 1 < len(idx) else len(events)
    hi = idx[hand] if hand < len(idx) else len(events)
    snaps = r.snapshots
    end = snaps[hi - 1].scores if hi - 1 < len(snaps) else (0, 0)
    before = snaps[lo - 1].scores if lo > 0 else tuple(start.scores)
    lines = "".join(
        f'<div class="crib-replay-line">{html.escape(describe_event(e, names).strip())}</div>'
        for e in events[lo:hi]
    )
    history = [(0, *start.scores)]
    for k, i in enumerate(idx[1:], start=1):
        history.append((k, *snaps[i - 1].scores))
    history.append((len(idx), *snaps[-1].scores))
    verdict_colour = "#2e8b57" if r.verified else "#c0392b"
    muggins = [c for c in counts if c.hand == hand - 1 and c.muggins]
    mug = "".join(
        f"<div>Muggins: you counted {c.claimed} for your {c.what} (it was {c.total}); "
        f"the computer took {c.muggins}.</div>"
        for c in muggins
    )
    return (
        f'<div class="crib-replay-verdict" style="color:{verdict_colour}"><b>{html.escape(r.verdict)}</b> — '
        f"{html.escape(r.summary())}</div>"
        f"<h4>Hand {hand} of {len(idx)}: {before[0]}–{before[1]} → {end[0]}–{end[1]}</h4>"
        f"{board_svg(end, before, names)}"
        f'<div style="font-family:monospace;font-size:13px">{lines}</div>{mug}'
        f"<div>{score_chart_svg(history, names)}</div>"
        + review_html([g for g in grades if g.hand == hand - 1], title=f"Hand {hand} review", plain=plain)
        + review_html(list(grades), title="Whole game review", limit=10, plain=plain)
    )


def score_rows_html(v: GameView) -> str:
    """The score column's rows: each player's score, what they need, the dealer chip,
    and the winner's line once the game is over (seat 0 is "you")."""
    from crib.rules.constants import WIN

    rows = []
    for p in (0, 1):
        deal = ' <span class="crib-chip" style="background:#555">dealer</span>' if v.dealer == p else ""
        rows.append(
            f'<div style="font-size:17px"><span style="color:{PLAYER_COLOURS[p]}">●</span> '
            f"<b>{html.escape(v.names[p] or '…')}</b> {v.scores[p]} "
            f'<span style="color:#555;font-size:13px">needs {WIN - v.scores[p]}</span>{deal}</div>'
        )
    if v.winner is not None:
        word = "You win" if v.winner == 0 else f"{v.names[1]} wins"
        rows.append(f'<div class="crib-winner" style="font-size:20px;font-weight:700">{html.escape(word)}'
                    f'{mark_terms(", a " + v.skunk, keys=("skunk",)) if v.skunk else ""}!</div>')
    return f'<div class="crib-label">Score</div>{"".join(rows)}'
