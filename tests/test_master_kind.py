"""Issue #42: the opponent read as the Master or the Expert, learnt from the game's
earlier plays (Observation.earlier, crib.analysis.play.kind)."""

from __future__ import annotations

import math
import random

import pytest

from crib.ai.master import master_variant
from crib.ai.players import parse_player
from crib.analysis.play.kind import CLIP, chance_expert, expert_log_odds
from crib.errors import CribError
from crib.rules.cards import parse_cards
from crib.rules.events import Dealt, Discarded
from crib.rules.game import Game
from crib.rules.observation import EarlierHand, Observation


class _Spy:
    """A player that plays as ``inner`` and keeps every observation it is given."""

    def __init__(self, inner: str) -> None:
        self.inner, self.name, self.seen = parse_player(inner), inner, []

    def discard(self, obs: Observation, rng):  # noqa: ANN001, ANN201
        self.seen.append(obs)
        return self.inner.discard(obs, rng)

    def play(self, obs: Observation, rng):  # noqa: ANN001, ANN201
        self.seen.append(obs)
        return self.inner.play(obs, rng)


def test_each_seat_sees_the_games_earlier_plays_and_no_more() -> None:
    """Observation.earlier: every finished play, oldest first, the same cards in both
    seats' views with 'theirs' and 'dealt' mirrored; 'theirs' marks exactly the four
    cards the other seat kept; the scores are those before the play."""
    spies = (_Spy("expert"), _Spy("expert"))
    g = Game(seed=8, players=spies)
    g.run()
    dealt = [e for e in g.events if isinstance(e, Dealt)]
    thrown = [e for e in g.events if isinstance(e, Discarded)]
    last = [s.seen[-1].earlier for s in spies]
    assert len(last[0]) >= 5
    for i, (a, b) in enumerate(zip(*last, strict=False)):
        assert a.played == b.played and len(a.played) == 8 and a.starter == b.starter
        assert a.theirs == tuple(not t for t in b.theirs) and a.dealt != b.dealt
        assert a.scores == b.scores[::-1]
        for seat, view in ((1, a), (0, b)):  # seat 0's view shows seat 1's cards
            six = dealt[i].hands[seat]
            throw = next(e.cards for e in thrown[2 * i : 2 * i + 2] if e.player == seat)
            assert sorted(view.their_cards) == sorted(c for c in six if c not in throw)
        assert a.dealt == (dealt[i].dealer == 0)
    for s in spies:  # a view never grows during a hand, and starts empty
        sizes = [len(o.earlier) for o in s.seen]
        assert sizes[0] == 0 and sizes == sorted(sizes)


@pytest.mark.parametrize(("opponent", "expert"), [("expert", True), ("master_2026_12", False)])
def test_the_opponent_is_told_apart_by_its_plays(opponent: str, expert: bool) -> None:
    """Over a game's earlier plays, the chance that the opponent is the Expert goes
    towards the truth, from even; each hand moves the log-odds by at most CLIP."""
    right = 0
    for seed in (100, 101, 102, 103):
        spy = _Spy("master_2026_12")
        Game(seed=seed, players=(spy, parse_player(opponent))).run()
        earlier = spy.seen[-1].earlier
        assert all(abs(expert_log_odds(h)) <= CLIP for h in earlier)
        p = chance_expert(earlier, 0.5)
        right += (p > 0.9) if expert else (p < 0.1)
    assert right >= 3
    assert chance_expert((), 0.3) == 0.3 and chance_expert(earlier, 0.0) == 0.0


def test_a_play_cut_short_says_nothing() -> None:
    from crib.rules.cards import parse_cards

    cut = EarlierHand(
        parse_cards("5H 10S 5D"), (True, False, True), parse_cards("4C")[0], True, (118, 110)
    )
    assert expert_log_odds(cut) == 0.0
    assert math.isclose(chance_expert((cut,), 0.25), 0.25)


def test_the_variant_settings_are_checked() -> None:
    m = master_variant("master:opp_leads=1,opp_expert=50,opp_learn=1")
    assert m.opp_expert == 50 and m.opp_learn is True
    with pytest.raises(CribError, match="a percentage, 0 to 100"):
        master_variant("master:opp_expert=150")
    with pytest.raises(CribError, match="opp_settle=101: a percentage, 0 to 100"):
        master_variant("master:opp_settle=101")


def test_the_learning_master_reads_with_the_chance_it_learnt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With opp_learn, every searched play reads the opponent with chance_expert of the
    game's earlier plays; against the Expert that chance ends near 1."""
    import crib.ai.master as master_module
    import crib.ai.reading as reading_module
    import crib.analysis.play.evidence as evidence

    seen: list[tuple[int, float]] = []
    real_chance, real_evidence = master_module.chance_expert, reading_module.play_evidence

    def chance(earlier, prior):  # noqa: ANN001, ANN202
        p = real_chance(earlier, prior)
        seen.append((len(earlier), p))
        return p

    used: list[float] = []

    def spy_evidence(decisions, reader=None, expert=0.0, cover=1.0, inner=1.0):  # noqa: ANN001, ANN202
        used.append(expert)
        return real_evidence(decisions, reader, expert, cover, inner)

    monkeypatch.setattr(master_module, "chance_expert", chance)
    monkeypatch.setattr(reading_module, "play_evidence", spy_evidence)
    m = master_variant("master:opp_leads=1,opp_replies=1,opp_expert=50,opp_learn=1")
    Game(seed=101, players=(m, parse_player("expert"))).run()
    assert used == [p for _n, p in seen] and len(used) > 10
    assert seen[0] == (0, 0.5) and max(n for n, _p in seen) >= 5
    assert seen[-1][1] > 0.9 and evidence.current_expert() == 0.0


@pytest.mark.parametrize(
    ("chance", "settle", "read"), [(0.95, 90, 1.0), (0.85, 90, 0.85), (0.95, 0, 0.95)]
)
def test_opp_settle_takes_an_opponent_read_as_the_expert_outright(
    monkeypatch: pytest.MonkeyPatch, chance: float, settle: int, read: float
) -> None:
    """With opp_settle=S, a learnt chance of S% or more that the opponent is the Expert is
    read as 1 (the Expert outright); below S, or with S = 0, as learnt."""
    import crib.ai.master as master_module
    import crib.ai.reading as reading_module

    used: list[float] = []
    real_evidence = reading_module.play_evidence

    def spy_evidence(decisions, reader=None, expert=0.0, cover=1.0, inner=1.0):  # noqa: ANN001, ANN202
        used.append(expert)
        return real_evidence(decisions, reader, expert, cover, inner)

    monkeypatch.setattr(master_module, "chance_expert", lambda earlier, prior: chance)
    monkeypatch.setattr(reading_module, "play_evidence", spy_evidence)
    m = master_variant(f"master:opp_leads=1,opp_expert=50,opp_learn=1,opp_settle={settle}")
    assert m.opp_settle == settle
    Game(seed=102, players=(m, parse_player("expert"))).run()
    assert len(used) > 10 and set(used) == {read}


@pytest.mark.parametrize(("chance", "tables"), [(0.2, "master"), (0.5, "expert"), (0.9, "expert")])
def test_opp_tables_follow_the_kind_learnt(
    monkeypatch: pytest.MonkeyPatch, chance: float, tables: str
) -> None:
    """With opp_tables, the discard values the crib and the pegging by the tables measured
    against the Master's discard exactly when the opponent reads as more likely the Master;
    without it, by the Expert's whatever the read."""
    import crib.ai.master as master_module

    asked: list[tuple[str, str]] = []
    real_tables = master_module.seat_tables

    def spy_tables(crib: str = "expert", pegging: str = "expert", keeps: str = "expert"):  # noqa: ANN202
        asked.append((crib, pegging))
        return real_tables(crib=crib, pegging=pegging, keeps=keeps)

    monkeypatch.setattr(master_module, "chance_expert", lambda earlier, prior: chance)
    monkeypatch.setattr(master_module, "seat_tables", spy_tables)
    obs = Observation(
        phase="discard",
        hand=parse_cards("5H 5D 6C 7S JH KD"),
        dealer=True,
        my_score=10,
        opp_score=12,
    )
    on = master_variant("master:opp_leads=1,opp_expert=50,opp_learn=1,opp_tables=1")
    off = master_variant("master:opp_leads=1,opp_expert=50,opp_learn=1")
    for m in (on, off):
        throw = m.discard(obs, random.Random(0))
        assert len(set(throw)) == 2 and set(throw) <= set(obs.hand)
    assert asked == [(tables, tables), ("expert", "expert")]
