"""Dashboard 2: crib-odds heatmaps by thrown rank pair, in the app's ``lang``
(:func:`crib_odds_page`: the page in the URL's language)."""

from __future__ import annotations

import html

import ipywidgets as w

from crib.analysis.crib_heatmaps import heatmap_values, seat_heatmap_values
from crib.analysis.crib_models import (
    SELFPLAY,
    TABLE,
    companion_values,
    crib_table,
)
from crib.i18n import N_, tr
from crib.rules.cards import RANK_CHARS, Card
from crib.ui.analyze.heatgrid import HeatGrid
from crib.ui.analyze.parts import WIDE
from crib.ui.analyze.speak import AnalyzerPage, num, pct, seat_word
from crib.ui.kit.common import how_computed, info_html
from crib.ui.kit.controls import sized
from crib.ui.kit.glossary import terms_bar
from crib.ui.kit.lang import Intro
from crib.ui.kit.say import friendly_in

__all__ = ["CribOddsApp", "VIEWS", "TABLE_SOURCES", "crib_odds_page"]

# said inside f-strings, which the extractor does not read
_IN_FSTRINGS = (
    N_("Click a cell, or choose one:"),
    N_("Against an Expert (self-play):"),
)

VIEWS = {
    N_("suited above, offsuit below"): "combined",
    N_("suited only"): "suited",
    N_("offsuit and pairs only"): "offsuit",
    N_("dealer / pone sign view"): "sign",
}
# The uniform table, the seat tables measured in self-play, and their difference.
TABLE_SOURCES = {
    N_("exact uniform table (169 entries)"): TABLE,
    N_("self-play seat table (Expert opponent)"): SELFPLAY,
    N_("self-play minus uniform (difference)"): "diff",
}


class CribOddsApp(w.VBox):
    """13x13 heatmaps of expected crib points; click a cell (or choose it) for its detail."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        _ = tr(lang)
        # what the heatmap shows: which table, and which view of it
        self.source, self.view = (
            w.Dropdown(
                _dom_classes=(css,),
                options=[(_(k), k) for k in keys],
                description=label,
                style=WIDE,
                layout=w.Layout(width="27em", max_width="100%"),
            )
            for keys, label, css in (
                (TABLE_SOURCES, _("Table"), "crib-source"),
                (VIEWS, _("View"), "crib-view"),
            )
        )
        self.seat = w.ToggleButtons(
            _dom_classes=("crib-seat",),
            options=[(seat_word(True, lang), "dealer"), (seat_word(False, lang), "pone")],
            description=_("Your seat"),
            style=WIDE,
        )
        self.heatmap = HeatGrid().add_class("crib-heatmap")
        ranks = [(("10" if i == 10 else RANK_CHARS[i - 1]), i) for i in range(1, 14)]
        self.first, self.second = (
            sized(w.Dropdown, label, css, "13em", options=ranks, value=5, style=WIDE)
            for label, css in ((_("First card"), "crib-first"), (_("Second card"), "crib-second"))
        )
        self.suited = w.Checkbox(
            _dom_classes=("crib-suited",), value=False, description=_("suited"), style=WIDE
        )
        self.cell = w.HTML(_dom_classes=("crib-cell",), layout=w.Layout(max_width="400px"))
        self.status = w.HTML(_dom_classes=("crib-status",))
        self.model_note = w.HTML(_dom_classes=("crib-model-note",))
        for wid in (self.view, self.seat, self.source):
            wid.observe(lambda _c: self.draw(), "value")
        for wid in (self.first, self.second, self.suited):
            wid.observe(lambda _c: self.show_cell(), "value")
        self.heatmap.on_cell(self.click_cell)
        super().__init__(
            [
                w.HTML(
                    terms_bar(("crib", "dealer", "pone", "starter"), lang),
                    _dom_classes=("crib-terms-bar",),
                ),
                w.HBox([self.source, self.view, self.seat]),
                self.status,
                w.HBox(
                    [
                        w.VBox([self.heatmap, self.model_note]),
                        w.VBox(
                            [
                                w.HTML(f"<b>{html.escape(_('Click a cell, or choose one:'))}</b>"),
                                w.HBox([self.first, self.second, self.suited]),
                                self.cell,
                            ],
                            layout=w.Layout(max_width="420px"),
                        ),
                    ],
                    layout=w.Layout(flex_flow="row wrap", grid_gap="16px"),
                ),
            ]
        )
        self.add_class("crib-odds-app")
        self.draw()
        self.show_cell()

    def _layout(self) -> str:
        if TABLE_SOURCES[self.source.value] is not TABLE:
            return "combined"
        return VIEWS[self.view.value]

    def click_cell(self, r: int, c: int) -> None:
        """Choose the pair of a heatmap cell (row r, column c, 0-based)."""
        view = self._layout()
        suited = {"suited": True, "offsuit": False}.get(view, c > r)
        self._choosing = True
        try:
            self.first.value, self.second.value = r + 1, c + 1
        finally:
            self._choosing = False
        self.suited.value = suited and r != c
        self.show_cell()

    @friendly_in()
    def draw(self) -> None:
        _ = tr(self.lang)
        src = TABLE_SOURCES[self.source.value]
        if src is not TABLE:
            self._draw_seat_table(diff=src == "diff")
            return
        self.view.disabled = False
        view = VIEWS[self.view.value]
        seat = seat_word(self.seat.value == "dealer", self.lang)
        vals = heatmap_values(view, self.seat.value)
        if view == "sign":
            title = (
                _("Crib value minus the average throw, as {seat} (+ helps you: your crib)")
                if self.seat.value == "dealer"
                else _("Crib value minus the average throw, as {seat} (- hurts you: their crib)")
            ).format(seat=seat)
            label, cmap = _("points relative to an average throw (seat-signed)"), "RdBu"
        else:
            title = _("Expected crib points by thrown pair — {view}").format(
                view=_(self.view.value)
            )
            label, cmap = _("expected crib points (exact, uniform opponent)"), "viridis"
        center = 0.0 if view == "sign" else None
        self.heatmap.show(vals, title=title, label=label, cmap=cmap, center=center, lang=self.lang)
        self.status.value = info_html(
            _("Showing: {what} ({seat}).").format(what=_(self.view.value), seat=seat)
        )
        tech = f"{_(self.source.value)}: {_(TABLE.assumption)}."  # the model's own words
        self.model_note.value = how_computed(
            _(
                "Each cell: the crib's average score when these two cards go into it, the other "
                "two crib cards and the starter drawn from the cards you cannot see."
            ),
            tech,
            lang=self.lang,
        )

    def _draw_seat_table(self, diff: bool) -> None:
        """The seat table (suited above, offsuit below) or its difference from the uniform one."""
        _ = tr(self.lang)
        self.view.disabled = True  # the seat tables have one layout: suited above, offsuit below
        seat = self.seat.value
        vals = seat_heatmap_values(seat, diff=diff)
        into = _("your own crib") if seat == "dealer" else _("the dealer's crib")
        if diff:
            title = _(
                "Self-play minus uniform, thrown into {into} (suited above, offsuit below)"
            ).format(into=into)
            label, cmap, center = _("points: seat table minus uniform table"), "RdBu", 0.0
        else:
            title = _(
                "Self-play crib points, thrown into {into} (suited above, offsuit below)"
            ).format(into=into)
            label, cmap, center = _("expected crib points (Expert opponent)"), "viridis", None
        self.heatmap.show(vals, title=title, label=label, cmap=cmap, center=center, lang=self.lang)
        self.status.value = info_html(
            _("Showing: {what} ({seat}).").format(
                what=_(self.source.value), seat=seat_word(seat == "dealer", self.lang)
            )
        )
        tech = f"{_(SELFPLAY.assumption)}. " + _(
            "Source: the crib table measured in self-play that comes with crib (the command "
            "and the seed that made it are kept beside it)."
        )
        self.model_note.value = how_computed(
            _(
                "Each cell: the crib's average score in games between two Expert players, when "
                "these two cards go into it."
            ),
            tech,
            lang=self.lang,
        )

    @friendly_in()
    def show_cell(self) -> None:
        if getattr(self, "_choosing", False):
            return
        r, c = self.first.value - 1, self.second.value - 1
        if r != c and self._layout() == "combined" and (c > r) != bool(self.suited.value):
            r, c = c, r  # suited above the diagonal, offsuit below
        self.heatmap.select(r, c)
        lo, hi = sorted((self.first.value, self.second.value))
        pair = lo == hi
        suited = bool(self.suited.value) and not pair
        v = crib_table()[(lo, hi, suited)]
        a, b = Card(lo, "H"), Card(hi, "H" if suited else "S")
        comp = companion_values((a, b))
        ranked = sorted(comp.items(), key=lambda kv: -kv[1])

        def name(r: int) -> str:
            return "10" if r == 10 else RANK_CHARS[r - 1]

        lang = self.lang
        _ = tr(lang)
        best = ", ".join(f"{name(r)} ({num(float(x), '.2f', lang)})" for r, x in ranked[:3])
        worst = ", ".join(f"{name(r)} ({num(float(x), '.2f', lang)})" for r, x in ranked[-3:][::-1])
        kind = _("pair") if pair else (_("suited") if suited else _("offsuit"))
        head = _("{pair} {kind}: {value}").format(
            pair=f"{name(lo)}-{name(hi)}", kind=kind, value=num(float(v), ".3f", lang)
        )
        exact = _("expected crib points (exactly {fraction}).").format(
            fraction=f"{v.numerator}/{v.denominator}"
        )
        how = _(
            "Worked out from every pair the opponent could add and every starter: 58,800 "
            "equally likely cribs, each scored exactly (five-card flushes and nobs included)."
        )
        self.cell.value = (
            f'<div class="crib-cell-value"><b>{html.escape(head)}</b> {html.escape(exact)}</div>'
            f"<div>{html.escape(how)}</div>"
            f'<div class="crib-companions">'
            + html.escape(
                _("Best cards for the opponent to add (the crib on average): {cards}.").format(
                    cards=best
                )
            )
            + "<br>"
            + html.escape(_("Worst: {cards}.").format(cards=worst))
            + "</div>"
            + self._seat_cell(lo, hi, suited, float(v), lang)
        )

    @staticmethod
    def _seat_cell(lo: int, hi: int, suited: bool, uniform: float, lang: str = "en") -> str:
        """The seat tables' values for the chosen pair, with their 95% intervals."""
        from crib.analysis.selfplay_tables import pair_label, seat_crib_frame

        df = seat_crib_frame()
        key = "" if lo == hi else ("true" if suited else "false")
        rows = df[(df.pair == pair_label(lo, hi)) & (df.suited == key)]
        _ = tr(lang)
        parts = []
        for r in rows.itertuples():
            diff = r.mean - uniform
            said = (
                _(
                    "As dealer (into your own crib): {mean} on average ({ci} sure it is "
                    "between {lo} and {hi}), {diff} {side} the uniform table, from {n} cribs."
                )
                if r.seat == "dealer"
                else _(
                    "As pone (into the dealer's crib): {mean} on average ({ci} sure it is "
                    "between {lo} and {hi}), {diff} {side} the uniform table, from {n} cribs."
                )
            )
            parts.append(
                said.format(
                    ci=pct(0.95, 0, lang),
                    mean=num(r.mean, ".2f", lang),
                    lo=num(r.ci95_low, ".2f", lang),
                    hi=num(r.ci95_high, ".2f", lang),
                    diff=num(abs(diff), ".2f", lang),
                    side=_("above") if diff >= 0 else _("below"),
                    n=f"{r.n:,}".replace(",", "\u202f") if lang == "fr" else f"{r.n:,}",
                )
            )
        return (
            '<div class="crib-seat-cell">'
            f"<b>{html.escape(_('Against an Expert (self-play):'))}</b><br>"
            + "<br>".join(html.escape(p) for p in parts)
            + "</div>"
        )


#: the page's one call: the analyzer under the language switch, in the URL's language
crib_odds_page = AnalyzerPage(
    CribOddsApp,
    Intro(
        N_("Crib odds"),
        N_(
            "What is a crib worth, for each pair of cards thrown into it? Click a "
            "cell for its exact value and the cards that go best and worst with it."
        ),
    ),
)
