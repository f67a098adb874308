"""Who a learner is, for what crib keeps per learner (issue #39's mistakes, issue #40's puzzles).

A learner is one of two kinds, and :class:`LearnerKey` says which:

- **In a class** (``kind="class"``): the session's join code and the name the student
  joined with, as :meth:`crib.store.classroom.Store.join` records them (the code cleaned
  to upper case, the name trimmed and NFKC-normalised).  The classroom has no per-student
  secret: joining with the code and a name *is* the proof, as it is for the student's
  answers, so anyone with the code who types the same name is the same learner.  (A
  classmate game's seat has a secret, :mod:`crib.store.duels`, but it names a seat of one
  game, not a learner across games.)  The key is ``CODE/name``: a student who joins
  again, on any device, with the same code and name is the same learner.  A session of
  a kept class (issue #38) names the class instead: the key is ``CLASS<id>/name``
  (:meth:`crib.store.learners.LearnerStore.class_learner`), so a student's set gathers
  every lesson of that class.  A class learner's mistakes come from their classmate
  games: each seat's own
  decisions, kept once the game's review opens
  (:class:`crib.ui.play.duel_review.SeatMistakes`), and asked again by the trainer
  joined to the class (:mod:`crib.ui.trainer.mistakes`).
- **Outside a class** (``kind="device"``): a profile kept on that device.  On a page's
  first visit the kernel draws a random token (:func:`secrets.token_urlsafe`, 128 bits)
  and the page keeps it in the browser's ``localStorage`` under :data:`PROFILE_KEY`
  (through :meth:`crib.ui.kit.keys.KeyListener.store`); every later visit from that
  browser sends it back as the page opens (``device_keys``).  The token is the key: it
  never leaves that browser but to its own page's kernel, another device or browser
  profile has another one, and clearing the site's data starts a new learner.  A
  private window whose storage is refused gets a fresh token per visit (nothing kept).

The record keeps one row per learner (:mod:`crib.store.learners`, table ``learners``:
id, kind, key, name, created), so both kinds are one id for the tables that hang off it.

>>> LearnerKey.for_class(" abc-234 ", "  Ann  ")
LearnerKey(kind='class', key='ABC234/Ann', name='Ann')
>>> k, new = device_learner({})
>>> k.kind, new == k.key, len(k.key) >= 20
('device', True, True)
>>> device_learner({PROFILE_KEY: k.key}) == (k, None)
True
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

from crib.errors import CribError

__all__ = ["PROFILE_KEY", "KINDS", "LearnerKey", "BadLearnerError", "device_learner"]

PROFILE_KEY = "crib-profile"  # the browser's localStorage key of a device's profile token
KINDS = ("device", "class")
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


class BadLearnerError(CribError):
    """A learner key that is not one (a wrong kind, an empty or malformed key)."""


@dataclass(frozen=True)
class LearnerKey:
    """One learner: ``kind`` ("device" or "class"), ``key`` (the profile token, or
    ``CODE/name``) and ``name`` (shown on the page; '' for a device profile)."""

    kind: str
    key: str
    name: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise BadLearnerError(f"a learner is 'device' or 'class', got {self.kind!r}")
        if self.kind == "device" and not _TOKEN.match(self.key):
            raise BadLearnerError("a device profile's token is 16 to 64 letters, digits, - or _")
        if self.kind == "class" and (
            "/" not in self.key or not self.key.split("/", 1)[0] or len(self.key) > 120
        ):
            raise BadLearnerError(f"a class learner's key is CODE/name, got {self.key[:40]!r}")

    @classmethod
    def for_class(cls, code: str, name: str) -> LearnerKey:
        """The learner who joined session ``code`` as ``name`` (cleaned as the join cleans
        them: spaces and dashes out of the code, upper case; the name trimmed, NFKC)."""
        c = "".join(str(code).split()).replace("-", "").upper()
        n = " ".join(unicodedata.normalize("NFKC", str(name)).split())
        if not c or not n:
            raise BadLearnerError("a class learner needs the join code and the name")
        return cls("class", f"{c}/{n}", n)

    @classmethod
    def for_device(cls, token: str) -> LearnerKey:
        return cls("device", str(token))

    @property
    def code(self) -> str:
        """The join code of a class learner ('' for a device profile)."""
        return self.key.split("/", 1)[0] if self.kind == "class" else ""


def device_learner(kept: Mapping[str, str] | None) -> tuple[LearnerKey, str | None]:
    """The device's learner from what its browser keeps (``kept``: the page's
    ``device_keys`` values): (the learner, None) if it kept a sound token, else (a new
    learner, its token for the page to keep under :data:`PROFILE_KEY`)."""
    token = (kept or {}).get(PROFILE_KEY)
    if isinstance(token, str) and _TOKEN.match(token):
        return LearnerKey.for_device(token), None
    token = secrets.token_urlsafe(16)
    return LearnerKey.for_device(token), token
