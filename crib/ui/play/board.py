"""The 121-hole cribbage board as SVG, and a small chart of both scores by hand.

Three streets of 40 holes in groups of five (1-40 left to right, 41-80 coming
back, 81-120 out again), one lane per player side by side, then the game hole
121.  Every fifth hole is numbered (every tenth in bold); the double-skunk line
is drawn between 60 and 61 and the skunk line between 90 and 91.  Each player
has two pegs: the front peg (filled) at the score, the back peg (hollow) at the
score before the last points, so the gap shows the last score.

>>> svg = board_svg((17, 5), (11, 0))
>>> svg.count('class="crib-hole"')
240
>>> 'data-hole="17"' in svg and 'data-hole="11"' in svg
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from crib.i18n import N_, tr
from crib.rules.constants import WIN
from crib.ui.kit.cardview import PLAYER_COLOURS, RED
from crib.ui.kit.style import colour

# the board's colours, from the stylesheet's palette (SVG attributes cannot read a CSS variable)
WOOD, WOOD_EDGE, STREET_FILL, HOLE = (
    colour(k) for k in ("board", "board-edge", "board-street", "board-hole")
)
WHITE, INK, MUTED, PAPER, FRAME, LINE = (
    colour(k) for k in ("white", "ink-2", "muted", "paper", "line-3", "line-5")
)


__all__ = ["hole_xy", "board_svg", "score_chart_svg", "score_chart_summary", "WIDTH", "HEIGHT"]

PITCH = 12
GROUP_GAP = 6
LEFT = 58
TOP = 22
LANE = 13
STREET = 58
WIDTH = LEFT + 39 * PITCH + 7 * GROUP_GAP + 70
HEIGHT = TOP + 3 * STREET + 10
# a phone's board (``narrow``): six streets of 20 holes, drawn near its own size on a
# 390 px screen, so that its numbers and words are at least 11 px (issue #37)
PER_NARROW, STREET_NARROW = 20, 62
WIDTH_NARROW = LEFT + 19 * PITCH + 3 * GROUP_GAP + 70


def _x(k: int) -> float:
    return LEFT + k * PITCH + (k // 5) * GROUP_GAP


def hole_xy(hole: int, lane: int, per: int = 40) -> tuple[float, float]:
    """Centre of ``hole`` (0 = start, 1-120, 121 = game hole; -1 = second start hole) on a
    board of streets of ``per`` holes (40: three streets; 20: a phone's six)."""
    step = STREET if per == 40 else STREET_NARROW
    if hole >= WIN:  # beside 120: at the right of three streets, at the left of six
        x = _x(per - 1) + 34 if per == 40 else LEFT - 24
        return x, TOP + (120 // per - 1) * step + LANE / 2
    if hole <= 0:
        return LEFT - 18 - (12 if hole < 0 else 0), TOP + lane * LANE
    street, k = divmod(hole - 1, per)
    if street % 2 == 1:
        k = per - 1 - k
    return _x(k), TOP + street * step + lane * LANE


def _line_between(a: int, b: int, label: str, per: int = 40, size: int = 10) -> str:
    (xa, ya), (xb, yb) = hole_xy(a, 0, per), hole_xy(b, 0, per)
    if ya != yb:  # a street's turn (a phone's 60|61): a dash across the turn, words under it
        y = ya + LANE + 23
        return (
            f'<line class="crib-skunk-line" x1="{xa - 8:.1f}" y1="{y:.1f}" x2="{xa + 14:.1f}" '
            f'y2="{y:.1f}" stroke="{RED}" stroke-width="2" stroke-dasharray="3 2"/>'
            f'<text x="{xa + 14:.1f}" y="{y + size + 2:.1f}" font-size="{size}" fill="{RED}" '
            f'text-anchor="end">{label}</text>'
        )
    x = (xa + xb) / 2
    return (
        f'<line class="crib-skunk-line" x1="{x:.1f}" y1="{ya - 8:.1f}" x2="{x:.1f}" '
        f'y2="{ya + LANE + 8:.1f}" stroke="{RED}" stroke-width="2" stroke-dasharray="3 2"/>'
        f'<text x="{x:.1f}" y="{ya - 11:.1f}" font-size="{size}" fill="{RED}" '
        f'text-anchor="middle">{label}</text>'
    )


def board_svg(
    scores: Sequence[int],
    back: Sequence[int],
    names: Sequence[str] = ("You", "Computer"),
    dealer: int | None = None,
    last: tuple[int, int, str] | None = None,
    *,
    lang: str = "en",
    narrow: bool = False,
) -> str:
    """The board with both players' pegs and their scores in numbers.

    ``last`` (player, points, what for) captions the last move of a peg, e.g.
    "+2 fifteen", beside that player's front peg, and marks the peg so that CSS
    can animate it (no animation under reduced motion).  ``narrow``: a phone's board,
    six streets of 20 holes with larger words (its page says when, crib.ui.kit.keys).

    >>> narrow = board_svg((61, 5), (55, 0), narrow=True)
    >>> narrow.count('class="crib-hole"'), 'viewBox="0 0 374 ' in narrow
    (240, True)
    """
    _ = tr(lang)
    per = PER_NARROW if narrow else 40
    wd, step, streets = (WIDTH_NARROW, STREET_NARROW, 6) if narrow else (WIDTH, STREET, 3)
    ht = TOP + streets * step + 10
    small, mid = (12, 12) if narrow else (9, 10)  # the numbers, the other words
    label = _("cribbage board: {a} {x}, {b} {y}").format(
        a=names[0], x=scores[0], b=names[1], y=scores[1]
    )
    parts = [
        f'<svg class="crib-board{" crib-board-narrow" if narrow else ""}" width="{wd}" '
        f'height="{ht + 34}" viewBox="0 0 {wd} {ht + 34}" role="img" '
        f'aria-label="{html.escape(label)}">',
        f'<rect x="2" y="2" width="{wd - 4}" height="{ht - 4}" rx="14" fill="{WOOD}" '
        f'stroke="{WOOD_EDGE}" stroke-width="2"/>',
    ]
    for street in range(streets):
        y0 = TOP + street * step
        parts.append(
            f'<rect x="{LEFT - 8}" y="{y0 - 8}" width="{_x(per - 1) - LEFT + 16}" '
            f'height="{LANE + 16}" rx="8" fill="{STREET_FILL}"/>'
        )
    # holes and labels
    for hole in range(1, WIN):
        for lane in (0, 1):
            x, y = hole_xy(hole, lane, per)
            parts.append(
                f'<circle class="crib-hole" cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{HOLE}"/>'
            )
        if hole % 5 == 0:
            x, y = hole_xy(hole, 1, per)
            weight = "bold" if hole % 10 == 0 else "normal"
            parts.append(
                f'<text x="{x:.1f}" y="{y + 8 + small:.1f}" font-size="{small}" '
                f'font-weight="{weight}" text-anchor="middle" fill="{HOLE}">{hole}</text>'
            )
    for lane in (0, 1):
        for h in (0, -1):
            x, y = hole_xy(h, lane, per)
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{HOLE}"/>')
    gx, gy = hole_xy(WIN, 0, per)
    parts.append(
        f'<circle class="crib-game-hole" cx="{gx:.1f}" cy="{gy:.1f}" r="6" fill="{HOLE}"/>'
        f'<text x="{gx:.1f}" y="{gy + 10 + mid:.1f}" font-size="{mid}" font-weight="bold" '
        f'text-anchor="middle" fill="{HOLE}">121</text>'
    )
    sx, sy = hole_xy(0, 0, per)
    parts.append(
        f'<text x="{sx - 6:.1f}" y="{sy - 10:.1f}" font-size="{mid}" font-weight="bold" '
        f'text-anchor="middle" fill="{HOLE}">' + html.escape(_("Start")) + "</text>"
    )
    parts.append(_line_between(60, 61, html.escape(_("double skunk 61")), per, mid))
    parts.append(_line_between(90, 91, html.escape(_("skunk 91")), per, mid))
    # pegs: back (hollow) first, then front (filled)
    for p in (0, 1):
        colour = PLAYER_COLOURS[p]
        front = min(max(scores[p], 0), WIN)
        rear = min(max(back[p], 0), WIN)
        # a fresh game (or a start from a given score) has no last score: the back
        # peg waits one hole behind (or in the second start hole)
        bh = (front - 1 if front > 0 else -1) if rear == front else rear
        bx, by = hole_xy(bh, p, per)
        fx, fy = hole_xy(front, p, per)
        parts.append(
            f'<circle class="crib-peg-back crib-peg-back-{p}" data-hole="{rear}" cx="{bx:.1f}" '
            f'cy="{by:.1f}" r="4.5" fill="{WHITE}" stroke="{colour}" stroke-width="2.2"/>'
            f'<circle class="crib-peg-front crib-peg-front-{p}" data-hole="{front}" cx="{fx:.1f}" '
            f'cy="{fy:.1f}" r="4.8" fill="{colour}" stroke="{INK}" stroke-width="0.8"/>'
        )
    if last is not None and last[1] > 0:
        p, pts, why = last
        fx, fy = hole_xy(min(max(scores[p], 0), WIN), p, per)
        label = f"+{pts} {why}".strip()
        anchor = "end" if fx > wd - 150 else "start"
        dx = -8 if anchor == "end" else 8
        dy = -9 if p == 0 else 28  # above your lane, or under the hole numbers
        parts.append(
            f'<text class="crib-peg-caption" x="{fx + dx:.1f}" y="{fy + dy:.1f}" '
            f'font-size="{max(11, small)}" font-weight="bold" text-anchor="{anchor}" '
            f'fill="{PLAYER_COLOURS[p]}" stroke="{WOOD}" stroke-width="3" paint-order="stroke">'
            f"{html.escape(label)}</text>"
        )
    # scores in numbers (a phone's: one player a line)
    for p in (0, 1):
        x, y = (14, ht + 4 + 17 * p) if narrow else (14 + p * (wd / 2), ht + 19)
        need = WIN - scores[p]
        deal = " · " + _("dealer") if dealer == p else ""
        needs = _("needs {n}")
        parts.append(
            f'<circle cx="{x + 5}" cy="{y - 5}" r="5" fill="{PLAYER_COLOURS[p]}"/>'
            f'<text class="crib-score-{p}" x="{x + 16}" y="{y}" font-size="{14 if narrow else 15}" '
            f'fill="{INK}"><tspan font-weight="bold">{html.escape(names[p])} {scores[p]}</tspan>'
            f'<tspan font-size="12" fill="{MUTED}"> ({html.escape(needs.format(n=need))})'
            f"{html.escape(deal)}</tspan></text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def score_chart_summary(
    history: Sequence[tuple[int, int, int]],
    names: Sequence[str] = ("You", "Computer"),
    lang: str = "en",
) -> str:
    """The score chart in words (its text alternative): where both stand after the last
    hand, and who led after each hand.

    >>> score_chart_summary([(0, 0, 0), (1, 10, 6), (2, 24, 30)])
    'Chart: scores by hand. After hand 2: You 24, Computer 30. Led after each hand: You, Computer.'
    >>> score_chart_summary([(0, 0, 0)])
    'Chart: scores by hand. No hand played yet.'
    """
    _ = tr(lang)
    played = [row for row in history if row[0] > 0]
    if not played:
        return _("Chart: scores by hand. No hand played yet.")
    h, a, b = played[-1]
    leads = ", ".join(
        names[0] if x > y else names[1] if y > x else _("level") for _h, x, y in played
    )
    return _(
        "Chart: scores by hand. After hand {h}: {p} {a}, {q} {b}. Led after each hand: {leads}."
    ).format(h=h, p=names[0], a=a, q=names[1], b=b, leads=leads)


def score_chart_svg(
    history: Sequence[tuple[int, int, int]],
    names: Sequence[str] = ("You", "Computer"),
    width: int = 360,
    height: int = 170,
    lang: str = "en",
) -> str:
    """Both scores after each hand: a small line chart with the skunk lines.

    >>> 'polyline' in score_chart_svg([(0, 0, 0), (1, 10, 6), (2, 24, 20)])
    True
    """
    n = max(1, max((h for h, _a, _b in history), default=1))
    lft, r, t, b = 34, 12, 12, 28
    pw, ph = width - lft - r, height - t - b

    def xy(h: int, s: int) -> str:
        return f"{lft + pw * h / n:.1f},{t + ph * (1 - s / WIN):.1f}"

    parts = [
        f'<svg class="crib-score-chart" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{html.escape(score_chart_summary(history, names, lang))}">',
        f'<rect x="{lft}" y="{t}" width="{pw}" height="{ph}" fill="{PAPER}" stroke="{FRAME}"/>',
    ]
    for s, label in ((61, "61"), (91, "91"), (WIN, "121")):
        y = t + ph * (1 - s / WIN)
        dash = ' stroke-dasharray="3 2"' if s < WIN else ""
        parts.append(
            f'<line x1="{lft}" y1="{y:.1f}" x2="{lft + pw}" y2="{y:.1f}" '
            f'stroke="{RED if s < WIN else LINE}" stroke-width="1"{dash}/>'
            f'<text x="{lft - 4}" y="{y + 4:.1f}" font-size="10" '
            f'text-anchor="end" fill="{MUTED}">{label}</text>'
        )
    for p in (0, 1):
        pts = " ".join(xy(row[0], row[1 + p]) for row in history)
        parts.append(
            f'<polyline class="crib-chart-line-{p}" points="{pts}" fill="none" '
            f'stroke="{PLAYER_COLOURS[p]}" stroke-width="2.2"/>'
        )
        parts.append(
            f'<text x="{lft + 6 + p * 90}" y="{height - 6}" font-size="11" '
            f'fill="{PLAYER_COLOURS[p]}">■ {html.escape(names[p])}</text>'
        )
    parts.append(
        f'<text x="{lft + pw}" y="{height - 6}" font-size="10" text-anchor="end" fill="{MUTED}">'
        + html.escape(tr(lang)(N_("hand {n}")).format(n=n))
        + "</text></svg>"
    )
    return "".join(parts)
