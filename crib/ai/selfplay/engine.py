"""The batch runner: chunks of seeds on a process pool or Dask, resumable.

A run is (experiment, master seed, number of items, chunk size, params).  It
is split into chunks of ``chunk`` consecutive item numbers; each chunk runs
on the executor and the parent writes its arrays atomically (a temporary file,
then ``os.replace``) to ``results/chunk_000000100-000000200.npz`` (named by its
items).  Started again with the same command, a run skips every chunk already
on disk, so a killed run loses at most the chunks in flight; started with a
larger (or smaller) ``n``, it reuses every whole chunk it has.  The merged
result sums (or stacks) the chunks in chunk order, read back from disk, so it
is byte-identical whatever the executor, the number of workers, the order of
completion or the number of restarts.

Executors: ``"serial"`` (this process), ``"process"`` (a local
``ProcessPoolExecutor``, the default, on all cores), ``"dask"`` (a
``dask.distributed`` client: ``scheduler=`` an address such as
``"tcp://host:8786"`` for a cluster, or ``None`` for a ``LocalCluster`` of
``workers`` processes), or any ``concurrent.futures.Executor`` /
``distributed.Client`` object passed in.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from crib.ai.selfplay.experiments import CONCAT, EXPERIMENTS
from crib.errors import CribError

__all__ = ["RunSpec", "RunResult", "run", "merge_chunks", "default_workers"]


def default_workers() -> int:
    """All cores of this machine."""
    return max(1, os.cpu_count() or 1)


@dataclass(frozen=True)
class RunSpec:
    """What a run computes; its JSON is the results folder's manifest."""

    experiment: str
    n: int
    seed: int
    chunk: int = 100
    params: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.experiment not in EXPERIMENTS:
            raise CribError(
                f"unknown experiment {self.experiment!r}: expected one of {', '.join(EXPERIMENTS)}"
            )
        if self.n < 1 or self.chunk < 1:
            raise CribError(f"n and chunk must be >= 1, got n={self.n}, chunk={self.chunk}")

    @property
    def n_chunks(self) -> int:
        return -(-self.n // self.chunk)

    def bounds(self, k: int) -> tuple[int, int]:
        return k * self.chunk, min(self.n, (k + 1) * self.chunk)

    def manifest(self) -> dict:
        """What must match to resume; ``n`` may grow or shrink (chunks are named by their items)."""
        return {
            "experiment": self.experiment,
            "seed": self.seed,
            "chunk": self.chunk,
            "params": self.params,
        }


@dataclass
class RunResult:
    spec: RunSpec
    arrays: dict[str, np.ndarray]
    seconds: float
    chunks_run: int
    chunks_resumed: int
    executor: str


def _chunk_path(folder: Path, spec: RunSpec, k: int) -> Path:
    start, stop = spec.bounds(k)
    return folder / f"chunk_{start:09d}-{stop:09d}.npz"


def _write_atomic(path: Path, arrays: dict[str, np.ndarray]) -> None:
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".npz", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            np.savez(f, **arrays)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _work(experiment: str, seed: int, start: int, stop: int, params: dict) -> dict[str, np.ndarray]:
    return EXPERIMENTS[experiment](seed, start, stop, params)


def _task(args: tuple[int, str, int, int, int, dict]) -> tuple[int, dict[str, np.ndarray]]:
    k, experiment, seed, start, stop, params = args
    return k, _work(experiment, seed, start, stop, params)


def _prepare(folder: Path | None, spec: RunSpec) -> set[int]:
    """Check or write the manifest; the chunk numbers already done."""
    if folder is None:
        return set()
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob(".tmp-*"):
        stale.unlink(missing_ok=True)
    man = folder / "manifest.json"
    want = spec.manifest()
    if man.exists():
        have = json.loads(man.read_text())
        if have != want:
            raise CribError(
                f"{folder} holds a different run ({have}); use another folder or the same command"
            )
    else:
        tmp = folder / ".tmp-manifest.json"
        tmp.write_text(json.dumps(want, indent=1, sort_keys=True))
        os.replace(tmp, man)
    return {k for k in range(spec.n_chunks) if _chunk_path(folder, spec, k).exists()}


@contextmanager
def _executor(kind: Any, workers: int, scheduler: str | None) -> Iterator[tuple[str, Any]]:
    if not isinstance(kind, str):
        yield type(kind).__name__, kind
        return
    if kind == "serial":
        yield "serial", None
    elif kind == "process":
        with ProcessPoolExecutor(workers) as ex:
            yield f"process pool x{workers}", ex
    elif kind == "dask":
        from distributed import Client, LocalCluster

        if scheduler:
            with Client(scheduler) as client:
                yield f"dask {scheduler}", client
        else:
            with (
                LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=40,
                ) as cluster,
                Client(cluster) as client,
            ):
                yield f"dask LocalCluster x{workers}", client
    else:
        raise CribError(f"unknown executor {kind!r}: expected process, dask or serial")


def _completed(ex: Any, jobs: list[tuple]) -> Iterator[tuple[int, dict[str, np.ndarray]]]:
    """Finished (chunk, arrays) in completion order on any executor."""
    if ex is None:
        for j in jobs:
            yield _task(j)
        return
    if isinstance(ex, Executor):
        futs = [ex.submit(_task, j) for j in jobs]
        for f in as_completed(futs):
            yield f.result()
        return
    from distributed import as_completed as dask_completed

    futs = [ex.submit(_task, j, pure=False) for j in jobs]
    for f in dask_completed(futs):
        yield f.result()
        f.release()


def run(
    spec: RunSpec,
    results: str | os.PathLike | None = None,
    *,
    executor: Any = "process",
    workers: int | None = None,
    scheduler: str | None = None,
    quiet: bool = False,
    max_chunks: int | None = None,
) -> RunResult:
    """Run (or resume) ``spec``; returns the merged arrays.

    ``results``: the folder for finished chunks (``None``: keep them in memory
    only).  ``max_chunks`` stops after that many new chunks (for tests and
    for spreading a long run over several sittings).
    """
    from tqdm.auto import tqdm

    workers = workers or default_workers()
    folder = Path(results) if results is not None else None
    done = _prepare(folder, spec)
    todo = [k for k in range(spec.n_chunks) if k not in done]
    if max_chunks is not None:
        todo = todo[:max_chunks]
    memory: dict[int, dict[str, np.ndarray]] = {}
    t0 = time.perf_counter()
    bar = tqdm(
        total=spec.n,
        initial=sum(spec.bounds(k)[1] - spec.bounds(k)[0] for k in done),
        unit=" " + spec.experiment,
        desc=f"selfplay {spec.experiment}",
        disable=quiet,
        smoothing=0.1,
    )
    name = "none"
    try:
        if todo:
            jobs = [(k, spec.experiment, spec.seed, *spec.bounds(k), spec.params) for k in todo]
            with _executor(executor, workers, scheduler) as (name, ex):
                for k, arrays in _completed(ex, jobs):
                    if folder is not None:
                        _write_atomic(_chunk_path(folder, spec, k), arrays)
                    else:
                        memory[k] = arrays
                    lo, hi = spec.bounds(k)
                    bar.update(hi - lo)
    finally:
        bar.close()
    seconds = time.perf_counter() - t0
    if folder is not None:
        merged = merge_chunks(folder, spec) if len(done) + len(todo) == spec.n_chunks else {}
    else:
        merged = _merge([memory[k] for k in sorted(memory)])
    return RunResult(spec, merged, seconds, len(todo), len(done), name)


def _merge(parts: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    out: dict[str, np.ndarray] = {}
    stacks: dict[str, list[np.ndarray]] = {}
    for arrays in parts:
        for key, a in arrays.items():
            if key in CONCAT:
                stacks.setdefault(key, []).append(a)
            elif key not in out:
                out[key] = a.copy()
            else:
                out[key] = out[key] + a
    for key, lst in stacks.items():
        out[key] = np.concatenate(lst)
    return out


def merge_chunks(folder: str | os.PathLike, spec: RunSpec) -> dict[str, np.ndarray]:
    """Sum (or stack) every chunk of a finished run, in chunk order."""
    folder = Path(folder)
    parts = []
    for k in range(spec.n_chunks):
        p = _chunk_path(folder, spec, k)
        if not p.exists():
            raise CribError(
                f"{folder}: chunk {k} of {spec.n_chunks} is missing; run again to finish"
            )
        with np.load(p) as z:
            parts.append({key: z[key] for key in z.files})
    return _merge(parts)
