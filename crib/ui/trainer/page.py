"""The trainer's page: the language switch above :class:`~crib.ui.trainer.app.TrainerApp`.

``trainer.ipynb?lang=fr`` opens the trainer in French; ``code=K7QW2M`` (the teacher's
class link) fills the class code in, so a student types only a name.
"""

from __future__ import annotations

import re

import ipywidgets as w

from crib.i18n import N_
from crib.store.classroom import Store
from crib.ui.kit.lang import Intro, LangPage
from crib.ui.trainer.app import TrainerApp

__all__ = ["trainer_page", "code_from_query", "intro_html"]


def code_from_query(query: str) -> str:
    """The class code a link carries (``code=``), or ``""``.

    >>> code_from_query("lang=fr&code=k7qw2m"), code_from_query("code=<b>")
    ('K7QW2M', '')
    """
    m = re.search(r"(?:^|&)code=([A-Za-z0-9]{4,12})(?:&|$)", query or "")
    return m.group(1).upper() if m else ""


#: the page's heading and what it is for
intro_html = Intro(
    N_("Counting trainer and quizzes"),
    N_(
        "Count hands and cribs (from fifteens only up to tricky hands), say what a card pegs in "
        "the play, answer rules questions, pick the throw, pick the play: each answer is checked "
        "at once, with the breakdown or the explanation in plain words. In class, join with the "
        "code your teacher shows and your name; your answers are recorded for your progress."
    ),
)


def trainer_page(
    lang: str = "en",
    *,
    store: Store | None = None,
    seed: int | None = None,
    nav: w.HTML | None = None,
) -> LangPage:
    """The page's one call: the trainer in ``lang``, then in the URL's language (and the
    page's ``nav`` bar with it)."""
    seeds: list[int | None] = [seed]

    def make(lang: str, query: str) -> TrainerApp:
        app = TrainerApp(store=store, seed=seeds[-1], lang=lang)
        seeds.append(int(app.seed.value))  # the same deals in the other language
        app.code.value = code_from_query(query) or app.code.value
        return app

    return LangPage(make, lang, intro_html, nav)
