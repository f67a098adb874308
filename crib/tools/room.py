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

__all__ = [
    "Room",
    "PER_CLIENT",
    "GRACE",
    "CULL_IDLE",
    "CULL_INTERVAL",
    "total_cap",
    "lan_address",
    "take_room_options",
    "class_setup",
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


def take_room_options(argv: list[str]) -> tuple[dict[str, Any], list[str]]:
    """Remove the class-server options from argv; returns (them, the rest).

    ``--class``: the teacher's key and the kernel caps (:mod:`crib.tools.room`);
    ``--lan`` (implies ``--class``): listen on every address and print the links with
    the machine's network address; ``--lan=ADDR``: listen on ADDR only;
    ``--max-pages N``, ``--max-pages-per-client N``: the caps.

    >>> take_room_options(["x", "--lan", "--max-pages=9", "--port=1"])
    ({'class': True, 'lan': '', 'max_pages': 9, 'per_client': None}, ['x', '--port=1'])
    >>> take_room_options(["x"])[0]["class"]
    False
    >>> take_room_options(["--max-pages-per-client", "0"])
    Traceback (most recent call last):
    ...
    SystemExit: --max-pages-per-client: expected a whole number from 1 to 1000, got '0'
    """
    opts: dict[str, Any] = {"class": False, "lan": None, "max_pages": None, "per_client": None}
    numbers = {"--max-pages": "max_pages", "--max-pages-per-client": "per_client"}
    out: list[str] = []
    it = iter(argv)
    for a in it:
        name, eq, value = a.partition("=")
        if a == "--class":
            opts["class"] = True
        elif name == "--lan":
            opts["class"], opts["lan"] = True, value
        elif name in numbers:
            raw = value if eq else next(it, "")
            if not raw.isdigit() or not 1 <= int(raw) <= 1000:
                raise SystemExit(f"{name}: expected a whole number from 1 to 1000, got {raw!r}")
            opts[numbers[name]] = int(raw)
        else:
            out.append(a)
    return opts, out


def class_setup(
    size: int | None, opts: dict[str, Any], rest: list[str], key: str | None = None
) -> tuple[Room, str, list[str]]:
    """For ``--class`` (and ``--lan``): (the room, the host the links name, argv with the
    address and class-mode culling options, each only where the caller gave none).
    ``key``: the teacher's key shared by a school's servers (else a fresh one).

    >>> room, host, argv = class_setup(12, take_room_options(["--class"])[0], ["d"])
    >>> host, argv[1:], room.total
    ('127.0.0.1', ['--MappingKernelManager.cull_idle_timeout=180', '--MappingKernelManager.cull_interval=30'], 32)
    """
    given = {a.split("=", 1)[0] for a in rest}
    host, extra = "127.0.0.1", []
    if opts["lan"] is not None:  # --lan wins over a --Voila.ip given too
        rest = [a for a in rest if not a.startswith("--Voila.ip=")]
        host = opts["lan"] or lan_address()
        extra.append(f"--Voila.ip={opts['lan'] or '0.0.0.0'}")  # 0.0.0.0: the teacher's machine too
    elif "--Voila.ip" in given:
        ip = next(a for a in rest if a.startswith("--Voila.ip=")).split("=", 1)[1]
        host = lan_address() if ip in ("0.0.0.0", "", "::") else ip
    for opt, value in (
        ("--MappingKernelManager.cull_idle_timeout", CULL_IDLE),
        ("--MappingKernelManager.cull_interval", CULL_INTERVAL),
    ):
        if opt not in given:
            extra.append(f"{opt}={value}")
    room = Room(key=key, per_client=opts["per_client"] or PER_CLIENT, total=opts["max_pages"] or total_cap(size))
    return room, host, [*rest, *extra]
