"""The game page's replay of a saved game (Load game): the verdict, then hand by hand
with the review, under the game.  :class:`ReplayPanel` owns its widgets (hidden
until a game is loaded); the page calls :meth:`ReplayPanel.load` with the uploaded
file and :meth:`ReplayPanel.update` when the hand or the words change.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from crib.errors import CribError
from crib.i18n import N_, tr
from crib.rules.events import Dealt
from crib.session.controller import grade_log, load_saved
from crib.session.model import replay_summary
from crib.session.review import replay_saved
from crib.ui.play.html import replay_hand_html
from crib.ui.play.stepper import GameStepper

__all__ = ["ReplayPanel"]


class ReplayPanel:
    """A loaded game's hands: the slider (``hand``, ← → on the page) over the hand
    with its review (``html``), both in ``box``."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        _ = tr(lang)
        self._replay: tuple[Any, ...] | None = (
            None  # the loaded game: events, counts, replay, grades
        )
        self.html = w.HTML(_dom_classes=("crib-replay",))
        self.hand = w.IntSlider(
            _dom_classes=("crib-replay-hand",),
            value=1,
            min=1,
            max=1,
            description=_("Replay hand (← →)"),
            style={"description_width": "initial"},
        )
        self.stepper = GameStepper(lang)  # the chance to win, decision by decision
        self.box = w.VBox(
            [self.stepper, self.hand, self.html],
            _dom_classes=("crib-replay-box",),
            layout=w.Layout(display="none"),
        )

    @property
    def shown(self) -> bool:
        """Whether a loaded game is on the page."""
        return self.box.layout.display != "none"

    def load(self, file: Any) -> str:
        """Replay the uploaded saved game ``file`` (a :class:`ipywidgets.FileUpload`
        value's item) from its first hand; its verdict, for the page's status line.  A
        file that is not a game raises :class:`CribError` and keeps the previous one."""
        raw = bytes(file["content"] if isinstance(file, dict) else file.content)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise CribError(
                tr(self.lang)(N_("not a saved game: the file is not UTF-8 text"))
            ) from None
        events, counts = load_saved(text, self.lang)
        r = replay_saved(events, self.lang)
        self._replay = (events, counts, r, grade_log(events, counts, lang=self.lang))
        self.stepper.show(events, self._replay[3])
        hands = sum(isinstance(e, Dealt) for e in events)
        self.hand.max = max(1, hands)
        self.hand.value = 1
        self.box.layout.display = None
        return tr(self.lang)(N_("Loaded a game of {n} hands: {verdict}.")).format(
            n=hands, verdict=replay_summary(r, self.lang)
        )

    def step(self, by: int) -> None:
        """The decision ``by`` decisions on (back if negative) in the stepper, and its hand."""
        self.stepper.step(by)
        p = self.stepper.curve[self.stepper.chart.selected] if self.stepper.curve else None
        if p is not None and p.hand >= 0:
            self.hand.value = min(max(p.hand + 1, 1), self.hand.max)
            return
        self.hand.value = min(max(self.hand.value + by, 1), self.hand.max)

    def update(self, *, plain: bool) -> None:
        """Draw the chosen hand of the loaded game (if any), in ``plain`` words or not."""
        if self._replay is None:
            return
        events, counts, r, grades = self._replay
        self.html.value = replay_hand_html(
            events, counts, r, grades, self.hand.value, plain=plain, lang=self.lang
        )
