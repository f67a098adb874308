"""Hand scorer: type four cards and a starter, see the count line by line (in ``lang``)."""

from __future__ import annotations

import html

import ipywidgets as w

from crib.course.lessons import KIND_WORDS
from crib.i18n import tr
from crib.rules.cards import parse_cards
from crib.rules.scoring import Score, score_hand
from crib.rules.words import ENGLISH, FRENCH
from crib.ui.kit.cardview import local_html
from crib.ui.kit.common import cards_html, info_html
from crib.ui.kit.say import SaidError, friendly_in

__all__ = ["HandScorerApp", "score_table_html"]


def score_table_html(s: Score, lang: str = "en") -> str:
    """The breakdown as an HTML table with the total and the spoken count."""
    _ = tr(lang)

    def kind(k: str) -> str:
        return k if lang == "en" else _(KIND_WORDS.get(k, k))

    rows = "".join(
        f"<tr><td>{html.escape(kind(c.kind))}</td><td>{cards_html(c.cards)}</td>"
        f'<td style="text-align:right">{c.points}</td></tr>'
        for c in s.components
    )
    said = s.say(FRENCH if lang == "fr" else ENGLISH)
    what, cards, points, total = (
        html.escape(t) for t in (_("What"), _("Cards"), _("Points"), _("Total"))
    )
    return (
        '<table class="crib-score-table" style="border-collapse:collapse">'
        f"<thead><tr><th>{what}</th><th>{cards}</th><th>{points}</th></tr></thead>"
        f"<tbody>{rows}</tbody>"
        f'<tfoot><tr><th colspan="2" style="text-align:left">{total}</th>'
        f'<th class="crib-total" style="text-align:right">{s.total}</th></tr></tfoot></table>'
        f'<p class="crib-say"><i>{html.escape(said[:1].upper() + said[1:])}.</i></p>'
    )


class HandScorerApp(w.VBox):
    """Type ``5H 5D 5C JS 5S`` (four hand cards, then the starter) and press Count."""

    def __init__(self, initial: str = "5H 5D 5C JS 5S", lang: str = "en") -> None:
        self.lang = lang
        _ = tr(lang)
        self.cards = w.Text(
            _dom_classes=("crib-cards-input",),
            value=initial,
            description=_("Cards"),
            placeholder=_("four hand cards, then the starter: 5H 5D 5C JS 5S"),
            layout=w.Layout(width="28em", max_width="100%"),
            continuous_update=False,
        )
        self.is_crib = w.Checkbox(
            _dom_classes=("crib-is-crib",),
            value=False,
            description=_("score as a crib"),
            layout=w.Layout(width="auto"),
        )
        self.count_button = w.Button(
            _dom_classes=("crib-count",), description=_("Count"), button_style="primary"
        )
        self.status = w.HTML(_dom_classes=("crib-status",))
        self.result = w.HTML(_dom_classes=("crib-result",))
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

    @friendly_in()
    def count(self) -> None:
        _ = tr(self.lang)
        cards = parse_cards(self.cards.value)
        if len(cards) != 5:
            raise SaidError(
                _("expected 5 cards (4 hand cards, then the starter), got {n}").format(n=len(cards))
            )
        self.score = score_hand(cards[:4], cards[4], is_crib=self.is_crib.value)
        self.result.value = local_html(score_table_html(self.score, self.lang), self.lang)
        said = (
            _("Scored as a crib: {n} points.")
            if self.is_crib.value
            else _("Scored as a hand: {n} points.")
        )
        self.status.value = info_html(said.format(n=self.score.total))
