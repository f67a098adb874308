"""The trainer and teacher pages in French (issue #24, point 8): built with lang="fr",
every question kind, a verdict, the errors of bad input and the teacher's views speak
French; the language switch keeps the URL's other parameters."""

from __future__ import annotations

import re

import pytest

from crib.i18n import tr
from crib.store.classroom import Store
from crib.ui.kit.lang import LangPage, switch_html, with_lang
from crib.ui.teacher.app import TeacherApp
from crib.ui.teacher.join import join_html
from crib.ui.trainer.app import TrainerApp
from crib.ui.trainer.page import code_from_query, trainer_page


def text(h: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", h)).strip()


@pytest.fixture()
def fr() -> TrainerApp:
    return TrainerApp(seed=3, lang="fr")


def test_counting_prompt_error_and_verdict_in_french(fr: TrainerApp) -> None:
    assert "Comptez cette main." in text(fr.prompt.value) or "Comptez ce crib." in text(
        fr.prompt.value
    )
    assert "carte de départ" in fr.prompt.value
    assert "Donne d’entraînement 1 sur 10" in fr.header.value
    assert (fr.count_box.description, fr.check_button.description) == ("Compte", "Vérifier")
    fr.count_box.value = "lots"
    fr.answer_count()
    assert "«\u00a0lots\u00a0» n’est pas un nombre" in fr.status.value and fr.result is None
    fr.count_box.value = "30"
    fr.answer_count()
    assert "30 n’est pas possible ici" in fr.status.value and fr.result is None
    fr.count_box.value = str(fr.current.total)
    fr.answer_count()
    said = text(fr.feedback.value)
    assert said.startswith(f"✔ Juste : {fr.current.total}.")
    assert "combinaison cartes points" in said and re.search(
        r"(Quinze|Une|Deux|Rien|Dix-neuf)", said
    )
    assert "réussite" in fr.stats.value and fr.next_button.description == "Donne suivante"


def test_a_wrong_count_names_the_miss_in_french(fr: TrainerApp) -> None:
    fr.count_box.value = str(fr.current.total - 2)
    fr.answer_count()
    said = text(fr.feedback.value)
    assert "✘ Vous avez dit" in said and "le compte fait" in said
    assert "Sans doute : oublié" in said and "missed" not in said


@pytest.mark.parametrize(
    "kind, words",
    [
        ("pegpoints", "Que marque cette carte ?"),
        ("rules", "Après le jeu|Vrai ou faux|Choisissez la réponse"),
        ("discard", "Choisissez les deux cartes à jeter au crib."),
        ("peg", "À vous de jouer."),
    ],
)
def test_each_kind_asks_in_french(fr: TrainerApp, kind: str, words: str) -> None:
    fr.kind.value = kind
    assert re.search(words, text(fr.prompt.value)), text(fr.prompt.value)
    assert "Pick" not in fr.prompt.value and "Your" not in fr.prompt.value


def test_discard_and_peg_verdicts_and_pegpoints_errors_in_french(fr: TrainerApp) -> None:
    fr.kind.value = "discard"
    fr._picked = list(fr.current.six[:2])
    fr.answer_throw()
    said = text(fr.feedback.value)
    assert "écart" in said and "net (main" in said and ("Le meilleur écart." in said or "✘" in said)
    fr.kind.value = "pegpoints"
    fr.pegcount_box.value, fr.pegpoints_box.value = "", "2"
    fr.answer_pegpoints()
    assert "Tapez le compte maintenant" in fr.pegpoints_msg.value
    fr.kind.value = "rules"
    fr.answer_rule(fr.current.answer)
    assert text(fr.feedback.value).startswith("✔ Juste :")
    fr.kind.value = "peg"
    playable = [b for b in fr.card_row.children if not b.disabled]
    playable[0].click()
    assert (
        "Meilleure carte" in fr.feedback.value
        or "La meilleure carte." in fr.feedback.value
        or "✘" in fr.feedback.value
    )


def test_setup_and_join_form_in_french(fr: TrainerApp, tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert [o for o, _v in fr.kind.options] == [
        "Compter",
        "Ce que marque la carte",
        "Quiz de règles",
        "Quiz d’écart",
        "Quiz du jeu",
        "Mes erreurs",
    ]
    assert (
        fr.code.description == "Code de la classe"
        and fr.join_button.description == "Rejoindre la classe"
    )
    fr.store = Store(tmp_path / "c.sqlite3")
    fr.code.value, fr.name.value = "NOPE42", "Ann"
    fr.join()
    assert "Code de classe inconnu « NOPE42 »" in fr.join_status.value and fr.student is None
    fr.code.value = ""
    fr.join()
    assert "Le code de la classe est vide" in fr.join_status.value


def test_class_rules_questions_are_shown_in_the_page_language(tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = Store(tmp_path / "c.sqlite3")
    teacher = TeacherApp(store=store, lang="fr")
    for k in ("count", "discard", "peg", "pegpoints"):
        getattr(teacher, f"n_{k}").value = 0
    teacher.n_rules.value = 2
    teacher.create()
    assert "Séance «\u00a0Classe 1\u00a0» créée avec 2 questions." in teacher.status.value
    assert "Les élèves ouvrent l’entraînement" in teacher.code_banner.value
    assert (
        "règles\u00a0: " in teacher.question_table.value and "sorte" in teacher.question_table.value
    )
    code = teacher.session.code
    student = TrainerApp(store=store, lang="fr")
    student.code.value, student.name.value = code, "Ann"
    student.join()
    assert "Vous avez rejoint «\u00a0Classe 1\u00a0»" in student.join_status.value
    assert student.current.lang == "fr" and "Question 1 sur 2" in student.header.value
    student.answer_rule(student.current.answer)
    assert "Réponse enregistrée." in student.status.value
    teacher.refresh()
    teacher.reveal()
    assert "Question 1, la réponse" in teacher.reveal_panel.value
    assert (
        student.check_reveal()
        and "votre professeur a montré la réponse" in student.reveal_box.value
    )
    teacher.projector.value = True
    assert (
        "Question 1 sur 2" in teacher.projector_panel.value
        and "la classe a répondu" in teacher.projector_panel.value
    )


def test_the_student_link_carries_the_language() -> None:
    box = join_html("ABC123", "Classe 1", url="http://h:1/voila/render/trainer.ipynb", lang="fr")
    assert "trainer.ipynb?lang=fr" in box and "Les élèves scannent le code" in box
    assert "lang=" not in join_html(
        "ABC123", "Class 1", url="http://h:1/voila/render/trainer.ipynb"
    )


def test_the_switch_keeps_the_other_parameters() -> None:
    assert with_lang("code=K7QW2M&lang=fr", "en") == "code=K7QW2M&lang=en"
    h = switch_html("fr", "code=K7QW2M")
    assert 'href="?code=K7QW2M&amp;lang=en"' in h and 'href="?code=K7QW2M&amp;lang=fr"' in h
    assert 'aria-current="true">Français' in h and 'aria-label="Langue"' in h
    assert code_from_query("lang=fr&code=k7qw2m") == "K7QW2M"


def test_the_trainer_page_follows_the_url() -> None:
    page = trainer_page(seed=5)
    assert isinstance(page, LangPage) and page.app.lang == "en"
    page.apply_query("code=ABCD12&lang=fr")
    assert (
        page.app.lang == "fr" and page.app.code.value == "ABCD12" and int(page.app.seed.value) == 5
    )
    assert (
        'aria-current="true">Français' in page.switch.value
        and "Entraînement au compte" in page.intro.value
    )
    assert tr("fr")("Counting trainer and quizzes") != "Counting trainer and quizzes"


def test_nav_bar_and_home_page_in_french() -> None:
    from crib.ui.kit.home import PARTS, HomeTexts, home_html
    from crib.ui.kit.nav import nav_bar, nav_html

    bar = nav_html("practice", lang="fr")
    assert 'href="trainer.ipynb?lang=fr" aria-current="page">S’entraîner</a>' in bar
    assert ">Enseigner</a>" in bar and 'href="index.ipynb?lang=fr"' in bar
    assert "?lang=" not in nav_html("practice") and ">Practice</a>" in nav_html("practice")
    for part in PARTS:  # every text of the home page is French
        fr, en = home_html(part, "fr"), home_html(part, "en")
        assert fr != en and 'lang="fr"' in fr
    assert 'class="crib-cta" href="play.ipynb?lang=fr"' in home_html("intro", "fr")
    nav = nav_bar("home")
    home = HomeTexts(nav=nav)
    home.apply_query("lang=fr")
    assert "Jouer une partie commentée" in home.views["intro"].value and ">Jouer</a>" in nav.value
    assert 'id="Count-a-hand"' in home.views["count"].value


@pytest.mark.parametrize("plain", [True, False])
def test_discard_and_peg_verdicts_and_reveals_have_no_english_sentence(plain: bool) -> None:
    from crib.course import questions as quiz
    from crib.ui.kit.quiz_html import reveal_html

    app = TrainerApp(seed=4, lang="fr", plain=plain)
    for kind in ("discard", "peg"):
        app.kind.value = kind
        q = app.current
        app._answer(q.ranking[-1].cards if kind == "discard" else q.options[-1].card)
        said = text(app.feedback.value)
        for english in (
            "You kept",
            "You played",
            "Better:",
            "Keep ",
            "What went wrong",
            "on average over",
            "uniform",
            "Costly",
            "A mistake",
            "points lost",
        ):
            assert english not in said, (kind, english, said)
        assert any(
            w in said
            for w in ("de moins", "en moins", "perte", "en baisse", "Correct", "Le meilleur")
        ), said
        shown = text(reveal_html(q, 0, plain=plain, lang="fr"))
        assert "Question 1, la réponse" in shown and "Throw" not in shown and "Play " not in shown
        assert quiz.KIND_NAMES[kind] in ("discard", "pegging")
