"""Dashboard 4: the trap explorer, in the app's ``lang`` (:func:`traps_page`: the page in
the URL's language)."""

from __future__ import annotations

import html
import random

import ipywidgets as w

from crib.analysis.coach import find_formations
from crib.analysis.discard import analyze_discard
from crib.analysis.formations import formation_text
from crib.analysis.models import UNIFORM
from crib.analysis.play import PlayAnalysis, analyze_play, best_line, springing_holding
from crib.analysis.play.line import LineStep
from crib.analysis.speech import play_note
from crib.course.lessons import KIND_WORDS
from crib.i18n import N_, tr
from crib.rules.cards import DECK, Card, parse_card, parse_cards
from crib.rules.position import PeggingPosition
from crib.ui.analyze.parts import WIDE, analysis_table_html, position_html
from crib.ui.analyze.speak import AnalyzerPage, num, ordinal
from crib.ui.analyze.verdicts import PLAY_MODELS
from crib.ui.kit.cardview import card_text, cards_chips, local_html
from crib.ui.kit.charts import play_chart
from crib.ui.kit.common import how_computed
from crib.ui.kit.controls import button
from crib.ui.kit.glossary import terms_bar
from crib.ui.kit.lang import Intro
from crib.ui.kit.say import SaidError, friendly_in
from crib.ui.kit.widgets import FigureImage

__all__ = ["TrapExplorerApp", "EXAMPLES", "traps_page", "step_text"]


# name -> (lead position, the card the formation leads).  The opponent hand shown
# is the most likely holding against which that lead nets the most under perfect
# play by both (see crib.analysis.play.springing_holding), so the line shows the trap working.
# The formations' names are marked for the catalog here, where they are given.
EXAMPLES = {
    N_("five-card trap"): ("hand 4H 6D 6S 9C | starter KD | discards JC QD | opp 4", "4H"),
    N_("pair-royal bait"): ("hand 3H 3D 9S KC | starter 7D | discards JC QD | opp 4", "3H"),
    N_("magic eleven"): ("hand 4H 7D QS KC | starter 2D | discards 9C 8S | opp 4", "QS"),
    N_("run bait"): ("hand 7H 8D 9S KC | starter 2C | discards 4D 3S | opp 4", "7H"),
}
FIND = N_("find in a dealt hand")


def _cards_for_ranks(ranks: tuple[int, ...], pos: PeggingPosition) -> tuple:
    pool = list(pos.unseen())
    out = []
    for r in ranks:
        c = next(x for x in pool if x.rank == r)
        pool.remove(c)
        out.append(c)
    return tuple(out)


def agreement_note(an: PlayAnalysis, lead: Card, lang: str = "en") -> str:
    """What the exact table says of the formation's lead: that it is the best lead, or,
    when another lead nets more, both numbers and why the page still shows the trap."""
    _ = tr(lang)
    mine = next(o for o in an.options if o.card is not None and o.card.rank == lead.rank)
    best = an.best
    if best.card is None or best.card.rank == lead.rank or mine.margin >= best.margin - 1e-9:
        said = _("The exact analysis agrees: {lead} is the best lead here (net {net}).").format(
            lead=card_text(lead), net=num(mine.margin, "+.2f", lang)
        )
        return f'<p class="crib-agree">{html.escape(said)}</p>'
    rank = 1 + sum(o.margin > mine.margin + 1e-9 for o in an.options)
    said = _(
        "The formation says lead {lead}; the table ranks {best} first (net {net} "
        "against {mine} for {lead}, {place} of {n}). Over every hand the opponent "
        "could hold, the trap springs too rarely to pay for what the lead gives "
        "away; the line below plays it against a holding where it does spring."
    ).format(
        lead=card_text(lead),
        best=card_text(best.card),
        net=num(best.margin, "+.2f", lang),
        mine=num(mine.margin, "+.2f", lang),
        place=ordinal(rank, lang),
        n=len(an.options),
    )
    differ = html.escape(_("The folk advice and the exact analysis differ here."))
    return f'<p class="crib-agree"><b>{differ}</b> {html.escape(said)}</p>'


def step_text(s: LineStep, lang: str = "en") -> str:
    """One action of the line in words ("You play 4♥ (4)", "Opponent plays J♠ (14) — fifteen
    for 2: +2 to them"), in ``lang``."""
    if lang == "en":
        return s.describe()
    _ = tr(lang)
    mine = s.player == 0
    if s.card is None:
        what = _("You: go") if mine else _("Opponent: go")
    else:
        what = (
            _("You play {card} ({count})") if mine else _("Opponent plays {card} ({count})")
        ).format(card=s.card.pretty, count=s.count)
    if s.points:
        parts = []
        for part in s.detail.split(", "):
            kind, _sep, n = part.rpartition(" for ")
            parts.append(
                _("{kind} for {n}").format(kind=_(KIND_WORDS[kind]), n=n)
                if kind in KIND_WORDS
                else _(part)
            )
        to = (
            _(" — {detail}: +{points} to you")
            if s.scorer == 0
            else _(" — {detail}: +{points} to them")
        )
        what += to.format(detail=", ".join(parts), points=s.points)
    return what


class TrapExplorerApp(w.VBox):
    """Pick a formation (or deal a hand), see each lead's exact value and the trap played out."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        _ = tr(lang)
        self.formation = w.Dropdown(
            _dom_classes=("crib-formation",),
            options=[(_(k), k) for k in (*EXAMPLES, FIND)],
            description=_("Formation"),
            style=WIDE,
            layout=w.Layout(width="24em", max_width="100%"),
        )
        self.seed = w.IntText(
            _dom_classes=("crib-seed",),
            value=3,
            description=_("Deal number"),
            style=WIDE,
            layout=w.Layout(width="15em"),
        )
        self.deal_button = button(_("Deal and find"), "crib-deal", icon="random")
        self.opp_cards = w.Text(
            _dom_classes=("crib-opp-cards",),
            description=_("Opponent's cards"),
            style=WIDE,
            layout=w.Layout(width="26em", max_width="100%"),
            continuous_update=False,
            placeholder=_("their 4 cards for the line below"),
        )
        self.lead = w.Dropdown(
            _dom_classes=("crib-lead",), description=_("Your lead"), options=[], style=WIDE
        )
        self.explanation = w.HTML(_dom_classes=("crib-explanation",))
        self.position_html = w.HTML(_dom_classes=("crib-position",))
        self.status = w.HTML(_dom_classes=("crib-status",))
        self.table = w.HTML(_dom_classes=("crib-table",))
        self.chart = FigureImage().add_class("crib-chart")
        self.model_note = w.HTML(_dom_classes=("crib-model-note",))
        self.line = w.HTML(_dom_classes=("crib-line",))
        self.analysis: PlayAnalysis | None = None
        self.formation.observe(lambda _c: self.load(), "value")
        self.deal_button.on_click(lambda _b: self.deal())
        self.opp_cards.observe(lambda _c: self.show_line(), "value")
        self.lead.observe(lambda _c: self.show_line(), "value")
        super().__init__(
            [
                w.HTML(
                    terms_bar(("play", "go", "pair royal", "run", "thirty-one"), lang),
                    _dom_classes=("crib-terms-bar",),
                ),
                w.HBox([self.formation, self.seed, self.deal_button]),
                self.explanation,
                self.position_html,
                self.status,
                w.HBox(
                    [w.VBox([self.table, self.model_note]), self.chart.with_text()],
                    layout=w.Layout(
                        flex_flow="row wrap", align_items="flex-start", grid_gap="16px"
                    ),
                ),
                w.HBox([self.lead, self.opp_cards]),
                self.line,
            ]
        )
        self.add_class("crib-trap-app")
        self.load()

    @friendly_in()
    def load(self) -> None:
        name = self.formation.value
        if name == FIND:
            self.deal()
            return
        text, lead = EXAMPLES[name]
        sep = " : " if self.lang == "fr" else ": "
        # the formation's explanation: crib.analysis.coach's words
        said = html.escape(formation_text(name, self.lang))
        self.explanation.value = f"<p><b>{html.escape(tr(self.lang)(name))}</b>{sep}{said}</p>"
        self._show(PeggingPosition.parse(text), lead, None)

    @friendly_in()
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
            forms = find_formations(a.best.keep, self.lang)
            if forms:
                break
        else:
            raise SaidError(tr(self.lang)(N_("no formation in 200 deals: try another seed")))
        self.seed.value = self.seed.value + 1
        f = forms[0]
        _ = tr(self.lang)
        dealt = html.escape(
            _("Dealt {six} as the pone; the best throw keeps {keep}. Found: {found}.").format(
                six="\0", keep="\1", found="\2"
            )
        )
        found = ", ".join(
            f"<b>{html.escape(_(x.name))}</b> ({cards_chips(x.cards)})" for x in forms
        )
        self.explanation.value = (
            "<p>"
            + dealt.replace("\0", cards_chips(six))
            .replace("\1", cards_chips(a.best.keep))
            .replace("\2", found)
            + f"</p><p>{html.escape(f.explanation)}</p>"
        )
        pos = PeggingPosition.lead(a.best.keep, starter, a.best.throw)
        self._show(pos, str(f.cards[0]), None)

    def _show(self, pos: PeggingPosition, lead: str, opp: str | None) -> None:
        an = analyze_play(pos, model=UNIFORM)
        self.analysis = an
        _ = tr(self.lang)
        self.position_html.value = local_html(position_html(pos, self.lang), self.lang)
        self.table.value = analysis_table_html(an, lang=self.lang)
        self.chart.show(
            play_chart(an, title=_("Net points by lead, best first"), lang=self.lang),
            lang=self.lang,
        )
        self.lead.options = [
            (card_text(o.card) if o.card else _("go"), o.label) for o in an.options
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
        self.explanation.value += agreement_note(an, lead_card, self.lang)
        note = play_note(an, self.lang)
        self.model_note.value = how_computed(
            PLAY_MODELS["expert"].plain_in(self.lang), note, lang=self.lang
        )
        self.show_line()

    @friendly_in()
    def show_line(self) -> None:
        an = self.analysis
        if an is None or not self.lead.value or not self.opp_cards.value.strip():
            return
        opp = parse_cards(self.opp_cards.value)
        steps = best_line(an.position, opp, first=self.lead.value)
        me = sum(s.points for s in steps if s.scorer == 0)
        them = sum(s.points for s in steps if s.scorer == 1)
        _ = tr(self.lang)
        items = "".join(
            f'<li class="crib-line-step">{html.escape(step_text(s, self.lang))}</li>' for s in steps
        )
        head = (
            html.escape(
                _("Leading {lead} against {opp}, both playing perfectly from there:").format(
                    lead="\0", opp="\1"
                )
            )
            .replace("\0", cards_chips(parse_cards(self.lead.value)))
            .replace("\1", cards_chips(opp))
        )
        total = _("You peg {me}, they peg {them}: margin {margin}.").format(
            me=me, them=them, margin=f"{me - them:+d}"
        )
        self.line.value = (
            f"<p>{head}</p><ol>{items}</ol><p class='crib-line-total'>{html.escape(total)}</p>"
        )


#: the page's one call: the analyzer under the language switch, in the URL's language
traps_page = AnalyzerPage(
    TrapExplorerApp,
    Intro(
        N_("Trap explorer"),
        N_(
            "The named pegging traps (five-card trap, pair-royal bait, magic eleven, "
            "run bait), each with an example lead, every lead's value, and the trap "
            "played out card by card. Or deal a hand and let the tool find them."
        ),
    ),
)
