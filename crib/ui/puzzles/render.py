"""The puzzles page's HTML: the position (nothing of its answer), the verdict with the
answer in plain words, the rating change and the exact figures ("How this was computed",
the coach's own sentence first), and the learner's rating with a graph of its history.

Each function takes what :class:`crib.ui.puzzles.flow.PuzzleFlow` hands the page: the
position (:meth:`~crib.ui.puzzles.flow.PuzzleFlow.show`) before the move, the verdict
(:meth:`~crib.ui.puzzles.flow.PuzzleFlow.move`) after it.

>>> "2.5" in figures_html({"margin": 2.5, "unit": "points", "runner": "5H", "solve": {},
...     "puzzle_rating_before": 1200.0, "puzzle_rating_after": 1190.0}, 1500, 1510)
True
"""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Mapping, Sequence
from typing import Any

from babel.dates import format_date

from crib.analysis.puzzles.themes import THEMES
from crib.i18n import NP_, tr, trp
from crib.rules.cards import parse_cards
from crib.rules.position import PeggingPosition
from crib.rules.words import opponent_holds
from crib.ui.kit.cardview import card_text, local_html
from crib.ui.play.retry import pile_rows

__all__ = [
    "position_html",
    "verdict_html",
    "figures_html",
    "rating_html",
    "graph_svg",
    "date_text",
]

TIERS = (
    ("easy", NP_("tier", "Easy")),
    ("normal", NP_("tier", "Normal")),
    ("hard", NP_("tier", "Hard")),
    ("expert", NP_("tier", "Expert")),
)


def _colon(lang: str) -> str:
    return "\u00a0:" if lang == "fr" else ":"


BABEL_LOCALES = {"en": "en_GB", "fr": "fr_FR"}


def date_text(day: dt.date | float, lang: str = "en") -> str:
    """A date (or a stored attempt's timestamp) as the page's language writes it.

    >>> date_text(dt.date(2026, 12, 5), "en"), date_text(dt.date(2026, 12, 5), "fr")
    ('5 Dec 2026', '5 déc. 2026')
    """
    if not isinstance(day, dt.date):
        day = dt.datetime.fromtimestamp(day).date()
    return format_date(day, "medium", locale=BABEL_LOCALES.get(lang, "en_GB"))


def _num(x: float, lang: str, digits: int = 1) -> str:
    s = f"{x:.{digits}f}"
    return s.replace(".", ",").replace("-", "−") if lang == "fr" else s


def move_text(move: str, lang: str) -> str:
    """A move (``"6S 9C"``, ``"5C"``) as the page names its cards."""
    return " ".join(card_text(c, lang) for c in parse_cards(move)) if move else ""


def position_html(shown: Mapping[str, Any], lang: str = "en") -> str:
    """The puzzle as the learner sees it before the move (``PuzzleFlow.show()``)."""
    _ = tr(lang)
    e = html.escape
    mine, theirs = shown["scores"]
    you_them = _("You {mine}, opponent {theirs}").format(mine=mine, theirs=theirs)
    deal = _("You deal: the crib is yours.") if shown["dealer"] else _("Your opponent deals.")
    themes = ", ".join(_(THEMES.get(t, t)) for t in shown.get("themes", ()))
    rating = _("Puzzle rated {r}").format(r=round(shown["rating"]))
    rows = [f"<div><b>{e(you_them)}</b> · {e(deal)}</div>"]
    rows.append(f'<div class="crib-muted">{e(rating)} · {e(themes)}</div>')
    if shown["kind"] == "discard":
        rows.append(f"<div>{e(_('Pick the two cards to throw to the crib.'))}</div>")
    else:
        peg = PeggingPosition.parse(shown["position"])
        rows += pile_rows(peg, lang)
        rows.append(f"<div>{e(opponent_holds(peg.opp_count, peg.opp_go, lang))}</div>")
        rows.append(f"<div>{e(_('Pick the card to play.'))}</div>")
    return local_html(f'<div class="crib-puzzle-position">{"".join(rows)}</div>', lang)


def figures_html(
    fig: Mapping[str, Any],
    before: float,
    after: float,
    lang: str = "en",
    rd: float | None = None,
    words: str = "",
) -> str:
    """The exact figures behind the verdict and the ratings, for "How this was computed"
    (``words``: the coach's own sentence with its figures, first)."""
    _ = tr(lang)
    e, colon = html.escape, _colon(lang)
    unit = _("points") if fig["unit"] == "points" else _("points of chance to win")
    rows = [words] if words else []
    rows += [
        _("The answer beats the next best ({runner}) by {m} {unit}, by the coach's model.").format(
            runner=move_text(fig["runner"], lang), m=_num(fig["margin"], lang, 2), unit=unit
        )
    ]
    solve = fig.get("solve") or {}
    tier = trp(lang)
    if solve:
        parts = [
            f"{tier('tier', name)} {_num(100 * solve[k], lang, 0)}\u00a0%"
            if lang == "fr"
            else f"{tier('tier', name)} {_num(100 * solve[k], lang, 0)}%"
            for k, name in TIERS
            if k in solve
        ]
        rows.append(_("How often each computer level finds it") + colon + " " + ", ".join(parts))
    rows.append(
        _("Puzzle rating: {a} before, {b} after.").format(
            a=_num(fig["puzzle_rating_before"], lang), b=_num(fig["puzzle_rating_after"], lang)
        )
    )
    mine = _("Your rating: {a} before, {b} after").format(a=_num(before, lang), b=_num(after, lang))
    if rd is not None:
        mine += " " + _("(uncertainty ± {rd})").format(rd=_num(rd, lang, 0))
    rows.append(mine + ".")
    rows.append(
        _(
            "Both ratings move by Glicko-2 after every attempt: a solve counts as a win "
            "against the puzzle, a miss as a loss."
        )
    )
    items = "".join(f"<li>{e(r)}</li>" for r in rows)
    head = e(_("How this was computed"))
    return (
        f'<details class="crib-puzzle-figures"><summary>{head}</summary><ul>{items}</ul></details>'
    )


def verdict_html(v: Mapping[str, Any], lang: str = "en", rd: float | None = None) -> str:
    """The verdict of a move (``PuzzleFlow.move()``): right or not, the answer, its words,
    the rating change and the figures."""
    _ = tr(lang)
    e, colon = html.escape, _colon(lang)
    said = _("Solved: this is the best move.") if v["correct"] else _("Not the best move.")
    mark = "✔" if v["correct"] else "✘"
    change = v["change"]
    sign = "+" if change >= 0 else ""
    rating = _("Your rating: {after} ({change})").format(
        after=round(v["rating_after"]), change=sign + _num(change, lang)
    )
    rows = [
        f"<div><b>{mark} {e(said)}</b> {e(_('You chose'))}{colon} "
        f"<b>{e(move_text(v['move'], lang))}</b></div>",
        f"<div>{e(_('Best'))}{colon} <b>{e(move_text(v['answer'], lang))}</b></div>",
        f'<p class="crib-puzzle-words">{e(v.get("plain") or v["words"])}</p>',
        f'<div class="crib-muted">{e(_("Themes"))}{colon} '
        f"{e(', '.join(_(THEMES.get(t, t)) for t in v.get('themes', ())))}</div>",
        f'<div class="crib-puzzle-change"><b>{e(rating)}</b></div>',
        figures_html(
            v["figures"],
            v["rating_before"],
            v["rating_after"],
            lang,
            rd,
            v["words"] if v.get("plain") else "",
        ),
    ]
    return local_html("".join(rows), lang)


def graph_svg(
    ratings: Sequence[float], lang: str = "en", width: int = 320, height: int = 80
) -> str:
    """The rating over the attempts as an SVG polyline ('' under two points)."""
    if len(ratings) < 2:
        return ""
    _ = tr(lang)
    lo, hi = min(ratings), max(ratings)
    span = max(hi - lo, 1.0)
    n = len(ratings) - 1
    pts = " ".join(
        f"{4 + (width - 8) * i / n:.1f},{4 + (height - 8) * (hi - r) / span:.1f}"
        for i, r in enumerate(ratings)
    )
    label = _("Your rating over your last {n} puzzles: from {a} to {b}").format(
        n=len(ratings) - 1, a=round(ratings[0]), b=round(ratings[-1])
    )
    return (
        f'<svg class="crib-puzzle-graph" role="img" aria-label="{html.escape(label)}" '
        f'viewBox="0 0 {width} {height}" width="100%" style="max-width:{width}px;'
        f'height:auto">'
        f'<polyline fill="none" stroke="var(--crib-accent)" stroke-width="2" points="{pts}"/>'
        "</svg>"
    )


def rating_html(rating: float, rd: float, history: Sequence[Any], lang: str = "en") -> str:
    """The learner's rating, its graph and the last attempts (``PuzzleStore.history``)."""
    _ = tr(lang)
    e = html.escape
    head = _("Your puzzle rating: {r} (± {rd})").format(r=round(rating), rd=round(rd))
    out = [f"<h2>{e(head)}</h2>"]
    if not history:
        none = _("No puzzle tried yet.")
        out.append(f"<p>{e(none)}</p>")
        return "".join(out)
    ratings = [history[0].rating_before] + [a.rating_after for a in history]
    out.append(graph_svg(ratings[-60:], lang))
    items = []
    for a in reversed(history[-8:]):
        said = _("solved") if a.correct else _("not solved")
        what = _("a throw") if a.puzzle_id.startswith("d-") else _("a play")
        what = _("{what} rated {r}").format(what=what, r=round(a.puzzle_before))
        ch = a.change
        sign = "+" if ch >= 0 else ""
        when = date_text(a.created, lang)
        items.append(
            f"<li>{e(when)} · {e(what)}{_colon(lang)} {e(said)} ({sign}{_num(ch, lang)})</li>"
        )
    last = _("Last puzzles")
    out.append(f"<h3>{e(last)}</h3><ul>{''.join(items)}</ul>")
    return "".join(out)
