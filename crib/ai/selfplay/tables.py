"""Regenerate the shipped self-play tables: run the experiments, then build and write.

``crib selfplay all`` calls :func:`make_all`; each ``make_*`` runs (or
resumes) its experiment in ``results/<name>`` and writes its files to ``out``.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from crib.ai.selfplay import build
from crib.ai.selfplay.engine import RunResult, RunSpec, run

__all__ = ["Sizes", "FULL", "QUICK", "make_crib", "make_pegging", "make_win", "make_all"]

SEEDS = {"crib": 11, "pegging": 12, "deal": 13, "games": 14}
CROSSCHECK_POSITIONS = ((0, 0), (60, 60), (90, 100), (100, 90), (110, 115), (115, 110))


@dataclass(frozen=True)
class Sizes:
    crib: int
    pegging: int
    deal: int
    crosscheck: int  # games per cross-check position
    positions: int = len(CROSSCHECK_POSITIONS)  # how many cross-check positions
    chunk_crib: int = 50
    chunk_pegging: int = 5
    chunk_deal: int = 1000
    chunk_games: int = 100


FULL = Sizes(crib=6000, pegging=1300, deal=50_000, crosscheck=2000)
QUICK = Sizes(
    crib=40,
    pegging=4,
    deal=2000,
    crosscheck=40,
    positions=2,
    chunk_crib=10,
    chunk_pegging=1,
    chunk_deal=500,
    chunk_games=20,
)


def _meta_update(out: Path, key: str, info: dict) -> None:
    path = out / "selfplay_tables.json"
    meta = json.loads(path.read_text()) if path.exists() else {}
    meta[key] = info
    build.write_json(path, dict(sorted(meta.items())))


def _info(res: RunResult, command: str, files: list[str]) -> dict:
    return {
        "command": command,
        "experiment": res.spec.experiment,
        "seed": res.spec.seed,
        "n": res.spec.n,
        "chunk": res.spec.chunk,
        "files": files,
        "seconds_this_sitting": round(res.seconds, 1),
        "chunks_resumed": res.chunks_resumed,
        "executor": res.executor,
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
    }


def _make_frame(
    kind: str,
    n: int,
    results: Path,
    out: Path,
    chunk: int,
    command: str,
    frame: Any,
    name: str,
    opponent: str = "expert",
    **ex: Any,
) -> Path:
    """Run ``kind`` self-play, write ``frame(arrays)`` to ``name``.csv and note it in the
    metadata.  ``opponent="master"``: the opponent's throw is the Master's
    (:func:`crib.ai.selfplay.fastplay.opp_throw`), written to ``name_master.csv``."""
    params = {} if opponent == "expert" else {"opponent": opponent}
    suffix = "" if opponent == "expert" else f"_{opponent}"
    name += suffix
    res = run(RunSpec(kind, n, SEEDS[kind], chunk, params), results / (kind + suffix), **ex)
    path = out / f"{name}.csv"
    frame(res.arrays).to_csv(path, index=False)
    _meta_update(out, name, _info(res, command, [path.name]))
    return path


def make_crib(
    n: int, results: Path, out: Path, *, chunk: int = 50, command: str = "", **ex: Any
) -> Path:
    """``crib_selfplay.csv``: seat-conditioned crib values from ``n`` deals."""
    return _make_frame(
        "crib", n, results, out, chunk, command, build.crib_frame, "crib_selfplay", **ex
    )


def make_pegging(
    n: int, results: Path, out: Path, *, chunk: int = 5, command: str = "", **ex: Any
) -> Path:
    """``pegging_ev.csv``: pegging values of every rank-only keep from ``n`` opponent deals."""
    return _make_frame(
        "pegging", n, results, out, chunk, command, build.pegging_frame, "pegging_ev", **ex
    )


def make_win(
    n: int,
    results: Path,
    out: Path,
    *,
    crosscheck: int = 0,
    positions: int = len(CROSSCHECK_POSITIONS),
    chunk: int = 1000,
    chunk_games: int = 100,
    command: str = "",
    **ex: Any,
) -> Path:
    """``win_table.csv`` (121 x 121), ``win_detail.csv`` (skunks, intervals), the per-seat
    summary and distributions, and a cross-check against games played from positions."""
    res = run(RunSpec("deal", n, SEEDS["deal"], chunk), results / "deal", **ex)
    t0 = time.perf_counter()
    matrix, long, table = build.win_frames(res.arrays["events"])
    induce_s = time.perf_counter() - t0
    matrix.to_csv(out / "win_table.csv")
    long.to_csv(out / "win_detail.csv", index=False)
    build.write_json(
        out / "deal_distributions.json", build.deal_distributions_json(res.arrays["parts"])
    )
    summary = build.deal_summary(res.arrays["parts"])
    checks = []
    if crosscheck:
        from crib.ai.sim import wilson

        for d, p in CROSSCHECK_POSITIONS[:positions]:
            g = run(
                RunSpec(
                    "games",
                    crosscheck,
                    SEEDS["games"] + 1000 * d + p,
                    chunk_games,
                    {"scores": [d, p]},
                ),
                results / f"games-{d}-{p}",
                **ex,
            )
            wins = int(g.arrays["games"][:, 0].sum())
            lo, hi = wilson(wins, crosscheck)
            row = long[(long.dealer_score == d) & (long.pone_score == p)].iloc[0]
            checks.append(
                {
                    "dealer_score": d,
                    "pone_score": p,
                    "table": round(float(table.p_win[d, p]), 4),
                    "table_ci95": [float(row.ci95_low), float(row.ci95_high)],
                    "games": crosscheck,
                    "selfplay": round(wins / crosscheck, 4),
                    "selfplay_wilson95": [round(lo, 4), round(hi, 4)],
                    "agree": bool(lo - 1e-9 <= table.p_win[d, p] <= hi + 1e-9),
                }
            )
    summary["win_table"] = {
        "first_dealer_at_0_0": round(float(table.p_win[0, 0]), 4),
        "published": "about 0.555-0.56 between strong players (Cribbage Pro's game statistics)",
        "induction_seconds": round(induce_s, 1),
        "crosscheck": checks,
    }
    build.write_json(out / "selfplay_summary.json", summary)
    files = ["win_table.csv", "win_detail.csv", "deal_distributions.json", "selfplay_summary.json"]
    _meta_update(out, "win_table", _info(res, command, files))
    return out / "win_table.csv"


def make_all(
    sizes: Sizes = FULL,
    results: Path | str = "selfplay-results",
    out: Path | str = "data",
    *,
    command: str = "",
    only: tuple[str, ...] = ("crib", "pegging", "win"),
    **ex: Any,
) -> list[Path]:
    """Regenerate every table (``only`` picks some)."""
    results, out = Path(results), Path(out)
    out.mkdir(parents=True, exist_ok=True)
    made = []
    if "crib" in only:
        made.append(
            make_crib(sizes.crib, results, out, chunk=sizes.chunk_crib, command=command, **ex)
        )
    if "pegging" in only:
        made.append(
            make_pegging(
                sizes.pegging, results, out, chunk=sizes.chunk_pegging, command=command, **ex
            )
        )
    if "win" in only:
        made.append(
            make_win(
                sizes.deal,
                results,
                out,
                crosscheck=sizes.crosscheck,
                positions=sizes.positions,
                chunk=sizes.chunk_deal,
                chunk_games=sizes.chunk_games,
                command=command,
                **ex,
            )
        )
    return made
