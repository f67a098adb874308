"""The ladder on duplicate deals, and its view on the home page."""

from __future__ import annotations

from crib.ai.players import parse_player
from crib.ai.sim import duplicate_match, wilson
from crib.rules.game import Game
from crib.ui.kit.ladder import LadderView, ladder_rows


def test_duplicate_games_deal_the_same_cards_to_each_player() -> None:
    a, b = parse_player("expert"), parse_player("easy")
    g1 = Game(seed=42, players=(a, b), first_dealer=0)
    g2 = Game(seed=42, players=(b, a), first_dealer=0)
    g1.advance(), g2.advance()
    # seat 0 holds a in g1 and b in g2: the same six cards either way
    assert g1.decks[0] == g2.decks[0]


def test_duplicate_match_counts_both_games_of_each_seed() -> None:
    m = duplicate_match("expert", "random", 4, seed0=7, executor="serial")
    assert m["games"] == 4 and (m["expert_wins"], m["opponent_wins"]) == (4, 0)
    # Wilson 95% for 0 of 4: the lower end is 0 and the upper is z^2 / (n + z^2)
    # = 3.8415 / 7.8415 = 0.4899 (z = 1.96; formula in Newcombe 1998, method 3)
    assert m["opponent_win_rate"] == 0.0 and m["wilson95"] == [0.0, 0.4899]
    assert m["design_target"] is None and "twice" in m["seeds"]


def test_wilson_matches_newcombe_s_worked_examples() -> None:
    # Newcombe, "Two-sided confidence intervals for the single proportion: comparison
    # of seven methods", Statistics in Medicine 17 (1998) 857-872: the score (Wilson)
    # method's 95% intervals for his four worked examples, to 4 places.
    published = {
        (81, 263): (0.2553, 0.3662),
        (15, 148): (0.0624, 0.1605),
        (0, 20): (0.0, 0.1611),
        (1, 29): (0.0061, 0.1718),
    }
    for (k, n), want in published.items():
        assert tuple(round(x, 4) for x in wilson(k, n)) == want, (k, n)
    # by hand: 2 of 4 is centred on 1/2 with half-width
    # z*sqrt(1/16 + z^2/64) / (1 + z^2/4) = 0.6861 / 1.9604 = 0.3500 (z = 1.96)
    assert tuple(round(x, 4) for x in wilson(2, 4)) == (0.15, 0.85)
    assert wilson(0, 0) == (0.0, 1.0)  # no games: nothing is known


def test_ladder_view_reads_the_shipped_results() -> None:
    rows = ladder_rows()
    assert [r["tier"] for r in rows] == ["random", "hard", "normal", "easy"]
    v = LadderView()
    assert "crib-ladder" in v.value and "Wilson 95%" in v.value and "crib bench strength" in v.value
