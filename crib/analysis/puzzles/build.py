"""The shipped puzzle set from mined chunks: ids, duplicates dropped, first ratings, counts.

:func:`build_puzzles` takes the chunks :func:`crib.ai.puzzles.mine_games` wrote
(the records each chunk kept, and how many positions each filter kept) and returns
the puzzles, ordered by id, with the summary written to ``data/puzzles_build.json``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from crib.analysis.puzzles.model import Puzzle, puzzle_id
from crib.analysis.puzzles.plain import plain_words
from crib.analysis.puzzles.rating import PUZZLE_RD, TIER_RATINGS, initial_rating
from crib.rules.cards import cards_str
from crib.rules.position import PeggingPosition
from crib.rules.words import local_cards

__all__ = ["record_key", "to_puzzle", "build_puzzles", "with_plain_words"]


def record_key(rec: dict[str, Any]) -> str:
    """What makes two mined positions the same puzzle."""
    if rec["kind"] == "discard":
        six = " ".join(sorted(rec["hand"].split()))
        return f"discard|{six}|{rec['dealer']}|{rec['scores'][0]}|{rec['scores'][1]}"
    return f"play|{rec['position']}|{rec['dealer']}|{rec['opp_played']}"


def to_puzzle(rec: dict[str, Any]) -> Puzzle:
    """A mined record as a :class:`Puzzle`, its id and first rating set, and its plain
    words (:func:`crib.analysis.puzzles.plain.plain_words`) unless the record has them."""
    kind = rec["kind"]
    if kind == "discard":
        hand, position, scores = rec["hand"], "", rec["scores"]
    else:
        position = rec["position"]
        pos = PeggingPosition.parse(position)
        hand, scores = cards_str(pos.hand), list(pos.scores or (0, 0))
    p = Puzzle(
        id=puzzle_id(kind, record_key(rec)),
        kind=kind,
        dealer=bool(rec["dealer"]),
        scores=(int(scores[0]), int(scores[1])),
        hand=hand,
        position=position,
        opp_played=rec.get("opp_played", ""),
        answer=rec["answer"],
        accepted=tuple(rec["accepted"]),
        runner=rec["runner"],
        margin=float(rec["margin"]),
        unit=rec["unit"],
        solve=dict(rec["solve"]),
        rating=initial_rating(rec["solve"]),
        themes=tuple(rec["themes"]),
        words={lang: local_cards(t, lang) for lang, t in rec["words"].items()},
        source=dict(rec.get("source", {})),
    )
    return replace(p, plain=dict(rec.get("plain") or plain_words(p)))


def with_plain_words(puzzles: Sequence[Puzzle], progress: bool = False) -> list[Puzzle]:
    """The puzzles with their plain words written again from the position (the words
    step alone, no mining: ``crib puzzles words``); everything else is kept."""
    out = []
    for i, p in enumerate(puzzles):
        out.append(replace(p, plain=plain_words(p)))
        if progress and (i + 1) % 500 == 0:
            print(f"{i + 1}/{len(puzzles)} puzzles", flush=True)
    return out


def build_puzzles(chunks: Sequence[dict[str, Any]]) -> tuple[list[Puzzle], dict[str, Any]]:
    """The puzzles of every chunk (the first of duplicates kept) and the summary."""
    counts: Counter[str] = Counter()
    cpu = 0.0
    games = 0
    seen: dict[str, Puzzle] = {}
    for ch in chunks:
        counts.update(ch["counts"])
        cpu += ch["cpu_seconds"]
        games += ch["stop"] - ch["start"]
        for rec in ch["puzzles"]:
            p = to_puzzle(rec)
            seen.setdefault(p.id, p)
    puzzles = sorted(seen.values(), key=lambda p: p.id)
    themes: Counter[str] = Counter(t for p in puzzles for t in p.themes)
    ratings = sorted(p.rating for p in puzzles)

    def q(x: float) -> float:
        return ratings[min(len(ratings) - 1, int(x * len(ratings)))] if ratings else 0.0

    summary = {
        "games": games,
        "filters": {
            "decisions": counts["decisions"],
            "positions (distinct, two or more answers for a play)": counts["positions"],
            "judged (a real choice)": counts["choice"],
            "clear (best by >= 1 point or >= 3 points of P(win))": counts["clear"],
            "and Easy or Normal finds it < 50%": counts["weak_miss"],
            "kept in chunks": counts["kept"],
            "puzzles (duplicates across chunks dropped)": len(puzzles),
        },
        "weak tier below half": {
            k: sum(p.solve[k] < 0.5 for p in puzzles) for k in ("easy", "normal", "hard", "expert")
        },
        "kinds": dict(Counter(p.kind for p in puzzles)),
        "units": dict(Counter(p.unit for p in puzzles)),
        "themes": dict(sorted(themes.items())),
        "rating": {"min": q(0), "p10": q(0.1), "median": q(0.5), "p90": q(0.9), "max": q(1.0)},
        "rating_model": {"tier_ratings": TIER_RATINGS, "puzzle_rd": PUZZLE_RD},
        "cpu_seconds": round(cpu, 1),
        "puzzles_per_cpu_minute": round(60 * len(puzzles) / cpu, 1) if cpu else None,
        "positions_per_cpu_second": round(counts["positions"] / cpu, 2) if cpu else None,
    }
    return puzzles, summary
