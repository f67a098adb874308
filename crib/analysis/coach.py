"""The coach: grades discards and plays, names trap formations, gives hints.

Grades are by the Master's values (issue 12) unless ``model=UNIFORM`` (discards:
the exact hand EV and the uniform crib model) or ``model=EXPERT`` (plays: the
Expert's net value) is asked for.  Discards lose points of the full value
(hand + seat crib + pegging), or, within ``MASTER_ENDGAME`` points of 121 when
the scores are given, percentage points of P(win); plays lose points of the
pegging margin over the weighted holdings, or, near 121 with the scores and
seats known, percentage points of P(win) (board-aware play).  The words (best,
ok, mistake, costly, blunder) and their bands, set from measured loss
distributions, are in :mod:`crib.analysis.grades`: "best" is the best choice
itself, shown with no cost and no warning tags; near 121 the bands are in
percentage points of P(win), and the point-based tags give way to one reason in
terms of the game.

>>> from crib.analysis.models import UNIFORM
>>> g = grade_discard("5H 5D 6C 7S 8H 9D", "8H 9D", dealer=True, model=UNIFORM)
>>> g.verdict, round(g.lost, 2)  # graded as shown: 3.00 is a blunder
('blunder', 3.0)
>>> grade_discard("5H 5D 6C 7S 8H 9D", "5H 9D", dealer=True, model=UNIFORM).verdict
'blunder'
>>> g = grade_discard("5H 5D 6C 7S 8H 9D", "6C 7S", dealer=True)
>>> g.verdict, round(g.lost, 2), g.model
('blunder', 7.52, 'master')
>>> grade_play("hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4", "5C")
Traceback (most recent call last):
...
crib.errors.IllegalPlayError: 5♣ is not in your hand (4H 6D 6S 9C)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from crib.analysis.coach_words import (
    TRAP_CARD,
    discard_cost,
    discard_sentence,
    hint_discard_sentence,
    hint_play_sentence,
    next_best_sentence,
    play_cost,
    play_sentence,
    play_who,
)
from crib.analysis.discard import DiscardAnalysis, Throw, analyze_discard
from crib.analysis.formations import FORMATIONS, Formation, find_formations
from crib.analysis.grades import (
    DANGER_COUNTS,
    DISCARD_THRESHOLDS,
    PLAY_THRESHOLDS,
    POINTS_BANDS,
    WIN_UNIT,
    grade,
    play_tags,
    thresholds,
    verdict_word,
    winning_now,
)
from crib.analysis.heuristics import play_values
from crib.analysis.models import EXPERT as _EXPERT
from crib.analysis.models import (
    DiscardModel,
    Holdings,
    Model,
    PlayModel,
    discard_model,
    play_model,
)
from crib.analysis.play import PlayAnalysis, analyze_play
from crib.analysis.play.analysis import _position
from crib.analysis.play.board import analyze_board, board_applies  # board_applies: re-exported
from crib.analysis.speech import board_note, discard_note, num, play_note
from crib.errors import IllegalPlayError, ModelError
from crib.i18n import N_, tr
from crib.rules.cards import Card, CardsLike, cards_pretty, parse_card, parse_cards
from crib.rules.checks import check_seat
from crib.rules.observation import Observation
from crib.rules.position import PeggingPosition

__all__ = [
    "board_applies",
    "DISCARD_THRESHOLDS",
    "verdict_word",
    "grade",
    "thresholds",
    "WIN_UNIT",
    "PLAY_THRESHOLDS",
    "DANGER_COUNTS",
    "Formation",
    "FORMATIONS",
    "find_formations",
    "DiscardGrade",
    "PlayGrade",
    "grade_discard",
    "grade_play",
    "hint_discard",
    "hint_play",
    "trap_flag",
]

EXPERT_SKILL = 1.0
NO_CARD = N_("No card fits: go is the only play.")
SAY_GO = N_("No card fits: say go.")
MASTER_NEAR_121, MASTER_SAYS = N_("the Master near 121: {note}"), N_("the Master: {note}")
# the Master's note when it models the opponent's next card (issue #42)
MODELLED_NEXT = N_(
    "; the opponent's next card played as the Master would play it, not as if it saw your hand"
)


# --- discards ------------------------------------------------------------------


@dataclass(frozen=True)
class DiscardGrade:
    throw: tuple[Card, ...]
    best_throw: tuple[Card, ...]
    lost: float  # points of value (or percentage points of P(win), see ``unit``)
    verdict: str
    sentence: str
    model_note: str
    model: str = "uniform"  # the model's name: "master", "expert", "uniform" or "custom"
    unit: str = "points"  # "points" of value, or "P(win) points" near the end
    p_win_lost: float | None = None  # P(win) given up against the Master's choice (0..1)
    mine: Throw | None = None  # the throw graded, with its values (the plain words read them)
    top: Throw | None = None  # the best throw, with its values
    discard_model: DiscardModel | None = None  # the model graded by (its describe() for the page)


def _discard_analysis(
    six: CardsLike,
    dealer: bool,
    model: Model | DiscardModel | None,
    scores: tuple[int, int] | None,
) -> DiscardAnalysis:
    """The analysis a grade or hint reads, cards parsed here once (at the edge)."""
    return analyze_discard(parse_cards(six), dealer=check_seat(dealer), model=model, scores=scores)


def grade_discard(
    six: CardsLike,
    throw: CardsLike,
    dealer: bool,
    *,
    model: Model | DiscardModel | None = None,
    scores: tuple[int, int] | None = None,
    lang: str = "en",
) -> DiscardGrade:
    """Value lost against the best throw, a verdict and a sentence naming the model.

    ``model`` (default the coach's, :data:`~crib.analysis.models.MASTER`): the
    Master's full value; with ``scores`` within ``MASTER_ENDGAME`` of 121, P(win)
    lost in percentage points.  ``model=UNIFORM``: the exact hand EV and the
    uniform crib model, as before issue 12 (a ``DiscardModel`` names another crib
    model under the same rules).
    Verdicts: :func:`crib.analysis.grades.verdict_word` with the discard bands
    (points, or P(win) near 121).  ``lang``: the sentence and the note in that language.
    """
    a = _discard_analysis(six, dealer, model, scores)
    i = a.find(parse_cards(throw))
    t, b = a.throws[i], a.best
    p_lost = None
    unit = "points"
    if a.master and a.objective == "win":
        p_lost = max(0.0, (b.p_win or 0.0) - (t.p_win or 0.0))
        lost, unit = 100 * p_lost, WIN_UNIT
    else:
        lost = b.total - t.total  # the ev when the model has no pegging
    verdict = grade(lost, unit)
    cost = discard_cost(lost, p_lost, master=a.master, lang=lang)
    sentence = discard_sentence(a, i, verdict, cost, lang)
    dm = discard_model(model)
    return DiscardGrade(
        t.throw,
        b.throw,
        lost,
        verdict,
        sentence,
        discard_note(a, lang),
        dm.name,
        unit,
        p_lost,
        t,
        b,
        dm,
    )


def hint_discard(
    six: CardsLike, dealer: bool, *, model: Model | DiscardModel | None = None, lang: str = "en"
) -> str:
    """What to throw, and why, in one or two sentences (by the coach's model unless given)."""
    a = _discard_analysis(six, dealer, model, None)
    forms = find_formations(a.best.keep)
    return hint_discard_sentence(a, forms[0].name if forms else None, lang)


# --- plays ---------------------------------------------------------------------


def play_observation(
    pos: PeggingPosition, dealer: bool = False, opp_played: tuple[Card, ...] = ()
) -> Observation:
    """The observation a policy tier sees in ``pos`` (``dealer`` False by default: a
    position does not say who dealt); the coach's Expert values and the puzzles' tier
    solve rates read it.  With the seat and the opponent's cards played this hand (a
    retried play, a puzzle), the Master's reading of the hand reads it too."""
    scores = pos.scores or (0, 0)
    return Observation(
        phase="play",
        hand=pos.hand,
        dealer=dealer,
        my_score=scores[0],
        opp_score=scores[1],
        starter=pos.starter,
        pile=pos.pile,
        played=pos.previous + pos.pile,
        opp_cards_held=pos.opp_count,
        opp_said_go=pos.opp_go,
        my_discards=pos.discards,
        legal=pos.legal(),
        opp_played=opp_played,
    )


def trap_flag(analysis: PlayAnalysis, chosen: Card | None) -> bool:
    """The design's trap flag: the best card scores nothing now yet nets >= 1.5 over
    the holdings, and the card chosen did >= 1 point worse."""
    best = analysis.best
    if best.now != 0 or best.margin < 1.5:
        return False
    mine = analysis.option(chosen)
    return best.margin - mine.margin >= 1.0


@dataclass(frozen=True)
class PlayGrade:
    card: Card | None
    best_card: Card | None
    lost: float
    verdict: str
    tags: tuple[str, ...]
    trap: bool | None  # None when the exact analysis was not asked for
    sentence: str
    values: tuple[tuple[Card, float], ...]  # the Expert's net value of each legal card
    model: str = (
        "expert"  # the model's name: "master" (weighted expectimax), "expert" (net value)...
    )
    model_note: str = ""
    unit: str = "points"  # or WIN_UNIT: percentage points of P(win), near 121
    play_model: PlayModel | None = None  # the model graded by (its describe() for the page)


def _chosen(pos: PeggingPosition, card: CardsLike | None) -> Card | None:
    """The card played, checked against the position (a clear error otherwise)."""
    if isinstance(card, str) and card.strip().lower() == "go":
        raise IllegalPlayError("'go' is not a card: pass card=None to grade saying go")
    chosen = (
        None
        if card is None
        else card
        if isinstance(card, Card)
        else parse_card(card)
        if isinstance(card, str)
        else parse_cards(card)[0]
    )
    if chosen is not None and chosen not in pos.hand:
        raise IllegalPlayError(
            f"{chosen.pretty} is not in your hand ({' '.join(str(c) for c in pos.hand)})"
        )
    legal = pos.legal()
    if chosen is not None and chosen not in legal:
        raise IllegalPlayError(
            f"{chosen.pretty} would take the count to {pos.count + chosen.value}, over 31"
        )
    if chosen is None and legal:
        raise IllegalPlayError(
            f"you cannot say go at {pos.count}: {cards_pretty(legal)} still fits"
        )
    return chosen


def grade_play(
    position: PeggingPosition | str,
    card: CardsLike | None,
    *,
    exact: bool = True,
    model: Model | PlayModel | None = None,
    opp_played: CardsLike = (),
    opp_dealer: bool | None = None,
    lang: str = "en",
    ranked: Callable[[PlayAnalysis], PlayAnalysis] | None = None,
) -> PlayGrade:
    """Grade a play by the Master (``model=MASTER``, the default) or the Expert's net value.

    The Master: points of pegging margin lost against its choice, by expectimax
    over the opponent's holdings weighted by how likely they were to keep them
    (``opp_played``, ``opp_dealer``: see :func:`crib.analysis.play.analyze_play`);
    with the scores known, missing a card that reaches 121 now is a blunder.
    Within ``MASTER_ENDGAME`` points of 121, with the scores, the starter and
    the seats known (``opp_dealer``), the Master plays for the game: the grade is
    in percentage points of P(win) lost (:func:`crib.analysis.play.board.analyze_board`).
    ``model=EXPERT``: the net value the Expert uses for itself (skill 1.0); its trap
    flag reads the Expert's own play model (the opponent plays the Expert's policy).
    ``opp_played`` weighs the holdings and ``opp_dealer`` also places the board near
    121: either is a ModelError where the model would ignore it.
    Verdicts: :func:`crib.analysis.grades.verdict_word` with the play bands.
    Tags (none on the best card): led a five; left a danger count (5, 10, 11, 21,
    22); handed over a 15, a 31 or a pair; near 121 instead one reason in terms of
    the game (:func:`crib.analysis.grades.play_tags`).  With ``exact``, the trap flag.
    ``lang``: the sentence and the note in that language (the tags stay English: say
    them with :func:`crib.analysis.grades.tag_text`).
    ``ranked``: the Master's analysis as it ranks the cards when it models the opponent's
    next card (:meth:`crib.ai.reading.Reading.ranked`), which then says the best card and
    what was lost; the Master's model only (the trap flag keeps the plain analysis).
    """
    pos = _position(position)
    pm = play_model(model)
    name = "master" if pm.is_master else pm.name  # the grade's label
    # graded by the Expert's net value: its policy over equally likely holdings
    expert = (pm.opponent, pm.holdings) == (_EXPERT.play.opponent, _EXPERT.play.holdings)
    weighs = pm.holdings is Holdings.WEIGHTED
    if not pm.is_master:
        if opp_dealer is not None and (expert or not weighs):
            raise ModelError(
                f"opp_dealer weighs the holdings and places the board near 121, which model "
                f"{pm.name!r} ignores: leave it out"
            )
        if opp_played and (expert or not weighs):
            raise ModelError(
                f"opp_played weighs the holdings, which model {pm.name!r} ignores: leave it out"
            )
    if ranked is not None and not pm.is_master:
        raise ModelError(f"ranked is the Master's; model {pm.name!r} is not: leave it out")
    if opp_dealer is not None:
        opp_dealer = check_seat(opp_dealer, "opp_dealer")
    opp_played = parse_cards(opp_played)
    chosen = _chosen(pos, card)
    values = tuple(play_values(play_observation(pos), EXPERT_SKILL))
    if not values or chosen is None:
        return PlayGrade(
            None, None, 0.0, "best", (), None, tr(lang)(NO_CARD), (), name, play_model=pm
        )
    note = ""
    board = pm.is_master and board_applies(pos, opp_dealer)
    unit = "points"
    if board:  # near 121 the Master plays for the game: no margin analysis needed
        b = analyze_board(pos, dealer=not opp_dealer, opp_played=opp_played)
        p_lost = max(0.0, b.best.p_win - b.option(chosen).p_win)
        best_card = b.best.card if p_lost > 0 else chosen
        lost = 100 * p_lost
        who, unit = play_who("master", lang), WIN_UNIT
        cost = play_cost(lost, "board", p_lost=p_lost, lang=lang)
        note = tr(lang)(MASTER_NEAR_121).format(note=board_note(b, lang))
    elif pm.is_master:
        a = analyze_play(pos, pm, opp_played=opp_played, opp_dealer=opp_dealer)
        r = ranked(a) if ranked is not None else a  # the next card modelled, or a itself
        best_card = r.best.card
        lost = max(0.0, r.best.margin - r.option(chosen).margin)
        note = tr(lang)(MASTER_SAYS).format(note=play_note(a, lang))
        if r.extra.get("modelled"):
            note += tr(lang)(MODELLED_NEXT)
        who = play_who("master", lang)
        cost = play_cost(lost, "margin", lang=lang)
        wins = winning_now(pos)
        if wins and all(c.rank != chosen.rank for c in wins):
            best_card, lost = wins[0], max(lost, POINTS_BANDS["costly"])
            cost = play_cost(lost, "game", winner=wins[0], lang=lang)
    elif expert:
        best_card, best_v = values[0]
        mine_v = next(v for c, v in values if c.rank == chosen.rank)
        lost = best_v - mine_v
        who, cost = play_who("expert", lang), play_cost(lost, "value", lang=lang)
    else:  # another play model: its margin
        a = analyze_play(
            pos,
            pm,
            opp_played=opp_played if weighs else (),
            opp_dealer=opp_dealer if weighs else None,
        )
        best_card = a.best.card
        lost = max(0.0, a.best.margin - a.option(chosen).margin)
        note, who = play_note(a, lang), play_who(pm.name, lang)
        cost = play_cost(lost, "margin", lang=lang)
    verdict = grade(lost, unit)
    tags = play_tags(pos, chosen, board, opp_dealer) if verdict != "best" else []
    trap = None
    if exact and not board:  # near 121 the game, not traps, decides
        trap = trap_flag(a if not expert else analyze_play(pos, pm), chosen)
    sentence = play_sentence(
        chosen, best_card, verdict, who, cost, tags, board=board, trap=trap, lang=lang
    )
    return PlayGrade(
        chosen, best_card, lost, verdict, tuple(tags), trap, sentence, values, name, note, unit, pm
    )


def hint_play(
    position: PeggingPosition | str, *, model: Model | PlayModel | None = None, lang: str = "en"
) -> str:
    """What to play, and why: the best card by the coach's model (the Master: weighted
    holdings), or by the model given (e.g. ``model=UNIFORM``: the uniform minimax)."""
    a = analyze_play(_position(position), play_model(model))
    b = a.best
    if b.card is None:
        return tr(lang)(SAY_GO)
    parts = [
        hint_play_sentence(
            b.card.pretty, b.now, b.future, b.margin, b.p_nonneg, play_note(a, lang), lang=lang
        )
    ]
    if len(a.options) > 1:
        nxt = a.options[1]
        parts.append(next_best_sentence(nxt.label, num(nxt.margin, "+.2f", lang), lang=lang))
    if b.now == 0 and b.margin >= 1.5:
        parts.append(tr(lang)(TRAP_CARD))
    return " ".join(parts)
