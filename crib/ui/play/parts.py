"""The classmate game page's widgets (:class:`crib.ui.play.duel.DuelApp`): the table it
draws into and its way in; and where the keys list is, for both game pages (the game
against the computer, :class:`crib.ui.play.app.PlayApp`, has its table in the parts
of :mod:`crib.ui.play.table`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from crib.i18n import N_, tr
from crib.ui.kit.cardview import CardButton

__all__ = ["add_table_widgets", "add_entry_widgets", "keys_where"]


def add_table_widgets(page: Any, click_card: Callable[[int], None]) -> None:
    """Give ``page`` its board, table, show, captions and prompt (the last two live
    regions), the six card buttons (``click_card(i)`` on a click) and their row."""
    page.board_html = w.HTML().add_class("crib-board-box")
    page.table_html = w.HTML().add_class("crib-table")
    page.show_html = w.HTML().add_class("crib-show")
    page.captions_html = w.HTML().add_class("crib-live").add_class("crib-captions")
    page.prompt_html = w.HTML().add_class("crib-live").add_class("crib-prompt")
    page.card_buttons = [CardButton().add_class(f"crib-card-{i + 1}") for i in range(6)]
    for i, b in enumerate(page.card_buttons):
        b.on_click(lambda _b, i=i: click_card(i))
    page.hand_box = w.HBox(page.card_buttons).add_class("crib-hand")


def add_entry_widgets(page: Any, lang: str = "en") -> None:
    """Give the classmate game page (:class:`crib.ui.play.duel.DuelApp`) its way in:
    a name, Create a table (how to count), a code and Join, the way in's own messages
    (``entry_status``) with Take over here, and Back; all in ``page.entry_box``."""
    _ = tr(lang)
    page.name_text = w.Text(
        placeholder=_("your name"), description=_("Your name"), layout=w.Layout(width="18em")
    ).add_class("crib-duel-name")
    page.code_text = w.Text(
        placeholder=_("e.g. KQ7P"), description=_("Table code"), layout=w.Layout(width="14em")
    ).add_class("crib-duel-code-entry")
    page.create_button = w.Button(
        description=_("Create a table"), button_style="primary", layout=w.Layout(width="auto")
    ).add_class("crib-duel-create")
    page.join_button = w.Button(
        description=_("Join"), button_style="primary", layout=w.Layout(width="auto")
    ).add_class("crib-duel-join")
    page.manual_box = w.Checkbox(
        value=False,
        description=_("We count our own hands"),
        indent=False,
        layout=w.Layout(width="auto"),
    ).add_class("crib-duel-manual")
    page.muggins_box = w.Checkbox(
        value=False, description=_("Muggins"), indent=False, layout=w.Layout(width="auto")
    ).add_class("crib-duel-muggins")
    page.back_button = w.Button(
        description=_("Back to the computer"), layout=w.Layout(width="auto")
    ).add_class("crib-duel-back")
    # the way in's own messages (a bad name, a full table, a bad seat link), shown
    # under its inputs; the game's status line is in the game, hidden until then
    page.entry_status = w.HTML().add_class("crib-live").add_class("crib-duel-entry-status")
    page.takeover_button = w.Button(
        description=_("Take over here"),
        button_style="primary",
        layout=w.Layout(width="auto", display="none"),
    ).add_class("crib-duel-takeover")
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
        ]
    ).add_class("crib-duel-entry")


_WHERE = (N_("on the right"), N_("below the game"))


def keys_where(lang: str = "en") -> list[str]:
    """Where the keys list is, in ``lang``: [wide, narrow] for the key listener (the
    stylesheet shows one by the width, crib/ui/kit/crib.css); English: the sheet's own."""
    if lang == "en":
        return ["", ""]
    return [tr(lang)(x) for x in _WHERE]
