"""Dashboard 3: the pegging and lead analyzer, with a practice mode (play first, then see).

The grade, the table and the trap flag come from one model, the one chosen in the
Model selector (default: the coach's, exact minimax); the Expert's quick net-value
model is consulted only to say "the models differ".  Every word is in the app's
``lang`` (:func:`pegging_page`: the page in the URL's language).
"""

from __future__ import annotations

import html

import ipywidgets as w

from crib.analysis.play import PlayAnalysis
from crib.analysis.play.board import BoardAnalysis
from crib.analysis.speech import play_note
from crib.i18n import N_, tr
from crib.rules.cards import Card, parse_cards
from crib.rules.position import PeggingPosition
from crib.ui.analyze.coach_text import best_text, near_121_html, points_verdict_html
from crib.ui.analyze.parts import (
    WIDE,
    CardGrid,
    analysis_table_html,
    analyze_button,
    differ_html,
    hand_buttons,
    mode_toggle,
    model_dropdown,
    position_html,
    result_panes,
    verdict_html,
    watch_mode,
)
from crib.ui.analyze.pegging_entry import FIELDS, LEAD_EXAMPLE, PositionEntry
from crib.ui.analyze.pegging_link import apply_query, open_from_request
from crib.ui.analyze.speak import AnalyzerPage
from crib.ui.analyze.tables import board_table_html
from crib.ui.analyze.verdicts import (
    PLAY_MODELS,
    Verdict,
    board_reason,
    board_verdict,
    play_dissent,
    play_verdict,
    run_board,
    run_play,
)
from crib.ui.kit.cardview import card_text, local_html
from crib.ui.kit.charts import play_chart
from crib.ui.kit.common import grade_tip, how_computed, info_html, on_clicks
from crib.ui.kit.controls import sized
from crib.ui.kit.glossary import terms_bar
from crib.ui.kit.lang import Intro
from crib.ui.kit.say import SaidError, friendly_in
from crib.ui.kit.style import var

__all__ = [
    "PeggingApp",
    "CardGrid",
    "analysis_table_html",
    "position_html",
    "apply_query",
    "open_from_request",
    "pegging_page",
    "FIELDS",
    "LEAD_EXAMPLE",
]

# said inside f-strings, which the extractor does not read
_IN_FSTRINGS = (
    N_("Your turn: click the card you would play."),
    N_("Trap missed."),
)

_FIELD_NAMES = {
    "hand": N_("Hand"),
    "pile": N_("Pile"),
    "previous": N_("Previous"),
    "starter": N_("Starter"),
    "discards": N_("Discards"),
}


class PeggingApp(PositionEntry, w.VBox):
    """Enter a position (clicks or text), see every card's exact value; or practise."""

    def __init__(self, initial: str = LEAD_EXAMPLE, lang: str = "en") -> None:
        self.lang = lang
        _ = tr(lang)
        self.mode = mode_toggle(lang)
        self.kind = w.ToggleButtons(
            _dom_classes=("crib-kind",),
            options=[(_("a position"), "position"), (_("the lead"), "lead")],
            description=_("Analyze"),
            style=WIDE,
        )
        self.text = w.Text(
            _dom_classes=("crib-position-text",),
            description=_("Position"),
            layout=w.Layout(width="46em", max_width="100%"),
            placeholder=_("e.g. hand 4H 6D 6S 9C | pile 7S | starter 2S | opp 3"),
            continuous_update=False,
            style=WIDE,
        )
        self.fields = {
            f: w.Text(
                _dom_classes=(f"crib-field-{f}",),
                description=_(_FIELD_NAMES[f]),
                layout=w.Layout(width="20em"),
                continuous_update=False,
                style={"description_width": "6.5em"},
            )
            for f in FIELDS
        }
        self.opp = w.IntSlider(
            _dom_classes=("crib-opp",),
            value=4,
            min=0,
            max=4,
            description=_("Opponent's cards"),
            style=WIDE,
        )
        self.go = w.Checkbox(
            _dom_classes=("crib-go",), value=False, description=_("opponent said go"), style=WIDE
        )
        # the game's score and the dealer: within reach of 121 the grade is by the chance of
        # winning, as in the game (crib.analysis.coach.board_applies)
        self.scores = w.Text(
            _dom_classes=("crib-field-scores",),
            description=_("Scores"),
            placeholder=_("yours theirs, e.g. 112 117"),
            layout=w.Layout(width="24em", max_width="100%"),
            continuous_update=False,
            style={"description_width": "6.5em"},
        )
        self.dealer = w.ToggleButtons(
            _dom_classes=("crib-dealer",),
            options=[(_("your opponent"), True), (_("you"), False)],
            value=True,
            description=_("Dealer"),
            style=WIDE,
        )  # the value: the opponent deals
        self.target = w.ToggleButtons(
            _dom_classes=("crib-target",),
            options=[(_(_FIELD_NAMES[f]), f) for f in FIELDS],
            description=_("A click adds to"),
            style={
                "button_width": "6em" if lang == "en" else "9.5em",
                "description_width": "initial",
            },
        )
        self.grid = CardGrid(lang)
        self.clear_button = w.Button(_dom_classes=("crib-clear",), description=_("Clear field"))
        self.model = model_dropdown(PLAY_MODELS, lang)
        self.analyze_button = analyze_button(lang)
        # practice: a dealt position, the hand to click
        self.seed = sized(w.IntText, _("Position number"), "crib-seed", "13em", wide=True, value=1)
        self.new_button = w.Button(
            _dom_classes=("crib-practice-deal",), description=_("New position"), icon="random"
        )
        self.hand = hand_buttons(4, self._play, lang)
        self.practice_pos = w.HTML(_dom_classes=("crib-practice-position",))
        self.practice_box = w.VBox(
            [
                w.HBox([self.seed, self.new_button]),
                self.practice_pos,
                w.HTML(f"<b>{html.escape(_('Your turn: click the card you would play.'))}</b>"),
                w.HBox(self.hand, _dom_classes=("crib-hand",)),
            ],
            _dom_classes=("crib-practice",),
            layout=w.Layout(display="none"),
        )
        self.practice_position: PeggingPosition | None = None
        self.practice_played: Card | None = None

        self.status, self.verdict, self.dissent, self.model_note, self.table, self.chart = (
            result_panes()
        )
        self.coach_card = w.Dropdown(
            _dom_classes=("crib-coach-card",), description=_("Grade a card"), options=[], style=WIDE
        )
        self.coach = w.HTML(_dom_classes=("crib-coach",), layout=w.Layout(max_width="560px"))
        self.board_table = w.HTML(_dom_classes=("crib-board-table-box",))  # near 121 only
        self.analysis: PlayAnalysis | None = None
        self.board: BoardAnalysis | None = None  # near 121: every card by P(win)
        self._syncing = False

        self.grid.on_card(self._on_grid)
        on_clicks(
            (self.clear_button, self._clear_field),
            (self.analyze_button, self.analyze),
            (self.new_button, self.new_position),
        )
        self.text.observe(self._on_text, "value")
        for f in self.fields.values():
            f.observe(lambda _c: self._fields_to_text(), "value")
        self.opp.observe(lambda _c: self._fields_to_text(), "value")
        self.go.observe(lambda _c: self._fields_to_text(), "value")
        self.scores.observe(lambda _c: self._fields_to_text(), "value")
        self.dealer.observe(lambda _c: self._refresh(), "value")
        self.kind.observe(self._on_kind, "value")
        watch_mode(
            self.mode, lambda: (self.entry, self.practice_box), self.new_position, self.analyze
        )
        self.coach_card.observe(lambda _c: self.show_coach(), "value")
        self.model.observe(lambda _c: self._refresh(), "value")

        self.entry = w.VBox(
            [
                self.kind,
                self.text,
                w.HBox(
                    [
                        w.VBox(
                            [
                                *(self.fields[f] for f in FIELDS),
                                self.scores,
                                self.dealer,
                                self.opp,
                                self.go,
                            ]
                        ),
                        w.VBox([w.HBox([self.target, self.clear_button]), self.grid]),
                    ],
                    layout=w.Layout(grid_gap="20px"),
                ),
                self.analyze_button,
            ]
        )
        self.results = w.HBox(
            [
                w.VBox(
                    [self.board_table, self.table, self.model_note, self.coach_card, self.coach],
                    layout=w.Layout(max_width="600px"),
                ),
                self.chart.with_text(),
            ],
            layout=w.Layout(flex_flow="row wrap", align_items="flex-start", grid_gap="16px"),
        )
        super().__init__(
            [
                w.HTML(
                    terms_bar(("play", "pone", "go", "starter", "last card"), lang),
                    _dom_classes=("crib-terms-bar",),
                ),
                w.HBox([self.mode, self.model]),
                self.entry,
                self.practice_box,
                self.status,
                self.verdict,
                self.dissent,
                self.results,
            ]
        )
        self.add_class("crib-pegging-app")
        self.text.value = initial
        self.analyze()

    # -- modes ---------------------------------------------------------------------

    def _refresh(self) -> None:
        if self.mode.value == "Analyze":
            self.analyze()
        elif self.practice_played is not None:
            self._reveal(self.practice_played)

    @friendly_in()
    def new_position(self) -> None:
        """Practice: a dealt position (numbered: the same number gives the same position)."""
        from crib.course.questions import peg_question

        q = peg_question(self.seed.value, 0, margin=0.0)
        self.seed.value = self.seed.value + 1
        pos = q.position
        self.practice_position, self.practice_played = pos, None
        self.practice_pos.value = local_html(position_html(pos, self.lang), self.lang)
        legal = set(pos.legal())
        for b, c in zip(self.hand, [*pos.hand, None, None, None, None], strict=False):
            b.set_card(c, legal=c in legal, illegal=c is not None and c not in legal)
        self.results.layout.display = "none"
        self.verdict.value = self.dissent.value = ""
        self.status.value = info_html(
            tr(self.lang)(N_("Which card would you play? The answer shows after you choose."))
        )

    @friendly_in()
    def _play(self, i: int) -> None:
        pos = self.practice_position
        if pos is None or self.practice_played is not None or i >= len(pos.hand):
            return
        card = pos.hand[i]
        if card not in pos.legal():
            raise SaidError(
                tr(self.lang)(N_("{card} would take the count past 31")).format(
                    card=card_text(card)
                )
            )
        self.practice_played = card
        for j, b in enumerate(self.hand):
            if j < len(pos.hand):
                b.set_card(pos.hand[j], selected=j == i, illegal=j != i)
        self._reveal(card)

    def _verdict(self, card: Card) -> tuple[Verdict, Card | None]:
        """The grade of ``card`` and the best card: near 121 by the chance of winning (the
        game's rule), else by the pegging margin of the chosen model."""
        a = self.analysis
        assert a is not None
        if self.board is not None:
            return board_verdict(
                self.board, card, self.model.value, self.lang
            ), self.board.best.card
        return play_verdict(a, card, self.model.value, self.lang), a.best.card

    def _reveal(self, card: Card) -> None:
        _ = tr(self.lang)
        pos = self.practice_position
        assert pos is not None
        a = self._show(pos)
        v, best = self._verdict(card)
        cost = (
            _("It is the best card.")
            if v.lost <= 1e-9
            else _("It cost {cost} against {card}.").format(
                cost=v.cost, card=card_text(best) if best else _("go")
            )
        )
        trap = (
            f" <b style='color:{var('red')}'>{html.escape(_('Trap missed.'))}</b>" if v.trap else ""
        )
        said = _("You played {card}: {place}, {grade}.").format(card="\0", place="\1", grade="\2")
        said = (
            html.escape(said)
            .replace("\0", f"<b>{card_text(card)}</b>")
            .replace("\1", f"<b>{html.escape(v.standing)}</b>")
            .replace("\2", grade_tip(v.word, f"<b>{html.escape(v.badge)}</b>", v.unit, self.lang))
        )
        self.verdict.value = verdict_html(f"{said} {html.escape(cost)}{trap}", v.word)
        self.table.value = analysis_table_html(a, card, self.lang)
        self.coach_card.value = next(
            o.label
            for o in a.options
            if o.card == card or (o.card is not None and o.card.rank == card.rank)
        )
        self.status.value = info_html(
            _("Graded by {model}. New position for another.").format(model=v.model)
        )

    # -- analysis ----------------------------------------------------------------

    def _show(self, pos: PeggingPosition) -> PlayAnalysis:
        _ = tr(self.lang)
        a = run_play(pos, self.model.value)
        self.analysis = a
        self.table.value = analysis_table_html(a, lang=self.lang)
        self.board = run_board(a.position, opp_dealer=self.dealer.value, key=self.model.value)
        near = html.escape(_("Near 121 the coach grades by the chance of winning the game"))
        alone = html.escape(_("(the table under this one is the pegging margin alone)."))
        self.board_table.value = (
            f"<div><b>{near}</b> {alone}</div>" + board_table_html(self.board, lang=self.lang)
            if self.board is not None
            else ""
        )
        cols = _(
            "Now: points for the card itself. Later: the rest of the play, "
            "your points minus theirs, on average. Net: the two together. "
            "Chance you come out ahead: how often the net is zero or better."
        )
        note = (
            play_note(a, self.lang) + ". " + cols
        )  # the analysis' own note, in the page's language
        self.model_note.value = how_computed(
            PLAY_MODELS[self.model.value].plain_in(self.lang), note, lang=self.lang
        )
        self.chart.show(play_chart(a, lang=self.lang), lang=self.lang)
        self.coach_card.options = [
            (card_text(o.card) if o.card else _("go"), o.label) for o in a.options
        ]
        before = self.coach_card.value
        self.coach_card.value = a.options[0].label
        if self.coach_card.value == before:  # no change event: the coach must still be redrawn
            self.show_coach()  # (the same card, graded in a new position)
        self.results.layout.display = None
        return a

    @friendly_in()
    def analyze(self) -> None:
        pos = PeggingPosition.parse(self.text.value)
        if self.kind.value == "lead" and (pos.pile or pos.previous or len(pos.hand) != 4):
            raise SaidError(
                tr(self.lang)(
                    N_("the lead takes exactly four cards in hand and no pile or earlier cards")
                )
            )
        a = self._show(pos)
        self.verdict.value = ""
        self.status.value = info_html(best_text(a, self.board, self.lang))

    @friendly_in()
    def show_coach(self) -> None:
        a = self.analysis
        if a is None or self.coach_card.value is None:
            return
        label = self.coach_card.value
        if label == "go":
            self.coach.value = info_html(tr(self.lang)(N_("No card fits: go.")))
            self.dissent.value = ""
            return
        card = parse_cards(label)[0]
        v, _best = self._verdict(card)
        if self.board is not None:  # near 121: one reason in terms of the game, no traps
            tags = board_reason(a.position, card, v, self.dealer.value)
            self.coach.value = near_121_html(card, v, tags, self.lang)
            self.dissent.value = ""
            return
        self.coach.value = points_verdict_html(a.position, card, v, self.lang)
        self.dissent.value = differ_html(play_dissent(a, self.model.value, card, self.lang))


#: the page's one call: the analyzer under the language switch, in the URL's language,
#: filled from a review link
pegging_page = AnalyzerPage(
    PeggingApp,
    Intro(
        N_("Pegging analyzer"),
        N_(
            "Which card to play? Analyze enters a position (your hand, the pile, earlier cards, "
            "the starter) and ranks every card you could play over every hand the opponent "
            "could hold. Practice deals a position: play your card first, then see the ranking."
        ),
    ),
    apply_query,
)
