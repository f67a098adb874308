"""The checker behind the enrichment notebooks: read a learner's answer, say right or wrong.

An :class:`Exercise` says what kind of answer it wants (a whole number, a probability,
a card, two cards, yes or no...) and how crib computes it (:class:`Worked`: the answer,
the worked steps and the opponent model the numbers assume).  :func:`verdict` reads what
the learner wrote, never raising: an answer it cannot read gets a plain message saying
how to write one.  The worked answer is computed only when it is asked for or the
learner has tried, so an unanswered notebook runs fast.

>>> ex = Exercise("int", lambda lang: Worked(24, "24 points", ("7-7-8-8-9",), "the rules alone"))
>>> verdict(ex, 1, None, False, "en").text.splitlines()[0][:40]
'Exercise 1: not answered yet. Write your'
>>> verdict(ex, 1, "24", False, "en").right
True
>>> verdict(ex, 1, "twenty", False, "en").text.splitlines()[0]
"Exercise 1: I could not read 'twenty' as a whole number. Write it like this: answer_1 = 12"
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from crib.errors import CribError
from crib.rules.cards import Card, parse_card, parse_cards

__all__ = ["Kind", "Worked", "Exercise", "Checked", "read_answer", "verdict", "WORDS"]

Kind = Literal["int", "number", "probability", "rank", "cards", "yesno", "ints"]


@dataclass(frozen=True)
class Worked:
    """An exercise's answer as crib computes it.

    ``answer`` is what a learner's answer is compared with; ``shown`` says it in words;
    ``steps`` are the worked answer's lines; ``model`` is the opponent model (or "the
    rules alone") that every number in it assumes.
    """

    answer: object
    shown: str
    steps: tuple[str, ...]
    model: str


@dataclass(frozen=True)
class Exercise:
    """One exercise: the kind of answer, how crib solves it (``solve(lang)``), the tolerance."""

    kind: Kind
    solve: Callable[[str], Worked]
    tol: float = 0.0


# the checker's words; the notebooks' prose is English, and notebook 07's French
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "unanswered": (
            "Exercise {n}: not answered yet. Write your answer after answer_{n} = in the cell "
            "above, run that cell, then run this one again. To see the worked answer "
            "without answering, run check({n}, show=True)."
        ),
        "right": "Exercise {n}: right. {shown}.",
        "wrong": (
            "Exercise {n}: not quite: you wrote {yours}. Think again, or open the worked "
            "answer below."
        ),
        "shown": "Exercise {n}: the worked answer.",
        "unread": "Exercise {n}: I could not read {yours} as {what}. Write it like this: {example}",
        "no_such": "There is no exercise {n} here: the exercises are 1 to {last}.",
        "worked": "The worked answer (computed by crib)",
        "colon": ":",
        "answer": "Answer: ",
        "model": "Model: ",
        "yes": "yes",
        "no": "no",
    },
    "fr": {
        "unanswered": (
            "Exercice {n} : pas encore de réponse. Écrivez votre réponse après answer_{n} = "
            "dans la cellule au-dessus, exécutez-la, puis exécutez de nouveau celle-ci. Pour "
            "voir la solution sans répondre, exécutez check({n}, show=True)."
        ),
        "right": "Exercice {n} : juste. {shown}.",
        "wrong": (
            "Exercice {n} : pas tout à fait : vous avez écrit {yours}. Réfléchissez encore, "
            "ou ouvrez la solution ci-dessous."
        ),
        "shown": "Exercice {n} : la solution.",
        "unread": (
            "Exercice {n} : je n'ai pas pu lire {yours} comme {what}. "
            "Écrivez par exemple : {example}"
        ),
        "no_such": "Il n'y a pas d'exercice {n} ici : les exercices vont de 1 à {last}.",
        "worked": "La solution (calculée par crib)",
        "colon": " :",
        "answer": "Réponse : ",
        "model": "Modèle : ",
        "yes": "oui",
        "no": "non",
    },
}

# what each kind of answer is, and how to write one: (English, French)
_FORMS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "int": (("a whole number", "answer_{n} = 12"), ("un nombre entier", "answer_{n} = 12")),
    "number": (
        ("a number", "answer_{n} = 4.77 (or a fraction as text: '67/14')"),
        ("un nombre", "answer_{n} = 4.77 (ou une fraction entre guillemets : '67/14')"),
    ),
    "probability": (
        ("a probability", "answer_{n} = 0.25 (or '1/4', or '25%')"),
        ("une probabilité", "answer_{n} = 0.25 (ou '1/4', ou '25%')"),
    ),
    "rank": (
        ("a card", "answer_{n} = '10' (or 'T', 'KH', '5♥': in the play only the rank counts)"),
        ("une carte", "answer_{n} = '10' (ou 'T', 'KH', '5♥' : au jeu seul le rang compte)"),
    ),
    "cards": (
        ("two cards", "answer_{n} = '5H 5D' (or '5♥ 5♦')"),
        ("deux cartes", "answer_{n} = '5H 5D' (ou '5♥ 5♦')"),
    ),
    "yesno": (
        ("yes or no", "answer_{n} = 'yes' (or True)"),
        ("oui ou non", "answer_{n} = 'oui' (ou True)"),
    ),
    "ints": (
        ("two whole numbers", "answer_{n} = (8, 4)"),
        ("deux nombres entiers", "answer_{n} = (8, 4)"),
    ),
}

_YES = {"yes", "y", "oui", "o", "true", "vrai"}
_NO = {"no", "n", "non", "false", "faux"}


def _number(raw: object) -> Fraction | float:
    if isinstance(raw, bool):
        raise CribError("a truth value is not a number")
    if isinstance(raw, int | Fraction):
        return Fraction(raw)
    if isinstance(raw, float):
        return raw
    if isinstance(raw, str):
        text = raw.strip().replace(",", ".").replace(" ", "")
        try:
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise CribError(f"not a number: {raw!r}") from None
    raise CribError(f"not a number: {raw!r}")


def _rank(raw: object) -> int:
    if isinstance(raw, Card):
        return raw.rank
    if isinstance(raw, int) and not isinstance(raw, bool) and 1 <= raw <= 13:
        return raw
    if isinstance(raw, str):
        text = raw.strip()
        try:
            return parse_card(text).rank
        except CribError:
            return parse_card(text + "S").rank  # a rank alone: '10', 'T', 'K'
    raise CribError(f"not a card: {raw!r}")


def read_answer(kind: Kind, raw: object) -> object:
    """The learner's answer as a value to compare, or a :class:`~crib.errors.CribError`.

    >>> read_answer("probability", "25%"), read_answer("probability", "12.5")
    (Fraction(1, 4), Fraction(1, 8))
    >>> read_answer("rank", "t")
    10
    >>> sorted(str(c) for c in read_answer("cards", "5♥ 5d"))
    ['5D', '5H']
    """
    if kind == "int":
        x = _number(raw)
        if x != int(x):
            raise CribError(f"not a whole number: {raw!r}")
        return int(x)
    if kind == "number":
        return _number(raw)
    if kind == "probability":
        text = raw.strip() if isinstance(raw, str) else raw
        if isinstance(text, str) and text.endswith("%"):
            return _number(text[:-1]) / 100
        x = _number(text)
        if 1 < x <= 100:  # 12.5 means 12.5%: no probability is above 1
            return x / 100
        if not 0 <= x <= 1:
            raise CribError(f"not a probability: {raw!r}")
        return x
    if kind == "rank":
        return _rank(raw)
    if kind == "cards":
        return frozenset(parse_cards(raw if isinstance(raw, str) else tuple(raw)))  # type: ignore[arg-type]
    if kind == "yesno":
        if isinstance(raw, bool):
            return raw
        word = str(raw).strip().lower()
        if word in _YES | _NO:
            return word in _YES
        raise CribError(f"not yes or no: {raw!r}")
    if kind == "ints":
        if isinstance(raw, str) or not hasattr(raw, "__iter__"):
            raise CribError(f"not two numbers: {raw!r}")
        return tuple(read_answer("int", x) for x in raw)  # type: ignore[attr-defined]
    raise CribError(f"unknown kind of answer {kind!r}")


def _same(ex: Exercise, yours: object, worked: Worked) -> bool:
    want = worked.answer
    if ex.kind in ("number", "probability") or (ex.kind == "int" and ex.tol):
        return abs(float(yours) - float(want)) <= ex.tol + 1e-12  # type: ignore[arg-type]
    if ex.kind == "rank":
        return yours == (want.rank if isinstance(want, Card) else want)
    if ex.kind == "cards":
        return yours == frozenset(want)  # type: ignore[arg-type]
    return yours == want


@dataclass(frozen=True)
class Checked:
    """What a check cell shows: the verdict, then (when tried or asked) the worked answer."""

    verdict: str
    right: bool | None  # None: not answered, or not read
    worked: Worked | None
    open: bool  # the worked answer shown open (asked for) or folded (after a try)
    lang: str

    @property
    def text(self) -> str:
        lines = [self.verdict]
        if self.worked is not None:
            w, words = self.worked, WORDS[self.lang]
            lines += [f"{words['worked']}{words['colon']}", f"  {words['answer']}{w.shown}."]
            lines += [f"  {s}" for s in w.steps]
            lines.append(f"  {words['model']}{w.model}.")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        e = html.escape
        out = f'<div class="crib-check"><p>{e(self.verdict)}</p>'
        if self.worked is not None:
            w, words = self.worked, WORDS[self.lang]
            steps = "".join(f"<li>{e(s)}</li>" for s in w.steps)
            out += (
                f'<details class="crib-solution"{" open" if self.open else ""}>'
                f"<summary><b>{e(words['worked'])}</b></summary>"
                f'<div style="margin:0.4em 1em"><p><b>{e(words["answer"])}</b>{e(w.shown)}.</p>'
                f"<ul>{steps}</ul><p><i>{e(words['model'])}{e(w.model)}.</i></p></div></details>"
            )
        return out + "</div>"


def _show(kind: Kind, raw: object) -> str:
    return repr(raw) if isinstance(raw, str) else str(raw)


def verdict(
    ex: Exercise,
    n: int,
    raw: object,
    show: bool,
    lang: str,
    worked: Callable[[], Worked] | None = None,
) -> Checked:
    """Check ``raw`` against exercise ``ex`` (number ``n``): right, wrong, unread or unanswered.

    ``worked`` gives the (cached) worked answer; by default ``ex.solve(lang)``.
    """
    words = WORDS[lang]
    solve = worked or (lambda: ex.solve(lang))
    if raw is None:
        if show:
            return Checked(words["shown"].format(n=n), None, solve(), True, lang)
        return Checked(words["unanswered"].format(n=n), None, None, False, lang)
    try:
        yours = read_answer(ex.kind, raw)
    except (CribError, TypeError, ValueError):
        what, example = _FORMS[ex.kind][0 if lang == "en" else 1]
        text = words["unread"].format(
            n=n, yours=_show(ex.kind, raw), what=what, example=example.format(n=n)
        )
        return Checked(text, None, solve() if show else None, show, lang)
    w = solve()
    if _same(ex, yours, w):
        return Checked(words["right"].format(n=n, shown=w.shown), True, w, show, lang)
    return Checked(words["wrong"].format(n=n, yours=_show(ex.kind, raw)), False, w, show, lang)
