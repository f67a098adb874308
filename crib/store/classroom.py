"""The classroom record: sessions, students and an append-only answers table.

It runs on SQLite or PostgreSQL, by ``CRIB_DB`` (a file path or a ``postgresql://`` URL;
:mod:`crib.store.db` says what differs). SQLite is the embedded default: no server, one
file. Several kernels (one per student page) write at once, so the database runs in WAL
mode, every write is a short ``BEGIN IMMEDIATE`` transaction (a deferred one that reads
and then writes can fail at once with ``SQLITE_BUSY_SNAPSHOT`` instead of waiting), and
each connection waits up to ``busy_timeout`` for the write lock. Sources: the SQLite
documentation, "Write-Ahead Logging" (https://sqlite.org/wal.html) and "BEGIN TRANSACTION"
(https://sqlite.org/lang_transaction.html).

The path: ``CRIB_DB``, else ``classroom.sqlite3`` in the platform's user data folder
(``~/.local/share/crib`` on Linux; :func:`crib.store.db.default_target`), on a local disk
(WAL does not work over a network filesystem).

Every read and write names its session, found by its join code: the API has no
call that lists or reads answers across sessions.  On PostgreSQL too every query of a
session's rows holds its key (``session_id``); crib connects as one database role, so
there are no roles to give row-level security to.

>>> import tempfile, os
>>> st = Store(os.path.join(tempfile.mkdtemp(), "c.sqlite3"))
>>> s = st.create_session("Tuesday", seed=7, questions=[{"kind": "count"}], code="ABC234")
>>> st.join("abc234", "Ann").name
'Ann'
>>> try:
...     st.join("ZZZZZZ", "Ann")
... except UnknownCodeError as e:
...     for part in str(e).split(": "):
...         print(part)
unknown join code 'ZZZZZZ'
check the code your teacher gave (6 letters and digits)
"""

from __future__ import annotations

import html
import json
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from crib.classroom.names import MAX_NAME, clean_name
from crib.course.questions.types import Question, question_from_dict
from crib.errors import BadNameError, StoreError
from crib.store.classes import ClassStore, SchoolClass, UnknownClassError
from crib.store.db import insert_id
from crib.store.schema import (  # re-exported: the schema and plumbing live there
    BUSY_TIMEOUT_MS,  # noqa: F401
    MAX_TIME_LIMIT,
    SCHEMA_VERSION,
    StoreConnection,
    default_db_path,
)

__all__ = [
    "SCHEMA_VERSION",
    "MAX_NAME",
    "CODE_ALPHABET",
    "StoreError",
    "UnknownCodeError",
    "BadNameError",
    "UnknownQuestionError",
    "Session",
    "Student",
    "Answer",
    "Store",
    "SchoolClass",
    "UnknownClassError",
    "default_db_path",
    "clean_name",
    "clean_code",
    "new_code",
    "unused_code",
]

CODE_LEN = 6
# no 0/O, 1/I/L: a code is read off a projector
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


class UnknownCodeError(StoreError):
    """A join code that names no session."""


class UnknownQuestionError(StoreError):
    """An answer to a question the session does not have."""


def clean_code(code: object) -> str:
    """An upper-case join code with spaces and dashes removed (no lookup)."""
    if not isinstance(code, str):
        raise UnknownCodeError(f"the join code must be text, got {type(code).__name__}")
    c = "".join(code.split()).replace("-", "").upper()
    if not c:
        raise UnknownCodeError("the join code is empty: type the code your teacher gave")
    return c


def new_code(rng: Any) -> str:
    """A 6-character join code drawn from ``rng`` (anything with ``randrange``)."""
    return "".join(CODE_ALPHABET[rng.randrange(len(CODE_ALPHABET))] for _ in range(CODE_LEN))


def unused_code(c: Any, table: str, rng: Any) -> str:
    """A :func:`new_code` that no row of ``table`` (a name from crib's code, never input)
    holds yet, inside the write transaction ``c``."""
    while c.execute(f"SELECT 1 FROM {table} WHERE code=?", (code := new_code(rng),)).fetchone():
        pass
    return code


@dataclass(frozen=True)
class Session:
    """A class session.  ``records`` is its question set as stored (JSON objects);
    :attr:`questions` the same questions as dataclasses (read once, on first use)."""

    id: int
    code: str
    name: str
    seed: int
    records: tuple[
        Mapping[str, Any], ...
    ]  # the question set as stored (see crib.course.questions.types)
    created: float
    time_limit: float = 0.0  # seconds each student has from joining; 0: no limit
    class_id: int | None = None  # the class it was run for (crib.store.classes); None: none

    @cached_property
    def questions(self) -> tuple[Question, ...]:
        """The question set, each question its kind's dataclass (older stored forms too)."""
        return tuple(question_from_dict(r) for r in self.records)

    def time_left(self, joined: float, now: float | None = None) -> float | None:
        """Seconds left (never below 0) for a student who joined at ``joined``; None: no limit."""
        if not self.time_limit:
            return None
        return max(0.0, joined + self.time_limit - (time.time() if now is None else now))

    def check_question(self, no: object) -> None:
        """:class:`UnknownQuestionError` unless ``no`` (0-based) is one of the questions."""
        if not isinstance(no, int) or isinstance(no, bool) or not 0 <= no < len(self.records):
            raise UnknownQuestionError(
                f"session {self.code} has no question {no!r}: "
                f"it has questions 1 to {len(self.records)}"
            )

    def question(self, no: int) -> Question:
        """Question ``no`` (0-based), or :class:`UnknownQuestionError`."""
        self.check_question(no)
        return self.questions[no]


@dataclass(frozen=True)
class Student:
    id: int
    session_id: int
    name: str
    joined: float = 0.0  # when the student first joined (time.time())

    @property
    def name_html(self) -> str:
        return html.escape(self.name)


@dataclass(frozen=True)
class Answer:
    id: int
    session_id: int
    student: str
    question: int
    kind: str
    answer: str
    correct: bool
    lost: float
    miss: str
    seconds: float
    created: float
    token: str


class Store(ClassStore, StoreConnection):
    """One connection to the classroom database (one per kernel or process); opening it
    migrates the schema to :data:`SCHEMA_VERSION` (see :class:`StoreConnection`).  Its
    classes (a name and a roster kept from one lesson to the next) are
    :class:`crib.store.classes.ClassStore`'s."""

    # -- sessions and students ------------------------------------------------

    def create_session(
        self,
        name: str,
        *,
        seed: int,
        questions: Sequence[Question | Mapping[str, Any]],
        code: str | None = None,
        rng: Any = None,
        time_limit: float = 0.0,
        class_id: int | None = None,
    ) -> Session:
        """A new session with its question set (each question stored as its JSON object,
        :meth:`~crib.course.questions.types.Question.to_dict`); the join code is drawn from
        ``rng`` (a :class:`crib.rules.fairness.HashRng` on the seed by default) until unused.
        ``class_id``: the class it is for (:meth:`create_class`); who joins it joins the class."""
        name = clean_name(name, "session name")
        if not questions:
            raise StoreError("a session needs at least one question")
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise StoreError(f"the seed must be a whole number >= 0, got {seed!r}")
        if not isinstance(time_limit, int | float) or not 0 <= time_limit <= MAX_TIME_LIMIT:
            raise StoreError(
                f"the time limit must be 0 (none) to {MAX_TIME_LIMIT // 60:.0f} minutes, "
                f"got {time_limit!r} s"
            )
        if rng is None:
            from crib.rules.fairness import HashRng

            rng = HashRng(seed, f"code|{time.time_ns()}")
        records = tuple(q.to_dict() if isinstance(q, Question) else dict(q) for q in questions)
        qs = json.dumps(list(records), separators=(",", ":"))
        with self._write() as c:
            if class_id is not None:
                self._check_class(c, class_id)
            code = unused_code(c, "sessions", rng) if code is None else clean_code(code)
            now = time.time()
            sid = insert_id(
                c,
                "INSERT INTO sessions(code, name, seed, questions, created, time_limit, class_id)"
                " VALUES (?,?,?,?,?,?,?)",
                (code, name, seed, qs, now, float(time_limit), class_id),
            )
        return Session(sid, code, name, seed, records, now, float(time_limit), class_id)

    def session(self, code: str) -> Session:
        """The session with this join code, or :class:`UnknownCodeError`."""
        c = clean_code(code)
        row = self.conn.execute("SELECT * FROM sessions WHERE code=?", (c,)).fetchone()
        if row is None:
            raise UnknownCodeError(
                f"unknown join code {c[:12]!r}: check the code your teacher gave "
                f"({CODE_LEN} letters and digits)"
            )
        return Session(
            row["id"],
            row["code"],
            row["name"],
            row["seed"],
            tuple(json.loads(row["questions"])),
            row["created"],
            row["time_limit"],
            row["class_id"],
        )

    def join(self, code: str, name: str) -> Student:
        """Join a session by code and name (joining again returns the same student); a
        session of a class adds the student to the class's roster."""
        s = self.session(code)
        n = clean_name(name)
        with self._write() as c:
            now = time.time()
            c.execute(
                "INSERT INTO students(session_id, name, joined) VALUES (?,?,?)"
                " ON CONFLICT DO NOTHING",
                (s.id, n, now),
            )
            if s.class_id is not None:
                c.execute(
                    "INSERT INTO class_students(class_id, name, added) VALUES (?,?,?)"
                    " ON CONFLICT DO NOTHING",
                    (s.class_id, n, now),
                )
            row = c.execute(
                "SELECT id, joined FROM students WHERE session_id=? AND name=?", (s.id, n)
            ).fetchone()
        return Student(int(row[0]), s.id, n, float(row[1]))

    def students(self, code: str) -> list[Student]:
        s = self.session(code)
        rows = self.conn.execute(
            "SELECT id, name, joined FROM students WHERE session_id=? ORDER BY joined, id", (s.id,)
        )
        return [Student(r[0], s.id, r[1], r[2]) for r in rows]

    # -- answers --------------------------------------------------------------

    def submit(
        self,
        student: Student,
        question: int,
        *,
        kind: str,
        answer: str,
        correct: bool,
        lost: float = 0.0,
        miss: str = "",
        seconds: float = 0.0,
        token: str | None = None,
    ) -> Answer:
        """Append one answer; returns it once it is committed (acknowledged).

        ``token`` makes a retry idempotent: the same token is stored once, and a
        second submit with it returns the stored answer.
        """
        row = self.conn.execute(
            "SELECT questions FROM sessions WHERE id=?", (student.session_id,)
        ).fetchone()
        if row is None:
            raise UnknownCodeError(f"student {student.name!r} belongs to no session")
        n_q = len(json.loads(row[0]))
        if not isinstance(question, int) or isinstance(question, bool) or not 0 <= question < n_q:
            raise UnknownQuestionError(
                f"there is no question {question!r} in this session: it has questions 1 to {n_q}"
            )
        if len(answer) > 200:
            raise StoreError(f"the answer is {len(answer)} characters long: at most 200")
        token = token or uuid.uuid4().hex
        with self._write() as c:
            ok = c.execute(
                "SELECT 1 FROM students WHERE id=? AND session_id=?",
                (student.id, student.session_id),
            ).fetchone()
            if not ok:
                raise StoreError(f"student {student.name!r} has not joined this session")
            c.execute(
                "INSERT INTO answers(session_id, student_id, question, kind, answer, correct, "
                "lost, miss, seconds, created, token) VALUES (?,?,?,?,?,?,?,?,?,?,?)"
                " ON CONFLICT DO NOTHING",
                (
                    student.session_id,
                    student.id,
                    question,
                    kind,
                    answer,
                    int(bool(correct)),
                    float(lost),
                    miss,
                    float(seconds),
                    time.time(),
                    token,
                ),
            )
        return self._answers("a.token=?", (token,))[0]

    def _answers(self, where: str, args: tuple) -> list[Answer]:
        rows = self.conn.execute(
            "SELECT a.*, s.name AS student FROM answers a JOIN students s ON s.id=a.student_id "
            f"WHERE {where} ORDER BY a.id",
            args,
        )
        return [
            Answer(
                r["id"],
                r["session_id"],
                r["student"],
                r["question"],
                r["kind"],
                r["answer"],
                bool(r["correct"]),
                r["lost"],
                r["miss"],
                r["seconds"],
                r["created"],
                r["token"],
            )
            for r in rows
        ]

    def answers(self, code: str, *, student: str | None = None) -> list[Answer]:
        """Every answer of this session (only this one), oldest first; or one student's."""
        s = self.session(code)
        if student is None:
            return self._answers("a.session_id=?", (s.id,))
        return self._answers("a.session_id=? AND s.name=?", (s.id, clean_name(student)))

    def count_answers(self, code: str) -> int:
        s = self.session(code)
        return int(
            self.conn.execute(
                "SELECT COUNT(*) FROM answers WHERE session_id=?", (s.id,)
            ).fetchone()[0]
        )

    # -- reveals --------------------------------------------------------------

    def reveal(self, code: str, question: int) -> None:
        """The teacher reveals a question's answer to the class."""
        s = self.session(code)
        s.check_question(question)
        with self._write() as c:
            c.execute(
                "INSERT INTO reveals(session_id, question, revealed) VALUES (?,?,?)"
                " ON CONFLICT DO NOTHING",
                (s.id, question, time.time()),
            )

    def revealed(self, code: str) -> set[int]:
        s = self.session(code)
        rows = self.conn.execute("SELECT question FROM reveals WHERE session_id=?", (s.id,))
        return {int(r[0]) for r in rows}
