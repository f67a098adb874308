"""The Master tier: its discard is the full value, its play the exact analysis, and it
decides from the observation alone."""

from __future__ import annotations

import csv
import dataclasses
import random
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from crib.ai.master import MasterPlayer, position_of
from crib.ai.players import parse_player
from crib.analysis.models import MASTER
from crib.analysis.play import analyze_play
from crib.rules.cards import DECK, RANK_CHARS, parse_cards
from crib.rules.fairness import HashRng
from crib.rules.game import Game
from crib.rules.observation import for_discard, for_play
from crib.rules.pegging import PegState
from crib.rules.scoring import score_hand

DATA = Path(__file__).resolve().parents[1] / "data"


def _csv(name: str) -> list[dict[str, str]]:
    with (DATA / name).open() as f:
        return list(csv.DictReader(ln for ln in f if not ln.startswith("#")))


def _full_values(six: str, dealer: bool) -> dict[frozenset, float]:
    """The full value of each throw, computed here from the shipped tables and the
    reference scorer: exact hand EV over the 46 starters, the seat crib value
    (+ for your crib, - for theirs), and the kept four's net pegging for the seat."""
    seat = "dealer" if dealer else "pone"
    crib = {
        (r["seat"], r["pair"], r["suited"]): float(r["mean"]) for r in _csv("crib_selfplay.csv")
    }
    peg = {(r["keep"], r["seat"]): float(r["net"]) for r in _csv("pegging_ev.csv")}
    cards = parse_cards(six)
    starters = [c for c in DECK if c not in cards]
    out = {}
    for throw in combinations(cards, 2):
        keep = [c for c in cards if c not in throw]
        hand = Fraction(sum(score_hand(keep, s).total for s in starters), len(starters))
        lo, hi = sorted(throw, key=lambda c: c.rank)
        pair = f"{RANK_CHARS[lo.rank - 1]}-{RANK_CHARS[hi.rank - 1]}"
        suited = "" if lo.rank == hi.rank else ("true" if lo.suit == hi.suit else "false")
        c = crib[(seat, pair, suited)]
        keep_label = "-".join(RANK_CHARS[r - 1] for r in sorted(x.rank for x in keep))
        out[frozenset(throw)] = float(hand) + (c if dealer else -c) + peg[(keep_label, seat)]
    return out


def test_master_discard_is_the_best_full_value() -> None:
    m = parse_player("master")
    assert isinstance(m, MasterPlayer)
    checked = 0
    rng = random.Random(3)
    while checked < 12:
        six = " ".join(str(c) for c in rng.sample(DECK, 6))
        dealer = checked % 2 == 0
        vals = _full_values(six, dealer)
        ranked = sorted(vals.values(), reverse=True)
        if ranked[0] - ranked[1] < 0.01:  # a near-tie goes to safety: not this test
            continue
        got = m.discard(for_discard(parse_cards(six), dealer=dealer), HashRng(0, "m"))
        assert vals[frozenset(got)] == ranked[0], (six, dealer)
        checked += 1


def _random_midplay(rng: random.Random) -> tuple[PegState, object, tuple, list]:
    deck = list(DECK)
    rng.shuffle(deck)
    s = PegState.start((tuple(deck[0:4]), tuple(deck[4:8])), pone=0)
    for _ in range(rng.randrange(0, 6)):
        if s.done:
            break
        legal = s.legal()
        s, _rec = s.play(rng.choice(legal) if legal else None)
    return s, deck[8], tuple(deck[9:11]), deck[11:]


def test_master_plays_the_weighted_best_and_never_peeks() -> None:
    rng = random.Random(21)
    m = MasterPlayer()
    checked = reads = 0
    while checked < 25:
        s, starter, discards, spare = _random_midplay(rng)
        if s.done or len({c.rank for c in s.legal()}) < 2:
            continue
        p, o = s.turn, 1 - s.turn
        kw = {"starter": starter, "dealer": p == 1, "my_discards": discards}
        obs = for_play(s, p, **kw)
        swap = tuple(rng.sample(spare, len(s.hands[o])))
        s2 = dataclasses.replace(s, hands=(s.hands[0], swap) if o == 1 else (swap, s.hands[1]))
        obs2 = for_play(s2, p, **kw)
        assert obs == obs2  # the opponent's cards are nowhere in the observation
        card = m.play(obs, HashRng(checked, "m"))
        assert card == m.play(obs2, HashRng(checked + 1, "m"))
        # the best by the weighted margin inside the Master's reading of the opponent's
        # plays (no earlier hands here: read half as the Expert, so nothing modelled)
        reading = m.reading(obs)
        assert reading.mix == 0.5 and reading.model is None
        with reading.weighing():
            a = analyze_play(position_of(obs), MASTER, opp_played=obs.opp_played, opp_dealer=p == 0)
        assert a.sampled == 0  # every position here fits the exact search
        best = max(o.margin for o in a.options if o.card is not None)
        assert a.option(card).margin == best
        reads += bool(reading.evidence)
        checked += 1
    assert reads > 10  # most of these positions had plays to read


def test_master_takes_the_winning_points_near_121() -> None:
    # Master on 119 holds 5H and 9C on a pile of K (10): the 5 makes 15 for 2 and wins
    s = PegState.start((parse_cards("5H 9C"), parse_cards("KS 2D")), pone=1)
    s, _ = s.play(parse_cards("KS")[0])
    obs = for_play(s, 0, starter=parse_cards("7D")[0], dealer=True, my_score=119, opp_score=60)
    assert MasterPlayer().play(obs, HashRng(0, "m")) == parse_cards("5H")[0]


def test_a_small_master_v_expert_match_runs_end_to_end() -> None:
    for seed in (1, 2):
        r = Game(seed, players=(parse_player("master"), parse_player("expert"))).run()
        assert max(r.scores) == 121 and r.winner in (0, 1)


# (six, dealer, (my score, opp score), the Master's throw).  Far from the end the throw
# is the best full value, recomputed below from the tables; within 30 of 121 it plays
# for P(win), and the pinned throws were computed once with the exact endgame model.
MASTER_THROWS = [
    ("4H 6S 7C 3C 4C QD", True, (10, 20), "6S QD"),
    ("7D JD AD 8D 8S KC", False, (10, 22), "AD KC"),
    ("8S 4H KC AD QC 5D", False, (10, 24), "8S KC"),
    ("JH 5C 2H 2C 7C TS", True, (10, 26), "2H 2C"),
    ("AH 2D 3C 4S 9C 4D", False, (101, 95), "AH 9C"),
    # on 103 as dealer the Master keeps 7-7-8-10 (throws 4-2) where the full value
    # would throw 10-2: the P(win) objective, not the EV, decides here
    ("7C 8S TC 4C 7D 2D", True, (103, 95), "4C 2D"),
    ("9D 7H 8H 7C QH 2S", False, (105, 95), "QH 2S"),
    ("7C 2H JH AS 6D 4S", False, (107, 95), "JH AS"),
]


def test_master_discard_on_worked_deals_and_its_model_by_name() -> None:
    from crib.ai.master import WIN_TOP
    from crib.analysis.discard import analyze_discard

    m = MasterPlayer()
    for k, (six, dealer, scores, throw) in enumerate(MASTER_THROWS):
        want = set(parse_cards(throw))
        obs = for_discard(parse_cards(six), dealer=dealer, my_score=scores[0], opp_score=scores[1])
        assert set(m.discard(obs, HashRng(k, "m"))) == want, six
        near = 121 - max(scores) <= 30
        a = analyze_discard(
            six,
            dealer=dealer,
            model=MASTER,
            scores=scores if near else None,
            win_top=WIN_TOP if near else None,
        )
        assert set(a.best.throw) == want, six  # the library's "master" model agrees
        vals = _full_values(six, dealer)
        ev_best = max(vals, key=vals.__getitem__)
        if not near:
            assert ev_best == want, six
        elif throw == "4C 2D":
            assert ev_best == set(parse_cards("TC 2D"))


def test_with_every_ingredient_off_the_master_is_the_expert() -> None:
    off = MasterPlayer(seat_crib=False, peg_value=False, exact_play=False, endgame=False)
    expert = parse_player("expert")
    rng = random.Random(4)
    for k in range(6):
        obs = for_discard(rng.sample(DECK, 6), dealer=k % 2 == 0)
        assert off.discard(obs, HashRng(k, "x")) == expert.discard(obs, HashRng(k, "x"))
    checked = 0
    while checked < 10:
        s, starter, discards, _spare = _random_midplay(rng)
        if s.done or not s.legal():
            continue
        obs = for_play(s, s.turn, starter=starter, dealer=s.turn == 1, my_discards=discards)
        assert off.play(obs, HashRng(checked, "x")) == expert.play(obs, HashRng(checked, "x"))
        checked += 1


def test_the_ladder_runs_a_small_master_v_expert_match() -> None:
    """The self-play ladder (duplicate deals, seats swapped) with the Master, end to end."""
    from crib.ai.selfplay.engine import RunSpec, run

    res = run(
        RunSpec("ladder", 2, 77, chunk=1, params={"a": "expert", "b": "master"}),
        executor="serial",
        quiet=True,
    )
    ladder = res.arrays["ladder"]
    assert ladder.shape == (2, 4) and set(ladder[:, :2].ravel().tolist()) <= {0, 1}
    # b's margin in each game: positive exactly when b won it (b in seat 1, then seat 0);
    # two chunks, so the margins are stacked pair by pair, not summed
    margin = res.arrays["margin"]
    assert margin.shape == (2, 2)
    assert ((margin[:, 0] > 0) == (ladder[:, 0] == 1)).all()
    assert ((margin[:, 1] > 0) == (ladder[:, 1] == 1)).all()


def test_the_frozen_master_is_todays_and_variants_change_one_thing() -> None:
    from dataclasses import replace

    from crib.ai.master import ENDGAME, MASTER_2026_12, MASTER_SPEC, MasterPlayer
    from crib.ai.players import parse_player
    from crib.errors import CribError

    frozen = parse_player("master_2026_12")
    assert frozen == MASTER_2026_12 != replace(MasterPlayer(), name="master_2026_12")
    # today's Master is the frozen one with issue #42's reads, the spec its ladders ran
    assert parse_player("master") == replace(parse_player(MASTER_SPEC), name="master")
    assert parse_player("master:board=1") == replace(MASTER_2026_12, name="master:board=1")
    assert frozen is not parse_player("master_2026_12")  # each seat its own (it keeps state)
    wide = parse_player("master:endgame_at=121,board=0")
    assert (wide.endgame_at, wide.board, ENDGAME) == (121, False, MASTER_2026_12.endgame_at)
    with pytest.raises(CribError, match="whole number"):
        parse_player("master:endgame_at=far")


def test_a_wider_endgame_window_changes_the_masters_discards() -> None:
    """A variant must play differently, or its ladder is the frozen Master against itself
    (every seed split one game each: exactly 50%).  The discard model's own endgame rule
    must not override the wider window."""
    from crib.ai.players import parse_player
    from crib.rules.events import Discarded
    from crib.rules.game import Game

    def throws(name: str) -> list:
        g = Game(seed=900, players=(parse_player(name), parse_player("expert")), first_dealer=0)
        return [e for e in g.run().events if isinstance(e, Discarded) and e.player == 0]

    today, wide = throws("master_2026_12"), throws("master:endgame_at=121")
    assert today and wide and today != wide


def test_warm_up_loads_everything_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import crib.ai.master as master
    from crib.analysis.play import jit

    calls: list[int] = []
    real = jit.warm
    monkeypatch.setattr(jit, "warm", lambda: calls.append(1) or real())
    monkeypatch.setattr(master, "_warm_seconds", None)  # as in a fresh process
    first = master.warm()
    assert first > 0.0 and calls == [1]  # the solver was loaded, and that took time
    assert master.warm() == first and calls == [1]  # the second call does nothing


def test_the_keep_experiment_and_its_table(tmp_path: Path) -> None:
    """``crib selfplay keep`` counts the Expert's keeps by seat and writes the ratios
    with the command and seed; the counts match the Expert's own throws."""
    from crib.ai.selfplay.fastplay import expert_throw
    from crib.ai.selfplay.keep import KEEP_LIST, keep_chunk, prior
    from crib.tools.cli import main

    a = keep_chunk(3, 0, 5, {})["kept"]
    assert a.shape == (2, 1820) and a.sum() == 10 and a[0].sum() == 5
    assert sum(prior(k) for k in KEEP_LIST) == pytest.approx(1.0)
    import numpy as np

    six = np.random.default_rng([3, 6, 0]).choice(52, 6, replace=False).tolist()
    t = expert_throw(six, True)
    keep = tuple(sorted((c >> 2) + 1 for c in six if c not in t))
    assert keep_chunk(3, 0, 1, {})["kept"][0, KEEP_LIST.index(keep)] == 1
    argv = ["selfplay", "keep", "--n", "20", "--seed", "3", "--workers", "1", "--quiet"]
    assert main([*argv, "--results", str(tmp_path / "r"), "--out", str(tmp_path)]) == 0
    text = (tmp_path / "keep_frequencies.csv").read_text().splitlines()
    assert text[0].startswith("# crib selfplay keep") and "master seed 3" in text[0]
    assert text[1] == "seat,keep,kept,freq,prior,ratio" and len(text) == 2 + 2 * 1820


def test_crib_peg_with_weighted_holdings(capsys: pytest.CaptureFixture[str]) -> None:
    from crib.tools.cli import main

    pos = "hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4"
    assert main(["peg", pos, "--holdings", "weighted", "--opp-seat", "pone"]) == 0
    out = capsys.readouterr().out
    assert "weighted by how often the Expert keeps those four ranks as the pone" in out
    assert main(["peg", pos, "--model", "policy:master"]) == 0
    assert "the Master's model" in capsys.readouterr().out


def test_the_new_master_discards_as_the_frozen_one() -> None:
    """Issue #42 changed only the Master's play: its discard, and so the tables measured
    against it (the seat cribs and pegging values, ``*_master.csv``), are
    MASTER_2026_12's, near 121 too."""
    from crib.ai.master import MASTER_2026_12

    rng = random.Random(42)
    today = MasterPlayer()
    for i in range(40):
        six = rng.sample(DECK, 6)
        scores = (rng.randrange(0, 121), rng.randrange(0, 121)) if i % 2 else (0, 0)
        obs = for_discard(six, dealer=bool(i % 3), my_score=scores[0], opp_score=scores[1])
        rng_a, rng_b = HashRng(i, "a"), HashRng(i, "a")
        assert today.discard(obs, rng_a) == MASTER_2026_12.discard(obs, rng_b), (six, scores)
