"""A forked kernel's start reads the warm parent's module table from a packed copy (issue 41).

Two steps of a kernel's start read every loaded module:

- ipykernel's ``IPythonKernel.__init__`` lists the ``__file__`` of every module in
  ``sys.modules`` (its debugger's "kernel modules", ipykernel 7);
- IPython's ``InteractiveShellApp.init_code`` keeps the set of their names
  (``shell._sys_modules_keys``: ``%reset -f --aggressive`` removes what was imported after).

In a kernel forked from the warm parent, that is some 1,850 modules the parent imported.  Each
read writes the reference count of a module object, its name or its file: objects scattered
over the parent's memory, so the kernel copied a page for most of them.  Measured with
``/proc/PID/smaps`` on one forked kernel: 10.6 MiB of private memory for the first read,
3 MiB for the second, of the 26.5 MiB a kernel had once started.

:class:`ModuleSnapshot` is taken in the parent just before it freezes its objects: the names
and files as a few long strings, packed.  In the kernel, :func:`seen_from_the_parent` gives the
two readers' modules a ``sys`` whose ``modules`` answers ``copy()`` and ``keys()`` from the
snapshot plus the modules imported since (the newest entries of ``sys.modules``: a dict keeps
its order), while the kernel starts; everything else goes to the real ``sys``.  If a parent's
module was removed meanwhile, the real ``sys.modules`` is read, as before.
"""

from __future__ import annotations

import contextlib
import sys
import types
from collections.abc import Iterator, Mapping
from typing import Any

# the modules whose ``sys`` is swapped while a kernel starts: the two readers above
READERS = ("ipykernel.ipkernel", "IPython.core.shellapp")
SEP = "\0"  # in neither a module's name nor a path


class ModuleSnapshot:
    """A module table's names, and the files of those that have one, as packed strings."""

    def __init__(self, modules: Mapping[str, Any] | None = None) -> None:
        mods = sys.modules if modules is None else modules
        self.count = len(mods)
        self.last = next(reversed(mods), None)  # the key object itself: see :meth:`since`
        names: list[str] = []
        files: list[str] = []
        self.exact = True
        for name, module in mods.items():
            f = getattr(module, "__file__", None)
            if f:
                if not isinstance(f, str) or SEP in f:
                    self.exact = False  # a file the packing cannot hold: read the table
                    continue
                names.append(name)
                files.append(f)
        self.names = SEP.join(mods)
        self.file_names = SEP.join(names)
        self.files = SEP.join(files)

    def since(self, modules: Mapping[str, Any]) -> list[str] | None:
        """The names added to ``modules`` since the snapshot, oldest first, reading only
        those; None when the snapshot no longer describes the start of ``modules`` (a module
        of it removed, or the snapshot inexact), so the caller reads ``modules`` itself."""
        if not self.exact or self.last is None:
            return None
        new: list[str] = []
        try:
            for name in reversed(modules):  # type: ignore[call-overload]
                if name is self.last:  # the same object: never removed since
                    break
                new.append(name)
            else:
                return None
        except RuntimeError:  # another thread imported meanwhile ("changed size")
            return None
        if len(modules) - len(new) != self.count:  # one before it was removed
            return None
        new.reverse()
        return new

    def keys(self, modules: Mapping[str, Any]) -> list[str]:
        """The names in ``modules``, as ``list(modules.keys())``."""
        new = self.since(modules)
        if new is None:
            return list(modules.keys())
        return [*self.names.split(SEP), *new] if self.names else new

    def with_files(self, modules: Mapping[str, Any]) -> dict[str, Any]:
        """Each module of ``modules`` that has a file, by name: for the snapshot's, an object
        with only its ``__file__``."""
        new = self.since(modules)
        if new is None:
            return {n: m for n, m in modules.copy().items() if getattr(m, "__file__", None)}
        out: dict[str, Any] = {}
        if self.file_names:
            for name, f in zip(self.file_names.split(SEP), self.files.split(SEP), strict=True):
                out[name] = types.SimpleNamespace(__file__=f)
        for name in new:
            module = modules[name]
            if getattr(module, "__file__", None):
                out[name] = module
        return out


class _Modules:
    """``sys.modules`` for the readers: ``copy()`` and ``keys()`` from the snapshot."""

    def __init__(self, snapshot: ModuleSnapshot) -> None:
        self._snapshot = snapshot

    def copy(self) -> dict[str, Any]:
        return self._snapshot.with_files(sys.modules)

    def keys(self) -> list[str]:
        return self._snapshot.keys(sys.modules)

    def __getattr__(self, name: str) -> Any:
        return getattr(sys.modules, name)

    def __getitem__(self, name: str) -> Any:
        return sys.modules[name]

    def __contains__(self, name: object) -> bool:
        return name in sys.modules

    def __iter__(self) -> Iterator[str]:
        return iter(sys.modules)

    def __len__(self) -> int:
        return len(sys.modules)


class _Sys:
    """The real ``sys`` for every name but ``modules``, reads and writes."""

    def __init__(self, modules: _Modules) -> None:
        object.__setattr__(self, "modules", modules)

    def __getattr__(self, name: str) -> Any:
        return getattr(sys, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(sys, name, value)


@contextlib.contextmanager
def seen_from_the_parent(snapshot: ModuleSnapshot) -> Iterator[None]:
    """While the kernel starts: :data:`READERS` read ``sys.modules`` through ``snapshot``."""
    view = _Sys(_Modules(snapshot))
    swapped = []
    for name in READERS:
        module = sys.modules.get(name)
        if module is not None and getattr(module, "sys", None) is sys:
            module.sys = view  # type: ignore[attr-defined]
            swapped.append(module)
    try:
        yield
    finally:
        for module in swapped:
            module.sys = sys  # type: ignore[attr-defined]
