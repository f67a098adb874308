"""Rebuild the compiled pegging kernels when any source they depend on changes.

numba's ``cache=True`` checks only the source file of the function it loads: a
kernel cached from ``jit_levels.py`` that calls :func:`jit_core._step` or the
step rule's twin is loaded unchanged after either changes, and numba freezes
module-level constants such as ``crib.rules.cards.RANK_VALUES`` into the code.
So before the first kernel compiles, :func:`refresh_cache` hashes every source
the kernels depend on (:data:`SOURCES`) and compares the hash with the one
stored beside the cache; on a mismatch it deletes the cached ``jit*`` kernels
of this package, which numba then compiles again, and stores the new hash.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path

__all__ = ["SOURCES", "STAMP", "sources_hash", "refresh", "refresh_cache", "cache_dir"]

_PLAY = Path(__file__).resolve().parent
_RULES = _PLAY.parent.parent / "rules"
# every module whose text can change a compiled kernel: the kernels' own modules and
# the rules they read at compile time (the step rule, card values, constants)
SOURCES = (
    *sorted(p for p in _PLAY.glob("jit*.py") if p.name != "jit_gen.py"),
    _RULES / "step.py",
    _RULES / "cards.py",
    _RULES / "constants.py",
)
STAMP = "crib_jit_sources.sha256"  # the stored hash, in the cache directory


def sources_hash(sources: Iterable[Path]) -> str:
    """One hash of the sources' names and contents, in the order given."""
    h = hashlib.sha256()
    for p in sources:
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def refresh(cache: Path, sources: Iterable[Path], prefix: str = "jit") -> bool:
    """Delete the cached kernels (``prefix*.nbi`` / ``.nbc`` in ``cache``) when the
    sources' hash differs from the stored one, then store it.  True when it deleted."""
    digest = sources_hash(sources)
    stamp = cache / STAMP
    try:
        if stamp.read_text().strip() == digest:
            return False
    except OSError:
        pass  # no stamp yet: treat the cache as stale
    for ext in ("nbi", "nbc"):
        for f in cache.glob(f"{prefix}*.{ext}"):
            with contextlib.suppress(OSError):  # another process removed it first
                f.unlink()
    with contextlib.suppress(OSError):  # a read-only cache: numba cannot write there either
        cache.mkdir(parents=True, exist_ok=True)
        tmp = cache / f"{STAMP}.{os.getpid()}"
        tmp.write_text(digest + "\n")
        tmp.replace(stamp)  # atomic: a parallel import sees the old stamp or the new one
    return True


def cache_dir(func: Callable[..., object]) -> Path:
    """Where numba caches ``func`` (its own locators: ``__pycache__`` beside the source, or
    under ``NUMBA_CACHE_DIR``); ``__pycache__`` beside this module if numba cannot say."""
    try:
        from numba.core.caching import _CacheImpl

        for cls in _CacheImpl._locator_classes:
            loc = cls.from_function(func, func.__code__.co_filename)
            if loc is not None:
                return Path(loc.get_cache_path())
    except Exception:  # a numba without these internals
        pass
    return _PLAY / "__pycache__"


def _probe() -> None:
    """A function of this package for :func:`cache_dir` to locate."""


def refresh_cache() -> bool:
    """:func:`refresh` on the kernels' cache directory (called once, by ``jit_core``)."""
    try:
        return refresh(cache_dir(_probe), SOURCES)
    except OSError:
        return False
