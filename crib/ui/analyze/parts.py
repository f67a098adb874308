"""Pieces shared by the analyzers: the 52-card grid, the ranked play table, the
position in words, the verdict line and the "models differ" box."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from crib.analysis.play import PlayAnalysis
from crib.i18n import N_, tr
from crib.rules.cards import Card, parse_cards
from crib.rules.position import PeggingPosition
from crib.session.analyze import ModelChoice
from crib.ui.analyze.tables import play_table_html
from crib.ui.analyze.verdicts import model_options
from crib.ui.kit.cardview import CardButton, cards_chips
from crib.ui.kit.common import COACH_MODEL
from crib.ui.kit.controls import WIDE  # re-exported: the analyzers' controls use it
from crib.ui.kit.style import var
from crib.ui.kit.widgets import FigureImage, as_grid, card_rows

__all__ = [
    "WIDE",
    "mode_toggle",
    "watch_mode",
    "model_dropdown",
    "analyze_button",
    "hand_buttons",
    "CardGrid",
    "analysis_table_html",
    "position_html",
    "verdict_html",
    "differ_html",
    "result_panes",
]

_SEEN = {"previous": N_("Earlier"), "starter": N_("Starter"), "discards": N_("Your discards")}


def mode_toggle(lang: str) -> w.ToggleButtons:
    """An analyzer's Analyze / Practice switch (values stay English: the apps read them)."""
    _ = tr(lang)
    return w.ToggleButtons(
        _dom_classes=("crib-mode",),
        options=[(_("Analyze"), "Analyze"), (_("Practice"), "Practice")],
        value="Analyze",
        description=_("Mode"),
        style=WIDE,
    )


GRADE_COLOURS = {
    "best": var("green"),
    "ok": var("olive"),
    "mistake": var("amber"),
    "costly": var("red-2"),
    "blunder": var("red"),
}


def verdict_html(text: str, word: str) -> str:
    """The one verdict line of a screen, edged in its grade's colour (the word is in ``text``)."""
    return (
        f'<div class="crib-verdict-line" style="font-size:16px;padding:6px 10px;border-left:5px '
        f'solid {GRADE_COLOURS.get(word, var("muted"))};background:{var("paper")}">{text}</div>'
    )


def differ_html(message: str | None) -> str:
    """The "models differ" box (empty when the models agree)."""
    if not message:
        return ""
    return (
        f'<div class="crib-differ" style="padding:6px 10px;background:{var("amber-wash")};'
        f'border-left:5px solid {var("amber")}">{html.escape(message)}</div>'
    )


def result_panes() -> tuple[w.HTML, w.HTML, w.HTML, w.HTML, w.HTML, FigureImage]:
    """Both analyzers' result panes, empty: the status line, the verdict, the "models
    differ" box, the model note, the ranked table and the chart (each with its CSS class)."""
    return (
        w.HTML(_dom_classes=("crib-status",)),
        w.HTML(_dom_classes=("crib-verdict",)),
        w.HTML(_dom_classes=("crib-dissent",)),
        w.HTML(_dom_classes=("crib-model-note",)),
        w.HTML(_dom_classes=("crib-table",)),
        FigureImage().add_class("crib-chart"),
    )


def watch_mode(
    mode: w.ToggleButtons,
    parts: Callable[[], tuple[Any, Any]],
    start_practice: Callable[[], object],
    analyze: Callable[[], object],
) -> None:
    """Both analyzers' Analyze / Practice switch: when ``mode`` turns, show one of
    ``parts()`` (the analysis part, the practice part), hide the other, and start the
    mode (a fresh practice question, or the analysis of what is entered)."""

    def switch(_change: object) -> None:
        practice = mode.value == "Practice"
        analyze_part, practice_part = parts()
        analyze_part.layout.display = "none" if practice else None
        practice_part.layout.display = None if practice else "none"
        (start_practice if practice else analyze)()

    mode.observe(switch, "value")


def model_dropdown(models: dict[str, ModelChoice], lang: str) -> w.Dropdown:
    """An analyzer's Model selector over ``models``, the coach's first and chosen."""
    _ = tr(lang)
    return w.Dropdown(
        _dom_classes=("crib-model",),
        options=model_options(models, lang),
        value=COACH_MODEL,
        description=_("Model"),
        style=WIDE,
        layout=w.Layout(width="31em", max_width="100%"),
    )


def analyze_button(lang: str) -> w.Button:
    """An analyzer's Analyze button."""
    _ = tr(lang)
    return w.Button(
        _dom_classes=("crib-analyze",), description=_("Analyze"), button_style="primary"
    )


def hand_buttons(n: int, on_click: Callable[[int], object], lang: str = "en") -> list[CardButton]:
    """The practice hand: ``n`` card buttons (``crib-hand-0``...), a click on the i-th
    calling ``on_click(i)``."""
    hand = [CardButton(lang) for _c in range(n)]
    for i, b in enumerate(hand):
        b.add_class(f"crib-hand-{i}")
        b.on_click(lambda _b, i=i: on_click(i))
    return hand


class CardGrid(w.VBox):
    """52 card buttons; clicking one calls every registered handler with the card."""

    def __init__(self, lang: str = "en") -> None:
        self.buttons = card_rows(w.Button, "crib-grid", lang)
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


def analysis_table_html(a: PlayAnalysis, yours: Card | None = None, lang: str = "en") -> str:
    """Every legal card, best first, in plain words; Net coloured."""
    return play_table_html(a, yours=yours, lang=lang)


def position_html(pos: PeggingPosition, lang: str = "en") -> str:
    """The position in words, cards as chips."""
    _ = tr(lang)
    sep = " : " if lang == "fr" else ": "
    count = _("Count {count}").format(count=pos.count)
    parts = [f'<span style="font-size:22px;font-weight:700">{count}</span>']
    parts.append(
        _("Pile")
        + sep
        + (cards_chips(pos.pile) if pos.pile else html.escape(_("empty (you lead)")))
    )
    parts += [
        f"{html.escape(_(_SEEN[section]))}{sep}{cards_chips(cards)}"
        for section, cards in pos.seen()
    ]
    n = pos.opp_count
    opp = (
        (
            _("The opponent holds {n} cards and said go.")
            if pos.opp_go
            else _("The opponent holds {n} cards.")
        )
        if n != 1
        else (
            _("The opponent holds 1 card and said go.")
            if pos.opp_go
            else _("The opponent holds 1 card.")
        )
    )
    parts.append(html.escape(opp.format(n=n)))
    return (
        '<div class="crib-position" style="display:flex;flex-wrap:wrap;gap:6px 16px;'
        f'align-items:center">{"".join(f"<span>{p}</span>" for p in parts)}</div>'
    )
