"""The Lessons page's list (``guide.ipynb``, Teach → Lessons): each of the five lessons with
its slides for the projector, its page of the teacher's guide and its printables.

A lesson's row (:class:`LessonRow`) has a "Show on the projector" button (the page's
projector tab opens on that lesson), its page of the guide in a fold (the objective,
materials, timed plan, misconceptions, settings, what to print and when, help for
pupils who struggle and the answers: :func:`crib.course.guide.text.sections`), and a
button per printable that goes with it (:data:`PRINTABLES`): the PDF is built in the
kernel and offered as a download link, in the page's language, on the paper chosen
above the list.

>>> PRINTABLES[3]
('board', 'pegging', 'exit-tickets')
>>> "<details" in lesson_guide_html(2, "fr")
True
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from crib.course.guide import guide
from crib.course.guide.text import sections
from crib.course.lessons import LESSONS, lesson
from crib.course.printables import SEEDED, build, filename, to_pdf
from crib.i18n import N_, check_lang, tr
from crib.ui.kit.say import friendly_in
from crib.ui.teacher.printables import NAMES, pages_text, pdf_link_html

__all__ = ["PRINTABLES", "SEED", "LessonRow", "LessonList", "lesson_guide_html"]

#: what to print for each lesson (crib print's names), as the guide's "Printables: what
#: to print and when" says; the exit tickets (one sheet, a strip per lesson) go with each
PRINTABLES = {
    1: ("glossary", "worksheet-1", "exit-tickets"),
    2: ("worksheet-2", "quiz-1", "exit-tickets"),
    3: ("board", "pegging", "exit-tickets"),
    4: ("cheatsheet", "tactics", "quiz-2", "exit-tickets"),
    5: ("tactics", "exit-tickets"),
}
SEED = 7  # the worksheets' hands: crib print's default seed, so the page's PDF is the command's

_WORDS = (
    N_("Show on the projector"),
    N_("Its page of the teacher's guide"),
    N_("Print for this lesson"),
    N_("{n} slides"),
)


def lesson_guide_html(n: int, lang: str = "en") -> str:
    """Lesson ``n``'s page of the teacher's guide, in a fold (closed), as HTML."""
    _ = tr(check_lang(lang))
    esc = html.escape
    g = guide(n, lang)
    out = [
        f'<details class="crib-guide-text crib-lesson-guide" lang="{lang}">'
        f"<summary>{esc(_(_WORDS[1]))}</summary>"
    ]
    for head, lines in sections(g, lang):
        out.append(f"<h4>{esc(head)}</h4>")
        if head == _("Common misconceptions"):
            rows = "".join(
                f"<tr><td>{esc(a)}</td><td>{esc(_('What to say'))}: {esc(b)}</td></tr>"
                for a, b in g.misconceptions
            )
            out.append(f"<table class='crib-guide-says'>{rows}</table>")
        else:
            out.append("<ul>" + "".join(f"<li>{esc(x)}</li>" for x in lines) + "</ul>")
    out.append("</details>")
    return "".join(out)


class LessonRow(w.VBox):
    """One lesson: its title and objective, "Show on the projector", its guide page in a
    fold, and a button per printable (the PDF's download link beside them)."""

    def __init__(
        self, n: int, lang: str, show: Callable[[int], None], paper: Callable[[], str]
    ) -> None:
        self.n, self.lang, self._paper = n, check_lang(lang), paper
        _ = tr(self.lang)
        les = lesson(n, self.lang)
        slides = _("{n} slides").format(n=len(les.slides))
        self.head = w.HTML(
            f'<h3 lang="{self.lang}">{html.escape(les.title)}</h3>'
            f'<p class="crib-lesson-objective">{html.escape(les.objective)} · {slides}</p>'
        )
        self.show_button = w.Button(
            _dom_classes=("crib-lesson-show",),
            description=_("Show on the projector"),
            icon="television",
            button_style="primary",
            layout=w.Layout(width="auto"),
        )
        self.show_button.on_click(lambda _b: show(n))
        self.guide_view = w.HTML(lesson_guide_html(n, self.lang))
        self.print_buttons = {
            kind: w.Button(
                _dom_classes=(f"crib-lesson-print-{kind}",),
                description=_(NAMES[kind]),
                icon="print",
                layout=w.Layout(width="auto"),
            )
            for kind in PRINTABLES[n]
        }
        for kind, b in self.print_buttons.items():
            b.on_click(lambda _b, k=kind: self.make(k))
        self.link = w.HTML(_dom_classes=("crib-lesson-link",))
        self.status = self.link  # a printable that cannot be made: a message where its link goes
        label = w.HTML(f"<b>{html.escape(_('Print for this lesson'))}</b>")
        prints = w.HBox(
            [label, *self.print_buttons.values()],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        show_row = w.HBox([self.show_button])  # the button keeps its own width
        super().__init__([self.head, show_row, self.guide_view, prints, self.link])
        self.add_class("crib-lesson-row").add_class(f"crib-lesson-{n}")

    @friendly_in()
    def make(self, kind: str) -> bytes:
        """Build printable ``kind`` in the page's language on the chosen paper, and show
        its download link; returns the PDF."""
        _ = tr(self.lang)
        paper = self._paper()
        self.link.value = html.escape(_("Making the PDF…"))
        doc = build(kind, lang=self.lang, seed=SEED, paper=paper)
        data = to_pdf(doc)
        pages = pages_text(len(doc.pages), self.lang)
        label = (
            _(NAMES[kind])
            + " · "
            + (
                _("Download the PDF ({pages}, seed {seed})")
                if kind in SEEDED
                else _("Download the PDF ({pages})")
            ).format(pages=pages, seed=SEED)
        )
        self.link.value = pdf_link_html(data, filename(kind, self.lang, paper, SEED), label)
        return data


class LessonList(w.VBox):
    """The five lessons (:class:`LessonRow`) under one paper choice (A4 or Letter)."""

    def __init__(self, lang: str, show: Callable[[int], None]) -> None:
        self.lang = check_lang(lang)
        _ = tr(self.lang)
        self.paper = w.ToggleButtons(
            _dom_classes=("crib-lesson-paper",),
            options=[("A4", "a4"), ("Letter", "letter")],
            value="a4",
        )
        paper_label = w.HTML(
            f"<b>{html.escape(_('Paper'))}</b>",
            layout=w.Layout(flex="0 0 auto", width="auto", margin="0 8px 0 0"),
        )
        self.rows = [LessonRow(n, self.lang, show, lambda: self.paper.value) for n in LESSONS]
        top = w.HBox([paper_label, self.paper], layout=w.Layout(align_items="center"))
        super().__init__([top, *self.rows])
        self.add_class("crib-lesson-list")
