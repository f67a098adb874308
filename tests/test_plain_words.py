"""Plain words for learners (issue 27, acceptance 7): the coach's verdicts, hints and
review lines read in plain words by default on the play and trainer pages; the model
and the statistics go under "How this was computed"; a switch shows the detail.

The wording (crib.session.plain) is tested without widgets; the pages headless."""

from __future__ import annotations

import random
import re

import pytest

from crib.analysis.coach import grade_play
from crib.analysis.discard import analyze_discard
from crib.analysis.grades import WIN_UNIT, cost_text
from crib.analysis.models import TIERS, UNIFORM
from crib.rules.cards import parse_card, parse_cards
from crib.rules.position import PeggingPosition
from crib.session import plain
from crib.session.controller import GameController
from crib.session.model import Grade
from crib.session.review import Coach, summary_strip

ENDGAME = "hand QC 5D 9S 3H | pile 4H | starter 2C | discards 7S 8D | opp 3 | scores 115 120"
WORD = {
    "best": "Best",
    "ok": "OK",
    "mistake": "A mistake",
    "costly": "Costly",
    "blunder": "A blunder",
}


def _keep_throw(six: str, throw: str) -> tuple[str, str]:
    cards = parse_cards(six)
    out = parse_cards(throw)
    return plain.cards_words([c for c in cards if c not in out]), plain.cards_words(out)


# -- the words, no widgets ---------------------------------------------------------


def test_jargon_is_found_where_it_is() -> None:
    assert plain.jargon_in("P(margin ≥ 0) = 54%, minimax over the holdings") == [
        "P(",
        "margin",
        "minimax",
        "holdings",
    ]
    assert plain.jargon_in("the Master's full value, from self-play") == [
        "Master",
        "full value",
        "self-play",
    ]
    assert plain.jargon_in("EV +1.2") == ["EV"] and plain.jargon_in("every level") == []


def test_a_discard_verdict_says_keep_throw_points_and_whose_crib() -> None:
    six = "5H JD QC TS AH 3S"  # the example: keep 5-J-Q-10, throw A-3
    coach = Coach()
    coach.grade_discard(0, parse_cards(six), parse_cards("AH 3S"), dealer=True)
    g = coach.grades[-1]
    assert g.verdict == "best"
    assert re.fullmatch(
        r"Best throw: keep 5-10-J-Q \(about \d+ points\); throw A-3 to your crib\.", g.plain
    ), g.plain
    coach.grade_discard(0, parse_cards(six), parse_cards("JD QC"), dealer=False)
    g = coach.grades[-1]
    assert g.verdict != "best"
    kept, thrown = _keep_throw(six, "JD QC")
    best_keep, best_throw = _keep_throw(six, g.best)
    assert (
        f"You kept {kept} (about " in g.plain
        and f"threw {thrown} to your opponent's crib" in g.plain
    )
    assert (
        f"Better: keep {best_keep} (about " in g.plain
        and f"throw {best_throw} to your opponent's crib" in g.plain
    )
    assert f"{WORD[g.verdict]}: about " in g.plain and "point" in g.plain
    assert plain.jargon_in(g.plain) == []
    # the detail keeps the model and its numbers, under "How this was computed"
    assert plain.jargon_in(g.sentence)  # the check would catch the detailed sentence
    how = " ".join(g.how)
    assert "Model: the Master" in how and "self-play" in how


def test_suits_are_named_when_a_rank_is_both_kept_and_thrown() -> None:
    a = analyze_discard("5H 5D 6C 7S 8H 9D", dealer=True, model=UNIFORM)
    t = a.throws[a.find("5H 9D")]
    text = plain.discard_text(t, a.best, dealer=True, verdict="blunder", lost=3.2)
    assert "You kept 5♦-6♣-7♠-8♥" in text and "threw 5♥-9♦ to your crib" in text
    assert text.endswith("A blunder: about 3 points lost.")


def test_what_a_card_does_in_the_play() -> None:
    pos = PeggingPosition("5C 9D 2H 3S", starter="KD")
    assert plain.card_effect(pos, parse_card("5C")) == (
        "scores nothing now and leaves the count at 5, where a 10 or a face card makes 15 "
        "or another 5 makes a pair for your opponent"
    )
    assert plain.card_effect(pos, parse_card("3S")).startswith("scores nothing now")
    pos = PeggingPosition("7C 9D 4S", pile="KS 7H", starter="2D", opp_count=3)
    assert plain.card_effect(pos, parse_card("7C")).startswith("pegs 2 for a pair")
    pos = PeggingPosition("4C 9D", pile="KS QH 7D", previous="2C 3C", starter="2D", opp_count=1)
    assert plain.card_effect(pos, parse_card("4C")) == "pegs 2 for thirty-one"
    pos = PeggingPosition("7C", pile="8S", previous="KC QC TC AS 9H 2D", starter="KD", opp_count=0)
    assert plain.card_effect(pos, parse_card("7C")) == "pegs 3 for fifteen and the last card"


def test_a_play_verdict_names_the_card_what_it_does_and_the_better_card() -> None:
    pos = PeggingPosition("7C 9D 2H", pile="8S", starter="KD", discards="AS 4D")
    g = grade_play(pos, "2H", exact=False)
    assert g.verdict != "best" and g.best_card == parse_card("7C")
    text = plain.play_text(
        pos, parse_card("2H"), g.best_card, verdict=g.verdict, lost=g.lost, unit=g.unit
    )
    assert text.startswith("You played 2♥: it ")
    assert "Better: 7♣, which pegs 2 for fifteen" in text
    assert f"{WORD[g.verdict]}: about " in text and "in the rest of the play" in text
    assert plain.jargon_in(text) == [] and plain.jargon_in(g.sentence + " " + g.model_note)
    assert g.play_model is not None and "Model: the Master" in g.play_model.describe()


def test_the_best_card_that_scores_nothing_is_said_to_do_best_later() -> None:
    pos = PeggingPosition("4C 9D 2H 3S", starter="KD")
    text = plain.play_text(pos, parse_card("4C"), parse_card("4C"), verdict="best", lost=0.0)
    assert text == "Best play: 4♣ scores nothing now but does best in the rest of the play."
    text = plain.play_text(
        pos, parse_card("9D"), parse_card("4C"), verdict="mistake", lost=0.7, trap=True
    )
    assert "Better: 4♣, which scores nothing now but does best" in text and plain.TRAP_TEXT in text


def test_near_121_the_plain_verdict_is_by_the_chance_to_win_with_one_reason() -> None:
    pos = PeggingPosition.parse(ENDGAME)
    g = grade_play(pos, "QC", opp_dealer=True)
    assert g.unit == WIN_UNIT
    text = plain.play_text(
        pos,
        parse_card("QC"),
        g.best_card,
        verdict=g.verdict,
        lost=g.lost,
        unit=g.unit,
        reasons=g.tags,
        board=True,
    )
    assert "Your card lets the dealer peg out." in text
    assert re.search(r"−\d+\.\d% to win\.$", text), text
    assert plain.jargon_in(text) == []
    assert plain.chip_text(g.verdict, g.lost, g.unit).endswith("% to win")


def test_the_hand_strip_in_plain_words() -> None:
    grades = [
        Grade(1, 0, "discard", parse_cards("AS 2S"), parse_cards("3S 4S"), 1.2, "mistake"),
        Grade(2, 0, "play", parse_cards("4H"), parse_cards("6D"), 2.4, "costly"),
    ]
    assert summary_strip(grades, plain=True) == (
        "Discard mistake, about 1 point lost · Pegging 1 costly (about 2½ points lost)"
    )
    assert summary_strip(grades) == "Discard mistake −1.20 · Pegging 1 costly (−2.40)"


def _to_first_choice(c: GameController, rng: random.Random) -> None:
    """Play on (throwing the first two) until a play with more than one rank to choose from."""
    for _ in range(300):
        v = c.view()
        if c.phase == "play" and len({v.my_cards[i].rank for i in v.legal}) > 1:
            return
        if c.phase == "discard":
            c.discard([c.six[0], c.six[1]])
        elif c.phase == "play":
            c.go() if v.can_go else c.play(v.my_cards[rng.choice(v.legal)])
        else:
            c.next()
    raise AssertionError("no play with a choice")


def test_a_game_hints_and_grades_in_plain_words() -> None:
    c = GameController(seed=11, tier=TIERS["easy"], exact_trap=False)
    c.next()
    c.next()
    assert c.phase == "discard"
    c.press("h")
    v = c.view()
    assert (
        v.hint_plain.startswith("Keep ")
        and "crib" in v.hint_plain
        and "Next best: throw" in v.hint_plain
    )
    assert plain.jargon_in(v.hint_plain) == [] and "full value" in v.hint  # the detail is kept
    assert any("Model: the Master" in h for h in v.hint_how)
    c.discard([c.six[0], c.six[1]])
    assert c.view().hint_plain == ""  # the hint is gone with its decision
    _to_first_choice(c, random.Random(2))
    c.press("h")
    v = c.view()
    assert v.hint_plain.startswith("Play ") and plain.jargon_in(v.hint_plain) == []
    assert "P(margin" in v.hint
    card = v.my_cards[v.legal[-1]]
    c.play(card)
    g = next(x for x in reversed(c.grades) if x.kind == "play")
    assert card.pretty in g.plain and plain.jargon_in(g.plain) == []
    assert g.verdict == "best" or f"Better: {g.best_text}" in g.plain
    assert any("Model: the Master" in h for h in g.how)


# -- the pages, headless ---------------------------------------------------------------


def _shown(value: str) -> str:
    """The text a page shows with every "How this was computed" closed."""
    out = re.sub(r"<details.*?</details>", " ", value, flags=re.S)
    return re.sub(r"<[^>]+>", " ", out)


def test_the_play_page_speaks_plain_words_by_default() -> None:
    from crib.ui.play.app import PlayApp, apply_query

    app = PlayApp(seed=11, tier=TIERS["easy"])
    assert app.plain_box.value is True and app.plain_box.description == "Plain words"
    app.act("n")
    app.act("n")
    app.act("h")
    shown = _shown(app.coach_html.value)
    assert "Keep " in shown and plain.jargon_in(shown) == []
    assert "How this was computed" in app.coach_html.value and "Master" in app.coach_html.value
    app.click_card(0)
    app.click_card(1)
    app.act("enter")
    g = next(x for x in app.controller.grades if x.kind == "discard")
    shown = _shown(app.coach_html.value)
    assert "Your throw" in shown and "crib" in shown and plain.jargon_in(shown) == []
    details = app.coach_html.value.split("<details", 1)[1]
    assert "Model: the Master" in details and "full value" in details
    # the switch: today's detail in view
    app.plain_box.value = False
    shown = _shown(app.coach_html.value)
    assert plain.jargon_in(shown), shown
    assert "full value" in shown or "Master" in shown
    app.plain_box.value = True
    assert plain.jargon_in(_shown(app.coach_html.value)) == []
    assert g.plain in app.coach_html.value.replace("&#x27;", "'")
    # and from the page's address
    apply_query(app, "seed=11&tier=easy&plain=0")
    assert app.plain_box.value is False


def test_the_play_review_reads_in_plain_words() -> None:
    from crib.ui.play.html import review_html

    coach = Coach()
    coach.grade_discard(0, parse_cards("5H JD QC TS AH 3S"), parse_cards("JD QC"), dealer=False)
    out = review_html(coach.grades, title="Hand 1 review", plain=True)
    assert "what the coach says" in out and "How this was computed" in out
    assert plain.jargon_in(_shown(out)) == []
    g = coach.grades[-1]
    assert "full value" in out and "full value" not in _shown(out)  # folded
    exact = cost_text(g.verdict, g.lost)  # "blunder −7.11"
    assert exact not in _shown(out) and f"{g.verdict}, about " in _shown(out)
    detail = review_html(coach.grades, title="Hand 1 review")
    assert exact in _shown(detail) and "what the coach says" not in detail


def test_the_trainer_speaks_plain_words_by_default() -> None:
    from crib.ui.trainer.app import TrainerApp

    app = TrainerApp(seed=4)
    assert app.plain_box.value is True
    app.kind.value = "discard"
    q = app.current
    worst = [str(c) for c in q.ranking[-1].cards]
    for t in app.card_row.children:
        if any(f"crib-cardbtn-{c}" in t._dom_classes for c in worst):
            t.value = True
    app.throw_button.click()
    fb = app.feedback.value
    shown = _shown(fb)
    best_keep, best_throw = _keep_throw(q.six, q.best)
    assert (
        f"Better: keep {best_keep}" in shown.replace("&#x27;", "'")
        and f"throw {best_throw}" in shown
    )
    assert plain.jargon_in(shown) == []
    assert "crib-ranking" in fb.split("<details", 1)[1] and "Model: uniform" in fb
    app.plain_box.value = False  # the switch redraws the verdict with the table in view
    assert "<details" not in app.feedback.value and "crib-ranking" in app.feedback.value
    app.plain_box.value = True
    app.kind.value = "peg"
    q = app.current
    worst = q.options[-1].card
    next(b for b in app.card_row.children if f"crib-cardbtn-{worst}" in b._dom_classes).click()
    fb = app.feedback.value
    shown = _shown(fb)
    assert f"You played {worst.pretty}" in shown and "Better: " in shown
    assert plain.jargon_in(shown) == []
    assert "P(margin ≥ 0)" in fb and "minimax" in fb  # under "How this was computed"


@pytest.mark.parametrize("verdict", ["ok", "mistake", "costly", "blunder"])
def test_every_grade_word_is_said(verdict: str) -> None:
    assert plain.grade_words(verdict, 1.0).startswith(WORD[verdict])
