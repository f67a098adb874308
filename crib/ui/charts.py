"""Matplotlib figures for analyses (no pyplot state: each call returns its own Figure)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from matplotlib.figure import Figure

if TYPE_CHECKING:
    from crib.analysis.discard import DiscardAnalysis
    from crib.analysis.play import PlayAnalysis

__all__ = [
    "play_chart",
    "discard_chart",
    "crib_heatmap",
    "hand_distribution_chart",
    "score_distribution_chart",
]


def play_chart(analysis: PlayAnalysis, *, title: str | None = None) -> Figure:
    """A bar per legal card, split into points now and the expected future margin."""
    fig = Figure(figsize=(7, 3.6), layout="constrained")
    ax = fig.add_subplot()
    labels = [o.card.pretty if o.card is not None else "go" for o in analysis.options]
    now = [o.now for o in analysis.options]
    fut = [o.future for o in analysis.options]
    x = range(len(labels))
    ax.bar(x, now, color="#2e86de", label="now (points for this card)")
    # stack the future on top of now when both point the same way, else from zero
    bottoms = [n if (n >= 0) == (f >= 0) else 0 for n, f in zip(now, fut, strict=True)]
    ax.bar(x, fut, bottom=bottoms, color="#f39c12", label="future (expected net margin)")
    for i, o in enumerate(analysis.options):
        ax.annotate(
            f"{o.margin:+.2f}",
            (i, o.margin),
            xytext=(0, 4 if o.margin >= 0 else -4),
            textcoords="offset points",
            ha="center",
            va="bottom" if o.margin >= 0 else "top",
            fontsize=9,
            fontweight="bold",
        )
    ax.margins(y=0.15)
    ax.axhline(0, color="#333", lw=0.8)
    ax.set_xticks(list(x), labels)
    ax.set_ylabel("points (you − opponent)")
    ax.set_title(title or f"Exact margin by card — opponent model: {analysis.model}", fontsize=10)
    ax.legend(fontsize=8, loc="best")
    return fig


def discard_chart(analysis: DiscardAnalysis) -> Figure:
    """Stacked bars: each throw's EV split into hand and crib (crib negative for the pone)."""
    fig = Figure(figsize=(8, 3.8), layout="constrained")
    ax = fig.add_subplot()
    ts = analysis.throws
    labels = [" ".join(c.pretty for c in t.throw) for t in ts]
    hand = [t.hand_ev for t in ts]
    sign = 1 if analysis.dealer else -1
    crib = [sign * t.crib_ev for t in ts]
    x = range(len(ts))
    ax.bar(x, hand, color="#27ae60", label="hand EV (46 starters)")
    if analysis.dealer:
        ax.bar(x, crib, bottom=hand, color="#8e44ad", label="crib EV (yours)")
    else:
        ax.bar(x, crib, color="#c0392b", label="crib EV (theirs, subtracted)")
    ax.plot(list(x), [t.ev for t in ts], "k_", ms=14, mew=2, label="EV")
    ax.axhline(0, color="#333", lw=0.8)
    ax.set_xticks(list(x), labels, rotation=60, fontsize=8)
    ax.set_ylabel("expected points")
    ax.set_title(
        f"All 15 throws as {analysis.seat}, best first — crib model: {analysis.model.name}",
        fontsize=10,
    )
    ax.legend(fontsize=8)
    return fig


def hand_distribution_chart(analysis: DiscardAnalysis, i: int) -> Figure:
    """The kept hand's score distribution over the 46 starters for throw ``i``."""
    t = analysis.throws[i]
    fig = Figure(figsize=(5.5, 2.8), layout="constrained")
    ax = fig.add_subplot()
    ks = [k for k, n in enumerate(t.hand_counts) if n]
    lo, hi = min(ks), max(ks)
    ax.bar(range(lo, hi + 1), [t.hand_counts[k] for k in range(lo, hi + 1)], color="#27ae60")
    ax.set_xlabel("hand points")
    ax.set_ylabel("starters (of 46)")
    keep = " ".join(c.pretty for c in t.keep)
    ax.set_title(f"Keep {keep}: mean {t.hand_ev:.2f}", fontsize=10)
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
    from crib.rules.cards import RANK_CHARS

    fig = Figure(figsize=(7.2, 6.2), layout="constrained")
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
                light = (
                    0.299 * red + 0.587 * green + 0.114 * blue > 0.5
                )  # text readable on the cell
                ax.text(
                    c,
                    r,
                    f"{v:.1f}",
                    ha="center",
                    va="center",
                    fontsize=6.5,
                    color="black" if light else "white",
                )
    cb = fig.colorbar(im, ax=ax, shrink=0.85)
    cb.set_label(cbar_label)
    ax.set_title(title, fontsize=10)
    return fig


def score_distribution_chart(
    counts: list[int] | object, *, title: str = "All 12,994,800 hands with their starter"
) -> Figure:
    """Bar chart (log scale) of how many combinations score each total 0..29."""
    ys = [int(x) for x in counts]  # type: ignore[union-attr]
    fig = Figure(figsize=(8, 3.2), layout="constrained")
    ax = fig.add_subplot()
    ax.bar(range(len(ys)), [y if y else float("nan") for y in ys], color="#2e86de")
    ax.set_yscale("log")
    ax.set_xticks(range(0, len(ys), 2))
    ax.set_xlabel("show score")
    ax.set_ylabel("combinations (log scale)")
    ax.set_title(title, fontsize=10)
    return fig
