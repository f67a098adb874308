"""The coach's and the analyses' detailed words in French (issue #24, point 8).

With ``lang="fr"`` the play page (plain words on and off, hints asked at every
decision) and each analyzer show no English phrase of the catalog in ANY widget's
value, including the closed "How this was computed" (``details.crib-how``); a loaded
game's log lines, its verdict and its errors are French.  English stays as it was.
"""

from __future__ import annotations

import base64
import json
import random
import re

import pytest

from crib.analysis.coach import find_formations, grade_discard, grade_play, hint_discard, hint_play
from crib.analysis.grades import tag_text
from crib.analysis.models import MASTER, TIERS, UNIFORM
from crib.errors import CribError
from crib.rules.cards import parse_card, parse_cards
from crib.rules.events import Cut, GameOver, Played, Shown, describe_event, log_from_json
from crib.session.review import load_saved
from crib.ui.analyze.discard import DiscardApp
from crib.ui.analyze.pegging import PeggingApp
from crib.ui.analyze.traps import TrapExplorerApp
from crib.ui.play.app import PlayApp
from tests.test_french_analyze import english_in, shown
from tests.test_play_controller import _upload

HOW = re.compile(r'<details class="crib-how">.*?</details>', re.S)


def hows(app: PlayApp) -> str:
    """The text of every "How this was computed" on the page (open or closed)."""
    values = [x.value for x in (app.review_html, app.coach_html, app.replay_html)]
    return " ".join(re.sub(r"<[^>]+>", " ", m) for v in values for m in HOW.findall(v))


def _play_through(app: PlayApp, rng: random.Random) -> set[str]:
    """Play to the end asking a hint at every decision; the English found on the way."""
    found: set[str] = set()
    c = app.controller
    for _ in range(600):
        if c.phase == "over":
            break
        if c.phase == "discard" or (c.phase == "play" and c.view().legal):
            app.act("h")
            found |= set(english_in(app))
        if c.phase == "discard":
            for i in (0, 1):  # throw the first two
                app.click_card(i)
            app.act("enter")
        elif c.phase == "play":
            v = c.view()
            app.click_card(rng.choice(v.legal)) if v.legal else app.act("g")
        else:
            app.act("n")
        found |= set(english_in(app))
    assert c.phase == "over"
    return found


@pytest.mark.parametrize("plain, scores", [(False, (70, 70)), (True, (100, 100))])
def test_a_french_game_shows_no_english_even_under_how_this_was_computed(
    plain: bool, scores: tuple
) -> None:
    app = PlayApp(seed=7, tier=TIERS["easy"], lang="fr", plain=plain, scores=scores)
    assert _play_through(app, random.Random(2)) == set()
    for flip in (not plain, plain):  # the review both ways
        app.plain_box.value = flip
        assert english_in(app) == [], (flip, english_in(app))
    how = hows(app)
    assert "Modèle\u00a0: le Maître, le modèle du coach" in how
    # the analysis' own note, in French: a play's holdings (or near 121 its P(win))
    assert re.search(r"moyenne sur les|P\(vous gagnez la partie\)", how), how
    app.plain_box.value = False
    said = shown(app)
    assert re.search(r"coûte|est aussi le choix du Maître", said), said[:2000]


def test_a_loaded_french_game_reads_in_french() -> None:
    app = PlayApp(seed=5, tier=TIERS["normal"], scores=(100, 100))
    rng = random.Random(4)
    while app.controller.phase != "over":
        v = app.controller.view()
        if app.controller.phase == "discard":
            for i in (0, 1):  # throw the first two
                app.click_card(i)
            app.act("enter")
        elif app.controller.phase == "play":
            app.click_card(rng.choice(v.legal)) if v.legal else app.act("g")
        else:
            app.act("n")
    app.save()
    m = re.search(r'base64,([A-Za-z0-9+/=]+)"', app.save_link.value)
    assert m
    data = base64.b64decode(m.group(1))
    fr = PlayApp(seed=1, tier=TIERS["easy"], lang="fr", plain=False)
    fr.load.value = _upload(data)
    text = re.sub(r"<[^>]+>", " ", fr.replay_html.value)
    assert "vérifiées à partir de la graine" in text and "Carte de départ\u00a0:" in text
    assert re.search(r"Joueur jette|Normal jette", text) and " joue " in text
    assert "Starter:" not in text and " plays " not in text and " throws " not in text
    assert english_in(fr) == [], english_in(fr)
    for h in range(2, fr.replay_hand.max + 1):
        fr.replay_hand.value = h
        assert english_in(fr) == [], (h, english_in(fr))
    fr.load.value = _upload(b'{"events": [{"type": "cut"}]}')
    assert (
        "ce n’est pas un journal de partie\u00a0: événement 0 (cut)\u00a0: il manque starter"
        in fr.status.value
    )
    evs = json.loads(data)
    i = next(k for k, e in enumerate(evs["events"]) if e["type"] == "cut")
    evs["events"][i]["starter"] = "KS" if evs["events"][i]["starter"] != "KS" else "QS"
    fr.load.value = _upload(json.dumps(evs).encode())
    assert "Ce journal ne se rejoue pas selon les règles\u00a0: événement" in fr.status.value
    fr.load.value = _upload(b"{oops")
    assert (
        "ce n’est pas une partie enregistrée\u00a0: JSON invalide à la ligne 1, colonne 2"
        in fr.status.value
    )


def test_the_event_lines_in_french_and_english() -> None:
    names = ("Vous", "Maître")
    played = Played(0, parse_card("5H"), 15, 2, "fifteen for 2", (10, 4))
    assert describe_event(played, names) == "  Vous plays 5♥, 15  fifteen for 2 (+2)   [10-4]"
    assert describe_event(played, names, "fr") == "  Vous joue 5♥, 15  quinze pour 2 (+2)   [10-4]"
    assert describe_event(Cut(parse_card("JD")), names, "fr") == "Carte de départ\u00a0: J♦"
    shown_ = Shown(1, "crib", parse_cards("5H 5D 5C JS"), parse_card("5S"), 29, 29, "", (50, 60))
    assert describe_event(shown_, names, "fr").startswith(
        "Maître, crib\u00a0: 5♥ 5♦ 5♣ J♠ + 5♠ = 29"
    )
    assert (
        describe_event(GameOver(0, (121, 58), "double skunk"), names, "fr")
        == "\nVous gagne 121-58 — un double capot\u00a0!"
    )
    assert (
        describe_event(GameOver(0, (121, 58), "double skunk"), names)
        == "\nVous wins 121-58 — a double skunk!"
    )
    with pytest.raises(CribError, match="ce n’est pas un journal de partie\u00a0: une liste"):
        log_from_json("{}", "fr")
    with pytest.raises(CribError, match="pas d’«\u00a0events\u00a0»"):
        load_saved('{"x": 1}', "fr")


def test_the_coach_sentences_in_french() -> None:
    g = grade_discard("5H 5D 6C 7S 8H 9D", "8H 9D", dealer=True, model=UNIFORM, lang="fr")
    assert g.sentence.startswith(
        "Jeter 8♥ 9♦ dans votre crib coûte 3,00 points en moyenne (gaffe)."
    )  # graded as shown: 3,00 is « gaffe » (3 points or more), issue 37
    assert "Gardez" in g.sentence and "modèle du crib\u00a0: les deux cartes" in g.model_note
    en = grade_discard("5H 5D 6C 7S 8H 9D", "8H 9D", dealer=True, model=UNIFORM)
    assert en.sentence.startswith(
        "Throwing 8♥ 9♦ to your crib gives up 3.00 points on average (blunder)."
    )
    pos = "hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4"
    p = grade_play(pos, "9C", model=UNIFORM, lang="fr")
    assert "coûte" in p.sentence and "choix du modèle uniform" in p.sentence
    assert "mains de 4 cartes, également probables" in p.model_note
    assert all(tag_text(t, "fr") != t for t in p.tags)  # said in French, kept in English
    assert hint_discard("5H 5D 6C 7S 8H 9D", True, model=UNIFORM, lang="fr").startswith("Jetez ")
    assert hint_play(pos, model=UNIFORM, lang="fr").startswith("Jouez ")
    assert MASTER.discard.describe("fr").startswith("Modèle\u00a0: le Maître")
    assert find_formations("4H 6D 6S 9C", "fr")[0].explanation.startswith("Avec 4, 6 et 6")
    assert tag_text("left a danger count (21)", "fr") == "laissé un compte dangereux (21)"
    assert tag_text("lets the dealer peg out", "fr") == "laisse le donneur atteindre 121"


def test_the_analyzers_show_the_analyses_own_notes_in_french() -> None:
    d = DiscardApp(lang="fr")
    said = shown(d)  # the model in words, not its code name (« selfplay »)
    assert "modèle du crib : table par place mesurée en auto-jeu" in said, said
    assert "selfplay" not in said and not english_in(d), english_in(d)
    p = PeggingApp(lang="fr")
    assert "moyenne sur les" in shown(p) and not english_in(p), english_in(p)
    for _label, key in p.coach_card.options:
        p.coach_card.value = key
        assert not english_in(p), (key, english_in(p))
    t = TrapExplorerApp(lang="fr")
    assert "Avec 4, 6 et 6, le conseil des joueurs" in shown(t) and not english_in(t), english_in(t)
    t.formation.value = t.formation.options[-1][1]  # deal a hand and find its formation
    assert not english_in(t), english_in(t)
