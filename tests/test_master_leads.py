"""Issue #42: the opponent's lead read by the Master's lead table (crib.analysis.play.leads)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from crib.analysis.play.evidence import decisions_from, likelihood, packed_likelihood
from crib.analysis.play.first_cards import lead_margins, reply_margins
from crib.analysis.play.leads import _margins, fours, lead_key, lead_probabilities, lead_row
from tests.test_master_ideas import _random_record


def test_the_shipped_table_is_the_solvers_lead() -> None:
    """A sample of rows of data/lead_margins_master.csv against the solver run now."""
    m = _margins()
    rng = random.Random(7)
    jobs = [(k, s) for k in fours() for s in range(1, 14) if k.count(s) < 4]
    for four, starter in rng.sample(jobs, 6):
        got = lead_margins(four, starter)
        row = m[lead_key(four), starter - 1]
        assert sorted(got) == sorted(set(four)) == [r + 1 for r in np.flatnonzero(~np.isnan(row))]
        for r, v in got.items():
            assert row[r - 1] == pytest.approx(v, abs=5e-5)  # written to 4 decimals


def test_the_shipped_reply_table_is_the_solvers_reply() -> None:
    """A sample of data/reply_margins_master.npz against the solver run now."""
    from crib.analysis.play.replies import _margins as reply_table
    from crib.analysis.play.replies import possible

    m = reply_table()
    rng = random.Random(8)
    for _ in range(8):
        four, starter, led = rng.choice(fours()), rng.randrange(1, 14), rng.randrange(1, 14)
        row = m[lead_key(four), starter - 1, led - 1]
        if not possible(four, starter, led):
            assert np.isnan(row).all()
            continue
        got = reply_margins(four, starter, led)
        assert sorted(got) == sorted(set(four)) == [r + 1 for r in np.flatnonzero(~np.isnan(row))]
        for r, v in got.items():
            assert row[r - 1] == pytest.approx(v, abs=6e-4)  # stored in thousandths


def test_every_four_and_starter_has_a_row_and_its_leads_sum_to_one() -> None:
    p = lead_probabilities()
    for k in fours():
        for s in range(1, 14):
            row = p[lead_key(k), s - 1]
            if k.count(s) == 4:  # a fifth card of the rank: no such deal
                assert not row.any()
                continue
            assert row.sum() == pytest.approx(1.0, abs=1e-12)
            assert set(np.flatnonzero(row) + 1) == set(k)  # only ranks held are led
    assert lead_row((5, 5, 5, 5, 5)) is None and lead_row((1, 2, 3, 4)) == lead_key((4, 3, 2, 1))


@pytest.mark.parametrize("opp_pone", [1, 0])
def test_the_tables_read_alike_plain_and_vectorised(opp_pone: int) -> None:
    """decisions_from(..., leads=True, replies=True): the pone's lead read by the lead
    table, the dealer's reply by the reply table, the rest by the proxy; the packed
    likelihood equals the plain one, and the real holding stays possible."""
    rng = random.Random(11 + opp_pone)
    read = 0
    for _ in range(100):
        played, opp, held_cards, starter, _piles = _random_record(rng, pone=opp_pone, most=7)
        d = decisions_from(played, opp, starter, 4, 30, leads=True, replies=True)
        if not d:
            continue
        by_table = [x for x in d if x.starter]
        assert len(by_table) == 1 and by_table[0] is d[0]  # their first card: lead or reply
        assert d[0].starter == starter.rank and d[0].led == (0 if opp_pone else played[0].rank)
        held = [c.rank for c in held_cards]
        assert likelihood(d, held) > 0.0
        n = 4 - len(opp)
        hold = list(itertools.combinations_with_replacement(range(1, 14), n))[::5]
        packed = np.array([sum(1 << (4 * r) for r in h) for h in hold], np.int64)
        want = np.array([likelihood(d, h) for h in hold])
        np.testing.assert_allclose(packed_likelihood(d, packed), want, rtol=1e-12)
        plain = decisions_from(played, opp, starter, 4, 30)
        read += likelihood(d, held) != likelihood(plain, held)
    assert read > 60  # the table changed what the first card says


def test_the_table_variants_play_differently_from_the_frozen_master() -> None:
    from crib.ai.players import parse_player
    from crib.rules.events import Played
    from crib.rules.game import Game

    def plays(name: str, seed: int) -> list:
        g = Game(seed=seed, players=(parse_player(name), parse_player("expert")), first_dealer=0)
        return [e for e in g.run().events if isinstance(e, Played) and e.player == 0]

    # a reply is read only in the hands where the Master leads and has a choice later:
    # seed 905 holds none that changes a play, 906 does
    today = {seed: plays("master_2026_12", seed) for seed in (905, 906)}
    for variant, seed in (
        ("master:opp_leads=1", 905),
        ("master:opp_replies=1", 906),
        ("master:opp_solve=1", 905),
    ):
        new = plays(variant, seed)
        assert today[seed] and new and today[seed] != new, variant


def test_the_solved_reads_are_alike_plain_and_vectorised() -> None:
    """decisions_from(..., solve=True): the opponent's plays after its first read by the
    Master's play solved for each holding (crib.analysis.play.reads); the packed
    likelihood equals the plain one, the real holding stays possible, and without a
    reader the read is a clear error."""
    from crib.analysis.play.evidence import play_evidence
    from crib.analysis.play.reads import read_probability
    from crib.errors import CribError

    rng = random.Random(21)
    solved = 0
    for _ in range(12):
        played, opp, held_cards, starter, _piles = _random_record(rng, most=8)
        d = decisions_from(played, opp, starter, 4, 30, leads=True, replies=True, solve=True)
        assert all((x.situation is None) == bool(x.starter) for x in d)  # d[0]: by a table
        plain = decisions_from(played, opp, starter, 4, 30, solve=True)
        assert not plain or plain[0].situation is None  # a first card is never solved
        held = [c.rank for c in held_cards]
        if any(x.situation for x in d):
            with pytest.raises(CribError, match="no reader"):
                likelihood(d, held)
        with play_evidence(d, read_probability):
            assert likelihood(d, held) > 0.0
            hold = list(itertools.combinations_with_replacement(range(1, 14), len(held)))[::9]
            packed = np.array([sum(1 << (4 * r) for r in h) for h in hold], np.int64)
            want = np.array([likelihood(d, h) for h in hold])
            np.testing.assert_allclose(packed_likelihood(d, packed), want, rtol=1e-12)
        solved += sum(x.situation is not None for x in d)
    assert solved >= 8  # the records held later plays to solve


def test_the_lean_solve_is_analyze_plays_margin(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reads' solve (jit.expected_margins) gives analyze_play's margins: on the
    situations of random records, for hands the opponent might have held."""
    from crib.analysis.play import jit
    from crib.analysis.play.reads import _hand, position, solved_margins

    rng = random.Random(31)
    checked = 0
    for _ in range(8):
        played, opp, held_cards, starter, _piles = _random_record(rng, most=8)
        d = decisions_from(played, opp, starter, 4, 30, solve=True)
        for x in d:
            if x.situation is None:
                continue
            sit = x.situation
            n = len(held_cards)  # a holding now, with the cards played at or after x
            real = tuple(c.rank for c in held_cards)
            for extra in (real, tuple(rng.randrange(1, 14) for _ in range(n))):
                ranks = tuple(sorted((*x.held_then, *extra)))
                hand = _hand(sit, ranks)
                if hand is None:
                    continue
                pos = position(sit, hand)
                lean = solved_margins(pos, sit)
                with monkeypatch.context() as m:
                    m.setattr(jit, "available", lambda: False)
                    plain = solved_margins(pos, sit)
                assert lean.keys() == plain.keys()
                for r in lean:
                    assert lean[r] == pytest.approx(plain[r], abs=1e-9)
                checked += 1
    assert checked >= 6


def test_the_mixture_reads_the_opponent_as_either_player() -> None:
    """KeepWeights.expert: each holding's weight is (1 - e) times the Master's read plus
    e times the Expert's (its keeps, its plays by the proxy), alike plain and packed;
    e = 0 is the Master's read and e = 1 the proxy's alone."""
    from crib.analysis.play.evidence import as_proxy, play_evidence
    from crib.analysis.play.weights import KeepWeights, keep_weights
    from crib.analysis.selfplay_tables import seat_tables
    from crib.errors import CribError

    rng = random.Random(41)
    differ = 0
    for _ in range(30):
        played, opp, held_cards, starter, _piles = _random_record(rng, most=7)
        d = decisions_from(played, opp, starter, 4, 30, leads=True, replies=True)
        seat = rng.choice(["dealer", "pone"])
        ranks = tuple(sorted(c.rank for c in opp))
        hold = list(itertools.combinations_with_replacement(range(1, 14), 4 - len(opp)))[::7]
        packed = np.array([sum(1 << (4 * r) for r in h) for h in hold], np.int64)
        with seat_tables(keeps="master"):
            master = KeepWeights(seat, ranks, "_master", d)
        expert = KeepWeights(seat, ranks, "", as_proxy(d))
        mixed = KeepWeights(seat, ranks, "_master", d, 0.3)
        for h, got in zip(hold, mixed.packed(packed), strict=True):
            want = 0.7 * master(h) + 0.3 * expert(h)
            assert mixed(h) == pytest.approx(want, rel=1e-12, abs=1e-300)
            assert got == pytest.approx(want, rel=1e-9, abs=1e-300)
            differ += abs(master(h) - expert(h)) > 1e-6 * max(master(h), expert(h))
        with play_evidence(d, None, 1.0), seat_tables(keeps="master"):
            w = keep_weights(opp, seat == "dealer")
            assert w.expert == 1.0 and "read as the Expert's play (" in w.note
            np.testing.assert_allclose(w.packed(packed), expert.packed(packed), rtol=1e-12)
    assert differ > 100  # the two reads disagree, so the mixture matters
    with pytest.raises(CribError, match="in \\[0, 1\\]"), play_evidence((), None, 1.5):
        pass


def test_an_opponent_taken_as_the_expert_outright_is_never_solved() -> None:
    """KeepWeights.expert = 1 (the Master's opp_settle): the weights are the Expert's read
    alone, and the Master's solved reads are never asked for; just below 1 they are."""
    from crib.analysis.play.evidence import as_proxy, play_evidence
    from crib.analysis.play.weights import KeepWeights, keep_weights

    def refuse(*_args: object) -> float:
        raise AssertionError("a solved read was asked for")

    rng = random.Random(43)
    checked = 0
    while checked < 5:
        played, opp, _held, starter, _piles = _random_record(rng, most=8)
        d = decisions_from(played, opp, starter, 4, 30, leads=True, replies=True, solve=True)
        if not any(x.situation is not None for x in d) or len(opp) > 3:
            continue
        seat = rng.choice(["dealer", "pone"])
        ranks = tuple(sorted(c.rank for c in opp))
        hold = list(itertools.combinations_with_replacement(range(1, 14), 4 - len(opp)))[::5]
        packed = np.array([sum(1 << (4 * r) for r in h) for h in hold], np.int64)
        expert = KeepWeights(seat, ranks, "", as_proxy(d))
        with play_evidence(d, refuse, 1.0):
            w = keep_weights(opp, seat == "dealer")
            np.testing.assert_array_equal(w.packed(packed), expert.packed(packed))
            assert [w(h) for h in hold] == [expert(h) for h in hold]
        with play_evidence(d, refuse, 0.999), pytest.raises(AssertionError, match="solved"):
            keep_weights(opp, seat == "dealer").packed(packed)
        checked += 1


def _solved_situations(rng: random.Random, at_least: int) -> list:
    """The situations of the opponent's later plays (those read by a solve) in random
    records, at least ``at_least`` of them."""
    sits = []
    while len(sits) < at_least:
        played, opp, _held, starter, _piles = _random_record(rng, most=8)
        d = decisions_from(played, opp, starter, 4, 30, solve=True)
        sits += [x.situation for x in d if x.situation is not None]
    return sits


def test_the_batched_reads_equal_the_reads_hand_by_hand() -> None:
    """reads.chances_many (one listing of your holdings per situation, one shared table)
    gives exactly what reads._chances gives hand by hand: every hand of the later plays
    of random records, hands no deck holds, hands with one legal rank or none, and a
    situation after your go."""
    from dataclasses import replace

    from crib.analysis.play import reads
    from crib.rules.cards import parse_cards

    sits = _solved_situations(random.Random(22), 6)
    go = reads.Situation(parse_cards("KH QD"), (), parse_cards("2C")[0], 2, True, (), True)
    hands_of = {}
    for s in [*sits, go, replace(go, your_go=False, pile=parse_cards("KH"), your_count=3)]:
        size = 8 - s.your_count - len(s.pile) - len(s.previous)
        every = list(itertools.combinations_with_replacement(range(1, 14), size))
        hands_of[s] = [*every[:: max(1, len(every) // 40)], *every[-3:]]
    kinds = {"none": 0, "one": 0, "solved": 0}
    reads._MANY.clear()
    for s, hands in hands_of.items():
        got = reads.chances_many(s, hands)
        for h, g in zip(hands, got, strict=True):
            want = reads._chances(s, h)
            assert g == want, (s, h)  # exactly: the same sums in the same order
            kinds["none" if not want else "one" if len(want) == 1 else "solved"] += 1
        assert reads.chances_many(s, hands) == got  # and again from the cache
    assert min(kinds.values()) >= 3, kinds


def test_the_batched_reads_survive_a_full_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the cache of reads fills up mid-call, it starts again, and the reads it held
    for this call are still returned (a 10,000-pair ladder once failed here)."""
    from crib.analysis.play import reads
    from crib.rules.cards import parse_cards

    s = reads.Situation(parse_cards("9C 6S"), (), parse_cards("6C")[0], 3, False, (), False)
    hands = [(1, 9, 13), (2, 9, 13), (3, 9, 13)]
    reads._MANY.clear()
    first = reads.chances_many(s, hands[:2])  # two cached
    monkeypatch.setattr(reads, "MANY_CACHED", 2)  # the third read overfills it
    assert reads.chances_many(s, hands) == [*first, reads._chances(s, hands[2])]
    assert len(reads._MANY) == 1  # it started again with the new read


def test_a_cover_below_one_solves_the_heaviest_hands_and_reads_the_rest_by_the_proxy() -> None:
    """play_evidence(cover=0.9): a decision read by a solve is solved only for the fewest
    hands, heaviest first by the prior weight, that carry 90% of it; every other hand is
    read by the proxy (Decision.weights).  Cover 1 solves them all.  The Master setting
    opp_cover is a percentage, 1 to 100."""
    from crib.analysis.play.evidence import play_evidence
    from crib.analysis.play.reads import read_probability

    rng = random.Random(23)
    checked = 0
    while checked < 4:
        played, opp, _held, starter, _piles = _random_record(rng, most=8)
        solved = [x for x in decisions_from(played, opp, starter, 4, 30, solve=True) if x.situation]
        if not solved:
            continue
        d = solved[:1]
        n = 4 - len(opp)
        hold = list(itertools.combinations_with_replacement(range(1, 14), n))
        packed = np.array([sum(1 << (4 * r) for r in h) for h in hold], np.int64)
        prior = np.array([rng.random() ** 4 for _ in hold])
        with play_evidence(d, read_probability):
            exact = packed_likelihood(d, packed, prior)
        with play_evidence(d, read_probability, cover=0.9):
            got = packed_likelihood(d, packed, prior)
        by_key: dict[tuple[int, ...], float] = {}
        for h, w in zip(hold, prior, strict=True):
            key = tuple(sorted((*h, *d[0].held_then)))
            by_key[key] = by_key.get(key, 0.0) + w
        heavy = sorted(by_key, key=lambda k: -by_key[k])
        total, cum, chosen = sum(by_key.values()), 0.0, set()
        for k in heavy:
            if cum >= 0.9 * total:
                break
            chosen.add(k)
            cum += by_key[k]
        assert 0 < len(chosen) < len(by_key)  # some hands solved, some read by the proxy
        w = np.array(d[0].weights)
        for i, h in enumerate(hold):
            key = tuple(sorted((*h, *d[0].held_then)))
            if key in chosen:
                assert got[i] == exact[i]
            else:
                den = sum(w[r - 1] for r in key)
                assert got[i] == pytest.approx(
                    key.count(d[0].rank) * w[d[0].rank - 1] / den if den else 0.0
                )
        checked += 1


def test_an_inner_share_averages_the_reads_over_your_heaviest_holdings() -> None:
    """play_evidence(inner=0.6): each solved read averages the opponent's margins over only
    your heaviest holdings carrying 60% of their weight (reads.heaviest, ties kept).  The
    batched reads equal the plain reference (reads.inner_margins, holding by holding from
    the solver's rows), which at 1 equals the exact solved_margins; some reads change.
    The Master setting opp_inner is a percentage, 1 to 100, and the cache keeps the two
    apart."""
    from crib.analysis.play import reads
    from crib.analysis.play.evidence import play_evidence
    from crib.analysis.play.reads import read_probability

    sits = _solved_situations(random.Random(24), 4)
    changed = solved = 0
    reads._MANY.clear()
    for s in sits:
        size = 8 - s.your_count - len(s.pile) - len(s.previous)
        every = list(itertools.combinations_with_replacement(range(1, 14), size))
        hands = every[:: max(1, len(every) // 12)]
        exact = reads.chances_many(s, hands)
        with play_evidence((), inner=0.6):
            got = reads.chances_many(s, hands)
            by_hand = [read_probability(s, h, r) for h in hands for r in (1, 5, 10)]
            assert by_hand == pytest.approx([g.get(r, 0.0) for g in got for r in (1, 5, 10)])
        assert reads.chances_many(s, hands) == exact  # the cache keeps the two apart
        for h, g, e in zip(hands, got, exact, strict=True):
            want = reads._chances(s, h, 0.6)
            assert g.keys() == want.keys()
            assert all(g[r] == pytest.approx(want[r], abs=1e-12) for r in g)
            if len(e) > 1:
                solved += 1
                changed += any(abs(g[r] - e[r]) > 1e-6 for r in e)
                pos = reads.position(s, reads._hand(s, h))
                m = reads.solved_margins(pos, s)
                one = reads.inner_margins(pos, s, 1.0)
                assert all(one[r] == pytest.approx(m[r], abs=1e-9) for r in m)
    assert solved >= 10 and 0 < changed < solved, (changed, solved)
    assert reads.heaviest(np.array([3.0, 1.0, 3.0]), 0.4).tolist() == [True, False, True]


@pytest.mark.parametrize("name", ["cover", "inner"])
def test_the_shares_are_percentages(name: str) -> None:
    """opp_cover and opp_inner are percentages, 1 to 100; play_evidence's shares are in
    (0, 1]."""
    from crib.ai.master import master_variant
    from crib.analysis.play.evidence import play_evidence
    from crib.errors import CribError

    assert getattr(master_variant(f"master:opp_solve=1,opp_{name}=90"), f"opp_{name}") == 90
    for bad in ("0", "101"):
        with pytest.raises(CribError, match=f"opp_{name}"):
            master_variant(f"master:opp_{name}={bad}")
    for bad_share in (0.0, 1.5):
        share = {name: bad_share}
        with pytest.raises(CribError, match="share of the weight"), play_evidence((), **share):
            pass
