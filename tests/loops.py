"""Event loops in the full suite: a worker that has run the browser tests keeps
playwright's loop running in its main thread, so a test that needs a loop of its own
(``asyncio.run``) or none at all runs that part in a thread."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def in_thread(fn: Callable[[], Any]) -> Any:
    """``fn()`` in a thread of its own (no event loop running there)."""
    with ThreadPoolExecutor(1) as ex:
        return ex.submit(fn).result()


def run(coro: Coroutine[Any, Any, Any]) -> Any:
    """The coroutine run to its end on a loop of its own, in a thread."""
    return in_thread(lambda: asyncio.run(coro))
