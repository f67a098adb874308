"""The warm parent of forked page kernels (issue 41): ``python -m crib.tools.fork_server SOCKET``.

One per server, started by :mod:`crib.tools.fork_kernels`.  It imports once what the pages
need (:data:`WARM_MODULES`: crib's pages, numpy, ipywidgets, ipykernel and IPython), loads
the compiled pegging kernels (:func:`crib.analysis.play.jit.warm`), runs ``gc.freeze()``
(the imported objects go to a generation the collector never scans, so a child's
collections do not write to, and so copy, the pages it shares), and checks that it has
created no thread and no ZMQ context: a fork copies only the thread that forks, and a
context's I/O threads would be missing in the child.  It keeps a packed copy of its module
table, which a child's kernel start reads instead of every module object
(:mod:`crib.tools.fork_modules`: 9 MiB less private memory per kernel).  Only then does it
listen on ``SOCKET``, a unix socket in a private temp dir (mode 0700).

Each request (a 4-byte length, then JSON; the child's stdout and stderr passed as file
descriptors alongside, ``SCM_RIGHTS``) forks one kernel.  The child (:func:`_child`) starts
its own session (``os.setsid``: interrupt and kill reach its process group, not the
parent's), closes the parent's sockets, takes its stdio, working directory and environment
from the request, reseeds ``random`` and numpy's global generator (a fork copies the
parent's state: two pages would deal the same games), and starts
``ipykernel.kernelapp.IPKernelApp`` on the connection file jupyter_client wrote.  The parent
answers ``{"pid": N}`` and keeps the connection: when the child dies, it reaps it and sends
``{"exit": code}`` there (the kernel is its child, not the server's).

A child lives as long as the server that asked for it (``server_pid``, watched by a thread
of the child), not as long as this parent: a parent killed and restarted leaves its kernels
running.  The parent exits when its stdin (a pipe from the server) closes.

Everything here is single-threaded: a ``selectors`` loop; SIGCHLD only wakes it (a wakeup
fd).  The hash seed is shared by the children (``PYTHONHASHSEED`` is drawn once per
interpreter): string hashing is as predictable across pages as inside one.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import importlib
import importlib.util
import json
import os
import selectors
import signal
import socket
import struct
import sys
import threading
import time
import traceback

from crib.tools.fork_modules import ModuleSnapshot, seen_from_the_parent

# what a page kernel imports: the pages' own modules (dashboards/*.ipynb), the kernel's
WARM_MODULES = (
    "numpy",
    "ipywidgets",
    "comm",
    "IPython",
    "IPython.core.interactiveshell",
    "ipykernel.kernelapp",
    "ipykernel.ipkernel",
    "ipykernel.zmqshell",
    "ipykernel.comm",
    "ipykernel.iostream",
    "ipykernel.eventloops",
    "ipykernel.debugger",  # debugpy and pydevd: 150 modules a kernel imports at its start
    "IPython.core.debugger",
    "IPython.core.completerlib",  # and these, which a kernel imports as it starts its shell
    "IPython.core.logger",
    "IPython.core.oinspect",
    "IPython.extensions.storemagic",
    "IPython.utils.wildcard",
    "tornado.platform.asyncio",
    "faulthandler",
    "runpy",
    "psutil",
    "matplotlib",  # the analysis pages draw a chart as they open (no pyplot)
    "matplotlib.figure",
    "matplotlib.backends.backend_agg",
    "matplotlib.colors",
    "PIL.Image",
    "pandas",  # the crib odds page's tables
    "crib.store.db",
    "crib.ui.kit.nav",
    "crib.ui.kit.home",
    "crib.ui.kit.ladder",  # the home page's
    "crib.ui.analyze.scorer",
    "crib.ui.lesson_list",  # the guide's
    "crib.ai.master",  # the game's
    "crib.store.duel_schema",
    "babel.dates",  # the puzzles page's dates
    "crib.ui.puzzles.page",
    "crib.ui.learn",
    "crib.ui.lessons",
    "crib.ui.trainer.page",
    "crib.ui.teacher.page",
    "crib.ui.play.page",
    "crib.ui.analyze.traps",
    "crib.ui.analyze.pegging",
    "crib.ui.analyze.discard",
    "crib.ui.analyze.crib_odds",
)
LEN = struct.Struct("!I")
ROOM = 1024  # bytes of filler on the parent's command line: room for a kernel's (set_cmdline)
MAX_REQUEST = 1 << 20
# a launched kernel's sys.argv[0]: the launcher's file
LAUNCHER = (
    getattr(importlib.util.find_spec("ipykernel_launcher"), "origin", None) or "ipykernel_launcher"
)


def warm() -> ModuleSnapshot:
    """Import what the pages need and load the compiled kernels; then check that no thread
    and no ZMQ context exist (SystemExit if one does: forking would be unsafe).  Returns the
    module table as the children will find it (:mod:`crib.tools.fork_modules`)."""
    # ipykernel sets this before a kernel imports matplotlib; matplotlib reads it at import
    # no collection from here to the fork: one would leave holes in the pages the children
    # share, which their own allocations then fill (and copy); gc.enable() in the child
    gc.disable()
    os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    # the default of IPKernelApp.parent_handle, read when ipykernel.kernelapp is imported:
    # ipykernel's parent poller would watch a child's parent (this process, not the server:
    # _watch_server does that); PID 1 is the value it takes for "no parent to watch"
    os.environ["JPY_PARENT_PID"] = "1"
    for name in WARM_MODULES:
        try:
            importlib.import_module(name)
        except ImportError as e:  # an optional module: the child imports it itself
            print(f"crib fork server: {name} not preloaded ({e})", file=sys.stderr)
    from crib.analysis.play import jit

    jit.warm()
    _draw_a_chart()
    import zmq
    from ipywidgets.widgets import widget

    if threading.active_count() != 1:
        raise SystemExit(f"crib fork server: {threading.active_count()} threads; fork unsafe")
    if zmq.Context._instance is not None:
        raise SystemExit("crib fork server: a ZMQ context exists; fork unsafe")
    if widget._instances:
        raise SystemExit("crib fork server: widgets made at import; a child would share them")
    snapshot = ModuleSnapshot()
    gc.freeze()
    return snapshot


def _draw_a_chart() -> None:
    """Draw and render one chart, as an analysis page does: matplotlib's font list, fonts and
    text layout caches are then loaded once, here, instead of in each kernel."""
    from matplotlib.figure import Figure

    from crib.ui.kit.charts import rc_context
    from crib.ui.kit.widgets import figure_png

    with rc_context({}):
        fig = Figure(figsize=(3, 2))
        ax = fig.subplots()
        ax.bar(["A", "2"], [1.5, -0.5])
        ax.set_title("Net points")
        ax.set_xlabel("Cards")
        figure_png(fig)


def read_request(conn: socket.socket) -> tuple[dict, list[int]]:
    """One request: its JSON and the file descriptors sent with it."""
    conn.settimeout(10)
    data, fds, _flags, _addr = socket.recv_fds(conn, 65536, 4)
    if not data:
        raise EOFError  # a probe (is the parent listening?), not a request
    while len(data) < LEN.size or len(data) < LEN.size + LEN.unpack_from(data)[0]:
        if len(data) > MAX_REQUEST:
            raise ValueError("request too long")
        more = conn.recv(65536)
        if not more:
            raise ValueError("request cut short")
        data += more
    (n,) = LEN.unpack_from(data)
    return json.loads(data[LEN.size : LEN.size + n]), list(fds)


def set_cmdline(args: list[str]) -> bool:
    """Show ``args`` as this process's command line (``ps``, ``/proc/<pid>/cmdline``): a
    forked kernel shows the command it replaces (``python -m ipykernel_launcher -f FILE``),
    so whoever looks for a server's kernels, and their connection files, finds them as
    before.  The room is the start's own arguments (:data:`ROOM`: the parent is started
    with that much filler); False, and nothing changed, where it does not fit."""
    import ctypes

    try:
        with open("/proc/self/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        start, end = int(fields[45]), int(fields[46])  # arg_start, arg_end (proc(5): 48, 49)
    except (OSError, IndexError, ValueError):
        return False
    data = b"\0".join(a.encode() for a in args) + b"\0"
    if not 0 < len(data) <= end - start:
        return False
    ctypes.memmove(start, data.ljust(end - start, b"\0"), end - start)
    return True


def _watch_server(pid: int) -> None:
    """In a child: exit when the server that asked for this kernel is gone (what ipykernel's
    parent poller does for a kernel the server started itself)."""
    try:
        fd = os.pidfd_open(pid)
    except (AttributeError, OSError):  # no pidfd (Linux < 5.3): poll once a second
        fd = None

    def run() -> None:
        if fd is not None:
            sel = selectors.DefaultSelector()
            sel.register(fd, selectors.EVENT_READ)
            sel.select()
        else:
            while True:
                try:
                    os.kill(pid, 0)
                except ProcessLookupError:
                    break
                time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=run, name="crib-server-watch", daemon=True).start()


def _trim_after_each_run(shell: object) -> None:
    """After each cell the kernel runs (voila runs the page's cells; a click runs none), give
    the C heap's free pages back (glibc's ``malloc_trim``): an analysis page's transient
    allocations would otherwise stay in the kernel's private memory (a discard page's
    kernel: 58 MB private, 47 MB trimmed)."""
    import ctypes

    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (AttributeError, OSError):  # not glibc
        return
    shell.events.register("post_execute", lambda: trim(0))  # type: ignore[attr-defined]


def _child(req: dict, fds: list[int], modules: ModuleSnapshot) -> int:
    """Become the kernel asked for; returns its exit code."""
    os.setsid()
    gc.enable()
    signal.set_wakeup_fd(-1)
    for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)  # as Python starts: EPIPE, not death
    signal.signal(signal.SIGINT, signal.default_int_handler)
    # stdin from /dev/null; a descriptor already at 0, 1 or 2 is not closed after its dup2
    # (fd 0 is free here: close_all closed it, so open() returns 0 itself; closing that
    # would leave 0 free for the kernel's next socket, which sys.stdin's close then breaks)
    stdio = [os.open(os.devnull, os.O_RDONLY), *fds]
    for target, fd in enumerate(stdio):
        if fd != target:
            os.dup2(fd, target)
    for target, fd in enumerate(stdio):
        if fd > 2 and fd not in stdio[:target]:
            os.close(fd)
    os.chdir(req["cwd"])
    os.environ.clear()
    os.environ.update(req["env"])
    os.environ["JPY_PARENT_PID"] = "1"  # as in warm()
    import random

    import numpy as np

    random.seed()
    np.random.seed()
    if req.get("server_pid"):
        _watch_server(int(req["server_pid"]))
    from ipykernel.kernelapp import IPKernelApp

    set_cmdline([sys.executable, "-m", "ipykernel_launcher", *req["argv"]])
    sys.argv = [req.get("launcher", LAUNCHER), *req["argv"]]
    app = IPKernelApp.instance()  # IPKernelApp.launch_instance, with one step between
    with seen_from_the_parent(modules):  # no copy of the parent's module table
        app.initialize(req["argv"])
    _as_in_a_kernel()
    import ipywidgets

    # what importing ipywidgets does in a kernel (the page's widget manager asks the control
    # target for every widget's state); imported here before any kernel, it did not
    ipywidgets.register_comm_target()
    _trim_after_each_run(app.shell)
    app.start()
    return 0


def _as_in_a_kernel() -> None:
    """Undo what a module decided at its import, in the parent, from not running in a
    kernel: pandas shows a terminal's columns (``display.max_columns`` 0, fitted to a
    terminal's width) outside IPython, 20 in a Jupyter kernel; a table printed by a page or
    a notebook would otherwise be cut differently than in a launched kernel."""
    config = sys.modules.get("pandas._config.config")
    if config is None:
        return
    key, value = "display.max_columns", 20  # pandas.core.config_init, "as a Jupyter kernel"
    opt = config._registered_options.get(key)
    if opt is not None:  # its default too: reset_option gives a kernel's value
        config._registered_options[key] = opt._replace(defval=value)
    config.set_option(key, value)


class ForkServer:
    """The parent's loop: accept requests, fork, reap and report."""

    def __init__(self, path: str, modules: ModuleSnapshot) -> None:
        self.modules = modules
        self.sel = selectors.DefaultSelector()
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(path)
        self.listener.listen(128)
        self.wake_r, self.wake_w = os.pipe()
        os.set_blocking(self.wake_w, False)
        os.set_blocking(self.wake_r, False)
        signal.set_wakeup_fd(self.wake_w)
        signal.signal(signal.SIGCHLD, lambda *_: None)  # the wakeup fd does the work
        self.children: dict[int, socket.socket] = {}  # a child's pid: its requester
        self.sel.register(self.listener, selectors.EVENT_READ, "accept")
        self.sel.register(self.wake_r, selectors.EVENT_READ, "reap")
        self.sel.register(sys.stdin.fileno(), selectors.EVENT_READ, "stdin")

    def serve(self) -> None:
        while True:
            for key, _ in self.sel.select():
                if key.data == "accept":
                    self.accept()
                elif key.data == "reap":
                    try:
                        while os.read(self.wake_r, 512):
                            pass
                    except BlockingIOError:
                        pass
                    self.reap()
                elif key.data == "stdin":
                    if not os.read(sys.stdin.fileno(), 512):  # the server is gone
                        return
                else:  # a requester closed its connection (its kernel is shut down)
                    self.forget(key.fileobj)  # type: ignore[arg-type]

    def accept(self) -> None:
        conn, _ = self.listener.accept()
        fds: list[int] = []
        try:
            req, fds = read_request(conn)
            if len(fds) != 2:
                raise ValueError("expected the child's stdout and stderr")
        except (OSError, ValueError, EOFError) as e:
            if not isinstance(e, EOFError):
                print(f"crib fork server: bad request ({e})", file=sys.stderr)
            for fd in fds:
                os.close(fd)
            conn.close()
            return
        pid = os.fork()
        if pid == 0:  # the kernel
            code = 1
            try:
                self.close_all(conn)
                code = _child(req, fds, self.modules)
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else 1
            except BaseException:  # noqa: BLE001 - reported on the kernel's stderr
                traceback.print_exc()
            finally:
                try:
                    atexit._run_exitfuncs()
                    sys.stdout.flush()
                    sys.stderr.flush()
                finally:
                    os._exit(code)
        for fd in fds:
            os.close(fd)
        try:
            conn.setblocking(True)
            conn.sendall(json.dumps({"pid": pid}).encode() + b"\n")
        except OSError:
            conn.close()
            return  # the requester is gone; the kernel is reaped when it ends
        self.children[pid] = conn
        self.sel.register(conn, selectors.EVENT_READ, "peer")
        self.reap()  # a child that died at once

    def close_all(self, keep: socket.socket) -> None:
        """In a child: drop the parent's descriptors (the listener, the other requesters)."""
        self.sel.close()
        self.listener.close()
        os.close(self.wake_r)
        os.close(self.wake_w)
        for c in self.children.values():
            c.close()
        keep.close()
        os.close(sys.stdin.fileno())

    def forget(self, conn: socket.socket) -> None:
        self.sel.unregister(conn)
        for pid, c in list(self.children.items()):
            if c is conn:
                self.children[pid] = None  # type: ignore[assignment]
        conn.close()

    def reap(self) -> None:
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            conn = self.children.pop(pid, None)
            if conn is None:
                continue
            report = {"exit": os.waitstatus_to_exitcode(status)}
            with contextlib.suppress(OSError):
                conn.sendall(json.dumps(report).encode() + b"\n")
            self.sel.unregister(conn)
            conn.close()


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if len(args) == 2 and not args[1].strip("."):  # the filler: the room for set_cmdline
        args = args[:1]
        set_cmdline([sys.executable, "-m", "crib.tools.fork_server", *args])
    if len(args) != 1:
        raise SystemExit("usage: python -m crib.tools.fork_server SOCKET")
    # as ipykernel_launcher does: not the server's folder on the path (`python -m` put it
    # first) but the kernel's, '' (IPKernelApp.initialize adds it, after the standard library)
    if sys.path and (sys.path[0] == "" or os.path.abspath(sys.path[0]) == os.getcwd()):
        del sys.path[0]
    t0 = time.process_time()
    server = ForkServer(args[0], warm())
    print(f"crib fork server: warm in {time.process_time() - t0:.2f} CPU-s", file=sys.stderr)
    server.serve()


if __name__ == "__main__":
    main()
