"""The teacher's guide: five 45-minute lessons, on the page and as a printable PDF.

Each lesson states its objective (:data:`crib.course.rules_bank.OBJECTIVES`), its
materials, a timed plan (warm-up, teach, practise, play, exit ticket, in minutes that
add up to 45), the common misconceptions with what to say, and the exact settings of
the student's trainer and of a class session on the teacher's page.  The settings are
data (:class:`Session`), so a test builds each session with
:func:`crib.course.questions.make_questions`.

The PDF is drawn with matplotlib's ``PdfPages`` (already in crib's stack, no browser
or extra library needed, the same file on every machine): A4 or US Letter, text wrapped
to the page, a new page whenever one is full.  ``crib print guide --lang fr --paper a4
--out DIR`` writes it (:mod:`crib.tools.print_guide`).

The package: :mod:`crib.course.guide.plans` holds the lesson plans (data) and
:func:`guide`; :mod:`crib.course.guide.text` the text the page and the PDF share, and
the page's HTML; :mod:`crib.course.guide.pdf` the PDF's pages.

>>> g = guide(1)
>>> sum(p.minutes for p in g.plan)
45
>>> guide(3, "fr").plan[0].phase
'Échauffement'
"""

from __future__ import annotations

from crib.course.guide.pdf import PAPERS, guide_figures, guide_pdf
from crib.course.guide.plans import CLASS_MINUTES, GuideLesson, Session, Step, guide
from crib.course.guide.text import guide_html

__all__ = [
    "Step",
    "Session",
    "GuideLesson",
    "guide",
    "guide_html",
    "guide_pdf",
    "guide_figures",
    "PAPERS",
    "CLASS_MINUTES",
]
