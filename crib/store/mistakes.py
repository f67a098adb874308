"""Each learner's costliest decisions across games, and the drill that retires them (#39, 6).

**What is kept.**  At a game's end, the learner's graded discards and plays of at least a
"mistake" (half a point lost, or one point of the chance to win near 121), the costliest
:data:`PER_GAME` of them, each with its position (:class:`~crib.session.retry.RetryPosition`
as JSON), the move made, the best move and what it cost.  The same position is kept once
per learner (its SHA-256, ``digest``): a game kept twice adds nothing.

**The drill.**  The trainer's "My mistakes" set asks the positions still in the set,
costliest first.  A right answer (:func:`crib.session.retry.is_right`: best or ok)
counts when it is the first, or comes at least :data:`SPACING` (2 days) after the one
that counted before it; a right answer sooner than that counts for nothing.  A wrong
answer starts the count again.  The position leaves the set (``retired``) at its second
counted right answer: two right answers at least 2 days apart.  Time is the store's
``clock`` (:func:`time.time` by default; a test gives its own).

**A class learner's games.**  A classmate table of a class session (its record's
``session_id``) keeps each seat's mistakes for that seat's student
(:meth:`MistakeStore.seat_learner`: the session's join code and the seat's name, spelt as
the student joined): only that seat's decisions, for that learner alone.

Table ``mistakes`` (revision 0008, ``crib/store/migrations/versions/v8_mistakes.py``),
on SQLite or PostgreSQL like the rest of the record.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from crib.analysis.grades import WORDS
from crib.session.learner import LearnerKey
from crib.session.model import Grade
from crib.session.retry import RetryPosition, cards_text, is_right
from crib.store.learners import LearnerStore

__all__ = ["PER_GAME", "SPACING", "COSTLY", "Mistake", "MistakeStore", "costliest"]

PER_GAME = 5  # the costliest decisions kept from one game
SPACING = 2 * 86400.0  # s: two right answers at least this far apart retire a position
COSTLY = ("mistake", "costly", "blunder")  # the grade words kept


@dataclass(frozen=True)
class Mistake:
    id: int
    learner_id: int
    position: RetryPosition
    move: str  # the cards played or thrown, as text
    best: str
    lost: float
    unit: str  # "points" or the chance to win's (crib.analysis.grades.WIN_UNIT)
    created: float
    right_count: int = 0
    last_right: float = 0.0
    retired: bool = False

    @property
    def kind(self) -> str:
        return self.position.kind


def _severity(g: Grade) -> tuple[int, float]:
    return (WORDS.index(g.verdict) if g.verdict in WORDS else 0, g.lost)


def costliest(
    decisions: Iterable[tuple[RetryPosition, Grade]], most: int = PER_GAME
) -> list[tuple[RetryPosition, Grade]]:
    """The ``most`` costliest decisions graded at least a mistake (worst word first,
    then the most lost)."""
    bad = [(p, g) for p, g in decisions if g.kind in ("discard", "play") and g.verdict in COSTLY]
    return sorted(bad, key=lambda pg: _severity(pg[1]), reverse=True)[:most]


def _digest(position: RetryPosition) -> str:
    text = json.dumps(position.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class MistakeStore(LearnerStore):
    """The learners and their mistakes; ``clock`` gives the time (seconds, like
    :func:`time.time`)."""

    def __init__(
        self, path: str | os.PathLike[str] | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        super().__init__(path)
        self.clock = clock

    def _id(self, learner: LearnerKey | int) -> int:
        return learner if isinstance(learner, int) else self.learner_id(learner)

    def keep(
        self,
        learner: LearnerKey | int,
        decisions: Sequence[tuple[RetryPosition, Grade]],
        most: int = PER_GAME,
    ) -> int:
        """Keep a game's :func:`costliest` decisions for ``learner``; returns how many
        were new."""
        lid = self._id(learner)
        new = 0
        now = self.clock()
        with self._write() as c:
            for pos, g in costliest(decisions, most):
                got = c.execute(
                    "INSERT INTO mistakes(learner_id, kind, position, digest, move, best, lost,"
                    " unit, created) VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT DO NOTHING"
                    " RETURNING id",
                    (
                        lid,
                        pos.kind,
                        json.dumps(pos.to_dict(), separators=(",", ":")),
                        _digest(pos),
                        cards_text(g.chosen),  # type: ignore[arg-type]
                        cards_text(g.best),  # type: ignore[arg-type]
                        float(g.lost),
                        g.unit,
                        now,
                    ),
                ).fetchall()
                new += len(got)
        return new

    def seat_learner(self, table_code: str, seat: int) -> LearnerKey | None:
        """The class learner at ``seat`` of classmate table ``table_code``: the class
        session's join code and the seat's name, spelt as the student joined the session
        (any case; the seat's own spelling if no one joined so); None for a table of no
        class session, or a seat no one sits at."""
        row = self.conn.execute(
            "SELECT s.id, s.code, ds.name FROM duels d JOIN sessions s ON s.id=d.session_id"
            " JOIN duel_seats ds ON ds.duel_id=d.id AND ds.seat=? WHERE d.code=?",
            (int(seat), str(table_code)),
        ).fetchone()
        if row is None or not row[2]:
            return None
        sid, code, name = int(row[0]), str(row[1]), str(row[2])
        joined = [
            str(r[0])
            for r in self.conn.execute(
                "SELECT name FROM students WHERE session_id=? ORDER BY joined, id", (sid,)
            )
            if str(r[0]).casefold() == name.casefold()
        ]
        return self.class_learner(code, joined[0] if joined else name)

    def _rows(self, where: str, args: tuple) -> list[Mistake]:
        rows = self.conn.execute(
            f"SELECT * FROM mistakes WHERE {where} ORDER BY lost DESC, id", args
        ).fetchall()
        return [
            Mistake(
                int(r["id"]),
                int(r["learner_id"]),
                RetryPosition.from_dict(json.loads(r["position"])),
                r["move"],
                r["best"],
                float(r["lost"]),
                r["unit"],
                float(r["created"]),
                int(r["right_count"]),
                float(r["last_right"]),
                bool(r["retired"]),
            )
            for r in rows
        ]

    def mistakes(self, learner: LearnerKey | int, *, retired: bool = False) -> list[Mistake]:
        """The learner's positions still in the set, costliest first (all, with ``retired``)."""
        lid = self._id(learner)
        if retired:
            return self._rows("learner_id=?", (lid,))
        return self._rows("learner_id=? AND retired=0", (lid,))

    def mistake(self, mistake_id: int) -> Mistake | None:
        got = self._rows("id=?", (int(mistake_id),))
        return got[0] if got else None

    def answer(self, mistake_id: int, right: bool) -> Mistake | None:
        """Count an answer to a kept position now (see the module docstring for the
        rule); returns the position as it now stands (None if it is not kept)."""
        now = self.clock()
        with self._write() as c:
            self._lock(c, "mistakes", "id", int(mistake_id))
            row = c.execute(
                "SELECT right_count, last_right, retired FROM mistakes WHERE id=?",
                (int(mistake_id),),
            ).fetchone()
            if row is None:
                return None
            count, last, retired = int(row[0]), float(row[1]), bool(row[2])
            if not retired:
                if not right:
                    count, last = 0, 0.0
                elif count == 0 or now - last >= SPACING:
                    count, last = count + 1, now
                retired = count >= 2
                c.execute(
                    "UPDATE mistakes SET right_count=?, last_right=?, retired=? WHERE id=?",
                    (count, last, int(retired), int(mistake_id)),
                )
        return self.mistake(mistake_id)

    def answer_grade(self, mistake_id: int, g: Grade) -> Mistake | None:
        """:meth:`answer` with a graded move (right: :func:`crib.session.retry.is_right`)."""
        return self.answer(mistake_id, is_right(g))
