"""What the five lessons say and show: one function per lesson, filling a
:class:`crib.course.lessons.builder.LessonBuilder` (slides, worked examples, practice, exit ticket).

The words are marked with ``N_`` for the catalog; every number is computed when the
lesson is built (:mod:`crib.course.lessons`).  The practice items and exit tickets are
:mod:`crib.course.questions` questions with fixed seeds, so every class gets the same ones.
"""

from __future__ import annotations

from crib.course import questions as quiz
from crib.course.lessons.builder import LessonBuilder
from crib.course.rules_bank import statement
from crib.i18n import N_
from crib.rules.scoring import his_heels, score_hand

__all__ = ["BUILDERS"]


def _fresh_rule(b: LessonBuilder, seed: int, objective: str) -> quiz.RulesQuestion:
    """The first rules question of ``objective`` (from ``seed``) not already asked in the
    lesson's practice or exit ticket: an exit ticket never repeats a practice item."""
    asked = {
        it.question.id
        for it in (*b.practice, *b.exit)
        if isinstance(it.question, quiz.RulesQuestion)
    }
    for i in range(40):
        q = quiz.rules_question(seed, i, objective=objective, lang=b.lang)
        if q.id not in asked:
            return q
    return quiz.rules_question(seed, 0, objective=objective, lang=b.lang)  # a bank of one


# the kind of points a climbing level's lesson item must hold (its tag)
HOLDS = {"fifteens": "fifteen", "pairs": "pair", "runs": "run", "flush": "flush"}


def _count_then_rules(
    b: LessonBuilder,
    seed: int,
    levels: tuple[tuple[str, int], ...],
    objective: str,
    rules: int,
    crib: bool | None = None,
) -> None:
    """Practice: ``n`` counting questions at each ``(level, n)`` (from ``seed``), each
    holding its level's kind (:data:`HOLDS`), then ``rules`` rules questions of
    ``objective``."""
    for level, n in levels:
        for i in range(n):
            q = quiz.counting_question(seed, i, level=level, crib=crib, holds=HOLDS[level])
            b.item(q, b.practice)
    for i in range(rules):
        b.item(quiz.rules_question(seed, i, objective=objective, lang=b.lang), b.practice)


def _lesson1(b: LessonBuilder) -> None:
    b.title(N_("Count to fifteen, find the pairs."))
    b.teach(
        N_("What each card is worth"),
        N_("Ace 1. Two to ten: their number. Jack, queen, king: 10."),
        "AS 2D 7H 10C JD QS KH",
        ("card values",),
    )
    b.teach(
        N_("The ace is always 1"),
        N_("Ace + 4 + king = 15."),
        "AH 4C KS",
        ("card values",),
        (N_("1 + 4 + 10 = 15"),),
    )
    b.teach(
        N_("Fifteen: 2 points"),
        N_("Any cards that add up to 15 score 2."),
        "7H 8S",
        ("card values",),
        (N_("7 + 8 = 15: say “fifteen two”."),),
    )
    b.teach(
        N_("Every fifteen counts"),
        N_("A card can be in more than one fifteen."),
        "5H 10S KD",
        ("card values",),
        (N_("5 + 10 = 15: two. 5 + K = 15: four."),),
    )
    b.teach(
        N_("A pair: 2 points"), N_("Two cards of the same rank."), "9H 9S", ("pairs by rank only",)
    )
    b.teach(
        N_("Three and four of a kind"),
        N_("Three of a rank: 6 (three pairs). Four: 12."),
        "6H 6S 6D",
        ("pairs by rank only",),
        (N_("three of a kind: 6"), N_("four of a kind: 12")),
    )
    b.teach(
        N_("King and queen: no pair"),
        N_("They both count 10, but a pair is the same rank."),
        "KH QH",
        ("pairs by rank only",),
        (N_("K + Q: not a pair, 0 points"),),
    )
    b.teach(
        N_("Your hand and the starter"),
        N_("You hold 4 cards. One card is turned up for both players: the starter. Count all 5."),
        "4C 5D 6S JH 5S",
        ("card values",),
        label=N_("hand + starter"),
    )
    b.hand("7H 8D 10C KS", "5S", note=N_("Count every way to make 15."))
    b.hand("5H 5D 10C 2S", "3C")
    b.hand("9C 9D 6H 6S", "AD", note=N_("Four fifteens (each 9 with each 6) and two pairs."))
    # Lesson 1 teaches hands only: no crib before Lesson 2
    _count_then_rules(b, 101, (("fifteens", 4), ("pairs", 3)), "L1", 3, crib=False)
    ex = quiz.counting_question
    b.item(ex(911, 0, level="fifteens", crib=False, holds="fifteen"), b.exit)
    b.item(ex(911, 1, level="pairs", crib=False, holds="pair"), b.exit)
    b.item(_fresh_rule(b, 911, "L1"), b.exit)


def _lesson2(b: LessonBuilder) -> None:
    b.title(N_("Runs, flushes, nobs and the crib."))
    b.teach(
        N_("A run: 1 point a card"),
        N_("Three or more cards in sequence, in any order."),
        "9H 7S 8D",
        ("runs of three or more in any order",),
        (N_("7-8-9: a run of three, 3 points"),),
    )
    b.teach(
        N_("Ace is low"),
        N_("A-2-3 is a run. Q-K-A is not."),
        "QC KD AH",
        ("ace is low",),
        (N_("Q-K-A: no run"),),
    )
    b.teach(
        N_("Double run"),
        N_("A pair inside a run makes two runs."),
        "4H 4S 5D 6C",
        ("runs of three or more in any order",),
        (N_("4-5-6 twice: 6, and the pair: 2. Runs and pair: 8."),),
    )
    b.teach(
        N_("Flush: four in the hand"),
        N_("Four hand cards of one suit: 4. With the starter too: 5."),
        "2H 6H 9H KH",
        ("flush",),
        label=N_("hand"),
    )
    b.teach(
        N_("Flush in the crib: five"),
        N_("The crib scores a flush only if all five cards, starter too, share a suit."),
        "2C 6C 9C KC",
        ("flush",),
        label=N_("crib"),
    )
    b.teach(
        N_("Nobs: 1 point"),
        N_("A jack of the starter's suit, in a hand or in the crib."),
        "JD 3D",
        ("nobs",),
        (N_("jack of diamonds, starter a diamond: nobs, 1"),),
    )
    b.teach(
        N_("The crib"),
        N_("Each player lays away 2 cards. The 4 cards are the crib: the dealer's extra hand."),
        "",
        ("the crib",),
    )
    b.teach(
        N_("Count aloud, in order"),
        N_("Fifteens, then pairs, then runs, then flush, then nobs."),
        "",
        (),
        (N_("“Fifteen two, fifteen four, and a pair is six.”"),),
    )
    b.teach(N_("Nineteen: no points"), statement("nineteen", b.lang), "", ())
    b.hand("4H 5S 6D 6C", "3H", note=N_("Three fifteens, a pair and two runs of four."))
    b.hand("2H 6H 9H KH", "JS", note=N_("A flush of four in the hand."))
    b.hand("2C 6C 9C KC", "JS", crib=True, note=N_("The same cards as a crib: no flush."))
    b.hand("JD 3D 5S 7C", "8D", crib=True, note=N_("Nobs counts in the crib too."))
    _count_then_rules(b, 202, (("runs", 3),), "L2", 0)
    for i in range(3):  # a hand's flush: four of a suit, the starter any card
        q = quiz.counting_question(202, i, level="flush", crib=False, holds="flush")
        b.item(q, b.practice)
    for i in range(4):
        b.item(quiz.rules_question(202, i, objective="L2", lang=b.lang), b.practice)
    b.item(quiz.counting_question(922, 0, level="runs", holds="run"), b.exit)
    # a crib's flush: all five cards, the starter too
    b.item(quiz.counting_question(922, 0, level="flush", crib=True, holds="flush"), b.exit)
    b.item(_fresh_rule(b, 922, "L2"), b.exit)


def _lesson3(b: LessonBuilder) -> None:
    b.title(N_("Play the cards one by one and peg as you go."))
    b.teach(
        N_("The play"),
        N_("The pone (the dealer's opponent) lays a card and says the count. Then you take turns."),
        "",
        (),
    )
    b.teach(
        N_("Never past 31"),
        N_("The count may not go over 31. You must play a card if you can."),
        "",
        ("must play if able",),
    )
    b.teach(
        N_("Fifteen and 31: 2 points"),
        N_("Make the count 15: 2. Make it exactly 31: 2, and start again at 0."),
        "10H 5C",
        ("31",),
    )
    b.teach(
        N_("Pairs in the play"),
        N_("Same rank as the card just played: 2. Three in a row: 6. Four: 12."),
        "8S 8D",
        ("pairs by rank only",),
    )
    b.teach(
        N_("Runs in the play"),
        N_("The last three or more cards in sequence, in any order, with nothing between."),
        "4C 6D 5H",
        ("runs of three or more in any order",),
    )
    b.teach(
        N_("Go"),
        N_(
            "If every card you hold would pass 31, say “go”. Your "
            "opponent plays on if able; the last to play pegs 1."
        ),
        "",
        ("go",),
    )
    b.teach(
        N_("Who leads after a go"), statement("lead after a go", b.lang), "", ("lead after a go",)
    )
    b.teach(
        N_("A new count breaks a run"),
        N_(
            "After a go or 31 the count starts at 0: cards "
            "before it no longer make runs, pairs or fifteens."
        ),
        "",
        ("a go or 31 breaks a run",),
    )
    b.teach(N_("Last card"), statement("last card", b.lang), "", ("last card",))
    b.teach(N_("The board"), statement("board", b.lang), "", ("the board",))
    b.teach(N_("Two pegs each"), statement("pegs", b.lang), "", ("the board",))
    b.teach(N_("Once around"), statement("once around", b.lang), "", ("the board",))
    b.pile("4C 6D 5H", note=N_("4, 6, 5 is a run, though not in order."))
    b.pile("7S 8H 8D", note=N_("A fifteen, then a pair."))
    b.pile("KC QD 6H 5S", note=N_("31 for 2: the count starts again at 0."))
    b.play(
        "7H 9C 4D 3S",
        "8S 10D 6C 5H",
        "7H 8S 9C 10D 4D 6C 3S 5H",
        note=N_("A go, a new count, and the last card."),
        rules=("go", "last card"),
    )
    for i in range(7):
        b.item(quiz.pegpoints_question(303, i), b.practice)
    for i in range(3):
        b.item(quiz.rules_question(303, i, objective="L3", lang=b.lang), b.practice)
    b.item(quiz.pegpoints_question(933, 0), b.exit)
    b.item(quiz.pegpoints_question(933, 1), b.exit)
    b.item(_fresh_rule(b, 933, "L3"), b.exit)


def _lesson4(b: LessonBuilder) -> None:
    b.title(N_("A whole game on the board, to 121."))
    b.teach(
        N_("Cut for deal"),
        N_("Each player cuts the pack. The lower card deals (ace is lowest). A tie: cut again."),
        "3D 9S",
        ("cut for deal",),
        (N_("3 beats 9: the 3 deals first"),),
    )
    b.teach(
        N_("The deal"),
        N_("Six cards each, one at a time, the pone first. The deal then takes turns."),
        "",
        ("the deal",),
    )
    b.teach(
        N_("Lay away two"),
        N_("Each player puts 2 cards face down: the dealer's crib."),
        "",
        ("the crib",),
    )
    b.teach(
        N_("The cut and his heels"),
        N_("The pone cuts; the dealer turns the top card of the lower packet: the starter."),
        "JC",
        ("the cut and his heels",),
        (N_("A jack turned up: his heels, 2 to the dealer, pegged before the play."),),
        label=N_("starter"),
    )
    b.teach(
        N_("The show: in order"),
        N_("After the play: the pone's hand, then the dealer's hand, then the crib."),
        "",
        ("counting order",),
    )
    b.teach(
        N_("121 ends the game"),
        N_("The first to reach 121 wins at once, even in the play or while counting."),
        "",
        ("game ends at 121",),
        (N_("The pone counts first: near the end, that can win."),),
    )
    b.teach(
        N_("Muggins (if agreed)"),
        N_("Miss points in your count and your opponent may call “muggins” and peg them."),
        "",
        ("muggins",),
    )
    b.teach(
        N_("Skunk lines"),
        statement("skunk", b.lang),
        "",
        ("skunk",),
        (statement("skunk scoring", b.lang),),
    )
    b.fact(
        N_("his heels"),
        N_("The dealer turns up the jack of clubs."),
        his_heels("JC"),
        N_("His heels: the dealer pegs {n}."),
        "JC",
        ("the cut and his heels",),
        check=lambda: his_heels("JC"),
    )
    pone = score_hand("5H 5D 10C KS", "4H").total
    b.fact(
        N_("the counting order"),
        N_("Pone {p}, dealer 119. The pone holds 5♥ 5♦ 10♣ K♠, the starter is 4♥."),
        pone,
        N_(
            "The pone counts first: {n}, and {p} + {n} = "
            "121. The pone wins; the dealer never counts."
        ),
        "5H 5D 10C KS 4H",
        ("counting order", "game ends at 121"),
        check=lambda: score_hand("5H 5D 10C KS", "4H").total,
        p=121 - pone,
    )
    mug = score_hand("6H 7S 8D 8C", "2S").total
    b.fact(
        N_("muggins"),
        N_("A player counts this hand and says “{said}”."),
        mug,
        N_("It is worth {n}. With muggins, the opponent calls it and pegs the {m} missed points."),
        "6H 7S 8D 8C 2S",
        ("muggins",),
        check=lambda: score_hand("6H 7S 8D 8C", "2S").total,
        said=mug - 2,
        m=2,
    )
    b.hand("6H 7S 8D 8C", "2S", note=N_("Three fifteens, a pair and two runs of three."))
    for i in range(6):
        b.item(quiz.rules_question(404, i, objective="L4", lang=b.lang), b.practice)
    b.item(quiz.counting_question(404, 0, level="typical", crib=False), b.practice)
    b.item(quiz.counting_question(404, 1, level="typical", crib=True), b.practice)
    for i in range(2):
        b.item(quiz.pegpoints_question(404, i), b.practice)
    b.item(_fresh_rule(b, 944, "L4"), b.exit)
    b.item(_fresh_rule(b, 944, "L4"), b.exit)
    b.item(quiz.counting_question(944, 0, level="typical"), b.exit)


def _lesson5(b: LessonBuilder) -> None:
    b.title(N_("A class tournament, and your first look at the discard."))
    b.teach(
        N_("The tournament"),
        statement("tournament", b.lang),
        "",
        ("game ends at 121", "skunk", "the board"),
        (
            statement("tournament scoring", b.lang),
            N_("The game ends the moment a player reaches 61."),
            N_("Count aloud; your opponent checks."),
        ),
    )
    b.teach(
        N_("The discard"),
        N_("From six cards, keep four. The two you throw go to the crib."),
        "",
        ("the crib",),
    )
    b.teach(
        N_("Your crib or theirs?"),
        N_(
            "Dealing: the crib is yours, so throw cards that "
            "score. Not dealing: throw cards that score little."
        ),
        "",
        ("the crib",),
    )
    b.teach(
        N_("Fives and pairs"),
        N_("A five makes 15 with any ten-card. Do not give your opponent fives or pairs."),
        "5S 5D",
        ("card values",),
    )
    b.discard("5H 5D JC QS 2C 9D", dealer=True)
    b.discard("5H 5D JC QS 2C 9D", dealer=False)
    b.discard("2D 3S 4H 8C 9C KS", dealer=True)
    for i in range(4):
        b.item(quiz.discard_question(505, i), b.practice)
    for i in range(3):
        b.item(quiz.counting_question(505, i, level="tricky"), b.practice)
    for i in range(3):
        b.item(quiz.rules_question(505, i, lang=b.lang), b.practice)
    b.item(quiz.discard_question(955, 0), b.exit)
    b.item(quiz.counting_question(955, 0, level="tricky"), b.exit)
    b.item(_fresh_rule(b, 955, "L5"), b.exit)


BUILDERS = {1: _lesson1, 2: _lesson2, 3: _lesson3, 4: _lesson4, 5: _lesson5}
