"""A school: several crib servers behind nginx, one address for everyone.

``python -m crib.tools.school --servers 2 --port 8080 [--host 0.0.0.0] [--db URL] [serve options]``
starts N crib servers (:mod:`crib.tools.serve`, each on a free local port, each with
the classroom record at ``--db``: a ``postgresql://`` URL when the servers are on
several machines) and Debian's nginx in front of them, then prints the one link
everyone opens.  Ctrl-C stops them all.  ``--conf-only`` prints the nginx
configuration and stops: with other addresses (``--backend host:port``, once per
server), the same file serves servers on several machines (docs/school.md, "On
several machines").  A school is a Linux (Debian) setup: nginx, and stopping the servers
with SIGTERM; it is tested on Debian only.

**Routing is sticky by address, not by cookie.**  Server *k* is mounted at its own
prefix, ``/s<k>/`` (Voila's ``base_url``), and nginx sends everything under that
prefix (the page, its static files, the kernel's websocket) to server *k*: a page's
websocket always reaches the server that holds its kernel, and every link inside a
page is relative, so it stays there.  (nginx's open-source build has no sticky
cookie, and ``ip_hash`` would send a whole school behind one NAT to one server.)
The way in, ``/`` and ``/go/<page>?<query>``, is proxied to any live server (round
robin; ``proxy_next_upstream`` skips a dead one), which answers with a redirect to
the page under its own prefix (:func:`way_in_handlers`).

**A server that dies.**  A request under its prefix gets nginx's 502, which
``error_page`` turns into a redirect to ``/go/<page>?<query>``: the student's next
page load lands on a live server, with the link's class code kept; the record is
shared, so they rejoin and go on.

**One class across the servers.**  With ``--class``, the school draws one teacher's key
and one cookie secret and hands them to every server in its environment
(:data:`KEY_ENV`, :data:`COOKIE_ENV`; each server takes them out of its environment
before any kernel starts, :func:`take_school`), so the teacher's link and cookie are
good on every server, and the links that the servers print and the teacher's page
shows name the school's address (:data:`URL_ENV`), not a server's.  The record is
shared (PostgreSQL), so the teacher's live view, the classmate games and the
tournaments see every student, whichever server holds their page.  Behind nginx every
request comes from nginx's address: the servers read the student's own address from
``X-Real-IP`` (tornado's ``xheaders``), so the per-device page cap still counts devices.
Start servers with those headers trusted only where nginx is the only way in.

Websockets through nginx need HTTP/1.1 and the ``Upgrade``/``Connection`` headers
passed on explicitly, since they are hop-by-hop (nginx documentation, "WebSocket
proxying", https://nginx.org/en/docs/http/websocket.html); a kernel's websocket is
idle between messages, so its read timeout is an hour, not nginx's 60 s.
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tornado.web
from jupyter_server.utils import url_path_join

__all__ = [
    "stop_process",
    "nginx_conf",
    "way_in_handlers",
    "prefix",
    "free_port",
    "School",
    "take_school",
    "school_env",
    "main",
]

NGINX = "/usr/sbin/nginx"
PAGE = re.compile(r"[A-Za-z0-9_.-]+\.ipynb")
KEY_ENV, COOKIE_ENV, URL_ENV = "CRIB_SCHOOL_KEY", "CRIB_SCHOOL_COOKIE_SECRET", "CRIB_SCHOOL_URL"


@dataclass(frozen=True)
class School:
    """What a server behind the school's nginx shares with the others."""

    url: str  # the school's address: http://host:port
    key: str | None  # the teacher's key (--class), the same on every server
    cookie_secret: bytes | None  # signs the teacher's cookie, the same on every server

    def links(self, student_page: str, teacher_page: str) -> tuple[str, str]:
        """(the student link, the teacher link with its key), through the way in.

        >>> School("http://10.0.0.5:8080", "k3y", None).links("trainer.ipynb", "teacher.ipynb")
        ('http://10.0.0.5:8080/go/trainer.ipynb', 'http://10.0.0.5:8080/go/teacher.ipynb?key=k3y')
        """
        return f"{self.url}/go/{student_page}", f"{self.url}/go/{teacher_page}?key={self.key or ''}"


def school_env(url: str, klass: bool) -> dict[str, str]:
    """The environment a school gives each of its servers (a fresh key and secret)."""
    env = {URL_ENV: url}
    if klass:
        env[KEY_ENV] = secrets.token_urlsafe(18)
        env[COOKIE_ENV] = secrets.token_hex(32)
    return env


def take_school(environ: MutableMapping[str, str] = os.environ) -> School | None:
    """This server's school, if a school started it, with the key and the cookie secret
    taken out of ``environ`` (the kernels inherit the server's environment: a page's
    kernel must not hold the teacher's key).

    >>> env = {URL_ENV: "http://h:80", KEY_ENV: "k", COOKIE_ENV: "ab", "PATH": "/bin"}
    >>> take_school(env), sorted(env)
    (School(url='http://h:80', key='k', cookie_secret=b'ab'), ['CRIB_SCHOOL_URL', 'PATH'])
    >>> take_school({"PATH": "/bin"}) is None
    True
    """
    key, secret = environ.pop(KEY_ENV, None), environ.pop(COOKIE_ENV, None)
    url = environ.get(URL_ENV)
    if not url:
        return None
    return School(url.rstrip("/"), key or None, secret.encode() if secret else None)


def prefix(k: int) -> str:
    """Server ``k``'s URL prefix (1-based): ``/s1/``, ``/s2/``..."""
    return f"/s{k}/"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class _GoHandler(tornado.web.RequestHandler):
    """``/go/<page>?<query>``: the page on this server (a school's way in, and where
    nginx sends the pages of a server that died)."""

    def initialize(self, render: str, home: str) -> None:
        self.render, self.home = render, home

    def get(self, page: str) -> None:
        query = self.request.query
        target = url_path_join(self.render, page) if PAGE.fullmatch(page or "") else self.home
        self.redirect(target + (f"?{query}" if query else ""))


def way_in_handlers(server_url: str, home_page: str) -> list[tuple[str, Any, dict]]:
    """The server's redirects to its pages: its own root (``server_url``) to the home
    page, as always; behind a school's nginx (a prefix other than ``/``), also ``/`` and
    ``/go/<page>`` (the way in that nginx proxies to any live server)."""
    render = url_path_join(server_url, "voila/render")
    home = url_path_join(render, home_page)
    out: list[tuple[str, Any, dict]] = [
        (url_path_join(server_url, r"/?"), tornado.web.RedirectHandler, {"url": home})
    ]
    if server_url.strip("/"):
        out += [
            (
                r"/",
                tornado.web.RedirectHandler,
                {"url": home, "permanent": False},
            ),  # not cached: any live server
            (r"/go/(.*)", _GoHandler, {"render": render, "home": home}),
        ]
    return out


def nginx_conf(port: int, backends: list[str], run_dir: Path, host: str = "127.0.0.1") -> str:
    """nginx's whole configuration for ``backends`` (``host:port``, server *k* the k-th)
    listening on ``host:port``; its pid, logs and buffers in ``run_dir``."""
    if not backends:
        raise ValueError("a school needs at least one crib server")
    ws = (
        "proxy_http_version 1.1; proxy_set_header Upgrade $http_upgrade; "
        "proxy_set_header Connection $connection_upgrade; proxy_set_header Host $http_host; "
        "proxy_read_timeout 3600s; proxy_send_timeout 3600s; proxy_buffering off;"
    )
    who = (
        "proxy_set_header X-Real-IP $remote_addr; "
        "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;"
    )
    any_server = "".join(f"        server {b} max_fails=1 fail_timeout=10s;\n" for b in backends)
    mounts = "".join(
        f"        location {prefix(k)} {{ proxy_pass http://{b}; {ws} {who} "
        "error_page 502 504 = @failover; }\n"
        for k, b in enumerate(backends, 1)
    )
    way_in = (
        f"proxy_pass http://crib_any; proxy_set_header Host $http_host; {who} "
        "proxy_next_upstream error timeout http_502 http_503; proxy_connect_timeout 2s;"
    )
    r = run_dir
    return f"""# crib school: {len(backends)} crib servers behind nginx (crib.tools.school)
daemon off;
worker_processes 1;
pid {r}/nginx.pid;
error_log {r}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log {r}/access.log;
    client_body_temp_path {r}/body; proxy_temp_path {r}/proxy;
    fastcgi_temp_path {r}/fastcgi; uwsgi_temp_path {r}/uwsgi; scgi_temp_path {r}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    upstream crib_any {{
{any_server}    }}
    server {{
        listen {host}:{port};
        location = / {{ {way_in} }}
        location /go/ {{ {way_in} }}
{mounts}        location @failover {{
            rewrite ^/s[0-9]+/voila/render/(.*)$ /go/$1 redirect;
            return 302 /;
        }}
    }}
}}
"""


def stop_process(proc: subprocess.Popen, seconds: float = 20) -> None:
    """SIGTERM, then SIGKILL if ``proc`` has not exited within ``seconds`` (a server
    stops its kernels on SIGTERM; a hung one is killed)."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


def _wait_port(port: int, proc: subprocess.Popen, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"a crib server exited early (code {proc.returncode})")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.3)
    raise RuntimeError(f"no crib server answered on port {port} within {seconds:.0f} s")


def _local_postgres() -> tuple[Any, str]:
    """A throwaway PostgreSQL (:mod:`crib.tools.pg_local`) with the record migrated:
    (the server, the record's URL)."""
    from crib.store import migrate as db_migrate
    from crib.tools.pg_local import PgServer, pg_bindir

    bindir = pg_bindir()
    if bindir is None:
        raise SystemExit(
            "crib school: --local-postgres needs Debian's postgresql (apt-get install postgresql)"
        )
    pg = PgServer(bindir, fast=False)
    pg.admin("CREATE DATABASE crib")
    db_migrate.upgrade(pg.url("crib"))
    return pg, pg.url("crib")


def _args(argv: list[str] | None) -> tuple[argparse.Namespace, list[str]]:
    ap = argparse.ArgumentParser(prog="crib school", description=__doc__.split("\n\n")[0])
    ap.add_argument("--servers", type=int, default=2, help="how many crib servers (default 2)")
    ap.add_argument("--port", type=int, default=8080, help="nginx's port, the school's address")
    ap.add_argument("--host", default="127.0.0.1", help="nginx's address (0.0.0.0: the network)")
    ap.add_argument(
        "--db", default=None, help="the shared record (CRIB_DB): a postgresql:// URL or a file"
    )
    ap.add_argument(
        "--local-postgres",
        action="store_true",
        help="a demo's record: a throwaway PostgreSQL from Debian's binaries, removed at the end",
    )
    ap.add_argument(
        "--backend", action="append", default=[], help="with --conf-only: host:port of a server"
    )
    ap.add_argument("--conf-only", action="store_true", help="print nginx's configuration and stop")
    ap.add_argument(
        "--run-dir", default=None, help="nginx's pid, logs and buffers (default: a tmp dir)"
    )
    return ap.parse_known_args(argv)


def main(argv: list[str] | None = None) -> int:
    args, serve_args = _args(argv)
    if not 1 <= args.servers <= 64:
        print("crib school: --servers is 1 to 64", file=sys.stderr)
        return 2
    run = Path(args.run_dir or tempfile.mkdtemp(prefix="crib-school-"))
    run.mkdir(parents=True, exist_ok=True)
    run.chmod(0o755)  # nginx's workers (not root) write their buffers here
    if args.conf_only:
        print(
            nginx_conf(
                args.port,
                args.backend or [f"127.0.0.1:{8866 + k}" for k in range(args.servers)],
                run,
                args.host,
            ),
            end="",
        )
        return 0
    if not Path(NGINX).exists():
        print(
            f"crib school: nginx is missing at {NGINX} (Debian: apt-get install nginx)",
            file=sys.stderr,
        )
        return 2
    from crib.tools.room_options import lan_address
    from crib.tools.room_share import CLASS_SIZE

    url = f"http://{lan_address() if args.host in ('0.0.0.0', '', '::') else args.host}:{args.port}"
    klass = any(a == "--class" or a.startswith("--lan") for a in serve_args)
    if klass and not any(a.startswith("--class-size") for a in serve_args):
        # a class of CLASS_SIZE shared by the servers, not a class warmed on each one
        serve_args = [*serve_args, f"--class-size={-(-CLASS_SIZE // args.servers)}"]
    pg = None
    if args.local_postgres and not args.db:
        pg, args.db = _local_postgres()
    env = {**os.environ, **({"CRIB_DB": args.db} if args.db else {}), **school_env(url, klass)}
    ports = [free_port() for _ in range(args.servers)]
    procs: list[subprocess.Popen] = []
    try:
        for k, p in enumerate(ports, 1):
            log = (run / f"crib-{k}.log").open("w")
            procs.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "crib.tools.serve",
                        *serve_args,
                        f"--port={p}",
                        f"--base_url={prefix(k)}",
                    ],
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    env=env,
                )
            )
        for p, proc in zip(ports, procs, strict=True):
            _wait_port(p, proc, 300)
        conf = run / "nginx.conf"
        conf.write_text(nginx_conf(args.port, [f"127.0.0.1:{p}" for p in ports], run, args.host))
        procs.append(subprocess.Popen([NGINX, "-c", str(conf), "-p", str(run)]))
        _wait_port(args.port, procs[-1], 30)
        student, teacher = School(url, env.get(KEY_ENV), None).links(
            "trainer.ipynb", "teacher.ipynb"
        )
        who = (
            f"  students open: {student}\n  teacher opens: {teacher}\n"
            "  (the teacher's link is secret)\n"
            if klass
            else f"  everyone opens: {url}/\n"
        )
        print(
            f"\ncrib school: {args.servers} servers behind nginx\n{who}  (logs in {run})\n",
            flush=True,
        )
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        while all(p.poll() is None for p in procs[-1:]):
            time.sleep(1)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        for proc in reversed(procs):
            proc.send_signal(signal.SIGTERM)
        for proc in procs:
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
        if args.run_dir is None:
            shutil.rmtree(run, ignore_errors=True)
        if pg is not None:
            pg.stop()


if __name__ == "__main__":
    sys.exit(main())
