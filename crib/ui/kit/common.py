"""Helpers shared by the widget apps: friendly errors, card rendering, the coach's model.

``COACH_MODEL`` names the model behind every verdict the analyzers give by default
(a key of :data:`crib.session.analyze.DISCARD_MODELS` and :data:`crib.session.analyze.PLAY_MODELS`).
Switching the coach to another model is a one-line change there.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import html
import os
import pickle
import select
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable
from functools import wraps
from pathlib import Path
from typing import Any

from crib.errors import CribError
from crib.rules.cards import Card

# the model the coach uses, by key: the Master (its full discard value; its weighted
# expectimax for the play), the same model that grades the game (crib.analysis.coach);
# defined with the analyzers' session, named here for the pages
from crib.session.analyze import COACH_MODEL  # noqa: F401
from crib.ui.kit.cardview import RED as _RED
from crib.ui.kit.cardview import card_chip
from crib.ui.kit.style import var


def card_html(c: Card) -> str:
    """A card as a small coloured chip (the card component's inline form)."""
    return card_chip(c)


def cards_html(cards: Iterable[Card]) -> str:
    return "".join(card_html(c) for c in cards)


def how_computed(*notes: str, lang: str = "en") -> str:
    """The model notes under a "How this was computed" disclosure (its words in ``lang``)."""
    return how_details(
        "".join(f"<p style='margin:4px 0'>{html.escape(n)}</p>" for n in notes if n), lang
    )


def how_details(body_html: str, lang: str = "en") -> str:
    """``body_html`` (tables, notes: already HTML) under a collapsed "How this was
    computed" disclosure (its words in ``lang``); nothing when there is nothing to show."""
    if not body_html:
        return ""
    from crib.i18n import N_, tr

    summary = html.escape(tr(lang)(N_("How this was computed")))
    return (
        f'<details class="crib-how"><summary style="cursor:pointer;color:{var("accent")}">'
        f"{summary}</summary>{body_html}</details>"
    )


def grade_tip(word: str, label_html: str, unit: str = "points", lang: str = "en") -> str:
    """A grade word on a page (``label_html``: its badge, already HTML) with the losses its
    band covers (:func:`crib.analysis.grades.band_range`): the range shows on hover (the
    summary's title) and on a tap, Enter or Space (a ``<details>``: it works by touch and
    keyboard, and a screen reader says it is expandable), issue 37."""
    from crib.analysis.grades import WORDS, band_range, band_tip

    if word not in WORDS:
        return label_html
    tip = html.escape(band_tip(word, unit, lang), quote=True)
    return (
        f'<details class="crib-grade-tip" style="display:inline-block;position:relative">'
        f'<summary title="{tip}" style="display:inline;cursor:help;list-style:none">'
        f"{label_html}</summary>"
        f'<span class="crib-grade-range" role="note">'
        f"{html.escape(band_range(word, unit, lang))}</span></details>"
    )


def ranked_table_html(
    df: Any,
    *,
    table_class: str,
    formats: dict[str, str],
    gradients: list[tuple[str, str]],
    padding: str = "2px 8px",
    bold_best: bool = False,
) -> str:
    """A ranked DataFrame (best first) as a pandas Styler: the best row marked with
    a star, the given columns colour-scaled, one line per row."""
    df = df.copy()
    df.insert(1, "", ["★ best" if i == 0 else "" for i in range(len(df))])
    sty = df.style.hide(axis="index").format(formats)
    for column, cmap in gradients:
        sty = sty.background_gradient(subset=[column], cmap=cmap)
    if bold_best:
        rule = f"2px solid {var('ink-3')}"
        best = f"font-weight:bold; border-top:{rule}; border-bottom:{rule}"
        sty = sty.apply(lambda row: [best if row.name == 0 else "" for _ in row], axis=1)
    props = f"padding:{padding}; font-size:13px; white-space:nowrap"
    sty = sty.set_table_attributes(f'class="{table_class}"').set_table_styles(
        [{"selector": "th, td", "props": props}]
    )
    return sty.to_html()


def error_html(message: str) -> str:
    return (
        f'<div class="crib-error" style="color:{_RED};font-weight:600">'
        f"⚠ {html.escape(message)}</div>"
    )


def info_html(message: str) -> str:
    return f'<div class="crib-info" style="color:{var("muted")}">{html.escape(message)}</div>'


def friendly(status_attr: str = "status") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorate a widget callback so bad input becomes a message, never a traceback.

    Input errors (:class:`~crib.errors.CribError`) show their own message; any
    other exception shows a generic apology, so a bug never prints a traceback
    to the page.  The previous result is left untouched either way.
    """

    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(fn)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            status = getattr(self, status_attr)
            try:
                return fn(self, *args, **kwargs)
            except CribError as e:
                status.value = error_html(str(e))
            except Exception as e:  # noqa: BLE001 - the page must never show a traceback
                status.value = error_html(f"Something went wrong inside crib ({type(e).__name__}).")
            return None

        return wrapper

    return deco


def keep_polling(
    task: asyncio.Task | None,
    step: Callable[[], object],
    seconds: Callable[[], float],
    *,
    until: Callable[[], bool] = lambda: False,
) -> asyncio.Task | None:
    """The task that runs ``step()`` every ``seconds()`` on the kernel's event loop, until
    ``until()``: ``task`` itself while it still runs, else a new one; None outside a
    running loop (as in headless tests).  A failed step does not stop the next one (a
    page's poll of the record must outlive a locked database or a closed comm)."""
    if task is not None and not task.done():
        return task
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None

    async def poll() -> None:
        while not until():
            await asyncio.sleep(seconds())
            with contextlib.suppress(Exception):
                step()

    return loop.create_task(poll())


IDLE_SECONDS = 0.8  # a pause between keys long enough to be thinking, not typing


def when_idle(
    handle: asyncio.TimerHandle | None, work: Callable[[], object], seconds: float = IDLE_SECONDS
) -> asyncio.TimerHandle | None:
    """Run ``work()`` on the kernel's event loop once ``seconds`` pass with no new call:
    ``handle`` (the last call's) is cancelled and the new one returned.  Work that would
    hold up the next key runs in a pause instead (the game's review, prepared as it
    goes).  Outside a running loop (headless tests) ``work()`` runs at once; None.  A
    failure is dropped: such work is redone where it is needed (the game's end)."""
    if handle is not None:
        handle.cancel()
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        work()
        return None

    def run() -> None:
        with contextlib.suppress(Exception):
            work()

    return loop.call_later(seconds, run)


def in_background(
    work: Callable[[], Any], done: Callable[[Any], object], *, process: bool = False
) -> threading.Thread:
    """Run ``work()`` off the page's event loop at the lowest CPU priority, then
    ``done(result)`` (``done(err)`` with the exception if it failed); the started thread.

    For a page's long computation that nobody waits on, such as the coach's review at a
    game's end.  A thread at nice 19 (on Linux a thread's nice value is its own) only
    yields to the other threads of its own scheduling group, and Linux's autogroups put
    every kernel in a group of its own (jupyter starts each kernel in a new session), so
    across kernels the group still takes its equal share.  With ``process``, ``work``
    runs in a forked child that starts a session of its own, that is a new autogroup,
    and sets that group's nice to 19 (``/proc/self/autogroup``, sched(7)): the other
    kernels' work (a classmate's move at another table) comes first.  The result comes
    back pickled through a pipe.  ``fork`` is used on Linux only (``FORK_OK``): Windows
    has none, and on macOS a forked child of a threaded process may crash in the system's
    libraries (Python 3.12 warns of it); there the work runs in the thread, at its nice."""

    def run() -> None:
        with contextlib.suppress(OSError, AttributeError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
        try:
            result = _in_child(work) if process and FORK_OK else work()
        except Exception as err:  # noqa: BLE001 - the page shows what went wrong instead
            result = err
        done(result)

    t = threading.Thread(target=run, name="crib-background", daemon=True)
    t.start()
    return t


CHILD_SECONDS = 300  # a forked child that has not answered by then is killed
# POSIX fork, where it is safe with threads (see in_background): Linux
FORK_OK = hasattr(os, "fork") and sys.platform.startswith("linux")


def _in_child(work: Callable[[], Any]) -> Any:
    """``work()`` computed in a forked child in its own session at the lowest priority."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: compute, write the answer, leave without running any exit hook
        try:
            # the parent's objects are never collected here: a finalizer of theirs (an
            # unreachable sqlite3 connection's) may take a lock that another thread of the
            # parent held at the fork, which no thread here will release (seen: a CI run's
            # review child stuck in sqlite3_free under gc, its page waiting forever)
            gc.freeze()
            os.close(r)
            os.setsid()  # a new session: a new scheduler autogroup
            with contextlib.suppress(OSError):
                Path("/proc/self/autogroup").write_text("19")
            with contextlib.suppress(OSError):
                os.setpriority(os.PRIO_PROCESS, 0, 19)
            try:
                payload = pickle.dumps((True, work()))
            except BaseException as err:  # noqa: BLE001 - said to the parent
                payload = pickle.dumps((False, f"{type(err).__name__}: {err}"))
            with os.fdopen(w, "wb") as f:
                f.write(payload)
        finally:
            os._exit(0)
    os.close(w)
    chunks, deadline, stuck = [], time.monotonic() + CHILD_SECONDS, True
    with os.fdopen(r, "rb") as f:
        while (left := deadline - time.monotonic()) > 0 and select.select([f], [], [], left)[0]:
            if not (chunk := os.read(f.fileno(), 1 << 16)):
                stuck = False  # the child closed its end: it answered, or died
                break
            chunks.append(chunk)
    data = b"".join(chunks)
    if stuck:  # a child stuck (a lock held at the fork): killed, so it holds nothing
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    if stuck:
        raise CribError(f"the background work did not answer within {CHILD_SECONDS} s")
    if not data:
        raise CribError("the background work stopped before it answered")
    ok, value = pickle.loads(data)  # noqa: S301 - our own child's answer through our own pipe
    if not ok:
        raise CribError(value)
    return value


def on_clicks(*pairs: tuple[Any, Callable[[], object]]) -> None:
    """Wire each ``(button, action)``: a click calls ``action()`` (ipywidgets passes the
    button, which no action here needs)."""
    for button, action in pairs:
        button.on_click(lambda _b, act=action: act())
