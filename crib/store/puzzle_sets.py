"""A class session's puzzle set (issue 40, point 4): the same puzzles, in the same order,
for everyone in the session, and who solved what.

The teacher gives the session a set: a theme (or any), a rating band and a number of
puzzles.  :func:`choose_set` picks them among the shipped puzzles that fit,
deterministically (seeded by the session's join code, the theme, the band and the
number), easiest first; it says so when fewer puzzles fit than were asked for.  The set
is kept in ``puzzle_sets`` (revision 0010), one per session (giving another replaces it).

A student opens the set with the class code and a name.  The name is bound to the
device that first used it (``puzzle_set_names``: a SHA-256 of the browser's profile
token, :mod:`crib.session.learner`), and another device typing the same name is refused
(:class:`SetNameTakenError`): nobody makes attempts in a classmate's name.  The attempts
go to ``puzzle_attempts`` with the mode ``class`` under the class learner
(:meth:`crib.store.learners.LearnerStore.class_learner`), so the ratings and the history
move as for any learner; :meth:`PuzzleSetStore.results` reads the set's grid (each
student's first attempt at each puzzle since the set was given) and the class's solve
rate per puzzle.

>>> from crib.analysis.puzzles.model import Puzzle
>>> ps = [Puzzle(f"p{i}", "play", False, (0, 0), "", "", "", "", (), "", 1.0, "points",
...              {}, 1000.0 + 10 * i, ("pair",) if i % 2 else ()) for i in range(40)]
>>> a = choose_set(ps, "ABC234", "pair", 1000, 1200, 5)
>>> a == choose_set(ps[::-1], "abc-234", "pair", 1000, 1200, 5), len(a)
(True, 5)
>>> try:
...     choose_set(ps, "ABC234", "pair", 1000, 1040, 5)
... except NotEnoughPuzzlesError as e:
...     print(e)
only 2 puzzles fit the theme 'pair' and the band 1000-1040: fewer than the 5 asked for
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from crib.errors import StoreError
from crib.session.learner import LearnerKey
from crib.store.classroom import UnknownCodeError, clean_code
from crib.store.learners import LearnerStore
from crib.store.puzzles import PuzzleStore

__all__ = [
    "PuzzleSet",
    "PuzzleSetStore",
    "SetResults",
    "choose_set",
    "NotEnoughPuzzlesError",
    "NoPuzzleSetError",
    "SetNameTakenError",
    "DeviceNamedError",
    "MODE",
    "MAX_SET",
]

MODE = "class"  # the mode of a class set's attempts in puzzle_attempts
MAX_SET = 50  # the most puzzles a set holds


class NotEnoughPuzzlesError(StoreError):
    """Fewer shipped puzzles fit the theme and the band than the set asks for."""

    def __init__(self, found: int, theme: str, lo: float, hi: float, n: int) -> None:
        self.found, self.theme, self.lo, self.hi, self.n = found, theme, lo, hi, n
        what = f"the theme {theme!r} and " if theme else ""
        super().__init__(
            f"only {found} puzzles fit {what}the band {lo:.0f}-{hi:.0f}: "
            f"fewer than the {n} asked for"
        )


class NoPuzzleSetError(StoreError):
    """The session has no puzzle set (the teacher has not given one)."""


class SetNameTakenError(StoreError):
    """A name of the session's set already bound to another device."""

    def __init__(self, name: str, code: str) -> None:
        self.name, self.code = name, code
        super().__init__(
            f"{name}'s puzzle set in class {code} is already taken by another device: "
            "go on there, type your own name, or ask your teacher to free the name"
        )


class DeviceNamedError(StoreError):
    """The device already opened the session's set under another name: one name per
    device, or a student could try each puzzle under a made-up name first."""

    def __init__(self, name: str, code: str) -> None:
        self.name, self.code = name, code
        super().__init__(
            f"this device already opened the puzzle set of class {code} as {name}: one name "
            "per device (ask your teacher to free it)"
        )


def choose_set(
    puzzles: Sequence[Any], code: str, theme: str | None, lo: float, hi: float, n: int
) -> tuple[str, ...]:
    """The ids of ``n`` puzzles in ``theme`` (None or '': any) rated ``lo`` to ``hi``, the
    same for the same code, theme, band and number whatever the puzzles' order, easiest
    first (:class:`NotEnoughPuzzlesError` when fewer fit)."""
    theme = theme or ""
    if not 1 <= n <= MAX_SET:
        raise StoreError(f"a puzzle set holds 1 to {MAX_SET} puzzles, not {n}")
    if lo > hi:
        raise StoreError(f"the band's low end {lo:.0f} is above its high end {hi:.0f}")
    pool = sorted(
        (p for p in puzzles if lo <= p.rating <= hi and (not theme or theme in p.themes)),
        key=lambda p: p.id,
    )
    if len(pool) < n:
        raise NotEnoughPuzzlesError(len(pool), theme, lo, hi, n)
    seed = f"crib-puzzle-set:{clean_code(code)}:{theme}:{lo:.0f}:{hi:.0f}:{n}"
    rng = random.Random(int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8]))
    picked = rng.sample(pool, n)
    return tuple(p.id for p in sorted(picked, key=lambda p: (p.rating, p.id)))


@dataclass(frozen=True)
class PuzzleSet:
    """The set a session was given."""

    session_id: int
    code: str
    theme: str  # '' any
    lo: float
    hi: float
    puzzle_ids: tuple[str, ...]
    created: float

    def __len__(self) -> int:
        return len(self.puzzle_ids)


@dataclass(frozen=True)
class SetResults:
    """Who solved what in a session's set.

    ``grid[name][i]`` is True (solved at the first try), False (missed) or None (not
    yet) for the set's ``i``-th puzzle; ``hardest`` is (index, tried, solved) per puzzle,
    the lowest solve rate first (puzzles nobody tried last)."""

    puzzle_set: PuzzleSet
    names: tuple[str, ...]
    grid: dict[str, tuple[bool | None, ...]]
    hardest: tuple[tuple[int, int, int], ...]

    @property
    def attempts(self) -> int:
        return sum(v is not None for row in self.grid.values() for v in row)


def _device(token: str) -> str:
    return hashlib.sha256(f"crib-profile:{token}".encode()).hexdigest()


class PuzzleSetStore(PuzzleStore, LearnerStore):
    """Puzzle sets, their names and results, on the classroom record (SQLite or
    PostgreSQL); also a :class:`~crib.store.puzzles.PuzzleStore` and a
    :class:`~crib.store.learners.LearnerStore` on the same connection."""

    def _session(self, code: str) -> tuple[int, str]:
        c = clean_code(code)
        row = self.conn.execute("SELECT id, code FROM sessions WHERE code=?", (c,)).fetchone()
        if row is None:
            raise UnknownCodeError(
                f"unknown join code {c[:12]!r}: check the code your teacher gave (6 letters "
                "and digits)"
            )
        return int(row[0]), str(row[1])

    def give_set(
        self,
        code: str,
        puzzles: Sequence[Any],
        theme: str | None,
        lo: float,
        hi: float,
        n: int,
    ) -> PuzzleSet:
        """Give session ``code`` a set of ``n`` puzzles (:func:`choose_set`), replacing
        the one it had."""
        sid, c = self._session(code)
        ids = choose_set(puzzles, c, theme, lo, hi, n)
        now = time.time()
        with self._write() as cur:
            cur.execute(
                "INSERT INTO puzzle_sets (session_id, theme, lo, hi, puzzle_ids, created) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (session_id) DO UPDATE SET "
                "theme=excluded.theme, lo=excluded.lo, hi=excluded.hi, "
                "puzzle_ids=excluded.puzzle_ids, created=CASE WHEN "
                "puzzle_sets.puzzle_ids = excluded.puzzle_ids THEN puzzle_sets.created "
                "ELSE excluded.created END",  # the same puzzles again: the grid stays
                (sid, theme or "", float(lo), float(hi), json.dumps(list(ids)), now),
            )
        return self.puzzle_set(c)

    def puzzle_set(self, code: str) -> PuzzleSet:
        """The set of session ``code`` (:class:`NoPuzzleSetError` if it has none)."""
        sid, c = self._session(code)
        row = self.conn.execute(
            "SELECT theme, lo, hi, puzzle_ids, created FROM puzzle_sets WHERE session_id=?",
            (sid,),
        ).fetchone()
        if row is None:
            raise NoPuzzleSetError(f"class {c} has no puzzle set yet: ask your teacher to give one")
        return PuzzleSet(sid, c, row[0], row[1], row[2], tuple(json.loads(row[3])), row[4])

    def bind_name(self, code: str, name: str, token: str) -> LearnerKey:
        """The class learner ``name`` of session ``code`` (spelt as it was first typed,
        any case) for the device whose profile token is ``token``: the name bound to it on
        first use, refused
        (:class:`SetNameTakenError`) when another device has it."""
        sid, c = self._session(code)
        learner = self.class_learner(c, name)
        key, mine = learner.name.casefold(), _device(token)
        with self._write() as cur:
            # the checks below read, then write: on PostgreSQL (READ COMMITTED) two devices
            # binding at once wait for each other, by the kept class's row (its names run
            # across lessons), then the session's (SQLite's BEGIN IMMEDIATE already does)
            cls = cur.execute("SELECT class_id FROM sessions WHERE id=?", (sid,)).fetchone()[0]
            if cls is not None:
                self._lock(cur, "classes", "id", cls)
            self._lock(cur, "sessions", "id", sid)
            held = cur.execute(  # one name per device in a set
                "SELECT name FROM puzzle_set_names WHERE session_id=? AND device=? "
                "AND name_key <> ?",
                (sid, mine, key),
            ).fetchone()
            if held is not None:
                raise DeviceNamedError(str(held[0]), c)
            other = cur.execute(  # a kept class's student is one learner in every lesson
                "SELECT n.name FROM puzzle_set_names n JOIN sessions s ON s.id = n.session_id "
                "WHERE s.class_id = (SELECT class_id FROM sessions WHERE id=?) "
                "AND n.session_id <> ? AND n.name_key=? AND n.device <> '' AND n.device <> ?",
                (sid, sid, key, mine),
            ).fetchone()
            if other is not None:
                raise SetNameTakenError(str(other[0]), c)
            cur.execute(
                "INSERT INTO puzzle_set_names (session_id, name_key, name, device, created) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (session_id, name_key) DO NOTHING",
                (sid, key, learner.name, mine, time.time()),
            )
            cur.execute(  # a name the teacher freed: this device's now
                "UPDATE puzzle_set_names SET device=? WHERE session_id=? AND name_key=? "
                "AND device=''",
                (mine, sid, key),
            )
            row = cur.execute(
                "SELECT device, name FROM puzzle_set_names WHERE session_id=? AND name_key=?",
                (sid, key),
            ).fetchone()
        if row[0] != mine:
            raise SetNameTakenError(str(row[1]), c)
        return learner if row[1] == learner.name else self.class_learner(c, str(row[1]))

    def free_name(self, code: str, name: str) -> bool:
        """Unbind ``name`` from its device (the teacher's hand-over: a student on a new
        device, or whose browser lost its profile); the next device to type it gets it.
        Its attempts and its place in the grid stay the learner's.  True if the name was
        bound."""
        sid, c = self._session(code)
        key = LearnerKey.for_class(c, name).name.casefold()
        with self._write() as cur:
            n = cur.execute(  # in every lesson of a kept class: there it is one learner
                "UPDATE puzzle_set_names SET device='' WHERE name_key=? AND device <> '' "
                "AND (session_id=? OR session_id IN (SELECT id FROM sessions WHERE "
                "class_id = (SELECT class_id FROM sessions WHERE id=?)))",
                (key, sid, sid),
            ).rowcount
        return bool(n)

    def holds(self, code: str, name: str, token: str) -> bool:
        """Whether ``name`` in session ``code``'s set is still the device's whose profile
        token is ``token`` (the teacher may have freed it since the page opened)."""
        sid, c = self._session(code)
        key = LearnerKey.for_class(c, name).name.casefold()
        row = self.conn.execute(
            "SELECT device FROM puzzle_set_names WHERE session_id=? AND name_key=?", (sid, key)
        ).fetchone()
        return row is not None and row[0] == _device(token)

    def set_names(self, code: str) -> list[str]:
        """The names that opened session ``code``'s set, in the order they came."""
        sid, _c = self._session(code)
        rows = self.conn.execute(
            "SELECT name FROM puzzle_set_names WHERE session_id=? ORDER BY created, name_key",
            (sid,),
        ).fetchall()
        return [str(r[0]) for r in rows]

    def progress(self, learner_id: int, ps: PuzzleSet) -> dict[str, bool]:
        """The learner's first attempt at each of the set's puzzles since it was given:
        puzzle id -> solved (puzzles not tried are absent)."""
        rows = self.conn.execute(
            "SELECT puzzle_id, correct FROM puzzle_attempts WHERE learner_id=? AND mode=? "
            "AND created >= ? ORDER BY id",
            (learner_id, MODE, ps.created),
        ).fetchall()
        wanted, out = set(ps.puzzle_ids), {}
        for pid, ok in rows:
            if pid in wanted and pid not in out:
                out[pid] = bool(ok)
        return out

    def results(self, code: str) -> SetResults:
        """Who solved what in session ``code``'s set (:class:`SetResults`)."""
        ps = self.puzzle_set(code)
        names = tuple(self.set_names(code))
        grid: dict[str, tuple[bool | None, ...]] = {}
        for name in names:
            key = self.class_learner(ps.code, name)
            row = self.conn.execute(
                "SELECT id FROM learners WHERE kind=? AND key=?", (key.kind, key.key)
            ).fetchone()
            done = self.progress(int(row[0]), ps) if row else {}
            grid[name] = tuple(done.get(pid) for pid in ps.puzzle_ids)
        counts = []
        for i in range(len(ps.puzzle_ids)):
            col = [grid[n][i] for n in names if grid[n][i] is not None]
            counts.append((i, len(col), sum(bool(v) for v in col)))
        hardest = sorted(counts, key=lambda t: (t[1] == 0, t[2] / t[1] if t[1] else 0.0, t[0]))
        return SetResults(ps, names, grid, tuple(hardest))
