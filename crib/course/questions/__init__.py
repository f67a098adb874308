"""Seeded question sets: counting, discard and pegging, graded by crib's own analysis.

A question is a frozen dataclass, one per kind (:mod:`crib.course.questions.types`),
holding its cards as :class:`~crib.rules.cards.Card`; a class session stores it as a
JSON object (:meth:`~crib.course.questions.types.Question.to_dict`), so every student
who joins a session sees the same deals in the same order.  Every draw comes from
:class:`crib.rules.fairness.HashRng` on ``(seed, kind, index)``.

Discard and pegging questions avoid near-ties: a deal is kept only when the best
answer beats the second best by at least ``margin`` points (expected value for a
throw, expected margin for a play), so a quiz never marks a correct judgment wrong.

>>> q = counting_question(7, 0, level="tricky")
>>> q == counting_question(7, 0, level="tricky")
True
>>> five = question_from_dict(
...     dict(kind="count", hand="5H 5D 5C JS", starter="5S", crib=False, total=29)
... )
>>> grade_count(five, "28").correct
False
>>> grade_count(five, "lots")
Traceback (most recent call last):
...
crib.course.questions.base.AnswerError: 'lots' is not a count: type a whole number from 0 to 29
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from crib.analysis.discard import analyze_discard, rank_throws_fast
from crib.analysis.models import UNIFORM
from crib.analysis.play import analyze_play
from crib.course.questions import types as _types
from crib.course.questions.base import MAX_TRIES, AnswerError, Result, _draw
from crib.course.questions.counting import (
    LEVEL_NAMES,
    LEVELS,
    TRICKS,
    counting_question,
    grade_count,
    question_score,
)
from crib.course.questions.kinds import (
    grade_pegpoints_answer,
    grade_rules_answer,
    pegpoints_question,
    rules_question,
)
from crib.course.questions.types import *  # noqa: F403  (its __all__, re-exported below)
from crib.course.questions.types import (
    CountQuestion,
    DiscardQuestion,
    PegPointsQuestion,
    PegQuestion,
    PlayOption,
    Question,
    RankedThrow,
    RulesQuestion,
)
from crib.course.rules_bank import by_id
from crib.errors import CribError
from crib.i18n import N_, tr
from crib.rules.cards import Card, cards_pretty, cards_str, parse_card, parse_cards
from crib.rules.fairness import HashRng
from crib.rules.pegging import PegState
from crib.rules.position import PeggingPosition

__all__ = [
    "KINDS",
    "LEVELS",
    "LEVEL_NAMES",
    "TRICKS",
    "DISCARD_MARGIN",
    "PEG_MARGIN",
    "AnswerError",
    "Result",
    *_types.__all__,  # the question kinds (crib.course.questions.types)
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
    "count": N_("counting"),
    "pegpoints": N_("what it pegs"),
    "rules": N_("rules"),
    "discard": N_("discard"),
    "peg": N_("pegging"),
}
# the counting levels a course climbs (each adds one kind of points), then the old
# three: easy (8 or fewer, no flush), typical (any deal) and tricky (the traps)
DISCARD_MARGIN = 0.5  # the best throw beats the next by at least this much EV
PEG_MARGIN = 0.5  # the best play beats the next by at least this much expected margin


# --- discards -----------------------------------------------------------------


def discard_question(seed: int, index: int, *, margin: float = DISCARD_MARGIN) -> DiscardQuestion:
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
    return DiscardQuestion(
        six=tuple(six),
        dealer=dealer,
        best=tuple(a.best.throw),
        ranking=tuple(
            RankedThrow(tuple(t.throw), round(t.ev, 4), round(t.hand_ev, 4), round(t.crib_ev, 4))
            for t in a.throws
        ),
        gap=round(a.throws[0].ev - a.throws[1].ev, 4),
        explain=a.explain(0),
        model=a.model_note,
    )


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


def peg_question(seed: int, index: int, *, margin: float = PEG_MARGIN) -> PegQuestion:
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
    return PegQuestion(
        position=pos,
        best=cards[0].card,
        options=tuple(
            PlayOption(o.card, o.now, round(o.margin, 4), round(o.p_nonneg, 4)) for o in cards
        ),
        gap=round(cards[0].margin - cards[1].margin, 4),
        model=a.model_note,
    )


def objective_of(q: Question) -> str:
    """The lesson objective a question checks ("L1".."L5"; older stored questions, read
    by :func:`question_from_dict`: counting L2, pegging L3, discard L5)."""
    return q.objective


def make_questions(seed: int, spec: dict[str, int], *, level: str = "typical") -> list[Question]:
    """The question set of a session: ``spec`` maps kind to how many (``count``,
    ``pegpoints``, ``rules``, ``discard``, ``peg``), in that order.  The same seed and
    spec give the same set.
    """
    out: list[Question] = []
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


def make_assessment(name: str) -> list[Question]:
    """The course's pre-test or post-test: 15 questions, each tagged with its objective.

    Four counting hands, one per climbing level (two for L1, two for L2), two "what does
    it peg?" (L3), two rules questions for each of L1 to L4, and one discard (L5).  The
    forms are fixed (a seed per form), so a class's pre- and post-test scores compare.

    >>> [q.objective for q in make_assessment("pre-test")][:6]
    ['L1', 'L1', 'L2', 'L2', 'L3', 'L3']
    """
    if name not in ASSESSMENTS:
        raise CribError(f"unknown test {name!r}: expected one of {', '.join(ASSESSMENTS)}")
    seed = ASSESSMENTS[name]
    out: list[Question] = [
        counting_question(seed, 0, level=lv) for lv in ("fifteens", "pairs", "runs", "flush")
    ]
    out += [pegpoints_question(seed, i) for i in range(2)]
    for objective in ("L1", "L2", "L3", "L4"):
        out += [rules_question(seed, i, objective=objective) for i in range(2)]
    return [*out, replace(discard_question(seed, 0), objective="L5")]


# --- grading ------------------------------------------------------------------


def grade_discard_answer(q: DiscardQuestion, throw: str | Sequence[Card]) -> Result:
    """Grade a throw: the EV it gives up against the best."""
    from crib.course.questions.progress import classify_discard_miss

    six = q.six
    cs = parse_cards(throw)  # text only when the throw comes typed
    if len(cs) != 2:
        raise AnswerError(f"pick exactly 2 cards to throw, got {len(cs)}")
    if any(c not in six for c in cs):
        bad = next(c for c in cs if c not in six)
        raise AnswerError(f"{bad.pretty} is not one of your six cards ({cards_str(six)})")
    key = tuple(sorted(cs, key=six.index))
    evs = {t.cards: t.ev for t in q.ranking}
    lost = round(q.ranking[0].ev - evs[key], 4)
    correct = key == q.best
    misses = () if correct else classify_discard_miss(q, key)
    return Result(
        "discard", cards_str(key), correct, lost, misses, {"best": cards_str(q.best)}, key
    )


def grade_peg_answer(q: PegQuestion, card: str | Card) -> Result:
    """Grade a play: the expected margin it gives up against the best card."""
    from crib.course.questions.progress import classify_peg_miss

    c = parse_card(card) if isinstance(card, str) else card
    pos = q.position
    if c not in pos.hand:
        raise AnswerError(f"{c.pretty} is not in your hand ({cards_str(pos.hand)})")
    if c not in pos.legal():
        raise AnswerError(f"{c.pretty} would take the count past 31: choose another card")
    by_rank = {o.card.rank: o.margin for o in q.options}
    lost = round(q.options[0].margin - by_rank[c.rank], 4)
    correct = c.rank == q.best.rank  # same rank, same play
    misses = () if correct else classify_peg_miss(q, c)
    return Result("peg", str(c), correct, lost, misses, {"best": str(q.best)}, (c,))


def grade(q: Question, answer: object) -> Result:
    """Grade any question."""
    if isinstance(q, CountQuestion):
        return grade_count(q, answer)  # type: ignore[arg-type]
    if isinstance(q, DiscardQuestion):
        return grade_discard_answer(q, answer)  # type: ignore[arg-type]
    if isinstance(q, PegQuestion):
        return grade_peg_answer(q, answer)  # type: ignore[arg-type]
    if isinstance(q, PegPointsQuestion):
        return grade_pegpoints_answer(q, answer)  # type: ignore[arg-type]
    if isinstance(q, RulesQuestion):
        return grade_rules_answer(q, answer)  # type: ignore[arg-type]
    raise CribError(f"unknown question kind {getattr(q, 'kind', q)!r}")


def describe_question(q: Question, lang: str = "en") -> str:
    """One line naming the deal, for tables, in ``lang``.

    >>> q = question_from_dict(
    ...     dict(kind="count", hand="5H 5D 5C JS", starter="5S", crib=False, total=29)
    ... )
    >>> describe_question(q)
    'count the hand 5♥ 5♦ 5♣ J♠ | 5♠'
    >>> describe_question(replace(q, crib=True), "fr")
    'compter le crib 5♥ 5♦ 5♣ J♠ | 5♠'
    """
    _ = tr(lang)
    if isinstance(q, CountQuestion):
        what = _("count the crib {cards}") if q.crib else _("count the hand {cards}")
        return what.format(cards=f"{cards_pretty(q.hand)} | {q.starter.pretty}")
    if isinstance(q, DiscardQuestion):
        seat = _("{cards} as dealer") if q.dealer else _("{cards} as pone")
        return seat.format(cards=cards_pretty(q.six))
    if isinstance(q, PegPointsQuestion):
        return _("what {card} pegs on {pile} (count {count})").format(
            card=q.card.pretty, pile=cards_pretty(q.pile), count=q.count_before
        )
    if isinstance(q, RulesQuestion):
        text = q.text if q.lang == lang or not q.id else by_id(q.id, lang).text
        return _("rules: {text}").format(text=text)
    pos = q.position  # type: ignore[attr-defined]
    if pos.pile:
        return _("play from {hand}, pile {pile} (count {count})").format(
            hand=cards_pretty(pos.hand), pile=cards_pretty(pos.pile), count=pos.count
        )
    return _("play from {hand}, to lead").format(hand=cards_pretty(pos.hand))
