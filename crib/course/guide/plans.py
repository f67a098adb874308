"""The lesson plans of the teacher's guide: for each of the five lessons, its materials,
timed plan, common misconceptions and the settings of the trainer and of class sessions.

The plans are data (``_DATA``, message ids marked with ``N_``); :func:`guide` translates
one lesson's plan and fills in its slide numbers.

>>> [s.minutes for s in guide(2).plan]
[5, 13, 10, 12, 5]
>>> [s.minutes for s in guide(5).plan][3] >= ROUND_61_MINUTES
True
"""

from __future__ import annotations

from dataclasses import dataclass

from crib.course.guide.steps import FORM_LABELS, Session, Step
from crib.course.lessons import OBJECTIVE_TEXT, TITLES, LessonHead, lesson
from crib.course.printables.sheets import KINDS
from crib.course.rules_bank import STATEMENTS
from crib.errors import CribError
from crib.i18n import N_, check_lang, tr

__all__ = [
    "Step",
    "Session",
    "GuideLesson",
    "guide",
    "CLASS_MINUTES",
    "PHASES",
    "GAME_121_MINUTES",
    "ROUND_61_MINUTES",
    "FORM_LABELS",
]

CLASS_MINUTES = 45
PHASES = (N_("Warm-up"), N_("Teach"), N_("Practise"), N_("Play"), N_("Exit ticket"))


@dataclass(frozen=True)
class GuideLesson(LessonHead):
    materials: tuple[str, ...]
    plan: tuple[Step, ...]
    misconceptions: tuple[tuple[str, str], ...]
    trainer: tuple[str, ...]
    sessions: tuple[Session, ...]
    notes: tuple[str, ...] = ()
    printables: tuple[str, ...] = ()  # which worksheet, quiz and handout, and when
    struggling: tuple[str, ...] = ()  # help for pupils who struggle


# The play phases' minutes come from bench/lesson_timing.py (data/lesson_timing.json):
# Easy against Normal at a child's pace, a game to 121 takes about 53 minutes (median;
# 57 for four pairs in five) and a tournament round, a game to 61, about 28 (30).
GAME_121_MINUTES = 55

# the printables' commands, named in the guide's lines as placeholders ({worksheet_1})
PRINT = {k.replace("-", "_"): f"crib print {k}" for k in KINDS}
ROUND_61_MINUTES = 30


N_("random")  # a Session's seed, translated in describe()
_MATERIALS_COMMON = (
    N_("A projector showing the lesson page (guide.ipynb, “Lesson on the projector”)."),
    N_("One pack of cards for every two students."),
)

_DATA = {
    1: dict(
        materials=(N_("Paper and pencil, or mini whiteboards."),),
        plan=(
            (
                5,
                N_(
                    "Deal five cards face up. The class finds every set that adds to 15 (jack, "
                    "queen, king count 10)."
                ),
            ),
            (
                12,
                N_(
                    "Slides 1 to {last}: card values, fifteens, pairs, three and four of a kind, "
                    "then the three worked examples, revealed step by step."
                ),
            ),
            (
                10,
                N_(
                    "The 10 practice slides: students write their count, then you reveal it and "
                    "read the count aloud together."
                ),
            ),
            (
                13,
                N_(
                    "In pairs, one deals four cards and a starter; both count aloud; swap. Check "
                    "doubtful hands in the trainer."
                ),
            ),
            (5, N_("The exit ticket: three questions, on paper, alone.")),
        ),
        misconceptions=(
            (
                N_("“King and queen are a pair: both count 10.”"),
                N_("A pair is two cards of the same rank. K and Q make 20; they are not a pair."),
            ),
            (
                N_("“A card can only be used once.”"),
                N_(
                    "Every different set of cards that makes 15 counts: 5 + 10 and 5 + K are two "
                    "fifteens."
                ),
            ),
            (N_("“The ace counts 11.”"), N_("In cribbage the ace is always 1.")),
            (
                N_("“Three of a kind is 3 points.”"),
                N_("Three of a kind holds three pairs: 6. Four of a kind holds six pairs: 12."),
            ),
        ),
        trainer=(
            N_(
                "Trainer: Practise “Counting”, Difficulty “fifteens”, Count a “hand”; then “pairs”."
            ),
        ),
        sessions=(
            Session(N_("Class session A"), {"count": 8}, "fifteens"),
            Session(N_("Class session B"), {"count": 8}, "pairs"),
        ),
        printables=(
            N_(
                "Before lesson 1, in its own 10 minutes (the day before, or a lesson's last "
                "10 minutes): the pre-test, the teacher's page's “Pre-test” preset."
            ),
            N_("Hand out the glossary ({glossary}) at the start; pupils keep it."),
            N_("Exit ticket: {exit_tickets}, lesson 1's strip for each pupil."),
            N_("Homework or early finishers: worksheet 1 ({worksheet_1}), hands only."),
        ),
        struggling=(
            N_(
                "Count with the cards face up and touch each set that makes 15 as you say it; "
                "then pairs only."
            ),
            N_(
                "Seat a pupil who struggles with a patient partner who checks the count, not "
                "one who counts for them; the trainer's “fifteens” level at their own pace."
            ),
        ),
    ),
    2: dict(
        materials=(N_("Lesson 1's exit tickets, marked, to hand back."),),
        plan=(
            (5, N_("Hand back the exit tickets. Count two hands from lesson 1 aloud together.")),
            (
                13,
                N_(
                    "Slides 1 to {last}: runs in any order, the ace low, double runs, flush (4 in "
                    "the hand, 5 in the crib), nobs, the crib, counting aloud in order; the four "
                    "worked examples."
                ),
            ),
            (10, N_("The 10 practice slides, answers on paper, then revealed.")),
            (
                12,
                N_(
                    "In pairs: deal six each, lay two away to the dealer's crib, cut a starter, "
                    "count both hands and the crib aloud. No play yet."
                ),
            ),
            (5, N_("The exit ticket.")),
        ),
        misconceptions=(
            (N_("“Q-K-A is a run.”"), N_("The ace is low only: A-2-3 is a run, Q-K-A is not.")),
            (
                N_("“4-4-5-6 is one run and a pair: 5 points.”"),
                N_(
                    "Each 4 makes its own run: two runs of three (6) and the pair (2), 8 before "
                    "the fifteens."
                ),
            ),
            (
                N_("“Four hearts in the crib make a flush.”"),
                N_("In the crib, only five cards of one suit (starter included) make a flush."),
            ),
            (
                N_("“Nobs counts only in the hand.”"),
                N_("A jack of the starter's suit scores 1 in the crib too."),
            ),
            (
                N_("“The crib belongs to whoever threw the better cards.”"),
                N_("The crib is always the dealer's, counted after the dealer's hand."),
            ),
        ),
        trainer=(
            N_(
                "Trainer: Practise “Counting”, Difficulty “runs”, then “flush”; switch Count a to "
                "“crib” for five hands."
            ),
        ),
        sessions=(
            Session(N_("Class session A"), {"count": 8}, "runs"),
            Session(N_("Class session B"), {"count": 8}, "flush"),
        ),
        printables=(
            N_("Exit ticket: lesson 2's strip of the exit tickets ({exit_tickets})."),
            N_("Homework: worksheet 2 ({worksheet_2}), with cribs and their traps."),
            N_(
                "Quiz 1 ({quiz_1}) after this lesson: as homework, or the first "
                "15 minutes of a lesson before lesson 3."
            ),
        ),
        struggling=(
            N_(
                "Count in the fixed order, one kind at a time (fifteens, pairs, runs, flush, "
                "nobs), with the scoring cheat sheet ({cheatsheet}) on the desk."
            ),
            N_("Lay a run's cards in order before counting it; for a double run, two rows."),
        ),
    ),
    3: dict(
        materials=(N_("A cribbage board for every two students (or the board printable)."),),
        plan=(
            (3, N_("Quick count of two hands with runs and a flush, aloud.")),
            (
                15,
                N_(
                    "Slides 1 to {last}: the play, never past 31, 15 and 31, pairs and runs in the "
                    "play, go and who leads after it, a new count breaking a run, last card, the "
                    "board and its pegs; the whole play worked out."
                ),
            ),
            (9, N_("The 10 practice slides: say the new count and the points.")),
            (
                13,
                N_(
                    "In pairs: deal four each, play them out, say every count aloud and peg the "
                    "points on the board. Then count the hands."
                ),
            ),
            (5, N_("The exit ticket.")),
        ),
        misconceptions=(
            (
                N_("“I can say go to keep my cards.”"),
                N_("You must play if a card fits. Say go only when every card would pass 31."),
            ),
            (
                N_("“After a go, the next player scores the go.”"),
                N_(
                    "The go point goes to whoever played the last card before the count starts "
                    "again."
                ),
            ),
            (
                N_("“At 29 my card pegs 1 for the go.”"),
                N_(
                    "The go is pegged when the other player says go: the card pegs what it "
                    "makes (at 29, often nothing); the go point comes after."
                ),
            ),
            (
                N_("“A run in the play must be in order.”"),
                N_(
                    "4, 6, 5 is a run: the last three cards, in any order, with no other card "
                    "between."
                ),
            ),
            (
                N_("“After 31, the cards before still make a run.”"),
                N_("31 or a go starts a new count: the cards before it no longer score."),
            ),
        ),
        trainer=(
            N_("Trainer, for students who finish early: Practise “Counting”, Difficulty “runs”."),
        ),
        sessions=(Session(N_("Class session"), {"pegpoints": 10}),),
        printables=(
            N_(
                "No boards? One board printable per pair ({board}, A4 or Letter), "
                "with two coins or counters per player for pegs."
            ),
            N_("Exit ticket: lesson 3's strip of the exit tickets."),
            N_("Homework: the pegging worksheet ({pegging})."),
        ),
        struggling=(
            N_(
                "Play the first deal with the cards face up; say the count before laying the "
                "card, then peg it."
            ),
            N_(
                "A pupil who freezes at a go: ask “does any card keep the count at 31 or "
                "under?”, then “who played the last card?” for the point and the lead."
            ),
        ),
    ),
    4: dict(
        materials=(N_("A cribbage board and a pack for every two students."),),
        plan=(
            (3, N_("Three quick what-does-it-peg questions on the projector.")),
            (
                8,
                N_(
                    "Slides 1 to {last}: cut for deal, the deal, the crib, the cut and his heels, "
                    "the order of the show, 121 ends the game, muggins, skunk lines; the four "
                    "worked examples."
                ),
            ),
            (6, N_("Six of the practice slides; the rest in the trainer.")),
            (
                25,
                N_(
                    "In pairs, a game on the board: the dealer says every step aloud; the other "
                    "checks. A game to 121 takes beginners about 55 minutes (crib's timing of "
                    "simulated games at a child's pace), so play 25 minutes, about five deals, "
                    "write both scores down and finish next lesson. No muggins unless both agree."
                ),
            ),
            (3, N_("The exit ticket (printed strips).")),
        ),
        misconceptions=(
            (
                N_("“The higher card deals.”"),
                N_("The lower card deals first; the ace is the lowest."),
            ),
            (
                N_("“His heels and nobs are the same.”"),
                N_(
                    "His heels: the starter itself is a jack, 2 to the dealer at once. Nobs: a "
                    "jack of the starter's suit in a hand or crib, 1 at the show."
                ),
            ),
            (
                N_("“The dealer counts first.”"),
                N_(
                    "The pone counts first, then the dealer's hand, then the crib. Near 121 this "
                    "decides games."
                ),
            ),
            (
                N_("“Finish the round before deciding who won.”"),
                N_("The game ends the moment a player reaches 121, even in the play."),
            ),
        ),
        trainer=(N_("Trainer: Practise “Counting”, Difficulty “typical”."),),
        printables=(
            N_(
                "Each pair: the scoring cheat sheet and the tactics and etiquette handout "
                "({tactics}), read together before the game."
            ),
            N_("Exit ticket: lesson 4's strip of the exit tickets."),
            N_(
                "Quiz 2 ({quiz_2}) after this lesson: homework, or 15 minutes of the "
                "next lesson before the tournament."
            ),
        ),
        struggling=(
            N_(
                "Let a pair who struggle play to 61 (once around) with the cheat sheet open; "
                "count the first show with them."
            ),
            N_("Play without muggins: a missed point is a lesson, not a loss."),
        ),
        sessions=(
            Session(N_("Class session"), {"count": 4, "pegpoints": 3, "rules": 8}, "typical"),
        ),
    ),
    5: dict(
        materials=(
            N_(
                "The round's pairing sheet from the teacher's page (Tournament: round-robin or "
                "Swiss, games to 61), printed or on the projector."
            ),
            N_("A board and a pack per table."),
        ),
        plan=(
            (
                3,
                N_(
                    "Explain the tournament: one round of a game to 61, the pairing sheet, 2 "
                    "game points for a win, 3 for a skunk."
                ),
            ),
            (
                7,
                N_(
                    "Slides 1 to {last}: the tournament, the discard, your crib or theirs, fives "
                    "and pairs; the three worked discards."
                ),
            ),
            (3, N_("The four discard practice slides; the rest in the trainer.")),
            (
                30,
                N_(
                    "The tournament: one round, a game to 61 (about 30 minutes for beginners, by "
                    "crib's timing). Each player counts aloud; the opponent checks. Enter the "
                    "results on the teacher's page; the next rounds in the next lessons."
                ),
            ),
            (2, N_("The exit ticket (printed strips), then the standings.")),
        ),
        misconceptions=(
            (
                N_("“Always keep the highest cards.”"),
                N_("Keep the cards that score together: fifteens, pairs and runs."),
            ),
            (
                N_("“Throw fives to the crib.”"),
                N_(
                    "Only to your own crib. Throwing fives to your opponent's crib gives them "
                    "points."
                ),
            ),
            (
                N_("“There are no skunks in a 61-point game.”"),
                STATEMENTS["tournament scoring"],
            ),
        ),
        trainer=(N_("Trainer: Practise “Discard quiz”."),),
        sessions=(Session(N_("Class session"), {"count": 4, "discard": 5}, "tricky"),),
        notes=(N_("Afterwards: the post-test preset, to compare with the pre-test."),),
        printables=(
            N_("Each table: the tactics and etiquette handout ({tactics})."),
            N_("Exit ticket: lesson 5's strip of the exit tickets."),
            N_("After the course: the post-test preset, in its own 10 minutes."),
        ),
        struggling=(
            N_(
                "Before the throw, ask one question: “is the crib yours?” Yours: keep fives and "
                "pairs together. Theirs: do not give them fives."
            ),
            N_(
                "In the tournament every game counts the same: seat a pupil who struggles "
                "first against a classmate of their level (Swiss pairs equal scores)."
            ),
        ),
    ),
}


def guide(n: int, lang: str = "en") -> GuideLesson:
    """Lesson ``n``'s page of the teacher's guide, in ``lang``."""
    if n not in _DATA:
        raise CribError(f"no lesson {n!r}: the lessons are 1 to 5")
    _ = tr(check_lang(lang))
    d = _DATA[n]
    slides = lesson(n, lang).slides
    last = next(i for i, s in enumerate(slides) if s.kind == "practice")
    plan = tuple(
        Step(_(PHASES[i]), m, _(what).format(last=last)) for i, (m, what) in enumerate(d["plan"])
    )
    oid = f"L{n}"
    return GuideLesson(
        n,
        _(TITLES[n]),
        oid,
        _(OBJECTIVE_TEXT[oid]),
        tuple(_(x) for x in (*_MATERIALS_COMMON, *d["materials"])),
        plan,
        tuple((_(a), _(b)) for a, b in d["misconceptions"]),
        tuple(_(x) for x in d["trainer"]),
        d["sessions"],
        tuple(_(x) for x in d.get("notes", ())),
        tuple(_(x).format(**PRINT) for x in d.get("printables", ())),
        tuple(_(x).format(**PRINT) for x in d.get("struggling", ())),
    )
