"""A clickable 13×13 heatmap: one button per thrown rank pair, coloured by value.

Clicking a cell calls the registered handlers with (row, column), 0-based; the
chosen cell is ringed.  Colours come from a matplotlib colormap; the value is
written in each cell (12 px or more), black or white, whichever passes WCAG AA
contrast on it (:func:`crib.ui.kit.access.text_on`).

One widget model for the whole grid (an anywidget that draws 169 ``<button>``
elements and sends a click back as ``{"cell": [r, c]}``), not one Button and one
ButtonStyle per cell: the page has 169 buttons either way, but the browser loads and
draws 44 widget models instead of 450 (the crib-odds page, paired runs at load 4-10:
median 2.21 -> 1.80 s to interactive; data/benchmarks.txt).  In Python each cell is a
:class:`HeatCell` (value text, colour, tooltip, ``click()``), so the headless tests
drive the grid as before.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import anywidget
import traitlets
from matplotlib import colormaps
from matplotlib.colors import Normalize, TwoSlopeNorm, to_hex

from crib.i18n import N_, tr
from crib.rules.cards import RANK_CHARS
from crib.ui.kit.access import text_on
from crib.ui.kit.style import colour

__all__ = ["HeatGrid", "HeatCell"]

# said inside f-strings, which the extractor does not read
_IN_FSTRINGS = (N_("Rows: the first card. Columns: the second card."),)

EMPTY = colour("heat-empty")  # a cell with no value (the grid's look: crib.css, section "analyze")

_ESM = r"""
function render({ model, el }) {
  const title = document.createElement("div");
  title.className = "crib-heat-title";
  const grid = document.createElement("div");
  grid.className = "crib-heatgrid-cells";
  const legend = document.createElement("div");
  legend.className = "crib-heat-legend";
  const label = (text) => {
    const d = document.createElement("div");
    d.className = "crib-heatlabel";
    d.textContent = text;
    return d;
  };
  const names = model.get("names");
  const buttons = [];
  grid.appendChild(label(""));
  names.forEach((n) => grid.appendChild(label(n)));
  names.forEach((n, r) => {
    grid.appendChild(label(n));
    const row = [];
    names.forEach((_m, c) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = `crib-heatcell crib-heat-${r}-${c}`;
      b.addEventListener("click", () => model.send({ cell: [r, c] }));
      grid.appendChild(b);
      row.push(b);
    });
    buttons.push(row);
  });
  const draw = () => {
    const cells = model.get("values");
    buttons.forEach((row, r) => row.forEach((b, c) => {
      const v = (cells[r] || [])[c];
      if (!v) {
        b.textContent = ""; b.disabled = true; b.title = model.get("none_tip");
        b.style.background = "var(--crib-heat-empty)"; b.style.color = "";
        return;
      }
      b.disabled = false;
      b.textContent = v[0]; b.style.background = v[1]; b.style.color = v[2]; b.title = v[3];
    }));
    title.innerHTML = model.get("title");
    legend.innerHTML = model.get("legend");
  };
  let chosen = null;
  const select = () => {
    if (chosen) chosen.classList.remove("crib-heat-selected");
    const s = model.get("chosen");
    chosen = s.length === 2 ? buttons[s[0]][s[1]] : null;
    if (chosen) chosen.classList.add("crib-heat-selected");
  };
  draw();
  select();
  model.on("change:values", draw);
  model.on("change:title", draw);
  model.on("change:legend", draw);
  model.on("change:chosen", select);
  el.append(title, grid, legend);
}
export default { render };
"""


def _name(r: int) -> str:
    return "10" if r == 10 else RANK_CHARS[r - 1]


@dataclass
class HeatCell:
    """One cell as Python sees it: the text shown, its colour and tooltip; ``click()``
    does what a click in the page does."""

    grid: HeatGrid = field(repr=False)
    row: int
    col: int
    description: str = ""
    color: str = EMPTY
    text_color: str = ""
    tooltip: str = "no such pair"
    disabled: bool = True

    @property
    def selected(self) -> bool:
        return self.grid.selected == (self.row, self.col)

    def click(self) -> None:
        if not self.disabled:
            self.grid._fire(self.row, self.col)


class HeatGrid(anywidget.AnyWidget):
    """Rows: first card; columns: second card (A to K)."""

    _esm = _ESM
    names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    # per row, per column: [text, background, text colour, tooltip], or None (no such pair)
    values = traitlets.List().tag(sync=True)
    chosen = traitlets.List(traitlets.Int(), default_value=[]).tag(sync=True)  # [r, c] or []
    title = traitlets.Unicode("").tag(sync=True)
    legend = traitlets.Unicode("").tag(sync=True)
    none_tip = traitlets.Unicode("no such pair").tag(
        sync=True
    )  # an empty cell's tooltip, in the page's language

    def __init__(self) -> None:
        super().__init__(names=[_name(r) for r in range(1, 14)])
        self.cells = [[HeatCell(self, r, c) for c in range(13)] for r in range(13)]
        self._handlers: list[Callable[[int, int], None]] = []
        self.on_msg(self._on_msg)
        self.add_class("crib-heatgrid")

    @property
    def selected(self) -> tuple[int, int] | None:
        s = self.chosen
        return (s[0], s[1]) if len(s) == 2 else None

    def on_cell(self, fn: Callable[[int, int], None]) -> None:
        self._handlers.append(fn)

    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        cell = content.get("cell") if isinstance(content, dict) else None
        if (
            isinstance(cell, list)
            and len(cell) == 2
            and all(isinstance(x, int) and 0 <= x < 13 for x in cell)
            and not self.cells[cell[0]][cell[1]].disabled
        ):
            self._fire(cell[0], cell[1])

    def _fire(self, r: int, c: int) -> None:
        for fn in self._handlers:
            fn(r, c)

    def select(self, r: int, c: int) -> None:
        self.chosen = [r, c]

    def show(
        self,
        values: list[list[float]],
        *,
        title: str,
        label: str,
        cmap: str = "viridis",
        center: float | None = None,
        lang: str = "en",
    ) -> None:
        _ = tr(lang)
        self.none_tip = _("no such pair")
        flat = [v for row in values for v in row if not math.isnan(v)]
        lo, hi = min(flat), max(flat)
        norm: Normalize = (
            TwoSlopeNorm(vcenter=center, vmin=lo, vmax=hi)
            if center is not None and lo < center < hi
            else Normalize(vmin=lo, vmax=hi)
        )
        cm = colormaps[cmap]
        synced: list[list[list[str] | None]] = []
        for r in range(13):
            row: list[list[str] | None] = []
            for c in range(13):
                cell, v = self.cells[r][c], values[r][c]
                if math.isnan(v):
                    cell.description, cell.disabled, cell.tooltip = "", True, _("no such pair")
                    cell.color, cell.text_color = EMPTY, ""
                    row.append(None)
                    continue
                red, green, blue, _a = cm(norm(v))
                cell.disabled = False
                cell.description = f"{v:.1f}".replace(".", ",") if lang == "fr" else f"{v:.1f}"
                cell.tooltip = _("{first} and {second}: {value}").format(
                    first=_name(r + 1), second=_name(c + 1), value=f"{v:.2f}"
                )
                cell.color = to_hex((red, green, blue))
                cell.text_color = text_on((red, green, blue))  # AA contrast
                row.append([cell.description, cell.color, cell.text_color, cell.tooltip])
            synced.append(row)
        self.values = synced
        stops = ", ".join(to_hex(cm(x / 8)) for x in range(9))
        self.title = (
            f"<b style='font-size:15px'>{title}</b><br><span style='font-size:14px'>"
            f"{_('Rows: the first card. Columns: the second card.')}</span>"
        )
        self.legend = (
            f"<div style='display:flex;align-items:center;gap:8px;font-size:14px;margin-top:4px'>"
            f"<span>{lo:.1f}</span><span style='display:inline-block;width:220px;height:12px;"
            f"background:linear-gradient(90deg,{stops})'></span><span>{hi:.1f}</span>"
            f"<span>{label}</span></div>"
        )
