"""The card component: cards that look like cards, for every dashboard.

Static cards are SVG strings (:func:`card_svg`), in three sizes (UX guide):
70×98 px in the hand, 40×56 px for the pile, reviews and tables, 28×38 px in
dense tables.  Suits are red and black (the stylesheet's --crib-red and --crib-ink).
Clickable cards are :class:`CardButton` widgets styled by the stylesheet's "card" section
(crib/ui/kit/crib.css; selected: lifted 10 px
with a 2 px accent ring; legal: accent ring; illegal: 40 % opacity, disabled;
hint: dashed amber ring), numbered 1-6 by a CSS counter.

>>> from crib.rules.cards import parse_card
>>> f'fill="{RED}"' in card_svg(parse_card("5H"))
True
>>> "5♥" in card_svg(parse_card("5H"), size="mini")
True
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets as w

from crib.i18n import DEFAULT, N_, NP_, tr, trp
from crib.rules.cards import Card
from crib.rules.words import local_cards
from crib.ui.kit.style import colour, var

__all__ = [
    "RED",
    "BLACK",
    "ACCENT",
    "PLAYER_COLOURS",
    "SIZES",
    "card_svg",
    "card_back_svg",
    "backs_html",
    "cards_html",
    "CardButton",
    "card_text",
    "card_name",
    "local_cards",
    "local_html",
    "cards_text",
    "card_chip",
    "cards_chips",
    "style_card_button",
    "card_button_look",
]

# the palette's colours (crib/ui/kit/crib.css) for SVG attributes, which cannot read a
# CSS variable; HTML says var(--crib-red) and the like
RED = colour("red")
BLACK = colour("ink")
ACCENT = colour("accent")
AMBER = colour("amber")
PLAYER_COLOURS = (colour("teal"), colour("purple"))  # you (teal), the opponent (purple)
SIZES = {"hand": (70, 98), "pile": (40, 56), "mini": (28, 38)}
_SUIT = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _rank(c: Card) -> str:
    return "10" if c.rank == 10 else c.rank_char


def card_text(card: Card, lang: str = DEFAULT) -> str:
    """A card in plain text: "K♣", "10♥" (never "KC"); in French the king, queen and jack
    are R, D and V (roi, dame, valet: the glossary's).

    >>> from crib.rules.cards import parse_card
    >>> card_text(parse_card("TH")), card_text(parse_card("KC")), card_text(parse_card("KC"), "fr")
    ('10♥', 'K♣', 'R♣')
    """
    return local_cards(f"{_rank(card)}{_SUIT[card.suit]}", lang)


def local_html(text: str, lang: str) -> str:
    """Cards as ``lang`` names them in HTML: in its words and on the SVG card faces (whose
    corner rank is a ``<text>`` of its own), R, D, V in French.

    >>> from crib.rules.cards import parse_card
    >>> svg = local_html(card_svg(parse_card("QH")), "fr")
    >>> ">D</text>" in svg and 'aria-label="D♥"' in svg and ">Q<" not in svg
    True
    """
    if lang == DEFAULT:
        return text
    text = local_cards(text, lang)
    return re.sub(r">([JQK])</text>", lambda m: f">{local_cards(m[1] + '♠', lang)[0]}</text>", text)


_RANK_NAMES = (
    NP_("card", "ace"), "2", "3", "4", "5", "6", "7", "8", "9", "10",
    NP_("card", "jack"), NP_("card", "queen"), NP_("card", "king"),
)  # fmt: skip
_SUIT_NAMES = {
    "C": NP_("card", "clubs"),
    "D": NP_("card", "diamonds"),
    "H": NP_("card", "hearts"),
    "S": NP_("card", "spades"),
}


def card_name(card: Card, lang: str = DEFAULT) -> str:
    """A card's one spoken name, for screen readers and tooltips: "king of diamonds",
    « roi de carreau ».

    >>> from crib.rules.cards import parse_card
    >>> card_name(parse_card("KD")), card_name(parse_card("TH")), card_name(parse_card("AS"))
    ('king of diamonds', '10 of hearts', 'ace of spades')
    >>> card_name(parse_card("KD"), "fr"), card_name(parse_card("2H"), "fr")
    ('roi de carreau', '2 de cœur')
    """
    word = trp(lang)
    return tr(lang)(N_("{rank} of {suit}")).format(
        rank=word("card", _RANK_NAMES[card.rank - 1]), suit=word("card", _SUIT_NAMES[card.suit])
    )


def cards_text(cards: Iterable[Card], lang: str = DEFAULT) -> str:
    """Cards in plain text, space separated: "5♥ 5♦"."""
    return " ".join(card_text(c, lang) for c in cards)


_EDGE, _ACCENT, _AMBER, _TEAL = var("card-edge"), var("accent"), var("amber"), var("teal")
_CHIP_STATE = {
    "": f"border:1px solid {_EDGE}",
    "selected": (
        f"border:1px solid {_ACCENT};box-shadow:0 0 0 2px {_ACCENT};position:relative;top:-3px"
    ),
    "legal": f"border:1px solid {_ACCENT};box-shadow:0 0 0 1px {_ACCENT}",
    "illegal": f"border:1px solid {_EDGE};opacity:.4",
    "hint": f"border:1px dashed {_AMBER};box-shadow:0 0 0 1px {_AMBER}",
    "yours": f"border:1px solid {_TEAL};box-shadow:0 0 0 2px {_TEAL}",
}


def card_chip(card: Card, state: str = "") -> str:
    """A card inline in text or a table cell: a small white chip, "K♣" in its suit's colour.

    ``state`` is one of "", "selected", "legal", "illegal", "hint", "yours" (your choice
    in a ranking); each looks distinct.

    >>> from crib.rules.cards import parse_card
    >>> chip = card_chip(parse_card("5H"))
    >>> "color:var(--crib-red)" in chip and "5♥" in chip
    True
    """
    suit = var("red") if card.suit in "DH" else var("ink")
    extra = _CHIP_STATE.get(state, _CHIP_STATE[""])
    cls = f"crib-card crib-chip{' crib-chip-' + state if state else ''}"
    return (
        f'<span class="{cls}" data-card="{card}" style="display:inline-block;min-width:1.9em;'
        f"padding:0 3px;margin:1px;border-radius:4px;background:{var('white')};color:{suit};"
        f'font-weight:700;text-align:center;line-height:1.35;{extra}">{card_text(card)}</span>'
    )


def cards_chips(cards: Iterable[Card], state: str = "") -> str:
    """Several cards as chips, on one line."""
    inner = "".join(card_chip(c, state) for c in cards)
    return f'<span style="white-space:nowrap">{inner}</span>'


def card_svg(
    card: Card,
    size: str = "pile",
    *,
    edge: str | None = None,
    highlight: bool = False,
    dim: bool = False,
) -> str:
    """One face-up card as inline SVG: rank over suit in the corner, a large centre pip.

    ``edge`` colours the border (a player's colour on the pile); ``highlight``
    rings it in amber (the show's current combination); ``dim`` greys it.
    """
    wd, ht = SIZES[size]
    ink = RED if card.suit in "DH" else BLACK
    sym = _SUIT[card.suit]
    corner = max(9, round(wd * 0.26))
    pip = round(wd * 0.46)
    stroke = AMBER if highlight else edge or colour("card-edge")
    sw = 3 if highlight or edge else 1
    label = f"{_rank(card)}{sym}"
    opacity = ' opacity="0.35"' if dim else ""
    centre = (
        f'<text x="{wd / 2:.1f}" y="{ht * 0.68:.1f}" font-size="{pip}" text-anchor="middle" '
        f'fill="{ink}">{sym}</text>'
        if size != "mini"
        else f'<text x="{wd / 2:.1f}" y="{ht * 0.8:.1f}" font-size="{round(wd * 0.45)}" '
        f'text-anchor="middle" fill="{ink}">{sym}</text>'
    )
    return (
        f'<svg class="crib-cardsvg" data-card="{card}" width="{wd}" height="{ht}" '
        f'viewBox="0 0 {wd} {ht}" role="img" aria-label="{html.escape(card.pretty)}"{opacity}>'
        f"<title>{label}</title>"
        f'<rect x="1" y="1" width="{wd - 2}" height="{ht - 2}" rx="{max(3, wd // 12)}" '
        f'fill="{colour("white")}" stroke="{stroke}" stroke-width="{sw}"/>'
        f'<text x="{max(3, wd * 0.08):.1f}" y="{corner + 1}" font-size="{corner}" '
        f'font-weight="bold" font-family="sans-serif" fill="{ink}">{_rank(card)}</text>'
        + (
            f'<text x="{max(3, wd * 0.08):.1f}" y="{2 * corner + 1}" font-size="{corner}" '
            f'fill="{ink}">{sym}</text>'
            if size != "mini"
            else ""
        )
        + centre
        + "</svg>"
    )


def card_back_svg(size: str = "pile", lang: str = DEFAULT) -> str:
    """A face-down card (its name in ``lang``)."""
    wd, ht = SIZES[size]
    name = html.escape(tr(lang)(N_("face-down card")))
    return (
        f'<svg class="crib-cardback" width="{wd}" height="{ht}" viewBox="0 0 {wd} {ht}" '
        f'role="img" aria-label="{name}">'
        f'<defs><pattern id="crib-back-{size}" width="6" height="6" patternUnits="userSpaceOnUse">'
        f'<path d="M0 6 L6 0" stroke="{colour("card-back-line")}" stroke-width="1.2"/>'
        "</pattern></defs>"
        f'<rect x="1" y="1" width="{wd - 2}" height="{ht - 2}" rx="{max(3, wd // 12)}" '
        f'fill="{ACCENT}" stroke="{colour("accent-dark")}"/>'
        f'<rect x="4" y="4" width="{wd - 8}" height="{ht - 8}" rx="2" '
        f'fill="url(#crib-back-{size})"/>'
        "</svg>"
    )


def backs_html(n: int, size: str = "pile", *, tuck: int = 12, lang: str = DEFAULT) -> str:
    """``n`` face-down cards in a row, ``tuck`` px of each under the next.

    >>> backs_html(2).count("crib-cardback")
    2
    """
    return "".join(
        f'<span style="margin-right:-{tuck}px">{card_back_svg(size, lang)}</span>' for _ in range(n)
    )


def cards_html(
    cards: Iterable[Card],
    size: str = "pile",
    *,
    overlap: int = 0,
    edges: Sequence[str | None] | None = None,
    highlight: Iterable[Card] = (),
) -> str:
    """A row of cards; ``overlap`` px of each card hidden under the next."""
    hi = set(highlight)
    out = []
    for i, c in enumerate(cards):
        edge = edges[i] if edges is not None else None
        ml = f"margin-left:-{overlap}px;" if i and overlap else "margin-left:3px;" if i else ""
        out.append(
            f'<span style="display:inline-block;{ml}vertical-align:top">'
            f"{card_svg(c, size, edge=edge, highlight=c in hi)}</span>"
        )
    return f'<span class="crib-cards" style="white-space:nowrap">{"".join(out)}</span>'


def style_card_button(
    button: w.Button | w.ToggleButton, card: Card, size: str = "mini", lang: str = DEFAULT
) -> None:
    """Give any Button or ToggleButton the card look (one component everywhere):
    "K♣" in its suit's colour, ``size`` "pile" (40×56) or "mini" (28×38 text, 34 px wide),
    no number badge.  A ToggleButton's pressed state (``mod-active``) is the selected look."""
    look = card_button_look(card, size, lang)
    with button.hold_sync():  # one update message, not seven
        button.description = look["description"]
        button.tooltip = look["tooltip"]
        for cls in look["_dom_classes"]:
            button.add_class(cls)


def card_button_look(card: Card, size: str = "mini", lang: str = DEFAULT) -> dict[str, Any]:
    """:func:`style_card_button`'s look as a button's first state (``make(**look)``: no
    update message after the widget is made).

    >>> card_button_look(Card(13, "C"))["_dom_classes"]
    ('crib-cardbtn', 'crib-mini', 'crib-nobadge', 'crib-face-KC', 'crib-black')
    """
    colour = "crib-red" if card.suit in "DH" else "crib-black"
    return {
        "description": card_text(card, lang),
        "tooltip": card_name(card, lang),
        "_dom_classes": (
            "crib-cardbtn",
            f"crib-{size}",
            "crib-nobadge",
            f"crib-face-{card}",
            colour,
        ),
    }


class CardButton(w.Button):
    """A clickable card in the hand (its number badge comes from the CSS counter), named
    in ``lang`` (its face and tooltip: « roi de carreau »)."""

    def __init__(self, lang: str = DEFAULT, **kw: object) -> None:
        layout = kw.pop("layout", None) or w.Layout()
        layout.display = "none"  # no card yet: nothing to show, nothing to name
        super().__init__(_dom_classes=("crib-cardbtn",), layout=layout, **kw)
        self.lang = lang
        self.card: Card | None = None
        self._state: tuple[str, ...] = ()

    def set_card(
        self,
        card: Card | None,
        *,
        selected: bool = False,
        legal: bool = False,
        illegal: bool = False,
        hint: bool = False,
    ) -> None:
        """Show ``card`` (or hide the button) in the given states."""
        self.card = card
        if card is None:  # hidden, and no longer said to be picked or playable
            self.layout.display = "none"
            with self.hold_sync():
                for cls in self._state:
                    self.remove_class(cls)
            self._state = ()
            return
        label = card_text(card, self.lang)
        colour = "crib-red" if card.suit in "DH" else "crib-black"
        state = tuple(
            name
            for name, on in (
                (colour, True),
                (f"crib-face-{card}", True),
                ("crib-selected", selected),
                ("crib-legal", legal),
                ("crib-hint", hint),
            )
            if on
        )
        with self.hold_sync():  # the button's changes in one update message
            if self.description != label:
                self.description = label
                self.tooltip = card_name(card, self.lang)
            if state != self._state:
                for cls in self._state:
                    if cls not in state:
                        self.remove_class(cls)
                for cls in state:
                    if cls not in self._state:
                        self.add_class(cls)
                self._state = state
            if self.disabled != illegal:
                self.disabled = illegal
        self.layout.display = None  # shown once named: never a visible button without a name
