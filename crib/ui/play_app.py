"""The game dashboard: a full game against the computer with the coach at your side.

:class:`PlayApp` draws a :class:`~crib.ui.game_controller.GameController`
(the state machine, tested headless) with the board (:mod:`crib.ui.board`),
the card component (:mod:`crib.ui.cardview`) and page-wide keys
(:mod:`crib.ui.keys`).  Every callback goes through
:func:`crib.ui.common.friendly`, so bad input becomes a message in place and
the game state is never lost.
"""

from __future__ import annotations

import base64
import html
import time
from collections.abc import Sequence

import ipywidgets as w

from crib.analysis.coach import grade_discard
from crib.errors import CribError
from crib.rules.events import Dealt, Event, GameStarted, describe_event
from crib.rules.replay import Replay, replay
from crib.ui.board import board_svg, score_chart_svg
from crib.ui.cardview import (
    CARD_CSS,
    PLAYER_COLOURS,
    CardButton,
    card_back_svg,
    card_svg,
    cards_html,
)
from crib.ui.common import friendly, info_html
from crib.ui.game_controller import (
    COACH,
    HUMAN,
    KEYS,
    TIERS,
    CountRecord,
    GameController,
    GameView,
    Grade,
    ShowItem,
    grade_log,
    load_saved,
    summary_strip,
)
from crib.ui.keys import KeyListener

__all__ = [
    "PlayApp",
    "show_html",
    "review_html",
    "grade_chip",
    "replay_hand_html",
    "apply_query",
]

GRADE_COLOURS = {"best": "#2e8b57", "ok": "#7a8b2e", "mistake": "#d35400", "blunder": "#c0392b"}

APP_CSS = """
.crib-play-app { font-size: 15px; }
.crib-rail { width: 320px; }
.crib-bigcount { font-size: 30px; font-weight: 700; color: #222; }
.crib-chip { display: inline-block; padding: 1px 8px; border-radius: 10px; color: #fff; font-weight: 600; font-size: 13px; }
.crib-label { font-size: 12px; color: #555; text-transform: uppercase; letter-spacing: .04em; }
.crib-prompt { font-weight: 600; color: #1f5fa8; }
.crib-review table { border-collapse: collapse; font-size: 13px; }
.crib-peg-caption { animation: crib-fade 300ms ease-out; }
@keyframes crib-fade { from { opacity: 0; } to { opacity: 1; } }
@media (prefers-reduced-motion: reduce) { .crib-peg-caption { animation: none; } }
.crib-play-app a[href] { color: #1f5fa8 !important; text-decoration: underline !important; }
.crib-review td, .crib-review th { padding: 3px 8px; border-bottom: 1px solid #e3e3e3; text-align: left; vertical-align: middle; }
.crib-show-line { padding: 2px 0; }
.crib-keys-help kbd { border: 1px solid #bbb; border-radius: 3px; padding: 0 4px; background: #f6f6f6; font-size: 12px; }
"""


def grade_chip(verdict: str, lost: float) -> str:
    """The grade as a small coloured badge with the points lost, e.g. 'mistake −0.62'."""
    colour = GRADE_COLOURS.get(verdict, "#555")
    return (
        f'<span class="crib-chip crib-grade-{verdict}" style="background:{colour}">'
        f"{verdict} −{lost:.2f}</span>"
    )


def show_html(item: ShowItem, names: Sequence[str]) -> str:
    """The show component: the cards, the count aloud line by line with each
    combination's cards lit up, and a large total."""
    whose = "Your" if item.player == HUMAN else f"{names[item.player]}'s"
    lines = "".join(
        f'<div class="crib-show-line">{cards_html(cards, "mini")} '
        f"<span>{html.escape(words)}</span></div>"
        for words, cards in item.lines
    )
    return (
        f'<div class="crib-show-item"><div class="crib-label">{html.escape(whose)} {item.what}</div>'
        f'<div style="display:flex;gap:14px;align-items:flex-start">'
        f'<div>{cards_html(item.cards, "pile")} + {card_svg(item.starter, "pile")}</div>'
        f"<div>{lines}</div>"
        f'<div class="crib-bigcount crib-show-total">{item.total}</div></div></div>'
    )


def review_html(grades: Sequence[Grade], *, title: str, limit: int | None = None) -> str:
    """Decisions sorted by cost (worst first), each with a link into its analyzer."""
    rows = sorted(grades, key=lambda g: (-g.lost, g.number))[:limit]
    if not rows:
        return f"<b>{html.escape(title)}</b>: no decisions yet."
    body = []
    for g in rows:
        tags = ", ".join(g.tags)
        if g.trap:
            tags = (tags + ", " if tags else "") + "trap missed"
        link = (
            f'<a class="crib-review-link" href="{html.escape(g.analyzer_url)}" target="_blank">'
            f"open in the {'discard' if g.kind == 'discard' else 'pegging'} analyzer</a>"
            if g.analyzer_url
            else ""
        )
        body.append(
            f'<tr class="crib-review-row"><td>{g.hand + 1}</td><td>{g.kind}</td>'
            f"<td>{html.escape(g.chosen)}</td><td>{html.escape(g.best)}</td>"
            f"<td>{grade_chip(g.verdict, g.lost)}</td><td>{html.escape(tags)}"
            f"{' (hinted)' if g.hinted else ''}</td><td>{link}</td></tr>"
        )
    n = len(grades)
    best = sum(g.verdict == "best" for g in grades)
    summary = summary_strip(grades)
    return (
        f"<b>{html.escape(title)}</b> — {n} decisions, {best / n:.0%} best. {html.escape(summary)}"
        "<table><tr><th>hand</th><th>decision</th><th>you</th><th>best</th><th>grade</th>"
        f"<th>notes</th><th>practise</th></tr>{''.join(body)}</table>"
    )


class PlayApp(w.VBox):
    """A game against a computer tier, with the coach; keys and clicks both work."""

    def __init__(
        self,
        seed: int = 1,
        tier: str = COACH,
        *,
        coaching: bool = True,
        manual: bool = False,
        muggins: bool = False,
        scores: tuple[int, int] = (0, 0),
    ) -> None:
        self._scores0 = scores
        self._step = 0
        self.style_html = w.HTML(f"<style>{CARD_CSS}{APP_CSS}</style>")
        self.tier = w.Dropdown(
            options=[(t.capitalize(), t) for t in TIERS], value=tier, description="Opponent"
        ).add_class("crib-tier")
        self.seed = w.IntText(value=seed, description="Seed", layout=w.Layout(width="12em")).add_class("crib-seed")
        self.new_button = w.Button(description="New game", icon="refresh").add_class("crib-new")
        self.coaching_box = w.Checkbox(value=coaching, description="Coaching", indent=False, layout=w.Layout(width="auto")).add_class("crib-coaching")
        self.manual_box = w.Checkbox(value=manual, description="Count my hands myself", indent=False, layout=w.Layout(width="auto")).add_class("crib-manual")
        self.muggins_box = w.Checkbox(value=muggins, description="Muggins", indent=False, layout=w.Layout(width="auto")).add_class("crib-muggins")
        self.save_button = w.Button(description="Save game", icon="download").add_class("crib-save")
        self.save_link = w.HTML().add_class("crib-save-link")
        self.load = w.FileUpload(accept=".json", multiple=False, description="Load game").add_class("crib-load")
        self.status = w.HTML().add_class("crib-status")
        self.commit_html = w.HTML().add_class("crib-commit")
        self.opp_html = w.HTML().add_class("crib-opp")
        self.board_html = w.HTML().add_class("crib-board-box")
        self.table_html = w.HTML().add_class("crib-table")
        self.show_html = w.HTML().add_class("crib-show")
        self.captions_html = w.HTML().add_class("crib-captions")
        self.prompt_html = w.HTML().add_class("crib-prompt")
        self.card_buttons = [CardButton().add_class(f"crib-card-{i + 1}") for i in range(6)]
        for i, b in enumerate(self.card_buttons):
            b.on_click(lambda _b, i=i: self.click_card(i))
        self.hand_box = w.HBox(self.card_buttons).add_class("crib-hand")
        self.confirm_button = w.Button(description="Continue", button_style="primary", layout=w.Layout(width="auto")).add_class("crib-confirm")
        self.go_button = w.Button(description="Go (g)").add_class("crib-go")
        self.hint_button = w.Button(description="Hint (h)", icon="lightbulb-o").add_class("crib-hint-button")
        self.next_button = w.Button(description="Continue (n)").add_class("crib-next")
        self.count_text = w.Text(placeholder="your count", description="Your count", layout=w.Layout(width="14em")).add_class("crib-count-entry").add_class("crib-submit-on-enter")
        self.count_button = w.Button(description="Count it").add_class("crib-count-button")
        self.count_box = w.HBox([self.count_text, self.count_button]).add_class("crib-count-box")
        self.rail_html = w.HTML().add_class("crib-scores")
        self.coach_html = w.HTML().add_class("crib-coach")
        keys = "".join(f"<li><kbd>{html.escape(k)}</kbd> {html.escape(v)}</li>" for k, v in KEYS)
        self.keys_html = w.HTML(
            f'<div class="crib-label">Keys</div><ul style="margin:2px 0 0 16px;padding:0">{keys}</ul>'
        ).add_class("crib-keys-help")
        self.review_html = w.HTML().add_class("crib-review")
        self.chart_html = w.HTML().add_class("crib-chart")
        self.replay_html = w.HTML().add_class("crib-replay")
        self.replay_hand = w.IntSlider(value=1, min=1, max=1, description="Replay hand (← →)", style={"description_width": "initial"}).add_class("crib-replay-hand")
        self.replay_box = w.VBox([self.replay_hand, self.replay_html], layout=w.Layout(display="none")).add_class("crib-replay-box")
        self.key_listener = KeyListener(
            ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "enter", "g", "h", "n", "space", "backspace", "arrowleft", "arrowright"]
        )
        self.key_listener.on_key(self.key)
        self.key_listener.on_query(self._on_query)
        self.new_button.on_click(lambda _b: self.new_game())
        self.confirm_button.on_click(lambda _b: self.act("enter"))
        self.go_button.on_click(lambda _b: self.act("g"))
        self.hint_button.on_click(lambda _b: self.act("h"))
        self.next_button.on_click(lambda _b: self.act("n"))
        self.count_button.on_click(lambda _b: self.count_it())
        self.save_button.on_click(lambda _b: self.save())
        self.load.observe(lambda _c: self.load_game(), "value")
        self.coaching_box.observe(lambda _c: self._settings(), "value")
        self.manual_box.observe(lambda _c: self._settings(), "value")
        self.muggins_box.observe(lambda _c: self._settings(), "value")
        self.replay_hand.observe(lambda _c: self._show_replay_hand(), "value")

        settings = w.HBox(
            [self.tier, self.seed, self.new_button, self.coaching_box, self.manual_box, self.muggins_box],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        files = w.HBox([self.save_button, self.save_link, self.load], layout=w.Layout(align_items="center"))
        buttons = w.HBox([self.confirm_button, self.go_button, self.hint_button, self.next_button])
        table = w.VBox(
            [
                self.opp_html,
                self.board_html,
                self.table_html,
                self.prompt_html,
                self.status,
                self.show_html,
                self.hand_box,
                buttons,
                self.count_box,
                self.captions_html,
            ],
            layout=w.Layout(flex="1 1 auto", min_width="660px"),
        )
        rail = w.VBox(
            [self.rail_html, self.coach_html, self.chart_html, self.keys_html],
            layout=w.Layout(width="320px", flex="0 0 320px", padding="0 0 0 12px"),
        ).add_class("crib-rail")
        super().__init__(
            [
                self.style_html,
                self.key_listener,
                settings,
                files,
                self.commit_html,
                w.HBox([table, rail], layout=w.Layout(align_items="flex-start")),
                self.review_html,
                self.replay_box,
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
        return GameController(
            seed=self.seed.value,
            tier=self.tier.value,
            coaching=self.coaching_box.value,
            manual=self.manual_box.value,
            muggins=self.muggins_box.value,
            scores=self._scores0,
        )

    @friendly()
    def new_game(self) -> None:
        """A new game with the chosen tier and seed (the same seed deals the same cards)."""
        self.controller = self._make_controller()
        self.save_link.value = ""
        self.status.value = ""
        self.render()

    @friendly()
    def _on_query(self, query: str) -> None:
        apply_query(self, query)

    @friendly()
    def _settings(self) -> None:
        c = self.controller
        c.coaching = self.coaching_box.value
        c.manual = self.manual_box.value
        c.muggins = self.muggins_box.value
        self.render()

    @friendly()
    def key(self, key: str) -> None:
        """A key pressed anywhere on the page."""
        if key == "submit":  # Enter in the count box
            self.count_it()
            return
        if key in ("arrowleft", "arrowright") and self.replay_box.layout.display != "none":
            step = -1 if key == "arrowleft" else 1
            self.replay_hand.value = min(max(self.replay_hand.value + step, 1), self.replay_hand.max)
            return
        if key in ("arrowleft", "arrowright"):
            return
        if key in ("7", "8", "9", "0") and self.controller.phase != "count":
            return
        self.act(key)

    @friendly()
    def act(self, key: str) -> None:
        """Apply a key (or its button) to the game, then redraw."""
        self.status.value = ""
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
        self.controller.claim(self.count_text.value)
        self.count_text.value = ""
        self.render()

    def _refine(self) -> None:
        """The exact trap flag, after the computer's reply is already on the screen."""
        c = self.controller
        if c._pending_exact and c.coaching:
            c.refine_grades()
            self._render_coach(c.view())

    @friendly()
    def save(self) -> None:
        """Offer the game's JSON log as a download link."""
        text, note = self.controller.save()
        b64 = base64.b64encode(text.encode()).decode()
        name = f"crib-game-seed{self.controller.seed}.json"
        self.save_link.value = (
            f'<a class="crib-download" download="{name}" href="data:application/json;base64,{b64}">'
            f"⬇ {name}</a> <span style='color:#555'>{html.escape(note)}</span>"
        )

    @friendly()
    def load_game(self) -> None:
        """Replay a saved game: the verdict, then hand by hand with the review."""
        files = self.load.value
        if not files:
            return
        f = files[0]
        raw = bytes(f["content"] if isinstance(f, dict) else f.content)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise CribError("not a saved game: the file is not UTF-8 text") from None
        events, counts = load_saved(text)
        r = replay(events)
        self._replay = (events, counts, r, grade_log(events, counts))
        hands = sum(isinstance(e, Dealt) for e in events)
        self.replay_hand.max = max(1, hands)
        self.replay_hand.value = 1
        self.replay_box.layout.display = None
        self._show_replay_hand()
        self.status.value = info_html(f"Loaded a game of {hands} hands: {r.verdict}.")

    @friendly()
    def _show_replay_hand(self) -> None:
        if not hasattr(self, "_replay"):
            return
        events, counts, r, grades = self._replay
        self.replay_html.value = replay_hand_html(events, counts, r, grades, self.replay_hand.value)

    # -- drawing ------------------------------------------------------------------

    def render(self) -> None:
        """Redraw everything from the controller's view."""
        t0 = time.perf_counter()
        v = self.controller.view()
        c = self.controller
        names = v.names
        self.commit_html.value = (
            f'<span class="crib-label">Fair deal</span> commitment <code>{v.commit[:24]}…</code> '
            f"(SHA-256 of the secret every deck comes from; seed {c.seed})"
            + (f'<div class="crib-fairness"><b>Verified:</b> {html.escape(v.fairness)}</div>' if v.fairness else "")
        )
        # the opponent: face down until the show
        if v.opp_shown:
            opp_cards = cards_html(v.opp_shown, "pile")
        else:
            opp_cards = "".join(
                f'<span style="margin-right:3px">{card_back_svg("pile")}</span>' for _ in range(v.opp_held)
            )
        self.opp_html.value = (
            f'<div style="display:flex;gap:12px;align-items:center">'
            f'<b style="color:{PLAYER_COLOURS[1]}">{html.escape(names[1])}</b>'
            f"<span>{opp_cards}</span><span>{v.scores[1]} points</span></div>"
        )
        self.board_html.value = board_svg(v.scores, v.back, names, v.dealer, v.last_score)
        self.table_html.value = _table_html(v)
        if c.message and not self.status.value:
            self.status.value = info_html(c.message)
        self._render_hand(v)
        self._render_buttons(v)
        if v.phase in ("show", "hand_over", "over", "count") and v.shows:
            self.show_html.value = "".join(show_html(s, names) for s in v.shows)
        elif v.phase == "cut_done" and v.cut_cards:
            a, b = v.cut_cards
            self.show_html.value = (
                f'<div class="crib-label">Cut for deal (low card deals)</div>'
                f"You {card_svg(a, 'pile')} &nbsp; {html.escape(names[1])} {card_svg(b, 'pile')}"
            )
        else:
            self.show_html.value = ""
        self.captions_html.value = '<div aria-live="polite">' + "".join(
            f'<div class="crib-caption">{html.escape(t)}</div>' for t in v.captions[-4:]
        ) + "</div>"
        self._render_rail(v)
        self._render_coach(v)
        self._render_review(v)
        # last, so that a page that sees the new step sees everything drawn before it
        self._step += 1
        self.prompt_html.value = (
            f'<span class="crib-phase" data-phase="{v.phase}" data-step="{self._step}" '
            f'data-seed="{c.seed}" data-tier="{c.tier}" '
            f'data-render-ms="{(time.perf_counter() - t0) * 1000:.1f}">'
            f"{html.escape(v.prompt)}</span>"
        )

    def _render_hand(self, v: GameView) -> None:
        # during the show your cards are in the show component
        self.hand_box.layout.display = "none" if v.phase in ("show", "hand_over", "over") else None
        for i, b in enumerate(self.card_buttons):
            card = v.my_cards[i] if i < len(v.my_cards) else None
            b.set_card(
                card,
                selected=i in v.selected,
                legal=v.phase == "play" and i in v.legal,
                illegal=v.phase == "play" and i not in v.legal,
                hint=i in v.hinted,
            )

    def _render_buttons(self, v: GameView) -> None:
        p = v.phase
        if p == "discard":
            whose = "your" if v.dealer == HUMAN else "their"
            label = f"Throw 2 to {whose} crib (Enter)"
        elif p == "play":
            label = "Play (Enter)"
        elif p == "count":
            label = "Count it (Enter)"
        elif p == "cut":
            label = "Cut for deal (Enter)"
        elif p == "over":
            label = "Game over"
        else:
            label = "Continue (Enter)"
        self.confirm_button.description = label
        self.confirm_button.disabled = p == "over"
        self.go_button.layout.display = None if v.can_go else "none"
        self.hint_button.layout.display = None if p in ("discard", "play") else "none"
        self.next_button.layout.display = "none"  # the confirm button says Continue then
        self.count_box.layout.display = None if p == "count" else "none"
        if p == "count" and v.count_entry != self.count_text.value and v.count_entry:
            self.count_text.value = v.count_entry
        elif p != "count" and self.count_text.value:
            self.count_text.value = ""

    def _render_rail(self, v: GameView) -> None:
        rows = []
        for p in (0, 1):
            deal = ' <span class="crib-chip" style="background:#555">dealer</span>' if v.dealer == p else ""
            rows.append(
                f'<div style="font-size:17px"><span style="color:{PLAYER_COLOURS[p]}">●</span> '
                f"<b>{html.escape(v.names[p])}</b> {v.scores[p]} "
                f'<span style="color:#555;font-size:13px">needs {121 - v.scores[p]}</span>{deal}</div>'
            )
        hand = f"Hand {v.hand_number}" if v.hand_number else "Before the first deal"
        mistakes = f"Mistakes so far: {v.mistakes}" if v.coaching else "Coaching is off"
        if v.winner is not None:
            word = "You win" if v.winner == HUMAN else f"{v.names[1]} wins"
            rows.append(f'<div class="crib-winner" style="font-size:20px;font-weight:700">{word}'
                        f'{", a " + v.skunk if v.skunk else ""}!</div>')
        self.rail_html.value = (
            f'<div class="crib-label">Score</div>{"".join(rows)}'
            f'<div style="color:#555">{hand} · {mistakes}</div>'
        )
        self.chart_html.value = (
            '<div class="crib-label">Scores by hand</div>' + score_chart_svg(v.history, v.names, 300, 150)
            if len(v.history) > 1
            else ""
        )

    def _render_coach(self, v: GameView) -> None:
        parts = ['<div class="crib-label">Coach</div>']
        if not v.coaching:
            parts.append("<div>Coaching is off: grades wait for the review.</div>")
        elif v.grade is not None:
            g = v.grade
            trap = (
                ' <span class="crib-chip crib-trap" style="background:#c0392b">trap missed</span>'
                if g.trap
                else ""
            )
            parts.append(
                f'<div class="crib-last-grade">{g.kind}: {html.escape(g.chosen)} {grade_chip(g.verdict, g.lost)}{trap}</div>'
                f'<div style="font-size:13px;color:#333">{html.escape(g.sentence)}</div>'
            )
        if v.hint:
            parts.append(f'<div class="crib-hint-text" style="font-size:13px;border-left:3px solid #d68910;padding-left:6px">{html.escape(v.hint)}</div>')
        self.coach_html.value = "".join(parts)

    def _render_review(self, v: GameView) -> None:
        c = self.controller
        if v.phase == "over":
            self.review_html.value = review_html(c.grades, title="Game review: your costliest decisions first")
        elif v.phase == "hand_over":
            h = c.hand_index
            self.review_html.value = (
                f'<div class="crib-hand-strip"><b>Hand {h + 1}:</b> {html.escape(c.hand_summary())}</div>'
                + review_html([g for g in c.grades if g.hand == h], title=f"Hand {h + 1} review")
            )
        else:
            self.review_html.value = ""


def _table_html(v: GameView) -> str:
    """The middle of the table: the pile and its count, the starter, the crib."""
    edges = [PLAYER_COLOURS[p] for p, _c in v.pile]
    pile = cards_html([c for _p, c in v.pile], "pile", overlap=14, edges=edges) if v.pile else ""
    prev = (
        '<div class="crib-label">earlier this hand</div>' + cards_html([c for _p, c in v.previous], "mini")
        if v.previous
        else ""
    )
    starter = card_svg(v.starter, "pile") if v.starter is not None else card_back_svg("pile")
    if v.crib_shown:
        crib = cards_html(v.crib_shown, "mini")
    else:
        crib = "".join(f'<span style="margin-right:-22px">{card_back_svg("pile")}</span>' for _ in range(v.crib_count))
    owner = "" if v.crib_owner is None else ("yours" if v.crib_owner == HUMAN else f"{v.names[1]}'s")
    return (
        '<div style="display:flex;gap:26px;align-items:flex-end;min-height:84px">'
        f'<div class="crib-pile"><div class="crib-label">The play</div>{pile or "<i>no cards yet</i>"}{prev}</div>'
        f'<div><div class="crib-label">Count</div><div class="crib-bigcount crib-count">{v.count}</div></div>'
        f'<div class="crib-starter"><div class="crib-label">Starter</div>{starter}</div>'
        f'<div class="crib-crib"><div class="crib-label">Crib ({html.escape(owner)})</div>{crib}</div>'
        "</div>"
    )


def replay_hand_html(
    events: Sequence[Event], counts: Sequence[CountRecord], r: Replay, grades: Sequence[Grade], hand: int
) -> str:
    """One hand of a loaded game: the verdict, the board after it, its events, the review."""
    start = events[0]
    assert isinstance(start, GameStarted)
    names = ("Player", str(start.players[1]).capitalize())
    idx = [i for i, e in enumerate(events) if isinstance(e, Dealt)]
    lo = idx[hand - 1] if hand - 1 < len(idx) else len(events)
    hi = idx[hand] if hand < len(idx) else len(events)
    snaps = r.snapshots
    end = snaps[hi - 1].scores if hi - 1 < len(snaps) else (0, 0)
    before = snaps[lo - 1].scores if lo > 0 else tuple(start.scores)
    lines = "".join(
        f'<div class="crib-replay-line">{html.escape(describe_event(e, names).strip())}</div>'
        for e in events[lo:hi]
    )
    history = [(0, *start.scores)]
    for k, i in enumerate(idx[1:], start=1):
        history.append((k, *snaps[i - 1].scores))
    history.append((len(idx), *snaps[-1].scores))
    verdict_colour = "#2e8b57" if r.verified else "#c0392b"
    muggins = [c for c in counts if c.hand == hand - 1 and c.muggins]
    mug = "".join(
        f"<div>Muggins: you counted {c.claimed} for your {c.what} (it was {c.total}); "
        f"the computer took {c.muggins}.</div>"
        for c in muggins
    )
    return (
        f'<div class="crib-replay-verdict" style="color:{verdict_colour}"><b>{html.escape(r.verdict)}</b> — '
        f"{html.escape(r.summary())}</div>"
        f"<h4>Hand {hand} of {len(idx)}: {before[0]}–{before[1]} → {end[0]}–{end[1]}</h4>"
        f"{board_svg(end, before, names)}"
        f'<div style="font-family:monospace;font-size:13px">{lines}</div>{mug}'
        f"<div>{score_chart_svg(history, names)}</div>"
        + review_html([g for g in grades if g.hand == hand - 1], title=f"Hand {hand} review")
        + review_html(list(grades), title="Whole game review", limit=10)
    )


# --- settings from the page's URL: play.ipynb?tier=easy&seed=7&start=100-100 --------
# (the browser sends the query string through the key listener when the page opens)


def apply_query(app: PlayApp, query: str) -> bool:
    """Start a game from a URL query string (``tier``, ``seed``, ``start`` as ``a-b``,
    ``manual`` and ``muggins`` as 1/0); True if it changed anything.

    >>> app = PlayApp(seed=1, tier="easy")
    >>> apply_query(app, "tier=normal&seed=9&start=100-95&manual=1")
    True
    >>> app.controller.tier, app.controller.seed, app.controller.scores, app.controller.manual
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
    if "tier" in q and q["tier"] in TIERS:
        app.tier.value = q["tier"]
    if "seed" in q and q["seed"].lstrip("-").isdigit():
        app.seed.value = int(q["seed"])
    if "start" in q:
        parts = q["start"].replace(",", "-").split("-")
        if len(parts) != 2 or not all(p.isdigit() and int(p) <= 120 for p in parts):
            raise CribError(f"start scores are two numbers 0-120 like 100-100, not {q['start']!r}")
        app._scores0 = (int(parts[0]), int(parts[1]))
    for key, box in (("manual", app.manual_box), ("muggins", app.muggins_box), ("coaching", app.coaching_box)):
        if key in q:
            box.value = q[key] not in ("0", "false", "no", "")
    app.new_game()
    return True
