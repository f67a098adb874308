"""Seeded question sets: counting, discard and pegging, graded by crib's own analysis.

A question is a plain JSON object (it is stored with its class session), so every
student who joins a session sees the same deals in the same order.  Every draw
comes from :class:`crib.rules.fairness.HashRng` on ``(seed, kind, index)``.

Discard and pegging questions avoid near-ties: a deal is kept only when the best
answer beats the second best by at least ``margin`` points (expected value for a
throw, expected margin for a play), so a quiz never marks a correct judgment wrong.

>>> q = counting_question(7, 0, level="tricky")
>>> q == counting_question(7, 0, level="tricky")
True
>>> grade_count(dict(kind="count", hand="5H 5D 5C JS", starter="5S", crib=False, total=29), "28").correct
False
>>> grade_count(dict(kind="count", hand="5H 5D 5C JS", starter="5S", crib=False, total=29), "lots")
Traceback (most recent call last):
...
crib.teach.quiz.AnswerError: 'lots' is not a count: type a whole number from 0 to 29
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from crib.analysis.discard import analyze_discard, rank_throws_fast
from crib.analysis.models import UNIFORM
from crib.analysis.play import analyze_play
from crib.errors import CribError
from crib.rules.cards import DECK, Card, cards_pretty, cards_str, parse_card, parse_cards
from crib.rules.fairness import HashRng
from crib.rules.pegging import PegState
from crib.rules.position import PeggingPosition
from crib.rules.scoring import Score, score_hand, score_pegging
from crib.teach.rules_bank import BANK, OBJECTIVES, by_id

__all__ = [
    "KINDS",
    "LEVELS",
    "DISCARD_MARGIN",
    "PEG_MARGIN",
    "AnswerError",
    "Result",
    "counting_question",
    "discard_question",
    "peg_question",
    "pegpoints_question",
    "rules_question",
    "objective_of",
    "make_questions",
    "ASSESSMENTS",
    "make_assessment",
    "grade",
    "grade_count",
    "grade_discard_answer",
    "grade_peg_answer",
    "grade_pegpoints_answer",
    "grade_rules_answer",
    "question_score",
    "describe_question",
]

KINDS = ("count", "pegpoints", "rules", "discard", "peg")
KIND_NAMES = {
    "count": "counting",
    "pegpoints": "what it pegs",
    "rules": "rules",
    "discard": "discard",
    "peg": "pegging",
}
# the counting levels a course climbs (each adds one kind of points), then the old
# three: easy (8 or fewer, no flush), typical (any deal) and tricky (the traps)
LEVELS = ("fifteens", "pairs", "runs", "flush", "easy", "typical", "tricky")
LEVEL_NAMES = {
    "fifteens": "fifteens only",
    "pairs": "+ pairs",
    "runs": "+ runs",
    "flush": "+ flush and nobs",
    "easy": "easy",
    "typical": "typical",
    "tricky": "tricky",
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
DISCARD_MARGIN = 0.5  # the best throw beats the next by at least this much EV
PEG_MARGIN = 0.5  # the best play beats the next by at least this much expected margin
MAX_TRIES = 400


class AnswerError(CribError):
    """An answer that is not of the right form (not a count, not two of the six cards...)."""


def _draw(rng: HashRng, k: int, exclude: Iterable[Card] = ()) -> list[Card]:
    pool = [c for c in DECK if c not in set(exclude)]
    out = []
    for _ in range(k):
        out.append(pool.pop(rng.randrange(len(pool))))
    return out


# --- counting ------------------------------------------------------------------


def question_score(q: dict) -> Score:
    """The breakdown of a counting question."""
    return score_hand(q["hand"], q["starter"], is_crib=bool(q["crib"]))


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


def _perm(rng: HashRng, n: int) -> list[int]:
    xs = list(range(n))
    return [xs.pop(rng.randrange(len(xs))) for _ in range(n)]


def _shuffle(rng: HashRng, xs: Sequence[Card]) -> list[Card]:
    return [xs[i] for i in _perm(rng, len(xs))]


def counting_question(
    seed: int, index: int, *, level: str = "typical", crib: bool | None = None
) -> dict:
    """A hand (or crib) and a starter to count.

    The climbing levels hold only the kinds of points learnt so far, and most of their
    deals (three in four) hold the kind the level adds: ``fifteens`` (fifteens only),
    ``pairs`` (+ pairs), ``runs`` (+ runs), ``flush`` (+ flush and nobs).  ``easy``: 8
    points or fewer, no flush; ``typical``: any deal; ``tricky``: a double run, a
    flush trap (a crib with four of a suit), a nobs trap, or a 28/29 hand.

    >>> q = counting_question(3, 0, level="fifteens")
    >>> {c.kind for c in question_score(q).components} <= {"fifteen"}, q["objective"]
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
        hand, starter, is_crib = _climbing(rng, level, crib)
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
    return {
        "kind": "count",
        "hand": cards_str(hand),
        "starter": str(starter),
        "crib": bool(is_crib),
        "total": s.total,
        "level": level,
        "trick": trick,
        "objective": _LEVEL_OBJECTIVE.get(level, "L2"),
    }


def _climbing(rng: HashRng, level: str, crib: bool | None) -> tuple[list[Card], Card, bool]:
    allowed, new = _LEVEL_KINDS[level]
    want_new = rng.random() < 0.75
    for _ in range(50 * MAX_TRIES):
        cards = _draw(rng, 5)
        hand, starter = cards[:4], cards[4]
        is_crib = rng.random() < 0.25 if crib is None else crib
        kinds = {c.kind for c in score_hand(hand, starter, is_crib=is_crib).components}
        if not kinds <= allowed:
            continue
        has_new = bool(kinds & {"flush", "nobs"}) if level == "flush" else new in kinds
        if has_new or (not want_new and kinds):
            return hand, starter, is_crib
    raise CribError(f"no {LEVEL_NAMES[level]} deal found")  # pragma: no cover


# --- discards -----------------------------------------------------------------


def discard_question(seed: int, index: int, *, margin: float = DISCARD_MARGIN) -> dict:
    """Six cards and a seat whose best throw is clear by ``margin`` (exact crib model)."""
    rng = HashRng(seed, f"discard|{index}")
    for _ in range(MAX_TRIES):
        six = _draw(rng, 6)
        dealer = rng.random() < 0.5
        ranked = rank_throws_fast(six, dealer)
        if ranked[0][2] - ranked[1][2] >= margin:
            break
    else:  # pragma: no cover - a clear hand turns up within a few dozen deals
        raise CribError(f"no discard clear by {margin} within {MAX_TRIES} deals")
    a = analyze_discard(six, dealer=dealer, model=UNIFORM)
    return {
        "kind": "discard",
        "six": cards_str(six),
        "dealer": dealer,
        "best": a.best.throw_str,
        "ranking": [
            [t.throw_str, round(t.ev, 4), round(t.hand_ev, 4), round(t.crib_ev, 4)]
            for t in a.throws
        ],
        "gap": round(a.throws[0].ev - a.throws[1].ev, 4),
        "explain": a.explain(0),
        "model": a.model_note,
    }


# --- pegging ------------------------------------------------------------------


def _random_position(rng: HashRng) -> PeggingPosition | None:
    cards = _draw(rng, 13)
    six_me, six_opp, starter = cards[:6], cards[6:12], cards[12]
    i_deal = rng.random() < 0.5
    keep_me = rank_throws_fast(six_me, i_deal)[0]
    keep_opp = rank_throws_fast(six_opp, not i_deal)[0]
    state = PegState.start((keep_me[1], keep_opp[1]), pone=1 if i_deal else 0)
    stop_after = 1 + rng.randrange(5)  # cards played before the question
    while not state.done:
        played = len(state.played)
        legal = state.legal()
        if state.turn == 0 and played >= stop_after and len({c.rank for c in legal}) >= 2:
            previous = [c for _p, c in state.played if c not in state.pile]
            try:
                return PeggingPosition(
                    hand=state.hands[0],
                    pile=state.pile,
                    previous=previous,
                    starter=starter,
                    discards=keep_me[0],
                    opp_count=len(state.hands[1]),
                    opp_go=state.said_go[1],
                )
            except CribError:
                return None
        card = legal[rng.randrange(len(legal))] if legal else None
        state, _rec = state.play(card)
    return None


def peg_question(seed: int, index: int, *, margin: float = PEG_MARGIN) -> dict:
    """A position in the play whose best card is clear by ``margin`` (exact minimax)."""
    rng = HashRng(seed, f"peg|{index}")
    for _ in range(MAX_TRIES):
        pos = _random_position(rng)
        if pos is None:
            continue
        a = analyze_play(pos, model=UNIFORM)
        cards = [o for o in a.options if o.card is not None]
        if len(cards) >= 2 and cards[0].margin - cards[1].margin >= margin:
            break
    else:  # pragma: no cover
        raise CribError(f"no pegging position clear by {margin} within {MAX_TRIES} tries")
    return {
        "kind": "peg",
        "position": pos.to_text(),
        "best": str(cards[0].card),
        "options": [[str(o.card), o.now, round(o.margin, 4), round(o.p_nonneg, 4)] for o in cards],
        "gap": round(cards[0].margin - cards[1].margin, 4),
        "model": a.model_note,
    }


# --- what does this card peg? -------------------------------------------------


def pegpoints_question(seed: int, index: int) -> dict:
    """A series in the play and the card just laid on it: what does it peg?

    The learner says the new count and the points (or the points alone); the answer
    shows the breakdown.  Three deals in four score something (a fifteen, 31, a pair
    or better, a run), so the question is worth thinking about.

    >>> q = pegpoints_question(4, 0)
    >>> score_pegging(q["pile"] + " " + q["card"]).total == int(q["best"])
    True
    """
    rng = HashRng(seed, f"pegpoints|{index}")
    want_points = rng.random() < 0.75
    while True:
        cards = _draw(rng, 10)
        pile: list[Card] = []
        for c in cards:
            if sum(x.value for x in pile) + c.value > 31:
                break
            pile.append(c)
            if len(pile) >= 2 + rng.randrange(6):
                break
        if len(pile) < 2:
            continue
        score = score_pegging(pile)
        if (score.total > 0) == want_points:
            break
    *before, card = pile
    return {
        "kind": "pegpoints",
        "pile": cards_str(before),
        "card": str(card),
        "count_before": sum(c.value for c in before),
        "count": score.count,
        "best": str(score.total),
        "parts": [[c.kind, cards_str(c.cards), c.points] for c in score.components],
        "objective": "L3",
    }


def _pegpoints_answer(text: str) -> tuple[int | None, int]:
    """``"21 for 2"``, ``"21 2"`` or ``"2"`` as (count or None, points)."""
    words = text.replace(",", " ").replace("for", " ").split()
    if not words or len(words) > 2 or not all(w.isdigit() for w in words):
        raise AnswerError(
            f"{text[:20]!r} is not an answer: type the points (2), or the count and the "
            "points (21 for 2)"
        )
    if len(words) == 1:
        return None, int(words[0])
    return int(words[0]), int(words[1])


def grade_pegpoints_answer(q: dict, answer: str | int) -> Result:
    """Grade what a card pegs: the points, and the count when one is given."""
    count, points = _pegpoints_answer(str(answer).strip())
    if count is not None and not 1 <= count <= 31:
        raise AnswerError(f"{count} is not a count in the play: the count runs from 1 to 31")
    if not 0 <= points <= 14:
        raise AnswerError(f"{points} is not possible: one card pegs 0 to 14 points")
    want = int(q["best"])
    misses = []
    if count is not None and count != q["count"]:
        misses.append(f"the count is {q['count']}")
    if points != want:
        kinds = [k for k, _c, _p in q["parts"]]
        misses.append(f"missed the {', '.join(kinds)}" if points < want and kinds else
                      "counted points that are not there")
    return Result("pegpoints", str(points), not misses, float(abs(points - want)), tuple(misses),
                  {"total": want, "count": q["count"]})


# --- rules --------------------------------------------------------------------


def rules_question(
    seed: int, index: int, *, objective: str | None = None, lang: str = "en"
) -> dict:
    """A question from the rules bank (:mod:`crib.teach.rules_bank`), without repeats
    within a set of the bank's size; ``objective`` ("L1".."L5") keeps that lesson's.

    >>> q = rules_question(1, 0)
    >>> q["choices"][q["answer"]] == q["best"]
    True
    """
    if objective is not None and objective not in OBJECTIVES:
        raise CribError(f"unknown objective {objective!r}: expected one of {', '.join(OBJECTIVES)}")
    pool = [q for q in BANK if objective is None or q.objective == objective]
    rng = HashRng(seed, f"rules|{objective or ''}|{index // len(pool)}")
    order = _perm(rng, len(pool))
    rq = by_id(pool[order[index % len(pool)]].id, lang)
    return {
        "kind": "rules",
        "id": rq.id,
        "text": rq.text,
        "choices": list(rq.choices),
        "answer": rq.answer,
        "best": rq.choices[rq.answer],
        "explain": rq.explain,
        "objective": rq.objective,
        "rule": rq.rule,
        "lang": lang,
    }


def grade_rules_answer(q: dict, answer: str | int) -> Result:
    """Grade a rules answer, given as the choice's number (from 1), letter or text."""
    choices = list(q["choices"])
    text = str(answer).strip()
    if isinstance(answer, int) or text.isdigit():
        k = int(text) - 1
    elif len(text) == 1 and text.isalpha():
        k = ord(text.lower()) - ord("a")
    else:
        k = next((i for i, c in enumerate(choices) if c.lower() == text.lower()), -1)
    if not 0 <= k < len(choices):
        raise AnswerError(
            f"{text[:20]!r} is not one of the choices: pick 1 to {len(choices)}"
        )
    correct = k == q["answer"]
    misses = () if correct else (f"rule: {q['rule']}",)
    return Result("rules", choices[k], correct, 0.0 if correct else 1.0, misses,
                  {"best": q["best"], "explain": q["explain"]})


def objective_of(q: dict) -> str:
    """The lesson objective a question checks ("L1".."L5"; older stored questions:
    counting L2, pegging L3, discard L5)."""
    return q.get("objective") or {"count": "L2", "peg": "L3", "discard": "L5"}.get(q["kind"], "L4")


def make_questions(seed: int, spec: dict[str, int], *, level: str = "typical") -> list[dict]:
    """The question set of a session: ``spec`` maps kind to how many (``count``,
    ``pegpoints``, ``rules``, ``discard``, ``peg``), in that order.  The same seed and
    spec give the same set.
    """
    out: list[dict] = []
    for kind, n in spec.items():
        if kind not in KINDS:
            raise CribError(f"unknown question kind {kind!r}: expected one of {', '.join(KINDS)}")
        if not isinstance(n, int) or not 0 <= n <= 50:
            raise CribError(f"how many {KIND_NAMES[kind]} questions: 0 to 50, got {n!r}")
    for kind in KINDS:
        for i in range(spec.get(kind, 0)):
            if kind == "count":
                out.append(counting_question(seed, i, level=level))
            elif kind == "pegpoints":
                out.append(pegpoints_question(seed, i))
            elif kind == "rules":
                out.append(rules_question(seed, i))
            elif kind == "discard":
                out.append(discard_question(seed, i))
            else:
                out.append(peg_question(seed, i))
    if not out:
        raise CribError("choose at least one question")
    return out


# --- pre-test and post-test ---------------------------------------------------

# two parallel forms: the same objectives and kinds, different deals and questions
ASSESSMENTS = {"pre-test": 1701, "post-test": 2602}


def make_assessment(name: str) -> list[dict]:
    """The course's pre-test or post-test: 14 questions, each tagged with its objective.

    One counting hand per climbing level (L1, L2), two "what does it peg?" (L3), two
    rules questions for each of L1 to L4, and one discard (L5).  The forms are fixed
    (a seed per form), so a class's pre- and post-test scores compare.

    >>> [q["objective"] for q in make_assessment("pre-test")][:6]
    ['L1', 'L1', 'L2', 'L2', 'L3', 'L3']
    """
    if name not in ASSESSMENTS:
        raise CribError(f"unknown test {name!r}: expected one of {', '.join(ASSESSMENTS)}")
    seed = ASSESSMENTS[name]
    out = [counting_question(seed, 0, level=lv) for lv in ("fifteens", "pairs", "runs", "flush")]
    out += [pegpoints_question(seed, i) for i in range(2)]
    for objective in ("L1", "L2", "L3", "L4"):
        out += [rules_question(seed, i, objective=objective) for i in range(2)]
    d = discard_question(seed, 0)
    d["objective"] = "L5"
    return [*out, d]


# --- grading ------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """A graded answer: right or wrong, the points lost, the kinds of misses."""

    kind: str
    answer: str  # canonical form of what the student gave
    correct: bool
    lost: float  # points: counting error size, EV lost, or expected margin lost
    misses: tuple[str, ...] = ()
    detail: dict = field(default_factory=dict)

    @property
    def miss(self) -> str:
        return "; ".join(self.misses)


def grade_count(q: dict, answer: str | int) -> Result:
    """Grade a count: the student's total against the breakdown."""
    from crib.teach.progress import classify_count_miss

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


def grade_discard_answer(q: dict, throw: str | Sequence[Card]) -> Result:
    """Grade a throw: the EV it gives up against the best."""
    from crib.teach.progress import classify_discard_miss

    six = parse_cards(q["six"])
    cs = parse_cards(throw)
    if len(cs) != 2:
        raise AnswerError(f"pick exactly 2 cards to throw, got {len(cs)}")
    if any(c not in six for c in cs):
        bad = next(c for c in cs if c not in six)
        raise AnswerError(f"{bad.pretty} is not one of your six cards ({cards_str(six)})")
    key = cards_str(sorted(cs, key=six.index))
    evs = {t: ev for t, ev, *_ in q["ranking"]}
    best_ev = q["ranking"][0][1]
    lost = round(best_ev - evs[key], 4)
    correct = key == q["best"]
    misses = () if correct else classify_discard_miss(q, key)
    return Result("discard", key, correct, lost, misses, {"best": q["best"]})


def grade_peg_answer(q: dict, card: str | Card) -> Result:
    """Grade a play: the expected margin it gives up against the best card."""
    from crib.teach.progress import classify_peg_miss

    c = parse_card(card) if isinstance(card, str) else card
    pos = PeggingPosition.parse(q["position"])
    if c not in pos.hand:
        raise AnswerError(f"{c.pretty} is not in your hand ({cards_str(pos.hand)})")
    if c not in pos.legal():
        raise AnswerError(f"{c.pretty} would take the count past 31: choose another card")
    by_rank = {parse_card(x).rank: m for x, _now, m, _p in q["options"]}
    best_margin = q["options"][0][2]
    lost = round(best_margin - by_rank[c.rank], 4)
    correct = c.rank == parse_card(q["best"]).rank  # same rank, same play
    misses = () if correct else classify_peg_miss(q, c)
    return Result("peg", str(c), correct, lost, misses, {"best": q["best"]})


def grade(q: dict, answer: object) -> Result:
    """Grade any question."""
    kind = q.get("kind")
    if kind == "count":
        return grade_count(q, answer)  # type: ignore[arg-type]
    if kind == "discard":
        return grade_discard_answer(q, answer)  # type: ignore[arg-type]
    if kind == "peg":
        return grade_peg_answer(q, answer)  # type: ignore[arg-type]
    if kind == "pegpoints":
        return grade_pegpoints_answer(q, answer)  # type: ignore[arg-type]
    if kind == "rules":
        return grade_rules_answer(q, answer)  # type: ignore[arg-type]
    raise CribError(f"unknown question kind {kind!r}")


def describe_question(q: dict) -> str:
    """One line naming the deal, for tables.

    >>> describe_question(dict(kind="count", hand="5H 5D 5C JS", starter="5S", crib=False))
    'count the hand 5♥ 5♦ 5♣ J♠ | 5♠'
    """
    if q["kind"] == "count":
        what = "crib" if q["crib"] else "hand"
        return f"count the {what} {cards_pretty(parse_cards(q['hand']))} | {parse_card(q['starter']).pretty}"
    if q["kind"] == "discard":
        return f"{cards_pretty(parse_cards(q['six']))} as {'dealer' if q['dealer'] else 'pone'}"
    if q["kind"] == "pegpoints":
        pile = cards_pretty(parse_cards(q["pile"]))
        return f"what {parse_card(q['card']).pretty} pegs on {pile} (count {q['count_before']})"
    if q["kind"] == "rules":
        return f"rules: {q['text']}"
    pos = PeggingPosition.parse(q["position"])
    pile = f", pile {cards_pretty(pos.pile)} (count {pos.count})" if pos.pile else ", to lead"
    return f"play from {cards_pretty(pos.hand)}{pile}"
