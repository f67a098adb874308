"""The same work timed on two revisions of crib, interleaved in one run: did a refactor slow
anything?

Run: .venv/bin/python bench/revs.py [--base 113e711] [--rounds 5] [--out data/bench_revs.json]

A refactor must change no result and cost no speed.  Two copies of the package
cannot share one interpreter (both are ``crib``), so the base revision is checked
out into a temporary git worktree and each round runs one fresh interpreter per
revision, base and head alternating (the order swapped every round), on the same
seeded work.  Both revisions therefore see the same machine noise, and each
interpreter also times the reference scorer (µs per hand) as a yardstick.  The
report gives, per item, the median seconds of each revision and head / base, and
checks that both revisions computed the same results (a digest of every output).

Items (each seeded; see ``WORK``):

* ``reference_scorer``: ``crib.rules.scoring.score_hand`` on 8,000 random hands
  (its code is the same in both revisions, so its ratio is the run's noise floor);
* ``pegstate``: 1,500 random whole plays through ``PegState`` (the rules' step);
* ``minimax_py``: ``analyze_play`` on 3 random leads with the compiled path off;
* ``minimax_jit``: the same 3 leads and 27 more, compiled (warmed first);
* ``fast_expert``: 300 deals of the fast self-play Expert (``deal_chunk``);
* ``master_game``: three games of the Master against the Expert (seeds 5, 6, 7);
* ``discard_uniform``: ``analyze_discard`` with the uniform/exact crib on 160 sixes.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# One interpreter's work: prints {"item": [seconds, digest], ...} as JSON.
WORK = r"""
import hashlib, json, random, sys, time
out = {}
def timed(name, fn):
    t = time.perf_counter()
    r = fn()
    out[name] = [time.perf_counter() - t, hashlib.sha256(repr(r).encode()).hexdigest()[:16]]

from crib.analysis.models import MASTER, UNIFORM, parse_model
from crib.rules.cards import DECK
from crib.rules.scoring import score_hand
rng = random.Random(11)
hands = [rng.sample(DECK, 5) for _ in range(8000)]
timed("reference_scorer", lambda: [score_hand(h[:4], h[4]).total for h in hands])

from crib.rules.pegging import PegState
def plays():
    rng = random.Random(12); tot = []
    for _ in range(1500):
        d = rng.sample(DECK, 8); s = PegState.start((d[:4], d[4:]), pone=0)
        while not s.done:
            legal = s.legal()
            s, rec = s.play(rng.choice(legal) if legal else None)
        tot.append(s.pegged)
    return tot
timed("pegstate", plays)

from crib.analysis.play import analyze_play
from crib.analysis.play import jit as pegjit
from crib.rules.position import PeggingPosition
rng = random.Random(2026)
leads = []
for _ in range(30):
    d = rng.sample(DECK, 7); leads.append(PeggingPosition.lead(d[:4], d[4], d[5:7]))
def table(a):
    return [(o.label, o.now, round(float(o.future_value), 9)) for o in a.options]
orig = pegjit.available
pegjit.available = lambda: False
timed("minimax_py", lambda: [table(analyze_play(p, UNIFORM)) for p in leads[:3]])
pegjit.available = orig
pegjit.warm(); analyze_play(leads[0], UNIFORM)
timed("minimax_jit", lambda: [table(analyze_play(p, UNIFORM)) for p in leads])

from crib.ai.selfplay.experiments import deal_chunk
timed("fast_expert", lambda: {k: v.tolist() for k, v in deal_chunk(7, 0, 300, {}).items()})

try:  # a name is read by parse_player since issue #35; make_player read it before
    from crib.ai.players import parse_player as player
except ImportError:
    from crib.ai.players import make_player as player
from crib.rules.game import Game
import crib.ai.master as master
master.warm()
def game():
    out = []
    for seed in (5, 6, 7):
        g = Game(seed, (player("master"), player("expert")))
        g.run()
        out.append(g.scores)
    return out
timed("master_game", game)

from crib.analysis.discard import analyze_discard
rng = random.Random(13)
sixes = [rng.sample(DECK, 6) for _ in range(160)]
def uniform(six, dealer):
    try:
        return analyze_discard(six, dealer=dealer, model=UNIFORM)
    except Exception:
        return analyze_discard(six, dealer=dealer, model=UNIFORM)
timed("discard_uniform", lambda: [
    [(str(t.keep), str(t.own_exact)) for t in uniform(s, i % 2 == 0).throws]
    for i, s in enumerate(sixes)
])
print(json.dumps(out))
"""


def _run(tree: Path) -> dict[str, list]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    res = subprocess.run(
        [sys.executable, "-c", WORK], cwd=tree, env=env, capture_output=True, text=True
    )
    if res.returncode:
        raise SystemExit(f"{tree}: {res.stderr[-2000:]}")
    return json.loads(res.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="113e711", help="the revision to compare against")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--out", default=None, help="write the summary here as JSON")
    args = ap.parse_args()
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        base_tree = Path(tmp) / "base"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "-q", str(base_tree), args.base],
            cwd=ROOT,
            check=True,
        )
        try:
            _run(base_tree), _run(ROOT)  # compile both numba caches before timing
            runs: dict[str, list[dict]] = {"base": [], "head": []}
            for k in range(args.rounds):
                order = [("base", base_tree), ("head", ROOT)]
                for name, tree in order if k % 2 == 0 else order[::-1]:
                    runs[name].append(_run(tree))
                    print(f"round {k + 1} {name} done", file=sys.stderr, flush=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base_tree)], cwd=ROOT)
    load = os.getloadavg()
    print(
        f"base {args.base} v head {head}, {args.rounds} rounds each, interleaved; "
        f"load average {load[0]:.1f}"
    )
    print(
        f"{'item':18} {'base s':>9} {'head s':>9} {'head/base':>9} {'rounds range':>13}"
        f" {'/yardstick':>10}  same results"
    )
    # the reference scorer is the same code in both revisions: its ratio is the noise floor,
    # and each item's ratio over it is the change the revision made beyond that noise
    yard = statistics.median(r["reference_scorer"][0] for r in runs["head"]) / statistics.median(
        r["reference_scorer"][0] for r in runs["base"]
    )
    summary = {
        "command": " ".join(["bench/revs.py", *sys.argv[1:]]),
        "base": args.base,
        "head": head,
        "load": round(load[0], 1),
        "items": {},
    }
    for item in runs["base"][0]:
        b = statistics.median(r[item][0] for r in runs["base"])
        h = statistics.median(r[item][0] for r in runs["head"])
        same = {r[item][1] for r in runs["base"]} == {r[item][1] for r in runs["head"]}
        # the head/base ratio of each round (the two interpreters that ran side by side)
        per = sorted(
            rh[item][0] / rb[item][0] for rb, rh in zip(runs["base"], runs["head"], strict=True)
        )
        print(
            f"{item:18} {b:9.3f} {h:9.3f} {h / b:9.2f} {per[0]:6.2f}-{per[-1]:<6.2f}"
            f" {h / b / yard:10.2f}  {'yes' if same else 'NO'}"
        )
        summary["items"][item] = {
            "base_s": round(b, 4),
            "head_s": round(h, 4),
            "ratio": round(h / b, 3),
            "round_ratios": [round(x, 3) for x in per],
            "over_yardstick": round(h / b / yard, 3),
            "same_results": same,
        }
    if args.out:
        Path(args.out).write_text(json.dumps(summary, indent=1) + "\n")


if __name__ == "__main__":
    main()
