"""The teacher's page: the language switch above :class:`~crib.ui.teacher.app.TeacherApp`.

``teacher.ipynb?lang=fr`` opens it in French, and the student link it shows (the QR
code) then opens the trainer in French too (``lang=fr``).
"""

from __future__ import annotations

import ipywidgets as w

from crib.i18n import N_
from crib.store.classroom import Store
from crib.ui.kit.lang import Intro, LangPage
from crib.ui.teacher.app import TeacherApp

__all__ = ["teacher_page", "intro_html"]


#: the page's heading and what it is for
intro_html = Intro(
    N_("Teacher's dashboard"),
    N_(
        "Create a class session (a name, a seed and how many questions of each kind, or the "
        "course's pre-test or post-test), show its join code, and follow the answers live: per "
        "question, per student, the choices against the best, and mastery per lesson objective; "
        "reveal an answer to the class; export a CSV."
    ),
)


def teacher_page(
    lang: str = "en", *, store: Store | None = None, nav: w.HTML | None = None
) -> LangPage:
    """The page's one call: the teacher's dashboard in ``lang``, then in the URL's language
    (and the page's ``nav`` bar with it)."""
    from crib.ui.teacher.projector import open_from_query  # ?code=: the session a link opens

    return LangPage(
        lambda lang, query: open_from_query(TeacherApp(store=store, lang=lang), query),
        lang,
        intro_html,
        nav,
    )
