"""The coach's side of the game: grading your decisions, hints, the review, and saved
games (save, load, and grading a saved log).

A :class:`Coach` holds one game's grades, counts and hints: the
:class:`~crib.session.controller.GameController` holds one (``controller.coach``),
hands it each decision you take, and asks it for hints.  It drives no engine step.
The module functions work on a log or a position alone (the controller re-exports
the public ones) and live apart, re-exported here: loading, replaying and reading a
saved game in :mod:`crib.session.saved`, grading a decision or a saved game's log in
:mod:`crib.session.grading`, the summary strips in :mod:`crib.session.summary`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, replace
from typing import TYPE_CHECKING, Any

from crib.analysis.coach import MODELLED_NEXT, board_applies, hint_discard, trap_flag
from crib.analysis.coach_words import TRAP_CARD, TRAP_SET, hint_play_sentence, next_best_sentence
from crib.analysis.discard import analyze_discard
from crib.analysis.grades import grade
from crib.analysis.models import MASTER
from crib.analysis.play import analyze_play
from crib.analysis.play.board import analyze_board
from crib.analysis.speech import board_note, discard_note, num, pct, play_note
from crib.i18n import N_, tr
from crib.rules.cards import Card
from crib.rules.events import Dealt, Event, Shown, log_to_json
from crib.rules.observation import Observation
from crib.rules.position import PeggingPosition
from crib.session import plain
from crib.session.chance import ChanceCache, chance_curve
from crib.session.grading import LogGrader, coach, discard_grade, grade_log, play_grade
from crib.session.model import COMPUTER, HUMAN, CountRecord, Grade
from crib.session.saved import counts_from_log, decisions_from_log, load_saved, replay_saved
from crib.session.summary import band_counts, summary_strip

if TYPE_CHECKING:
    from crib.ai.reading import Reading

__all__ = [
    "Coach",
    "load_saved",
    "replay_saved",
    "counts_from_log",
    "decisions_from_log",
    "grade_log",
    "summary_strip",
    "band_counts",
]


class Coach:
    """One game's coach: ``grades`` in game order, ``counts`` (manual counting), the
    plays whose exact trap flag is ``pending``, and the current hint (``hint_text``,
    ``hinted``: your cards it points at, ``hint_used`` for this decision)."""

    def __init__(self, *, exact_trap: bool = True, lang: str = "en") -> None:
        self.exact_trap = exact_trap
        self.lang = lang  # the language of the plain words and the notes
        self.grades: list[Grade] = []
        self.counts: list[CountRecord] = []
        self.pending: list[tuple[int, PeggingPosition, Card, tuple[Card, ...]]] = []
        self._analyses: dict[tuple[Any, ...], Any] = {}
        self.hint_text = ""  # the hint in detail (the "Plain words" switch off)
        self.hint_plain = ""  # the hint in plain words (crib.session.plain)
        self.hint_how: tuple[str, ...] = ()  # the hint's "How this was computed"
        self.hinted: tuple[int, ...] = ()
        self.hint_used = False
        # the review's costly parts, computed as the game goes (:meth:`prepare_review`)
        self.chances = ChanceCache()
        self.other = LogGrader(COMPUTER, lang=lang)  # the computer's decisions, graded

    def prepare_review(self, events: Sequence[Event]) -> None:
        """The end-of-game review's costly parts so far, from the engine's ``events``: the
        computer's decisions of the finished hands graded, and the discard chances of
        both players' graded throws.  Called after each move is on the screen (and at
        the end), it leaves the review only the last steps; nothing of it is shown
        before the game is over."""
        self.other.update(events)
        chance_curve(events, self.grades, HUMAN, self.chances)
        chance_curve(events, self.other.grades, COMPUTER, self.chances)

    def clear_hint(self) -> None:
        """No hint shown (a decision was taken)."""
        self.hint_text, self.hint_plain, self.hint_how = "", "", ()

    def new_decision(self) -> None:
        """A new decision of yours: no hint shown or used for it yet."""
        self.hinted = ()
        self.hint_used = False

    def grade_discard(
        self,
        hand: int,
        six: Sequence[Card],
        throw: Sequence[Card],
        dealer: bool,
        scores: tuple[int, int] | None = None,
    ) -> None:
        """Grade your throw (``dealer``: you deal; ``scores``, yours first: by P(win) near 121)."""
        self.grades.append(
            discard_grade(
                len(self.grades) + 1, hand, six, throw, dealer, self.hint_used, scores, self.lang
            )
        )

    def grade_play(self, hand: int, obs: Observation, card: Card, dealer: bool) -> None:
        """Grade your card, played from ``obs`` with a choice; the exact trap flag is
        left pending (:meth:`refine_grades`)."""
        pos = PeggingPosition.from_observation(obs)
        self.grades.append(
            play_grade(
                len(self.grades) + 1,
                hand,
                pos,
                card,
                dealer,
                self.hint_used,
                exact=False,
                opp_played=obs.opp_played,
                lang=self.lang,
                obs=obs,
            )
        )
        if self.exact_trap:
            self.pending.append((len(self.grades) - 1, pos, card, obs.opp_played))

    def grade_count(
        self, hand: int, shown: Shown, n: int, taken: int, muggins: bool, dealer: bool
    ) -> str:
        """Grade your count ``n`` of what was ``shown`` (the computer took ``taken``
        by muggins); the note to show."""
        _ = tr(self.lang)
        if n == shown.total:
            note = _("Right: {n}.").format(n=n)
        else:
            missed = shown.total - n
            note = _("You missed {missed}: you said {n}, it counts {total}.").format(
                missed=missed, n=n, total=shown.total
            )
            if muggins:
                note += " " + _("Muggins! The computer takes the {missed} you missed.").format(
                    missed=missed
                )
        self.counts.append(CountRecord(hand, shown.what, n, shown.total, taken))
        off = float(abs(n - shown.total))  # a count is graded by how far off it is
        self.grades.append(
            Grade(
                len(self.grades) + 1,
                hand,
                "count",
                n,
                shown.total,
                off,
                grade(off),
                (),
                None,
                note,
                shown.cards,
                dealer,
                plain=note,
            )
        )
        return note

    def refine_grades(self) -> int:
        """Run the exact analysis for the trap flag of the plays graded so far.

        It takes up to a few seconds for a lead, so the app calls it after the
        computer's reply is on the screen.  Returns how many grades it refined.
        """
        n = 0
        while self.pending:
            i, pos, card, opp_played = self.pending.pop(0)
            g = self.grades[i]
            if board_applies(pos, not g.dealer):  # near 121 the grade is by P(win): no trap flag
                n += 1
                continue
            trap = trap_flag(self._analysis(pos, opp_played, not g.dealer), card)
            extra = " " + tr(self.lang)(TRAP_SET) if trap else ""
            words, said = g.plain, tr(self.lang)(plain.TRAP_TEXT)
            if trap and said not in words:  # before the grade word, as play_text puts it
                head, sep, tail = words.rpartition(". ")
                words = f"{head}. {said} {tail}" if sep else f"{words} {said}"
            self.grades[i] = replace(g, trap=trap, sentence=g.sentence + extra, plain=words)
            n += 1
        return n

    def _analysis(
        self,
        pos: PeggingPosition,
        opp_played: tuple[Card, ...],
        opp_dealer: bool,
        reading: Reading | None = None,
    ) -> Any:
        """The coach's (the Master's) analysis of a position, computed once per position
        and reading: the computer's holdings weighted by how likely it was to keep them
        from its seat (inside ``reading``'s weighing, also by how it has played)."""
        key = (pos.to_text(), opp_played, opp_dealer, reading)
        if key not in self._analyses:
            self._analyses[key] = analyze_play(
                pos, MASTER.play, opp_played=opp_played, opp_dealer=opp_dealer
            )
        return self._analyses[key]

    def hint_discard(self, six: tuple[Card, ...], dealer: bool) -> None:
        """The coach's throw from ``six`` and the reason (``dealer``: you deal)."""
        a = analyze_discard(six, dealer=dealer, model=MASTER)
        self.hint_text = hint_discard(six, dealer, lang=self.lang)
        self.hint_plain = plain.hint_discard_text(
            a.best, a.throws[1], dealer=dealer, lang=self.lang
        )
        self.hint_how = (
            self.hint_text,
            MASTER.discard.describe(self.lang),
            discard_note(a, self.lang),
        )
        self.hinted = tuple(six.index(c) for c in a.best.throw)
        self.hint_used = True

    def hint_play(self, obs: Observation, my_cards: tuple[Card, ...], dealer: bool) -> None:
        """The coach's card from ``obs`` and the reason (``my_cards`` as shown)."""
        self.hint_used = True
        if not obs.legal:
            self.hint_text = self.hint_plain = tr(self.lang)(
                N_("No card fits: the game says go for you.")
            )
            self.hint_how = ()
            self.hinted = ()
            return
        pos = PeggingPosition.from_observation(obs)
        reading = coach().reading(obs)  # the Master's reading of the computer, as it grades
        with reading.weighing():
            if board_applies(pos, not dealer):
                self._hint_board(pos, obs.opp_played, my_cards, dealer)
                return
            a = reading.ranked(obs, self._analysis(pos, obs.opp_played, not dealer, reading))
        b = a.best
        _ = tr(self.lang)
        note = play_note(a, self.lang) + (_(MODELLED_NEXT) if a.extra.get("modelled") else "")
        self.hint_text = hint_play_sentence(
            self._card_name(b.card),
            b.now,
            b.future,
            b.margin,
            b.p_nonneg,
            note,
            ge="≥",
            lang=self.lang,
        )
        self._add_next_best(a.options, lambda o: num(o.margin, "+.2f", self.lang))
        sets_up = b.now == 0 and b.margin >= 1.5
        if sets_up:
            self.hint_text += " " + _(TRAP_CARD)
        self.hint_plain = plain.hint_play_text(pos, b.card, sets_up=sets_up, lang=self.lang)
        self._point_at(b.card, my_cards)

    def _card_name(self, card: Card | None) -> str:
        """The card a hint names, or "go" (no card)."""
        _ = tr(self.lang)
        return card.pretty if card else _("go")

    def _add_next_best(self, options: Sequence[Any], worth: Callable[[Any], str]) -> None:
        """The next best of ``options`` (if any) after the hint, ``worth(option)`` its value."""
        if len(options) > 1:
            o = options[1]
            self.hint_text += " " + next_best_sentence(
                self._card_name(o.card), worth(o), colon=True, lang=self.lang
            )

    def _point_at(self, card: Card | None, my_cards: tuple[Card, ...]) -> None:
        """The hint's "how it was computed" and the card it rings (when you hold it)."""
        self.hint_how = (self.hint_text, MASTER.play.describe(self.lang))
        self.hinted = (my_cards.index(card),) if card in my_cards else ()

    def _hint_board(
        self,
        pos: PeggingPosition,
        opp_played: tuple[Card, ...],
        my_cards: tuple[Card, ...],
        dealer: bool,
    ) -> None:
        """Near 121: the Master's card by P(win), and the next best."""
        b = analyze_board(pos, dealer=dealer, opp_played=opp_played)
        best = b.best
        _ = tr(self.lang)
        self.hint_text = _(
            "Play {card}: it gives you a {p} chance to win the game ({note})."
        ).format(
            card=self._card_name(best.card),
            p=pct(best.p_win, ".0%", self.lang),
            note=board_note(b, self.lang),
        )
        self._add_next_best(b.options, lambda o: pct(o.p_win, ".0%", self.lang))
        self.hint_plain = plain.hint_board_text(best.card, best.p_win, self.lang)
        self._point_at(best.card, my_cards)

    def save(self, events: Sequence[Event], phase: str, tier: str) -> tuple[str, str]:
        """The game so far (``events`` revealed, now in ``phase``) as JSON, and a note.
        A hand in progress is left out: its deal event would show the computer's cards."""
        evs = list(events)
        note = ""
        if phase not in ("over", "hand_over", "cut", "cut_done"):
            last_deal = max(
                (i for i, e in enumerate(evs) if isinstance(e, Dealt)), default=len(evs)
            )
            evs = evs[:last_deal]
            note = tr(self.lang)(
                N_("The hand in progress is not saved (its log would show the computer's cards).")
            )
        counts = [
            asdict(c)
            for c in self.counts
            if any(isinstance(e, Dealt) and e.hand == c.hand for e in evs)
        ]
        data = {
            "crib_play": 1,
            "tier": tier,
            "events": json.loads(log_to_json(evs)),
            "counts": counts,
        }
        return json.dumps(data), note

    def hand_summary(self, hand: int, *, plain: bool = False) -> str:
        """One strip for a hand, e.g. 'Discard best · Pegging 1 mistake (−1.40)'
        (``plain``: the losses as a learner reads them)."""
        return summary_strip(
            [g for g in self.grades if g.hand == hand], plain=plain, lang=self.lang
        )

    def review(self) -> list[Grade]:
        """Every graded decision, the costliest first."""
        return sorted(self.grades, key=lambda g: (-g.lost, g.number))
