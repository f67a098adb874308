"""How well the Master's lead and reply tables (crib.analysis.play.leads, .replies) read
a real lead and reply (issue #42).

Run: .venv/bin/python bench/lead_fit.py [--games 100] [--seed 83000] [--player master_2026_12]

Plays ``--games`` seeded games of ``--player`` against itself and records each pone's
lead with at least two ranks to choose from: the four held, the starter and the rank
led.  Prints how often the table's favourite (the best margin, the thrown two left
out) was the rank led, and the mean log-likelihood per lead of the table's
probabilities for each temperature and floor, beside the Expert proxy's
(crib.analysis.play.evidence, the lead as :func:`decisions_from` reads it) and a lead
chosen uniformly by card; then the same for each dealer's reply to the lead.  The best
pair is what :data:`LEAD_TEMPERATURE` and :data:`LEAD_FLOOR` should be.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field

import numpy as np
from evidence_fit import Recorder, self_play  # bench/, beside this script

from crib.analysis.play.evidence import decisions_from, likelihood
from crib.analysis.play.leads import _margins, lead_key, lead_probabilities
from crib.analysis.play.replies import _margins as _reply_margins
from crib.analysis.play.replies import reply_probabilities
from crib.rules.cards import Card
from crib.rules.observation import Observation

GRID = [(t, f) for t in (0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 1.0) for f in (0.01, 0.02, 0.05, 0.1)]


@dataclass
class FirstCards(Recorder):
    """Records a player's leads, (four ranks, starter rank, rank led), and replies to a
    lead, (four, starter, led, rank replied), each with at least two ranks to choose from."""

    replies: list = field(default_factory=list)

    def record(self, obs: Observation, card: Card) -> None:
        if len({c.rank for c in obs.hand}) < 2:
            return
        four = tuple(c.rank for c in obs.hand)
        if not obs.played:
            self.rows.append((four, obs.starter.rank, card.rank))
        elif len(obs.played) == 1:
            self.replies.append((four, obs.starter.rank, obs.played[0].rank, card.rank))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=83000)
    ap.add_argument("--player", default="master_2026_12")
    args = ap.parse_args()
    t = time.process_time()
    played = self_play(FirstCards, args.player, args.games, args.seed)
    rows = [row for r in played for row in r.rows]
    replies = [row for r in played for row in r.replies]  # type: ignore[attr-defined]
    print(
        f"{len(rows)} leads with a choice, {args.games} games of {args.player} v itself "
        f"({time.process_time() - t:.0f} CPU-s)"
    )
    m = _margins()
    hits = sum(int(np.nanargmax(m[lead_key(four), s - 1])) + 1 == led for four, s, led in rows)
    print(f"the table's favourite was led {hits / len(rows):.3f} of the time")
    for temp, floor in GRID:
        p = lead_probabilities(temp, floor)
        ll = np.mean([math.log(p[lead_key(four), s - 1, led - 1]) for four, s, led in rows])
        print(f"T = {temp:>4g} points, floor {floor:.2f}: log-likelihood per lead {ll:+.4f}")
    proxy = []
    for four, s, led in rows:
        lead = Card(led, "C")
        d = decisions_from((lead,), (lead,), Card(s, "D"), 4, 0)
        rest = list(four)
        rest.remove(led)
        proxy.append(math.log(likelihood(d, rest)))  # P(this rank led | this four)
    print(f"the Expert proxy (evidence.TEMPERATURE): {np.mean(proxy):+.4f}")
    uniform = np.mean([math.log(four.count(led) / 4) for four, _s, led in rows])
    print(f"uniform over the four's cards: {uniform:+.4f}")
    print(f"\n{len(replies)} replies to a lead with a choice")
    rm = _reply_margins()
    hits = sum(
        int(np.nanargmax(rm[lead_key(f), s - 1, led - 1])) + 1 == r for f, s, led, r in replies
    )
    print(f"the reply table's favourite was played {hits / len(replies):.3f} of the time")
    for temp, floor in GRID:
        p = reply_probabilities(temp, floor)
        ll = np.mean([math.log(p[lead_key(f), s - 1, led - 1, r - 1]) for f, s, led, r in replies])
        print(f"T = {temp:>4g} points, floor {floor:.2f}: log-likelihood per reply {ll:+.4f}")
    proxy = []
    for f, s, led, r in replies:
        mine, theirs = Card(led, "C"), Card(r, "H")
        d = decisions_from((mine, theirs), (theirs,), Card(s, "D"), 4, 0)
        rest = list(f)
        rest.remove(r)
        proxy.append(math.log(likelihood(d, rest)))
    print(f"the Expert proxy (evidence.TEMPERATURE): {np.mean(proxy):+.4f}")


if __name__ == "__main__":
    main()
