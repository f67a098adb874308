"""The play page's hook for a game against a classmate (:mod:`crib.ui.play.duel`): a
"Play a classmate" button for the settings row, and ``?table=`` links.  The play page
(:mod:`crib.ui.play.app`) calls :func:`classmate_button` once and
:func:`open_from_query` with its query string; nothing else of it changes.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

from crib.errors import CribError
from crib.session.duel_record import clean_table_code
from crib.ui.kit.common import info_html
from crib.ui.play.duel import DuelApp

__all__ = ["classmate_button", "open_from_query"]


def _swap(app: Any, duel: DuelApp) -> None:
    """Show ``duel`` in place of the play page's own game (and route its keys there)."""
    if duel not in app.children:
        app.children = (*app.children, duel)
    for child in app.children:
        if child is not duel and child is not app.key_listener and child is not app.style_html:
            child.layout.display = "none"
    duel.layout.display = None
    app.key_listener._handlers[:] = [duel.key]

    def back() -> None:
        for child in app.children:
            child.layout.display = "none" if child is duel or "crib-replay-box" in child._dom_classes else None
        app.key_listener._handlers[:] = [app.key]

    duel._on_back = back


def _duel_of(app: Any) -> DuelApp:
    duel = getattr(app, "duel_app", None)
    if duel is None:
        duel = app.duel_app = DuelApp()
    return duel  # type: ignore[no-any-return]


def classmate_button(app: Any) -> w.Button:
    """The play page's "Play a classmate" button (it swaps the page to a :class:`DuelApp`)."""
    b = w.Button(description="Play a classmate", icon="users", layout=w.Layout(width="auto")).add_class("crib-classmate")
    b.on_click(lambda _b: _swap(app, _duel_of(app)))
    return b


def open_from_query(app: Any, query: str) -> bool:
    """``?table=CODE&seat=TOKEN`` resumes that seat; ``?table=CODE`` fills the code in to
    join.  False when the query names no table (the page goes on as before)."""
    q = {k: v[0] for k, v in parse_qs(query or "").items()}
    if "table" not in q:
        return False
    duel = _duel_of(app)
    _swap(app, duel)
    if q.get("seat"):
        duel.resume(q["table"], q["seat"])
    else:
        try:
            duel.code_text.value = clean_table_code(q["table"])
        except CribError as e:
            duel.status.value = info_html(str(e))
    return True
