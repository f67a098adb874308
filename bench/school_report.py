"""bench/load_school.py's pure parts: the trainer's widgets a student uses, whether every
answer is stored exactly once, and the side-by-side table (markdown) of the two setups."""

from __future__ import annotations

from collections import Counter
from typing import Any

# the trainer's widgets this student uses, by CSS class; each must name one widget
STUDENT_CLASSES = (
    "crib-join",
    "crib-join-status",
    "crib-join-code",
    "crib-join-name",
    "crib-count-input",
    "crib-check",
    "crib-stats",
    "crib-next",
    "crib-header",
)


def pick_widgets(
    states: dict[str, dict], not_classes: tuple[str, ...] = ("crib-pegpoints-check",)
) -> dict[str, str]:
    """{CSS class: model id} for :data:`STUDENT_CLASSES`, from the page's widget states,
    leaving out widgets with one of ``not_classes``; a class on two widgets is an error.

    class_client.Page keeps the last widget of each class; the trainer's points Check
    button also has ``crib-check`` (crib/ui/trainer/kinds.py), and clicking it does not
    answer a counting question.

    >>> st = {"1": {"state": {"_dom_classes": ["crib-check"]}},
    ...       "2": {"state": {"_dom_classes": ["crib-check", "crib-pegpoints-check"]}}}
    >>> pick_widgets(st)["crib-check"]
    '1'
    """
    out: dict[str, str] = {}
    for mid, st in states.items():
        classes = st.get("state", {}).get("_dom_classes", ())
        if any(c in classes for c in not_classes):
            continue
        for c in classes:
            if c in STUDENT_CLASSES:
                if c in out:
                    raise RuntimeError(f"two widgets of class {c} on the page")
                out[c] = mid
    return out


def exactly_once(
    acked: dict[tuple[str, str], int],
    sent: dict[tuple[str, str], int],
    rows: list[tuple[str, str, int, str]],
) -> dict:
    """Whether every answer is in the record once: ``rows`` (session code, student,
    question, token) against the answers each client (code, student) ``sent`` and had
    ``acked`` (the kernel's "answered k of" shown).

    >>> k = ("C1", "Ann")
    >>> r = exactly_once({k: 2}, {k: 2}, [("C1", "Ann", 0, "t1"), ("C1", "Ann", 1, "t2")])
    >>> r["exactly_once"]
    True
    >>> r = exactly_once({k: 2}, {k: 2}, [("C1", "Ann", 0, "t1"), ("C1", "Ann", 0, "t2")])
    >>> r["exactly_once"], r["duplicates_by_student_question"]
    (False, 1)
    """
    per = Counter((c, s) for c, s, _q, _t in rows)
    by_q = Counter((c, s, q) for c, s, q, _t in rows)
    out = {
        "answers_sent": sum(sent.values()),
        "answers_acknowledged": sum(acked.values()),
        "rows_in_record": len(rows),
        "duplicates_by_student_question": sum(n > 1 for n in by_q.values()),
        "duplicate_tokens": len(rows) - len({t for *_x, t in rows}),
        "acknowledged_not_stored": sum(max(0, n - per[key]) for key, n in acked.items()),
        "stored_not_sent": sum(max(0, n - sent.get(key, 0)) for key, n in per.items()),
    }
    out["exactly_once"] = not any(
        out[k]
        for k in (
            "duplicates_by_student_question",
            "duplicate_tokens",
            "acknowledged_not_stored",
            "stored_not_sent",
        )
    )
    return out


def _get(d: Any, path: str) -> Any:
    for k in path.split("."):
        if not isinstance(d, dict) or k not in d:
            return None
        d = d[k]
    return d


def _s(d: dict, path: str, unit: str = " s") -> str:
    """'median / p95 / max' of a summary at ``path``.

    >>> _s({"x": {"median": 0.1234, "p95": 0.2, "max": 1.5}}, "x")
    '0.123 / 0.200 / 1.500 s'
    >>> _s({}, "x")
    '-'
    """
    v = _get(d, path)
    if not v or "median" not in v:
        return "-"
    return f"{v['median']:.3f} / {v['p95']:.3f} / {v['max']:.3f}{unit}"


ROWS: list[tuple[str, str, Any]] = [
    ("**Classes**", "", None),
    (
        "starts whose preheating stalled",
        "classes",
        lambda c: (
            f"{len(c.get('start_stalled_before', []))}"
            if "not_run" not in c
            else f"not run: {len(c['not_run'])}"
        ),
    ),
    (
        "students interactive",
        "classes",
        lambda c: f"{c['students_interactive']} of {c['students']}",
    ),
    (
        "students per server",
        "classes",
        lambda c: ", ".join(f"s{k}: {n}" for k, n in c["students_per_server"].items()),
    ),
    (
        "time to interactive, median / p95 / max",
        "classes",
        lambda c: _s(c, "time_to_interactive_s"),
    ),
    ("answer latency, median / p95 / max", "classes", lambda c: _s(c, "answer_latency_s")),
    (
        "answers acknowledged / rows stored",
        "classes",
        lambda c: f"{c['stored']['answers_acknowledged']} / {c['stored']['rows_in_record']}",
    ),
    (
        "every answer stored exactly once",
        "classes",
        lambda c: "yes" if c["stored"]["exactly_once"] else "**no**",
    ),
    ("kernels at the peak", "classes", lambda c: str(c["memory_peak"]["kernels"])),
    (
        "PSS / RSS per kernel (mean at the peak)",
        "classes",
        lambda c: (
            f"{c['memory_peak']['kernel_pss_mib_mean']:.0f} / "
            f"{c['memory_peak']['kernel_rss_mib_mean']:.0f} MiB"
        ),
    ),
    (
        "PSS in total at the peak (all processes)",
        "classes",
        lambda c: f"{c['memory_peak']['total_pss_mib']:,.0f} MiB",
    ),
    (
        "PostgreSQL client connections, idle / peak",
        "classes",
        lambda c: (
            f"{c['before_load']['pg_connections']['client']} / {c['pg_connections_peak']['client']}"
            if "pg_connections_peak" in c
            else "-"
        ),
    ),
    (
        "CPU s in the load: kernels / servers / nginx / PostgreSQL",
        "classes",
        lambda c: " / ".join(
            f"{c['cpu_s_by_kind'].get(k, 0):.1f}" for k in ("kernel", "server", "nginx", "postgres")
        ),
    ),
    (
        "PostgreSQL transactions per s",
        "classes",
        lambda c: f"{c['pg_transactions_per_s']:.0f}" if "pg_transactions_per_s" in c else "-",
    ),
    (
        "load average (1 min), mean / max",
        "classes",
        lambda c: f"{c['loadavg_1min']['mean']} / {c['loadavg_1min']['max']}",
    ),
    ("start until quiet", "classes", lambda c: f"{c['startup_until_quiet_s']:.0f} s"),
    ("**Games**", "", None),
    (
        "starts whose preheating stalled",
        "games",
        lambda g: (
            f"{len(g.get('start_stalled_before', []))}"
            if "not_run" not in g
            else f"not run: {len(g['not_run'])}"
        ),
    ),
    (
        "tables playing / split across servers",
        "games",
        lambda g: f"{g['tables_played']} of {g['tables']} / {g['tables_split_across_servers']}",
    ),
    ("moves clicked", "games", lambda g: str(g["moves_clicked"])),
    (
        "move latency (click to the other page), median / p95 / max",
        "games",
        lambda g: _s(g, "move_latency_s"),
    ),
    ("click to own page, median / p95 / max", "games", lambda g: _s(g, "click_to_own_page_s")),
    ("kernels at the peak", "games", lambda g: str(g["memory_peak"]["kernels"])),
    (
        "PSS / RSS per kernel (mean at the peak)",
        "games",
        lambda g: (
            f"{g['memory_peak']['kernel_pss_mib_mean']:.0f} / "
            f"{g['memory_peak']['kernel_rss_mib_mean']:.0f} MiB"
        ),
    ),
    (
        "PSS in total at the peak (all processes)",
        "games",
        lambda g: f"{g['memory_peak']['total_pss_mib']:,.0f} MiB",
    ),
    (
        "PostgreSQL client connections, idle / peak",
        "games",
        lambda g: (
            f"{g['before_load']['pg_connections']['client']} / {g['pg_connections_peak']['client']}"
            if "pg_connections_peak" in g
            else "-"
        ),
    ),
    (
        "CPU s in the load: kernels / servers / nginx / PostgreSQL",
        "games",
        lambda g: " / ".join(
            f"{g['cpu_s_by_kind'].get(k, 0):.1f}" for k in ("kernel", "server", "nginx", "postgres")
        ),
    ),
    (
        "PostgreSQL transactions per s",
        "games",
        lambda g: f"{g['pg_transactions_per_s']:.0f}" if "pg_transactions_per_s" in g else "-",
    ),
    (
        "load average (1 min), mean / max",
        "games",
        lambda g: f"{g['loadavg_1min']['mean']} / {g['loadavg_1min']['max']}",
    ),
]


def side_by_side(result: dict) -> str:
    """A markdown table: one row per figure, one column per setup (A, B) in ``result``.

    >>> c = {"students_interactive": 2, "students": 2, "students_per_server": {"1": 1, "2": 1}}
    >>> print(side_by_side({"A": {"classes": c}, "B": {}}).splitlines()[3])
    | students interactive | 2 of 2 | - |
    """
    setups = [s for s in ("A", "B") if s in result]
    head = "| | " + " | ".join(f"{s}: {_get(result, s + '.what') or s}" for s in setups) + " |"
    lines = [head, "| --- |" + " --- |" * len(setups)]
    for label, phase, fn in ROWS:
        if fn is None:
            lines.append(f"| {label} |" + " |" * len(setups))
            continue
        cells = []
        for s in setups:
            d = _get(result, f"{s}.{phase}")
            try:
                cells.append(fn(d) if d else "-")
            except (KeyError, TypeError):
                cells.append("-")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)
