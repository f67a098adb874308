from __future__ import annotations

import subprocess
import sys

import pytest

from crib.cli import main


def test_score_prints_count_and_total(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "5H", "5D", "5C", "JS", "5S"]) == 0
    out = capsys.readouterr().out
    assert "Total: 29" in out
    assert "fifteen two" in out.lower() and "nobs is twenty-nine" in out


def test_score_crib_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "2H", "4H", "6H", "8H", "QS", "--crib"]) == 0
    assert "Total: 0" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["score", "5H", "5D", "X9", "JS", "5S"], "invalid card 'X9'"),
        (["score", "5H", "5D", "5H", "JS", "5S"], "duplicate card 5H"),
        (["score", "5H", "5D", "JS", "5S"], "expected 5 cards"),
        (["bogus"], "invalid choice"),
    ],
)
def test_bad_input_one_line_exit_2(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert needle in err
    assert len(err.splitlines()) == 1
    assert "Traceback" not in err


def test_python_dash_m_and_entry_point() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "crib", "score", "5H", "5D", "5C", "JS", "5S"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert r.returncode == 0 and "Total: 29" in r.stdout
    r = subprocess.run(
        [sys.executable, "-m", "crib", "score", "5H"], capture_output=True, text=True, check=False
    )
    assert r.returncode == 2 and "Traceback" not in r.stderr and "expected 5 cards" in r.stderr


def test_discard_prints_ranked_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["discard", "5H", "5D", "6C", "7S", "8H", "9D", "--dealer"]) == 0
    out = capsys.readouterr().out
    first_row = [ln for ln in out.splitlines() if ln.strip().startswith("1 ")][0]
    assert "5H 5D" in first_row and "exact" in out and "45,540" in out
    assert main(["discard", "5H", "5D", "6C", "7S", "8H", "9D", "--pone", "--model", "table"]) == 0
    out = capsys.readouterr().out
    first_row = [ln for ln in out.splitlines() if ln.strip().startswith("1 ")][0]
    assert "8H 9D" in first_row and "169-entry" in out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["discard", "5H", "5D", "6C", "7S", "8H"], "expected 6 cards"),
        (["discard", "5H", "5D", "6C", "7S", "8H", "8H"], "duplicate card 8H"),
        (["discard", "5H", "5D", "6C", "7S", "8H", "ZZ"], "invalid card 'ZZ'"),
        (["discard", "5H", "5D", "6C", "7S", "8H", "9D", "--model", "zz"], "unknown crib model"),
    ],
)
def test_discard_bad_input(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert needle in err and len(err.splitlines()) == 1
