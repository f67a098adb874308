"""The widgets both game pages draw a table into: the game against the computer
(:class:`crib.ui.play.app.PlayApp`) and against a classmate
(:class:`crib.ui.play.duel.DuelApp`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from crib.i18n import N_, tr
from crib.ui.kit.cardview import CardButton

__all__ = ["add_table_widgets", "keys_where_css"]


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


_WHERE = (N_("on the right"), N_("below the game"))


def keys_where_css(lang: str = "en") -> str:
    """Where the keys list is (the key listener's label says it through CSS,
    :mod:`crib.ui.kit.access`), in ``lang``: nothing to add in English."""
    if lang == "en":
        return ""
    from crib.ui.kit.access import NARROW_PX

    right, below = (tr(lang)(x).replace('"', "") for x in _WHERE)
    return (f'.crib-play-app .crib-keys-where::after {{ content: "{right}"; }}'
            f'@media (max-width: {NARROW_PX - 1}px) {{ .crib-play-app .crib-keys-where::after {{ content: "{below}"; }} }}')
