"""The Master's first card of the play, solved for every four it could keep: the lead
and the reply tables that read an opponent's first card (issue #42).

:func:`lead_margins` and :func:`reply_margins` solve a lead and a reply as the Master
does (:func:`crib.analysis.play.analyze_play` with ``MASTER.play``, the other side's
holdings weighted by the Expert's keeps), away from 121 and without the two thrown
cards.  :func:`build_leads` writes ``data/lead_margins_master.csv``
(:mod:`crib.analysis.play.leads`) and :func:`build_replies`
``data/reply_margins_master.npz`` (:mod:`crib.analysis.play.replies`), each with the
command that made it; the replies in blocks, so that a stopped build resumes.  Both
are exact, so no seed.  Run::

    python -m crib.analysis.play.first_cards leads --out data/lead_margins_master.csv
    python -m crib.analysis.play.first_cards replies --out data/reply_margins_master.npz
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from crib.analysis.models import MASTER
from crib.analysis.play.analysis import analyze_play
from crib.analysis.play.leads import fours
from crib.analysis.play.replies import MISSING, SCALE, possible
from crib.rules.cards import RANK_CHARS, SUITS, Card
from crib.rules.position import PeggingPosition

__all__ = ["build_leads", "build_replies", "lead_margins", "reply_margins"]

COMMAND = "python -m crib.analysis.play.first_cards {what} --out {out} --workers 2"
BLOCK = 20  # fours per resumable block of the reply table


def _cards(*ranks: int) -> list[Card]:
    """Distinct cards of these ranks (suits in turn within a rank)."""
    used: dict[int, int] = {}
    out = []
    for r in ranks:
        used[r] = used.get(r, 0) + 1
        out.append(Card(r, SUITS[used[r] - 1]))
    return out


def lead_margins(four: tuple[int, ...], starter: int) -> dict[int, float]:
    """The Master's expected pegging margin of leading each rank of ``four`` (pone, the
    dealer's holdings weighted by the Expert's keeps), with ``starter``'s rank turned."""
    *hand, st = _cards(*four, starter)
    a = analyze_play(PeggingPosition(hand, starter=[st]), MASTER.play, opp_dealer=True)
    return {o.card.rank: o.margin for o in a.options if o.card is not None}


def reply_margins(four: tuple[int, ...], starter: int, led: int) -> dict[int, float]:
    """The Master's expected pegging margin of replying with each rank of ``four``
    (dealer) to a ``led`` rank, with ``starter``'s rank turned."""
    *hand, st, lead = _cards(*four, starter, led)
    pos = PeggingPosition(hand, pile=[lead], starter=[st], opp_count=3)
    a = analyze_play(pos, MASTER.play, opp_dealer=False, opp_played=[lead])
    return {o.card.rank: o.margin for o in a.options if o.card is not None}


def _lead_row(job: tuple[tuple[int, ...], int]) -> tuple[tuple[int, ...], int, dict[int, float]]:
    four, starter = job
    return four, starter, lead_margins(four, starter)


def build_leads(out: Path, workers: int = 1) -> int:
    """Solve every four and starter and write the lead table; the rows written."""
    from multiprocessing import Pool

    jobs = [(k, s) for k in fours() for s in range(1, 14) if k.count(s) < 4]
    with Pool(workers) as pool:
        rows = pool.map(_lead_row, jobs, chunksize=64)
    with out.open("w", newline="") as f:
        f.write(f"# {COMMAND.format(what='leads', out='data/' + out.name)}\n")
        w = csv.writer(f)
        w.writerow(["four", "starter", "margins"])
        for four, starter, m in rows:
            ranks = " ".join(RANK_CHARS[r - 1] for r in four)
            w.writerow([ranks, RANK_CHARS[starter - 1], " ".join(f"{m[r]:.4f}" for r in sorted(m))])
    return len(rows)


def _reply_block(first: int) -> np.ndarray:
    """Fours ``first .. first + BLOCK`` x starter x led x rank, in thousandths of a point."""
    ks = fours()[first : first + BLOCK]
    out = np.full((len(ks), 13, 13, 13), MISSING, np.int16)
    for i, four in enumerate(ks):
        for s in range(1, 14):
            for led in range(1, 14):
                if possible(four, s, led):
                    for r, v in reply_margins(four, s, led).items():
                        out[i, s - 1, led - 1, r - 1] = min(32767, max(-32767, round(v * SCALE)))
    return out


def build_replies(out: Path, workers: int = 1, parts: Path | None = None) -> int:
    """Solve every four, starter and lead and write the reply table; the blocks already
    in ``parts`` (default: beside ``out``) are kept, so a stopped build resumes."""
    from multiprocessing import Pool

    parts = parts or out.with_suffix(".parts")
    parts.mkdir(parents=True, exist_ok=True)
    starts = range(0, len(fours()), BLOCK)
    todo = [b for b in starts if not (parts / f"{b:04d}.npy").exists()]
    with Pool(workers) as pool:
        for n, (b, arr) in enumerate(zip(todo, pool.imap(_reply_block, todo), strict=True), 1):
            np.save(parts / f"{b:04d}.npy", arr)
            print(f"block {n}/{len(todo)}", file=sys.stderr, flush=True)
    table = np.concatenate([np.load(parts / f"{b:04d}.npy") for b in starts])
    command = COMMAND.format(what="replies", out="data/" + out.name)
    np.savez_compressed(out, margins=table, command=np.array(command))
    return int((table != MISSING).any(axis=-1).sum())


def main(argv: Sequence[str] | None = None) -> int:
    import argparse

    p = argparse.ArgumentParser(description="Solve the Master's first card for every four")
    p.add_argument("what", choices=["leads", "replies"])
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--workers", type=int, default=1)
    args = p.parse_args(argv)
    build = build_leads if args.what == "leads" else build_replies
    n = build(args.out, args.workers)
    print(f"{n} rows -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
