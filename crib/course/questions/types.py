"""The question kinds as frozen dataclasses, holding cards as :class:`~crib.rules.cards.Card`.

One class per kind: :class:`CountQuestion`, :class:`PegPointsQuestion`,
:class:`RulesQuestion`, :class:`DiscardQuestion` and :class:`PegQuestion` (a
:class:`~crib.rules.position.PeggingPosition`).  Text exists only at the edge: a class
session stores its questions as JSON objects (:meth:`Question.to_dict`), and
:func:`question_from_dict` reads them back, the older stored forms too (a counting
question with no level, a question with no objective).

>>> stored = dict(kind="count", hand="5H 5D 5C JS", starter="5S", crib=False, total=29)
>>> q = question_from_dict(stored)
>>> q.hand[3], q.starter, q.objective
(Card(11, 'S'), Card(5, 'S'), 'L2')
>>> question_from_dict(q.to_dict()) == q
True
>>> try:
...     question_from_dict({**stored, "hand": "5H 5D 5C XS"})
... except QuestionError as e:
...     said = str(e)
>>> said.split(": expected")[0]
"cannot read a stored count question: its hand: invalid card 'XS'"
>>> said.endswith("expected rank A,2-10,T,J,Q,K then suit C,D,H,S (or ♣♦♥♠)")
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from crib.errors import CribError
from crib.rules.cards import Card, cards_str, parse_card, parse_cards
from crib.rules.position import PeggingPosition

__all__ = [
    "QuestionError",
    "Question",
    "CountQuestion",
    "PegPointsQuestion",
    "PegPart",
    "RulesQuestion",
    "DiscardQuestion",
    "RankedThrow",
    "PegQuestion",
    "PlayOption",
    "question_from_dict",
]

T = TypeVar("T")


class QuestionError(CribError):
    """A stored question that cannot be read: an unknown kind, a missing field, a bad card."""


@dataclass(frozen=True, kw_only=True)
class Question:
    """What every kind shares: its ``kind`` (a class constant) and its lesson ``objective``
    ("L1".."L5")."""

    kind: ClassVar[str] = ""
    objective: str = "L4"

    def to_dict(self) -> dict[str, Any]:
        """The question as the JSON object a class session stores."""
        raise NotImplementedError  # pragma: no cover - every kind has its own


@dataclass(frozen=True, kw_only=True)
class CountQuestion(Question):
    """A hand (or crib) and a starter to count; ``total`` is its count."""

    kind: ClassVar[str] = "count"
    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    total: int
    level: str = ""
    trick: str = ""
    objective: str = "L2"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "count",
            "hand": cards_str(self.hand),
            "starter": str(self.starter),
            "crib": self.crib,
            "total": self.total,
            "level": self.level,
            "trick": self.trick,
            "objective": self.objective,
        }


@dataclass(frozen=True)
class PegPart:
    """One thing a card pegs: its kind ("fifteen", "pair"...), its cards, its points."""

    kind: str
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, kw_only=True)
class PegPointsQuestion(Question):
    """A series in the play and the card just laid: what it pegs (``points``, made of
    ``parts``) and the count it makes."""

    kind: ClassVar[str] = "pegpoints"
    pile: tuple[Card, ...]
    card: Card
    count_before: int
    count: int
    points: int
    parts: tuple[PegPart, ...]
    objective: str = "L3"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "pegpoints",
            "pile": cards_str(self.pile),
            "card": str(self.card),
            "count_before": self.count_before,
            "count": self.count,
            "best": str(self.points),
            "parts": [[p.kind, cards_str(p.cards), p.points] for p in self.parts],
            "objective": self.objective,
        }


@dataclass(frozen=True, kw_only=True)
class RulesQuestion(Question):
    """A question of the rules bank (:mod:`crib.course.rules_bank`) in ``lang``:
    ``choices[answer]`` (``best``) is right."""

    kind: ClassVar[str] = "rules"
    id: str = ""
    text: str
    choices: tuple[str, ...]
    answer: int
    best: str
    explain: str
    rule: str = ""
    lang: str = "en"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "rules",
            "id": self.id,
            "text": self.text,
            "choices": list(self.choices),
            "answer": self.answer,
            "best": self.best,
            "explain": self.explain,
            "objective": self.objective,
            "rule": self.rule,
            "lang": self.lang,
        }


@dataclass(frozen=True)
class RankedThrow:
    """One of the 15 throws of a discard question, with its expected values."""

    cards: tuple[Card, ...]
    ev: float
    hand_ev: float
    crib_ev: float


@dataclass(frozen=True, kw_only=True)
class DiscardQuestion(Question):
    """Six cards and a seat; ``ranking`` is the 15 throws, the ``best`` first."""

    kind: ClassVar[str] = "discard"
    six: tuple[Card, ...]
    dealer: bool
    best: tuple[Card, ...]
    ranking: tuple[RankedThrow, ...]
    gap: float
    explain: str
    model: str = ""
    objective: str = "L5"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "discard",
            "six": cards_str(self.six),
            "dealer": self.dealer,
            "best": cards_str(self.best),
            "ranking": [[cards_str(t.cards), t.ev, t.hand_ev, t.crib_ev] for t in self.ranking],
            "gap": self.gap,
            "explain": self.explain,
            "model": self.model,
            "objective": self.objective,
        }


@dataclass(frozen=True)
class PlayOption:
    """One card of a pegging question: the points it pegs now, its expected margin and
    the chance the margin is not negative."""

    card: Card
    now: int
    margin: float
    p_nonneg: float


@dataclass(frozen=True, kw_only=True)
class PegQuestion(Question):
    """A position in the play; ``options`` are the legal cards, the ``best`` first."""

    kind: ClassVar[str] = "peg"
    position: PeggingPosition
    best: Card
    options: tuple[PlayOption, ...]
    gap: float
    model: str = ""
    objective: str = "L3"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "peg",
            "position": self.position.to_text(),
            "best": str(self.best),
            "options": [[str(o.card), o.now, o.margin, o.p_nonneg] for o in self.options],
            "gap": self.gap,
            "model": self.model,
            "objective": self.objective,
        }


# --- reading the stored form ------------------------------------------------------


def _count(d: Mapping[str, Any]) -> CountQuestion:
    hand, starter = (
        _read("hand", lambda: parse_cards(d["hand"])),
        _read("starter", lambda: parse_card(d["starter"])),
    )
    if "total" in d:
        total = int(d["total"])
    else:  # the count is the hand's: older forms may leave it out
        from crib.rules.scoring import score_hand

        total = score_hand(hand, starter, is_crib=bool(d["crib"])).total
    return CountQuestion(
        hand=hand,
        starter=starter,
        crib=bool(d["crib"]),
        total=total,
        level=d.get("level", ""),
        trick=d.get("trick", ""),
        **_objective(d),
    )


def _pegpoints(d: Mapping[str, Any]) -> PegPointsQuestion:
    parts = _read(
        "parts", lambda: tuple(PegPart(k, parse_cards(c), int(p)) for k, c, p in d["parts"])
    )
    return PegPointsQuestion(
        pile=_read("pile", lambda: parse_cards(d["pile"])),
        card=_read("card", lambda: parse_card(d["card"])),
        count_before=int(d["count_before"]),
        count=int(d["count"]),
        points=int(d["best"]),
        parts=parts,
        **_objective(d),
    )


def _rules(d: Mapping[str, Any]) -> RulesQuestion:
    return RulesQuestion(
        id=d.get("id", ""),
        text=d["text"],
        choices=tuple(d["choices"]),
        answer=int(d["answer"]),
        best=d["best"],
        explain=d["explain"],
        rule=d.get("rule", ""),
        lang=d.get("lang", "en"),
        **_objective(d),
    )


def _discard(d: Mapping[str, Any]) -> DiscardQuestion:
    ranking = _read(
        "ranking",
        lambda: tuple(
            RankedThrow(parse_cards(t), ev, hand_ev, crib_ev)
            for t, ev, hand_ev, crib_ev in d["ranking"]
        ),
    )
    return DiscardQuestion(
        six=_read("six", lambda: parse_cards(d["six"])),
        dealer=bool(d["dealer"]),
        best=_read("best", lambda: parse_cards(d["best"])),
        ranking=ranking,
        gap=d["gap"],
        explain=d["explain"],
        model=d.get("model", ""),
        **_objective(d),
    )


def _peg(d: Mapping[str, Any]) -> PegQuestion:
    options = _read(
        "options",
        lambda: tuple(
            PlayOption(parse_card(c), now, margin, p) for c, now, margin, p in d["options"]
        ),
    )
    return PegQuestion(
        position=_read("position", lambda: PeggingPosition.parse(d["position"])),
        best=_read("best", lambda: parse_card(d["best"])),
        options=options,
        gap=d["gap"],
        model=d.get("model", ""),
        **_objective(d),
    )


_READERS: dict[str, Callable[[Mapping[str, Any]], Question]] = {
    "count": _count,
    "pegpoints": _pegpoints,
    "rules": _rules,
    "discard": _discard,
    "peg": _peg,
}


def _objective(d: Mapping[str, Any]) -> dict[str, str]:
    """The stored objective, if any (older questions have none: the kind's default)."""
    return {"objective": d["objective"]} if d.get("objective") else {}


def _read(field: str, read: Callable[[], T]) -> T:
    """A field read from its text, a bad card or position named by the field it is in."""
    try:
        return read()
    except CribError as e:
        raise QuestionError(f"its {field}: {e}") from e


def question_from_dict(d: Mapping[str, Any] | Question) -> Question:
    """A stored question (a JSON object, as :meth:`Question.to_dict` gives it, or an older
    form) as its dataclass; a question already typed is returned as it is."""
    if isinstance(d, Question):
        return d
    kind = d.get("kind") if isinstance(d, Mapping) else None
    if kind not in _READERS:
        raise QuestionError(
            f"cannot read a stored question of kind {kind!r}: expected one of {', '.join(_READERS)}"
        )
    try:
        return _READERS[kind](d)
    except QuestionError as e:
        raise QuestionError(f"cannot read a stored {kind} question: {e}") from e.__cause__
    except (KeyError, TypeError, ValueError) as e:
        what = f"it has no {e.args[0]!r}" if isinstance(e, KeyError) else str(e)
        raise QuestionError(f"cannot read a stored {kind} question: {what}") from e
