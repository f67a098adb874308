"""The models behind the analyzers' verdicts, and what to say when two disagree.

One screen, one verdict: the grade, the ranking and the trap flag all come from
the model chosen in the page's selector, whose default is the coach's model
(:data:`crib.ui.kit.common.COACH_MODEL`).  A second model is consulted only to say
"the models differ" when it ranks things differently.

>>> ordinal(1), ordinal(2), ordinal(3), ordinal(11), ordinal(12), ordinal(22)
('1st', '2nd', '3rd', '11th', '12th', '22nd')
"""

from __future__ import annotations

from dataclasses import dataclass

from crib.analysis.coach import WIN_UNIT, grade_play, trap_flag
from crib.analysis.discard import DiscardAnalysis
from crib.analysis.grades import cost_text, grade, play_tags, tag_text
from crib.analysis.models import (
    EXPERT,
)
from crib.analysis.play import PlayAnalysis
from crib.analysis.play.board import BoardAnalysis
from crib.i18n import N_, tr
from crib.rules.cards import Card
from crib.rules.position import PeggingPosition

# the models a page ranks by, and running them: the analyzers' session (re-exported)
from crib.session.analyze import (
    DISCARD_MODELS,
    PLAY_MODELS,
    ModelChoice,
    in_reach,
    run_board,
    run_discard,
    run_play,
    second_opinion_key,
)
from crib.ui.analyze.speak import grade_word, num, ordinal, pct
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


def model_options(models: dict[str, ModelChoice], lang: str = "en") -> list[tuple[str, str]]:
    """Dropdown options (label, key), the coach's model first and named as such."""
    keys = sorted(models, key=lambda k: k != COACH_MODEL)
    coach = tr(lang)(N_("{model} — the coach's model"))
    return [
        (
            coach.format(model=models[k].label_in(lang))
            if k == COACH_MODEL
            else models[k].label_in(lang),
            k,
        )
        for k in keys
    ]


def plain_note(note: str) -> str:
    """A model note with its formula wording turned into words."""
    return note.replace("all C(46,2)=1035 pairs", "all 1,035 pairs").replace(
        "C(46,2) x 44", "1,035 pairs times 44 starters"
    )


@dataclass(frozen=True)
class Verdict:
    """A choice graded by one model: the word, the points lost, where it stands."""

    word: str
    lost: float
    rank: int  # 1 = best (ties share a rank)
    of: int
    model: str  # the model's label (in ``lang``)
    trap: bool = False
    unit: str = "points"  # or WIN_UNIT: percentage points of P(win), within reach of 121
    lang: str = "en"

    @property
    def standing(self) -> str:
        return tr(self.lang)(N_("{place} of {n}")).format(
            place=ordinal(self.rank, self.lang), n=self.of
        )

    @property
    def cost(self) -> str:
        """The loss in its unit: '1.23 points' or '5.1% of your chance to win'."""
        _ = tr(self.lang)
        if self.unit == WIN_UNIT:
            return _(N_("{lost} of your chance to win")).format(
                lost=pct(self.lost / 100, 1, self.lang)
            )
        return _(N_("{lost} points")).format(lost=num(self.lost, ".2f", self.lang))

    @property
    def badge(self) -> str:
        """The grade as the game's badge reads it: "best", "mistake −0.62", "costly −5.1% to
        win"."""
        if self.lang == "en":
            return cost_text(self.word, self.lost, self.unit)
        word = grade_word(self.word, self.lang)
        if self.word == "best":
            return word
        if self.unit == WIN_UNIT:
            return tr(self.lang)(N_("{word} −{lost}% to win")).format(
                word=word, lost=num(self.lost, ".2f" if self.lost < 0.1 else ".1f", self.lang)
            )
        return f"{word} −{num(self.lost, '.3f' if self.lost < 0.01 else '.2f', self.lang)}"

    def phrase(self) -> str:
        _, word = tr(self.lang), grade_word(self.word, self.lang)
        if self.word == "best":
            return word
        if self.unit == WIN_UNIT:
            return _(N_("{word} (−{lost}% to win)")).format(
                word=word, lost=num(self.lost, ".1f", self.lang)
            )
        return _(N_("{word} ({lost} lost)")).format(
            word=word, lost=num(self.lost, ".2f", self.lang)
        )


def _rank_of(values: list[float], mine: float) -> int:
    return 1 + sum(1 for v in values if v > mine + 1e-9)


def discard_verdict(a: DiscardAnalysis, i: int, key: str, lang: str = "en") -> Verdict:
    """Throw ``i`` of ``a`` graded by its net (hand ± crib + pegging) against the best, or,
    when the analysis ranks by the chance of winning (near 121), by P(win) in percentage points."""
    win = a.objective == "win" and all(t.p_win is not None for t in a.throws)
    nets = [100 * (t.p_win or 0.0) for t in a.throws] if win else [t.total for t in a.throws]
    unit = WIN_UNIT if win else "points"
    lost = max(nets) - nets[i]
    return Verdict(
        grade(lost, unit),
        lost,
        _rank_of(nets, nets[i]),
        len(nets),
        DISCARD_MODELS[key].label_in(lang),
        unit=unit,
        lang=lang,
    )


def play_verdict(a: PlayAnalysis, card: Card | None, key: str, lang: str = "en") -> Verdict:
    """A card graded by the analysis' margin against the best, with the same analysis' trap flag."""
    mine = a.option(card)
    margins = [o.margin for o in a.options]
    lost = max(margins) - mine.margin
    return Verdict(
        grade(lost),
        lost,
        _rank_of(margins, mine.margin),
        len(margins),
        PLAY_MODELS[key].label_in(lang),
        trap_flag(a, card),
        lang=lang,
    )


def board_verdict(b: BoardAnalysis, card: Card | None, key: str, lang: str = "en") -> Verdict:
    """A card graded by the chance of winning it gives up against the best, in
    percentage points of P(win) (the unit the badge shows: "−5.1% to win")."""
    ps = [100 * o.p_win for o in b.options]
    mine = 100 * b.option(card).p_win
    lost = max(0.0, max(ps) - mine)
    return Verdict(
        grade(lost, WIN_UNIT),
        lost,
        _rank_of(ps, mine),
        len(ps),
        PLAY_MODELS[key].label_in(lang),
        unit=WIN_UNIT,
        lang=lang,
    )


def board_reason(position: PeggingPosition, card: Card, v: Verdict, opp_dealer: bool) -> list[str]:
    """Near 121, the one reason in terms of the game a card that is not the best costs
    (none for the best card, and none when no plain reason applies)."""
    return (
        []
        if v.word == "best"
        else [tag_text(t, v.lang) for t in play_tags(position, card, True, opp_dealer)]
    )


def discard_dissent(
    mine: tuple[DiscardAnalysis, str],
    theirs: tuple[DiscardAnalysis, str],
    i: int | None = None,
    lang: str = "en",
) -> str | None:
    """A sentence when the two models (each: its analysis and its key in
    :data:`DISCARD_MODELS`, the page's first) pick different best throws (or grade throw
    ``i`` differently); None when they agree."""
    (a, key), (other, other_key) = mine, theirs
    best_a, best_o = set(a.best.throw), set(other.best.throw)
    mine = a.throws[i].throw if i is not None else None
    va = discard_verdict(a, i, key, lang) if i is not None else None
    vo = discard_verdict(other, other.find(mine), other_key, lang) if mine is not None else None
    if best_a == best_o and (va is None or va.word == vo.word):  # type: ignore[union-attr]
        return None
    _ = tr(lang)

    def say(an: DiscardAnalysis, k: str, v: Verdict | None) -> str:
        s = _(N_("{model} says throw {cards}")).format(
            model=DISCARD_MODELS[k].label_in(lang), cards=cards_text(an.best.throw)
        )
        return s + (
            _(N_(" (your throw: {grade}, {place})")).format(grade=v.phrase(), place=v.standing)
            if v
            else ""
        )

    return _(N_("The models differ: {one}; {other}. The coach uses {coach}.")).format(
        one=say(a, key, va),
        other=say(other, other_key, vo),
        coach=DISCARD_MODELS[COACH_MODEL].label_in(lang),
    )


def play_dissent(a: PlayAnalysis, key: str, card: Card | None, lang: str = "en") -> str | None:
    """A sentence when the Expert's quick net-value model grades ``card`` (or picks the best
    card) differently from the page's model; None when they agree or no card fits."""
    if card is None:
        return None
    v = play_verdict(a, card, key, lang)
    g = grade_play(a.position, card, exact=False, model=EXPERT)
    if g.best_card is None:
        return None
    best = a.best.card
    same_best = best is not None and best.rank == g.best_card.rank
    if g.verdict == v.word and same_best:
        return None
    _ = tr(lang)
    best_txt = card_text(best) if best is not None else _(N_("go"))
    ours = _(N_("{model} rates {card} {grade}")).format(
        model=PLAY_MODELS[key].label_in(lang), card=card_text(card), grade=v.phrase()
    )
    if v.word != "best":
        ours += _(N_(" and prefers {card}")).format(card=best_txt)
    theirs = _(N_("the Expert's quick net-value model rates it {grade}")).format(
        grade=grade_word(g.verdict, lang)
    )
    if g.verdict != "best":
        theirs += _(N_(" ({lost} lost) and prefers {card}")).format(
            lost=num(g.lost, ".2f", lang), card=card_text(g.best_card)
        )
    return _(N_("The models differ: {one}; {other}. The coach uses {coach}.")).format(
        one=ours, other=theirs, coach=PLAY_MODELS[COACH_MODEL].label_in(lang)
    )
