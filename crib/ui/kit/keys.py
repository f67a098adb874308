"""Keyboard input for the dashboards: a tiny anywidget that listens on the page.

Why anywidget and not ipyevents: ipyevents only hears keys while the mouse is
over its widget (it attaches its document listener on ``mouseenter``) and then
swallows every key, including those typed into other inputs; this 30-line
anywidget listens on the whole page from the start, leaves keys typed into
inputs and buttons alone, and so works for a player who never touches the mouse.

It also tells the kernel what the browser is (``touch``: its main pointer is coarse, a
tablet or a phone; ``narrow``: a phone's width) and marks the page ``html.crib-touch``,
so that a page speaks of taps and hides its key hints; and Enter on the buttons of
``enter_on`` (the play page's cards) is the page's Enter, with the card's number.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from crib.ui.kit.common import friendly

__all__ = ["KeyListener", "query_reader", "PAGE", "note_page"]

# what the browser said of the page this kernel serves (one page per kernel): its tab's
# id ('' unknown: a headless test) and the class seats the device keeps (table -> secret)
PAGE: dict[str, Any] = {"tab": "", "seats": {}}


def note_page(tab: object, seats: object) -> None:
    """Keep the tab id and the device's seats the page sent as it opened (bad shapes are
    dropped: they come from the browser).

    >>> note_page("ab12", {"KQ7P": "f00d", "x": 3}); PAGE["tab"], PAGE["seats"]
    ('ab12', {'KQ7P': 'f00d'})
    >>> note_page(None, None); PAGE["tab"], PAGE["seats"]
    ('', {})
    """
    PAGE["tab"] = tab[:40] if isinstance(tab, str) else ""
    PAGE["seats"] = {
        k[:12]: v[:64]
        for k, v in (seats.items() if isinstance(seats, dict) else ())
        if isinstance(k, str) and isinstance(v, str)
    }


_ESM = r"""
function render({ model, el }) {
  const onKey = (ev) => {
    const t = ev.target;
    const tag = t && t.tagName ? t.tagName : "";
    const key0 = String(ev.key).toLowerCase();
    if (tag === "INPUT" && key0 === "enter" && t.closest && t.closest(".crib-submit-on-enter")) {
      // Enter in a box that submits (the manual count), with what the box holds: a busy
      // kernel may get the box's own value update after this message
      model.send({ key: "submit", value: String(t.value) });
      return;
    }
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT"
        || (t && t.isContentEditable)) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    let k = ev.key === " " ? "space" : String(ev.key).toLowerCase();
    // Enter on a focused card of the hand is the page's Enter (the Keys list's "confirm"),
    // with the card's number; Space stays the card's own click (pick it)
    const cardSel = model.get("enter_on");
    const card = k === "enter" && cardSel && t.closest ? t.closest(cardSel) : null;
    if (card) {
      ev.preventDefault();
      const m = /crib-card-(\d+)/.exec(card.className);
      model.send({ key: "enter", card: m ? Number(m[1]) : 0 });
      return;
    }
    if (tag === "BUTTON" && (k === "enter" || k === "space")) return;  // the button's own click
    if (!model.get("watched").includes(k)) return;
    ev.preventDefault();
    model.send({ key: k });
  };
  // a clicked button gives its focus back to the page: a later Enter or Space is the
  // page's key, never a second click of that button (New game, then n n 1 2 Enter)
  // (a click from the keyboard, Enter or Space on a focused button, has ev.detail 0: the
  // focus stays where the keyboard user put it, ring and all)
  const onClick = (ev) => {
    const b = ev.target && ev.target.closest ? ev.target.closest("button") : null;
    if (b && ev.detail > 0 && model.get("blur_clicked") && document.activeElement === b) b.blur();
  };
  // the kernel moves the focus to the next thing to do (the answer, then "Next"): the
  // first element matching the selector once it is shown and enabled (its view may still
  // be on its way), tried for up to 3 s; if the element focused is then taken out of the
  // page (the old cards, before the new deal's are drawn), the next match gets the focus
  const focusOn = (sel, tries) => {
    const e = [...document.querySelectorAll(sel)].find(
      (x) => !x.disabled && x.isConnected && x.getBoundingClientRect().width > 0);
    if (e) e.focus({ focusVisible: true });
    const watch = (left) => {
      if (left <= 0) return;
      const lost = !e || !e.isConnected;
      const a = document.activeElement;  // no one else's focus is taken
      const free = !a || a === document.body || a.disabled || !a.isConnected;
      if (lost && free) { focusOn(sel, left - 1); return; }
      setTimeout(() => watch(left - 1), 50);
    };
    setTimeout(() => watch(tries), 50);
  };
  const onMsg = (msg) => {
    if (msg && typeof msg.focus === "string") focusOn(msg.focus, 60);
    if (msg && typeof msg.store === "string") {  // this device's memory (store)
      try { localStorage.setItem(msg.store, String(msg.value)); } catch (e) { /* refused */ }
    }
  };
  model.on("msg:custom", onMsg);
  document.addEventListener("keydown", onKey, true);  // capture: inputs stop keydown bubbling
  document.addEventListener("click", onClick);
  // the page's query string (play.ipynb?tier=easy&seed=7), read in the browser so
  // that a preheated kernel never waits for the request
  const q = window.location.search.replace(/^\?/, "");
  // with it, this browser tab's id (kept across reloads: a reloaded page takes its
  // classmate seat back at once) and the class seats this device holds (crib.ui.play.duel)
  let tab = "", seats = {};
  const device = {};  // the device's memory the page asked for (device_keys)
  try {
    for (const k of model.get("device_keys")) {
      const v = localStorage.getItem(k);
      if (v !== null) device[k] = v;
    }
    tab = sessionStorage.getItem("crib-tab") || "";
    if (!tab) {
      tab = Math.random().toString(36).slice(2, 14);
      sessionStorage.setItem("crib-tab", tab);
    }
    seats = JSON.parse(localStorage.getItem("crib-seats") || "{}") || {};
  } catch (e) { /* storage refused (private mode): no tab id, no seats kept */ }
  model.send({ tab: tab, seats: seats, device: device });  // first, query or not
  if (q && model.get("send_query")) model.send({ query: q });
  model.send({ shown: true });  // a person has the page (a preheated kernel had none)
  // a touch device (its main pointer is coarse): the page says tap, and hides the key
  // hints (html.crib-touch, crib.css); told again if it changes (a tablet's keyboard)
  const coarse = window.matchMedia ? window.matchMedia("(pointer: coarse)") : null;
  // and a phone's width (the play page draws a phone's board)
  const phone = window.matchMedia ? window.matchMedia("(max-width: 600px)") : null;
  const onPointer = () => {
    const touch = !!(coarse && coarse.matches), narrow = !!(phone && phone.matches);
    document.documentElement.classList.toggle("crib-touch", touch);
    // no keys' note on a touch device, seen or spoken
    if (touch) el.setAttribute("aria-hidden", "true"); else el.removeAttribute("aria-hidden");
    if (model.get("touch") !== touch || model.get("narrow") !== narrow) {
      model.set("touch", touch);
      model.set("narrow", narrow);
      model.save_changes();
    }
  };
  onPointer();
  const medias = [coarse, phone].filter((m) => m && m.addEventListener);
  for (const m of medias) m.addEventListener("change", onPointer);
  el.classList.add("crib-keys-ready");
  // "{where}" in the label: where the keys list is, which depends on the width (the
  // side column goes under the board below 1000 px), said by the stylesheet (crib-keys-where)
  const [before, after] = String(model.get("label")).split("{where}");
  el.textContent = before;
  if (after !== undefined) {
    const where = document.createElement("span");
    where.className = "crib-keys-where";
    const [wide, narrow] = model.get("where");  // the words in another language than English
    if (wide) { where.dataset.wide = wide; where.dataset.narrow = narrow; }
    el.append(where, after);
  }
  el.style.cssText = "font-size:12px;color:var(--crib-muted)";
  return () => {
    model.off("msg:custom", onMsg);
    document.removeEventListener("keydown", onKey, true);
    document.removeEventListener("click", onClick);
    for (const m of medias) m.removeEventListener("change", onPointer);
  };
}
export default { render };
"""


class KeyListener(anywidget.AnyWidget):
    """Sends each watched key pressed anywhere on the page to ``on_key`` handlers."""

    _esm = _ESM
    watched = traitlets.List(traitlets.Unicode()).tag(sync=True)
    # "{where}": "on the right" or "below the game", by the page's width (crib.ui.kit.access)
    label = traitlets.Unicode("⌨ keys on: see the Keys list {where}").tag(sync=True)
    # "{where}" in another language: [on the right, below the game] (the stylesheet says
    # them, by the width); empty: the stylesheet's English
    where = traitlets.List(traitlets.Unicode(), default_value=["", ""]).tag(sync=True)
    send_query = traitlets.Bool(True).tag(sync=True)
    # after a click, the button loses focus (the sequential focus point stays, so Tab
    # goes on from it): a key pressed later never clicks it again
    blur_clicked = traitlets.Bool(True).tag(sync=True)
    # the localStorage keys the page reads as it opens (on_device), before its query
    device_keys = traitlets.List(traitlets.Unicode()).tag(sync=True)
    # the browser's word: a touch device (its main pointer is coarse); the page then
    # speaks of taps (crib.session.words) and the stylesheet hides the key hints
    touch = traitlets.Bool(False).tag(sync=True)
    # the browser's width is a phone's (600 px or less): the play page draws a phone's board
    narrow = traitlets.Bool(False).tag(sync=True)
    # buttons on which Enter is the page's key "enter" (with the button's crib-card-N
    # number, ``card``), not the button's own click: the play page's cards
    enter_on = traitlets.Unicode("").tag(sync=True)

    def __init__(self, keys: list[str], **kw: object) -> None:
        super().__init__(watched=list(keys), **kw)
        self._handlers: list[Callable[[str], None]] = []
        self._query_handlers: list[Callable[[str], None]] = []
        self._shown_handlers: list[Callable[[], None]] = []
        self._device_handlers: list[Callable[[dict[str, str]], None]] = []
        self.device: dict[str, str] | None = None  # what the device said it keeps (None: unheard)
        self.focused: str | None = None  # the last selector given to focus_on
        self.submitted: str | None = None  # the text of the box Enter last submitted
        self.card: int | None = None  # the card (1-6) Enter was pressed on, else None
        self.on_msg(self._on_msg)

    def on_key(self, fn: Callable[[str], None]) -> None:
        self._handlers.append(fn)

    def on_query(self, fn: Callable[[str], None]) -> None:
        """``fn(query_string)`` once, when the page opens with a query string."""
        self._query_handlers.append(fn)

    def on_shown(self, fn: Callable[[], None]) -> None:
        """``fn()`` each time the page is drawn in a browser (not when a kernel is
        preheated): the moment a person sees it."""
        self._shown_handlers.append(fn)

    def on_device(self, fn: Callable[[dict[str, str]], None]) -> None:
        """``fn(values)`` when the page opens: the ``device_keys`` this device's browser
        keeps (localStorage), those it has; before the query string."""
        self._device_handlers.append(fn)

    def store(self, key: str, value: str) -> None:
        """Keep ``value`` under ``key`` in this device's browser (localStorage)."""
        self.device = {**(self.device or {}), key: value}
        self.send({"store": key, "value": value})

    def _on_msg(self, _widget: object, content: dict, _buffers: object) -> None:
        if not isinstance(content, dict):
            return
        if content.get("shown") is True:
            for fn0 in self._shown_handlers:
                fn0()
        if "tab" in content:  # the page's browser tab and the seats its device keeps
            note_page(content.get("tab"), content.get("seats"))
            got = content.get("device")
            if isinstance(got, dict):
                self.device = {
                    k: v for k, v in got.items() if k in self.device_keys and isinstance(v, str)
                }
                for fn1 in self._device_handlers:
                    fn1(self.device)
        key, query = content.get("key"), content.get("query")
        if key == "submit" and isinstance(content.get("value"), str):
            self.submitted = content["value"]  # what the box held when Enter was pressed
        card = content.get("card")
        self.card = card if isinstance(card, int) and 1 <= card <= 6 else None
        if isinstance(key, str):
            for fn in self._handlers:
                fn(key)
        if isinstance(query, str) and self.send_query:
            self.send_query = False  # once per page
            for fn in self._query_handlers:
                fn(query)

    def focus_on(self, selector: str) -> None:
        """Move the page's focus to the first shown, enabled element matching the CSS
        ``selector`` (waiting up to 3 s for it to be drawn); ``focused`` remembers it."""
        self.focused = selector
        self.send({"focus": selector})

    def simulate(self, key: str, card: int | None = None) -> None:
        """What a key press from the page does (for headless tests); ``card``: pressed
        on the focused card of that number (1-6)."""
        self._on_msg(self, {"key": key, "card": card}, None)


def query_reader(app: Any, apply: Callable[[Any, str], object]) -> KeyListener:
    """A hidden listener that reads the page's query string in the browser and calls
    ``apply(app, query)`` once (a review link from the game fills an analyzer in).

    Read in the browser, so a preheated kernel never waits for the request; bad
    input becomes a message in ``app.status``, never a traceback.
    """
    listener = KeyListener([], label="", blur_clicked=False)

    @friendly()
    def handle(target: Any, query: str) -> None:
        apply(target, query)

    listener.on_query(lambda q: handle(app, q))
    return listener
