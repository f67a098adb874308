"""What a finished table reveals (:class:`~crib.session.duel.DuelSeat`'s last part):
the whole log, the secret, the fairness check and the Master's review, each closed while
another table dealt the same cards (a round's) is still in play (:meth:`SeatReveal.held`).
The check and the review are pure work on the log (:mod:`crib.session.duel_view`), so a
page runs them in a forked child (:meth:`SeatReveal.end_work`)."""

from __future__ import annotations

import time
from collections.abc import Callable

from crib.errors import CribError
from crib.i18n import N_, tr
from crib.rules import events as ev
from crib.rules.fairness import begin_match
from crib.rules.game import Game
from crib.session.duel_record import ROUND_HELD, DuelRecord, DuelStorage
from crib.session.duel_review import SeatReview, review_access, seat_review
from crib.session.duel_view import fairness_check, review_of
from crib.session.model import Grade

__all__ = ["SeatReveal"]


class SeatReveal:
    """The end of a seat's game: its log, secret, check and review (a mixin of
    :class:`~crib.session.duel.DuelSeat`, which has the engine and the record)."""

    storage: DuelStorage
    code: str
    seat: int
    lang: str
    record: DuelRecord
    game: Game | None
    _held: tuple[float, int] | None = None  # (when asked, tables of the round in play)
    _grades: list[Grade] | None = None  # the review, once made
    fairness_text = ""  # the end-of-game check, once made (:meth:`fairness`)

    def my_events(self) -> list[ev.Event]:  # pragma: no cover - DuelSeat's
        raise NotImplementedError

    def held(self, *, every: float = 0.0) -> int:
        """Other tables dealt the same cards (a round's) still in play: while any is, this
        table's log, review and secret stay closed.  ``every``: ask at most that often (s)."""
        now = time.monotonic()
        if self._held is None or now - self._held[0] >= every:
            self._held = (now, int(self.storage.round_pending(self.code)))
        return self._held[1]

    def _closed(self) -> None:
        if self.held():
            raise CribError(ROUND_HELD)

    def log(self) -> str:
        """The whole log as JSON (for ``crib replay --secret``) once the game (and its round)
        is over or abandoned; before, only this seat's view of it."""
        if self.game is None:
            return "[]"
        if (self.game.over or self.record.status == "abandoned") and not self.held():
            return ev.log_to_json(self.game.events)
        return ev.log_to_json(self.my_events())

    def secret(self) -> str:
        """The revealed secret (hex), once the game (and its round) is over or abandoned."""
        r = self.record
        if self.game is None or not (self.game.over or r.status == "abandoned"):
            raise CribError("the secret is revealed at the end of the game")
        self._closed()
        return begin_match(r.master_seed, r.client_seed or 0).secret.hex()

    def fairness(self) -> str:  # the commitment against the secret, and the log replayed
        assert self.game is not None
        self.fairness_text = fairness_check(
            self.record.commit, self.secret(), self.game.decks, self.game.events, self.lang
        )
        return self.fairness_text

    def end_check(self) -> tuple[str, list[Grade]]:  # the check and the review, at once
        return self.end_work()()

    def end_work(self) -> Callable[[], tuple[str, list[Grade]]]:
        """The check and the review as work for later (seconds of CPU: a page runs it in a
        forked child, then :meth:`keep_end_check`).  The record is read now, here: the work
        uses no connection, which a forked child must not share with its parent."""
        secret = self.secret()
        assert self.game is not None
        commit, decks, events = self.record.commit, list(self.game.decks), list(self.game.events)
        seat, lang = self.seat, self.lang
        return lambda: (
            fairness_check(commit, secret, decks, events, lang),
            _worst_first(review_of(events, seat, lang)),
        )

    def review_work(self) -> Callable[[], tuple[str, SeatReview | None]]:
        """The check and this seat's whole review (its grades, its chance curve, the other
        seat's sixes), as :meth:`end_work` does, under
        :func:`~crib.session.duel_review.review_access`'s rule (closed while the round is)."""
        secret = self.secret()  # refused while the round is held
        assert self.game is not None
        r = self.record
        status = "over" if self.game.over else r.status  # (the record may lag by a poll)
        access = review_access(self.seat, status=status, round_pending=self.held())
        commit, decks, events = r.commit, list(self.game.decks), list(self.game.events)
        seat, lang, names = self.seat, self.lang, (r.names[0] or "", r.names[1] or "")
        return lambda: (
            fairness_check(commit, secret, decks, events, lang),
            seat_review(events, seat, access, names, lang=lang),
        )

    def keep_end_check(self, fair: str, grades: list[Grade]) -> None:  # made elsewhere: shown
        self.fairness_text, self._grades = fair, list(grades)

    def review(self) -> list[Grade]:
        """This seat's decisions graded by the Master, the costliest first (closed while its
        round is)."""
        self._closed()
        if self.game is None or not self.game.over:
            raise CribError(tr(self.lang)(N_("the review comes at the end of the game")))
        if self._grades is None:
            self._grades = review_of(self.game.events, self.seat, self.lang)
        return _worst_first(self._grades)


def _worst_first(grades: list[Grade]) -> list[Grade]:
    """The costliest decision first (:func:`crib.session.review.Coach.review`'s order)."""
    return sorted(grades, key=lambda g: (-g.lost, g.number))
