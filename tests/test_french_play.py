"""The play page in French (issue #24, point 8): a whole seeded game against the computer
with lang="fr" whose widgets never show an English sentence of the catalog, manual
counting and its errors in French, a classmate game's prompts and captions in French, and
the page's language taken from the URL (play.ipynb?lang=fr)."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

import ipywidgets as w
import pytest
from babel.messages.pofile import read_po

from crib import i18n
from crib.analysis.models import TIERS
from crib.store.duels import DuelStore
from crib.ui.kit.say import record_error as duel_error
from crib.ui.play.app import PlayApp
from crib.ui.play.duel import DuelApp
from crib.ui.play.page import PlayPage, play_page


@cache
def english_sentences() -> tuple[str, ...]:
    """The catalog's English strings that a French page must not show: more than three
    words, a French translation that differs, their {fields} cut out (the longest piece
    of plain words stands for the string)."""
    with open(i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / "crib.po", "rb") as f:
        po = read_po(f)
    out = set()
    for m in po:
        if not m.id or not isinstance(m.id, str) or not m.string or m.string == m.id:
            continue
        piece = max(re.split(r"\{[^}]*\}", m.id), key=len).strip(" .,:;()")
        if len(piece.split()) > 3:
            out.add(piece)
    return tuple(sorted(out))


def visible(widget: w.Widget) -> str:
    """The text of every widget under ``widget`` a reader sees or hears: HTML values
    (tags and style sheets out, aria labels in), descriptions, placeholders, options."""
    parts: list[str] = []
    stack = [widget]
    while stack:
        x = stack.pop()
        if getattr(getattr(x, "layout", None), "display", None) == "none":
            continue
        stack.extend(c for c in getattr(x, "children", ()) if isinstance(c, w.Widget))
        for attr in ("description", "placeholder"):
            parts.append(str(getattr(x, attr, "") or ""))
        parts.extend(
            str(o[0] if isinstance(o, tuple) else o) for o in getattr(x, "options", ()) or ()
        )
        value = getattr(x, "value", "")
        if isinstance(x, w.HTML) and isinstance(value, str):
            value = re.sub(r"<style>.*?</style>", " ", value, flags=re.S)
            # "How this was computed" (collapsed) is read too: the analyses' notes are French
            labels = re.findall(r'aria-label="([^"]*)"', value)
            parts += [*labels, re.sub(r"<[^>]+>", " ", value)]
    return re.sub(r"\s+", " ", html.unescape(" ".join(parts)))


def english_in(text: str) -> list[str]:
    return [s for s in english_sentences() if s in text]


def test_the_check_finds_english() -> None:
    assert len(english_sentences()) > 200
    en = PlayApp(seed=11, tier=TIERS["easy"])
    assert english_in(visible(en))  # the English page is caught


def _step(app: PlayApp) -> None:
    c = app.controller
    if c.phase == "discard":
        app.click_card(0)
        app.click_card(1)
        app.act("enter")
    elif c.phase == "play":
        v = c.view()
        app.click_card(v.legal[-1]) if v.legal else app.act("g")
    elif c.phase == "count":
        app.count_text.value = "0"  # an undercount, unless the hand is worth nothing
        app.count_it()
    else:
        app.act("n")


def test_a_whole_game_against_the_computer_in_french() -> None:
    app = PlayApp(seed=11, tier=TIERS["easy"], lang="fr")
    seen: dict[str, str] = {}
    for _ in range(600):
        phase = app.controller.phase
        if phase not in seen or phase in ("play", "hand_over"):
            text = visible(app)
            assert english_in(text) == [], (phase, english_in(text))
            seen[phase] = text
        if phase == "over":
            break
        _step(app)
        if app.status.value:  # a refused move would say so in French
            assert not english_in(visible(app.status))
    assert app.controller.phase == "over"
    assert "Jetez deux cartes" in seen["discard"] and "Adversaire" in seen["discard"]
    assert "Compte" in seen["play"] and "Carte de départ" in seen["play"]
    assert "Bilan de la donne 1" in seen["hand_over"] and "Le décompte" not in seen["cut"]
    over = seen["over"]
    assert "Bilan de la partie : vos décisions les plus coûteuses d’abord" in over
    assert re.search(r"Vous gagnez|Facile gagne", over) and "Vérifié" in over
    assert any(w_ in over for w_ in ("Mieux :", "Meilleur écart", "Meilleure carte"))
    assert "quinze deux" in " ".join(app.controller.table.captions) or "quinze" in over


def test_manual_counting_muggins_and_errors_in_french() -> None:
    app = PlayApp(seed=5, tier=TIERS["easy"], lang="fr", manual=True, muggins=True)
    while app.controller.phase != "discard":
        app.act("n")
    app.act("enter")
    assert "choisissez deux cartes à jeter" in app.status.value
    for _ in range(200):
        if app.controller.phase == "count":
            break
        _step(app)
    assert app.controller.phase == "count" and "Comptez votre" in app.prompt_html.value
    assert (
        app.count_button.description == "Compter" and app.count_text.description == "Votre compte"
    )
    app.count_text.value = "lots"
    app.count_it()
    assert "pas «\u00a0lots\u00a0»" in app.status.value
    app.count_text.value = "30"
    app.count_it()
    assert "29 au plus" in app.status.value
    app.count_text.value = "0"
    app.count_it()
    said = visible(app)
    assert re.search(r"Juste : 0\.|Vous avez oublié \d+ .*Muggins ! L’ordinateur prend", said), said
    assert english_in(said) == []


def test_the_page_follows_the_url() -> None:
    page = play_page()
    assert isinstance(page, PlayPage) and page.app.lang == "en"
    first = page.app
    page.apply_query("seed=9&tier=normal")  # same language: the game set up in place
    assert page.app is first and first.controller.seed == 9
    page.apply_query("seed=9&tier=normal&lang=fr")
    app = page.app
    assert app is not first and app.lang == "fr" and app.controller.seed == 9
    assert app.controller.tier.key == "normal" and app.tier.description == "Adversaire"
    assert (
        "Jouer au cribbage avec le coach" in page.intro.value
        and 'aria-current="true">Français' in page.switch.value
    )
    assert "lang=fr" in app.game_html.value  # the replay link keeps the language
    assert english_in(visible(page)) == []
    page.apply_query("start=200-1&lang=fr")  # bad input: a French message, no traceback
    assert "les scores de départ sont deux nombres" in app.status.value


def _duel(db: Path, name: str) -> DuelApp:
    app = DuelApp(lambda: DuelStore(db), lang="fr")
    app.name_text.value = name
    return app


def test_a_classmate_game_speaks_french(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    ann, bob = _duel(db, "Ann"), _duel(db, "Bob")
    assert english_in(visible(ann)) == [] and ann.create_button.description == "Créer une table"
    bob.code_text.value = "QQ0Q"
    bob.join()
    assert "un code de table fait 4 lettres et chiffres" in bob.entry_status.value
    ann.create()
    assert ann.seat is not None and "en attente de votre camarade" in ann.prompt_html.value
    assert "lang=fr" in ann.url.query
    bob.code_text.value = ann.seat.code
    bob.join()
    ann.poll_once()
    for app in (ann, bob):
        assert "Jetez deux cartes" in app.prompt_html.value
        assert app.action_button.description in ("Jeter 2 à votre crib", "Jeter 2 à son crib")
        assert english_in(visible(app)) == []
    ann.act()
    assert "choisissez deux cartes à jeter, puis Jeter" in ann.status.value
    for app in (ann, bob):
        app.click_card(0)
        app.click_card(1)
        app.act()
    ann.poll_once()
    bob.poll_once()
    caps = ann.captions_html.value + bob.captions_html.value
    assert "Vous jetez" in caps and "La carte de départ est" in caps
    for app in (ann, bob):
        assert english_in(visible(app)) == []
    bob.leave()
    ann.poll_once()
    assert (
        "Bob a quitté la table" in ann.header_html.value
        and "Vous avez quitté la table" in bob.entry_status.value
    )
    ann.abandon()
    assert (
        "Cette partie a été abandonnée\u00a0: Ann a abandonné la partie." in ann.prompt_html.value
    )


@pytest.mark.parametrize(
    "english, french",
    [
        ("table K7QW is taken", "la table K7QW est prise"),
        (
            "Ann is already at table K7QW: type your own name",
            "Ann est déjà à la table K7QW\u00a0: tapez votre propre nom",
        ),
        (
            "the name is empty: type a name of 1 to 40 characters",
            "Votre nom est vide\u00a0: tapez un nom de 1 à 40 caractères.",
        ),
        ("something new", "something new"),
    ],
)
def test_the_records_errors_are_shown_in_french(english: str, french: str) -> None:
    assert duel_error(english, "fr") == french
