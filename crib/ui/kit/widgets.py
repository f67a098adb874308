"""Reusable widgets: a 52-card picker kept in step with a text box, figure images.

Every card button is the one card component of :mod:`crib.ui.kit.cardview`.
"""

from __future__ import annotations

import html
import io
from typing import TYPE_CHECKING

import ipywidgets as w
from traitlets import List, Unicode, observe

from crib.errors import CribError, HandSizeError
from crib.rules.cards import SUITS, Card, cards_str, parse_cards
from crib.ui.kit.cardview import card_button_look
from crib.ui.kit.charts import figure_summary
from crib.ui.kit.common import error_html

if TYPE_CHECKING:
    from matplotlib.figure import Figure  # imported where a chart is drawn

__all__ = [
    "CardPicker",
    "figure_png",
    "FigureImage",
    "chart_text_html",
    "card_rows",
    "as_grid",
]


def card_rows(
    make: type[w.Button] | type[w.ToggleButton], class_prefix: str, lang: str = "en"
) -> dict[str, w.DOMWidget]:
    """52 small card buttons, red or black, tagged ``{class_prefix}-5H`` etc., by canonical name."""
    out: dict[str, w.DOMWidget] = {}
    # one Layout and one style shared by all 52: a third as many widget models for the
    # page to load (the look comes from the card component's CSS classes)
    layout = w.Layout()
    probe = make()
    style = type(probe.style)()
    probe.close()
    for s in SUITS:
        for r in range(1, 14):
            c = Card(r, s)
            look = card_button_look(c, "mini", lang)  # made with its look: no update message
            pick = (f"{class_prefix}-{c}", "crib-pick-red" if s in "DH" else "crib-pick-black")
            look["_dom_classes"] += pick
            out[str(c)] = make(layout=layout, style=style, **look)
    return out


def as_grid(buttons: dict[str, w.DOMWidget]) -> list[w.HBox]:
    """The 52 buttons as four rows, one per suit."""
    names = list(buttons)
    return [
        w.HBox([buttons[n] for n in names[i : i + 13]], layout=w.Layout(flex_flow="row wrap"))
        for i in range(0, 52, 13)
    ]


def figure_png(fig: Figure, dpi: int = 96) -> bytes:
    """Render a figure to PNG bytes (no pyplot state involved)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def chart_text_html(summary: str, lang: str = "en") -> str:
    """A chart's text summary, shown next to it: a disclosure ("The chart in words")
    that anyone can open, by mouse or keyboard, and a screen reader reads as text.

    >>> "<p>Chart: Net points.</p>" in chart_text_html("Chart: Net points.")
    True
    """
    from crib.i18n import N_, tr

    head = tr(lang)(N_("The chart in words"))
    return (
        f'<details class="crib-chart-text"><summary>{html.escape(head)}</summary>'
        f"<p>{html.escape(summary)}</p></details>"
    )


class FigureImage(w.Image):
    """An Image widget that shows a matplotlib figure at its own pixel size (so chart
    text keeps the size it was drawn at), shrinking only when the page is narrower.

    Its text alternative (the image's title, which screen readers read as its name) is
    :func:`crib.ui.kit.charts.figure_summary` of the figure, or ``summary`` if given;
    the same summary is shown next to the chart in ``text`` (place :meth:`with_text`,
    the chart and its text together, on the page)."""

    # the widget's view sets the title from the tooltip only when the model has a
    # description (ipywidgets 8.1's DOMWidgetView.updateTooltip reads its length; an
    # Image has none, and its view then fails to draw): an empty one makes the tooltip work
    description = Unicode("").tag(sync=True)

    def __init__(self, lang: str = "en", **kw: object) -> None:
        from crib.i18n import N_, tr

        kw.setdefault("tooltip", tr(lang)(N_("Chart: not drawn yet.")))
        super().__init__(format="png", **kw)
        self.layout.max_width = "100%"
        self.layout.height = "auto"
        self.text = w.HTML(layout=w.Layout(max_width="100%", display=self.layout.display))
        self.text.add_class("crib-chart-summary")
        self._box: w.VBox | None = None

    def with_text(self) -> w.VBox:
        """The chart with its text summary under it (one box, made once)."""
        if self._box is None:
            self._box = w.VBox([self, self.text], layout=w.Layout(max_width="100%"))
            self._box.add_class("crib-chart-box")
        return self._box

    def show(
        self, fig: Figure, dpi: int = 96, summary: str | None = None, lang: str = "en"
    ) -> None:
        """Draw ``fig`` (shown, with its summary as the title and as the text beside it,
        in ``lang``)."""
        self.tooltip = summary or figure_summary(fig, lang=lang)
        self.value = figure_png(fig, dpi)
        width = f"{round(fig.get_figwidth() * dpi)}px"
        self.layout.width = width
        self.text.value = chart_text_html(self.tooltip, lang)
        self.text.layout.width = width
        self.layout.display = self.text.layout.display = None

    def hide(self) -> None:
        """No chart: nothing shown (no broken image), no summary."""
        self.layout.display = self.text.layout.display = "none"
        self.value = b""
        self.text.value = ""


class CardPicker(w.VBox):
    """Click cards or type them; the two stay in step.

    ``selected`` holds canonical card strings in the order they were chosen.
    ``max_cards`` limits how many can be selected (clicks beyond it are undone
    with a message).  Typing shows parse errors in ``message`` and leaves the
    selection unchanged.
    """

    selected = List(Unicode()).tag(sync=False)

    def __init__(
        self,
        *,
        max_cards: int = 6,
        description: str = "Cards",
        placeholder: str = "",
        lang: str = "en",
    ) -> None:
        from crib.i18n import tr

        self.max_cards, self.lang = max_cards, lang
        _ = tr(lang)
        self._syncing = False
        self.text = w.Text(
            _dom_classes=("crib-picker-text",),
            description=description,
            placeholder=placeholder
            or _("type up to {n} cards, e.g. 5h 5d 6c 7s 8h 9d").format(n=max_cards),
            continuous_update=False,
            layout=w.Layout(width="30em", max_width="100%"),
            style={"description_width": "initial"},
        )
        self.message = w.HTML(_dom_classes=("crib-picker-message",))
        self.buttons = card_rows(w.ToggleButton, "crib-pick", lang)
        for name, b in self.buttons.items():
            b.observe(self._on_toggle(name), "value")
        rows = as_grid(self.buttons)
        self.text.observe(self._on_text, "value")
        super().__init__([self.text, self.message, *rows])
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
                    from crib.i18n import N_, tr

                    self.message.value = error_html(
                        tr(self.lang)(N_("at most {n} cards: unselect one first")).format(
                            n=self.max_cards
                        )
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
            from crib.ui.kit.say import say_error

            self.message.value = error_html(say_error(str(e), self.lang))
            return
        self.selected = [str(c) for c in cs]

    def __str__(self) -> str:
        return cards_str(self.cards())
