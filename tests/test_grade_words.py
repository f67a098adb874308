"""One table of grade words, and the small copy bugs (issue 37, acceptance 4 and 6).

Grades: one word per band, the same for a throw, a card and a counted hand, in the game,
the review and the analyzers; no loss is named by two words; each grade word on a page
carries its range, on hover (a title) and on a tap or a key (a ``<details>``).

Copy: the home page names the opponent it opens against; no doubled colon; the opponent's
cards with proper plurals (English and French); the pegging analyzer's bad-position
errors in plain words; no "(s)" plural left in the catalog.
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections import defaultdict
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from crib import i18n
from crib.analysis.coach import grade_discard, grade_play
from crib.analysis.grades import (
    POINTS_BANDS,
    WIN_BANDS,
    WIN_UNIT,
    WORDS,
    band_range,
    band_tip,
    grade,
    shown_loss,
    thresholds,
)
from crib.course.questions import peg_question
from crib.rules.cards import parse_cards
from crib.rules.events import Shown
from crib.rules.position import PeggingPosition
from crib.session.model import Grade
from crib.session.review import Coach, summary_strip
from crib.ui.analyze.verdicts import discard_verdict, play_verdict, run_discard, run_play
from crib.ui.kit.home import home_html
from crib.ui.kit.quiz_html import opponent_holds, question_html
from crib.ui.kit.say import say_error
from crib.ui.play.html import bands_html, grade_chip

ROOT = Path(__file__).resolve().parent.parent
UNITS = ("points", WIN_UNIT)


def _in_range(word: str, x: float, unit: str) -> bool:
    """Whether the shown loss ``x`` lies in ``word``'s band of the one table of ``unit``."""
    th = thresholds(unit=unit)
    if word == "best":
        return x == 0
    i = WORDS.index(word)
    lo = th[WORDS[i - 1]] if i > 1 else 0.0
    hi = th.get(word, float("inf"))
    return lo <= x < hi


# --- one table, one word a loss ---------------------------------------------------------


@pytest.mark.parametrize("unit", UNITS)
def test_every_loss_is_named_by_exactly_one_word(unit: str) -> None:
    """Sweep the losses (both tables, past the last bound): each shown loss gets one word,
    the word whose range holds it, and the words never go back down as the loss grows."""
    step = 0.001
    top = 2 * thresholds(unit=unit)["costly"]
    words_of: dict[float, set[str]] = defaultdict(set)
    last = 0
    for i in range(round(top / step) + 1):
        for lost in (i * step, i * step + 0.0004, i * step - 0.0004):
            if lost < 0:
                continue
            word = grade(lost, unit)
            assert word in WORDS
            shown = shown_loss(lost, unit)
            words_of[shown].add(word)
            if lost > 1e-9:
                assert word != "best" and _in_range(word, shown, unit), (lost, shown, word)
        rank = WORDS.index(grade(i * step, unit))
        assert rank >= last, (i * step, unit)
        last = rank
    assert {w for ws in words_of.values() for w in ws} == set(WORDS)
    two = {x: ws for x, ws in words_of.items() if len(ws) > 1 and x != 0}
    assert not two, two  # no shown loss named by two words (0 shown: best or a tiny "ok")
    # the bounds: a loss on a bound takes the next word; just below it, the word below
    for lower, upper in zip(WORDS[1:-1], WORDS[2:], strict=True):
        bound = thresholds(unit=unit)[lower]
        below = bound - (0.06 if unit == WIN_UNIT else 0.006)  # shown below the bound
        assert grade(bound, unit) == upper and grade(below, unit) == lower, (bound, unit)


def test_no_plain_loss_phrase_names_two_grades() -> None:
    """The plain words' rounded loss ("about 1½ points lost") stays in one band."""
    from crib.session.plain import chip_text, loss_words

    grades_of: dict[str, set[str]] = defaultdict(set)
    for i in range(1, 1400):
        lost = i * 0.005
        grades_of[loss_words(lost)].add(grade(lost))
        word = grade(lost)
        assert chip_text(word, lost).startswith(word)
    two = {phrase: ws for phrase, ws in grades_of.items() if len(ws) > 1}
    assert not two, two
    assert grades_of["about 1½ points lost"] == {"costly"}


def test_one_table_for_every_kind_of_decision() -> None:
    assert thresholds("discard") is thresholds("play") is POINTS_BANDS
    assert thresholds("discard", WIN_UNIT) is thresholds("play", WIN_UNIT) is WIN_BANDS
    assert POINTS_BANDS == {"best": 1e-9, "ok": 0.5, "mistake": 1.5, "costly": 3.0}
    # the case: about 1 point lost is a mistake, for a throw and for a card alike
    assert grade(1.2) == "mistake" and grade(0.5) == "mistake" and grade(0.49) == "ok"
    # no page grades by a table of its own: one function (crib.analysis.grades.grade)
    own = [
        str(p.relative_to(ROOT))
        for p in (ROOT / "crib").rglob("*.py")
        if p.name != "grades.py"
        and re.search(
            r"verdict_word\(|thresholds\(|_THRESHOLDS\[|<= 2 else \"blunder\"", p.read_text()
        )
    ]
    assert not own, own


def test_the_game_the_review_and_the_analyzers_give_the_same_word() -> None:
    six = "5H 5D JC QS 2H 9C"
    a = run_discard(parse_cards(six), dealer=True, key="master")
    for i, t in enumerate(a.throws):
        game = grade_discard(six, t.throw, dealer=True)
        page = discard_verdict(a, i, "master")
        assert game.verdict == grade(game.lost, game.unit)
        assert page.word == grade(page.lost, page.unit)
        assert abs(game.lost - page.lost) < 1e-6 and game.verdict == page.word, (t.throw, i)
    pos = PeggingPosition.parse("hand 4H 6D 9C AC | pile 5S | starter 2S | discards JD KC | opp 3")
    pa = run_play(pos, "master")
    for o in pa.options:
        v = play_verdict(pa, o.card, "master")
        g = grade_play(pos, o.card)
        assert v.word == grade(v.lost) and g.verdict == grade(g.lost, g.unit)
    # counted hands (manual counting), graded by how far off they are, by the same table
    coach = Coach()
    shown = Shown(0, "hand", parse_cards("5H 5D JC QS"), parse_cards("2H")[0], 8, 8, "", (8, 0))
    for n in (8, 7, 9, 6, 5, 12):
        coach.grade_count(0, shown, n, 0, False, True)
    review = coach.grades
    assert [g.verdict for g in review] == ["best", "mistake", "mistake", "costly", "blunder"] + [
        "blunder"
    ]
    assert all(g.verdict == grade(g.lost) for g in review)


def test_the_review_strip_counts_by_the_same_words() -> None:
    four, six = parse_cards("4H"), parse_cards("6D")
    grades = [
        Grade(1, 0, "play", four, six, 0.7, "mistake"),
        Grade(2, 0, "play", four, six, 2.0, "costly"),
        Grade(3, 0, "play", four, six, 3.5, "blunder"),
        Grade(4, 0, "play", four, six, 4.0, "blunder"),
    ]
    assert summary_strip(grades) == "Pegging 1 mistake, 1 costly, 2 blunders (−10.20)"
    assert "1 erreur, 1 choix coûteux, 2 gaffes" in summary_strip(grades, lang="fr")


# --- the range tip ----------------------------------------------------------------------


def test_each_band_says_its_range_in_english_and_french() -> None:
    assert [band_range(w) for w in WORDS] == [
        "nothing lost",
        "less than 0.5 points lost",
        "0.5 to less than 1.5 points lost",
        "1.5 to less than 3 points lost",
        "3 points or more lost",
    ]
    assert band_range("costly", WIN_UNIT) == "a chance to win lower by 2.5% to less than 5%"
    assert band_tip("blunder", lang="fr") == "gaffe\u00a0: perte de 3 pt ou plus"
    assert band_tip("mistake", WIN_UNIT, "fr").startswith(
        "erreur\u00a0: chances de gagner en baisse de 1\u00a0%"
    )


def test_the_range_tip_renders_by_hover_tap_and_keyboard() -> None:
    chip = grade_chip("mistake", 0.62, lang="en")
    m = re.fullmatch(
        r'<details class="crib-grade-tip"[^>]*><summary title="([^"]+)"[^>]*>'
        r'(<span class="crib-chip crib-grade-mistake".*</span>)</summary>'
        r'<span class="crib-grade-range" role="note">([^<]+)</span></details>',
        chip,
    )
    assert m, chip
    assert html.unescape(m[1]) == "mistake: 0.5 to less than 1.5 points lost"  # hover
    assert "mistake −0.62" in m[2] and m[3] == "0.5 to less than 1.5 points lost"  # tap, key
    fr = grade_chip("blunder", 5.08, WIN_UNIT, lang="fr")
    assert "gaffe\u00a0: chances de gagner en baisse d’au moins 5\u00a0%" in html.unescape(fr)
    # the review's table of your words: each heading carries its range
    grades = [Grade(1, 0, "play", parse_cards("4H"), parse_cards("6D"), 0.7, "mistake")]
    assert bands_html(grades).count('class="crib-grade-tip"') == len(WORDS)
    css = (ROOT / "crib/ui/kit/crib.css").read_text()
    assert ".crib-grade-tip > .crib-grade-range" in css and ":focus-visible" in css


def test_the_analyzers_verdict_carries_the_range_tip() -> None:
    from crib.ui.analyze.discard import DiscardApp

    app = DiscardApp()
    app.seed.value = 5
    app.mode.value = "Practice"
    app.hand[0].click()
    app.hand[1].click()
    app.commit_button.click()
    out = html.unescape(app.verdict.value)
    assert '<details class="crib-grade-tip"' in out and 'class="crib-grade-range"' in out


# --- the small copy bugs ----------------------------------------------------------------


def test_the_home_page_names_the_opponent_it_opens_against() -> None:
    from crib.session.controller import COACH
    from crib.ui.play.app import PlayApp

    assert PlayApp().tier.value is COACH and COACH.name_in("en") == "Master"
    intro = home_html("intro")
    assert "(Easy to Expert)" not in intro and "against the Master" in intro
    assert "contre le Maître" in home_html("intro", "fr")


def test_no_doubled_colon_on_the_home_page() -> None:
    for lang in i18n.LANGS:
        text = re.sub(r"<[^>]+>", "", html.unescape(home_html("links", lang)))
        assert not re.search(r":\s*\(?[^.:]{0,20}\)?\s*:", text.replace("https:", "")), text
        assert "(below):" not in text and "(ci-dessous)" not in text


def test_the_opponents_cards_with_proper_plurals() -> None:
    assert [opponent_holds(n) for n in (0, 1, 3)] == [
        "Your opponent has no cards left.",
        "Your opponent holds 1 card.",
        "Your opponent holds 3 cards.",
    ]
    assert opponent_holds(1, True) == "Your opponent holds 1 card, and has said go."
    assert [opponent_holds(n, lang="fr") for n in (0, 1, 2)] == [
        "L’adversaire n’a plus de carte.",
        "L’adversaire a 1 carte.",
        "L’adversaire a 2 cartes.",
    ]
    q = peg_question(1, 0)
    one = dataclasses.replace(
        q, position=PeggingPosition.parse("hand 4H 6D | pile 5S | previous 2C 3C 4C KS | opp 1")
    )
    for lang, want in (("en", "Your opponent holds 1 card."), ("fr", "L’adversaire a 1 carte.")):
        out = html.unescape(question_html(one, lang=lang))
        assert want in out and "(s)" not in out


def test_no_s_in_brackets_plural_in_the_catalog() -> None:
    with (i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / "crib.po").open("rb") as f:
        cat = read_po(f)
    hits = [
        (m.id, m.string)
        for m in cat
        if m.id
        and isinstance(m.id, str)
        and re.search(r"\w\(s\)", m.id + " " + m.string)
        and not re.search(r"time \(s\)|temps \(s\)", m.id + m.string)
    ]
    assert not hits, hits


BAD = {  # a position with too few cards played, and a go no hidden card explains
    "hand 4H 6D | pile KS QS TD | starter 2S | opp 1": (
        "3 cards have been played (the pile and previous), but there should be 5: each player "
        "starts the play with 4 cards, and you still hold 2 and your opponent 1",
        "Cartes jouées (pile et «\u00a0previous\u00a0»)\u00a0: 3, mais il en faudrait 5",
    ),
    "hand 4H 6D 6S | starter 2S | opp 4": (
        "0 cards have been played (the pile and previous), but there should be 1",
        "il vous en reste 3, à l’adversaire 4.",
    ),
    "hand 4H | pile KS | starter 2S | opp 1 | go | previous AH AS AC 2C 2D": (
        "so the 1 card they hold cannot be played without passing 31, but only 0 of the cards "
        "you cannot see are worth more than 21",
        "L’adversaire a dit go à 10",
    ),
}


@pytest.mark.parametrize("text", list(BAD))
def test_bad_positions_are_said_in_plain_words(text: str) -> None:
    en, fr = BAD[text]
    with pytest.raises(Exception) as e:
        PeggingPosition.parse(text)
    msg = str(e.value)
    assert en in msg
    assert not re.search(r"\b1 cards\b|\b8 - |\(s\)|unseen", msg), msg  # no jargon, no arithmetic
    assert fr in say_error(msg, "fr")


def test_the_pegging_analyzer_shows_the_plain_reason() -> None:
    from crib.ui.analyze.pegging import PeggingApp

    app = PeggingApp()
    app.text.value = "hand 4H 6D | pile KS QS TD | starter 2S | opp 1"
    status = html.unescape(app.status.value)
    assert "there should be 5: each player starts the play with 4 cards" in status
    assert "8 - 2" not in status and "holds 1 cards" not in status


def test_the_trainers_verdict_carries_the_range_tip() -> None:
    from crib.course.questions import question_from_dict
    from crib.course.questions.base import Result
    from crib.ui.trainer.render import discard_result_html

    q = question_from_dict(
        dict(
            kind="discard",
            six="5H 5D JC QS 2H 9C",
            dealer=True,
            best="9C 2H",
            ranking=[["9C 2H", 12.0, 8.0, 4.0], ["5H 5D", 9.0, 4.0, 5.0]],
            gap=3.0,
            explain="",
        )
    )
    r = Result("discard", "5H 5D", False, 1.2, cards=tuple(parse_cards("5H 5D")))
    for lang, tip in (("en", "mistake: 0.5 to less than 1.5"), ("fr", "erreur\u00a0: perte")):
        out = html.unescape(discard_result_html(q, r, plain=True, lang=lang))
        assert '✘ <details class="crib-grade-tip"' in out and f'title="{tip}' in out, lang
