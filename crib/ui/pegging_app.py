"""Dashboard 3: the pegging and lead analyzer."""

from __future__ import annotations

import html

import ipywidgets as w

from crib.analysis.coach import grade_play, trap_flag
from crib.analysis.play import MODELS, PlayAnalysis, analyze_play
from crib.errors import CribError
from crib.rules.cards import Card, cards_str, parse_cards
from crib.rules.position import PeggingPosition
from crib.ui.charts import play_chart
from crib.ui.common import error_html, friendly, info_html, ranked_table_html
from crib.ui.keys import KeyListener, query_reader
from crib.ui.widgets import FigureImage, as_grid, card_rows

__all__ = ["PeggingApp", "CardGrid", "analysis_table_html"]

FIELDS = ("hand", "pile", "previous", "starter", "discards")


class CardGrid(w.VBox):
    """52 buttons; clicking one calls every registered handler with the card."""

    def __init__(self) -> None:
        self.buttons = card_rows(w.Button, "crib-grid")
        for name, b in self.buttons.items():
            card = parse_cards(name)[0]
            b.on_click(lambda _b, c=card: self._fire(c))
        self._handlers: list = []
        rows = as_grid(self.buttons)
        super().__init__(rows)

    def on_card(self, fn) -> None:  # type: ignore[no-untyped-def]
        self._handlers.append(fn)

    def _fire(self, c: Card) -> None:
        for fn in self._handlers:
            fn(c)


def analysis_table_html(a: PlayAnalysis) -> str:
    """Every legal card, best first, the margin colour-scaled."""
    return ranked_table_html(
        a.table,
        table_class="crib-peg-table",
        formats={"future": "{:+.3f}", "margin": "{:+.3f}", "p_margin_ge_0": "{:.1%}"},
        gradients=[("margin", "RdYlGn")],
        padding="2px 10px",
    )


class PeggingApp(w.VBox):
    """Enter a position (clicks or text), see every card's exact margin."""

    def __init__(
        self, initial: str = "hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4"
    ) -> None:
        self.mode = w.ToggleButtons(options=["position", "lead"], description="Mode").add_class(
            "crib-mode"
        )
        self.text = w.Text(
            description="Position", layout=w.Layout(width="48em"), continuous_update=False
        ).add_class("crib-position-text")
        self.fields = {
            f: w.Text(
                description=f.capitalize(), layout=w.Layout(width="22em"), continuous_update=False
            ).add_class(f"crib-field-{f}")
            for f in FIELDS
        }
        self.opp = w.IntSlider(value=4, min=0, max=4, description="Opp. cards").add_class(
            "crib-opp"
        )
        self.go = w.Checkbox(value=False, description="opponent said go").add_class("crib-go")
        self.target = w.ToggleButtons(
            options=list(FIELDS), description="Click adds to", style={"button_width": "6em"}
        ).add_class("crib-target")
        self.grid = CardGrid()
        self.clear_button = w.Button(description="Clear field").add_class("crib-clear")
        self.model = w.Dropdown(
            options=list(MODELS), value="minimax", description="Opponent"
        ).add_class("crib-model")
        self.analyze_button = w.Button(description="Analyze", button_style="primary").add_class(
            "crib-analyze"
        )
        self.status = w.HTML().add_class("crib-status")
        self.model_note = w.HTML().add_class("crib-model-note")
        self.table = w.HTML().add_class("crib-table")
        self.chart = FigureImage(layout=w.Layout(width="560px")).add_class("crib-chart")
        self.coach_card = w.Dropdown(description="Your card", options=[]).add_class(
            "crib-coach-card"
        )
        self.coach = w.HTML(layout=w.Layout(width="500px")).add_class("crib-coach")
        self.analysis: PlayAnalysis | None = None
        self._syncing = False

        self.grid.on_card(self._on_grid)
        self.clear_button.on_click(lambda _b: self._clear_field())
        self.analyze_button.on_click(lambda _b: self.analyze())
        self.text.observe(self._on_text, "value")
        for f in self.fields.values():
            f.observe(lambda _c: self._fields_to_text(), "value")
        self.opp.observe(lambda _c: self._fields_to_text(), "value")
        self.go.observe(lambda _c: self._fields_to_text(), "value")
        self.mode.observe(self._on_mode, "value")
        self.coach_card.observe(lambda _c: self.show_coach(), "value")
        self.model.observe(lambda _c: self.analyze(), "value")

        entry = w.VBox(
            [
                self.mode,
                self.text,
                w.HBox([w.VBox([self.fields[f] for f in FIELDS]), w.VBox([self.opp, self.go])]),
                w.HBox([self.target, self.clear_button]),
                self.grid,
                w.HBox([self.model, self.analyze_button]),
            ]
        )
        super().__init__(
            [
                entry,
                self.status,
                self.model_note,
                w.HBox(
                    [
                        w.VBox(
                            [self.table, self.coach_card, self.coach],
                            layout=w.Layout(width="520px"),
                        ),
                        self.chart,
                    ],
                    layout=w.Layout(flex_flow="row wrap", align_items="flex-start"),
                ),
            ]
        )
        self.add_class("crib-pegging-app")
        self.text.value = initial
        self.analyze()

    # -- entry -------------------------------------------------------------------

    def _on_grid(self, c: Card) -> None:
        f = self.fields[self.target.value]
        if self.target.value == "starter":
            f.value = str(c)
        else:
            cur = f.value.split()
            if str(c) not in cur:
                f.value = " ".join([*cur, str(c)])

    def _clear_field(self) -> None:
        self.fields[self.target.value].value = ""

    def _on_mode(self, change: dict) -> None:
        lead = change["new"] == "lead"
        self.fields["pile"].disabled = lead
        self.fields["previous"].disabled = lead
        self.opp.disabled = lead
        self.go.disabled = lead
        if lead:
            self._syncing = True
            self.fields["pile"].value = ""
            self.fields["previous"].value = ""
            self.opp.value = 4
            self.go.value = False
            self._syncing = False
            self._fields_to_text()
            self.status.value = info_html(
                "Lead mode: your four cards, the starter and your discards; the opponent holds 4."
            )

    def _fields_to_text(self) -> None:
        if self._syncing:
            return
        parts = [f"hand {self.fields['hand'].value.strip()}"]
        for f in ("pile", "previous", "starter", "discards"):
            v = self.fields[f].value.strip()
            if v:
                parts.append(f"{f} {v}")
        parts.append(f"opp {self.opp.value}")
        if self.go.value:
            parts.append("go")
        self._syncing = True
        self.text.value = " | ".join(parts)
        self._syncing = False

    def _on_text(self, change: dict) -> None:
        if self._syncing:
            return
        try:
            pos = PeggingPosition.parse(change["new"])
        except CribError as e:
            self.status.value = error_html(str(e))
            return
        self._syncing = True
        try:
            self.fields["hand"].value = cards_str(pos.hand)
            self.fields["pile"].value = cards_str(pos.pile)
            self.fields["previous"].value = cards_str(pos.previous)
            self.fields["starter"].value = str(pos.starter) if pos.starter else ""
            self.fields["discards"].value = cards_str(pos.discards)
            self.opp.value = pos.opp_count
            self.go.value = pos.opp_go
        finally:
            self._syncing = False
        self.status.value = ""

    # -- analysis ----------------------------------------------------------------

    @friendly()
    def analyze(self) -> None:
        pos = PeggingPosition.parse(self.text.value)
        if self.mode.value == "lead" and (pos.pile or pos.previous or len(pos.hand) != 4):
            raise CribError(
                "lead mode takes exactly four cards in hand and no pile or previous cards"
            )
        a = analyze_play(pos, self.model.value)
        self.analysis = a
        self.table.value = analysis_table_html(a)
        self.model_note.value = info_html(a.model_note)
        self.chart.show(play_chart(a))
        self.coach_card.options = [(o.label, o.label) for o in a.options]
        self.coach_card.value = a.options[0].label
        self.show_coach()
        b = a.best
        self.status.value = info_html(
            f"Best: {b.label} — margin {b.margin:+.2f}, P(margin ≥ 0) = {b.p_nonneg:.0%} "
            f"over {a.combos:,} holdings."
        )

    @friendly()
    def show_coach(self) -> None:
        a = self.analysis
        if a is None or self.coach_card.value is None:
            return
        label = self.coach_card.value
        if label == "go":
            self.coach.value = info_html("No card fits: go.")
            return
        card = parse_cards(label)[0]
        g = grade_play(a.position, card, exact=False)
        trap = trap_flag(a, card)
        opt = a.option(card)
        tags = (
            "".join(f'<li class="crib-tag">{html.escape(t)}</li>' for t in g.tags)
            or "<li>no warnings</li>"
        )
        trap_line = (
            '<div class="crib-trap" style="color:#c0392b"><b>Trap missed:</b> the best card scores nothing now '
            "but nets at least 1.5, and this card does at least 1 point worse.</div>"
            if trap
            else '<div class="crib-trap-none">No trap flag for this card.</div>'
        )
        self.coach.value = (
            f"<div><b>{html.escape(card.pretty)}</b>: margin {opt.margin:+.2f} (exact, {a.model}); "
            f"Expert's verdict <b>{g.verdict}</b> ({g.lost:.2f} lost by its net-value model).</div>"
            f"<ul>{tags}</ul>{trap_line}"
        )


# --- opened from a link: the game's review fills the analyzer in --------------------
# ``pegging.ipynb?position=hand+4H+6D+...`` (see crib.ui.game_controller.Grade)


def apply_query(app: PeggingApp, query: str) -> bool:
    """Fill the analyzer from a URL query string (``position``); True if it did.

    >>> app = PeggingApp()
    >>> apply_query(app, "position=hand+4H+6D+%7C+pile+7S+8C+%7C+starter+KD+%7C+opp+2")
    True
    >>> app.text.value
    'hand 4H 6D | pile 7S 8C | starter KD | opp 2'
    """
    from urllib.parse import parse_qs

    text = parse_qs(query or "").get("position", [""])[0]
    if not text:
        return False
    app.mode.value = "position"
    app.text.value = text
    app.analyze()
    return True


def open_from_request(app: PeggingApp) -> KeyListener:
    """The page's query string, read in the browser, fills the analyzer in (a review
    link from the game); display the returned (invisible) widget with the app."""
    return query_reader(app, apply_query)
