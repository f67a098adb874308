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


def per_seed(folder: Path) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per chunk file: each seed's wins of b (0-2) and b's mean margin over its two
    games, in seed order."""
    files = sorted(folder.glob("chunk_*.npz"))
    if not files:
        raise SystemExit(f"no chunk files in {folder}")
    out = {}
    for f in files:
        z = np.load(f)
        out[f.name] = (z["ladder"][:, :2].sum(axis=1), z["margin"].mean(axis=1))
    return out


def main(argv: list[str]) -> None:
    if len(argv) != 2:
        raise SystemExit(__doc__)
    a, b = per_seed(Path(argv[0])), per_seed(Path(argv[1]))
    both = sorted(set(a) & set(b))  # the chunks both hold (a ladder may be part-way)
    wa, ma = (np.concatenate([a[k][i] for k in both]) for i in (0, 1))
    wb, mb = (np.concatenate([b[k][i] for k in both]) for i in (0, 1))
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
