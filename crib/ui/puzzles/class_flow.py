"""A class set's run, without the widgets (issue 40, point 4): the session's puzzles in
order, each judged as :class:`~crib.ui.puzzles.flow.PuzzleFlow` judges a puzzle.

:class:`ClassSetFlow` is a :class:`~crib.ui.puzzles.flow.PuzzleFlow` whose next puzzle
is the set's first one the learner has not attempted since the set was given (read from
the record, :meth:`crib.store.puzzle_sets.PuzzleSetStore.progress`), so a new flow for
the same learner (a reloaded page) resumes where the last one stopped.  Before the move
it hands out the position only (:meth:`PuzzleFlow.show`); the move is recorded with the
mode ``class`` and moves both ratings as any attempt does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from crib.errors import CribError
from crib.store.puzzle_sets import MODE

__all__ = ["ClassSetFlow"]


@dataclass
class ClassSetFlow:
    """One learner's run through a session's set: ``store`` is a
    :class:`~crib.store.puzzle_sets.PuzzleSetStore`, ``puzzle_set`` its
    :class:`~crib.store.puzzle_sets.PuzzleSet`."""

    puzzles: Any
    learner_id: int
    store: Any
    puzzle_set: Any
    lang: str = "en"
    # raises when the name is no longer this device's (the teacher freed it meanwhile)
    check: Callable[[], None] | None = None
    renewed: bool = False  # the teacher gave a new set since this run opened
    ids: tuple[str, ...] = field(default=(), init=False)  # the set's puzzles still shipped
    withdrawn: tuple[str, ...] = field(default=(), init=False)  # the others

    def __post_init__(self) -> None:
        from crib.ui.puzzles.flow import PuzzleFlow

        by_id = {p.id: p for p in self.puzzles}
        # a set given before an update that withdrew some of its puzzles (issue #42's
        # reread): the rest, in order; the record keeps the set as it was given
        self.withdrawn = tuple(i for i in self.puzzle_set.puzzle_ids if i not in by_id)
        self.ids = tuple(i for i in self.puzzle_set.puzzle_ids if i in by_id)
        if not self.ids:
            raise CribError("none of the set's puzzles is among the shipped puzzles")
        self.flow = PuzzleFlow(
            [by_id[i] for i in self.ids],
            self.learner_id,
            store=self.store,
            lang=self.lang,
        )
        self.flow.mode = MODE  # recorded as a class set's attempt

    # --- where the learner is -------------------------------------------------------
    @property
    def mode(self) -> str:
        return MODE

    @property
    def rating(self) -> Any:
        return self.flow.rating

    @property
    def current(self) -> Any:
        return self.flow.current

    def done(self) -> dict[str, bool]:
        """The set's puzzles attempted: id -> solved at the first try."""
        return self.store.progress(self.learner_id, self.puzzle_set)

    @property
    def total(self) -> int:
        """The set's puzzles still shipped (:attr:`withdrawn`: the others)."""
        return len(self.ids)

    @property
    def over(self) -> bool:
        """Every puzzle of the set attempted."""
        return len(self.done()) >= self.total

    def number(self) -> int:
        """The current puzzle's number in the set (1-based; 0 when none is set)."""
        cur = self.flow.current
        return self.ids.index(cur.id) + 1 if cur is not None else 0

    def score(self) -> tuple[int, int]:
        """(solved at the first try, attempted)."""
        d = self.done()
        return sum(d.values()), len(d)

    # --- the puzzle -------------------------------------------------------------------
    def next(self, day: Any = None) -> dict[str, Any] | None:
        """Set the set's first puzzle not attempted and return its position (None: the
        set is done).  A new set given meanwhile replaces the old one (``renewed``)."""
        now = self.store.puzzle_set(self.puzzle_set.code)
        if (now.created, now.puzzle_ids) != (self.puzzle_set.created, self.puzzle_set.puzzle_ids):
            self.puzzle_set, self.renewed = now, True
            self.__post_init__()
        done = self.done()
        todo = [i for i in self.ids if i not in done]
        self.flow.current = self.flow._by_id[todo[0]] if todo else None
        return self.flow.show()

    def show(self) -> dict[str, Any] | None:
        return self.flow.show()

    def move(self, move: str) -> dict[str, Any]:
        """Judge, record and return the verdict (:meth:`PuzzleFlow.move`), once the name
        is checked to be still this device's."""
        if self.check is not None:
            self.check()
        return self.flow.move(move)
