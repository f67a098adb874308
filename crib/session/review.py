"""The coach's side of the game: grading your decisions, hints, the review, and saved
games (save, load, and grading a saved log).

The module functions work on a log or a position alone (the controller re-exports
the public ones); a :class:`Coach` holds one game's grades, counts and hints: the
:class:`~crib.session.controller.GameController` holds one (``controller.coach``),
hands it each decision you take, and asks it for hints.  It drives no engine step.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, replace
from typing import Any

from crib.analysis.coach import board_applies, grade_discard, grade_play, hint_discard, trap_flag
from crib.analysis.coach_words import TRAP_CARD, TRAP_SET, hint_play_sentence, next_best_sentence
from crib.analysis.discard import analyze_discard
from crib.analysis.grades import WIN_UNIT
from crib.analysis.models import MASTER
from crib.analysis.play import analyze_play
from crib.analysis.play.board import analyze_board
from crib.analysis.speech import board_note, discard_note, num, pct, play_note
from crib.errors import CribError
from crib.i18n import N_, tr
from crib.rules.cards import Card, cards_pretty
from crib.rules.events import (
    Counted,
    Dealt,
    Discarded,
    Event,
    GameStarted,
    Go,
    Muggins,
    Played,
    Shown,
    log_from_json,
    log_to_json,
)
from crib.rules.game import Decision, Game
from crib.rules.observation import Observation
from crib.rules.players import HumanPlayer
from crib.rules.position import PeggingPosition
from crib.rules.replay import Replay, replay, replay_error_words
from crib.session import plain
from crib.session.model import HUMAN, CountRecord, Grade
from crib.session.summary import band_counts as band_counts
from crib.session.summary import summary_strip


def _grade_discard(
    n: int,
    hand: int,
    six: Sequence[Card],
    throw: Sequence[Card],
    dealer: bool,
    hinted: bool,
    scores: tuple[int, int] | None = None,
    lang: str = "en",
) -> Grade:
    """Graded by the Master; with the ``scores`` (yours first) near 121, by P(win)."""
    g = grade_discard(tuple(six), tuple(throw), dealer=dealer, scores=scores, lang=lang)
    words = ""
    if g.mine is not None and g.top is not None:
        words = plain.discard_text(
            g.mine, g.top, dealer=dealer, verdict=g.verdict, lost=g.lost, unit=g.unit, lang=lang
        )
    return Grade(
        n,
        hand,
        "discard",
        cards_pretty(g.throw),
        cards_pretty(g.best_throw),
        round(g.lost, 3),
        g.verdict,
        (),
        None,
        g.sentence,
        tuple(six),
        dealer,
        hinted,
        g.unit,
        words,
        ((g.discard_model or MASTER.discard).describe(lang), g.model_note),
    )


def _grade_play(
    n: int,
    hand: int,
    pos: PeggingPosition,
    card: Card,
    dealer: bool,
    hinted: bool,
    exact: bool,
    opp_played: tuple[Card, ...] = (),
    lang: str = "en",
) -> Grade:
    """Graded by the Master: the computer's holdings weighted by how likely it was to keep
    them from its seat (``dealer`` is yours), given the cards it has played this hand."""
    g = grade_play(pos, card, exact=exact, opp_played=opp_played, opp_dealer=not dealer, lang=lang)
    words = plain.play_text(
        pos,
        card,
        g.best_card,
        verdict=g.verdict,
        lost=g.lost,
        unit=g.unit,
        reasons=g.tags,
        board=g.unit == WIN_UNIT,
        trap=g.trap,
        lang=lang,
    )
    return Grade(
        n,
        hand,
        "play",
        card.pretty,
        g.best_card.pretty if g.best_card else "go",
        round(g.lost, 3),
        g.verdict,
        g.tags,
        g.trap,
        g.sentence,
        pos,
        dealer,
        hinted,
        g.unit,
        words,
        ((g.play_model or MASTER.play).describe(lang), g.model_note),
    )


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
            _grade_discard(
                len(self.grades) + 1, hand, six, throw, dealer, self.hint_used, scores, self.lang
            )
        )

    def grade_play(self, hand: int, obs: Observation, card: Card, dealer: bool) -> None:
        """Grade your card, played from ``obs`` with a choice; the exact trap flag is
        left pending (:meth:`refine_grades`)."""
        pos = PeggingPosition.from_observation(obs)
        self.grades.append(
            _grade_play(
                len(self.grades) + 1,
                hand,
                pos,
                card,
                dealer,
                self.hint_used,
                exact=False,
                opp_played=obs.opp_played,
                lang=self.lang,
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
        verdict = (
            "best" if n == shown.total else "mistake" if abs(n - shown.total) <= 2 else "blunder"
        )
        self.grades.append(
            Grade(
                len(self.grades) + 1,
                hand,
                "count",
                str(n),
                str(shown.total),
                float(max(0, shown.total - n)),
                verdict,
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
        self, pos: PeggingPosition, opp_played: tuple[Card, ...], opp_dealer: bool
    ) -> Any:
        """The coach's (the Master's) analysis of a position, computed once per position:
        the computer's holdings weighted by how likely it was to keep them from its seat."""
        key = (pos.to_text(), opp_played, opp_dealer)
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
        if board_applies(pos, not dealer):
            self._hint_board(pos, obs.opp_played, my_cards, dealer)
            return
        a = self._analysis(pos, obs.opp_played, not dealer)
        b = a.best
        _ = tr(self.lang)
        self.hint_text = hint_play_sentence(
            b.card.pretty if b.card else _("go"),
            b.now,
            b.future,
            b.margin,
            b.p_nonneg,
            play_note(a, self.lang),
            ge="≥",
            lang=self.lang,
        )
        if len(a.options) > 1:
            o = a.options[1]
            self.hint_text += " " + next_best_sentence(
                o.card.pretty if o.card else _("go"),
                num(o.margin, "+.2f", self.lang),
                colon=True,
                lang=self.lang,
            )
        sets_up = b.now == 0 and b.margin >= 1.5
        if sets_up:
            self.hint_text += " " + _(TRAP_CARD)
        self.hint_plain = plain.hint_play_text(pos, b.card, sets_up=sets_up, lang=self.lang)
        self.hint_how = (self.hint_text, MASTER.play.describe(self.lang))
        self.hinted = (my_cards.index(b.card),) if b.card in my_cards else ()

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
        name = best.card.pretty if best.card else _("go")
        self.hint_text = _(
            "Play {card}: it gives you a {p} chance to win the game ({note})."
        ).format(card=name, p=pct(best.p_win, ".0%", self.lang), note=board_note(b, self.lang))
        if len(b.options) > 1:
            o = b.options[1]
            self.hint_text += " " + next_best_sentence(
                o.card.pretty if o.card else _("go"),
                pct(o.p_win, ".0%", self.lang),
                colon=True,
                lang=self.lang,
            )
        self.hint_plain = plain.hint_board_text(best.card, best.p_win, self.lang)
        self.hint_how = (self.hint_text, MASTER.play.describe(self.lang))
        self.hinted = (my_cards.index(best.card),) if best.card in my_cards else ()

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


# -- saved games -------------------------------------------------------------------


def load_saved(text: str, lang: str = "en") -> tuple[list[Event], list[CountRecord]]:
    """A saved game (this app's JSON, or a plain event log) as events and counts; a
    :class:`~crib.errors.CribError` in ``lang`` for anything else."""
    _ = tr(lang)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise CribError(
            _("not a saved game: invalid JSON at line {line} column {col}").format(
                line=e.lineno, col=e.colno
            )
        ) from None
    if isinstance(data, dict):
        if "events" not in data:
            raise CribError(_("not a saved game: no 'events' in the file"))
        events = log_from_json(json.dumps(data["events"]), lang)
        if any(isinstance(e, Counted) for e in events):
            return events, counts_from_log(events)
        try:  # a game saved before the counts were engine events
            counts = [CountRecord(**c) for c in data.get("counts", [])]
        except TypeError as e:
            raise CribError(
                _("not a saved game: a count record is malformed ({error})").format(error=e)
            ) from None
        return events, counts
    events = log_from_json(text, lang)
    return events, counts_from_log(events)


def replay_saved(events: Sequence[Event], lang: str = "en") -> Replay:
    """:func:`crib.rules.replay.replay` of a loaded game, its error (a log that breaks the
    rules) said in ``lang``."""
    try:
        return replay(events)
    except CribError as e:
        if lang == "en":
            raise
        raise CribError(
            tr(lang)(N_("This log does not replay under the rules: {error}")).format(
                error=replay_error_words(str(e), lang)
            )
        ) from None


def counts_from_log(events: Sequence[Event], seat: int = HUMAN) -> list[CountRecord]:
    """``seat``'s own counts in a log (manual counting): each claim, the true count
    and the muggins points the opponent took."""
    out: list[CountRecord] = []
    hand = -1
    for i, e in enumerate(events):
        if isinstance(e, Dealt):
            hand = e.hand
        if not isinstance(e, Counted) or e.player != seat:
            continue
        shown = next((x for x in events[i + 1 : i + 2] if isinstance(x, Shown)), None)
        mug = next((x for x in events[i + 2 : i + 3] if isinstance(x, Muggins)), None)
        total = shown.total if shown is not None else e.claimed
        out.append(CountRecord(hand, e.what, e.claimed, total, mug.points if mug else 0))
    return out


def decisions_from_log(
    events: Sequence[Event], seat: int = HUMAN
) -> list[tuple[int, Decision, Any]]:
    """Each decision of ``seat`` in a log, as (hand, decision, action), by replaying it
    through the engine (call :func:`crib.replay` first to check the log).  A discard's
    action is a tuple of Cards, a play's a Card (None for go), a count's the number
    claimed: the events' own values (the log's text was parsed once, on loading)."""
    start = events[0]
    assert isinstance(start, GameStarted)
    from crib.rules.replay import _decks_from_log, decision_action, game_kwargs

    kwargs: dict[str, Any] = game_kwargs(start)
    players = (HumanPlayer("a"), HumanPlayer("b"))
    if start.deals == "seed":
        g = Game(start.seed, players, **kwargs)
    else:
        g = Game(start.seed, players, stacked=_decks_from_log(events), **kwargs)
    out = []
    hand = -1
    for e in events:
        if isinstance(e, Dealt):
            hand = e.hand
        if not isinstance(e, Discarded | Played | Go | Counted):
            continue
        d = g.advance()
        if d is None:
            break
        action = decision_action(e)
        if e.player == seat:
            out.append((hand, d, action))
        g.submit(e.player, action)
    return out


def grade_log(
    events: Sequence[Event],
    counts: Sequence[CountRecord] = (),
    seat: int = HUMAN,
    *,
    exact: bool = False,
    lang: str = "en",
) -> list[Grade]:
    """The review of a saved game: ``seat``'s decisions graded, in game order (words in ``lang``)."""
    _ = tr(lang)
    grades: list[Grade] = []
    for hand, d, action in decisions_from_log(events, seat):
        obs = d.observation
        if d.kind == "discard":
            grades.append(
                _grade_discard(
                    len(grades) + 1,
                    hand,
                    obs.hand,
                    action,
                    obs.dealer,
                    False,
                    (obs.my_score, obs.opp_score),
                    lang,
                )
            )
        elif d.kind == "play" and action is not None and len(obs.legal) > 1:
            grades.append(
                _grade_play(
                    len(grades) + 1,
                    hand,
                    PeggingPosition.from_observation(obs),
                    action,
                    obs.dealer,
                    False,
                    exact,
                    opp_played=obs.opp_played,
                    lang=lang,
                )
            )
    for c in counts:
        verdict = (
            "best"
            if c.claimed == c.total
            else "mistake"
            if abs(c.claimed - c.total) <= 2
            else "blunder"
        )
        said = (
            _("You counted {n}; it counts {total}.")
            if c.claimed != c.total
            else _("Right: {total}.")
        ).format(n=c.claimed, total=c.total)
        grades.append(
            Grade(
                len(grades) + 1,
                c.hand,
                "count",
                str(c.claimed),
                str(c.total),
                float(max(0, c.total - c.claimed)),
                verdict,
                sentence=said,
                plain=said,
            )
        )
    return grades
