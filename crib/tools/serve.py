"""Serve crib's pages with Voila, with ``/`` landing on the home page.

``crib serve`` (or ``python -m crib.tools.serve [FOLDER]``) accepts every Voila option.
Without a folder it serves the installed pages, ``crib.pages`` (the repository's
``dashboards/``, see :mod:`crib.datafiles`), from whatever folder it is started in.
Voila's directory mode maps ``/`` to a bare file list; this launcher adds a redirect from
``/`` to ``voila/render/index.ipynb`` and leaves the rest (``/voila/tree`` too) as it is.

``--class``: the teacher's pages need the key printed at start, page kernels are
capped per client and in total (every device may have two), a page kernel obeys only its
own address, and a kernel whose page has been gone for ``--cull-after`` seconds (180) is
shut down however busy it is; ``--lan`` (implies ``--class``) listens on the network
address (:mod:`crib.tools.room`).  Without them nothing changes: 127.0.0.1, no key.

``--class-size N`` sizes the preheated pool of the student page (``trainer.ipynb``) for a
class of N: N kernels are started and have run the page before anyone opens it, so a class
arriving at once does not wait (``VoilaKernelManager.kernel_pools_config``).  The
other dashboards keep their pools (below).  Each pooled kernel costs about 28 MiB PSS
forked, 67 launched (``bench/load_class.py``; docs/figures.md).  The record is ``CRIB_DB``.
Behind a school's nginx (:mod:`crib.tools.school`), the key, the cookie secret and the
links are the school's.

Refilling (:class:`ClassPool`).  Voila refills a pool to its full size after
every kernel taken.  For a class that is wrong twice: with voila's 1 s delay, N
replacement kernels start while the class is still arriving and compete with it
for the CPU; with a long delay, students beyond the warm kernels wait for a
replacement that is still sleeping (each request awaits the pool's next task),
and the server holds 2N kernels once the class is in.  Here the class's kernels
are taken without replacement until ``SPARE`` are left, which are topped up at
once (late comers and reloads); the pool returns to N only after
``REFILL_AFTER`` seconds without a student arriving, ready for the next class.

One person (no ``--class``, no ``--class-size``): one warm kernel for the home page and one
for the game (``SOLO_WARM``); any other page starts its own kernel when first opened (about
2 s more), and then keeps one warm (:class:`GrowingPools`).

With a class, every other page keeps ``FORKED_POOL`` warm kernel (1) when kernels are
forked, ``PAGE_POOL`` (2) when launched (``--page-pool N`` sets it).  The pool's second
kernel was for a second visitor arriving within seconds of the first, who otherwise waits
for the replacement to start and run the page (launched: 5.5-8.9 s, medians, against
2.5-2.8 s; data/benchmarks.txt).  A forked replacement starts in about 0.2 CPU-s: a second
visitor 0.5 s after the first waits 2.2 s, 2 s after 0.2 s (medians), and a class of 30
warms 40 kernels, not 50 (data/load_pools.json measured 39 and 48).  Without a
class, a taken kernel is replaced after ``PAGE_FILL_DELAY`` s rather than voila's 1 s, so
that its start does not compete with the page just opened.

Page kernels are forked from a warm parent (:mod:`crib.tools.fork_kernels`, for every
kernel, ``--class`` and the school's too), started before Voila's imports: it imports the
pages once, and each kernel shares them (a class of 30: a third of the memory, a fifth of
the CPU per kernel).  ``--no-fork``, and every system but Linux, launch them as Jupyter does.

Lab extensions, MathJax: :mod:`crib.tools.page_config`; costs cut: :mod:`.server_costs`;
the record migrated as the server starts, in a process of its own (``start_upgrade``).

The loading page (``TEMPLATE_DIR``).  Voila's "lab" template shows a bare spinner
until its scripts have loaded; crib's template (``crib/tools/voila_template``, put
first on the template path, so it overrides the lab template's ``index.html.j2`` and
extends it) shows a skeleton of the page instead: the nav bar's outline and grey
placeholders, kept over the page until every widget is drawn.
"""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from crib.tools import server_costs  # first: it keeps a slow import out of Voila's
from crib.tools.fork_kernels import start_early

if __name__ == "__main__":  # python -m crib.tools.serve: the warm parent imports meanwhile
    start_early(sys.argv[1:])

# isort: split
import tornado.ioloop
from jupyter_server.utils import url_path_join
from voila.app import Voila

from crib.datafiles import PAGES_DIR
from crib.store.db import default_target
from crib.store.migrate import start_upgrade
from crib.tools import fork_kernels
from crib.tools.page_config import page_config_hook
from crib.tools.room import CULL_IDLE, HAND_GRACE, PER_CLIENT, Room
from crib.tools.room_options import class_setup, take_room_options
from crib.tools.room_share import CLASS_SIZE
from crib.tools.room_web import room_handlers
from crib.tools.school import School, take_school, way_in_handlers

HOME = "index.ipynb"
STUDENT_PAGE = "trainer.ipynb"
TEACHER_PAGE = "teacher.ipynb"
PLAY_PAGE = "play.ipynb"
PAGE_POOL = 2  # with a class and launched kernels, warm kernels per page (the student's: N)
FORKED_POOL = 1  # the same with forked kernels: a second visitor's kernel forks in 0.2 CPU-s
SOLO_WARM = (HOME, PLAY_PAGE)  # without a class, the pages warm at start (the rest on demand)
TEMPLATE_DIR = Path(__file__).resolve().parent / "voila_template"
SPARE = 2  # class mode: warm student kernels kept ready while a class arrives
FILL_DELAY = 1.0  # s before a spare is replaced (voila's default)
PAGE_FILL_DELAY = 5.0  # s before a taken kernel is replaced, without a class
REFILL_AFTER = 120.0  # s without an arrival before the pool is refilled to the class size

# Defaults, each overridable on the command line:
# * preheated kernels (--pool_size=1; main() sets the pools per page, pools_config, unless
#   --pool_size is given): a page is interactive in 2-2.5 s at load 3-8, not 4.5-6 s.
# * idle kernels culled after 10 minutes: a closed tab does not shut its kernel down (voila
#   issue 1458); culling keeps XSRF protection on.  Culling leaves the preheated pool be.
# * a page's outputs are awaited up to 60 s (nbclient's default is 4 s): on a busy
#   machine, bench/load_class.py with 30 students logged 56 "Timeout waiting for
#   IOPub output" while preheating and 0 of 30 pages became interactive in 600 s;
#   with 60 s, no such timeout and 30 of 30 (the cell's widget output is otherwise
#   dropped when it arrives late).
# * kernels talk over unix sockets (ipc), a file named after the kernel's id, not TCP ports
#   picked free by the server and bound later by the kernel (on a busy machine another
#   process took one in between: a clean clone's run lost two pages so).
DEFAULTS = (
    "--Voila.ip=127.0.0.1",
    "--no-browser",
    "--preheat_kernel=True",
    "--pool_size=1",
    "--MappingKernelManager.cull_idle_timeout=600",
    "--MappingKernelManager.cull_interval=60",
    "--VoilaExecutor.iopub_timeout=60",
    "--KernelManager.transport=ipc",
)


# a kernel's ipc socket: <voila's connection dir>/voila_XXXXXXXX/kernel-<uuid>-ipc-N, and a
# unix socket's path has at most 103 bytes on macOS (107 on Linux)
SOCKET_TAIL, SOCKET_MAX = len("/voila_12345678/kernel-") + 36 + len("-ipc-1"), 103


def socket_args(argv: list[str], tmp: str | None = None) -> list[str]:
    """Where the kernels' ipc sockets go when the temp folder's path is too long for one
    (macOS's is ~48 bytes): voila's connection files in /tmp, else TCP after all.  Unix
    sockets are POSIX-only: on Windows the kernels talk over TCP (Jupyter's default).

    >>> socket_args([], "/tmp"), socket_args([], "/var/folders/" + "x" * 40 + "/T")
    ([], ['--Voila.connection_dir_root=/tmp'])
    >>> socket_args(["--KernelManager.transport=tcp"], "/" + "x" * 99)
    []
    """
    if any(
        a.startswith(("--KernelManager.transport", "--Voila.connection_dir_root")) for a in argv
    ):
        return []
    if sys.platform == "win32":  # ZeroMQ has no ipc transport on Windows: TCP, as Jupyter's
        return ["--KernelManager.transport=tcp"]
    tmp = tempfile.gettempdir() if tmp is None else tmp
    if len(tmp) + SOCKET_TAIL <= SOCKET_MAX:
        return []
    if os.access("/tmp", os.W_OK):
        return ["--Voila.connection_dir_root=/tmp"]
    return ["--KernelManager.transport=tcp"]


def with_defaults(argv: list[str]) -> list[str]:
    """Add each default whose option the caller did not give."""
    given = {a.split("=", 1)[0] for a in argv if a.startswith("--")}
    return [*argv, *(d for d in DEFAULTS if d.split("=", 1)[0] not in given)]


def take_class_size(argv: list[str]) -> tuple[int | None, list[str]]:
    """Remove ``--class-size N`` (or ``--class-size=N``) from argv; returns (N, the rest).

    >>> take_class_size(["dashboards", "--class-size", "30", "--port=1"])
    (30, ['dashboards', '--port=1'])
    >>> take_class_size(["--class-size=0"])
    Traceback (most recent call last):
    ...
    SystemExit: --class-size: expected a whole number from 1 to 200, got '0'
    """
    out: list[str] = []
    size: int | None = None
    it = iter(argv)
    for a in it:
        if a == "--class-size" or a.startswith("--class-size="):
            raw = a.split("=", 1)[1] if "=" in a else next(it, "")
            if not raw.isdigit() or not 1 <= int(raw) <= 200:
                raise SystemExit(
                    f"--class-size: expected a whole number from 1 to 200, got {raw!r}"
                )
            size = int(raw)
        else:
            out.append(a)
    return size, out


def pools_config(class_size: int | None = None, page_pool: int = PAGE_POOL) -> dict[str, Any]:
    """``kernel_pools_config``.  A class: ``class_size`` preheated student kernels and
    ``page_pool`` for every other page (the teacher's too).  One person (no class): one
    warm kernel for each page of ``SOLO_WARM``, none for the others until they are first
    opened (:class:`GrowingPools`).

    >>> cfg = pools_config(30)
    >>> cfg["trainer.ipynb"], cfg["teacher.ipynb"], cfg["default"]
    ({'pool_size': 30}, {'pool_size': 2}, {'pool_size': 2})
    >>> pools_config(30, FORKED_POOL)["default"]
    {'pool_size': 1}
    >>> solo = pools_config()
    >>> solo["index.ipynb"], solo["play.ipynb"], solo["default"]
    ({'pool_size': 1}, {'pool_size': 1}, {'pool_size': 0})
    """
    if class_size is None:
        return {**{page: {"pool_size": 1} for page in SOLO_WARM}, "default": {"pool_size": 0}}
    return {
        STUDENT_PAGE: {"pool_size": class_size},
        TEACHER_PAGE: {"pool_size": page_pool},
        "default": {"pool_size": page_pool},
    }


class GrowingPools:
    """Without a class, a page gets its warm kernel when it is first opened: that visit
    starts a kernel of its own (voila's path without a pool), and one more is warmed for
    the next visit or reload, ``PAGE_FILL_DELAY`` s later so as not to compete with it.

    >>> from types import SimpleNamespace as NS
    >>> filled = []
    >>> km = NS(kernel_pools_config=pools_config(), get_pool_size=lambda nb: 0,
    ...         fill_if_needed=lambda delay, notebook_name: filled.append(notebook_name))
    >>> pools = GrowingPools(km)
    >>> km.get_pool_size("traps.ipynb"), km.kernel_pools_config["traps.ipynb"], filled
    (0, {'pool_size': 1}, ['traps.ipynb'])
    >>> km.get_pool_size("traps.ipynb"), filled  # grown once: not again
    (0, ['traps.ipynb'])
    """

    def __init__(self, km: Any) -> None:
        size = km.get_pool_size

        def get_pool_size(notebook_name: str) -> int:
            pools = km.kernel_pools_config
            if pools.get(notebook_name, pools["default"])["pool_size"] == 0:
                pools[notebook_name] = {"pool_size": 1}
                km.fill_if_needed(delay=PAGE_FILL_DELAY, notebook_name=notebook_name)
            return size(notebook_name)

        km.get_pool_size = get_pool_size


class OncePerPage(logging.Filter):
    """Jupyter's contents manager warns "Notebook X is not trusted" each time a kernel
    loads a page: once per warm kernel, 30 times for a class.  Voila runs every page afresh
    and shows only what that run outputs, so notebook trust (which decides whether a saved
    output's HTML and scripts are shown) does not apply; the warning is kept once per page.
    """

    def __init__(self) -> None:
        super().__init__()
        self.seen: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg != "Notebook %s is not trusted":
            return True
        page = str(record.args[0] if isinstance(record.args, tuple) else record.args)
        first = page not in self.seen
        self.seen.add(page)
        return first


class ClassPool:
    """The student page's refill policy in class mode (see the module's docstring).

    Installed on voila's preheating kernel manager: it wraps ``get_rendered_notebook``
    (the one place a pooled kernel is taken) and changes the student page's pool size
    in ``kernel_pools_config`` before voila's own ``fill_if_needed`` reads it.

    >>> from types import SimpleNamespace as NS
    >>> km = NS(kernel_pools_config=pools_config(30), get_rendered_notebook=None)
    >>> left = [30]  # warm kernels in the pool; voila pops one, then fills up to the size
    >>> km.get_pool_size = lambda nb: left[0]
    >>> km.fill_if_needed = lambda delay, notebook_name: None
    >>> pool = ClassPool(km, 30)
    >>> sizes = []
    >>> for _ in range(30):
    ...     pool.on_take()
    ...     left[0] = km.kernel_pools_config["trainer.ipynb"]["pool_size"]
    ...     sizes.append(left[0])
    >>> sizes[:3], sizes[-3:]  # no replacement while the class arrives, then SPARE
    ([29, 28, 27], [2, 2, 2])
    >>> pool.maybe_refill()  # a student just arrived: not yet
    False
    >>> pool.last_take -= REFILL_AFTER
    >>> pool.maybe_refill(), km.kernel_pools_config["trainer.ipynb"]["pool_size"]
    (True, 30)
    """

    def __init__(self, km: Any, class_size: int, page: str = STUDENT_PAGE) -> None:
        self.km, self.size, self.page = km, class_size, page
        self.last_take = 0.0
        self.taken = 0
        take = km.get_rendered_notebook

        async def get_rendered_notebook(notebook_name: str, *args: Any, **kw: Any) -> Any:
            if notebook_name == self.page:
                self.on_take()
            return await take(notebook_name, *args, **kw)

        km.get_rendered_notebook = get_rendered_notebook

    def target(self) -> int:
        """How many warm kernels to keep after this take: no replacement while more than
        SPARE are left, then SPARE."""
        left = self.km.get_pool_size(self.page) - 1
        return max(min(SPARE, self.size), min(left, self.size))

    def on_take(self) -> None:
        self.taken += 1
        self.last_take = time.monotonic()
        self.km.kernel_pools_config[self.page]["pool_size"] = self.target()

    def maybe_refill(self) -> bool:
        """After REFILL_AFTER quiet seconds, refill the pool to the class size (True if it did)."""
        cfg = self.km.kernel_pools_config[self.page]
        if cfg["pool_size"] >= self.size or time.monotonic() - self.last_take < REFILL_AFTER:
            return False
        cfg["pool_size"] = self.size
        self.km.fill_if_needed(delay=0, notebook_name=self.page)
        return True


class CribVoila(Voila):
    """Voila with a home-page redirect at the root URL, the class pool policy,
    crib's loading skeleton (``TEMPLATE_DIR`` first on the template path), and, for
    ``--class``, the room's guard (:mod:`crib.tools.room`)."""

    class_size: int | None = None
    class_pool: ClassPool | None = None
    room: Room | None = None
    link_host: str = "127.0.0.1"
    school: School | None = None  # behind a school's nginx (crib.tools.school)

    def setup_template_dirs(self) -> None:
        super().setup_template_dirs()
        if self.voila_configuration.template == "lab":  # crib's template extends "lab"
            self.template_paths = [str(TEMPLATE_DIR), *self.template_paths]

    def room_links(self) -> tuple[str, str]:
        """(the student link, the teacher link with its key): printed at start."""
        key = self.room.key if self.room is not None else ""
        if self.school is not None:  # the school's way in: any live server
            return replace(self.school, key=key).links(STUDENT_PAGE, TEACHER_PAGE)
        base = f"http://{self.link_host}:{self.port}" + url_path_join(self.base_url, "voila/render")
        return f"{base}/{STUDENT_PAGE}", f"{base}/{TEACHER_PAGE}?key={key}"

    def print_links(self) -> None:
        s, t = self.room_links()
        print(
            f"\ncrib class server\n  students open: {s}\n  teacher opens: {t}\n"
            "  (the teacher's link is secret; its key changes at every start)\n",
            flush=True,
        )

    def init_settings(self) -> dict:  # type: ignore[override]
        if self.room is not None:
            self.port_retries = 0  # the printed links name this port
            self.room.student_url, self.room.teacher_url = self.room_links()
            # kernels inherit the server's environment: the teacher's page shows this link
            os.environ["CRIB_STUDENT_URL"] = self.room.student_url
        settings = super().init_settings()
        self.log.addFilter(OncePerPage())
        if self.room is not None:
            self.room.install(self.kernel_manager)
            self.room.start_culler()  # page kernels whose page is gone (crib.tools.room)
            settings["crib_room"] = self.room
            tornado.ioloop.IOLoop.current().add_callback(self.print_links)
        km = self.kernel_manager
        pools = getattr(km, "kernel_pools_config", {})
        if self.class_size is None and pools.get("default", {}).get("pool_size") == 0:
            GrowingPools(km)  # one person: pages warm once opened (pools_config)
        if (
            self.class_size is not None
            and hasattr(km, "get_rendered_notebook")
            # with --pool_size, voila's one size for every page: no student pool to resize
            and STUDENT_PAGE in getattr(km, "kernel_pools_config", {})
        ):
            self.class_pool = ClassPool(self.kernel_manager, self.class_size)
            tornado.ioloop.PeriodicCallback(self.class_pool.maybe_refill, 15_000).start()
        return settings

    def listen(self) -> None:
        server_costs.quiet_debug(self.log)
        if self.school is not None:  # behind nginx: a request's address is X-Real-IP's
            listen = self.app.listen
            self.app.listen = lambda port, ip: listen(port, ip, xheaders=True)  # type: ignore[method-assign]
        super().listen()

    def init_handlers(self) -> list:  # type: ignore[override]
        handlers = super().init_handlers()
        if self.room is not None:
            handlers = room_handlers(handlers, self.server_url)
        if self.notebook_path:
            return handlers
        return way_in_handlers(self.server_url, HOME) + list(handlers)  # a school's way in too


def crib_help() -> str:
    """``crib serve --help``: crib's own options first, each with its default, then where
    Voila's are.

    >>> text = crib_help()
    >>> text.index("--class-size N") < text.index("passed to Voila") < text.index("--help-voila")
    True
    """
    voila = "\n".join(f"  {d}" for d in DEFAULTS)
    record = default_target()
    return f"""usage: crib serve [FOLDER] [crib's options] [Voila's options]

Serve crib's pages with Voila; the home page is at /. FOLDER: the pages to serve
(default: crib's own dashboards).

crib's options:
  --class                   a class server: the teacher's link carries a key printed at
                            start, page kernels are capped per device and in all, and the
                            student page is warmed for a class of {CLASS_SIZE} (default: off;
                            127.0.0.1, no key, and warm kernels for one person only)
  --lan, --lan=ADDR         listen on the network (every address, or ADDR only) and print
                            the links with the machine's address; implies --class
                            (default: 127.0.0.1 only)
  --class-size N            warm the student page for a class of N, 1 to 200 (default:
                            {CLASS_SIZE} with --class; without a class, one warm kernel for
                            the home page and the game, and one for any other page once opened)
  --page-pool N             with a class: warm kernels for every other page, 1 to 50
                            (default: {FORKED_POOL} with forked kernels, {PAGE_POOL} launched)
  --max-pages N             with --class: page kernels in all, 1 to 1000 (default: from the
                            class size)
  --max-pages-per-client N  with --class: page kernels one device may hold, 1 to 1000
                            (default: {PER_CLIENT})
  --cull-after S            with --class: shut a page kernel down S seconds after its page
                            is gone (default: {CULL_IDLE})
  --cull-grace S            with --class: but not within S seconds of handing it to its page
                            (default: {int(HAND_GRACE)})
  --fork                    fork each page kernel from a warm parent (the default on
                            Linux; elsewhere the normal launch)
  --no-fork                 launch each page kernel as Jupyter does (a Python of its own)

The classroom record is CRIB_DB: a file path or a postgresql:// URL (default: the SQLite
file {record}).

Every other option is passed to Voila, for example --port=8866. Unless the same option
is given, crib starts Voila with
{voila}
Voila's own options: crib serve --help-voila
"""


def main(argv: list[str] | None = None) -> None:
    given = list(sys.argv[1:] if argv is None else argv)
    if "--help-voila" in given:  # Voila's own help, as `voila --help` prints it
        CribVoila.launch_instance(argv=["--help"])
        return
    if "-h" in given or "--help" in given:
        print(crib_help())
        return
    size, rest = take_class_size(given)
    fork = "--no-fork" not in rest  # forked kernels unless asked not to
    rest = [a for a in rest if a not in ("--fork", "--no-fork")]
    room, rest = take_room_options(rest)
    CribVoila.school = school = take_school()
    if room["class"]:
        key = school.key if school is not None else None
        CribVoila.room, CribVoila.link_host, rest = class_setup(size, room, rest, key)
    if not any(not a.startswith("-") for a in rest):  # no folder given: crib's own pages
        rest = [str(PAGES_DIR), *rest]
    from traitlets.config import Config

    cfg = Config()
    if school is not None and school.cookie_secret:  # the teacher's cookie good on every server
        cfg.Voila.cookie_secret = school.cookie_secret
    if not any(a.startswith("--pool_size") for a in rest):  # an explicit size wins
        if size is None and room["class"]:
            size = CLASS_SIZE  # --class alone warms a class (with --pool_size: voila's pools)
        forked = fork and fork_kernels.fork_supported()
        page_pool = room["page_pool"] or (FORKED_POOL if forked else PAGE_POOL)
        cfg.VoilaKernelManager.kernel_pools_config = pools_config(size, page_pool)
    if not any(a.startswith("--VoilaConfiguration.extension_") for a in rest):
        # no page shows code: the code-highlighting extension is 4 requests for nothing
        cfg.VoilaConfiguration.extension_denylist = ["jupyterlab_pygments"]
        root = Path(next(a for a in rest if not a.startswith("-")))
        if root.is_dir():  # a folder of dashboards (a single notebook: voila's defaults)
            cfg.VoilaConfiguration.page_config_hook = page_config_hook(root)
    if not any(a.startswith("--VoilaKernelManager.fill_delay") for a in rest):
        cfg.VoilaKernelManager.fill_delay = FILL_DELAY if size is not None else PAGE_FILL_DELAY
    CribVoila.class_size = size if size is not None else CribVoila.class_size
    server_costs.install()  # the page templates compiled once, dates parsed in C
    server_costs.freeze_startup()  # the collector skips the imported modules
    start_upgrade()  # the kernels then open a current record: no Alembic in them
    if fork:  # page kernels forked from a warm parent, which starts importing now
        fork_kernels.enable(cfg)
    CribVoila.launch_instance(argv=with_defaults([*rest, *socket_args(rest)]), config=cfg)


if __name__ == "__main__":
    main()
