"""Page kernels forked from a warm parent (crib.tools.fork_kernels, issue 41): each kernel is
started with jupyter_client's KernelManager and the provisioner, as a server starts it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from jupyter_client import KernelManager

from crib.tools.fork_kernels import ForkProvisioner, ForkServer, fork_supported

pytestmark = pytest.mark.skipif(not fork_supported(), reason="kernels are forked on Linux only")


def start_kernel() -> KernelManager:
    km = KernelManager(kernel_name="python3")
    km.kernel_id = str(uuid.uuid4())
    km.provisioner = ForkProvisioner(kernel_id=km.kernel_id, kernel_spec=km.kernel_spec, parent=km)
    km.start_kernel()
    assert km.provisioner.forked is not None  # forked, not launched
    return km


def run(km: KernelManager, code: str, timeout: float = 60) -> tuple[str, dict]:
    """Run code in the kernel: (its stdout, the execute reply's content)."""
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=timeout)
        out: list[str] = []

        def hook(msg: dict) -> None:
            if msg["msg_type"] == "stream" and msg["content"]["name"] == "stdout":
                out.append(msg["content"]["text"])

        reply = kc.execute_interactive(code, output_hook=hook, timeout=timeout)
        return "".join(out), reply["content"]
    finally:
        kc.stop_channels()


def wait_dead(km: KernelManager, seconds: float = 20) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not km.is_alive():
            return True
        time.sleep(0.1)
    return False


@pytest.fixture(scope="module")
def two() -> Iterator[tuple[KernelManager, KernelManager]]:
    kms = (start_kernel(), start_kernel())
    yield kms
    for km in kms:
        if km.is_alive():
            km.shutdown_kernel(now=True)


def test_forked_kernels_run_code_and_share_nothing(two: tuple[KernelManager, ...]) -> None:
    a, b = two
    parent = ForkServer.instance().proc
    assert parent is not None
    out_a, _ = run(
        a,
        "import os; secret = 41\n"
        "print(os.getppid(), os.getpid(), os.getpgid(0), os.readlink('/proc/self/fd/0'))",
    )
    ppid, pid, pgid = map(int, out_a.split()[:3])
    assert out_a.split()[3] == os.devnull  # its stdin, as a launched kernel's is closed
    assert ppid == parent.pid and pid == pgid == a.provisioner.pid  # its own session
    # ps shows it as the kernel it replaces, with the connection file jupyter_client wrote
    argv = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
    assert argv[1:5] == ["-m", "ipykernel_launcher", "-f", a.connection_file]
    look = "import sys; print('secret' in globals(), 'crib.ui.trainer.page' in sys.modules)"
    out_b, _ = run(b, look)
    assert out_b.split() == ["False", "True"]  # a classmate's global is not here; crib is
    draw = (
        "import random, numpy; from crib.session.model import fresh_seed\n"
        "print(random.random(), numpy.random.random(), [fresh_seed() for _ in range(3)])"
    )
    one, other = run(a, draw)[0].split(" ", 2), run(b, draw)[0].split(" ", 2)
    # each deals its own games: every generator differs (a fork copies numpy's global state)
    assert all(x != y for x, y in zip(one, other, strict=True)), (one, other)


def test_a_forked_kernels_start_read_the_parents_modules_from_its_snapshot(
    two: tuple[KernelManager, ...],
) -> None:
    """The kernel's list of module files (its debugger's) and its set of module names
    (``%reset --aggressive``'s) are what reading ``sys.modules`` gives, though its start
    read the parent's part from a packed copy (crib.tools.fork_modules); and ``sys`` is
    itself again in both readers."""
    look = (
        "import sys, ipykernel.ipkernel as a, IPython.core.shellapp as b\n"
        "ip = get_ipython(); files = ip.kernel._kernel_modules; keys = ip._sys_modules_keys\n"
        "have = {m.__file__ for n, m in dict(sys.modules).items()"
        " if n in keys and getattr(m, '__file__', None)}\n"
        "print(a.sys is sys, b.sys is sys, all(type(f) is str for f in files),"
        " len(files) > 1000, set(files) <= have, len(have - set(files)),"
        " keys <= set(sys.modules), sys.modules['crib.ui.puzzles.page'].__file__ in files,"
        " a.__file__ in files, 'ipykernel.heartbeat' in keys, len(keys) > 1000)"
    )
    out = run(two[0], look)[0].split()
    assert out[:5] == ["True"] * 5 and out[6:] == ["True"] * 5, out
    assert int(out[5]) < 20  # modules imported between the two reads, in the kernel's start


def test_widgets_and_their_comms(two: tuple[KernelManager, ...]) -> None:
    km = two[0]
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=60)
        opened: list[dict] = []
        kc.execute_interactive(
            "import ipywidgets as w; s = w.IntSlider(3); display(s)",
            output_hook=lambda m: opened.append(m) if m["msg_type"] == "comm_open" else None,
            timeout=60,
        )
        comm = next(m["content"] for m in opened if m["content"]["data"]["state"].get("value") == 3)
        assert comm["target_name"] == "jupyter.widget"
        # the page's side: a value changed in the browser reaches the kernel's widget
        msg = kc.session.msg(
            "comm_msg",
            {"comm_id": comm["comm_id"], "data": {"method": "update", "state": {"value": 7}}},
        )
        kc.shell_channel.send(msg)
        out: list[str] = []
        kc.execute_interactive(
            "print(s.value)",
            output_hook=lambda m: (
                out.append(m["content"].get("text", "")) if m["msg_type"] == "stream" else None
            ),
            timeout=60,
        )
        assert "".join(out).strip() == "7"
        # the page's widget manager first asks the control target for every widget's state
        control = {"comm_id": "control", "target_name": "jupyter.widget.control", "data": {}}
        from ipywidgets._version import __control_protocol_version__ as version

        opening = kc.session.msg("comm_open", control, metadata={"version": version})
        kc.shell_channel.send(opening)
        ask = {"comm_id": "control", "data": {"method": "request_states"}}
        kc.shell_channel.send(kc.session.msg("comm_msg", ask))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            msg = kc.get_iopub_msg(timeout=60)
            if msg["msg_type"] == "comm_msg" and msg["content"]["comm_id"] == "control":
                assert msg["content"]["data"]["method"] == "update_states"
                assert comm["comm_id"] in msg["content"]["data"]["states"]
                break
        else:
            raise AssertionError("no answer from jupyter.widget.control")
    finally:
        kc.stop_channels()


def test_interrupt_restart_and_shutdown() -> None:
    km = start_kernel()
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=60)
        msg_id = kc.execute("import time; time.sleep(120)")
        time.sleep(0.5)
        km.interrupt_kernel()
        reply = kc.get_shell_msg(timeout=60)
        assert reply["parent_header"]["msg_id"] == msg_id
        assert reply["content"]["status"] == "error"
        assert reply["content"]["ename"] == "KeyboardInterrupt"
    finally:
        kc.stop_channels()
    first = km.provisioner.pid
    km.restart_kernel()  # a new child, from the same parent
    assert run(km, "print('again')")[0].strip() == "again"
    pid = km.provisioner.pid
    assert pid != first
    with pytest.raises(ProcessLookupError):
        os.kill(first, 0)
    km.shutdown_kernel()
    assert not km.is_alive()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # gone, and reaped by its parent


def test_kill_9_leaves_the_parent_and_the_others(two: tuple[KernelManager, ...]) -> None:
    victim = start_kernel()
    run(victim, "x = 1")
    os.kill(victim.provisioner.pid, signal.SIGKILL)
    assert wait_dead(victim)
    assert victim.provisioner.forked is not None
    assert victim.provisioner.forked.code == -signal.SIGKILL  # reported by the parent
    victim.cleanup_resources()
    parent = ForkServer.instance().proc
    assert parent is not None and parent.poll() is None
    assert run(two[1], "print(6 * 7)")[0].strip() == "42"
    later = start_kernel()  # and the parent still forks
    try:
        assert run(later, "print('ok')")[0].strip() == "ok"
    finally:
        later.shutdown_kernel(now=True)


def test_parent_killed_is_restarted(two: tuple[KernelManager, ...]) -> None:
    server = ForkServer.instance()
    assert server.proc is not None
    old, starts = server.proc.pid, server.starts
    server.proc.kill()
    server.proc.wait()
    km = start_kernel()  # asked for while no parent runs: a new one serves it
    try:
        assert server.starts == starts + 1 and server.proc is not None
        assert server.proc.pid != old
        assert run(km, "print('served')")[0].strip() == "served"
        assert run(two[0], "print('alive')")[0].strip() == "alive"  # the old parent's child
    finally:
        km.shutdown_kernel(now=True)


def test_a_forked_kernel_is_set_up_as_a_launched_one(
    two: tuple[KernelManager, ...], tmp_path: Path
) -> None:
    """What the parent's own start left behind is undone in the child: its folder on the
    path (a ``random.py`` there would shadow the module), Python's SIGPIPE setting,
    pandas' idea that it prints to a terminal (a table cut to fit one: nbval of
    notebooks/03_the_discard.ipynb), the launcher's file as sys.argv[0]."""
    look = (
        "import sys, signal, pandas\n"
        "print(repr((sys.path, sys.argv[0], int(signal.getsignal(signal.SIGPIPE)),"
        " pandas.get_option('display.max_columns'))))"
    )
    launched = KernelManager(kernel_name="python3")
    launched.start_kernel(cwd=str(tmp_path))
    try:
        want = run(launched, look)[0]
    finally:
        launched.shutdown_kernel(now=True)
    assert run(two[0], look)[0] == want
    assert "20)" in want and str(int(signal.SIG_IGN)) in want


def test_crib_serve_starts_the_warm_parent_before_its_own_imports(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``crib serve`` and ``python -m crib.tools.serve`` start the parent first (it then
    imports while Voila does), unless the server will not fork or only prints its help."""
    from crib.tools import cli, fork_kernels

    started: list[str] = []

    class Parent:
        def start(self) -> None:
            started.append("parent")

    monkeypatch.setattr(fork_kernels.ForkServer, "instance", classmethod(lambda cls: Parent()))
    for argv, want in (
        (["dashboards", "--class-size=30"], True),
        (["--no-fork"], False),
        (["--help"], False),
        (["-h"], False),
        (["--help-voila"], False),
    ):
        started.clear()
        assert fork_kernels.start_early(argv) is want and started == ["parent"] * want, argv
    monkeypatch.setattr(fork_kernels, "fork_supported", lambda: False)
    assert not fork_kernels.start_early(["dashboards"])
    started.clear()
    monkeypatch.setattr(fork_kernels, "fork_supported", lambda: True)
    assert cli.main(["serve", "--help"]) == 0 and started == []  # the help: no parent
    # `python -m crib.tools.serve`: before the module's first import of Voila
    src = Path(fork_kernels.__file__).with_name("serve.py").read_text()
    assert src.index("start_early(sys.argv[1:])") < src.index("from voila.app import Voila")


def test_crib_serve_forks_unless_told_not_to(monkeypatch: pytest.MonkeyPatch) -> None:
    from crib.tools import serve

    configs: list = []
    monkeypatch.setattr(
        serve.CribVoila, "launch_instance", lambda argv, config: configs.append(config)
    )
    monkeypatch.setattr(serve.fork_kernels.ForkServer, "start", lambda self: None)
    for name in ("room", "link_host", "school", "class_size"):  # main() sets them: put back
        monkeypatch.setattr(serve.CribVoila, name, getattr(serve.CribVoila, name))
    for argv in (["pages"], ["pages", "--class"], ["pages", "--no-fork"]):
        serve.main([*argv, "--port=1"])
    forked = [c.KernelProvisionerFactory.get("default_provisioner_name") for c in configs]
    assert forked == ["crib-fork", "crib-fork", None]


# an end-to-end run with a server of its own: make test-slow runs it
@pytest.mark.slow
def test_crib_serve_no_fork_launches_kernels_as_jupyter_does(tmp_path: Path) -> None:
    """``crib serve`` forks by default; ``--no-fork`` is the normal launch: the page's
    kernel is the server's own child, and no warm parent is started."""
    import nbformat

    from crib.tools.school import stop_process
    from tests.browser.server import free_port, http_request, kernel_parents

    pages = tmp_path / "pages"
    pages.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.cells = [nbformat.v4.new_code_cell("import os; print(f'kernel parent {os.getppid()}')")]
    nbformat.write(nb, pages / "index.ipynb")
    port, log = free_port(), tmp_path / "voila.log"
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "CRIB_DB": str(tmp_path / "c.sqlite3"), "PYTHONPATH": str(root)}
    cmd = [sys.executable, "-m", "crib.tools.serve", str(pages), f"--port={port}", "--no-fork"]
    with log.open("w") as f:
        proc = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=root, env=env)
    try:
        deadline = time.monotonic() + 120
        while "is filled with" not in log.read_text():
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.2)
        status, _headers, body = http_request(port, "/voila/render/index.ipynb")
        assert status == 200
        assert f"kernel parent {proc.pid}" in body  # launched by the server itself
        assert kernel_parents(proc.pid) == {proc.pid}  # no warm parent
    finally:
        stop_process(proc, 20)


def test_the_warm_parent_imports_every_page_module() -> None:
    """A page module the parent does not import is imported again, privately, by each of
    that page's kernels (the puzzles page was so, once it was added): every module a
    dashboard imports is in WARM_MODULES."""
    import ast
    import json

    from crib.datafiles import PAGES_DIR
    from crib.tools.fork_server import WARM_MODULES

    pages = sorted(Path(PAGES_DIR).glob("*.ipynb"))
    assert len(pages) >= 10
    for page in pages:
        cells = json.loads(page.read_text())["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        tree = ast.parse("\n".join(ln for ln in code.splitlines() if not ln.startswith("%")))
        modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert modules, page.name
        missing = sorted(m for m in modules if m and m not in WARM_MODULES)
        assert not missing, f"{page.name} imports {missing}, which the warm parent does not"


def test_crib_serve_migrates_the_record_before_the_kernels_open_it(tmp_path: Path) -> None:
    """``start_upgrade`` (called as crib serve starts) leaves a new record at the newest
    revision, so no page kernel needs Alembic."""
    from crib.store import db
    from crib.store.migrate import start_upgrade, version
    from crib.store.schema import SCHEMA_VERSION

    target = tmp_path / "record.sqlite3"
    assert start_upgrade(target).wait(timeout=120) == 0
    dialect, conn = db.connect(target)
    assert version(dialect, conn) == SCHEMA_VERSION
    conn.close()
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database, " * 100)
    assert start_upgrade(junk).wait(timeout=120) == 1  # said on stderr; the server goes on


def test_the_newest_revision_read_from_the_files_is_alembics_head() -> None:
    from crib.store.migrate import head, newest
    from crib.store.schema import SCHEMA_VERSION

    assert newest() == head() == SCHEMA_VERSION


def test_a_kernel_is_seen_alive_or_ended_whatever_its_descriptors_number() -> None:
    """A server with many kernels and pages holds over 1,024 descriptors; select() refuses
    those ("filedescriptor out of range"), and jupyter_client's restarter then failed at
    every check of every kernel.  A kernel's pidfd at 1500 is read as well as a low one."""
    import resource
    import socket

    from crib.tools.fork_kernels import Forked

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 2048:
        pytest.skip(f"this machine allows {hard} descriptors per process")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 2048), hard))
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    ours, theirs = socket.socketpair()
    kernel = Forked(proc.pid, ours)
    try:
        assert kernel.pidfd is not None
        high = os.dup2(kernel.pidfd, 1500)
        os.close(kernel.pidfd)
        kernel.pidfd = high
        assert kernel.running()
        proc.kill()
        proc.wait()
        assert not kernel.running()
    finally:
        kernel.close()
        theirs.close()
        if proc.poll() is None:
            proc.kill()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
