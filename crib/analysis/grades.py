"""The grade words: one table for every decision (the word the coach gives a loss) and the
warning tags of a play that is not the best.

Five words: **best** (the best choice itself, nothing lost), **ok**, **mistake**,
**costly** and **blunder**.  One table names a loss in points, whatever the decision
(a throw, a card played, a hand counted), in the game, the review, the analyzers and the
trainer (issue 37): each word covers losses below its bound, and anything from the last
bound up is a blunder::

    best     nothing lost
    ok       less than 0.5 points lost
    mistake  0.5 to less than 1.5
    costly   1.5 to less than 3
    blunder  3 points or more

Within reach of 121 the coach grades by the chance of winning, in percentage points of
P(win), by a second table of the same shape (:data:`WIN_BANDS`: 1, 2.5 and 5).  A loss
is graded as it is shown (points to two decimals, the chance to win to one), so a loss
shown "0.50" is a mistake wherever it is shown, and its word's range (:func:`band_range`,
the tip on the pages) holds it.  A choice that loses anything at all is not "best",
however small the loss (issue 27).

How the bounds were set (issue 27, acceptance 6; one table since issue 37):
``bench/grade_bands.py`` played seeded games of each tier (easy, normal, hard, expert)
against the Expert and graded every decision of the tier by the Master, as the game
review grades yours; ``data/grade_bands.json`` holds the loss distributions (quantiles
and the share of decisions at or above each loss), discard and play apart, with the
command and the seeds.  With the one table, over 80 games a tier, a blunder (3 points or
more) is none of the Expert's discards and one of its 1,526 plays, 0.5% and 0.2% of
Hard's, 20% and 1.0% of Normal's and 46% and 2.2% of Easy's; the words still separate
the tiers.  Since issue #42 the plays are graded inside the new Master's reading of the
other player, as the game grades yours: the discards' losses are unchanged and the plays'
rose a little (the Expert's mean from 0.14 to 0.18 points; 1.6% of its plays lose 1.5
points or more, against 0.7%), so the bounds were kept.  Before, the
play's bounds were lower (1 and 2): "about 1 point lost" was a mistake for a throw and
costly for a card.

>>> verdict_word(0.0, POINTS_BANDS), verdict_word(0.02, POINTS_BANDS)
('best', 'ok')
>>> verdict_word(1.03, POINTS_BANDS), verdict_word(5.0, POINTS_BANDS)
('mistake', 'blunder')
>>> grade(0.499), grade(1.2), grade(2.46, WIN_UNIT)
('mistake', 'mistake', 'costly')
>>> band_range("mistake"), band_range("blunder", WIN_UNIT)
('0.5 to less than 1.5 points lost', 'a chance to win lower by at least 5%')
>>> cost_text("best", 0.0), cost_text("ok", 0.004), cost_text("costly", 5.08, "P(win) points")
('best', 'ok −0.004', 'costly −5.1% to win')
"""

from __future__ import annotations

import re

from crib.i18n import N_, NP_, tr, trp
from crib.rules.cards import RANK_VALUES, Card
from crib.rules.constants import WIN
from crib.rules.pegging import fits, peg_points
from crib.rules.position import PeggingPosition
from crib.rules.step import after_card, opponent_moves_next

__all__ = [
    "WORDS",
    "TIE",
    "DISCARD_THRESHOLDS",
    "PLAY_THRESHOLDS",
    "DISCARD_WIN_THRESHOLDS",
    "PLAY_WIN_THRESHOLDS",
    "WIN_UNIT",
    "POINTS_BANDS",
    "WIN_BANDS",
    "thresholds",
    "verdict_word",
    "grade",
    "shown_loss",
    "band_range",
    "band_tip",
    "cost_text",
    "verdict_name",
    "VERDICT_NAMES",
    "DANGER_COUNTS",
    "play_tags",
    "tag_text",
    "winning_now",
]

WORDS = ("best", "ok", "mistake", "costly", "blunder")
TIE = 1e-9  # "best": the best choice or one tied with it, nothing lost
DANGER_COUNTS = (5, 10, 11, 21, 22)
WIN_UNIT = "P(win) points"  # the unit of a grade by the chance of winning (near 121)

# The upper bound (exclusive) of each word; from the last bound up: blunder.
# Set from data/grade_bands.json (bench/grade_bands.py), see the module docstring.
#: the one table in points (of full value for a throw, of pegging margin for a card,
#: points missed for a count)
POINTS_BANDS = {"best": TIE, "ok": 0.5, "mistake": 1.5, "costly": 3.0}
#: the one table in percentage points of P(win), within reach of 121
WIN_BANDS = {"best": TIE, "ok": 1.0, "mistake": 2.5, "costly": 5.0}
# the names of the tables by kind of decision (one table since issue 37)
DISCARD_THRESHOLDS = PLAY_THRESHOLDS = POINTS_BANDS
DISCARD_WIN_THRESHOLDS = PLAY_WIN_THRESHOLDS = WIN_BANDS


def thresholds(kind: str = "", unit: str = "points") -> dict[str, float]:
    """The bands in ``unit`` (the same for every ``kind`` of decision: one table)."""
    return WIN_BANDS if unit == WIN_UNIT else POINTS_BANDS


def shown_loss(lost: float, unit: str = "points") -> float:
    """``lost`` as the pages show it: points to two decimals, the chance to win to one."""
    return round(lost, 1 if unit == WIN_UNIT else 2)


def verdict_word(lost: float, th: dict[str, float]) -> str:
    """best, ok, mistake, costly or blunder for ``lost`` against the bands ``th``: nothing
    lost is best; else the loss as shown (:func:`shown_loss`) below a word's bound takes
    that word (a loss equal to a bound takes the next word)."""
    if lost <= th["best"]:
        return "best"
    x = shown_loss(lost, WIN_UNIT if th is WIN_BANDS else "points")
    for word in WORDS[1:-1]:
        if x < th[word] - TIE:
            return word
    return "blunder"


def grade(lost: float, unit: str = "points") -> str:
    """The one word for ``lost`` in ``unit`` (points, or :data:`WIN_UNIT`): every page's."""
    return verdict_word(lost, thresholds(unit=unit))


def _num(x: float, lang: str) -> str:
    s = f"{x:g}"
    return s.replace(".", ",") if lang == "fr" else s


_RANGES = {
    ("points", "low"): N_("less than {hi} points lost"),
    ("points", "mid"): N_("{lo} to less than {hi} points lost"),
    ("points", "top"): N_("{lo} points or more lost"),
    (WIN_UNIT, "low"): N_("a chance to win lower by less than {hi}%"),
    (WIN_UNIT, "mid"): N_("a chance to win lower by {lo}% to less than {hi}%"),
    (WIN_UNIT, "top"): N_("a chance to win lower by at least {lo}%"),
}


def band_range(word: str, unit: str = "points", lang: str = "en") -> str:
    """The losses a grade word covers, in words and in ``lang``: "0.5 to less than 1.5
    points lost" (the tip beside each grade word on the pages)."""
    _ = tr(lang)
    if word == "best":
        return _("nothing lost")
    th, u = thresholds(unit=unit), WIN_UNIT if unit == WIN_UNIT else "points"
    i = WORDS.index(word)
    lo = th[WORDS[i - 1]] if i > 1 else 0.0
    part = "low" if i == 1 else "top" if word == "blunder" else "mid"
    hi = th.get(word, 0.0)
    return _(_RANGES[u, part]).format(lo=_num(lo, lang), hi=_num(hi, lang))


def band_tip(word: str, unit: str = "points", lang: str = "en") -> str:
    """A grade word and its range: "mistake: 0.5 to less than 1.5 points lost"."""
    return tr(lang)(N_("{word}: {range}")).format(
        word=verdict_name(word, lang), range=band_range(word, unit, lang)
    )


#: the grade words as a page names them (context "grade"), e.g. « erreur » for mistake
VERDICT_NAMES = {
    "best": NP_("grade", "best"),
    "ok": NP_("grade", "ok"),
    "mistake": NP_("grade", "mistake"),
    "costly": NP_("grade", "costly"),
    "blunder": NP_("grade", "blunder"),
}


def verdict_name(verdict: str, lang: str = "en") -> str:
    """A grade word in ``lang`` ("mistake", « erreur »)."""
    return trp(lang)("grade", VERDICT_NAMES[verdict]) if verdict in VERDICT_NAMES else verdict


def cost_text(verdict: str, lost: float, unit: str = "points", lang: str = "en") -> str:
    """The grade as the learner reads it: "best" alone, else the word and the loss in
    its unit ("mistake −0.62", "costly −5.1% to win"), in ``lang``."""
    word = verdict_name(verdict, lang)
    if verdict == "best":
        return word
    if unit == WIN_UNIT:
        num = f"{lost:.2f}" if lost < 0.1 else f"{lost:.1f}"
        text = trp(lang)("grade", NP_("grade", "{word} −{p}% to win")).format(
            word=word, p=num.replace(".", ",") if lang == "fr" else num
        )
        return text
    num = f"{lost:.3f}" if lost < 0.01 else f"{lost:.2f}"
    return f"{word} −{num.replace('.', ',') if lang == 'fr' else num}"


# --- the tags of a play that is not the best -----------------------------------


def _handed_over(pos: PeggingPosition, card: Card) -> list[str]:
    """What the opponent could answer with after ``card``, given the unseen ranks."""
    ranks = (*(c.rank for c in pos.pile), card.rank)
    count = sum(RANK_VALUES[r] for r in ranks)
    if not opponent_moves_next(count, pos.opp_count > 0, pos.opp_go):
        return []
    unseen_ranks = {c.rank for c in pos.unseen()}
    out = []
    for r in sorted(unseen_ranks):
        if not fits(count, r):
            continue
        new = count + RANK_VALUES[r]
        if new == 15 and "a 15" not in out:
            out.append("a 15")
        if new == 31 and "a 31" not in out:
            out.append("a 31")
        if r == card.rank and "a pair" not in out:
            out.append("a pair")
    return out


def _game_reason(pos: PeggingPosition, card: Card, opp_dealer: bool | None) -> list[str]:
    """Near 121, the one reason in terms of the game a card costs P(win), if one is plain:
    it misses pegging out, or it lets the opponent peg out (reach 121) with one reply."""
    assert pos.scores is not None
    wins = winning_now(pos)
    if wins and all(c.rank != card.rank for c in wins):
        return [f"misses pegging out with {wins[0].pretty}"]
    count = pos.count + card.value
    if not opponent_moves_next(
        count, pos.opp_count > 0, pos.opp_go
    ):  # at 31 the count starts again
        return []
    pile = (*(c.rank for c in pos.pile), card.rank)
    need = WIN - pos.scores[1]
    for r in {c.rank for c in pos.unseen()}:
        if fits(count, r) and peg_points((*pile, r)) >= need:
            return [f"lets {'the dealer' if opp_dealer else 'your opponent'} peg out"]
    return []


def play_tags(pos: PeggingPosition, card: Card, board: bool, opp_dealer: bool | None) -> list[str]:
    """The warning tags of a card that is not the best: in points, or near 121 (``board``)
    one reason in terms of the game."""
    if board:
        return _game_reason(pos, card, opp_dealer)
    tags = []
    new_count = pos.count + card.value
    if not pos.pile and card.rank == 5:
        tags.append("led a five")
    if new_count in DANGER_COUNTS:
        tags.append(f"left a danger count ({new_count})")
    handed = _handed_over(pos, card)
    if handed:
        tags.append("handed over " + " or ".join(handed))
    return tags


_HANDED = {"a 15": N_("a 15"), "a 31": N_("a 31"), "a pair": N_("a pair")}


def tag_text(tag: str, lang: str = "en") -> str:
    """A tag of :func:`play_tags` (kept in English with the grade) as a page shows it in ``lang``.

    >>> tag_text("handed over a 15 or a pair", "fr")
    'offert un 15 ou une paire'
    >>> tag_text("left a danger count (21)", "en")
    'left a danger count (21)'
    """
    if lang == "en":
        return tag
    _ = tr(lang)
    if tag == "led a five":
        return _("led a five")
    if m := re.fullmatch(r"left a danger count \((\d+)\)", tag):
        return _("left a danger count ({count})").format(count=m.group(1))
    if tag.startswith("handed over "):
        parts = tag.removeprefix("handed over ").split(" or ")
        return _("handed over {what}").format(
            what=_(" or ").join(_(_HANDED.get(p, p)) for p in parts)
        )
    if m := re.fullmatch(r"misses pegging out with (\S+)", tag):
        return _("misses pegging out with {card}").format(card=m.group(1))
    return {
        "lets the dealer peg out": _("lets the dealer peg out"),
        "lets your opponent peg out": _("lets your opponent peg out"),
    }.get(tag, tag)


def winning_now(pos: PeggingPosition) -> list[Card]:
    """Legal cards that peg the points still needed for 121 (when the scores are known)."""
    if pos.scores is None:
        return []
    need = WIN - pos.scores[0]
    pile = tuple(c.rank for c in pos.pile)
    mine_left, theirs_left = len(pos.hand) > 1, pos.opp_count > 0
    return [
        c
        for c in pos.legal()  # the pile's points, plus the last card's point by the step rule
        if peg_points((*pile, c.rank))
        + after_card(pos.count + c.value, mine_left, theirs_left, pos.opp_go)[0]
        >= need
    ]
