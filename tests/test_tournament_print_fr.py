"""The tournament's printables in French: the pairing sheet and the scorecards say every
word from the catalog (crib.classroom.tournament.sheets with ``lang="fr"``), and the CLI's
``crib tournament print --lang fr`` writes them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from crib.classroom.tournament import Tournament
from crib.classroom.tournament.sheets import pdf_page_count, round_figures, skunk_note
from crib.i18n import tr


def _texts(lang: str) -> str:
    t = Tournament("Vendredi", ["Ann", "Bob", "Cy", "Di", "Ed"], fmt="swiss", length=61, seed=3)
    t.next_round()
    figs = round_figures(t, 1, "a4", lang=lang)
    return "\n".join(x.get_text() for f in figs for ax in f.axes for x in ax.texts)


def test_the_sheets_in_french_hold_no_english_line() -> None:
    en, fr = _texts("en"), _texts("fr")
    assert "Appariements, ronde 1 sur" in fr and "Feuille de marque · ronde 1 · table 1" in fr
    assert "Exempt\u00a0: " in fr and "partie en 61" in fr and "système suisse" in fr
    assert "Ligne de capot 31\u00a0: un perdant sous 31 est capot (3 points de tournoi" in fr
    english = {line for line in en.splitlines() if len(line.split()) > 3}
    assert english, "the English sheets have sentences to compare"
    assert not english & set(fr.splitlines())  # every sentence differs in French
    for word in ("Pairings", "Scorecard", "Bye:", "Skunk line", "Signatures   seat"):
        assert word not in fr


def test_skunk_note_in_french_keeps_the_numbers() -> None:
    assert skunk_note(121, "fr") == (
        "Ligne de capot 91\u00a0: un perdant sous 91 est capot "
        "(3 points de tournoi au gagnant, au lieu de 2)\u00a0; sous 61, double capot (aussi 3)."
    )
    assert skunk_note(121) == tr("en")(
        "Skunk line 91: a loser under 91 is skunked ({skunk} game points to the winner, "
        "not {win}); under 61, double skunk (also {double})."
    ).format(skunk=3, win=2, double=3)


def test_cli_prints_the_round_in_french(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from crib.tools.cli import main

    monkeypatch.setenv("CRIB_DB", str(tmp_path / "c.sqlite3"))
    assert (
        main(["tournament", "create", "Vendredi", "--players", "Ann, Bob, Cy, Di", "--seed", "5"])
        == 0
    )
    code = re.search(r"tournament (\w+):", capsys.readouterr().out).group(1)  # type: ignore[union-attr]
    out = tmp_path / "r1.pdf"
    assert main(["tournament", "print", code, "--lang", "fr", "--out", str(out)]) == 0
    data = out.read_bytes()
    assert (
        data[:5] == b"%PDF-" and pdf_page_count(data) == 2
    )  # the sheet, and one page of two cards
    assert main(["tournament", "print", code, "--lang", "de"]) == 2  # argparse's usage error
    assert "invalid choice: 'de'" in capsys.readouterr().err


def test_the_teacher_pages_sheets_follow_its_language(tmp_path: Path) -> None:
    from crib.store.classroom import Store
    from crib.ui.teacher.app import TeacherApp
    from tests.test_tournament_class import _panel

    st = Store(tmp_path / "c.sqlite3")
    s = st.create_session("Classe 1", seed=3, questions=[{"kind": "count"}], code="CLS234")
    for n in ("Ann", "Bob", "Cy", "Di"):
        st.join(s.code, n)
    app = TeacherApp(store=st, lang="fr")
    panel = _panel(app)
    app.open_code.value = s.code
    app.open_session()
    panel.refresh()
    panel._seed = 11
    panel.name.value, panel.mode.value = "Vendredi", "round-robin"
    panel.create()
    panel.start_round()
    pdf = panel.make_pdf()
    # the PDF's title, in French (in UTF-16: its no-break space before « : » is not ASCII)
    assert pdf is not None and "Vendredi\u00a0: ronde 1".encode("utf-16-be") in pdf
    assert "Ronde 1" in panel.pdf_link.value
