"""Issue #42: the opponent's lead read by the Master's lead table (crib.analysis.play.leads)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from crib.analysis.play.evidence import decisions_from, likelihood, packed_likelihood
from crib.analysis.play.leads import (
    _margins,
    fours,
    lead_key,
    lead_margins,
    lead_probabilities,
    lead_row,
)
from crib.rules.cards import DECK
from crib.rules.pegging import PegState


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


def test_the_lead_table_reads_alike_plain_and_vectorised() -> None:
    """decisions_from(..., leads=True): the pone's lead read by the table, the rest by the
    proxy; the packed likelihood equals the plain one, and the real holding stays possible."""
    rng = random.Random(11)
    read = 0
    for _ in range(150):
        deck = list(DECK)
        rng.shuffle(deck)
        s = PegState.start([deck[:4], deck[4:8]], pone=1)  # the opponent (1) leads
        for _ in range(rng.randrange(1, 8)):
            if s.done:
                break
            legal = s.legal()
            s, _rec = s.play(rng.choice(legal) if legal else None)
        played = [c for _p, c in s.played]
        opp = [c for p, c in s.played if p == 1]
        d = decisions_from(played, opp, deck[8], 4, 30, leads=True)
        assert d[0].lead_starter == deck[8].rank and all(x.lead_starter == 0 for x in d[1:])
        held = [c.rank for c in s.hands[1]]
        assert likelihood(d, held) > 0.0
        n = 4 - len(opp)
        hold = list(itertools.combinations_with_replacement(range(1, 14), n))[::5]
        packed = np.array([sum(1 << (4 * r) for r in h) for h in hold], np.int64)
        want = np.array([likelihood(d, h) for h in hold])
        np.testing.assert_allclose(packed_likelihood(d, packed), want, rtol=1e-12)
        plain = decisions_from(played, opp, deck[8], 4, 30)
        read += likelihood(d, held) != likelihood(plain, held)
    assert read > 100  # the table changed what the lead says


def test_the_lead_variant_plays_differently_from_the_frozen_master() -> None:
    from crib.ai.players import parse_player
    from crib.rules.events import Played
    from crib.rules.game import Game

    def plays(name: str) -> list:
        g = Game(seed=905, players=(parse_player(name), parse_player("expert")), first_dealer=0)
        return [e for e in g.run().events if isinstance(e, Played) and e.player == 0]

    today, new = plays("master_2026_12"), plays("master:opp_leads=1")
    assert today and new and today != new
