"""Counting questions: the climbing levels (fifteens only, + pairs, + runs, + flush and
nobs), easy, typical and tricky deals, and their grading."""

from __future__ import annotations

from crib.course.questions.base import MAX_TRIES, AnswerError, Result, _draw, _perm, _shuffle
from crib.course.questions.types import CountQuestion
from crib.errors import CribError
from crib.i18n import N_
from crib.rules.cards import DECK, Card
from crib.rules.fairness import HashRng
from crib.rules.scoring import Score, score_hand

__all__ = ["LEVELS", "LEVEL_NAMES", "TRICKS", "counting_question", "question_score", "grade_count"]

LEVELS = ("fifteens", "pairs", "runs", "flush", "easy", "typical", "tricky")
LEVEL_NAMES = {
    "fifteens": N_("fifteens only"),
    "pairs": N_("+ pairs"),
    "runs": N_("+ runs"),
    "flush": N_("+ flush and nobs"),
    "easy": N_("easy"),
    "typical": N_("typical"),
    "tricky": N_("tricky"),
}
# the kinds of points each climbing level may hold, and the one it adds
_LEVEL_KINDS = {
    "fifteens": ({"fifteen"}, "fifteen"),
    "pairs": ({"fifteen", "pair"}, "pair"),
    "runs": ({"fifteen", "pair", "run"}, "run"),
    "flush": ({"fifteen", "pair", "run", "flush", "nobs"}, "flush or nobs"),
}
_LEVEL_OBJECTIVE = {"fifteens": "L1", "pairs": "L1", "runs": "L2", "flush": "L2"}
TRICKS = ("double run", "flush trap", "nobs trap", "28 or 29")

# --- counting ------------------------------------------------------------------


def question_score(q: CountQuestion) -> Score:
    """The breakdown of a counting question."""
    return score_hand(q.hand, q.starter, is_crib=q.crib)


def _tricky(rng: HashRng, trick: str) -> tuple[list[Card], Card, bool]:
    suits = "CDHS"
    if trick == "28 or 29":
        s = [suits[i] for i in _perm(rng, 4)]
        if rng.random() < 0.5:  # 29: three fives, the jack of the fifth five's suit
            hand = [Card(5, s[0]), Card(5, s[1]), Card(5, s[2]), Card(11, s[3])]
            return _shuffle(rng, hand), Card(5, s[3]), False
        ten = Card(10 + rng.randrange(4), suits[rng.randrange(4)])
        hand = [Card(5, x) for x in s]
        if rng.random() < 0.5:  # four fives in hand and a ten-card starter
            return _shuffle(rng, hand), ten, False
        # three fives and a ten-card in hand, the fourth five cut (not the jack's suit: 28)
        if ten.rank == 11:
            ten = Card(10, ten.suit)
        return _shuffle(rng, [*hand[:3], ten]), hand[3], False
    while True:
        cards = _draw(rng, 5)
        hand, starter = cards[:4], cards[4]
        is_crib = rng.random() < 0.5
        if trick == "flush trap":
            suit = suits[rng.randrange(4)]
            same = [c for c in DECK if c.suit == suit]
            hand = [same.pop(rng.randrange(len(same))) for _ in range(4)]
            starter = _draw(rng, 1, hand)[0]
        s = score_hand(hand, starter, is_crib=is_crib)
        kinds = {c.kind for c in s.components}
        if trick == "double run" and len(s.runs) >= 2:
            return hand, starter, is_crib
        if trick == "flush trap" and (is_crib or "flush" in kinds):
            return hand, starter, is_crib
        if trick == "nobs trap":
            jacks = [c for c in hand if c.rank == 11]
            if jacks:
                # half the time the starter matches the jack (nobs), half it does not
                want = rng.random() < 0.5
                suit = jacks[0].suit if want else next(x for x in suits if x != jacks[0].suit)
                rest = [c for c in DECK if c.suit == suit and c not in hand]
                return hand, rest[rng.randrange(len(rest))], is_crib


def counting_question(
    seed: int, index: int, *, level: str = "typical", crib: bool | None = None, holds: str = ""
) -> CountQuestion:
    """A hand (or crib) and a starter to count.

    The climbing levels hold only the kinds of points learnt so far, and most of their
    deals (three in four) hold the kind the level adds: ``fifteens`` (fifteens only),
    ``pairs`` (+ pairs), ``runs`` (+ runs), ``flush`` (+ flush and nobs).  ``easy``: 8
    points or fewer, no flush; ``typical``: any deal; ``tricky``: a double run, a
    flush trap (a crib with four of a suit), a nobs trap, or a 28/29 hand.  ``holds`` (a
    climbing level's kind: "fifteen", "pair", "run", "flush" or "nobs") makes every deal
    hold that kind: a lesson's flush item holds a flush.

    >>> q = counting_question(3, 0, level="fifteens")
    >>> {c.kind for c in question_score(q).components} <= {"fifteen"}, q.objective
    (True, 'L1')
    """
    if level not in LEVELS:
        raise CribError(f"unknown difficulty {level!r}: expected one of {', '.join(LEVELS)}")
    rng = HashRng(seed, f"count|{level}|{index}")
    trick = ""
    if level == "tricky":
        trick = TRICKS[rng.randrange(len(TRICKS))]
        hand, starter, is_crib = _tricky(rng, trick)
    elif level in _LEVEL_KINDS:
        hand, starter, is_crib = _climbing(rng, level, crib, holds)
    else:
        while True:
            cards = _draw(rng, 5)
            hand, starter = cards[:4], cards[4]
            is_crib = rng.random() < 0.25 if crib is None else crib
            s = score_hand(hand, starter, is_crib=is_crib)
            if level == "typical" or (s.total <= 8 and not s.of_kind("flush")):
                break
    if crib is not None and level == "tricky" and trick != "flush trap":
        is_crib = crib
    s = score_hand(hand, starter, is_crib=is_crib)
    return CountQuestion(
        hand=tuple(hand),
        starter=starter,
        crib=bool(is_crib),
        total=s.total,
        level=level,
        trick=trick,
        objective=_LEVEL_OBJECTIVE.get(level, "L2"),
    )


def _climbing(
    rng: HashRng, level: str, crib: bool | None, holds: str = ""
) -> tuple[list[Card], Card, bool]:
    allowed, new = _LEVEL_KINDS[level]
    if holds and holds not in allowed:
        raise CribError(f"a {LEVEL_NAMES[level]} deal cannot hold a {holds}")
    want_new = rng.random() < 0.75 or bool(holds)
    for _ in range(50 * MAX_TRIES):
        cards = _draw(rng, 5)
        hand, starter = cards[:4], cards[4]
        is_crib = rng.random() < 0.25 if crib is None else crib
        if holds == "flush":  # four of a suit in hand, the starter too in a crib
            suit = "CDHS"[rng.randrange(4)]
            same = [c for c in DECK if c.suit == suit]
            hand = [same.pop(rng.randrange(len(same))) for _ in range(4)]
            pool = same if is_crib else [c for c in DECK if c not in hand]
            starter = pool[rng.randrange(len(pool))]
        kinds = {c.kind for c in score_hand(hand, starter, is_crib=is_crib).components}
        if not kinds <= allowed:
            continue
        if holds:
            has_new = holds in kinds
        elif level == "flush":
            has_new = bool(kinds & {"flush", "nobs"})
        else:
            has_new = new in kinds
        if has_new or (not want_new and kinds):
            return hand, starter, is_crib
    raise CribError(f"no {LEVEL_NAMES[level]} deal found")  # pragma: no cover


def grade_count(q: CountQuestion, answer: str | int) -> Result:
    """Grade a count: the student's total against the breakdown."""
    from crib.course.questions.progress import classify_count_miss

    text = str(answer).strip()
    if not text.lstrip("-").isdigit():
        raise AnswerError(f"{text[:20]!r} is not a count: type a whole number from 0 to 29")
    given = int(text)
    if not 0 <= given <= 29:
        raise AnswerError(f"{given} is not a possible count: a hand scores 0 to 29")
    s = question_score(q)
    correct = given == s.total
    misses = () if correct else classify_count_miss(s, given)
    return Result(
        "count", str(given), correct, float(abs(s.total - given)), misses, {"total": s.total}
    )
