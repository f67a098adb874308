"""Reusable widgets: a 52-card picker kept in step with a text box, figure images."""

from __future__ import annotations

import io

import ipywidgets as w
from matplotlib.figure import Figure
from traitlets import List, Unicode, observe

from crib.cards import SUITS, Card, cards_str, parse_cards
from crib.errors import CribError, HandSizeError
from crib.ui.common import error_html

__all__ = ["CardPicker", "figure_png", "FigureImage"]

_SYM = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def figure_png(fig: Figure, dpi: int = 96) -> bytes:
    """Render a figure to PNG bytes (no pyplot state involved)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


class FigureImage(w.Image):
    """An Image widget that shows a matplotlib figure."""

    def __init__(self, **kw: object) -> None:
        super().__init__(format="png", **kw)

    def show(self, fig: Figure) -> None:
        self.value = figure_png(fig)


class CardPicker(w.VBox):
    """Click cards or type them; the two stay in step.

    ``selected`` holds canonical card strings in the order they were chosen.
    ``max_cards`` limits how many can be selected (clicks beyond it are undone
    with a message).  Typing shows parse errors in ``message`` and leaves the
    selection unchanged.
    """

    selected = List(Unicode()).tag(sync=False)

    def __init__(
        self, *, max_cards: int = 6, description: str = "Cards", placeholder: str = ""
    ) -> None:
        self.max_cards = max_cards
        self._syncing = False
        self.text = w.Text(
            description=description,
            placeholder=placeholder or f"type up to {max_cards} cards, e.g. 5h 5d 6c 7s 8h 9d",
            continuous_update=False,
            layout=w.Layout(width="30em"),
        ).add_class("crib-picker-text")
        self.message = w.HTML().add_class("crib-picker-message")
        self.buttons: dict[str, w.ToggleButton] = {}
        rows = []
        for s in SUITS:
            row = []
            for r in range(1, 14):
                c = Card(r, s)
                b = w.ToggleButton(
                    description=f"{'10' if r == 10 else c.rank_char}{_SYM[s]}",
                    layout=w.Layout(width="3.1em", height="2.1em", padding="0px", margin="1px"),
                    tooltip=str(c),
                )
                b.add_class(f"crib-pick-{c}")
                b.add_class("crib-pick-red" if s in "DH" else "crib-pick-black")
                b.observe(self._on_toggle(str(c)), "value")
                self.buttons[str(c)] = b
                row.append(b)
            rows.append(w.HBox(row))
        self.text.observe(self._on_text, "value")
        style = w.HTML(
            "<style>.crib-pick-red button, .crib-pick-red{color:#c0392b !important;font-weight:600}"
            ".crib-pick-black{color:#1f2d3d !important;font-weight:600}</style>"
        )
        super().__init__([self.text, self.message, *rows, style])
        self.add_class("crib-picker")

    def cards(self) -> tuple[Card, ...]:
        return tuple(parse_cards(self.selected)) if self.selected else ()

    def set_cards(self, cards: str | tuple[Card, ...]) -> None:
        """Select exactly these cards (raises a CribError on bad input)."""
        cs = parse_cards(cards)
        if len(cs) > self.max_cards:
            raise HandSizeError(f"expected at most {self.max_cards} cards, got {len(cs)}")
        self.selected = [str(c) for c in cs]

    @observe("selected")
    def _sync_from_selected(self, change: dict) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            chosen = set(change["new"])
            for name, b in self.buttons.items():
                b.value = name in chosen
            self.text.value = " ".join(change["new"])
            self.message.value = ""
        finally:
            self._syncing = False

    def _on_toggle(self, name: str):  # type: ignore[no-untyped-def]
        def handler(change: dict) -> None:
            if self._syncing:
                return
            sel = list(self.selected)
            if change["new"] and name not in sel:
                if len(sel) >= self.max_cards:
                    self._syncing = True
                    self.buttons[name].value = False
                    self._syncing = False
                    self.message.value = error_html(
                        f"at most {self.max_cards} cards: unselect one first"
                    )
                    return
                sel.append(name)
            elif not change["new"] and name in sel:
                sel.remove(name)
            self.selected = sel

        return handler

    def _on_text(self, change: dict) -> None:
        if self._syncing:
            return
        try:
            cs = parse_cards(change["new"])
            if len(cs) > self.max_cards:
                raise HandSizeError(f"expected at most {self.max_cards} cards, got {len(cs)}")
        except CribError as e:
            self.message.value = error_html(str(e))
            return
        self.selected = [str(c) for c in cs]

    def __str__(self) -> str:
        return cards_str(self.cards())
