"""Serving a class on the school network: the teacher's key, the kernel caps, the culler.

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
  (``/api/kernels/<id>``, ``/api/kernels/<id>/channels``, ``/voila/api/shutdown/<id>``,
  ``/voila/query/<id>``).
* **A kernel obeys only its page.**  A page kernel is shut down (``DELETE
  /api/kernels/<id>``, voila's ``/voila/api/shutdown/<id>``, a restart or interrupt
  route) only from the address it was handed to (:attr:`Room.owners`): from any other,
  403 whatever XSRF pair it sends; its websocket is refused to other addresses too.
  Behind one NAT the kernel id, a random UUID only its page knows, tells pages apart
  (a per-page cookie would too; not done).  This is also how a closed tab frees its
  kernel at once: voila's shutdown request fails its XSRF check (voila issue 1458), and
  is accepted here from the owner.
* **Kernel caps, and sharing the server** (:meth:`Room.why_not`, :meth:`Room.reserve`).
  A client address holds at most ``per_client`` page kernels, the server ``total`` (the
  warm pools and the teacher's pages are not counted per address; the teacher always
  gets in).  Every address may have ``MIN_PAGES`` (2) while the server has room; a
  page beyond those only if ``MIN_PAGES`` stay free for each expected student with no
  page yet (at least one more), and what each one here lacks of two.  At
  ``--class-size 4`` (16 pages) four devices asking for 4 get 4, 4, 4 and 2, and a fifth
  still gets 2.  A refused client first gets its own closed pages back (no websocket,
  older than ``GRACE``); a full server first takes the closed pages of devices holding
  more than two (:meth:`Room.evictable`).  Still refused: 429 "too many open pages", or
  503 with a page saying the class server is full and what to do
  (:mod:`crib.tools.room_pages`).  A refusal costs microseconds and no kernel.
* **Culling by page, not by activity** (:meth:`Room.page_gone`).  A kernel whose page
  could not say goodbye keeps polling, so jupyter's idle culler never sees it idle.  The
  room notes when each handed-out kernel's last websocket closed and shuts down, every
  ``cull_every`` s, those with none for ``cull_after`` s (``--cull-after``, 180),
  however busy.  A kernel handed to a page has its idle time reset and is not culled
  within ``hand_grace`` s (``--cull-grace``, 60) unless its page closes: a warm kernel
  is not culled before its page connects.  Warm kernels in the pool are never culled.

What the key does not do: the server speaks plain HTTP, so anyone who can read the
network's traffic can read the key and the pages (see docs/safety.md, "What
it does not protect": put a TLS proxy in front on a shared network).
"""

from __future__ import annotations

import contextlib
import contextvars
import hmac
import logging
import posixpath
import secrets
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from crib.tools.room_share import MIN_PAGES, evictable, refusal, reserve, total_cap

# (MIN_PAGES and total_cap are crib.tools.room_share's, named here too)
__all__ = [
    "Room",
    "PER_CLIENT",
    "MIN_PAGES",
    "GRACE",
    "HAND_GRACE",
    "CULL_IDLE",
    "CULL_INTERVAL",
    "cull_every",
    "total_cap",
]

PER_CLIENT = 4  # page kernels one address may hold: the trainer, a game, two analyzers
GRACE = 30.0  # s a page has to connect to its kernel before it counts as closed
HAND_GRACE = 60.0  # s after a kernel is handed to a page during which it is not culled
CULL_IDLE = 180  # class mode: a page kernel with no page connected is shut down after 3 min
CULL_INTERVAL = 30  # ... checked every 30 s
COOKIE = "crib_teacher"
log = logging.getLogger(__name__)


def cull_every(cull_after: float) -> float:
    """How often the cullers look: every 30 s, more often for a short timeout (a third
    of it, at least every second).

    >>> cull_every(180), cull_every(3), cull_every(1)
    (30, 1, 1)
    """
    return max(1, min(CULL_INTERVAL, int(cull_after) // 3))


@dataclass
class Owner:
    """Who a page kernel was handed to: the client's address, the page, when, and when
    its last websocket closed (None: none has yet)."""

    ip: str
    page: str
    started: float = field(default_factory=time.monotonic)
    left: float | None = None


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
    """The class server's guard: the teacher's key, who holds which kernel, the caps,
    and the culling of kernels whose page is gone."""

    def __init__(
        self,
        *,
        key: str | None = None,
        # the guide is the teacher's too: its "Start this practice with the class" makes a
        # class session, which is the teacher's to make (issue #38)
        teacher_pages: tuple[str, ...] = ("teacher.ipynb", "guide.ipynb"),
        per_client: int = PER_CLIENT,
        total: int = total_cap(None),
        students: int | None = None,
        grace: float = GRACE,
        hand_grace: float = HAND_GRACE,
        cull_after: float = CULL_IDLE,
        student_url: str = "",
        teacher_url: str = "",
    ) -> None:
        self.key = key or secrets.token_urlsafe(18)
        self.teacher_pages = frozenset(_page_name(p) for p in teacher_pages)
        self.per_client, self.total, self.grace = per_client, total, grace
        # the students expected: the class size (else what the total cap was made for)
        self.students = students if students is not None else max(1, (total - 8) // 2)
        self.hand_grace, self.cull_after = hand_grace, cull_after
        self.student_url, self.teacher_url = student_url, teacher_url
        self.owners: dict[str, Owner] = {}
        self.teacher_kernels: set[str] = set()
        self.pending: Counter[str] = Counter()
        self.km: Any = None
        self.refused: Counter[str] = Counter()  # "key", "client", "share", "total"
        self.culled: list[str] = []  # page kernels shut down by cull_pages (the tests read it)
        self._culler: Any = None

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

    def is_owner(self, kernel_id: str, ip: str | None) -> bool:
        """Whether ``ip`` is the address the page kernel was handed to (False for a
        kernel handed to no page: a warm one, or one that is gone)."""
        owner = self.owners.get(kernel_id)
        return owner is not None and bool(ip) and owner.ip == ip

    # -- who holds which kernel ---------------------------------------------------

    def install(self, km: Any) -> None:
        """Wrap the kernel manager's two ways of giving a page a kernel (a warm one from
        the pool, or a new one) to note which client each kernel went to; its
        websocket-closed notice, to note when a page left; and jupyter's idle culler,
        which leaves page kernels to :meth:`cull_pages`."""
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
        disconnect = getattr(km, "notify_disconnect", None)
        if disconnect is not None:

            def notify_disconnect(kernel_id: str) -> None:
                disconnect(kernel_id)
                owner = room.owners.get(kernel_id)
                if owner is not None:
                    owner.left = time.monotonic()

            km.notify_disconnect = notify_disconnect
        cull = getattr(km, "cull_kernel_if_idle", None)
        if cull is not None:

            async def cull_kernel_if_idle(kernel_id: str) -> Any:
                if kernel_id in room.owners and not room._dead(kernel_id):
                    return None  # a page's kernel: culled by its page (cull_pages)
                return await cull(kernel_id)

            km.cull_kernel_if_idle = cull_kernel_if_idle

    def claim(self, req: _Request, kernel_id: str) -> None:
        self.owners[kernel_id] = Owner(req.ip, req.page)
        if self.is_teacher_page(req.page):
            self.teacher_kernels.add(kernel_id)
        # a warm kernel may have waited in the pool for long: its idle time starts now
        kernel = getattr(self.km, "_kernels", {}).get(kernel_id)
        if kernel is not None:
            kernel.last_activity = datetime.now(UTC)
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

    def _dead(self, kernel_id: str) -> bool:
        kernel = getattr(self.km, "_kernels", {}).get(kernel_id)
        return getattr(kernel, "execution_state", None) == "dead"

    def connections(self, kernel_id: str) -> int:
        """Websockets connected to the kernel now (jupyter's count)."""
        return int(getattr(self.km, "_kernel_connections", {}).get(kernel_id, 0) or 0)

    def _students(self) -> dict[str, Owner]:
        """The live page kernels that are not the teacher's."""
        return {k: o for k, o in self._live().items() if k not in self.teacher_kernels}

    def held(self, ip: str) -> int:
        """Page kernels the address holds or is being given (the teacher's not counted)."""
        return sum(o.ip == ip for o in self._students().values()) + self.pending[ip]

    def held_total(self) -> int:
        return len(self._live()) + sum(self.pending.values())

    def reserve(self) -> int:
        """Pages kept free for classmates now (:func:`crib.tools.room_share.reserve`)."""
        here = Counter(o.ip for o in self._students().values())
        here.update(self.pending)
        return reserve(here, self.students)

    def why_not(self, ip: str) -> str:
        """Why a student's page request from ``ip`` would be refused now ("" if it would
        not): :func:`crib.tools.room_share.refusal`."""
        return refusal(
            self.held(ip), self.held_total(), self.reserve(), self.per_client, self.total
        )

    def closed_pages(self, ip: str | None = None, after: float | None = None) -> list[str]:
        """Kernels whose page is gone (no websocket, handed out more than ``after``
        seconds ago, ``grace`` by default): the address's, else anyone's; the teacher's
        are not counted.  Oldest first (by when their page left)."""
        now = time.monotonic()
        after = self.grace if after is None else after
        out = [
            (o.left if o.left is not None else o.started, kid)
            for kid, o in self._students().items()
            if (ip is None or o.ip == ip) and not self.connections(kid) and now - o.started > after
        ]
        return [kid for _t, kid in sorted(out)]

    def evictable(self) -> list[str]:
        """The closed pages a full server takes back for a newcomer
        (:func:`crib.tools.room_share.evictable`), oldest first."""
        closed = [
            (kid, self.owners[kid].ip)
            for kid in self.closed_pages(after=max(self.grace, self.hand_grace))
        ]
        return evictable(closed, Counter(o.ip for o in self._students().values()))

    async def _shutdown(self, kids: list[str]) -> None:
        for kid in kids:
            with contextlib.suppress(Exception):  # already gone
                await self.km.shutdown_kernel(kid)

    async def admit(self, ip: str, page: str, teacher: bool) -> tuple[_Request | None, str]:
        """Reserve a kernel for a page request: (the reservation, "") or (None, why)."""
        if not teacher:
            why = self.why_not(ip)
            if why in ("client", "share"):  # this device's closed pages first
                await self._shutdown(self.closed_pages(ip))
            elif why == "total":  # then the closed pages of those holding more than two
                await self._shutdown(self.evictable()[:1])
        # no await from here on: the counts and the reservation are one step
        if not teacher and (why := self.why_not(ip)):  # the teacher always gets in
            self.refused[why] += 1
            return None, why
        self.pending[ip] += 1
        return _Request(ip, page), ""

    # -- culling by page ----------------------------------------------------------

    def page_gone(self, kernel_id: str, now: float | None = None) -> bool:
        """Whether the page kernel is to be culled: no websocket connected for
        ``cull_after`` seconds (since its last one closed, or since it was handed out if
        none ever connected), and handed out more than ``hand_grace`` seconds ago.  Its
        activity does not count: a page's own polling task keeps a kernel busy."""
        owner = self.owners.get(kernel_id)
        if owner is None or self.connections(kernel_id):
            return False
        now = time.monotonic() if now is None else now
        if now - owner.started < self.hand_grace:
            return False
        since = owner.left if owner.left is not None else owner.started
        return now - since >= self.cull_after

    async def cull_pages(self, now: float | None = None) -> list[str]:
        """Shut down the page kernels whose page is gone (:meth:`page_gone`); the warm
        pools' kernels are nobody's page and never culled here.  Returns their ids."""
        gone = [kid for kid in list(self._live()) if self.page_gone(kid, now)]
        for kid in gone:
            owner = self.owners.get(kid)
            log.warning(
                "Culling page kernel %s (%s, %s): no page connected for %d s or more",
                kid,
                owner.page if owner else "?",
                owner.ip if owner else "?",
                self.cull_after,
            )
        await self._shutdown(gone)
        self.culled.extend(gone)
        return gone

    def start_culler(self) -> None:
        """Run :meth:`cull_pages` every :func:`cull_every` seconds on the server's loop."""
        from tornado.ioloop import PeriodicCallback

        if self._culler is None:
            self._culler = PeriodicCallback(self.cull_pages, 1000 * cull_every(self.cull_after))
            self._culler.start()

    def status(self) -> dict[str, Any]:
        """Counts for the teacher (``/crib/room``) and the tests; no student data."""
        live = self._live()
        pools = getattr(self.km, "_pools", {})
        return {
            "page_kernels": len(live),
            "teacher_kernels": sorted(set(live) & self.teacher_kernels),
            "by_client": dict(Counter(o.ip for o in live.values())),
            "connected": sum(bool(self.connections(k)) for k in live),
            "all_kernels": len(self.km.list_kernel_ids()) if self.km is not None else 0,
            "pools": {nb: len(p) for nb, p in pools.items()},
            "per_client": self.per_client,
            "total": self.total,
            "students": self.students,
            "reserve": self.reserve(),
            "cull_after": self.cull_after,
            "hand_grace": self.hand_grace,
            "refused": dict(self.refused),
            "culled": len(self.culled),
        }
