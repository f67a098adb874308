"""The game dashboard: a full game against the computer with the coach at your side.

:class:`PlayApp` draws a :class:`~crib.session.controller.GameController`
(the state machine, tested headless) with the board (:mod:`crib.ui.play.board`),
the card component (:mod:`crib.ui.kit.cardview`) and page-wide keys
(:mod:`crib.ui.kit.keys`).  Every callback goes through :func:`crib.ui.kit.common.friendly`,
so bad input becomes a message in place and the game state is never lost.

The page is made of small parts, each owning its widgets and redrawing them from the
controller's view with ``update``: the table's (:mod:`crib.ui.play.table`: the
opponent, the board, the middle of the table, your hand, the buttons, the show, the
captions, the prompt) and the rest (:mod:`crib.ui.play.rail`: the game's number and
commitment, the scores, the coach panel, the review).  This module builds them, lays
them out, handles every event (keys, clicks, settings, save and load, the URL query)
and redraws them in order (:meth:`PlayApp.render`); :mod:`crib.ui.play.html` holds the
pure HTML fragments (re-exported here).
"""

from __future__ import annotations

import base64
import html
import time
from operator import attrgetter
from typing import Unpack

import ipywidgets as w

from crib.analysis.coach import grade_discard
from crib.analysis.models import Tier
from crib.errors import CribError
from crib.i18n import N_, check_lang, tr
from crib.session.controller import COACH, KEYS, TIERS, GameController, fresh_seed
from crib.session.settings import GameSettings, game_defaults
from crib.ui.kit.common import friendly, info_html, on_clicks, when_idle
from crib.ui.kit.controls import button, checkbox, sized
from crib.ui.kit.fold import Fold
from crib.ui.kit.glossary import terms_strip
from crib.ui.kit.keys import KeyListener
from crib.ui.play.duel_hook import classmate_button, open_from_query
from crib.ui.play.html import GRADE_COLOURS as GRADE_COLOURS
from crib.ui.play.html import grade_chip, replay_hand_html, review_html, show_html
from crib.ui.play.keep import Keeping
from crib.ui.play.lessons import LessonPanel
from crib.ui.play.parts import keys_where
from crib.ui.play.rail import CoachPanel, GameId, MistakeKeeper, Review, Scores
from crib.ui.play.replay import ReplayPanel
from crib.ui.play.table import (
    Actions,
    Board,
    Captions,
    Hand,
    Opponent,
    Prompt,
    ShowArea,
    TableMiddle,
)

__all__ = [
    "PlayApp",
    "show_html",
    "review_html",
    "grade_chip",
    "replay_hand_html",
    "apply_query",
]


class PlayApp(w.VBox):
    """A game against a computer tier, with the coach; keys and clicks both work."""

    # the parts' widgets the tests reach, under the page's names (read only)
    game_html = property(attrgetter("game_id.html"))
    commit_html = property(attrgetter("game_id.commit_html"))
    table_html = property(attrgetter("middle.html"))
    card_buttons = property(attrgetter("hand.buttons"))
    confirm_button = property(attrgetter("actions.confirm_button"))
    count_text = property(attrgetter("actions.count_text"))
    count_button = property(attrgetter("actions.count_button"))
    prompt_html = property(attrgetter("prompt.html"))
    chart_html = property(attrgetter("scores.chart_html"))
    coach_html = property(attrgetter("coach.html"))
    review_html = property(attrgetter("review.html"))
    replay_html = property(attrgetter("replay.html"))
    replay_hand = property(attrgetter("replay.hand"))
    replay_box = property(attrgetter("replay.box"))

    def __init__(
        self,
        seed: int | None = None,
        tier: Tier = COACH,
        *,
        plain: bool = True,
        lang: str = "en",
        **game: Unpack[GameSettings],
    ) -> None:
        """``game``: the first game's :class:`GameSettings` (coaching, manual counting,
        muggins, the starting scores), at :func:`game_defaults` where not given; ``lang``
        the page's language (every word of the page and of its game)."""
        self.lang = check_lang(lang)
        _ = tr(lang)
        settings = {**game_defaults(), **game}
        coaching, manual, muggins = settings["coaching"], settings["manual"], settings["muggins"]
        self._scores0 = settings["scores"]
        self.lessons = LessonPanel(lang)  # a first game's lessons (?tour=1), hidden until one shows
        self.tier = sized(
            w.Dropdown,
            _("Opponent"),
            "crib-tier",
            "15em",
            options=[(t.name_in(lang), t) for t in TIERS.values()],
            value=tier,
        )
        # no seed: a fresh random one for each visit and each New game; a seed typed in
        # the box (or from a link, ?seed=7) is an explicit choice: the next New game deals it
        self._seed_chosen = seed is not None
        self.seed = sized(
            w.IntText, _("Seed"), "crib-seed", "10em", value=fresh_seed() if seed is None else seed
        )
        self.seed.observe(lambda _c: setattr(self, "_seed_chosen", True), "value")
        self.game_id = GameId(lang)  # the game's number (in the settings row) and commitment
        self.new_button = button(_("New game"), "crib-new", icon="refresh")
        self.coaching_box = checkbox(coaching, _("Coaching"), "crib-coaching")
        # plain words for learners (the default); off: the coach's exact sentences
        self.plain_box = checkbox(plain, _("Plain words"), "crib-plain-words")
        self.manual_box = checkbox(manual, _("Count my hands myself"), "crib-manual")
        self.muggins_box = checkbox(muggins, _("Muggins"), "crib-muggins")
        self.save_button = button(_("Save game"), "crib-save", icon="download")
        self.save_link = w.HTML(_dom_classes=("crib-save-link",))
        self.load = w.FileUpload(
            accept=".json",
            multiple=False,
            description=_("Load game"),
            layout=w.Layout(width="auto"),
            _dom_classes=("crib-load",),
        )
        self.status = w.HTML(_dom_classes=("crib-live", "crib-status"))
        # the parts, each drawing its widgets from the controller's view (render)
        self.opponent, self.board, self.middle = Opponent(lang), Board(lang), TableMiddle(lang)
        self.hand, self.actions, self.show = (
            Hand(self.click_card, lang=lang),
            Actions(lang),
            ShowArea(lang),
        )
        self.captions, self.prompt = Captions(lang), Prompt(lang)
        self.scores, self.coach, self.review = Scores(lang), CoachPanel(lang), Review(lang)
        keys = "".join(
            f"<li><kbd>{html.escape(_(k))}</kbd> {html.escape(_(v))}</li>" for k, v in KEYS
        )
        keys_word = html.escape(_("Keys"))
        self.keys_html = w.HTML(
            f'<div class="crib-label">{keys_word}</div>'
            f'<ul style="margin:2px 0 0 16px;padding:0">{keys}</ul>'
            + terms_strip(lang=lang),  # each cribbage word of the page, linked to its definition
            _dom_classes=("crib-keys-help",),
        )
        self.replay = ReplayPanel(lang)  # a loaded game, hand by hand (Load game)
        self.key_listener = KeyListener(
            label=_("⌨ keys on: see the Keys list {where}"),
            keys=[*"1234567890", "enter", "g", "h", "n", "space", "backspace"]
            + ["arrowleft", "arrowright", "escape"],
            where=keys_where(lang),
            enter_on=".crib-play-app .crib-hand .crib-cardbtn",  # Enter confirms (Keys list)
        )
        self.key_listener.on_key(self.key)
        self.key_listener.observe(lambda _c: self._touch(), ["touch", "narrow"])
        self.key_listener.on_query(self._on_query)
        self.keeping = Keeping(self)  # every move kept on the device; New game asks first
        self.mistakes = MistakeKeeper(self.key_listener, self.review)  # for "My mistakes"
        self.new_button.on_click(lambda _b: self.keeping.ask_new_game())
        a = self.actions
        for b, key in (
            (a.confirm_button, "enter"),
            (a.go_button, "g"),
            (a.hint_button, "h"),
            (a.next_button, "n"),
        ):
            b.on_click(lambda _b, key=key: self.act(key))
        on_clicks((a.count_button, self.count_it), (self.save_button, self.save))
        self.load.observe(lambda _c: self.load_game(), "value")
        self.coaching_box.observe(lambda _c: self._settings(), "value")
        self.plain_box.observe(lambda _c: self._words(), "value")
        self.manual_box.observe(lambda _c: self._settings(), "value")
        self.muggins_box.observe(lambda _c: self._settings(), "value")
        self.replay.hand.observe(lambda _c: self._show_replay_hand(), "value")
        self.classmate_button = classmate_button(self)  # play a classmate (crib.ui.play.duel)

        # the game's options folded under one button (a tablet's first screen is the game),
        # New game and the game's number beside it: the table and your hand fit a
        # 1280x800 window, and a 768x1024 tablet's first screen, without scrolling
        self.game_options = Fold(
            _("Game options"),
            [
                self.tier,
                self.seed,
                self.coaching_box,
                self.plain_box,
                self.manual_box,
                self.muggins_box,
                self.save_button,
                self.load,
                self.save_link,
                self.classmate_button,
            ],
            extra=[self.new_button, self.game_id.html],
        )
        settings = self.game_options.add_class("crib-settings")
        table = w.VBox(
            [
                self.opponent.html,
                self.board.html,
                self.middle.html,
                self.prompt.html,
                self.status,
                self.show.html,
                self.actions.count_box,  # above the cards it counts, in view in a 1280x800 window
                self.hand.box,
                self.actions.row,
                self.captions.html,
                self.review.stepper,  # the review under the table: no gap under a tall rail
                self.review.html,
            ],
            _dom_classes=("crib-table-col",),  # its width and the narrow layout: kit.access
        )
        rail_parts = [self.scores.html, self.coach.html, self.scores.chart_html, self.keys_html]
        rail = w.VBox(
            [*rail_parts, self.game_id.commit_html],
            _dom_classes=("crib-rail",),
            layout=w.Layout(width="320px", flex="0 0 320px", padding="0 0 0 12px"),
        )
        top = w.Layout(align_items="flex-start")
        super().__init__(
            [
                self.key_listener,
                self.keeping.keeper,
                settings,
                self.keeping.box,
                self.lessons,
                w.HBox([table, rail], layout=top, _dom_classes=("crib-main-row",)),
                self.replay.box,
            ]
        )
        self.add_class("crib-play-app")
        # warm the exact discard tables now (a few seconds, once per kernel; a
        # preheated kernel pays it before the page opens)
        grade_discard("5H 5D 6C 7S 8H 9D", "8H 9D", dealer=True)
        self.controller = self._make_controller()
        self.render()

    # -- actions -----------------------------------------------------------------

    def _make_controller(self) -> GameController:
        self._seed_chosen = False  # the box now shows this game's seed
        c = GameController(
            seed=self.seed.value,
            tier=self.tier.value,
            coaching=self.coaching_box.value,
            manual=self.manual_box.value,
            muggins=self.muggins_box.value,
            scores=self._scores0,
            lang=self.lang,
        )
        c.touch = self.key_listener.touch  # tap or press: the browser's word
        return c

    @friendly()
    def new_game(self, *, fresh: bool = False, scores: tuple[int, int] | None = None) -> None:
        """A new game with the chosen tier; with ``fresh`` (the New game button) a new
        random seed, unless a seed was typed in the box since (the same seed deals the
        same cards); ``scores``: the starting scores of this game and the next ones."""
        if scores is not None:
            self._scores0 = scores
        if fresh and not self._seed_chosen:
            self.seed.value = fresh_seed()
        self.controller = self._make_controller()
        self.save_link.value = ""
        self.status.value = ""
        self.render()

    @friendly()
    def _on_query(self, query: str) -> None:
        if open_from_query(self, query):  # ?table=CODE: a game against a classmate
            return
        if not self.keeping.resumed:  # a reloaded page's own game comes back instead
            apply_query(self, query)

    @friendly()
    def _settings(self) -> None:
        c = self.controller
        c.coaching = self.coaching_box.value
        self.render()
        if (self.manual_box.value, self.muggins_box.value and self.manual_box.value) != (
            c.manual,
            c.muggins,
        ):
            # the counting rules are part of the game's log: they change with a new game
            self.status.value = info_html(
                tr(self.lang)(
                    N_(
                        "Manual counting and muggins (a house rule: the opponent takes the points "
                        "a count misses) are set for a whole game: they apply from the next game "
                        "(New game)."
                    )
                )
            )

    @friendly()
    def _touch(self) -> None:
        """The browser said whether it is a touch device, and a phone: the words change
        (tap, not press or click; the buttons without their keys), a phone's board is
        drawn, the game goes on."""
        self.controller.touch = self.actions.touch = self.key_listener.touch
        self.board.narrow = self.key_listener.narrow  # a phone's board
        self.render()

    @friendly()
    def _words(self) -> None:
        """Plain words on or off: the page is redrawn in those words, the game goes on."""
        self.render()
        self._show_replay_hand()

    @friendly()
    def key(self, key: str) -> None:
        """A key pressed anywhere on the page."""
        if self.keeping.asking:  # New game's question: Escape keeps playing, no game keys
            if key == "escape":
                self.keeping.answer(False)
            return
        if key == "escape":  # skips a first game's lesson
            self.lessons.skip()
            return
        if key == "submit":  # Enter in the count box
            self.count_it()
            return
        if (
            key in ("arrowleft", "arrowright")
            and not self.replay.shown
            and self.review.stepper.shown
        ):
            self.review.stepper.step(-1 if key == "arrowleft" else 1)  # the game just played
            return
        if key in ("arrowleft", "arrowright") and self.replay.shown:  # a loaded game
            self.replay.step(-1 if key == "arrowleft" else 1)
            return
        if key in ("arrowleft", "arrowright"):
            return
        if key in ("7", "8", "9", "0") and self.controller.phase != "count":
            return
        card = self.key_listener.card  # Enter on a focused card: in the play, play it
        if key == "enter" and card is not None and self.controller.phase == "play":
            key = str(card)
        self.act(key)

    @friendly()
    def act(self, key: str) -> None:
        """Apply a key (or its button) to the game, then redraw."""
        self.status.value = ""
        if self.lessons.take(key):  # Enter, n or Space: a first game's lesson, done
            return
        self.controller.press(key)
        self.render()
        self._refine()

    @friendly()
    def click_card(self, i: int) -> None:
        """A click on card ``i``: select it (discard), or play it at once (the play)."""
        c = self.controller
        self.status.value = ""
        if c.phase == "play":
            c.toggle(i) if c.selected != [i] else None
            c.confirm()
        else:
            c.toggle(i)
        self.render()
        self._refine()

    @friendly()
    def count_it(self) -> None:
        """Manual counting: the number typed in the box."""
        self.status.value = ""
        self.controller.claim(self.actions.count_text.value)
        self.actions.clear_count()
        self.render()

    def render(self) -> None:
        """Redraw every part from the controller's view, in the page's order; the prompt
        last, so that a page that sees its new step sees everything drawn before it."""
        t0 = time.perf_counter()
        c = self.controller
        v, plain = c.view(), bool(self.plain_box.value)
        self.game_id.update(v, c)
        self.opponent.update(v)
        self.board.update(v)
        self.middle.update(v)
        if c.message and not self.status.value:
            self.status.value = info_html(c.message)
        self.hand.update(v)
        self.actions.update(v)
        self.show.update(v)
        self.captions.update(v)
        self.scores.update(v)
        self.coach.update(v, plain=plain)
        self.review.update(v, c, plain=plain)
        self.lessons.update(self, v)  # a first game's lesson and its gentle grades
        self.prompt.update(v, c, t0)
        self.keeping.after_render()  # the new moves kept on the device

    def _refine(self) -> None:
        """The exact trap flag, after the computer's reply is already on the screen."""
        c = self.controller
        if c.coach.pending and c.coaching:
            c.refine_grades()
            self.coach.update(c.view(), plain=bool(self.plain_box.value))
        self._prep = when_idle(getattr(self, "_prep", None), c.prepare_review)  # keys paused

    @friendly()
    def save(self) -> None:
        """Offer the game's JSON log as a download link."""
        text, note = self.controller.save()
        b64 = base64.b64encode(text.encode()).decode()
        name = f"crib-game-seed{self.controller.seed}.json"
        self.save_link.value = (
            f'<a class="crib-download" download="{name}" href="data:application/json;base64,{b64}">'
            # the note is in the game's language
            f"⬇ {name}</a> <span class='crib-muted'>{html.escape(note)}</span>"
        )

    @friendly()
    def load_game(self) -> None:
        """Replay a saved game: the verdict, then hand by hand with the review."""
        files = self.load.value
        if not files:
            return
        verdict = self.replay.load(files[0])
        self._show_replay_hand()
        self.status.value = info_html(verdict)

    @friendly()
    def _show_replay_hand(self) -> None:
        self.replay.update(plain=bool(self.plain_box.value))


# --- settings from the page's URL: play.ipynb?tier=easy&seed=7&start=100-100 --------
# (the browser sends the query string through the key listener when the page opens)


def apply_query(app: PlayApp, query: str) -> bool:
    """Start a game from a URL query string (``tier``, or ``level``, ``seed``, ``start`` as
    ``a-b``, ``manual``, ``muggins``, ``coaching`` and ``plain`` as 1/0; ``plain=0`` shows
    the coach's expert detail; ``tour=1`` starts a first game's lessons); True if it
    changed anything.

    >>> app = PlayApp(seed=1, tier=TIERS["easy"])
    >>> apply_query(app, "tier=normal&seed=9&start=100-95&manual=1")
    True
    >>> app.controller.tier.key, app.controller.seed, app.controller.scores, app.controller.manual
    ('normal', 9, (100, 95), True)
    >>> apply_query(app, "start=200-1")
    Traceback (most recent call last):
    ...
    crib.errors.CribError: start scores are two numbers 0-120 like 100-100, not '200-1'
    """
    from urllib.parse import parse_qs

    q = {k: v[0] for k, v in parse_qs(query or "").items()}
    if not q:
        return False
    scores = None  # the starting scores: as before unless given
    q.setdefault("tier", q.get("level", ""))  # the learn page's link says level=easy
    if q["tier"] in TIERS:  # the link's word, looked up in the one table
        app.tier.value = TIERS[q["tier"]]
    if "seed" in q and q["seed"].lstrip("-").isdigit():
        app.seed.value = int(q["seed"])
    if "start" in q:
        parts = q["start"].replace(",", "-").split("-")
        if len(parts) != 2 or not all(p.isdigit() and int(p) <= 120 for p in parts):
            raise CribError(
                tr(app.lang)(
                    N_("start scores are two numbers 0-120 like 100-100, not '{start}'")
                ).format(start=q["start"])
            )
        scores = (int(parts[0]), int(parts[1]))
    boxes = (
        ("manual", app.manual_box),
        ("muggins", app.muggins_box),
        ("coaching", app.coaching_box),
        ("plain", app.plain_box),
    )
    for key, box in boxes:
        if key in q:
            box.value = q[key] not in ("0", "false", "no", "")
    app.new_game(scores=scores)
    if q.get("tour") in ("1", "true", "yes"):  # the first game from the learn page: its
        app.lessons.start()  # lessons (crib.ui.play.lessons); cut for the deal and deal:
        for _ in range(2):  # the first lesson is at the throw
            if app.controller.phase in ("cut", "cut_done"):
                app.act("n")
    return True
