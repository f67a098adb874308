"""A page's first and second visitors (bench/load_class.py ``--visit-pages``).

With a pool of one warm kernel per page, the second visitor arriving within seconds of the
first gets the kernel the pool starts once the first is taken (forked or launched, then
the page run in it); with a pool of two, a warm one.  Each visitor is bench/class_client.py's
message-level page: the time from its GET until the page's widget states are loaded (the
kernel has run the page and answers).
"""

from __future__ import annotations

import asyncio

from class_client import Page

PAUSE = 10.0  # s between two pages' visits


async def visitors(base: str, pages: list[str], gap: float) -> dict:
    """Each page in turn: a first visitor, a second ``gap`` s later; the times until the
    widgets are loaded of each, by visitor (first, second), and until the page arrived."""
    out: dict = {"first": [], "second": [], "first_byte": [], "failures": []}

    async def visit(page: str, delay: float, key: str) -> Page:
        await asyncio.sleep(delay)
        p = Page(base, f"voila/render/{page}")
        try:
            await p.open()
            out[key].append(p.marks["widgets_loaded"])
            out["first_byte"].append(p.marks["page_received"])
        except Exception as e:  # noqa: BLE001 - a visitor's timeout is a result
            why = (str(e).splitlines() or [""])[0][:120]
            out["failures"].append(f"{page} {key}: {type(e).__name__}: {why}")
        return p

    for page in pages:
        opened = await asyncio.gather(visit(page, 0, "first"), visit(page, gap, "second"))
        for p in opened:
            await p.close()
        await asyncio.sleep(PAUSE)  # the pools refilled: the next page on its own
    return out
