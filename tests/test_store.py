"""The classroom record: nothing lost, nobody where they don't belong.

Every test writes to a database of its own (never CRIB_DB's default): the ``store`` tests
run twice, on a SQLite file in pytest's tmp_path and on a database of a real PostgreSQL
server that the fixtures start (tests/pg.py).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from crib.store import migrate as db_migrate
from crib.store.classroom import (
    MAX_NAME,
    SCHEMA_VERSION,
    BadNameError,
    Store,
    StoreError,
    UnknownCodeError,
    UnknownQuestionError,
    default_db_path,
)
from crib.store.db import database_errors
from tests.pg import legacy_sqlite

QUESTIONS = [
    {"kind": "count", "hand": "5H 5D 5C JS", "starter": "5S", "crib": False, "total": 29}
] * 25


@pytest.fixture()
def db(tmp_path: Path) -> Path:
    return tmp_path / "class.sqlite3"


@pytest.fixture()
def store(db_target: Path | str) -> Store:
    st = Store(db_target)
    yield st
    st.close()


def test_wal_mode_busy_timeout_and_schema_version(db: Path) -> None:
    store = Store(db)
    assert store.dialect == "sqlite" and store.path == db
    assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
    assert store.schema_version == SCHEMA_VERSION == db_migrate.head()
    # user_version follows the revision, for an older crib that opens the file
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_postgresql_url_opens_postgresql(pg_url: str) -> None:
    store = Store(pg_url)
    assert store.dialect == "postgresql" and store.path == pg_url
    assert store.schema_version == SCHEMA_VERSION
    # a REAL column is PostgreSQL's 8-byte DOUBLE PRECISION: the times keep their digits
    s = store.create_session("t", seed=2**62, questions=QUESTIONS)
    assert store.session(s.code).created == s.created and store.session(s.code).seed == 2**62
    kinds = dict(
        store.conn.execute(
            "SELECT column_name, data_type FROM information_schema.columns "
            "WHERE table_name='answers'"
        ).fetchall()
    )
    assert kinds["created"] == "double precision" and kinds["id"] == "bigint"


def _open(target: str, out: str) -> None:
    Path(out).write_text(str(Store(target).schema_version))


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_three_kernels_opening_a_new_database_at_once_migrate_it_once(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    target = (
        str(tmp_path / "new.sqlite3")
        if kind == "sqlite"
        else request.getfixturevalue("pg_empty_url")
    )
    ctx = mp.get_context("spawn")
    procs = [ctx.Process(target=_open, args=(target, str(tmp_path / f"{i}.v"))) for i in range(3)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0] * 3
    assert {(tmp_path / f"{i}.v").read_text() for i in range(3)} == {str(SCHEMA_VERSION)}
    st = Store(target)
    assert st.conn.execute("SELECT COUNT(*) FROM alembic_version").fetchone()[0] == 1
    assert st.integrity_check() == "ok"


def test_default_path_is_crib_db_or_outside_the_repo(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CRIB_DB", str(tmp_path / "x.db"))
    assert default_db_path() == tmp_path / "x.db"
    monkeypatch.setenv("CRIB_DB", "postgresql://crib@db.school/classroom")
    assert default_db_path() == "postgresql://crib@db.school/classroom"  # a URL stays text
    monkeypatch.delenv("CRIB_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    p = default_db_path()
    assert p == tmp_path / "xdg" / "crib" / "classroom.sqlite3"
    repo = Path(__file__).resolve().parents[1]
    assert repo not in p.parents


def test_migration_from_version_1_keeps_the_data(db: Path) -> None:
    """A file of crib before Alembic (PRAGMA user_version 1) is carried to the head."""
    legacy_sqlite(db, 1)
    conn = sqlite3.connect(db, isolation_level=None)
    assert (
        conn.execute("SELECT name FROM sqlite_master WHERE name='alembic_version'").fetchone()
        is None
    )
    conn.execute(
        "INSERT INTO sessions(code,name,seed,questions,created) VALUES ('OLD234','old',1,'[{}]',0)"
    )
    conn.close()
    st = Store(db)
    assert st.schema_version == SCHEMA_VERSION
    assert st.session("OLD234").time_limit == 0
    assert st.session("OLD234").name == "old"
    assert st.revealed("OLD234") == set()
    st.reveal("OLD234", 0)
    assert st.revealed("OLD234") == {0}


def test_answers_are_append_only(store: Store) -> None:
    s = store.create_session("t", seed=1, questions=QUESTIONS)
    ann = store.join(s.code, "Ann")
    store.submit(ann, 0, kind="count", answer="29", correct=True)
    with pytest.raises(database_errors(), match="append-only"):
        store.conn.execute("UPDATE answers SET correct=0")
    with pytest.raises(database_errors(), match="append-only"):
        store.conn.execute("DELETE FROM answers")
    if store.dialect == "postgresql":
        with pytest.raises(database_errors(), match="append-only"):
            store.conn.execute("TRUNCATE answers")
    assert store.count_answers(s.code) == 1


def test_a_retried_submit_is_stored_once(store: Store) -> None:
    s = store.create_session("t", seed=1, questions=QUESTIONS)
    ann = store.join(s.code, "Ann")
    a1 = store.submit(ann, 3, kind="count", answer="29", correct=True, token="tok-1")
    a2 = store.submit(ann, 3, kind="count", answer="29", correct=True, token="tok-1")
    assert a1 == a2 and store.count_answers(s.code) == 1


# --- bad input ------------------------------------------------------------------


def test_unknown_join_code(store: Store) -> None:
    store.create_session("t", seed=1, questions=QUESTIONS, code="ABC234")
    with pytest.raises(UnknownCodeError, match="unknown join code 'ABC235'"):
        store.join("abc235", "Ann")
    with pytest.raises(UnknownCodeError, match="empty"):
        store.join("  ", "Ann")


@pytest.mark.parametrize(
    ("name", "match"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("x" * (MAX_NAME + 1), f"at most {MAX_NAME}"),
        ("<script>alert(1)</script>", "HTML or a script"),
        ("<b>Bob</b>", "HTML or a script"),
        ("Ann\x00", "control characters"),
    ],
)
def test_bad_names_are_rejected_with_a_clear_message(store: Store, name: str, match: str) -> None:
    s = store.create_session("t", seed=1, questions=QUESTIONS)
    with pytest.raises(BadNameError, match=match):
        store.join(s.code, name)
    assert store.students(s.code) == []


def test_names_are_escaped_when_shown(store: Store) -> None:
    s = store.create_session("t", seed=1, questions=QUESTIONS)
    st = store.join(s.code, 'Zoë & "Jo"')
    assert st.name == 'Zoë & "Jo"'
    assert st.name_html == "Zoë &amp; &quot;Jo&quot;"


@pytest.mark.parametrize("q", [25, -1, 99, True, "1"])
def test_an_answer_to_a_question_that_does_not_exist(store: Store, q: object) -> None:
    s = store.create_session("t", seed=1, questions=QUESTIONS)
    ann = store.join(s.code, "Ann")
    with pytest.raises(UnknownQuestionError, match="no question"):
        store.submit(ann, q, kind="count", answer="29", correct=True)  # type: ignore[arg-type]
    assert store.count_answers(s.code) == 0


def test_a_session_needs_a_name_and_questions(store: Store) -> None:
    with pytest.raises(BadNameError):
        store.create_session("", seed=1, questions=QUESTIONS)
    with pytest.raises(StoreError, match="at least one question"):
        store.create_session("t", seed=1, questions=[])
    with pytest.raises(StoreError, match="seed"):
        store.create_session("t", seed=-3, questions=QUESTIONS)


# --- isolation ------------------------------------------------------------------


def test_one_session_never_sees_another_sessions_answers(store: Store) -> None:
    a = store.create_session("A", seed=1, questions=QUESTIONS)
    b = store.create_session("B", seed=1, questions=QUESTIONS)
    assert a.code != b.code
    ann = store.join(a.code, "Ann")
    bob = store.join(b.code, "Bob")
    same = store.join(b.code, "Ann")  # the same name in another session is another student
    assert same.id != ann.id
    store.submit(ann, 0, kind="count", answer="29", correct=True)
    store.submit(bob, 0, kind="count", answer="28", correct=False)
    assert [x.student for x in store.answers(a.code)] == ["Ann"]
    assert [x.student for x in store.answers(b.code)] == ["Bob"]
    assert store.answers(b.code, student="Ann") == []
    # a student of A cannot write into B by passing B's session id
    forged = type(ann)(ann.id, b.id, ann.name)
    with pytest.raises(StoreError, match="has not joined"):
        store.submit(forged, 0, kind="count", answer="29", correct=True)
    store.reveal(a.code, 1)
    assert store.revealed(b.code) == set()


def test_the_same_tokens_from_eight_connections_at_once_are_stored_once(store: Store) -> None:
    """Eight kernels retry the same 20 answers at once (and join the same name): each
    token is stored once and every submit returns the stored row."""
    s = store.create_session("race", seed=1, questions=QUESTIONS)
    barrier = threading.Barrier(8)
    got: list[list[int]] = []
    errors: list[BaseException] = []

    def kernel() -> None:
        try:
            st = Store(store.path)
            barrier.wait()
            me = st.join(s.code, "Ann")
            got.append(
                [
                    st.submit(
                        me, q % 25, kind="count", answer="1", correct=True, token=f"same-{q}"
                    ).id
                    for q in range(20)
                ]
            )
            st.close()
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=kernel) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert errors == [] and len(got) == 8
    assert all(ids == got[0] for ids in got)  # every kernel saw the one stored row
    assert store.count_answers(s.code) == 20 and len(store.students(s.code)) == 1


# --- 40 writers at once -----------------------------------------------------------


def _writer(path: str, code: str, i: int, barrier: object, out: str) -> None:
    st = Store(path)
    student = st.join(code, f"student {i:02d}")
    barrier.wait()  # type: ignore[attr-defined]
    acked = []
    for q in range(25):
        a = st.submit(student, q, kind="count", answer=str(q), correct=q % 2 == 0, token=f"{i}-{q}")
        acked.append(a.token)
    Path(out).write_text("\n".join(acked))


def test_forty_processes_submit_twenty_five_answers_each_at_once(
    tmp_path: Path, store: Store
) -> None:
    s = store.create_session("burst", seed=1, questions=QUESTIONS)
    # forked, not spawned: 40 fresh interpreters importing crib cost more than the burst;
    # each writer opens its own connection (the parent's is never used in a child)
    ctx = mp.get_context("fork")
    barrier = ctx.Barrier(40)
    procs = [
        ctx.Process(
            target=_writer, args=(str(store.path), s.code, i, barrier, str(tmp_path / f"{i}.txt"))
        )
        for i in range(40)
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(240)
    assert [p.exitcode for p in procs] == [0] * 40  # no error in any writer
    acked = [t for i in range(40) for t in (tmp_path / f"{i}.txt").read_text().split()]
    assert len(acked) == 1000
    rows = store.answers(s.code)
    assert len(rows) == 1000  # exactly once each
    assert sorted(r.token for r in rows) == sorted(acked)
    assert len({(r.student, r.question) for r in rows}) == 1000
    assert store.integrity_check() == "ok"


# --- kill -9 in the middle of a burst -------------------------------------------------

_KILLED_WRITER = textwrap.dedent(
    """
    import sys
    from crib.store.classroom import Store
    st = Store(sys.argv[1])
    me = st.join(sys.argv[2], sys.argv[3])
    n = 0
    while True:
        a = st.submit(
            me, n % 25, kind="count", answer=str(n), correct=True, token=f"{sys.argv[3]}-{n}"
        )
        print(a.token, flush=True)  # acknowledged: committed before this line is written
        n += 1
    """
)


def test_kill_9_of_a_writer_loses_no_acknowledged_answer(tmp_path: Path, store: Store) -> None:
    s = store.create_session("crash", seed=1, questions=QUESTIONS)
    script = tmp_path / "writer.py"
    script.write_text(_KILLED_WRITER)
    env = {
        **os.environ,
        "CRIB_DB": str(store.path),
        "PYTHONPATH": str(Path(__file__).resolve().parents[1]),
    }
    procs = [
        subprocess.Popen(
            [sys.executable, str(script), str(store.path), s.code, f"w{k}"],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        for k in range(3)
    ]
    acked: dict[int, list[str]] = {k: [] for k in range(3)}
    deadline = time.monotonic() + 120
    victim = procs[0]
    while len(acked[0]) < 150 and time.monotonic() < deadline:
        line = victim.stdout.readline()  # type: ignore[union-attr]
        if line:
            acked[0].append(line.strip())
    assert len(acked[0]) >= 150, "the writer did not get going"
    victim.send_signal(signal.SIGKILL)  # mid-burst: it is writing as fast as it can
    victim.wait(10)
    assert victim.returncode == -signal.SIGKILL
    acked[0] += [ln.strip() for ln in victim.stdout.read().splitlines() if ln.strip()]  # type: ignore[union-attr]
    for p in procs[1:]:
        p.send_signal(signal.SIGKILL)
        p.wait(10)
    for k, p in enumerate(procs[1:], start=1):
        acked[k] = [ln.strip() for ln in p.stdout.read().splitlines() if ln.strip()]  # type: ignore[union-attr]
    fresh = Store(store.path)
    stored = {a.token for a in fresh.answers(s.code)}
    for k in range(3):
        missing = set(acked[k]) - stored
        assert not missing, f"acknowledged but lost: {sorted(missing)[:5]}"
    assert fresh.integrity_check() == "ok"
    # the database still takes writes after the crash
    fresh.submit(fresh.join(s.code, "after"), 0, kind="count", answer="1", correct=False)
    assert fresh.count_answers(s.code) == len(stored) + 1


def test_a_time_limit_runs_from_each_students_join(store: Store) -> None:
    s = store.create_session("t", seed=1, questions=QUESTIONS, time_limit=600)
    again = store.session(s.code)
    assert again.time_limit == 600
    ann = store.join(s.code, "Ann")
    assert store.join(s.code, "Ann").joined == ann.joined > 0  # rejoining keeps the clock
    assert again.time_left(ann.joined, now=ann.joined + 100) == 500
    assert again.time_left(ann.joined, now=ann.joined + 900) == 0
    assert store.create_session("u", seed=1, questions=QUESTIONS).time_left(0.0) is None
    with pytest.raises(StoreError, match="time limit"):
        store.create_session("v", seed=1, questions=QUESTIONS, time_limit=-1)
