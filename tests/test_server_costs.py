"""crib.tools.server_costs: the server's shortcuts give what the slow paths gave."""

from __future__ import annotations

import itertools
import logging
import subprocess
import sys

from dateutil.parser import isoparse

from crib.tools import server_costs
from crib.tools.server_costs import MemoryBytecodeCache, parse_iso, quiet_debug


def test_parse_iso_equals_dateutil_on_every_form_jupyter_reads() -> None:
    """Every form jupyter_client's ISO8601_PAT accepts: fractions of 0 to 6 digits, no
    zone, Z, and offsets with and without the colon."""
    from jupyter_client.jsonutil import ISO8601_PAT

    fractions = ["", *(("." + "123456"[:n]) for n in range(1, 7)), ".000001", ".9"]
    zones = ["", "Z", "+00:00", "-05:30", "+0130", "-1200", "+14:00"]
    days = ["2026-12-05T02:41:45", "1999-01-01T00:00:00", "2024-02-29T23:59:59"]
    n = 0
    for day, frac, zone in itertools.product(days, fractions, zones):
        s = f"{day}{frac}{zone}"
        assert ISO8601_PAT.match(s), s
        a, b = parse_iso(s), isoparse(s)
        assert (
            a == b
            and a.utcoffset() == b.utcoffset()
            and a.tzinfo is not None
            or (a.tzinfo is None and b.tzinfo is None)
        ), s
        n += 1
    assert n == len(days) * len(fractions) * len(zones)


def test_jupyter_client_parses_message_dates_with_it() -> None:
    from jupyter_client import jsonutil

    server_costs.install()
    server_costs.install()  # twice: the same
    assert jsonutil._dateutil_parse is parse_iso
    header = {"date": "2026-12-05T02:41:45.123456Z", "msg_id": "x", "n": ["2026-01-01T00:00:00Z"]}
    out = jsonutil.extract_dates(header)
    assert out["date"] == isoparse("2026-12-05T02:41:45.123456Z") and out["msg_id"] == "x"
    assert out["n"] == [isoparse("2026-01-01T00:00:00Z")]


def test_the_templates_compile_once_for_every_exporter() -> None:
    """Two exporters (two kernels' pages): the second loads the first's compiled code and
    renders the same page."""
    import nbformat
    from nbconvert.exporters import HTMLExporter

    cache = MemoryBytecodeCache()
    server_costs.install(cache)  # the class is patched once; this cache for new ones
    from nbconvert.exporters.templateexporter import TemplateExporter

    make = TemplateExporter._create_environment
    assert getattr(make, "crib_cached", False)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("Fifteen two")])
    first = HTMLExporter(template_name="lab")
    first.environment.bytecode_cache = cache
    html1, _ = first.from_notebook_node(nb)
    stores = cache.stores
    assert stores > 0 and cache.hits == 0
    second = HTMLExporter(template_name="lab")
    assert second.environment is not first.environment
    second.environment.bytecode_cache = cache
    html2, _ = second.from_notebook_node(nb)
    assert cache.hits >= stores and cache.stores == stores  # loaded, nothing compiled again
    assert "Fifteen two" in html2 and len(html1) == len(html2)


def test_quiet_debug_makes_no_record_the_handler_drops() -> None:
    log = logging.getLogger("crib-test-quiet")
    log.setLevel(logging.DEBUG)
    log.propagate = False  # (pytest's capture handler takes everything)
    seen: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record)

    made: list[str] = []
    h = Keep(level=logging.INFO)
    log.addHandler(h)
    old = logging.getLogRecordFactory()
    logging.setLogRecordFactory(lambda *a, **k: made.append(a[4]) or old(*a, **k))
    try:
        log.debug("dropped")
        assert made == ["dropped"] and seen == []  # made, then dropped
        quiet_debug(log)
        log.debug("not made")
        log.info("kept")
        assert made == ["dropped", "kept"] and [r.msg for r in seen] == ["kept"]
    finally:
        logging.setLogRecordFactory(old)
        log.removeHandler(h)


def test_the_server_does_not_import_the_grammar_library() -> None:
    code = (
        "import sys; import crib.tools.serve; "
        "print(sys.modules.get('rfc3987_syntax') is None, 'lark' in sys.modules, "
        "'voila.app' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "False", "True"], out.stdout + out.stderr


def test_the_server_raises_its_limit_of_open_files() -> None:
    """A server started under a desktop's soft limit of 1,024 open files gets the hard
    limit (or OPEN_FILES), in a process of its own, as crib serve's install() does."""
    code = (
        "import resource\n"
        "from crib.tools.server_costs import OPEN_FILES, more_open_files\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))\n"
        "want = OPEN_FILES if hard == resource.RLIM_INFINITY else min(OPEN_FILES, hard)\n"
        "assert more_open_files() == (1024, want), (more_open_files(), want)\n"
        "assert resource.getrlimit(resource.RLIMIT_NOFILE) == (want, hard)\n"
        "assert more_open_files() == (want, want)  # twice: no change\n"
        "print('ok', want)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.startswith("ok"), out.stderr


def test_the_servers_imported_objects_are_left_out_of_full_collections() -> None:
    """freeze_startup moves what the server imported to the permanent generation (a full
    collection no longer walks it); crib serve calls it before Voila starts."""
    import inspect
    import subprocess
    import sys

    from crib.tools import serve

    code = (
        "import gc, voila.app; from crib.tools import server_costs\n"
        "before = gc.get_freeze_count(); server_costs.freeze_startup()\n"
        "print(before, gc.get_freeze_count(), len(gc.get_objects(2)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    before, frozen, left = map(int, out.stdout.split())
    assert before == 0 and frozen > 100_000 and left < 1_000, (before, frozen, left)
    src = inspect.getsource(serve.main)
    assert src.index("freeze_startup()") < src.rindex("launch_instance")
