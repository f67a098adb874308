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
