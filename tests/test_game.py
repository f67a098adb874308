"""The game engine: random-play invariants, replays, and scripted deals."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

from crib.ai.players import parse_player
from crib.errors import CribError, IllegalPlayError
from crib.rules.cards import DECK, parse_card, parse_cards
from crib.rules.events import (
    WIN,
    Cut,
    Dealt,
    Discarded,
    GameOver,
    Go,
    Heels,
    Played,
    Shown,
    log_from_json,
    log_to_json,
    skunk_of,
)
from crib.rules.game import Game
from crib.rules.replay import replay


def _check_game(seed: int) -> int:
    g = Game(seed=seed, players=(parse_player("random"), parse_player("random")))
    res = g.run()
    evs = res.events
    # every deck is a permutation of the 52 cards
    for deck in g.decks:
        assert sorted(deck) == list(DECK)
    prev = (0, 0)
    reached = False
    deal_cards: set = set()
    played: list = []
    kept_total = 0
    for e in evs:
        assert not reached or isinstance(e, GameOver), "an event after someone reached 121"
        if isinstance(e, Dealt):
            if deal_cards:
                assert len(played) == kept_total == 8 or reached
            six0, six1 = parse_cards(e.hands[0]), parse_cards(e.hands[1])
            deal_cards = set(six0) | set(six1)
            assert len(deal_cards) == 12
            played, kept_total = [], 0
        elif isinstance(e, Discarded):
            kept_total += 4
        elif isinstance(e, Cut):
            st = parse_card(e.starter)
            assert st not in deal_cards  # 12 dealt + starter: 13 distinct cards
        elif isinstance(e, Played):
            assert e.count <= 31
            c = parse_card(e.card)
            assert c in deal_cards and c not in played
            played.append(c)
        if hasattr(e, "scores") and not isinstance(e, GameOver):
            s = tuple(e.scores)
            assert s[0] >= prev[0] and s[1] >= prev[1], "scores only go up"
            assert max(s) <= WIN
            prev = s
            reached = max(s) >= WIN
    assert isinstance(evs[-1], GameOver) and max(res.scores) == WIN
    assert res.scores[res.winner] == WIN and res.scores[1 - res.winner] < WIN
    # a replay from the JSON log rebuilds every state and agrees with the original
    r = replay(log_to_json(evs))
    assert r.verdict == "verified from the seed" and r.complete
    snaps = r.snapshots
    assert len(snaps) == len(evs) and snaps[-1].scores == res.scores
    for snap, e in zip(snaps, evs, strict=True):
        if hasattr(e, "scores"):
            assert snap.scores == tuple(e.scores)
    return res.hands_played


@pytest.mark.parametrize(
    "seeds",
    [
        pytest.param(range(300), id="300"),
        # the other 1,700 of the 2,000 seeded games: with the slow checks (`make test-slow`)
        pytest.param(range(300, 2000), id="1700", marks=pytest.mark.slow),
    ],
)
def test_two_thousand_random_games_keep_every_invariant(seeds: range) -> None:
    with ProcessPoolExecutor(2) as ex:
        hands = list(ex.map(_check_game, seeds, chunksize=25))
    assert len(hands) == len(seeds) and min(hands) >= 3


def test_same_seed_same_game_and_json_round_trip() -> None:
    a = Game(seed=42, players=(parse_player("expert"), parse_player("normal"))).run()
    b = Game(seed=42, players=(parse_player("expert"), parse_player("normal"))).run()
    assert log_to_json(a.events) == log_to_json(b.events)
    assert log_from_json(log_to_json(a.events)) == list(a.events)
    c = Game(seed=43, players=(parse_player("expert"), parse_player("normal"))).run()
    assert log_to_json(c.events) != log_to_json(a.events)


def test_replay_detects_a_tampered_log() -> None:
    evs = list(Game(seed=5, players=(parse_player("easy"), parse_player("easy"))).run().events)
    i = next(k for k, e in enumerate(evs) if isinstance(e, Shown) and e.total > 0)
    e = evs[i]
    evs[i] = Shown(
        e.player, e.what, e.cards, e.starter, e.points + 1, e.total + 1, e.detail, e.scores
    )
    with pytest.raises(CribError, match=f"log event {i}"):
        replay(evs)


def _deck(first: str) -> tuple:
    """A stacked deck: the given cards first (pone, dealer alternately, then the starter)."""
    head = parse_cards(first)
    return head + tuple(c for c in DECK if c not in head)


# Deal order: deck[0:12:2] to the pone, deck[1:12:2] to the dealer, deck[12] the starter.
# first_dealer=1 -> player 1 deals hand 0, player 0 is the pone.
PONE6 = "5H 5D 5C 5S 2C 3D"  # pone: 5H 5C 2C ... interleaved below
HEELS_DECK = _deck("AH 2H 3H 4H 6C 7C 8C 9C TD QD KD KS JS")  # starter JS


def test_heels_pays_dealer_two() -> None:
    g = Game(
        seed=1,
        players=(parse_player("expert"), parse_player("expert")),
        first_dealer=1,
        stacked=[HEELS_DECK] * 30,
    )
    g.run()
    i = next(k for k, e in enumerate(g.events) if isinstance(e, Cut))
    assert g.events[i].starter == parse_card("JS")
    h = g.events[i + 1]
    assert isinstance(h, Heels) and h.player == 1 and h.points == 2 and h.scores == (0, 2)


def test_show_order_pone_hand_dealer_hand_dealer_crib() -> None:
    g = Game(seed=2, players=(parse_player("greedy"), parse_player("greedy")), first_dealer=1)
    g.run()
    first_deal = []
    for e in g.events:
        if isinstance(e, Shown):
            first_deal.append((e.player, e.what))
        if len(first_deal) == 3:
            break
    assert first_deal == [(0, "hand"), (1, "hand"), (1, "crib")]


def _final_deal(events: tuple) -> tuple[int, list]:
    """(dealer, events) of the last deal of a game."""
    i = max(k for k, e in enumerate(events) if isinstance(e, Dealt))
    return events[i].dealer, list(events[i:])


def test_win_in_the_middle_of_the_show() -> None:
    """The pone goes out on their hand: the dealer's hand and crib are never counted."""
    found = 0
    for seed in range(400):
        res = Game(seed=seed, players=(parse_player("random"), parse_player("random"))).run()
        dealer, deal = _final_deal(res.events)
        shows = [e for e in deal if isinstance(e, Shown)]
        if res.winner == 1 - dealer and shows and shows[-1].player == 1 - dealer:
            found += 1
            assert [(e.player, e.what) for e in shows] == [(1 - dealer, "hand")]
            assert isinstance(deal[-1], GameOver) and deal[-2] is shows[-1]
            assert res.scores[dealer] < WIN
            # the hand counted more than was recorded only if it passed 121
            assert shows[-1].points <= shows[-1].total
            if found == 10:  # ten such endings checked (about 1 game in 10 ends so)
                break
    assert found == 10


def test_game_stops_the_moment_121_is_reached_in_pegging() -> None:
    found = 0
    for seed in range(300):
        res = Game(seed=seed, players=(parse_player("random"), parse_player("random"))).run()
        _dealer, deal = _final_deal(res.events)
        last = deal[-2]
        if isinstance(last, Played | Go):
            found += 1
            assert not any(isinstance(e, Shown) for e in deal)
            assert last.scores[res.winner] == WIN
            assert isinstance(deal[-1], GameOver)
            if found == 10:  # ten such endings checked
                break
    assert found == 10


def test_starting_scores_and_recorded_points_cap_at_121() -> None:
    deck = _deck("5H AC 5D 2C 5C 3C JS 4D 9H 7D TS 8D 5S")  # pone keeps 5-5-5-J, starter 5S
    g = Game(
        seed=3,
        players=(parse_player("expert"), parse_player("expert")),
        first_dealer=1,
        stacked=[deck],
        scores=(110, 60),
    )
    res = g.run()
    assert res.winner == 0 and res.scores[0] == WIN
    shown = [e for e in res.events if isinstance(e, Shown)]
    # the pone pegs to 111, then shows 5-5-5-T with the 5S cut: 8 fifteens (16) +
    # 6 pairs (12) = 28, of which only 121 - 111 = 10 are recorded; the dealer never counts
    assert [(e.player, e.what, e.total, e.points) for e in shown] == [(0, "hand", 28, 10)]
    assert shown[0].scores[0] - shown[0].points == 111
    assert res.skunk == "skunk" and res.scores[1] < 91
    replay(res.events)


def test_skunks() -> None:
    assert skunk_of(90) == "skunk" and skunk_of(60) == "double skunk" and skunk_of(100) == ""
    found = set()
    for seed in range(60):
        r = Game(seed=seed, players=(parse_player("expert"), parse_player("random"))).run()
        found.add(r.skunk)
        assert r.skunk == skunk_of(r.scores[1 - r.winner])
    assert "skunk" in found


def test_step_api_with_a_human_seat() -> None:
    g = Game(seed=9, players=(parse_player("human"), parse_player("expert")))
    d = g.advance()
    assert d is not None and d.player == 0 and d.kind == "discard"
    assert not hasattr(d.observation, "opp_hand")
    with pytest.raises(IllegalPlayError):
        g.submit(0, "AH AD" if "AH" not in str(d.observation.hand) else "2C 2D")
    g.submit(0, list(d.observation.hand[:2]))
    moves = 0
    while (d := g.advance()) is not None:
        assert d.player == 0
        if d.kind == "discard":
            g.submit(0, list(d.observation.hand[:2]))
        else:
            g.submit(0, d.observation.legal[0] if d.observation.legal else None)
        moves += 1
    assert g.over and moves > 10
    replay(g.events)


# -- manual counting and muggins: the human's count is a decision, muggins an event ----


def _true_count(d) -> int:  # type: ignore[no-untyped-def]
    from crib.rules.scoring import score_hand

    o = d.observation
    return score_hand(o.hand, o.starter, is_crib=d.what == "crib").total


def _to_count(g: Game, *, want: int = 2) -> object:
    """Advance a game with seat 0 counting by hand to its first count of at least ``want``."""
    while (d := g.advance()) is not None:
        if d.kind == "count":
            if _true_count(d) >= want:
                return d
            g.submit(d.player, _true_count(d))
        elif d.kind == "discard":
            g.submit(d.player, list(d.observation.hand[:2]))
        else:
            g.submit(d.player, d.observation.legal[0] if d.observation.legal else None)
    raise AssertionError("the game ended before a count of that size came up")


def test_manual_counting_under_count_gives_muggins_to_the_opponent() -> None:
    from crib.rules.events import Counted, Muggins

    g = Game(
        seed=4,
        players=(parse_player("human"), parse_player("easy")),
        manual=(True, False),
        muggins=True,
    )
    d = _to_count(g)
    assert d.kind == "count" and d.player == 0 and d.what in ("hand", "crib")
    total = _true_count(d)
    before, n = tuple(g.scores), len(g.events)
    g.submit(0, total - 2)
    counted, shown, mug = g.events[n : n + 3]
    assert counted == Counted(0, d.what, total - 2)
    assert isinstance(shown, Shown) and shown.total == total and shown.points == total - 2
    assert isinstance(mug, Muggins) and (mug.player, mug.points, mug.missed) == (1, 2, 2)
    assert mug.scores == (before[0] + total - 2, before[1] + 2) == tuple(g.scores)


def test_manual_counting_over_count_is_refused_and_bad_claims_explained() -> None:
    g = Game(
        seed=4,
        players=(parse_player("human"), parse_player("easy")),
        manual=(True, False),
        muggins=True,
    )
    d = _to_count(g, want=0)
    total = _true_count(d)
    n = len(g.events)
    for bad, why in (
        (total + 1, "more than it counts: count again"),
        ("abc", "a number"),
        (-1, "a number"),
        (True, "a number"),
        (None, "a number"),
    ):
        with pytest.raises(IllegalPlayError, match=why):
            g.submit(0, bad)
        assert len(g.events) == n and g.pending() == d  # nothing recorded, still waiting
    g.submit(0, str(total))  # a digit string is a count too
    assert len(g.events) == n + 2  # Counted and Shown, no muggins


def test_manual_counting_without_muggins_pegs_the_true_count() -> None:
    g = Game(seed=4, players=(parse_player("human"), parse_player("easy")), manual=(True, False))
    d = _to_count(g)
    before, n = tuple(g.scores), len(g.events)
    g.submit(0, 0)
    shown = g.events[n + 1]
    assert isinstance(shown, Shown) and shown.points == _true_count(d)
    assert g.scores[1] == before[1] and all(e.type != "muggins" for e in g.events)


def test_muggins_options_are_checked() -> None:
    human, easy = parse_player("human"), parse_player("easy")
    with pytest.raises(CribError, match="only a human seat"):
        Game(1, (human, easy), manual=(True, True))
    with pytest.raises(CribError, match="muggins is a house rule of manual counting"):
        Game(1, (human, easy), muggins=True)
    with pytest.raises(CribError, match="two flags"):
        Game(1, (human, easy), manual=(1, 0))  # type: ignore[arg-type]


def test_the_game_can_end_on_muggins_at_exactly_121() -> None:
    from crib.rules.events import Muggins

    def to_first_count(scores: tuple[int, int]) -> tuple[Game, object]:
        g = Game(
            5,
            (parse_player("human"), parse_player("human")),
            first_dealer=1,
            scores=scores,
            manual=(True, False),
            muggins=True,
        )
        d = _to_count(g, want=0)
        assert d.what == "hand" and d.player == 0  # the pone counts first
        return g, d

    g, d = to_first_count((0, 0))
    total, pegged = _true_count(d), g.scores[1]
    assert total >= 2, "pick a seed whose first pone hand scores"
    # the same game, with the computer's seat 119 - pegged points before the deal
    g, d = to_first_count((0, 121 - pegged - 2))
    assert g.scores[1] == 119
    g.submit(0, total - 2)
    *_, mug, over = g.events
    assert isinstance(mug, Muggins) and mug.points == 2 and mug.scores[1] == WIN
    assert isinstance(over, GameOver) and over.winner == 1 and over.scores[1] == WIN
    assert g.over and g.result().scores[1] == WIN
    r = replay(log_to_json(g.events))
    assert r.complete and r.verdict == "verified from the seed"
