"""Dashboard 1: the discard analyzer."""

from __future__ import annotations

import html
import random

import ipywidgets as w

from crib.analysis.crib_models import crib_models
from crib.analysis.discard import DiscardAnalysis, analyze_discard
from crib.errors import HandSizeError
from crib.rules.cards import DECK, cards_pretty
from crib.ui.charts import discard_chart, hand_distribution_chart
from crib.ui.common import friendly, info_html, ranked_table_html
from crib.ui.keys import KeyListener, query_reader
from crib.ui.widgets import CardPicker, FigureImage

__all__ = ["DiscardApp", "styled_table_html"]


def styled_table_html(a: DiscardAnalysis) -> str:
    """The 15 throws as a pandas Styler: EVs colour-scaled, the best throw marked."""
    return ranked_table_html(
        a.table,
        table_class="crib-discard-table",
        formats={
            "hand_ev": "{:.2f}",
            "crib_ev": "{:.2f}",
            "ev": "{:.2f}",
            "safety": "{:.2f}",
            "peg_ev": "{:+.2f}",
            "ev_with_pegging": "{:.2f}",
            "p_win": "{:.1%}",
        },
        gradients=[
            ("ev", "RdYlGn"),
            ("hand_ev", "Greens"),
            ("crib_ev", "Purples" if a.dealer else "Reds"),
        ],
        bold_best=True,
    )


class DiscardApp(w.VBox):
    """Six cards in (picker or text), all 15 throws out, ranked and explained."""

    def __init__(self, initial: str = "5H 5D 6C 7S 8H 9D", dealer: bool = True) -> None:
        self.picker = CardPicker(max_cards=6, description="Six cards")
        self.seat = w.ToggleButtons(
            options=["dealer", "pone"], value="dealer" if dealer else "pone", description="Seat"
        ).add_class("crib-seat")
        self.model = w.Dropdown(
            options=list(crib_models()), value="exact", description="Crib model"
        ).add_class("crib-model")
        self.seed = w.IntText(value=1, description="Seed", layout=w.Layout(width="12em")).add_class(
            "crib-seed"
        )
        self.pegging = w.Checkbox(value=False, description="pegging column").add_class(
            "crib-pegging"
        )
        self.use_scores = w.Checkbox(value=False, description="scores").add_class("crib-use-scores")
        self.my_score = w.BoundedIntText(
            value=0, min=0, max=120, description="You", layout=w.Layout(width="10em")
        ).add_class("crib-my-score")
        self.opp_score = w.BoundedIntText(
            value=0, min=0, max=120, description="Opponent", layout=w.Layout(width="12em")
        ).add_class("crib-opp-score")
        self.objective = w.ToggleButtons(
            options=[("points", "ev"), ("win", "win")], value="ev", description="Rank by"
        ).add_class("crib-objective")
        self.deal_button = w.Button(description="Deal random", icon="random").add_class("crib-deal")
        self.analyze_button = w.Button(description="Analyze", button_style="primary").add_class(
            "crib-analyze"
        )
        self.status = w.HTML().add_class("crib-status")
        self.model_note = w.HTML().add_class("crib-model-note")
        self.table = w.HTML().add_class("crib-table")
        self.chart = FigureImage(layout=w.Layout(width="560px")).add_class("crib-chart")
        self.throw_choice = w.Dropdown(
            description="Throw", options=[], layout=w.Layout(width="20em")
        ).add_class("crib-throw-choice")
        self.explain = w.HTML(layout=w.Layout(width="560px")).add_class("crib-explain")
        self.dist_chart = FigureImage(layout=w.Layout(width="420px")).add_class("crib-dist-chart")
        self.analysis: DiscardAnalysis | None = None

        self.analyze_button.on_click(lambda _b: self.analyze())
        self.deal_button.on_click(lambda _b: self.deal())
        self.picker.observe(self._on_cards, "selected")
        self.seat.observe(lambda _c: self.analyze(), "value")
        self.model.observe(lambda _c: self.analyze(), "value")
        for wid in (self.pegging, self.use_scores, self.my_score, self.opp_score, self.objective):
            wid.observe(lambda _c: self.analyze(), "value")
        self.throw_choice.observe(lambda _c: self.show_throw(), "value")

        controls = w.VBox(
            [
                self.picker,
                w.HBox([self.seat, self.model]),
                w.HBox([self.seed, self.deal_button, self.analyze_button]),
                w.HBox(
                    [self.pegging, self.use_scores, self.my_score, self.opp_score, self.objective]
                ),
            ]
        )
        detail = w.VBox([self.throw_choice, self.explain, self.dist_chart])
        super().__init__(
            [
                controls,
                self.status,
                self.model_note,
                w.HBox(
                    [
                        self.table,
                        w.VBox(
                            [self.chart, detail], layout=w.Layout(width="580px", flex="0 0 auto")
                        ),
                    ],
                    layout=w.Layout(flex_flow="row wrap", align_items="flex-start"),
                ),
            ]
        )
        self.add_class("crib-discard-app")
        self.picker.set_cards(initial)
        self.analyze()

    def _on_cards(self, change: dict) -> None:
        if len(change["new"]) == 6:
            self.analyze()

    @friendly()
    def deal(self) -> None:
        """Six random cards from the seed (the same seed gives the same six)."""
        rng = random.Random(self.seed.value)
        self.picker.set_cards(tuple(rng.sample(DECK, 6)))
        self.seed.value = self.seed.value + 1

    @friendly()
    def analyze(self) -> None:
        cards = self.picker.cards()
        if self.picker.message.value:  # the last thing typed did not parse
            self.status.value = self.picker.message.value
            return
        if len(cards) != 6:
            raise HandSizeError(
                f"expected 6 cards, got {len(cards)}: pick {6 - len(cards)} more"
                if len(cards) < 6
                else f"expected 6 cards, got {len(cards)}"
            )
        scores = (self.my_score.value, self.opp_score.value) if self.use_scores.value else None
        if self.objective.value == "win" and scores is None:
            self.status.value = info_html(
                "Ranking by win needs the scores: tick 'scores' and enter both."
            )
            return
        a = analyze_discard(
            cards,
            dealer=self.seat.value == "dealer",
            crib_model=self.model.value,
            pegging=self.pegging.value,
            scores=scores,
            objective=self.objective.value,
        )
        self.analysis = a
        self.table.value = styled_table_html(a)
        self.model_note.value = info_html(a.model_note)
        self.chart.show(discard_chart(a))
        opts = [(f"{i + 1}. throw {cards_pretty(t.throw)}", i) for i, t in enumerate(a.throws)]
        self.throw_choice.options = opts
        self.throw_choice.value = 0
        self.show_throw()
        self.status.value = info_html(
            f"Best as {a.seat}: throw {cards_pretty(a.best.throw)}, keep {cards_pretty(a.best.keep)}."
        )

    @friendly()
    def show_throw(self) -> None:
        a = self.analysis
        if a is None or self.throw_choice.value is None:
            return
        i = self.throw_choice.value
        t = a.throws[i]
        lines = [html.escape(a.explain(i))]
        lines.append(
            f"Hand over the 46 starters: min {t.hand_min}, max {t.hand_max}, "
            f"P(≥ 8) = {float(t.p_hand_at_least(8)):.0%}, P(≥ 12) = {float(t.p_hand_at_least(12)):.0%}."
        )
        counts = a.crib_counts(i)
        if counts is not None:
            total = int(counts.sum())
            p0 = counts[0] / total
            p8 = counts[8:].sum() / total
            lines.append(f"Crib: P(0) = {p0:.0%}, P(≥ 8) = {p8:.0%} over {total:,} completions.")
        self.explain.value = "<br>".join(
            f'<span class="crib-explain-line">{x}</span>' for x in lines
        )
        self.dist_chart.show(hand_distribution_chart(a, i))


# --- opened from a link: the game's review fills the analyzer in --------------------
# ``discard.ipynb?six=5H+5D+6C+7S+8H+9D&seat=pone`` (see crib.ui.game_controller.Grade)


def apply_query(app: DiscardApp, query: str) -> bool:
    """Fill the analyzer from a URL query string (``six`` and ``seat``); True if it did.

    >>> app = DiscardApp()
    >>> apply_query(app, "six=AH+2H+3H+4H+9C+KS&seat=pone"), app.seat.value
    (True, 'pone')
    >>> app.analysis.best.throw[0].rank in (1, 2, 3, 4, 9, 13)
    True
    """
    from urllib.parse import parse_qs

    q = parse_qs(query or "")
    six = q.get("six", [""])[0]
    if not six:
        return False
    seat = q.get("seat", ["dealer"])[0]
    if seat in ("dealer", "pone"):
        app.seat.value = seat
    app.picker.set_cards(six)
    app.analyze()
    return True


def open_from_request(app: DiscardApp) -> KeyListener:
    """The page's query string, read in the browser, fills the analyzer in (a review
    link from the game); display the returned (invisible) widget with the app."""
    return query_reader(app, apply_query)
