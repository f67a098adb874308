"""Two ladders on the same seeds, compared seed by seed (issue #42).

Run: .venv/bin/python bench/ladder_paired.py RESULTS/<ladder a> RESULTS/<ladder b>

Each argument is a folder of chunk files that ``bench/master_ladder.py --results`` keeps
(``<a>-vs-<b>-<seed>``), for two ladders against the same opponent from the same first
seed.  For each seed both ladders hold, the difference of b's wins (out of its two
games) and of b's points per game between the second ladder and the first: the mean
over seeds with a 95% interval (1.96 standard errors).  Pairing on the seed removes the
deals' share of the noise, so a difference shows up here long before the two ladders'
own intervals part.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np


def per_seed(folder: Path) -> tuple[np.ndarray, np.ndarray]:
    """Each seed's wins of b (0-2) and b's mean margin over its two games, in seed order."""
    files = sorted(folder.glob("chunk_*.npz"))
    if not files:
        raise SystemExit(f"no chunk files in {folder}")
    wins = np.concatenate([np.load(f)["ladder"][:, :2].sum(axis=1) for f in files])
    margin = np.concatenate([np.load(f)["margin"].mean(axis=1) for f in files])
    return wins, margin


def main(argv: list[str]) -> None:
    if len(argv) != 2:
        raise SystemExit(__doc__)
    (wa, ma), (wb, mb) = per_seed(Path(argv[0])), per_seed(Path(argv[1]))
    n = min(len(wa), len(wb))
    dw, dm = (wb[:n] - wa[:n]) / 2, mb[:n] - ma[:n]

    def half(x: np.ndarray) -> float:
        return float(1.96 * x.std(ddof=1) / np.sqrt(n))

    print(
        f"{n:,} seeds in both: win rate {dw.mean():+.4f} ± {half(dw):.4f}, "
        f"points per game {dm.mean():+.3f} ± {half(dm):.3f} (95%)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
