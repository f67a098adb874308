from __future__ import annotations

import csv
import os
import re
from pathlib import Path

import pytest

# the store tests' PostgreSQL server and their two databases (tests/pg.py)
from tests.pg import db_target, pg_empty_url, pg_server, pg_url  # noqa: F401

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session", autouse=True)
def _warm_pegging_kernels() -> None:
    """Compile (or load from the disk cache) the numba pegging kernels once, up front."""
    from crib.analysis.play import jit

    jit.warm()


@pytest.fixture()
def store(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A fresh classroom record (SQLite) in the test's tmp dir."""
    from crib.store.classroom import Store

    return Store(tmp_path / "class.sqlite3")


def csv_of_link(link_html: str) -> str:
    """The CSV inside a download link (``csv_link_html``: a base64 data URL)."""
    import base64
    import re

    m = re.search(r"base64,([A-Za-z0-9+/=]+)", link_html)
    assert m, link_html
    return base64.b64decode(m.group(1)).decode()


@pytest.fixture(scope="session")
def published_hand_distribution() -> dict[int, int]:
    """Lumetta, "Amusing Cribbage Facts" (also Wikipedia, "Cribbage statistics")."""
    path = ROOT / "data" / "hand_score_distribution_published.csv"
    with path.open() as f:
        lines = [ln for ln in f if not ln.startswith("#")]
    return {int(r["score"]): int(r["hands"]) for r in csv.DictReader(lines)}


def pytest_configure(config: pytest.Config) -> None:
    """Under ``pytest -n`` (``make test``), the controller starts the browser tests' one
    Voila server before the workers exist (they inherit its address: tests/browser/server.py),
    so its kernel pools warm up while the workers collect and start."""
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", None):
        return
    _CONTROLLER.append(config)
    from tests.browser import server

    if not Path("/usr/bin/chromium").exists() or not server.wanted(
        config.args, config.getini("testpaths")
    ):
        return
    srv = server.start()
    os.environ[server.ENV] = srv.to_env()
    config.stash[_VOILA] = srv


def pytest_unconfigure(config: pytest.Config) -> None:
    srv = config.stash.get(_VOILA, None)
    if srv is not None:
        srv.stop()


_VOILA: pytest.StashKey = pytest.StashKey()
_CONTROLLER: list[pytest.Config] = []
_BUSY: dict[str, float] = {}  # worker seconds per file (setup, call and teardown)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Under ``pytest -n``: each file's worker seconds, longest first, to
    tests/artifacts/busy.json (what :data:`LONG` is read from)."""
    if _CONTROLLER and _BUSY:
        import json

        out = ROOT / "tests" / "artifacts" / "busy.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        ranked = sorted(_BUSY.items(), key=lambda kv: -kv[1])
        out.write_text(json.dumps({k: round(v, 1) for k, v in ranked}, indent=1) + "\n")


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Under ``pytest -n``, a failure is printed as it arrives, not only in the summary at
    the end: a CI run that is stopped before its end (a time limit) still shows which test
    failed and why."""
    if not _CONTROLLER:
        return
    path = report.nodeid.split("::", 1)[0]
    _BUSY[path] = _BUSY.get(path, 0.0) + report.duration
    if not report.failed:
        return
    tr = _CONTROLLER[0].pluginmanager.get_plugin("terminalreporter")
    if tr is None:
        return
    lines = report.longreprtext.strip().splitlines()
    # where in our code (a hang's deepest frames are in a library), then the error itself
    ours = [ln for ln in lines[:-25] if re.match(r"(tests|crib|dashboards)/\S+:\d+:", ln)]
    tr.write_line("")
    tr.write_line(
        f"FAILED ({report.when}, {report.duration:.1f} s) {report.nodeid}", red=True, bold=True
    )
    for line in ours[-8:] + ["..."] * bool(ours) + lines[-25:]:
        tr.write_line("    " + line[:300])


# what each long test file takes in worker seconds (tests/artifacts/busy.json of a make test
# run, rounded): the longest are sent first, so the two workers end together (longest
# processing time first); the end-to-end files run in make test-slow, without workers
LONG = {
    "tests/browser/test_devices.py": 200,
    "tests/browser/test_dashboards.py": 80,
    "tests/browser/test_keyboard.py": 70,
    "tests/browser/test_classroom.py": 70,
    "tests/browser/test_play.py": 65,
    "tests/browser/test_learner.py": 50,
    "tests/browser/test_class_tables.py": 40,
    "tests/browser/test_learn.py": 30,
    "tests/browser/test_french_play.py": 20,
    "tests/test_play_jit.py": 40,
    "tests/test_ui_apps.py": 35,
    "tests/test_printables.py": 30,
    "tests/test_access_leftovers.py": 30,
}
# files whose tests share a module fixture that starts servers of their own (a Voila, a
# school with nginx): one scope each, so the fixture runs once
OWN_SERVER = {
    "tests/browser/test_duel.py",
    "tests/browser/test_room.py",
    "tests/test_school.py",
    "tests/test_room_safety.py",
}


def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """How ``make test`` shares the suite between its two workers (``-n 2``).

    * Every test is a unit of its own, sent to whichever worker is free, but for the
      two below.  The browser tests share one Voila server (started by the controller,
      :func:`pytest_configure`), so both workers run them.
    * The tests with servers of their own (the classmate game, the class room's guard,
      the school behind nginx) stay together: their module fixture starts them once.
    * A notebook's cells stay together in one worker: nbval runs them in order, in one
      kernel.
    * The long files go first (:data:`LONG`), the browser tests before the rest.

    Measured on clean clones (2 cores): this way, 1,152.6 s of pytest; with the browser
    tests in one worker and the files with servers of their own first on the other,
    1,507.9 s.

    (pytest-xdist's ``xdist_group`` marks would say the same, but its ``loadgroup``
    renames node ids, which pytest 9 no longer allows; a scheduler's scopes do not.)
    """
    from xdist.scheduler import LoadScopeScheduling

    def weight(scope: str) -> float:
        path = scope.split("::", 1)[0]
        return LONG.get(path, 0) + (1 if path.startswith("tests/browser/") else 0)

    class Groups(LoadScopeScheduling):
        ordered = False

        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            if path in OWN_SERVER or path.endswith(".ipynb"):
                return path
            return nodeid

        def _assign_work_unit(self, node: object) -> None:
            if not self.ordered:  # once, before the first unit goes out: longest first
                self.ordered = True
                units = sorted(self.workqueue.items(), key=lambda kv: -weight(kv[0]))
                self.workqueue.clear()
                self.workqueue.update(units)
            super()._assign_work_unit(node)  # type: ignore[arg-type]

    return Groups(config, log)  # type: ignore[arg-type]
