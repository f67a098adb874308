"""A beginner alone learns the game in the app (issue #24, point 6): the glossary links,
the how-to-play page (its rules, worked examples and French) and the first game's link."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

import crib
from crib.analysis.models import TIERS
from crib.course.printables.texts import GLOSSARY
from crib.i18n import tr
from crib.rules.pegging import PegState
from crib.rules.scoring import his_heels, score_hand, score_pegging
from crib.ui.kit.glossary import PLAY_TERMS, anchor, definition, mark_terms, term_link, terms_strip
from crib.ui.kit.nav import nav_bar, nav_html
from crib.ui.learn import examples as ex
from crib.ui.learn.content import SECTIONS, first_game_href, learn_html, start_here_html
from crib.ui.learn.page import LearnPage, StartHere

ISSUE_TERMS = ("pone", "crib", "starter", "heels", "nobs", "go", "muggins", "skunk")


def _text(page: str) -> str:
    """What a reader sees: the tags and the SVG titles taken out."""
    page = re.sub(r"<svg.*?</svg>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


# --- the glossary links ----------------------------------------------------------------


def test_a_term_links_to_its_definition_escaped_and_in_the_page_language() -> None:
    a = term_link("heels", "fr")
    assert 'href="learn.ipynb?lang=fr#term-heels"' in a and 'target="_blank"' in a
    assert ">valet retourné</a>" in a and "Si la carte de départ est un valet" in a
    here = term_link("nobs", here=True, text='<b onclick="x">nobs</b>')
    assert 'href="#term-nobs"' in here and "target" not in here
    assert "<b" not in here and "&lt;b onclick=&quot;x&quot;&gt;nobs&lt;/b&gt;" in here
    assert 'title="nobs: The jack of the starter&#x27;s suit' in term_link("nobs")
    with pytest.raises(KeyError, match="no glossary term 'nob': expected one of board"):
        term_link("nob")


def test_marking_terms_escapes_the_text_and_links_each_term_once() -> None:
    out = mark_terms("<script>alert(1)</script> Go for you; go again. His heels & nobs: a skunk")
    assert "<script>" not in out and "&lt;script&gt;" in out and "&amp;" in out
    assert out.count('href="learn.ipynb#term-go"') == 1 and ">Go</a> for you; go again" in out
    for key in ("heels", "nobs", "skunk"):
        assert f"#term-{key}" in out
    assert ">His heels</a>" in out  # the text keeps its case
    assert mark_terms("no terms here, gone forgotten") == "no terms here, gone forgotten"
    strip = terms_strip(lang="fr")
    assert strip.startswith('<div class="crib-terms"><span>Les mots du cribbage\u00a0:</span>')
    assert all(f"#term-{k}" in strip for k in PLAY_TERMS)


def test_every_glossary_term_has_one_anchor_and_a_definition_in_both_languages() -> None:
    ids = [anchor(e.key) for e in GLOSSARY]
    assert len(set(ids)) == len(ids) and "term-nobs" in ids and "term-cut-for-deal" in ids
    assert definition("pone", "fr").startswith("L’adversaire du donneur")


# --- the learn page ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_learn_page_has_each_glossary_term_and_the_way_to_a_first_game(lang: str) -> None:
    page = learn_html(lang)
    for e in GLOSSARY:  # every entry, anchored, with its definition
        assert f'<dt id="{anchor(e.key)}" tabindex="-1">{html.escape(e.term[lang])}</dt>' in page
        assert html.escape(e.definition[lang]) in page
    for key in ISSUE_TERMS:  # the words of the issue are linked where the rules use them
        assert f'href="#{anchor(key)}"' in page, key
    for key, _title in SECTIONS:
        assert f'id="learn-{key}"' in page and f'href="#learn-{key}"' in page
    assert page.count(f'href="{html.escape(first_game_href(lang))}"') == 2
    assert first_game_href("en") == "play.ipynb?tier=easy&tour=1"


def test_the_worked_examples_state_what_the_rules_engine_computes() -> None:
    text = _text(learn_html("en"))
    hand = score_hand("5H 6C 7D JS", "8S")
    assert hand.total == 9 and "Total: 9" in text  # 2 fifteens, a run of four, nobs
    for line in ("fifteen two", "fifteen four", "and a run of four is eight", "and nobs is nine"):
        assert line in text
    flush_hand, flush_crib = (
        score_hand("2H 6H 9H QH", "5C"),
        score_hand("2H 6H 9H QH", "5C", is_crib=True),
    )
    assert (flush_hand.total, flush_crib.total) == (8, 4)
    assert "score 8 as a hand but 4 as a crib" in text
    assert his_heels("JD") == 2 and "the dealer pegs 2 at once, before the play" in text
    assert score_hand("5H 5D 5C JS", "5S").total == 29 and "No hand scores more than 29" in text
    # the whole play, as PegState plays it: the pone pegs a fifteen, the go and another fifteen
    state = PegState.start(ex.PLAY_HANDS, pone=0)
    order = list(ex.parse_cards(ex.PLAY_ORDER))
    while not state.done:
        card = next((c for c in order if c in state.legal()), None)
        if card is not None:
            order.remove(card)
        state, _rec = state.play(card)
    assert state.pegged == (5, 3) and "Pone pegged 5, dealer pegged 3." in text
    for line in (
        "Dealer: 4♦: 8, pair for 2",
        "Pone: 7♣: 15, fifteen for 2",
        "Dealer: go · Pone pegs 1 for the go; the count starts again at 0",
        "Dealer: J♠: 25, last card for 1",
    ):
        assert line in text, line
    assert [p.total for p in ex.peg_examples()] == [score_pegging(p).total for p in ex.PEG_PILES]


def _learn_msgids() -> set[str]:
    pkg = Path(crib.__file__).parent
    out = set()
    for path in ("ui/learn", "ui/kit/glossary.py"):
        root = pkg / path
        files = [root] if root.is_file() else list(root.glob("*.py"))
        for f in files:
            for _file, _line, msg, _c, _ctx in extract_from_dir(
                f.parent, [(f.name, "python")], keywords={"_": None, "N_": None}
            ):
                out.add(msg if isinstance(msg, str) else msg[0])
    return out


def test_the_french_page_shows_no_english_string_of_the_catalog() -> None:
    text = _text(learn_html("fr"))
    fr = tr("fr")
    msgids = _learn_msgids()
    assert len(msgids) > 40
    for m in msgids:
        if fr(m) == m:  # the same in both (2 points, crib) cannot be told apart
            continue
        english = m.split("{")[0].strip()
        if len(english) > 3:
            assert english not in text, m
    assert "Comment jouer au cribbage" in text and "vaut 10" in text
    assert "Total\u00a0: 9" in text and "et le valet fait neuf" in text  # the count said in French
    assert " R♥" in text and "K♥" not in text  # roi, not king
    assert "(needs" not in learn_html("fr") and "double capot" in learn_html("fr")


def test_the_page_and_the_home_entry_follow_the_link_language() -> None:
    page = LearnPage()
    page.follow_link("lang=fr", "term-nobs")
    assert page.lang == "fr" and "Glossaire" in page.view.value
    assert 'aria-current="true">Français' in page.switch.value  # the pages' one switch
    page.follow_link("lang=xx")
    assert page.lang == "en" and "Glossary" in page.view.value
    sw = page.switch.value
    assert 'href="?lang=fr"' in sw and 'aria-current="true">English' in sw
    nav = nav_bar("learn")
    page = LearnPage(nav=nav)
    page.apply_query("lang=fr")  # the nav bar speaks the page's language
    assert page.lang == "fr" and "Comment jouer au cribbage" in page.view.value
    assert ">Apprendre à jouer</a>" in nav.value and "learn.ipynb?lang=fr" in nav.value
    start = StartHere()
    assert 'href="learn.ipynb"' in start.view.value and "Start here" in start.view.value
    start.apply_query("lang=fr")
    assert 'href="learn.ipynb?lang=fr"' in start.view.value and "Commencez ici" in start.view.value
    assert start_here_html("en").count("<a ") == 1
    nav = nav_html("learn")
    assert (
        '<a class="crib-nav-learn" href="learn.ipynb" aria-current="page">Learn to play</a>' in nav
    )


# --- the first game's lessons (tests/test_first_game.py has the rest) ----------------------


def test_the_play_page_opens_its_lessons_from_the_learn_page_link_and_escape_skips() -> None:
    from crib.ui.play.app import PlayApp, apply_query

    app = PlayApp(seed=5, tier=TIERS["normal"])
    assert app.lessons.layout.display == "none"
    apply_query(app, "level=easy&tour=1")
    c = app.controller
    assert c.tier.key == "easy" and c.phase == "lesson" and app.lessons.layout.display is None
    assert (
        c.view().captions[-1].startswith("Hand 1: ")
    )  # cut and dealt: the first lesson is at the throw
    assert app.key_listener.focused == ".crib-lesson-continue"
    assert "#term-crib" in app.lessons.text.value
    app.key_listener.simulate("escape")
    assert c.phase == "discard" and app.lessons.layout.display == "none"
    app.key_listener.simulate("1")  # the game's keys work again
    assert tuple(c.view().selected) == (0,)
    assert "#term-crib" in app.table_html.value and "#term-starter" in app.table_html.value
    assert "#term-crib" in app.prompt_html.value and "Cribbage words:" in app.keys_html.value


def test_the_analyzers_headings_link_their_cribbage_words() -> None:
    from crib.ui.analyze.pegging import PeggingApp
    from crib.ui.analyze.traps import TrapExplorerApp

    for app, keys in (
        (PeggingApp(), ("play", "pone", "go", "starter")),
        (TrapExplorerApp(), ("go", "run")),
    ):
        bar = app.children[0]
        assert "crib-terms-bar" in bar._dom_classes
        assert all(f'href="learn.ipynb#{anchor(k)}"' in bar.value for k in keys)
