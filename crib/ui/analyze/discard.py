"""Dashboard 1: the discard analyzer, with a practice mode (choose first, then see).

The grade, the table and the chart come from one model, chosen in the Model
selector (default: the coach's, :data:`crib.ui.kit.common.COACH_MODEL`); a second
model is consulted only to say "the models differ".  Every word is in the app's ``lang``
(:func:`discard_page`: the page in the URL's language).
"""

from __future__ import annotations

import html

import ipywidgets as w

from crib.analysis.discard import DiscardAnalysis
from crib.analysis.speech import discard_note
from crib.i18n import N_, tr
from crib.rules.cards import Card
from crib.session.analyze import DISCARD_MODELS, DiscardAnalyzer, in_reach, second_opinion_key
from crib.ui.analyze.discard_words import best_line, explain, spread_lines
from crib.ui.analyze.parts import (
    WIDE,
    analyze_button,
    differ_html,
    hand_buttons,
    mode_toggle,
    model_dropdown,
    result_panes,
    verdict_html,
    watch_mode,
)
from crib.ui.analyze.speak import AnalyzerPage, seat_word
from crib.ui.analyze.tables import discard_table_html
from crib.ui.analyze.verdicts import (
    discard_dissent,
    discard_verdict,
    plain_note,
)
from crib.ui.kit.cardview import cards_text
from crib.ui.kit.charts import discard_chart, hand_distribution_chart
from crib.ui.kit.common import grade_tip, how_computed, info_html, on_clicks
from crib.ui.kit.controls import sized
from crib.ui.kit.glossary import terms_bar
from crib.ui.kit.keys import KeyListener, query_reader
from crib.ui.kit.lang import Intro
from crib.ui.kit.say import SaidError, friendly_in
from crib.ui.kit.widgets import CardPicker, FigureImage

__all__ = ["DiscardApp", "styled_table_html", "discard_page"]

# said inside f-strings, which the extractor does not read
_IN_FSTRINGS = (N_("Choose two cards to throw, then commit."),)


def styled_table_html(a: DiscardAnalysis, yours: int | None = None, lang: str = "en") -> str:
    """The 15 throws in plain words (Hand, Crib, Pegging, Net), Net coloured, best marked."""
    return discard_table_html(a, yours=yours, lang=lang)


class DiscardApp(w.VBox):
    """Six cards in, all 15 throws out, ranked and explained; or practise: throw first."""

    def __init__(
        self, initial: str = "5H 5D 6C 7S 8H 9D", dealer: bool = True, lang: str = "en"
    ) -> None:
        self.lang = lang
        _ = tr(lang)
        self.mode = mode_toggle(lang)
        self.picker = CardPicker(max_cards=6, description=_("Six cards"), lang=lang)
        self.seat = w.ToggleButtons(
            _dom_classes=("crib-seat",),
            options=[(seat_word(True, lang), "dealer"), (seat_word(False, lang), "pone")],
            value="dealer" if dealer else "pone",
            description=_("Your seat"),
            style=WIDE,
        )
        self.model = model_dropdown(DISCARD_MODELS, lang)
        self.seed = sized(w.IntText, _("Deal number"), "crib-seed", "15em", wide=True, value=1)
        self.use_scores = w.Checkbox(
            _dom_classes=("crib-use-scores",),
            value=False,
            description=_("use the scores"),
            style=WIDE,
        )
        self.my_score, self.opp_score = (
            sized(w.BoundedIntText, label, css, width, value=0, min=0, max=120, style=WIDE)
            for label, css, width in (
                (_("You"), "crib-my-score", "8em"),
                (_("Opponent"), "crib-opp-score", "11em"),
            )
        )
        self.objective = w.ToggleButtons(
            _dom_classes=("crib-objective",),
            options=[(_("points"), "ev"), (_("winning"), "win")],
            value="ev",
            description=_("Rank by"),
            style=WIDE,
        )
        self.deal_button = w.Button(
            _dom_classes=("crib-deal",), description=_("Deal six"), icon="random"
        )
        self.analyze_button = analyze_button(lang)
        # practice: six cards to click, a commit button
        self.hand = hand_buttons(6, self._toggle, lang)
        self.commit_button = w.Button(
            _dom_classes=("crib-commit",),
            description=_("Throw these two"),
            button_style="primary",
            disabled=True,
        )
        self.practice_box = w.VBox(
            [
                w.HTML(f"<b>{html.escape(_('Choose two cards to throw, then commit.'))}</b>"),
                w.HBox(self.hand, _dom_classes=("crib-hand",)),
                self.commit_button,
            ],
            _dom_classes=("crib-practice",),
            layout=w.Layout(display="none"),
        )

        self.status, self.verdict, self.dissent, self.model_note, self.table, self.chart = (
            result_panes()
        )
        self.throw_choice = w.Dropdown(
            _dom_classes=("crib-throw-choice",),
            description=_("Look at throw"),
            options=[],
            style=WIDE,
            layout=w.Layout(width="24em"),
        )
        self.explain = w.HTML(_dom_classes=("crib-explain",), layout=w.Layout(max_width="560px"))
        self.dist_chart = FigureImage().add_class("crib-dist-chart")
        # the choices, the practice hand and the analyses: the analyzers' session
        self.state = DiscardAnalyzer(dealer=dealer, lang=lang)
        self._quiet = False

        on_clicks(
            (self.analyze_button, self.analyze),
            (self.deal_button, self.deal),
            (self.commit_button, self.commit),
        )
        self.picker.observe(self._on_cards, "selected")
        watch_mode(
            self.mode, lambda: (self.analysis_box, self.practice_box), self.deal, self.analyze
        )
        for wid in (
            self.seat,
            self.model,
            self.use_scores,
            self.my_score,
            self.opp_score,
            self.objective,
        ):
            wid.observe(lambda _c: self._refresh(), "value")
        self.throw_choice.observe(lambda _c: self.show_throw(), "value")

        self.analysis_box = w.VBox([self.picker, self.analyze_button])
        controls = w.VBox(
            [
                self.mode,
                w.HBox([self.seat, self.model]),
                w.HBox([self.seed, self.deal_button]),
                self.analysis_box,
                self.practice_box,
                w.HBox([self.use_scores, self.my_score, self.opp_score, self.objective]),
            ]
        )
        detail = w.VBox(
            [self.chart.with_text(), self.throw_choice, self.explain, self.dist_chart.with_text()]
        )
        self.results = w.HBox(
            [w.VBox([self.table, self.model_note], layout=w.Layout(max_width="100%")), detail],
            layout=w.Layout(flex_flow="row wrap", align_items="flex-start", grid_gap="16px"),
        )
        super().__init__(
            [
                w.HTML(
                    terms_bar(("crib", "dealer", "pone", "starter"), lang),
                    _dom_classes=("crib-terms-bar",),
                ),
                controls,
                self.status,
                self.verdict,
                self.dissent,
                self.results,
            ]
        )
        self.add_class("crib-discard-app")
        self._quiet = True  # one analysis of the first six, not a second from the picker's change
        try:
            self.picker.set_cards(initial)
        finally:
            self._quiet = False
        self.analyze()

    # -- modes ---------------------------------------------------------------------

    def _refresh(self) -> None:
        if self._quiet:
            return
        if self.mode.value == "Analyze":
            self.analyze()
        elif len(self.practice_pick) == 2 and self.analysis is not None:
            self.commit()
        else:
            self.status.value = info_html(self._question())

    def _question(self) -> str:
        _ = tr(self.lang)
        if self.seat.value == "dealer":
            return _("You are the dealer. Which two would you throw to your crib?")
        return _("You are the pone. Which two would you throw to your opponent’s crib?")

    def _hide_results(self) -> None:
        self.results.layout.display = "none"
        self.verdict.value = self.dissent.value = ""

    @property
    def analysis(self) -> DiscardAnalysis | None:
        return self.state.analysis

    @property
    def practice_six(self) -> tuple[Card, ...]:
        return self.state.practice_six

    @property
    def practice_pick(self) -> list[int]:
        return self.state.practice_pick

    def _toggle(self, i: int) -> None:
        if self.analysis is not None and self.results.layout.display != "none":
            return  # already committed: deal again to practise another
        self.state.toggle(i)
        self._draw_hand()

    def _draw_hand(self) -> None:
        for i, (b, c) in enumerate(zip(self.hand, self.practice_six, strict=False)):
            b.set_card(c, selected=i in self.practice_pick)
        self.commit_button.disabled = len(self.practice_pick) != 2

    # -- actions -------------------------------------------------------------------

    def _on_cards(self, change: dict) -> None:
        if len(change["new"]) == 6 and self.mode.value == "Analyze" and not self._quiet:
            self.analyze()

    @friendly_in()
    def deal(self) -> None:
        """Six random cards from the deal number (the same number gives the same six)."""
        six = self.state.deal(self.seed.value)
        self.seed.value = self.seed.value + 1
        if self.mode.value == "Practice":
            self.state.practise(six)
            self._draw_hand()
            self._hide_results()
            self.status.value = info_html(self._question())
        else:
            self.picker.set_cards(six)

    def _run(self, six: tuple[Card, ...]) -> DiscardAnalysis:
        self._sync()
        return self.state.analyze(six)

    def _sync(self) -> None:
        """The controls' values into the session, and its ranking back onto the switch."""
        st = self.state
        st.scores = (self.my_score.value, self.opp_score.value) if self.use_scores.value else None
        st.dealer, st.key, st.objective = (
            self.seat.value == "dealer",
            self.model.value,
            self.objective.value,
        )
        # within reach of 121 every model ranks (and the coach grades) by the chance of
        # winning, as in the game: the switch shows it and cannot say otherwise
        want = st.settle_objective()
        if want != self.objective.value:  # set (or given back) by the scores, not by a click
            self._quiet = True  # no second analysis from the switch's own change
            try:
                self.objective.value = want
            finally:
                self._quiet = False
        self.objective.disabled = st.objective_locked

    def _show(self, a: DiscardAnalysis, yours: int | None) -> None:
        self.table.value = styled_table_html(a, yours, self.lang)
        m = DISCARD_MODELS[self.model.value]
        tech = plain_note(
            discard_note(a, self.lang)
        )  # the analysis' own note, in the page's language
        self.model_note.value = how_computed(m.plain_in(self.lang), tech, lang=self.lang)
        self.chart.show(discard_chart(a, self.lang), lang=self.lang)
        other = second_opinion_key(self.model.value, DISCARD_MODELS)
        msg = discard_dissent(
            (a, self.model.value),
            (self.state.second, other),  # type: ignore[arg-type]
            yours,
            self.lang,
        )
        self.dissent.value = differ_html(msg)
        throw = tr(self.lang)(N_("{n}. throw {cards}"))
        opts = [
            (throw.format(n=i + 1, cards=cards_text(t.throw)), i) for i, t in enumerate(a.throws)
        ]
        self.throw_choice.options = opts
        self.throw_choice.value = yours if yours is not None else 0
        self.show_throw()
        self.results.layout.display = None

    @friendly_in()
    def analyze(self) -> None:
        _ = tr(self.lang)
        cards = self.picker.cards()
        if self.picker.message.value:  # the last thing typed did not parse
            self.status.value = self.picker.message.value
            return
        if len(cards) != 6:
            raise SaidError(
                _("expected 6 cards, got {n}: pick {more} more").format(
                    n=len(cards), more=6 - len(cards)
                )
                if len(cards) < 6
                else _("expected 6 cards, got {n}").format(n=len(cards))
            )
        a = self._run(cards)
        self.verdict.value = ""
        self._show(a, None)
        self.status.value = info_html(best_line(a, in_reach(a.scores), self.lang))

    @friendly_in()
    def commit(self) -> None:
        """Practice: grade the two picked cards, then reveal the ranking."""
        _ = tr(self.lang)
        self._sync()
        a, i = self.state.throw()  # the six analysed, and where the two picked stand
        throw = tuple(self.practice_six[j] for j in self.practice_pick)  # as picked
        v = discard_verdict(a, i, self.model.value, self.lang)
        cost = (
            _("It is the best throw.")
            if v.lost <= 1e-9
            else _("It cost {cost} against {cards}.").format(
                cost=v.cost, cards=cards_text(a.best.throw)
            )
        )
        said = html.escape(
            _("You threw {cards}: {place}, {grade}.").format(cards="\0", place="\1", grade="\2")
        )
        said = (
            said.replace("\0", f"<b>{cards_text(throw)}</b>")
            .replace("\1", f"<b>{html.escape(v.standing)}</b>")
            .replace("\2", grade_tip(v.word, f"<b>{html.escape(v.badge)}</b>", v.unit, self.lang))
        )
        self.verdict.value = verdict_html(f"{said} {html.escape(cost)}", v.word)
        self._show(a, i)
        self.status.value = info_html(
            _("Graded by {model}. Deal six for another hand.").format(model=v.model)
        )

    @friendly_in()
    def show_throw(self) -> None:
        a, i = self.analysis, self.throw_choice.value
        if a is None or i is None:
            return
        lines = [explain(a, i, self.lang), *spread_lines(a, i, self.lang)]
        self.explain.value = "".join(
            f'<p class="crib-explain-line" style="margin:4px 0">{html.escape(x)}</p>' for x in lines
        )
        self.dist_chart.show(hand_distribution_chart(a, i, self.lang), lang=self.lang)


# --- opened from a link: the game's review fills the analyzer in --------------------
# ``discard.ipynb?six=5H+5D+6C+7S+8H+9D&seat=pone`` (see crib.session.controller.Grade)


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
    app.mode.value = "Analyze"
    app._quiet = True  # one analysis once everything is set, not one per setting
    try:
        if seat in ("dealer", "pone"):
            app.seat.value = seat
        scores = q.get("scores", [""])[0].split()  # "112 117": yours, then theirs
        if len(scores) == 2 and all(x.isdigit() and int(x) <= 120 for x in scores):
            app.my_score.value, app.opp_score.value = int(scores[0]), int(scores[1])
            app.use_scores.value = True
        app.picker.set_cards(six)
    finally:
        app._quiet = False
    app.analyze()
    return True


def open_from_request(app: DiscardApp) -> KeyListener:
    """The page's query string, read in the browser, fills the analyzer in (a review
    link from the game); display the returned (invisible) widget with the app."""
    return query_reader(app, apply_query)


#: the page's one call: the analyzer under the language switch, in the URL's language,
#: filled from a review link
discard_page = AnalyzerPage(
    DiscardApp,
    Intro(
        N_("Discard analyzer"),
        N_(
            "Six cards in: which two to throw? Analyze ranks all 15 throws; Practice deals "
            "six, lets you choose first, then shows where your throw stands and what it cost."
        ),
    ),
    apply_query,
)
