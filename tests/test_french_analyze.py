"""The analyzers and the home page's counter and ladder in French (issue #24, point 8).

Each app is built with ``lang="fr"``, runs an analysis (and its practice mode), and no
English phrase of the catalog (a message's piece of more than three words whose French
differs) shows in any widget's visible text: HTML, labels, buttons, choices,
placeholders, charts' titles, axes and legends.  Bad input gets a French message next
to the input; the pages follow the URL's language.
"""

from __future__ import annotations

import html
import re

import ipywidgets as w
import pytest

from crib.analysis.models import UNIFORM
from crib.ui.analyze.crib_odds import CribOddsApp, crib_odds_page
from crib.ui.analyze.discard import DiscardApp, discard_page
from crib.ui.analyze.pegging import PeggingApp, pegging_page
from crib.ui.analyze.scorer import HandScorerApp
from crib.ui.analyze.traps import TrapExplorerApp, traps_page
from crib.ui.kit.charts import discard_chart, figure_summary, play_chart
from crib.ui.kit.home import HomeTexts
from crib.ui.kit.lang import LangPage
from crib.ui.kit.say import say_error
from tests.french import english_phrases

PHRASES = english_phrases()


def _plain(h: str) -> str:
    h = re.sub(r"<style.*?</style>", " ", h, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", h))


def shown(widget: w.Widget) -> str:
    """Every text a person can read in ``widget`` and its children, on one line."""
    out: list[str] = []

    def walk(x: object) -> None:
        if not isinstance(x, w.Widget):
            return
        if isinstance(x, w.HTML):
            out.append(_plain(x.value))
        for attr in ("description", "placeholder", "tooltip"):
            v = getattr(x, attr, None)
            if isinstance(v, str):
                out.append(v)
        labels = getattr(x, "_options_labels", None)
        if labels:
            out.extend(labels)
        for attr in ("title", "legend"):  # the heat grid's title and legend
            v = getattr(x, attr, None)
            if isinstance(v, str) and "<" in v:
                out.append(_plain(v))
        for c in getattr(x, "children", ()):
            walk(c)

    walk(widget)
    return re.sub(r"\s+", " ", " ".join(out))


def english_in(widget: w.Widget) -> list[str]:
    """The catalog's English phrases shown in ``widget``, but for the formations' own
    explanations (crib.analysis.coach, translated there, not by the analyzers)."""
    from crib.analysis.coach import FORMATIONS

    text = shown(widget)
    theirs = " ".join(FORMATIONS.values())
    return [p for p in PHRASES if p in text and p not in theirs]


def test_the_catalog_holds_the_analyzers_sentences() -> None:
    assert len(PHRASES) > 200
    assert "the best card scores nothing now but nets at least 1.5 later" in " ".join(PHRASES)


def test_discard_analyzer_in_french_analyze_and_practice() -> None:
    app = DiscardApp(lang="fr")
    said = shown(app)
    assert (
        "Le meilleur en donneur : jetez" in said
        and "Six cartes" in said
        and "Comment c’est calculé" in said
    )
    assert "Écart" in app.table.value and "Crib (le vôtre, +)" in app.table.value
    assert "Les 15 écarts en donneur" in app.chart.tooltip and "Gardez" in app.explain.value
    assert not english_in(app), english_in(app)
    app.use_scores.value, app.my_score.value, app.opp_score.value = True, 110, 100
    assert "Classé selon les chances de gagner" in app.status.value
    assert "Chances de gagner la partie" in app.table.value and not english_in(app), english_in(app)
    app.use_scores.value = False
    app.mode.value = "Practice"
    assert "Quelles sont les deux cartes que vous jetteriez" in app.status.value
    app._toggle(0)
    app._toggle(1)
    app.commit()
    assert "Vous avez jeté" in app.verdict.value and "sur 15" in app.verdict.value
    assert "Noté selon" in app.status.value and not english_in(app), english_in(app)


def test_discard_bad_input_is_said_in_french() -> None:
    app = DiscardApp(lang="fr")
    app.picker.text.value = "5H 5H"
    assert "La carte 5H est là deux fois" in app.picker.message.value
    app.picker.text.value = "ZZ"
    app.analyze()
    assert "« ZZ » n’est pas une carte" in app.status.value
    app.picker.set_cards("5H 6D 7C")
    app.analyze()
    assert "il faut 6 cartes, et il y en a 3\u00a0: choisissez-en encore 3" in app.status.value
    app.picker.set_cards("5H 5D 6C 7S 8H 9D")
    app.objective.value = "win"
    assert "cochez d’abord «\u00a0tenir compte des scores\u00a0»" in app.status.value


def test_pegging_analyzer_in_french() -> None:
    app = PeggingApp(lang="fr")
    said = shown(app)
    assert "Le meilleur\u00a0:" in app.status.value and "Chances de finir devant" in app.table.value
    assert "Points nets par carte" in app.chart.tooltip and "Un clic ajoute à" in said
    assert not english_in(app), english_in(app)
    app.coach_card.value = app.coach_card.options[-1][1]
    assert "selon" in app.coach.value and not english_in(app), english_in(app)
    app.text.value = (
        "hand 4H 6D | pile 7S 8C | previous KS QS | starter KD | opp 2 | scores 118 100"
    )
    app.dealer.value = False
    app.analyze()
    assert "Près de 121" in app.status.value and not english_in(app), english_in(app)
    app.mode.value = "Practice"
    assert (
        "Quelle carte joueriez-vous\u00a0?" in app.status.value
        and "Compte" in app.practice_pos.value
    )
    legal = [i for i, b in enumerate(app.hand) if not b.disabled]
    app._play(legal[0])
    assert "Vous avez joué" in app.verdict.value and not english_in(app), english_in(app)


@pytest.mark.parametrize(
    "text, words",
    [
        ("hand XX", "Dans hand\u00a0: « XX » n’est pas une carte"),
        ("pile 5H", "La position doit donner votre main"),
        ("hand 4H 6D | pile 7S 8C KD 9D | opp 2", "ne peut pas dépasser 31"),
        ("hand 4H 6D | bogus 3", "Section inconnue « bogus »"),
        ("hand 4H 6D 6S 9C 2C", "Votre main a 5 cartes"),
        ("hand 4H 4H", "La carte 4H est là deux fois"),
        ("", "La position est vide"),
    ],
)
def test_pegging_bad_positions_are_said_in_french(text: str, words: str) -> None:
    app = PeggingApp(lang="fr")
    app.text.value = text
    app.analyze()
    assert words in html.unescape(app.status.value), app.status.value
    assert "crib-error" in app.status.value


def test_crib_odds_in_french() -> None:
    app = CribOddsApp(lang="fr")
    assert "Points attendus du crib par paire jetée" in app.heatmap.title
    assert "Lignes\u00a0: la première carte" in app.heatmap.title and "assorties" in shown(app)
    app.heatmap.cells[4][4].click()
    assert "5-5 paire" in app.cell.value and "Contre un Expert (auto-jeu)" in app.cell.value
    for name, _k in app.source.options:
        app.source.value = _k
        assert not english_in(app), (name, english_in(app))
    app.source.value = list(app.source.options)[0][1]
    for _label, key in app.view.options:
        app.view.value = key
        assert not english_in(app), (key, english_in(app))


def test_traps_in_french() -> None:
    app = TrapExplorerApp(lang="fr")
    assert "Points nets par entame" in app.chart.tooltip and "Vous jouez" in app.line.value
    assert "Vous marquez" in app.line.value and not english_in(app), english_in(app)
    for _label, key in app.formation.options:
        app.formation.value = key
        assert not english_in(app), (key, english_in(app))
    app.opp_cards.value = "ZZ"
    assert "« ZZ » n’est pas une carte" in app.status.value
    app.opp_cards.value = "2C"
    assert "L’adversaire a 4 cartes\u00a0: tapez-en 4, pas 1." in app.status.value


def test_hand_counter_and_ladder_follow_the_url() -> None:
    fr = HandScorerApp("5H 5D 5C JS 5S", lang="fr")
    assert (
        "Compté comme une main\u00a0: 29 points." in fr.status.value
        and "valet" in fr.result.value.lower()
    )
    assert "Quoi" in fr.result.value and not english_in(fr), english_in(fr)
    fr.cards.value = "5H 5D"
    assert "il faut 5 cartes" in fr.status.value
    home = HomeTexts()
    counter, ladder = home.counter(), home.ladder()
    assert counter.children[0].lang == "en" and "against the Expert" in ladder.value
    home.apply_query("lang=fr")
    assert counter.children[0].lang == "fr" and "contre l’Expert" in ladder.value
    assert not english_in(counter) and not english_in(ladder), english_in(ladder)


def test_pages_follow_the_url_and_a_review_link() -> None:
    for make in (discard_page, pegging_page, crib_odds_page, traps_page):
        page = make()
        assert isinstance(page, LangPage) and page.app.lang == "en"
        page.apply_query("lang=fr")
        assert page.app.lang == "fr" and 'aria-current="true">Français' in page.switch.value
        assert 'lang="fr"' in page.intro.value and not english_in(page), (
            make.__name__,
            english_in(page),
        )
    page = discard_page("fr")
    page.apply_query("six=AH+2H+3H+4H+9C+KS&seat=pone&lang=fr")
    assert page.app.seat.value == "pone" and "Le meilleur en non-donneur" in page.app.status.value
    page = pegging_page("fr")
    page.apply_query("position=hand+XX&lang=fr")
    assert "Dans hand\u00a0: « XX » n’est pas une carte" in html.unescape(page.app.status.value)


def test_charts_in_french_and_english_unchanged() -> None:
    from crib.analysis.discard import analyze_discard
    from crib.analysis.play import analyze_play

    a = analyze_discard("5H 5D 6C 7S 8H 9D", dealer=False, model=UNIFORM)
    fr, en = figure_summary(discard_chart(a, "fr"), lang="fr"), figure_summary(discard_chart(a))
    assert fr.startswith("Graphique\u00a0: Les 15 écarts en non-donneur") and "par barre" in fr
    assert en.startswith("Chart: All 15 throws as pone, best first.")
    p = analyze_play("hand 4H 6D 6S 9C | starter 2S | opp 4", model=UNIFORM)
    fig = play_chart(p, lang="fr")
    texts = [t.get_text() for t in fig.axes[0].get_legend().get_texts()] + [
        fig.axes[0].get_ylabel()
    ]
    assert texts == [
        "Tout de suite (points de cette carte)",
        "Ensuite (reste du jeu, vous − lui)",
        "Points nets (vous − lui)",
    ]


def test_say_error_keeps_english_and_never_leaves_english_in_french() -> None:
    msg = (
        "the opponent said go at 25, so the 3 cards they hold cannot be played without passing "
        "31, but only 2 of the cards you cannot see are worth more than 6"
    )
    assert say_error(msg) == msg
    assert say_error(msg, "fr").startswith("L’adversaire a dit go à 25")
    assert say_error("some message of no known shape", "fr").startswith(
        "Cette saisie n’a pas été comprise"
    )
