"""The rules question bank: true/false and multiple choice, each with its explanation.

Every rule a two-player game needs is asked at least once, and every question is
tagged with the lesson objective it checks (:data:`OBJECTIVES`), so the teacher's
view can report mastery per objective.

The rules follow the American Cribbage Congress's rules (definitions of crib, flush,
go, his heels, his nobs, muggins and skunk; a copy at
https://fliphtml5.com/hgjz/ppoa/, page 9, "Rule 1.6. Definitions") and Hoyle's
account of the two-hand game (reproduced in NetBSD's ``games/cribbage/cribbage.n``,
"CRIBBAGE from According to Hoyle"): the cut for deal (lower card deals), the
non-dealer cutting and the dealer turning the top card of the lower packet, the
order of counting (pone, dealer, crib) and the game ending the moment a player
reaches 121.

>>> len(BANK) >= 24 and {q.objective for q in BANK} <= set(OBJECTIVES)
True
>>> sorted({q.rule for q in BANK}) == sorted(RULES)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from crib.i18n import N_, tr

__all__ = [
    "OBJECTIVES",
    "RULES",
    "STATEMENTS",
    "RULE_NUMBERS",
    "statement",
    "RuleQuestion",
    "BANK",
    "by_id",
]

# the five lessons' objectives (the teacher's guide states them at length)
OBJECTIVES = {
    "L1": N_("card values, fifteens and pairs"),
    "L2": N_("runs, flush, nobs, the crib and counting aloud"),
    "L3": N_("the play: 15, 31, pairs, runs, go, last card and the board"),
    "L4": N_("a full game: the deal, the cut, counting order, muggins and skunks"),
    "L5": N_("the discard and a tournament game"),
}

# every rule a game needs (issue #24, point 2), each asked by at least one question
RULES = (
    "card values",
    "cut for deal",
    "the deal",
    "the crib",
    "the cut and his heels",
    "must play if able",
    "go",
    "last card",
    "31",
    "pairs by rank only",
    "ace is low",
    "runs of three or more in any order",
    "a go or 31 breaks a run",
    "lead after a go",
    "flush",
    "nobs",
    "counting order",
    "game ends at 121",
    "muggins",
    "skunk",
    "the board",
)

# Each rule statement has one home, here; the lessons, the Learn page and the printables
# quote it (statement()).  ACC: the American Cribbage Congress's rules and its tournament
# scoring (https://www.cribbage.org/newsite/about/scoring.asp).
STATEMENTS = {
    "board": N_(
        "A standard board has 121 holes for each player: a track of 120 holes, twice "
        "around a 60-hole board, and the game hole, 121."
    ),
    "pegs": N_(
        "Two pegs each. To score, jump the back peg ahead of the front one by the points: "
        "the front peg shows the score, the gap the last points."
    ),
    "once around": N_(
        "A game to 61 is once around a 60-hole board (60 holes and the game hole); a game "
        "to 121 goes twice around."
    ),
    "lead after a go": N_(
        "After a go or a 31 the count starts again at 0; the player who did not play the "
        "last card leads (ACC rule {acc_lead})."
    ),
    "last card": N_("The last card of the play pegs 1 for last card (2 if it makes 31, not 3)."),
    "skunk": N_(
        "A loser who has not reached 91 (the skunk line) is skunked; under 61, double skunked."
    ),
    "skunk scoring": N_(
        "At home a skunk is often played as two games; in ACC tournament play a win scores "
        "2 game points and a skunk 3."
    ),
    "tournament": N_(
        "The class tournament: games to 61 (once around a 60-hole board) or 121, paired "
        "round-robin (everyone meets everyone) or Swiss (equal scores meet)."
    ),
    "tournament scoring": N_(
        "A win scores 2 game points, a skunk 3, a loss 0, as in ACC tournaments (played to "
        "121); to 61, a loser on 30 or less is skunked."
    ),
    "nineteen": N_(
        "A hand that scores nothing is called “nineteen”, as a joke: no hand can score 19."
    ),
}


# the rule numbers the statements cite (placeholders, so a French number keeps its point)
RULE_NUMBERS = {"acc_lead": "7.1"}


def statement(key: str, lang: str = "en") -> str:
    """The rule statement ``key`` in ``lang``, its rule numbers filled in.

    >>> statement("skunk scoring").endswith("a skunk 3.")
    True
    >>> statement("lead after a go").endswith("(ACC rule 7.1).")
    True
    """
    return tr(lang)(STATEMENTS[key]).format(**RULE_NUMBERS)


@dataclass(frozen=True)
class RuleQuestion:
    """One question: ``choices[answer]`` is right; ``("True", "False")`` for true/false."""

    id: str
    objective: str
    rule: str
    text: str
    choices: tuple[str, ...]
    answer: int
    explain: str

    @property
    def true_false(self) -> bool:
        return self.choices == TF


TF = (N_("True"), N_("False"))


def _tf(id: str, objective: str, rule: str, text: str, true: bool, explain: str) -> RuleQuestion:
    return RuleQuestion(id, objective, rule, N_(text), TF, 0 if true else 1, N_(explain))


BANK: tuple[RuleQuestion, ...] = (
    RuleQuestion(
        "values-king",
        "L1",
        "card values",
        N_("How much does a king count toward fifteen or 31?"),
        ("10", "13", "1", "11"),
        0,
        N_("Kings, queens and jacks count 10, like the ten; the ace counts 1."),
    ),
    _tf(
        "values-ace",
        "L1",
        "card values",
        N_("An ace counts 1."),
        True,
        N_("The ace is always 1: A-4-K is fifteen (1 + 4 + 10)."),
    ),
    _tf(
        "pair-kq",
        "L1",
        "pairs by rank only",
        N_("A king and a queen make a pair, since both count 10."),
        False,
        N_(
            "A pair is two cards of the same rank: two kings, or two queens. A king and a "
            "queen both count 10 toward fifteen, but they are not a pair."
        ),
    ),
    RuleQuestion(
        "pair-royal",
        "L1",
        "pairs by rank only",
        N_("What do three sevens score as pairs?"),
        ("2", "4", "6", "12"),
        2,
        N_(
            "Three of a rank make three different pairs, 2 points each: 6 (a pair royal). "
            "Four of a rank make six pairs: 12."
        ),
    ),
    _tf(
        "ace-low",
        "L2",
        "ace is low",
        N_("Queen, king, ace is a run of three."),
        False,
        N_("The ace is low: it runs A-2-3, never Q-K-A."),
    ),
    _tf(
        "run-order",
        "L2",
        "runs of three or more in any order",
        N_("In a hand, 9-7-8 counts as a run of three though the cards are not in order."),
        True,
        N_("In a hand (and in the play) a run's cards can come in any order."),
    ),
    RuleQuestion(
        "run-min",
        "L2",
        "runs of three or more in any order",
        N_("How many cards does the shortest run have?"),
        ("2", "3", "4", "5"),
        1,
        N_("A run is three or more cards in sequence, 1 point a card; 7-8 alone is no run."),
    ),
    RuleQuestion(
        "flush-hand",
        "L2",
        "flush",
        N_("Your hand is four hearts and the starter is a spade. What is the flush worth?"),
        ("0", "4", "5", "1"),
        1,
        N_("Four cards of one suit in the hand score 4; 5 if the starter matches them too."),
    ),
    RuleQuestion(
        "flush-crib",
        "L2",
        "flush",
        N_("The crib is four hearts and the starter is a spade. What is the flush worth?"),
        ("0", "4", "5", "1"),
        0,
        N_("The crib scores a flush only when all five cards, starter included, share a suit."),
    ),
    _tf(
        "nobs-crib",
        "L2",
        "nobs",
        N_("A jack of the starter's suit scores 1 for nobs in the crib as well as in a hand."),
        True,
        N_("Nobs (his nobs) is the jack of the starter's suit, in a hand or in the crib: 1."),
    ),
    RuleQuestion(
        "crib-owner",
        "L2",
        "the crib",
        N_("Whose are the points in the crib?"),
        (N_("the dealer's"), N_("the pone's"), N_("split between both"), N_("nobody's")),
        0,
        N_(
            "Each player lays away two cards; the four make the crib, which the dealer "
            "counts after the dealer's hand."
        ),
    ),
    _tf(
        "must-play",
        "L3",
        "must play if able",
        N_(
            "In the play you may say go while you still hold a card that keeps the count at "
            "31 or under."
        ),
        False,
        N_(
            "You must play if you can. You say go only when every card you hold would take "
            "the count past 31."
        ),
    ),
    RuleQuestion(
        "go",
        "L3",
        "go",
        N_("The count is 26. You hold a 6 and a 9. What happens?"),
        (
            N_(
                "you say go; your opponent plays on if able, "
                "then the last player scores 1 for the go"
            ),
            N_("you play the 6 and score 1"),
            N_("the count starts again at 0 right away"),
            N_("you lose 1 point"),
        ),
        0,
        N_(
            "Both cards would pass 31, so you say go. Your opponent plays every card that "
            "fits; whoever plays the last card before the reset scores 1 (2 for exactly 31)."
        ),
    ),
    RuleQuestion(
        "thirty-one",
        "L3",
        "31",
        N_("You play a card that brings the count to exactly 31. What do you score for it?"),
        ("1", "2", "3", N_("nothing")),
        1,
        N_("31 scores 2 (the go point is not added), and the count starts again at 0."),
    ),
    RuleQuestion(
        "last-card",
        "L3",
        "last card",
        N_(
            "The series is 10♠ 6♥ and the last card of the play, 8♦, brings the count to "
            "24. What does it score?"
        ),
        (N_("1 for last card"), "2", N_("nothing"), N_("1 for each card left")),
        0,
        N_("No fifteen, pair or run: only the last card, which pegs 1 (2 if it makes 31, not 3)."),
    ),
    _tf(
        "go-breaks-run",
        "L3",
        "a go or 31 breaks a run",
        N_(
            "After a go resets the count to 0, a 6 played next can finish the 4-5 played "
            "before the reset."
        ),
        False,
        N_(
            "A go or a 31 closes the series: the cards before the reset no longer count for "
            "pairs, runs or fifteens."
        ),
    ),
    _tf(
        "play-run-order",
        "L3",
        "runs of three or more in any order",
        N_("In the play, 4 then 6 then 5 scores a run of three for the 5."),
        True,
        N_(
            "The last cards played form a run in any order, as long as no other card sits "
            "between them in the series."
        ),
    ),
    RuleQuestion(
        "lead-after-go",
        "L3",
        "lead after a go",
        N_("You said go; your opponent played on and pegged 1. Who plays the next card?"),
        (
            N_("you: the player who did not play the last card"),
            N_("your opponent, who pegged the go"),
            N_("the dealer, always"),
            N_("the pone, always"),
        ),
        0,
        N_(
            "After the go the count starts again at 0, and the player who did not play the "
            "last card leads: you."
        ),
    ),
    RuleQuestion(
        "board-holes",
        "L3",
        "the board",
        N_("How many times around a 60-hole board is a game to 61?"),
        (N_("once"), N_("twice"), N_("three times"), N_("half way")),
        0,
        STATEMENTS["once around"],
    ),
    RuleQuestion(
        "cut-deal",
        "L4",
        "cut for deal",
        N_("Both players cut the deck at the start. Who deals first?"),
        (
            N_("the lower card"),
            N_("the higher card"),
            N_("the older player"),
            N_("the player who cut first"),
        ),
        0,
        N_("The lower card deals (the ace is lowest); on a tie, cut again."),
    ),
    RuleQuestion(
        "deal",
        "L4",
        "the deal",
        N_("In the two-player game, how many cards does each player get?"),
        ("5", "6", "4", "7"),
        1,
        N_("Six each, dealt one at a time, the dealer's opponent first; each lays away two."),
    ),
    RuleQuestion(
        "heels",
        "L4",
        "the cut and his heels",
        N_("The non-dealer cuts, and the dealer turns up a jack as the starter. What happens?"),
        (
            N_("the dealer pegs 2 for his heels at once"),
            N_("the pone pegs 1 for nobs"),
            N_("nothing until the show"),
            N_("the cards are dealt again"),
        ),
        0,
        N_(
            "The dealer turns the top card of the lower packet. A jack there is his heels: "
            "2 for the dealer, pegged before the play."
        ),
    ),
    RuleQuestion(
        "count-order",
        "L4",
        "counting order",
        N_("After the play, in what order are the hands counted?"),
        (
            N_("pone's hand, dealer's hand, then the crib"),
            N_("dealer's hand, crib, then pone's hand"),
            N_("crib first, then both hands"),
            N_("the higher hand first"),
        ),
        0,
        N_(
            "The pone (non-dealer) counts first, then the dealer's hand, then the crib. "
            "Near the end, counting first can win the game."
        ),
    ),
    _tf(
        "game-end",
        "L4",
        "game ends at 121",
        N_("The game ends the moment a player reaches 121, even in the middle of the play."),
        True,
        N_("The first to peg 121 wins at once; nothing else is counted."),
    ),
    RuleQuestion(
        "muggins",
        "L4",
        "muggins",
        N_("With muggins on, your opponent counts 6 for a hand worth 8. What can you do?"),
        (
            N_("say muggins and take the 2 missed points"),
            N_("nothing: they keep 6"),
            N_("make them lose 8"),
            N_("recount the crib"),
        ),
        0,
        N_(
            "Muggins (an option agreed before the game): points a player misses in a count "
            "go to the opponent who calls them."
        ),
    ),
    RuleQuestion(
        "skunk",
        "L4",
        "skunk",
        N_("In a game to 121, the loser has 88 points. What is it called?"),
        (N_("a skunk"), N_("a double skunk"), N_("a normal loss"), N_("a draw")),
        0,
        STATEMENTS["skunk"],
    ),
    _tf(
        "heels-jack-hand",
        "L4",
        "the cut and his heels",
        N_("His heels (2) and nobs (1) are the same point."),
        False,
        N_(
            "His heels: the starter itself is a jack, 2 to the dealer at the cut. Nobs: a jack "
            "in a hand or crib matching the starter's suit, 1 at the show."
        ),
    ),
    RuleQuestion(
        "discard-dealer",
        "L5",
        "the crib",
        N_("You deal and hold 5-5 among your six cards. Where do the fives help you most?"),
        (
            N_("in your hand or your own crib: both count for you"),
            N_("nowhere: fives are always thrown away"),
            N_("only in the play"),
            N_("in the pone's hand"),
        ),
        0,
        N_(
            "The dealer owns the crib, so the dealer can throw good cards there; the pone "
            "throws cards unlikely to help the dealer."
        ),
    ),
)

_BY_ID = {q.id: q for q in BANK}


def by_id(qid: str, lang: str = "en") -> RuleQuestion:
    """The bank's question ``qid``, in ``lang`` (the French catalog's words for "fr").

    >>> by_id("pair-kq", "fr").choices
    ('Vrai', 'Faux')
    """
    q = _BY_ID[qid]
    if lang == "en":
        return q
    _ = tr(lang)
    return RuleQuestion(
        q.id, q.objective, q.rule, _(q.text), tuple(_(c) for c in q.choices), q.answer, _(q.explain)
    )
