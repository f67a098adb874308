"""The teacher page's "Puzzle set" panel (issue 40, point 4): give the class session a set
of puzzles, then see who solved what and which puzzles the class found hardest.

The teacher picks a theme (or any), a rating band and a number of puzzles, and gives the
set (:meth:`crib.store.puzzle_sets.PuzzleSetStore.give_set`: the same puzzles in the same
order for everyone, chosen from the session's code).  The students open it on the
puzzles page (:mod:`crib.ui.puzzles.classset`).  The panel then shows a grid, student by
puzzle (solved at the first try, missed, not yet), the puzzles ordered by the class's
solve rate with their rating and themes, and the grid as CSV (formula-safe,
:func:`crib.course.questions.progress.to_csv`).  It follows the session on its own poll,
as the other panels do, and hides in projector mode (it names students).

The teacher page hooks it in with one line: ``PuzzleSetPanel(self)`` reads the page's
``session`` and ``store``.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from crib.analysis.puzzles.themes import THEMES
from crib.analysis.speech import pct
from crib.i18n import N_, tr
from crib.store.puzzle_sets import (
    MAX_SET,
    NoPuzzleSetError,
    NotEnoughPuzzlesError,
    PuzzleSetStore,
    SetResults,
)
from crib.ui.kit.common import error_html, friendly, info_html, keep_polling, on_clicks
from crib.ui.kit.controls import button, sized
from crib.ui.kit.quiz_html import csv_link_html

__all__ = ["PuzzleSetPanel", "grid_html", "hardest_html", "grid_frame"]

HEAD = N_("Puzzle set for the class")
CELLS = {True: N_("solved"), False: N_("not solved"), None: N_("not yet")}
NOT_ENOUGH = N_(
    "Only {found} puzzles fit this theme and rating band, fewer than the {n} asked for: "
    "widen the band, choose another theme or ask for fewer."
)


def _themes(p: Any, lang: str) -> str:
    _ = tr(lang)
    return ", ".join(_(THEMES[t]) for t in p.themes if t in THEMES)


def grid_html(r: SetResults, lang: str = "en") -> str:
    """Student by puzzle: ✔ solved at the first try, ✘ missed, – not yet."""
    _ = tr(lang)
    n = len(r.puzzle_set.puzzle_ids)
    head = "".join(f'<th scope="col">{i + 1}</th>' for i in range(n))
    marks = {True: "✔ ", False: "✘ ", None: ""}
    rows = "".join(
        f'<tr><th scope="row">{html.escape(name)}</th>'
        + "".join(
            f'<td class="crib-set-{"solved" if v else "missed" if v is False else "todo"}">'
            f"{marks[v]}{html.escape(_(CELLS[v]))}</td>"
            for v in r.grid[name]
        )
        + f"<td>{sum(bool(v) for v in r.grid[name])}/{n}</td></tr>"
        for name in r.names
    )
    cap = _("Who solved what: each student's first try at each puzzle")
    who, solved = _("Student"), _("Solved at the first try")
    return (
        f'<table class="crib-frame crib-set-grid"><caption>{html.escape(cap)}</caption>'
        f'<thead><tr><th scope="col">{html.escape(who)}</th>{head}'
        f'<th scope="col">{html.escape(solved)}</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )


def hardest_html(r: SetResults, puzzles: dict[str, Any], lang: str = "en") -> str:
    """The set's puzzles, the one the class solved least often first."""
    _ = tr(lang)
    rows = []
    for i, tried, solved in r.hardest:
        p = puzzles.get(r.puzzle_set.puzzle_ids[i])
        rate = _("not tried yet")
        if tried:
            rate = f"{solved}/{tried} ({pct(solved / tried, lang=lang)})"
        rating = f"{p.rating:.0f}" if p is not None else "–"
        themes = html.escape(_themes(p, lang)) if p is not None else ""
        rows.append(
            f'<tr><th scope="row">{i + 1}</th><td>{html.escape(rate)}</td>'
            f"<td>{rating}</td><td>{themes}</td></tr>"
        )
    cols = (_("Puzzle"), _("Solved at the first try"), _("Rating"), _("Themes"))
    head = "".join(f'<th scope="col">{html.escape(c)}</th>' for c in cols)
    cap = _("Hardest for the class first")
    return (
        f'<table class="crib-frame crib-set-hardest"><caption>{html.escape(cap)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def grid_frame(r: SetResults, lang: str = "en") -> Any:
    """The grid as a DataFrame: one row per student, one column per puzzle."""
    import pandas as pd

    _ = tr(lang)
    cols = [f"{i + 1} ({pid})" for i, pid in enumerate(r.puzzle_set.puzzle_ids)]
    rows = [[name, *(_(CELLS[v]) for v in r.grid[name])] for name in r.names]
    return pd.DataFrame(rows, columns=[_("Student"), *cols])


class PuzzleSetPanel(w.VBox):
    """Give the session a puzzle set and follow it (see the module docstring); ``host``
    is the teacher page (its ``session``, ``store`` and ``projector``)."""

    def __init__(
        self,
        host: Any,
        *,
        lang: str = "en",
        puzzles: Sequence[Any] | None = None,
        refresh_seconds: float = 5.0,
    ) -> None:
        self.host, self.lang = host, lang
        _ = tr(lang)
        self._puzzles = tuple(puzzles) if puzzles is not None else None
        self.refresh_seconds = refresh_seconds
        self._sets: PuzzleSetStore | None = None
        self._drawn: Any = None
        self._task: asyncio.Task | None = None
        self.results: SetResults | None = None
        self._given: float | None = None  # when the set drawn was given
        themes = sorted(THEMES, key=lambda t: _(THEMES[t]).lower())
        self.theme = sized(
            w.Dropdown,
            _("Theme"),
            "crib-set-theme",
            "20em",
            options=[(_("Any theme"), ""), *((_(THEMES[t]), t) for t in themes)],
            value="",
        )
        kw: dict[str, Any] = {"min": 600, "max": 2400, "step": 50, "wide": True}
        self.lo = sized(w.BoundedIntText, _("Rating from"), "crib-set-lo", "14em", value=900, **kw)
        self.hi = sized(w.BoundedIntText, _("to"), "crib-set-hi", "8em", value=1500, **kw)
        self.count = sized(
            w.BoundedIntText,
            _("Puzzles"),
            "crib-set-count",
            "11em",
            wide=True,
            value=10,
            min=1,
            max=MAX_SET,
        )
        self.give_button = button(
            _("Give this set to the class"), "crib-set-give", button_style="primary"
        )
        self.status = w.HTML(_dom_classes=("crib-set-status",))
        # a student on another device (or whose browser lost its profile): the teacher frees
        # the name, and the next device to type it gets it
        self.free_pick = sized(w.Dropdown, _("Student"), "crib-set-free-pick", "20em", options=[])
        self.free_button = button(_("Free this name for another device"), "crib-set-free")
        self.free_row = w.HBox(
            [self.free_pick, self.free_button], layout=w.Layout(flex_flow="row wrap")
        )
        # the set on paper, with its key: the same puzzles in the same order
        self.paper = sized(
            w.Dropdown,
            _("Paper"),
            "crib-set-paper",
            "12em",
            options=[("A4", "a4"), ("US Letter", "letter")],
            value="a4",
        )
        self.print_button = button(_("Print this set + key"), "crib-set-print", icon="print")
        self.print_link = w.HTML(_dom_classes=("crib-set-print-link",))
        self.print_row = w.HBox(
            [self.paper, self.print_button, self.print_link],
            layout=w.Layout(flex_flow="row wrap", display="none"),
        )
        self.paper.observe(lambda _c: setattr(self.print_link, "value", ""), "value")
        self.grid = w.HTML(_dom_classes=("crib-set-grid-box",))
        self.hardest = w.HTML(_dom_classes=("crib-set-hardest-box",))
        self.csv = w.HTML(_dom_classes=("crib-set-csv",))
        on_clicks(
            (self.give_button, self.give),
            (self.free_button, self.free_name),
            (self.print_button, self.print_set),
        )
        super().__init__(
            [
                w.HTML(f"<h4>{html.escape(_(HEAD))}</h4>"),
                w.HBox(
                    [self.theme, self.lo, self.hi, self.count, self.give_button],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                self.status,
                self.print_row,
                self.grid,
                self.csv,
                self.hardest,
                self.free_row,
            ],
            layout=w.Layout(display="none"),
        )
        self.add_class("crib-puzzle-set")
        projector = getattr(host, "projector", None)  # the class screen shows no names
        if projector is not None:
            projector.observe(lambda _c: self._projecting(), "value")
        self.start_polling()

    @property
    def puzzles(self) -> tuple[Any, ...]:
        if self._puzzles is None:
            from crib.analysis.puzzles.model import load_puzzles

            self._puzzles = load_puzzles()
        return self._puzzles

    @property
    def sets(self) -> PuzzleSetStore:
        store = self.host.store
        if self._sets is None or self._sets.path != store.path:
            self._sets = PuzzleSetStore(store.path)
        return self._sets

    @property
    def projecting(self) -> bool:
        return bool(getattr(getattr(self.host, "projector", None), "value", False))

    def _projecting(self) -> None:
        self._drawn = None
        self.refresh()

    @friendly("status")
    def give(self) -> None:
        """Give the session the set the form describes (replacing the one it had)."""
        _ = tr(self.lang)
        s = getattr(self.host, "session", None)
        if s is None:
            self.status.value = error_html(_("Create or open a session first."))
            return
        lo, hi = sorted((int(self.lo.value), int(self.hi.value)))
        try:
            ps = self.sets.give_set(
                s.code, self.puzzles, self.theme.value or None, lo, hi, int(self.count.value)
            )
        except NotEnoughPuzzlesError as e:
            self.status.value = error_html(_(NOT_ENOUGH).format(found=e.found, n=e.n))
            return
        self.status.value = info_html(
            _(
                "Set given: {n} puzzles. The students choose “Class puzzle set” on the Puzzles "
                "page and type the class code {code} and their name."
            ).format(n=len(ps), code=s.code)
        )
        self._drawn = None
        self.refresh()

    @friendly("status")
    def free_name(self) -> None:
        """Free the picked name: the next device to type it opens the set under it."""
        _ = tr(self.lang)
        s, name = getattr(self.host, "session", None), self.free_pick.value
        if s is None or not name:
            return
        if not self.sets.free_name(s.code, name):
            self.status.value = info_html(_("{name} is not held by any device.").format(name=name))
            return
        self.status.value = info_html(
            _("{name} is free: the next device to type it opens the set under it.").format(
                name=name
            )
        )

    @friendly("print_link")
    def print_set(self) -> bytes | None:
        """The session's set as a puzzle sheet with its answer key (PDF, in the page's
        language), offered as a download; returns the PDF."""
        from crib.course.printables import to_pdf
        from crib.course.printables.puzzles import build_puzzles
        from crib.ui.teacher.printables import pages_text, pdf_link_html

        _ = tr(self.lang)
        s = getattr(self.host, "session", None)
        if s is None:
            return None
        ps = self.sets.puzzle_set(s.code)
        shipped = {p.id for p in self.puzzles}  # less any an update withdrew (issue #42)
        ids = [i for i in ps.puzzle_ids if i in shipped]
        doc = build_puzzles(ids=ids, lang=self.lang, paper=self.paper.value)
        data = to_pdf(doc)
        pages = pages_text(len(doc.pages), self.lang)
        name = f"crib-puzzle-set-{s.code}-{self.lang}-{self.paper.value}.pdf"
        label = _("Download the PDF ({pages})").format(pages=pages)
        self.print_link.value = pdf_link_html(data, name, label)
        return data

    def refresh(self) -> bool:
        """Draw the open session's set and results (only when they changed); True if it
        drew."""
        _ = tr(self.lang)
        s = getattr(self.host, "session", None)
        try:
            r = None if s is None else self.sets.results(s.code)
        except NoPuzzleSetError:
            r = None
        key = (
            None if s is None else s.code,
            self.projecting,
            None if r is None else (r.puzzle_set.created, r.names, tuple(r.grid.items())),
        )
        if key == self._drawn:
            return False
        self._drawn, self.results = key, r
        self.layout.display = "none" if s is None or self.projecting else None
        names = () if r is None else r.names
        if tuple(self.free_pick.options) != names:
            keep = self.free_pick.value
            self.free_pick.options = names  # new options pick nothing: the one before, or the first
            self.free_pick.value = keep if keep in names else (names[0] if names else None)
        self.free_row.layout.display = None if names else "none"
        self.print_row.layout.display = "none" if r is None else None
        given = None if r is None else r.puzzle_set.created
        if given != self._given:  # a new set (or none): the old sheet's link goes
            self.print_link.value, self._given = "", given
        if r is None:
            said = _("No puzzle set yet: choose a theme, a rating band and a number of puzzles.")
            self.grid.value, self.hardest.value, self.csv.value = info_html(said), "", ""
            return True
        by_id = {p.id: p for p in self.puzzles}
        if r.names:
            self.grid.value = grid_html(r, self.lang)
            from crib.course.questions.progress import to_csv

            self.csv.value = csv_link_html(
                to_csv(grid_frame(r, self.lang)),
                f"crib-puzzle-set-{r.puzzle_set.code}.csv",
                N_("Download the grid (CSV)"),
                self.lang,
            )
        else:
            said = _("No student has opened the set yet.")
            self.grid.value, self.csv.value = info_html(said), ""
        self.hardest.value = hardest_html(r, by_id, self.lang)
        return True

    def start_polling(self) -> bool:
        """Follow the session on the kernel's event loop (False outside a running loop)."""
        self._task = keep_polling(self._task, self.refresh, lambda: self.refresh_seconds)
        return self._task is not None
