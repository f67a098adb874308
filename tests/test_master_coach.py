"""The coach follows the new Master (issue #42, point 4): a play is graded, and hinted,
inside the Master's reading of the other player (:class:`crib.ai.reading.Reading`), so
the Master's own decisions grade as best, and the notes say how the holdings were read,
in English and French."""

from __future__ import annotations

import pytest

from crib.ai.master import MasterPlayer
from crib.ai.players import parse_player
from crib.analysis.coach import play_observation
from crib.analysis.models import MASTER
from crib.analysis.play import analyze_play
from crib.analysis.play.evidence import decisions_from
from crib.analysis.play.weights import KeepWeights
from crib.analysis.speech import _weights_in, weights_note
from crib.rules.cards import parse_cards
from crib.rules.game import Game
from crib.rules.position import PeggingPosition
from crib.session.grading import grade_log, play_grade
from crib.session.review import Coach
from crib.session.saved import decisions_from_log

READ = "by how likely each was to play as they did"
MODELLED = "next card played as the Master would play it"


@pytest.mark.parametrize("expert", [0.0, 0.37, 0.5, 1.0])
def test_the_weights_note_with_reads_is_said_in_both_languages(expert: float) -> None:
    d = decisions_from(parse_cards("5H"), parse_cards("5H"), parse_cards("KC")[0], 4, 0)
    for seat in (None, "dealer", "pone"):
        for played in ((), (5,)):
            for evidence in ((), d):
                w = KeepWeights(seat, played, "", evidence, expert)
                said = weights_note(seat, bool(played), "en", bool(evidence), expert)
                assert said == w.note == _weights_in(w.note, "en")
                assert (READ in said) == bool(evidence) and ("read " in said) == bool(expert)
                fr = _weights_in(w.note, "fr")
                assert fr.startswith("chaque main pondérée") and fr.endswith(
                    "(mesurée en auto-jeu)"
                )
                assert "Expert's" not in fr and "as they did" not in fr
                assert ("37\u00a0%" in fr) == (expert == 0.37)


@pytest.fixture(scope="module")
def game() -> Game:
    """The Master against the Master before it (seed 300): its later hands read the
    other player as the Master, so its next card is modelled."""
    g = Game(seed=300, players=(parse_player("master"), parse_player("master_2026_12")))
    g.run()
    return g


def test_the_coach_grades_the_masters_own_decisions_best(game: Game) -> None:
    grades = grade_log(game.events, seat=0)
    plays = [g for g in grades if g.kind == "play"]
    assert len(plays) > 15 and all(g.lost <= 1e-9 for g in grades)
    assert sum(READ in g.how[1] for g in plays) > 10
    assert sum(MODELLED in g.how[1] for g in plays) > 5
    # graded without the Master's reading (as before issue #42), some of its plays lose
    before = [
        play_grade(
            0,
            hand,
            PeggingPosition.from_observation(d.observation),
            card,
            d.observation.dealer,
            False,
            False,
            opp_played=d.observation.opp_played,
        ).lost
        for hand, d, card in decisions_from_log(game.events, 0)
        if d.kind == "play" and card is not None and len(d.observation.legal) > 1
    ]
    assert len(before) == len(plays) and sum(x > 1e-6 for x in before) >= 2


def test_the_hint_names_the_masters_card_and_says_how_in_french(game: Game) -> None:
    coach = Coach(exact_trap=False, lang="fr")
    hinted = modelled = 0
    for _hand, d, card in decisions_from_log(game.events, 0):
        obs = d.observation
        if d.kind != "play" or card is None or len({c.rank for c in obs.legal}) < 2:
            continue
        coach.hint_play(obs, obs.hand, obs.dealer)
        assert coach.hinted and obs.hand[coach.hinted[0]].rank == card.rank
        hinted += 1
        modelled += "la prochaine carte de l’adversaire jouée comme le Maître" in coach.hint_text
        assert "as the" not in coach.hint_text
    assert hinted > 15 and modelled > 5


def test_a_typed_position_has_nothing_to_read_and_the_analyzer_is_the_masters() -> None:
    """The analyzers' default model (MASTER.play) is the new Master's on a typed
    position: it says nothing of who played what, so there are no plays to read."""
    pos = PeggingPosition("4H 6D 6S 9C", pile="5C", starter="2S", opp_count=3)
    obs = play_observation(pos)
    reading = MasterPlayer().reading(obs)
    assert reading.evidence == () and reading.mix == 0.5 and reading.model is None
    plain = analyze_play(pos, MASTER.play)
    with reading.weighing():
        read = analyze_play(pos, MASTER.play)
    assert [(o.label, o.margin) for o in read.options] == [
        (o.label, o.margin) for o in plain.options
    ]
