"""Costs of the page server's one thread, cut: a grammar library it imports for nothing,
a compile of the page templates for every kernel, debug records made to be dropped, and
a slow date parser run on every kernel message.

**The import.** Importing this module keeps ``rfc3987_syntax`` out of the server.
jsonschema imports it, when it is installed, to check the "iri" string format; at import
it builds 38 Lark grammars.  Measured here: importing ``voila.app`` took 1.96 CPU-s,
and 0.61 without it, on the server's thread before any kernel starts.  No schema the
server checks uses that format (jupyter_events' event schemas), and jsonschema skips a
format whose checker is missing (``with suppress(ImportError)`` in ``jsonschema._format``).
Import this module before Voila (``crib.tools.serve`` does).

**The templates.** Voila renders each page with a new nbconvert exporter, and each
exporter builds its own Jinja environment, so every pooled kernel compiled the same 14
templates again: measured with cProfile while ``crib serve --class-size 30`` warmed its
41 kernels, 560 template compiles took 14 of the server's 55 profiled seconds, on its
one thread. :func:`install` gives every exporter's environment :data:`CACHE`, a Jinja
bytecode cache kept in memory: a template's source is compiled once, and each later
environment loads its code. Jinja keys a cached template by its name and the checksum of
its source, so an edited template is compiled again (see Jinja's "Bytecode Cache"
documentation:
https://jinja.palletsprojects.com/en/stable/api/#bytecode-cache).

**Debug records.** traitlets sets the application's logger to DEBUG and filters at its
handler (``log_level``, INFO), so every ``log.debug`` builds a record to be dropped:
15,668 of them while a class warmed, 8,284 from jupyter_server's activity watch of every
kernel message.  :func:`quiet_debug` sets the logger to its handlers' lowest level.

**Dates.** jupyter_client parses the dates in every message's headers with dateutil's
pure-Python ``isoparse``, twice per message in the server (the activity watch and the
page's run).  :func:`install` gives it :func:`parse_iso`, Python's ``fromisoformat``
(C), falling back to dateutil for anything it reads differently; a test checks the two
agree on every form jupyter_client's pattern accepts.

**Open files.** A warm kernel holds about 7 of the server's descriptors (100 for 14 warm
kernels, measured: its channels' sockets, eventfds, a forked kernel's pidfd and report
socket), a page's connection more, and a closed page's kernel may live on until it is
culled: the test suite's shared server passed 1,023 (tests/test_fork_kernels.py).  A
desktop session's default soft limit is often 1,024, beyond which every new socket fails
("Too many open files").  :func:`install` raises the soft limit to the hard one (at most
:data:`OPEN_FILES`), as a server may without privileges.
"""

from __future__ import annotations

import datetime as dt
import gc
import logging
import sys
import threading
from typing import Any

from dateutil.parser import isoparse
from jinja2.bccache import Bucket, BytecodeCache

__all__ = [
    "CACHE",
    "OPEN_FILES",
    "MemoryBytecodeCache",
    "install",
    "freeze_startup",
    "more_open_files",
    "parse_iso",
    "quiet_debug",
]

sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]  # see above


class MemoryBytecodeCache(BytecodeCache):
    """Jinja bytecode kept in this process's memory, shared by every environment.

    >>> from jinja2 import DictLoader, Environment
    >>> cache = MemoryBytecodeCache()
    >>> for _ in range(2):
    ...     env = Environment(loader=DictLoader({"t": "{{ 6 * 7 }}"}), bytecode_cache=cache)
    ...     env.get_template("t").render()
    '42'
    '42'
    >>> cache.stores, cache.hits
    (1, 1)
    """

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}
        self._lock = threading.Lock()
        self.stores = self.hits = 0

    def load_bytecode(self, bucket: Bucket) -> None:
        with self._lock:
            data = self._code.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)  # checks the source's checksum, else empty
            self.hits += bucket.code is not None

    def dump_bytecode(self, bucket: Bucket) -> None:
        data = bucket.bytecode_to_string()
        with self._lock:
            self._code[bucket.key] = data
            self.stores += 1

    def clear(self) -> None:
        with self._lock:
            self._code.clear()


CACHE = MemoryBytecodeCache()


def parse_iso(s: str) -> dt.datetime:
    """dateutil's ``isoparse`` for the timestamps Jupyter writes, in C when it can.

    >>> parse_iso("2026-12-05T02:41:45.123456Z") == isoparse("2026-12-05T02:41:45.123456Z")
    True
    """
    try:
        return dt.datetime.fromisoformat(s)
    except ValueError:
        return isoparse(s)


def quiet_debug(log: logging.Logger) -> None:
    """Let ``log`` make no record its handlers would drop (see the module docstring)."""
    levels = [h.level for h in log.handlers]
    if levels and log.level < min(levels):
        log.setLevel(min(levels))


OPEN_FILES = 65536  # the soft limit of open files the server asks for (within the hard one)


def more_open_files(want: int = OPEN_FILES) -> tuple[int, int]:
    """Raise this process's soft limit of open files to ``want``, or to the hard limit if
    that is lower; (the soft limit before, after).  No change where there is no such limit
    (Windows) or it cannot be raised."""
    try:
        import resource
    except ImportError:
        return 0, 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    new = want if hard == resource.RLIM_INFINITY else min(want, hard)
    if soft == resource.RLIM_INFINITY or soft >= new:
        return soft, soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
    except (ValueError, OSError):
        return soft, soft
    return soft, new


def install(cache: BytecodeCache = CACHE) -> None:
    """Give every nbconvert exporter's Jinja environment ``cache`` (Voila's included), and
    jupyter_client :func:`parse_iso`; raise the limit of open files
    (:func:`more_open_files`); installing twice changes nothing."""
    from jupyter_client import jsonutil

    more_open_files()
    from nbconvert.exporters.templateexporter import TemplateExporter

    jsonutil._dateutil_parse = parse_iso  # type: ignore[assignment]

    make = TemplateExporter._create_environment
    if getattr(make, "crib_cached", False):
        return

    def _create_environment(self: Any) -> Any:
        env = make(self)
        env.bytecode_cache = cache
        return env

    _create_environment.crib_cached = True  # type: ignore[attr-defined]
    TemplateExporter._create_environment = _create_environment  # type: ignore[method-assign]


def freeze_startup() -> None:
    """Move every object made so far to the collector's permanent generation
    (``gc.freeze()``): the modules the server imported (Voila, Jupyter's server, nbconvert,
    Jinja, crib's own), which live as long as it does.  A full collection then no longer
    walks them: while a class of 30 warmed, the server spent 2.4 of its 10 CPU-s in the
    collector, 6 full collections of up to 0.74 s each (gc.callbacks)."""
    gc.freeze()
