"""Issue #42: the opponent's next card played as it plays it (crib.analysis.play.model)."""

from __future__ import annotations

import pytest

from crib.ai.master import master_variant
from crib.ai.players import parse_player
from crib.analysis.models import MASTER
from crib.analysis.play import analyze_play
from crib.analysis.play.evidence import Situation
from crib.analysis.play.jit import minimax_rows
from crib.analysis.play.model import modelled_margins, opponent_policy
from crib.errors import CribError
from crib.rules.cards import SUITS, Card
from crib.rules.game import Game
from crib.rules.observation import Observation
from crib.rules.position import PeggingPosition


class _Recorder:
    """The Expert, keeping every play observation with a choice of ranks."""

    def __init__(self) -> None:
        self.inner, self.name, self.seen = parse_player("expert"), "expert", []

    def discard(self, obs: Observation, rng):  # noqa: ANN001, ANN201
        return self.inner.discard(obs, rng)

    def play(self, obs: Observation, rng):  # noqa: ANN001, ANN201
        if len({c.rank for c in obs.legal}) > 1:
            self.seen.append(obs)
        return self.inner.play(obs, rng)


@pytest.fixture(scope="module")
def decisions() -> list[Observation]:
    """Twelve decisions of one game (five of them leads), and one where a card makes 31
    (the opponent then leads a new pile)."""
    seen = []
    for seed in (7, 11):
        spy = _Recorder()
        Game(seed=seed, players=(spy, parse_player("expert"))).run()
        seen.append(spy.seen)
    thirty_one = seen[1][17]
    assert any(thirty_one.count + c.value == 31 for c in thirty_one.legal)
    return [*seen[0][:12], thirty_one]


def _args(obs: Observation) -> tuple:
    mine = tuple(c for c in obs.played if c not in obs.opp_played)
    return PeggingPosition.from_observation(obs), obs.opp_played, mine, obs.dealer


def _perfect(pos: PeggingPosition):  # noqa: ANN202
    """A policy for the opponent that answers with its best card against your actual hand
    in ``pos``, solved from its side by minimax_rows (a position built apart from the
    module's)."""

    def perfect(sit: Situation, reply: bool, hands) -> list[dict[int, float]]:  # noqa: ANN001
        left = list(pos.hand)
        left.remove(sit.your_played[-1])
        used = {*sit.pile, *sit.previous, sit.starter, *pos.hand}
        out = []
        for h in hands:
            theirs = []
            for r in h:
                card = next(Card(r, s) for s in SUITS if Card(r, s) not in used)
                used.add(card)
                theirs.append(card)
            side = PeggingPosition(
                theirs, pile=list(sit.pile), previous=list(sit.previous),
                starter=[sit.starter], opp_count=len(left),
            )  # fmt: skip
            used.difference_update(theirs)
            row = next(
                v for held, _w, v in minimax_rows(side)
                if held == tuple(sorted(c.rank for c in left))
            )  # fmt: skip
            legal = sorted({c.rank for c in side.legal()})
            best = max(range(len(legal)), key=lambda k: sum(row[k]))
            out.append({legal[best]: 1.0})
        return out

    return perfect


def test_an_opponent_that_sees_your_hand_gives_the_minimax_back(
    decisions: list[Observation],
) -> None:
    """With a policy that answers with the best card against your actual hand (solved
    from its side by minimax_rows, a position built apart from the module's), the
    modelled margins are the minimax margins; those are analyze_play's (MASTER.play)."""
    modelled = 0
    for obs in decisions:
        pos, opp_played, mine, dealer = _args(obs)

        m = modelled_margins(pos, opp_played, mine, dealer, share=0.3, policy=_perfect(pos))
        assert m.modelled == pytest.approx(m.minimax, abs=1e-9) and m.mismatched == 0
        modelled += m.holdings_modelled
        a = analyze_play(pos, MASTER.play, opp_played=opp_played, opp_dealer=not dealer)
        want = {0 if o.card is None else o.card.rank: o.margin for o in a.options}
        assert dict(zip(m.ranks, m.minimax, strict=True)) == pytest.approx(want, abs=1e-9)
    assert modelled >= 20
    # more holdings than ``sample``: the same draws by weight as analyze_play's
    pos, opp_played, mine, dealer = _args(decisions[0])
    m = modelled_margins(pos, opp_played, mine, dealer, policy=_perfect(pos), sample=5)
    a = analyze_play(pos, MASTER.play, opp_played=opp_played, opp_dealer=not dealer, sample=5)
    want = {0 if o.card is None else o.card.rank: o.margin for o in a.options}
    assert dict(zip(m.ranks, m.minimax, strict=True)) == pytest.approx(want, abs=1e-9)
    assert m.sampled == a.sampled > 0


def test_the_masters_own_answers_change_some_margins(decisions: list[Observation]) -> None:
    """With the Master's own answers (its reply table after your lead, else its play
    solved from its side), every modelled holding's solve agrees with the minimax's, and
    some margins move."""
    moved, kinds = 0, set()
    for obs in decisions:
        asked: set[bool] = set()

        def policy(sit: Situation, reply: bool, hands, asked=asked) -> list[dict[int, float]]:  # noqa: ANN001
            asked.add(reply)
            got = opponent_policy(sit, reply, hands)
            assert all(sum(p.values()) == pytest.approx(1.0) for p in got if p)
            return got

        m = modelled_margins(*_args(obs), share=0.5, policy=policy)
        assert m.mismatched == 0 and asked <= {not obs.played}  # the table answers a lead
        kinds |= asked
        moved += any(abs(x - y) > 1e-6 for x, y in zip(m.modelled, m.minimax, strict=True))
    assert moved >= 3 and kinds == {True, False}


def test_the_master_models_only_an_opponent_read_as_the_master(
    monkeypatch: pytest.MonkeyPatch, decisions: list[Observation]
) -> None:
    """opp_model is a percentage, 0 to 100; the Master asks for the modelled margins only
    when its opponent reads as more likely the Master."""
    import crib.ai.reading as reading_module

    calls: list[float] = []
    real = reading_module.modelled_margins

    def spy(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        calls.append(args[4])
        return real(*args, **kwargs)

    monkeypatch.setattr(reading_module, "modelled_margins", spy)
    obs = decisions[0]
    master_variant("master:opp_leads=1,opp_expert=100,opp_model=90").play(obs, None)
    assert calls == []
    card = master_variant("master:opp_leads=1,opp_model=90").play(obs, None)
    assert calls == [0.9] and card in obs.legal
    m = master_variant("master:opp_leads=1,opp_expert=100,opp_model=80,opp_model_expert=1")
    assert m.play(obs, None) in obs.legal and calls == [0.9, 0.8]
    assert master_variant("master:opp_model=0").opp_model == 0
    for bad in ("-1", "101"):
        with pytest.raises(CribError, match="opp_model"):
            master_variant(f"master:opp_model={bad}")


def test_the_experts_answers_are_the_proxy_that_reads_its_plays() -> None:
    """expert_policy's chance of each later play of random records, from the situation
    alone, is the chance the evidence reads it with as the Expert's (as_proxy): the model
    and the reading rebuild the same pile, cards seen and goes."""
    import random

    from crib.analysis.play.evidence import as_proxy, decisions_from
    from crib.analysis.play.model import expert_policy
    from tests.test_master_ideas import _random_record

    rng = random.Random(5)
    checked = 0
    while checked < 40:
        played, opp, held, starter, _piles = _random_record(rng, most=8)
        for d in decisions_from(played, opp, starter, 4, 30, solve=True):
            if d.situation is None:
                continue
            hand = tuple(sorted((*d.held_then, *(c.rank for c in held))))
            (proxy,) = as_proxy([d])
            w = proxy.weights
            want = hand.count(d.rank) * w[d.rank - 1] / sum(w[r - 1] for r in hand)
            got = expert_policy(30)(d.situation, False, [hand])[0][d.rank]
            assert got == pytest.approx(want, rel=1e-9)
            checked += 1


def test_the_reads_know_who_dealt(decisions: list[Observation]) -> None:
    """Every situation the Master's reads rebuild from a game's public record says that
    you dealt exactly when you did (the reads weigh your holdings by your seat's keeps)."""
    from crib.analysis.play.evidence import decisions_from

    seats = set()
    for obs in decisions:
        d = decisions_from(obs.played, obs.opp_played, obs.starter, 4, 30, solve=True)
        for sit in (x.situation for x in d if x.situation is not None):
            assert sit.you_dealt == obs.dealer
            seats.add(obs.dealer)
    assert seats == {True, False}


def test_a_window_models_only_the_options_near_the_best(decisions: list[Observation]) -> None:
    """window=W: the options within W points of the best minimax margin get their modelled
    margin, the others keep the minimax one; with one option in the window, none is
    modelled."""
    narrowed = 0
    for obs in decisions:
        full = modelled_margins(*_args(obs), share=0.5)
        near = modelled_margins(*_args(obs), share=0.5, window=0.5)
        top = max(full.minimax)
        inside = [j for j, m in enumerate(full.minimax) if m >= top - 0.5]
        for j, (f, w) in enumerate(zip(full.modelled, near.modelled, strict=True)):
            if len(inside) > 1 and j in inside:
                assert w == f
            else:
                assert w == full.minimax[j]
        narrowed += len(inside) < len(full.ranks)
    assert narrowed >= 3
