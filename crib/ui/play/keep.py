"""The play page never loses a game: every move kept on the device, resumed on return.

Where the game is kept, and why: in the **browser's own storage** (``localStorage``, key
``crib-games``, one entry per game id), not on the server.

- A reload, Back, another visit or a kernel that died all come back to the same
  browser, which still holds the game; the server keeps nothing per player, and a
  kernel may be culled or killed at any time.
- A game then opens only on the device that played it: another device (or another
  address, another browser profile) has its own storage and never sees it.
- What is kept is a :class:`~crib.session.keep.GameRecord` (the deal's settings and the
  accepted actions), about 2 kB; the newest :data:`KEPT` games are kept.  A record read
  back is checked and played again through the game's rules
  (:func:`crib.session.keep.play_again`), so a changed record can do nothing a player
  could not.

:class:`GameKeeper` is the browser side (a tiny anywidget): as the page opens it sends the
kept games, this tab's id and the page's query; it stores each record the page sends,
and while a game is in progress it asks before the page is left (``beforeunload``: the
browser's own dialog, which works by keyboard and touch).  :class:`Keeping` is the
page's side: which game to resume (:func:`pick_resume`), the status line and the
"Resume" offer, and the in-page question before New game replaces a game in progress.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

import anywidget
import ipywidgets as w
import traitlets

from crib.errors import CribError
from crib.i18n import tr
from crib.session.controller import TIERS, GameController
from crib.session.keep import GameRecord
from crib.ui.kit.common import friendly, info_html
from crib.ui.kit.controls import button

__all__ = ["GameKeeper", "Opened", "pick_resume", "Keeping", "KEPT", "STORE_KEY"]

KEPT = 5  # the newest games kept on a device
STORE_KEY = "crib-games"
# a query that asks for a game of its own: an unfinished game is offered, not resumed
ASKS_OWN_GAME = ("tier", "level", "seed", "start", "tour")

_ESM = r"""
function render({ model, el }) {
  const KEY = "crib-games";
  let games = {}, ok = true, tab = "";
  try {
    games = JSON.parse(localStorage.getItem(KEY) || "{}") || {};
    if (typeof games !== "object" || Array.isArray(games)) games = {};
    tab = sessionStorage.getItem("crib-tab") || "";
    if (!tab) {
      tab = Math.random().toString(36).slice(2, 14);
      sessionStorage.setItem("crib-tab", tab);
    }
  } catch (e) { ok = false; games = {}; }
  const list = Object.values(games).filter((g) => g && typeof g.r === "string");
  model.send({ open: { query: window.location.search.replace(/^\?/, ""), tab: tab,
                       games: list, refused: !ok } });
  let guarded = false;
  const ask = (ev) => { if (guarded) { ev.preventDefault(); ev.returnValue = ""; return ""; } };
  window.addEventListener("beforeunload", ask);
  const onMsg = (msg) => {
    if (!msg) return;
    if (typeof msg.guard === "boolean") {
      guarded = msg.guard;
      el.dataset.guard = guarded ? "1" : "0";
    }
    if (msg.keep && typeof msg.keep.id === "string") {
      try {
        const all = JSON.parse(localStorage.getItem(KEY) || "{}") || {};
        all[msg.keep.id] = { r: msg.keep.record, at: Date.now(), tab: tab };
        const ids = Object.keys(all).sort((a, b) => (all[b].at || 0) - (all[a].at || 0));
        for (const id of ids.slice(model.get("kept"))) delete all[id];
        localStorage.setItem(KEY, JSON.stringify(all));
        el.dataset.kept = String(msg.keep.n);
      } catch (e) { model.send({ refused: true }); }
    }
  };
  model.on("msg:custom", onMsg);
  el.classList.add("crib-keeper");
  return () => {
    model.off("msg:custom", onMsg);
    window.removeEventListener("beforeunload", ask);
  };
}
export default { render };
"""


@dataclass(frozen=True)
class Opened:
    """What the browser said as the page opened: its query, this tab's id, the games the
    device keeps (read back and checked; unreadable ones are left out) and whether its
    storage refused (a private window)."""

    query: str = ""
    tab: str = ""
    games: tuple[tuple[GameRecord, float, str], ...] = ()
    refused: bool = False

    @classmethod
    def of(cls, content: object) -> Opened:
        d = content if isinstance(content, dict) else {}
        games = []
        for g in d.get("games") or ():
            if not isinstance(g, dict):
                continue
            try:
                record = GameRecord.from_json(str(g.get("r", ""))[:200_000])
            except CribError:
                continue  # another version's record, or a changed one: not offered
            at = g.get("at")
            at = float(at) if isinstance(at, int | float) else 0.0
            games.append((record, at, str(g.get("tab", ""))[:40]))
        return cls(
            query=str(d.get("query", ""))[:2000],
            tab=str(d.get("tab", ""))[:40],
            games=tuple(sorted(games, key=lambda x: -x[1])),
            refused=d.get("refused") is True,
        )


class GameKeeper(anywidget.AnyWidget):
    """The browser side: keeps the records it is sent, and guards the page's leaving."""

    _esm = _ESM
    kept = traitlets.Int(KEPT).tag(sync=True)

    def __init__(self) -> None:
        super().__init__()
        self.layout.display = "none"
        self.add_class("crib-keeper")
        self._opened: list[Any] = []
        self.sent: list[GameRecord] = []  # what was sent to the browser (tests read it)
        self.guarded = False
        self.on_msg(self._on_msg)

    def on_open(self, fn: Any) -> None:
        self._opened.append(fn)

    def _on_msg(self, _w: object, content: object, _b: object) -> None:
        if isinstance(content, dict) and "open" in content:
            opened = Opened.of(content["open"])
            for fn in self._opened:
                fn(opened)

    def keep(self, record: GameRecord) -> None:
        self.sent.append(record)
        self.send({"keep": {"id": record.id, "record": record.to_json(), "n": len(record.actions)}})

    def guard(self, on: bool) -> None:
        if on != self.guarded:
            self.guarded = on
            self.send({"guard": on})


def pick_resume(opened: Opened) -> tuple[GameRecord | None, GameRecord | None]:
    """(the game to resume at once, the game to offer) as the page opens.

    This tab's own unfinished game comes back at once (a reload, Back); else the
    newest unfinished game of the device, unless the link asks for a game of its own
    (a tier, a seed, scores, the first-game lessons): that one is offered instead.  A
    classmate's table (``table=``, ``class=``) resumes nothing.
    """
    q = parse_qs(opened.query)
    if "table" in q or "class" in q:
        return None, None
    live = [(r, tab) for r, _at, tab in opened.games if r.started]
    mine = next((r for r, tab in live if opened.tab and tab == opened.tab), None)
    if mine is not None:
        return mine, None
    if not live:
        return None, None
    if any(k in q for k in ASKS_OWN_GAME):
        return None, live[0][0]
    return live[0][0], None


class Keeping:
    """The play page's side of keeping its game (see the module docstring)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        _ = tr(app.lang)
        self.keeper = GameKeeper()
        self.keeper.on_open(self.opened)
        self.opened_yet = False  # nothing is kept before the browser said what it holds
        self.resumed = False  # this page came back to a kept game
        self.duel = False  # a classmate's game is shown: it is not kept here
        self.offer: GameRecord | None = None
        self._last: tuple[str, int] | None = None
        self.status = w.HTML(_dom_classes=("crib-keep-status",)).add_class("crib-live")
        self.resume_button = button(_("Resume your unfinished game"), "crib-resume", icon="undo")
        self.resume_button.layout.display = "none"
        self.resume_button.on_click(lambda _b: self.resume_offered())
        self.question = w.HTML(
            '<span role="alert">'
            + html.escape(_("Start a new game? The game in progress will be left."))
            + "</span>",
            _dom_classes=("crib-ask-text",),
        )
        self.no_button = button(_("Keep playing"), "crib-ask-no", button_style="primary")
        self.yes_button = button(_("Start a new game"), "crib-ask-yes")
        self.no_button.on_click(lambda _b: self.answer(False))
        self.yes_button.on_click(lambda _b: self.answer(True))
        self.ask_box = w.HBox(
            [self.question, self.no_button, self.yes_button],
            _dom_classes=("crib-ask",),
            layout=w.Layout(
                display="none",
                flex_flow="row wrap",
                align_items="center",
                grid_gap="4px 10px",
                padding="4px 8px",
                border="2px solid var(--crib-accent)",
                width="fit-content",
            ),
        )
        self.box = w.VBox(
            [w.HBox([self.status, self.resume_button]), self.ask_box], _dom_classes=("crib-keep",)
        )

    @property
    def asking(self) -> bool:
        return self.ask_box.layout.display != "none"

    # -- the page opens ------------------------------------------------------------

    def opened(self, opened: Opened) -> None:
        """The browser's kept games arrive: resume this tab's game, or offer one."""
        _ = tr(self.app.lang)
        self.opened_yet = True
        if opened.refused:
            self.status.value = info_html(
                _("This browser does not keep games (a private window?): a reload starts over.")
            )
        now, offer = pick_resume(opened)
        if now is not None:
            self.resume(now)
        elif offer is not None:
            self.offer = offer
            self.resume_button.layout.display = None
        self.after_render()

    @friendly("status")
    def resume_offered(self) -> None:
        if self.offer is not None:
            self.resume(self.offer)

    def resume(self, record: GameRecord) -> None:
        """The kept game, played again to where it was left (an error in the status)."""
        app, _ = self.app, tr(self.app.lang)
        try:
            c = GameController.resume(record, app.lang)
        except CribError as e:
            self.status.value = info_html(str(e))
            return
        self.offer = None
        self.resume_button.layout.display = "none"
        self.resumed = True
        app.controller = c
        app.tier.value = TIERS[record.tier]
        app.seed.value = record.seed
        app._seed_chosen = False
        for box, value in (
            (app.coaching_box, record.coaching),
            (app.manual_box, record.manual),
            (app.muggins_box, record.muggins),
        ):
            box.value = value
        c.coaching = record.coaching
        self._last = (record.id, len(record.actions))
        app.render()
        self.status.value = info_html(
            _(
                "Your game is back where you left it (hand {hand}, {you}–{them}). "
                "New game starts another."
            ).format(hand=record.hand + 1, you=record.scores_now[0], them=record.scores_now[1])
        )

    # -- every move ------------------------------------------------------------------

    def in_progress(self) -> bool:
        c = self.app.controller
        return c.hand_index >= 0 and c.phase != "over"

    def after_render(self) -> None:
        """After each redraw: the game's new moves kept, the leaving guard set."""
        if not self.opened_yet:
            return
        if self.duel:
            self.keeper.guard(False)
            return
        c = self.app.controller
        now = (c.game_id, len(c.actions))
        # a game paused mid-reveal by a first-game lesson is not kept (played again, with
        # no lesson, its reveal would not stop there): it is kept before and after the pause
        paused = c.phase == "lesson"
        if now != self._last and not paused and (c.hand_index >= 0 or c.actions):
            self._last = now
            self.keeper.keep(c.record())
        self.keeper.guard(self.in_progress())

    # -- New game asks first -------------------------------------------------------

    def ask_new_game(self) -> None:
        """New game: at once when no game is in progress, else a question first."""
        if not self.in_progress() or self.duel:
            self.app.new_game(fresh=True)
            return
        self.ask_box.layout.display = None
        self.app.key_listener.focus_on(".crib-ask-no")

    def answer(self, yes: bool) -> None:
        self.ask_box.layout.display = "none"
        if yes:
            self.status.value = ""
            self.app.new_game(fresh=True)
            self.app.key_listener.focus_on(".crib-new")
        else:
            self.app.key_listener.focus_on(".crib-new")
