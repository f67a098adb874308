"""Helpers shared by the widget apps: friendly errors and card rendering."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any

from crib.errors import CribError
from crib.rules.cards import Card

_RED = "#c0392b"
_BLACK = "#1f2d3d"


def card_html(c: Card) -> str:
    """A card as a small coloured chip."""
    colour = _RED if c.suit in "DH" else _BLACK
    return (
        f'<span class="crib-card" style="display:inline-block;min-width:2.2em;padding:1px 4px;'
        f"margin:1px;border:1px solid #bbb;border-radius:4px;background:#fff;"
        f'color:{colour};font-weight:600;text-align:center">{html.escape(c.pretty)}</span>'
    )


def cards_html(cards: Iterable[Card]) -> str:
    return "".join(card_html(c) for c in cards)


def ranked_table_html(
    df: Any,
    *,
    table_class: str,
    formats: dict[str, str],
    gradients: list[tuple[str, str]],
    padding: str = "2px 8px",
    bold_best: bool = False,
) -> str:
    """A ranked DataFrame (best first) as a pandas Styler: the best row marked with
    a star, the given columns colour-scaled, one line per row."""
    df = df.copy()
    df.insert(1, "", ["★ best" if i == 0 else "" for i in range(len(df))])
    sty = df.style.hide(axis="index").format(formats)
    for column, cmap in gradients:
        sty = sty.background_gradient(subset=[column], cmap=cmap)
    if bold_best:
        best = "font-weight:bold; border-top:2px solid #333; border-bottom:2px solid #333"
        sty = sty.apply(lambda row: [best if row.name == 0 else "" for _ in row], axis=1)
    props = f"padding:{padding}; font-size:13px; white-space:nowrap"
    sty = sty.set_table_attributes(f'class="{table_class}"').set_table_styles(
        [{"selector": "th, td", "props": props}]
    )
    return sty.to_html()


def error_html(message: str) -> str:
    return (
        f'<div class="crib-error" style="color:{_RED};font-weight:600">'
        f"⚠ {html.escape(message)}</div>"
    )


def info_html(message: str) -> str:
    return f'<div class="crib-info" style="color:#555">{html.escape(message)}</div>'


def friendly(status_attr: str = "status") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorate a widget callback so bad input becomes a message, never a traceback.

    Input errors (:class:`~crib.errors.CribError`) show their own message; any
    other exception shows a generic apology, so a bug never prints a traceback
    to the page.  The previous result is left untouched either way.
    """

    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(fn)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            status = getattr(self, status_attr)
            try:
                return fn(self, *args, **kwargs)
            except CribError as e:
                status.value = error_html(str(e))
            except Exception as e:  # noqa: BLE001 - the page must never show a traceback
                status.value = error_html(f"Something went wrong inside crib ({type(e).__name__}).")
            return None

        return wrapper

    return deco
