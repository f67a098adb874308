"""The rendered French pages speak one French (issue #37, point 5): no English word and no
term outside the glossary.

Each page's app is built with ``lang="fr"`` (home, learn, guide, play through a hand,
trainer, teacher, the four analyzers) and everything a person reads or hears is
gathered: the HTML's text (SVG labels and chart texts included), its ``aria-label``,
``title`` and ``alt`` attributes, the widgets' descriptions, tooltips, placeholders,
choices and tab titles, and the chart summaries; the nav bar, the language switch, and
the page template's tab titles and screen-reader words.  Masked first: what is not French
text (style sheets, scripts, the switch's own « English » link and other ``lang="en"``
parts, placeholders, file names, code names, what a player types in the position box,
card codes): the glossary test's :func:`~tests.test_french_glossary.french_text`.

Three checks on that text: no word of an English list (the glossary's ``english_never``
plus the words testers found: Count, Play, king, diamonds, Loading...), no variant the
glossary forbids (« passe » for go, « planchette », « entraîneur », K/Q/J on a card), and
none of the awkward phrases testers found (« 1 point perdus », « 2 points ½ »...).
"""

from __future__ import annotations

import html
import re
from functools import cache

import ipywidgets as w
import pytest

from crib.ui.kit.cardview import card_name
from tests.test_french_glossary import french_text, glossary

# words testers found on French pages, beyond the glossary's english_never
EXTRA = (
    "Count", "Play", "Loading", "Home", "Learn", "Lessons", "Language", "selected", "playable",
    "slider", "face-down", "king", "queen", "jack", "ace", "diamonds", "hearts", "spades", "clubs",
    "what", "which", "from", "for", "to", "it", "not", "are", "was", "be", "by", "Analyze",
    "Teach", "Cut", "Hint", "Crib odds", "Discards", "Traps", "selfplay", "self-play",
)  # fmt: skip


# the awkward phrases testers found (issue #37): a plural after 1, « 2 points ½ », a
# pronoun for a card, French set in capitals, « Ensuite : » for the next best
AWKWARD = tuple(
    re.compile(p)
    for p in (
        r"\b1 points? perdus\b",
        r"\d\s*(?:points?\s*)?½",
        r"\bcliquez-la\b",
        r"\bMAIN DE\b|\bMain de Maître\b",
        r"\bEnsuite\s*:\s*(?:jetez|jouez|gardez)",
    )
)


@cache
def english_rx() -> re.Pattern[str]:
    words = sorted({*glossary()["english_never"], *EXTRA}, key=len, reverse=True)
    return re.compile(r"(?<![\w’'-])(" + "|".join(map(re.escape, words)) + r")(?![\w’'-])", re.I)


@cache
def forbidden() -> tuple[tuple[str, re.Pattern[str], str], ...]:
    return tuple(
        (t["key"], re.compile(f["regex"]), f["why"])
        for t in glossary()["terms"]
        for f in t["forbidden"]
    )


_ATTRS = re.compile(r'\b(?:aria-label|title|alt|data-fr-title)="([^"]*)"')


def html_text(h: str) -> str:
    """What a person reads or hears in ``h``: its text and its labels (not its style, its
    scripts, nor its English parts: the switch's « English », the skeleton's English)."""
    h = re.sub(r"<(style|script)\b.*?</\1>", " ", h, flags=re.S)
    h = re.sub(r'<(\w+)[^>]*\blang="en"[^>]*>.*?</\1>', " ", h, flags=re.S)
    labels = _ATTRS.findall(h)
    return html.unescape(" ".join([*labels, re.sub(r"<[^>]+>", " ", h)]))


def page_text(widget: w.Widget) -> str:
    """Everything ``widget`` and its children show or say, on one line."""
    out: list[str] = []
    stack = [widget]
    while stack:
        x = stack.pop()
        if not isinstance(x, w.Widget) or getattr(x.layout, "display", None) == "none":
            continue  # a hidden widget is neither seen nor read
        stack.extend(getattr(x, "children", ()) or ())
        value = getattr(x, "value", None)
        if isinstance(x, w.HTML | w.HTMLMath) and isinstance(value, str):
            out.append(html_text(value))
        for attr in ("description", "placeholder", "tooltip"):
            v = getattr(x, attr, None)
            if isinstance(v, str):
                out.append(v)
        out.extend(str(o) for o in getattr(x, "_options_labels", ()) or ())
        if isinstance(x, w.Tab):
            out.extend(x.titles)
        for attr in ("title", "legend"):  # the heat grid's title and legend
            v = getattr(x, attr, None)
            if isinstance(v, str):
                out.append(html_text(v))
    return re.sub(r"\s+", " ", " ".join(out))


def faults(text: str) -> list[str]:
    """The English words and the forbidden variants in ``text`` (code and syntax masked),
    each with the words around it."""
    s = french_text(text)

    def around(m: re.Match[str]) -> str:
        return s[max(0, m.start() - 60) : m.end() + 40]

    found = [f"English «{m.group(1)}»: …{around(m)}…" for m in english_rx().finditer(s)]
    found += [
        f"[{key}] {why}: …{around(m)}…" for key, rx, why in forbidden() if (m := rx.search(s))
    ]
    found += [f"awkward «{m.group()}»: …{around(m)}…" for rx in AWKWARD for m in rx.finditer(s)]
    return found


def assert_french(widget_or_text: w.Widget | str, where: str) -> None:
    text = widget_or_text if isinstance(widget_or_text, str) else page_text(widget_or_text)
    found = faults(text)
    assert not found, f"{where}:\n" + "\n".join(found[:20])


# --- the check itself --------------------------------------------------------------------


def test_the_check_finds_english_and_variants_and_spares_code() -> None:
    assert faults("Count 0") and faults("2 of diamonds") and faults("MAIN DE MAÎTRE: the hand")
    assert faults("sur la planchette") and faults("dites « passe »") and faults("K♠ Q♥")
    assert faults("Play · crib") and faults("Comment c’est calculé : selfplay")
    assert faults("1 point perdus") and faults("2 points ½") and faults("Main de Maître")
    assert not faults("Compte 0, roi de carreau, R♠ D♥ V♦, dites go, sur la planche")
    assert not faults("peg_ev, data/pegging_ev.csv, « hand 4H 6D | starter 2S | opp 4 »")
    assert not faults(html_text('<nav><a lang="en">English</a><a lang="fr">Français</a></nav>'))
    assert "roi de carreau" in html_text('<svg aria-label="roi de carreau"></svg>')


# --- the pages -----------------------------------------------------------------------------


def test_the_nav_bar_the_switch_and_the_tab_titles_in_french() -> None:
    from crib.i18n import tr, trp
    from crib.tools.serve import TEMPLATE_DIR
    from crib.ui.kit.lang import switch_html
    from crib.ui.kit.nav import ANALYZERS, nav_html

    for active in ("home", "play", "practice", "analyze", "teach", "learn"):
        for current in (None, *ANALYZERS) if active == "analyze" else (None,):
            assert_french(html_text(nav_html(active, current, "fr")), f"nav {active} {current}")
    assert_french(html_text(switch_html("fr", "seed=3&lang=fr")), "the switch")
    t = (TEMPLATE_DIR / "index.html.j2").read_text()
    fr = dict(re.findall(r"'([^']+)': '([^']+)'", re.search(r"set crib_fr = \{(.*?)\} -%", t)[1]))
    titles = dict(re.findall(r"'(\w+)': '([^']+)'", re.search(r"crib_titles = \{(.*?)\}", t)[1]))
    assert {"index", "play", "learn", "guide", "trainer", "teacher"} <= set(titles)
    for page, title in titles.items():  # each tab's title, and the words said to a reader
        assert fr[title] in (tr("fr")(title), trp("fr")("nav", title)) and fr[title] != title
        assert_french(f"{fr[title]} · crib", f"the tab title of {page}")
    for words in ("Count {count}", "selected", "playable", "not playable", "slider"):
        assert fr[words] == tr("fr")(words) != words and not faults(fr[words]), words
    assert "said.count.replace('{count}', now)" in t and "document.title" in t


def test_card_names_in_french() -> None:
    from crib.rules.cards import DECK
    from crib.ui.kit.cardview import CardButton, card_back_svg

    names = [card_name(c, "fr") for c in DECK]
    assert "roi de carreau" in names and "as de pique" in names and "2 de cœur" in names
    assert_french(" ; ".join(names), "card names")
    b = CardButton("fr")
    b.set_card(DECK[-1])  # the king of spades
    assert (b.description, b.tooltip) == ("R♠", "roi de pique")
    assert 'aria-label="carte face cachée"' in card_back_svg("pile", "fr")


def test_home_learn_and_guide_pages_in_french() -> None:
    from crib.ui.kit.home import PARTS, HomeTexts
    from crib.ui.kit.nav import nav_bar
    from crib.ui.learn.page import LearnPage, StartHere
    from crib.ui.lessons import GuidePage

    home = HomeTexts(nav=nav_bar("home"))
    counter, ladder = home.counter(), home.ladder()
    home.apply_query("lang=fr")
    for part in PARTS:
        assert_french(home.part(part), f"home {part}")
    assert_french(counter, "home: the hand counter")
    assert_french(ladder, "home: the ladder")
    start = StartHere()
    start.apply_query("lang=fr")
    assert_french(start, "home: start here")
    nav = nav_bar("learn")
    learn = LearnPage(nav=nav)
    learn.apply_query("lang=fr")
    assert_french(learn, "learn")
    assert_french(html_text(nav.value), "learn: the nav bar")
    nav = nav_bar("teach")
    guide = GuidePage(nav=nav)
    guide.apply_query("lang=fr")
    assert guide.children[0] is guide.switch and "Français" in guide.switch.value
    assert_french(guide, "guide")
    assert_french(html_text(nav.value), "guide: the nav bar")


def _step(app) -> None:  # type: ignore[no-untyped-def]
    c = app.controller
    if c.phase == "discard":
        app.click_card(0)
        app.click_card(1)
        app.act("enter")
    elif c.phase == "play":
        v = c.view()
        app.click_card(v.legal[-1]) if v.legal else app.act("g")
    else:
        app.act("n")


@pytest.mark.parametrize("plain", [True, False])
def test_the_play_page_in_french_through_a_hand(plain: bool) -> None:
    from crib.ui.play.page import play_page

    page = play_page()
    page.apply_query("seed=11&tier=easy&lang=fr")
    app = page.app
    app.plain_box.value = plain  # plain words, or the coach's exact sentences
    seen: set[str] = set()
    for _ in range(120):
        phase = app.controller.phase
        if phase not in seen or phase == "play":
            seen.add(phase)
            assert_french(page, f"play ({phase})")
        if phase == "hand_over":
            break
        _step(app)
    assert {"discard", "play", "hand_over"} <= seen, seen
    tips = [b.tooltip for b in app.hand.buttons if b.layout.display != "none"]
    assert tips and all(" de " in t for t in tips), tips  # « 2 de carreau », not "2 of diamonds"


def test_the_trainer_and_the_teacher_in_french(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from crib.store.classroom import Store
    from crib.ui.teacher.app import TeacherApp
    from crib.ui.trainer.app import TrainerApp

    app = TrainerApp(seed=4, lang="fr")
    for kind, _v in app.kind.options:
        app.kind.value = _v
        assert_french(app, f"trainer {kind}")
        q = app.current
        if _v == "count":
            app.count_box.value = "0"
            app.answer_count()
        elif _v in ("discard", "peg"):
            app._answer(q.ranking[-1].cards if _v == "discard" else q.options[-1].card)
        elif _v == "rules":
            app.answer_rule(q.answer)
        assert_french(app, f"trainer {kind}, answered")
    teacher = TeacherApp(store=Store(tmp_path / "c.sqlite3"), lang="fr")
    teacher.create()
    teacher.refresh()
    assert_french(teacher, "teacher")


def test_the_analyzers_in_french() -> None:
    from crib.ui.analyze.crib_odds import CribOddsApp
    from crib.ui.analyze.discard import DiscardApp
    from crib.ui.analyze.pegging import PeggingApp
    from crib.ui.analyze.traps import TrapExplorerApp

    for make in (DiscardApp, PeggingApp, CribOddsApp, TrapExplorerApp):
        app = make(lang="fr")
        assert_french(app, make.__name__)
    odds = CribOddsApp(lang="fr")
    for _name, key in odds.source.options:
        odds.source.value = key
        assert_french(odds, f"crib odds {key}")
    discard = DiscardApp(lang="fr")
    discard.use_scores.value, discard.my_score.value, discard.opp_score.value = True, 110, 100
    assert_french(discard, "discard analyzer near 121")


def test_a_classmate_game_in_french(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from crib.store.duels import DuelStore
    from crib.ui.play.duel import DuelApp

    ann, bob = (DuelApp(lambda: DuelStore(tmp_path / "c.sqlite3"), lang="fr") for _i in "ab")
    ann.name_text.value, bob.name_text.value = "Ann", "Bob"
    assert_french(ann, "classmate game: the way in")
    ann.create()
    bob.code_text.value = ann.seat.code
    bob.join()
    ann.poll_once()
    for app in (ann, bob):
        app.click_card(0)
        app.click_card(1)
        app.act()
    ann.poll_once()
    bob.poll_once()
    assert_french(ann, "classmate game: the play")
    tips = [b.tooltip for b in ann.hand.buttons if b.layout.display != "none"]
    assert tips and all(" de " in t for t in tips), tips
