"""The lessons of a first game on the play page (issue #37, point 2): the panel and its
hooks into :class:`~crib.ui.play.app.PlayApp`.

``play.ipynb?tier=easy&tour=1`` (the learn page's "Play your first game" link) starts
them: the game stops at the first discard, the starter, the first points, the first go,
the last card and each part of the show (:class:`crib.session.first_game.FirstGame`
says when and what), and this panel, above the table, says what happened with the
actual cards, the part of the table it speaks of outlined and brought into view.
Continue (Enter, or the button) and Skip (Escape) both go on, and the lesson never
comes back on this device; "No more lessons" ends them all.  What the device remembers
is kept in the browser's localStorage (through the page's
:class:`~crib.ui.kit.keys.KeyListener`), never on the server.

In a first game (``tour=1``, or the first game this device plays) the coach speaks
gently: :func:`crib.session.first_game.gentle_text` in place of the grade word, in the
coach panel and the hand's and the game's reviews (in plain words, the page's default;
"Plain words" off shows the exact detail asked for).
"""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import parse_qs

import anywidget
import ipywidgets as w

from crib.i18n import DEFAULT, N_, check_lang, tr
from crib.session.first_game import STORE_KEY, FirstGame, Lesson, gentle_text
from crib.session.model import GameView
from crib.ui.kit.common import friendly, on_clicks
from crib.ui.kit.glossary import mark_terms
from crib.ui.play.html import how_notes
from crib.ui.play.rail import YOUR

__all__ = ["LessonPanel", "TourScroll", "TARGETS", "lesson_html"]

#: what the page outlines for a lesson's target (crib.css outlines it under
#: ``crib-tour-at-<target>``)
TARGETS = {
    "hand": ".crib-hand",
    "starter": ".crib-starter",
    "play": ".crib-table, .crib-captions",
    "show": ".crib-show",
}
_WORDS = (N_("A first game"), N_("Continue"), N_("Skip"), N_("No more lessons"))
# the cribbage words of a lesson linked to their definitions on the learn page
_TERMS = ("crib", "starter", "heels", "pone", "go", "nobs")


def lesson_html(lesson: Lesson | None, lang: str = DEFAULT) -> str:
    """A lesson as the panel shows it: a small head, its title and its text (empty when
    none)."""
    if lesson is None:
        return ""
    _ = tr(lang)
    text = mark_terms(lesson.text, lang, keys=_TERMS)
    return (
        f'<div class="crib-tour-head"><span class="crib-tour-step">{_("A first game")}</span>'
        f'<h2 class="crib-tour-title">{html.escape(lesson.title)}</h2></div>'
        f'<p class="crib-lesson-text" data-lesson="{lesson.key}">{text}</p>'
    )


class TourScroll(anywidget.AnyWidget):
    """Brings what a lesson outlines into view (only as far as needed, at once), and the
    panel with it."""

    _esm = r"""
    function render({ model, el }) {
      const onMsg = (msg) => {
        if (!msg || typeof msg.show !== "string") return;
        const e = [...document.querySelectorAll(msg.show)]
          .find((x) => x.getBoundingClientRect().height > 0);
        if (e) e.scrollIntoView({ block: "nearest" });  // at once: a focus move cannot cut it short
        const p = document.querySelector(".crib-play-app .crib-tour");
        if (p) p.scrollIntoView({ block: "nearest" });
      };
      model.on("msg:custom", onMsg);
      return () => model.off("msg:custom", onMsg);
    }
    export default { render };
    """

    def show(self, selector: str) -> None:
        self.send({"show": selector})


class LessonPanel(w.VBox):
    """The lesson above the table, with Continue, Skip and No more lessons; hidden when no
    lesson shows.  ``update(app, view)`` is the page's hook at each redraw."""

    def __init__(self, lang: str = DEFAULT) -> None:
        self.lang = check_lang(lang)
        _ = tr(self.lang)
        self.first = FirstGame(self.lang)
        self.active = False  # lessons asked for (tour=1)
        self.gentle = False  # this game's grades speak gently
        self.app: Any = None
        self._game: Any = None  # the controller the lessons watch
        self._shown: str | None = None  # the lesson drawn
        self._heard = False  # the device has said what it keeps
        self._stored: str | None = None  # what the device keeps, as last sent
        self.text = w.HTML(_dom_classes=("crib-tour-text",))
        self.outline = ""
        self.continue_button = w.Button(description=_("Continue"), button_style="primary")
        self.skip_button = w.Button(description=_("Skip"))
        self.end_button = w.Button(description=_("No more lessons"))
        self.continue_button.add_class("crib-lesson-continue")
        self.skip_button.add_class("crib-lesson-skip")
        self.end_button.add_class("crib-lesson-end")
        on_clicks(
            (self.continue_button, self.go_on),
            (self.skip_button, self.go_on),
            (self.end_button, self.end),
        )
        bar = w.HBox([self.continue_button, self.skip_button, self.end_button])
        self.box = w.HBox([self.text, bar.add_class("crib-tour-bar")], _dom_classes=("crib-tour",))
        self.scroll = TourScroll()
        super().__init__([self.box, self.scroll])
        self.add_class("crib-tour-panel").add_class("crib-lessons")
        self.layout.display = "none"

    @property
    def status(self) -> Any:
        """The page's status line (a bad moment becomes a message there: friendly)."""
        return self.app.status

    # -- the page's hooks ------------------------------------------------------------

    def start(self) -> None:
        """The lessons of a first game (``tour=1``), for the game now starting."""
        self.active = self.gentle = True
        self._watch(self.app.controller)

    def skip(self) -> None:
        """Escape: skip the lesson showing (if any)."""
        if self._paused():
            self.go_on()

    def take(self, key: str) -> bool:
        """A game key while a lesson shows: Enter, n or Space go on (True: taken); the
        others reach the game, which refuses them until the lesson is done."""
        if self._paused() and key in ("enter", "n", "space", " "):
            self.go_on()
            return True
        return False

    @friendly()
    def go_on(self) -> None:
        """Continue or Skip: this lesson is done, the game goes on."""
        if self._paused():
            self.app.controller.lesson_done()
            self.app.render()

    @friendly()
    def end(self) -> None:
        """No more lessons on this device; the game goes on."""
        self.first.end_all()
        if self._paused():
            self.app.controller.lesson_done()
        self.app.render()

    def update(self, app: Any, v: GameView) -> None:
        """At each redraw of ``app``: watch a new game, draw the lesson, speak gently,
        and keep what this device learnt."""
        if self.app is None:
            self.app = app
            app.key_listener.device_keys = [STORE_KEY]
            app.key_listener.on_device(self._on_device)
            app.key_listener.on_query(self._on_query)
        c = app.controller
        if c is not self._game:
            self._game = c
            self.gentle = (self._heard or self.active) and not self.first.played
            if self.active:
                self._watch(c)
        if self.gentle and app.plain_box.value:  # "Plain words" off: the exact detail asked for
            self._gentle(v)
            self._gentle_review(v, c)
        lesson = self.first.pending if c.phase == "lesson" else None
        key = lesson.key if lesson else None
        if key != self._shown:
            self._draw(lesson)
        if v.phase in ("hand_over", "over") and not self.first.played:
            self.first.played = True
        self._keep()

    # -- inside --------------------------------------------------------------------------

    def _watch(self, c: Any) -> None:
        self._game = c
        if not self.first.over:
            self.first.attach(c)

    def _paused(self) -> bool:
        return self.app is not None and self.app.controller.phase == "lesson"

    @friendly()
    def _on_device(self, values: dict[str, str]) -> None:
        """What the device keeps, as the page opens (before its query)."""
        self._heard = True
        self.first.load(values.get(STORE_KEY))
        self._stored = self.first.state()
        self.gentle = self.active or not self.first.played
        c = self.app.controller
        if c.phase == "lesson" and (self.first.off or self.first.pending is None):
            c.lesson_done()
        self.app.render()

    @friendly()
    def _on_query(self, query: str) -> None:
        """A reloaded first game (``tour=1``) comes back kept (crib.ui.play.keep) without
        the query applied: its lessons go on (those not done yet)."""
        keeping = getattr(self.app, "keeping", None)
        if self.active or keeping is None or not keeping.resumed:
            return
        if parse_qs(query or "").get("tour", [""])[0] in ("1", "true", "yes"):
            self.start()
            self.app.render()

    def _keep(self) -> None:
        """Keep the lessons done (and a hand played) on this device, when they change."""
        state = self.first.state()
        if self._heard and state != self._stored:
            self._stored = state
            self.app.key_listener.store(STORE_KEY, state)

    def _draw(self, lesson: Lesson | None) -> None:
        self._shown = lesson.key if lesson else None
        self.layout.display = None if lesson else "none"
        _ = tr(self.lang)
        self.text.value = (
            f'<div role="region" aria-live="polite" aria-label="{html.escape(_("A first game"))}"'
            f' lang="{self.lang}">{lesson_html(lesson, self.lang)}</div>'
        )
        outline = f"crib-tour-at-{lesson.target}" if lesson else ""
        if outline != self.outline:
            if self.outline:
                self.remove_class(self.outline)
            self.outline = outline
            if outline:
                self.add_class(outline)
        if lesson is not None:
            target = TARGETS[lesson.target]
            self.scroll.show(", ".join(f".crib-play-app {x.strip()}" for x in target.split(",")))
            self.app.key_listener.focus_on(".crib-lesson-continue")

    def _gentle(self, v: GameView) -> None:
        """The coach's last grade as a first game says it (no grade word)."""
        g = v.grade
        if g is None or g.verdict == "best" or g.kind not in ("discard", "play"):
            return
        _ = tr(self.lang)
        what = _(YOUR[g.kind])
        head = html.escape(_("{what}: {card}").format(what=what, card=g.chosen_text))
        words = html.escape(gentle_text(g, self.lang))
        coach = self.app.coach.html
        hint = coach.value.find('<div class="crib-hint-text"')  # the hint as the coach drew it
        coach.value = (
            f'<div class="crib-label">{_("Coach")}</div>'
            f'<div class="crib-last-grade">{head}</div>'
            f'<div class="crib-plain-text crib-gentle">{words}</div>'
            + how_notes(*g.how, lang=self.lang)
            + (coach.value[hint:] if hint >= 0 else "")
        )

    def _gentle_review(self, v: GameView, c: Any) -> None:
        """The hand's (or the game's) review as a first game says it: each decision that
        had a better choice, in :func:`gentle_text`'s words, and no grade word."""
        if v.phase not in ("hand_over", "over"):
            return
        _ = tr(self.lang)
        strip = ""
        if v.phase == "over":
            grades, title = list(c.grades), _("Game review")
        else:
            h = c.hand_index
            grades = [g for g in c.grades if g.hand == h]
            title = _("Hand {n} review").format(n=h + 1)
            better = _("Decisions with a better choice: {k} of {m}").format(
                k=sum(g.verdict != "best" for g in grades), m=len(grades)
            )
            strip = (
                f'<div class="crib-hand-strip"><b>{_("Hand {n}:").format(n=h + 1)}</b> '
                f"{html.escape(better)}</div>"
            )
        what = _("{what}: {card}")
        items = "".join(
            f"<li>{html.escape(what.format(what=_(YOUR[g.kind]), card=g.chosen_text))}"
            f" — {html.escape(gentle_text(g, self.lang))}</li>"
            for g in grades
            if g.kind in YOUR
        )
        self.app.review.html.value = strip + (
            f'<div class="crib-gentle-review"><b>{html.escape(title)}</b>'
            f'<ul class="crib-review-words">{items}</ul></div>'
        )
