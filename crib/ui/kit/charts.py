"""Matplotlib figures for analyses (no pyplot state: each call returns its own Figure).

Text sizes: every figure is shown at its own pixel size (96 dpi, see
:class:`crib.ui.kit.widgets.FigureImage`), and no text is smaller than
:data:`MIN_PT` points, so chart text is at least 12 px on the page.
Words are the tables' words: Hand, Crib (signed for your seat), Pegging, Net.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crib.i18n import N_, tr
from crib.ui.kit.access import text_on
from crib.ui.kit.cardview import RED
from crib.ui.kit.style import colour

# matplotlib takes colours, not CSS variables: the palette's (crib/ui/kit/crib.css)
BLUE, ORANGE, GREEN, PURPLE, ZERO_LINE = (
    colour(k) for k in ("chart-blue", "chart-orange", "chart-green", "chart-purple", "ink-3")
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from crib.analysis.discard import DiscardAnalysis
    from crib.analysis.play import PlayAnalysis

__all__ = [
    "play_chart",
    "discard_chart",
    "crib_heatmap",
    "hand_distribution_chart",
    "score_distribution_chart",
    "figure_summary",
    "MIN_PT",
    "DPI",
]

DPI = 96
MIN_PT = 9.0  # 9 pt at 96 dpi = 12 px
_RC = {
    "font.size": 10.5,
    "axes.titlesize": 11,
    "axes.labelsize": 10.5,
    "xtick.labelsize": 10,
    "ytick.labelsize": 10,
    "legend.fontsize": 9.5,
    "figure.dpi": DPI,
}


def rc_context(rc: dict):  # noqa: ANN201 - matplotlib's context manager
    """matplotlib's ``rc_context``, matplotlib imported at the first chart: the pages
    that never draw one (the trainer, the teacher view) do not load it (0.5 s a kernel)."""
    from matplotlib import rc_context as ctx

    return ctx(rc)


def _figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure

    with rc_context(_RC):
        return Figure(figsize=(width, height), layout="constrained", dpi=DPI)


def play_chart(analysis: PlayAnalysis, *, title: str | None = None, lang: str = "en") -> Figure:
    """A bar per legal card, split into points now and the expected future margin (its
    words in ``lang``; ``title`` already in it)."""
    with rc_context(_RC):
        return _play_chart(analysis, title, lang)


def _play_chart(analysis: PlayAnalysis, title: str | None, lang: str) -> Figure:
    _ = tr(lang)
    fig = _figure(6.2, 3.4)
    ax = fig.add_subplot()
    labels = [o.card.pretty if o.card is not None else _("go") for o in analysis.options]
    now = [o.now for o in analysis.options]
    fut = [o.future for o in analysis.options]
    x = range(len(labels))
    ax.bar(x, now, color=BLUE, label=_("Now (points for this card)"))
    # stack the future on top of now when both point the same way, else from zero
    bottoms = [n if (n >= 0) == (f >= 0) else 0 for n, f in zip(now, fut, strict=True)]
    ax.bar(x, fut, bottom=bottoms, color=ORANGE, label=_("Later (rest of the play, you − them)"))
    for i, o in enumerate(analysis.options):
        ax.annotate(
            f"{o.margin:+.2f}",
            (i, o.margin),
            xytext=(0, 4 if o.margin >= 0 else -4),
            textcoords="offset points",
            ha="center",
            va="bottom" if o.margin >= 0 else "top",
            fontsize=10,
            fontweight="bold",
        )
    ax.margins(y=0.15)
    ax.axhline(0, color=ZERO_LINE, lw=0.8)
    ax.set_xticks(list(x), labels)
    for tick, o in zip(ax.get_xticklabels(), analysis.options, strict=True):
        if o.card is not None and o.card.suit in "DH":
            tick.set_color(RED)
    ax.set_ylabel(_("Net points (you − them)"))
    ax.set_title(title or _("Net points by card, best first"))
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncols=2, frameon=False)
    return fig


def discard_chart(analysis: DiscardAnalysis, lang: str = "en") -> Figure:
    """Each throw's Hand, Crib and Pegging as bars, the Net as a black tick.

    The Crib is signed for your seat, as in the table: + into your crib (dealer),
    − into theirs (pone).  Positive parts stack up from 0, negative parts down.
    """
    _ = tr(lang)
    with rc_context(_RC):
        fig = _figure(6.4, 3.9)
        ax = fig.add_subplot()
        ts = analysis.throws
        labels = [" ".join(c.pretty for c in t.throw) for t in ts]
        sign = 1 if analysis.dealer else -1
        parts = [
            (_("Hand"), [t.hand_ev for t in ts], GREEN),
            (
                _("Crib (yours, +)") if analysis.dealer else _("Crib (theirs, −)"),
                [sign * t.crib_ev for t in ts],
                PURPLE if analysis.dealer else RED,
            ),
        ]
        if analysis.pegging:
            parts.append((_("Pegging"), [t.peg_ev or 0.0 for t in ts], BLUE))
        x = list(range(len(ts)))
        up = [0.0] * len(ts)
        down = [0.0] * len(ts)
        for name, vals, colour in parts:
            bottoms = [u if v >= 0 else d for v, u, d in zip(vals, up, down, strict=True)]
            ax.bar(x, vals, bottom=bottoms, color=colour, label=name)
            up = [u + max(v, 0) for u, v in zip(up, vals, strict=True)]
            down = [d + min(v, 0) for d, v in zip(down, vals, strict=True)]
        ax.plot(x, [t.total for t in ts], "k_", ms=14, mew=2.5, label=_("Net"))
        ax.axhline(0, color=ZERO_LINE, lw=0.8)
        ax.set_xticks(x, labels, rotation=60)
        ax.set_ylabel(_("points"))
        seat = _(N_("dealer") if analysis.dealer else N_("pone"))
        ax.set_title(_("All 15 throws as {seat}, best first").format(seat=seat))
        ax.margins(y=0.08)
        fig.legend(ncols=4, loc="outside lower center", frameon=False)
        return fig


def hand_distribution_chart(analysis: DiscardAnalysis, i: int, lang: str = "en") -> Figure:
    """The kept hand's score distribution over the 46 starters for throw ``i``."""
    with rc_context(_RC):
        return _hand_distribution_chart(analysis, i, lang)


def _hand_distribution_chart(analysis: DiscardAnalysis, i: int, lang: str) -> Figure:
    _ = tr(lang)
    t = analysis.throws[i]
    fig = _figure(5.2, 2.7)
    ax = fig.add_subplot()
    ks = [k for k, n in enumerate(t.hand_counts) if n]
    lo, hi = min(ks), max(ks)
    ax.bar(range(lo, hi + 1), [t.hand_counts[k] for k in range(lo, hi + 1)], color=GREEN)
    ax.set_xlabel(_("hand points"))
    ax.set_ylabel(_("starters (of 46)"))
    keep = " ".join(c.pretty for c in t.keep)
    ev = f"{t.hand_ev:.2f}".replace(".", ",") if lang == "fr" else f"{t.hand_ev:.2f}"
    ax.set_title(_("Keep {keep}: {ev} on average").format(keep=keep, ev=ev))
    return fig


def crib_heatmap(
    values: list[list[float]],
    *,
    title: str,
    cbar_label: str,
    cmap: str = "viridis",
    center: float | None = None,
) -> Figure:
    """A 13x13 heatmap by rank pair (rows low card, columns high card), annotated."""
    with rc_context(_RC):
        return _crib_heatmap(values, title, cbar_label, cmap, center)


def _crib_heatmap(
    values: list[list[float]], title: str, cbar_label: str, cmap: str, center: float | None
) -> Figure:
    from crib.rules.cards import RANK_CHARS

    fig = _figure(7.2, 6.4)
    ax = fig.add_subplot()
    flat = [v for row in values for v in row if v == v]
    norm = None
    if center is not None and flat and min(flat) < center < max(flat):
        from matplotlib.colors import TwoSlopeNorm

        norm = TwoSlopeNorm(vcenter=center, vmin=min(flat), vmax=max(flat))
    im = ax.imshow(values, cmap=cmap, norm=norm)
    ticks = list(range(13))
    ax.set_xticks(ticks, list(RANK_CHARS))
    ax.set_yticks(ticks, list(RANK_CHARS))
    ax.set_xlabel("second card")
    ax.set_ylabel("first card")
    for r in range(13):
        for c in range(13):
            v = values[r][c]
            if v == v:  # not NaN
                red, green, blue, _a = im.cmap(im.norm(v))
                ax.text(
                    c,
                    r,
                    f"{v:.1f}",
                    ha="center",
                    va="center",
                    fontsize=MIN_PT,
                    color=text_on((red, green, blue)),  # AA contrast on the cell
                )
    cb = fig.colorbar(im, ax=ax, shrink=0.85)
    cb.set_label(cbar_label)
    ax.set_title(title)
    return fig


def score_distribution_chart(
    counts: list[int] | object, *, title: str = "All 12,994,800 hands with their starter"
) -> Figure:
    """Bar chart (log scale) of how many combinations score each total 0..29."""
    with rc_context(_RC):
        return _score_distribution_chart(counts, title)


def _score_distribution_chart(counts: list[int] | object, title: str) -> Figure:
    ys = [int(x) for x in counts]  # type: ignore[union-attr]
    fig = _figure(7.0, 3.2)
    ax = fig.add_subplot()
    ax.bar(range(len(ys)), [y if y else float("nan") for y in ys], color=BLUE)
    ax.set_yscale("log")
    ax.set_xticks(range(0, len(ys), 2))
    ax.set_xlabel("show score")
    ax.set_ylabel("combinations (log scale)")
    ax.set_title(title)
    return fig


def _bar_values(ax: object) -> tuple[list[tuple[str, float]], str]:
    """A bar chart's bars as (label, value) in axis order, stacked parts added up, and
    the value axis' label; vertical or horizontal bars (``barh``)."""
    horizontal = any(getattr(c, "orientation", "vertical") == "horizontal" for c in ax.containers)  # type: ignore[attr-defined]
    axis = ax.yaxis if horizontal else ax.xaxis  # type: ignore[attr-defined]
    ticks = {
        round(t, 6): lab.get_text()
        for t, lab in zip(axis.get_ticklocs(), axis.get_ticklabels(), strict=True)
    }
    bars: dict[float, float] = {}
    for p in ax.patches:  # type: ignore[attr-defined]
        if horizontal:
            at, v = round(p.get_y() + p.get_height() / 2, 6), p.get_width()
        else:
            at, v = round(p.get_x() + p.get_width() / 2, 6), p.get_height()
        bars[at] = bars.get(at, 0.0) + v
    order = sorted(bars.items(), reverse=horizontal)  # a barh chart reads top down
    unit = (ax.get_xlabel() if horizontal else ax.get_ylabel()) or "value"  # type: ignore[attr-defined]
    return [(ticks.get(at) or f"{at:g}", v) for at, v in order], unit


def _num(v: float, lang: str = "en") -> str:
    said = f"{v:.1f}".replace("-", "−")
    return said.replace(".", ",") if lang == "fr" else said


def figure_summary(fig: Figure, *, most: int = 15, lang: str = "en") -> str:
    """A text alternative for a chart, read from the figure itself: its title, its axes,
    for a bar chart each bar's label and height (up to ``most`` bars), for a line chart
    each line's last value, and any note written on an empty chart.

    >>> fig = _figure(3, 2)
    >>> ax = fig.add_subplot()
    >>> _ = ax.bar([0, 1], [2.5, -1.0]); _ = ax.set_xticks([0, 1], ["5♥", "K♣"])
    >>> _ = ax.set_title("Net points"); _ = ax.set_ylabel("points")
    >>> figure_summary(fig)
    'Chart: Net points. points by bar: 5♥ 2.5, K♣ −1.0.'
    >>> fig = _figure(3, 2)
    >>> ax = fig.add_subplot()
    >>> _ = ax.plot([1, 2, 3], [100, 50, 66.7], label="counting"); _ = ax.set_title("Accuracy")
    >>> _ = ax.set_ylabel("accuracy so far (%)")
    >>> figure_summary(fig)
    'Chart: Accuracy. accuracy so far (%), last of each line: counting 66.7 (3 points).'
    """
    _ = tr(lang)
    parts = []
    sup = getattr(fig, "_suptitle", None)
    if sup is not None and sup.get_text():
        parts.append(f"{sup.get_text()}.")
    for ax in fig.axes:
        title = ax.get_title()
        lines = [ln for ln in ax.get_lines() if not ln.get_label().startswith("_")]
        if not title and not ax.patches and not lines:
            continue  # a colour bar
        line = _("Chart: {title}.").format(title=title or _("untitled"))
        if ax.patches:
            bars, unit = _bar_values(ax)
            items = [f"{label} {_num(v, lang)}" for label, v in bars[:most]]
            more = _(" and {n} more").format(n=len(bars) - most) if len(bars) > most else ""
            line += " " + _("{unit} by bar: {items}{more}.").format(
                unit=unit, items=", ".join(items), more=more
            )
        elif lines:
            items = [
                f"{ln.get_label()} {_num(float(ln.get_ydata()[-1]), lang)} "
                + _("({n} points)").format(n=len(ln.get_ydata()))
                for ln in lines
                if len(ln.get_ydata())
            ]
            line += " " + _("{unit}, last of each line: {items}.").format(
                unit=ax.get_ylabel() or _("value"), items=", ".join(items)
            )
        elif ax.images:
            line += " " + _("A grid of values, rows: {rows}, columns: {cols}.").format(
                rows=ax.get_ylabel(), cols=ax.get_xlabel()
            )
        else:
            notes = [t.get_text() for t in ax.texts if t.get_text()]
            if notes:
                line += f" {'; '.join(notes).capitalize()}."
        parts.append(line)
    return " ".join(parts) or _("Chart.")
