"""The room's tornado handlers: Voila's own, behind :class:`crib.tools.room.Room`'s checks.

Split out of :mod:`crib.tools.room` (which says what is checked and why).  Every check
runs in ``prepare``, before Voila's handler takes or starts a kernel.
"""

from __future__ import annotations

import posixpath
from typing import Any
from urllib.parse import urlencode

import tornado.web
from jupyter_server.services.kernels.handlers import KernelHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from crib.tools.room import _REQUEST, COOKIE, Room, _Request, refusal_html

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
                self.set_secure_cookie(COOKIE, room.key, expires_days=None, httponly=True,
                                       samesite="Lax")
                rest = [(k, v) for k, vs in self.request.query_arguments.items() if k != "key"
                        for v in vs]
                query = urlencode([(k, v.decode()) for k, v in rest])
                return self.redirect(self.request.path + ("?" + query if query else ""))
            if not self.has_teacher_cookie():
                return self._refuse(403, "key")
            teacher = True
        # every page request counts (a file that voila only redirects is released at once)
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

    def _kernel_id(self) -> str:
        """The route's kernel id: a named group in voila's kernel routes, else the first."""
        kw, args = self.path_kwargs, self.path_args  # type: ignore[attr-defined]
        return str(kw.get("kernel_id") or (args[0] if args else ""))

    def _kernel_allowed(self) -> bool:
        kid = self._kernel_id()
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
        kid = self._kernel_id()
        owner = self.room.owners.get(kid)
        if owner is not None and owner.ip == self.request.remote_ip:
            return
        super().check_xsrf_cookie()

    async def prepare(self) -> None:  # type: ignore[override]
        await super().prepare()
        kid = self._kernel_id()
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
