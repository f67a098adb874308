"""The coach's loss distributions per tier: the data the grade bands are set from (issue 27).

Run: .venv/bin/python bench/grade_bands.py [--games 30] [--tiers easy,normal,hard,expert]
     [--out data/grade_bands.jsonl] [--summary data/grade_bands.json]

Game ``g`` of a tier is seed ``1000 + g``, the tier in seat 0 against the Expert,
the first dealer alternating with ``g``.  Every decision of the tier's seat is
graded by the coach's model (the Master), as the game review grades yours: the
discard by :func:`crib.analysis.coach.grade_discard` with the scores (P(win) near
121), each play with a choice (two or more legal cards) by
:func:`crib.session.grading.play_grade` with its observation: inside the Master's reading
of the other player (issue #42), as the game and the review grade yours.  Each loss is
recorded with its kind: ``discard`` and ``play`` in points, ``discard_win`` and ``play_win`` in
percentage points of P(win) (within reach of 121).

It is a long job: each finished game is appended to ``--out`` as one JSON line,
and a restart skips the games already there.  ``--summary`` then writes the
quantiles and the share of decisions in each loss interval, per tier and kind.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from crib.ai.players import parse_player
from crib.analysis.coach import grade_discard
from crib.analysis.play.board import board_applies
from crib.rules.game import Game
from crib.rules.position import PeggingPosition
from crib.session.grading import play_grade
from crib.session.review import decisions_from_log

SEED0 = 1000
QUANTILES = (0.5, 0.75, 0.9, 0.95, 0.97, 0.98, 0.99)
# loss intervals counted in the summary (points, or P(win) points for the *_win kinds)
EDGES = (0.05, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0)


def grade_game(tier: str, g: int) -> dict:
    """One seeded game of ``tier`` (seat 0) against the Expert, every decision graded."""
    game = Game(SEED0 + g, (parse_player(tier), parse_player("expert")), first_dealer=g % 2)
    game.run()
    losses: dict[str, list[float]] = {"discard": [], "play": [], "discard_win": [], "play_win": []}
    for _hand, d, action in decisions_from_log(game.events, 0):
        obs = d.observation
        if d.kind == "discard":
            gr = grade_discard(obs.hand, action, obs.dealer, scores=(obs.my_score, obs.opp_score))
            losses["discard_win" if gr.unit != "points" else "discard"].append(round(gr.lost, 4))
        elif d.kind == "play" and action is not None and len(obs.legal) > 1:
            pos = PeggingPosition.from_observation(obs)
            gp = play_grade(
                0, 0, pos, action, obs.dealer, False, False, opp_played=obs.opp_played, obs=obs
            )
            win = board_applies(pos, not obs.dealer)
            losses["play_win" if win else "play"].append(round(gp.lost, 4))
    return {"tier": tier, "game": g, "seed": SEED0 + g, "losses": losses}


def _quantile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * (len(s) - 1) + 0.5))]


def summarize(rows: list[dict], command: str) -> dict:
    out: dict = {
        "command": command,
        "seeds": (
            f"game g of a tier: seed {SEED0} + g, first dealer g % 2, "
            "the tier in seat 0 v the Expert"
        ),
        "graded_by": (
            "the Master (crib.analysis.coach grade_discard; the plays by "
            "crib.session.grading play_grade with the observation, inside the Master's "
            "reading of the other player, issue #42; exact=False)"
        ),
        "kinds": (
            "discard, play: points lost; "
            "discard_win, play_win: percentage points of P(win) (near 121)"
        ),
        "edges": list(EDGES),
        "tiers": {},
    }
    for tier in dict.fromkeys(r["tier"] for r in rows):
        mine = [r for r in rows if r["tier"] == tier]
        t: dict = {"games": len(mine)}
        for kind in ("discard", "play", "discard_win", "play_win"):
            xs = [x for r in mine for x in r["losses"][kind]]
            if not xs:
                continue
            share_at_least = {str(e): round(sum(x >= e for x in xs) / len(xs), 4) for e in EDGES}
            t[kind] = {
                "n": len(xs),
                "mean": round(sum(xs) / len(xs), 4),
                "quantiles": {str(q): _quantile(xs, q) for q in QUANTILES},
                "share_at_least": share_at_least,
            }
        out["tiers"][tier] = t
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--tiers", default="easy,normal,hard,expert")
    ap.add_argument("--out", default="data/grade_bands.jsonl")
    ap.add_argument("--summary", default="data/grade_bands.json")
    ap.add_argument("--summary-only", action="store_true")
    args = ap.parse_args()
    out = Path(args.out)
    rows = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    done = {(r["tier"], r["game"]) for r in rows}
    tiers = args.tiers.split(",")
    if not args.summary_only:
        for g in range(args.games):  # round-robin, so a stopped run still covers every tier
            for tier in tiers:
                if (tier, g) in done:
                    continue
                t = time.perf_counter()
                row = grade_game(tier, g)
                with out.open("a") as f:
                    f.write(json.dumps(row) + "\n")
                rows.append(row)
                n = sum(len(v) for v in row["losses"].values())
                print(
                    f"{tier} game {g}: {n} decisions in {time.perf_counter() - t:.0f} s "
                    f"(load {os.getloadavg()[0]:.1f})",
                    flush=True,
                )
    command = "python bench/grade_bands.py " + " ".join(sys.argv[1:])
    Path(args.summary).write_text(json.dumps(summarize(rows, command), indent=1) + "\n")
    print(f"wrote {args.summary} from {len(rows)} games")


if __name__ == "__main__":
    main()
