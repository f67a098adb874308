"""The guided tour of the game page: five short steps for a first game (issue #24, point 6).

``play.ipynb?tier=easy&tour=1`` (the learn page's "Play your first game" link) opens it:
a panel above the table with one step at a time (your hand and the crib, the starter,
the play, the show, the board and the coach), the part of the page it speaks of
outlined.  Next, Back and Skip tour are buttons (Tab, then Enter), Escape closes it,
and the game's own keys and clicks go on working all along: the panel never blocks play.

:class:`Tour` is the logic, without widgets (tested headless); :class:`TourPanel` draws
it.  The words go through gettext (``?lang=fr``) and each cribbage word links to its
definition on the learn page (:mod:`crib.ui.kit.glossary`).

>>> t = Tour()
>>> t.start(); t.position()
(1, 5)
>>> t.next(); t.next(); t.step.key, t.position()
('play', (3, 5))
>>> t.skip(); t.open, t.skipped
(False, True)
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import anywidget
import ipywidgets as w

from crib.i18n import DEFAULT, N_, check_lang, tr
from crib.ui.kit.common import on_clicks
from crib.ui.kit.glossary import term_link

__all__ = ["TourStep", "STEPS", "Tour", "TourPanel", "TourScroll"]


@dataclass(frozen=True)
class TourStep:
    """One step: its key, the CSS selector of what it outlines (crib.css outlines it under
    ``crib-tour-at-<key>``), its title and its text
    (English, marked for the catalog; ``{crib}`` and the like become glossary links)."""

    key: str
    target: str
    title: str
    text: str


STEPS: tuple[TourStep, ...] = (
    TourStep(
        "hand",
        ".crib-hand",
        N_("Your hand and the crib"),
        N_(
            "You get six cards. Throw two of them into the {crib}, the dealer's extra hand: "
            "click two cards (or press their numbers, 1 to 6), then press Enter."
        ),
    ),
    TourStep(
        "starter",
        ".crib-starter",
        N_("The starter"),
        N_(
            "Then a card is turned up: the {starter}. It is a fifth card for both hands and "
            "for the crib. A jack turned up gives the dealer 2 points: {heels}."
        ),
    ),
    TourStep(
        "play",
        ".crib-table, .crib-go",
        N_("The play"),
        N_(
            "The {pone} plays first. Take turns laying a card and adding up the count, never "
            "above 31. Making 15 or 31, a pair or a run scores. No card fits? Say {go}."
        ),
    ),
    TourStep(
        "show",
        ".crib-show, .crib-captions",
        N_("The show"),
        N_(
            "When all the cards are played, each hand is counted with the starter: the pone's "
            "hand, the dealer's, then the crib. Fifteens, pairs, runs, a flush and {nobs} "
            "score; the page counts aloud for you."
        ),
    ),
    TourStep(
        "board",
        ".crib-board-box, .crib-coach",
        N_("The board and the coach"),
        N_(
            "The board shows the scores: the first to 121 wins (before the loser reaches "
            "91, it is a {skunk}). The coach grades each of your decisions; press h for a hint."
        ),
    ),
)

_WORDS = (N_("Guided tour"), N_("step {i} of {n}"), N_("Skip tour"), N_("Start playing"))


class Tour:
    """Where the tour is: open or not, which step; no widgets."""

    def __init__(self, lang: str = DEFAULT, steps: tuple[TourStep, ...] = STEPS) -> None:
        self.lang = check_lang(lang)
        self.steps = steps
        self.index = 0
        self.open = False
        self.skipped = False
        self.finished = False

    @property
    def step(self) -> TourStep:
        return self.steps[self.index]

    def position(self) -> tuple[int, int]:
        """(this step's number from 1, the number of steps)."""
        return self.index + 1, len(self.steps)

    @property
    def last(self) -> bool:
        return self.index == len(self.steps) - 1

    def start(self, lang: str | None = None) -> None:
        """Open the tour at its first step (in ``lang``, if given)."""
        if lang is not None:
            self.lang = check_lang(lang)
        self.index, self.open, self.skipped, self.finished = 0, True, False, False

    def next(self) -> None:
        """The next step; after the last, the tour is done and closes."""
        if not self.open:
            return
        if self.last:
            self.open, self.finished = False, True
        else:
            self.index += 1

    def back(self) -> None:
        """The step before (none before the first)."""
        if self.open and self.index > 0:
            self.index -= 1

    def skip(self) -> None:
        """Close the tour now."""
        if self.open:
            self.open, self.skipped = False, True

    def text_html(self) -> str:
        """The open step as HTML: where we are, its title and its text, its cribbage words
        linked to their definitions (empty when the tour is closed)."""
        if not self.open:
            return ""
        _ = tr(self.lang)
        s = self.step
        links = {
            k: term_link(k, self.lang)
            for k in ("crib", "starter", "heels", "pone", "go", "nobs", "skunk")
        }
        text = html.escape(_(s.text), quote=False).format(**links)
        head = (
            _("Guided tour")
            + " · "
            + _("step {i} of {n}").format(i=self.index + 1, n=len(self.steps))
        )
        return (
            f'<div class="crib-tour-head"><span class="crib-tour-step">{html.escape(head)}</span>'
            f'<h2 class="crib-tour-title">{html.escape(_(s.title))}</h2></div><p>{text}</p>'
        )

    def outline_class(self) -> str:
        """The panel's class that outlines what the open step speaks of, ``crib-tour-at-hand``
        (the stylesheet has a rule for each step's targets); empty when closed."""
        return f"crib-tour-at-{self.step.key}" if self.open else ""


class TourScroll(anywidget.AnyWidget):
    """Brings what a step outlines into view (only as far as needed, at once), so the tour
    never leaves its subject below the fold."""

    _esm = r"""
    function render({ model, el }) {
      const onMsg = (msg) => {
        if (!msg || typeof msg.show !== "string") return;
        const e = [...document.querySelectorAll(msg.show)]
          .find((x) => x.getBoundingClientRect().height > 0);
        if (e) e.scrollIntoView({ block: "nearest" });  // at once: a focus move cannot cut it short
      };
      model.on("msg:custom", onMsg);
      return () => model.off("msg:custom", onMsg);
    }
    export default { render };
    """

    def show(self, selector: str) -> None:
        self.send({"show": selector})


class TourPanel(w.VBox):
    """The tour above the table: the step, then Back, Next and Skip tour; hidden when closed."""

    def __init__(self, lang: str = DEFAULT) -> None:
        self.tour = Tour(lang)
        self.text = w.HTML().add_class("crib-tour-text")
        self.outline = ""  # the panel's outline class (Tour.outline_class)
        self.back_button = w.Button().add_class("crib-tour-back")
        self.next_button = w.Button(button_style="primary").add_class("crib-tour-next")
        self.skip_button = w.Button().add_class("crib-tour-skip")
        on_clicks(
            (self.back_button, self.back),
            (self.next_button, self.next),
            (self.skip_button, self.skip),
        )
        bar = w.HBox([self.back_button, self.next_button, self.skip_button]).add_class(
            "crib-tour-bar"
        )
        self.box = w.HBox([self.text, bar]).add_class("crib-tour")
        self.scroll = TourScroll()
        super().__init__([self.box, self.scroll])
        self.add_class("crib-tour-panel")
        self._draw()

    def start(self, lang: str | None = None) -> None:
        self.tour.start(lang)
        self._draw()

    def next(self) -> None:
        self.tour.next()
        self._draw()

    def back(self) -> None:
        self.tour.back()
        self._draw()

    def skip(self) -> None:
        self.tour.skip()
        self._draw()

    def _draw(self) -> None:
        t = self.tour
        _ = tr(t.lang)
        self.layout.display = None if t.open else "none"
        self.text.value = (
            f'<div role="region" aria-live="polite" aria-label="{html.escape(_("Guided tour"))}"'
            f' lang="{t.lang}">{t.text_html()}</div>'
        )
        if self.outline != t.outline_class():
            if self.outline:
                self.remove_class(self.outline)
            self.outline = t.outline_class()
            if self.outline:
                self.add_class(self.outline)
        self.back_button.description = _("◀ Back")
        self.back_button.disabled = t.index == 0
        self.next_button.description = _("Start playing") if t.last else _("Next ▶")
        self.skip_button.description = _("Skip tour")
        if t.open:  # what the step speaks of, in view
            self.scroll.show(
                ", ".join(f".crib-play-app {x.strip()}" for x in t.step.target.split(","))
            )
