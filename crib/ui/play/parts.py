"""The classmate game page's widgets (:class:`crib.ui.play.duel.DuelApp`): the table it
draws into and its way in; and where the keys list is, for both game pages (the game
against the computer, :class:`crib.ui.play.app.PlayApp`, has its table in the parts
of :mod:`crib.ui.play.table`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from crib.i18n import N_, tr
from crib.ui.kit.common import on_clicks
from crib.ui.kit.controls import button, checkbox, entry
from crib.ui.play.table import Hand

__all__ = ["add_table_widgets", "add_entry_widgets", "keys_where"]


def add_table_widgets(page: Any, click_card: Callable[[int], None]) -> None:
    """Give ``page`` its board, table, show, captions and prompt (the last two live
    regions) and its hand (``click_card(i)`` on a click)."""
    page.board_html = w.HTML(_dom_classes=("crib-board-box",))
    page.table_html = w.HTML(_dom_classes=("crib-table",))
    page.show_html = w.HTML(_dom_classes=("crib-show",))
    page.captions_html = w.HTML(_dom_classes=("crib-live",)).add_class("crib-captions")
    page.prompt_html = w.HTML(_dom_classes=("crib-live",)).add_class("crib-prompt")
    # the classmate game's hand: hidden until the deal and after the hands, and a card
    # is unplayable while the other seat plays too
    page.hand = Hand(
        click_card,
        hidden_in=("hand_over", "over", "waiting", "abandoned"),
        illegal_in=("play", "wait"),
        lang=getattr(page, "lang", "en"),
    )


def add_entry_widgets(page: Any, lang: str = "en") -> None:
    """Give the classmate game page (:class:`crib.ui.play.duel.DuelApp`) its way in:
    a name, Create a table (how to count), a code and Join, the way in's own messages
    (``entry_status``) with Take over here, and Back; all in ``page.entry_box``, each
    button wired to the page's step (``create``, ``join``, ``back``, ``take_over``)."""
    _ = tr(lang)
    page.name_text = entry(_("Your name"), "crib-duel-name", "18em", _("your name"))
    page.code_text = entry(_("Table code"), "crib-duel-code-entry", "14em", _("e.g. KQ7P"))
    page.create_button = button(_("Create a table"), "crib-duel-create", button_style="primary")
    page.join_button = button(_("Join"), "crib-duel-join", button_style="primary")
    page.manual_box = checkbox(False, _("We count our own hands"), "crib-duel-manual")
    page.muggins_box = checkbox(False, _("Muggins"), "crib-duel-muggins")
    page.back_button = button(_("Back to the computer"), "crib-duel-back")
    # the way in's own messages (a bad name, a full table, a bad seat link), shown
    # under its inputs; the game's status line is in the game, hidden until then
    page.entry_status = w.HTML(_dom_classes=("crib-live",)).add_class("crib-duel-entry-status")
    page.takeover_button = w.Button(
        _dom_classes=("crib-duel-takeover",),
        description=_("Take over here"),
        button_style="primary",
        layout=w.Layout(width="auto", display="none"),
    )
    page.entry_box = w.VBox(
        [
            w.HTML(
                '<div class="crib-label">'
                + _("Play a classmate")
                + "</div><div>"
                + _(
                    "Create a table and tell your classmate its code, or type the code they "
                    "gave you."
                )
                + "</div>"
            ),
            w.HBox([page.name_text], layout=w.Layout(flex_flow="row wrap")),
            w.HBox(
                [page.create_button, page.manual_box, page.muggins_box],
                layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 8px"),
            ),
            w.HBox(
                [page.code_text, page.join_button],
                layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 8px"),
            ),
            w.HBox(
                [page.entry_status, page.takeover_button],
                layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 8px"),
            ),
            page.back_button,
        ],
        _dom_classes=("crib-duel-entry",),
    )
    on_clicks(
        (page.create_button, page.create),
        (page.join_button, page.join),
        (page.back_button, page.back),
        (page.takeover_button, page.take_over),
    )


_WHERE = (N_("on the right"), N_("below the game"))


def keys_where(lang: str = "en") -> list[str]:
    """Where the keys list is, in ``lang``: [wide, narrow] for the key listener (the
    stylesheet shows one by the width, crib/ui/kit/crib.css); English: the sheet's own."""
    if lang == "en":
        return ["", ""]
    return [tr(lang)(x) for x in _WHERE]
