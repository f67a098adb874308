"""The class puzzle set (issue 40, point 4) probed from another device, end to end: a
class server (``crib serve --class``) on the real puzzles and teacher pages; Ann's
browser on 127.0.0.1, Bob's through a forwarder whose connections leave from 127.0.0.2
(another device, as the server sees it: tests/browser/test_room.py says why a relay is
needed).

Ann opens the set as Ann and solves its first puzzle.  Bob's browser (its own profile
token) types "ann": refused, with the message; the teacher's page is refused to him
(403); he opens the set as Bob and misses a puzzle.  The record: Ann's row and attempts
as she left them, Bob's miss under Bob.  The headless probes of the same code, and more:
tests/test_puzzle_set_safety.py and tests/test_room_safety.py (section 6).
"""

from __future__ import annotations

import contextlib
import json
import shutil
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from playwright.sync_api import expect

from crib.analysis.puzzles.model import load_puzzles
from crib.store.classroom import Store
from crib.store.puzzle_sets import PuzzleSetStore
from crib.tools.school import stop_process
from tests.browser.conftest import ARTIFACTS, ROOT, assert_no_error_output
from tests.browser.server import free_port, http_request, start_class_server
from tests.forwarder import start_forwarder

from .test_puzzle_set import _head, _keyboard_move, _open_set
from .test_puzzles import _context, _token

pytestmark = [pytest.mark.browser, pytest.mark.slow]

BOB = "127.0.0.2"


@pytest.fixture(scope="module")
def class_server(
    chromium_path: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SimpleNamespace]:
    """``crib serve --class`` on 127.0.0.1 with the puzzles and the teacher's pages (one
    warm kernel each) and a classroom record of its own."""
    tmp = tmp_path_factory.mktemp("set-probe")
    pages = tmp / "pages"
    pages.mkdir()
    for nb in ("puzzles.ipynb", "teacher.ipynb"):
        shutil.copy(ROOT / "dashboards" / nb, pages / nb)
    db = tmp / "classroom.sqlite3"
    port = free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / "voila-set-probe.log"
    proc, key, _text = start_class_server(
        pages, db, log, "--class-size=2", "--pool_size=1", f"--port={port}", pools=2, kernels=2
    )
    try:
        yield SimpleNamespace(port=port, key=key, db=db, base=f"http://127.0.0.1:{port}")
    finally:
        stop_process(proc, 20)


def _by_client(srv: SimpleNamespace) -> dict[str, int]:
    code, _h, body = http_request(srv.port, f"/crib/room?key={srv.key}")
    assert code == 200
    return json.loads(body)["by_client"]


def test_from_another_device_a_classmate_gets_neither_anns_name_nor_the_teachers_page(
    class_server: SimpleNamespace, browser: object
) -> None:
    srv = class_server
    code = Store(srv.db).create_session("C", seed=1, questions=[{"kind": "count"}]).code
    sets = PuzzleSetStore(srv.db)
    puzzles = load_puzzles()
    ps = sets.give_set(code, puzzles, None, 900, 1500, 2)
    by_id = {p.id: p for p in puzzles}
    first, second = (by_id[i] for i in ps.puzzle_ids)
    fwd, fport = start_forwarder(srv.port, BOB)
    ann = _context(browser, _token("probe-ann"), 1280, 1000)
    bob = _context(browser, _token("probe-bob"), 1280, 1000)
    try:
        page = _open_set(ann, srv.base, code, "Ann")
        _head(page, "Puzzle 1 of 2")
        assert "Solved" in _keyboard_move(page, first, first.answer)
        ann_row = sets.results(code).grid["Ann"]
        ann_tries = [
            (a.puzzle_id, a.move)
            for a in sets.history(sets.learner_id(sets.class_learner(code, "Ann")))
        ]
        assert ann_row == (True, None) and len(ann_tries) == 1

        via = f"http://127.0.0.1:{fport}"  # Bob's device: 127.0.0.2 to the server
        page2 = _open_set(bob, via, code, "ann")
        status = page2.locator(".crib-class-set .crib-set-status")
        expect(status).to_contain_text(
            f"Ann is already taken by another device in the puzzle set of class {code}",
            timeout=60_000,
        )
        expect(status).to_contain_text("ask your teacher to free the name")
        assert "Puzzle 1 of 2" not in page2.locator(".crib-puzzle-head").inner_text()
        assert _by_client(srv).get(BOB, 0) >= 1  # the server saw Bob at his own address
        teacher = bob.new_page()
        resp = teacher.goto(f"{via}/voila/render/teacher.ipynb")
        assert resp is not None and resp.status == 403
        assert "crib-set-grid" not in teacher.content() and code not in teacher.content()
        teacher.close()

        # his own name is his: his miss goes under Bob, nothing under Ann
        page2.locator(".crib-set-name input").fill("Bob")
        page2.locator(".crib-set-name input").press("Enter")
        page2.locator(".crib-set-open").click()
        _head(page2, "Puzzle 1 of 2")
        wrong = next(m for m in first.legal_moves() if m not in first.accepted)
        assert "Not the best move." in _keyboard_move(page2, first, wrong)
        assert_no_error_output(page2)
        assert sets.results(code).grid == {"Ann": ann_row, "Bob": (False, None)}
        lid = sets.learner_id(sets.class_learner(code, "Ann"))
        assert [(a.puzzle_id, a.move) for a in sets.history(lid)] == ann_tries
        assert second.id not in {a.puzzle_id for a in sets.history(lid)}
    finally:
        for c in (ann, bob):
            with contextlib.suppress(Exception):
                c.close()
        fwd.kill()
        fwd.wait(10)
