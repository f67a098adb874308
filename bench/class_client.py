"""A light student for bench/load_class.py: the trainer page over HTTP and the kernel websocket.

A headless chromium costs about 3 CPU-seconds per page on this machine (voila's
JavaScript bundle is fetched, parsed and run in every fresh browser context), so
30 browser pages on the same 2 cores as the server measure the browser, not the
server.  This client does, message for message, what the page's widget manager
does, and nothing a student's own device would do:

1. GET the page (voila serves a preheated kernel's pre-rendered cells);
2. open the kernel's websocket (``/api/kernels/<id>/channels``), ask for
   ``kernel_info`` and open the ``jupyter.widget.control`` comm with
   ``request_states``, as ``@jupyter-widgets/base`` does, which gives every
   widget's state (so the Join button's and status's model ids, by CSS class);
3. click Join with the fields empty and wait for the kernel's answer in the join
   status: **the first accepted input**, the "interactive" point;
4. type the code and a name (widget ``update`` messages), click Join, then answer
   each question (type the count, click Check, wait for the stats line, Next).

Times are from the start of the GET.

A page may be opened through a school's way in (``go/trainer.ipynb?code=...``,
:mod:`crib.tools.school`): the redirects are followed, and the page's server is the
prefix it landed on (:attr:`Page.base`), where its websocket goes.  A cookie jar keeps
the teacher's cookie across the key's redirect.  :meth:`Page.send_query` sends the
page's query string to the kernel as the page's script does on load (the class code of
the link, a classmate table's seat).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import http.cookiejar
import json
import re
import time
import urllib.parse
import urllib.request
import uuid
from datetime import UTC, datetime
from typing import Any

import websockets
from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)

CONTROL_PROTOCOL = (
    "1.0.0"  # ipywidgets' __control_protocol_version__, as @jupyter-widgets/base sends
)
_CONFIG = re.compile(
    r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', re.S
)


def _decode(raw: str | bytes) -> dict:
    """A message of the kernel websocket's v1 protocol (what JupyterLab and voila's page use)."""
    if isinstance(raw, str):
        return json.loads(raw)
    channel, parts = deserialize_msg_from_ws_v1(raw)
    header, parent, metadata, content = (json.loads(x) for x in parts[:4])
    return {
        "channel": channel,
        "header": header,
        "parent_header": parent,
        "metadata": metadata,
        "content": content,
    }


def _encode(msg: dict) -> bytes:
    return serialize_msg_to_ws_v1(msg, msg["channel"], pack=lambda x: json.dumps(x).encode())


class Page:
    """One student's trainer page, driven at the message level."""

    def __init__(
        self,
        base: str,
        path: str = "voila/render/trainer.ipynb",
        *,
        jar: http.cookiejar.CookieJar | None = None,
    ) -> None:
        self.base, self.path = base.rstrip("/"), path
        self.jar = jar  # cookies kept across redirects (the teacher's key sets one)
        self.url = ""  # the page's address, once its redirects are followed
        self.kernel = ""  # the page's kernel id
        self.get_timeout = 600.0  # s the page's GET may stay silent
        self.session = uuid.uuid4().hex
        # the browser tab's id that the page's script sends with the query (kept across a
        # reload: a reloaded page takes its classmate seat back at once)
        self.tab = uuid.uuid4().hex[:12]
        self.states: dict[str, dict] = {}
        self.by_class: dict[str, str] = {}
        self.ws: Any = None
        self.t0 = 0.0
        self.marks: dict[str, float] = {}
        self._waiters: list[tuple[Any, asyncio.Future]] = []
        self._reader: asyncio.Task | None = None
        self.opened: list[str] = []  # widgets the kernel created after the page loaded (comm_open)
        self.on_state: Any = None  # called (comm id, state changes, time.time() at receipt)

    def _mark(self, name: str) -> None:
        self.marks[name] = time.perf_counter() - self.t0

    def _msg(self, msg_type: str, content: dict, channel: str = "shell") -> dict:
        return {
            "header": {
                "msg_id": uuid.uuid4().hex,
                "msg_type": msg_type,
                "session": self.session,
                "username": "student",
                "version": "5.3",
                "date": datetime.now(UTC).isoformat(),
            },
            "parent_header": {},
            "metadata": {},
            "content": content,
            "channel": channel,
            "buffers": [],
        }

    async def open(self) -> None:
        """GET the page, connect to its kernel and load the widget states (steps 1 and 2)."""
        self.t0 = time.perf_counter()
        html, cookie = await asyncio.to_thread(self._get)
        self._mark("page_received")
        m = _CONFIG.search(html)
        if m is None:
            raise RuntimeError("no jupyter-config-data in the page (not a voila page?)")
        self.kernel = kernel = json.loads(m.group(1))["kernelId"]
        url = (
            self.base.replace("http", "ws", 1)
            + f"/api/kernels/{kernel}/channels?session_id={self.session}"
        )
        self.ws = await websockets.connect(
            url,
            additional_headers={"Cookie": cookie},
            subprotocols=["v1.kernel.websocket.jupyter.org"],
            max_size=None,
            open_timeout=600,
        )
        self._mark("websocket_open")
        self._reader = asyncio.create_task(self._read())
        info = self._msg("kernel_info_request", {})
        await self._send_wait(info, lambda m: m["msg_type"] == "kernel_info_reply")
        control = uuid.uuid4().hex
        opening = self._msg(
            "comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}}
        )
        opening["metadata"] = {"version": CONTROL_PROTOCOL}
        await self.ws.send(_encode(opening))
        req = self._msg("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        reply = await self._send_wait(
            req,
            lambda m: m["msg_type"] == "comm_msg" and m["data"].get("method") == "update_states",
        )
        self.states = reply["data"]["states"]
        for mid, st in self.states.items():  # the page's script: its browser tab, first
            if "send_query" in st.get("state", {}):
                await self.ws.send(
                    _encode(
                        self._msg(
                            "comm_msg",
                            {
                                "comm_id": mid,
                                "data": {
                                    "method": "custom",
                                    "content": {"tab": self.tab, "seats": {}},
                                },
                            },
                        )
                    )
                )
        # a class on several widgets names the one with the fewest classes: the trainer's
        # counting Check is "crib-check"; the points question's is "crib-check
        # crib-pegpoints-check" (crib/ui/trainer/kinds.py), and clicking it answers nothing
        size: dict[str, int] = {}
        for mid, st in self.states.items():
            classes = st.get("state", {}).get("_dom_classes", [])
            for c in classes:
                if len(classes) < size.get(c, 1 << 30):
                    self.by_class[c], size[c] = mid, len(classes)
        self._mark("widgets_loaded")

    def _get(self) -> tuple[str, str]:
        opener = urllib.request.build_opener(
            *([urllib.request.HTTPCookieProcessor(self.jar)] if self.jar is not None else [])
        )
        with opener.open(f"{self.base}/{self.path}", timeout=self.get_timeout) as r:
            cookies = [c.split(";", 1)[0] for c in r.headers.get_all("Set-Cookie") or []]
            cookies += [f"{c.name}={c.value}" for c in (self.jar if self.jar is not None else [])]
            self.url = r.geturl()
            if "/voila/render/" in self.url:  # the server it landed on (a school's prefix)
                self.base = self.url.split("/voila/render/", 1)[0]
            return r.read().decode(), "; ".join(dict.fromkeys(cookies))

    async def _read(self) -> None:
        async for raw in self.ws:
            t = time.time()
            m = _decode(raw)
            flat = {
                "msg_type": m.get("msg_type") or m["header"]["msg_type"],
                "parent": m.get("parent_header", {}).get("msg_id"),
                "data": m.get("content", {}).get("data", {})
                if isinstance(m.get("content"), dict)
                else {},
                "comm_id": (m.get("content") or {}).get("comm_id"),
                "state": (m.get("content") or {}).get("execution_state"),
            }
            if flat["msg_type"] == "comm_msg" and flat["data"].get("method") in (
                "update",
                "echo_update",
            ):
                st = self.states.setdefault(flat["comm_id"], {"state": {}})
                st.setdefault("state", {}).update(flat["data"].get("state", {}))
                if self.on_state is not None:
                    self.on_state(flat["comm_id"], flat["data"].get("state", {}), t)
            elif flat["msg_type"] == "comm_open" and "state" in flat["data"]:
                # a widget the kernel made after the page loaded (as a click's callback does)
                self.states[flat["comm_id"]] = {"state": dict(flat["data"]["state"])}
                self.opened.append(flat["comm_id"])
            for pred, fut in list(self._waiters):
                if not fut.done() and pred(flat):
                    fut.set_result(flat)
                    self._waiters.remove((pred, fut))

    async def _send_wait(self, msg: dict, pred: Any, timeout: float = 600) -> dict:
        fut: asyncio.Future = asyncio.get_running_loop().create_future()
        self._waiters.append((pred, fut))
        await self.ws.send(_encode(msg))
        return await asyncio.wait_for(fut, timeout)

    def query(self) -> str:
        """The page's query string (after its redirects)."""
        return urllib.parse.urlsplit(self.url).query

    async def send_query(self, root: str, timeout: float = 120) -> list[str]:
        """Send the page's query string to every key listener that asks for it (as the
        page's script does on load) and wait until the kernel has handled it (its
        ``idle`` status for each message); the widgets it opened meanwhile, among them
        one of class ``root``, are looked up by class from then on (:attr:`by_class`),
        the first made of each class.  Returns their ids."""
        n0 = len(self.opened)
        for mid, st in list(self.states.items()):
            if st.get("state", {}).get("send_query"):
                msg = self._msg(
                    "comm_msg",
                    {
                        "comm_id": mid,
                        "data": {"method": "custom", "content": {"query": self.query()}},
                    },
                )
                sent = msg["header"]["msg_id"]
                await self._send_wait(
                    msg,
                    lambda m, sent=sent: (
                        m["msg_type"] == "status" and m["parent"] == sent and m["state"] == "idle"
                    ),
                    timeout,
                )
        new = self.opened[n0:]
        if not any(root in self.states[m]["state"].get("_dom_classes", ()) for m in new):
            raise RuntimeError(f"the query {self.query()!r} made no widget of class {root}")
        mine: dict[str, str] = {}
        for mid in new:  # a class two of them share names the first made (the count's Check)
            for c in self.states[mid]["state"].get("_dom_classes", ()):
                mine.setdefault(c, mid)
        self.by_class.update(mine)
        return new

    def value(self, css: str) -> str:
        return str(self.states[self.by_class[css]]["state"].get("value", ""))

    async def set_value(self, css: str, value: str) -> None:
        mid = self.by_class[css]
        self.states[mid]["state"]["value"] = value
        msg = self._msg(
            "comm_msg",
            {
                "comm_id": mid,
                "data": {"method": "update", "state": {"value": value}, "buffer_paths": []},
            },
        )
        await self.ws.send(_encode(msg))

    async def click(self, mid: str) -> float:
        """Click the button of model ``mid`` (a comm message, as the page sends);
        ``time.time()`` just before it was sent."""
        msg = self._msg(
            "comm_msg",
            {"comm_id": mid, "data": {"method": "custom", "content": {"event": "click"}}},
        )
        t = time.time()
        await self.ws.send(_encode(msg))
        return t

    async def click_done(self, mid: str, timeout: float = 600) -> None:
        """Click the button of model ``mid``; return once the kernel has handled the click
        (its ``idle`` status for that message: every update it made is in :attr:`states`)."""
        msg = self._msg(
            "comm_msg",
            {"comm_id": mid, "data": {"method": "custom", "content": {"event": "click"}}},
        )
        sent = msg["header"]["msg_id"]
        await self._send_wait(
            msg,
            lambda m: m["msg_type"] == "status" and m["parent"] == sent and m["state"] == "idle",
            timeout,
        )

    async def set_state(self, mid: str, state: dict) -> None:
        """Change a widget's value(s) from the page (an ``update`` comm message)."""
        self.states[mid]["state"].update(state)
        msg = self._msg(
            "comm_msg",
            {"comm_id": mid, "data": {"method": "update", "state": state, "buffer_paths": []}},
        )
        await self.ws.send(_encode(msg))

    async def click_until(self, button: str, css: str, text: str, timeout: float = 600) -> None:
        """Click a button; return when the widget ``css`` shows ``text`` (a kernel's answer)."""
        mid, target = self.by_class[button], self.by_class[css]
        msg = self._msg(
            "comm_msg",
            {"comm_id": mid, "data": {"method": "custom", "content": {"event": "click"}}},
        )

        def done(m: dict) -> bool:
            return (
                m["comm_id"] == target
                and m["data"].get("method") == "update"
                and text in str(m["data"].get("state", {}).get("value", ""))
            )

        await self._send_wait(msg, done, timeout)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()


async def student(base: str, code: str, name: str, n_answers: int, guess: int) -> dict:
    """Open the trainer, join, answer ``n_answers`` counting questions; the times (s)."""
    p = Page(base)
    try:
        await p.open()
        # the first accepted input: Join with empty fields is answered by a message
        await p.click_until("crib-join", "crib-join-status", "")
        p._mark("interactive")
        await p.set_value("crib-join-code", code)
        await p.set_value("crib-join-name", name)
        t = time.perf_counter()
        await p.click_until("crib-join", "crib-join-status", "Joined")
        out: dict[str, Any] = {"join": time.perf_counter() - t, "answers": []}
        for k in range(n_answers):
            await p.set_value("crib-count-input", str((guess + k) % 20))
            t = time.perf_counter()
            await p.click_until("crib-check", "crib-stats", f"answered {k + 1} of")
            out["answers"].append(time.perf_counter() - t)
            if k + 1 < n_answers:
                await p.click_until("crib-next", "crib-header", f"Question {k + 2} of")
        out.update(p.marks)
        return out
    finally:
        await p.close()


_ATTR = re.compile(r'data-([a-z]+)="([^"]*)"')


class DuelPage(Page):
    """One player's play page in a game against a classmate (bench/load_duel.py).

    "Play a classmate" makes the :class:`crib.ui.play.duel.DuelApp` in the kernel; its
    widgets arrive as ``comm_open`` messages, and only those are looked up here (the play
    page's own game has card buttons with the same classes).  The phase, the last stored
    move drawn (``data-move``) and this seat's moves (``data-mine``) are read from the
    prompt's ``data-`` attributes, as tests/browser/duel_driver.py reads them in a browser.
    """

    def __init__(self, base: str, name: str) -> None:
        super().__init__(base, "voila/render/play.ipynb")
        self.name = name
        self.duel: list[str] = []  # the DuelApp's widgets
        self._since = 0  # where they start in ``opened``
        self.seen: dict[str, float] = {}  # move id -> ms (time.time()) this page first drew it
        self.clicks: list[float] = []  # time.time() of each click that commits a move
        self.changed = asyncio.Event()
        self.prompt_id = ""
        self.on_state = self._on_state

    def _on_state(self, mid: str, state: dict, t: float) -> None:
        if mid == self.prompt_id and "value" in state:
            m = re.search(r'data-move="(\d+)"', state["value"])
            if m and m.group(1) not in self.seen:
                self.seen[m.group(1)] = t * 1000
        self.changed.set()

    def find(self, css: str) -> str:
        """The DuelApp's widget with class ``css`` (its own first, then those the page
        made after it: the class table box)."""
        for mid in self.duel + self.opened[self._since + len(self.duel) :]:
            if css in self.states[mid]["state"].get("_dom_classes", ()):
                return mid
        raise KeyError(css)

    def attrs(self) -> dict[str, str]:
        return dict(_ATTR.findall(str(self.states[self.prompt_id]["state"].get("value", ""))))

    def shown(self, mid: str) -> bool:
        """Whether the widget is displayed (its Layout model's ``display``)."""
        lay = str(self.states[mid]["state"].get("layout", "")).removeprefix("IPY_MODEL_")
        return self.states.get(lay, {}).get("state", {}).get("display") != "none"

    async def until(self, pred: Any, timeout: float = 120) -> None:
        """Wait until ``pred()`` holds (checked after every widget update)."""
        deadline = time.monotonic() + timeout
        while not pred():
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name}: waited {timeout} s at {self.attrs()}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 5))

    async def sit(self, code: str | None = None) -> str:
        """Play a classmate: create a table (no code) or join one; returns the table code."""
        n0 = len(self.opened)
        await self.click(self.by_class["crib-classmate"])
        await self.until(
            lambda: any(
                "crib-duel-app" in self.states[m]["state"].get("_dom_classes", ())
                for m in self.opened[n0:]
            )
        )
        self._adopt(n0)
        await self.set_state(self.find("crib-duel-name"), {"value": self.name})
        if code is None:
            await self.click(self.find("crib-duel-create"))
        else:
            await self.set_state(self.find("crib-duel-code-entry"), {"value": code})
            await self.click(self.find("crib-duel-join"))
        await self.until(lambda: "phase" in self.attrs())
        header = str(self.states[self.find("crib-duel-header")]["state"].get("value", ""))
        m = re.search(r'data-code="(\w+)"', header)
        if m is None:
            raise RuntimeError(f"{self.name}: no table code in the header")
        return m.group(1)

    def _adopt(self, since: int) -> None:
        """The DuelApp's widgets are those opened from ``since`` on (its prompt read from then
        on)."""
        self._since, self.duel = since, self.opened[since:]
        self.prompt_id = self.find("crib-prompt")

    async def reopen(self, timeout: float = 120) -> None:
        """The page opened at a seat's link (``play.ipynb?table=CODE&seat=TOKEN``, as a
        reload finds it): the query goes to the kernel as the page's script sends it,
        and the seat comes back from the record."""
        n0 = len(self.opened)
        await self.send_query("crib-duel-app", timeout)
        self._adopt(n0)
        await self.until(lambda: "phase" in self.attrs(), timeout)

    def seat_link(self) -> str:
        """The query string the page's address holds for its seat (``table=CODE&seat=TOKEN``,
        set by the DuelApp's UrlSetter), which a reload opens again."""
        for mid in self.duel:
            st = self.states[mid]["state"]
            if st.get("_model_name") == "AnyModel" and "query" in st:
                return str(st["query"])
        raise KeyError(f"{self.name}: no UrlSetter among the DuelApp's widgets")

    def text(self, css: str) -> str:
        return str(self.states[self.find(css)]["state"].get("value", ""))

    async def back_to_tables(self) -> None:
        """Leave the table (after a game: "Back to the tables"): the way in again."""
        await self.click(self.find("crib-duel-leave"))
        entry = self.find("crib-duel-entry")
        await self.until(lambda: self.shown(entry))

    async def find_class_table(self, class_code: str) -> str:
        """Your class table: the class code (the name is the page's), Find my table;
        the status the kernel answers with."""
        await self.set_state(self.find("crib-duel-class-code"), {"value": class_code})
        before = self.text("crib-duel-mine")
        await self.click(self.find("crib-duel-find"))
        await self.until(lambda: self.text("crib-duel-mine") not in ("", before))
        return self.text("crib-duel-mine")

    async def play_class_table(self) -> str:
        """Play: this page sits at the table found; returns its code."""
        step = int(self.attrs().get("step", 0) or 0)
        await self.click(self.find("crib-duel-mine-play"))
        await self.until(lambda: int(self.attrs().get("step", 0) or 0) > step)
        m = re.search(r'data-code="(\w+)"', self.text("crib-duel-header"))
        if m is None:
            raise RuntimeError(f"{self.name}: no table code in the header")
        return m.group(1)

    async def _click_step(self, css: str) -> None:
        step = int(self.attrs().get("step", 0))
        await self.click(self.find(css))
        await self.until(lambda: int(self.attrs().get("step", 0)) > step)

    def legal_card(self) -> str | None:
        """The first card button shown that fits (``crib-legal``, not disabled)."""
        for i in range(1, 7):
            mid = self.find(f"crib-card-{i}")
            st = self.states[mid]["state"]
            if (
                "crib-legal" in st.get("_dom_classes", ())
                and not st.get("disabled")
                and self.shown(mid)
            ):
                return mid
        return None

    async def act(self) -> str | None:
        """This seat's move if it has one (the first two cards thrown, the first card that
        fits played, Continue after the show); the kind of move, or None."""
        a = self.attrs()
        ph, mine = a.get("phase", ""), int(a.get("mine", 0))

        def moved() -> bool:
            return int(self.attrs().get("mine", 0)) > mine

        if ph == "discard":
            await self._click_step("crib-card-1")
            await self._click_step("crib-card-2")
            self.clicks.append(await self.click(self.find("crib-duel-action")))
            await self.until(moved)
        elif ph == "play":
            card = self.legal_card()
            if card is None:  # the kernel says go for a seat with no card that fits
                await self.until(lambda: self.attrs() != a, 30)
                return None
            self.clicks.append(await self.click(card))
            await self.until(moved)
        elif ph == "hand_over":
            await self.click(self.find("crib-duel-action"))
            await self.until(lambda: self.attrs().get("phase") != "hand_over")
        elif ph == "count":
            raise RuntimeError("manual counting is off at these tables")
        else:
            return None
        return ph

    def log(self) -> tuple[str, str] | None:
        """(the game's log as JSON, the revealed secret) from the page's download link."""
        html = str(self.states[self.find("crib-duel-log")]["state"].get("value", ""))
        m = re.search(r'base64,([A-Za-z0-9+/=]+)"', html)
        s = re.search(r"--secret ([0-9a-f]+)", html)
        if m is None or s is None:
            return None
        return base64.b64decode(m.group(1)).decode(), s.group(1)
