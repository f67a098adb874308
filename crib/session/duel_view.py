"""One seat's view of a game between two people (:mod:`crib.session.duel`): its events
(the opponent's unseen cards blanked, :func:`~crib.session.duel_record.seat_events`)
folded into the table, and the :class:`~crib.session.model.GameView` the page draws,
built from that fold and the seat's own :class:`~crib.rules.observation.Observation`
alone; seat-relative, index 0 is the seat itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crib.errors import CribError
from crib.i18n import N_, tr
from crib.rules.fairness import verify_match
from crib.rules.replay import replay
from crib.session.duel_record import seat_events
from crib.session.fold import SeatTable
from crib.session.model import GameView, Grade, fairness_words, replay_summary
from crib.session.review import counts_from_log, grade_log

if TYPE_CHECKING:
    from crib.session.duel import DuelSeat

__all__ = ["SeatFold", "seat_fold", "seat_view", "seat_prompt", "presence_text", "seat_fairness", "seat_review"]


class SeatFold(SeatTable):
    """One seat's table, folded from its own events (see :meth:`DuelSeat.view`):
    the shared :class:`~crib.session.fold.SeatTable`, against the classmate's name."""


def seat_view(self: DuelSeat) -> GameView:
    """What ``self``'s page shows, from the seat's events and its own observation only;
    seat-relative: index 0 is you, 1 your classmate."""
    f = self._fold()
    phase = self.phase
    d = self.decision()
    # the check replays the whole log (a third of a second of CPU): the page asks for it
    # off its event loop (crib.ui.play.duel), and the view shows it once it is made
    fair = self._fair if self.game is not None and self.game.over else ""
    fields = f.view_fields(phase, d)
    if phase not in ("hand_over", "over", "count"):
        fields.update(show=None, shows=())  # the show is drawn once the hand is over
    return GameView(
        **fields,
        names=f.names,
        selected=tuple(self.selected),
        hinted=(),
        prompt=seat_prompt(self, phase, f),
        can_go=False,
        grade=None,
        hint="",
        coaching=False,
        manual=self.record.manual[self.seat],
        muggins=self.record.muggins,
        count_entry=self.count_entry,
        cut_cards=None,
        commit=self.record.commit,
        fairness=fair,
        mistakes=0,
    )

def seat_prompt(self: DuelSeat, phase: str, f: SeatFold | None = None) -> str:
    """The line that says what to do in ``phase``."""
    _ = tr(self.lang)
    them = self.record.names[1 - self.seat] or _("your classmate")
    if phase == "waiting":
        return _("Table {code}: waiting for your classmate. Tell them the code {code}.").format(code=self.code)
    if phase == "discard":
        if f is not None and f.dealer == 0:
            return _("Throw two cards to your crib: pick them, then Throw.")
        return _("Throw two cards to {name}’s crib: pick them, then Throw.").format(name=them)
    if phase == "play":
        count = f.count if f is not None else 0
        return _("Count {n}: your play. Click a card (or press its number).").format(n=count)
    if phase == "count":
        return _("Count your cards: type the number, then Count it.")
    if phase == "wait":
        if self.game is not None and self._my_waiting_discard() or _discard_thrown(self):
            return _("Waiting for {name} to throw.").format(name=them)
        return _("Waiting for {name}…").format(name=them)
    if phase == "hand_over":
        return _("The show. Press Continue for the next deal.")
    if phase == "over":
        return _("Game over. The coach reviews your decisions below.")
    if phase == "abandoned":
        reason = self.record.reason or ""
        if reason.endswith(" abandoned the game"):  # the record's own words (stored in English)
            reason = _("{name} abandoned the game").format(name=reason.removesuffix(" abandoned the game"))
        return _("This game was abandoned: {reason}.").format(reason=reason)
    return ""

def _discard_thrown(self: DuelSeat) -> bool:
    if self.game is None or self.game.over:
        return False
    d = self.game.pending()
    return d is not None and d.kind == "discard" and d.player != self.seat

def presence_text(self: DuelSeat) -> str:
    """'Ann left the table', or '' while both are here."""
    p = self.opponent_presence()
    them, _ = self.record.names[1 - self.seat], tr(self.lang)
    if p == "left" and self.record.status in ("playing", "waiting") and not (self.game and self.game.over):
        return _("{name} left the table. Wait for them to come back (same link), or abandon the game.").format(name=them)
    if p == "not yet" and self.record.status == "playing":
        return _("{name} has not opened this table yet: you can make your first move.").format(name=them)
    return ""


def seat_fold(self: DuelSeat) -> SeatFold:
    """This seat's table, folded incrementally from :meth:`my_events` (the events a
    page sees only grow)."""
    r = self.record
    if self.game is None:
        return SeatFold(self.seat, (r.names[self.seat] or "", tr(self.lang)(N_("your classmate"))), scores=r.scores,
                        lang=self.lang)
    if self._folded is None:
        me, them = r.names[self.seat] or "", r.names[1 - self.seat] or ""
        self._folded = (SeatFold(self.seat, (me, them), scores=r.scores, lang=self.lang), 0)
    f, done = self._folded
    upto = self._visible_upto()
    for e in seat_events(self.game.events[done:upto], self.seat):
        f.apply(e)
    self._folded = (f, max(done, upto))
    return f


def seat_fairness(self: DuelSeat, secret_hex: str) -> str:
    """The end-of-game check: the commitment against the revealed secret, and the log replayed."""
    assert self.game is not None
    secret = bytes.fromhex(secret_hex)
    problems = verify_match(self.record.commit, secret, self.game.decks)
    try:
        verdict = replay_summary(replay(self.game.events, secret=secret), self.lang)
    except CribError as err:
        verdict = tr(self.lang)(N_("the log did not replay: {error}")).format(error=err)
    self._fair = fairness_words(self.record.commit, secret.hex(), not problems, verdict, self.lang)
    return self._fair

def seat_review(self: DuelSeat) -> list[Grade]:
    """This seat's decisions graded by the Master (as against the computer), in game
    order; :func:`crib.session.review.Coach.review` sorts them worst first."""
    if self.game is None or not self.game.over:
        raise CribError(tr(self.lang)(N_("the review comes at the end of the game")))
    if self._grades is None:
        evs = self.game.events
        self._grades = grade_log(evs, counts_from_log(evs, self.seat), seat=self.seat, lang=self.lang)
    return sorted(self._grades, key=lambda g: (-g.lost, g.number))
