"""A class across a school's two crib servers, end to end, and a server killed mid-class
(issue #26, points 3 and 4).

One school (``python -m crib.tools.school --servers 2 --class``: two crib servers behind
Debian's nginx, the real dashboards, the record on a real PostgreSQL from tests/pg.py)
and one class, all through nginx's port, driven at the websocket-message level as a
browser's widget manager does (bench/class_client.py), never mocked:

1. the teacher opens the key link (the key's redirect and its cookie), which neither
   server gives without the key or the cookie (403 on both); the teacher creates a
   class session in the teacher page; four students open the student link with its
   code through the way in, land on both servers, join and answer; the teacher page's
   live view shows all four with their answer counts;
2. two classmates, one page on each server, play a whole game to its end; every move is
   in the record once, and the log replays against its revealed secret;
3. the teacher pairs the two of them from the teacher page's tournament panel: each finds
   the table from a page on their own server, and both sit at it;
4. the server that does not hold the teacher's page is killed (``kill -9``) mid-class: a
   student who was on it reloads their page (``/s<k>/...?code=``), lands on the other
   server through ``/go/``, joins again with the same name and goes on with the set at
   the next question; the classmate whose tournament table was on it reloads the seat's
   link and the game goes on from the record; no stored answer or move is lost.

It is one test: the scenario is one class in order, and tests/conftest.py's scheduler
sends each test function to whichever worker is free (two workers would start two
schools).
"""

from __future__ import annotations

import asyncio
import contextlib
import http.cookiejar
import json
import os
import re
import signal
import subprocess
import sys
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from crib.tools.school import free_port, stop_process
from tests.loops import run as _run
from tests.pg import PgServer
from tests.test_school import _children, _get, _nginx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from class_client import DuelPage, Page  # noqa: E402

# an end-to-end run with servers of its own: make test-slow (and .ci/run) runs it; make test
# keeps the headless tests of the same code (see docs/developer.md, "The tests")
pytestmark = pytest.mark.slow

NAMES = ("Ann", "Bob", "Cy", "Dee")
N_QUESTIONS = 4
FIRST_ANSWERS = {"Ann": 2, "Bob": 1, "Cy": 2, "Dee": 3}  # before the server dies: each mid-set


@pytest.fixture(scope="module")
def school(
    pg_server: PgServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Any]]:
    """Two crib servers behind nginx with the real dashboards and ``--class``, the record
    on a fresh PostgreSQL database: the port, the process, the teacher's key, the record."""
    _nginx()
    db = pg_server.new_database("crib_template")
    url = pg_server.url(db)
    tmp = tmp_path_factory.mktemp("school-class")
    port = free_port()
    log = tmp / "school.log"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "crib.tools.school",
            "--servers",
            "2",
            f"--port={port}",
            f"--run-dir={tmp / 'run'}",
            "--db",
            url,
            str(ROOT / "dashboards"),
            "--class",
            # no warm kernels: each page's kernel starts when it is opened (9 in all)
            "--pool_size=0",
            "--max-pages-per-client=40",
        ],  # every page comes from 127.0.0.1 here (one device)
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    deadline = time.monotonic() + 240
    while not (m := re.search(r"teacher opens: (\S+)", log.read_text())):
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail("the school did not start:\n" + log.read_text()[-3000:])
        time.sleep(0.5)
    text = log.read_text()
    assert f"students open: http://127.0.0.1:{port}/go/trainer.ipynb" in text, text
    key = re.fullmatch(rf"http://127\.0\.0\.1:{port}/go/teacher\.ipynb\?key=([\w-]+)", m.group(1))
    assert key, m.group(1)
    try:
        yield {"port": port, "proc": proc, "key": key.group(1), "db": url, "run": tmp / "run"}
    finally:
        stop_process(proc, 60)
        left = list(_children(proc.pid).values())
        pg_server.admin(f"DROP DATABASE {db} WITH (FORCE)")
        assert not left, f"crib servers left running: {left}"


# -- the record, read directly ----------------------------------------------------------


def _rows(db: str, sql: str, *args: Any) -> list[tuple]:
    import psycopg

    with psycopg.connect(db) as c:
        return [tuple(r) for r in c.execute(sql, args).fetchall()]


def _moves(db: str, table: str) -> list[tuple]:
    """A classmate table's stored moves: (id, seat, n, kind, action), in order."""
    return _rows(
        db,
        "SELECT m.id, m.seat, m.n, m.kind, m.action FROM duel_moves m JOIN duels d "
        "ON d.id=m.duel_id WHERE d.code=%s ORDER BY m.id",
        table,
    )


def _each_once(moves: list[tuple]) -> None:
    """Every decision of each seat is stored once, numbered without a gap."""
    for seat in (0, 1):
        ns = [m[2] for m in moves if m[1] == seat]
        assert ns == list(range(ns[0], ns[0] + len(ns))) if ns else True, (seat, ns)


# -- pages --------------------------------------------------------------------------------


def _server(page: Page) -> str:
    """The prefix of the server a page landed on: ``/s1/`` or ``/s2/``."""
    m = re.search(r"(/s\d+/)$", page.base + "/")
    assert m, page.base
    return m.group(1)


async def _state_until(page: Page, css: str, pred: Any, timeout: float = 120) -> str:
    """Wait until the widget ``css``'s value satisfies ``pred``; the value."""
    deadline = time.monotonic() + timeout
    while not pred(v := page.value(css)):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{css}: still {v[:300]!r} after {timeout} s")
        await asyncio.sleep(0.1)
    return v


async def _answer(p: Page, k: int, done: int) -> None:
    """Answer the current counting question (the ``k``-th of this page; ``done`` before it
    in the set), then Next unless it was the last."""
    await p.set_value("crib-count-input", str((3 * done + k) % 20))
    await p.click_until("crib-check", "crib-stats", f"answered {done + 1} of {N_QUESTIONS}")
    if done + 1 < N_QUESTIONS:
        await p.click_until("crib-next", "crib-header", f"Question {done + 2} of {N_QUESTIONS}")


async def _open(page: Page, reloads: list[str]) -> None:
    """Open a page; one whose kernel never starts is reloaded once, as a student would.

    Seen once under load: a page kernel died at its start on ``Address already in use``
    for a TCP port its server had picked (every kernel of every server on the machine
    picks its five ports on its own, so another process can take one between the pick
    and the bind); jupyter_client's restarts failed on the same port and Voila's page
    request never answered.  ``reloads`` says which pages needed it."""
    page.get_timeout = 90.0
    try:
        await asyncio.wait_for(page.open(), 150)
    except (TimeoutError, OSError) as e:
        reloads.append(f"{page.path}: {type(e).__name__}")
        await asyncio.wait_for(page.open(), 150)


async def _student(
    port: int, code: str, name: str, reloads: list[str], path: str | None = None
) -> Page:
    """A student's trainer page opened from a link (the way in, or an old address), the
    link's query sent as the page's script sends it; the class code must be filled in."""
    p = Page(f"http://127.0.0.1:{port}", path or f"go/trainer.ipynb?code={code}")
    await _open(p, reloads)
    await p.send_query("crib-trainer")
    assert p.value("crib-join-code") == code, "the link's class code did not survive the way in"
    await p.set_value("crib-join-name", name)
    await p.click_done(p.by_class["crib-join"])
    assert "Joined" in p.value("crib-join-status"), p.value("crib-join-status")
    return p


def _live_counts(teacher: Page) -> dict[str, str]:
    """The teacher page's live table of students: {name: progress 'answered/N'}."""
    table = teacher.value("crib-student-table")
    return dict(re.findall(r"<tr><td>([^<]+)</td><td>(\d+/\d+)</td>", table))


async def _play(p: DuelPage, clicked: Counter, until: Any) -> None:
    """Play this seat (throw the first two, play the first card that fits, Continue)
    until ``until()`` or the game's end; the moves clicked by kind go in ``clicked``."""
    while not until():
        a = p.attrs()
        if a.get("phase") in ("over", "abandoned"):
            return
        if a.get("phase") in ("discard", "play", "hand_over"):
            kind = await p.act()
            if kind in ("discard", "play"):
                clicked[(int(a["seat"]), kind)] += 1
        else:
            await p.until(lambda a=a: p.attrs() != a or until(), 120)


async def _ws_status(port: int, prefix: str, kernel: str, cookie: str = "") -> int:
    """The HTTP status of a kernel websocket's handshake through nginx (101 if it opens)."""
    import websockets

    url = f"ws://127.0.0.1:{port}{prefix}api/kernels/{kernel}/channels?session_id={uuid.uuid4()}"
    try:
        async with websockets.connect(
            url, additional_headers={"Cookie": cookie} if cookie else {}, open_timeout=60
        ):
            return 101
    except websockets.InvalidStatus as e:
        return int(e.response.status_code)


# -- the class ----------------------------------------------------------------------------


async def _class(school: dict[str, Any], report: dict[str, Any]) -> None:
    port, key, db = school["port"], school["key"], school["db"]
    base = f"http://127.0.0.1:{port}"
    t0 = time.monotonic()

    def mark(what: str) -> None:
        report[what] = round(time.monotonic() - t0, 1)

    pages: list[Page] = []
    reloads: list[str] = report.setdefault("reloads", [])
    try:
        # 1. the teacher's link: the key, its redirect and cookie; refused without them
        jar = http.cookiejar.CookieJar()
        teacher = Page(base, f"go/teacher.ipynb?key={key}", jar=jar)
        pages.append(teacher)
        await _open(teacher, reloads)
        mark("teacher_page")
        assert "key=" not in teacher.url, teacher.url  # the key left the address bar
        home = _server(teacher)
        other = "/s1/" if home == "/s2/" else "/s2/"
        cookie = "; ".join(f"{c.name}={c.value}" for c in jar if c.name == "crib_teacher")
        assert cookie, "the key gave no teacher's cookie"
        for prefix in ("/s1/", "/s2/"):
            status, _loc, body = _get(port, f"{prefix}voila/render/teacher.ipynb")
            assert status == 403 and "teacher" in body, (prefix, status)
            status, _loc, _body = _get(port, f"{prefix}voila/render/teacher.ipynb?key=not-{key}")
            assert status == 403, (prefix, status)
            assert _get(port, f"{prefix}crib/room")[0] == 403
            status, _loc, body = _cookie_get(port, f"{prefix}crib/room", cookie)
            assert status == 200 and "page_kernels" in body, (
                prefix,
                status,
            )  # one cookie, both servers
        assert (
            await _ws_status(port, home, teacher.kernel) == 403
        )  # the teacher's kernel: not without the cookie

        # the teacher creates a class session in the page: four counting questions
        for css, v in (
            ("crib-n-count", N_QUESTIONS),
            ("crib-n-discard", 0),
            ("crib-n-peg", 0),
            ("crib-session-name", "School class"),
        ):
            await teacher.set_state(teacher.by_class[css], {"value": v})
        await teacher.click_until("crib-create", "crib-code-box", "crib-code-banner")
        banner = teacher.value("crib-code-box")
        code = re.search(r'crib-code-banner">(\w+)<', banner).group(1)  # type: ignore[union-attr]
        assert (
            f"{base}/go/trainer.ipynb" in banner
        )  # the link on the projector is the school's way in
        mark("session_created")

        # four students open the link with the code: both servers take students
        students = dict(
            zip(
                NAMES,
                await asyncio.gather(*(_student(port, code, n, reloads) for n in NAMES)),
                strict=True,
            )
        )
        pages += students.values()
        where = {n: _server(p) for n, p in students.items()}
        assert set(where.values()) == {"/s1/", "/s2/"}, where
        report["students_on"] = where
        mark("students_joined")

        async def answers(name: str, p: Page) -> None:
            for k in range(FIRST_ANSWERS[name]):
                await _answer(p, k, k)

        await asyncio.gather(*(answers(n, p) for n, p in students.items()))
        mark("students_answered")
        want = {n: f"{k}/{N_QUESTIONS}" for n, k in FIRST_ANSWERS.items()}
        deadline = time.monotonic() + 90
        while _live_counts(teacher) != want:  # the teacher page polls the record every 2 s
            assert time.monotonic() < deadline, (_live_counts(teacher), want)
            await asyncio.sleep(0.2)
        await _state_until(
            teacher, "crib-summary", lambda v: f">{sum(FIRST_ANSWERS.values())}</b>" in v, 30
        )
        mark("teacher_sees_all")

        # 2. two classmates, one page on each server, play a whole game
        victim = other  # the server killed later: not the teacher's
        ann = DuelPage(f"{base}{victim.rstrip('/')}", "Ann")
        bob = DuelPage(f"{base}{home.rstrip('/')}", "Bob")
        pages += [ann, bob]
        await asyncio.gather(_open(ann, reloads), _open(bob, reloads))
        table = await ann.sit()
        assert await bob.sit(table) == table
        mark("classmates_seated")
        clicked: Counter = Counter()
        await asyncio.wait_for(
            asyncio.gather(_play(ann, clicked, lambda: False), _play(bob, clicked, lambda: False)),
            300,
        )
        mark("classmate_game_over")
        for p in (ann, bob):
            await p.until(lambda p=p: p.attrs().get("phase") == "over" and p.log() is not None, 120)
        assert ann.log() == bob.log()
        moves = _moves(db, table)
        kinds = Counter((m[1], m[3]) for m in moves)
        assert {k: v for k, v in kinds.items() if k[1] != "go"} == dict(clicked), (kinds, clicked)
        _each_once(moves)
        from crib.rules.replay import VERIFIED_SECRET, replay

        log, secret = ann.log()  # type: ignore[misc]
        checked = replay(log, secret=secret)
        assert checked.complete and checked.verdict == VERIFIED_SECRET
        decisions = [e for e in checked.events if type(e).__name__ in ("Discarded", "Played", "Go")]
        assert len(decisions) == len(moves), (len(decisions), len(moves))
        report["classmate_game_moves"] = len(moves)

        # 3. the teacher pairs the two classmates (a friendly game to 61) from the teacher page
        await teacher.click(teacher.by_class["crib-tour-fill"])  # "Use the students who joined"
        await _state_until(teacher, "crib-tour-players", lambda v: all(n in v for n in NAMES))
        await teacher.set_state(teacher.by_class["crib-tour-players"], {"value": "Ann\nBob"})
        await teacher.set_state(teacher.by_class["crib-tour-length"], {"index": 1})  # 61 points
        await teacher.click_until("crib-tour-create", "crib-tour-status", "Created")
        await teacher.click_until("crib-tour-start", "crib-tour-status", "Round 1 is seated")
        round_box = teacher.value("crib-tour-round")
        tour_table = re.search(r'data-code="(\w+)"', round_box).group(1)  # type: ignore[union-attr]
        assert f"{base}/go/play.ipynb?class={code}" in teacher.value("crib-tour-reach-box")
        await asyncio.gather(ann.back_to_tables(), bob.back_to_tables())
        found = await asyncio.gather(ann.find_class_table(code), bob.find_class_table(code))
        assert f"Your table: {tour_table}, against Bob." in found[0], found[0]
        assert f"Your table: {tour_table}, against Ann." in found[1], found[1]
        assert await ann.play_class_table() == tour_table
        assert await bob.play_class_table() == tour_table
        await _state_until(teacher, "crib-tour-round", lambda v: ">playing<" in v, 90)
        mark("tournament_table_open")
        tour_clicked: Counter = Counter()  # a few moves: the first hand's discards and two cards

        def two_played() -> bool:
            return sum(v for (_s, k), v in tour_clicked.items() if k == "play") >= 2

        await asyncio.wait_for(
            asyncio.gather(
                _play(ann, tour_clicked, two_played), _play(bob, tour_clicked, two_played)
            ),
            120,
        )
        await asyncio.sleep(0.5)  # the other page draws the last move

        # 4. a server dies mid-class: the one without the teacher's page
        link = ann.seat_link()
        before_ann = (ann.attrs()["hand"], ann.attrs()["mine"])
        moved_before = _moves(db, tour_table)
        answers_before = _rows(
            db, "SELECT id, student_id, question, answer FROM answers ORDER BY id"
        )
        assert len(answers_before) == sum(FIRST_ANSWERS.values())
        servers = _children(school["proc"].pid)
        kernels = _kernels(servers[victim])
        os.kill(servers[victim], signal.SIGKILL)
        mark("server_killed")
        gone = [n for n, s in where.items() if s == victim]
        name = max(gone, key=lambda n: N_QUESTIONS - FIRST_ANSWERS[n])  # the most left to answer
        status, loc, _ = _get(port, f"{victim}voila/render/trainer.ipynb?code={code}")
        assert status == 302 and loc.endswith(f"/go/trainer.ipynb?code={code}"), (status, loc)
        again = await _student(
            port, code, name, reloads, f"{victim.lstrip('/')}voila/render/trainer.ipynb?code={code}"
        )
        pages.append(again)
        assert _server(again) == home
        done = FIRST_ANSWERS[name]
        assert f"{done} already answered" in again.value("crib-join-status"), again.value(
            "crib-join-status"
        )
        await _state_until(
            again, "crib-header", lambda v: f"Question {done + 1} of {N_QUESTIONS}" in v, 30
        )  # the set goes on
        for k in range(done, N_QUESTIONS):
            await _answer(again, k - done, k)
        await _state_until(
            again, "crib-status", lambda v: "last question" in v, 30
        )  # drawn after the stats line
        mark("student_resumed")
        mine = _rows(
            db,
            "SELECT a.question FROM answers a JOIN students s ON s.id=a.student_id "
            "WHERE s.name=%s ORDER BY a.question",
            name,
        )
        assert [q for (q,) in mine] == list(
            range(N_QUESTIONS)
        )  # each question once: none lost, none twice

        # the classmate on the dead server reloads the seat's link: the game from the record
        status, loc, _ = _get(port, f"{victim}voila/render/play.ipynb?{link}")
        assert status == 302 and loc.endswith(f"/go/play.ipynb?{link}"), (status, loc)
        ann2 = DuelPage(base, "Ann")
        ann2.tab = ann.tab  # a reload of the same browser tab
        ann2.path = f"{victim.lstrip('/')}voila/render/play.ipynb?{link}"
        pages.append(ann2)
        await _open(ann2, reloads)
        assert _server(ann2) == home
        await ann2.reopen()
        assert (ann2.attrs()["hand"], ann2.attrs()["mine"]) == before_ann, (
            ann2.attrs(),
            before_ann,
        )
        assert _moves(db, tour_table) == moved_before  # nothing of the game lost
        n_before = len(moved_before)
        await asyncio.wait_for(
            asyncio.gather(
                _play(ann2, tour_clicked, lambda: len(_moves(db, tour_table)) >= n_before + 4),
                _play(bob, tour_clicked, lambda: len(_moves(db, tour_table)) >= n_before + 4),
            ),
            120,
        )
        after = _moves(db, tour_table)
        assert after[: len(moved_before)] == moved_before and len(after) >= n_before + 4
        _each_once(after)
        mark("classmate_resumed")
        # ... to the end of the game (61): its result comes in once, and the teacher page shows it
        await asyncio.wait_for(
            asyncio.gather(
                _play(ann2, tour_clicked, lambda: False), _play(bob, tour_clicked, lambda: False)
            ),
            180,
        )
        _each_once(_moves(db, tour_table))
        # the play page recorded the result at the game's end: the teacher page shows it
        await _state_until(teacher, "crib-tour-round", lambda v: "crib-tour-done" in v, 90)
        results = _rows(
            db,
            "SELECT t.seat1, t.seat2, r.score1, r.score2 FROM tournament_results r JOIN "
            "tournament_tables t USING (tournament_id, round, table_no)",
        )
        assert len(results) == 1 and max(results[0][2:]) == 61, (
            results
        )  # one result, however many pages saw the end
        winner = results[0][0] if results[0][2] == 61 else results[0][1]
        # (the standings are drawn after the round's table: wait for them too)
        await _state_until(
            teacher,
            "crib-tour-standings",
            lambda v: re.search(rf"<td>{winner}</td><td class=\"crib-num\">1–0", v) is not None,
            30,
        )
        mark("tournament_game_over")
        answers_after = _rows(
            db, "SELECT id, student_id, question, answer FROM answers ORDER BY id"
        )
        assert answers_after[: len(answers_before)] == answers_before  # every stored answer kept
        assert len(answers_after) == len(answers_before) + N_QUESTIONS - done
        want[name] = f"{N_QUESTIONS}/{N_QUESTIONS}"
        deadline = time.monotonic() + 90
        while _live_counts(teacher) != want:  # the teacher's live view goes on, on the live server
            assert time.monotonic() < deadline, (_live_counts(teacher), want)
            await asyncio.sleep(0.2)
        report["orphan_kernels"] = await asyncio.to_thread(
            _alive, kernels, 60
        )  # ipykernel polls its parent: gone within seconds
        mark("done")
    finally:
        for p in pages:
            with contextlib.suppress(Exception):
                await p.close()


def _cookie_get(port: int, path: str, cookie: str) -> tuple[int, str, str]:
    import http.client

    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        c.request("GET", path, headers={"Cookie": cookie})
        r = c.getresponse()
        return r.status, r.getheader("Location") or "", r.read().decode(errors="replace")
    finally:
        c.close()


def _kernels(server: int) -> list[int]:
    """The kernel processes a crib server started: its children, and theirs (the kernels
    forked from its warm parent, crib.tools.fork_kernels)."""
    kids: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
                kids.setdefault(ppid, []).append(int(d.name))
    out = list(kids.get(server, []))
    for pid in list(out):
        out += kids.get(pid, [])
    return out


def _alive(pids: list[int], seconds: float) -> list[int]:
    """Those of ``pids`` still running after up to ``seconds``."""

    def running(pid: int) -> bool:
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
        except OSError:
            return False

    deadline = time.monotonic() + seconds
    while True:
        left = [p for p in pids if running(p)]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.5)


def test_a_class_across_two_servers_survives_one_killed(school: dict[str, Any]) -> None:
    report: dict[str, Any] = {}
    try:
        _run(asyncio.wait_for(_class(school, report), 420))
    finally:
        print("school class:", json.dumps(report))
    assert report.get("orphan_kernels") == [], f"the killed server's kernels still run: {report}"
