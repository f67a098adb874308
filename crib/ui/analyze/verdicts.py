"""The models behind the analyzers' verdicts, and what to say when two disagree.

One screen, one verdict: the grade, the ranking and the trap flag all come from
the model chosen in the page's selector, whose default is the coach's model
(:data:`crib.ui.kit.common.COACH_MODEL`).  A second model is consulted only to say
"the models differ" when it ranks things differently.

>>> ordinal(1), ordinal(2), ordinal(3), ordinal(11), ordinal(12), ordinal(22)
('1st', '2nd', '3rd', '11th', '12th', '22nd')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from crib.analysis.coach import (
    PLAY_THRESHOLDS,
    WIN_UNIT,
    board_applies,
    grade_play,
    thresholds,
    trap_flag,
    verdict_word,
)
from crib.analysis.discard import DiscardAnalysis, analyze_discard
from crib.analysis.grades import cost_text, play_tags
from crib.analysis.models import (
    EXPERT,
    MASTER,
    MASTER_ENDGAME,
    UNIFORM,
    DiscardModel,
    PlayModel,
)
from crib.analysis.play import PlayAnalysis, analyze_play
from crib.analysis.play.board import BoardAnalysis, analyze_board
from crib.rules.cards import Card
from crib.rules.constants import WIN
from crib.rules.position import PeggingPosition
from crib.ui.kit.cardview import card_text, cards_text
from crib.ui.kit.common import COACH_MODEL

__all__ = [
    "ModelChoice",
    "DISCARD_MODELS",
    "PLAY_MODELS",
    "Verdict",
    "ordinal",
    "model_options",
    "run_discard",
    "run_play",
    "discard_verdict",
    "play_verdict",
    "in_reach",
    "run_board",
    "board_verdict",
    "board_reason",
    "discard_dissent",
    "play_dissent",
    "plain_note",
    "second_opinion_key",
]


@dataclass(frozen=True)
class ModelChoice:
    """A model a page can rank by: its label, a plain sentence, the model object."""

    key: str
    label: str
    plain: str
    model: DiscardModel | PlayModel = field(default=MASTER.discard)


_HAND = "Hand: the four cards you keep, averaged over the 46 starters you cannot see."
DISCARD_MODELS: dict[str, ModelChoice] = {
    "expert": ModelChoice(
        "expert",
        "Expert self-play (crib + pegging)",
        _HAND + " Crib: what cribs score when the other player throws as the Expert does, "
        "measured over many self-play games. Pegging: what these four cards peg against "
        "the Expert, minus what the Expert pegs.",
        EXPERT.discard,
    ),
    "uniform": ModelChoice(
        "uniform",
        "Uniform crib, exact (teaching)",
        _HAND + " Crib: every pair the opponent could throw counts as equally likely, with "
        "every starter, and each crib is scored exactly. No pegging.",
        UNIFORM.discard,
    ),
    "master": ModelChoice(
        "master",
        "Master",
        _HAND + " Crib: what cribs score when the other player throws as the Expert does "
        "(seat by seat, measured in self-play). Pegging: what these four cards peg minus "
        f"what the opponent pegs, from self-play. Within {MASTER_ENDGAME} points of 121, with "
        "the scores given, the throws are ranked by the chance of winning instead.",
        MASTER.discard,
    ),
}

PLAY_MODELS: dict[str, ModelChoice] = {
    "expert": ModelChoice(  # the key the page has always used for the uniform minimax
        "expert",
        "Perfect play, exact (minimax)",
        "Every hand the opponent could hold counts as equally likely; from there, both of "
        "you play perfectly to the end of the play.",
        UNIFORM.play,
    ),
}
for _tier in ("expert", "hard", "normal", "easy"):
    PLAY_MODELS[f"policy:{_tier}"] = ModelChoice(
        f"policy:{_tier}",
        f"Opponent plays like the {_tier.capitalize()} computer",
        "Every hand the opponent could hold counts as equally likely; the opponent plays as "
        f"the {_tier.capitalize()} computer does, and you play your best reply.",
        EXPERT.play if _tier == "expert" else PlayModel(_tier, f"policy:{_tier}", "uniform"),
    )
PLAY_MODELS["master"] = ModelChoice(
    "master",
    "Master (weighted holdings, exact)",
    "Every hand the opponent could hold is weighted by how often a strong player keeps "
    "it (keep frequencies measured in self-play, data/keep_frequencies.csv); from there, "
    "both of you play perfectly to the end of the play. This is how the Master plays.",
    MASTER.play,
)


def model_options(models: dict[str, ModelChoice]) -> list[tuple[str, str]]:
    """Dropdown options (label, key), the coach's model first and named as such."""
    keys = sorted(models, key=lambda k: k != COACH_MODEL)
    return [
        (models[k].label + (" — the coach's model" if k == COACH_MODEL else ""), k) for k in keys
    ]


def second_opinion_key(key: str, models: dict[str, ModelChoice]) -> str:
    """The model to compare with: the coach's, or (on the coach's own) the first other one."""
    if key != COACH_MODEL:
        return COACH_MODEL
    if "uniform" in models:  # discards: the teaching model is the telling comparison
        return "uniform"
    return next(k for k in models if k != COACH_MODEL)


def plain_note(note: str) -> str:
    """A model note with its formula wording turned into words."""
    return note.replace("all C(46,2)=1035 pairs", "all 1,035 pairs").replace(
        "C(46,2) x 44", "1,035 pairs times 44 starters"
    )


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True)
class Verdict:
    """A choice graded by one model: the word, the points lost, where it stands."""

    word: str
    lost: float
    rank: int  # 1 = best (ties share a rank)
    of: int
    model: str  # the model's label
    trap: bool = False
    unit: str = "points"  # or WIN_UNIT: percentage points of P(win), within reach of 121

    @property
    def standing(self) -> str:
        return f"{ordinal(self.rank)} of {self.of}"

    @property
    def cost(self) -> str:
        """The loss in its unit: '1.23 points' or '5.1% of your chance to win'."""
        if self.unit == WIN_UNIT:
            return f"{self.lost:.1f}% of your chance to win"
        return f"{self.lost:.2f} points"

    @property
    def badge(self) -> str:
        """The grade as the game's badge reads it: "best", "mistake −0.62", "costly −5.1% to win"."""
        return cost_text(self.word, self.lost, self.unit)

    def phrase(self) -> str:
        if self.word == "best":
            return "best"
        if self.unit == WIN_UNIT:
            return f"{self.word} (−{self.lost:.1f}% to win)"
        return f"{self.word} ({self.lost:.2f} lost)"


def in_reach(scores: tuple[int, int] | None) -> bool:
    """Within reach of 121 (either player within ``MASTER_ENDGAME`` points, as the coach
    counts it in the game): every grade is by the chance of winning.

    >>> in_reach((95, 40)), in_reach((90, 90)), in_reach(None)
    (True, False, False)
    """
    return scores is not None and WIN - max(scores) <= MASTER_ENDGAME


def run_discard(
    six: Any, *, dealer: bool, key: str, scores: tuple[int, int] | None = None,
    objective: str = "ev",
) -> DiscardAnalysis:
    """The page's analysis by the chosen model; a model with an endgame (the Master's)
    chooses its own objective, so the page's objective applies to the others only, and
    within reach of 121 (:func:`in_reach`) every model ranks by the chance of winning,
    as the coach grades in the game."""
    m = DISCARD_MODELS[key].model
    assert isinstance(m, DiscardModel)
    if in_reach(scores):
        objective = "win"
    return analyze_discard(
        six, dealer=dealer, model=m, scores=scores, objective=None if m.endgame else objective
    )


def run_play(position: Any, key: str) -> PlayAnalysis:
    return analyze_play(position, model=PLAY_MODELS[key].model)


def _rank_of(values: list[float], mine: float) -> int:
    return 1 + sum(1 for v in values if v > mine + 1e-9)


def discard_verdict(a: DiscardAnalysis, i: int, key: str) -> Verdict:
    """Throw ``i`` of ``a`` graded by its net (hand ± crib + pegging) against the best, or,
    when the analysis ranks by the chance of winning (near 121), by P(win) in percentage points."""
    win = a.objective == "win" and all(t.p_win is not None for t in a.throws)
    nets = [100 * (t.p_win or 0.0) for t in a.throws] if win else [t.total for t in a.throws]
    unit = WIN_UNIT if win else "points"
    lost = max(nets) - nets[i]
    return Verdict(
        verdict_word(lost, thresholds("discard", unit)), lost, _rank_of(nets, nets[i]), len(nets),
        DISCARD_MODELS[key].label, unit=unit,
    )


def play_verdict(a: PlayAnalysis, card: Card | None, key: str) -> Verdict:
    """A card graded by the analysis' margin against the best, with the same analysis' trap flag."""
    mine = a.option(card)
    margins = [o.margin for o in a.options]
    lost = max(margins) - mine.margin
    return Verdict(
        verdict_word(lost, PLAY_THRESHOLDS), lost, _rank_of(margins, mine.margin), len(margins),
        PLAY_MODELS[key].label, trap_flag(a, card),
    )


def run_board(position: PeggingPosition, *, opp_dealer: bool | None, key: str) -> BoardAnalysis | None:
    """Near 121, with the scores, the starter and the dealer known (the game's rule,
    :func:`crib.analysis.coach.board_applies`), every card by the chance of winning the
    game: holdings weighted by how often a strong player keeps them for the coach's
    model, equally likely for the others.  None when the rule does not apply."""
    if not board_applies(position, opp_dealer):
        return None
    return analyze_board(position, dealer=not opp_dealer, weighted=key == COACH_MODEL)


def board_verdict(b: BoardAnalysis, card: Card | None, key: str) -> Verdict:
    """A card graded by the chance of winning it gives up against the best, in
    percentage points of P(win) (the unit the badge shows: "−5.1% to win")."""
    ps = [100 * o.p_win for o in b.options]
    mine = 100 * b.option(card).p_win
    lost = max(0.0, max(ps) - mine)
    return Verdict(
        verdict_word(lost, thresholds("play", WIN_UNIT)), lost, _rank_of(ps, mine), len(ps),
        PLAY_MODELS[key].label, unit=WIN_UNIT,
    )


def board_reason(position: PeggingPosition, card: Card, v: Verdict, opp_dealer: bool) -> list[str]:
    """Near 121, the one reason in terms of the game a card that is not the best costs
    (none for the best card, and none when no plain reason applies)."""
    return [] if v.word == "best" else play_tags(position, card, True, opp_dealer)


def discard_dissent(
    a: DiscardAnalysis, key: str, other: DiscardAnalysis, other_key: str, i: int | None = None
) -> str | None:
    """A sentence when the two models pick different best throws (or grade throw ``i``
    differently); None when they agree."""
    best_a, best_o = set(a.best.throw), set(other.best.throw)
    mine = a.throws[i].throw if i is not None else None
    va = discard_verdict(a, i, key) if i is not None else None
    vo = discard_verdict(other, other.find(mine), other_key) if mine is not None else None
    if best_a == best_o and (va is None or va.word == vo.word):  # type: ignore[union-attr]
        return None

    def say(an: DiscardAnalysis, k: str, v: Verdict | None) -> str:
        s = f"{DISCARD_MODELS[k].label} says throw {cards_text(an.best.throw)}"
        return s + (f" (your throw: {v.phrase()}, {v.standing})" if v else "")

    coach = DISCARD_MODELS[COACH_MODEL].label
    return (
        f"The models differ: {say(a, key, va)}; {say(other, other_key, vo)}. "
        f"The coach uses {coach}."
    )


def play_dissent(a: PlayAnalysis, key: str, card: Card | None) -> str | None:
    """A sentence when the Expert's quick net-value model grades ``card`` (or picks the best
    card) differently from the page's model; None when they agree or no card fits."""
    if card is None:
        return None
    v = play_verdict(a, card, key)
    g = grade_play(a.position, card, exact=False, model="expert")
    if g.best_card is None:
        return None
    best = a.best.card
    same_best = best is not None and best.rank == g.best_card.rank
    if g.verdict == v.word and same_best:
        return None
    best_txt = card_text(best) if best is not None else "go"
    ours = f"{PLAY_MODELS[key].label} rates {card_text(card)} {v.phrase()}" + (
        "" if v.word == "best" else f" and prefers {best_txt}"
    )
    theirs = (
        f"the Expert's quick net-value model rates it {g.verdict}"
        + (f" ({g.lost:.2f} lost) and prefers {card_text(g.best_card)}" if g.verdict != "best"
           else "")
    )
    coach = PLAY_MODELS[COACH_MODEL].label
    return f"The models differ: {ours}; {theirs}. The coach uses {coach}."


def switch_mode(practice: bool, analyze_part: Any, practice_part: Any,
                start_practice: Callable[[], object], analyze: Callable[[], object]) -> None:
    """Both analyzers' Analyze / Practice switch: show one part, hide the other, and
    start the mode (a fresh practice question, or the analysis of what is entered)."""
    analyze_part.layout.display = "none" if practice else None
    practice_part.layout.display = None if practice else "none"
    (start_practice if practice else analyze)()

