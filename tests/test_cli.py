from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from crib.tools.cli import main


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
    assert (
        main(["discard", "5H", "5D", "6C", "7S", "8H", "9D", "--dealer", "--model", "uniform"]) == 0
    )
    out = capsys.readouterr().out
    first_row = [ln for ln in out.splitlines() if ln.strip().startswith("1 ")][0]
    assert "5H 5D" in first_row and "exact" in out and "45,540" in out
    assert main(["discard", "5H", "5D", "6C", "7S", "8H", "9D", "--pone", "--model", "table"]) == 0
    out = capsys.readouterr().out
    first_row = [ln for ln in out.splitlines() if ln.strip().startswith("1 ")][0]
    assert "8H 9D" in first_row and "169-entry" in out


def test_discard_and_peg_default_to_the_coach_model(capsys: pytest.CaptureFixture[str]) -> None:
    from crib import analyze_discard, analyze_play

    six = ["5H", "5D", "6C", "7S", "8H", "9D"]
    assert main(["discard", *six, "--pone", "--scores", "110", "112"]) == 0
    out = capsys.readouterr().out
    first_row = [ln for ln in out.splitlines() if ln.strip().startswith("1 ")][0]
    want = analyze_discard(" ".join(six), dealer=False, scores=(110, 112))
    assert want.objective == "win" and want.best.throw_str in first_row and "the Master" in out
    pos = "hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4"
    assert main(["peg", pos]) == 0
    out = capsys.readouterr().out
    assert "model: master" in out and f"Best: {analyze_play(pos).best.label}" in out
    assert main(["discard", *six, "--scores", "110", "130"]) == 2
    assert "0..120" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["discard", "5H", "5D", "6C", "7S", "8H"], "expected 6 cards"),
        (["discard", "5H", "5D", "6C", "7S", "8H", "8H"], "duplicate card 8H"),
        (["discard", "5H", "5D", "6C", "7S", "8H", "ZZ"], "invalid card 'ZZ'"),
        (
            ["discard", "5H", "5D", "6C", "7S", "8H", "9D", "--model", "zz"],
            "unknown discard model 'zz': expected one of master",
        ),
    ],
)
def test_discard_bad_input(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert needle in err and len(err.splitlines()) == 1


def test_play_json_and_replay(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "g.json"
    assert main(["play", "--seed", "7", "--p1", "expert", "--p2", "easy", "--json", str(f)]) == 0
    out = capsys.readouterr().out
    assert "Hand 1" in out and "wins 121-" in out and f.exists()
    assert main(["replay", str(f)]) == 0
    assert "agrees with the rules" in capsys.readouterr().out
    import json

    log = json.loads(f.read_text())
    i = next(k for k, e in enumerate(log) if e["type"] == "shown")
    log[i]["total"] += 1  # claim one point more than the hand counts
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(log))
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"log event {i} (shown)" in err and "the rules give" in err


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["play", "--p1", "champion"], "unknown player 'champion'"),
        (["replay", "/nonexistent/game.json"], "cannot read"),
    ],
)
def test_play_replay_bad_input(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err


def test_bench_strength_small(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    import json

    out = tmp_path / "s.json"
    assert (
        main(
            [
                "bench",
                "strength",
                "--random-games",
                "6",
                "--tier-games",
                "4",
                "--workers",
                "1",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    res = json.loads(out.read_text())
    assert [m["expert_vs"] for m in res["matches"]] == ["random", "hard", "normal", "easy"]
    assert res["command"].startswith("crib bench strength") and res["version"]
    # Wilson 95% intervals worked from the score formula (Newcombe 1998, method 3),
    # (p + z^2/2n +- z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n) with z = 1.96:
    # e.g. 1 of 4 is (0.4802 +- 0.6408) / 1.9604 -> (0.0456, 0.6994)
    worked = {
        (0, 4): [0.0, 0.4899], (1, 4): [0.0456, 0.6994], (2, 4): [0.15, 0.85],
        (3, 4): [0.3006, 0.9544], (4, 4): [0.5101, 1.0],
        (0, 6): [0.0, 0.3903], (1, 6): [0.0301, 0.5635], (2, 6): [0.0968, 0.7],
        (3, 6): [0.1876, 0.8124], (4, 6): [0.3, 0.9032], (5, 6): [0.4365, 0.9699],
        (6, 6): [0.6097, 1.0],
    }  # fmt: skip
    assert [m["games"] for m in res["matches"]] == [6, 4, 4, 4]
    for m in res["matches"]:
        assert m["wilson95"] == worked[m["opponent_wins"], m["games"]], m["expert_vs"]


def test_shipped_strength_results_name_their_command() -> None:
    import json
    from pathlib import Path

    res = json.loads(
        (Path(__file__).resolve().parents[1] / "data" / "ai_benchmark.json").read_text()
    )
    assert res["command"].startswith("crib bench strength")
    games = {m["expert_vs"]: m["games"] for m in res["matches"]}
    assert games["random"] >= 1000 and min(games[t] for t in ("hard", "normal", "easy")) >= 500


def test_peg_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["peg", "hand 4H 6D 6S 9C | starter 2S | discards JD KC | opp 4"]) == 0
    out = capsys.readouterr().out
    assert "148,995" in out and "Best: 6D" in out and "minimax" in out


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("hand 4H 6D 6S 9C | starter 2S | opp 3", "have been played"),
        ("hand 4H 4H 6S 9C | starter 2S | opp 4", "duplicate card 4H"),
        ("hand 4H 6D 6S X9 | starter 2S | opp 4", "invalid card 'X9'"),
        ("hand 4H | pile KS QS TS 2C | previous 3C 4C 5C | opp 0", "cannot exceed 31"),
    ],
)
def test_peg_bad_input(text: str, needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["peg", text]) == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1


# --- help that helps, and the version (issue 36, point 3) ----------------------------


def test_serve_help_lists_cribs_options_first_with_defaults_then_voila(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from crib.tools.room import PER_CLIENT
    from crib.tools.room_options import NUMBERS

    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    options = ["--class ", "--lan", "--class-size N", *NUMBERS]
    where = [out.index(o) for o in options]
    assert where == sorted(where) and where[-1] < out.index("passed to Voila")
    assert out.index("passed to Voila") < out.index("crib serve --help-voila")
    # each of crib's options says its default, the record's place too
    crib_part = out[out.index("crib's options:") : out.index("The classroom record")]
    assert crib_part.count("(default") == len(options)
    assert f"(default: {PER_CLIENT})" in " ".join(crib_part.split())
    assert "CRIB_DB" in out and "--Voila.ip=127.0.0.1" in out


def test_serve_help_voila_is_voilas_own(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["serve", "--help-voila"])
    assert e.value.code == 0 and "--port" in capsys.readouterr().out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from crib.version import __version__

    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"crib {__version__}"


def test_print_help_names_every_printable_and_the_guide(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from crib.tools.printables import CHOICES

    assert main(["print", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert all(c in out for c in CHOICES) and "guide" in out and "crib print guide" in out


def test_print_all_writes_the_guide_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["print", "all", "--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "crib-guide-en-a4.pdf" in names and len(names) > 1
    assert "crib-guide-en-a4.pdf" in capsys.readouterr().out


def test_notebooks_copies_the_lessons_out_of_the_package_and_keeps_edited_copies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["notebooks", str(tmp_path / "class")]) == 0
    lesson = tmp_path / "class" / "lessons" / "fr_3_le_jeu.ipynb"
    assert lesson.is_file() and (tmp_path / "class" / "04_pegging.ipynb").is_file()
    lesson.write_text("{}")  # the teacher's edit survives a second copy
    assert main(["notebooks", str(tmp_path / "class")]) == 0
    assert lesson.read_text() == "{}"
    assert "already there and kept" in capsys.readouterr().out
    assert main(["notebooks", str(tmp_path / "class"), "--force"]) == 0
    assert lesson.read_text() != "{}"
    assert main(["notebooks", str(lesson)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
