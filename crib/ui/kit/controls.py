"""The controls the pages build the same way: a button as wide as its label, a
setting's checkbox, a labelled box of a set width; each with its CSS class (the tests
and the stylesheet find a control by it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as w

__all__ = ["WIDE", "button", "checkbox", "sized", "entry"]

W = TypeVar("W", bound=w.DOMWidget)

#: a control's style with its label at its own width (the labels are longer in French)
WIDE = {"description_width": "initial"}


def button(description: str, css: str, **kw: Any) -> w.Button:
    """A button as wide as its label (``button_style``, ``icon``... in ``kw``).

    >>> b = button("Join", "crib-join", button_style="primary")
    >>> b.layout.width, b._dom_classes
    ('auto', ('crib-join',))
    """
    return w.Button(
        description=description, layout=w.Layout(width="auto"), _dom_classes=(css,), **kw
    )


def checkbox(value: bool, description: str, css: str) -> w.Checkbox:
    """A setting's checkbox, its label beside it (not indented), as wide as the label."""
    return w.Checkbox(
        _dom_classes=(css,),
        value=value,
        description=description,
        indent=False,
        layout=w.Layout(width="auto"),
    )


def sized(
    make: Callable[..., W], description: str, css: str, width: str, *, wide: bool = False, **kw: Any
) -> W:
    """A labelled control ``make(description=..., **kw)`` (a text box, a dropdown...)
    ``width`` wide; ``wide``: its label at its own width (:data:`WIDE`)."""
    if wide:
        kw["style"] = WIDE
    # the class in the widget's first state: no update message after it (docs: kit)
    return make(description=description, layout=w.Layout(width=width), _dom_classes=(css,), **kw)


def entry(description: str, css: str, width: str, placeholder: str, **kw: Any) -> w.Text:
    """A text box ``width`` wide, showing ``placeholder`` while it is empty.

    >>> box = entry("Your name", "crib-name", "18em", "your name", wide=True)
    >>> box.placeholder, box.layout.width, box.style.description_width
    ('your name', '18em', 'initial')
    """
    return sized(w.Text, description, css, width, placeholder=placeholder, **kw)
