"""The ladder on duplicate deals, and its view on the home page."""

from __future__ import annotations

from crib.ai.players import make_player
from crib.ai.sim import duplicate_match
from crib.rules.game import Game
from crib.ui.kit.ladder import LadderView, ladder_rows


def test_duplicate_games_deal_the_same_cards_to_each_player() -> None:
    a, b = make_player("expert"), make_player("easy")
    g1 = Game(seed=42, players=(a, b), first_dealer=0)
    g2 = Game(seed=42, players=(b, a), first_dealer=0)
    g1.advance(), g2.advance()
    # seat 0 holds a in g1 and b in g2: the same six cards either way
    assert g1.decks[0] == g2.decks[0]


def test_duplicate_match_counts_both_games_of_each_seed() -> None:
    m = duplicate_match("expert", "random", 4, seed0=7, executor="serial")
    assert m["games"] == 4 and m["expert_wins"] + m["opponent_wins"] == 4
    lo, hi = m["wilson95"]
    assert lo <= m["opponent_win_rate"] <= hi
    assert m["design_target"] is None and "twice" in m["seeds"]


def test_ladder_view_reads_the_shipped_results() -> None:
    rows = ladder_rows()
    assert [r["tier"] for r in rows] == ["random", "hard", "normal", "easy"]
    v = LadderView()
    assert "crib-ladder" in v.value and "Wilson 95%" in v.value and "crib bench strength" in v.value
