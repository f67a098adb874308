"""The puzzles page's widgets (issue 40, point 3): a puzzle, the move, then the verdict.

:class:`PuzzlesApp` draws what a :class:`~crib.ui.puzzles.flow.PuzzleFlow` gives it: the
position, its cards as buttons (a discard's six are toggles: pick two, then "Throw these
two"; a play's legal cards are buttons), then, once the move is made, the verdict, the
answer in plain words, the rating change and the exact figures under "How this was
computed".  Before the move no widget holds the answer or its words: the flow keeps the
puzzle in Python and hands out only its position (point 5).

The modes: rated (the next puzzle near your rating), streak (from the easiest up, until
the first miss), the daily puzzle (the same for everyone on a date) and by theme (rated,
in the chosen theme).  Beside it, your rating, its graph and your last puzzles.

The learner is the device's profile (:mod:`crib.session.learner`): the token this
browser keeps under ``crib-profile``, read when the page opens; the page says so.  Every
attempt is kept in the record (:class:`crib.store.puzzles.PuzzleStore`), so a reload
loses nothing.
"""

from __future__ import annotations

import datetime as dt
import html
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from crib.analysis.puzzles.model import Puzzle, load_puzzles, normal_move
from crib.analysis.puzzles.themes import THEMES
from crib.i18n import N_, tr
from crib.rules.cards import Card, cards_str, parse_card, parse_cards
from crib.rules.position import PeggingPosition
from crib.session.learner import PROFILE_KEY, LearnerKey, device_learner
from crib.store.learners import LearnerStore
from crib.store.puzzles import PuzzleStore
from crib.ui.kit.common import friendly, info_html
from crib.ui.kit.controls import button
from crib.ui.kit.keys import KeyListener
from crib.ui.play.retry import card_buttons
from crib.ui.puzzles.classset import ClassSetPanel
from crib.ui.puzzles.flow import PuzzleFlow
from crib.ui.puzzles.render import date_text, position_html, rating_html, verdict_html

__all__ = ["PuzzlesApp", "MODE_CHOICES"]

#: the mode dropdown: (label, value); "theme" is rated within the theme chosen
MODE_CHOICES = (
    (N_("Rated: near your rating"), "rated"),
    (N_("Streak: until the first miss"), "streak"),
    (N_("Puzzle of the day"), "daily"),
    (N_("By theme"), "theme"),
    (N_("Class puzzle set"), "class"),  # the teacher's set for the session (classset.py)
)
MIN_THEME = 20  # a theme is offered when this many puzzles have it


class PuzzlesApp(w.VBox):
    """The puzzles page (see the module docstring)."""

    def __init__(
        self,
        lang: str = "en",
        *,
        db: Any = None,
        puzzles: Sequence[Puzzle] | None = None,
        seed: int | None = None,
        day: dt.date | None = None,
    ) -> None:
        self.lang = lang
        _ = tr(lang)
        self.puzzles = tuple(puzzles) if puzzles is not None else load_puzzles()
        self.puzzle_store = PuzzleStore(db)
        self.learners = LearnerStore(self.puzzle_store.path)
        self.rng = random.Random(seed)
        self.day = day
        self.learner: LearnerKey | None = None
        self.learner_id: int | None = None
        self.flow: Any = None  # a PuzzleFlow, or a class set's ClassSetFlow
        self.shown: dict[str, Any] | None = None
        self.picked: list[Card] = []
        self.done = False
        self.key_listener = KeyListener([], label="", device_keys=[PROFILE_KEY])
        self.key_listener.on_device(self._device)
        self.mode = w.Dropdown(
            _dom_classes=("crib-puzzle-mode",),
            options=[(_(label), v) for label, v in MODE_CHOICES],
            value="rated",
            description=_("Mode"),
        )
        counts = Counter(t for p in self.puzzles for t in p.themes)
        themes = sorted(
            (t for t, n in counts.items() if n >= MIN_THEME and t in THEMES),
            key=lambda t: _(THEMES[t]).lower(),
        )
        self.theme = w.Dropdown(
            _dom_classes=("crib-puzzle-theme",),
            options=[(f"{_(THEMES[t])} ({counts[t]})", t) for t in themes],
            description=_("Theme"),
            layout=w.Layout(display="none"),
        )
        self.mode.observe(lambda _c: self.restart(), "value")
        self.theme.observe(lambda _c: self.restart(), "value")
        self.who = w.HTML(self._who_html(), _dom_classes=("crib-puzzle-who",))
        self.head = w.HTML(_dom_classes=("crib-puzzle-head",))
        self.position_box = w.HTML(_dom_classes=("crib-puzzle-where",))
        self.card_row = w.HBox(
            _dom_classes=("crib-puzzle-cards",),
            layout=w.Layout(flex_flow="row wrap", padding="12px 0 0 0"),
        )
        self.throw_button = button(
            _("Throw these two"), "crib-puzzle-throw", button_style="primary"
        )
        self.throw_button.on_click(lambda _b: self.submit())
        self.next_button = button(_("Next puzzle"), "crib-puzzle-next", icon="arrow-right")
        self.next_button.on_click(lambda _b: self.next_clicked())
        self.result = w.HTML(_dom_classes=("crib-puzzle-result",))
        self.rating_box = w.HTML(_dom_classes=("crib-puzzle-rating",))
        self.class_set = ClassSetPanel(self)
        super().__init__(
            [
                self.key_listener,
                w.HBox([self.mode, self.theme], layout=w.Layout(flex_flow="row wrap")),
                self.class_set,
                self.who,
                self.head,
                self.position_box,
                self.card_row,
                w.HBox(
                    [self.throw_button, self.next_button], layout=w.Layout(flex_flow="row wrap")
                ),
                self.result,
                self.rating_box,
            ]
        )
        self.add_class("crib-puzzles")
        self.head.value = info_html(_("Reading this device's profile…"))
        self._draw_cards()

    # --- the learner ------------------------------------------------------------------
    def _who_html(self) -> str:
        _ = tr(self.lang)
        if self.mode.value == "class":
            said = _(
                "In the class set, your attempts are kept under your name in the class, "
                "and that name stays with this browser's profile."
            )
            return f'<div class="crib-muted" style="font-size:12px">{html.escape(said)}</div>'
        said = _(
            "Your puzzles are kept for this browser: a random profile token it keeps "
            "(localStorage) names you in the record, with your rating and every attempt. "
            "Another device or browser has its own rating."
        )
        return f'<div class="crib-muted" style="font-size:12px">{html.escape(said)}</div>'

    def _device(self, values: dict[str, str]) -> None:
        learner, new = device_learner(values)
        if new is not None:
            self.key_listener.store(PROFILE_KEY, new)
        self.use_learner(learner)

    def use_learner(self, learner: LearnerKey) -> None:
        """The page's learner known: their rating, and a first puzzle."""
        self.learner = learner
        self.learner_id = self.learners.learner_id(learner)
        self.restart()

    # --- the puzzle ---------------------------------------------------------------------
    def restart(self) -> None:
        """A new run in the chosen mode (and theme)."""
        mode = self.mode.value
        self.theme.layout.display = None if mode == "theme" else "none"
        self.class_set.layout.display = None if mode == "class" else "none"
        self.who.value = self._who_html()
        if self.learner_id is None:
            return
        if mode == "class":
            self.class_set.start()
            return
        self.flow = PuzzleFlow(
            self.puzzles,
            self.learner_id,
            store=self.puzzle_store,
            mode="rated" if mode == "theme" else mode,
            theme=self.theme.value if mode == "theme" else None,
            lang=self.lang,
            rng=self.rng,
        )
        self.next_puzzle()

    def next_clicked(self) -> None:
        """ "Next puzzle": the next one, or, after a streak's miss, a new streak."""
        if self.flow is not None and self.flow.over:
            self.restart()
        else:
            self.next_puzzle()

    def next_puzzle(self) -> None:
        """The flow's next puzzle, the answer hidden."""
        _ = tr(self.lang)
        if self.flow is None:
            return
        self.shown = self.flow.next(self.day)
        if getattr(self.flow, "renewed", False):  # a class set the teacher replaced
            self.flow.renewed = False
            self.class_set.status.value = info_html(_("Your teacher gave a new puzzle set."))
        self.picked, self.done = [], False
        self.result.value = '<div class="crib-puzzle-verdict" role="status"></div>'
        if (
            self.shown is not None
            and self.flow.mode == "daily"
            and self.learner_id is not None
            and self.shown["id"] in self.puzzle_store.seen(self.learner_id)
        ):  # one rated try a day: a reload does not try it again
            self.done = True
            said = _("You have tried today's puzzle already: come back tomorrow for a new one.")
            self.result.value += info_html(said)
        if self.shown is None and self.flow.mode == "class":
            self.head.value = self.class_set.score_line()
            self.position_box.value = ""
        elif self.shown is None:
            self.head.value = info_html(_("No puzzle left here: try another theme or mode."))
            self.position_box.value = ""
        else:
            self.head.value = self._head_html()
            self.position_box.value = position_html(self.shown, self.lang)
        self._draw_cards()
        self._draw_rating()
        if self.shown is not None and not self.done:
            self.key_listener.focus_on(".crib-puzzle-card")

    def _head_html(self) -> str:
        _ = tr(self.lang)
        assert self.flow is not None and self.shown is not None
        if self.flow.mode == "daily":
            day = self.day or dt.date.today()
            what = _("The puzzle of {day}: the same for everyone today.").format(
                day=date_text(day, self.lang)
            )
        elif self.flow.mode == "streak":
            what = _("Streak: {n} solved so far.").format(n=self.flow.streak)
        elif self.flow.mode == "class":
            what = self.class_set.head()
        elif self.flow.theme:
            what = _("Rated puzzle, theme: {theme}.").format(theme=_(THEMES[self.flow.theme]))
        else:
            what = _("Rated puzzle, chosen near your rating.")
        kind = (
            _("Throw two cards to the crib.")
            if self.shown["kind"] == "discard"
            else _("Play a card.")
        )
        return f"<h2>{html.escape(what)}</h2><p>{html.escape(kind)}</p>"

    def _cards(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The cards to show as buttons, and those that may be played."""
        s = self.shown
        if s is None:
            return (), ()
        if s["kind"] == "discard":
            six = parse_cards(s["hand"])
            return six, six
        peg = PeggingPosition.parse(s["position"])
        return peg.hand, peg.legal()

    def _draw_cards(self) -> None:
        _ = tr(self.lang)
        cards, legal = self._cards()
        discard = self.shown is not None and self.shown["kind"] == "discard"
        buttons = card_buttons(
            cards,
            legal,
            self.picked if discard else None,
            self.lang,
            toggle=self._toggle,
            play=self.play,
            css="crib-puzzle-card",
            done=self.done,
        )
        self.card_row.children = buttons
        self.throw_button.layout.display = None if discard else "none"
        self.throw_button.disabled = self.done or len(self.picked) != 2
        over = self.flow is not None and self.flow.mode == "class" and self.flow.over
        self.next_button.layout.display = (
            None
            if self.done and self.flow is not None and self.flow.mode != "daily" and not over
            else "none"
        )

    def _toggle(self, card: Card, on: bool) -> None:
        if self.done or self.shown is None or (card in self.picked) == on:
            return
        if on and len(self.picked) >= 2:  # a third card: not picked
            for b in self.card_row.children:
                if f"crib-cardbtn-{card}" in b._dom_classes:
                    b.value = False
            return
        if on:
            self.picked.append(card)
        else:
            self.picked.remove(card)
        self.throw_button.disabled = len(self.picked) != 2

    def pick(self, card: str | Card) -> None:
        """A discard: ``card`` picked or put back (as a tap on its toggle does)."""
        c = parse_card(card) if isinstance(card, str) else card
        for b in self.card_row.children:
            if f"crib-cardbtn-{c}" in b._dom_classes:
                b.value = not b.value

    def play(self, card: str | Card) -> None:
        """A play: ``card`` played, and judged."""
        if self.done or self.shown is None or self.shown["kind"] != "play":
            return
        self.picked = [parse_card(card) if isinstance(card, str) else card]
        self.submit()

    @friendly("result")
    def submit(self) -> dict[str, Any] | None:
        """The move made: judged, recorded, and the verdict shown."""
        _ = tr(self.lang)
        if self.done or self.flow is None or self.shown is None:
            return None
        need = 2 if self.shown["kind"] == "discard" else 1
        if len(self.picked) != need:
            return None
        v = self.flow.move(normal_move(self.shown["kind"], cards_str(self.picked)))
        self.done = True
        rd = self.flow.rating.rd
        inner = verdict_html(v, self.lang, rd)
        self.result.value = f'<div class="crib-puzzle-verdict" role="status">{inner}</div>'
        if self.flow.mode == "daily":
            said = _("Come back tomorrow for a new puzzle of the day.")
            self.result.value += info_html(said)
        if self.flow.mode == "class":
            self.result.value += self.class_set.score_line()
        elif self.flow.over:
            said = _("Streak over: {n} solved in a row. Next: a new streak.")
            self.result.value += info_html(said.format(n=self.flow.streak))
        self._draw_cards()
        self._draw_rating()
        if self.next_button.layout.display != "none":
            self.key_listener.focus_on(".crib-puzzle-next")
        return v

    def _draw_rating(self) -> None:
        who = self.learner_id if self.flow is None else self.flow.learner_id  # a class set's
        if who is None:
            self.rating_box.value = ""
            return
        r = self.puzzle_store.learner_rating(who)
        hist = self.puzzle_store.history(who, limit=60)
        self.rating_box.value = rating_html(r.r, r.rd, hist, self.lang)
