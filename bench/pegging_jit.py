"""The compiled minimax (crib.analysis.play.jit) v the pure-Python solver on the leads of
bench/pegging.py.

Run: .venv/bin/python bench/pegging_jit.py [--hands 30] [--policy-hands 3]

* the same 30 random 4-v-4 leads as ``bench/pegging.py`` (seed 2026);
* ``analyze_play(pos, UNIFORM)`` with the fast path and with the pure-Python
  solver, interleaved lead by lead in this one process (the machine is shared:
  both see the same noise), the results checked equal;
* cold compile: a fresh interpreter with an empty numba cache directory
  (``NUMBA_CACHE_DIR`` set to a new temporary directory: the project's own
  cache is left alone) imports crib.analysis.play.jit and calls ``warm()``;
* warm start: a fresh interpreter with that cache present imports crib and
  runs its first analysis;
* the policy models (pure Python: no compiled path yet) for reference.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _util import summary  # noqa: E402
from pegging import random_lead  # noqa: E402

from crib.analysis.models import UNIFORM, parse_model
from crib.analysis.play import analyze_play  # noqa: E402
from crib.analysis.play import jit as pegjit  # noqa: E402
from crib.rules.position import PeggingPosition  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

_COLD = """
import time
t = time.perf_counter()
import crib.analysis.play.jit as j
j.warm()
print(time.perf_counter() - t, time.process_time())
"""

_WARM_START = """
import time
t = time.perf_counter()
from crib.analysis.play import analyze_play
from crib.analysis.models import UNIFORM
analyze_play("hand 3H 7D 8S QC | starter 5S | discards JD KC | opp 4", UNIFORM)
print(time.perf_counter() - t, time.process_time())
"""


def _python(pos: PeggingPosition, model: str = "minimax"):  # type: ignore[no-untyped-def]
    """analyze_play on the pure-Python solver (the fast path switched off)."""
    orig = pegjit.available
    pegjit.available = lambda: False  # type: ignore[assignment]
    try:
        return analyze_play(pos, parse_model(model, "play"))
    finally:
        pegjit.available = orig  # type: ignore[assignment]


def _subprocess_seconds(code: str, cache_dir: str) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the whole process) of ``code`` in a fresh interpreter."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    )
    wall, cpu = out.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=30)
    ap.add_argument("--policy-hands", type=int, default=3)
    args = ap.parse_args()
    rng = random.Random(2026)  # the same leads as bench/pegging.py
    positions = [random_lead(rng) for _ in range(args.hands)]

    if not pegjit.available():
        sys.exit("numba is not usable here: nothing to compare")
    pegjit.warm()
    _python(positions[0])  # warm the Python solver's helper tables
    new_t, old_t, new_cpu, old_cpu = [], [], [], []
    for pos in positions:
        t, c = time.perf_counter(), time.thread_time()
        new = analyze_play(pos, UNIFORM)
        new_t.append(time.perf_counter() - t)
        new_cpu.append(time.thread_time() - c)
        t, c = time.perf_counter(), time.thread_time()
        old = _python(pos)
        old_t.append(time.perf_counter() - t)
        old_cpu.append(time.thread_time() - c)
        assert new == old, pos.to_text()
    nmed, np95 = summary(new_t)
    omed, op95 = summary(old_t)
    ncmed, ncp95 = summary(new_cpu)
    ocmed, ocp95 = summary(old_cpu)
    ratios = sorted(o / n for o, n in zip(old_t, new_t, strict=True))
    print(f"4-v-4 leads, analyze_play(minimax), {len(positions)} leads, 1 process, interleaved:")
    print(
        f"  compiled (crib.analysis.play.jit): median {nmed * 1e3:.1f} ms, "
        f"p95 {np95 * 1e3:.1f} ms, max {max(new_t) * 1e3:.1f} ms (CPU time of "
        f"this thread: median {ncmed * 1e3:.1f} ms, p95 {ncp95 * 1e3:.1f} ms)"
    )
    print(
        f"  pure Python:            median {omed * 1e3:.1f} ms, p95 {op95 * 1e3:.1f} ms "
        f"(CPU: median {ocmed * 1e3:.1f} ms, p95 {ocp95 * 1e3:.1f} ms)"
    )
    print(f"  load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(
        f"  speed-up: {omed / nmed:.1f}x on the medians, per lead median "
        f"{ratios[len(ratios) // 2]:.1f}x (equal analyses, checked: exact Fractions)"
    )

    with tempfile.TemporaryDirectory() as cache_dir:
        cold = _subprocess_seconds(_COLD, cache_dir)
        warm = [_subprocess_seconds(_WARM_START, cache_dir) for _ in range(3)]
    w_wall, w_cpu = sorted(warm)[1]
    print(
        f"cold compile (fresh process, empty numba cache: import + warm()): {cold[0]:.1f} s "
        f"(process CPU {cold[1]:.1f} s)"
    )
    print(
        f"warm start (fresh process, cache present: import + first 4-v-4 analysis): "
        f"median {w_wall:.2f} s of 3 (process CPU {w_cpu:.2f} s); "
        f"load average now {os.getloadavg()[0]:.1f}"
    )

    for model in ("policy:expert", "policy:hard"):
        ts = []
        for pos in positions[: args.policy_hands]:
            t = time.perf_counter()
            analyze_play(pos, parse_model(model, "play"))
            ts.append(time.perf_counter() - t)
        med, _ = summary(ts)
        print(f"{model} (pure Python, no compiled path): median {med:.2f} s over {len(ts)} leads")


if __name__ == "__main__":
    main()
