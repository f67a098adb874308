"""Dashboard 4: the trap explorer."""

from __future__ import annotations

import html
import random

import ipywidgets as w

from crib.analysis.coach import FORMATIONS, find_formations
from crib.analysis.discard import analyze_discard
from crib.analysis.models import UNIFORM
from crib.analysis.play import PlayAnalysis, analyze_play, best_line, springing_holding
from crib.errors import CribError
from crib.rules.cards import DECK, Card, parse_card, parse_cards
from crib.rules.position import PeggingPosition
from crib.ui.analyze.parts import analysis_table_html, position_html
from crib.ui.analyze.verdicts import PLAY_MODELS, ordinal
from crib.ui.kit.cardview import card_text, cards_chips
from crib.ui.kit.charts import play_chart
from crib.ui.kit.common import friendly, how_computed
from crib.ui.kit.glossary import terms_bar
from crib.ui.kit.widgets import FigureImage

__all__ = ["TrapExplorerApp", "EXAMPLES"]

# name -> (lead position, the card the formation leads).  The opponent hand shown
# is the most likely holding against which that lead nets the most under perfect
# play by both (see crib.analysis.play.springing_holding), so the line shows the trap working.
EXAMPLES = {
    "five-card trap": ("hand 4H 6D 6S 9C | starter KD | discards JC QD | opp 4", "4H"),
    "pair-royal bait": ("hand 3H 3D 9S KC | starter 7D | discards JC QD | opp 4", "3H"),
    "magic eleven": ("hand 4H 7D QS KC | starter 2D | discards 9C 8S | opp 4", "QS"),
    "run bait": ("hand 7H 8D 9S KC | starter 2C | discards 4D 3S | opp 4", "7H"),
}
FIND = "find in a dealt hand"


def _cards_for_ranks(ranks: tuple[int, ...], pos: PeggingPosition) -> tuple:
    pool = list(pos.unseen())
    out = []
    for r in ranks:
        c = next(x for x in pool if x.rank == r)
        pool.remove(c)
        out.append(c)
    return tuple(out)


def agreement_note(an: PlayAnalysis, lead: Card) -> str:
    """What the exact table says of the formation's lead: that it is the best lead, or,
    when another lead nets more, both numbers and why the page still shows the trap."""
    mine = next(o for o in an.options if o.card is not None and o.card.rank == lead.rank)
    best = an.best
    if best.card is None or best.card.rank == lead.rank or mine.margin >= best.margin - 1e-9:
        return (
            f'<p class="crib-agree">The exact analysis agrees: {card_text(lead)} is the best '
            f"lead here (net {mine.margin:+.2f}).</p>"
        )
    rank = 1 + sum(o.margin > mine.margin + 1e-9 for o in an.options)
    return (
        f'<p class="crib-agree"><b>The folk advice and the exact analysis differ here.</b> '
        f"The formation says lead {card_text(lead)}; the table ranks {card_text(best.card)} first "
        f"(net {best.margin:+.2f} against {mine.margin:+.2f} for {card_text(lead)}, "
        f"{ordinal(rank)} of {len(an.options)}). Over every hand the opponent could hold, the "
        f"trap springs too rarely to pay for what the lead gives away; the line below plays it "
        f"against a holding where it does spring.</p>"
    )


class TrapExplorerApp(w.VBox):
    """Pick a formation (or deal a hand), see each lead's exact value and the trap played out."""

    def __init__(self) -> None:
        wide = {"description_width": "initial"}
        self.formation = w.Dropdown(
            options=[*EXAMPLES, FIND], description="Formation", style=wide,
            layout=w.Layout(width="22em"),
        ).add_class("crib-formation")
        self.seed = w.IntText(
            value=3, description="Deal number", style=wide, layout=w.Layout(width="11em")
        ).add_class("crib-seed")
        self.deal_button = w.Button(description="Deal and find", icon="random").add_class(
            "crib-deal"
        )
        self.opp_cards = w.Text(
            description="Opponent's cards",
            style=wide,
            layout=w.Layout(width="24em"),
            continuous_update=False,
            placeholder="their 4 cards for the line below",
        ).add_class("crib-opp-cards")
        self.lead = w.Dropdown(description="Your lead", options=[], style=wide).add_class(
            "crib-lead"
        )
        self.explanation = w.HTML().add_class("crib-explanation")
        self.position_html = w.HTML().add_class("crib-position")
        self.status = w.HTML().add_class("crib-status")
        self.table = w.HTML().add_class("crib-table")
        self.chart = FigureImage().add_class("crib-chart")
        self.model_note = w.HTML().add_class("crib-model-note")
        self.line = w.HTML().add_class("crib-line")
        self.analysis: PlayAnalysis | None = None
        self.formation.observe(lambda _c: self.load(), "value")
        self.deal_button.on_click(lambda _b: self.deal())
        self.opp_cards.observe(lambda _c: self.show_line(), "value")
        self.lead.observe(lambda _c: self.show_line(), "value")
        super().__init__(
            [
                w.HTML(terms_bar(("play", "go", "pair royal", "run", "thirty-one"))).add_class("crib-terms-bar"),
                w.HBox([self.formation, self.seed, self.deal_button]),
                self.explanation,
                self.position_html,
                self.status,
                w.HBox(
                    [w.VBox([self.table, self.model_note]), self.chart.with_text()],
                    layout=w.Layout(flex_flow="row wrap", align_items="flex-start",
                                    grid_gap="16px"),
                ),
                w.HBox([self.lead, self.opp_cards]),
                self.line,
            ]
        )
        self.add_class("crib-trap-app")
        self.load()

    @friendly()
    def load(self) -> None:
        name = self.formation.value
        if name == FIND:
            self.deal()
            return
        text, lead = EXAMPLES[name]
        self.explanation.value = (
            f"<p><b>{html.escape(name)}</b>: {html.escape(FORMATIONS[name])}</p>"
        )
        self._show(PeggingPosition.parse(text), lead, None)

    @friendly()
    def deal(self) -> None:
        """Deal six (seeded) as the pone, keep the best four, look for formations."""
        if self.formation.value != FIND:
            self.formation.value = FIND  # triggers load -> deal
            return
        rng = random.Random(self.seed.value)
        for _ in range(200):  # deal until the kept hand holds a formation
            cards = rng.sample(DECK, 7)
            six, starter = cards[:6], cards[6]
            a = analyze_discard(six, dealer=False, model=UNIFORM)
            forms = find_formations(a.best.keep)
            if forms:
                break
        else:
            raise CribError("no formation in 200 deals: try another seed")
        self.seed.value = self.seed.value + 1
        f = forms[0]
        self.explanation.value = (
            f"<p>Dealt {cards_chips(six)} as the pone; the best throw keeps "
            f"{cards_chips(a.best.keep)}. Found: "
            + ", ".join(f"<b>{html.escape(x.name)}</b> ({cards_chips(x.cards)})" for x in forms)
            + f".</p><p>{html.escape(f.explanation)}</p>"
        )
        pos = PeggingPosition.lead(a.best.keep, starter, a.best.throw)
        self._show(pos, str(f.cards[0]), None)

    def _show(self, pos: PeggingPosition, lead: str, opp: str | None) -> None:
        an = analyze_play(pos, model=UNIFORM)
        self.analysis = an
        self.position_html.value = position_html(pos)
        self.table.value = analysis_table_html(an)
        self.chart.show(play_chart(an, title="Net points by lead, best first"))
        self.lead.options = [
            (card_text(o.card) if o.card else "go", o.label) for o in an.options
        ]
        lead_card = parse_card(lead)
        self.lead.value = next(
            o.label for o in an.options if o.card is not None and o.card.rank == lead_card.rank
        )
        if opp is None:
            h = springing_holding(an, lead_card.rank)
            opp = " ".join(str(c) for c in _cards_for_ranks(h, pos)) if h else ""
        self.opp_cards.value = opp
        self.status.value = ""
        self.explanation.value += agreement_note(an, lead_card)
        self.model_note.value = how_computed(PLAY_MODELS["expert"].plain, an.model_note)
        self.show_line()

    @friendly()
    def show_line(self) -> None:
        an = self.analysis
        if an is None or not self.lead.value or not self.opp_cards.value.strip():
            return
        opp = parse_cards(self.opp_cards.value)
        steps = best_line(an.position, opp, first=self.lead.value)
        me = sum(s.points for s in steps if s.scorer == 0)
        them = sum(s.points for s in steps if s.scorer == 1)
        items = "".join(
            f'<li class="crib-line-step">{html.escape(s.describe())}</li>' for s in steps
        )
        self.line.value = (
            f"<p>Leading {cards_chips(parse_cards(self.lead.value))} against "
            f"{cards_chips(opp)}, both playing perfectly from there:</p>"
            f"<ol>{items}</ol><p class='crib-line-total'>You peg {me}, they peg {them}: margin {me - them:+d}.</p>"
        )
