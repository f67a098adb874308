"""The game page's table column, one part per thing on it: the opponent, the board,
the middle of the table, your hand, the buttons and the count box, the show, the
captions and the prompt.  Each part owns its widgets (``PlayApp`` lays them out) and
redraws them from the controller's :class:`~crib.session.controller.GameView` with
``update``; :meth:`crib.ui.play.app.PlayApp.render` calls them in the page's order,
the :class:`Prompt` last.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable

import ipywidgets as w

from crib.i18n import N_, tr, trp
from crib.session.controller import HUMAN, GameController, GameView
from crib.ui.kit.cardview import CardButton, card_svg, local_html
from crib.ui.kit.controls import button
from crib.ui.kit.glossary import mark_terms
from crib.ui.play.board import board_svg
from crib.ui.play.duel_html import opponent_html
from crib.ui.play.html import _table_html, show_html

# the words this module translates inside f-strings, marked for Babel (on Python 3.11 its
# extractor does not read a call inside an f-string)
_IN_FSTRINGS = (N_("{n} points"), N_("Cut for deal (low card deals)"))

__all__ = [
    "CAPTION_TERMS",
    "Opponent",
    "Board",
    "TableMiddle",
    "Hand",
    "Actions",
    "ShowArea",
    "Captions",
    "Prompt",
]

# the cribbage words linked to their definitions in the captions (the table's labels
# link the crib and the starter, the prompt the crib)
CAPTION_TERMS = ("pone", "go", "heels", "nobs", "muggins", "skunk")
# the phases whose shows take the middle of the table (and your cards)
SHOWING = ("show", "hand_over", "over")


class Opponent:
    """The computer's name, its cards (face down until the show) and its points."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.html = w.HTML(_dom_classes=("crib-opp",))

    def update(self, v: GameView) -> None:
        """Draw the opponent of ``v`` (the classmate game draws its opponent the same way)."""
        self.html.value = local_html(opponent_html(v, self.lang), self.lang)


class Board:
    """The 121-hole board (:func:`crib.ui.play.board.board_svg`)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.narrow = False  # a phone's board (the browser says, crib.ui.kit.keys)
        self.html = w.HTML(_dom_classes=("crib-board-box",))

    def update(self, v: GameView) -> None:
        """Peg the scores of ``v``."""
        self.html.value = board_svg(
            v.scores, v.back, v.names, v.dealer, v.last_score, lang=self.lang, narrow=self.narrow
        )


class TableMiddle:
    """The middle of the table: the pile, the starter and the crib (hidden while the
    show takes its place)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.html = w.HTML(_dom_classes=("crib-table",))

    def update(self, v: GameView) -> None:
        """Draw the table of ``v``."""
        self.html.value = local_html(_table_html(v, self.lang), self.lang)
        self.html.layout.display = "none" if v.phase in SHOWING and v.shows else None


class Hand:
    """Your six card buttons (``click_card(i)`` on a click) in their row (``box``), the
    row hidden in the phases ``hidden_in`` (the game's: during the show your cards are in
    the show) and a card you may not play marked in the phases ``illegal_in``."""

    def __init__(
        self,
        click_card: Callable[[int], None],
        *,
        hidden_in: tuple[str, ...] = SHOWING,
        illegal_in: tuple[str, ...] = ("play",),
        lang: str = "en",
    ) -> None:
        self.hidden_in, self.illegal_in = hidden_in, illegal_in
        self.buttons = [CardButton(lang).add_class(f"crib-card-{i + 1}") for i in range(6)]
        for i, b in enumerate(self.buttons):
            b.on_click(lambda _b, i=i: click_card(i))
        self.box = w.HBox(self.buttons, _dom_classes=("crib-hand",))

    def update(self, v: GameView) -> None:
        """Your cards of ``v``: picked, playable, ringed by the hint."""
        self.box.layout.display = "none" if v.phase in self.hidden_in else None
        for i, b in enumerate(self.buttons):
            card = v.my_cards[i] if i < len(v.my_cards) else None
            b.set_card(
                card,
                selected=i in v.selected,
                legal=v.phase == "play" and i in v.legal,
                illegal=v.phase in self.illegal_in and i not in v.legal,
                hint=i in v.hinted,
            )


class Actions:
    """The buttons under your hand (``row``: Enter's button, Go, Hint, Continue) and
    the manual count's box (``count_box``: the number and Count it).  The page wires
    their clicks."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.touch = False  # a touch device: the buttons without their keys
        _ = tr(lang)
        self.confirm_button = button(_("Continue"), "crib-confirm", button_style="primary")
        # as wide as their words, as Enter's button (each its own layout: shown or not)
        self.go_button = w.Button(
            _dom_classes=("crib-go",), description=_("Go (g)"), layout=w.Layout(width="auto")
        )
        self.hint_button = w.Button(
            _dom_classes=("crib-hint-button",),
            description=_("Hint (h)"),
            icon="lightbulb-o",
            layout=w.Layout(width="auto"),
        )
        self.next_button = w.Button(_dom_classes=("crib-next",), description=_("Continue (n)"))
        self.count_text = w.Text(
            _dom_classes=("crib-count-entry",),
            placeholder=_("your count"),
            description=_("Your count"),
            layout=w.Layout(width="14em"),
        ).add_class("crib-submit-on-enter")
        self.count_button = w.Button(_dom_classes=("crib-count-button",), description=_("Count it"))
        self.count_box = w.HBox(
            [self.count_text, self.count_button], _dom_classes=("crib-count-box",)
        )
        self.row = w.HBox(
            [self.confirm_button, self.go_button, self.hint_button, self.next_button],
            _dom_classes=("crib-actions",),
        )

    def update(self, v: GameView) -> None:
        """The buttons ``v``'s phase offers, each saying its key (as the prompt and the
        Keys list do: Enter confirms, n goes on), but on a touch device."""
        p, _ = v.phase, tr(self.lang)
        if p == "discard":
            mine = v.dealer == HUMAN
            keys = (
                (N_("Throw 2 to your crib (Enter)"), N_("Throw 2 to your crib"))
                if mine
                else (N_("Throw 2 to their crib (Enter)"), N_("Throw 2 to their crib"))
            )
        elif p == "play":
            keys = (N_("Play (Enter)"), "")  # on touch: the button's "Play" (a verb)
        elif p == "count":
            keys = (N_("Count it (Enter)"), N_("Count it"))
        elif p == "cut":
            keys = (N_("Cut for deal (n)"), N_("Cut for deal"))
        elif p == "over":
            keys = (N_("Game over"), N_("Game over"))
        else:
            keys = (N_("Continue (n)"), N_("Continue"))
        self.confirm_button.description = (
            _(keys[self.touch]) if keys[self.touch] else trp(self.lang)("button", "Play")
        )
        self.go_button.description = _(N_("Go") if self.touch else N_("Go (g)"))
        self.hint_button.description = _(N_("Hint") if self.touch else N_("Hint (h)"))
        self.confirm_button.disabled = p == "over"
        # counting has its own box and button (Enter in the box counts too)
        self.confirm_button.layout.display = "none" if p == "count" else None
        self.go_button.layout.display = None if v.can_go else "none"
        self.hint_button.layout.display = None if p in ("discard", "play") else "none"
        self.next_button.layout.display = "none"  # the confirm button says Continue then
        self.count_box.layout.display = None if p == "count" else "none"
        if p == "count" and v.count_entry != self.count_text.value and v.count_entry:
            self.count_text.value = v.count_entry
        elif p != "count" and self.count_text.value:
            self.count_text.value = ""

    def clear_count(self) -> None:
        """Empty the count box (its number was claimed)."""
        self.count_text.value = ""


class ShowArea:
    """The counted hands of the show (the crib last), or the cut for the deal."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.html = w.HTML(_dom_classes=("crib-show",))

    def update(self, v: GameView) -> None:
        """The shows of ``v`` so far, or its cut for deal; else nothing."""
        names, _ = v.names, tr(self.lang)
        if v.phase in (*SHOWING, "count") and v.shows:
            self.html.value = local_html(
                "".join(show_html(s, names, self.lang) for s in v.shows), self.lang
            )
        elif v.phase == "cut_done" and v.cut_cards:
            a, b = v.cut_cards
            self.html.value = local_html(
                f'<div class="crib-label">{_("Cut for deal (low card deals)")}</div>'
                f"{html.escape(names[0])} {card_svg(a, 'pile')} &nbsp; "
                f"{html.escape(names[1])} {card_svg(b, 'pile')}",
                self.lang,
            )
        else:
            self.html.value = ""


class Captions:
    """The latest events, four at most, in a polite live region (cribbage words linked)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.html = w.HTML(_dom_classes=("crib-live",)).add_class("crib-captions")

    def update(self, v: GameView) -> None:
        """The last four captions of ``v``."""
        self.html.value = local_html(
            '<div aria-live="polite">'
            + "".join(
                f'<div class="crib-caption">{mark_terms(t, self.lang, keys=CAPTION_TERMS)}</div>'
                for t in v.captions[-4:]
            )
            + "</div>",
            self.lang,
        )


class Prompt:
    """What to do now, with the page's step counter: the prompt is drawn last, and a
    page (the browser tests) that sees its new ``data-step`` sees everything else drawn."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self._step = 0  # renders so far (the page's tests wait for a new step)
        self.html = w.HTML(_dom_classes=("crib-live",)).add_class("crib-prompt")

    def update(self, v: GameView, c: GameController, t0: float) -> None:
        """The prompt of ``v`` (``c``'s game), the next step, the time since ``t0``
        (:func:`time.perf_counter`, the render's start)."""
        self._step += 1
        self.html.value = (
            f'<span class="crib-phase" data-phase="{v.phase}" data-step="{self._step}" '
            f'data-seed="{c.seed}" data-tier="{c.tier.key}" '
            f'data-render-ms="{(time.perf_counter() - t0) * 1000:.1f}">'
            f"{local_html(mark_terms(v.prompt, self.lang, keys=('crib',)), self.lang)}</span>"
        )
