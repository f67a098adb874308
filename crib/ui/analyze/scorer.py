"""Hand scorer: type four cards and a starter, see the count line by line."""

from __future__ import annotations

import html

import ipywidgets as w

from crib.errors import HandSizeError
from crib.rules.cards import parse_cards
from crib.rules.scoring import Score, score_hand
from crib.ui.kit.common import cards_html, friendly, info_html


def score_table_html(s: Score) -> str:
    """The breakdown as an HTML table with the total and the spoken count."""
    rows = "".join(
        f"<tr><td>{html.escape(c.kind)}</td><td>{cards_html(c.cards)}</td>"
        f'<td style="text-align:right">{c.points}</td></tr>'
        for c in s.components
    )
    return (
        '<table class="crib-score-table" style="border-collapse:collapse">'
        "<thead><tr><th>What</th><th>Cards</th><th>Points</th></tr></thead>"
        f"<tbody>{rows}</tbody>"
        f'<tfoot><tr><th colspan="2" style="text-align:left">Total</th>'
        f'<th class="crib-total" style="text-align:right">{s.total}</th></tr></tfoot></table>'
        f'<p class="crib-say"><i>{html.escape(s.say().capitalize())}.</i></p>'
    )


class HandScorerApp(w.VBox):
    """Type ``5H 5D 5C JS 5S`` (four hand cards, then the starter) and press Count."""

    def __init__(self, initial: str = "5H 5D 5C JS 5S") -> None:
        self.cards = w.Text(
            value=initial,
            description="Cards",
            placeholder="four hand cards, then the starter: 5H 5D 5C JS 5S",
            layout=w.Layout(width="28em"),
            continuous_update=False,
        ).add_class("crib-cards-input")
        self.is_crib = w.Checkbox(
            value=False, description="score as a crib", layout=w.Layout(width="auto")
        ).add_class(
            "crib-is-crib"
        )
        self.count_button = w.Button(description="Count", button_style="primary").add_class(
            "crib-count"
        )
        self.status = w.HTML().add_class("crib-status")
        self.result = w.HTML().add_class("crib-result")
        self.score: Score | None = None
        self.count_button.on_click(lambda _b: self.count())
        self.cards.observe(lambda _c: self.count(), "value")
        self.is_crib.observe(lambda _c: self.count(), "value")
        super().__init__(
            [
                w.HBox([self.cards, self.is_crib, self.count_button]),
                self.status,
                self.result,
            ]
        )
        self.add_class("crib-scorer")
        self.count()

    @friendly()
    def count(self) -> None:
        cards = parse_cards(self.cards.value)
        if len(cards) != 5:
            raise HandSizeError(
                f"expected 5 cards (4 hand cards, then the starter), got {len(cards)}"
            )
        self.score = score_hand(cards[:4], cards[4], is_crib=self.is_crib.value)
        self.result.value = score_table_html(self.score)
        what = "crib" if self.is_crib.value else "hand"
        self.status.value = info_html(f"Scored as a {what}: {self.score.total} points.")
