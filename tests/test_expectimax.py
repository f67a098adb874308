"""Exact pegging analysis against a plain brute force on the rules engine.

The brute force enumerates concrete card holdings and recurses over
``PegState.play`` without grouping or memoising: an independent oracle for
the grouped, compressed, cached solver.  The policy models take the
computer's net values and softmax as given (they define the opponent); the
softmax itself is pinned by worked numbers below.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import combinations

import pytest

from crib.ai.policy import play_values, temperature
from crib.analysis.heuristics import SKILLS as TIERS
from crib.analysis.heuristics import softmax_weights
from crib.analysis.models import MASTER, UNIFORM, Holdings, Minimax, PlayModel, parse_model
from crib.analysis.play import analyze_play, holdings
from crib.analysis.play.policy import policy_probs
from crib.analysis.play.reference import peg_state
from crib.errors import CribError, InvalidPositionError
from crib.rules.cards import DECK, parse_cards
from crib.rules.observation import for_play
from crib.rules.pegging import PegState
from crib.rules.position import PeggingPosition

WEIGHTED = PlayModel(opponent=Minimax(), holdings=Holdings.WEIGHTED)


def _diff(s: PegState) -> int:
    return s.pegged[0] - s.pegged[1]


def _minimax(s: PegState) -> int:
    if s.done:
        return _diff(s)
    opts = s.legal() or (None,)
    vals = [_minimax(s.play(c)[0]) for c in opts]
    return max(vals) if s.turn == 0 else min(vals)


def _policy_dist(s: PegState, pos: PeggingPosition, skill: float) -> dict[int, float]:
    """Margin distribution: the opponent by the real policy, you maximising the mean."""
    if s.done:
        return {_diff(s): 1.0}
    legal = s.legal()
    if not legal:
        return _policy_dist(s.play(None)[0], pos, skill)
    if s.turn == 0:
        best, best_mean = None, -1e9
        for c in sorted(legal):
            d = _policy_dist(s.play(c)[0], pos, skill)
            m = sum(k * p for k, p in d.items())
            if m > best_mean + 1e-12:
                best, best_mean = d, m
        assert best is not None
        return best
    scores = pos.scores or (0, 0)
    obs = for_play(s, 1, starter=pos.starter, dealer=False, my_score=scores[1], opp_score=scores[0])
    ranked = play_values(obs, skill)
    t = temperature(skill)
    if t == 0:
        probs = [(ranked[0][0], 1.0)]
    else:
        ws = softmax_weights([v for _c, v in ranked], t)
        probs = [(c, w / sum(ws)) for (c, _v), w in zip(ranked, ws, strict=True)]
    out: dict[int, float] = {}
    for c, p in probs:
        for k, q in _policy_dist(s.play(c)[0], pos, skill).items():
            out[k] = out.get(k, 0.0) + p * q
    return out


def _brute(
    pos: PeggingPosition, model: str
) -> dict[str, tuple[Fraction | float, Fraction | float]]:
    """label -> (mean margin, P(margin >= 0)) over every concrete holding.

    The margin is now + future: your points minus theirs from the root on.
    """
    room = 31 - pos.count
    hold = [
        h
        for h in combinations(pos.unseen(), pos.opp_count)
        if not (pos.opp_go and any(c.value <= room for c in h))
    ]
    legal = pos.legal()
    seen: dict[int, object] = {}
    for c in legal:
        seen.setdefault(c.rank, c)
    options = [(str(c), c) for c in sorted(seen.values())] or [("go", None)]
    out = {}
    for label, card in options:
        total_sum: Fraction | float = 0
        nonneg: Fraction | float = 0
        for h in hold:
            s1, _rec = peg_state(pos, h).play(card)  # nothing is pegged at the root
            if model == "minimax":
                total = _minimax(s1)
                total_sum += total
                nonneg += 1 if total >= 0 else 0
            else:
                d = _policy_dist(s1, pos, TIERS[model.split(":")[1]])
                total_sum += sum(k * p for k, p in d.items())
                nonneg += sum(p for k, p in d.items() if k >= 0)
        n = len(hold)
        if model == "minimax":
            out[label] = (Fraction(total_sum, n), Fraction(nonneg, n))
        else:
            out[label] = (total_sum / n, nonneg / n)
    return out


def _random_position(rng: random.Random, go: bool = False) -> PeggingPosition:
    """A small legal position (1-3 cards each side) from a real partial play.

    With ``go``, one where the opponent has said go.  You may have no legal card.
    """
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        n_me, n_opp = rng.randint(1, 3), rng.randint(1, 3)
        extra_me, extra_opp = rng.randint(0, 4 - n_me), rng.randint(0, 4 - n_opp)
        mine = tuple(deck[: n_me + extra_me])
        theirs = tuple(deck[8 : 8 + n_opp + extra_opp])
        starter = deck[20]
        s = PegState.start((mine, theirs), pone=rng.randint(0, 1))
        # play until it is player 0's turn with the wanted card counts
        for _ in range(12):
            if s.done:
                break
            small = len(s.hands[0]) <= n_me and len(s.hands[1]) <= n_opp
            if s.turn == 0 and small and (s.said_go[1] or not go):
                break
            legal = s.legal()
            s, _ = s.play(rng.choice(legal) if legal else None)
        if s.done or s.turn != 0 or not s.hands[0] or not s.hands[1]:
            continue
        pile = s.pile
        previous = tuple(c for _p, c in s.played if c not in pile)
        # pad the history to 8 cards as the position format requires
        padding = [c for c in deck[30:] if c not in previous]
        need = 8 - len(s.hands[0]) - len(s.hands[1]) - len(pile) - len(previous)
        previous = previous + tuple(padding[:need])
        try:
            return PeggingPosition(
                hand=s.hands[0],
                pile=pile,
                previous=previous,
                starter=starter,
                opp_count=len(s.hands[1]),
                opp_go=s.said_go[1],
            )
        except InvalidPositionError:
            continue


def _check(pos: PeggingPosition, model: str) -> None:
    a = analyze_play(pos, parse_model(model, "play"))
    want = _brute(pos, model)
    assert {o.label for o in a.options} == set(want)
    for o in a.options:
        margin, p = want[o.label]
        if model == "minimax":
            assert o.margin_exact == margin, (pos.to_text(), o.label)
            assert o.p_nonneg_exact == p, (pos.to_text(), o.label)
        else:
            if model == "policy:expert":  # deterministic: exact values exist
                assert o.margin_exact is not None
                assert float(o.margin_exact) == pytest.approx(float(margin), abs=1e-9)
            assert o.margin == pytest.approx(float(margin), abs=1e-9), (pos.to_text(), o.label)
            assert o.p_nonneg == pytest.approx(float(p), abs=1e-9)


def _small_positions(model: str) -> list[PeggingPosition]:
    rng = random.Random({"minimax": 1, "policy:expert": 2, "policy:hard": 3}[model])
    out = []
    for i in range(24 if model == "minimax" else 6):
        go = i % 3 == 2  # every third position follows the opponent's go
        pos = _random_position(rng, go)
        while model == "policy:hard" and len(pos.hand) + pos.opp_count > 4:
            pos = _random_position(rng, go)  # the stochastic brute force grows fast
        out.append(pos)
    return out


@pytest.mark.parametrize(
    ("model", "part"),
    [
        ("minimax", slice(0, 9)),
        pytest.param("minimax", slice(9, 24), marks=pytest.mark.slow),
        ("policy:expert", slice(0, 6)),
        ("policy:hard", slice(0, 6)),
    ],
)
def test_agrees_with_brute_force_on_small_positions(model: str, part: slice) -> None:
    # the minimax brute force is the slow one: nine positions in the quick run, the
    # other fifteen under the slow mark
    positions = _small_positions(model)[part]
    for pos in positions:
        _check(pos, model)
    assert sum(p.opp_go for p in positions) >= len(positions) // 3  # the go positions arrived
    assert any(p.pile for p in positions)


@pytest.mark.parametrize("model", ["minimax", "policy:expert"])
def test_a_go_at_the_root_counts_its_point_once(model: str) -> None:
    # count 29, so neither JC nor 6H fits: you say go.  The go point is now
    # the opponent's only if they hold no A or 2, so it differs by holding,
    # and the margin (now + future) must count it once per holding.
    pos = PeggingPosition.parse(
        "hand JC 6H | pile 6D KS 8C 5D | starter QD | discards TD JS | opp 2"
    )
    assert not pos.legal()
    _check(pos, model)
    assert (
        analyze_play(pos, parse_model(model, "play")).best.now == 0
    )  # the point is not the same for all


def test_brute_force_covers_go_and_31() -> None:
    # opponent said go at 27 holding only cards over 4; you hold 4 and 2
    pos = PeggingPosition.parse(
        "hand 4H 2C | pile KS QD 7C | previous AS AD | starter 3S | opp 1 | go"
    )
    a = analyze_play(pos, UNIFORM)
    want = _brute(pos, "minimax")
    for o in a.options:
        assert (o.margin_exact, o.p_nonneg_exact) == want[o.label]
    # 4 makes 31 (2); the opponent leads their card (worth 5+, they said go at 27),
    # then your 2 is the last card (1): margin 3 whatever they hold
    four = a.option("4H")
    assert four.now == 2 and four.future_exact == 1 and four.p_nonneg_exact == 1
    # 2 makes 29 (0); the go is yours (1); they lead, your 4 is the last card (1)
    two = a.option("2C")
    assert two.now == 0 and two.future_exact == 2
    assert a.best.label == "4H"


def test_hand_checked_last_card() -> None:
    # you hold a 5 at count 26 -> 31 for 2; nothing else is left to play
    pos = PeggingPosition.parse(
        "hand 5H | pile KS QD 6C | previous AS 2D 3H 4C | starter 9S | opp 0"
    )
    a = analyze_play(pos, UNIFORM)
    assert a.best.label == "5H" and a.best.now == 2 and a.best.future_exact == 0
    # at count 27 a 5 does not fit: go, and the opponent (last to play) gets 1
    pos = PeggingPosition.parse(
        "hand 5H 2S | pile KS QD 7C | previous AS 2D 3H | starter 9S | opp 0"
    )
    a = analyze_play(pos, UNIFORM)
    two = a.option("2S")  # 29, then 5 cannot be played: go for 1, then lead 5 and last card 1
    assert two.now == 0 and two.future_exact == 2


def test_policy_probabilities_worked_numbers() -> None:
    # (rank, net value, cards of that rank): one 5 worth 2.0, two 9s worth 1.0.
    # At T = 1 the weights are 1 x exp(0) = 1 and 2 x exp(-(2 - 1)/1) = 2/e = 0.7357589,
    # so P(5) = 1 / 1.7357589 = 0.5761169 and P(9) = 0.7357589 / 1.7357589 = 0.4238831.
    (r5, p5), (r9, p9) = policy_probs([(5, 2.0, 1), (9, 1.0, 2)], 1.0)
    assert (r5, r9) == (5, 9)
    assert p5 == pytest.approx(0.5761169, abs=1e-7)
    assert p9 == pytest.approx(0.4238831, abs=1e-7)
    # hard (skill 0.85) plays at T = 0.5: values 2.0 and 1.7 weigh 1 and
    # exp(-0.3/0.5) = exp(-0.6) = 0.5488116, so P(best) = 1 / 1.5488116 = 0.6456563
    assert temperature(TIERS["hard"]) == 0.5
    (_r, p_best), (_r2, p_other) = policy_probs([(3, 2.0, 1), (7, 1.7, 1)], 0.5)
    assert p_best == pytest.approx(0.6456563, abs=1e-7)
    assert p_other == pytest.approx(0.3543437, abs=1e-7)
    # expert (T = 0) always plays its best-valued card
    assert policy_probs([(3, 2.0, 1), (7, 1.7, 1)], 0.0) == [(3, 1.0)]


def test_holdings_weights_add_up() -> None:
    pos = PeggingPosition.parse("hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4")
    assert sum(w for _h, w in holdings(pos)) == math.comb(45, 4)


def test_invalid_positions_name_the_problem() -> None:
    cases = {
        "hand 4H 4H | starter 2S | opp 4 | previous AS AD": "duplicate card 4H",
        "hand 4H 6D | pile KS QS TD 5C | starter 2S | opp 0 | previous AH": (
            "a count cannot exceed 31"
        ),
        "hand 4H 6D 6S 9C | starter 2S | opp 3": "must add up|have been played",
        "hand 4H | pile KS | starter 2S | opp 3 | go | previous AH AS AC": "worth more than",
        "hand 4H 6D | pile 2C | starter 2S | opp 4 | go | previous AH": (
            "have been played|worth more"
        ),
        "hand | starter 2S | opp 4": "needs your hand|no cards",
        "hand 4H | pile KS | opp x": "expected the number",
        "hand 4H 6D 6S 9C | stater 2S | opp 4": "unknown section 'stater'",
    }
    for text, needle in cases.items():
        with pytest.raises(InvalidPositionError, match=needle):
            PeggingPosition.parse(text)
    with pytest.raises(CribError, match="unknown play model 'psychic': expected one of"):
        analyze_play("hand 4H 6D 6S 9C | starter 2S | opp 4", parse_model("psychic", "play"))


# the position fuzz test lives in test_position_fuzz.py


def test_text_round_trip() -> None:
    text = "hand 4H 6D 6S 9C | pile 7S 8C | starter KD | discards JD KC | opp 2"
    pos = PeggingPosition.parse(text)
    assert PeggingPosition.parse(pos.to_text()) == pos
    assert parse_cards("7S 8C") == pos.pile


# --- weighted holdings (issue 12) ------------------------------------------------


def _weighted_brute(pos: PeggingPosition, weight) -> dict[str, tuple[Fraction, Fraction]]:  # type: ignore[no-untyped-def]
    """label -> (mean margin, P(margin >= 0)) over every concrete holding, each counted
    ``weight(its sorted ranks)`` times (as an exact Fraction)."""
    room = 31 - pos.count
    hold = [
        h
        for h in combinations(pos.unseen(), pos.opp_count)
        if not (pos.opp_go and any(c.value <= room for c in h))
    ]
    seen: dict[int, object] = {}
    for c in pos.legal():
        seen.setdefault(c.rank, c)
    options = [(str(c), c) for c in sorted(seen.values())] or [("go", None)]
    out = {}
    for label, card in options:
        total = nonneg = tot_w = Fraction(0)
        for h in hold:
            w = Fraction(weight(tuple(sorted(c.rank for c in h))))
            m = _minimax(peg_state(pos, h).play(card)[0])
            total += w * m
            nonneg += w * (m >= 0)
            tot_w += w
        out[label] = (total / tot_w, nonneg / tot_w)
    return out


def _weighted_cases() -> list[tuple[PeggingPosition, tuple, bool]]:
    """Twelve positions (every third after the opponent's go), the opponent's cards
    already played and the seat: drawn once, so the quick and slow halves split them."""
    rng = random.Random(12)
    cases = []
    for i in range(12):
        pos = _random_position(rng, go=i % 3 == 2)
        known = list(pos.previous + pos.pile)
        played = tuple(rng.sample(known, min(len(known), 4 - pos.opp_count)))
        cases.append((pos, played, rng.random() < 0.5))
    return cases


def _check_weighted(pos: PeggingPosition, played: tuple, dealer: bool) -> None:
    from crib.analysis.play import expectiminimax
    from crib.analysis.play.weights import keep_weights

    want = _weighted_brute(pos, keep_weights(played, dealer))
    ref = expectiminimax(pos, keep_weights(played, dealer))
    a = analyze_play(pos, MASTER, opp_played=played, opp_dealer=dealer)
    assert a.holdings_model == "weighted" and "self-play" in a.model_note
    assert set(ref) == set(want) == {o.label for o in a.options}
    for o in a.options:
        assert ref[o.label] == want[o.label], (pos.to_text(), o.label)  # exactly
        assert o.margin == pytest.approx(float(want[o.label][0]), abs=1e-9)
        assert o.p_nonneg == pytest.approx(float(want[o.label][1]), abs=1e-9)


@pytest.mark.parametrize(
    "part",
    [
        pytest.param(slice(0, 3), id="quick"),
        pytest.param(slice(3, 12), id="rest", marks=pytest.mark.slow),
    ],
)
def test_weighted_expectimax_equals_a_weighted_brute_force(part: slice) -> None:
    """The keep-frequency weights (compiled path, and the plain reference) against a
    brute force over weighted concrete holdings; go inference still applies.  The
    pure-Python brute force is slow: the default run checks the first three positions
    (one after a go), the slow mark the other nine; together all twelve."""
    cases = _weighted_cases()[part]
    assert sum(pos.opp_go for pos, _p, _d in cases) >= len(cases) // 3
    for pos, played, dealer in cases:
        _check_weighted(pos, played, dealer)


def test_any_weight_is_threaded_through_the_compiled_solver() -> None:
    from crib.analysis.play import expectiminimax
    from crib.analysis.play import jit as pegjit

    def weight(ranks: tuple[int, ...]) -> float:
        return 1.0 + (sum(ranks) % 3)  # arbitrary, to see every holding's weight used

    rng = random.Random(5)
    for _ in range(8):
        pos = _random_position(rng)
        ref = expectiminimax(pos, weight)
        _n, total_w, per = pegjit.minimax_summary(pos, weight)
        for card, _nows, total, _dist in per:
            assert total / total_w == pytest.approx(float(ref[str(card) if card else "go"][0]))


def test_sampled_holdings_say_so() -> None:
    pos = "hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4"
    exact = analyze_play(pos, WEIGHTED, opp_dealer=True)
    a = analyze_play(pos, WEIGHTED, opp_dealer=True, sample=300)
    assert exact.sampled == 0 and 0 < a.sampled <= 300
    assert "SAMPLED" in a.model_note and "SAMPLED" not in exact.model_note
    assert a.option("6D").margin == pytest.approx(exact.option("6D").margin, abs=0.5)


def test_unknown_holdings_model_is_a_clear_error() -> None:
    with pytest.raises(
        CribError, match="holdings must be Holdings.UNIFORM or Holdings.WEIGHTED, got 'skewed'"
    ):
        PlayModel(holdings="skewed")  # type: ignore[arg-type]
