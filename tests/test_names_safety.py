"""Look-alike names (issue #34, B): "Ann" with a Cyrillic "А" looks like "Ann" and is
refused; a name wholly in one alphabet is kept; full-width letters fold to the plain
ones (NFKC).  Every classroom name passes through :func:`crib.classroom.names.clean_name`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from crib.classroom.names import name_scripts
from crib.classroom.tournament import Tournament
from crib.classroom.tournament.rules import TournamentError, clean_players
from crib.i18n import tr
from crib.store.classroom import BadNameError, Store, clean_name
from crib.ui.kit.say import UNKNOWN, record_error, say_error

CYRILLIC_ANN = "\u0410nn"  # А (CYRILLIC CAPITAL LETTER A) then Latin "nn"
GREEK_JOHN = "J\u03bfhn"  # ο (GREEK SMALL LETTER OMICRON)


@pytest.mark.parametrize(
    "name",
    [
        "Ann",
        "Анна",
        "Zoë",
        "José",
        "李雷",
        "O'Brien",
        "Ann-Marie",
        "Ωμέγα",
        "山田はなこ",
        "佐々木 ユーリ",
        "김민준",
        "Ann 李",
        "ʻIolani",
        "Ann 2",
    ],
)
def test_a_name_in_one_alphabet_is_kept(name: str) -> None:
    assert clean_name(name) == name


@pytest.mark.parametrize(
    "name, scripts",
    [
        (CYRILLIC_ANN, "Cyrillic and Latin"),
        ("Ann\u0430", "Latin and Cyrillic"),  # a Cyrillic а at the end
        (GREEK_JOHN, "Latin and Greek"),
        ("\u0410nn\u03b1", "Cyrillic, Latin and Greek"),
        ("Ann سارة", "Latin and Arabic"),
    ],
)
def test_a_name_that_mixes_alphabets_is_refused(name: str, scripts: str) -> None:
    with pytest.raises(BadNameError) as e:
        clean_name(name)
    assert (
        str(e.value)
        == f"the name '{name}' mixes {scripts} letters (some look alike): type it in one alphabet"
    )


def test_the_scripts_come_from_the_letters_unicode_names() -> None:
    assert name_scripts("Ann-Marie O'Brien 2") == ["LATIN"]
    assert name_scripts(CYRILLIC_ANN) == ["CYRILLIC", "LATIN"]
    assert name_scripts("佐々木 ユーリ") == [
        "CJK",
        "KATAKANA",
    ]  # 々 and ー are modifier letters: no script
    assert name_scripts("123 -'.") == []
    assert (
        clean_name("Zoe\u0308") == "Zoë"
    )  # e + a combining diaeresis: the mark has no script; NFKC joins it


def test_full_width_letters_fold_to_the_plain_ones() -> None:
    assert clean_name("Ａｎｎ") == "Ann"  # NFKC
    assert clean_name("\uff21nn") == "Ann"  # a full-width Ａ with Latin "nn": one name, not a mix
    with pytest.raises(BadNameError, match="looks like HTML"):
        clean_name("\ufe64b\ufe65")  # small < and > are < and > once folded


def test_session_join_refuses_the_look_alike(tmp_path: Path) -> None:
    st = Store(tmp_path / "c.sqlite3")
    s = st.create_session("Tuesday", seed=7, questions=[{"kind": "count"}], code="ABC234")
    assert st.join(s.code, "Ann").name == "Ann"
    with pytest.raises(BadNameError, match="mixes Cyrillic and Latin letters"):
        st.join(s.code, CYRILLIC_ANN)
    assert st.join(s.code, "Ａｎｎ").id == st.join(s.code, "Ann").id  # full-width: the same student
    assert [x.name for x in st.students(s.code)] == ["Ann"]
    with pytest.raises(
        BadNameError, match="the session name 'Tu\u0435sday' mixes Latin and Cyrillic"
    ):
        st.create_session("Tu\u0435sday", seed=7, questions=[{"kind": "count"}])


def test_a_tournament_refuses_a_look_alike_player() -> None:
    with pytest.raises(
        TournamentError, match=f"the player name '{CYRILLIC_ANN}' mixes Cyrillic and Latin letters"
    ):
        clean_players(["Ann", CYRILLIC_ANN])
    with pytest.raises(TournamentError, match="the tournament name"):
        Tournament(f"{CYRILLIC_ANN}'s cup", ["Ann", "Bob"])


def test_the_message_has_a_french_shape() -> None:
    fr = tr("fr")
    for what, msg in (
        (
            None,
            "Your name {n} mixes letters of different alphabets, which can look alike: "
            "type it in one alphabet.",
        ),
        (
            "player name",
            "The {what} {n} mixes letters of different alphabets, which can look "
            "alike: type it in one alphabet.",
        ),
    ):
        with pytest.raises(BadNameError) as e:
            clean_name(CYRILLIC_ANN, what or "name")
        english = str(e.value)
        said = say_error(english, "fr")
        assert said != fr(UNKNOWN) and f"« {CYRILLIC_ANN} »" in said
        assert said == fr(msg).format(n=f"« {CYRILLIC_ANN} »", what=fr(what or ""))
        assert record_error(english, "fr") == said and say_error(english, "en") == english
    with pytest.raises(BadNameError) as e:
        clean_name("O'\u0412rien")  # a quote in the name: the shape still reads it
    assert say_error(str(e.value), "fr") == fr(
        "Your name {n} mixes letters of different alphabets, which can look alike: "
        "type it in one alphabet."
    ).format(n="« O'\u0412rien »")


def test_the_student_page_says_it(tmp_path: Path) -> None:
    from crib.ui.trainer.app import TrainerApp

    st = Store(tmp_path / "c.sqlite3")
    s = st.create_session("Tuesday", seed=7, questions=[{"kind": "count"}], code="ABC234")
    app = TrainerApp(store=st)
    app.code.value, app.name.value = s.code, CYRILLIC_ANN
    app.join()
    assert app.student is None and "type it in one alphabet" in app.join_status.value
    app.name.value = "Ann"
    app.join()
    assert app.student is not None and app.student.name == "Ann"


def test_a_long_names_error_is_escaped_once_on_the_page() -> None:
    """The record says the name as typed; the page escapes it, once (it was escaped twice:
    "&amp;lt;" on the page)."""
    from crib.store.classroom import BadNameError, clean_name
    from crib.ui.kit.common import error_html

    with pytest.raises(BadNameError) as e:
        clean_name("Tom & Jerry " * 5)
    assert "(got Tom & Jerry Tom & Je...)" in str(e.value)
    shown = error_html(str(e.value))
    assert "Tom &amp; Jerry" in shown and "&amp;amp;" not in shown
