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

__all__ = ["OBJECTIVES", "RULES", "RuleQuestion", "BANK", "by_id"]

# the five lessons' objectives (the teacher's guide states them at length)
OBJECTIVES = {
    "L1": "card values, fifteens and pairs",
    "L2": "runs, flush, nobs, the crib and counting aloud",
    "L3": "the play: 15, 31, pairs, runs, go and last card",
    "L4": "a full game: the deal, the cut, counting order, muggins and skunks",
    "L5": "the discard and a tournament game",
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
    "flush",
    "nobs",
    "counting order",
    "game ends at 121",
    "muggins",
    "skunk",
)


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


TF = ("True", "False")


def _tf(id: str, objective: str, rule: str, text: str, true: bool, explain: str) -> RuleQuestion:
    return RuleQuestion(id, objective, rule, text, TF, 0 if true else 1, explain)


BANK: tuple[RuleQuestion, ...] = (
    RuleQuestion(
        "values-king", "L1", "card values", "How much does a king count toward fifteen or 31?",
        ("10", "13", "1", "11"), 0,
        "Kings, queens and jacks count 10, like the ten; the ace counts 1.",
    ),
    _tf(
        "values-ace", "L1", "card values", "An ace counts 1.", True,
        "The ace is always 1: A-4-K is fifteen (1 + 4 + 10).",
    ),
    _tf(
        "pair-kq", "L1", "pairs by rank only", "A king and a queen make a pair, since both count 10.",
        False,
        "A pair is two cards of the same rank: two kings, or two queens. A king and a "
        "queen both count 10 toward fifteen, but they are not a pair.",
    ),
    RuleQuestion(
        "pair-royal", "L1", "pairs by rank only", "What do three sevens score as pairs?",
        ("2", "4", "6", "12"), 2,
        "Three of a rank make three different pairs, 2 points each: 6 (a pair royal). "
        "Four of a rank make six pairs: 12.",
    ),
    _tf(
        "ace-low", "L2", "ace is low", "Queen, king, ace is a run of three.", False,
        "The ace is low: it runs A-2-3, never Q-K-A.",
    ),
    _tf(
        "run-order", "L2", "runs of three or more in any order",
        "In a hand, 9-7-8 counts as a run of three though the cards are not in order.", True,
        "In a hand (and in the play) a run's cards can come in any order.",
    ),
    RuleQuestion(
        "run-min", "L2", "runs of three or more in any order",
        "How many cards does the shortest run have?", ("2", "3", "4", "5"), 1,
        "A run is three or more cards in sequence, 1 point a card; 7-8 alone is no run.",
    ),
    RuleQuestion(
        "flush-hand", "L2", "flush",
        "Your hand is four hearts and the starter is a spade. What is the flush worth?",
        ("0", "4", "5", "1"), 1,
        "Four cards of one suit in the hand score 4; 5 if the starter matches them too.",
    ),
    RuleQuestion(
        "flush-crib", "L2", "flush",
        "The crib is four hearts and the starter is a spade. What is the flush worth?",
        ("0", "4", "5", "1"), 0,
        "The crib scores a flush only when all five cards, starter included, share a suit.",
    ),
    _tf(
        "nobs-crib", "L2", "nobs",
        "A jack of the starter's suit scores 1 for nobs in the crib as well as in a hand.",
        True,
        "Nobs (his nobs) is the jack of the starter's suit, in a hand or in the crib: 1.",
    ),
    RuleQuestion(
        "crib-owner", "L2", "the crib", "Whose are the points in the crib?",
        ("the dealer's", "the pone's", "split between both", "nobody's"), 0,
        "Each player lays away two cards; the four make the crib, which the dealer "
        "counts after the dealer's hand.",
    ),
    _tf(
        "must-play", "L3", "must play if able",
        "In the play you may say go while you still hold a card that keeps the count at "
        "31 or under.", False,
        "You must play if you can. You say go only when every card you hold would take "
        "the count past 31.",
    ),
    RuleQuestion(
        "go", "L3", "go",
        "The count is 26. You hold a 6 and a 9. What happens?",
        ("you say go; your opponent plays on if able, then the last player scores 1 for the go",
         "you play the 6 and score 1",
         "the count starts again at 0 right away",
         "you lose 1 point"), 0,
        "Both cards would pass 31, so you say go. Your opponent plays every card that "
        "fits; whoever plays the last card before the reset scores 1 (2 for exactly 31).",
    ),
    RuleQuestion(
        "thirty-one", "L3", "31",
        "You play a card that brings the count to exactly 31. What do you score for it?",
        ("1", "2", "3", "nothing"), 1,
        "31 scores 2 (the go point is not added), and the count starts again at 0.",
    ),
    RuleQuestion(
        "last-card", "L3", "last card",
        "The last card of the play brings the count to 24. What does it score?",
        ("1 for last card", "2", "nothing", "1 for each card left"), 0,
        "The last card of the play scores 1, or 2 if it makes exactly 31.",
    ),
    _tf(
        "go-breaks-run", "L3", "a go or 31 breaks a run",
        "After a go resets the count to 0, a 6 played next can finish the 4-5 played "
        "before the reset.", False,
        "A go or a 31 closes the series: the cards before the reset no longer count for "
        "pairs, runs or fifteens.",
    ),
    _tf(
        "play-run-order", "L3", "runs of three or more in any order",
        "In the play, 4 then 6 then 5 scores a run of three for the 5.", True,
        "The last cards played form a run in any order, as long as no other card sits "
        "between them in the series.",
    ),
    RuleQuestion(
        "cut-deal", "L4", "cut for deal",
        "Both players cut the deck at the start. Who deals first?",
        ("the lower card", "the higher card", "the older player", "the player who cut first"),
        0, "The lower card deals (the ace is lowest); on a tie, cut again.",
    ),
    RuleQuestion(
        "deal", "L4", "the deal",
        "In the two-player game, how many cards does each player get?",
        ("5", "6", "4", "7"), 1,
        "Six each, dealt one at a time, the dealer's opponent first; each lays away two.",
    ),
    RuleQuestion(
        "heels", "L4", "the cut and his heels",
        "The non-dealer cuts, and the dealer turns up a jack as the starter. What happens?",
        ("the dealer pegs 2 for his heels at once",
         "the pone pegs 1 for nobs",
         "nothing until the show",
         "the cards are dealt again"), 0,
        "The dealer turns the top card of the lower packet. A jack there is his heels: "
        "2 for the dealer, pegged before the play.",
    ),
    RuleQuestion(
        "count-order", "L4", "counting order",
        "After the play, in what order are the hands counted?",
        ("pone's hand, dealer's hand, then the crib",
         "dealer's hand, crib, then pone's hand",
         "crib first, then both hands",
         "the higher hand first"), 0,
        "The pone (non-dealer) counts first, then the dealer's hand, then the crib. "
        "Near the end, counting first can win the game.",
    ),
    _tf(
        "game-end", "L4", "game ends at 121",
        "The game ends the moment a player reaches 121, even in the middle of the play.",
        True,
        "The first to peg 121 wins at once; nothing else is counted.",
    ),
    RuleQuestion(
        "muggins", "L4", "muggins",
        "With muggins on, your opponent counts 6 for a hand worth 8. What can you do?",
        ("say muggins and take the 2 missed points",
         "nothing: they keep 6",
         "make them lose 8",
         "recount the crib"), 0,
        "Muggins (an option agreed before the game): points a player misses in a count "
        "go to the opponent who calls them.",
    ),
    RuleQuestion(
        "skunk", "L4", "skunk",
        "In a game to 121, the loser has 88 points. What is it called?",
        ("a skunk", "a double skunk", "a normal loss", "a draw"), 0,
        "Losing with under 91 (behind the skunk line) is a skunk; under 61, a double skunk.",
    ),
    _tf(
        "heels-jack-hand", "L4", "the cut and his heels",
        "His heels (2) and nobs (1) are the same point.", False,
        "His heels: the starter itself is a jack, 2 to the dealer at the cut. Nobs: a jack "
        "in a hand or crib matching the starter's suit, 1 at the show.",
    ),
    RuleQuestion(
        "discard-dealer", "L5", "the crib",
        "You deal and hold 5-5 among your six cards. Where do the fives help you most?",
        ("in your hand or your own crib: both count for you",
         "nowhere: fives are always thrown away",
         "only in the play",
         "in the pone's hand"), 0,
        "The dealer owns the crib, so the dealer can throw good cards there; the pone "
        "throws cards unlikely to help the dealer.",
    ),
)

_BY_ID = {q.id: q for q in BANK}


def by_id(qid: str) -> RuleQuestion:
    """The bank's question ``qid``."""
    return _BY_ID[qid]
