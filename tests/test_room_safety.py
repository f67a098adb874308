"""The class server's safety (issue 34), headless: plain HTTP and websocket clients, each
binding its source address (127.0.0.2-9: another device, as the server sees it), against
``crib serve --class`` on a folder of tiny pages (no crib widget: a kernel starts in about
a second), plus the room's rules on a fake kernel manager.

0. The teacher's page, kernel API and sockets refuse another device however asked.
1. A kernel whose page has been gone for the culler's timeout is culled even if it beats.
2. A warm kernel handed to a page is not culled before its page connects.
3. ``/voila/query/<id>`` of the teacher's kernel needs the teacher's cookie.
4. A page kernel's shutdown is accepted only from the address that holds it.
5. Students at their cap cannot keep a classmate from opening two pages; a full server
   says so.
6. The class puzzle set from another device: its own page kernel runs no code sent to it
   (no attempt in a classmate's name that way), and the teacher's puzzle-set panel, its
   CSV and its printable are refused (tests/test_puzzle_set_safety.py: the pages).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

import pytest

from crib.tools import room as room_mod
from crib.tools.room import MIN_PAGES, Room, total_cap
from crib.tools.room_options import class_setup, take_room_options
from crib.tools.room_pages import refusal_html
from crib.tools.school import stop_process
from tests.browser.server import free_port, http_request, wait_for_idle_kernels
from tests.forwarder import start_forwarder
from tests.loops import run as _run
from tests.test_room import FakeKM, _open

ROOT = Path(__file__).resolve().parents[1]
CULL_AFTER = 3  # s: --cull-after (jupyter's idle timeout too), checked every second
CULL_GRACE = 8  # s: --cull-grace, a handed-out kernel's protection
XSRF = {"Cookie": "_xsrf=made-up", "X-XSRFToken": "made-up"}  # a self-made XSRF pair
KID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')

BEAT = """import asyncio

async def beat():  # a page's own polling task: the kernel is never idle
    while True:
        await asyncio.sleep(0.3)
        print('.', end='', flush=True)

beating = asyncio.ensure_future(beat())"""
PAGES = {
    "trainer.ipynb": "print('the student page')",
    "teacher.ipynb": "print('the teacher page')",
    "warm.ipynb": "print('a warm page nobody else opens')",
    "beat.ipynb": BEAT,
}


# -- a class server on tiny pages --------------------------------------------------


def _write_pages(folder: Path) -> None:
    import nbformat

    folder.mkdir(parents=True, exist_ok=True)
    for name, code in PAGES.items():
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3",
            "language": "python",
        }
        nb.cells = [nbformat.v4.new_code_cell(code)]
        nbformat.write(nb, folder / name)


@contextlib.contextmanager
def _serve(tmp: Path, *args: str) -> Iterator[SimpleNamespace]:
    """``crib serve --class`` on the tiny pages, one warm kernel per page; yields once
    every pool is filled and its kernels are quiet."""
    pages = tmp / "pages"
    _write_pages(pages)
    port = free_port()
    log = tmp / "voila.log"
    env = {**os.environ, "CRIB_DB": str(tmp / "classroom.sqlite3"), "PYTHONPATH": str(ROOT)}
    with log.open("w") as f:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "crib.tools.serve",
                str(pages),
                "--no-browser",
                "--class",
                "--pool_size=1",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
                *args,
            ],
            stdout=f,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            env=env,
        )
    try:
        deadline = time.monotonic() + 120
        while True:
            text = log.read_text()
            if proc.poll() is not None:
                pytest.fail(f"the class server exited early:\n{text[-3000:]}")
            if "teacher opens:" in text and text.count("is filled with") >= len(PAGES):
                break
            if time.monotonic() > deadline:
                pytest.fail(f"the class server did not start within 120 s:\n{text[-3000:]}")
            time.sleep(0.2)
        # beat.ipynb prints every 0.3 s (a few ticks a second): settled is under 10 a second,
        # where the pools' warm-up takes 100 per busy core
        settled = wait_for_idle_kernels(proc.pid, len(PAGES), deadline, slack=10)
        assert settled, "the pools did not settle"
        key = re.search(r"teacher opens: \S+key=(\S+)", text).group(1)  # type: ignore[union-attr]
        yield SimpleNamespace(
            port=port, key=key, log=log, ready=time.monotonic(), db=env["CRIB_DB"]
        )
    finally:
        stop_process(proc, 20)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    """Short culling times, so that the tests wait seconds, not minutes."""
    with _serve(
        tmp_path_factory.mktemp("room-safety"),
        "--class-size=4",
        f"--cull-after={CULL_AFTER}",
        f"--cull-grace={CULL_GRACE}",
    ) as srv:
        yield srv


def request(
    srv: SimpleNamespace, path: str, *, src: str = "127.0.0.1", timeout: float = 60, **kw: object
) -> tuple[int, dict[str, str], str]:
    """One HTTP request from the source address ``src``."""
    return http_request(srv.port, path, src=src, timeout=timeout, **kw)  # type: ignore[arg-type]


def websocket(
    srv: SimpleNamespace,
    path: str,
    *,
    src: str = "127.0.0.1",
    headers: dict[str, str] | None = None,
    via: int | None = None,
) -> tuple[int, socket.socket | None]:
    """Open a websocket (the handshake only; the frames the server sends are not read):
    (the status, the open socket if 101).  Closing the socket closes the websocket.
    ``via``: the port of a forwarder to go through (it has its own source address)."""
    s = socket.create_connection(
        ("127.0.0.1", via or srv.port), timeout=60, source_address=(src, 0)
    )
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: 127.0.0.1:{srv.port}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version: 13",
        *(f"{k}: {v}" for k, v in (headers or {}).items()),
    ]
    s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    data = b""
    while b"\r\n\r\n" not in data and (chunk := s.recv(4096)):
        data += chunk
    code = int(data.split(b" ", 2)[1])
    if code != 101:
        s.close()
        return code, None
    return code, s


def status(srv: SimpleNamespace) -> dict:
    code, _h, body = request(srv, f"/crib/room?key={srv.key}")
    assert code == 200
    return json.loads(body)


def open_page(srv: SimpleNamespace, page: str, src: str, **kw: object) -> str:
    """Open a page from ``src``: its kernel id."""
    code, _h, body = request(srv, f"/voila/render/{page}", src=src, **kw)  # type: ignore[arg-type]
    assert code == 200, (code, body[:500])
    return KID.search(body).group(1)  # type: ignore[union-attr]


def model(srv: SimpleNamespace, kid: str) -> dict | None:
    """The kernel's model (``/api/kernels/<id>``), None once it is gone."""
    code, _h, body = request(srv, f"/api/kernels/{kid}")
    if code == 404:
        return None
    assert code == 200, (code, body)
    return json.loads(body)


def idle_s(m: dict) -> float:
    """Seconds since the kernel's last activity, by the server's record."""
    return (datetime.now(UTC) - datetime.fromisoformat(m["last_activity"])).total_seconds()


def channels(kid: str) -> str:
    return f"/api/kernels/{kid}/channels?session_id=crib-test"


def wait_connected(srv: SimpleNamespace, kid: str, n: int = 1) -> None:
    deadline = time.monotonic() + 30
    while (m := model(srv, kid)) is not None and m["connections"] < n:
        assert time.monotonic() < deadline, m
        time.sleep(0.1)


# -- 0. the teacher guard ---------------------------------------------------------


@pytest.mark.parametrize(
    "path, headers",
    [
        ("/voila/render/teacher.ipynb", {}),
        ("/voila/render/teacher.ipynb?key=wrong", {}),
        ("/voila/render/Teacher.ipynb", {}),
        ("/voila/render/./x/../teacher.ipynb", {}),
        ("/voila/render/%74eacher.ipynb", {}),
        ("/voila/render/teacher.ipynb/", {}),
        (
            "/voila/render/teacher.ipynb",
            {"Cookie": "crib_teacher=2|1:0|10:1700000000|12:crib_teacher|4:MQ==|forged"},
        ),
        ("/voila/render/teacher.ipynb", {"X-Forwarded-For": "127.0.0.1", "X-Real-IP": "127.0.0.1"}),
        # the Lessons page starts class sessions: the teacher's page too
        ("/voila/render/guide.ipynb", {}),
        ("/voila/render/Guide.ipynb?lesson=2", {}),
    ],
)
def test_the_teachers_page_is_refused_to_another_device_however_asked(
    server: SimpleNamespace, path: str, headers: dict[str, str]
) -> None:
    """From 127.0.0.2: every trick for the teacher's page without the key gets 403 and no
    kernel; the same device with the key gets the page (the guard can say yes)."""
    before = status(server)["page_kernels"]
    code, _h, body = request(server, path, src="127.0.0.2", headers=headers)
    assert code == 403 and "kernelId" not in body, (path, code, body[:300])
    assert status(server)["page_kernels"] == before


def test_the_teachers_key_opens_the_page_once_and_its_kernel_stays_the_teachers(
    server: SimpleNamespace,
) -> None:
    code, h, _b = request(server, f"/voila/render/teacher.ipynb?key={server.key}", src="127.0.0.3")
    assert code == 302 and "key=" not in h["location"]  # the key leaves the address bar
    cookie = h["set-cookie"].split(";", 1)[0]
    kid = open_page(server, "teacher.ipynb", "127.0.0.3", headers={"Cookie": cookie})
    # another device, even with a self-made XSRF pair: not the teacher kernel's API or socket
    for method, path in (
        ("GET", f"/api/kernels/{kid}"),
        ("DELETE", f"/api/kernels/{kid}"),
        ("POST", f"/voila/api/shutdown/{kid}"),
    ):
        code, _h, _b = request(server, path, src="127.0.0.2", method=method, headers=XSRF)
        assert code == 403, (method, path, code)
    assert websocket(server, channels(kid), src="127.0.0.2")[0] == 403
    assert model_as_teacher(server, kid, cookie) is not None
    request(
        server, f"/api/kernels/{kid}", src="127.0.0.3", method="DELETE", headers={"Cookie": cookie}
    )


def model_as_teacher(srv: SimpleNamespace, kid: str, cookie: str) -> dict | None:
    code, _h, body = request(
        srv, f"/api/kernels/{kid}", src="127.0.0.3", headers={"Cookie": cookie}
    )
    return json.loads(body) if code == 200 else None


# -- 1. culling by page, not by kernel activity ------------------------------------


def test_a_kernel_whose_page_is_gone_is_culled_even_if_it_still_beats(server) -> None:
    kid = open_page(server, "beat.ipynb", "127.0.0.4")
    # the page's socket goes through a forwarder from the same device, killed below
    fwd, fport = start_forwarder(server.port, "127.0.0.4")
    code, ws = websocket(server, channels(kid), via=fport)
    assert code == 101 and ws is not None
    try:
        wait_connected(server, kid)
        # connected past the grace and the timeout: a connected page is never culled
        time.sleep(CULL_GRACE + 0.5)
        m = model(server, kid)
        assert m is not None and m["connections"] == 1
    finally:
        fwd.kill()  # the network drops (a phone asleep, the Wi-Fi gone): no goodbye
        fwd.wait(10)
        ws.close()
    closed = time.monotonic()
    beats, gone = [], None
    while time.monotonic() - closed < CULL_AFTER + 12:
        m = model(server, kid)
        if m is None:
            gone = time.monotonic() - closed
            break
        beats.append((time.monotonic() - closed, idle_s(m)))
        time.sleep(0.25)
    # it kept beating after its page left (jupyter's idle culler never saw it idle) ...
    assert any(t > 1.0 and idle < 2.0 for t, idle in beats), beats
    # ... and the room culled it after the timeout, not before
    assert gone is not None, f"still running {CULL_AFTER + 12} s after its page left"
    assert gone >= CULL_AFTER - 0.5, gone
    assert status(server)["culled"] >= 1


# -- 2. a warm kernel handed to a page is not culled before its page connects ------


def test_a_warm_kernel_idle_past_the_timeout_is_handed_out_and_its_page_connects(server) -> None:
    # warm.ipynb's pooled kernel ran its page before the server was ready and nobody has
    # opened it since: idle longer than the timeout by now (the pool protects it)
    time.sleep(max(0.0, server.ready + CULL_AFTER + 1.5 - time.monotonic()))
    kid = open_page(server, "warm.ipynb", "127.0.0.5")
    m = model(server, kid)
    assert m is not None and idle_s(m) < CULL_AFTER  # its idle time starts at the hand-out
    # the page is slow to connect: past the idle timeout and the room's timeout (both
    # cullers have run several times meanwhile), within the grace
    time.sleep(CULL_AFTER + 1.5)
    assert model(server, kid) is not None, "culled before its page connected"
    code, ws = websocket(server, channels(kid), src="127.0.0.5")
    assert code == 101 and ws is not None
    try:
        wait_connected(server, kid)
    finally:
        ws.close()
    assert (
        request(server, f"/api/kernels/{kid}", src="127.0.0.5", method="DELETE", headers=XSRF)[0]
        == 204
    )


# -- 3. the teacher kernel's request-info websocket ---------------------------------


def test_the_query_websocket_of_the_teacher_kernel_needs_the_teacher_cookie(server) -> None:
    code, headers, _ = request(server, f"/voila/render/teacher.ipynb?key={server.key}")
    assert code == 302
    cookie = headers["set-cookie"].split(";", 1)[0]
    kid = open_page(server, "teacher.ipynb", "127.0.0.1", headers={"Cookie": cookie})
    assert kid in status(server)["teacher_kernels"]
    code, ws = websocket(server, f"/voila/query/{kid}", src="127.0.0.6")
    assert code == 403 and ws is None
    code, ws = websocket(
        server,
        f"/voila/query/{kid}",
        src="127.0.0.6",
        headers={"Cookie": "crib_teacher=" + server.key},
    )  # unsigned: no
    assert code == 403 and ws is None
    code, ws = websocket(server, f"/voila/query/{kid}", src="127.0.0.6", headers={"Cookie": cookie})
    assert code == 101 and ws is not None  # the teacher, on another device
    ws.close()
    assert (
        request(
            server,
            f"/api/kernels/{kid}",
            method="DELETE",
            headers={**XSRF, "Cookie": f"{cookie}; _xsrf=made-up"},
        )[0]
        == 204
    )


def test_the_query_websocket_of_a_students_kernel_is_its_own(server) -> None:
    """A student kernel's request info holds its page's query (a seat's secret): not for
    another device that learnt the kernel's id."""
    kid = open_page(server, "trainer.ipynb", "127.0.0.7")
    code, ws = websocket(server, f"/voila/query/{kid}", src="127.0.0.2")
    assert code == 403 and ws is None
    code, ws = websocket(server, f"/voila/query/{kid}", src="127.0.0.7")
    assert code == 101 and ws is not None
    ws.close()
    assert (
        request(server, f"/api/kernels/{kid}", src="127.0.0.7", method="DELETE", headers=XSRF)[0]
        == 204
    )


def test_a_finished_round_tables_hands_reach_no_other_device(server) -> None:
    """Issue #39, point 7: a finished classmate table's review and hands live in its own
    seat's page kernel (once its round is over: tests/test_duel_review.py) and on the
    teacher's page (its finished games, both seats' hands).  Another student's device
    (127.0.0.2) reaches neither: not the seat's kernel by its id (socket, query, API), not
    the teacher's page."""
    kid = open_page(server, "trainer.ipynb", "127.0.0.1")  # a seat's page (stands for Ann's)
    other = "127.0.0.2"
    assert websocket(server, channels(kid), src=other)[0] == 403
    assert websocket(server, f"/voila/query/{kid}", src=other)[0] == 403
    for method in ("DELETE", "PATCH"):
        code = request(server, f"/api/kernels/{kid}", src=other, method=method, headers=XSRF)[0]
        assert code in (403, 405), (method, code)
    code, _h, body = request(server, "/voila/render/teacher.ipynb", src=other)
    assert code == 403 and "kernelId" not in body
    assert request(server, f"/api/kernels/{kid}", method="DELETE", headers=XSRF)[0] == 204


# -- 4. a page kernel's shutdown, from its own address only ------------------------


def test_a_kernel_is_shut_down_only_from_the_address_it_was_handed_to(server) -> None:
    kid = open_page(server, "trainer.ipynb", "127.0.0.1")
    other = "127.0.0.2"
    assert (
        request(server, f"/api/kernels/{kid}", src=other, method="DELETE", headers=XSRF)[0] == 403
    )
    assert (
        request(
            server, f"/voila/api/shutdown/{kid}", src=other, method="POST", body="", headers=XSRF
        )[0]
        == 403
    )
    assert (
        request(server, f"/voila/api/shutdown/{kid}", src=other, method="POST", body="")[0] == 403
    )
    code, ws = websocket(server, channels(kid), src=other)  # a shutdown_request could go there
    assert code == 403 and ws is None
    for action in ("restart", "interrupt"):  # not routed by voila at all
        assert request(
            server, f"/api/kernels/{kid}/{action}", src=other, method="POST", body="", headers=XSRF
        )[0] in (403, 404, 405)
    assert model(server, kid) is not None  # still running
    # its own page's shutdown works: DELETE with the page's XSRF pair ...
    assert request(server, f"/api/kernels/{kid}", method="DELETE", headers=XSRF)[0] == 204
    assert model(server, kid) is None
    # ... and voila's beacon, which carries no XSRF token (voila issue 1458)
    kid = open_page(server, "trainer.ipynb", "127.0.0.1")
    assert request(server, f"/voila/api/shutdown/{kid}", method="POST", body="")[0] == 204
    assert model(server, kid) is None


# -- 5. sharing the server ---------------------------------------------------------


def _class_of_four() -> tuple[FakeKM, Room]:
    km = FakeKM()
    room, _host, _argv = class_setup(4, take_room_options(["--class"])[0], ["d"])
    room.install(km)
    return km, room


def test_students_at_their_cap_cannot_keep_a_classmate_from_two_pages() -> None:
    km, room = _class_of_four()
    assert (room.total, room.per_client, room.students) == (16, 4, 4) == (total_cap(4), 4, 4)
    got = {
        f"10.0.0.{i}": [_open(room, km, f"10.0.0.{i}")[1] for _ in range(5)] for i in range(2, 6)
    }
    assert got == {
        "10.0.0.2": ["", "", "", "", "client"],
        "10.0.0.3": ["", "", "", "", "client"],
        "10.0.0.4": ["", "", "", "", "client"],
        "10.0.0.5": ["", "", "share", "share", "share"],  # two, and no more: the reserve
    }
    # a fifth device, beyond the class size, still gets its two pages ...
    assert [_open(room, km, "10.0.0.6")[1] for _ in range(3)] == ["", "", "share"]
    # ... and the server is full now: the next newcomer is told so
    assert len(km.kernels) == 16 and _open(room, km, "10.0.0.7")[1] == "total"
    # the teacher always gets in
    assert _open(room, km, "10.0.0.1", page="teacher.ipynb", teacher=True)[1] == ""
    # in any order: all take two first, then the rest (the probe: five devices x 4)
    km, room = _class_of_four()
    first = [_open(room, km, f"10.0.0.{i}")[1] for _ in range(2) for i in range(2, 7)]
    more = [_open(room, km, f"10.0.0.{i}")[1] for _ in range(2) for i in range(2, 7)]
    assert first == [""] * 10 and more.count("") == 4
    assert [_open(room, km, "10.0.0.8")[1] for _ in range(2)] == ["", ""]
    assert all(room.held(f"10.0.0.{i}") >= MIN_PAGES for i in (2, 3, 4, 5, 6, 8))


def test_a_full_server_gives_a_newcomer_the_closed_pages_of_the_heavy_users() -> None:
    km, room = _class_of_four()
    room.grace = room.hand_grace = 0.0

    def open_page(ip: str) -> str:
        kid, why = _open(room, km, ip)
        if kid is not None:
            km._kernel_connections[kid] = 1  # its page is open
        return why

    for i in range(2, 7):  # 4 + 4 + 4 + 2 + 2 = 16: full
        for _ in range(4):
            open_page(f"10.0.0.{i}")
    assert room.held_total() == 16 and room.why_not("10.0.0.7") == "total"
    closed = [k for k, o in room.owners.items() if o.ip == "10.0.0.2"][:2]
    for kid in closed:  # two of 10.0.0.2's four pages are closed
        km._kernel_connections[kid] = 0
    assert [open_page("10.0.0.7") for _ in range(2)] == ["", ""]
    assert set(km.shut) == set(closed) and room.held("10.0.0.2") == 2
    # every page closed now: newcomers get the extra pages of 10.0.0.3 and 10.0.0.4 ...
    for kid in room.owners:
        km._kernel_connections[kid] = 0
    assert [_open(room, km, ip)[1] for ip in ("10.0.0.8", "10.0.0.8", "10.0.0.9", "10.0.0.9")] == [
        ""
    ] * 4
    assert len(km.shut) == 6
    # ... and no more: every device keeps two, even closed
    assert _open(room, km, "10.0.0.10")[1] == "total" and len(km.shut) == 6
    assert all(room.held(f"10.0.0.{i}") == 2 for i in range(2, 10))


def test_the_refusal_pages_say_what_happened_and_what_to_do() -> None:
    full = refusal_html("total", "http://h/voila/render/trainer.ipynb")
    assert "The class server is full" in full and "tell your teacher" in full
    assert "close the crib pages you are not using" in full and "reload this page" in full
    share = refusal_html("share", "http://h/voila/render/trainer.ipynb")
    assert "Too many open pages" in share and "classmates" in share
    for page in (full, share):
        assert "<script" not in page and "kernel" not in page.lower()


@pytest.mark.slow
def test_at_class_size_4_a_classmate_still_gets_two_pages_from_the_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The probe, end to end: four devices ask for 4 pages each at --class-size 4 (16
    pages): the fourth gets 2, a fifth device 2, and a sixth the full server's page."""
    from concurrent.futures import ThreadPoolExecutor

    with _serve(tmp_path_factory.mktemp("room-full"), "--class-size=4") as srv:

        def ask(src: str, n: int) -> list[int]:
            with ThreadPoolExecutor(n) as ex:
                return sorted(
                    f.result()[0]
                    for f in [
                        ex.submit(request, srv, "/voila/render/trainer.ipynb", src=src, timeout=120)
                        for _ in range(n)
                    ]
                )

        got = {src: ask(src, 5) for src in ("127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5")}
        assert got["127.0.0.2"] == got["127.0.0.3"] == got["127.0.0.4"] == [200] * 4 + [429]
        assert got["127.0.0.5"] == [200, 200, 429, 429, 429]
        assert ask("127.0.0.6", 2) == [200, 200]  # a classmate: two pages
        code, headers, body = request(srv, "/voila/render/trainer.ipynb", src="127.0.0.7")
        assert code == 503 and headers.get("retry-after")
        assert "The class server is full" in body and "tell your teacher" in body
        st = status(srv)
        assert st["page_kernels"] == 16 and st["refused"] == {"client": 3, "share": 3, "total": 1}
        assert "the class server is full" in srv.log.read_text()


def test_the_room_culls_by_page_and_spares_warm_and_new_kernels() -> None:
    """:meth:`Room.cull_pages` on a fake kernel manager: what is culled and what is not."""
    km = FakeKM()
    room = Room(per_client=9, total=20, cull_after=10, hand_grace=60)
    room.install(km)
    kids = [_open(room, km, "10.0.0.2")[0] for _ in range(4)]
    pooled = _run(km.start_kernel(env={"VOILA_PREHEAT": "True"}))  # a warm kernel: nobody's
    t0 = room.owners[kids[0]].started
    km._kernel_connections[kids[1]] = 1  # an open page
    room.owners[kids[2]].left = t0 + 55  # its page left 55 s after the hand-out
    # within the grace nothing is culled, even a page that never connected
    assert _run(room.cull_pages(now=t0 + 59)) == []
    # past it: the page that never connected (60 s > 10 s); the page that left at 55 s
    # only 10 s after it left; the open page and the warm kernel never
    assert _run(room.cull_pages(now=t0 + 61)) == [kids[0], kids[3]]
    assert _run(room.cull_pages(now=t0 + 64)) == []
    assert _run(room.cull_pages(now=t0 + 65.5)) == [kids[2]]
    assert _run(room.cull_pages(now=t0 + 10_000)) == []
    assert km.kernels == {kids[1], pooled}


def test_a_kernel_handed_out_has_its_idle_time_reset_and_is_left_to_the_room() -> None:
    """Jupyter's idle culler (by activity) leaves a page's kernel to the room, and a warm
    kernel's idle time starts when it is handed out."""
    long_ago = datetime(2020, 1, 1, tzinfo=UTC)

    class KM(FakeKM):
        def __init__(self) -> None:
            super().__init__()
            self._kernels: dict[str, SimpleNamespace] = {}
            self.culled: list[str] = []

        async def start_kernel(self, **kw: object) -> str:
            kid = await super().start_kernel(**kw)
            self._kernels[kid] = SimpleNamespace(last_activity=long_ago, execution_state="idle")
            return kid

        async def cull_kernel_if_idle(self, kid: str) -> None:  # jupyter's: by activity
            self.culled.append(kid)

        def notify_disconnect(self, kid: str) -> None:
            self._kernel_connections[kid] -= 1

    km = KM()
    room = Room()
    room.install(km)
    kid = _open(room, km, "10.0.0.2")[0]
    assert (datetime.now(UTC) - km._kernels[kid].last_activity).total_seconds() < 5
    other = _run(km.start_kernel(env={"VOILA_PREHEAT": "True"}))
    _run(km.cull_kernel_if_idle(kid))
    _run(km.cull_kernel_if_idle(other))
    assert km.culled == [other]  # the page's kernel is not jupyter's to cull
    km._kernels[kid].execution_state = "dead"
    _run(km.cull_kernel_if_idle(kid))
    assert km.culled == [other, kid]  # ... unless it died
    km._kernel_connections[kid] = 1
    km.notify_disconnect(kid)
    assert room.owners[kid].left is not None  # when its page left is noted


def test_the_cull_options_reach_the_room_and_jupyters_culler() -> None:
    opts, rest = take_room_options(["d", "--class", "--cull-after", "3", "--cull-grace=6"])
    room, _host, argv = class_setup(4, opts, rest)
    assert (room.cull_after, room.hand_grace) == (3, 6) and rest == ["d"]
    assert "--MappingKernelManager.cull_idle_timeout=3" in argv
    assert "--MappingKernelManager.cull_interval=1" in argv
    assert room_mod.cull_every(180) == 30
    with pytest.raises(SystemExit, match="--cull-after"):
        take_room_options(["--cull-after=0"])


# -- 6. the class puzzle set from another device ------------------------------------


def _kernel_msg(msg_type: str, content: dict) -> dict:
    import uuid

    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "session": "crib-probe",
        "username": "",
        "date": datetime.now(UTC).isoformat(),
        "version": "5.3",
    }
    return {"header": header, "parent_header": {}, "metadata": {}, "content": content}


def test_a_page_kernel_runs_no_code_sent_to_it_so_no_attempt_in_a_classmates_name(
    server: SimpleNamespace, tmp_path: Path
) -> None:
    """Issue #40's class puzzle set: Bob (127.0.0.2) cannot reach Ann's page kernel, and
    his own page's kernel, which can write the record, runs no code his browser sends:
    an ``execute_request`` that would record a missed try under Ann's name (and write a
    file) is dropped, while the same socket answers a ``kernel_info_request``.  Ann's
    record is unchanged."""
    import websocket as wsc  # websocket-client, a dependency of jupyter_server

    from crib.analysis.puzzles.model import load_puzzles
    from crib.store.classroom import Store
    from crib.store.puzzle_sets import MODE, PuzzleSetStore

    puzzles = load_puzzles()[:400]
    code = Store(server.db).create_session("C", seed=1, questions=[{"kind": "count"}]).code
    sets = PuzzleSetStore(server.db)
    ps = sets.give_set(code, puzzles, None, 1000, 1300, 2)
    ann = sets.learner_id(sets.bind_name(code, "Ann", "ann-device-0123456789"))
    sets.attempt(ann, ps.puzzle_ids[0], 1000.0, "XX", True, MODE)
    before = sets.results(code).grid, [(a.puzzle_id, a.move) for a in sets.history(ann)]
    ann_kid = open_page(server, "trainer.ipynb", "127.0.0.1")  # Ann's page
    bob = "127.0.0.2"
    assert websocket(server, channels(ann_kid), src=bob)[0] == 403
    marker = tmp_path / "ran"
    code_sent = (
        f"open({str(marker)!r}, 'w').write('ran')\n"
        "from crib.store.puzzle_sets import MODE, PuzzleSetStore\n"
        f"st = PuzzleSetStore({server.db!r})\n"
        f"lid = st.learner_id(st.class_learner({code!r}, 'Ann'))\n"
        f"st.attempt(lid, {ps.puzzle_ids[1]!r}, 1000.0, 'XX', False, MODE)\n"
    )
    kid = open_page(server, "trainer.ipynb", bob)  # Bob's own page
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30, source_address=(bob, 0))
    ws = wsc.create_connection(
        f"ws://127.0.0.1:{server.port}{channels(kid)}", socket=sock, timeout=30
    )
    try:
        run = _kernel_msg(
            "execute_request",
            {
                "code": code_sent,
                "silent": False,
                "store_history": False,
                "user_expressions": {},
                "allow_stdin": False,
                "stop_on_error": True,
            },
        )
        info = _kernel_msg("kernel_info_request", {})
        for m in (run, info):
            ws.send(json.dumps({**m, "channel": "shell", "buffers": []}))
        seen: list[str] = []
        while True:  # the kernel answers its shell in order: the info reply comes last
            got = ws.recv()
            if not isinstance(got, str):
                continue  # a binary frame (buffers): nothing of ours
            msg = json.loads(got)
            parent = msg.get("parent_header", {}).get("msg_id")
            if parent == run["header"]["msg_id"]:
                seen.append(msg["msg_type"])
            if parent == info["header"]["msg_id"] and msg["msg_type"] == "kernel_info_reply":
                break
    finally:
        ws.close()
    assert seen == [] and not marker.exists()
    assert 'message of type "execute_request", which is not allowed' in server.log.read_text()
    assert (sets.results(code).grid, [(a.puzzle_id, a.move) for a in sets.history(ann)]) == before
    for k, src in ((kid, bob), (ann_kid, "127.0.0.1")):
        assert (
            request(server, f"/api/kernels/{k}", src=src, method="DELETE", headers=XSRF)[0] == 204
        )


def test_the_teachers_puzzle_set_panel_and_its_downloads_reach_no_other_device(
    server: SimpleNamespace,
) -> None:
    """The set's panel (who solved what), its CSV and its printable with the answer key
    live on the teacher's page: the CSV and the PDF are ``data:`` links in its kernel's
    widgets, with no route of their own.  From 127.0.0.2: not the page, not its kernel by
    its id, and no guessed download name or the record's file."""
    code, h, _b = request(server, f"/voila/render/teacher.ipynb?key={server.key}")
    cookie = h["set-cookie"].split(";", 1)[0]
    kid = open_page(server, "teacher.ipynb", "127.0.0.1", headers={"Cookie": cookie})
    bob = "127.0.0.2"
    code, _h, body = request(server, "/voila/render/teacher.ipynb", src=bob)
    assert code == 403 and "kernelId" not in body
    assert websocket(server, channels(kid), src=bob)[0] == 403  # the widgets' state
    assert websocket(server, f"/voila/query/{kid}", src=bob)[0] == 403
    assert request(server, f"/api/kernels/{kid}", src=bob)[0] == 403
    db = Path(server.db).name
    for path in (
        "/voila/files/crib-puzzle-set-ABC234.csv",
        "/files/crib-puzzle-set-ABC234.csv",
        "/voila/files/crib-puzzle-set-ABC234-en-a4.pdf",
        f"/voila/files/{db}",
        f"/voila/files/..%2F{db}",
        f"/files/{db}",
    ):
        code, _h, body = request(server, path, src=bob)
        assert code in (403, 404), (path, code)
        assert "Student," not in body and "SQLite" not in body
    teacher = {**XSRF, "Cookie": f"{cookie}; _xsrf=made-up"}
    assert request(server, f"/api/kernels/{kid}", method="DELETE", headers=teacher)[0] == 204
