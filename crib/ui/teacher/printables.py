"""The teacher page's printables row: pick a printable, a language and a paper size,
make the PDF, download it.

The PDF is built in the kernel (:func:`crib.course.printables.build`, drawn by
matplotlib) and offered as a link holding the file itself (a ``data:`` URI with a
``download`` attribute, the same way the page exports its CSV): no server route, and
it works in Voila.  The worksheets and the pegging sheet take their hands from the
Seed box of the session form.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable

import ipywidgets as w

from crib.course.printables import KINDS, SEEDED, build, filename, to_pdf
from crib.i18n import N_, check_lang, tr
from crib.ui.kit.common import friendly

__all__ = ["PrintablesPanel", "NAMES", "pdf_link_html", "pages_text"]

# the teacher's names for the printables, in crib.course.printables.KINDS's order
NAMES = dict(
    zip(
        KINDS,
        (
            N_("Glossary"),
            N_("Cheat sheet"),
            N_("Worksheet 1 + key"),
            N_("Worksheet 2 + key"),
            N_("Pegging sheet + key"),
            N_("Quiz 1 (lesson 2) + key"),
            N_("Quiz 2 (lesson 4) + key"),
            N_("Cribbage board"),
            N_("Tactics and etiquette"),
            N_("Exit tickets (lessons 1 to 5) + key"),
        ),
        strict=True,
    )
)


def pages_text(n: int, lang: str = "en") -> str:
    """ "1 page", "3 pages" in ``lang``: a PDF's length beside its link."""
    _ = tr(lang)
    return (_("{n} pages") if n > 1 else _("{n} page")).format(n=n)


def pdf_link_html(data: bytes, name: str, label: str) -> str:
    """A download link holding the PDF itself."""
    b64 = base64.b64encode(data).decode()
    return (
        f'<a class="crib-pdf" download="{html.escape(name)}" '
        f'href="data:application/pdf;base64,{b64}">⬇ {html.escape(label)}</a>'
    )


class PrintablesPanel(w.HBox):
    """Printable, language, paper, a "Make the PDF" button and the download link."""

    def __init__(self, seed: Callable[[], int], ui_lang: str = "en") -> None:
        self._seed, self.ui_lang = seed, check_lang(ui_lang)
        _ = tr(ui_lang)
        wide = {"description_width": "initial"}  # the French labels are longer
        self.kind = w.Dropdown(
            _dom_classes=("crib-print-kind",),
            options=[(_(NAMES[k]), k) for k in KINDS],
            value="worksheet-1",
            description=_("Printable"),
            layout=w.Layout(width="22em"),
            style=wide,
        )
        self.lang = w.Dropdown(
            _dom_classes=("crib-print-lang",),  # the printable's language: the page's by default
            options=[("English", "en"), ("Français", "fr")],
            value=ui_lang,
            description=_("Language"),
            layout=w.Layout(width="14em"),
            style=wide,
        )
        self.paper = w.Dropdown(
            _dom_classes=("crib-print-paper",),
            options=[("A4", "a4"), ("US Letter", "letter")],
            value="a4",
            description=_("Paper"),
            layout=w.Layout(width="12em"),
            style=wide,
        )
        self.button = w.Button(
            _dom_classes=("crib-print",), description=_("Make the PDF"), icon="print"
        )
        self.link = w.HTML(_dom_classes=("crib-print-link",))
        self.button.on_click(lambda _b: self.make())
        for x in (self.kind, self.lang, self.paper):
            x.observe(lambda _c: setattr(self.link, "value", ""), "value")  # a stale link goes
        super().__init__([self.kind, self.lang, self.paper, self.button, self.link])
        self.add_class("crib-printables")
        self.layout.flex_flow = "row wrap"

    @friendly("link")
    def make(self) -> bytes | None:
        """Build the chosen printable and show its download link; returns the PDF
        (None, with the message in place of the link, if it could not be made)."""
        kind, lang, paper = self.kind.value, self.lang.value, self.paper.value
        _ = tr(self.ui_lang)
        self.link.value = _("Making the PDF…")
        seed = int(self._seed())
        doc = build(kind, lang=lang, seed=seed, paper=paper)
        data = to_pdf(doc)
        pages = pages_text(len(doc.pages), self.ui_lang)
        label = (
            _("Download the PDF ({pages}, seed {seed})")
            if kind in SEEDED
            else _("Download the PDF ({pages})")
        ).format(pages=pages, seed=seed)
        self.link.value = pdf_link_html(data, filename(kind, lang, paper, seed), label)
        return data
