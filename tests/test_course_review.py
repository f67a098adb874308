"""The independent review of the course (issue #38, point 6): each class of error the
reviewer found, checked over every lesson and printable in both languages.

* French slides, keys and printables use the glossary's words and typography, face cards
  included (R♠ D♥ V♦, never K♠ Q♥ J♦), and say « commence » for who leads after a go;
* English text never puts a space before « : ; ? ! »;
* a key shows an answer the way its sheet asks it (a choice's letter, a throw's cards);
* a choice's letter never ends a printed line apart from its words;
* a question never calls a few cards "all the cards of the play" (a two-player play is
  eight cards), and no tactic borrows the name of the last-card rule;
* the tournament's 61-point skunk is crib's, not the ACC's, which plays to 121;
* the Learn page quotes the last-card rule from the rules bank.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from crib.course import questions as quiz
from crib.course.guide import guide
from crib.course.guide.text import sections
from crib.course.lessons import LESSONS, lesson
from crib.course.printables import KINDS
from crib.course.printables.handouts import TACTICS
from crib.course.printables.sheets import build
from crib.course.rules_bank import statement
from crib.rules.cards import cards_pretty
from crib.rules.words import local_cards
from crib.ui.learn.content import learn_html
from tests.test_french_glossary import english_words, french_text, glossary, typography_faults

LANGS = ("en", "fr")
RULE_NUMBER = re.compile(r"\b(?:ACC|ACC rule|règle ACC) \d+\.\d+")  # "ACC rule 7.1" keeps its point


@cache
def printed(kind: str, lang: str) -> tuple[str, ...]:
    return tuple(build(kind, lang=lang, seed=7, paper="a4").texts())


def lesson_texts(lang: str) -> list[str]:
    out = []
    for n in LESSONS:
        les = lesson(n, lang)
        for s in les.slides:
            out += [s.title, s.text, *(p.text for p in s.parts)]
        out += [it.explain for it in les.practice + les.exit_ticket]
        out += [e.said for e in les.examples]
    return [t for t in out if t]


# the printables with words (the worksheets are hands and their computed counts)
WORDY = tuple(k for k in KINDS if not k.startswith("worksheet"))


def course_texts(lang: str) -> list[str]:
    texts = lesson_texts(lang)
    for kind in WORDY:
        texts += printed(kind, lang)
    return list(dict.fromkeys(texts))


# --- French: the glossary's words and typography, on the slides and on paper --------------


def french_faults(text: str) -> list[str]:
    s = RULE_NUMBER.sub("ACC x", text)
    out = [
        f"[{t['key']}] {f['why']}"
        for t in glossary()["terms"]
        for f in t["forbidden"]
        if re.search(f["regex"], french_text(s))
    ]
    out += typography_faults(s) + [f"English {w!r}" for w in english_words(s)]
    if re.search(r"\brejoue\b|\b[Ss]uites? doubles?\b|D-R-As\b", s):
        out.append("« rejoue » (the lead), « suite double » or « D-R-As »: the lessons differ")
    return out


def test_french_course_text_keeps_the_glossarys_words_and_typography() -> None:
    hits = [f"{t!r}: {f}" for t in course_texts("fr") if (f := french_faults(t))]
    assert not hits, "\n".join(hits[:40])


def test_the_french_check_sees_what_the_reviewer_found() -> None:
    assert french_faults("K♣\u00a0: 10") and french_faults("garder 5♥ J♣ Q♠")
    assert french_faults("le joueur qui n’a pas joué la dernière carte rejoue le premier")
    assert french_faults("Une suite double (4-5-5-6)") and french_faults("D-R-As n’est pas")
    assert not french_faults("R♣\u00a0: 10 (règle ACC 7.1)")


def test_french_slides_name_face_cards_the_french_way() -> None:
    for n in LESSONS:
        en, fr = lesson(n, "en"), lesson(n, "fr")
        for a, b in zip(en.slides, fr.slides, strict=True):
            for x, y in zip(a.parts, b.parts, strict=True):
                shown = re.findall(r"(?:10|[2-9AJQK])[♠♥♦♣]", x.text)
                assert [local_cards(c, "fr") for c in shown] == re.findall(
                    r"(?:10|[2-9ARDV])[♠♥♦♣]", y.text
                ), (n, x.text, y.text)


def test_english_course_text_puts_no_space_before_a_colon() -> None:
    hits = [t for t in course_texts("en") if re.search(r"[ \u00a0][:;?!]", t)]
    assert not hits, hits[:20]


# --- keys show the answer as the sheet asks it --------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_exit_ticket_key_gives_a_choices_letter_and_a_throws_cards(lang: str) -> None:
    key = " ".join(printed("exit-tickets", lang)).replace("\u00a0", " ")
    answer = "Answer:" if lang == "en" else "Réponse :"
    for n in LESSONS:
        for it in lesson(n, lang).exit_ticket:
            q = it.question
            if isinstance(q, quiz.RulesQuestion):
                shown = f"{answer} {'ABCD'[q.answer]}. {q.best}"
            elif isinstance(q, quiz.DiscardQuestion):
                shown = f"{answer} {local_cards(cards_pretty(q.best), lang)}"
            else:
                shown = f"{answer} {it.answer}"
            assert shown.replace("\u00a0", " ") in key, (n, shown)
    assert not re.search(r"\b[2-9TJQKA][CDHS] [2-9TJQKA][CDHS]\b", key)  # no typed codes


@pytest.mark.parametrize("lang", LANGS)
def test_a_choices_letter_never_ends_a_printed_line(lang: str) -> None:
    for kind in ("exit-tickets", "quiz-1", "quiz-2"):
        hits = [t for t in printed(kind, lang) if re.search(r"(?:^|\s)[A-D]\.$", t)]
        assert not hits, (kind, hits)


# --- questions and tactics say what the rules say ------------------------------------------


def test_only_eight_cards_are_all_the_cards_of_the_play() -> None:
    """A two-player play is eight cards; a question showing fewer says they are the cards
    since the count last started at 0."""
    for lang, words in (("en", "all the cards of the play"), ("fr", "toutes les cartes du jeu")):
        text = " ".join(printed("quiz-2", lang))
        assert words not in text, lang


def test_no_tactic_borrows_the_name_of_the_last_card_rule() -> None:
    """« Last card » is a rule (1 point); a tactic about the card just played says so."""
    assert not any("last card" in t for t in TACTICS["en"])
    assert not any("dernière carte" in t for t in TACTICS["fr"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_61_point_skunk_is_cribs_and_the_acc_plays_to_121(lang: str) -> None:
    said = statement("tournament scoring", lang)
    acc, ours = re.split(r"[ \u00a0]?; ", said, maxsplit=1)
    assert "121" in acc and "61" not in acc and "30" not in acc, acc  # 2, 3 and 0 game points
    assert "61" in ours and "30" in ours, ours  # crib's 61-point skunk line


@pytest.mark.parametrize("lang", LANGS)
def test_the_learn_page_quotes_the_last_card_rule(lang: str) -> None:
    page = re.sub(r"\s+", " ", learn_html(lang).replace("\u00a0", " "))
    assert re.sub(r"\s+", " ", statement("last card", lang).replace("\u00a0", " ")) in page


# --- a key does not leave one answer alone on a page -------------------------------------


@pytest.mark.parametrize(
    ("kind", "lang", "paper"),
    [("quiz-2", "fr", "a4"), ("quiz-2", "fr", "letter"), ("quiz-2", "en", "letter"),
     ("pegging", "en", "a4")],
)  # fmt: skip
def test_a_key_that_fits_one_page_with_tighter_gaps_takes_one_page(
    kind: str, lang: str, paper: str
) -> None:
    """Quiz 2's key spilled its last answer, the pegging key its last row, onto a page of
    their own: the layout tries tighter gaps before adding a page."""
    d = build(kind, lang=lang, seed=7, paper=paper)
    assert [p.section for p in d.pages].count("key") == 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_names_a_practice_item_as_the_slides_do(lang: str) -> None:
    """« Exercice 5 » in the guide's answers is « Exercice 5 sur 10 » on the projector."""
    les = lesson(1, lang)
    word = next(s.title for s in les.slides if s.kind == "practice").split()[0]
    answers = sections(guide(1, lang), lang)[-1][1]
    assert answers[0].startswith(f"{word} 1. "), answers[0]


def test_the_guide_says_a_card_near_31_pegs_what_it_makes_and_the_go_comes_after() -> None:
    """« What does it peg? » at 29 or 30 asks the card's points; the guide tells the teacher
    that the go is pegged later, when the other player says go."""
    lines = " ".join(dict(sections(guide(3, "en"), "en"))["Common misconceptions"])
    assert "The go is pegged when the other player says go" in lines
