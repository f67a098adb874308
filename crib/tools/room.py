"""Serving a class on the school network: the teacher's key and the kernel caps.

``crib serve --class`` (with ``--lan`` to listen on the machine's network address)
puts a :class:`Room` in front of Voila's request handlers.  Everything here runs in the
server's tornado handlers, *before* Voila takes or starts a kernel for a request:

* **The teacher's key.**  A random key per server start (``secrets.token_urlsafe``).
  The teacher's link carries it once (``/voila/render/teacher.ipynb?key=...``); the
  server compares it with :func:`hmac.compare_digest`, sets a signed, HTTP-only cookie
  (tornado's secure cookie, signed with the server's cookie secret) and redirects to
  the same page without the key, so the key does not stay in the address bar that
  the projector shows, nor reach the kernel's request info.  Without a valid key or
  cookie, the teacher's page answers 403 with a page that says so (no kernel taken,
  no notebook rendered), and so do the teacher kernels' API and websocket routes
  (``/api/kernels/<id>``, ``/api/kernels/<id>/channels``, ``/voila/api/shutdown/<id>``).
* **Kernel caps.**  Each page opened is a kernel (about 100 MB).  A client address may
  hold ``per_client`` page kernels and the server ``total`` (the warm pools are not
  counted: they are sized by ``--class-size``).  A client at its cap first gets its own
  *closed* pages' kernels back (no websocket connected, older than ``GRACE`` seconds:
  a page that is still loading keeps its kernel); if it is still at its cap, it gets a
  "too many open pages" page (HTTP 429) at once, and no kernel.  Refused requests cost
  a few hundred microseconds of the server's time and no kernel.
* **Closed pages.**  Voila's page asks the server to shut its kernel down when it is
  closed, but the request fails its XSRF check (voila issue 1458).  Here the request
  is accepted when it comes from the address that opened that kernel (the kernel id is
  a random UUID that only that page knows), so a closed tab frees its kernel at once;
  the idle culler (``cull_idle_timeout``, kernels with no connected page only) is the
  fallback for pages that could not say goodbye (a phone that went to sleep).

What the key does not do: the server speaks plain HTTP, so anyone who can read the
network's traffic can read the key and the pages (see the README's "Teaching a
class": put a TLS proxy in front on a shared network).
"""

from __future__ import annotations

import contextlib
import contextvars
import hmac
import html
import posixpath
import secrets
import socket
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import tornado.web
from jupyter_server.services.kernels.handlers import KernelHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

__all__ = [
    "Room",
    "PER_CLIENT",
    "GRACE",
    "CULL_IDLE",
    "CULL_INTERVAL",
    "total_cap",
    "lan_address",
    "room_handlers",
]

PER_CLIENT = 4  # page kernels one address may hold: the trainer, a game, two analyzers
GRACE = 30.0  # s a page has to connect to its kernel before it counts as closed
CULL_IDLE = 180  # class mode: a kernel with no page connected is shut down after 3 min idle
CULL_INTERVAL = 30  # ... checked every 30 s
COOKIE = "crib_teacher"


def total_cap(class_size: int | None) -> int:
    """Page kernels the whole server may hold: two per student plus the teacher's and
    a few spare (the warm pools come on top).

    >>> total_cap(30), total_cap(None), total_cap(1)
    (68, 68, 10)
    """
    return 2 * (class_size or 30) + 8


def lan_address() -> str:
    """The machine's address on its network: the source address of a route outwards
    (a UDP socket's connect sends nothing); 127.0.0.1 when there is no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


@dataclass
class Owner:
    """Who a page kernel was handed to: the client's address, the page, and when."""

    ip: str
    page: str
    started: float = field(default_factory=time.monotonic)


@dataclass
class _Request:
    ip: str
    page: str
    reserved: bool = True


# the page request being served (set by the render handler, read by the kernel
# manager's wrappers, which run in the same asyncio task)
_REQUEST: contextvars.ContextVar[_Request | None] = contextvars.ContextVar(
    "crib_room_request", default=None
)


def _page_name(path: str) -> str:
    """A page path as Voila resolves it, normalised: ``./x/../teacher.ipynb`` is
    ``teacher.ipynb``; the comparison ignores case (a case-insensitive disk).

    >>> _page_name("./a/../Teacher.ipynb"), _page_name("/teacher.ipynb/")
    ('teacher.ipynb', 'teacher.ipynb')
    """
    return posixpath.normpath("/" + (path or "")).lstrip("/").lower()


class Room:
    """The class server's guard: the teacher's key, who holds which kernel, the caps."""

    def __init__(
        self,
        *,
        key: str | None = None,
        teacher_pages: tuple[str, ...] = ("teacher.ipynb",),
        per_client: int = PER_CLIENT,
        total: int = total_cap(None),
        grace: float = GRACE,
        student_url: str = "",
        teacher_url: str = "",
    ) -> None:
        self.key = key or secrets.token_urlsafe(18)
        self.teacher_pages = frozenset(_page_name(p) for p in teacher_pages)
        self.per_client, self.total, self.grace = per_client, total, grace
        self.student_url, self.teacher_url = student_url, teacher_url
        self.owners: dict[str, Owner] = {}
        self.teacher_kernels: set[str] = set()
        self.pending: Counter[str] = Counter()
        self.km: Any = None
        self.refused: Counter[str] = Counter()  # "key", "client", "total": for the log and tests

    # -- the key ----------------------------------------------------------------

    def key_ok(self, given: str | bytes | None) -> bool:
        """Whether ``given`` is the key, compared in constant time.

        >>> r = Room(key="abc")
        >>> r.key_ok("abc"), r.key_ok("abd"), r.key_ok(""), r.key_ok(None)
        (True, False, False, False)
        """
        if not given:
            return False
        if isinstance(given, str):
            given = given.encode()
        return hmac.compare_digest(given, self.key.encode())

    def is_teacher_page(self, path: str) -> bool:
        return _page_name(path) in self.teacher_pages

    def is_teacher_kernel(self, kernel_id: str) -> bool:
        if kernel_id in self.teacher_kernels:
            return True
        find = getattr(self.km, "_get_notebook_from_kernel", None)  # a pooled kernel's page
        nb = find(kernel_id) if find is not None else None
        return nb is not None and self.is_teacher_page(nb)

    # -- who holds which kernel ---------------------------------------------------

    def install(self, km: Any) -> None:
        """Wrap the kernel manager's two ways of giving a page a kernel (a warm one from
        the pool, or a new one) to note which client each kernel went to."""
        self.km = km
        room = self
        if hasattr(km, "get_rendered_notebook"):
            take = km.get_rendered_notebook

            async def get_rendered_notebook(notebook_name: str, *a: Any, **kw: Any) -> Any:
                req = _REQUEST.get()
                token = _REQUEST.set(None)  # the pool's refill tasks copy this context
                try:
                    out = await take(notebook_name, *a, **kw)
                finally:
                    _REQUEST.reset(token)
                if req is not None:
                    room.claim(req, out[2])
                return out

            km.get_rendered_notebook = get_rendered_notebook
        start = km.start_kernel

        async def start_kernel(*a: Any, **kw: Any) -> Any:
            req = _REQUEST.get()
            kid = await start(*a, **kw)
            env = kw.get("env") or {}
            if req is not None and env.get("VOILA_PREHEAT") != "True":
                room.claim(req, kid)
            return kid

        km.start_kernel = start_kernel

    def claim(self, req: _Request, kernel_id: str) -> None:
        self.owners[kernel_id] = Owner(req.ip, req.page)
        if self.is_teacher_page(req.page):
            self.teacher_kernels.add(kernel_id)
        self.release(req)

    def release(self, req: _Request) -> None:
        if req.reserved:
            req.reserved = False
            self.pending[req.ip] -= 1
            if self.pending[req.ip] <= 0:
                del self.pending[req.ip]

    def _live(self) -> dict[str, Owner]:
        """The page kernels still running (forgetting those that are gone)."""
        if self.km is not None:
            for kid in [k for k in self.owners if k not in self.km]:
                del self.owners[kid]
                self.teacher_kernels.discard(kid)
        return self.owners

    def held(self, ip: str) -> int:
        """Page kernels the address holds or is being given."""
        return sum(o.ip == ip for o in self._live().values()) + self.pending[ip]

    def held_total(self) -> int:
        return len(self._live()) + sum(self.pending.values())

    def closed_pages(self, ip: str) -> list[str]:
        """The address's kernels whose page is gone: no websocket, older than the grace."""
        conns = getattr(self.km, "_kernel_connections", {})
        now = time.monotonic()
        return [
            kid
            for kid, o in self._live().items()
            if o.ip == ip and not conns.get(kid, 0) and now - o.started > self.grace
        ]

    async def admit(self, ip: str, page: str, teacher: bool) -> tuple[_Request | None, str]:
        """Reserve a kernel for a page request: (the reservation, "") or (None, why)."""
        if not teacher and self.held(ip) >= self.per_client:
            for kid in self.closed_pages(ip):  # this device's closed pages first
                with contextlib.suppress(Exception):  # already gone
                    await self.km.shutdown_kernel(kid)
        # no await from here on: the counts and the reservation are one step
        if not teacher and self.held(ip) >= self.per_client:
            self.refused["client"] += 1
            return None, "client"
        if not teacher and self.held_total() >= self.total:  # the teacher always gets in
            self.refused["total"] += 1
            return None, "total"
        self.pending[ip] += 1
        return _Request(ip, page), ""

    def status(self) -> dict[str, Any]:
        """Counts for the teacher (``/crib/room``) and the tests; no student data."""
        live = self._live()
        pools = getattr(self.km, "_pools", {})
        return {
            "page_kernels": len(live),
            "teacher_kernels": sorted(set(live) & self.teacher_kernels),
            "by_client": dict(Counter(o.ip for o in live.values())),
            "all_kernels": len(self.km.list_kernel_ids()) if self.km is not None else 0,
            "pools": {nb: len(p) for nb, p in pools.items()},
            "per_client": self.per_client,
            "total": self.total,
            "refused": dict(self.refused),
        }


# -- pages ----------------------------------------------------------------------

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · crib</title>
<style>body{{font-family:system-ui,sans-serif;max-width:40em;margin:3em auto;padding:0 1em;
color:#1d1d1d;line-height:1.5}} h1{{color:#a4262c;font-size:1.6em}}
a{{color:#1f5fa8}}</style></head>
<body><main class="crib-room-refused" data-why="{why}"><h1>{title}</h1>{body}</main></body></html>"""


def refusal_html(why: str, student_url: str = "") -> str:
    """The page a refused request gets (no scripts, no widget, no kernel)."""
    link = (
        f'<p><a href="{html.escape(student_url)}">Open the practice page</a></p>'
        if student_url
        else ""
    )
    if why == "key":
        return PAGE.format(
            why=why,
            title="Not allowed",
            body="<p>This page is the teacher's. It needs the teacher's link.</p>" + link,
        )
    if why == "client":
        return PAGE.format(
            why=why,
            title="Too many open pages",
            body=(
                "<p>This device already has too many crib pages open. Close the pages "
                "you are not using, then reload this one.</p>" + link
            ),
        )
    return PAGE.format(
        why=why,
        title="The class server is full",
        body="<p>Too many pages are open in the class right now. Wait a minute, then "
        "reload this page, or ask your teacher.</p>",
    )


# -- handlers ---------------------------------------------------------------------


class _RoomMixin:
    """Shared by the guarded handlers: the room, and the teacher's key or cookie."""

    @property
    def room(self) -> Room:
        return self.settings["crib_room"]  # type: ignore[attr-defined]

    def has_teacher_cookie(self) -> bool:
        value = self.get_secure_cookie(COOKIE, max_age_days=1)  # type: ignore[attr-defined]
        return self.room.key_ok(value)


class RoomVoilaHandler(_RoomMixin, TornadoVoilaHandler):
    """Voila's page handler behind the room's checks (the teacher's key, the caps)."""

    _crib_req: _Request | None = None

    async def prepare(self) -> None:  # type: ignore[override]
        await super().prepare()
        if self._finished:
            return
        path = self.path_args[0] if self.path_args else ""
        room = self.room
        teacher = False
        if room.is_teacher_page(path):
            given = self.get_query_argument("key", None)
            if given is not None:
                if not room.key_ok(given):
                    return self._refuse(403, "key")
                self.set_secure_cookie(COOKIE, room.key, expires_days=None, httponly=True,
                                       samesite="Lax")
                rest = [(k, v) for k, vs in self.request.query_arguments.items() if k != "key"
                        for v in vs]
                query = urlencode([(k, v.decode()) for k, v in rest])
                return self.redirect(self.request.path + ("?" + query if query else ""))
            if not self.has_teacher_cookie():
                return self._refuse(403, "key")
            teacher = True
        if not path.lower().endswith(".ipynb"):
            return  # voila redirects other files; no kernel
        req, why = await room.admit(self.request.remote_ip or "", path, teacher)
        if req is None:
            return self._refuse(429 if why == "client" else 503, why)
        self._crib_req = req
        _REQUEST.set(req)

    def _refuse(self, status: int, why: str) -> None:
        if why == "key":
            self.room.refused["key"] += 1
        self.set_status(status)
        if status != 403:
            self.set_header("Retry-After", "30")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(refusal_html(why, self.room.student_url))

    def on_finish(self) -> None:
        if self._crib_req is not None:
            self.room.release(self._crib_req)  # a request that got no kernel
        super().on_finish()


class _KernelGuard(_RoomMixin):
    """For routes named by a kernel id: a teacher kernel needs the teacher's cookie."""

    def _kernel_allowed(self) -> bool:
        kid = self.path_args[0] if self.path_args else ""  # type: ignore[attr-defined]
        return not self.room.is_teacher_kernel(kid) or self.has_teacher_cookie()


class RoomKernelHandler(_KernelGuard, KernelHandler):
    async def prepare(self) -> None:  # type: ignore[override]
        await super().prepare()
        if not self._kernel_allowed():
            raise tornado.web.HTTPError(403, "not allowed")


class RoomWebsocketHandler(_KernelGuard, VoilaKernelWebsocketHandler):
    async def prepare(self, *a: Any, **kw: Any) -> None:  # type: ignore[override]
        await super().prepare(*a, **kw)
        if not self._kernel_allowed():
            raise tornado.web.HTTPError(403, "not allowed")


class RoomShutdownHandler(_KernelGuard, VoilaShutdownKernelHandler):
    """A closed page's kernel shutdown (voila's ``beforeunload`` beacon).  Voila's page
    sends no XSRF token it has (issue 1458); the request is accepted without one when it
    comes from the address the kernel was handed to, for a page kernel only."""

    def check_xsrf_cookie(self) -> None:
        kid = self.path_args[0] if self.path_args else ""
        owner = self.room.owners.get(kid)
        if owner is not None and owner.ip == self.request.remote_ip:
            return
        super().check_xsrf_cookie()

    async def prepare(self) -> None:  # type: ignore[override]
        await super().prepare()
        kid = self.path_args[0] if self.path_args else ""
        if kid not in self.room.owners or not self._kernel_allowed():
            raise tornado.web.HTTPError(403, "not allowed")  # not a page's kernel: no


class RoomStatusHandler(_RoomMixin, tornado.web.RequestHandler):
    """``/crib/room``: the kernel counts as JSON, for the teacher (key or cookie) only."""

    def get(self) -> None:
        if not (self.room.key_ok(self.get_query_argument("key", None)) or self.has_teacher_cookie()):
            self.set_status(403)
            self.finish({"error": "not allowed"})
            return
        self.set_header("Cache-Control", "no-store")
        self.finish(self.room.status())


REPLACE = {
    TornadoVoilaHandler: RoomVoilaHandler,
    KernelHandler: RoomKernelHandler,
    VoilaKernelWebsocketHandler: RoomWebsocketHandler,
    VoilaShutdownKernelHandler: RoomShutdownHandler,
}


def room_handlers(handlers: list, server_url: str = "/") -> list:
    """Voila's handler list with each guarded route's class swapped for its room
    counterpart, and ``/crib/room`` added."""
    out: list = []
    for h in handlers:
        if isinstance(h, tuple) and len(h) >= 2 and h[1] in REPLACE:
            h = (h[0], REPLACE[h[1]], *h[2:])
        out.append(h)
    status = posixpath.join(server_url or "/", "crib/room")
    return [(status, RoomStatusHandler), *out]
