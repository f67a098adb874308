"""The record's learners: one row per :class:`~crib.session.learner.LearnerKey`.

Table ``learners`` (revision 0008): ``id``, ``kind`` ('device' or 'class'), ``key``
(the device's profile token, or ``CODE/name``), ``name`` (shown; '' for a device
profile), ``created``; one row per (kind, key).  What a learner is, and how each kind
is kept, is said in :mod:`crib.session.learner`.  The tables kept per learner (the
mistakes, :mod:`crib.store.mistakes`; puzzle attempts) refer to the row's ``id``.

>>> import tempfile, os
>>> st = LearnerStore(os.path.join(tempfile.mkdtemp(), "l.sqlite3"))
>>> ann = LearnerKey.for_class("abc234", "Ann")
>>> st.learner_id(ann) == st.learner_id(ann)
True
>>> st.learner(st.learner_id(ann)) == ann
True
"""

from __future__ import annotations

import time

from crib.errors import StoreError
from crib.session.learner import LearnerKey
from crib.store.schema import StoreConnection

__all__ = ["LearnerStore", "LearnerKey", "UnknownLearnerError"]


class UnknownLearnerError(StoreError):
    """A learner id the record does not hold."""


class LearnerStore(StoreConnection):
    """The learners of a record (SQLite or PostgreSQL, :class:`StoreConnection`)."""

    def learner_id(self, key: LearnerKey) -> int:
        """The id of learner ``key``, its row made on first use."""
        row = self.conn.execute(
            "SELECT id FROM learners WHERE kind=? AND key=?", (key.kind, key.key)
        ).fetchone()
        if row is not None:
            return int(row[0])
        with self._write() as c:
            c.execute(
                "INSERT INTO learners(kind, key, name, created) VALUES (?,?,?,?)"
                " ON CONFLICT DO NOTHING",
                (key.kind, key.key, key.name, time.time()),
            )
            row = c.execute(
                "SELECT id FROM learners WHERE kind=? AND key=?", (key.kind, key.key)
            ).fetchone()
        return int(row[0])

    def learner(self, learner_id: int) -> LearnerKey:
        """The learner with this id, or :class:`UnknownLearnerError`."""
        row = self.conn.execute(
            "SELECT kind, key, name FROM learners WHERE id=?", (int(learner_id),)
        ).fetchone()
        if row is None:
            raise UnknownLearnerError(f"no learner {learner_id!r} in the record")
        return LearnerKey(row[0], row[1], row[2])

    def class_learner(self, code: str, name: str) -> LearnerKey:
        """The class learner who joined session ``code`` as ``name``.

        A session of a kept class (issue #38: ``sessions.class_id``) names the class, not
        the session: the key is ``CLASS<id>/name``, with the name spelt as the class's
        roster has it (any case), so a student's set gathers the games of every lesson of
        that class.  A session of no class keeps ``CODE/name``.  (Join codes are
        ``CODE_LEN`` (6) letters and digits, so ``CLASS<id>`` is never one.)
        """
        key = LearnerKey.for_class(code, name)
        row = self.conn.execute(
            "SELECT class_id FROM sessions WHERE code=?", (key.code,)
        ).fetchone()
        if row is None or row[0] is None:
            return key
        class_id = int(row[0])
        spelt = [
            str(r[0])
            for r in self.conn.execute(
                "SELECT name FROM class_students WHERE class_id=? ORDER BY added", (class_id,)
            )
            if str(r[0]).casefold() == key.name.casefold()
        ]
        return LearnerKey.for_class(f"CLASS{class_id}", spelt[0] if spelt else key.name)

    def class_learners(self, code: str) -> list[tuple[int, LearnerKey]]:
        """The learners of one class session (by its join code), by name."""
        code = "".join(code.split()).replace("-", "").upper()
        rows = self.conn.execute(
            "SELECT id, kind, key, name FROM learners WHERE kind='class' AND key LIKE ? "
            "ORDER BY name, id",
            (code.replace("%", "").replace("_", "") + "/%",),
        )
        return [(int(r[0]), LearnerKey(r[1], r[2], r[3])) for r in rows]
