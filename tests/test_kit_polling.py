"""The one poll loop of the pages (teacher's live view, tournament panel, classmate game,
trainer's reveals): crib.ui.kit.common.keep_polling."""

from __future__ import annotations

import asyncio

from crib.ui.kit.common import keep_polling
from tests.loops import in_thread as _in_thread


def test_a_failed_step_does_not_stop_the_next_and_until_ends_it() -> None:
    calls: list[int] = []

    def step() -> None:
        calls.append(len(calls))
        if len(calls) == 2:
            raise RuntimeError("database is locked")  # the next poll still runs

    async def main() -> tuple[bool, bool, int]:
        task = keep_polling(None, step, lambda: 0.001, until=lambda: len(calls) >= 5)
        assert task is not None
        same = keep_polling(task, step, lambda: 0.001) is task  # still running: kept
        await asyncio.wait_for(task, 5)
        return same, task.done(), len(calls)

    same, done, n = _in_thread(lambda: asyncio.run(main()))
    assert same and done and n == 5


def test_no_running_loop_means_no_task() -> None:
    assert _in_thread(lambda: keep_polling(None, lambda: None, lambda: 1.0)) is None


def test_in_background_runs_the_work_at_the_lowest_priority_and_hands_over_failures() -> None:
    import os
    import sys
    import threading

    from crib.ui.kit.common import in_background

    got: list = []

    def work() -> tuple[int, int]:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id()), threading.get_ident()

    in_background(work, got.append).join(10)
    in_background(lambda: 1 // 0, got.append).join(10)
    (nice, ident), err = got
    assert ident != threading.get_ident()  # not the page's own thread
    if sys.platform == "linux":  # a thread's nice value is its own there
        assert nice == 19
        assert (
            os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) != 19
        )  # the caller keeps its own
    assert isinstance(err, ZeroDivisionError)


def test_in_background_in_a_process_runs_in_its_own_session_at_the_lowest_priority() -> None:
    import os
    import sys

    from crib.errors import CribError
    from crib.ui.kit.common import in_background

    got: list = []

    def work() -> tuple[int, int, int]:
        return os.getpid(), os.getsid(0), os.getpriority(os.PRIO_PROCESS, 0)

    def fails() -> None:
        raise ValueError("no such hand")

    in_background(work, got.append, process=True).join(60)
    in_background(fails, got.append, process=True).join(60)
    (pid, sid, nice), err = got
    assert pid != os.getpid() and sid != os.getsid(0)  # another process, in a session of its own
    if sys.platform == "linux":
        assert nice == 19
    assert isinstance(err, CribError) and "ValueError: no such hand" in str(err)


def test_the_child_never_collects_the_parents_garbage(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The parent's unreachable objects are not finalized in the forked child: a finalizer
    there may wait on a lock that another thread of the parent held at the fork (a CI run's
    review child hung in sqlite3_free, run by gc on an old connection)."""
    import gc
    import os

    from crib.ui.kit.common import in_background

    log = tmp_path / "finalized"

    class Cycle:
        def __init__(self) -> None:
            self.me = self

        def __del__(self) -> None:
            with log.open("a") as f:
                f.write(f"{os.getpid()}\n")

    got: list = []
    gc.disable()  # the cycle stays uncollected garbage in the parent until the fork
    try:
        Cycle()

        def work() -> int:
            gc.collect()  # the child's own collection: it must pass over the parent's cycle
            return os.getpid()

        in_background(work, got.append, process=True).join(60)
    finally:
        gc.enable()
    child = got[0]
    assert isinstance(child, int) and child != os.getpid()
    gc.collect()  # the parent's own collection finalizes it, once, here
    assert log.read_text().split() == [str(os.getpid())]


def test_a_stuck_child_is_killed_and_said(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A forked child that never answers (a lock held at the fork: a review child of a CI
    run waited on a futex for ever, and kept the pipes it inherited open) is killed after
    CHILD_SECONDS, and the page is told."""
    import os
    import time

    from crib.errors import CribError
    from crib.ui.kit import common

    monkeypatch.setattr(common, "CHILD_SECONDS", 1)
    got: list = []
    t0 = time.monotonic()
    common.in_background(lambda: time.sleep(60) or os.getpid(), got.append, process=True).join(30)
    assert time.monotonic() - t0 < 20
    assert isinstance(got[0], CribError) and "did not answer within 1 s" in str(got[0])


def test_when_idle_runs_once_after_the_calls_pause() -> None:
    """Work put off until the keys pause: each new call replaces the pending one, so a
    run of keys makes one run, after the last; without a running loop it runs at once."""
    from crib.ui.kit.common import when_idle

    ran: list[int] = []
    # headless (no running loop: a thread of its own, as a browser test in the same
    # process may leave the main thread's loop marked running): now
    assert _in_thread(lambda: when_idle(None, lambda: ran.append(0))) is None and ran == [0]

    async def main() -> list[int]:
        handle = None
        for i in range(1, 6):  # five keys, 10 ms apart
            handle = when_idle(handle, lambda i=i: ran.append(i), seconds=0.2)
            await asyncio.sleep(0.01)
        assert ran == [0]  # nothing yet: the keys have not paused
        await asyncio.sleep(0.5)
        failing = when_idle(None, lambda: 1 / 0, seconds=0.01)  # a failure is dropped
        await asyncio.sleep(0.1)
        assert failing is not None and failing.cancelled() is False
        return ran

    assert _in_thread(lambda: asyncio.run(main())) == [0, 5]
