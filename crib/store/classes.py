"""Classes in the classroom record: a class (its name and its students) kept from one lesson
to the next (issue #38, point 3).

A teacher makes a class once (:meth:`ClassStore.create_class`), types its students or lets
them come: a session made for a class (``create_session(..., class_id=...)``) adds every
student who joins it to the class roster (:meth:`crib.store.classroom.Store.join`), so
next lesson the roster is there.  :meth:`ClassStore.session_roster` says, for a session
of a class, who of the class has joined this time and who has not.

A class name is unique in the record whatever its letter case ("5B" and "5b" are one
class); names (a class's, a student's) are cleaned and checked as every name in the
record is (:func:`crib.classroom.names.clean_name`: no HTML, no control characters, one
alphabet, 1 to 40 characters).  The errors say what was wrong and what to type.

:class:`ClassStore` is a mixin of :class:`crib.store.classroom.Store` (it uses the store's
connection, its write transactions and :meth:`~crib.store.classroom.Store.session`).
The tables come from revision 0007 (``migrations/versions/v7_classes.py``).

>>> import tempfile, os
>>> from crib.store.classroom import Store
>>> st = Store(os.path.join(tempfile.mkdtemp(), "c.sqlite3"))
>>> c = st.create_class("5B")
>>> st.add_students(c.id, ["Ann", " Bob ", "Ann"])
['Ann', 'Bob']
>>> st.class_roster(c.id)
['Ann', 'Bob']
>>> try:
...     st.create_class("5b")
... except ClassNameTakenError as e:
...     print(e)
there is already a class '5B': choose another name
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from crib.classroom.names import clean_name
from crib.errors import StoreError
from crib.store.db import insert_id

__all__ = [
    "ClassStore",
    "SchoolClass",
    "SessionRoster",
    "UnknownClassError",
    "ClassNameTakenError",
    "NotInClassError",
]

#: the most students a class may hold (a school class, with room to spare)
MAX_CLASS = 200


class UnknownClassError(StoreError):
    """A class id that names no class."""


class ClassNameTakenError(StoreError):
    """A new class (or a renamed one) with the name of another class."""


class NotInClassError(StoreError):
    """A student taken out of a class they are not in."""


@dataclass(frozen=True)
class SchoolClass:
    """A class of the record: its id, its name and when it was made."""

    id: int
    name: str
    created: float


@dataclass(frozen=True)
class SessionRoster:
    """A session's class and its roster: who of the class joined the session, and who has
    not (both in the roster's order); ``guests``: who joined but is not in the class
    (joined before the session had its class, or taken out of the class since)."""

    school_class: SchoolClass
    joined: tuple[str, ...]
    missing: tuple[str, ...]
    guests: tuple[str, ...] = ()


def _class_id(class_id: object) -> int:
    if not isinstance(class_id, int) or isinstance(class_id, bool):
        raise UnknownClassError(f"there is no class {class_id!r}: pick a class from the list")
    return class_id


class ClassStore:
    """The classes of a classroom record (a mixin of :class:`crib.store.classroom.Store`)."""

    conn: Any
    _write: Any
    session: Any

    # -- classes -------------------------------------------------------------------------

    def create_class(self, name: str) -> SchoolClass:
        """A new class named ``name`` (cleaned), or :class:`ClassNameTakenError`."""
        n = clean_name(name, "class name")
        with self._write() as c:
            self._check_free(c, n)
            now = time.time()
            cid = insert_id(c, "INSERT INTO classes(name, created) VALUES (?,?)", (n, now))
        return SchoolClass(cid, n, now)

    def _check_free(self, c: Any, name: str) -> None:
        for (other,) in c.execute("SELECT name FROM classes").fetchall():
            if other.casefold() == name.casefold():
                raise ClassNameTakenError(
                    f"there is already a class {other!r}: choose another name"
                )

    def classes(self) -> list[SchoolClass]:
        """Every class of the record, by name."""
        rows = self.conn.execute("SELECT id, name, created FROM classes").fetchall()
        out = [SchoolClass(int(r[0]), r[1], float(r[2])) for r in rows]
        return sorted(out, key=lambda x: (x.name.casefold(), x.id))

    def school_class(self, class_id: int) -> SchoolClass:
        """The class with this id, or :class:`UnknownClassError`."""
        row = self.conn.execute(
            "SELECT id, name, created FROM classes WHERE id=?", (_class_id(class_id),)
        ).fetchone()
        if row is None:
            raise UnknownClassError(f"there is no class {class_id!r}: pick a class from the list")
        return SchoolClass(int(row[0]), row[1], float(row[2]))

    # -- the roster ------------------------------------------------------------------------

    def class_roster(self, class_id: int) -> list[str]:
        """The class's students, by name."""
        self.school_class(class_id)
        rows = self.conn.execute(
            "SELECT name FROM class_students WHERE class_id=?", (class_id,)
        ).fetchall()
        return sorted((r[0] for r in rows), key=str.casefold)

    def add_students(self, class_id: int, names: Iterable[str]) -> list[str]:
        """Add ``names`` (each cleaned; one that is already in the class is kept once) to the
        class; returns the names added, in the order given.  A bad name adds none of them
        (:class:`crib.errors.BadNameError`, naming it)."""
        cleaned: list[str] = []
        for name in names:
            n = clean_name(name, "student name")
            if n not in cleaned:
                cleaned.append(n)
        with self._write() as c:
            self._check_class(c, class_id)
            have = {
                r[0]
                for r in c.execute(
                    "SELECT name FROM class_students WHERE class_id=?", (class_id,)
                ).fetchall()
            }
            new = [n for n in cleaned if n not in have]
            if len(have) + len(new) > MAX_CLASS:
                raise StoreError(
                    f"a class holds at most {MAX_CLASS} students: "
                    f"{len(have)} are in it and {len(new)} more were given"
                )
            now = time.time()
            for n in new:
                c.execute(
                    "INSERT INTO class_students(class_id, name, added) VALUES (?,?,?)",
                    (class_id, n, now),
                )
        return new

    def remove_student(self, class_id: int, name: str) -> None:
        """Take a student out of the class (their sessions' answers stay as they are)."""
        n = clean_name(name, "student name")
        with self._write() as c:
            self._check_class(c, class_id)
            gone = c.execute(
                "DELETE FROM class_students WHERE class_id=? AND name=? RETURNING name",
                (class_id, n),
            ).fetchall()
        if not gone:
            raise NotInClassError(f"{n!r} is not in this class: pick a name from its list")

    def _check_class(self, c: Any, class_id: object) -> None:
        if not c.execute("SELECT 1 FROM classes WHERE id=?", (_class_id(class_id),)).fetchone():
            raise UnknownClassError(f"there is no class {class_id!r}: pick a class from the list")

    # -- sessions of a class -----------------------------------------------------------------

    def session_roster(self, code: str) -> SessionRoster | None:
        """For the session with join code ``code``: its class, who of the class joined it and
        who has not; None for a session of no class."""
        s = self.session(code)
        if s.class_id is None:
            return None
        cls = self.school_class(s.class_id)
        roster = self.class_roster(s.class_id)
        came = {
            r[0]
            for r in self.conn.execute(
                "SELECT name FROM students WHERE session_id=?", (s.id,)
            ).fetchall()
        }
        return SessionRoster(
            cls,
            tuple(n for n in roster if n in came),
            tuple(n for n in roster if n not in came),
            tuple(sorted(came - set(roster), key=str.casefold)),
        )

    def class_from_session(self, code: str, name: str) -> SchoolClass:
        """A new class named ``name`` holding the students of the session ``code`` (a session
        of no class: one made before classes were kept), which becomes the class's."""
        s = self.session(code)
        if s.class_id is not None:
            raise StoreError(f"session {s.code} is already a session of a class")
        n = clean_name(name, "class name")
        with self._write() as c:
            self._check_free(c, n)
            now = time.time()
            cid = insert_id(c, "INSERT INTO classes(name, created) VALUES (?,?)", (n, now))
            c.execute(
                "INSERT INTO class_students(class_id, name, added) "
                "SELECT ?, name, joined FROM students WHERE session_id=?",
                (cid, s.id),
            )
            c.execute("UPDATE sessions SET class_id=? WHERE id=?", (cid, s.id))
        return SchoolClass(cid, n, now)
