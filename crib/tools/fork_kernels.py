"""Page kernels forked from a warm parent (issue 41): a jupyter_client kernel provisioner.

Every page kernel used to be a fresh ``python -m ipykernel_launcher`` that imported numpy,
numba's compiled kernels, ipywidgets and crib by itself: 100-140 MB of PSS and 0.8-1.6 CPU-s
each.  :class:`ForkProvisioner` asks a warm parent (:mod:`crib.tools.fork_server`, one per
server, :class:`ForkServer`) to fork the kernel instead: the child shares the parent's
imported pages copy-on-write and pays only for what it changes.

It is registered as the ``crib-fork`` provisioner (``jupyter_client.kernel_provisioners``
entry point, pyproject.toml) and ``crib serve`` selects it for every kernel
(``KernelProvisionerFactory.default_provisioner_name``; :func:`enable`), so ``--class``
and the school's servers behind nginx use it too (the default; ``crib serve --no-fork``
launches kernels as Jupyter does).

It is a :class:`~jupyter_client.provisioning.LocalProvisioner`: jupyter_client writes the
connection file and builds the command as it always does, and the normal launch is used,
unchanged, whenever the fork is not:

* on any system but Linux (:func:`fork_supported`): macOS's system libraries (Accelerate,
  under numpy, and the Objective-C runtime) are not safe to use in a child forked without
  exec, which is why Python's multiprocessing spawns there; Windows has no fork;
* for a command that is not this interpreter's ``-m ipykernel_launcher`` (another
  kernel, another Python), or output asked to a pipe;
* if the warm parent cannot start (it refuses to serve with a thread or a ZMQ context).

The kernel's pid is reported (``pid``, ``pgid``: the child's own session), so interrupt
(SIGINT to its group), shutdown and kill work as for a launched kernel.  The kernel is the
parent's child, not the server's: :meth:`ForkProvisioner.poll` reads the exit the parent
reports on the request's connection, and watches the pid itself (a pidfd, else
``kill(pid, 0)``) when the parent is gone.  A parent that died is started again at the next
request, and a request it dropped is made again, once, to the new one.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

from jupyter_client.connect import KernelConnectionInfo
from jupyter_client.provisioning import LocalProvisioner
from jupyter_client.provisioning.factory import KernelProvisionerFactory

from crib.tools.fork_server import LEN, ROOM

NAME = "crib-fork"
STARTUP_TIMEOUT = 300.0  # s for the parent's imports (2-3 s alone; much more on a busy machine)
REPLY_TIMEOUT = 60.0  # s for the parent's answer to a request (a fork: milliseconds)


def fork_supported(platform: str = sys.platform) -> bool:
    """Whether kernels are forked here (see the module's docstring for why only Linux).

    >>> fork_supported("linux"), fork_supported("darwin"), fork_supported("win32")
    (True, False, False)
    """
    return platform.startswith("linux") and hasattr(os, "fork")


def kernel_args(cmd: list[str], python: str = sys.executable) -> list[str] | None:
    """The ipykernel arguments of a kernel command run by this interpreter, else None.

    >>> kernel_args(["/py", "-m", "ipykernel_launcher", "-f", "k.json"], "/py")
    ['-f', 'k.json']
    >>> kernel_args(["/other/python", "-m", "ipykernel_launcher", "-f", "k.json"], "/py")
    >>> kernel_args(["/py", "-m", "other_kernel", "-f", "k.json"], "/py")
    """
    if len(cmd) < 3 or cmd[1:3] not in (["-m", "ipykernel_launcher"], ["-m", "ipykernel"]):
        return None
    exe = shutil.which(cmd[0]) or cmd[0]
    # not resolved: a venv's python is a link to the base one, whose packages differ
    if os.path.abspath(exe) != os.path.abspath(python):
        return None
    return cmd[3:]


def _fd(stream: Any, default: int) -> int | None:
    """A Popen-style stdout/stderr argument as a file descriptor (None: a pipe, not ours)."""
    if stream is None:
        return default
    if isinstance(stream, int):
        return stream if stream >= 0 else None
    try:
        return int(stream.fileno())
    except (AttributeError, OSError, ValueError):
        return None


NO_PARENT_ARGS = ("--no-fork", "-h", "--help", "--help-voila")  # see start_early


class ForkServer:
    """The warm parent of this server's kernels: started once, restarted if it died."""

    _instance: ForkServer | None = None

    def __init__(self) -> None:
        self.dir = tempfile.mkdtemp(prefix="crib-fork-")  # mode 0700: this user's only
        self.path = os.path.join(self.dir, "s")
        self.proc: subprocess.Popen | None = None
        self.starts = 0
        self._starting = False
        atexit.register(shutil.rmtree, self.dir, ignore_errors=True)

    @classmethod
    def instance(cls) -> ForkServer:
        if cls._instance is None:
            cls._instance = cls()
        return cls._instance

    def start(self) -> None:
        """Start the parent (not waiting for it to be warm)."""
        if self.proc is not None and self.proc.poll() is None:
            return
        Path(self.path).unlink(missing_ok=True)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "crib.tools.fork_server", self.path, "." * ROOM],
            stdin=subprocess.PIPE,  # its end of file: this server is gone
            close_fds=True,
        )
        self.starts += 1

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def _connectable(self) -> bool:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            try:
                s.connect(self.path)
            except OSError:
                return False
        return True

    async def ready(self) -> bool:
        """Wait until the parent listens (starting it if needed); False if it cannot."""
        while self._starting:  # another request is starting it
            await asyncio.sleep(0.05)
        if self.proc is not None and self.proc.poll() is None and self._connectable():
            return True
        self._starting = True
        try:
            self.start()
            t0 = time.monotonic()
            while time.monotonic() - t0 < STARTUP_TIMEOUT:
                if self.proc is None or self.proc.poll() is not None:
                    return False
                if self._connectable():
                    return True
                await asyncio.sleep(0.05)
            return False
        finally:
            self._starting = False

    async def fork(self, request: dict, fds: list[int]) -> tuple[int, socket.socket, bytes] | None:
        """Ask for one kernel: (its pid, the connection its exit will come on, what came
        after the pid on it), or None if the parent is gone (or never started)."""
        if not await self.ready():
            return None
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            conn.connect(self.path)
            data = json.dumps(request).encode()
            socket.send_fds(conn, [LEN.pack(len(data)) + data], fds)
            conn.setblocking(False)
            loop = asyncio.get_running_loop()
            reply = b""
            t0 = time.monotonic()
            while b"\n" not in reply:
                chunk = await asyncio.wait_for(loop.sock_recv(conn, 4096), REPLY_TIMEOUT)
                if not chunk or time.monotonic() - t0 > REPLY_TIMEOUT:
                    raise ConnectionError("the fork server closed the request")
                reply += chunk
            first, rest = reply.split(b"\n", 1)
            return int(json.loads(first)["pid"]), conn, rest
        except (TimeoutError, OSError, ValueError, KeyError):
            conn.close()
            return None


class Forked:
    """A forked kernel seen from the server: its pid, and how to know it has ended."""

    def __init__(self, pid: int, conn: socket.socket, buf: bytes = b"") -> None:
        self.pid, self.conn, self.buf = pid, conn, buf  # buf: what came after the pid
        conn.setblocking(False)
        self.code: int | None = None
        self.parent_gone = False
        try:
            self.pidfd: int | None = os.pidfd_open(pid)
        except (AttributeError, OSError):
            self.pidfd = None

    def _read_report(self) -> None:
        """Read what the parent sent, without waiting: the exit, or its end (it is gone)."""
        while not (self.parent_gone or self.code is not None):
            try:
                data = self.conn.recv(4096)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                data = b""
            self.buf += data
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                if line.startswith(b'{"exit"'):
                    self.code = int(json.loads(line)["exit"])
            if not data:
                self.parent_gone = True

    def _alive(self) -> bool:
        if self.pidfd is not None:
            # poll, not select: a busy server's descriptors pass select's limit (FD_SETSIZE,
            # 1024), where select raises "filedescriptor out of range" at every check of the
            # kernel (a clean clone's CI: a page then got a kernel whose widgets never came)
            waiting = select.poll()
            waiting.register(self.pidfd, select.POLLIN)
            return not waiting.poll(0)
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True

    def running(self) -> bool:
        """Whether the kernel still runs (not waiting)."""
        self._read_report()
        return self.code is None and self._alive()

    async def status(self) -> int | None:
        """None while the kernel runs, else its exit code (-1 if nobody reported it)."""
        if self.running():
            return None
        for _ in range(50):  # dead: its parent reaps it and reports within moments
            if self.code is not None or self.parent_gone:
                break
            await asyncio.sleep(0.1)
            self._read_report()
        return self.code if self.code is not None else -1

    def close(self) -> None:
        self.conn.close()
        if self.pidfd is not None:
            os.close(self.pidfd)
            self.pidfd = None


class ForkProvisioner(LocalProvisioner):  # type: ignore[misc]
    """A kernel forked from the warm parent; the normal launch where that cannot be."""

    forked: Forked | None = None

    @property
    def has_process(self) -> bool:
        return self.forked is not None or super().has_process

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        self._drop_forked()
        args = kernel_args(cmd)
        out, err = _fd(kwargs.get("stdout"), 1), _fd(kwargs.get("stderr"), 2)
        if not fork_supported() or args is None or out is None or err is None:
            return await super().launch_kernel(cmd, **kwargs)
        env = dict(kwargs.get("env") or os.environ)
        env.pop("JPY_PARENT_PID", None)  # the child watches server_pid itself
        request = {
            "argv": args,
            "env": env,
            "cwd": str(kwargs.get("cwd") or os.getcwd()),
            "server_pid": os.getpid(),
        }
        server = ForkServer.instance()
        got = await server.fork(request, [out, err])
        if got is None:  # the parent died meanwhile: once more, with a new one
            got = await server.fork(request, [out, err])
        if got is None:
            self.log.warning("crib: the fork server is not available; launching the kernel")
            return await super().launch_kernel(cmd, **kwargs)
        self.forked = Forked(*got)
        self.pid = self.pgid = self.forked.pid  # os.setsid in the child: its own group
        self.cwd = request["cwd"]
        return self.connection_info

    def _drop_forked(self) -> None:
        if self.forked is not None:
            self.forked.close()
            self.forked = None

    async def poll(self) -> int | None:
        if self.forked is None:
            return await super().poll()
        return await self.forked.status()

    async def wait(self) -> int | None:
        if self.forked is None:
            return await super().wait()
        while (code := await self.forked.status()) is None:
            await asyncio.sleep(0.1)
        self._drop_forked()
        return code

    async def send_signal(self, signum: int) -> None:
        if self.forked is None:
            return await super().send_signal(signum)
        if not self.forked.running():
            return None
        try:
            os.killpg(self.forked.pid, signum)
        except OSError:
            os.kill(self.forked.pid, signum)
        return None

    async def kill(self, restart: bool = False) -> None:
        if self.forked is None:
            return await super().kill(restart)
        with contextlib.suppress(ProcessLookupError):
            await self.send_signal(signal.SIGKILL)
        return None

    async def terminate(self, restart: bool = False) -> None:
        if self.forked is None:
            return await super().terminate(restart)
        with contextlib.suppress(ProcessLookupError):
            await self.send_signal(signal.SIGTERM)
        return None

    async def cleanup(self, restart: bool = False) -> None:
        if not restart:
            self._drop_forked()
        await super().cleanup(restart)


def start_early(argv: list[str]) -> bool:
    """Start the warm parent before the server's own imports (Voila's, about 1 CPU-s), so
    that the two run at once: :func:`enable` then finds it started.  Not when the server
    will not fork (``--no-fork``, or where :func:`fork_supported` is False) or only prints
    its help.  Returns whether it started it."""
    if not fork_supported() or any(a in NO_PARENT_ARGS for a in argv):
        return False
    ForkServer.instance().start()
    return True


def register() -> None:
    """Make ``crib-fork`` known to jupyter_client in this process even where the package's
    entry points are not installed (a source checkout on ``PYTHONPATH``)."""
    ep = EntryPoint(NAME, f"{__name__}:ForkProvisioner", KernelProvisionerFactory.GROUP_NAME)
    KernelProvisionerFactory.provisioners.setdefault(NAME, ep)


def enable(cfg: Any) -> None:
    """Select the forking provisioner in a jupyter app's config, and warm the parent now
    (its imports run while the server starts)."""
    register()
    cfg.KernelProvisionerFactory.default_provisioner_name = NAME
    if fork_supported():
        ForkServer.instance().start()
