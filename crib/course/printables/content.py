"""What each printable says, computed by crib: hands, answer lines, quiz answers.

The worksheets' hands and the pegging rows are drawn from ``random.Random`` seeded
with the printable's name and the seed (the same seed gives the same sheet); every
answer comes from crib's own scorer (:func:`crib.rules.scoring.score_hand`, its
:meth:`~crib.rules.scoring.Score.say`, :func:`crib.rules.scoring.score_pegging`) or
its rules (:class:`crib.rules.pegging.PegState`, :func:`crib.rules.events.skunk_of`,
:func:`crib.rules.scoring.his_heels`).  The two quizzes are fixed question sets, but
their answers are computed the same way (:mod:`crib.course.printables.quizzes`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from crib.errors import CribError
from crib.rules.cards import DECK, Card
from crib.rules.scoring import PegScore, Score, score_hand, score_pegging

__all__ = [
    "card_text",
    "worksheet_hands",
    "pegging_rows",
]


def card_text(c: Card, lang: str) -> str:
    """A card as printed: « 10♥ », « V♠ » in French, « J♠ » in English."""
    from crib.course.printables.texts import RANK_LABELS

    r = RANK_LABELS[lang].get(c.rank, str(c.rank))
    return f"{r}{'♣♦♥♠'['CDHS'.index(c.suit)]}"


def cards_text(cs: Sequence[Card], lang: str) -> str:
    return " ".join(card_text(c, lang) for c in cs)


# --- worksheets ----------------------------------------------------------------------


def _of_ranks(rng: random.Random, ranks: Sequence[int], used: set[Card]) -> list[Card]:
    """One card of each rank, suits at random, none of them in ``used``."""
    out = []
    for r in ranks:
        c = rng.choice([c for c in DECK if c.rank == r and c not in used and c not in out])
        out.append(c)
    return out


def _rest(rng: random.Random, k: int, used: Sequence[Card]) -> list[Card]:
    pool = [c for c in DECK if c not in set(used)]
    return rng.sample(pool, k)


def _deal(rng: random.Random, spec: str) -> tuple[list[Card], Card]:
    """Four cards and a starter with the feature ``spec`` (or at random)."""
    if spec == "flush":  # a four-card flush, the starter of another suit
        suit = rng.choice("CDHS")
        hand = rng.sample([c for c in DECK if c.suit == suit], 4)
        starter = rng.choice([c for c in DECK if c.suit != suit])
        return hand, starter
    if spec == "flush5":
        suit = rng.choice("CDHS")
        five = rng.sample([c for c in DECK if c.suit == suit], 5)
        return five[:4], five[4]
    if spec == "nobs":
        jack = rng.choice([c for c in DECK if c.rank == 11])
        starter = rng.choice([c for c in DECK if c.suit == jack.suit and c.rank != 11])
        others = _rest(rng, 3, [jack, starter])
        hand = [*others, jack]
        rng.shuffle(hand)
        return hand, starter
    if spec in ("double run", "double double run", "triple run", "run4", "run5", "pair royal"):
        low = rng.randint(1, 9)
        ranks = {
            "double run": [low, low + 1, low + 1, low + 2],
            "double double run": [low, low, low + 1, low + 1, low + 2],
            "triple run": [low, low, low, low + 1, low + 2],
            "run4": [low, low + 1, low + 2, low + 3],
            "run5": [low, low + 1, low + 2, low + 3, low + 4],
            "pair royal": [low + 2, low + 2, low + 2],
        }[spec]
        used: set[Card] = set()
        cards: list[Card] = []
        for r in ranks:
            (c,) = _of_ranks(rng, [r], used)
            used.add(c)
            cards.append(c)
        cards += _rest(rng, 5 - len(cards), cards)
        rng.shuffle(cards)
        return cards[:4], cards[4]
    if spec == "fives":  # three fives and a ten-card: a big hand
        fives = rng.sample([c for c in DECK if c.rank == 5], 3)
        ten = rng.choice([c for c in DECK if c.value == 10])
        cards = [*fives, ten, *_rest(rng, 1, [*fives, ten])]
        rng.shuffle(cards)
        return cards[:4], cards[4]
    cards = rng.sample(DECK, 5)
    return cards[:4], cards[4]


# (spec, is_crib) for each worksheet; the rest of the 20 are random hands
_WORKSHEET_SPECS: dict[int, list[tuple[str, bool]]] = {
    1: [
        ("flush", False),
        ("nobs", False),
        ("double run", False),
        ("run4", False),
        ("pair royal", False),
        ("fives", False),
    ],
    2: [
        ("flush", True),
        ("flush5", True),
        ("nobs", True),
        ("double double run", False),
        ("triple run", False),
        ("run5", False),
        ("flush5", False),
        ("nobs", False),
        ("random", True),
        ("random", True),
        ("random", True),
    ],
}
HANDS_PER_WORKSHEET = 20


def worksheet_hands(n: int, seed: int) -> list[Score]:
    """Worksheet ``n``'s 20 hands (1: hands only; 2: hands and cribs with the traps),
    scored by :func:`crib.rules.scoring.score_hand`.

    >>> [s.total for s in worksheet_hands(1, 7)] == [s.total for s in worksheet_hands(1, 7)]
    True
    """
    if n not in _WORKSHEET_SPECS:
        raise CribError(f"there are worksheets 1 and 2, not {n}")
    rng = random.Random(f"crib-worksheet-{n}-{seed}")
    specs = list(_WORKSHEET_SPECS[n])
    specs += [("random", False)] * (HANDS_PER_WORKSHEET - len(specs))
    out: list[Score] = []
    seen: set[frozenset[Card]] = set()
    for spec, crib in specs:
        for _ in range(100):
            hand, starter = _deal(rng, spec)
            key = frozenset([*hand, starter])
            s = score_hand(hand, starter, is_crib=crib)
            # a random hand is kept only if it scores (one "nineteen" a sheet at most)
            zeros = sum(x.total == 0 for x in out)
            if key not in seen and (s.total > 0 or zeros == 0):
                break
        seen.add(key)
        out.append(s)
    rng.shuffle(out)
    return out


# --- pegging ---------------------------------------------------------------------------


def _random_pile(rng: random.Random) -> list[Card] | None:
    """A sub-round's pile: mostly near ranks and repeats, so pairs and runs occur."""
    n = rng.randint(2, 6)
    pile = [rng.choice(DECK)]
    while len(pile) < n:
        last = pile[-1].rank
        roll = rng.random()
        if roll < 0.25:
            rank = last
        elif roll < 0.65:
            rank = min(13, max(1, last + rng.choice((-2, -1, 1, 2))))
        else:
            rank = rng.randint(1, 13)
        choices = [c for c in DECK if c.rank == rank and c not in pile]
        if not choices:
            return None
        pile.append(rng.choice(choices))
    return pile if sum(c.value for c in pile) <= 31 else None


def _category(p: PegScore) -> str:
    kinds = [c.kind for c in p.components]
    if len(kinds) > 1:
        return "combo"
    if kinds:
        if kinds[0] == "run":
            ranks = [c.rank for c in p.components[0].cards]
            return "run" if ranks in (sorted(ranks), sorted(ranks, reverse=True)) else "run mixed"
        return kinds[0]
    ranks = [c.rank for c in p.pile]
    if ranks[-1] in ranks[:-2] or len(ranks) >= 4:
        return "trap"  # a pair with a card between, or cards that look like a run but are not
    return "none"


_PEG_QUOTA = {
    "fifteen": 3,
    "thirty-one": 2,
    "pair": 2,
    "pair royal": 1,
    "run": 2,
    "run mixed": 3,
    "combo": 3,
    "trap": 2,
    "none": 2,
}
PEG_ROWS = sum(_PEG_QUOTA.values())


def pegging_rows(seed: int) -> list[PegScore]:
    """The pegging worksheet's 20 rows: a sub-round's pile whose last card was just
    played, scored by :func:`crib.rules.scoring.score_pegging`, in a seeded mix
    (fifteens, 31s, pairs, a pair royal, runs in and out of order, combinations,
    traps and nothing)."""
    rng = random.Random(f"crib-pegging-{seed}")
    want = dict(_PEG_QUOTA)
    out: list[PegScore] = []
    seen: set[tuple[Card, ...]] = set()
    for _ in range(200_000):
        if not any(want.values()):
            break
        pile = _random_pile(rng)
        if pile is None or tuple(pile) in seen:
            continue
        p = score_pegging(pile)
        cat = _category(p)
        if want.get(cat, 0) > 0:
            want[cat] -= 1
            seen.add(tuple(pile))
            out.append(p)
    else:  # pragma: no cover - the mix is reached in a few thousand draws
        raise CribError("could not draw the pegging worksheet's mix")
    rng.shuffle(out)
    return out
