"""CSV injection (issue #34, A): every classroom CSV export neutralises a text cell a
spreadsheet would run (OWASP's payloads, put in through the real entry points: a
student's name, an answer, a player's name), and keeps crib's numbers numbers.

The rule is :func:`crib.csv_safe.safe_cell`; each export below is read back
with :func:`csv.reader`.  Every database lives in pytest's tmp_path.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import re
from pathlib import Path

import pytest

from crib.classroom.tournament import Tournament
from crib.csv_safe import is_dangerous, safe_cell, safe_frame
from crib.store.classroom import Store

# OWASP's CSV injection payloads (https://owasp.org/www-community/attacks/CSV_Injection)
PAYLOADS = (
    "=1+1",
    "+1+1",
    "-1+1",
    "@SUM(1+1)",
    '=HYPERLINK("http://x","x")',
    "\t=1",
    "\r=1",
    "-2+3+cmd|' /C calc'!A0",
)
# the ones a name can hold (a name's white space is trimmed, so "\t=1" is the name "=1")
NAME_PAYLOADS = tuple(p for p in PAYLOADS if not p[0].isspace())
# what a spreadsheet reads as a formula at the start of a cell (after white space, but a
# tab or a carriage return counts itself)
STARTS = tuple("=+-@\t\r")


def kept(p: str) -> str:
    """A dangerous text cell as the export writes it: a ' in front (a carriage return
    written as a line feed, so it stays inside its quoted cell)."""
    return ("'" + p).replace("\r", "\n")


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def _rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def _csv_of(link_html: str) -> str:
    """The CSV text a download link (``csv_link_html``) holds."""
    m = re.search(r'href="data:text/csv;base64,([^"]+)"', link_html)
    assert m, link_html
    return base64.b64decode(html.unescape(m[1])).decode()


def assert_safe(rows: list[list[str]], numeric: tuple[str, ...]) -> list[dict[str, str]]:
    """No cell of ``rows`` (the header first) a spreadsheet would run: a cell starts
    with a formula character only if it is a number; each ``numeric`` column is all
    numbers (or empty).  The rows as dicts."""
    header, body = rows[0], rows[1:]
    assert body, "the export has no rows"
    for row in rows:
        assert len(row) == len(header), row
        for cell in row:
            if _number(cell):
                continue
            assert not cell.startswith(STARTS) and not cell.lstrip().startswith(STARTS[:4]), (
                cell,
                row,
            )
    out = [dict(zip(header, row, strict=True)) for row in body]
    for col in numeric:
        assert all(r[col] == "" or _number(r[col]) for r in out), (col, [r[col] for r in out])
    return out


def test_the_rule() -> None:
    for p in PAYLOADS:
        assert is_dangerous(p) and safe_cell(p) == kept(p)
    for p in (
        " =1+1",
        "\u3000@SUM(1+1)",
        "\n-1+1",
        "\uff1d1+1",
        "-2",
    ):  # after white space; full-width; typed
        assert safe_cell(p) == "'" + p
    assert safe_cell("x\r=1+1") == "x\n=1+1"  # a bare CR would end the row unquoted
    for v in ("Ann", "Ann-Marie", "O'Brien", "3=", "", -2.1, -33, 0, True, None):
        assert safe_cell(v) == v
    import pandas as pd

    df = safe_frame(pd.DataFrame({"=who": ["-1+1", 3], "lost": [-2.1, 0.5]}))
    assert list(df.columns) == ["'=who", "lost"] and list(df["'=who"]) == ["'-1+1", 3]
    assert df["lost"].tolist() == [-2.1, 0.5]


# --- the teacher's exports: the session CSV and the mastery CSV ------------------------


@pytest.fixture()
def class_session(tmp_path: Path) -> tuple[Store, str]:
    """A session every payload-named student joined, each answer a payload (as stored:
    the record keeps what the page or a client sends), one with -2.1 points lost."""
    st = Store(tmp_path / "class.sqlite3")
    qs = [
        dict(kind="count", hand="5H 5D 5C JS", starter="5S", crib=False, total=29),
        dict(kind="count", hand="2H 3D 9C KS", starter="4S", crib=False, total=5),
    ]
    s = st.create_session("=1+1 class", seed=1, questions=qs)
    for i, name in enumerate(NAME_PAYLOADS):
        student = st.join(s.code, name)
        st.submit(
            student,
            0,
            kind="count",
            answer=PAYLOADS[i],
            correct=False,
            lost=-2.1,
            miss=NAME_PAYLOADS[-1 - i],
            seconds=3.5,
        )
        st.submit(
            student,
            1,
            kind="count",
            answer=PAYLOADS[(i + 5) % len(PAYLOADS)],
            correct=True,
            lost=0.0,
        )
    ann = st.join(s.code, "Ann")
    st.submit(ann, 0, kind="count", answer="-2", correct=False, lost=31.0)  # a typed "-2" is text
    return st, s.code


@pytest.mark.filterwarnings("ignore:Glyph 9")  # the answers chart names the "\t=1" answer
def test_the_session_csv_is_safe(class_session: tuple[Store, str]) -> None:
    from crib.ui.teacher.app import TeacherApp

    st, code = class_session
    app = TeacherApp(store=st)
    app.open_code.value = code
    app.open_session()
    rows = assert_safe(_rows(_csv_of(app.csv.value)), numeric=("question", "lost", "seconds"))
    assert {r["student"] for r in rows} == {"'" + p for p in NAME_PAYLOADS} | {"Ann"}
    assert {kept(p) for p in PAYLOADS} <= {
        r["answer"] for r in rows
    }  # every payload, kept with its '
    assert "'\t=1" in {r["answer"] for r in rows} and "'\n=1" in {r["answer"] for r in rows}
    assert {"'" + p for p in NAME_PAYLOADS} <= {r["miss"] for r in rows}
    assert next(r["answer"] for r in rows if r["student"] == "Ann") == "'-2"
    assert float(rows[0]["lost"]) == -2.1 and rows[0]["lost"] == "-2.1"  # a number, not text
    assert {r["correct"] for r in rows} == {"True", "False"}


@pytest.mark.filterwarnings("ignore:Glyph 9")
def test_the_mastery_csv_is_safe(class_session: tuple[Store, str]) -> None:
    from crib.ui.teacher.app import TeacherApp

    st, code = class_session
    app = TeacherApp(store=st)
    app.open_code.value = code
    app.open_session()
    rows = assert_safe(_rows(_csv_of(app.mastery.value)), numeric=("L2",))
    assert [r["student"] for r in rows] == ["'" + p for p in NAME_PAYLOADS] + ["Ann", "class"]
    # first answers: each payload student 1 of 2 right, Ann 0 of 1, the class 6 of 13
    assert [r["L2"] for r in rows] == ["0.5"] * 6 + ["0.0", "0.462"]
    assert [r["L2_n"] for r in rows] == ["1/2"] * 6 + ["0/1", "6/13"]


# --- the student's progress CSV ----------------------------------------------------------


def test_the_progress_csv_is_safe(class_session: tuple[Store, str]) -> None:
    from crib.ui.trainer.app import TrainerApp

    st, code = class_session
    name = '=HYPERLINK("http://x","x")'
    app = TrainerApp(store=st)
    app.code.value, app.name.value = code, name  # joining again: the same student
    app.join()
    assert app.student is not None and app.student.name == name
    st.submit(
        app.student, 1, kind="count", answer="\r=1", correct=False, lost=-2.1, miss="@SUM(1+1)"
    )
    app.show_progress()
    rows = assert_safe(
        _rows(_csv_of(app.progress_csv.value)),
        numeric=("question", "lost", "seconds", "running_accuracy"),
    )
    assert [r["answer"] for r in rows] == ["'" + PAYLOADS[4], "'" + PAYLOADS[1], "'\n=1"]
    assert [r["miss"] for r in rows] == ["'" + NAME_PAYLOADS[1], "", "'@SUM(1+1)"]
    assert [float(r["lost"]) for r in rows] == [-2.1, 0.0, -2.1]


# --- the tournament's exports: standings and results --------------------------------------


def test_the_standings_csv_is_safe() -> None:
    t = Tournament("=1+1 cup", [*NAME_PAYLOADS, "Ann", "=2"], length=61, seed=4)
    r = t.next_round()
    for tb in r.tables:
        t.record_result(1, tb.number, (61, 29))
    rows = assert_safe(
        _rows(t.standings_csv()),
        numeric=(
            "points",
            "spread",
            "wins",
            "losses",
            "skunks",
            "byes",
            "played",
            "points_for",
            "points_against",
        ),
    )
    assert {r["player"] for r in rows} == {"'" + p for p in NAME_PAYLOADS} | {"Ann", "'=2"}
    assert (
        sorted(int(r["spread"]) for r in rows) == [-32] * 4 + [32] * 4
    )  # numbers, the losers' negative
    assert all(r["rank"] in ("1=", "5=") for r in rows)


def test_the_results_csv_is_safe(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from crib.tools.cli import main

    db = str(tmp_path / "t.sqlite3")
    players = ", ".join(p for p in NAME_PAYLOADS if "," not in p)
    assert (
        main(
            [
                "tournament",
                "create",
                "@SUM(1+1)",
                "--db",
                db,
                "--players",
                players,
                "--length",
                "61",
                "--seed",
                "5",
                "--code",
                "CLB234",
            ]
        )
        == 0
    )
    assert main(["tournament", "result", "CLB234", "1", "1", "61", "25", "--db", db]) == 0
    out = tmp_path / "r.csv"
    assert (
        main(["tournament", "csv", "CLB234", "--what", "results", "--db", db, "--out", str(out)])
        == 0
    )
    capsys.readouterr()
    rows = assert_safe(
        _rows(out.read_text(encoding="utf-8")),
        numeric=("round", "length", "score1", "score2", "points1", "points2"),
    )
    seats = {r[k] for r in rows for k in ("seat1", "seat2") if r[k]}
    assert seats == {"'" + p for p in NAME_PAYLOADS if "," not in p}
    done = rows[0]
    assert (done["score1"], done["score2"], done["winner"]) == ("61", "25", done["seat1"])
    assert done["winner"].startswith("'")
    # the standings through the command line too: the same writer
    assert main(["tournament", "csv", "CLB234", "--db", db]) == 0
    assert_safe(_rows(capsys.readouterr().out), numeric=("points", "spread"))
