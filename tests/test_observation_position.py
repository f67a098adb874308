"""One conversion from an observation to a pegging position: at every play decision of
seeded Master games, the position the coach grades is exactly the one the Master searched.

The coach grades a saved game by replaying its log (:func:`crib.session.review.grade_log`),
and each play grade names the position graded; the live controller converts the same
observation.  All go through :meth:`PeggingPosition.from_observation`, as the Master does.
The games are chosen to include decisions where the opponent holds nothing after the
mover's last card and has not said go: there an older conversion in the review left
``opp_go`` unset and graded a different position (the go point given to the wrong player).
"""

from __future__ import annotations

from typing import Any

import pytest

from crib.ai.master import MasterPlayer
from crib.errors import CribError
from crib.rules.cards import parse_cards
from crib.rules.game import Game
from crib.rules.observation import Observation
from crib.rules.players import Player
from crib.rules.position import PeggingPosition
from crib.session.review import grade_log

SEED = 3
# A stacked hand (seat 0 deals): the pone keeps 8 8 A A and plays its highest card; the
# Master keeps four cards worth 7 or more, so it says go after one card, the pone plays
# out, and the Master leads the next count with three cards and plays again to a pile of
# its own with the pone out of cards: the decision the old review conversion got wrong.
STACKED = (parse_cards("8H 7S 8D 9S AH TS AD KS 2C 4D 3C 5D QH"),)


class _Recording(Player):
    """A Master that records, per play decision it searched, the position it searched
    (``keep``: the four it keeps, instead of its own discard)."""

    def __init__(self, name: str, keep: tuple[str, ...] = ()) -> None:
        self.master = MasterPlayer(name)
        self.name = name
        self.keep = keep
        self.searched: list[tuple[Observation, PeggingPosition]] = []

    def discard(self, obs: Observation, rng: Any) -> Any:
        if self.keep:
            return tuple(c for c in obs.hand if str(c) not in self.keep)
        return self.master.discard(obs, rng)

    def play(self, obs: Observation, rng: Any) -> Any:
        card = self.master.play(obs, rng)
        if self.master.last_position is not None:
            self.searched.append((obs, self.master.last_position))
        return card


class _Highest(Player):
    """Keeps its first four cards and plays its highest legal card."""

    name = "highest"

    def discard(self, obs: Observation, rng: Any) -> Any:
        return obs.hand[4], obs.hand[5]

    def play(self, obs: Observation, rng: Any) -> Any:
        return max(obs.legal, key=lambda c: (c.value, c.rank), default=None)


@pytest.fixture(scope="module")
def games() -> list[tuple[Game, tuple[Player, Player]]]:
    g = Game(SEED, (_Recording("a"), _Recording("b")), first_dealer=0)
    g.run()
    out: list[tuple[Game, tuple[Player, Player]]] = [(g, g.players)]
    stacked = Game(
        0,
        (_Recording("a", keep=("7S", "9S", "TS", "KS")), _Highest()),
        first_dealer=0,
        stacked=STACKED,
    )
    with pytest.raises(CribError, match="stacked decks ran out"):
        stacked.run()  # the stacked hand, then no deck for a second
    return [*out, (stacked, stacked.players)]


def test_the_coach_grades_the_position_the_master_searched(games: list) -> None:
    compared = opp_out_after_mine = 0
    for g, players in games:
        for seat in (0, 1):
            if not isinstance(players[seat], _Recording):
                continue
            searched = players[seat].searched
            graded = {gr.position for gr in grade_log(g.events, seat=seat) if gr.kind == "play"}
            assert len(searched) >= 2
            for obs, pos in searched:
                assert pos in graded, f"the coach graded another position than {pos.to_text()}"
                compared += 1
                if pos.opp_count == 0 and pos.opp_go and not obs.opp_said_go:
                    opp_out_after_mine += 1
    assert compared > 20
    # the decisions where the old review conversion graded another position occur
    assert opp_out_after_mine >= 1


def test_an_opponent_out_of_cards_after_my_card_has_said_go() -> None:
    from crib.rules.cards import parse_card
    from crib.rules.observation import for_play
    from crib.rules.pegging import PegState

    s = PegState.start(["5H 5D 9C 9D", "KS QS 2C 3C"], pone=1)
    for card in ["KS", "9C", "QS", None, "2C", "5H", "3C"]:
        s, _ = s.play(card)
    # the opponent (seat 1) played its last card: it is not their go, they played last
    obs = for_play(s, 0, starter=parse_card("4C"), dealer=True)
    pos = PeggingPosition.from_observation(obs)
    assert (pos.opp_count, pos.opp_go, pos.last_mine) == (0, False, False)
    s, _ = s.play("5D")
    obs = for_play(s, 0, starter=parse_card("4C"), dealer=True)
    pos = PeggingPosition.from_observation(obs)
    assert (pos.opp_count, pos.opp_go, pos.last_mine) == (0, True, True)
    assert pos.previous == tuple(parse_card(c) for c in ("KS", "9C", "QS", "2C"))


def test_only_a_play_observation_converts() -> None:
    from crib.rules.observation import for_discard

    with pytest.raises(CribError, match="play observation"):
        PeggingPosition.from_observation(for_discard(parse_cards("5H 5D 6C 7S 8H 9D"), dealer=True))
