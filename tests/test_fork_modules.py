"""The module table a forked kernel's start reads from the warm parent's packed copy."""

from __future__ import annotations

import sys
import types

from crib.tools import fork_modules
from crib.tools.fork_modules import ModuleSnapshot, seen_from_the_parent


def _module(name: str, file: str | None) -> types.ModuleType:
    m = types.ModuleType(name)
    if file is not None:
        m.__file__ = file
    return m


def _table() -> dict[str, types.ModuleType]:
    return {
        "a": _module("a", "/x/a.py"),
        "b": _module("b", None),  # built in: no file
        "c": _module("c", "/x/c/__init__.py"),
        "d": _module("d", ""),  # a file that is empty: ipykernel skips it too
    }


def _plain_files(modules: dict) -> set[str]:
    """What ipykernel computes: every module's file, if it has one."""
    return {m.__file__ for m in modules.copy().values() if hasattr(m, "__file__") and m.__file__}


def _files(table: dict) -> set[str]:
    return {m.__file__ for m in table.values()}


def test_the_snapshot_and_what_was_imported_since_give_the_plain_answers() -> None:
    modules = _table()
    snap = ModuleSnapshot(modules)
    assert snap.since(modules) == []
    modules["e"] = _module("e", "/x/e.py")
    modules["f"] = _module("f", None)
    assert snap.since(modules) == ["e", "f"]
    assert snap.keys(modules) == list(modules.keys())
    got = snap.with_files(modules)
    assert _files(got) == _plain_files(modules) == {"/x/a.py", "/x/c/__init__.py", "/x/e.py"}
    assert got["e"] is modules["e"]  # a module imported since is itself
    assert sorted(got) == ["a", "c", "e"]


def test_a_module_removed_since_the_snapshot_sends_the_reader_to_the_table() -> None:
    for removed in ("a", "d"):  # one before the last, and the last
        modules = _table()
        snap = ModuleSnapshot(modules)
        del modules[removed]
        modules["e"] = _module("e", "/x/e.py")
        assert snap.since(modules) is None
        assert snap.keys(modules) == list(modules.keys())
        assert _files(snap.with_files(modules)) == _plain_files(modules)
    modules = _table()
    snap = ModuleSnapshot(modules)
    last = modules.pop("d")
    modules["e"] = _module("e", "/x/e.py")
    modules["d"] = last  # the last removed and imported again, after a new one
    assert snap.since(modules) is None
    assert _files(snap.with_files(modules)) == _plain_files(modules)


def test_a_file_the_packing_cannot_hold_sends_the_reader_to_the_table() -> None:
    modules = _table()
    modules["odd"] = _module("odd", "/x/o\0dd.py")
    snap = ModuleSnapshot(modules)
    assert not snap.exact and snap.since(modules) is None
    assert _files(snap.with_files(modules)) == _plain_files(modules)


def test_while_a_kernel_starts_the_readers_see_the_snapshot_and_then_sys_again() -> None:
    import ipykernel.ipkernel as ipkernel
    import IPython.core.shellapp as shellapp

    snap = ModuleSnapshot()
    extra = "crib_test_fork_modules_extra"
    try:
        sys.modules[extra] = _module(extra, "/nowhere/extra.py")
        with seen_from_the_parent(snap):
            for reader in (ipkernel, shellapp):
                assert reader.sys is not sys
                assert reader.sys.version == sys.version  # the rest is the real sys
                assert set(reader.sys.modules.keys()) == set(sys.modules.keys())
                got = reader.sys.modules.copy()
                assert _files(got) == _plain_files(sys.modules)
                assert got[extra] is sys.modules[extra]
                assert extra in reader.sys.modules and len(reader.sys.modules) == len(sys.modules)
            shellapp.sys.crib_test_attr = 1  # a write reaches the real sys
            assert sys.crib_test_attr == 1  # type: ignore[attr-defined]
        assert ipkernel.sys is sys and shellapp.sys is sys
    finally:
        sys.modules.pop(extra, None)
        if hasattr(sys, "crib_test_attr"):
            del sys.crib_test_attr  # type: ignore[attr-defined]
    assert fork_modules.READERS == ("ipykernel.ipkernel", "IPython.core.shellapp")


def test_the_readers_still_read_the_table_as_the_snapshot_expects() -> None:
    """If ipykernel or IPython read ``sys.modules`` differently, the snapshot would answer
    wrongly: the lines it stands in for are checked in their source."""
    import inspect

    import ipykernel.ipkernel as ipkernel
    import IPython.core.shellapp as shellapp

    src = inspect.getsource(ipkernel)
    assert src.count("sys.modules") == 1
    assert 'm.__file__ for m in sys.modules.copy().values() if hasattr(m, "__file__")' in src
    src = inspect.getsource(shellapp)
    assert src.count("sys.modules") == 1
    assert "self.shell._sys_modules_keys = set(sys.modules.keys())" in src


class _Growing(dict):
    """A table that another thread adds to while it is read (as ``sys.modules`` can be)."""

    def __reversed__(self):  # type: ignore[override]
        for i, name in enumerate(list(super().__reversed__())):
            if i == 1:
                raise RuntimeError("dictionary changed size during iteration")
            yield name


def test_a_table_changed_while_it_is_read_sends_the_reader_to_the_table() -> None:
    modules = _table()
    snap = ModuleSnapshot(modules)
    growing = _Growing(modules)
    growing["e"] = _module("e", "/x/e.py")
    growing["f"] = _module("f", "/x/f.py")
    assert snap.since(growing) is None
    assert _files(snap.with_files(growing)) == _plain_files(growing)
