"""A clickable 13×13 heatmap: one button per thrown rank pair, coloured by value.

Clicking a cell calls the registered handlers with (row, column), 0-based; the
chosen cell is ringed.  Colours come from a matplotlib colormap; the value is
written in each cell (12 px or more), black or white for contrast.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import ipywidgets as w
from matplotlib import colormaps
from matplotlib.colors import Normalize, TwoSlopeNorm, to_hex

from crib.rules.cards import RANK_CHARS

__all__ = ["HeatGrid", "HEAT_CSS"]

HEAT_CSS = """
.crib-heatcell { width: 44px !important; height: 30px !important; padding: 0 !important;
  margin: 0 !important; font-size: 12px !important; border-radius: 2px !important;
  border: 1px solid rgba(255,255,255,.6) !important; }
.crib-heatcell.crib-heat-selected { outline: 3px solid #1f5fa8; outline-offset: -2px; z-index: 1;
  font-weight: 700 !important; }
.crib-heatcell:disabled { opacity: 1 !important; background: #f2f2f2 !important; }
.crib-heatlabel { width: 44px; text-align: center; font-weight: 700; font-size: 14px;
  line-height: 30px; }
"""


def _name(r: int) -> str:
    return "10" if r == 10 else RANK_CHARS[r - 1]


class HeatGrid(w.VBox):
    """Rows: first card; columns: second card (A to K)."""

    def __init__(self) -> None:
        shared = w.Layout()  # one Layout model for the 169 cells (fewer models to load)
        self.cells = [[w.Button(layout=shared) for _c in range(13)] for _r in range(13)]
        for r, row in enumerate(self.cells):
            for c, b in enumerate(row):
                b.add_class("crib-heatcell")
                b.add_class(f"crib-heat-{r}-{c}")
                b.on_click(lambda _b, r=r, c=c: self._fire(r, c))
        self._handlers: list[Callable[[int, int], None]] = []
        self.selected: tuple[int, int] | None = None
        self.legend = w.HTML().add_class("crib-heat-legend")
        self.title = w.HTML().add_class("crib-heat-title")
        corner = w.HTML("<div class='crib-heatlabel'></div>")
        lab = w.Layout()
        heads = [corner] + [
            w.HTML(f"<div class='crib-heatlabel'>{_name(c + 1)}</div>", layout=lab)
            for c in range(13)
        ]
        items: list[w.Widget] = list(heads)
        for r in range(13):
            items.append(w.HTML(f"<div class='crib-heatlabel'>{_name(r + 1)}</div>", layout=lab))
            items.extend(self.cells[r])
        grid = w.GridBox(
            items,
            layout=w.Layout(grid_template_columns="repeat(14, 44px)", grid_gap="1px"),
        )
        super().__init__([w.HTML(f"<style>{HEAT_CSS}</style>"), self.title, grid, self.legend])
        self.add_class("crib-heatgrid")

    def on_cell(self, fn: Callable[[int, int], None]) -> None:
        self._handlers.append(fn)

    def _fire(self, r: int, c: int) -> None:
        for fn in self._handlers:
            fn(r, c)

    def select(self, r: int, c: int) -> None:
        if self.selected is not None:
            self.cells[self.selected[0]][self.selected[1]].remove_class("crib-heat-selected")
        self.selected = (r, c)
        self.cells[r][c].add_class("crib-heat-selected")

    def show(
        self, values: list[list[float]], *, title: str, label: str, cmap: str = "viridis",
        center: float | None = None,
    ) -> None:
        flat = [v for row in values for v in row if not math.isnan(v)]
        lo, hi = min(flat), max(flat)
        norm: Normalize = (
            TwoSlopeNorm(vcenter=center, vmin=lo, vmax=hi)
            if center is not None and lo < center < hi
            else Normalize(vmin=lo, vmax=hi)
        )
        cm = colormaps[cmap]
        for r in range(13):
            for c in range(13):
                b, v = self.cells[r][c], values[r][c]
                if math.isnan(v):
                    b.description, b.disabled, b.tooltip = "", True, "no such pair"
                    b.style.button_color = "#f2f2f2"
                    continue
                red, green, blue, _a = cm(norm(v))
                light = 0.299 * red + 0.587 * green + 0.114 * blue > 0.5
                b.disabled = False
                b.description = f"{v:.1f}"
                b.tooltip = f"{_name(r + 1)} and {_name(c + 1)}: {v:.2f}"
                b.style.button_color = to_hex((red, green, blue))
                b.style.text_color = "#1d1d1d" if light else "#ffffff"
        stops = ", ".join(to_hex(cm(x / 8)) for x in range(9))
        self.title.value = (
            f"<b style='font-size:15px'>{title}</b><br><span style='font-size:14px'>"
            "Rows: the first card. Columns: the second card.</span>"
        )
        self.legend.value = (
            f"<div style='display:flex;align-items:center;gap:8px;font-size:14px;margin-top:4px'>"
            f"<span>{lo:.1f}</span><span style='display:inline-block;width:220px;height:12px;"
            f"background:linear-gradient(90deg,{stops})'></span><span>{hi:.1f}</span>"
            f"<span>{label}</span></div>"
        )
