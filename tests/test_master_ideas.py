"""Issue #42's two newest Master ideas: the Master's keep frequencies as the opponent
model, and what the opponent's plays say about its holding (crib.analysis.play.evidence)."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import numpy as np
import pytest

from crib.analysis.play.evidence import (
    Decision,
    _piles,
    decisions_from,
    likelihood,
    packed_likelihood,
    play_evidence,
)
from crib.rules.cards import DECK, Card, parse_cards
from crib.rules.pegging import PegState


def _random_record(
    rng: random.Random, pone: int | None = None, most: int = 11
) -> tuple[list[Card], list[Card], list[Card], Card, list]:
    """A legal play record from the rules' own step rule (``PegState``): (played in order,
    the opponent's (player 1's) cards among them, the opponent's cards still held, the
    starter, the piles as the rules closed them so far).  ``pone``: who leads (default at
    random); ``most``: at most this many steps."""
    deck = list(DECK)
    rng.shuffle(deck)
    s = PegState.start([deck[:4], deck[4:8]], pone=rng.randrange(2) if pone is None else pone)
    for _ in range(rng.randrange(1, most + 1)):
        if s.done:
            break
        legal = s.legal()
        s, _rec = s.play(rng.choice(legal) if legal else None)
    played = [c for _p, c in s.played]
    opp = [c for p, c in s.played if p == 1]
    # a finished play keeps its last pile in the history too
    return played, opp, list(s.hands[1]), deck[8], [*s.pile_history, *([] if s.done else [s.pile])]


def test_the_vectorised_likelihood_is_the_plain_one_and_the_truth_is_possible() -> None:
    rng = random.Random(42)
    seen = 0
    for _ in range(120):
        played, opp, held, starter, piles = _random_record(rng)
        starts = [start for start, _i in _piles(played)]  # each card's pile, rebuilt
        assert [played[i] for i in sorted(set(starts))] == [p[0] for p in piles if p]
        d = decisions_from(played, opp, starter, 4, 60)
        assert [x.rank for x in d] == [c.rank for c in opp]
        assert likelihood(d, [c.rank for c in held]) > 0.0  # the real holding stays possible
        n = 4 - len(opp)
        hold = list(itertools.combinations_with_replacement(range(1, 14), n))[::7]
        packed = np.array([sum(1 << (4 * r) for r in h) for h in hold], np.int64)
        want = np.array([likelihood(d, h) for h in hold])
        np.testing.assert_allclose(packed_likelihood(d, packed), want, rtol=1e-12)
        seen += len(d)
    assert seen > 100  # the records did hold opponent plays to read


def test_piles_are_rebuilt_after_31_and_after_two_goes() -> None:
    two = parse_cards("2C")[0]
    # 10 + J + Q = 30, nobody can play, a new pile: the opponent's 9 is a lead (count 0),
    # where every rank fits, not a card on 30 (where only an ace would)
    d = decisions_from(parse_cards("TH JS QD 9C"), parse_cards("JS 9C"), two, 4, 0)
    assert [x.rank for x in d] == [11, 9] and sum(w > 0 for w in d[1].weights) == 13
    # after 31 too: 5 + K + 6 + 10 = 31, then the opponent leads the 8
    d31 = decisions_from(parse_cards("5H KS 6D TC 8S"), parse_cards("KS TC 8S"), None, 4, 0)
    assert sum(w > 0 for w in d31[2].weights) == 13
    assert d31[1].held_then == (10, 8) and d31[2].held_then == (8,)
    # on a live count only what fits weighs: 10 + J + 5 = 25, so ranks A to 6
    live = decisions_from(parse_cards("TH JS 5D 4C"), parse_cards("JS 4C"), two, 4, 0)
    assert [w > 0 for w in live[1].weights] == [True] * 6 + [False] * 7


def test_an_opponent_who_could_score_and_did_not_is_less_likely_to_hold_it() -> None:
    # I led a 7; the opponent played a king (count 17). A holding with an 8 (15 for two)
    # explains that play worse than one without.
    d = decisions_from(parse_cards("7H KS"), parse_cards("KS"), parse_cards("2C")[0], 4, 0)
    assert likelihood(d, (8, 3, 4)) < likelihood(d, (9, 3, 4))
    assert isinstance(d[0], Decision) and d[0].held_then == (13,)


def test_evidence_reaches_both_solvers_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """Within play_evidence, the weighted analysis weighs holdings by the keep ratio times
    the likelihood, on the compiled kernels and on the pure-Python solver alike."""
    from crib.analysis import play as expectimax
    from crib.analysis.models import MASTER
    from crib.analysis.play import jit as pegjit
    from crib.analysis.play import jit_core
    from crib.rules.position import PeggingPosition

    pos = PeggingPosition.parse("hand 5H 6D 9C | pile 7S KS | starter 2S | discards JD KC | opp 3")
    kw = {"opp_played": parse_cards("KS"), "opp_dealer": False}
    d = decisions_from(parse_cards("7S KS"), parse_cards("KS"), parse_cards("2S")[0], 4, 0)
    plain = expectimax.analyze_play(pos, MASTER, **kw)
    with play_evidence(d):
        want = expectimax.analyze_play(pos, MASTER, **kw)
        monkeypatch.setattr(jit_core, "_broken", RuntimeError("simulated: numba cannot compile"))
        monkeypatch.setattr(pegjit, "_warned", True)
        got = expectimax.analyze_play(pos, MASTER, **kw)
    assert [o.margin for o in want.options] != [o.margin for o in plain.options]
    for g, w in zip(got.options, want.options, strict=True):
        assert (g.label, g.margin) == (w.label, pytest.approx(w.margin, abs=1e-12))


def test_the_keep_experiment_counts_the_masters_keeps(tmp_path: Path) -> None:
    from crib.ai.selfplay.keep import KEEP_LIST, keep_chunk
    from crib.analysis.discard import analyze_discard
    from crib.analysis.models import MASTER
    from crib.tools.cli import main

    six = np.random.default_rng([3, 6, 0]).choice(52, 6, replace=False).tolist()
    cards = [Card.from_index(c) for c in six]
    throw = analyze_discard(cards, dealer=True, model=MASTER.discard).best.throw
    keep = tuple(sorted(c.rank for c in cards if c not in throw))
    kept = keep_chunk(3, 0, 1, {"opponent": "master"})["kept"]
    assert kept[0, KEEP_LIST.index(keep)] == 1 and kept.sum() == 2
    argv = ["selfplay", "keep", "--n", "4", "--seed", "3", "--workers", "1", "--quiet"]
    argv += ["--opponent", "master", "--results", str(tmp_path / "r"), "--out", str(tmp_path)]
    assert main(argv) == 0
    assert (tmp_path / "keep_frequencies_master.csv").read_text().startswith("# crib selfplay")


def test_the_masters_keep_table_switches_the_weights() -> None:
    from crib.analysis.play.weights import keep_weights
    from crib.analysis.selfplay_tables import keep_ratios, seat_tables

    expert, master = keep_ratios("pone", ""), keep_ratios("pone", "_master")
    assert expert.keys() == master.keys() and expert != master
    assert keep_weights((), False).table == ""
    with seat_tables(keeps="master"):
        w = keep_weights((), False)
        assert keep_ratios("pone") is master
    assert w.table == "_master" and "the Master keeps" in w.note
    assert w((5, 5, 10, 13)) == master[(5, 5, 10, 13)]


@pytest.mark.parametrize("variant", ["master:master_keeps=1", "master:opp_plays=1"])
def test_each_variant_plays_differently_from_the_frozen_master(variant: str) -> None:
    """Else its ladder would be the frozen Master against itself."""
    from crib.ai.players import parse_player
    from crib.rules.events import Played
    from crib.rules.game import Game

    def plays(name: str) -> list:
        g = Game(seed=905, players=(parse_player(name), parse_player("expert")), first_dealer=0)
        return [e for e in g.run().events if isinstance(e, Played) and e.player == 0]

    today, new = plays("master_2026_12"), plays(variant)
    assert today and new and today != new


def test_the_lead_distribution_is_its_plain_statement() -> None:
    from crib.analysis.play.lookahead import lead_distribution, lead_distribution_reference

    rng = random.Random(7)
    for _ in range(3):
        six = rng.sample(list(DECK), 6)
        keep, throw = six[:4], six[4:]
        fast, plain = lead_distribution(keep, throw), lead_distribution_reference(keep, throw)
        assert fast.keys() == plain.keys() and sum(fast.values()) == pytest.approx(1.0)
        for r, p in plain.items():
            assert fast[r] == pytest.approx(p, rel=1e-12, abs=1e-15)
    # nobody leads a five (15 for the dealer with any ten), and four held fives cannot be led
    d = lead_distribution(parse_cards("5H 5D 5C 5S"), parse_cards("8H 9D"))
    assert 5 not in d and d[10] > d[9]


def test_the_look_ahead_is_the_solved_play_from_the_discard() -> None:
    from crib.analysis.models import MASTER
    from crib.analysis.play import analyze_play
    from crib.analysis.play.lookahead import MIN_LEAD, lead_distribution, peg_lookahead
    from crib.rules.position import PeggingPosition

    keep, throw = parse_cards("6C 7S 8H 9D"), parse_cards("5H 5D")
    pone = PeggingPosition(hand=keep, discards=throw, opp_count=4)
    best_lead = analyze_play(pone, MASTER, opp_dealer=True).best
    assert peg_lookahead(keep, throw, False) == best_lead.margin
    # the dealer: each likely lead, answered by the best reply, weighted by its chance
    dist = {r: p for r, p in lead_distribution(keep, throw).items() if p >= MIN_LEAD}
    want = 0.0
    for r, p in dist.items():
        lead = next(c for c in DECK if c.rank == r and c not in (*keep, *throw))
        pos = PeggingPosition(hand=keep, pile=(lead,), discards=throw, opp_count=3)
        with play_evidence(decisions_from((lead,), (lead,), None, 4, 0)):
            a = analyze_play(pos, MASTER, opp_played=(lead,), opp_dealer=False)
        want += p * a.best.margin / sum(dist.values())
    assert peg_lookahead(keep, throw, True) == pytest.approx(want, abs=1e-12)


def test_the_look_ahead_variant_changes_some_discards() -> None:
    from crib.ai.players import parse_player
    from crib.rules.events import Discarded
    from crib.rules.game import Game

    def throws(name: str) -> list:
        g = Game(seed=905, players=(parse_player(name), parse_player("expert")), first_dealer=0)
        return [e for e in g.run().events if isinstance(e, Discarded) and e.player == 0]

    today, ahead = throws("master_2026_12"), throws("master:lookahead=3")
    assert today and ahead and today != ahead
    assert parse_player("master:lookahead=3").lookahead == 3
