from __future__ import annotations

import csv
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
    from crib.teach.store import Store

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



def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """How ``make test`` shares the suite between its two workers (``-n 2``).

    * The real-browser tests (``tests/browser/``) run in one worker, one after another:
      they share one Voila server, and two servers with their kernels and chromiums
      would fight over the 2 cores.  The two that start a server of their own (the
      classmate game, the class room's guard) are scopes of their own, for whichever
      worker is free: the browser worker is the longest.
    * A notebook's cells stay together in one worker: nbval runs them in order, in one
      kernel.
    * Every other test is a unit of its own, sent to whichever worker is free.

    (pytest-xdist's ``xdist_group`` marks would say the same, but its ``loadgroup``
    renames node ids, which pytest 9 no longer allows; a scheduler's scopes do not.)
    """
    from xdist.scheduler import LoadScopeScheduling

    # these start their own Voila (not the shared one), so the other worker can run them
    OWN_SERVER = {"tests/browser/test_duel.py", "tests/browser/test_room.py"}

    class Groups(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            if path in OWN_SERVER:  # a browser test with a server of its own: beside the others
                return path
            if path.startswith("tests/browser/"):
                return "browser"
            return path if path.endswith(".ipynb") else nodeid

    return Groups(config, log)  # type: ignore[arg-type]
