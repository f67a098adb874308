"""Issue 40, point 1: each shipped puzzle's answer in plain words, in English and French.

Every puzzle has them in both languages, the French has no English left, a sample is
what ``crib puzzles words`` writes today, and on a sample every fact the words state is
checked against the rules (computed here, not by the module that wrote them): the points
a card pegs, the count it leaves, what the opponent's cards could score on it, what the
kept four score before the cut, what the throw holds, whose crib it goes to."""

from __future__ import annotations

import json
import random
import re
from functools import cache
from pathlib import Path

import pytest

from crib import i18n
from crib.analysis.formations import find_formations
from crib.analysis.puzzles.model import DATA_FILE, Puzzle, load_puzzles
from crib.analysis.puzzles.plain import plain_words
from crib.analysis.puzzles.plain_facts import keep_parts, keep_points, play_facts, throw_feats
from crib.rules.cards import parse_card, parse_cards
from crib.rules.pegging import fits
from crib.rules.scoring import peg_parts, rank_points

SHIPPED = Path(__file__).resolve().parents[1] / "data" / DATA_FILE
VALUE = {"an ace": 1, "a 10 or a face card": 10, **{f"a {v}": v for v in range(2, 10)}, "an 8": 8}


@cache
def shipped() -> tuple[Puzzle, ...]:
    return load_puzzles(SHIPPED)


def _sample(kind: str, n: int, seed: int = 40) -> list[Puzzle]:
    ps = [p for p in shipped() if p.kind == kind]
    return random.Random(seed).sample(ps, n)


def test_every_puzzle_has_plain_words_in_both_languages() -> None:
    for p in shipped():
        assert p.plain.keys() == {"en", "fr"}, p.id
        en, fr = p.plain["en"], p.plain["fr"]
        assert en and fr and en != fr and en != p.words["en"], p.id
        assert 1 <= len(re.findall(r"[.!?](?:\s|$)", en)) <= 4, (p.id, en)


def test_no_english_is_left_in_the_french_plain_words() -> None:
    never = json.loads((i18n.LOCALE_DIR / "fr" / "glossary.json").read_text("utf-8"))
    words = [*never["english_never"], "keep", "instead", "opponent", "worse", "average", "pegs"]
    english = re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")\b", re.IGNORECASE)
    faces = re.compile(r"(?<![\w-])[JQK](?:[♠♥♦♣]|\b)")
    bad = [(p.id, m) for p in shipped() for m in english.findall(p.plain["fr"])]
    assert not bad, bad[:10]
    assert not [p.id for p in shipped() if faces.search(p.plain["fr"])]  # R, D, V in French
    queen = re.compile(r"\bun (?:autre )?D\b")  # a queen is « une dame »
    assert not [p.id for p in shipped() if queen.search(p.plain["fr"])]
    nbsp = [p.id for p in shipped() if re.search(r" [:;!?%]", p.plain["fr"])]
    assert not nbsp, nbsp[:10]  # a no-break space before : ; ! ? %
    # what a French reader caught: « pour quinze » (a number, not a fifteen) and « moins
    # d'un demi-point de moins »
    clumsy = re.compile(r"pour quinze\b|demi-point de moins|de moins de moins")
    assert not [p.id for p in shipped() if clumsy.search(p.plain["fr"])]


def test_a_sample_is_what_the_words_step_writes_today() -> None:
    for p in _sample("discard", 6) + _sample("play", 30):
        assert plain_words(p) == p.plain, p.id


def _cards_after(text: str, head: str) -> list[str]:
    m = re.search(re.escape(head) + r" ((?:\S+[♠♥♦♣] ?)+)", text)
    assert m, (head, text)
    return m.group(1).split()


def _play_claims(p: Puzzle, text: str, card: str, runner: bool) -> None:
    """What the words say ``card`` pegs now (the answer's "Play 5♣: it pegs 2 now for
    fifteen", the next best's "9♠ instead scores nothing now"), checked by the rules."""
    pos = p.pegging()
    c = parse_card(card)
    count = pos.count + c.value
    ranks = (*(x.rank for x in pos.pile), c.rank)
    pile_pts = sum(pts for _k, _n, pts in peg_parts(ranks, count))
    head = re.escape(c.pretty) + (" instead" if runner else ": it")
    m = re.search(head + r" pegs (\d+) (?:now )?for ([^,.:]+)", text)
    if m:
        n, what = int(m.group(1)), m.group(2)
        assert pile_pts <= n <= pile_pts + 1, (p.id, text)  # +1: the last card
        assert ("fifteen" in what) == (count == 15), (p.id, text)
        assert ("thirty-one" in what) == (count == 31), (p.id, text)
        assert ("a pair" in what) == (len(ranks) > 1 and ranks[-2] == ranks[-1]), (p.id, text)
        assert ("the last card" in what) == (n == pile_pts + 1), (p.id, text)
    else:
        assert pile_pts == 0, (p.id, text)
        lead = not runner and text.startswith(f"Lead {c.pretty}:")
        assert lead or re.search(head + " scores nothing now", text), (p.id, text)


def _threat_claims(p: Puzzle, clause: str, count: int, played: int) -> None:
    """'where a 5 makes 15 or another 6 makes a pair': each is a card the opponent may
    hold, that fits, and scores so."""
    pos = p.pegging()
    unseen = pos.unseen()
    ten = "a 10 or a face card"
    for part in clause.replace(ten, "TEN").split(" or "):
        part = part.replace("TEN", ten)
        m = re.fullmatch(r"(.+) makes (15|31)", part)
        if m:
            v = VALUE[m.group(1)]
            assert count + v == int(m.group(2)), (p.id, clause)
            assert any(u.value == v for u in unseen), (p.id, clause)
            continue
        m = re.fullmatch(r"another (\w+) makes (?:a pair|three of a kind|four of a kind)", part)
        if m:
            rank = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(m.group(1)) or int(m.group(1))
            assert rank == played, (p.id, clause)  # a pair of the card just played
            assert any(u.rank == rank and fits(count, u) for u in unseen), (p.id, clause)
            continue
        m = re.fullmatch(r"(.+) makes a run of (\d+)", part)
        assert m, (p.id, clause)


def test_the_facts_a_plays_words_state_are_true() -> None:
    for p in _sample("play", 150, seed=7):
        text = p.plain["en"]
        pos = p.pegging()
        best, nxt = parse_card(p.answer), parse_card(p.runner)
        assert text.startswith((f"Play {best.pretty}:", f"Lead {best.pretty}:")), text
        _play_claims(p, text, p.answer, runner=False)
        _play_claims(p, text, p.runner, runner=True)
        if text.startswith("Lead"):
            assert not pos.pile and best.value < 5
        m = re.search(r"Then the count is (\d+)(?:, where (.+?) for your opponent)?\.", text)
        if m:
            assert int(m.group(1)) == pos.count + best.value, text
            assert not pos.opp_go and pos.opp_count > 0, text
            if m.group(2):
                _threat_claims(p, m.group(2), int(m.group(1)), best.rank)
        m = re.search(r"leaves the count at (\d+), where (.+?) for your opponent", text)
        if m:
            assert int(m.group(1)) == pos.count + nxt.value, text
            _threat_claims(p, m.group(2), int(m.group(1)), nxt.rank)
        if "you take 1 for the go" in text:
            left = [c for c in pos.hand if c != best]
            assert left and not any(fits(pos.count + best.value, c) for c in left), text
            assert pos.opp_go or pos.opp_count == 0
        assert ("chances in 100" in text) == (p.unit == "win"), text
        assert ("takes you to 121" in text) == (
            sum(pts for _k, _n, pts in play_facts(pos, best).parts) + pos.scores[0] >= 121
        )


def test_the_facts_a_discards_words_state_are_true() -> None:
    for p in _sample("discard", 150, seed=7):
        text = p.plain["en"]
        six = p.six()
        throw = parse_cards(p.answer)
        keep = [c for c in six if c not in throw]
        said = _cards_after(text, "Keep")
        assert sorted(said) == sorted(c.pretty for c in keep), text
        flush = 4 if len({c.suit for c in keep}) == 1 else 0
        before = rank_points([c.rank for c in keep]) + flush  # the rules' own scorer
        m = re.search(r"they already score (\d+) points before the cut", text)
        assert (int(m.group(1)) if m else 0) == before, text
        assert keep_points(keep_parts(keep)) == before
        forms = find_formations(keep)
        if forms:
            assert f"a {forms[0].name} for the play" in text, text
        else:
            assert " for the play:" not in text, text
        assert ("into your own crib" in text) == p.dealer, text
        assert sorted(_cards_after(text, "Throw")) == sorted(c.pretty for c in throw), text
        if "no 5, no pair, no 15 and no touching cards" in text:
            a, b = throw
            assert 5 not in (a.rank, b.rank) and a.rank != b.rank, text
            assert a.value + b.value != 15 and abs(a.rank - b.rank) != 1, text
        if "a pair" in text.split("Throw", 1)[1].split(".")[0]:
            assert throw[0].rank == throw[1].rank, text
        assert throw_feats(throw) == [] or "no 5, no pair" not in text
        assert ("Near 121" in text) == (p.unit == "win"), text
        if p.unit == "points":
            r = " ".join(c.pretty for c in sorted(parse_cards(p.runner)))
            assert f"Throwing {r} instead" in text, text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_words_of_a_hand_made_play(lang: str) -> None:
    """A 7 on an 8 pegs a fifteen; the 2 would leave 10, where a 5 makes 15."""
    p = Puzzle(
        "p-test",
        "play",
        False,
        (10, 20),
        "7C 9D 2H 4S",
        "hand 7C 9D 2H 4S | pile 8S | starter KD | opp 3 | scores 10 20",
        "",
        "7C",
        ("7C",),
        "2H",
        1.2,
        "points",
        {},
        1200.0,
        (),
    )
    text = plain_words(p)[lang]
    if lang == "en":
        assert text.startswith("Play 7♣: it pegs 2 now for a fifteen. Then the count is 15")
        assert "2♥ instead scores nothing now and leaves the count at 10, where a 5 makes" in text
        assert text.endswith("it is about 1 point worse over the rest of the play.")
    else:
        # « pour un quinze », not « pour quinze »; and « coûte », never « … de moins de moins »
        assert text.startswith("Jouez 7♣\u00a0: elle marque 2 tout de suite pour un quinze.")
        assert "où un 5 fait 15" in text
        assert text.endswith("elle coûte environ 1 point sur la suite du jeu.")


def test_a_file_written_before_the_plain_words_still_loads(tmp_path) -> None:
    """A line without ``plain`` loads with none, and the page then explains the answer
    with the coach's sentence (crib.ui.puzzles.render.verdict_html)."""
    from crib.analysis.puzzles.model import write_puzzles
    from crib.ui.puzzles.render import verdict_html

    p = shipped()[0]
    old = p.to_json()
    del old["plain"]
    q = Puzzle.from_json(old)
    assert q.plain == {} and q.words == p.words
    write_puzzles(tmp_path / DATA_FILE, [q])
    assert load_puzzles(tmp_path / DATA_FILE)[0] == q
    v = {
        "correct": True,
        "move": p.answer,
        "answer": p.answer,
        "words": p.words["en"],
        "plain": q.plain.get("en", ""),
        "change": 3.0,
        "rating_before": 1500.0,
        "rating_after": 1503.0,
        "figures": {
            "margin": p.margin,
            "unit": p.unit,
            "runner": p.runner,
            "solve": {},
            "puzzle_rating_before": 1200.0,
            "puzzle_rating_after": 1197.0,
        },
    }
    import html

    assert f'<p class="crib-puzzle-words">{html.escape(p.words["en"])}</p>' in verdict_html(v)
    v["plain"] = p.plain["en"]
    shown = verdict_html(v)
    assert f'<p class="crib-puzzle-words">{html.escape(p.plain["en"])}</p>' in shown
    assert shown.index(html.escape(p.words["en"])) > shown.index("How this was computed")


def test_crib_puzzles_words_writes_the_plain_words_again(tmp_path) -> None:
    """The words step alone: the plain words written from the puzzles, nothing else
    changed, and the build note says so."""
    from dataclasses import replace

    from crib.analysis.puzzles.model import write_puzzles
    from crib.tools.cli import main

    some = [_sample("discard", 1)[0], *_sample("play", 2)]
    write_puzzles(tmp_path / DATA_FILE, [replace(p, plain={}) for p in some])
    (tmp_path / "puzzles_build.json").write_text('{"command": "crib puzzles build"}\n')
    assert main(["puzzles", "words", "--out", str(tmp_path), "--quiet"]) == 0
    again = tmp_path / "again.jsonl.gz"  # load_puzzles caches by path: a new one
    again.write_bytes((tmp_path / DATA_FILE).read_bytes())
    assert list(load_puzzles(again)) == some and all(p.plain for p in some)
    note = json.loads((tmp_path / "puzzles_build.json").read_text())
    assert note["command"] == "crib puzzles build" and note["words_command"] == "crib puzzles words"
