"""Dashboard 2: crib-odds heatmaps by thrown rank pair."""

from __future__ import annotations

import html

import ipywidgets as w

from crib.analysis.crib_heatmaps import heatmap_values, seat_heatmap_values
from crib.analysis.crib_models import (
    SELFPLAY,
    TABLE,
    companion_values,
    crib_table,
)
from crib.rules.cards import RANK_CHARS, Card
from crib.ui.analyze.heatgrid import HeatGrid
from crib.ui.kit.common import friendly, how_computed, info_html
from crib.ui.kit.glossary import terms_bar

__all__ = ["CribOddsApp", "VIEWS", "TABLE_SOURCES"]

VIEWS = {
    "suited above, offsuit below": "combined",
    "suited only": "suited",
    "offsuit and pairs only": "offsuit",
    "dealer / pone sign view": "sign",
}
# The uniform table, the seat tables measured in self-play, and their difference.
TABLE_SOURCES = {
    "exact uniform table (169 entries)": TABLE,
    "self-play seat table (Expert opponent)": SELFPLAY,
    "self-play minus uniform (difference)": "diff",
}

class CribOddsApp(w.VBox):
    """13x13 heatmaps of expected crib points; click a cell (or choose it) for its detail."""

    def __init__(self) -> None:
        wide = {"description_width": "initial"}
        self.source = w.Dropdown(
            options=list(TABLE_SOURCES), description="Table", style=wide,
            layout=w.Layout(width="25em"),
        ).add_class("crib-source")
        self.view = w.Dropdown(
            options=list(VIEWS), description="View", style=wide, layout=w.Layout(width="20em")
        ).add_class("crib-view")
        self.seat = w.ToggleButtons(
            options=["dealer", "pone"], description="Your seat", style=wide
        ).add_class("crib-seat")
        self.heatmap = HeatGrid().add_class("crib-heatmap")
        ranks = [(("10" if i == 10 else RANK_CHARS[i - 1]), i) for i in range(1, 14)]
        self.first = w.Dropdown(
            options=ranks, value=5, description="First card", style=wide,
            layout=w.Layout(width="11em"),
        ).add_class("crib-first")
        self.second = w.Dropdown(
            options=ranks, value=5, description="Second card", style=wide,
            layout=w.Layout(width="11em"),
        ).add_class("crib-second")
        self.suited = w.Checkbox(value=False, description="suited", style=wide).add_class(
            "crib-suited"
        )
        self.cell = w.HTML(layout=w.Layout(max_width="400px")).add_class("crib-cell")
        self.status = w.HTML().add_class("crib-status")
        self.model_note = w.HTML().add_class("crib-model-note")
        for wid in (self.view, self.seat, self.source):
            wid.observe(lambda _c: self.draw(), "value")
        for wid in (self.first, self.second, self.suited):
            wid.observe(lambda _c: self.show_cell(), "value")
        self.heatmap.on_cell(self.click_cell)
        super().__init__(
            [
                w.HTML(terms_bar(("crib", "dealer", "pone", "starter"))).add_class("crib-terms-bar"),
                w.HBox([self.source, self.view, self.seat]),
                self.status,
                w.HBox(
                    [
                        w.VBox([self.heatmap, self.model_note]),
                        w.VBox(
                            [
                                w.HTML("<b>Click a cell, or choose one:</b>"),
                                w.HBox([self.first, self.second, self.suited]),
                                self.cell,
                            ],
                            layout=w.Layout(max_width="420px"),
                        ),
                    ],
                    layout=w.Layout(flex_flow="row wrap", grid_gap="16px"),
                ),
            ]
        )
        self.add_class("crib-odds-app")
        self.draw()
        self.show_cell()

    def _layout(self) -> str:
        if TABLE_SOURCES[self.source.value] is not TABLE:
            return "combined"
        return VIEWS[self.view.value]

    def click_cell(self, r: int, c: int) -> None:
        """Choose the pair of a heatmap cell (row r, column c, 0-based)."""
        view = self._layout()
        suited = {"suited": True, "offsuit": False}.get(view, c > r)
        self._choosing = True
        try:
            self.first.value, self.second.value = r + 1, c + 1
        finally:
            self._choosing = False
        self.suited.value = suited and r != c
        self.show_cell()

    @friendly()
    def draw(self) -> None:
        src = TABLE_SOURCES[self.source.value]
        if src is not TABLE:
            self._draw_seat_table(diff=src == "diff")
            return
        self.view.disabled = False
        view = VIEWS[self.view.value]
        vals = heatmap_values(view, self.seat.value)
        if view == "sign":
            title = (
                f"Crib value minus the average throw, as {self.seat.value} "
                f"({'+ helps you: your crib' if self.seat.value == 'dealer' else '- hurts you: their crib'})"
            )
            label, cmap = "points relative to an average throw (seat-signed)", "RdBu"
        else:
            title = f"Expected crib points by thrown pair — {self.view.value}"
            label, cmap = "expected crib points (exact, uniform opponent)", "viridis"
        center = 0.0 if view == "sign" else None
        self.heatmap.show(vals, title=title, label=label, cmap=cmap, center=center)
        self.status.value = info_html(f"Showing: {self.view.value} ({self.seat.value}).")
        self.model_note.value = how_computed(
            "Each cell: the crib's average score when these two cards go into it, the other "
            "two crib cards and the starter drawn from the cards you cannot see.",
            f"{self.source.value}: {TABLE.assumption}.",
        )

    def _draw_seat_table(self, diff: bool) -> None:
        """The seat table (suited above, offsuit below) or its difference from the uniform one."""
        self.view.disabled = True  # the seat tables have one layout: suited above, offsuit below
        seat = self.seat.value
        vals = seat_heatmap_values(seat, diff=diff)
        into = "your own crib" if seat == "dealer" else "the dealer's crib"
        if diff:
            title = f"Self-play minus uniform, thrown into {into} (suited above, offsuit below)"
            label, cmap, center = "points: seat table minus uniform table", "RdBu", 0.0
        else:
            title = f"Self-play crib points, thrown into {into} (suited above, offsuit below)"
            label, cmap, center = "expected crib points (Expert opponent)", "viridis", None
        self.heatmap.show(vals, title=title, label=label, cmap=cmap, center=center)
        self.status.value = info_html(f"Showing: {self.source.value} ({seat}).")
        self.model_note.value = how_computed(
            "Each cell: the crib's average score in games between two Expert players, when "
            "these two cards go into it.",
            f"{SELFPLAY.assumption}. Source: data/crib_selfplay.csv (command and seed in "
            "data/selfplay_tables.json).",
        )

    @friendly()
    def show_cell(self) -> None:
        if getattr(self, "_choosing", False):
            return
        r, c = self.first.value - 1, self.second.value - 1
        if r != c and self._layout() == "combined" and (c > r) != bool(self.suited.value):
            r, c = c, r  # suited above the diagonal, offsuit below
        self.heatmap.select(r, c)
        lo, hi = sorted((self.first.value, self.second.value))
        pair = lo == hi
        suited = bool(self.suited.value) and not pair
        v = crib_table()[(lo, hi, suited)]
        a, b = Card(lo, "H"), Card(hi, "H" if suited else "S")
        comp = companion_values((a, b))
        ranked = sorted(comp.items(), key=lambda kv: -kv[1])

        def name(r: int) -> str:
            return "10" if r == 10 else RANK_CHARS[r - 1]

        best = ", ".join(f"{name(r)} ({float(x):.2f})" for r, x in ranked[:3])
        worst = ", ".join(f"{name(r)} ({float(x):.2f})" for r, x in ranked[-3:][::-1])
        kind = "pair" if pair else ("suited" if suited else "offsuit")
        self.cell.value = (
            f'<div class="crib-cell-value"><b>{name(lo)}-{name(hi)} {kind}: {float(v):.3f}</b> '
            f"expected crib points (exactly {v.numerator}/{v.denominator}).</div>"
            f"<div>Worked out from every pair the opponent could add and every starter: "
            f"58,800 equally likely cribs, each scored exactly (five-card flushes and "
            f"nobs included).</div>"
            f'<div class="crib-companions">Best cards for the opponent to add (the crib on average): '
            f"{html.escape(best)}.<br>Worst: {html.escape(worst)}.</div>"
            + self._seat_cell(lo, hi, suited, float(v))
        )

    @staticmethod
    def _seat_cell(lo: int, hi: int, suited: bool, uniform: float) -> str:
        """The seat tables' values for the chosen pair, with their 95% intervals."""
        from crib.analysis.selfplay_tables import pair_label, seat_crib_frame

        df = seat_crib_frame()
        key = "" if lo == hi else ("true" if suited else "false")
        rows = df[(df.pair == pair_label(lo, hi)) & (df.suited == key)]
        parts = []
        for r in rows.itertuples():
            what = "into your own crib" if r.seat == "dealer" else "into the dealer's crib"
            diff = r.mean - uniform
            parts.append(
                f"As {r.seat} ({what}): {r.mean:.2f} on average (95% sure it is between "
                f"{r.ci95_low:.2f} and {r.ci95_high:.2f}), {abs(diff):.2f} "
                f"{'above' if diff >= 0 else 'below'} the uniform table, from {r.n:,} cribs."
            )
        return (
            '<div class="crib-seat-cell"><b>Against an Expert (self-play):</b><br>'
            + "<br>".join(html.escape(p) for p in parts)
            + "</div>"
        )
