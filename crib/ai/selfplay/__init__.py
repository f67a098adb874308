"""Self-play at scale: one batch runner for every experiment, and the tables it measures.

* :mod:`~crib.ai.selfplay.engine`: chunks of seeds on a process pool or Dask,
  written atomically and resumable;
* :mod:`~crib.ai.selfplay.experiments`: what one chunk computes (seat cribs,
  pegging of given keeps, whole deals, duplicate ladder games, games from a
  position);
* :mod:`~crib.ai.selfplay.fastplay`: the Expert's decisions on ranks;
* :mod:`~crib.ai.selfplay.build`: the shipped tables from a finished run.
"""

from crib.ai.selfplay.engine import RunResult, RunSpec, default_workers, merge_chunks, run

__all__ = ["RunSpec", "RunResult", "run", "merge_chunks", "default_workers"]
