"""The how-to-play page (``learn.ipynb``, issue #24 point 6): the rules for a beginner
(:mod:`crib.ui.learn.content`), their worked examples computed by the rules engine
(:mod:`crib.ui.learn.examples`), and the page's widgets (:mod:`crib.ui.learn.page`)."""

from crib.ui.learn.page import LearnPage, StartHere, learn_page, start_here

__all__ = ["LearnPage", "StartHere", "learn_page", "start_here"]
