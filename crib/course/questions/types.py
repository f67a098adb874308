"""The question kinds as frozen dataclasses, holding cards as :class:`~crib.rules.cards.Card`.

One class per kind: :class:`CountQuestion`, :class:`PegPointsQuestion`,
:class:`RulesQuestion`, :class:`DiscardQuestion` and :class:`PegQuestion` (a
:class:`~crib.rules.position.PeggingPosition`).  Text exists only at the edge: a class
session stores its questions as JSON objects (:meth:`Question.to_dict`), and
:func:`question_from_dict` reads them back, the older stored forms too (a counting
question with no level, a question with no objective).  Each field says once how it is
written and read back (:func:`stored`), and each kind is named once, in its class line.

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
from dataclasses import MISSING, Field, dataclass, field, fields, replace
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

from crib.errors import CribError
from crib.rules.cards import Card, cards_str, parse_card, parse_cards
from crib.rules.position import PeggingPosition

__all__ = [
    "QuestionError",
    "Question",
    "Stored",
    "stored",
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


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class Stored:
    """How a question keeps one of its fields in its stored form (its JSON object): under
    ``key`` (the field's name when ""), written by ``write`` and read back by ``read``."""

    key: str = ""
    write: Callable[[Any], Any] = _same
    read: Callable[[Any], Any] = _same


_PLAIN = Stored()


def stored(
    key: str = "", write: Callable[[Any], Any] = _same, read: Callable[[Any], Any] = _same
) -> Any:
    """A question's field kept in its stored form as :class:`Stored` says (a field declared
    without it is kept under its name, as it is)."""
    return field(metadata={"stored": Stored(key, write, read)})


def _cards() -> Any:
    return stored(write=cards_str, read=parse_cards)


def _card() -> Any:
    return stored(write=str, read=parse_card)


def _how(f: Field[Any]) -> tuple[str, Stored]:
    """A field's key in the stored form, and how it is kept there."""
    how = f.metadata.get("stored", _PLAIN)
    return how.key or f.name, how


_KINDS: dict[str, type[Question]] = {}


@dataclass(frozen=True, kw_only=True)
class Question:
    """What every kind shares: its ``kind`` (given as the class is declared:
    ``class CountQuestion(Question, kind="count")``) and its lesson ``objective``
    ("L1".."L5"), declared by each kind where its stored form keeps it."""

    kind: ClassVar[str] = ""
    answer_key: ClassVar[str] = "best"  # the stored field that is the right answer
    if TYPE_CHECKING:  # a field of each kind, in the place its stored form keeps it
        objective: str

    def __init_subclass__(cls, kind: str = "", **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if kind:  # a kind of question: :func:`question_from_dict` reads it by its kind
            cls.kind = kind
            _KINDS[kind] = cls

    def to_dict(self) -> dict[str, Any]:
        """The question as the JSON object a class session stores."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            key, how = _how(f)
            out[key] = how.write(getattr(self, f.name))
        return out

    def right_answer(self) -> str:
        """The right answer in the form answers are stored (a total, two cards, a card, a
        choice's text): the stored form's :attr:`answer_key` field."""
        return str(self.to_dict()[self.answer_key])

    @classmethod
    def from_stored(cls, d: Mapping[str, Any]) -> Self:
        """The question from its stored form (a field with a default may be missing: older
        forms leave it out; a bad card or position is named by its field)."""
        kw = {}
        for f in fields(cls):
            key, how = _how(f)
            if f.name != "objective" and (key in d or f.default is MISSING):
                kw[f.name] = _read(key, partial(how.read, d[key]))
        return cls(**kw, **_objective(d))


@dataclass(frozen=True, kw_only=True)
class CountQuestion(Question, kind="count"):
    """A hand (or crib) and a starter to count; ``total`` is its count."""

    answer_key: ClassVar[str] = "total"
    hand: tuple[Card, ...] = _cards()
    starter: Card = _card()
    crib: bool = stored(read=bool)
    total: int = stored(read=int)
    level: str = ""
    trick: str = ""
    objective: str = "L2"

    @classmethod
    def from_stored(cls, d: Mapping[str, Any]) -> Self:
        if "total" in d:
            return super().from_stored(d)
        # the count is the hand's: older forms may leave it out
        from crib.rules.scoring import score_hand

        q = super().from_stored({**d, "total": 0})
        return replace(q, total=score_hand(q.hand, q.starter, is_crib=q.crib).total)


@dataclass(frozen=True)
class PegPart:
    """One thing a card pegs: its kind ("fifteen", "pair"...), its cards, its points."""

    kind: str
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, kw_only=True)
class PegPointsQuestion(Question, kind="pegpoints"):
    """A series in the play and the card just laid: what it pegs (``points``, made of
    ``parts``) and the count it makes."""

    pile: tuple[Card, ...] = _cards()
    card: Card = _card()
    count_before: int = stored(read=int)
    count: int = stored(read=int)
    points: int = stored("best", write=str, read=int)
    parts: tuple[PegPart, ...] = stored(
        write=lambda parts: [[p.kind, cards_str(p.cards), p.points] for p in parts],
        read=lambda rows: tuple(PegPart(k, parse_cards(c), int(p)) for k, c, p in rows),
    )
    objective: str = "L3"


@dataclass(frozen=True, kw_only=True)
class RulesQuestion(Question, kind="rules"):
    """A question of the rules bank (:mod:`crib.course.rules_bank`) in ``lang``:
    ``choices[answer]`` (``best``) is right."""

    id: str = ""
    text: str
    choices: tuple[str, ...] = stored(write=list, read=tuple)
    answer: int = stored(read=int)
    best: str
    explain: str
    objective: str = "L4"
    rule: str = ""
    lang: str = "en"


@dataclass(frozen=True)
class RankedThrow:
    """One of the 15 throws of a discard question, with its expected values."""

    cards: tuple[Card, ...]
    ev: float
    hand_ev: float
    crib_ev: float


@dataclass(frozen=True, kw_only=True)
class DiscardQuestion(Question, kind="discard"):
    """Six cards and a seat; ``ranking`` is the 15 throws, the ``best`` first."""

    six: tuple[Card, ...] = _cards()
    dealer: bool = stored(read=bool)
    best: tuple[Card, ...] = _cards()
    ranking: tuple[RankedThrow, ...] = stored(
        write=lambda ts: [[cards_str(t.cards), t.ev, t.hand_ev, t.crib_ev] for t in ts],
        read=lambda rows: tuple(
            RankedThrow(parse_cards(t), ev, hand_ev, crib_ev) for t, ev, hand_ev, crib_ev in rows
        ),
    )
    gap: float
    explain: str
    model: str = ""
    objective: str = "L5"


@dataclass(frozen=True)
class PlayOption:
    """One card of a pegging question: the points it pegs now, its expected margin and
    the chance the margin is not negative."""

    card: Card
    now: int
    margin: float
    p_nonneg: float


@dataclass(frozen=True, kw_only=True)
class PegQuestion(Question, kind="peg"):
    """A position in the play; ``options`` are the legal cards, the ``best`` first."""

    position: PeggingPosition = stored(write=PeggingPosition.to_text, read=PeggingPosition.parse)
    best: Card = _card()
    options: tuple[PlayOption, ...] = stored(
        write=lambda os: [[str(o.card), o.now, o.margin, o.p_nonneg] for o in os],
        read=lambda rows: tuple(
            PlayOption(parse_card(c), now, margin, p) for c, now, margin, p in rows
        ),
    )
    gap: float
    model: str = ""
    objective: str = "L3"


# --- reading the stored form ------------------------------------------------------


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
    if kind not in _KINDS:
        raise QuestionError(
            f"cannot read a stored question of kind {kind!r}: expected one of {', '.join(_KINDS)}"
        )
    try:
        return _KINDS[kind].from_stored(d)
    except QuestionError as e:
        raise QuestionError(f"cannot read a stored {kind} question: {e}") from e.__cause__
    except (KeyError, TypeError, ValueError) as e:
        what = f"it has no {e.args[0]!r}" if isinstance(e, KeyError) else str(e)
        raise QuestionError(f"cannot read a stored {kind} question: {what}") from e
