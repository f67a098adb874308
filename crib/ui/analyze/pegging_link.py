"""The pegging analyzer opened from a link: the game's review fills it in
(``pegging.ipynb?position=hand+4H+6D+...&dealer=you``, see crib.session.model.Grade)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from crib.ui.kit.keys import KeyListener, query_reader

if TYPE_CHECKING:
    from crib.ui.analyze.pegging import PeggingApp

__all__ = ["apply_query", "open_from_request"]


def apply_query(app: PeggingApp, query: str) -> bool:
    """Fill the analyzer from a URL query string (``position``); True if it did.

    >>> from crib.ui.analyze.pegging import PeggingApp
    >>> app = PeggingApp()
    >>> apply_query(app, "position=hand+4H+6D+%7C+pile+7S+8C+%7C+starter+KD+%7C+opp+2")
    True
    >>> app.text.value
    'hand 4H 6D | pile 7S 8C | starter KD | opp 2'
    """
    from urllib.parse import parse_qs

    q = parse_qs(query or "")
    text = q.get("position", [""])[0]
    if not text:
        return False
    app.mode.value = "Analyze"
    app.kind.value = "position"
    dealer = q.get("dealer", [""])[0]  # who dealt: "you" or "opp" (the game's link says)
    if dealer in ("you", "opp"):
        app.dealer.value = dealer == "opp"
    app.text.value = text
    app.analyze()
    return True


def open_from_request(app: PeggingApp) -> KeyListener:
    """The page's query string, read in the browser, fills the analyzer in (a review
    link from the game); display the returned (invisible) widget with the app."""
    return query_reader(app, apply_query)
