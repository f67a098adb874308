"""The pages that never analyze a play open without numba (issue #41, point 4).

The compiled pegging kernels (numba, about 90 MB and a second of CPU at import) are
imported at the first pegging analysis, not by ``import crib.analysis.play``: the home,
Learn, guide and teacher pages never load numba, and the trainer loads it at its first
pegging question.  Each page's code cells run in a fresh interpreter, as a kernel runs
them; the CPU-seconds each took are printed (``pytest -s``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OPEN = r"""
import json, sys, time
t = time.process_time()
g = {}
for c in json.load(open(sys.argv[1]))["cells"]:
    if c["cell_type"] == "code":
        exec("".join(c["source"]), g)
opened = "numba" in sys.modules
extra = sys.argv[2:]
if extra:  # the trainer: its first pegging question
    from crib.ui.trainer.app import TrainerApp
    app = TrainerApp(seed=4)
    app.kind.value = "count"
    before = "numba" in sys.modules
    app.kind.value = "peg"
    app.current.options
    print(json.dumps([opened, before, "numba" in sys.modules]))
else:
    print(json.dumps([opened, round(time.process_time() - t, 2), len(sys.modules)]))
"""


PAGES = ("index", "learn", "teacher")


@pytest.fixture(scope="module")
def opened() -> dict[str, list]:
    """Each page opened in its own interpreter, all at once (the trainer as "trainer")."""
    runs = {
        name: subprocess.Popen(
            [sys.executable, "-c", OPEN, str(ROOT / "dashboards" / f"{name}.ipynb"), *extra],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for name, extra in [(p, ()) for p in PAGES] + [("trainer", ("peg",))]
    }
    out = {}
    for name, run in runs.items():
        stdout, _ = run.communicate(timeout=300)
        assert run.returncode == 0, name
        out[name] = json.loads(stdout.strip().splitlines()[-1])
    return out


@pytest.mark.parametrize("page", PAGES)
def test_pages_that_never_analyze_open_without_numba(opened: dict, page: str) -> None:
    numba, cpu, modules = opened[page]
    print(f"{page}: {cpu} CPU-s, {modules} modules")
    assert numba is False


def test_the_trainer_loads_numba_at_its_first_pegging_question(opened: dict) -> None:
    assert opened["trainer"] == [False, False, True]
