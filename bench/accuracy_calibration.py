"""The accuracy's calibration (issue #39, point 4): the Master's accuracy against itself
over self-play games, and each tier's against the Master, graded by the coach.

    nice -n 10 .venv/bin/python bench/accuracy_calibration.py [--games 100] [--tier-games 30]

Every game is played to its end by the engine (``crib.rules.game.Game``), each seed
``seed + i`` (no duplicate deals).  Then every decision of both seats is graded by the
coach (the Master: :func:`crib.session.grading.grade_log`, as the review grades a saved
game) and turned into an accuracy by lichess's formula
(:func:`crib.session.chance.move_accuracy`, https://lichess.org/page/accuracy): a
decision's accuracy is ``103.1668 * exp(-0.04354 * Δwin%) - 3.1669``, a game's the mean
over its decisions, for the discard and for the play apart.  The figure reported is the
mean over games with a 95% interval (mean ± 1.96 standard errors over games).

In a tier's games the tier sits in seat 0 in even games and seat 1 in odd ones; the
Master's own accuracy in those games is reported too.  In the Master's self-play both
seats are the Master: a game's figure is the mean of its two seats.

The results go to ``data/accuracy_calibration.json`` after every game (``"complete":
false`` until the end), and a new run resumes from the games already there.  Two runs
can share the work (``--games 0 --out other.json`` plays the tiers' games only); then
``--merge other.json`` takes the other's rows in (the longer of each tier's).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crib.ai.players import parse_player  # noqa: E402
from crib.rules.game import Game  # noqa: E402
from crib.session.chance import accuracy, chance_curve  # noqa: E402
from crib.session.grading import grade_log  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "data" / "accuracy_calibration.json"
FORMULA = "103.1668 * exp(-0.04354 * (win% before - win% after)) - 3.1669, clipped to 0..100"


def seat_accuracy(events: Any, seat: int) -> dict[str, Any]:
    """``seat``'s accuracy in a finished game's log: discard, play, and how many of each."""
    grades = grade_log(events, seat=seat)
    curve = chance_curve(events, grades, seat)
    return {
        "discard": accuracy(curve, "discard"),
        "play": accuracy(curve, "play"),
        "n_discard": sum(g.kind == "discard" for g in grades),
        "n_play": sum(g.kind == "play" for g in grades),
    }


def play_one(tier: str, seed: int) -> dict[str, Any]:
    """One game of ``tier`` against the Master (``tier`` "master": self-play), graded."""
    tier_seat = seed % 2 if tier != "master" else 0
    names = ["master", "master"]
    names[tier_seat] = tier
    t = time.perf_counter()
    r = Game(seed=seed, players=(parse_player(names[0]), parse_player(names[1]))).run()
    seats = [seat_accuracy(r.events, s) for s in (0, 1)]
    return {
        "seed": seed,
        "tier_seat": tier_seat,
        "winner": r.winner,
        "scores": list(r.scores),
        "seats": seats,
        "seconds": round(time.perf_counter() - t, 2),
    }


def interval(xs: list[float]) -> dict[str, Any]:
    """The mean with its 95% interval (normal, over the games)."""
    xs = [x for x in xs if x is not None]
    if not xs:
        return {"mean": None, "low": None, "high": None, "games": 0}
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return {  # accuracy is 0..100: the interval is clipped there
        "mean": round(m, 2),
        "low": round(max(0.0, m - half), 2),
        "high": round(min(100.0, m + half), 2),
        "games": len(xs),
    }


def _mean(xs: list[float | None]) -> float | None:
    ys = [x for x in xs if x is not None]
    return statistics.fmean(ys) if ys else None


def summarise(tier: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """A tier's figures over its games (the Master's self-play: both seats per game)."""
    out: dict[str, Any] = {"games": len(rows)}
    for kind in ("discard", "play"):
        if tier == "master":
            out[kind] = interval([_mean([s[kind] for s in r["seats"]]) for r in rows])
        else:
            out[kind] = interval([r["seats"][r["tier_seat"]][kind] for r in rows])
            out["master_" + kind] = interval([r["seats"][1 - r["tier_seat"]][kind] for r in rows])
    if tier != "master":
        wins = sum(r["winner"] == r["tier_seat"] for r in rows)
        out["tier_wins"] = wins
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=100, help="Master self-play games")
    ap.add_argument("--tier-games", type=int, default=30, help="games per tier v the Master")
    ap.add_argument("--tiers", default="easy,normal,hard,expert")
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument(
        "--no-play",
        action="store_true",
        help="play no game: merge and summarise what the files hold (a run stopped early)",
    )
    ap.add_argument(
        "--merge",
        type=Path,
        nargs="*",
        default=[],
        help="other runs' files (the same seed, run in parallel): their rows are taken in",
    )
    args = ap.parse_args()
    plan = [("master", args.games)] + [(t, args.tier_games) for t in args.tiers.split(",") if t]
    data: dict[str, Any] = {}
    if args.out.exists():
        data = json.loads(args.out.read_text())
        if data.get("seed") != args.seed:
            data = {}  # another seed: start again
    rows: dict[str, list[dict[str, Any]]] = data.get("rows", {})
    for path in args.merge:
        other = json.loads(path.read_text())
        assert other.get("seed") == args.seed, f"{path}: another seed"
        for tier, theirs in other.get("rows", {}).items():
            if len(theirs) > len(rows.get(tier, [])):
                rows[tier] = theirs
    command = f"nice -n {os.nice(0)} .venv/bin/python bench/accuracy_calibration.py " + " ".join(
        sys.argv[1:]
    )
    commands: list[str] = []  # every run that added to the file
    for d in [data] + [json.loads(p.read_text()) for p in args.merge]:
        ran = d.get("commands") or ([d["command"]] if "command" in d else [])
        commands += [c for c in ran if c not in commands]
    if command.strip() not in commands:
        commands.append(command.strip())

    def write(complete: bool) -> None:
        doc = {
            "what": "Accuracy (lichess's formula on the chance to win) of every decision of "
            "both seats, graded by the coach (the Master); issue #39, point 4",
            "formula": FORMULA,
            "source": "https://lichess.org/page/accuracy",
            "commands": commands,
            "seed": args.seed,
            "seeds": "game i has seed seed + i; tier games: the tier in seat 0 in even seeds",
            "complete": complete,
            "load": round(os.getloadavg()[0], 1),
            "summary": {t: summarise(t, rows[t]) for t, _n in plan if rows.get(t)},
            "rows": rows,
        }
        tmp = args.out.with_suffix(".tmp")
        tmp.write_text(json.dumps(doc, indent=1) + "\n")
        tmp.replace(args.out)

    if args.no_play:
        plan = [(t, len(rows.get(t, []))) for t, _n in plan]
    # game by game in turn over the tiers (the Master's self-play first), so that a run
    # stopped early has some games of every tier
    for i in range(max((n for _t, n in plan), default=0)):
        for tier, n in plan:
            done = rows.setdefault(tier, [])
            if i >= n or i < len(done):
                continue
            r = play_one(tier, args.seed + i)
            done.append(r)
            write(False)
            s = summarise(tier, done)
            print(
                f"{tier} {i + 1}/{n}: {r['seconds']} s; discard {s['discard']['mean']}, "
                f"play {s['play']['mean']}",
                flush=True,
            )
    write(True)  # every game planned is in (or, --no-play, the file is summed up as it is)
    for t, s in summarise_all(rows, plan).items():
        print(t, json.dumps(s))


def summarise_all(rows: dict[str, list[dict[str, Any]]], plan: list[tuple[str, int]]) -> dict:
    return {t: summarise(t, rows[t]) for t, _n in plan if rows.get(t)}


if __name__ == "__main__":
    main()
