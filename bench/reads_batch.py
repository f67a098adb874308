"""The solved reads hand by hand against the same reads batched per situation (issue #42,
point 3), side by side in one process.

    .venv/bin/python bench/reads_batch.py [--games 16] [--seed 61000]
        [--master master:opp_leads=1,opp_replies=1,opp_solve=1,opp_expert=50,opp_learn=1]
        [--cover 95 90] [--inner 90] [--settle 90] [--out data/reads_batch.json]

For each seed, one game of ``--master`` against the Expert is played twice, in turn:
once with every read solved hand by hand (``crib.analysis.play.reads._chances``, the
reference) and once with each situation's hands solved together
(``reads.chances_many``).  Both caches are emptied before each game, so each game pays
for all of its own solves.  The two games must be the same event for event (the batched
reads are equal to the reference, not just close); the bench stops if they are not.

With ``--cover 95 90``, the same games are also played by the Master with
``opp_cover`` at each of those percentages (batched, lossy: only the hands carrying that
share of the weight are solved, the rest read by the proxy), and the bench counts the
games that still come out the same as the exact ones.  ``--inner 90`` does the same
for ``opp_inner`` (each solve averages over only your heaviest holdings carrying that
share), alone and with each ``--cover``.  ``--settle 90`` does the same for
``opp_settle`` (an opponent whose learnt chance of being the Expert reaches 90% is read
as the Expert outright, its plays by the proxy, nothing solved), alone and with each
``--cover``.

Reported: the Master games per CPU second (this thread) for each way, their ratio, and
the reference scorer's time for one hand as the yardstick, measured between the games.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _util import yardstick  # noqa: E402

from crib.ai.master import warm, warm_reads  # noqa: E402
from crib.ai.players import parse_player  # noqa: E402
from crib.analysis.play import reads  # noqa: E402
from crib.rules.game import Game  # noqa: E402

LEARNT = "master:opp_leads=1,opp_replies=1,opp_solve=1,opp_expert=50,opp_learn=1"


def one_game(spec: str, batched: bool, seed: int) -> tuple[float, str]:
    """(thread CPU seconds, the events as text) of one game, reads batched or not."""
    many = reads.MasterReader.many
    reads._MANY.clear()
    reads._chances.cache_clear()
    if not batched:
        reads.MasterReader.many = None  # type: ignore[assignment,method-assign]
    try:
        players = (parse_player(spec), parse_player("expert"))
        c = time.thread_time()
        events = Game(seed=seed, players=players, first_dealer=seed % 2).run().events
        return time.thread_time() - c, repr(events)
    finally:
        reads.MasterReader.many = many  # type: ignore[method-assign]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument("--seed", type=int, default=61000)
    ap.add_argument("--master", default=LEARNT)
    ap.add_argument("--cover", type=int, nargs="*", default=[], help="opp_cover percentages")
    ap.add_argument("--inner", type=int, nargs="*", default=[], help="opp_inner percentages")
    ap.add_argument("--settle", type=int, nargs="*", default=[], help="opp_settle percentages")
    ap.add_argument("--out", type=Path, default=None)
    a = ap.parse_args()
    player = parse_player(a.master)
    warm()
    warm_reads(player)
    one_game(a.master, True, a.seed - 1)  # compile and load everything first
    ways = {"hand_by_hand": (a.master, False), "batched": (a.master, True)}
    for c in a.cover:
        ways[f"cover_{c}"] = (f"{a.master},opp_cover={c}", True)
    for i in a.inner:
        ways[f"inner_{i}"] = (f"{a.master},opp_inner={i}", True)
        for c in a.cover:
            ways[f"cover_{c}_inner_{i}"] = (f"{a.master},opp_cover={c},opp_inner={i}", True)
    for t in a.settle:
        ways[f"settle_{t}"] = (f"{a.master},opp_settle={t}", True)
        for c in a.cover:
            ways[f"settle_{t}_cover_{c}"] = (f"{a.master},opp_settle={t},opp_cover={c}", True)
    cpu = dict.fromkeys(ways, 0.0)
    same = dict.fromkeys(ways, 0)
    yards = []
    for i, seed in enumerate(range(a.seed, a.seed + a.games)):
        names = list(ways) if i % 2 == 0 else list(reversed(ways))  # alternate the order
        seen = {}
        for name in names:
            t, seen[name] = one_game(*ways[name], seed=seed)
            cpu[name] += t
        if seen["batched"] != seen["hand_by_hand"]:
            sys.exit(f"seed {seed}: the batched reads changed the game")
        for name in ways:
            same[name] += seen[name] == seen["hand_by_hand"]
        yards.append(yardstick(500)[1])
        print(f"  {i + 1} games, {cpu}", file=sys.stderr)
    y = statistics.median(yards)
    out = {
        "command": "python bench/reads_batch.py " + " ".join(sys.argv[1:]),
        "master": a.master,
        "games": a.games,
        "seeds": [a.seed, a.seed + a.games - 1],
        "yardstick_cpu_us": round(y * 1e6, 2),
        "games_per_cpu_s": {k: round(a.games / v, 3) for k, v in cpu.items()},
        "cpu_s_per_game_in_yardsticks": {k: round(v / a.games / y) for k, v in cpu.items()},
        "speedup_over_hand_by_hand": {k: round(cpu["hand_by_hand"] / v, 3) for k, v in cpu.items()},
        "games_the_same_as_exact": same,
    }
    print(json.dumps(out, indent=1))
    if a.out:
        a.out.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
