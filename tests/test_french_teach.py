"""The teacher's charts, the record's errors and the line-by-line count's errors in French
(issue #24, point 8): one way to say errors (:mod:`crib.ui.kit.say`), the loading
skeleton and the page template's words in the page's language."""

from __future__ import annotations

import html
import re
from pathlib import Path

import ipywidgets as w
import pytest

from crib.classroom.tournament.rules import clean_players
from crib.course.questions.lines import line_points
from crib.errors import CribError
from crib.i18n import tr, trp
from crib.store import classroom as S
from crib.store.classroom import Store
from crib.store.duels import DuelStore
from crib.ui.kit.nav import ANALYZERS, SECTIONS, SKELETON_TITLES, TEMPLATE_WORDS, skeleton_html
from crib.ui.kit.say import SHAPES, record_error, say_error
from crib.ui.kit.style import stylesheet_text
from crib.ui.play.duel import DuelApp
from crib.ui.teacher.app import TeacherApp
from crib.ui.trainer.app import TrainerApp

# English words of the charts and errors that must not be left on a French page
ENGLISH = re.compile(
    r"\b(students|given|chosen|green|the best|Accuracy|misses|answer number|check the code|"
    r"letters|digits|uses|picked|is empty|looks like|Loading)\b"
)


def text(h: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", h)).strip()


def _error_of(fn, *args):  # type: ignore[no-untyped-def]
    with pytest.raises(CribError) as e:
        fn(*args)
    return str(e.value)


@pytest.fixture()
def class_store(tmp_path: Path) -> Store:
    return Store(tmp_path / "class.sqlite3")


def _session_with_answers(store: Store) -> str:
    qs = [
        dict(kind="count", hand="5H 5D 5C JS", starter="5S", crib=False, total=29),
        dict(kind="count", hand="2H 3D 9C KS", starter="4S", crib=False, total=5),
    ]
    s = store.create_session("Classe 1", seed=1, questions=qs)
    for name, answer in (("Ann", "29"), ("Bob", "28"), ("Cy", "28")):
        st = store.join(s.code, name)
        store.submit(
            st,
            0,
            kind="count",
            answer=answer,
            correct=answer == "29",
            lost=0.0 if answer == "29" else 1.0,
            miss="" if answer == "29" else "missed nobs",
        )
    return s.code


def test_the_teachers_choice_chart_speaks_french(class_store: Store) -> None:
    code = _session_with_answers(class_store)
    app = TeacherApp(store=class_store, lang="fr")
    app.open_code.value = code
    app.open_session()
    assert app.session is not None and app.question_pick.value == 0
    assert app.chart.value and app.chart.tooltip.startswith("Graphique\u00a0: "), app.chart.tooltip
    assert "totaux donnés (en vert\u00a0: la meilleure, 29)" in app.chart.tooltip
    assert "élèves par barre\u00a0: 28 2,0, 29 1,0." in app.chart.tooltip
    said = text(app.chart.text.value)
    assert "Le graphique en mots" in said and "totaux donnés" in said
    assert not ENGLISH.search(app.chart.tooltip), app.chart.tooltip
    assert text(app.choices.value).startswith("Question 1 — réponses : 3")


def test_the_choice_figure_in_english_is_unchanged() -> None:
    from crib.classroom.results import choice_figure
    from crib.course.questions import question_from_dict

    q = question_from_dict(
        dict(kind="count", hand="5H 5D 5C JS", starter="5S", crib=False, total=29)
    )
    fig = choice_figure(q, [])
    assert fig.axes[0].get_title() == "totals given (green: the best, 29)"
    assert fig.axes[0].get_ylabel() == "students"


def test_the_trainers_progress_chart_speaks_french() -> None:
    app = TrainerApp(seed=3, lang="fr")
    app.count_box.value = str(app.current.total + 2)
    app.answer_count()
    app.show_progress()
    said = app.progress_image.tooltip
    assert "La réussite au fil du temps" in said and "réussite jusqu’ici (%)" in said
    assert "Les sortes de faux pas" in said and "fois par barre" in said
    assert "compté 2 de trop 1,0" in said and "compte 0,0 (points\u00a0: 1)" in said
    assert not ENGLISH.search(said), said


@pytest.mark.parametrize(
    "english, french",
    [
        (
            "unknown join code 'NOPE42': check the code your teacher gave (6 letters and digits)",
            "Code de classe inconnu « NOPE42 »\u00a0: vérifiez le code que montre votre professeur "
            "(6 lettres et chiffres).",
        ),
        (
            "the name '<b>x</b>' looks like HTML or a script: "
            "use letters, digits and spaces (no < or >)",
            "Utilisez des lettres, des chiffres et des espaces dans votre nom (pas de < ni de >).",
        ),
        (
            "the session name is empty: type a session name of 1 to 40 characters",
            "Le nom de la séance est vide\u00a0: tapez de 1 à 40 caractères.",
        ),
        (
            "a pair uses 2 cards; 3 picked",
            "Une ligne «\u00a0paire\u00a0» prend 2 cartes\u00a0: vous en avez choisi 3.",
        ),
    ],
)
def test_one_place_says_the_records_errors(english: str, french: str) -> None:
    assert say_error(english, "fr") == french == record_error(english, "fr")
    assert say_error(english, "en") == english


def test_every_error_a_teacher_or_student_page_shows_has_a_shape(class_store: Store) -> None:
    """The real messages (raised by the record, the tournament and the line count) each
    match a shape: said in French with no English left."""
    code = class_store.create_session(
        "s",
        seed=1,
        questions=[dict(kind="count", hand="5H 5D 5C JS", starter="5S", crib=False, total=29)],
    ).code
    errors = [
        _error_of(class_store.session, "NOPE42"),
        _error_of(S.clean_code, "  "),
        _error_of(S.clean_name, "<script>"),
        _error_of(S.clean_name, ""),
        _error_of(S.clean_name, "x" * 50),
        _error_of(S.clean_name, "a\x07b"),
        _error_of(S.clean_name, "<i>", "session name"),
        _error_of(S.clean_name, "", "tournament name"),
        _error_of(lambda: class_store.create_session("s", seed=1, questions=[])),
        _error_of(class_store.join, code, "<b>"),
        _error_of(clean_players, ["Ann", "ann"]),
        _error_of(clean_players, ["Ann"]),
        _error_of(line_points, "pair", "5H 5D 5C"),
        _error_of(line_points, "run", "5H 6D"),
    ]
    for english in errors:
        french = say_error(english, "fr")
        assert french != tr("fr")(
            "That input was not understood: check the cards and the position, then try again."
        ), english
        assert not ENGLISH.search(french.replace("HTML", "")), (english, french)


def test_the_join_form_says_the_records_errors_in_french(class_store: Store) -> None:
    code = _session_with_answers(class_store)
    fr = TrainerApp(seed=3, lang="fr")
    fr.store = class_store
    fr.code.value, fr.name.value = "NOPE42", "Ann"
    fr.join()
    assert "Code de classe inconnu « NOPE42 »" in fr.join_status.value and fr.student is None
    fr.code.value, fr.name.value = code, "<b>Ann</b>"
    fr.join()
    said = text(fr.join_status.value)
    assert (
        "Utilisez des lettres, des chiffres et des espaces dans votre nom" in said
        and fr.student is None
    )
    en = TrainerApp(seed=3)
    en.store = class_store
    en.code.value, en.name.value = "NOPE42", "Ann"
    en.join()
    assert "unknown join code 'NOPE42'" in html.unescape(
        en.join_status.value
    )  # English pages: the record's own words


def test_the_play_pages_table_form_says_the_records_errors_in_french(tmp_path: Path) -> None:
    db = tmp_path / "duel.sqlite3"
    app = DuelApp(lambda: DuelStore(db), lang="fr")
    app.name_text.value = "<b>Ann</b>"
    app.create()
    assert "Utilisez des lettres, des chiffres et des espaces dans votre nom" in text(
        app.entry_status.value
    )
    app.name_text.value = "Ann"
    app.code_text.value = "ZZZZ"
    app.join()
    said = text(app.entry_status.value)
    assert "ZZZZ" in said and not ENGLISH.search(said), said


def test_the_line_by_line_errors_are_in_french() -> None:
    app = TrainerApp(seed=3, lang="fr")
    assert app.current.kind == "count"
    app.teach_toggle.value = True
    for t in app.teach_cards.children[:3]:
        t.value = True
    app.teach_kind.value = "pair"
    app.add_line()
    said = text(app.status.value)
    assert said == "⚠ Une ligne « paire » prend 2 cartes : vous en avez choisi 3.", said
    app.teach_kind.value = "run"
    for t in app.teach_cards.children[:3]:
        t.value = False
    app.teach_cards.children[0].value = True
    app.add_line()
    assert (
        text(app.status.value)
        == "⚠ Une ligne « suite » prend de 3 à 5 cartes : vous en avez choisi 1."
    )


def test_the_teacher_pages_own_messages_stay_as_they_are() -> None:
    """A message already in the page's language (a SaidError) is not said again."""
    app = TeacherApp(lang="fr")
    panel = next(c for c in app.children if type(c).__name__ == "TournamentPanel")
    panel.create()  # no session yet
    assert text(panel.status.value) == "⚠ " + tr("fr")("create or reopen a class session first")
    assert "créez ou rouvrez d’abord une séance" in panel.status.value


def test_the_skeleton_says_loading_in_each_language() -> None:
    h = skeleton_html("the discard analyzer")
    assert "Loading the discard analyzer…" in h and "Chargement de l’analyse de l’écart…" in h
    assert (
        'class="crib-skel-fr" lang="fr"' in h
        and "html.crib-lang-fr .crib-skel-en" in stylesheet_text()
    )
    for title in SKELETON_TITLES:
        assert tr("fr")(title) != title


def test_the_page_templates_french_is_the_catalogs() -> None:
    from crib.tools.serve import TEMPLATE_DIR

    t = (TEMPLATE_DIR / "index.html.j2").read_text()
    pairs = dict(
        re.findall(r"'([^']+)': '([^']+)'", re.search(r"set crib_fr = \{(.*?)\} -%\}", t).group(1))
    )
    labels = [label for label, _p in SECTIONS.values()] + list(ANALYZERS.values())
    for label in labels:
        assert pairs[label] == trp("fr")("nav", label), label
    for msgid in TEMPLATE_WORDS:
        assert pairs[msgid] == tr("fr")(msgid), msgid
    assert "lang=fr" in t and "crib-lang-fr" in t and "data-part" in t


def test_shapes_have_their_fields() -> None:
    """Each shape's catalog message uses only the fields its pattern captures."""
    for pattern, msgid in SHAPES:
        groups = set(re.compile(pattern).groupindex)
        assert set(re.findall(r"\{(\w+)\}", msgid)) <= groups, (pattern, msgid)


def test_the_grid_tooltip_of_an_empty_cell_follows_the_language() -> None:
    from crib.ui.analyze.heatgrid import HeatGrid

    g = HeatGrid()
    g.show([[float("nan")] * 13 for _ in range(12)] + [[1.0] * 13], title="t", label="l", lang="fr")
    assert g.none_tip == tr("fr")("no such pair") != "no such pair" and isinstance(g, w.DOMWidget)
