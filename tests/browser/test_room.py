"""``crib serve --class``: the teacher's pages belong to the teacher, and one device cannot
take the server down.  An HTTP client and a browser act as students on other devices.

Other devices, on one machine.  Traffic to 127.0.0.2 still leaves from 127.0.0.1 (Linux
picks the loopback route's source address), so connecting to another loopback address
is not enough: the server would see 127.0.0.1, the teacher's address.  What works
here: the HTTP client binds its *source* address (``source_address=("127.0.0.3", 0)``),
and the browser goes through :class:`Relay`, a small TCP relay on 127.0.0.1 whose
connections to the server leave from 127.0.0.3 (websockets included).  The server,
bound to 127.0.0.1, sees each student as its own address (``/crib/room`` lists them).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace

import pytest

from crib.store.classroom import Store
from crib.tools.fork_kernels import fork_supported
from crib.tools.school import stop_process
from crib.tools.serve import FORKED_POOL, PAGE_POOL, SPARE
from tests.browser.conftest import ARTIFACTS, ROOT
from tests.browser.server import (
    free_port,
    http_request,
    start_class_server,
)

# an end-to-end run with servers of its own: make test-slow (and .ci/run) runs it; make test
# keeps the headless tests of the same code (see docs/developer.md, "The tests")
pytestmark = [pytest.mark.browser, pytest.mark.slow]
playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect

PER_CLIENT = 4
CLASS_SIZE = 8  # more warm student kernels than one device may take: as in a class
# the teacher page's pool: 1 with forked kernels (the default), 2 launched
TEACHER_POOL = FORKED_POOL if fork_supported() else PAGE_POOL
TIMES: dict[str, float] = {}


class Relay:
    """Forward 127.0.0.1:<port> to the server, from the source address ``src``."""

    def __init__(self, src: str, target: int) -> None:
        self.src, self.target = src, target
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                down, _ = self.sock.accept()
            except OSError:
                return
            up = socket.create_connection(("127.0.0.1", self.target), source_address=(self.src, 0))
            for a, b in ((down, up), (up, down)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        finally:
            for s in (a, b):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.sock.close()


def _tree(pid: int) -> list[int]:
    """The server and the processes it started (its kernels)."""
    out = [pid]
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return out


def memory_mib(pid: int) -> dict[str, float]:
    """RSS and PSS (MiB) of the server and its kernels, and how many processes."""
    rss = pss = 0
    procs = _tree(pid)
    for p in procs:
        try:
            text = Path(f"/proc/{p}/smaps_rollup").read_text()
        except OSError:
            continue
        rss += int(re.search(r"^Rss:\s+(\d+)", text, re.M).group(1))  # type: ignore[union-attr]
        pss += int(re.search(r"^Pss:\s+(\d+)", text, re.M).group(1))  # type: ignore[union-attr]
    return {"processes": len(procs), "rss": rss / 1024, "pss": pss / 1024}


@pytest.fixture(scope="module")
def room(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    """A class server (``--class``) on 127.0.0.1 serving the student's and the teacher's
    pages, with its own classroom record."""
    tmp = tmp_path_factory.mktemp("room")
    pages = tmp / "pages"
    pages.mkdir()
    for nb in ("teacher.ipynb", "trainer.ipynb"):
        shutil.copy(ROOT / "dashboards" / nb, pages / nb)
    db = tmp / "classroom.sqlite3"
    port = free_port()
    log = ARTIFACTS / "voila-room.log"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    opts = (f"--class-size={CLASS_SIZE}", f"--max-pages-per-client={PER_CLIENT}", f"--port={port}")
    proc, key, _text = start_class_server(
        pages, db, log, *opts, pools=2, kernels=CLASS_SIZE + TEACHER_POOL
    )
    text = log.read_text()
    student_url = re.search(r"students open: (\S+)", text).group(1)  # type: ignore[union-attr]
    yield SimpleNamespace(
        port=port,
        key=key,
        pid=proc.pid,
        db=db,
        log=log,
        student_url=student_url,
        base=f"http://127.0.0.1:{port}",
    )
    stop_process(proc, 20)


def request(
    room: SimpleNamespace, path: str, *, src: str = "127.0.0.1", timeout: float = 120, **kw: object
) -> tuple[int, dict[str, str], str]:
    """One HTTP request to the class server from the source address ``src``."""
    return http_request(room.port, path, src=src, timeout=timeout, **kw)  # type: ignore[arg-type]


def status(room: SimpleNamespace) -> dict:
    code, _h, body = request(room, f"/crib/room?key={room.key}")
    assert code == 200
    return json.loads(body)


def teacher_cookie(room: SimpleNamespace) -> str:
    """The teacher's link: a redirect to the page without the key, with a signed cookie."""
    code, headers, _ = request(room, f"/voila/render/teacher.ipynb?key={room.key}")
    assert code == 302 and headers["location"].endswith("/voila/render/teacher.ipynb")
    cookie = headers["set-cookie"].split(";", 1)[0]
    assert cookie.startswith("crib_teacher=") and "httponly" in headers["set-cookie"].lower()
    assert room.key not in cookie  # signed and encoded: not the key as it is
    return cookie


STUDENT = "127.0.0.3"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def test_a_student_gets_not_allowed_from_every_teacher_route(room: SimpleNamespace) -> None:
    before = status(room)
    refused_before = before["refused"].get("key", 0)
    paths = [
        "/voila/render/teacher.ipynb",
        "/voila/render/teacher.ipynb?key=" + "x" * len(room.key),
        "/voila/render/teacher.ipynb?key=" + room.key.swapcase(),
        "/voila/render/teacher.ipynb?key=",
        "/voila/render/./teacher.ipynb",
        "/voila/render/Teacher.ipynb",
        "/voila/render/sub/../teacher.ipynb",
    ]
    for path in paths:
        code, _h, body = request(room, path, src=STUDENT)
        assert code == 403, path
        assert "Not allowed" in body and "<script" not in body
        assert "kernelId" not in body and WIDGET_STATE not in body and "crib-code" not in body
    for path in ("/voila/tree/teacher.ipynb", "/voila/tree/", "/voila/files/teacher.ipynb"):
        code, _h, body = request(room, path, src=STUDENT)
        assert code != 200 or path == "/voila/tree/", (path, code)  # the list: names only
        assert "kernelId" not in body and WIDGET_STATE not in body
    forged = f"crib_teacher={room.key}"  # the key itself, unsigned: not the cookie
    code, _h, body = request(
        room, "/voila/render/teacher.ipynb", src=STUDENT, headers={"Cookie": forged}
    )
    assert code == 403
    assert request(room, "/crib/room", src=STUDENT)[0] == 403
    after = status(room)
    # no kernel was taken or started for them: the teacher's pool is full and untouched
    assert after["pools"]["teacher.ipynb"] == before["pools"]["teacher.ipynb"] == TEACHER_POOL
    assert after["page_kernels"] == before["page_kernels"]
    # a kernel taken from the pool would have been replaced (1 s later): one kernel more
    assert after["all_kernels"] == before["all_kernels"]
    assert after["refused"]["key"] - refused_before == len(paths) + 1


def test_a_teacher_kernel_refuses_a_student_who_knows_its_id(room: SimpleNamespace) -> None:
    cookie = teacher_cookie(room)
    code, _h, body = request(room, "/voila/render/teacher.ipynb", headers={"Cookie": cookie})
    assert code == 200 and "kernelId" in body
    kid = re.search(r'"kernelId": "([0-9a-f-]{36})"', body).group(1)  # type: ignore[union-attr]
    assert kid in status(room)["teacher_kernels"]
    ws = {
        "Connection": "Upgrade",
        "Upgrade": "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    }
    assert request(room, f"/api/kernels/{kid}", src=STUDENT)[0] == 403
    assert request(room, f"/api/kernels/{kid}/channels", src=STUDENT, headers=ws)[0] == 403
    assert (
        request(room, f"/voila/api/shutdown/{kid}", src=STUDENT, method="POST", body="")[0] == 403
    )
    assert request(room, f"/api/kernels/{kid}", src=STUDENT, method="DELETE")[0] == 403
    # the teacher (with the cookie) reaches the same kernel, which is still running
    assert request(room, f"/api/kernels/{kid}", headers={"Cookie": cookie})[0] == 200
    assert (
        request(room, f"/api/kernels/{kid}/channels", headers={**ws, "Cookie": cookie}, timeout=30)[
            0
        ]
        == 101
    )
    assert kid in status(room)["teacher_kernels"]


def test_the_student_browser_sees_not_allowed_and_receives_no_widget(
    room: SimpleNamespace, browser: object
) -> None:
    relay = Relay(STUDENT, room.port)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    try:
        page = ctx.new_page()
        sockets: list[str] = []
        frames: list[str] = []
        page.on(
            "websocket",
            lambda ws: (
                sockets.append(ws.url),
                ws.on("framereceived", lambda f: frames.append(str(f))),
            ),
        )
        url = f"http://127.0.0.1:{relay.port}/voila/render/teacher.ipynb"
        resp = page.goto(url)
        assert resp is not None and resp.status == 403
        expect(page.locator("h1")).to_have_text("Not allowed")
        expect(page.locator("body")).to_contain_text("the teacher's")
        page.screenshot(path=str(ARTIFACTS / "room_student_refused.png"))
        seen = page.evaluate(
            """(mime) => ({scripts: document.scripts.length,
                          state: document.querySelectorAll(`script[type="${mime}"]`).length,
                          manager: typeof window.widgetManager,
                          requirejs: typeof window.requirejs})""",
            WIDGET_STATE,
        )
        assert seen == {"scripts": 0, "state": 0, "manager": "undefined", "requirejs": "undefined"}
        page.wait_for_timeout(1500)  # a websocket would have opened by now: none may
        assert sockets == [] and frames == []
        assert "crib-code" not in page.content() and "kernel" not in page.content().lower()
        # the same device's own page works: the server sees it as 127.0.0.3
        t = time.perf_counter()
        page.goto(f"http://127.0.0.1:{relay.port}/voila/render/trainer.ipynb")
        page.wait_for_selector("#loading", state="detached", timeout=120_000)
        page.locator(".crib-join").click()  # empty fields: the kernel answers with a message
        expect(page.locator(".crib-join-status")).not_to_be_empty(timeout=60_000)
        TIMES["trainer_interactive_s"] = time.perf_counter() - t  # the usual time, no flood
        assert any("/api/kernels/" in u for u in sockets)
        page.screenshot(path=str(ARTIFACTS / "room_student_trainer.png"))
        held = status(room)["by_client"].get(STUDENT, 0)
        assert held >= 1
        # closing the page frees its kernel at once: voila's beforeunload beacon carries
        # no XSRF token, and the room accepts it from the address that holds the kernel
        page.close(run_before_unload=True)
        deadline = time.monotonic() + 30
        while status(room)["by_client"].get(STUDENT, 0) == held and time.monotonic() < deadline:
            time.sleep(0.2)
        assert status(room)["by_client"].get(STUDENT, 0) == held - 1
    finally:
        ctx.close()
        relay.close()


def test_the_teacher_link_opens_the_page_with_the_qr_code_beside_the_code(
    room: SimpleNamespace, browser: object
) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    try:
        page = ctx.new_page()
        page.goto(f"{room.base}/voila/render/teacher.ipynb?key={room.key}")
        assert "key=" not in page.url  # redirected: the projector shows no key
        page.wait_for_selector("#loading", state="detached", timeout=120_000)
        expect(page.locator(".crib-create")).to_be_visible(timeout=60_000)
        for sel, value in ((".crib-n-count", "2"), (".crib-n-discard", "0"), (".crib-n-peg", "0")):
            box = page.locator(f"{sel} input")
            box.fill(value)
            box.press("Enter")
        page.locator(".crib-create").click()
        banner = page.locator(".crib-code-banner")
        expect(banner).to_have_text(re.compile(r"^[A-Z0-9]{6}$"), timeout=60_000)
        qr = page.locator(".crib-join-qr svg")
        expect(qr).to_be_visible()
        box = qr.bounding_box()
        assert box is not None and box["width"] >= 250 and box["height"] >= 250
        expect(page.locator(".crib-join-link")).to_have_text(room.student_url)
        code_box = banner.bounding_box()
        assert code_box is not None and code_box["x"] > box["x"] + box["width"]  # beside it
        page.screenshot(path=str(ARTIFACTS / "room_teacher.png"))
        page.locator(".crib-projector-toggle").click()
        expect(page.locator(".crib-projector-panel")).to_be_visible()
        expect(page.locator(".crib-projecting")).to_have_count(1)
        box, code_box = qr.bounding_box(), banner.bounding_box()
        assert box is not None and code_box is not None and box["width"] >= 360
        assert code_box["x"] > box["x"] + box["width"] and code_box["height"] >= 80  # large
        page.screenshot(path=str(ARTIFACTS / "room_teacher_projector.png"))
    finally:
        ctx.close()


def test_200_rapid_page_requests_from_one_client(room: SimpleNamespace, browser: object) -> None:
    """One device asks for the student page 200 times at once (20 connections): it gets
    its cap of kernels and a "too many open pages" answer for the rest; meanwhile
    another device opens the trainer and uses it, and no stored answer is lost."""
    store = Store(room.db)
    s = store.create_session("Before the flood", seed=7, questions=[{"kind": "count"}] * 3)
    for name in ("Ann", "Bob"):
        st = store.join(s.code, name)
        for q in range(3):
            store.submit(st, q, kind="count", answer=str(q), correct=q == 1)
    stored = [(a.student, a.question, a.answer) for a in store.answers(s.code)]
    assert len(stored) == 6

    flood = "127.0.0.4"
    before, mem_before = status(room), memory_mib(room.pid)
    peak = dict(mem_before)
    sampling = threading.Event()

    def sample() -> None:
        while not sampling.is_set():
            m = memory_mib(room.pid)
            for k in m:
                peak[k] = max(peak[k], m[k])
            sampling.wait(0.5)

    results: list[tuple[int, float, str]] = []
    refusal: list[str] = []

    def one(_i: int) -> tuple[int, float, str]:
        t = time.perf_counter()
        code, _h, body = request(room, "/voila/render/trainer.ipynb", src=flood, timeout=180)
        title = m.group(1) if (m := re.search(r"<h1>([^<]*)</h1>", body)) else ""
        if code == 429:
            refusal[:] = [body]
        return code, time.perf_counter() - t, title

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    relay = Relay("127.0.0.5", room.port)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    try:
        with ThreadPoolExecutor(20) as pool:
            t0 = time.perf_counter()
            futures = [pool.submit(one, i) for i in range(200)]
            # meanwhile, another device opens the trainer and uses it
            page = ctx.new_page()
            t1 = time.perf_counter()
            page.goto(f"http://127.0.0.1:{relay.port}/voila/render/trainer.ipynb")
            page.wait_for_selector("#loading", state="detached", timeout=180_000)
            page.locator(".crib-join").click()  # empty fields: the kernel answers with a message
            expect(page.locator(".crib-join-status")).not_to_be_empty(timeout=60_000)
            second_client_s = time.perf_counter() - t1
            # the server keeps answering while the flood runs
            t2 = time.perf_counter()
            mid = status(room)
            status_s = time.perf_counter() - t2
            results = [f.result() for f in futures]
            flood_s = time.perf_counter() - t0
    finally:
        sampling.set()
        sampler.join()
        ctx.close()
        relay.close()
    after, mem_after = status(room), memory_mib(room.pid)
    codes = Counter(code for code, _t, _x in results)
    refused = [t for code, t, _x in results if code == 429]
    ok = [t for code, t, _x in results if code == 200]
    figures = {
        "codes": dict(codes),
        "flood_s": round(flood_s, 2),
        "refused_median_s": round(sorted(refused)[len(refused) // 2], 4) if refused else None,
        "refused_max_s": round(max(refused), 4) if refused else None,
        "admitted_max_s": round(max(ok), 2) if ok else None,
        "second_client_interactive_s": round(second_client_s, 2),
        "trainer_interactive_without_flood_s": round(TIMES.get("trainer_interactive_s", -1), 2),
        "status_during_flood_s": round(status_s, 3),
        "kernels": {
            "before": before["all_kernels"],
            "during": mid["all_kernels"],
            "after": after["all_kernels"],
        },
        "flood_client_kernels": after["by_client"].get(flood, 0),
        "memory_mib": {"before": mem_before, "peak": peak, "after": mem_after},
        "load_average": os.getloadavg(),
    }
    (ARTIFACTS / "room_flood.json").write_text(json.dumps(figures, indent=1) + "\n")
    print(json.dumps(figures, indent=1))
    assert set(codes) <= {200, 429}, codes  # every request answered, none failed
    assert codes[200] <= PER_CLIENT and codes[429] >= 200 - PER_CLIENT
    assert {x for code, _t, x in results if code == 429} == {"Too many open pages"}
    assert after["by_client"].get(flood, 0) <= PER_CLIENT
    # bounded: the flood's kernels, the second client's, and the student pool's spares
    # topped up (crib.tools.serve.SPARE): nothing per request
    assert after["all_kernels"] <= before["all_kernels"] + PER_CLIENT + 1 + SPARE
    assert after["pools"]["teacher.ipynb"] == TEACHER_POOL
    assert [(a.student, a.question, a.answer) for a in store.answers(s.code)] == stored
    store.close()
    # what the device over its cap shows: the page it was sent, in the browser
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    try:
        page = ctx.new_page()
        page.set_content(refusal[0])
        expect(page.locator("h1")).to_have_text("Too many open pages")
        expect(page.locator("body")).to_contain_text("Close the pages you are not using")
        page.screenshot(path=str(ARTIFACTS / "room_too_many.png"))
    finally:
        ctx.close()
