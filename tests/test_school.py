"""A school: two crib servers behind Debian's nginx (crib.tools.school), started and
stopped here, never mocked.

The way in (``/``, ``/go/<page>``) reaches both servers in turn and keeps the query;
a page's kernel websocket passes through nginx to the server under the page's prefix
(sticky by address) and nowhere else; nginx's configuration for servers on other
machines passes ``nginx -t``; and when one server is killed, its pages' next load lands
on the other server with the link's query kept.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from crib.tools.school import NGINX, free_port, nginx_conf, stop_process
from tests.loops import run as _run

ROOT = Path(__file__).resolve().parents[1]


def _nginx() -> None:
    if not Path(NGINX).exists():
        if os.environ.get("CI"):
            pytest.fail(f"nginx is missing at {NGINX}: make test installs Debian's nginx")
        pytest.skip("Debian's nginx is not installed (make test installs it as root)")


def _get(port: int, path: str) -> tuple[int, str, str]:
    """(status, Location, body) of a GET through nginx, redirects not followed."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        c.request("GET", path)
        r = c.getresponse()
        return r.status, r.getheader("Location") or "", r.read().decode(errors="replace")
    finally:
        c.close()


def _children(pid: int) -> dict[str, int]:
    """The school's crib servers: {prefix: pid}, read from /proc."""
    out = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text().rsplit(")", 1)[1].split()
            cmd = (d / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if int(stat[1]) == pid:
            for a in cmd:
                if a.startswith(b"--base_url="):
                    out[a.split(b"=", 1)[1].decode()] = int(d.name)
    return out


@pytest.fixture(scope="module")
def school(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, subprocess.Popen]]:
    _nginx()
    tmp = tmp_path_factory.mktemp("school")
    dash = tmp / "dash"
    dash.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import ipywidgets as w\nw.IntSlider(value=3)")]
    nbformat.write(nb, dash / "index.ipynb")
    port = free_port()
    out = (tmp / "school.log").open("w")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "crib.tools.school",
            "--servers",
            "2",
            f"--port={port}",
            f"--run-dir={tmp / 'run'}",
            "--db",
            str(tmp / "class.sqlite3"),
            str(dash),
            "--pool_size=0",
        ],
        stdout=out,
        stderr=subprocess.STDOUT,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    deadline = time.monotonic() + 240
    while "everyone opens" not in (tmp / "school.log").read_text():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail("the school did not start:\n" + (tmp / "school.log").read_text()[-3000:])
        time.sleep(0.5)
    yield port, proc
    stop_process(proc, 60)
    left = [p for p in _children(proc.pid).values()]
    assert not left, f"crib servers left running: {left}"


def test_the_configuration_for_other_machines_passes_nginx_t(tmp_path: Path) -> None:
    _nginx()
    conf = tmp_path / "nginx.conf"
    conf.write_text(nginx_conf(8080, ["10.0.0.11:8866", "10.0.0.12:8866"], tmp_path, "0.0.0.0"))
    text = conf.read_text()
    assert "location /s1/ { proxy_pass http://10.0.0.11:8866;" in text
    assert "location /s2/ { proxy_pass http://10.0.0.12:8866;" in text
    assert "proxy_set_header Upgrade $http_upgrade" in text and "listen 0.0.0.0:8080" in text
    r = subprocess.run(
        [NGINX, "-t", "-c", str(conf), "-p", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert r.returncode == 0, r.stderr
    with pytest.raises(ValueError, match="at least one"):
        nginx_conf(8080, [], tmp_path)


@pytest.mark.slow  # the school's servers and nginx: make test-slow
def test_the_way_in_reaches_both_servers_and_keeps_the_query(
    school: tuple[int, subprocess.Popen],
) -> None:
    port, _proc = school
    seen = set()
    for _ in range(4):
        status, loc, _body = _get(port, "/")
        assert status == 302, (status, loc)
        m = re.fullmatch(r"(?:http://[^/]+)?/(s[12])/voila/render/index\.ipynb", loc)
        assert m, loc
        seen.add(m.group(1))
    assert seen == {"s1", "s2"}  # round robin: both servers take students
    status, loc, _ = _get(port, "/go/index.ipynb?code=K7QW2M&lang=fr")
    assert status == 302 and re.search(
        r"/s[12]/voila/render/index\.ipynb\?code=K7QW2M&lang=fr$", loc
    ), loc
    status, loc, _ = _get(port, "/go/secret.txt?x=1")  # not a page: the home page
    assert status == 302 and loc.endswith("/voila/render/index.ipynb?x=1"), loc
    status, loc, _ = _get(
        port, "/go/..%2F..%2Fetc%2Fpasswd"
    )  # refused, or sent home: never followed
    assert status in (400, 403, 404) or (status == 302 and "passwd" not in loc), (status, loc)


async def _kernel_info(port: int, prefix: str, kernel: str) -> dict:
    from tornado.websocket import websocket_connect

    url = f"ws://127.0.0.1:{port}{prefix}api/kernels/{kernel}/channels?session_id={uuid.uuid4()}"
    ws = await websocket_connect(url, connect_timeout=30)
    msg_id = uuid.uuid4().hex
    ws.write_message(
        json.dumps(
            {
                "header": {
                    "msg_id": msg_id,
                    "msg_type": "kernel_info_request",
                    "username": "t",
                    "session": "s",
                    "version": "5.3",
                    "date": "",
                },
                "parent_header": {},
                "metadata": {},
                "content": {},
                "channel": "shell",
                "buffers": [],
            }
        )
    )
    try:
        while True:
            raw = await asyncio.wait_for(ws.read_message(), 60)
            assert raw is not None, "the websocket closed"
            m = json.loads(raw)
            if (
                m.get("parent_header", {}).get("msg_id") == msg_id
                and m["msg_type"] == "kernel_info_reply"
            ):
                return m["content"]
    finally:
        ws.close()


@pytest.mark.slow  # the school's servers and nginx: make test-slow
def test_a_pages_websocket_reaches_the_server_that_holds_its_kernel(
    school: tuple[int, subprocess.Popen],
) -> None:
    port, _proc = school
    status, _loc, body = _get(port, "/s2/voila/render/index.ipynb")
    assert status == 200
    assert '"baseUrl": "/s2/"' in body  # the page's own requests stay under its server's prefix
    kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', body)
    assert kernel, "no kernel id in the page"
    reply = _run(_kernel_info(port, "/s2/", kernel.group(1)))
    assert reply["status"] == "ok" and reply["language_info"]["name"] == "python"
    with pytest.raises(Exception, match="404"):  # the other server does not hold that kernel
        _run(_kernel_info(port, "/s1/", kernel.group(1)))


@pytest.mark.slow  # the school's servers and nginx: make test-slow
def test_a_killed_servers_pages_load_on_the_other(school: tuple[int, subprocess.Popen]) -> None:
    port, proc = school
    servers = _children(proc.pid)
    assert set(servers) == {"/s1/", "/s2/"}, servers
    os.kill(servers["/s1/"], signal.SIGKILL)
    time.sleep(1)
    status, loc, _ = _get(port, "/s1/voila/render/index.ipynb?code=K7QW2M")
    assert status == 302 and loc.endswith("/go/index.ipynb?code=K7QW2M"), (status, loc)
    status, loc, _ = _get(port, "/go/index.ipynb?code=K7QW2M")
    assert status == 302 and loc.endswith("/s2/voila/render/index.ipynb?code=K7QW2M"), (status, loc)
    for _ in range(3):  # the way in skips the dead server
        status, loc, _ = _get(port, "/")
        assert status == 302 and "/s2/" in loc, (status, loc)
    status, _loc, body = _get(port, "/s2/voila/render/index.ipynb?code=K7QW2M")
    assert status == 200 and "kernelId" in body
