"""The lessons on a projector: a slide deck the teacher steps through, and the guide page.

:class:`SlideDeck` shows one :class:`crib.course.lessons.Lesson` a screen at a time: large
cards (1.5 times the hand size), a title, a few words, and the slide's parts revealed
one by one.  "Next" reveals the next part, then goes to the next slide; "Back" steps
back.  Both are buttons (Tab, then Enter or Space), and the arrow keys and Page Up /
Page Down (what a presentation clicker sends) do the same anywhere on the page.  The
slide is a polite live region, so a screen reader reads what was revealed.

:func:`show_lesson` is the one call of a lesson notebook; :class:`GuidePage` is the
page ``guide.ipynb`` (Teach → Lessons) in English or French (``?lang=fr``): each lesson
with its slides, its guide page and its printables (:mod:`crib.ui.lesson_list`), the
whole guide and its PDF, and any lesson on the projector (``?lesson=3``), whose practice
slides start a class session (:class:`crib.ui.teacher.projector.PracticeStart`).

>>> deck = SlideDeck(1, "en")
>>> deck.position()
(0, 0)
>>> deck.next(); deck.next(); deck.position()
(1, 0)
>>> deck.back(); deck.position()
(0, 1)
"""

from __future__ import annotations

import base64
import html
import re
from typing import Any

import ipywidgets as w

from crib.course.lessons import Lesson, Slide, lesson
from crib.i18n import N_, check_lang, lang_from_query, tr
from crib.rules.cards import Card
from crib.ui.kit.cardview import card_svg, cards_html, local_html
from crib.ui.kit.common import friendly, on_clicks

__all__ = ["SlideDeck", "slide_html", "big_card", "show_lesson", "GuidePage"]

SCALE = 1.5  # projector cards: 1.5 times the hand size (105 x 147 px)


def big_card(card: Card) -> str:
    """One card for the projector: the hand-size SVG drawn 1.5 times larger."""
    svg = card_svg(card, "hand")
    wd, ht = round(70 * SCALE), round(98 * SCALE)
    return re.sub(r'width="70" height="98"', f'width="{wd}" height="{ht}"', svg, count=1)


def _big_row(cards: tuple[Card, ...]) -> str:
    return "".join(f'<span style="margin-right:8px">{big_card(c)}</span>' for c in cards)


def slide_html(slide: Slide, shown: int, lang: str = "en") -> str:
    """One slide with its first ``shown`` parts revealed (the last one highlighted)."""
    _ = tr(lang)
    esc = html.escape
    cls = "crib-slide crib-title" if slide.kind == "title" else "crib-slide"
    out = [f'<div class="{cls}" lang="{lang}">']
    kinds = {"example": _("Worked example"), "practice": _("Practice"), "exit": _("Exit ticket")}
    if slide.kind in kinds:
        out.append(f'<div class="crib-slide-kind">{esc(kinds[slide.kind])}</div>')
    out.append(f"<h2>{esc(slide.title)}</h2>")
    if slide.text:
        out.append(f'<p class="crib-slide-text">{esc(slide.text).replace(chr(10), "<br>")}</p>')
    if slide.cards or slide.starter:
        out.append('<div class="crib-slide-cards">')
        if slide.cards:
            label = (
                f'<span class="crib-slide-label">{esc(slide.label)}</span>' if slide.label else ""
            )
            out.append(f"<div>{label}{_big_row(slide.cards)}</div>")
        if slide.starter:
            out.append(
                f'<div><span class="crib-slide-label">{esc(_("starter"))}</span>'
                f"{big_card(slide.starter)}</div>"
            )
        out.append("</div>")
    if shown:
        out.append('<ol class="crib-two-cols">' if len(slide.parts) > 4 else "<ol>")
        for i, p in enumerate(slide.parts[:shown]):
            cls = ' class="crib-new"' if i == shown - 1 else ""
            cards = cards_html(p.cards, "pile") if p.cards else ""
            out.append(f"<li{cls}>{esc(p.text)}{cards}</li>")
        out.append("</ol>")
    out.append("</div>")
    text = "".join(out)
    return local_html(text, lang)  # valet, dame, roi: V, D, R on the cards and in the words


class SlideDeck(w.VBox):
    """A lesson on the projector: Back, Next and where we are (above, so they never move),
    then the slide."""

    KEYS = ("arrowright", "arrowleft", "pagedown", "pageup")

    def __init__(
        self,
        n: int | Lesson = 1,
        lang: str = "en",
        *,
        keys: bool = True,
        start: bool = False,
        store: Any = None,
    ) -> None:
        self.lesson = n if isinstance(n, Lesson) else lesson(n, check_lang(lang))
        self.lang = self.lesson.lang
        _ = tr(self.lang)
        self._ = _
        self.index, self.shown = 0, 0
        self.view = w.HTML(_dom_classes=("crib-slide-view",))
        self.back_button = w.Button(_dom_classes=("crib-deck-back",), description=_("◀ Back"))
        self.next_button = w.Button(
            _dom_classes=("crib-deck-next",), description=_("Next ▶"), button_style="primary"
        )
        self.pos = w.HTML(_dom_classes=("crib-deck-pos",))
        on_clicks((self.back_button, self.back), (self.next_button, self.next))
        bar = w.HBox(
            [self.back_button, self.next_button, self.pos], _dom_classes=("crib-deck-bar",)
        )
        kids: list[w.Widget] = [bar, self.view]
        self.practice: w.Widget | None = None
        if start:  # the practice slides' "Start this practice with the class"
            from crib.ui.teacher.projector import PracticeStart

            les = self.lesson
            self.practice = PracticeStart(
                lambda: [it.question for it in les.practice],
                _("Lesson {n} · practice").format(n=les.number),  # a name of 40 at most
                self.lang,
                seed=les.number,
                store=store,
            )
            kids.append(self.practice)
        self.listener = None
        if keys:
            from crib.ui.kit.keys import KeyListener

            self.listener = KeyListener(list(self.KEYS), label="")
            self.listener.on_key(self._key)
            kids.append(self.listener)
        super().__init__(kids)
        self.add_class("crib-deck")
        self.view.add_class("crib-live")
        self._draw()

    @property
    def slide(self) -> Slide:
        return self.lesson.slides[self.index]

    def position(self) -> tuple[int, int]:
        """(slide index, parts revealed)."""
        return self.index, self.shown

    def go(self, index: int, shown: int = 0) -> None:
        """Show slide ``index`` with ``shown`` parts revealed."""
        self.index = max(0, min(index, len(self.lesson.slides) - 1))
        self.shown = max(0, min(shown, len(self.slide.parts)))
        self._draw()

    def next(self) -> None:
        """Reveal the next part, or go to the next slide."""
        if self.shown < len(self.slide.parts):
            self.go(self.index, self.shown + 1)
        elif self.index + 1 < len(self.lesson.slides):
            self.go(self.index + 1, 0)

    def back(self) -> None:
        """Hide the last part, or go back to the previous slide (fully revealed)."""
        if self.shown > 0:
            self.go(self.index, self.shown - 1)
        elif self.index > 0:
            self.go(self.index - 1, len(self.lesson.slides[self.index - 1].parts))

    def _key(self, key: str) -> None:
        (self.next if key in ("arrowright", "pagedown") else self.back)()

    def _draw(self) -> None:
        _ = self._
        s = self.slide
        region = html.escape(_("slide"))
        self.view.value = (
            f'<div role="region" aria-live="polite" aria-label="{region}">'
            + slide_html(s, self.shown, self.lang)
            + "</div>"
        )
        last = self.index == len(self.lesson.slides) - 1
        more = self.shown < len(s.parts)
        self.next_button.description = _("Show ▼") if more else _("Next ▶")
        self.next_button.disabled = last and not more
        self.back_button.disabled = self.index == 0 and self.shown == 0
        self.pos.value = html.escape(
            _("slide {i} of {n}").format(i=self.index + 1, n=len(self.lesson.slides))
        )
        if self.practice is not None:
            self.practice.layout.display = "" if s.kind == "practice" else "none"


def show_lesson(n: int, lang: str = "en") -> SlideDeck:
    """A lesson notebook's one call: lesson ``n`` on the projector, in ``lang``, with the
    stylesheet (a notebook has no nav bar to carry it)."""
    from crib.ui.kit.style import stylesheet

    deck = SlideDeck(n, lang)
    deck.children = (stylesheet(), *deck.children)
    return deck


# --- the Lessons page ------------------------------------------------------------------

_PAGE_WORDS = (
    N_("Teacher's guide"),
    N_("Lesson on the projector"),
    N_("Language"),
    N_("Lesson"),
    N_("Paper"),
    N_("Make the PDF"),
    N_("Download {name}"),
    N_("Lessons"),
    N_("Lesson {n} · practice"),
)
LESSONS_TAB, GUIDE_TAB, DECK_TAB = 0, 1, 2


class GuidePage(w.VBox):
    """The page ``guide.ipynb`` (Teach → Lessons): three tabs, the lessons (each one's
    slides, guide page and printables: :class:`crib.ui.lesson_list.LessonList`), the whole
    guide and its PDF, and a lesson on the projector, whose practice slides start a class
    session (``store``: the classroom record, :class:`crib.store.classroom.Store`).

    ``apply_query("lang=fr&lesson=2")`` opens the French guide with lesson 2 on the
    projector tab (a class link); on that tab the heading and the language switch step
    aside, so the slides get the room.
    """

    def __init__(self, lang: str = "en", nav: w.HTML | None = None, *, store: Any = None) -> None:
        from crib.ui.kit.lang import LangSwitch

        self.lang, self.nav, self.query, self.store = check_lang(lang), nav, "", store
        self.switch = LangSwitch(self.lang)  # the pages' one language switch
        # the select's own label (description): its accessible name, said with it
        self.lesson_pick = w.Dropdown(
            _dom_classes=("crib-guide-lesson",),
            options=[(str(i), i) for i in range(1, 6)],
            value=1,
            style={"description_width": "initial"},
        )
        self.paper_pick = w.ToggleButtons(
            _dom_classes=("crib-guide-paper",),
            options=[("A4", "a4"), ("Letter", "letter")],
            value="a4",
        )
        self.pdf_button = w.Button(_dom_classes=("crib-guide-pdf",), icon="file-pdf-o")
        self.download = w.HTML(_dom_classes=("crib-guide-download",))
        self.status = w.HTML()
        self.guide_view = w.HTML(_dom_classes=("crib-guide-view",))
        self.lessons_box = w.VBox()
        self.deck_box = w.VBox()
        self.tabs = w.Tab()
        self.lesson_pick.observe(lambda _c: self._show_deck(), "value")
        self.tabs.observe(lambda _c: self._room(), "selected_index")
        self.pdf_button.on_click(lambda _b: self.make_pdf())
        # labels keep their own width: on a phone the buttons wrap below, never over them
        self.paper_label = w.HTML(
            layout=w.Layout(flex="0 0 auto", width="auto", margin="0 8px 0 0")
        )
        self.heading = w.HTML(_dom_classes=("crib-guide-heading",))
        self.top = top = self.switch
        guide_tab = w.VBox(
            [
                w.HBox([self.paper_label, self.paper_pick, self.pdf_button]),
                self.download,
                self.guide_view,
            ]
        )
        deck_tab = w.VBox([self.lesson_pick, self.deck_box])
        self.tabs.children = [self.lessons_box, guide_tab, deck_tab]
        super().__init__([top, self.heading, self.status, self.tabs])
        self.add_class("crib-guide").add_class("crib-page")  # the pages' narrow-screen rules (wrap)
        self._set_lang(lang)

    def _set_lang(self, lang: str) -> None:
        from crib.course.guide import guide_html
        from crib.ui.lesson_list import LessonList

        self.lang = check_lang(lang)
        _ = tr(lang)
        title, sub = _("Lessons"), _("Five lessons of 45 minutes")
        self.heading.value = (
            f"<h1 lang='{lang}'>{html.escape(title, quote=False)}</h1>"
            f"<p>{html.escape(sub, quote=False)}</p>"
        )
        self.tabs.set_title(LESSONS_TAB, _("Lessons"))
        self.tabs.set_title(GUIDE_TAB, _("Teacher's guide"))
        self.tabs.set_title(DECK_TAB, _("Lesson on the projector"))
        self.lesson_pick.description = _("Lesson")
        self.paper_label.value = f"<b>{html.escape(_('Paper'))}</b>"
        self.pdf_button.description = _("Make the PDF")
        self.guide_view.value = guide_html(lang)
        self.download.value = ""
        self.lessons = LessonList(self.lang, self.show)
        self.lessons_box.children = [self.lessons]
        self.switch.show(lang, self.query)
        if self.nav is not None:  # the page's nav bar in the same language
            from crib.ui.kit.nav import nav_lang

            nav_lang(self.nav, lang)
        self._show_deck()

    def _show_deck(self) -> None:
        self.deck = SlideDeck(self.lesson_pick.value, self.lang, start=True, store=self.store)
        self.deck_box.children = [self.deck]

    def _room(self) -> None:
        """On the projector tab, the nav bar, the heading and the language switch step aside
        (the tabs stay: "Lessons" is one click away)."""
        projecting = self.tabs.selected_index == DECK_TAB
        for x in (self.heading, self.switch, self.nav):
            if x is not None:
                x.layout.display = "none" if projecting else ""

    def show(self, n: int) -> None:
        """Lesson ``n`` on the projector tab."""
        self.lesson_pick.value = n
        self.tabs.selected_index = DECK_TAB

    @friendly()
    def make_pdf(self) -> bytes:
        """Build the guide's PDF for the chosen paper and offer it as a download link."""
        from crib.course.guide import guide_pdf

        data = guide_pdf(self.lang, self.paper_pick.value)
        name = f"crib-guide-{self.lang}-{self.paper_pick.value}.pdf"
        b64 = base64.b64encode(data).decode()
        label = tr(self.lang)("Download {name}").format(name=name)
        self.download.value = (
            f'<a download="{name}" href="data:application/pdf;base64,{b64}" '
            f'style="font-size:18px">⬇ {html.escape(label)}</a>'
        )
        return data

    def apply_query(self, query: str) -> None:
        """Open what a link asks: ``lang=fr`` and ``lesson=1``..``5`` (the projector tab)."""
        self.query = query or ""
        self._set_lang(lang_from_query(query))
        m = re.search(r"(?:^|&)lesson=([1-5])(?:&|$)", query or "")
        if m:  # a class link to a lesson: the projector gets the room
            self.show(int(m.group(1)))


def guide_page(lang: str = "en", nav: w.HTML | None = None) -> Any:
    """The page's one call: the Lessons page, reading ``?lang=`` and ``?lesson=`` in the
    browser (``nav``: the page's nav bar, drawn in the page's language)."""
    from crib.ui.kit.keys import query_reader

    app = GuidePage(lang, nav)
    reader = query_reader(app, lambda a, q: a.apply_query(q))
    return w.VBox([app, reader])
