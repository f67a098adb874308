"""The school load bench's pure parts (bench/school_report.py, bench/school_setup.py,
bench/load_school.py): the exactly-once check of stored answers, the trainer's widgets a
student clicks, which server a way-in redirect names, what kind a process is, the
servers' pool options and the side-by-side table."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

from load_school import _serve_args  # noqa: E402
from school_report import exactly_once, pick_widgets, side_by_side  # noqa: E402
from school_setup import classify, server_of  # noqa: E402

ANN, BOB = ("C1", "Ann"), ("C2", "Bob")


def test_every_answer_once_is_exactly_once() -> None:
    rows = [("C1", "Ann", 0, "a0"), ("C1", "Ann", 1, "a1"), ("C2", "Bob", 0, "b0")]
    r = exactly_once({ANN: 2, BOB: 1}, {ANN: 2, BOB: 1}, rows)
    assert r["exactly_once"] is True
    assert (r["answers_sent"], r["answers_acknowledged"], r["rows_in_record"]) == (3, 3, 3)


@pytest.mark.parametrize(
    ("rows", "acked", "sent", "what"),
    [
        # a retry stored twice (two tokens for one question)
        (
            [("C1", "Ann", 0, "a0"), ("C1", "Ann", 0, "a0b")],
            {ANN: 1},
            {ANN: 1},
            "duplicates_by_student_question",
        ),
        # one token twice
        ([("C1", "Ann", 0, "t"), ("C1", "Ann", 1, "t")], {ANN: 2}, {ANN: 2}, "duplicate_tokens"),
        # acknowledged on the page but not in the record
        ([("C1", "Ann", 0, "a0")], {ANN: 2}, {ANN: 2}, "acknowledged_not_stored"),
        # a row nobody sent (another student's, or a stray write)
        ([("C1", "Ann", 0, "a0"), ("C2", "Bob", 0, "b0")], {ANN: 1}, {ANN: 1}, "stored_not_sent"),
    ],
)
def test_each_way_of_storing_wrong_is_caught(
    rows: list, acked: dict, sent: dict, what: str
) -> None:
    r = exactly_once(acked, sent, rows)
    assert r["exactly_once"] is False
    assert r[what] == 1


def test_sent_but_never_acknowledged_may_be_stored_or_not() -> None:
    # the click went out, the page never heard back: stored once or not at all is right
    assert exactly_once({ANN: 0}, {ANN: 1}, [])["exactly_once"] is True
    assert exactly_once({ANN: 0}, {ANN: 1}, [("C1", "Ann", 0, "a0")])["exactly_once"] is True


def test_the_counting_check_button_not_the_points_one() -> None:
    states = {
        "m1": {"state": {"_dom_classes": ["crib-check"]}},
        "m2": {"state": {"_dom_classes": ["crib-check", "crib-pegpoints-check"]}},
        "m3": {"state": {"_dom_classes": ["crib-join", "crib-other"]}},
    }
    assert pick_widgets(states) == {"crib-check": "m1", "crib-join": "m3"}
    states["m4"] = {"state": {"_dom_classes": ["crib-join"]}}
    with pytest.raises(RuntimeError, match="two widgets of class crib-join"):
        pick_widgets(states)


def test_the_way_in_names_the_server() -> None:
    assert server_of("/s2/voila/render/trainer.ipynb?code=ABC234") == 2
    assert server_of("http://127.0.0.1:8080/s11/voila/render/play.ipynb") == 11
    assert server_of("/voila/render/trainer.ipynb") == 1  # one server, no prefix


def test_processes_are_classed_by_command_line() -> None:
    assert classify(["python", "-m", "ipykernel_launcher", "-f", "/tmp/k.json"]) == "kernel"
    assert classify(["python", "-m", "crib.tools.serve", "dash", "--base_url=/s1/"]) == "server"
    assert classify(["nginx: master process /usr/sbin/nginx -c x"]) == "nginx"
    assert classify(["/usr/lib/postgresql/15/bin/postgres", "-D", "d"]) == "postgres"
    assert classify(["postgres: walwriter"]) == "postgres"
    assert classify([]) == "other"


def test_pools_sized_for_the_load(tmp_path: Path) -> None:
    trainer, play = tmp_path / "t", tmp_path / "p"
    trainer.mkdir()
    play.mkdir()
    (trainer / "trainer.ipynb").write_text("{}")
    (play / "play.ipynb").write_text("{}")
    assert _serve_args(trainer, 30) == ["--class-size=30"]
    assert _serve_args(play, 20) == ["--pool_size=22", "--VoilaKernelManager.fill_delay=3600"]


def test_the_side_by_side_table() -> None:
    summary = {"median": 0.2, "p95": 0.5, "max": 1.25}
    classes = {
        "students_interactive": 60,
        "students": 60,
        "students_per_server": {"1": 30, "2": 30},
        "time_to_interactive_s": summary,
        "stored": {"answers_acknowledged": 180, "rows_in_record": 180, "exactly_once": True},
    }
    table = side_by_side(
        {"A": {"what": "school", "classes": classes}, "B": {"what": "one", "classes": {}}}
    )
    lines = table.splitlines()
    assert lines[0] == "| | A: school | B: one |"
    assert "| students per server | s1: 30, s2: 30 | - |" in lines
    assert "| time to interactive, median / p95 / max | 0.200 / 0.500 / 1.250 s | - |" in lines
    assert "| every answer stored exactly once | yes | - |" in lines
    assert "| answers acknowledged / rows stored | 180 / 180 | - |" in lines
    # a figure the run does not have is a dash, not an error
    assert "| move latency (click to the other page), median / p95 / max | - | - |" in lines
