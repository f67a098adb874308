"""The room's tornado handlers: Voila's own, behind :class:`crib.tools.room.Room`'s checks.

Split out of :mod:`crib.tools.room` (which says what is checked and why).  Every check
runs in ``prepare``, before Voila's handler takes or starts a kernel.  The routes named by a
kernel id: a teacher kernel's need the teacher's cookie; a page kernel's shutdown (``DELETE
/api/kernels/<id>``, ``/voila/api/shutdown/<id>``, a restart or interrupt route if one were
routed: voila routes none) and its websocket are accepted only from the address the kernel
was handed to (:meth:`crib.tools.room.Room.is_owner`).
"""

from __future__ import annotations

import posixpath
from typing import Any
from urllib.parse import urlencode

import tornado.web
from jupyter_server.services.kernels.handlers import KernelActionHandler, KernelHandler
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from crib.tools.room import _REQUEST, COOKIE, Room, _Request
from crib.tools.room_pages import refusal_html

__all__ = ["room_handlers"]


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
                self.set_secure_cookie(
                    COOKIE, room.key, expires_days=None, httponly=True, samesite="Lax"
                )
                rest = [
                    (k, v)
                    for k, vs in self.request.query_arguments.items()
                    if k != "key"
                    for v in vs
                ]
                query = urlencode([(k, v.decode()) for k, v in rest])
                return self.redirect(self.request.path + ("?" + query if query else ""))
            if not self.has_teacher_cookie():
                return self._refuse(403, "key")
            teacher = True
        # every page request counts (a file that voila only redirects is released at once)
        req, why = await room.admit(self.request.remote_ip or "", path, teacher)
        if req is None:
            if why == "total":
                self.log.warning(
                    "crib: the class server is full (%d page kernels, --max-pages %d): "
                    "refused a page to %s",
                    room.held_total(),
                    room.total,
                    self.request.remote_ip,
                )
            return self._refuse(503 if why == "total" else 429, why)
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
    """For routes named by a kernel id: a teacher kernel needs the teacher's cookie, and
    a page kernel obeys only the address it was handed to."""

    def _kernel_id(self) -> str:
        """The route's kernel id: a named group in voila's kernel routes, else the first."""
        kw, args = self.path_kwargs, self.path_args  # type: ignore[attr-defined]
        return str(kw.get("kernel_id") or (args[0] if args else ""))

    def _kernel_allowed(self) -> bool:
        kid = self._kernel_id()
        return not self.room.is_teacher_kernel(kid) or self.has_teacher_cookie()

    def _from_owner(self) -> bool:
        """Whether the request comes from the address the page kernel was handed to."""
        return self.room.is_owner(self._kernel_id(), self.request.remote_ip)  # type: ignore[attr-defined]

    def _not_a_stranger(self) -> bool:
        """A page kernel's address, or a kernel of no page (a warm one: nobody knows its id)."""
        return self._kernel_id() not in self.room.owners or self._from_owner()


class RoomKernelHandler(_KernelGuard, KernelHandler):
    """``/api/kernels/<id>``: its model (GET) for whoever knows its id (a teacher kernel's:
    the teacher); its shutdown (DELETE) only from the address that holds it, whatever XSRF
    pair another address makes up."""

    async def prepare(self) -> None:  # type: ignore[override]
        await super().prepare()
        if not self._kernel_allowed():
            raise tornado.web.HTTPError(403, "not allowed")
        if self.request.method not in ("GET", "HEAD", "OPTIONS") and not self._from_owner():
            raise tornado.web.HTTPError(403, "not allowed")


class RoomKernelActionHandler(_KernelGuard, KernelActionHandler):
    """A kernel's restart or interrupt (jupyter's route; voila does not route it today):
    only from the address that holds it."""

    async def prepare(self) -> None:  # type: ignore[override]
        await super().prepare()
        if not (self._kernel_allowed() and self._from_owner()):
            raise tornado.web.HTTPError(403, "not allowed")


class RoomWebsocketHandler(_KernelGuard, VoilaKernelWebsocketHandler):
    """The kernel's websocket: a page kernel's only from its own address (through it a
    ``shutdown_request`` could be sent, and the page's widgets driven)."""

    async def prepare(self, *a: Any, **kw: Any) -> None:  # type: ignore[override]
        await super().prepare(*a, **kw)
        if not (self._kernel_allowed() and self._not_a_stranger()):
            # answered here: jupyter's error page needs settings voila does not have
            # (raising logged a traceback for every refusal)
            self.set_status(403)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish("not allowed")


class RoomQueryHandler(_KernelGuard, RequestInfoSocketHandler):
    """``/voila/query/<id>``: the request info of a preheated kernel's page (its query
    string, which holds a classmate seat's secret): a teacher kernel's needs the teacher's
    cookie; a page kernel's is for its own address, or its kernel (which would connect
    from the server's machine; crib's pages read their query in the browser instead)."""

    def prepare(self) -> None:
        local = self.request.remote_ip in ("127.0.0.1", "::1")
        own = self.room.is_teacher_kernel(self._kernel_id()) or self._not_a_stranger() or local
        if not (self._kernel_allowed() and own):
            raise tornado.web.HTTPError(403, "not allowed")


class RoomShutdownHandler(_KernelGuard, VoilaShutdownKernelHandler):
    """A closed page's kernel shutdown (voila's ``beforeunload`` beacon).  Voila's page
    sends no XSRF token it has (issue 1458); the request is accepted without one when it
    comes from the address the kernel was handed to, for a page kernel only, and from no
    other address."""

    def check_xsrf_cookie(self) -> None:
        if self._from_owner():
            return
        super().check_xsrf_cookie()

    async def prepare(self) -> None:  # type: ignore[override]
        await super().prepare()
        if not (self._from_owner() and self._kernel_allowed()):
            raise tornado.web.HTTPError(403, "not allowed")  # not this address's page kernel


class RoomStatusHandler(_RoomMixin, tornado.web.RequestHandler):
    """``/crib/room``: the kernel counts as JSON, for the teacher (key or cookie) only."""

    def get(self) -> None:
        if not (
            self.room.key_ok(self.get_query_argument("key", None)) or self.has_teacher_cookie()
        ):
            self.set_status(403)
            self.finish({"error": "not allowed"})
            return
        self.set_header("Cache-Control", "no-store")
        self.finish(self.room.status())


REPLACE = {
    TornadoVoilaHandler: RoomVoilaHandler,
    KernelHandler: RoomKernelHandler,
    KernelActionHandler: RoomKernelActionHandler,
    VoilaKernelWebsocketHandler: RoomWebsocketHandler,
    VoilaShutdownKernelHandler: RoomShutdownHandler,
    RequestInfoSocketHandler: RoomQueryHandler,
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
