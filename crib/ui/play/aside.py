"""Work a page does aside, after its move is drawn: on a thread at the lowest CPU
priority, the result shown on the kernel's event loop.

A classmate game's review grades every decision of the game (seconds of CPU).  In a
class, games end while others are still being played, by kernels on the same cores:
graded at once, on the kernel's event loop, the reviews took the CPU that carries the
other tables' moves (``bench/load_duel.py``).  A thread at nice 19 (Linux sets nice per
thread) gets the cores only when the kernels with moves to draw do not need them.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

__all__ = ["grade_aside"]

_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="crib-aside")
_TASKS: set[asyncio.Task] = set()


def _at_lowest_priority(fn: Callable[[], Any]) -> Any:
    if sys.platform == "linux":  # this thread only
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
    return fn()


def grade_aside(grade: Callable[[], Any], show: Callable[[Any], None]) -> bool:
    """Run ``grade()`` on the low-priority thread, then ``show(result)`` (``None`` if it
    failed) on the running event loop.  False outside a running loop (headless use),
    where nothing is started and the caller grades at once.

    >>> grade_aside(lambda: 1, print)  # no event loop here
    False
    >>> async def page():
    ...     grade_aside(lambda: sum(range(10)), print)
    ...     await asyncio.sleep(0.5)
    >>> asyncio.run(page())
    45
    """
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return False

    async def run() -> None:
        try:
            result = await loop.run_in_executor(_WORKER, _at_lowest_priority, grade)
        except Exception:  # noqa: BLE001 - the page shows no result rather than a traceback
            result = None
        show(result)

    task = loop.create_task(run())
    _TASKS.add(task)  # the loop keeps only a weak reference to a task
    task.add_done_callback(_TASKS.discard)
    return True
